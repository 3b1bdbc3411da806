//! Command-line interface (docs/cli.md): one module per subcommand. Errors
//! become exit codes here.

pub mod backup;
pub mod chat;
pub mod check;
pub mod course;
mod explain;
mod failure;
pub mod import_lichess;
pub mod render;
pub mod setup;
pub mod solve;
pub mod telegram;

use std::path::PathBuf;

pub use failure::{Failure, Outcome};

use clap::{Parser, Subcommand};

/// chess-tutor: learn the rules of chess, with every refused move explained.
///
/// With no subcommand: the Telegram bot when TELOXIDE_TOKEN is set, otherwise the terminal
/// chat. Learner data: an SQLite file in --data-dir, or PostgreSQL when DATABASE_URL is a
/// postgres:// URL.
#[derive(Debug, Parser)]
#[command(name = "chess-tutor", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// A content folder (lessons/, lessons/quiz/, puzzles/) instead of the shipped content.
    #[arg(long, global = true, env = "CHESS_TUTOR_CONTENT")]
    pub content: Option<PathBuf>,
    /// Where learner data lives (the SQLite file).
    #[arg(long, global = true, env = "CHESS_TUTOR_DATA", default_value = "data")]
    pub data_dir: PathBuf,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// The terminal chat: every mode of the bot, without Telegram.
    Chat(chat::ChatArgs),
    /// Validate every lesson, quiz and puzzle file; `file:line: message` for each problem.
    Check(check::CheckArgs),
    /// Say whether a move is legal in a position, and if not, which rule forbids it.
    Explain(explain::ExplainArgs),
    /// Draws a board picture (`.png` or `.svg`).
    Render(render::RenderArgs),
    /// Prove mate in N: the shortest mate, every key, a main line with the longest defence.
    Solve(solve::SolveArgs),
    /// Import Lichess puzzles (CSV or JSON), keeping only mates the search proves.
    ImportLichess(import_lichess::ImportArgs),
    /// The Telegram bot (long polling, or a webhook server with --webhook-listen); the token
    /// comes from TELOXIDE_TOKEN, and TELOXIDE_API_URL points it at another Bot API server.
    Telegram(Box<telegram::TelegramArgs>),
    /// Back the SQLite learner store up into a new file, consistently, while the bot runs
    /// (for PostgreSQL: pg_dump, see the README).
    Backup(backup::BackupArgs),
    /// Restore a backup as the SQLite learner store (the bot stopped); a store with data is
    /// replaced only with --force, and kept beside, renamed.
    Restore(backup::RestoreArgs),
}

/// Runs the parsed command line; a failure comes back to `main`, which prints it.
pub fn run(cli: Cli) -> Outcome {
    let content = cli.content.as_deref();
    match cli.command {
        None => {
            if std::env::var_os("TELOXIDE_TOKEN").is_some_and(|t| !t.is_empty()) {
                return telegram::run(&telegram::TelegramArgs::default(), content, &cli.data_dir);
            }
            eprintln!(
                "chess-tutor: no TELOXIDE_TOKEN set, so this is the terminal chat (set TELOXIDE_TOKEN to run the Telegram bot)."
            );
            chat::run(&chat::ChatArgs::default(), content, &cli.data_dir)
        }
        Some(Command::Chat(args)) => chat::run(&args, content, &cli.data_dir),
        Some(Command::Check(args)) => check::run(&args, content),
        Some(Command::Explain(args)) => explain::run(&args),
        Some(Command::Render(args)) => render::run(&args),
        Some(Command::Solve(args)) => solve::run(&args),
        Some(Command::ImportLichess(args)) => import_lichess::run(&args),
        Some(Command::Telegram(args)) => telegram::run(&args, content, &cli.data_dir),
        Some(Command::Backup(args)) => backup::run_backup(&args, &cli.data_dir),
        Some(Command::Restore(args)) => backup::run_restore(&args, &cli.data_dir),
    }
}
