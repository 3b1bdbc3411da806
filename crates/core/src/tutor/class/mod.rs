//! A class in a group chat: who may make one, join it, leave it, post its quiz polls and read
//! its report, decided here from what the shell loaded ([`super::classroom::ClassContext`]);
//! what changes is handed back as [`super::classroom::ClassWrite`]s, stored by the shell with
//! the step. The tutor never reads the store: a report is worded from the figures the shell
//! counted.
//!
//! - `command`: the commands and buttons, and what each input needs loaded;
//! - `daily`: the puzzle of the day: its time, its puzzle and post, an answer judged;
//! - `quizzes`: a teacher's quiz poll, posted and closed (the result, the breakdown);
//! - `poll`: a bank item as a Telegram quiz poll, within its limits;
//! - `top`: the leaderboard (`/top`) and how points are counted;
//! - `report`: the teacher's report, in words and as CSV;
//! - `tries`: a student's last refused move of each rule they broke most, on the board;
//! - `who`: who is asking, and the class's language;
//! - `words`: what is said.

mod command;
mod daily;
mod poll;
mod quizzes;
mod report;
mod top;
mod tries;
mod who;
mod words;

pub(super) use command::{act, command, need_of};
pub use daily::{DailyAnswer, daily_post, daily_puzzle, judge_answer, solved_text};
pub use poll::{Misfit, PollMisfit, poll_misfits};
pub use top::{points as class_points, weekly_post};

/// The ids of the messages said about a class (for the catalogue's tests).
#[cfg(test)]
pub(super) fn said() -> Vec<&'static str> {
    words::ClassSay::samples()
        .iter()
        .map(words::ClassSay::id)
        .collect()
}
