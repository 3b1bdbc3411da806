//! Command-line interface (DESIGN.md, "Command line"): one module per subcommand.

pub mod check;
pub mod render;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod explain;
pub mod import_lichess;
pub mod solve;

/// chess-tutor: learn the rules of chess, with every refused move explained.
#[derive(Debug, Parser)]
#[command(name = "chess-tutor", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Validate every lesson, quiz and puzzle file; `file:line: message` for each problem.
    Check(check::CheckArgs),
    /// Say whether a move is legal in a position, and if not, which rule forbids it.
    Explain(explain::ExplainArgs),
    /// Draws a board picture (`.png` or `.svg`).
    Render(render::RenderArgs),
    /// Find the shortest forced mate within N moves, every key and a main line.
    Solve(solve::SolveArgs),
    /// Import Lichess mate puzzles (CSV or JSON), keeping those the search proves.
    ImportLichess(import_lichess::ImportArgs),
}

/// Runs the parsed command line; errors become exit codes here and only here.
pub fn run(cli: Cli) -> ExitCode {
    match cli.command {
        None => {
            eprintln!("chess-tutor: no subcommand given; see --help");
            ExitCode::from(2)
        }
        Some(Command::Check(args)) => check::run(&args),
        Some(Command::Explain(args)) => explain::run(&args),
        Some(Command::Render(args)) => render::run(&args),
        Some(Command::Solve(args)) => solve::run(&args),
        Some(Command::ImportLichess(args)) => import_lichess::run(&args),
    }
}
