//! What every kind of lesson step shares: the step the learner is on, its heading and board,
//! its message (which later replies update in place), the task controls, and counting a miss.

use shakmaty::Color;

use crate::content::Catalog;
use crate::content::lesson::{Lesson, Scene, Step};
use crate::render::{ArrowKind, BoardView, MarkKind};
use crate::tutor::callback::Action;
use crate::tutor::cx::Cx;
use crate::tutor::move_task::TaskBoard;
use crate::tutor::reply::{Button, Reply};
use crate::tutor::state::LessonState;
use crate::tutor::tap;
use crate::tutor::words::Say;

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

/// A step's message: its picture, its words and its controls. Everything the bot answers
/// inside a step is this message again (in Telegram: the same message, edited), with a note
/// under the task's words and the picture the note speaks of.
pub(super) struct StepMessage {
    pub view: Option<BoardView>,
    pub caption: String,
    pub rows: Vec<Vec<Button>>,
    pub squares: Vec<Vec<Button>>,
    /// The words said under the step's own (what the board page is told of a move).
    pub note: Option<String>,
}

impl StepMessage {
    /// A move task's message: its board and words, the tap-to-move button above the task's
    /// own controls.
    pub fn of_task(cx: &Cx<'_>, board: TaskBoard) -> StepMessage {
        let mut rows = vec![vec![tap::button(cx)]];
        rows.extend(board.buttons);
        StepMessage {
            view: Some(board.view),
            caption: board.caption,
            rows,
            squares: Vec::new(),
            note: None,
        }
    }

    /// The same message with a note under the task's words.
    pub fn with_note(mut self, note: &str) -> StepMessage {
        if !note.is_empty() {
            self.caption.push_str("\n\n");
            self.caption.push_str(note);
            self.note = Some(note.to_owned());
        }
        self
    }

    /// The same message with another picture.
    pub fn with_view(mut self, view: BoardView) -> StepMessage {
        self.view = Some(view);
        self
    }

    /// The same message without its controls (the step is over).
    pub fn closed(mut self) -> StepMessage {
        self.rows.clear();
        self.squares.clear();
        self
    }

    pub fn reply(self) -> Reply {
        let mut reply = match self.view {
            Some(view) => Reply::board(view, self.caption),
            None => Reply::text(self.caption),
        };
        for row in self.rows {
            reply = reply.with_row(row);
        }
        reply.with_squares(self.squares)
    }
}

/// Shows a step's message for the first time.
pub(super) fn show(cx: &mut Cx<'_>, message: StepMessage) {
    cx.show_task(message.reply());
}

/// Answers inside a step: its message again, updated.
pub(super) fn update(cx: &mut Cx<'_>, message: StepMessage) {
    if let Some(note) = &message.note {
        cx.played(note);
    }
    cx.update_task(message.reply());
}

/// A message inside a step that was not read (not a move, not an answer): answered in words
/// under it, with the step's controls, while the step's message stays as it is.
pub(super) fn unread(cx: &mut Cx<'_>, message: StepMessage, note: &str) {
    cx.unread(note.to_owned(), message.rows);
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
    // The last move, as the step names it, or the double step its en passant square tells.
    let last = scene.last_move.or_else(|| {
        scene
            .fen
            .as_setup()
            .ep_square
            .and_then(crate::draw::double_step)
    });
    if let Some((from, to)) = last {
        view = view.with_last_move(from, to);
    }
    view
}

/// Hint, (solution,) next.
pub(super) fn task_buttons(cx: &Cx<'_>, with_solution: bool) -> Vec<Button> {
    let n = cx.nonce();
    let mut row = vec![Button::new(cx.t(&Say::ButtonHint), &Action::Hint(n))];
    if with_solution {
        row.push(Button::new(
            cx.t(&Say::ButtonSolution),
            &Action::Solution(n),
        ));
    }
    row.push(Button::new(cx.t(&Say::ButtonNext), &Action::Next(n)));
    row
}

/// "Unit 3 The rook · 2/7".
pub(super) fn heading(cx: &Cx<'_>, lesson: &Lesson, step: &Step) -> String {
    let pos = lesson
        .steps
        .iter()
        .position(|s| s.id == step.id)
        .unwrap_or(0);
    cx.t(&Say::LessonHeading {
        unit: lesson.unit,
        title: lesson.title.clone(),
        number: pos + 1,
        steps: lesson.steps.len(),
    })
}

/// A wrong answer: counted, and the hint added to the note. The step's "why" is kept for the
/// solution: it speaks of the answer (and of tries the learner may not have made).
pub(super) fn miss(state: &mut LessonState, note: &mut String, hint: &str) {
    state.misses = state.misses.saturating_add(1);
    note.push_str("\n💡 ");
    note.push_str(hint);
}
