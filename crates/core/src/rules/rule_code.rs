//! The code of a rule a refused move broke, as a learner's progress and events keep it.
//!
//! A code is read from storage, which another release may have written: a code this release
//! does not know is kept as it was read and written back unchanged (stored data is never
//! silently replaced), while every code this release writes is one of its [`Rule`]s.

use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};

use serde::{Deserialize, Serialize};

use super::reason::Rule;

/// A rule by its stable code (`pinned`, `king_into_check`, …): one this release knows, or,
/// when read from storage, a code it does not know, kept as read.
///
/// Codes compare, sort and hash as their text, so a map of them is stored in the same order
/// whichever release wrote it.
///
/// ```
/// use chess_tutor_core::rules::{Rule, RuleCode};
/// let pinned = RuleCode::from(Rule::Pinned);
/// assert_eq!(pinned.as_str(), "pinned");
/// assert_eq!(RuleCode::read("pinned"), pinned);
/// assert_eq!(pinned.rule(), Some(Rule::Pinned));
///
/// let later = RuleCode::read("a_rule_of_a_later_release");
/// assert_eq!(later.rule(), None);
/// assert_eq!(later.as_str(), "a_rule_of_a_later_release");
/// ```
#[derive(Clone, Serialize, Deserialize)]
#[serde(from = "String", into = "String")]
pub struct RuleCode(Code);

/// A private enum, so that a code this release knows is never held as an unknown one.
#[derive(Clone)]
enum Code {
    Known(Rule),
    Unknown(Box<str>),
}

impl RuleCode {
    /// A code as stored: the rule it names, or the text kept as it is.
    #[must_use]
    pub fn read(code: &str) -> RuleCode {
        match code.parse::<Rule>() {
            Ok(rule) => RuleCode(Code::Known(rule)),
            Err(_) => RuleCode(Code::Unknown(code.into())),
        }
    }

    /// The rule, when this release knows it.
    #[must_use]
    pub fn rule(&self) -> Option<Rule> {
        match &self.0 {
            Code::Known(rule) => Some(*rule),
            Code::Unknown(_) => None,
        }
    }

    /// The code's text, as stored.
    #[must_use]
    pub fn as_str(&self) -> &str {
        match &self.0 {
            Code::Known(rule) => rule.into(),
            Code::Unknown(code) => code,
        }
    }
}

impl From<Rule> for RuleCode {
    fn from(rule: Rule) -> RuleCode {
        RuleCode(Code::Known(rule))
    }
}

impl From<&str> for RuleCode {
    fn from(code: &str) -> RuleCode {
        RuleCode::read(code)
    }
}

impl From<String> for RuleCode {
    fn from(code: String) -> RuleCode {
        RuleCode::read(&code)
    }
}

impl From<RuleCode> for String {
    fn from(code: RuleCode) -> String {
        code.as_str().to_owned()
    }
}

impl PartialEq for RuleCode {
    fn eq(&self, other: &RuleCode) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for RuleCode {}

impl PartialEq<Rule> for RuleCode {
    fn eq(&self, other: &Rule) -> bool {
        self.rule() == Some(*other)
    }
}

impl Ord for RuleCode {
    fn cmp(&self, other: &RuleCode) -> Ordering {
        self.as_str().cmp(other.as_str())
    }
}

impl PartialOrd for RuleCode {
    fn partial_cmp(&self, other: &RuleCode) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Hash for RuleCode {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

impl fmt::Debug for RuleCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Code::Known(rule) => write!(f, "{rule:?}"),
            Code::Unknown(code) => write!(f, "Unknown({code:?})"),
        }
    }
}

impl fmt::Display for RuleCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A rule's code, as the catalogue's `rule-name` selects its words by (an unknown code is
/// named by its text).
impl crate::i18n::Arg for RuleCode {
    fn value(&self, _: crate::i18n::Lang) -> fluent_bundle::FluentValue<'static> {
        fluent_bundle::FluentValue::from(self.as_str().to_owned())
    }
}

#[cfg(test)]
impl crate::i18n::Sample for RuleCode {
    fn sample() -> Self {
        Rule::Pinned.into()
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use strum::VariantArray;

    use super::*;

    #[test]
    fn every_rule_reads_back_from_its_code() {
        for &rule in Rule::VARIANTS {
            let code = RuleCode::from(rule);
            assert_eq!(RuleCode::read(code.as_str()).rule(), Some(rule));
        }
    }

    #[test]
    fn a_rule_s_code_is_its_reason_s_code() {
        let reason = crate::rules::IllegalReason::Pinned {
            piece: shakmaty::Role::Knight,
            from: shakmaty::Square::D2,
            to: shakmaty::Square::D3,
            pinner: shakmaty::Square::B4,
            king: shakmaty::Square::E1,
        };
        assert_eq!(RuleCode::from(reason.rule()).as_str(), reason.code());
    }

    #[test]
    fn an_unknown_stored_code_is_kept_and_written_back_unchanged() {
        let stored = r#"{"a_rule_of_a_later_release":3,"pinned":2}"#;
        let read: BTreeMap<RuleCode, u32> = serde_json::from_str(stored).unwrap();
        assert_eq!(read[&RuleCode::from(Rule::Pinned)], 2);
        assert_eq!(read[&RuleCode::read("a_rule_of_a_later_release")], 3);
        assert_eq!(serde_json::to_string(&read).unwrap(), stored);
    }

    #[test]
    fn codes_sort_as_their_text_as_stored_maps_did() {
        let mut codes = [
            RuleCode::from(Rule::WrongMovement),
            RuleCode::read("b_unknown"),
            RuleCode::from(Rule::KingIntoCheck),
        ];
        codes.sort();
        let texts: Vec<&str> = codes.iter().map(RuleCode::as_str).collect();
        assert_eq!(texts, ["b_unknown", "king_into_check", "wrong_movement"]);
    }
}
