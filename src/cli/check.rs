//! `chess-tutor check [--json] [--content DIR]`: validates every lesson (and, once their
//! loaders land, quiz item and puzzle) and reports each problem as `file:line: message`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use chess_tutor::content::{CheckReport, load_lessons};

/// Arguments of `check`.
#[derive(Debug, clap::Args)]
pub struct CheckArgs {
    /// Print the counts and problems as one JSON object.
    #[arg(long)]
    pub json: bool,
    /// The content folder holding `lessons/` (and `puzzles/`); the current folder by default.
    #[arg(long, env = "CHESS_TUTOR_CONTENT", default_value = ".")]
    pub content: PathBuf,
}

/// Runs every content loader over `args.content`.
#[must_use]
pub fn report(args: &CheckArgs) -> CheckReport {
    // `.` names the current folder; keep reported paths short (`lessons/…`, not `./lessons/…`).
    let root = if args.content == Path::new(".") {
        PathBuf::new()
    } else {
        args.content.clone()
    };
    let mut report = CheckReport::default();
    // One line per content source.
    report.add_lessons(load_lessons(&root.join("lessons")));
    report
}

/// Prints the report; exit 0 when there is no problem, 1 otherwise.
pub fn run(args: &CheckArgs) -> ExitCode {
    let report = report(args);
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
