//! Validated lessons: what the tutor walks a learner through. Every value here has passed
//! the checks of [`super::load`]: boards are legal positions, expected moves are legal and
//! reach their goal, answers agree with the engine, every text is in both languages.

use std::path::PathBuf;

use shakmaty::{Chess, Move, Square, fen::Fen};

use super::goal::Goal;
use super::judge::{Answer, Ask};
use super::text::Text;
use crate::rules::IllegalReason;

pub use super::ids::{BadId, LessonId, StepId};

/// One lesson: a curriculum unit with its steps.
#[derive(Debug, Clone)]
pub struct Lesson {
    /// Stable id.
    pub id: LessonId,
    /// The curriculum unit, 1–19 (the file's numeric prefix).
    pub unit: u32,
    /// The title.
    pub title: Text,
    /// The file it was loaded from.
    pub file: PathBuf,
    /// The steps, in order.
    pub steps: Vec<Step>,
}

impl Lesson {
    /// The steps that ask the learner to do something (everything but `explain`).
    pub fn tasks(&self) -> impl Iterator<Item = &Step> {
        self.steps.iter().filter(|s| s.kind.is_task())
    }
}

/// One step of a lesson.
#[derive(Debug, Clone)]
pub struct Step {
    /// Stable id, unique across all lessons.
    pub id: StepId,
    /// The line of the step in its file.
    pub line: usize,
    /// What the step shows and asks.
    pub kind: StepKind,
}

/// A board as a step shows it.
#[derive(Debug, Clone)]
pub struct Scene {
    /// The position, as written (its FEN is what pictures are drawn from).
    pub fen: Fen,
    /// Squares to highlight.
    pub marks: Vec<Square>,
    /// Arrows to draw, from → to.
    pub arrows: Vec<(Square, Square)>,
    /// The move that led to the position, when the step plays one first (`history`): its
    /// two squares are tinted, as in a game.
    pub last_move: Option<(Square, Square)>,
}

/// The kinds of step.
#[derive(Debug, Clone)]
pub enum StepKind {
    /// Read: a text, with a board when one helps.
    Explain {
        /// The board, if any.
        scene: Option<Scene>,
        /// The explanation.
        text: Text,
    },
    /// Play a move that reaches a goal.
    Move(MoveTask),
    /// Tap every square a piece can move to or attacks.
    Squares(SquaresTask),
    /// Answer a question about the position.
    Judge(JudgeTask),
    /// Mate in a few moves against the engine's best defence (the basic mates).
    Mate(MateTask),
    /// Answer a quiz item from the bank (the id is checked when the bank is loaded).
    Quiz {
        /// The quiz item's id.
        item: String,
    },
}

impl StepKind {
    /// The YAML name of the kind.
    #[must_use]
    pub fn code(&self) -> &'static str {
        match self {
            Self::Explain { .. } => "explain",
            Self::Move(_) => "move",
            Self::Squares(_) => "squares",
            Self::Judge(_) => "judge",
            Self::Mate(_) => "mate",
            Self::Quiz { .. } => "quiz",
        }
    }

    /// Whether the learner does something in this step (everything but `explain`).
    #[must_use]
    pub fn is_task(&self) -> bool {
        !matches!(self, Self::Explain { .. })
    }
}

/// A move task: play one move in `position` that meets `goal`.
#[derive(Debug, Clone)]
pub struct MoveTask {
    /// The board shown.
    pub scene: Scene,
    /// The position to move in (the learner plays the side to move).
    pub position: Chess,
    /// The task as the learner reads it.
    pub text: Text,
    /// What the move must achieve; any legal move meeting it is right.
    pub goal: Goal,
    /// Example moves that meet the goal (at least one), in SAN.
    pub expected: Vec<Move>,
    /// Plausible wrong tries, each proven to fail the goal (`None` when illegal).
    pub wrong: Vec<WrongTry>,
    /// What the step means to accept that the outcome audit would refuse (a draw, a
    /// sacrifice): see the outcome audit, `content::outcome`.
    pub allow: Vec<super::goal::Allow>,
    /// A nudge for a learner who is stuck.
    pub hint: Text,
    /// Why the likely wrong answers fail.
    pub why: Text,
    /// Under touch-move (FIDE Art. 4.3): the squares of the pieces the learner has touched,
    /// their own (which must move, if it can) and the opponent's (which must be taken, if it
    /// can be). A legal move that breaks it is answered with the rule.
    pub touched: Vec<shakmaty::Square>,
}

/// A wrong answer an author foresaw.
#[derive(Debug, Clone)]
pub struct WrongTry {
    /// The move as written.
    pub input: String,
    /// The move, when it is legal (then it fails the goal); `None` when illegal.
    pub mv: Option<Move>,
    /// Why the rules forbid it, when it is illegal.
    pub reason: Option<IllegalReason>,
}

/// What a squares task asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SquaresMode {
    /// Every square the piece can legally move to.
    Moves,
    /// Every square the piece attacks (whatever stands there).
    Attacks,
}

/// Tap every square a piece can reach or attacks.
#[derive(Debug, Clone)]
pub struct SquaresTask {
    /// The board shown.
    pub scene: Scene,
    /// The position.
    pub position: Chess,
    /// The question.
    pub text: Text,
    /// The piece's square.
    pub square: Square,
    /// Moves or attacks.
    pub mode: SquaresMode,
    /// The right set, computed by the engine (and equal to the YAML's, when it gives one).
    pub answer: Vec<Square>,
    /// A nudge.
    pub hint: Text,
    /// What learners tend to miss.
    pub why: Text,
}

/// Answer a question about a position.
#[derive(Debug, Clone)]
pub struct JudgeTask {
    /// The board shown (the position after `history`, when there is one).
    pub scene: Scene,
    /// The question's position, when it is a legal one (`None` for an impossible position in
    /// a `legal_position` question).
    pub position: Option<Chess>,
    /// Moves played before the question, in SAN, from the step's `board`.
    pub history: Vec<String>,
    /// The question as the learner reads it.
    pub text: Text,
    /// What is asked.
    pub ask: Ask,
    /// The right answer, agreed by the engine.
    pub answer: Answer,
    /// A nudge.
    pub hint: Text,
    /// Why the answer is right.
    pub why: Text,
}

/// Mate within `moves` moves, the learner against the engine's best defence (the reply that
/// holds out longest): every move that keeps a forced mate within the moves left is accepted.
#[derive(Debug, Clone)]
pub struct MateTask {
    /// The board shown at the start.
    pub scene: Scene,
    /// The starting position (the learner plays the side to move).
    pub position: Chess,
    /// The task as the learner reads it.
    pub text: Text,
    /// The moves the learner has to mate in; the search proved the shortest forced mate takes
    /// exactly this many.
    pub moves: u32,
    /// A nudge for a learner who is stuck (before the search's own hint).
    pub hint: Text,
    /// The technique, said with the solution.
    pub why: Text,
}
