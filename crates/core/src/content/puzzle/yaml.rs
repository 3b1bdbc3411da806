//! Puzzle files: written by a small emitter (stable layout, one puzzle per block, every string
//! quoted) and read back with serde-saphyr, with line numbers for every puzzle.

use std::fmt::Write as _;
use std::path::PathBuf;

use super::{Puzzle, PuzzleProblem, PuzzleSet};

/// A YAML double-quoted scalar.
fn quoted(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn list(items: &[String]) -> String {
    let inner: Vec<String> = items.iter().map(|s| quoted(s)).collect();
    format!("[{}]", inner.join(", "))
}

/// Writes a puzzle set as YAML, with `header` as leading comment lines.
///
/// ```
/// use chess_tutor_core::content::puzzle::{parse_set, to_yaml, PuzzleSet};
/// let set = PuzzleSet { source: "s".into(), licence: "CC0-1.0".into(), puzzles: vec![],
///     file: Default::default() };
/// let text = to_yaml(&set, "an empty set");
/// assert_eq!(parse_set(&text, "x.yaml").unwrap().licence, "CC0-1.0");
/// ```
#[must_use]
pub fn to_yaml(set: &PuzzleSet, header: &str) -> String {
    let mut out = String::new();
    for line in header.lines() {
        let _ = writeln!(out, "# {line}");
    }
    let _ = writeln!(out, "source: {}", quoted(&set.source));
    let _ = writeln!(out, "licence: {}", quoted(&set.licence));
    if set.puzzles.is_empty() {
        let _ = writeln!(out, "puzzles: []");
        return out;
    }
    let _ = writeln!(out, "puzzles:");
    for p in &set.puzzles {
        let _ = writeln!(out, "  - id: {}", quoted(&p.id));
        let _ = writeln!(out, "    fen: {}", quoted(&p.fen));
        if let Some(m) = &p.last_move {
            let _ = writeln!(out, "    last_move: {}", quoted(m));
        }
        let _ = writeln!(out, "    mate_in: {}", p.mate_in);
        let _ = writeln!(out, "    solution: {}", list(&p.solution));
        let _ = writeln!(out, "    keys: {}", list(&p.keys));
        let _ = writeln!(out, "    multiple_keys: {}", p.multiple_keys);
        if let Some(r) = p.rating {
            let _ = writeln!(out, "    rating: {r}");
        }
        let _ = writeln!(out, "    themes: {}", list(&p.themes));
        let _ = writeln!(out, "    themes_zh: {}", list(&p.themes_zh));
        let _ = writeln!(out, "    source: {}", quoted(&p.source));
        if let Some(g) = &p.game {
            let _ = writeln!(out, "    game: {}", quoted(g));
        }
    }
    out
}

/// The 1-based lines on which list items (`- ...`) of the `puzzles:` list start, in order.
fn item_lines(text: &str) -> Vec<usize> {
    let mut lines = Vec::new();
    let mut in_list = false;
    let mut indent = None;
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        if line.starts_with("puzzles:") {
            in_list = true;
            continue;
        }
        if !in_list || trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let width = line.len() - trimmed.len();
        if width == 0 {
            in_list = false;
            continue;
        }
        if trimmed.starts_with("- ") || trimmed == "-" {
            if indent.is_none() {
                indent = Some(width);
            }
            if indent == Some(width) {
                lines.push(i + 1);
            }
        }
    }
    lines
}

/// Reads a puzzle set from YAML text; `file` names it in problems.
///
/// # Errors
///
/// A [`PuzzleProblem`] with the line serde-saphyr reports when the YAML does not parse or
/// does not have the expected fields.
pub fn parse_set(text: &str, file: impl Into<PathBuf>) -> Result<PuzzleSet, PuzzleProblem> {
    let file = file.into();
    if let Some(message) = crate::content::limits::too_large(text) {
        return Err(PuzzleProblem::at(file, Some(1), message));
    }
    let mut set: PuzzleSet = serde_saphyr::from_str(text).map_err(|e| {
        let (line, message) = crate::content::limits::yaml_problem(&e);
        let first = message.lines().next().unwrap_or("invalid YAML").to_owned();
        PuzzleProblem::at(file.clone(), line, first)
    })?;
    let lines = item_lines(text);
    for (i, p) in set.puzzles.iter_mut().enumerate() {
        p.file.clone_from(&file);
        p.line = lines.get(i).copied();
    }
    set.file = file;
    Ok(set)
}

/// Loads every `*.yaml` file of the puzzle folder (sorted by name), collecting every problem:
/// files that do not parse and ids used twice.
///
/// # Errors
///
/// All problems found, when there is at least one.
pub fn load_folder(
    folder: &crate::content::files::Folder,
) -> Result<Vec<PuzzleSet>, Vec<PuzzleProblem>> {
    let (files, mut problems) = crate::content::files::yaml_sources(folder, "puzzle");
    let mut sets = Vec::new();
    for (file, text) in files {
        match parse_set(&text, &file) {
            Ok(set) => sets.push(set),
            Err(p) => problems.push(p),
        }
    }
    let mut seen: std::collections::HashMap<&str, &Puzzle> = std::collections::HashMap::new();
    for p in sets.iter().flat_map(|s| &s.puzzles) {
        if let Some(first) = seen.insert(&p.id, p) {
            problems.push(PuzzleProblem::at(
                &p.file,
                p.line,
                format!(
                    "puzzle id {:?} is used twice (first at {}:{})",
                    p.id,
                    first.file.display(),
                    first.line.unwrap_or(0)
                ),
            ));
        }
    }
    if problems.is_empty() {
        Ok(sets)
    } else {
        Err(problems)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> PuzzleSet {
        PuzzleSet {
            source: "Lichess \"puzzle\" database".into(),
            licence: "CC0-1.0".into(),
            puzzles: vec![
                Puzzle {
                    id: "02jRN".into(),
                    fen: "8/1R3pk1/6p1/1p1N1PKp/7P/8/1r4P1/8 b - - 0 51".into(),
                    last_move: Some("f3f4".into()),
                    mate_in: 1,
                    solution: vec!["b2g2".into()],
                    keys: vec!["b2g2".into()],
                    multiple_keys: false,
                    rating: Some(436),
                    themes: vec!["mateIn1".into()],
                    themes_zh: vec!["一步杀".into()],
                    source: "https://lichess.org/training/02jRN".into(),
                    game: Some("https://lichess.org/RHQZQ0W2#101".into()),
                    file: PathBuf::new(),
                    line: None,
                },
                Puzzle {
                    id: "two".into(),
                    fen: "x".into(),
                    last_move: None,
                    mate_in: 2,
                    solution: vec![],
                    keys: vec![],
                    multiple_keys: true,
                    rating: None,
                    themes: vec![],
                    themes_zh: vec![],
                    source: "s: with # and \\".into(),
                    game: None,
                    file: PathBuf::new(),
                    line: None,
                },
            ],
            file: PathBuf::new(),
        }
    }

    #[test]
    fn round_trip_with_lines() {
        let set = sample();
        let text = to_yaml(&set, "header line\nsecond");
        let back = parse_set(&text, "p.yaml").unwrap();
        assert_eq!(back.source, set.source);
        assert_eq!(back.puzzles.len(), 2);
        assert_eq!(back.puzzles[0].line, Some(6));
        assert_eq!(back.puzzles[1].line, Some(18));
        assert_eq!(back.puzzles[1].source, set.puzzles[1].source);
        let mut p0 = back.puzzles[0].clone();
        p0.file = PathBuf::new();
        p0.line = None;
        assert_eq!(p0, set.puzzles[0]);
    }

    #[test]
    fn unknown_field_is_a_problem_with_a_line() {
        let text = "source: \"s\"\nlicence: \"l\"\npuzzles:\n  - id: \"a\"\n    fen: \"f\"\n    mate_in: 1\n    solution: []\n    keys: []\n    source: \"s\"\n    colour: \"red\"\n";
        let err = parse_set(text, "bad.yaml").unwrap_err();
        assert!(err.message.contains("colour"), "{err}");
        assert_eq!(err.file, PathBuf::from("bad.yaml"));
        assert!(err.line.is_some(), "{err}");
    }

    #[test]
    fn missing_folder_is_a_problem() {
        let missing = crate::content::files::Folder {
            path: "/no/such/folder".into(),
            unreadable: Some("No such file or directory".into()),
            files: Vec::new(),
        };
        let err = load_folder(&missing).unwrap_err();
        assert_eq!(err.len(), 1);
    }
}
