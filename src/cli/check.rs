//! `chess-tutor check [--json] [--content DIR]`: validates every lesson (and, once their
//! loaders land, quiz item and puzzle) and reports each problem as `file:line: message`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use chess_tutor_core::content::puzzle;
use chess_tutor_core::content::{
    CheckReport, Problem, StepKind, load_lessons, load_lessons_from, quiz, shipped,
};

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
            let (lessons, lp) = load_lessons(&root.join("lessons"));
            let (items, qp) = quiz::load_quiz_dir(&root.join("lessons").join("quiz"));
            let (sets, pp) = match puzzle::load_dir(&root.join("puzzles")) {
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
    cross.extend(chess_tutor_core::content::audit::audit(&lessons, &items));
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
pub fn run(args: &CheckArgs, content: Option<&Path>) -> ExitCode {
    let report = report(content);
    if args.json {
        println!("{}", report.to_json());
    } else {
        for problem in &report.problems {
            println!("{problem}");
        }
        eprintln!(
            "{} lessons, {} steps, {} quiz items, {} puzzles: {} problems",
            report.lessons,
            report.steps,
            report.quiz_items,
            report.puzzles,
            report.problems.len()
        );
    }
    if report.is_clean() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
