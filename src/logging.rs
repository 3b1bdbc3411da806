//! The process's log: `tracing` events (the binary's and its libraries', sqlx's included)
//! written to stderr one line each, at the level `RUST_LOG` asks (`info` by default).
//!
//! Secrets never reach it: every line is written through [`Redacting`], which blanks out
//! whatever [`hide`] was given (the bot token, the webhook secret) wherever it appears, also
//! inside an error of a library that quotes a URL holding the token.

use std::io::{self, IsTerminal, Write};
use std::sync::RwLock;

use tracing_subscriber::EnvFilter;
use tracing_subscriber::fmt::MakeWriter;

/// The level when `RUST_LOG` is unset or does not read.
const DEFAULT_FILTER: &str = "info";

/// The texts blanked out of every log line, each with what is written instead.
static HIDDEN: RwLock<Vec<(String, &'static str)>> = RwLock::new(Vec::new());

/// Installs the log once, at the start of `main` (a second call changes nothing).
pub fn init() {
    let filter =
        EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(DEFAULT_FILTER));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(Redacting)
        .with_ansi(io::stderr().is_terminal())
        .try_init();
}

/// Blanks `secret` out of every later log line, writing `placeholder` instead. Blank or
/// whitespace-only secrets are ignored (they would blank out every space).
pub fn hide(secret: &str, placeholder: &'static str) {
    let secret = secret.trim();
    if secret.is_empty() {
        return;
    }
    let mut hidden = HIDDEN
        .write()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if !hidden.iter().any(|(s, _)| s == secret) {
        hidden.push((secret.to_owned(), placeholder));
        // The longest first, so that a secret containing another is blanked as a whole.
        hidden.sort_by_key(|(s, _)| std::cmp::Reverse(s.len()));
    }
}

/// `text` with every hidden secret replaced by its placeholder.
pub fn redact(text: &str) -> String {
    let hidden = HIDDEN
        .read()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    hidden
        .iter()
        .fold(text.to_owned(), |text, (secret, placeholder)| {
            text.replace(secret.as_str(), placeholder)
        })
}

/// Makes a [`Line`] for each event.
struct Redacting;

impl<'a> MakeWriter<'a> for Redacting {
    type Writer = Line;

    fn make_writer(&'a self) -> Line {
        Line(Vec::new())
    }
}

/// One event's text, gathered whole (a secret split across two writes is still found) and
/// written to stderr redacted when the event is done with it.
struct Line(Vec<u8>);

impl Line {
    fn write_out(&mut self) -> io::Result<()> {
        if self.0.is_empty() {
            return Ok(());
        }
        let text = redact(&String::from_utf8_lossy(&self.0));
        self.0.clear();
        io::stderr().lock().write_all(text.as_bytes())
    }
}

impl Write for Line {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.write_out()
    }
}

impl Drop for Line {
    fn drop(&mut self) {
        let _ = self.write_out();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hidden_secrets_are_blanked_out_wherever_they_appear() {
        hide("123:unit-test-token", "<token>");
        hide("unit-test-token-longer", "<other>");
        hide("   ", "<blank>");
        assert_eq!(
            redact("GET http://x/bot123:unit-test-token/getMe: unit-test-token-longer"),
            "GET http://x/bot<token>/getMe: <other>"
        );
        assert_eq!(redact("nothing secret here"), "nothing secret here");
        let mut line = Redacting.make_writer();
        line.write_all(b"half 123:unit-").unwrap();
        line.write_all(b"test-token\n").unwrap();
        assert_eq!(redact(&String::from_utf8_lossy(&line.0)), "half <token>\n");
        line.0.clear();
    }
}
