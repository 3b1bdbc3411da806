//! What every activity of the tutor (a lesson, a puzzle, a quiz round) does with an input. An
//! activity that asks for moves is also a `move_task::MoveTask`.
//!
//! An activity owns its state (a variant of [`Mode`]); each handler takes that state by value
//! and returns the mode that follows, so a transition is a return value. Only the dispatcher
//! names every activity.

use super::cx::Cx;
use super::state::Mode;

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
