//! A judge step: a question about a position (is it check? mate? which draw rule?), answered
//! with buttons or typed: by the button's number, its label or a yes/no word.

use crate::content::judge::{Answer, DrawKind};
use crate::content::lesson::{JudgeTask, Lesson, Step};
use crate::rules::Lang;
use crate::tutor::callback::Action;
use crate::tutor::cx::Cx;
use crate::tutor::reply::Button;
use crate::tutor::state::LessonState;
use crate::tutor::words::{self, Say};

use super::page::{Outcome, StepMessage, heading, miss, scene_view, update};

pub(super) fn message(cx: &Cx<'_>, lesson: &Lesson, step: &Step, task: &JudgeTask) -> StepMessage {
    let lang = cx.lang();
    let n = cx.nonce();
    let mut rows: Vec<Vec<Button>> = choices(lang, &task.answer)
        .chunks(3)
        .map(|chunk| {
            chunk
                .iter()
                .map(|(i, label)| {
                    Button::new(
                        label.clone(),
                        &Action::Answer {
                            nonce: n,
                            choice: u8::try_from(*i).unwrap_or(u8::MAX),
                        },
                    )
                })
                .collect()
        })
        .collect();
    rows.push(vec![Button::new(cx.t(&Say::ButtonHint), &Action::Hint(n))]);
    StepMessage {
        // No check glow: "is it check?" (or mate, or stalemate) is the question.
        view: Some(scene_view(&task.scene).without_check()),
        caption: format!("{}\n\n{}", heading(cx, lesson, step), task.text.get(lang)),
        rows,
        squares: Vec::new(),
        note: None,
    }
}

/// A typed answer: the number of a button (1, 2, …), its label (`子力不足`, `No`), or a
/// yes/no word for a yes/no question.
pub(super) fn read(lang: Lang, task: &JudgeTask, text: &str) -> Option<usize> {
    let lower = text.trim().to_lowercase();
    let choices = choices(lang, &task.answer);
    if let Ok(number) = lower.parse::<usize>() {
        return (1..=choices.len()).contains(&number).then(|| number - 1);
    }
    if let Some((i, _)) = choices
        .iter()
        .find(|(_, label)| label.to_lowercase() == lower)
    {
        return Some(*i);
    }
    match (&task.answer, lower.as_str()) {
        (Answer::Yes(_), "yes" | "y" | "是" | "对" | "對" | "能" | "可以") => Some(0),
        (Answer::Yes(_), "no" | "n" | "否" | "不" | "不是" | "不能" | "不可以") => Some(1),
        _ => None,
    }
}

pub(super) fn answer(
    state: &mut LessonState,
    cx: &mut Cx<'_>,
    message: StepMessage,
    task: &JudgeTask,
    choice: usize,
) -> Outcome {
    let lang = cx.lang();
    if !choices(lang, &task.answer)
        .iter()
        .any(|(i, _)| *i == choice)
    {
        cx.stale_button();
        return Outcome::Stay;
    }
    let right = is_right(&task.answer, choice);
    // A question about a move is drawn: its squares to look at after a wrong answer, the
    // move and the reason (the line that forbids it) after the right one.
    let drawn = move_view(task, right);
    if right {
        let note = words::then(lang, &Say::Right.to(lang), task.why.get(lang));
        let mut message = message.closed().with_note(&note);
        if let Some(view) = drawn {
            message = message.with_view(view);
        }
        update(cx, message);
        Outcome::Done
    } else {
        let mut note = words::then(lang, &Say::NotQuite.to(lang), &cx.t(&Say::TryAgain));
        miss(state, &mut note, task.hint.get(lang));
        let mut message = message.with_note(&note);
        if let Some(view) = drawn {
            message = message.with_view(view);
        }
        update(cx, message);
        Outcome::Stay
    }
}

/// The castling a refusal is about, if it is one.
fn castling_of(reason: &crate::rules::IllegalReason) -> Option<crate::rules::Castling> {
    use crate::rules::IllegalReason as R;
    match reason {
        R::CastlingKingMoved { castling, .. }
        | R::CastlingRookMoved { castling, .. }
        | R::CastlingRightLost { castling, .. }
        | R::CastlingPiecesBetween { castling, .. }
        | R::CastlingInCheck { castling, .. }
        | R::CastlingThroughCheck { castling, .. }
        | R::CastlingIntoCheck { castling, .. } => Some(*castling),
        _ => None,
    }
}

/// The board of a question about a move (`May White castle short?`), drawn. After a wrong
/// answer, the squares that decide it, framed (for castling: where the king stands, crosses
/// and lands), without saying more; after the right answer, the move and, when it is refused,
/// what forbids it (the bishop's line to f1).
fn move_view(task: &JudgeTask, right: bool) -> Option<crate::render::BoardView> {
    use crate::content::judge::Ask;
    use crate::render::{ArrowKind, MarkKind};
    let Ask::MoveLegal { text } = &task.ask else {
        return None;
    };
    let pos = task.position.as_ref()?;
    let verdict = crate::rules::explain(pos, text);
    let view = scene_view(&task.scene).without_check();
    if right {
        return Some(match &verdict {
            crate::rules::Verdict::Illegal(reason) => {
                view.with_overlay(crate::draw::reason(reason))
            }
            crate::rules::Verdict::Legal(info) => match crate::draw::move_squares(&info.mv) {
                Some((from, to)) => view.with_arrow(from, to, ArrowKind::Good),
                None => view,
            },
            _ => view,
        });
    }
    let squares: Vec<shakmaty::Square> = match &verdict {
        crate::rules::Verdict::Illegal(reason) => match castling_of(reason) {
            Some(c) => vec![c.king_home(), c.crossed(), c.landing()],
            None => reason.from().into_iter().chain(reason.to()).collect(),
        },
        crate::rules::Verdict::Legal(info) => match info.mv {
            shakmaty::Move::Castle { king, rook } => {
                let side = shakmaty::CastlingSide::from_queen_side(rook < king);
                let color = shakmaty::Position::turn(pos);
                vec![king, side.rook_to(color), side.king_to(color)]
            }
            mv => mv.from().into_iter().chain(Some(mv.to())).collect(),
        },
        _ => Vec::new(),
    };
    Some(
        squares
            .into_iter()
            .fold(view, |v, sq| v.with_mark(sq, MarkKind::Highlight)),
    )
}

/// The right answer and why, shown on the step's message.
pub(super) fn solution(cx: &mut Cx<'_>, message: StepMessage, task: &JudgeTask) {
    let lang = cx.lang();
    let right = choices(lang, &task.answer)
        .into_iter()
        .find(|(i, _)| is_right(&task.answer, *i))
        .map(|(_, l)| l)
        .unwrap_or_default();
    let note = Say::JudgeSolution {
        answer: right,
        why: task.why.get(lang).to_owned(),
    }
    .to(lang);
    update(cx, message.with_note(&note));
}

/// The answers as a learner may write them: `是`, `否`, or the buttons' numbers.
pub(super) fn answer_words(lang: Lang, task: &JudgeTask) -> Vec<String> {
    match &task.answer {
        Answer::Yes(_) => vec![Say::Yes.to(lang), Say::No.to(lang)],
        Answer::Draw(_) => (1..=choices(lang, &task.answer).len())
            .map(|n| n.to_string())
            .collect(),
    }
}

/// The answers offered for a judge question: (index, label).
fn choices(lang: Lang, answer: &Answer) -> Vec<(usize, String)> {
    match answer {
        Answer::Yes(_) => vec![(0, Say::Yes.to(lang)), (1, Say::No.to(lang))],
        Answer::Draw(_) => {
            let mut v: Vec<(usize, String)> = DrawKind::ALL
                .iter()
                .enumerate()
                .map(|(i, k)| (i, draw_name(lang, Some(*k))))
                .collect();
            v.push((DrawKind::ALL.len(), draw_name(lang, None)));
            v
        }
    }
}

fn draw_name(lang: Lang, kind: Option<DrawKind>) -> String {
    match kind {
        Some(DrawKind::Stalemate) => Say::DrawStalemate,
        Some(DrawKind::InsufficientMaterial) => Say::DrawInsufficientMaterial,
        Some(DrawKind::Threefold) => Say::DrawThreefold,
        Some(DrawKind::Fivefold) => Say::DrawFivefold,
        Some(DrawKind::FiftyMoves) => Say::DrawFiftyMoves,
        Some(DrawKind::SeventyFiveMoves) => Say::DrawSeventyFiveMoves,
        None => Say::DrawNone,
    }
    .to(lang)
}

fn is_right(answer: &Answer, choice: usize) -> bool {
    match answer {
        Answer::Yes(yes) => (choice == 0) == *yes,
        Answer::Draw(kind) => {
            let index = kind.map_or(DrawKind::ALL.len(), |k| {
                DrawKind::ALL
                    .iter()
                    .position(|x| *x == k)
                    .unwrap_or(usize::MAX)
            });
            index == choice
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::{StepKind, load_lessons_from, shipped};
    use crate::i18n::LANGS;

    fn task(id: &str) -> JudgeTask {
        let (lessons, _) = load_lessons_from(shipped::LESSONS);
        lessons
            .into_iter()
            .flat_map(|l| l.steps)
            .find_map(|s| match s.kind {
                StepKind::Judge(t) if s.id.as_str() == id => Some(t),
                _ => None,
            })
            .unwrap_or_else(|| panic!("no judge step {id}"))
    }

    /// The first-hour review's A6: unit 16's yes/no questions ("Is this a dead position?",
    /// "May White now claim …?") were answered with the eight draw-type buttons. They are
    /// answered Yes or No, typed or tapped; a question about which rule applies keeps its rules.
    #[test]
    fn unit_16s_yes_no_questions_get_yes_and_no() {
        for (id, right) in [
            ("draws-same-bishops", 0),
            ("draws-two-knights", 1),
            ("draws-threefold-castling", 1),
        ] {
            let t = task(id);
            for lang in LANGS {
                let labels: Vec<String> = choices(lang, &t.answer)
                    .into_iter()
                    .map(|(_, l)| l)
                    .collect();
                assert_eq!(labels, [Say::Yes.to(lang), Say::No.to(lang)], "{id}");
            }
            assert!(is_right(&t.answer, right), "{id}");
            assert!(!is_right(&t.answer, 1 - right), "{id}");
            let typed = if right == 0 { "是" } else { "否" };
            assert_eq!(read(Lang::Zh, &t, typed), Some(right), "{id}");
            let typed = if right == 0 { "yes" } else { "no" };
            assert_eq!(read(Lang::En, &t, typed), Some(right), "{id}");
        }
        let rules = task("draws-fifty");
        assert_eq!(
            choices(Lang::En, &rules.answer).len(),
            DrawKind::ALL.len() + 1
        );
    }
}
