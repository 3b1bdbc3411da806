//! The `chess-tutor` binary: parses the command line and hands over to a subcommand or a
//! shell. Everything that is not I/O lives in the library.

mod arrival;
mod class;
mod cli;
mod follow;
mod http;
mod logging;
mod route;
mod search_pool;
mod shell;
mod telegram;
mod terminal;
mod web;

use clap::Parser;

fn main() -> std::process::ExitCode {
    logging::init();
    let args = cli::Cli::parse();
    match cli::run(args) {
        Ok(code) => code,
        // The one place an error is printed.
        Err(failure) => {
            eprintln!("{failure}");
            failure.exit_code()
        }
    }
}
