//! Loading the bank: the shipped files, an author's folder or any `(path, contents)` pairs, with
//! every problem collected and ids checked across files.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use serde_saphyr::Spanned;

use super::checker::{Checker, line_of};
use super::item::QuizItem;
use super::raw::RawItem;
use crate::content::files::{Folder, yaml_sources};
use crate::content::problem::Problem;
use crate::content::{limits, shipped};

/// The shipped bank, compiled into the binary by `build.rs`: `(path, contents)` for every
/// file of `lessons/quiz/`.
pub const SHIPPED: &[(&str, &str)] = shipped::QUIZ;

/// Loads the shipped bank ([`SHIPPED`]).
#[must_use]
pub fn shipped() -> (Vec<QuizItem>, Vec<Problem>) {
    load_quiz_sources(SHIPPED)
}

/// Loads every `*.yaml` file of the quiz folder (in name order), collecting all problems.
///
/// An unreadable folder or file is a problem too, never a panic.
#[must_use]
pub fn load_quiz_folder(folder: &Folder) -> (Vec<QuizItem>, Vec<Problem>) {
    let (sources, mut problems) = yaml_sources(folder, "quiz");
    let (items, more) = load_quiz_sources(&sources);
    problems.extend(more);
    (items, problems)
}

/// Loads quiz files given as `(path, contents)` pairs (embedded or read elsewhere),
/// collecting all problems, including ids used twice across files.
#[must_use]
pub fn load_quiz_sources<P: AsRef<Path>, S: AsRef<str>>(
    files: &[(P, S)],
) -> (Vec<QuizItem>, Vec<Problem>) {
    let mut items: Vec<QuizItem> = Vec::new();
    let mut problems = Vec::new();
    let mut seen: HashMap<String, (PathBuf, Option<usize>)> = HashMap::new();
    for (path, text) in files {
        let path = path.as_ref();
        let loaded = load_file(path, text.as_ref());
        let mut file_problems = loaded.problems;
        for (id, line) in loaded.ids {
            match seen.get(&id) {
                Some((f, l)) => {
                    let at = match l {
                        Some(l) => format!("{}:{l}", f.display()),
                        None => f.display().to_string(),
                    };
                    file_problems.push(Problem::at(
                        path,
                        line,
                        format!("id `{id}` is already used at {at}"),
                    ));
                }
                None => {
                    seen.insert(id, (path.to_path_buf(), line));
                }
            }
        }
        // Within a file, report in reading order.
        file_problems.sort_by_key(|p| p.line);
        items.extend(loaded.items);
        problems.extend(file_problems);
    }
    (items, problems)
}

/// Loads one quiz file's text. Items with problems are left out of the result.
#[must_use]
pub fn load_quiz_file(path: &Path, text: &str) -> (Vec<QuizItem>, Vec<Problem>) {
    load_quiz_sources(&[(path, text)])
}

/// One file's result, with every id and its line (for duplicates across files).
struct Loaded {
    items: Vec<QuizItem>,
    problems: Vec<Problem>,
    ids: Vec<(String, Option<usize>)>,
}

fn load_file(path: &Path, text: &str) -> Loaded {
    if let Some(message) = limits::too_large(text) {
        return Loaded {
            items: vec![],
            problems: vec![Problem::at(path, Some(1), message)],
            ids: vec![],
        };
    }
    let options = serde_saphyr::options! { with_snippet: false };
    let raw: Vec<Spanned<RawItem>> = match serde_saphyr::from_str_with_options(text, options) {
        Ok(r) => r,
        Err(e) => {
            let (line, msg) = limits::yaml_problem(&e);
            return Loaded {
                items: vec![],
                problems: vec![Problem::at(path, line, yaml_message(&msg))],
                ids: vec![],
            };
        }
    };
    let unit_from_name = path
        .file_name()
        .and_then(|n| n.to_str())
        .and_then(|n| n.split('-').next())
        .and_then(|n| n.parse::<i64>().ok());
    let ids = raw
        .iter()
        .filter_map(|r| r.value.id.as_ref().map(|id| (id.value.clone(), line_of(r))))
        .collect();
    let mut checker = Checker {
        file: path,
        problems: Vec::new(),
    };
    let items = raw
        .into_iter()
        .filter_map(|r| checker.item(r, unit_from_name))
        .collect();
    Loaded {
        items,
        problems: checker.problems,
        ids,
    }
}

/// serde-saphyr's message without its trailing location (the `Problem` carries the line).
fn yaml_message(msg: &str) -> String {
    let first = msg.lines().next().unwrap_or(msg).trim();
    let cut = first.find(" at line ").map_or(first, |i| &first[..i]);
    format!("YAML: {cut}")
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::quiz::{QuizKind, Response};

    fn load(yaml: &str) -> (Vec<QuizItem>, Vec<Problem>) {
        load_quiz_sources(&[("t.yaml", yaml)])
    }

    const GOOD: &str = r#"
- id: rook-straight
  unit: 3
  kind: true_false
  question: {zh: "车可以斜走。", en: "A rook may move diagonally."}
  answer: false
  explanation: {zh: "车只走直线和横线。", en: "A rook moves along ranks and files only."}
"#;

    #[test]
    fn a_good_item_loads() {
        let (items, problems) = load(GOOD);
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(items.len(), 1);
        assert_eq!(items[0].kind(), QuizKind::TrueFalse);
        assert!(items[0].is_correct(Response::TrueFalse(false)));
        assert!(!items[0].is_correct(Response::TrueFalse(true)));
        assert!(!items[0].is_correct(Response::Choice(0)));
        assert!(!items[0].is_engine_checked());
    }

    #[test]
    fn duplicate_ids_across_files() {
        let (_, problems) = load_quiz_sources(&[("a.yaml", GOOD), ("b.yaml", GOOD)]);
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert_eq!(
            problems[0].to_string(),
            "b.yaml:2: id `rook-straight` is already used at a.yaml:2"
        );
    }

    #[test]
    fn unknown_field_is_a_yaml_problem_with_a_line() {
        let yaml = GOOD.replace("  answer: false", "  answr: false");
        let (items, problems) = load(&yaml);
        assert!(items.is_empty());
        assert_eq!(problems.len(), 1);
        assert_eq!(problems[0].line, Some(6), "{}", problems[0]);
        assert!(problems[0].message.contains("answr"), "{}", problems[0]);
    }
    #[test]
    fn missing_folder_is_a_problem_not_a_panic() {
        let missing = crate::content::files::Folder {
            path: "/nonexistent/quiz".into(),
            unreadable: Some("No such file or directory".into()),
            files: Vec::new(),
        };
        let (items, problems) = load_quiz_folder(&missing);
        assert!(items.is_empty());
        assert_eq!(problems.len(), 1);
        assert!(
            problems[0]
                .message
                .starts_with("cannot read the quiz folder")
        );
    }
}
