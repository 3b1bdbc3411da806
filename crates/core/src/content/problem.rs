//! A problem found in a content file, reported as `file:line: message`.

use std::fmt;
use std::path::PathBuf;

/// One thing wrong in a content file: where it is and what is wrong.
///
/// ```
/// use chess_tutor_core::content::Problem;
/// let p = Problem::at("lessons/03-rook.yaml", Some(12), "steps[2].fen: invalid FEN");
/// assert_eq!(p.to_string(), "lessons/03-rook.yaml:12: steps[2].fen: invalid FEN");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Problem {
    /// The file, as given to the loader (relative paths stay relative).
    pub file: PathBuf,
    /// 1-based line, when known.
    pub line: Option<usize>,
    /// What is wrong, for a content author.
    pub message: String,
}

impl Problem {
    /// A problem in `file` at `line`.
    pub fn at(file: impl Into<PathBuf>, line: Option<usize>, message: impl Into<String>) -> Self {
        Self {
            file: file.into(),
            line,
            message: message.into(),
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "{}:{}: {}", self.file.display(), line, self.message),
            None => write!(f, "{}: {}", self.file.display(), self.message),
        }
    }
}

impl std::error::Error for Problem {}
