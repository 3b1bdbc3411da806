//! `chess-tutor check [--json] [--content DIR]`: validates every lesson (and, once their
//! loaders land, quiz item and puzzle) and reports each problem as `file:line: message`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use chess_tutor_core::content::audit::{Glossaries, audit_in};
use chess_tutor_core::content::{
    CheckReport, Problem, StepKind, load_lessons, load_lessons_from, quiz, shipped,
};
use chess_tutor_core::content::{outcome, puzzle};

use super::import_lichess;

/// Arguments of `check`.
#[derive(Debug, clap::Args)]
pub struct CheckArgs {
    /// Print the counts and problems as one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Runs every content loader over the content folder (`lessons/`, `lessons/quiz/`,
/// `puzzles/`), or over the content compiled into the binary when no folder is given.
#[must_use]
pub fn report(content: Option<&Path>) -> CheckReport {
    let mut report = CheckReport::default();
    // A content folder's own word lists, where it has them (else the shipped ones).
    let mut lists_read: Vec<(String, String)> = Vec::new();
    let (lessons, lesson_problems, items, quiz_problems, sets, mut puzzle_problems) = match content
    {
        None => {
            let (lessons, lp) = load_lessons_from(shipped::LESSONS);
            let (items, qp) = quiz::load_quiz_sources(shipped::QUIZ);
            let (sets, pp) = shipped::puzzle_sets();
            (lessons, lp, items, qp, sets, pp)
        }
        Some(dir) => {
            // `.` names the current folder; keep reported paths short (`lessons/…`).
            let root = if dir == Path::new(".") {
                PathBuf::new()
            } else {
                dir.to_path_buf()
            };
            for name in ["zh.yaml", "terms.yaml"] {
                let path = root.join("lessons").join("glossary").join(name);
                if let Ok(text) = std::fs::read_to_string(&path) {
                    lists_read.push((path.display().to_string(), text));
                }
            }
            let course = super::course::read_course(&root);
            let (lessons, lp) = load_lessons(&course.lessons);
            let (items, qp) = quiz::load_quiz_folder(&course.quiz);
            let (sets, pp) = match puzzle::load_folder(&course.puzzles) {
                Ok(sets) => (sets, Vec::new()),
                Err(pp) => (Vec::new(), pp),
            };
            (lessons, lp, items, qp, sets, pp)
        }
    };
    // A lesson's quiz step must name an item of the bank.
    let mut cross = Vec::new();
    for lesson in &lessons {
        for step in &lesson.steps {
            if let StepKind::Quiz { item } = &step.kind
                && !items.iter().any(|q| &q.id == item)
            {
                cross.push(Problem::at(
                    &lesson.file,
                    Some(step.line),
                    format!(
                        "steps[{}].item: no quiz item `{item}` in lessons/quiz/",
                        step.id
                    ),
                ));
            }
        }
    }
    let mut lists = Glossaries::SHIPPED;
    for (path, text) in &lists_read {
        if path.ends_with("zh.yaml") {
            lists.zh = (path, text);
        } else {
            lists.terms = (path, text);
        }
    }
    cross.extend(audit_in(&lessons, &items, lists));
    report.add_outcome(outcome::audit_course(&lessons));
    // Items a class's quiz poll cannot carry (Telegram's limits): noted, not a problem.
    let not_polls = chess_tutor_core::tutor::poll_misfits(&items)
        .into_iter()
        .map(|misfit| {
            let (file, line) = match &items[misfit.index].origin {
                quiz::Origin::File { file, line } => (file.clone(), *line),
                quiz::Origin::Generated { .. } => (PathBuf::from("lessons/quiz"), None),
            };
            Problem::at(file, line, format!("{} {misfit}", items[misfit.index].id))
        })
        .collect();
    report.add_not_polls(not_polls);
    report.add_lessons((lessons, lesson_problems));
    report.add_quiz_items(items.len(), quiz_problems);
    report.add_problems(cross);
    let bar = import_lichess::terminal_progress("check: proving puzzles");
    puzzle_problems.extend(puzzle::verify_all(
        &sets,
        bar.as_ref().map(|b| b as &(dyn Fn(usize, usize) + Sync)),
    ));
    let count = sets.iter().map(|s| s.puzzles.len()).sum();
    report.add_puzzles(count, puzzle_problems);
    report
}

/// Prints the report; exit 0 when there is no problem, 1 otherwise.
pub fn run(args: &CheckArgs, content: Option<&Path>) -> super::Outcome {
    let report = report(content);
    if args.json {
        println!("{}", report.to_json());
    } else {
        for problem in &report.problems {
            println!("{problem}");
        }
        // After the problems, on stderr: notes, not problems (the exit code ignores them).
        for note in &report.not_polls {
            eprintln!("note: {note}");
        }
        eprintln!(
            "outcome audit: {} accepted moves judged in {} move steps ({} left unjudged by the search budget)",
            report.outcome.moves, report.outcome.steps, report.outcome.unjudged
        );
        eprintln!(
            "{} lessons, {} steps, {} quiz items ({} not usable as Telegram quiz polls), {} puzzles: {} problems",
            report.lessons,
            report.steps,
            report.quiz_items,
            report.not_polls.len(),
            report.puzzles,
            report.problems.len()
        );
    }
    // Problems found are the report, not a failure of the command: exit 1, nothing more.
    Ok(if report.is_clean() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 29: a quiz item Telegram's poll limits cannot carry is reported with its file,
    /// line and the limits it breaks, in each language, and fails nothing.
    #[test]
    fn quiz_items_that_cannot_be_polls_are_noted_and_fail_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let lessons = dir.path().join("lessons");
        std::fs::create_dir_all(lessons.join("quiz")).unwrap();
        std::fs::create_dir_all(dir.path().join("puzzles")).unwrap();
        let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("lessons");
        std::fs::copy(shipped.join("01-board.yaml"), lessons.join("01-board.yaml")).unwrap();
        let long = "A long explanation. ".repeat(12);
        std::fs::write(
            lessons.join("quiz").join("01-board.yaml"),
            format!(
                r#"- id: board-64-squares
  unit: 1
  kind: true_false
  question: {{zh: "棋盘有64个格子。", en: "The board has 64 squares."}}
  answer: true
  explanation: {{zh: "8乘8是64。", en: "8 times 8 is 64."}}

- id: board-too-long
  unit: 1
  kind: true_false
  question: {{zh: "棋盘有8条直线。", en: "The board has 8 files."}}
  answer: true
  explanation: {{zh: "8乘8是64。", en: "{long}"}}
"#
            ),
        )
        .unwrap();
        let found = report(Some(dir.path()));
        assert!(found.problems.is_empty(), "{:?}", found.problems);
        assert!(found.is_clean(), "a note is no problem");
        assert_eq!(found.not_polls.len(), 1, "{:?}", found.not_polls);
        let note = found.not_polls[0].to_string();
        assert!(
            note.contains("quiz/01-board.yaml:8: board-too-long not usable as a Telegram quiz poll: en: explanation of 239 characters (at most 200)"),
            "{note}"
        );
        let json = found.to_json();
        assert_eq!(json["not_polls"][0]["line"], 8);
        assert_eq!(json["problems"], serde_json::json!([]));
    }

    /// `check --content DIR` read the shipped glossary, not DIR's.
    #[test]
    fn a_content_folder_is_checked_against_its_own_glossary() {
        let dir = tempfile::tempdir().unwrap();
        let lessons = dir.path().join("lessons");
        std::fs::create_dir_all(lessons.join("glossary")).unwrap();
        std::fs::create_dir_all(lessons.join("quiz")).unwrap();
        std::fs::create_dir_all(dir.path().join("puzzles")).unwrap();
        let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("lessons");
        std::fs::copy(shipped.join("01-board.yaml"), lessons.join("01-board.yaml")).unwrap();
        std::fs::copy(
            shipped.join("glossary/terms.yaml"),
            lessons.join("glossary/terms.yaml"),
        )
        .unwrap();
        // The folder's glossary forbids a word unit 1 uses.
        std::fs::write(
            lessons.join("glossary/zh.yaml"),
            "- use: 格子\n  not: [棋盘]\n",
        )
        .unwrap();
        let found = report(Some(dir.path()));
        assert!(
            found
                .problems
                .iter()
                .any(|p| p.to_string().contains("棋盘") && p.to_string().contains("格子")),
            "{:?}",
            found.problems
        );
        // Without a glossary of its own, the shipped one applies: unit 1 passes it.
        std::fs::remove_file(lessons.join("glossary/zh.yaml")).unwrap();
        let found = report(Some(dir.path()));
        assert!(
            !found
                .problems
                .iter()
                .any(|p| p.to_string().contains("格子")),
            "{:?}",
            found.problems
        );
    }
}
