//! What the board page (a Telegram Mini App) is shown: the types a step hands back for it
//! ([`super::Transition::page`]). Built in `page`; nothing here depends on the rest of the tutor.

use shakmaty::{Color, Square};

use crate::render::Overlay;
use crate::rules::Lang;

/// What the board page shows after a request: the task, what was said about a drop, and the
/// page's own words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageView {
    /// The learner's language.
    pub lang: Lang,
    /// The task that asks for a move, if any.
    pub task: Option<PageTask>,
    /// What became of a drop (none for a look).
    pub said: Option<PageSaid>,
    /// The page's own words, in the learner's language.
    pub labels: PageLabels,
    /// The learner reads in text mode (the page's switch shows it).
    pub text_mode: bool,
    /// Changes whenever what the page shows changes: the task's version, or, with no task,
    /// a digest of what the page says instead. The page follows the learner on it.
    pub version: PageVersion,
}

/// The current task as the page draws it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageTask {
    /// The position, as a FEN.
    pub fen: String,
    /// The side at the bottom.
    pub orientation: Color,
    /// The side to move.
    pub turn: Color,
    /// The last move, to highlight.
    pub last_move: Option<(Square, Square)>,
    /// The king in check.
    pub check: Option<Square>,
    /// The legal targets of each of the mover's pieces (shown on touch; any drop is still
    /// judged).
    pub dests: Vec<(Square, Vec<Square>)>,
    /// The task's words, as in the chat.
    pub text: String,
    /// The marks and arrows of the task's own picture (the knight to take, the touched
    /// piece), the same as the chat's picture draws.
    pub marks: crate::render::Overlay,
    /// Whether the learner is to move (false while the friend is, in a game with a friend).
    pub yours: bool,
    /// The game is over: the board is its last position, `text` how it ended.
    pub over: bool,
    /// Changes whenever the task, its words or its board change: a drop carries the one
    /// the page showed.
    pub version: PageVersion,
}

/// The version of a task as the page shows it: a short digest, the same on every replica.
///
/// ```
/// use chess_tutor_core::tutor::PageVersion;
/// let v: PageVersion = "00ff00ff00ff00ff".parse().unwrap();
/// assert_eq!(v.to_string(), "00ff00ff00ff00ff");
/// assert!("not hex".parse::<PageVersion>().is_err());
/// assert!("0".repeat(65).parse::<PageVersion>().is_err());
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PageVersion(String);

impl std::fmt::Debug for PageVersion {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(&self.0, f)
    }
}

/// A version that does not read: not 1–64 hexadecimal digits.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not a task version")]
pub struct BadVersion;

impl PageVersion {
    /// The version of a digest.
    pub(crate) fn of_digest(hash: u64) -> PageVersion {
        PageVersion(format!("{hash:016x}"))
    }
}

impl std::str::FromStr for PageVersion {
    type Err = BadVersion;

    fn from_str(s: &str) -> Result<PageVersion, BadVersion> {
        if s.is_empty() || s.len() > 64 || !s.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(BadVersion);
        }
        Ok(PageVersion(s.to_ascii_lowercase()))
    }
}

impl std::fmt::Display for PageVersion {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// What became of a drop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DropResult {
    /// Played: a move of a game, or what the task asked.
    Legal,
    /// Legal, but not what the task asked: answered, and the piece put back (a lesson's or a
    /// puzzle's wrong try).
    Wrong,
    /// Refused by the referee: nothing changed.
    Refused,
    /// A pawn on the last rank that needs its new piece.
    Promote,
    /// There was nothing to move.
    Stale,
}

/// What the page is told about a drop.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageSaid {
    /// Played, refused, or waiting for a piece.
    pub result: DropResult,
    /// The tutor's words about it (for a refusal, the rule).
    pub text: String,
    /// The squares and arrows to draw (a refusal's reason, the same as on the chat's picture).
    pub overlay: Overlay,
}

/// The page's own words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageLabels {
    /// Asks for the piece a pawn becomes.
    pub promote: String,
    /// Shown while the friend is to move.
    pub waiting: String,
    /// Shown when no task asks for a move.
    pub none: String,
    /// Shown over a finished game's last position.
    pub over: String,
    /// Shown when the learner is to move.
    pub your_move: String,
    /// The switch that turns text mode on and off.
    pub text_mode: String,
    /// The button that closes the page inside Telegram.
    pub close: String,
}
