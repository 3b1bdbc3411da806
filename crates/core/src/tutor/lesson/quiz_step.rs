//! A lesson's quiz step: an item of the quiz bank, asked inside the lesson.

use crate::content::QuizId;
use crate::content::lesson::{Lesson, Step};
use crate::tutor::cx::Cx;
use crate::tutor::quiz;
use crate::tutor::reply::Reply;
use crate::tutor::state::QuizRef;
use crate::tutor::words::{self, Say};

use super::page::{Outcome, heading};

fn item(id: &str) -> Option<QuizRef> {
    Some(QuizRef::Lesson {
        id: id.parse::<QuizId>().ok()?,
    })
}

pub(super) fn present(cx: &mut Cx<'_>, lesson: &Lesson, step: &Step, id: &str) {
    let head = heading(cx, lesson, step);
    match item(id) {
        Some(item) => quiz::present_item(cx, &item, Some(head)),
        None => {
            let msg = cx.t(&Say::QuestionMissing);
            cx.reply(Reply::text(msg));
        }
    }
}

pub(super) fn answer(cx: &mut Cx<'_>, id: &str, choice: usize) -> Outcome {
    match item(id) {
        Some(item) if quiz::judge_item(cx, &item, choice) => Outcome::Done,
        _ => Outcome::Stay,
    }
}

/// A typed answer: read as the item's answer words or letters.
pub(super) fn read(cx: &Cx<'_>, id: &str, text: &str) -> Option<usize> {
    quiz::read_item_answer(cx, &item(id)?, text)
}

/// A typed message that is no answer.
pub(super) fn unreadable(cx: &mut Cx<'_>) {
    let msg = words::unreadable_answer(cx.lang());
    cx.reply(Reply::text(msg));
}
