//! Learner-facing text in every language of the tutor.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::OnceLock;

use crate::i18n::fluent::FluentValue;
use crate::i18n::{Arg, hant};
use crate::rules::Lang;

/// A text a learner sees. Authors write it in Simplified Chinese and in English (both always
/// present once a lesson has loaded); the Traditional Chinese form is converted from the
/// Simplified one, with the chess terms of [`hant`], the first time it is asked for.
///
/// ```
/// use chess_tutor_core::content::Text;
/// use chess_tutor_core::rules::Lang;
/// let t = Text::new("车走直线，后也能走直线", "The rook moves in straight lines");
/// assert_eq!(t.get(Lang::Zh), "车走直线，后也能走直线");
/// assert_eq!(t.get(Lang::ZhHant), "車走直線，后也能走直線");
/// assert_eq!(t.get(Lang::En), "The rook moves in straight lines");
/// ```
#[derive(Debug, Clone, serde::Serialize)]
pub struct Text {
    /// Simplified Chinese.
    pub zh: String,
    /// English.
    pub en: String,
    #[serde(skip)]
    zh_hant: OnceLock<String>,
}

impl Text {
    /// A text from its two written languages.
    pub fn new(zh: impl Into<String>, en: impl Into<String>) -> Self {
        Self {
            zh: zh.into(),
            en: en.into(),
            zh_hant: OnceLock::new(),
        }
    }

    /// The text in `lang`.
    #[must_use]
    pub fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::Zh => &self.zh,
            Lang::ZhHant => self.zh_hant.get_or_init(|| hant::to_traditional(&self.zh)),
            Lang::En => &self.en,
        }
    }
}

/// Words already worded in each language (the referee's sentences, a move in long notation
/// with the Chinese piece name), as a message's argument: the text in the message's language.
impl Arg for Text {
    fn value(&self, lang: Lang) -> FluentValue<'static> {
        FluentValue::from(self.get(lang).to_owned())
    }
}

#[cfg(test)]
impl crate::i18n::Sample for Text {
    fn sample() -> Self {
        Text::new("马g1-f3", "Ng1-f3")
    }
}

/// Texts are equal when what their authors wrote is.
impl PartialEq for Text {
    fn eq(&self, other: &Text) -> bool {
        self.zh == other.zh && self.en == other.en
    }
}

impl Eq for Text {}

impl Hash for Text {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.zh.hash(state);
        self.en.hash(state);
    }
}

impl fmt::Display for Text {
    /// Both written languages, Chinese first, for authors and logs.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} / {}", self.zh, self.en)
    }
}
