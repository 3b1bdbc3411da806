//! The independent oracles some tests ask: python-chess and Stockfish (never dependencies of
//! the bot). `.ci/run` installs both and sets `CI`: there a missing oracle fails the test that
//! needs it. On a developer's machine without them the test says that it checked nothing and
//! passes.

use std::path::PathBuf;
use std::process::{Command, Stdio};

/// Whether the oracle a test needs may be asked; panics in CI when it is missing.
fn present(found: bool, what: &str, install: &str) -> bool {
    if found {
        return true;
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "{what} is missing, and CI must run every oracle ({install})"
    );
    eprintln!("note: {what} not found ({install}); this oracle test checked nothing");
    false
}

/// Whether `python3` with python-chess runs here.
pub fn python_chess() -> bool {
    let found = Command::new("python3")
        .args(["-c", "import chess"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    present(found, "python3 with python-chess", "pip install chess")
}

/// The Stockfish binary, when one runs here.
pub fn stockfish() -> Option<PathBuf> {
    let found = ["stockfish", "/usr/games/stockfish"]
        .into_iter()
        .map(PathBuf::from)
        .find(|p| {
            Command::new(p)
                .stdin(Stdio::piped())
                .stdout(Stdio::null())
                .spawn()
                .map(|mut c| {
                    drop(c.stdin.take());
                    c.wait().is_ok()
                })
                .unwrap_or(false)
        });
    present(found.is_some(), "stockfish", "apt-get install stockfish").then_some(found?)
}
