//! The ids of content: lessons, steps, quiz items and puzzles. Progress is stored by them, so
//! each is a type that can only hold a valid id, read once where it enters (a YAML file, a
//! stored session) and written back exactly as read.

use std::fmt;
use std::str::FromStr;

/// Why a string is not an id.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{id}` is not {what}: {rule}")]
pub struct BadId {
    /// The string given.
    pub id: String,
    /// What it was meant to be ("a lesson id").
    pub what: &'static str,
    /// The rule it breaks.
    pub rule: &'static str,
}

/// Content ids written by authors: lowercase ASCII letters, digits and `-`, starting with a
/// letter or digit, at most 64 bytes.
fn authored(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 64
        && s.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        && !s.starts_with('-')
}

/// Puzzle ids also come from the Lichess database (`02jRN`): ASCII letters of either case,
/// digits, `-` and `_`, at most 64 bytes.
fn imported(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 64
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

const AUTHORED_RULE: &str = "use a–z, 0–9 and `-` (at most 64), starting with a letter or digit";

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident, $what:literal, $valid:path, $rule:expr) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(String);

        impl $name {
            /// The id as written.
            #[must_use]
            pub fn as_str(&self) -> &str {
                &self.0
            }
        }

        impl FromStr for $name {
            type Err = BadId;
            fn from_str(s: &str) -> Result<Self, BadId> {
                if $valid(s) {
                    Ok(Self(s.to_owned()))
                } else {
                    Err(BadId {
                        id: s.to_owned(),
                        what: $what,
                        rule: $rule,
                    })
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl std::borrow::Borrow<str> for $name {
            fn borrow(&self) -> &str {
                &self.0
            }
        }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(&self.0)
            }
        }

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let s = String::deserialize(d)?;
                s.parse().map_err(serde::de::Error::custom)
            }
        }
    };
}

id_type! {
    /// The stable id of a lesson (`rook`, `en-passant`).
    ///
    /// ```
    /// use chess_tutor_core::content::LessonId;
    /// let id: LessonId = "en-passant".parse()?;
    /// assert_eq!(id.to_string(), "en-passant");
    /// assert!("En Passant".parse::<LessonId>().is_err());
    /// # Ok::<_, chess_tutor_core::content::BadId>(())
    /// ```
    LessonId, "a lesson id", authored, AUTHORED_RULE
}

id_type! {
    /// The stable id of a step, unique across all lessons; progress is stored by it.
    ///
    /// ```
    /// use chess_tutor_core::content::StepId;
    /// assert!("rook-1".parse::<StepId>().is_ok());
    /// assert!("".parse::<StepId>().is_err());
    /// ```
    StepId, "a step id", authored, AUTHORED_RULE
}

id_type! {
    /// The stable id of a quiz item of the bank (`castle-rook-attacked`).
    ///
    /// ```
    /// use chess_tutor_core::content::QuizId;
    /// assert!("castle-rook-attacked".parse::<QuizId>().is_ok());
    /// assert!("Castle rook".parse::<QuizId>().is_err());
    /// ```
    QuizId, "a quiz item id", authored, AUTHORED_RULE
}

id_type! {
    /// The stable id of a puzzle: for imported puzzles the Lichess id (`02jRN`).
    ///
    /// ```
    /// use chess_tutor_core::content::PuzzleId;
    /// assert_eq!("02jRN".parse::<PuzzleId>()?.as_str(), "02jRN");
    /// assert!("02j RN".parse::<PuzzleId>().is_err());
    /// # Ok::<_, chess_tutor_core::content::BadId>(())
    /// ```
    PuzzleId, "a puzzle id", imported,
    "use ASCII letters, digits, `-` and `_` (at most 64)"
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn an_authored_id_round_trips(s in "[a-z0-9][a-z0-9-]{0,40}") {
            let id: StepId = s.parse().unwrap();
            prop_assert_eq!(id.to_string(), s.clone());
            let json = serde_json::to_string(&id).unwrap();
            prop_assert_eq!(serde_json::from_str::<StepId>(&json).unwrap(), id);
            prop_assert_eq!(json, format!("\"{s}\""));
        }

        #[test]
        fn a_puzzle_id_round_trips(s in "[A-Za-z0-9_-]{1,20}") {
            let id: PuzzleId = s.parse().unwrap();
            prop_assert_eq!(id.as_str(), s.as_str());
            let back: PuzzleId = serde_json::from_str(&serde_json::to_string(&id).unwrap()).unwrap();
            prop_assert_eq!(back, id);
        }
    }

    #[test]
    fn a_bad_id_in_json_is_an_error_not_a_default() {
        assert!(serde_json::from_str::<QuizId>("\"Has Space\"").is_err());
        assert!(serde_json::from_str::<PuzzleId>("\"\"").is_err());
        let err = "Upper".parse::<LessonId>().unwrap_err();
        assert!(err.to_string().contains("a lesson id"), "{err}");
    }
}
