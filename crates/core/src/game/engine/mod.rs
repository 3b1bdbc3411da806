//! The tutor as an opponent: a shallow alpha-beta search with a small evaluation, played at
//! one of eight [`Level`]s, from a beginner who has just learnt the moves to a club player.
//!
//! The choice is deterministic: the same position, level and seed give the same move, so the
//! tutor stays a pure function of its inputs.

use std::fmt;
use std::str::FromStr;

use shakmaty::{Chess, Move, Position};

/// One of the eight levels of the tutor as an opponent (1 the weakest).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

impl Level {
    /// The weakest level: for someone who has just learnt the moves.
    pub const LOWEST: Level = Level(1);
    /// The strongest level.
    pub const HIGHEST: Level = Level(8);

    /// Every level, weakest first.
    pub const ALL: [Level; 8] = [
        Level(1),
        Level(2),
        Level(3),
        Level(4),
        Level(5),
        Level(6),
        Level(7),
        Level(8),
    ];

    /// The level numbered `n` (1 to 8).
    #[must_use]
    pub fn new(n: u8) -> Option<Level> {
        (1..=8).contains(&n).then_some(Level(n))
    }

    /// The level's number (1 to 8).
    #[must_use]
    pub fn number(self) -> u8 {
        self.0
    }
}

/// A level number that is not 1 to 8.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("a level is a number from 1 to 8")]
pub struct LevelError;

impl FromStr for Level {
    type Err = LevelError;

    fn from_str(s: &str) -> Result<Level, LevelError> {
        s.trim()
            .parse::<u8>()
            .ok()
            .and_then(Level::new)
            .ok_or(LevelError)
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// The tutor's move in `pos` at `level`; `seed` decides between moves the level finds equal
/// and when it blunders. `None` when there is no legal move.
///
/// (Interim: the first legal move. The search replaces it.)
#[must_use]
pub fn reply(pos: &Chess, level: Level, seed: u64) -> Option<Move> {
    let _ = (level, seed);
    pos.legal_moves().first().cloned()
}
