//! The core's integration tests, in one test binary: the referee, the mate search, the
//! pictures, the content and whole conversations with the tutor, all through the core's
//! public API (no binary, no database, no network).

mod beginner_moves;
mod chat;
mod coach;
mod common;
mod content;
mod conversations;
mod docs;
mod duel;
mod explain;
mod first_hour;
mod first_hour_again;
mod games;
mod hant;
mod no_dead_ends;
mod oracle;
mod oracles;
mod page;
mod puzzle_picks;
mod puzzles;
mod quiz;
mod refusals;
mod render;
mod rules_props;
mod search;
mod stored_sessions;
mod text_mode;
mod touch_move;
mod transitions;
mod typed_labels;

use std::path::{Path, PathBuf};

/// The repository's root, where the shipped course (`lessons/`, `puzzles/`) lives.
pub fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}
