//! Command-line interface (DESIGN.md, "Command line"): one module per subcommand.

pub mod render;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// chess-tutor: learn the rules of chess, with every refused move explained.
#[derive(Debug, Parser)]
#[command(name = "chess-tutor", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Draws a board picture (`.png` or `.svg`).
    Render(render::RenderArgs),
}

/// Runs the parsed command line; errors become exit codes here and only here.
pub fn run(cli: Cli) -> ExitCode {
    match cli.command {
        None => {
            eprintln!("chess-tutor: no subcommand given; see --help");
            ExitCode::from(2)
        }
        Some(Command::Render(args)) => render::run(&args),
    }
}
