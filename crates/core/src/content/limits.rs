//! What one content file may hold, and how a file past it is told: the same limits in every
//! loader, stated once, each with a message an author can act on (never a parser's internal
//! words).
//!
//! - at most [`MAX_FILE_BYTES`] bytes a file;
//! - at most 250,000 YAML values a file (the YAML reader's own guard against hostile input):
//!   about 8,000 puzzles, far more than any lesson or quiz file; a larger set is split into
//!   several files.

/// The largest content file read, in bytes.
pub const MAX_FILE_BYTES: usize = 4 * 1024 * 1024;

/// Why a file is too large to read, or `None` when it is within [`MAX_FILE_BYTES`].
#[must_use]
pub fn too_large(text: &str) -> Option<String> {
    (text.len() > MAX_FILE_BYTES).then(|| {
        format!(
            "the file is {} bytes; a content file may have at most {MAX_FILE_BYTES} bytes: split it into several files",
            text.len()
        )
    })
}

/// The message and line of a YAML reading error, in an author's words: a breached reader
/// limit says which limit and what to do, anything else the reader's message without its
/// snippet.
#[must_use]
pub fn yaml_problem(e: &serde_saphyr::Error) -> (Option<usize>, String) {
    let line = e
        .location()
        .and_then(|l| usize::try_from(l.line()).ok())
        .filter(|l| *l > 0);
    let said = e.without_snippet().to_string();
    // The reader says a breached limit as "budget breached: Nodes { … }" (its error may be
    // wrapped with a location, so the words are read, not the variant).
    let message = match said.split_once("budget breached: ") {
        Some((_, breach)) => format!(
            "the file is too large or too deeply nested for one content file ({}): split it into several files (a puzzle file holds at most about 8,000 puzzles)",
            breach_words(breach)
        ),
        None => said,
    };
    (line, message)
}

/// The name of a breached limit in words (`Nodes { .. }` → "too many values").
fn breach_words(debug: &str) -> &'static str {
    let name = debug.split([' ', '{', '(']).next().unwrap_or_default();
    match name {
        "Nodes" | "Events" => "too many values",
        "Depth" | "FlowNesting" => "nested too deeply",
        "Aliases" | "Anchors" | "RecordedAnchorEvents" | "RecordedAnchorBytes" => {
            "too many anchors or aliases"
        }
        "Documents" => "too many documents",
        "ScalarBytes" | "TotalScalarBytes" => "too much text",
        _ => "past the reader's limits",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A puzzle file of about 10,000 puzzles was refused with the reader's internal message
    /// ("budget breached: Nodes …").
    #[test]
    fn a_file_past_the_readers_limits_says_which_and_what_to_do() {
        let mut yaml = String::from("puzzles:\n");
        for i in 0..30_000 {
            yaml.push_str(&format!("  - {{id: p{i}, a: 1, b: 2, c: [1, 2, 3]}}\n"));
        }
        let e = serde_saphyr::from_str::<serde_json::Value>(&yaml).unwrap_err();
        let (_, message) = yaml_problem(&e);
        assert!(message.contains("too many values"), "{message}");
        assert!(message.contains("split it"), "{message}");
        assert!(!message.contains("budget"), "{message}");
        assert!(too_large(&yaml).is_none());
        assert!(
            too_large(&"x".repeat(MAX_FILE_BYTES + 1))
                .unwrap()
                .contains("split")
        );
    }
}
