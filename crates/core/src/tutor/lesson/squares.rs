//! A squares step: name every square a piece can move to (or attacks) — typed as a list, or
//! picked one by one on the tap board and sent with Done.

use shakmaty::Square;

use crate::content::lesson::{Lesson, SquaresTask, Step};
use crate::render::MarkKind;
use crate::tutor::callback::Action;
use crate::tutor::cx::Cx;
use crate::tutor::reply::Button;
use crate::tutor::state::{LessonState, PickedSquares};
use crate::tutor::tap;
use crate::tutor::words::Say;
use crate::tutor::words::Squares;

use super::page::{Outcome, StepMessage, heading, miss, scene_view, task_buttons, update};

/// The step's message, with the squares picked so far marked on the picture and the grid.
pub(super) fn message(
    cx: &Cx<'_>,
    lesson: &Lesson,
    step: &Step,
    task: &SquaresTask,
) -> StepMessage {
    let lang = cx.lang();
    let picked = cx.session.picked_squares();
    let mut view = scene_view(&task.scene).with_mark(task.square, MarkKind::Highlight);
    for &sq in picked {
        view = view.with_mark(sq, MarkKind::Good);
    }
    let mut caption = format!(
        "{}\n\n{}\n{}",
        heading(cx, lesson, step),
        task.text.get(lang),
        crate::tutor::access::squares_prompt(cx).unwrap_or_else(|| cx.t(&Say::TapSquaresPrompt))
    );
    if !picked.is_empty() {
        caption.push('\n');
        caption.push_str(&cx.t(&Say::TapSquaresPicked {
            squares: Squares(picked.to_vec()),
        }));
    }
    let board = task.scene.fen.as_setup().board.clone();
    let squares = tap::square_buttons(view.orientation, cx.nonce(), |sq| {
        let chosen = picked.contains(&sq);
        match (board.piece_at(sq), chosen) {
            (Some(p), true) => format!("✔{}", tap::glyph(p)),
            (Some(p), false) => tap::glyph(p).to_string(),
            (None, true) => format!("✔{sq}"),
            (None, false) => sq.to_string(),
        }
    });
    let done = Button::new(cx.t(&Say::ButtonDone), &Action::Done(cx.nonce()));
    StepMessage {
        view: Some(view),
        caption,
        rows: vec![vec![done], task_buttons(cx, true)],
        squares,
        note: None,
    }
}
/// A square tapped: picked, or dropped when it was picked.
pub(super) fn toggle(cx: &mut Cx<'_>, square: Square) {
    let mut squares = cx.session.picked_squares().to_vec();
    if let Some(i) = squares.iter().position(|s| *s == square) {
        squares.remove(i);
    } else {
        squares.push(square);
    }
    cx.session.squares = Some(PickedSquares {
        nonce: cx.nonce(),
        squares,
    });
}

/// Done: the squares picked on the tap board, judged as if typed.
pub(super) fn done(
    state: &mut LessonState,
    cx: &mut Cx<'_>,
    message: StepMessage,
    task: &SquaresTask,
) -> Outcome {
    let picked = cx.session.picked_squares().to_vec();
    if picked.is_empty() {
        let note = cx.t(&Say::TapSquaresNone);
        update(cx, message.with_note(&note));
        return Outcome::Stay;
    }
    judge(state, cx, message, task, &picked)
}

pub(super) fn text(
    state: &mut LessonState,
    cx: &mut Cx<'_>,
    message: StepMessage,
    task: &SquaresTask,
    text: &str,
) -> Outcome {
    let Some(given) = read_squares(text) else {
        let note = cx.t(&Say::SquaresUnreadable);
        super::page::unread(cx, message, &note);
        return Outcome::Stay;
    };
    judge(state, cx, message, task, &given)
}

fn judge(
    state: &mut LessonState,
    cx: &mut Cx<'_>,
    message: StepMessage,
    task: &SquaresTask,
    given: &[Square],
) -> Outcome {
    let lang = cx.lang();
    let missing: Vec<Square> = task
        .answer
        .iter()
        .copied()
        .filter(|s| !given.contains(s))
        .collect();
    let extra: Vec<Square> = given
        .iter()
        .copied()
        .filter(|s| !task.answer.contains(s))
        .collect();
    if missing.is_empty() && extra.is_empty() {
        let view = scene_view(&task.scene)
            .with_mark(task.square, MarkKind::Highlight)
            .with_dots(task.answer.clone());
        let note = Say::Right.to(lang);
        cx.session.squares = None;
        update(cx, message.closed().with_view(view).with_note(&note));
        return Outcome::Done;
    }
    let mut note = Say::NotQuite.to(lang);
    if !missing.is_empty() {
        note.push_str(&cx.t(&Say::SquaresMissing {
            count: missing.len(),
        }));
    }
    if !extra.is_empty() {
        note.push_str(&cx.t(&Say::SquaresWrong {
            squares: Squares(extra.clone()),
        }));
    }
    let mut view = scene_view(&task.scene).with_mark(task.square, MarkKind::Highlight);
    for &sq in given.iter().filter(|s| !extra.contains(s)) {
        view = view.with_mark(sq, MarkKind::Good);
    }
    for &sq in &extra {
        view = view.with_mark(sq, MarkKind::Forbidden);
    }
    miss(state, &mut note, task.hint.get(lang));
    update(cx, message.with_view(view).with_note(&note));
    Outcome::Stay
}

pub(super) fn solution(cx: &mut Cx<'_>, message: StepMessage, task: &SquaresTask) {
    let lang = cx.lang();
    let view = scene_view(&task.scene)
        .with_mark(task.square, MarkKind::Highlight)
        .with_dots(task.answer.clone());
    let note = Say::SquaresSolution {
        squares: Squares(task.answer.clone()),
        why: task.why.clone(),
    }
    .to(lang);
    update(cx, message.with_view(view).with_note(&note));
}

/// Reads `d1 d2, d3` into squares; `None` when any word is not a square.
fn read_squares(text: &str) -> Option<Vec<Square>> {
    let mut out = Vec::new();
    for word in text.split(|c: char| c.is_whitespace() || matches!(c, ',' | '，' | '、' | ';')) {
        if word.is_empty() {
            continue;
        }
        let sq: Square = word.to_ascii_lowercase().parse().ok()?;
        if !out.contains(&sq) {
            out.push(sq);
        }
    }
    (!out.is_empty()).then_some(out)
}
