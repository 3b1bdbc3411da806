//! Button data: a small codec, at most 64 bytes (Telegram's limit), bound to the question it
//! was made for. Every question the tutor asks gets a new `nonce`; a press whose nonce is not
//! the session's current one is stale (or forged) and changes nothing.

use crate::rules::Lang;

/// Telegram's limit for callback data.
pub const MAX_CALLBACK_BYTES: usize = 64;

/// What a button does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    /// Choose the language (valid at any time).
    Lang(Lang),
    /// Show the menu (valid at any time).
    Menu,
    /// Open a lesson by unit number (valid at any time).
    Lesson(u32),
    /// Start a puzzle (valid at any time).
    Puzzle,
    /// Start a quiz round (valid at any time).
    Quiz,
    /// Go on to the next step or question of the current task.
    Next(u32),
    /// A hint for the current task.
    Hint(u32),
    /// The solution of the current task.
    Solution(u32),
    /// Answer `choice` (0-based) to the current question.
    Answer {
        /// The question's nonce.
        nonce: u32,
        /// The chosen answer.
        choice: u8,
    },
    /// Practise again the step with this index in the catalogue.
    Review(u32),
}

impl Action {
    /// The button data, at most [`MAX_CALLBACK_BYTES`] bytes.
    ///
    /// ```
    /// use chess_tutor::tutor::Action;
    /// let a = Action::Answer { nonce: 4_000_000_000, choice: 3 };
    /// let data = a.encode();
    /// assert!(data.len() <= 64);
    /// assert_eq!(Action::decode(&data), Some(a));
    /// assert_eq!(Action::decode("forged:data"), None);
    /// ```
    #[must_use]
    pub fn encode(&self) -> String {
        match self {
            Action::Lang(lang) => format!("l:{lang}"),
            Action::Menu => "m".into(),
            Action::Lesson(unit) => format!("s:{unit}"),
            Action::Puzzle => "p".into(),
            Action::Quiz => "q".into(),
            Action::Next(n) => format!("n:{n}"),
            Action::Hint(n) => format!("h:{n}"),
            Action::Solution(n) => format!("x:{n}"),
            Action::Answer { nonce, choice } => format!("a:{nonce}:{choice}"),
            Action::Review(i) => format!("r:{i}"),
        }
    }

    /// Reads button data; `None` for anything this codec did not make.
    #[must_use]
    pub fn decode(data: &str) -> Option<Action> {
        if data.len() > MAX_CALLBACK_BYTES {
            return None;
        }
        let mut parts = data.split(':');
        let tag = parts.next()?;
        let a = parts.next();
        let b = parts.next();
        if parts.next().is_some() {
            return None;
        }
        let num = |s: Option<&str>| s.and_then(|s| s.parse::<u32>().ok());
        let action = match (tag, a, b) {
            ("l", Some(l), None) => Action::Lang(l.parse().ok()?),
            ("m", None, None) => Action::Menu,
            ("s", _, None) => Action::Lesson(num(a)?),
            ("p", None, None) => Action::Puzzle,
            ("q", None, None) => Action::Quiz,
            ("n", _, None) => Action::Next(num(a)?),
            ("h", _, None) => Action::Hint(num(a)?),
            ("x", _, None) => Action::Solution(num(a)?),
            ("a", _, Some(c)) => Action::Answer {
                nonce: num(a)?,
                choice: c.parse().ok()?,
            },
            ("r", _, None) => Action::Review(num(a)?),
            _ => return None,
        };
        Some(action)
    }

    /// The nonce an action is bound to, for those that belong to one question.
    #[must_use]
    pub fn nonce(&self) -> Option<u32> {
        match self {
            Action::Next(n) | Action::Hint(n) | Action::Solution(n) => Some(*n),
            Action::Answer { nonce, .. } => Some(*nonce),
            _ => None,
        }
    }
}
