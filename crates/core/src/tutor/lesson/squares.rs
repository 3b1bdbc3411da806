//! A squares step: name every square a piece can move to (or attacks).

use shakmaty::Square;

use crate::content::lesson::{Lesson, SquaresTask, Step};
use crate::render::MarkKind;
use crate::tutor::cx::Cx;
use crate::tutor::reply::Reply;
use crate::tutor::state::LessonState;
use crate::tutor::words::{self, Say};

use super::page::{Outcome, heading, miss, scene_view, task_buttons};

pub(super) fn present(cx: &mut Cx<'_>, lesson: &Lesson, step: &Step, task: &SquaresTask) {
    let lang = cx.lang();
    let prompt = cx.t(&Say::SquaresPrompt);
    let view = scene_view(&task.scene).with_mark(task.square, MarkKind::Highlight);
    let row = task_buttons(cx, true);
    let head = heading(cx, lesson, step);
    cx.reply(
        Reply::board(view, format!("{head}\n\n{}\n{prompt}", task.text.get(lang))).with_row(row),
    );
}

pub(super) fn text(
    state: &mut LessonState,
    cx: &mut Cx<'_>,
    task: &SquaresTask,
    text: &str,
) -> Outcome {
    let Some(given) = read_squares(text) else {
        let msg = cx.t(&Say::SquaresUnreadable);
        cx.reply(Reply::text(msg));
        return Outcome::Stay;
    };
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
        let msg = words::right(cx.lang());
        cx.reply(Reply::text(msg));
        return Outcome::Done;
    }
    let lang = cx.lang();
    let names = |v: &[Square]| {
        v.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut msg = words::not_quite(lang);
    if !missing.is_empty() {
        msg.push_str(&cx.t(&Say::SquaresMissing {
            count: missing.len(),
        }));
    }
    if !extra.is_empty() {
        msg.push_str(&cx.t(&Say::SquaresWrong {
            squares: names(&extra),
        }));
    }
    let mut view = scene_view(&task.scene).with_mark(task.square, MarkKind::Highlight);
    for &sq in &extra {
        view = view.with_mark(sq, MarkKind::Forbidden);
    }
    miss(state, &mut msg, task.hint.get(lang), task.why.get(lang));
    cx.reply(Reply::board(view, msg));
    Outcome::Stay
}

pub(super) fn solution(cx: &mut Cx<'_>, task: &SquaresTask) {
    let lang = cx.lang();
    let view = scene_view(&task.scene)
        .with_mark(task.square, MarkKind::Highlight)
        .with_dots(task.answer.clone());
    let names: Vec<String> = task.answer.iter().map(ToString::to_string).collect();
    let msg = Say::SquaresSolution {
        squares: names.join(" "),
        why: task.why.get(lang).to_owned(),
    }
    .to(lang);
    cx.reply(Reply::board(view, msg));
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
