//! Serde mirrors of the quiz YAML (`lessons/quiz/*.yaml`), as written by an author.
//!
//! Everything an author may get wrong is kept loose here (strings, options) and carries its
//! source location, so that the loader can report every problem at its line instead of
//! stopping at the first one. Unknown keys are refused by serde (`deny_unknown_fields`).

use serde::Deserialize;
use serde_saphyr::Spanned;

/// One quiz item, as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawItem {
    pub id: Option<Spanned<String>>,
    pub unit: Option<Spanned<i64>>,
    pub kind: Option<Spanned<String>>,
    pub fen: Option<Spanned<String>>,
    pub moves: Option<Spanned<Vec<Spanned<String>>>>,
    pub question: Option<Spanned<RawText>>,
    pub choices: Option<Spanned<Vec<Spanned<RawChoice>>>>,
    pub answer: Option<Spanned<RawAnswer>>,
    pub claim: Option<Spanned<RawClaim>>,
    pub explanation: Option<Spanned<RawText>>,
}

/// A learner-facing text in both languages.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawText {
    pub zh: Option<Spanned<String>>,
    pub en: Option<Spanned<String>>,
}

/// One choice of a multiple-choice item: its text and, for a position item, its claim.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawChoice {
    pub zh: Option<Spanned<String>>,
    pub en: Option<Spanned<String>>,
    pub claim: Option<Spanned<RawClaim>>,
}

/// The answer key: `true`/`false`, or the letter of a choice (`a`, `b`, …).
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub(crate) enum RawAnswer {
    Bool(bool),
    Letter(String),
    Number(i64),
}

/// A claim about the position, flat: `kind` names it, the other fields are its arguments.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawClaim {
    pub kind: Option<Spanned<String>>,
    #[serde(rename = "move")]
    pub mv: Option<Spanned<String>>,
    pub reason: Option<Spanned<String>>,
    pub side: Option<Spanned<String>>,
    pub square: Option<Spanned<String>>,
    pub count: Option<Spanned<i64>>,
    pub by: Option<Spanned<String>>,
}
