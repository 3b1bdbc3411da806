//! serde mirrors of the lesson YAML, exactly as written, with source locations. Nothing here
//! is checked beyond its shape; [`super::load`] turns these into validated lessons.

use serde::Deserialize;
use serde_saphyr::Spanned;

use super::goal::Goal;

/// A text as written: either language may be missing (the loader reports it).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawText {
    /// Simplified Chinese.
    #[serde(default)]
    pub zh: Option<String>,
    /// English.
    #[serde(default)]
    pub en: Option<String>,
}

/// One lesson file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawLesson {
    /// Stable lesson id.
    pub id: Spanned<String>,
    /// The curriculum unit (1–19); must match the file's numeric prefix.
    pub unit: Spanned<u32>,
    /// The lesson's title.
    pub title: Spanned<RawText>,
    /// The steps in order.
    pub steps: Spanned<Vec<RawStep>>,
}

/// One step as written. Which fields a step may carry depends on its `kind`; the loader
/// reports fields that do not belong.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawStep {
    /// Stable step id.
    pub id: Spanned<String>,
    /// `explain`, `move`, `squares`, `judge`, `mate` or `quiz`.
    pub kind: Spanned<String>,
    /// The board, as FEN.
    #[serde(default)]
    pub board: Option<Spanned<String>>,
    /// Squares highlighted on the board.
    #[serde(default)]
    pub marks: Option<Spanned<Vec<String>>>,
    /// Arrows drawn on the board, as `e2e4`.
    #[serde(default)]
    pub arrows: Option<Spanned<Vec<String>>>,
    /// The move that led to the board, as `d7d5`: its two squares are tinted, as in a game.
    /// Without it a board whose FEN has an en passant square tints the double step.
    #[serde(default)]
    pub last_move: Option<Spanned<String>>,
    /// What the learner reads: the explanation, the task or the question.
    #[serde(default)]
    pub text: Option<Spanned<RawText>>,
    /// `move`: what the move must achieve.
    #[serde(default)]
    pub goal: Option<Spanned<Goal>>,
    /// `move`: example moves that reach the goal.
    #[serde(default)]
    pub expected: Option<Spanned<Vec<Spanned<String>>>>,
    /// `move`: plausible wrong moves that must fail the goal (or be illegal).
    #[serde(default)]
    pub wrong: Option<Spanned<Vec<Spanned<String>>>>,
    /// `move`: for each illegal `wrong` move, the referee's reason code it expects
    /// (`{Bxa1: bishop_not_diagonal}`), so that the `why` cannot contradict the engine.
    #[serde(default)]
    pub wrong_reasons: Option<Spanned<std::collections::BTreeMap<String, String>>>,
    /// A move step under touch-move: the squares of the pieces the learner touched (their
    /// own, which must move; the opponent's, which must be taken).
    #[serde(default)]
    pub touched: Option<Spanned<Vec<String>>>,
    /// `move`: what the step means to accept that the outcome audit would otherwise refuse:
    /// `[draw]` (an accepted move may draw), `[sacrifice]` (it may lose material).
    #[serde(default)]
    pub allow: Option<Spanned<Vec<super::goal::Allow>>>,
    /// Tasks: a nudge for a learner who is stuck.
    #[serde(default)]
    pub hint: Option<Spanned<RawText>>,
    /// Tasks: why the likely wrong answers are wrong (judge: why the answer is right).
    #[serde(default)]
    pub why: Option<Spanned<RawText>>,
    /// `squares`: the square of the piece.
    #[serde(default)]
    pub square: Option<Spanned<String>>,
    /// `squares`: `moves` (where it can go) or `attacks` (what it attacks).
    #[serde(default)]
    pub mode: Option<Spanned<String>>,
    /// `squares`: the answer; computed by the engine when absent.
    #[serde(default)]
    pub squares: Option<Spanned<Vec<String>>>,
    /// `judge`: the question (`legal_position`, `check`, `checkmate`, `stalemate`,
    /// `move_legal`, `draw`).
    #[serde(default)]
    pub ask: Option<Spanned<String>>,
    /// `judge` with `ask: move_legal`: the move asked about.
    #[serde(rename = "move", default)]
    pub mv: Option<Spanned<String>>,
    /// `judge`: moves played from `board` before the question (for repetitions).
    #[serde(default)]
    pub history: Option<Spanned<Vec<String>>>,
    /// `judge`: `yes`/`no`, or a draw rule (`none`, `stalemate`, …).
    #[serde(default)]
    pub answer: Option<Spanned<String>>,
    /// `quiz`: the id of a quiz item.
    #[serde(default)]
    pub quiz: Option<Spanned<String>>,
    /// `mate`: the number of moves the side to move has to mate in, against the best defence.
    #[serde(default)]
    pub moves: Option<Spanned<u32>>,
}

impl RawStep {
    /// The names of the optional fields that are present, for "does not belong" checks.
    #[must_use]
    pub fn present_fields(&self) -> Vec<(&'static str, u64)> {
        let mut out = Vec::new();
        macro_rules! field {
            ($name:literal, $f:expr) => {
                if let Some(s) = &$f {
                    out.push(($name, s.referenced.line()));
                }
            };
        }
        field!("board", self.board);
        field!("marks", self.marks);
        field!("arrows", self.arrows);
        field!("last_move", self.last_move);
        field!("text", self.text);
        field!("goal", self.goal);
        field!("expected", self.expected);
        field!("wrong", self.wrong);
        field!("wrong_reasons", self.wrong_reasons);
        field!("touched", self.touched);
        field!("allow", self.allow);
        field!("hint", self.hint);
        field!("why", self.why);
        field!("square", self.square);
        field!("mode", self.mode);
        field!("squares", self.squares);
        field!("ask", self.ask);
        field!("move", self.mv);
        field!("history", self.history);
        field!("answer", self.answer);
        field!("quiz", self.quiz);
        field!("moves", self.moves);
        out
    }
}
