//! The content compiled into the binary (see `build.rs`): one file runs anywhere.

use std::path::PathBuf;

use super::Problem;
use crate::puzzle::{Puzzle, parse_set};

include!(concat!(env!("OUT_DIR"), "/shipped.rs"));

/// Every shipped puzzle.
///
/// # Errors
///
/// The problems of any puzzle file that does not parse.
pub fn puzzles() -> Result<Vec<Puzzle>, Vec<Problem>> {
    let mut all = Vec::new();
    let mut problems = Vec::new();
    for (path, text) in PUZZLES {
        match parse_set(text, PathBuf::from(path)) {
            Ok(set) => all.extend(set.puzzles),
            Err(p) => problems.push(p),
        }
    }
    if problems.is_empty() {
        Ok(all)
    } else {
        Err(problems)
    }
}
