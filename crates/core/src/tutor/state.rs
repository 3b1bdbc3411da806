//! The learner's session: language, what they are doing now, and their progress. Stored as
//! JSON by the shell after every input.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use crate::rules::Lang;

/// Everything the tutor remembers about one learner.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Session {
    /// The learner's language, once known.
    pub lang: Option<Lang>,
    /// What the learner is doing now.
    pub mode: Mode,
    /// What the learner has done.
    pub progress: Progress,
    /// Increases with every question asked; buttons carry it (see [`super::callback`]).
    pub nonce: u32,
    /// The piece picked on the tap board, if any (see [`super::tap`]).
    pub tap: Option<TapSelection>,
}

/// A piece picked on the tap board. It belongs to one question: once the nonce moves on it
/// is forgotten, so a new task never starts with an old selection.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TapSelection {
    /// The question's nonce.
    pub nonce: u32,
    /// The square of the picked piece, by name (`e2`).
    pub square: String,
}

/// The format of a stored [`Session`] that this release writes (see [`Session::to_stored`]).
/// Stored sessions without a format tag are format 1, which this release reads as they are.
pub const SESSION_FORMAT: u32 = 1;

/// A stored session that this release cannot read. The stored value must then be kept as it
/// is (never overwritten by a fresh session): it holds the learner's progress.
#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    /// The stored value is not a session of any format this release knows.
    #[error("the stored session does not read as format {format}: {source}")]
    Unreadable {
        /// The format it claimed (or 1 when it had no tag).
        format: u32,
        /// What serde said.
        #[source]
        source: serde_json::Error,
    },
    /// The stored session is of a newer format than this release knows (a rollback).
    #[error("the stored session is of format {found}, newer than this release's {SESSION_FORMAT}")]
    TooNew {
        /// The format found.
        found: u32,
    },
}

impl Session {
    /// Reads a stored session.
    ///
    /// # Errors
    ///
    /// [`SessionError`] when the value is not a session this release can read; the caller
    /// keeps the stored value untouched.
    ///
    /// ```
    /// use chess_tutor_core::tutor::Session;
    /// let s = Session::from_stored(&serde_json::json!({"lang": "en", "nonce": 4})).unwrap();
    /// assert_eq!(s.nonce, 4);
    /// assert!(Session::from_stored(&serde_json::json!({"nonce": "four"})).is_err());
    /// ```
    pub fn from_stored(value: &serde_json::Value) -> Result<Session, SessionError> {
        let format = value
            .get("format")
            .and_then(serde_json::Value::as_u64)
            .map_or(1, |f| u32::try_from(f).unwrap_or(u32::MAX));
        if format > SESSION_FORMAT {
            return Err(SessionError::TooNew { found: format });
        }
        Session::deserialize(value).map_err(|source| SessionError::Unreadable { format, source })
    }

    /// The session as this release stores it.
    #[must_use]
    pub fn to_stored(&self) -> serde_json::Value {
        // A Session is plain data (strings, numbers, maps with string keys): it always
        // serialises.
        serde_json::to_value(self).unwrap_or(serde_json::Value::Null)
    }

    /// The language to speak (Chinese until the learner chooses).
    #[must_use]
    pub fn lang(&self) -> Lang {
        self.lang.unwrap_or_default()
    }

    /// The square picked on the tap board for the current question.
    #[must_use]
    pub fn tap_selection(&self) -> Option<shakmaty::Square> {
        let tap = self.tap.as_ref().filter(|t| t.nonce == self.nonce)?;
        shakmaty::Square::from_ascii(tap.square.as_bytes()).ok()
    }
}

/// What the learner is doing.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "mode", rename_all = "snake_case")]
pub enum Mode {
    /// Nothing in particular: the menu.
    #[default]
    Idle,
    /// A lesson step.
    Lesson {
        /// The step's index in the catalogue's step list.
        step: usize,
        /// The step's id (to find it again if the catalogue changes).
        step_id: String,
        /// Hints given for this step.
        hints: u8,
        /// Wrong answers so far.
        misses: u8,
    },
    /// A mate-in-N puzzle.
    Puzzle {
        /// The puzzle's id.
        id: String,
        /// The position now (after the defender's replies).
        fen: String,
        /// Moves the learner still has to mate in.
        moves_left: u32,
        /// Hint rung reached (0 = none, 1 = the piece, 2 = the square, 3 = the move).
        hints: u8,
        /// Whether the result was already counted (a mistake, or the solution seen).
        decided: bool,
        /// The last move on the board, UCI, to tint.
        last_move: Option<String>,
    },
    /// A quiz round.
    Quiz {
        /// The current question.
        item: QuizRef,
        /// Questions asked in this round (including the current one).
        asked: u32,
        /// Right answers in this round.
        right: u32,
        /// Whether the current question was answered.
        answered: bool,
    },
}

/// A quiz question, by reference: a bank item id, or a generator seed and topic.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "from", rename_all = "snake_case")]
pub enum QuizRef {
    /// An item of the bank.
    Bank {
        /// The item's id.
        id: String,
    },
    /// A generated item.
    Generated {
        /// The generator's seed.
        seed: u64,
        /// The topic's index in `Topic::ALL`.
        topic: u8,
    },
    /// A lesson's quiz step: the bank item, inside a lesson.
    Lesson {
        /// The item's id.
        id: String,
    },
}

/// What the learner has done, kept for good.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Progress {
    /// Completed lesson steps, by id.
    pub steps_done: BTreeSet<String>,
    /// Completed lessons, by id.
    pub lessons_done: BTreeSet<String>,
    /// Illegal attempts per reason code: the rules to practise.
    pub rule_errors: BTreeMap<String, u32>,
    /// Reason codes whose review was already offered.
    pub reviews_offered: BTreeSet<String>,
    /// Ladder points.
    pub points: i32,
    /// Rated games played (puzzles and quiz rounds).
    pub rated_games: u32,
    /// Puzzles solved, by id.
    pub puzzles_solved: BTreeSet<String>,
    /// Puzzles missed and due for review, oldest first (used when the shell gives no time).
    pub review_queue: Vec<String>,
    /// FSRS cards of missed puzzles, by puzzle id: when each is due again.
    pub reviews: BTreeMap<String, rs_fsrs::Card>,
    /// Puzzles started (to pick a fresh one and to space the reviews).
    pub puzzles_started: u32,
    /// Quiz answers.
    pub quiz_right: u32,
    /// Quiz answers that were wrong.
    pub quiz_wrong: u32,
    /// Quiz items answered, by id (bank items only).
    pub quiz_seen: BTreeSet<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_session_stored_before_tap_to_move_still_loads() {
        let old = r#"{"lang":"en","mode":{"mode":"idle"},"nonce":7}"#;
        let s: Session = serde_json::from_str(old).unwrap();
        assert_eq!(s.nonce, 7);
        assert_eq!(s.tap, None);
        assert_eq!(s.tap_selection(), None);
    }

    #[test]
    fn a_pick_belongs_to_its_question() {
        let mut s = Session {
            nonce: 3,
            tap: Some(TapSelection {
                nonce: 3,
                square: "e2".into(),
            }),
            ..Session::default()
        };
        assert_eq!(s.tap_selection(), Some(shakmaty::Square::E2));
        s.nonce = 4;
        assert_eq!(s.tap_selection(), None, "a new question forgets the pick");
        s.nonce = 3;
        s.tap = Some(TapSelection {
            nonce: 3,
            square: "z9".into(),
        });
        assert_eq!(s.tap_selection(), None, "a damaged square is no pick");
    }
}
