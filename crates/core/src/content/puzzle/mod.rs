//! Mate-in-N puzzle sets: the YAML files in `puzzles/`, importing Lichess puzzles, and proving
//! every puzzle with our own search.
//!
//! A puzzle's stored line is never trusted: [`verify()`] replays it, and the search must agree
//! that the position is a mate in exactly N with exactly the stored keys.

pub mod lichess;
pub mod mate;
mod reading;
pub mod themes;
pub mod verify;
pub mod yaml;

use std::path::PathBuf;

pub use lichess::{DropReason, ImportReport, LichessPuzzle, NotLichess, import, read_lichess};
pub use mate::{MatePuzzle, read_all};
pub use reading::PuzzleTextError;
pub use themes::{chinese_theme, chinese_themes};
pub use verify::{verify, verify_all};
pub use yaml::{load_folder, parse_set, to_yaml};

/// A problem in a puzzle file: file, line when known, and what is wrong.
pub type PuzzleProblem = crate::content::Problem;

/// Where the shipped puzzles come from and under which licence.
pub const LICHESS_SOURCE: &str = "Lichess puzzle database, https://database.lichess.org/#puzzles";
/// The licence of the Lichess puzzle database.
pub const LICHESS_LICENCE: &str = "CC0-1.0 (public domain dedication)";

/// One mate-in-N puzzle, as the learner meets it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Puzzle {
    /// A stable id (the Lichess puzzle id for imported puzzles).
    pub id: String,
    /// The position the learner faces (after the opponent's move), as FEN.
    pub fen: String,
    /// The opponent's move that led to the position, in UCI, to tint on the board.
    #[serde(default)]
    pub last_move: Option<String>,
    /// N: the learner mates in exactly this many moves.
    pub mate_in: u32,
    /// One solution line in UCI: the learner's moves and the defender's replies, ending in mate.
    pub solution: Vec<String>,
    /// Every first move that forces mate in N, in UCI.
    pub keys: Vec<String>,
    /// Whether the puzzle has more than one key.
    #[serde(default)]
    pub multiple_keys: bool,
    /// Difficulty rating, when the source has one.
    #[serde(default)]
    pub rating: Option<u32>,
    /// The source's theme names (Lichess names for imported puzzles).
    #[serde(default)]
    pub themes: Vec<String>,
    /// The Chinese names of those themes.
    #[serde(default)]
    pub themes_zh: Vec<String>,
    /// Where the puzzle comes from (for Lichess puzzles, its training page).
    pub source: String,
    /// The game the puzzle comes from, when known.
    #[serde(default)]
    pub game: Option<String>,
    /// The file the puzzle was loaded from (empty when built in code).
    #[serde(skip)]
    pub file: PathBuf,
    /// The 1-based line of the puzzle in its file, when known.
    #[serde(skip)]
    pub line: Option<usize>,
}

/// A file of puzzles, with the source and licence that cover all of them.
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PuzzleSet {
    /// Where the puzzles come from.
    pub source: String,
    /// Their licence.
    pub licence: String,
    /// The puzzles.
    pub puzzles: Vec<Puzzle>,
    /// The file the set was loaded from.
    #[serde(skip)]
    pub file: PathBuf,
}
