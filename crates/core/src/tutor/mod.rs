//! The conversation core: a learner's session as a pure state machine.
//!
//! Two doors only: [`needs`] says what a shell must load for a [`Request`] (read from the input
//! once), and [`step`] takes the request with what was loaded and the [`Catalog`] and returns
//! the new session and every consequence as an addressed [`Effect`] (messages to whom, progress
//! events, the shared game's and the class's writes, the board page's answer). It never touches
//! the network, a database or the clock, so a whole conversation is a unit test.
//!
//! A sample conversation:
//!
//! ```text
//! learner: /start                    bot: welcome, choose 中文 / English
//! learner: [English]                 bot: the menu: Lessons, Puzzle, Quiz, Help
//! learner: /lesson 3                 bot: board + "Move the rook to h4 in one move."
//! learner: Rg4                       bot: "Legal, but not the goal" + the hint
//! learner: Rb5                       bot: "A rook moves only in straight lines…" + the squares drawn
//! learner: Rh4                       bot: "Right!" + the next step
//! learner: [👆 Tap to move]          bot: the board message gets a button per square
//! learner: [♖ d1]  [d5]              bot: the rook picked, its moves dotted; then the move,
//!                                         judged exactly as if it had been typed
//! ```
//!
//! A pawn sent to the last rank without a piece (`e8`, or tapped) gets four buttons to choose
//! the new piece; see [`tap`].

mod access;
mod activity;
pub mod callback;
mod class;
pub mod classroom;
mod commands;
mod cx;
mod dispatch;
mod duel;
mod effect;
mod game;
pub mod input;
pub mod ladder;
mod lesson;
mod mating;
mod move_task;
mod needs;
mod page;
pub mod page_view;
mod puzzle;
mod quiz;
mod read;
pub mod reply;
mod request;
pub mod review;
mod shared;
mod spelling;
pub mod state;
pub mod tap;
#[cfg(test)]
mod testing;
mod words;

pub use crate::content::Catalog;
pub use callback::{Action, DuelAct};
pub use class::{Misfit, PollMisfit, class_points, poll_misfits};
pub use classroom::{
    AnswerTally, ClassAct, ClassCommand, ClassId, ClassInfo, ClassLoaded, ClassNeed, ClassReport,
    ClassRows, ClassWrite, DailyOpen, DailyTime, LastTry, OpenQuiz, Person, PollOp, PolledQuiz,
    QuizPoll, REPORT_DISTINCT, REPORT_EVENTS, Receipt, Role, Sender, StudentFigures, Tally,
    daily_points,
};
pub use dispatch::step;
pub use effect::{Effect, To, Transition};
pub use input::{AccessCommand, BoardDrop, Command, Input};
pub use needs::{Needs, needs};
pub use page_view::{DropResult, PageLabels, PageSaid, PageTask, PageVersion, PageView};
pub use reply::{Button, Event, Reply};
pub use request::{Envelope, Group, Loaded, Request};
pub use shared::SharedGame;
pub use state::DuelId;
pub use state::{
    LessonState, Mode, Progress, PuzzleState, QuizRef, QuizState, SESSION_FORMAT, Scored, Session,
    SessionError, StoredPosition,
};
pub use words::command_menu;
