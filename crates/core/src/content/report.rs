//! What `chess-tutor check` reports: how much content there is and every problem in it.

use serde_json::{Value, json};

use super::lesson::{Lesson, StepKind};
use super::problem::Problem;

/// What the outcome audit covered.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct OutcomeCounts {
    /// Move steps audited.
    pub steps: usize,
    /// Accepted moves judged.
    pub moves: usize,
    /// Accepted moves whose material search ran out of budget.
    pub unjudged: usize,
}

/// Counts and problems over all content sources. Each loader adds its part with one call.
///
/// ```
/// use chess_tutor_core::content::{CheckReport, Problem};
/// let mut report = CheckReport::default();
/// report.add_problems(vec![Problem::at("lessons/01-board.yaml", Some(3), "bad")]);
/// assert!(!report.is_clean());
/// assert_eq!(report.to_json()["problems"][0]["line"], 3);
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CheckReport {
    /// Lessons that loaded.
    pub lessons: usize,
    /// Steps in those lessons.
    pub steps: usize,
    /// The steps by kind (`explain`, `move`, `squares`, `judge`, `mate`, `quiz`).
    pub steps_by_kind: std::collections::BTreeMap<&'static str, usize>,
    /// Quiz items that loaded.
    pub quiz_items: usize,
    /// Puzzles that loaded.
    pub puzzles: usize,
    /// The outcome audit ([`super::outcome`]): move steps audited, accepted moves judged, and
    /// accepted moves its budget left unjudged for material.
    pub outcome: OutcomeCounts,
    /// Everything wrong, in the order found.
    pub problems: Vec<Problem>,
    /// Quiz items that cannot be posted as a Telegram quiz poll in some language (a class's
    /// `/classquiz` skips them there): a note for authors, not a problem of the content.
    pub not_polls: Vec<Problem>,
}

impl CheckReport {
    /// Adds the result of [`super::load_lessons`].
    pub fn add_lessons(&mut self, (lessons, problems): (Vec<Lesson>, Vec<Problem>)) {
        self.lessons += lessons.len();
        self.steps += lessons.iter().map(|l| l.steps.len()).sum::<usize>();
        for step in lessons.iter().flat_map(|l| &l.steps) {
            let kind = match step.kind {
                StepKind::Explain { .. } => "explain",
                StepKind::Move(_) => "move",
                StepKind::Squares(_) => "squares",
                StepKind::Judge(_) => "judge",
                StepKind::Mate(_) => "mate",
                StepKind::Quiz { .. } => "quiz",
            };
            *self.steps_by_kind.entry(kind).or_default() += 1;
        }
        self.problems.extend(problems);
    }

    /// Adds quiz items counted by the quiz loader, with its problems.
    pub fn add_quiz_items(&mut self, count: usize, problems: Vec<Problem>) {
        self.quiz_items += count;
        self.problems.extend(problems);
    }

    /// Adds puzzles counted by the puzzle loader, with its problems.
    pub fn add_puzzles(&mut self, count: usize, problems: Vec<Problem>) {
        self.puzzles += count;
        self.problems.extend(problems);
    }

    /// Adds problems found outside any loader (a missing folder…).
    pub fn add_problems(&mut self, problems: Vec<Problem>) {
        self.problems.extend(problems);
    }

    /// Adds the outcome audit: its counts and its problems.
    pub fn add_outcome(&mut self, audit: super::outcome::CourseAudit) {
        self.outcome.steps += audit.steps;
        self.outcome.moves += audit.moves;
        self.outcome.unjudged += audit.unjudged;
        self.problems.extend(audit.problems);
    }

    /// Adds notes on quiz items that cannot be Telegram quiz polls (they are no problems).
    pub fn add_not_polls(&mut self, notes: Vec<Problem>) {
        self.not_polls.extend(notes);
    }

    /// No problem anywhere.
    #[must_use]
    pub fn is_clean(&self) -> bool {
        self.problems.is_empty()
    }

    /// The JSON of docs/cli.md: `{"lessons", "steps", "quiz_items", "puzzles", "problems"}`,
    /// each problem as `{"file", "line", "message"}`, and `steps_by_kind` (`{"move": 70, …}`)
    /// and `not_polls` (quiz items that cannot be Telegram quiz polls, as problems are).
    #[must_use]
    pub fn to_json(&self) -> Value {
        json!({
            "lessons": self.lessons,
            "steps": self.steps,
            "steps_by_kind": self.steps_by_kind,
            "quiz_items": self.quiz_items,
            "puzzles": self.puzzles,
            "outcome": {
                "steps": self.outcome.steps,
                "moves": self.outcome.moves,
                "unjudged": self.outcome.unjudged,
            },
            "problems": self.problems,
            "not_polls": self.not_polls,
        })
    }
}
