//! Learner-facing text in both languages of the tutor.

use std::fmt;

use crate::rules::Lang;

/// A text a learner sees, in Simplified Chinese and in English. Both are always present once
/// a lesson has loaded.
///
/// ```
/// use chess_tutor_core::content::Text;
/// use chess_tutor_core::rules::Lang;
/// let t = Text::new("车走直线", "The rook moves in straight lines");
/// assert_eq!(t.get(Lang::Zh), "车走直线");
/// assert_eq!(t.get(Lang::En), "The rook moves in straight lines");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize)]
pub struct Text {
    /// Simplified Chinese.
    pub zh: String,
    /// English.
    pub en: String,
}

impl Text {
    /// A text from its two languages.
    pub fn new(zh: impl Into<String>, en: impl Into<String>) -> Self {
        Self {
            zh: zh.into(),
            en: en.into(),
        }
    }

    /// The text in `lang`.
    #[must_use]
    pub fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::Zh => &self.zh,
            Lang::En => &self.en,
        }
    }
}

impl fmt::Display for Text {
    /// Both languages, Chinese first, for authors and logs.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} / {}", self.zh, self.en)
    }
}
