//! Endless position questions for the quiz mode, made and answered by the rules engine.
//!
//! A [`Generator`] is deterministic: the same seed (and the same list of start positions)
//! gives the same items, with no clock and no global random source. Positions come from
//! seeded random play (from the start position or from FENs passed in) and from random
//! endgame set-ups; every answer is computed by the referee and every item is returned as a
//! [`QuizItem`](super::quiz::QuizItem) whose claims
//! [`QuizItem::verify`](super::quiz::QuizItem::verify) can check again.
//!
//! ```
//! use chess_tutor_core::content::generate::{Generator, Topic};
//! let mut g = Generator::new(7);
//! let item = g.item(Topic::CanCastle);
//! assert!(item.verify().is_ok());
//! assert!(item.is_engine_checked());
//! // Same seed, same questions.
//! assert_eq!(Generator::new(7).item(Topic::CanCastle), item);
//! ```
//!
//! The files, from the bottom up: `rng` (the seeded random source), `topic`, `wording` (the
//! sentences, worded by `locales/<lang>/generate.ftl`), `draft` (an item before its id),
//! `generator` (the positions), one file per topic family (`move_legal`, `castling`,
//! `status`, `material`, `count`) and `items` (one item on a topic, or an endless mix).

mod castling;
mod count;
mod draft;
mod generator;
mod items;
mod material;
mod move_legal;
mod rng;
mod status;
mod topic;
mod wording;

pub use generator::{Generator, StartError};
pub use items::{answer_letter, generate};
pub use rng::Rng;
pub use topic::Topic;
