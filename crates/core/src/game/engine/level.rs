//! What each level does: how deep it looks, whether it follows captures to the end, how much
//! noise blurs its judgement, and how often it blunders on purpose.
//!
//! Measured by `cargo bench --bench strength` (docs/engine-strength.md): each level beats the
//! one below it, level 1 beats a random mover and loses most games to a one-move greedy
//! beginner (who takes what it can and mates in one when it can).

use std::fmt;
use std::str::FromStr;

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

    /// How the level plays: depth, node budget, noise and blunders.
    #[must_use]
    pub fn style(self) -> Style {
        style(self)
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

/// How a level blunders when its blunder comes up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Blunder {
    /// Any legal move, at random: the beginner's "I just moved something".
    AnyMove,
    /// A one-ply look without following captures, with a wide noise: a move that may leave a
    /// piece hanging, though a mate in one is still seen.
    Careless,
}

/// The settings of one level.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Style {
    /// The full-width depth, in plies.
    pub depth: u8,
    /// The node budget of one reply (it bounds the reply time at the top levels).
    pub nodes: u64,
    /// Whether captures are followed past the depth.
    pub quiescence: bool,
    /// The largest nudge added to a move's score, in centipawns.
    pub noise: i32,
    /// How many replies in a thousand are a blunder.
    pub blunders_per_mille: u32,
    /// What a blunder is.
    pub blunder: Blunder,
}

/// The noise of a careless blunder, in centipawns.
pub const CARELESS_NOISE: i32 = 150;

/// The settings of `level`.
#[must_use]
pub fn style(level: Level) -> Style {
    let (depth, nodes, quiescence, noise, blunders_per_mille, blunder) = match level.number() {
        1 => (1, 5_000, false, 200, 700, Blunder::AnyMove),
        2 => (1, 5_000, false, 60, 100, Blunder::AnyMove),
        3 => (1, 10_000, true, 40, 80, Blunder::Careless),
        4 => (2, 20_000, true, 30, 50, Blunder::Careless),
        5 => (3, 30_000, true, 20, 30, Blunder::Careless),
        6 => (4, 40_000, true, 12, 15, Blunder::Careless),
        7 => (5, 60_000, true, 6, 5, Blunder::Careless),
        _ => (8, 80_000, true, 3, 0, Blunder::Careless),
    };
    Style {
        depth,
        nodes,
        quiescence,
        noise,
        blunders_per_mille,
        blunder,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_levels_look_no_shallower_and_blunder_no_more_as_they_rise() {
        for pair in Level::ALL.windows(2) {
            let (low, high) = (style(pair[0]), style(pair[1]));
            assert!(high.depth >= low.depth, "{} {}", pair[0], pair[1]);
            assert!(high.nodes >= low.nodes);
            assert!(high.noise <= low.noise);
            assert!(high.blunders_per_mille <= low.blunders_per_mille);
            assert!(high.quiescence || !low.quiescence);
        }
    }

    #[test]
    fn only_the_lowest_level_blunders_often() {
        assert!(style(Level::LOWEST).blunders_per_mille >= 200);
        assert_eq!(style(Level::HIGHEST).blunders_per_mille, 0);
        assert!(!style(Level::LOWEST).quiescence);
    }
}
