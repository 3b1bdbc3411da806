//! A move step: make a move that reaches the step's goal (typed, or on the tap board).

use shakmaty::{Chess, Position};

use crate::content::lesson::{Lesson, MoveTask as MoveStep, Step};
use crate::draw::move_squares;
use crate::render::{ArrowKind, BoardView, MarkKind};
use crate::rules::effects::{Effect, MoveInfo};
use crate::rules::{self, Rule, RuleCode, Verdict, text::verdict_text};
use crate::tutor::callback::Action;
use crate::tutor::cx::Cx;
use crate::tutor::move_task::{Refusal, TaskBoard};
use crate::tutor::page_view::{DropResult, PageSaid};
use crate::tutor::reply::Button;
use crate::tutor::state::LessonState;
use crate::tutor::words::ToMove;
use crate::tutor::words::{self, Say};

use super::page::{Outcome, StepMessage, heading, miss, scene_view, task_buttons, update};

/// Illegal attempts of one rule after which its practice step is offered.
const ERRORS_FOR_REVIEW: u32 = 3;

/// The step's board as the tap board and the step's message show it.
pub(super) fn board(cx: &Cx<'_>, lesson: &Lesson, step: &Step, task: &MoveStep) -> TaskBoard {
    let lang = cx.lang();
    let side = ToMove(task.position.turn()).to(lang);
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

/// The step's message: its board, words and controls (tap to move, hint, solution, next).
pub(super) fn message(cx: &Cx<'_>, lesson: &Lesson, step: &Step, task: &MoveStep) -> StepMessage {
    StepMessage::of_task(cx, board(cx, lesson, step, task))
}

/// What a legal move did, in words, without the game-state notes that are noise in a drill
/// ("neither side can mate any more: a draw" after a rook move with two bare kings).
/// Before the notation unit the move is said in piece names and squares, with no move letters
/// (`Rh4+`) the learner has not met.
pub(super) fn move_words(pos: &Chess, info: &MoveInfo, cx: &Cx<'_>, state: &LessonState) -> String {
    let mut info = info.clone();
    info.effects
        .retain(|e| *e != Effect::DrawInsufficientMaterial);
    if knows_notation(cx, state) {
        rules::text::legal_text(pos, &info, cx.lang())
    } else {
        rules::text::legal_in_words(pos, &info, cx.lang())
    }
}

/// Whether the learner has done the lesson that teaches notation, or is in it (a learner who
/// takes the xiangqi unit, last in the list, before it has not met SAN).
fn knows_notation(cx: &Cx<'_>, state: &LessonState) -> bool {
    cx.knows_notation()
        || state
            .step(cx.catalog)
            .is_some_and(|(lesson, _)| lesson.id.as_str() == crate::tutor::cx::NOTATION_LESSON)
}

/// A move several pieces could make (C10 of the first-hour review), or one named by its piece
/// and target only (`马g3`) that the referee refused for another piece of that kind than the
/// one the task is about (every expected move starts on one
/// square): explained for the task's piece instead ("you touched the knight on g1").
pub(super) fn as_the_task_piece(
    task: &MoveStep,
    verdict: &Verdict,
    input: &str,
) -> Option<Verdict> {
    // A bare square several pieces can reach (`d1`: the queen the step names, or the king):
    // the task's piece, when it is one of them.
    if let Verdict::Ambiguous { candidates } = verdict {
        let from = task.expected.first()?.from()?;
        if task.expected.iter().any(|m| m.from() != Some(from)) {
            return None;
        }
        let mut ours = candidates.iter().filter(|m| m.from() == Some(from));
        let mv = *ours.next()?;
        if ours.next().is_some() {
            return None;
        }
        return Some(Verdict::Legal(rules::MoveInfo::new(&task.position, mv)));
    }
    let Verdict::Illegal(reason) = verdict else {
        return None;
    };
    let from = task.expected.first()?.from()?;
    if task.expected.iter().any(|m| m.from() != Some(from)) || reason.from() == Some(from) {
        return None;
    }
    let role = task.position.board().role_at(from)?;
    let readings = rules::parse_input(input).ok()?;
    let to = readings.iter().find_map(|r| match *r {
        rules::MoveInput::San {
            piece,
            file: None,
            rank: None,
            to,
            ..
        } if piece == role => Some(to),
        _ => None,
    })?;
    Some(rules::explain_squares(&task.position, from, to, None))
}

/// Judges a move (already read by the referee) for the step.
pub(super) fn judge(
    state: &mut LessonState,
    cx: &mut Cx<'_>,
    message: StepMessage,
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
            if task.goal.is_met(pos, info.mv, &after) {
                let mut view = BoardView::from_position(&after).with_orientation(pos.turn());
                if let Some((from, to)) = move_squares(&info.mv) {
                    view = view.with_last_move(from, to);
                }
                let mut note = words::then(
                    lang,
                    &Say::Right.to(lang),
                    &move_words(pos, info, cx, state),
                );
                // After a miss, why this was the move: what the learner tripped on (said now,
                // not on the miss, where it would give the answer away before the hint asks).
                if state.misses > 0 {
                    why_it_is_right(cx, &mut note, task);
                }
                update(cx, message.closed().with_view(view).with_note(&note));
                Outcome::Done
            } else if let Some((say, touched)) = touch_move_break(task, info.mv) {
                // Under touch-move the move is no choice the learner had: the rule, with the
                // touched piece and the move tried drawn.
                let mut view = scene_view(&task.scene).with_mark(touched, MarkKind::Highlight);
                if let Some((from, to)) = move_squares(&info.mv) {
                    view = view.with_arrow(from, to, ArrowKind::Forbidden);
                }
                let mut note = cx.t(&say);
                note.push('\n');
                note.push_str(&cx.t(&Say::BoardRestored));
                cx.out.page_said = Some(PageSaid {
                    result: DropResult::Refused,
                    text: note.clone(),
                    overlay: crate::render::Overlay::default(),
                });
                miss(state, &mut note, task.hint.get(lang));
                update(cx, message.with_view(view).with_note(&note));
                Outcome::Stay
            } else {
                // The move is shown as an arrow on the task's own board: the piece is back.
                let mut view = scene_view(&task.scene);
                if let Some((from, to)) = move_squares(&info.mv) {
                    view = view.with_arrow(from, to, ArrowKind::Move);
                }
                let mut note = words::then(
                    lang,
                    &Say::LegalButMissed.to(lang),
                    &move_words(pos, info, cx, state),
                );
                note.push('\n');
                note.push_str(&cx.t(&Say::BoardRestored));
                miss(state, &mut note, task.hint.get(lang));
                update(cx, message.with_view(view).with_note(&note));
                Outcome::Stay
            }
        }
        Verdict::Unreadable => {
            let note = unread_note(task, input, lang);
            super::page::unread(cx, message, &note);
            Outcome::Stay
        }
        // A refusal goes the one way every move task refuses (`MoveTask::refuse`) before the
        // judge; here it would still be said, in words.
        Verdict::Ambiguous { .. } | Verdict::Illegal(_) => {
            let note = verdict_text(pos, verdict, input, lang);
            super::page::unread(cx, message, &note);
            Outcome::Stay
        }
    }
}

/// A legal move that breaks touch-move in a step whose pieces were touched (FIDE 4.3): a
/// touched piece of the learner's that could move and did not (4.3.2), or, the touched piece
/// moved or none touched, a touched piece of the opponent's that could be taken (by the
/// touched piece, when there is one) and was not (4.3.1, 4.3.3). The rule's words and the
/// square of the touched piece.
fn touch_move_break(task: &MoveStep, mv: shakmaty::Move) -> Option<(Say, shakmaty::Square)> {
    let pos: &Chess = &task.position;
    let board = pos.board();
    let mine = |sq: &shakmaty::Square| board.color_at(*sq) == Some(pos.turn());
    let legal = pos.legal_moves();
    let own: Vec<_> = task.touched.iter().copied().filter(mine).collect();
    // The first touched piece of the learner's that can move is the one to move.
    if let Some(&first) = own
        .iter()
        .find(|sq| legal.iter().any(|m| m.from() == Some(**sq)))
        && mv.from() != Some(first)
    {
        let piece = board.role_at(first)?;
        return Some((
            Say::TouchMoveOwn {
                piece,
                square: first,
            },
            first,
        ));
    }
    let by = |m: &shakmaty::Move| own.is_empty() || own.contains(&m.from().unwrap_or(m.to()));
    let enemy = task
        .touched
        .iter()
        .copied()
        .filter(|sq| !mine(sq))
        .find(|sq| {
            legal
                .iter()
                .any(|m| m.is_capture() && m.to() == *sq && by(m))
        })?;
    if mv.is_capture() && mv.to() == enemy {
        return None;
    }
    let piece = board.role_at(enemy)?;
    Some((
        Say::TouchMoveEnemy {
            piece,
            square: enemy,
        },
        enemy,
    ))
}

/// A move the referee refused, on the step's message: the rule, the hint after misses, the
/// reason drawn on the step's board, and the rule's practice step after repeated refusals.
pub(super) fn refused(
    state: &mut LessonState,
    cx: &mut Cx<'_>,
    message: StepMessage,
    task: &MoveStep,
    refusal: Refusal,
) {
    let lang = cx.lang();
    let mut note = refusal.note;
    // The refusal says which rule; the hint, what to look at. (The step's "why" speaks of
    // the answer: it waits for the right move or the solution.)
    miss(state, &mut note, task.hint.get(lang));
    let view = scene_view(&task.scene).with_overlay(refusal.overlay);
    let mut message = message.with_view(view).with_note(&note);
    if let Some(row) = review_offer(cx, refusal.reason.rule(), state.index(cx.catalog)) {
        message.rows.push(row);
    }
    update(cx, message);
}

/// What to say to an input the referee could not read: how this task's move is written, when
/// the task's words already say where it goes (`把车走到e4`: `车e4 或 a4e4`), else how a move
/// of that piece that is not the answer is written.
fn unread_note(task: &MoveStep, input: &str, lang: crate::rules::Lang) -> String {
    let pos = &task.position;
    let text = task.text.get(lang);
    let named = task
        .expected
        .iter()
        .copied()
        .find(|mv| !mv.is_castle() && text.contains(&mv.to().to_string()));
    let example = crate::tutor::spelling::example(pos, input, named, &task.expected);
    crate::tutor::spelling::unread(pos, input, example, lang)
}

/// After a miss, why the right move is right: the step's "why".
fn why_it_is_right(cx: &Cx<'_>, note: &mut String, task: &MoveStep) {
    let why = task.why.get(cx.lang()).trim();
    if !why.is_empty() {
        note.push('\n');
        note.push_str(&cx.t(&Say::WhyRight {
            why: why.to_owned(),
        }));
    }
}

/// After repeated illegal attempts of one rule, offer the step that practises it (once).
fn review_offer(cx: &mut Cx<'_>, rule: Rule, current: usize) -> Option<Vec<Button>> {
    let code = RuleCode::from(rule);
    let count = *cx.session.progress.rule_errors.get(&code)?;
    if count < ERRORS_FOR_REVIEW || cx.session.progress.reviews_offered.contains(&code) {
        return None;
    }
    let step = cx.catalog.practice_step(rule).filter(|s| *s != current)?;
    cx.session.progress.reviews_offered.insert(code);
    let label = cx.t(&Say::ButtonPractiseRule);
    Some(vec![Button::new(
        label,
        &Action::Review(u32::try_from(step).ok()?),
    )])
}

/// `/hint`, a ladder: first the author's hint with the piece to move marked; then the square
/// it goes to, in words and on the board.
pub(super) fn hint(cx: &mut Cx<'_>, message: StepMessage, task: &MoveStep, rung: u8) {
    let lang = cx.lang();
    let pos = &task.position;
    let mut view = scene_view(&task.scene);
    let mut note = format!("💡 {}", task.hint.get(lang));
    let key = task.expected.first().copied();
    match (key, rung) {
        (Some(mv), 1) => {
            if let Some(from) = mv.from() {
                view = view.with_mark(from, MarkKind::Highlight);
            }
            note.push('\n');
            note.push_str(&cx.t(&Say::HintMore));
        }
        (Some(mv), _) => {
            if let Some((from, to)) = move_squares(&mv) {
                view = view
                    .with_mark(from, MarkKind::Highlight)
                    .with_mark(to, MarkKind::Good);
                let piece = mv.role();
                let say = match pos.board().role_at(to) {
                    Some(captured) if mv.is_capture() => Say::HintCapture {
                        piece,
                        from,
                        to,
                        captured,
                    },
                    _ => Say::HintSquare { piece, from, to },
                };
                note.push('\n');
                note.push_str(&cx.t(&say));
            }
            note.push('\n');
            note.push_str(&cx.t(&Say::HintLast));
        }
        (None, _) => {}
    }
    update(cx, message.with_view(view).with_note(&note));
}

/// `/solution`: the first expected move, drawn, and why; before the notation unit the move is
/// said in piece names and squares.
pub(super) fn solution(
    cx: &mut Cx<'_>,
    state: &LessonState,
    message: StepMessage,
    task: &MoveStep,
) {
    let lang = cx.lang();
    let Some(mv) = task.expected.first() else {
        return;
    };
    let mut view = scene_view(&task.scene);
    if let Some((from, to)) = move_squares(mv) {
        view = view.with_arrow(from, to, ArrowKind::Good);
    }
    let why = task.why.clone();
    let note = if knows_notation(cx, state) {
        let san = shakmaty::san::San::from_move(&task.position, *mv);
        Say::MoveSolution { san, why }
    } else {
        let info = MoveInfo::new(&task.position, *mv);
        Say::MoveSolutionInWords {
            said: move_words(&task.position, &info, cx, state),
            why,
        }
    }
    .to(lang);
    update(cx, message.with_view(view).with_note(&note));
}
