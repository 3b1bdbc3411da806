//! chess-tutor: the core of a bot that teaches the rules of chess.
//!
//! Everything here is free of I/O except `store`: the shells (`telegram`, `terminal`) live in
//! the binary and call into this library.
//!
//! A short tour: read what a learner typed and explain it.
//!
//! ```
//! use chess_tutor::rules::{self, Verdict};
//! use shakmaty::Chess;
//!
//! let pos = Chess::default();
//! match rules::explain(&pos, "e2e5") {
//!     Verdict::Illegal(reason) => assert_eq!(reason.code(), "wrong_movement"),
//!     other => panic!("expected an illegal move, got {other:?}"),
//! }
//! ```

pub mod content;
pub mod puzzle;
pub mod render;
pub mod rules;
pub mod search;
pub mod store;
pub mod tutor;
