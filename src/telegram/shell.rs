//! [`Shell`]: everything an update's handling needs (the Bot API client, the store, the
//! catalogue, the flood limit, the task-message memory, the counters) and its settings. A leaf
//! of the Telegram shell: the modules that send, poll and serve take it; it takes none of them.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use chess_tutor_core::tutor::Catalog;

use super::{flood, memory};
use chess_tutor_store::{LearnerId, Store};
use teloxide_core::Bot;

/// How long one Bot API call retries passing failures (5xx, time-outs, refused connections)
/// before its replies are left to the outbox sweep: [`Shell::passing_budget`],
/// `CHESS_TUTOR_PASSING_BUDGET_MS`.
pub const PASSING_BUDGET: Duration = Duration::from_secs(600);

/// The store key of the polling offset (the next `getUpdates` offset).
pub const OFFSET_KEY: &str = "telegram.offset";

/// Why a [`Shell`] could not be made.
#[derive(Debug, thiserror::Error)]
pub enum ShellError {
    /// `TELOXIDE_TOKEN` is empty or only spaces.
    #[error("TELOXIDE_TOKEN is empty")]
    EmptyToken,
    /// The HTTP client could not be built (its TLS set-up failed, say).
    #[error("cannot build the HTTP client")]
    HttpClient(#[source] Box<dyn std::error::Error + Send + Sync>),
    /// `TELOXIDE_API_URL` does not parse as a URL.
    #[error("TELOXIDE_API_URL {url:?} is not a URL")]
    ApiUrl {
        url: String,
        #[source]
        source: url::ParseError,
    },
    /// `TELOXIDE_API_URL` is a URL that cannot have a path under it (`mailto:…`).
    #[error("TELOXIDE_API_URL {url:?} is not a URL: it cannot be a base URL")]
    ApiUrlNotBase { url: String },
}

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
    /// The per-learner flood limit.
    pub flood: flood::Flood,
    /// How long the replies of an update applied by another process are left to it before
    /// this one sends them (the other is then presumed dead). `CHESS_TUTOR_OUTBOX_LEASE_MS`.
    pub outbox_lease: Duration,
    /// Each chat's current task message (edited in place by the task's answers).
    pub tasks: memory::TaskMessages,
    /// Pictures Telegram already holds (sent again by `file_id`).
    pub pictures: memory::UploadedPictures,
    /// What `/metrics` reports.
    pub metrics: super::metrics::Metrics,
    /// How long one Bot API call retries a passing failure before its replies are left to
    /// the outbox sweep (`CHESS_TUTOR_PASSING_BUDGET_MS`, default 10 minutes).
    pub passing_budget: Duration,
    /// How often long polling looks for replies left in the outbox, and how old their claim
    /// must be (`CHESS_TUTOR_OUTBOX_SWEEP_MS`, default 30 s).
    pub outbox_sweep: Duration,
    /// Updates whose replies were sent, not yet marked so in the store's outbox.
    sent: Mutex<Vec<(LearnerId, i64)>>,
    /// The board page's public address (`--web-url`, ending in `/app/`), when it is served.
    pub board_app: Option<url::Url>,
    /// Held while sent-marks are written, so that a flush returns only once every mark made
    /// before it is stored (another flush may be writing them).
    flushing: tokio::sync::Mutex<()>,
    token: String,
}

/// How long another process's unsent replies are left to it (see [`Shell::outbox_lease`]).
/// A live process renews its claims every third of this ([`Shell::renew_claims`]), however
/// long its sending takes (429 waits included), so it can be short: a dead process's replies
/// go out from another replica a few seconds after Telegram delivers the update again.
pub const DEFAULT_OUTBOX_LEASE: Duration = Duration::from_secs(3);

/// How much longer than the long-polling timeout one Bot API call may take before the
/// client gives it up (teloxide's own default of 17 s would cut a 25 s idle poll).
pub const REQUEST_MARGIN: Duration = Duration::from_secs(10);

/// How long sent-marks gather before they are written in one transaction.
const SENT_MARK_DELAY: Duration = Duration::from_millis(20);

impl Shell {
    /// A shell talking to the Bot API at `api_url` (Telegram's own when `None`), its HTTP
    /// client giving a call `poll_timeout` plus [`REQUEST_MARGIN`] (an idle long poll of
    /// `poll_timeout` must end in an empty answer, not in a client time-out).
    ///
    /// # Errors
    ///
    /// An empty token, an API URL that is not a URL, or an HTTP client that cannot be built.
    pub fn new(
        token: &str,
        api_url: Option<&str>,
        store: Store,
        catalog: Arc<Catalog>,
        poll_timeout: Duration,
    ) -> Result<Shell, ShellError> {
        let token = token.trim();
        if token.is_empty() {
            return Err(ShellError::EmptyToken);
        }
        let client = teloxide_core::net::default_reqwest_settings()
            .timeout(poll_timeout + REQUEST_MARGIN)
            .build()
            .map_err(|e| ShellError::HttpClient(e.into()))?;
        let mut bot = Bot::with_client(token, client);
        if let Some(url) = api_url.map(str::trim).filter(|u| !u.is_empty()) {
            bot = bot.set_api_url(api_url_of(url)?);
        }
        let cores = std::thread::available_parallelism().map_or(2, std::num::NonZero::get);
        Ok(Shell {
            bot,
            store,
            catalog,
            renders: tokio::sync::Semaphore::new(cores),
            flood: flood::Flood::new(flood::FloodLimit::default()),
            outbox_lease: env_ms("CHESS_TUTOR_OUTBOX_LEASE_MS").unwrap_or(DEFAULT_OUTBOX_LEASE),
            tasks: memory::TaskMessages::default(),
            pictures: memory::UploadedPictures::default(),
            metrics: super::metrics::Metrics::new(),
            passing_budget: env_ms("CHESS_TUTOR_PASSING_BUDGET_MS").unwrap_or(PASSING_BUDGET),
            outbox_sweep: env_ms("CHESS_TUTOR_OUTBOX_SWEEP_MS").unwrap_or(OUTBOX_SWEEP),
            sent: Mutex::new(Vec::new()),
            board_app: None,
            flushing: tokio::sync::Mutex::new(()),
            token: token.to_owned(),
        })
    }

    /// The same shell with another outbox lease (see [`Shell::outbox_lease`]).
    #[must_use]
    pub fn with_outbox_lease(mut self, lease: Duration) -> Self {
        self.outbox_lease = lease;
        self
    }

    /// Renews this process's claims on its unsent replies every third of the lease, until
    /// `stop` is cancelled (nothing to do without a lease: then no one else waits for them).
    pub async fn renew_claims(&self, stop: tokio_util::sync::CancellationToken) {
        if self.outbox_lease.is_zero() {
            return;
        }
        let every = (self.outbox_lease / 3).max(Duration::from_millis(20));
        loop {
            tokio::select! {
                () = tokio::time::sleep(every) => {}
                () = stop.cancelled() => return,
            }
            if let Err(e) = self.store.renew_claims().await {
                tracing::warn!(error = %e, "cannot renew the claims on unsent replies");
            }
        }
    }

    /// The replies left in the outbox for a sweep to try again, as (chat, update id), in
    /// each chat's order: those given up for the moment (their claim released) and those of
    /// a dead process, untouched for a sweep's interval. Empty (and logged) when the store
    /// fails: the next sweep asks again.
    pub async fn stale_replies(&self) -> Vec<(i64, i64)> {
        match self
            .store
            .stale_unsent(self.outbox_sweep, SWEEP_BATCH)
            .await
        {
            Ok(stale) => stale.into_iter().map(|(l, key)| (l.0, key)).collect(),
            Err(e) => {
                tracing::warn!(error = %e, "cannot look for replies left in the outbox");
                Vec::new()
            }
        }
    }

    /// The same shell offering the board page at `url` in private chats.
    #[must_use]
    pub fn with_board_app(mut self, url: url::Url) -> Shell {
        self.board_app = Some(url);
        self
    }

    /// The board page's address where a button may open it: in a private chat (Telegram
    /// allows Mini App buttons there only), when the page is served.
    #[must_use]
    pub fn board_app_in(&self, chat: teloxide_core::types::ChatId) -> Option<&url::Url> {
        self.board_app.as_ref().filter(|_| chat.0 > 0)
    }

    /// The same shell with another flood limit.
    #[must_use]
    pub fn with_flood_limit(mut self, limit: flood::FloodLimit) -> Shell {
        self.flood = flood::Flood::new(limit);
        self
    }

    /// Notes that the replies of update `update_id` to `chat` were sent; the store's outbox
    /// forgets them shortly after, in one write for many updates (a mark lost in a crash
    /// only means those replies may be sent again, never lost).
    pub fn mark_sent(self: &Arc<Shell>, chat: i64, update_id: i64) {
        let first = {
            let mut sent = self.sent.lock().unwrap_or_else(|e| e.into_inner());
            sent.push((LearnerId(chat), update_id));
            sent.len() == 1
        };
        if first {
            let shell = self.clone();
            tokio::spawn(async move {
                tokio::time::sleep(SENT_MARK_DELAY).await;
                shell.flush_sent().await;
            });
        }
    }

    /// Writes the gathered sent-marks now (also called before the process stops).
    pub async fn flush_sent(&self) {
        let _writing = self.flushing.lock().await;
        let batch = std::mem::take(&mut *self.sent.lock().unwrap_or_else(|e| e.into_inner()));
        if let Err(e) = self.store.mark_sent(&batch).await {
            tracing::error!(
                updates = batch.len(),
                error = %e,
                "cannot mark the updates sent in the outbox"
            );
        }
    }

    /// `text` with the token replaced by `<token>` (for text that leaves the process other
    /// than through the log, which blanks it by itself).
    pub fn redact(&self, text: &str) -> String {
        if self.token.is_empty() {
            text.to_owned()
        } else {
            text.replace(&self.token, "<token>")
        }
    }
}

/// How often the outbox is swept for replies given up for the moment (long polling and
/// webhook alike).
pub const OUTBOX_SWEEP: Duration = Duration::from_secs(30);

/// The most kept replies one sweep tries again.
const SWEEP_BATCH: usize = 200;

/// A duration in milliseconds from the environment variable `name`, when set and a number.
fn env_ms(name: &str) -> Option<Duration> {
    std::env::var(name)
        .ok()
        .and_then(|ms| ms.trim().parse().ok())
        .map(Duration::from_millis)
}

/// The Bot API's base URL from `TELOXIDE_API_URL` (a trailing `/` or not).
fn api_url_of(url: &str) -> Result<url::Url, ShellError> {
    let parsed =
        url::Url::parse(url.trim_end_matches('/')).map_err(|source| ShellError::ApiUrl {
            url: url.to_owned(),
            source,
        })?;
    if parsed.cannot_be_a_base() {
        return Err(ShellError::ApiUrlNotBase {
            url: url.to_owned(),
        });
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
            Duration::from_secs(1),
        )
        .unwrap();
        assert_eq!(
            shell.redact("GET /bot123:secret/getMe failed"),
            "GET /bot<token>/getMe failed"
        );
        assert_eq!(shell.bot.api_url().as_str(), "http://127.0.0.1:9/");
        let t = Duration::from_secs(1);
        let error = |token: &str, url: Option<&str>| {
            Shell::new(token, url, store.clone(), catalog.clone(), t)
                .err()
                .expect("refused")
        };
        let empty = error("  ", None);
        assert!(matches!(empty, ShellError::EmptyToken));
        assert_eq!(empty.to_string(), "TELOXIDE_TOKEN is empty");
        let not_url = error("1:a", Some("not a url"));
        assert!(matches!(not_url, ShellError::ApiUrl { .. }), "{not_url:?}");
        assert_eq!(
            not_url.to_string(),
            r#"TELOXIDE_API_URL "not a url" is not a URL"#
        );
        let source = std::error::Error::source(&not_url).expect("the parse error is kept");
        assert_eq!(source.to_string(), "relative URL without a base");
        let mailto = error("1:a", Some("mailto:x@y"));
        assert!(
            matches!(mailto, ShellError::ApiUrlNotBase { .. }),
            "{mailto:?}"
        );
        assert_eq!(
            mailto.to_string(),
            r#"TELOXIDE_API_URL "mailto:x@y" is not a URL: it cannot be a base URL"#
        );
    }
}
