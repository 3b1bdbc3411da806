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
    /// Whether the learner is to move (false while the friend is, in a game with a friend).
    pub yours: bool,
    /// Changes whenever the task, its words or its board change: the page polls on it.
    pub version: String,
}

/// What became of a drop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DropResult {
    /// Played (a wrong but legal move in a puzzle or a lesson is played too, and answered).
    Legal,
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
    /// Shown when the learner is to move.
    pub your_move: String,
}
