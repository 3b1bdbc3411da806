//! What every kind of lesson step shares: the step the learner is on, its heading and board,
//! the task buttons, and counting a miss.

use shakmaty::Color;

use crate::content::Catalog;
use crate::content::lesson::{Lesson, Scene, Step};
use crate::render::{ArrowKind, BoardView, MarkKind};
use crate::tutor::callback::Action;
use crate::tutor::cx::Cx;
use crate::tutor::reply::Button;
use crate::tutor::state::LessonState;
use crate::tutor::words::{self, Say};

/// Misses after which the "why" text is shown along with the hint.
const MISSES_FOR_WHY: u8 = 2;

/// What a step does with an answer: the learner stays on it, or has done it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Outcome {
    /// The step is not done yet.
    Stay,
    /// The step is done: mark it and move on.
    Done,
}

impl LessonState {
    /// The step's flat index: the catalogue may have changed since the session was stored,
    /// so the id wins over the stored index.
    pub(super) fn index(&self, catalog: &Catalog) -> usize {
        catalog
            .step_index(self.step_id.as_str())
            .unwrap_or(self.step)
    }

    /// The step the learner is on, with its lesson.
    pub(super) fn step<'c>(&self, catalog: &'c Catalog) -> Option<(&'c Lesson, &'c Step)> {
        catalog.step(self.index(catalog))
    }
}

/// The picture of a step's board: as written, from the side to move, with its marks and arrows.
pub(super) fn scene_view(scene: &Scene) -> BoardView {
    let fen = scene.fen.to_string();
    let mut view = BoardView::from_fen(&fen)
        .unwrap_or_else(|_| BoardView::new(scene.fen.as_setup().board.clone()));
    if scene.fen.as_setup().turn == Color::Black {
        view = view.with_orientation(Color::Black);
    }
    for &sq in &scene.marks {
        view = view.with_mark(sq, MarkKind::Highlight);
    }
    for &(from, to) in &scene.arrows {
        view = view.with_arrow(from, to, ArrowKind::Good);
    }
    view
}

/// Hint, (solution,) next.
pub(super) fn task_buttons(cx: &Cx<'_>, with_solution: bool) -> Vec<Button> {
    let lang = cx.lang();
    let n = cx.nonce();
    let mut row = vec![Button::new(words::button_hint(lang), &Action::Hint(n))];
    if with_solution {
        row.push(Button::new(
            words::button_solution(lang),
            &Action::Solution(n),
        ));
    }
    row.push(Button::new(words::button_next(lang), &Action::Next(n)));
    row
}

/// "Unit 3 The rook · 2/7".
pub(super) fn heading(cx: &Cx<'_>, lesson: &Lesson, step: &Step) -> String {
    let lang = cx.lang();
    let pos = lesson
        .steps
        .iter()
        .position(|s| s.id == step.id)
        .unwrap_or(0);
    cx.t(&Say::LessonHeading {
        unit: lesson.unit,
        title: lesson.title.get(lang).to_owned(),
        number: pos + 1,
        steps: lesson.steps.len(),
    })
}

/// Adds the hint (and after a few misses the "why") to a message, and counts the miss.
pub(super) fn miss(state: &mut LessonState, msg: &mut String, hint: &str, why: &str) {
    state.misses = state.misses.saturating_add(1);
    msg.push_str("\n💡 ");
    msg.push_str(hint);
    if state.misses >= MISSES_FOR_WHY {
        msg.push('\n');
        msg.push_str(why);
    }
}
