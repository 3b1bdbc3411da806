//! A validated quiz item: its texts, its answer key (with the claims the engine checks), its
//! board and where it came from.

use std::path::PathBuf;

use shakmaty::Chess;

use super::claim::{Claim, Situation};
use crate::content::text::Text;

/// The two kinds of quiz item.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QuizKind {
    /// A statement the learner marks true or false.
    TrueFalse,
    /// A question with lettered choices, exactly one of them right.
    MultipleChoice,
}

impl QuizKind {
    /// The kind as written in YAML.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::TrueFalse => "true_false",
            Self::MultipleChoice => "multiple_choice",
        }
    }
}

/// One choice of a multiple-choice item.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    /// What the learner reads on the button.
    pub text: Text,
    /// For a position item, the claim this choice makes (true only for the right choice).
    pub claim: Option<Claim>,
}

/// The answer key of an item.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// A true/false statement.
    TrueFalse {
        /// Whether the statement is true.
        correct: bool,
        /// For a position item, the claim the statement makes about the position.
        claim: Option<Claim>,
    },
    /// Lettered choices.
    MultipleChoice {
        /// The choices, in order (`a`, `b`, …).
        choices: Vec<Choice>,
        /// Index of the right choice.
        correct: usize,
    },
}

/// A learner's answer to an item.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Response {
    /// True or false.
    TrueFalse(bool),
    /// The index of a choice (0 = `a`).
    Choice(usize),
}

/// The board of a position item: the FEN as written, moves played from it, and the result.
#[derive(Debug, Clone)]
pub struct QuizBoard {
    /// The FEN as written by the author (or produced by a generator).
    pub fen: String,
    /// Moves played from `fen` before the question (UCI), e.g. to make a repetition.
    pub moves: Vec<String>,
    /// The position, with its history, that the learner sees and the claims talk about.
    pub situation: Situation,
}

impl QuizBoard {
    /// The position the learner sees.
    #[must_use]
    pub fn position(&self) -> &Chess {
        self.situation.position()
    }
}

impl PartialEq for QuizBoard {
    fn eq(&self, other: &Self) -> bool {
        self.fen == other.fen && self.moves == other.moves
    }
}

impl Eq for QuizBoard {}

/// Where an item came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    /// A file of the bank, at a line.
    File {
        /// The file, as given to the loader.
        file: PathBuf,
        /// The line of the item's first key.
        line: Option<usize>,
    },
    /// Made by [`crate::content::generate`] from a seed.
    Generated {
        /// The generator's seed.
        seed: u64,
        /// The item's index in the generator's sequence.
        index: u64,
    },
}

/// One quiz question, validated: texts in both languages, an answer key that the engine has
/// confirmed where the item makes a claim about a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QuizItem {
    /// Stable id (progress is stored by it).
    pub id: String,
    /// The curriculum unit, 1..=19 (CURRICULUM.md).
    pub unit: u8,
    /// The question or statement.
    pub question: Text,
    /// The answer key (and the choices).
    pub answer: Answer,
    /// The board, for a position item.
    pub board: Option<QuizBoard>,
    /// Why the answer is what it is: one paragraph per language.
    pub explanation: Text,
    /// Where the item came from.
    pub origin: Origin,
}

impl QuizItem {
    /// True/false or multiple choice.
    #[must_use]
    pub fn kind(&self) -> QuizKind {
        match self.answer {
            Answer::TrueFalse { .. } => QuizKind::TrueFalse,
            Answer::MultipleChoice { .. } => QuizKind::MultipleChoice,
        }
    }

    /// Whether `response` is the right answer. A response of the wrong kind is wrong.
    #[must_use]
    pub fn is_correct(&self, response: Response) -> bool {
        match (&self.answer, response) {
            (Answer::TrueFalse { correct, .. }, Response::TrueFalse(r)) => *correct == r,
            (Answer::MultipleChoice { correct, .. }, Response::Choice(i)) => *correct == i,
            _ => false,
        }
    }

    /// Whether the item has a board and at least one claim that the engine checks.
    #[must_use]
    pub fn is_engine_checked(&self) -> bool {
        self.board.is_some()
            && match &self.answer {
                Answer::TrueFalse { claim, .. } => claim.is_some(),
                Answer::MultipleChoice { choices, .. } => choices.iter().any(|c| c.claim.is_some()),
            }
    }

    /// Judges every claim of the item again and compares with the answer key.
    ///
    /// # Errors
    ///
    /// [`KeyDisagrees`] for an author when the key disagrees with the engine or a claim cannot
    /// be judged.
    pub fn verify(&self) -> Result<(), KeyDisagrees> {
        let Some(board) = &self.board else {
            return Ok(());
        };
        match &self.answer {
            Answer::TrueFalse {
                correct,
                claim: Some(claim),
            } => {
                let f = claim.judge(&board.situation)?;
                if f.holds != *correct {
                    return Err(KeyDisagrees::TrueFalse {
                        key: *correct,
                        kind: claim.kind(),
                        holds: f.holds,
                        detail: f.detail,
                    });
                }
            }
            Answer::TrueFalse { claim: None, .. } => {}
            Answer::MultipleChoice { choices, correct } => {
                for (i, c) in choices.iter().enumerate() {
                    let Some(claim) = &c.claim else { continue };
                    let f = claim.judge(&board.situation)?;
                    if i == *correct && !f.holds {
                        return Err(KeyDisagrees::KeyFalse {
                            key: letter(i),
                            detail: f.detail,
                        });
                    }
                    if i != *correct && f.holds {
                        return Err(KeyDisagrees::OtherTrue {
                            key: letter(*correct),
                            other: letter(i),
                            detail: f.detail,
                        });
                    }
                }
            }
        }
        Ok(())
    }
}

/// Why a quiz item's key is not what the engine finds.
#[derive(Debug, Clone, thiserror::Error)]
pub enum KeyDisagrees {
    /// A claim could not be judged (its move or square does not read in the position).
    #[error(transparent)]
    Claim(#[from] super::claim::ClaimError),
    /// A true/false key the engine contradicts.
    #[error("answer is `{key}`, but the engine finds the claim {kind} {}: {detail}", if *.holds { "true" } else { "false" })]
    TrueFalse {
        /// The key as written.
        key: bool,
        /// The claim's kind.
        kind: &'static str,
        /// What the engine finds.
        holds: bool,
        /// The engine's reason.
        detail: String,
    },
    /// The keyed choice's claim is false.
    #[error("answer is `{key}`, but the engine finds that choice's claim false: {detail}")]
    KeyFalse {
        /// The keyed choice's letter.
        key: char,
        /// The engine's reason.
        detail: String,
    },
    /// Another choice's claim is true as well.
    #[error("answer is `{key}`, but choice `{other}` is also true by the engine: {detail}")]
    OtherTrue {
        /// The keyed choice's letter.
        key: char,
        /// The other choice's letter.
        other: char,
        /// The engine's reason.
        detail: String,
    },
}

/// The letter of choice `i` (0 → `a`).
#[must_use]
pub fn letter(i: usize) -> char {
    u8::try_from(i)
        .ok()
        .filter(|i| *i < 26)
        .map_or('?', |i| char::from(b'a' + i))
}
