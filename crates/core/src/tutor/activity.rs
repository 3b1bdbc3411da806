//! What every activity of the tutor (a lesson, a puzzle, a quiz round) does with an input,
//! and what the tap board needs of an activity that asks for a move.
//!
//! An activity owns its state (a variant of [`Mode`]); each handler takes that state by value
//! and returns the mode that follows, so a transition is a return value. Only the dispatcher
//! names every activity.

use shakmaty::Chess;

use super::cx::Cx;
use super::reply::Button;
use super::state::Mode;
use crate::render::BoardView;
use crate::rules::Verdict;

/// One activity of the tutor.
pub(crate) trait Activity: Sized + Into<Mode> {
    /// Shows the current question again (`/board`).
    fn present(&self, cx: &mut Cx<'_>);

    /// A typed message that is not a command.
    fn text(self, cx: &mut Cx<'_>, text: &str) -> Mode;

    /// An answer button (0-based choice) of the current question.
    fn answer(self, cx: &mut Cx<'_>, _choice: usize) -> Mode {
        cx.stale_button();
        self.into()
    }

    /// `/next`, or the Next button.
    fn next(self, cx: &mut Cx<'_>) -> Mode;

    /// `/hint`, or the Hint button.
    fn hint(self, cx: &mut Cx<'_>) -> Mode {
        cx.nothing_to_do();
        self.into()
    }

    /// `/solution`, or the Solution button.
    fn solution(self, cx: &mut Cx<'_>) -> Mode {
        cx.nothing_to_do();
        self.into()
    }
}

/// The board of a task that asks for a move, as the tap board shows it.
pub(crate) struct TaskBoard {
    /// The position to move in.
    pub pos: Chess,
    /// The task's picture (its orientation is the grid's).
    pub view: BoardView,
    /// The task's words.
    pub caption: String,
    /// The task's own buttons (hint, solution, next), kept under the grid.
    pub buttons: Vec<Vec<Button>>,
}

/// An activity whose current question may ask for a move: what the tap board works with.
pub(crate) trait MoveTask: Activity {
    /// The board, when the current question asks for a move.
    fn task_board(&self, cx: &Cx<'_>) -> Option<TaskBoard>;

    /// A move for the current question, already read by the referee (typed or tapped).
    fn play(self, cx: &mut Cx<'_>, verdict: Verdict, input: &str) -> Mode;
}
