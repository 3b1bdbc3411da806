//! The Telegram shell: the only module that knows teloxide (DESIGN.md, "Architecture").
//!
//! It owns its update loop instead of teloxide's dispatcher (see issue 7 for why): long
//! polling with `getUpdates`, each update's effect stored with its `update_id` in one
//! transaction ([`crate::shell::apply_input`]), the polling offset confirmed only after that,
//! one chat's updates in order and different chats in parallel, a panic in one update caught
//! and answered with an apology, and every Bot API call retried after a 429.
//!
//! The token is secret: [`Shell`] is not `Debug` (teloxide's `Bot` would print it) and every
//! log line goes through [`Shell::log`], which blanks it out.

pub mod handle;
pub mod inbound;
pub mod outbound;
pub mod poll;
pub mod webhook;

use std::fmt;
use std::sync::Arc;

use chess_tutor::store::Store;
use chess_tutor::tutor::Catalog;
use teloxide_core::Bot;

/// The store key of the polling offset (the next `getUpdates` offset).
pub const OFFSET_KEY: &str = "telegram.offset";

/// Everything an update's handling needs. Deliberately not `Debug`: the bot holds the token.
pub struct Shell {
    /// The Bot API client.
    pub bot: Bot,
    /// Learner state.
    pub store: Store,
    /// Lessons, quizzes, puzzles.
    pub catalog: Arc<Catalog>,
    /// Board pictures drawn at once (one per core: more only adds memory and latency).
    pub renders: tokio::sync::Semaphore,
    token: String,
}

impl Shell {
    /// A shell talking to the Bot API at `api_url` (Telegram's own when `None`).
    ///
    /// # Errors
    ///
    /// An empty token, or an API URL that is not a URL.
    pub fn new(
        token: &str,
        api_url: Option<&str>,
        store: Store,
        catalog: Arc<Catalog>,
    ) -> Result<Shell, String> {
        let token = token.trim();
        if token.is_empty() {
            return Err("TELOXIDE_TOKEN is empty".into());
        }
        let mut bot = Bot::new(token);
        if let Some(url) = api_url.map(str::trim).filter(|u| !u.is_empty()) {
            let parsed = reqwest_url(url.trim_end_matches('/'))
                .map_err(|e| format!("TELOXIDE_API_URL {url:?} is not a URL: {e}"))?;
            bot = bot.set_api_url(parsed);
        }
        let cores = std::thread::available_parallelism().map_or(2, std::num::NonZero::get);
        Ok(Shell {
            bot,
            store,
            catalog,
            renders: tokio::sync::Semaphore::new(cores),
            token: token.to_owned(),
        })
    }

    /// Writes one log line to stderr, with the token blanked out wherever it appears.
    pub fn log(&self, message: fmt::Arguments<'_>) {
        eprintln!(
            "chess-tutor telegram: {}",
            self.redact(&message.to_string())
        );
    }

    /// `text` with the token replaced by `<token>`.
    pub fn redact(&self, text: &str) -> String {
        if self.token.is_empty() {
            text.to_owned()
        } else {
            text.replace(&self.token, "<token>")
        }
    }
}

fn reqwest_url(url: &str) -> Result<url::Url, String> {
    let parsed = url::Url::parse(url).map_err(|e| e.to_string())?;
    if parsed.cannot_be_a_base() {
        return Err("it cannot be a base URL".into());
    }
    Ok(parsed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_token_is_blanked_in_log_text_and_bad_urls_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path().join("t.sqlite3").to_str().unwrap())
            .await
            .unwrap();
        let catalog = Arc::new(Catalog::new(Vec::new(), Vec::new(), Vec::new()));
        let shell = Shell::new(
            "123:secret",
            Some("http://127.0.0.1:9/"),
            store.clone(),
            catalog.clone(),
        )
        .unwrap();
        assert_eq!(
            shell.redact("GET /bot123:secret/getMe failed"),
            "GET /bot<token>/getMe failed"
        );
        assert_eq!(shell.bot.api_url().as_str(), "http://127.0.0.1:9/");
        assert!(Shell::new("  ", None, store.clone(), catalog.clone()).is_err());
        assert!(Shell::new("1:a", Some("not a url"), store.clone(), catalog.clone()).is_err());
        assert!(Shell::new("1:a", Some("mailto:x@y"), store, catalog).is_err());
    }
}
