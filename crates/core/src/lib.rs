//! chess-tutor's core: the referee, the mate search, the board pictures, the content and the
//! conversation of a bot that teaches the rules of chess.
//!
//! This crate has no database driver, no network and no async runtime among its dependencies,
//! so none of it can do that kind of I/O: the learner store is `chess-tutor-store`, the shells
//! (`telegram`, `terminal`) live in the binary. The one file-system reader is
//! [`content::files`], which loads an author's content folder.
//!
//! A short tour: read what a learner typed and explain it.
//!
//! ```
//! use chess_tutor_core::rules::{self, Verdict};
//! use shakmaty::Chess;
//!
//! let pos = Chess::default();
//! match rules::explain(&pos, "e2e5") {
//!     Verdict::Illegal(reason) => assert_eq!(reason.code(), "wrong_movement"),
//!     other => panic!("expected an illegal move, got {other:?}"),
//! }
//! ```

pub mod content;
pub mod draw;
pub mod game;
pub mod i18n;
pub mod render;
pub mod rules;
pub mod search;
pub mod tutor;
