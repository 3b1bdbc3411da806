//! The board page (a Telegram Mini App): what it shows of the learner's current task, and what
//! it is told about a piece dropped on it.
//!
//! The page is one more way in, not a second tutor: a drop is an [`super::Input::Drop`] judged
//! by the same move task as a typed or tapped move (counted, explained and drawn once, in
//! `move_task`), and the chat's task message is updated as for any move. This module only
//! reads the outcome back for the page: the task that follows, and whether the drop was played,
//! refused (with the rule's words and squares), or needs a promotion piece.

use shakmaty::fen::Fen;
use shakmaty::{Color, EnPassantMode, Position, Square};

use super::cx::Cx;
use super::move_task::TaskBoard;
use super::reply::Reply;
use super::tap::targets;
use super::words::Say;
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

impl PageLabels {
    fn new(lang: Lang) -> PageLabels {
        PageLabels {
            promote: Say::PagePromote.to(lang),
            waiting: Say::PageWaiting.to(lang),
            none: Say::PageNoTask.to(lang),
            your_move: Say::PageYourMove.to(lang),
        }
    }
}

impl PageTask {
    /// The task of `board`, for a learner to move when `yours`.
    pub(crate) fn of(board: &TaskBoard, yours: bool, nonce: u32) -> PageTask {
        let pos = &board.pos;
        let fen = Fen::from_position(pos, EnPassantMode::Legal).to_string();
        let dests = if yours {
            pos.board()
                .by_color(pos.turn())
                .into_iter()
                .map(|from| (from, targets(pos, from)))
                .filter(|(_, to)| !to.is_empty())
                .collect()
        } else {
            Vec::new()
        };
        let text = board.caption.clone();
        let version = version(&[&fen, &text, &nonce.to_string(), &yours.to_string()]);
        PageTask {
            fen,
            orientation: board.view.orientation,
            turn: pos.turn(),
            last_move: board.view.last_move,
            check: board.view.check,
            dests,
            text,
            yours,
            version,
        }
    }
}

/// A short, stable digest of the parts (FNV-1a, 64 bits): the same on every replica.
fn version(parts: &[&str]) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for part in parts {
        for byte in part.bytes().chain([0xff]) {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    format!("{hash:016x}")
}

/// The page's view after a step: `board` is the task that now asks for a move (with whether it
/// is the learner's move), `said` what became of a drop.
pub(crate) fn view(
    cx: &Cx<'_>,
    board: Option<(TaskBoard, bool)>,
    said: Option<PageSaid>,
) -> PageView {
    let lang = cx.lang();
    PageView {
        lang,
        task: board.map(|(b, yours)| PageTask::of(&b, yours, cx.nonce())),
        said,
        labels: PageLabels::new(lang),
    }
}

/// What a played drop is answered with on the page: the tutor's words that are not the task
/// message itself (the page shows that one as the task).
pub(crate) fn played_words(replies: &[Reply]) -> String {
    replies
        .iter()
        .filter(|r| r.task.is_none() && r.edit_task.is_none() && !r.text.is_empty())
        .map(|r| r.text.as_str())
        .collect::<Vec<_>>()
        .join("\n\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_differ_with_any_part_and_not_by_where_parts_split() {
        assert_eq!(version(&["a", "b"]), version(&["a", "b"]));
        assert_ne!(version(&["a", "b"]), version(&["a", "c"]));
        assert_ne!(version(&["ab", ""]), version(&["a", "b"]));
    }
}
