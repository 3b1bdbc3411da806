//! `chess-tutor import-lichess FILE --out puzzles/NAME.yaml`: imports Lichess mate puzzles
//! (the puzzle database CSV, or the JSON of the shared mate set), keeping only those our search
//! proves as mate in exactly N, and writes them as a puzzle set.
//!
//! ```text
//! $ chess-tutor import-lichess ../shared/data/lichess-mate/mate-in-2.json --out puzzles/mate-in-2.yaml
//! import-lichess: kept 227 of 227 puzzles (4 with several keys), dropped 0
//! ```

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Mutex;

use chess_tutor_core::content::puzzle::{import, read_lichess, to_yaml};

/// Arguments of `chess-tutor import-lichess`.
#[derive(Debug, clap::Args)]
pub struct ImportArgs {
    /// The Lichess puzzle file: CSV (the puzzle database) or JSON (`../shared/data/lichess-mate`).
    pub file: PathBuf,
    /// Where to write the puzzle set (YAML).
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Skip puzzles longer than this many moves.
    #[arg(long, value_name = "N", default_value_t = 5)]
    pub max_mate: u32,
}

/// A progress bar on standard error when it is a terminal: `(done, total)` → `[#####....] 12/40`.
pub fn terminal_progress(label: &'static str) -> Option<impl Fn(usize, usize) + Sync> {
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let last = Mutex::new(usize::MAX);
    Some(move |done: usize, total: usize| {
        const WIDTH: usize = 30;
        let filled = (done * WIDTH).checked_div(total).unwrap_or(WIDTH);
        let Ok(mut shown) = last.lock() else { return };
        // Redraw only when the bar grows or at the end, so the terminal is not flooded.
        if *shown == filled && done != total {
            return;
        }
        *shown = filled;
        let mut err = std::io::stderr().lock();
        let _ = write!(
            err,
            "\r{label} [{}{}] {done}/{total}",
            "#".repeat(filled),
            ".".repeat(WIDTH - filled)
        );
        if done == total {
            let _ = writeln!(err);
        }
        let _ = err.flush();
    })
}

/// Runs `chess-tutor import-lichess`.
pub fn run(args: &ImportArgs) -> super::Outcome {
    const COMMAND: &str = "import-lichess";
    let text = std::fs::read_to_string(&args.file).map_err(|e| {
        super::Failure::failed(COMMAND, format!("cannot read {}: {e}", args.file.display()))
    })?;
    let read = read_lichess(&text)
        .map_err(|e| super::Failure::failed(COMMAND, format!("{}: {e}", args.file.display())))?;
    let total = read.len();
    let bar = terminal_progress("proving");
    let report = import(
        read,
        args.max_mate,
        bar.as_ref().map(|b| b as &(dyn Fn(usize, usize) + Sync)),
    );
    let kept = report.set.puzzles.len();
    let several = report
        .set
        .puzzles
        .iter()
        .filter(|p| p.multiple_keys)
        .count();
    let name = args
        .file
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let header = format!(
        "Mate-in-N puzzles from the Lichess puzzle database (CC0), imported from {name}\n\
         by `chess-tutor import-lichess`: every puzzle is proven by our search as mate in exactly N.\n\
         fen is the position the learner faces; last_move is the opponent's move that led to it;\n\
         keys are all first moves that force mate in N; solution is the Lichess line."
    );
    let yaml = to_yaml(&report.set, &header);
    if let Some(dir) = args.out.parent().filter(|d| !d.as_os_str().is_empty())
        && let Err(e) = std::fs::create_dir_all(dir)
    {
        let message = format!("cannot create {}: {e}", dir.display());
        return Err(super::Failure::failed(COMMAND, message));
    }
    std::fs::write(&args.out, yaml).map_err(|e| {
        super::Failure::failed(COMMAND, format!("cannot write {}: {e}", args.out.display()))
    })?;
    for (id, why) in &report.dropped {
        eprintln!("import-lichess: dropped {id}: {why}");
    }
    eprintln!(
        "import-lichess: kept {kept} of {total} puzzles ({several} with several keys), dropped {}; wrote {}",
        report.dropped.len(),
        args.out.display()
    );
    Ok(ExitCode::SUCCESS)
}
