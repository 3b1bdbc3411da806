//! A move step: make a move that reaches the step's goal (typed, or on the tap board).

use shakmaty::{Chess, Color, Position};

use crate::content::Catalog;
use crate::content::lesson::{Lesson, MoveTask as MoveStep, Step};
use crate::render::overlay::{Overlay, move_squares};
use crate::render::{ArrowKind, BoardView, MarkKind};
use crate::rules::{self, Verdict, text::verdict_text};
use crate::tutor::activity::TaskBoard;
use crate::tutor::callback::Action;
use crate::tutor::cx::Cx;
use crate::tutor::reply::{Button, Reply};
use crate::tutor::state::LessonState;
use crate::tutor::words::{self, Say};

use super::page::{Outcome, heading, miss, scene_view, task_buttons};

/// Illegal attempts of one rule after which its practice step is offered.
const ERRORS_FOR_REVIEW: u32 = 3;

/// The step's board as the tap board and the first picture show it.
pub(super) fn board(cx: &Cx<'_>, lesson: &Lesson, step: &Step, task: &MoveStep) -> TaskBoard {
    let lang = cx.lang();
    let side = words::side_to_move(lang, task.position.turn() == Color::White);
    TaskBoard {
        pos: task.position.clone(),
        view: scene_view(&task.scene),
        caption: format!(
            "{}\n\n{}{}",
            heading(cx, lesson, step),
            task.text.get(lang),
            words::aside(lang, &side)
        ),
        buttons: vec![task_buttons(cx, true)],
    }
}

/// Judges a move (already read by the referee) for the step.
pub(super) fn judge(
    state: &mut LessonState,
    cx: &mut Cx<'_>,
    task: &MoveStep,
    verdict: &Verdict,
    input: &str,
) -> Outcome {
    let pos: &Chess = &task.position;
    let lang = cx.lang();
    match verdict {
        Verdict::Legal(info) => {
            let mut after = pos.clone();
            after.play_unchecked(info.mv);
            let mut view = BoardView::from_position(&after).with_orientation(pos.turn());
            if let Some((from, to)) = move_squares(&info.mv) {
                view = view.with_last_move(from, to);
            }
            if task.goal.is_met(pos, info.mv, &after) {
                let msg = words::then(
                    lang,
                    &words::right(lang),
                    &rules::text::legal_text(pos, info, lang),
                );
                cx.reply(Reply::board(view, msg));
                Outcome::Done
            } else {
                let mut msg = words::then(
                    lang,
                    &words::legal_but_missed(lang),
                    &rules::text::legal_text(pos, info, lang),
                );
                miss(state, &mut msg, task.hint.get(lang), task.why.get(lang));
                cx.reply(Reply::board(view, msg));
                Outcome::Stay
            }
        }
        Verdict::Illegal(reason) => {
            let mut msg = verdict_text(pos, verdict, input, lang);
            let code = reason.code();
            cx.count_rule_error(code);
            miss(state, &mut msg, task.hint.get(lang), task.why.get(lang));
            let view = BoardView::from_position(pos)
                .with_orientation(pos.turn())
                .with_overlay(Overlay::for_reason(reason));
            let mut reply = Reply::board(view, msg);
            if let Some(row) = review_offer(cx, code, state.index(cx.catalog)) {
                reply = reply.with_row(row);
            }
            cx.reply(reply);
            Outcome::Stay
        }
        Verdict::Ambiguous { .. } | Verdict::Unreadable => {
            let msg = verdict_text(pos, verdict, input, lang);
            cx.reply(Reply::text(msg));
            Outcome::Stay
        }
    }
}

/// After repeated illegal attempts of one rule, offer the step that practises it (once).
fn review_offer(cx: &mut Cx<'_>, code: &str, current: usize) -> Option<Vec<Button>> {
    let count = *cx.session.progress.rule_errors.get(code)?;
    if count < ERRORS_FOR_REVIEW || cx.session.progress.reviews_offered.contains(code) {
        return None;
    }
    let catalog: &Catalog = cx.catalog;
    let step = catalog.practice_step(code).filter(|s| *s != current)?;
    cx.session.progress.reviews_offered.insert(code.to_owned());
    let label = cx.t(&Say::ButtonPractiseRule);
    Some(vec![Button::new(
        label,
        &Action::Review(u32::try_from(step).ok()?),
    )])
}

/// `/hint`: the hint; from the second on, with the piece to move marked.
pub(super) fn hint(cx: &mut Cx<'_>, task: &MoveStep, hints: u8) {
    let lang = cx.lang();
    if hints >= 2
        && let Some(from) = task.expected.first().and_then(|m| m.from())
    {
        let view = scene_view(&task.scene).with_mark(from, MarkKind::Highlight);
        cx.reply(Reply::board(view, format!("💡 {}", task.hint.get(lang))));
        return;
    }
    cx.reply(Reply::text(format!("💡 {}", task.hint.get(lang))));
}

/// `/solution`: the first expected move, drawn.
pub(super) fn solution(cx: &mut Cx<'_>, task: &MoveStep) {
    let lang = cx.lang();
    let Some(mv) = task.expected.first() else {
        return;
    };
    let san = shakmaty::san::San::from_move(&task.position, *mv).to_string();
    let mut view = scene_view(&task.scene);
    if let Some((from, to)) = move_squares(mv) {
        view = view.with_arrow(from, to, ArrowKind::Good);
    }
    let msg = Say::MoveSolution {
        san,
        why: task.why.get(lang).to_owned(),
    }
    .to(lang);
    cx.reply(Reply::board(view, msg));
}
