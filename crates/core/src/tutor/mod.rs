//! The conversation core: a learner's session as a pure state machine.
//!
//! [`step`] takes the session, one input (a text, a button press, the start of a chat) and
//! the [`Catalog`], and returns the new session, the replies to send (text, a board picture
//! spec, buttons) and progress events. It never touches the network, a database or the
//! clock, so a whole conversation is a unit test.
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
mod game;
pub mod input;
pub mod ladder;
mod lesson;
mod mating;
mod move_task;
mod page;
pub mod page_view;
mod puzzle;
mod quiz;
pub mod reply;
mod request;
pub mod review;
mod shared;
mod spelling;
pub mod state;
pub mod tap;
mod words;

pub use crate::content::Catalog;
pub use callback::{Action, DuelAct};
pub use class::{
    DailyAnswer, Misfit, PollMisfit, class_points, daily_post, daily_puzzle, judge_answer,
    poll_misfits, solved_text, weekly_post,
};
pub use classroom::{
    ClassAct, ClassCommand, ClassContext, ClassId, ClassInfo, ClassNeed, ClassReport, ClassWrite,
    DailyOpen, DailyTime, LastTry, OpenQuiz, Person, PollOp, QuizPoll, REPORT_EVENTS, Role, Sender,
    StudentFigures,
};
pub use dispatch::step;
pub use input::{AccessCommand, BoardDrop, Command, Input};
pub use page_view::{DropResult, PageLabels, PageSaid, PageTask, PageView};
pub use reply::{Button, Event, Reply, Transition};
pub use request::{Envelope, Request};
pub use shared::SharedGame;
pub use state::DuelId;
pub use state::{
    LessonState, Mode, Progress, PuzzleState, QuizRef, QuizState, SESSION_FORMAT, Scored, Session,
    SessionError, StoredPosition,
};
pub use words::command_menu;
