//! Command-line interface (DESIGN.md, "Command line"): one module per subcommand.

pub mod check;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod explain;

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
    }
}
