//! An explain step: a text (and maybe a board) to read, then Next.

use crate::content::lesson::{Lesson, Scene, Step};
use crate::content::text::Text;
use crate::tutor::callback::Action;
use crate::tutor::cx::Cx;
use crate::tutor::reply::{Button, Reply};
use crate::tutor::words::{self, Say};

use super::page::{Outcome, heading, scene_view};

pub(super) fn present(
    cx: &mut Cx<'_>,
    lesson: &Lesson,
    step: &Step,
    scene: Option<&Scene>,
    text: &Text,
) {
    let lang = cx.lang();
    let body = format!("{}\n\n{}", heading(cx, lesson, step), text.get(lang));
    let reply = match scene {
        Some(scene) => Reply::board(scene_view(scene), body),
        None => Reply::text(body),
    };
    let next = Button::new(words::button_next(lang), &Action::Next(cx.nonce()));
    cx.reply(reply.with_row(vec![next]));
}

/// A typed message: "next" (or 下一步, ok…) goes on; anything else is a reminder.
pub(super) fn text(cx: &mut Cx<'_>, text: &str) -> Outcome {
    let lower = text.to_lowercase();
    if ["next", "n", "ok", "下一步", "好", "继续"].contains(&lower.as_str()) {
        return Outcome::Done;
    }
    let lang = cx.lang();
    let msg = cx.t(&Say::ReadThenNext);
    let next = Button::new(words::button_next(lang), &Action::Next(cx.nonce()));
    cx.reply(Reply::text(msg).with_row(vec![next]));
    Outcome::Stay
}
