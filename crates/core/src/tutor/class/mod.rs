//! A class in a group chat: who may make one, join it, leave it, post its quiz polls and read
//! its report, decided here from what the shell loaded ([`super::classroom::ClassContext`]);
//! what changes is handed back as [`super::classroom::ClassWrite`]s, stored by the shell with
//! the step. The tutor never reads the store: a report is worded from the figures the shell
//! counted.
//!
//! - `answer`: a member's answer to a quiz poll;
//! - `command`: the commands and buttons;
//! - `daily`: the puzzle of the day: its time, its puzzle and post, an answer judged;
//! - `quizzes`: a teacher's quiz poll, posted and closed (the result, the breakdown);
//! - `poll`: a bank item as a Telegram quiz poll, within its limits;
//! - `top`: the leaderboard (`/top`) and how points are counted;
//! - `report`: the teacher's report, in words and as CSV;
//! - `tries`: a student's last refused move of each rule they broke most, on the board;
//! - `who`: who is asking, and the class's language;
//! - `words`: what is said.

mod answer;
mod command;
mod daily;
mod poll;
mod quizzes;
mod report;
mod top;
mod tries;
mod who;
mod words;

pub(super) use command::{act, command};
pub(super) use daily::solved_in_private;
pub use poll::{Misfit, PollMisfit, poll_misfits};
pub use top::points as class_points;

use super::classroom::{ClassContext, ClassId, ClassLoaded, ClassRows, Sender};
use super::cx::Cx;
use super::request::Envelope;
use crate::rules::Lang;

/// A member's answer to a class's quiz poll.
pub(super) fn poll_answer(cx: &mut Cx<'_>, option: Option<u8>) {
    answer::poll_answer(cx, option);
}

/// A class's timer on `day`.
pub(super) fn tick(cx: &mut Cx<'_>, class: ClassId, day: i64) {
    daily::tick(cx, class, day);
}

/// A message in a group: true when it was an answer to the class's puzzle of today (and has
/// been answered), false when it is to be handled as any other message.
pub(super) fn daily_reply(cx: &mut Cx<'_>, text: &str) -> bool {
    daily::reply(cx, text)
}

/// The ids of the messages said about a class (for the catalogue's tests).
#[cfg(test)]
pub(super) fn said() -> Vec<&'static str> {
    words::ClassSay::samples()
        .iter()
        .map(words::ClassSay::id)
        .collect()
}

/// The context of an input from `envelope`, with what the shell `loaded`.
pub(crate) fn context(envelope: &Envelope, loaded: ClassLoaded) -> ClassContext {
    let group = envelope.group.as_ref();
    ClassContext {
        sender: envelope.who.as_ref().map(|person| Sender {
            person: person.clone(),
            admin: loaded.admin,
            lang: envelope.client_lang.as_deref().and_then(Lang::from_client),
            has_chat: loaded.has_chat,
        }),
        fresh_id: envelope.fresh_id.unwrap_or(0),
        group: group.map(|g| g.id),
        title: group.map(|g| g.title.clone()),
        topic: group.and_then(|g| g.topic),
        class: loaded.class,
        open_quiz: loaded.open_quiz,
        asked: loaded.asked,
        memberships: loaded.memberships,
        reports: loaded.figures.iter().map(ClassRows::report).collect(),
        daily: loaded.daily,
        weekly_posted: loaded.weekly_posted,
        polled: loaded.polled,
        poll_pending: loaded.poll_pending,
    }
}
