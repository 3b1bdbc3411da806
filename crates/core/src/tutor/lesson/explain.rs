//! An explain step: a text (and maybe a board) to read, then Next.

use crate::content::lesson::{Lesson, Scene, Step};
use crate::content::text::Text;
use crate::tutor::callback::Action;
use crate::tutor::cx::Cx;
use crate::tutor::reply::Button;
use crate::tutor::words::Say;

use super::page::{Outcome, StepMessage, heading, scene_view};

pub(super) fn message(
    cx: &Cx<'_>,
    lesson: &Lesson,
    step: &Step,
    scene: Option<&Scene>,
    text: &Text,
) -> StepMessage {
    let body = format!("{}\n\n{}", heading(cx, lesson, step), text.get(cx.lang()));
    let next = Button::new(cx.t(&Say::ButtonNext), &Action::Next(cx.nonce()));
    StepMessage {
        view: scene.map(scene_view),
        caption: body,
        rows: vec![vec![next]],
        squares: Vec::new(),
        note: None,
    }
}

/// A typed message: "next" (or 下一步, ok…) goes on; anything else is a reminder.
pub(super) fn text(cx: &mut Cx<'_>, message: StepMessage, text: &str) -> Outcome {
    if crate::tutor::words::is_next_word(text) {
        return Outcome::Done;
    }
    let note = cx.t(&Say::ReadThenNext);
    super::page::unread(cx, message, &note);
    Outcome::Stay
}
