//! The content compiled into the binary (see `build.rs`): one file runs anywhere.

use std::path::PathBuf;

use super::Problem;
use crate::content::puzzle::{Puzzle, PuzzleSet, parse_set};

include!(concat!(env!("OUT_DIR"), "/shipped.rs"));

/// The shipped puzzle sets, and the problems of any file that does not parse.
#[must_use]
pub fn puzzle_sets() -> (Vec<PuzzleSet>, Vec<Problem>) {
    let mut sets = Vec::new();
    let mut problems = Vec::new();
    for (path, text) in PUZZLES {
        match parse_set(text, PathBuf::from(path)) {
            Ok(set) => sets.push(set),
            Err(p) => problems.push(p),
        }
    }
    (sets, problems)
}

/// Every shipped puzzle.
///
/// # Errors
///
/// The problems of any puzzle file that does not parse.
pub fn puzzles() -> Result<Vec<Puzzle>, Vec<Problem>> {
    let (sets, problems) = puzzle_sets();
    if problems.is_empty() {
        Ok(sets.into_iter().flat_map(|s| s.puzzles).collect())
    } else {
        Err(problems)
    }
}
