//! The board page (a Telegram Mini App): what it shows of the learner's current task, and what
//! it is told about a piece dropped on it.
//!
//! The page is one more way in, not a second tutor: a drop is an [`super::Input::Drop`] judged
//! by the same move task as a typed or tapped move (counted, explained and drawn once, in
//! `move_task`), and the chat's task message is updated as for any move. This module only
//! reads the outcome back for the page: the task that follows, and whether the drop was played,
//! refused (with the rule's words and squares), or needs a promotion piece.

use shakmaty::fen::Fen;
use shakmaty::{EnPassantMode, Position};

use super::move_task::TaskBoard;
use super::page_view::{PageLabels, PageSaid, PageTask, PageVersion, PageView};
use super::tap::targets;
use super::words::Say;
use crate::rules::Lang;

/// The page's own words in `lang`.
/// Where the learner's work is when it asks for no move on the page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Elsewhere {
    /// A quiz question, answered in the chat.
    Quiz,
    /// A lesson's step without a move (reading, a yes/no question, squares to pick).
    Lesson,
}

fn labels(lang: Lang, elsewhere: Option<Elsewhere>) -> PageLabels {
    let none = match elsewhere {
        Some(Elsewhere::Quiz) => Say::PageNoneQuiz,
        Some(Elsewhere::Lesson) => Say::PageNoneLesson,
        None => Say::PageNoTask,
    };
    PageLabels {
        promote: Say::PagePromote.to(lang),
        waiting: Say::PageWaiting.to(lang),
        none: none.to(lang),
        over: Say::PageGameOver.to(lang),
        your_move: Say::PageYourMove.to(lang),
        text_mode: Say::PageTextMode.to(lang),
        close: Say::PageClose.to(lang),
    }
}

/// The task of `board`, for a learner to move when `yours`, on the question `nonce`.
pub(crate) fn task_of(board: &TaskBoard, yours: bool, nonce: u32) -> PageTask {
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
    let marks = crate::render::Overlay {
        marks: board.view.marks.clone(),
        arrows: board.view.arrows.clone(),
    };
    let drawn = format!("{marks:?}");
    let (nonce, yours_word) = (nonce.to_string(), yours.to_string());
    let mut parts = vec![
        fen.as_str(),
        text.as_str(),
        nonce.as_str(),
        yours_word.as_str(),
    ];
    // Marks count from the first task that has some (a task without keeps its version).
    if !marks.marks.is_empty() || !marks.arrows.is_empty() {
        parts.push(&drawn);
    }
    let version = version(&parts);
    PageTask {
        fen,
        orientation: board.view.orientation,
        turn: pos.turn(),
        last_move: board.view.last_move,
        check: board.view.check,
        dests,
        text,
        marks,
        yours,
        over: false,
        version,
    }
}

/// A short, stable digest of the parts (FNV-1a, 64 bits): the same on every replica.
fn version(parts: &[&str]) -> PageVersion {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for part in parts {
        for byte in part.bytes().chain([0xff]) {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    PageVersion::of_digest(hash)
}

/// The page's view after a step, for a learner reading `lang` on the question `nonce`: `board` is the task that now asks for a move (with whether it
/// is the learner's move), `said` what became of a drop.
pub(crate) fn view(
    lang: Lang,
    nonce: u32,
    board: Option<(TaskBoard, bool)>,
    said: Option<PageSaid>,
    text_mode: bool,
    elsewhere: Option<Elsewhere>,
    over: bool,
) -> PageView {
    let task = board.map(|(b, yours)| PageTask {
        over,
        ..task_of(&b, yours, nonce)
    });
    let labels = labels(lang, elsewhere.filter(|_| task.is_none()));
    let version = match &task {
        Some(t) => t.version.clone(),
        // Nothing to move: what the page says instead tells one view from another.
        None => version(&["none", &labels.none]),
    };
    PageView {
        lang,
        task,
        said,
        labels,
        text_mode,
        version,
    }
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
