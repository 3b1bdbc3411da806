//! Webhook mode: Telegram POSTs each update to us (axum), instead of us fetching them.
//!
//! Unlike teloxide's own listener, an update is answered 200 only AFTER its handling is done
//! (applied in the store with its `update_id`, replies sent), so an answer Telegram receives
//! means the work is not lost; while stopping, the answer is 503 and Telegram delivers the
//! update again (to another replica, or to this one after a restart; a replay is recognised
//! by the store). The secret comes from configuration and is the same for every replica, and
//! `deleteWebhook` is never called: one replica stopping must not cut the others off.
//!
//! One chat's updates are handled one at a time in arrival order (inside this process; across
//! processes the store serialises one learner's inputs), different chats at once.

use std::collections::HashMap;
use std::fmt;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::StatusCode;
use axum::routing::post;
use subtle::ConstantTimeEq;
use teloxide_core::RequestError;
use teloxide_core::payloads::SetWebhookSetters;
use teloxide_core::requests::{Request as _, Requester};
use tokio::sync::watch;
use tokio_util::sync::CancellationToken;

use super::Shell;
use super::handle::{Ended, supervise};
use super::inbound::{self, Incoming};
use chess_tutor_store::StoreError;

/// The header in which Telegram sends the secret given to `setWebhook`.
pub const SECRET_HEADER: &str = "x-telegram-bot-api-secret-token";

/// The largest update body read (Telegram's updates are a few KiB); larger ones get 413.
pub const BODY_LIMIT: usize = 256 * 1024;

/// The path updates are POSTed to when neither `--webhook-path` nor the URL says otherwise.
pub const DEFAULT_PATH: &str = "/telegram";

/// How many times `setWebhook` is tried at the start (after network failures; a 429 is
/// waited out as Telegram asks).
const SET_WEBHOOK_ATTEMPTS: u32 = 4;

/// The webhook secret: what Telegram sends in [`SECRET_HEADER`]. Not `Debug`-printable.
#[derive(Clone)]
pub struct Secret(String);

/// Why a webhook secret is not one Telegram accepts. The message never repeats the secret.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SecretError {
    /// No characters at all.
    #[error("the webhook secret is empty")]
    Empty,
    /// More than 256 bytes (`chars`: how many characters it has).
    #[error("the webhook secret is {chars} characters long; Telegram allows at most 256")]
    TooLong { chars: usize },
    /// A character outside `A-Z a-z 0-9 _ -`.
    #[error(
        "the webhook secret has the character {}; Telegram allows only A-Z, a-z, 0-9, _ and -",
        shown(*.0)
    )]
    BadCharacter(char),
}

/// A character as an error message shows it: quoted when it prints, else its code point.
fn shown(c: char) -> String {
    if c.is_ascii_graphic() || c == ' ' {
        format!("{c:?}")
    } else {
        format!("U+{:04X}", u32::from(c))
    }
}

impl Secret {
    /// Checks the secret against what Telegram accepts: 1–256 characters of `A-Z a-z 0-9 _ -`.
    ///
    /// # Errors
    ///
    /// What is wrong with it.
    pub fn new(secret: &str) -> Result<Secret, SecretError> {
        if secret.is_empty() {
            return Err(SecretError::Empty);
        }
        if secret.len() > 256 {
            return Err(SecretError::TooLong {
                chars: secret.chars().count(),
            });
        }
        if let Some(bad) = secret
            .chars()
            .find(|c| !(c.is_ascii_alphanumeric() || *c == '_' || *c == '-'))
        {
            return Err(SecretError::BadCharacter(bad));
        }
        Ok(Secret(secret.to_owned()))
    }

    /// Whether `given` is the secret, in time that does not depend on where they differ.
    pub fn matches(&self, given: &[u8]) -> bool {
        constant_time_eq(given, self.0.as_bytes())
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret(<hidden>)")
    }
}

/// `given == expected` in time that does not depend on where they differ (`subtle`), so that
/// it does not tell an attacker how much of a guess was right. Different lengths are never
/// equal (and only the length may show, which Telegram's format bounds anyway).
fn constant_time_eq(given: &[u8], expected: &[u8]) -> bool {
    given.ct_eq(expected).into()
}

/// Why a webhook path cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PathError {
    /// It does not start with `/`.
    #[error("the webhook path {0:?} must start with /")]
    NotAbsolute(String),
    /// It holds a character that is not URL-safe (a route pattern's `{` or `*`, a space…).
    #[error("the webhook path {path:?} has the character {bad:?}; use only A-Z a-z 0-9 - . _ ~ /")]
    BadCharacter { path: String, bad: char },
    /// It is one of the operator's routes (`/healthz`, `/metrics`), served beside it.
    #[error("the webhook path {0:?} is taken by the operator's /healthz and /metrics")]
    Taken(String),
}

/// Checks a webhook path: it starts with `/` and holds only URL-safe characters (so that it
/// is matched literally, never as a route pattern).
///
/// # Errors
///
/// What is wrong with it.
pub fn check_path(path: &str) -> Result<(), PathError> {
    if !path.starts_with('/') {
        return Err(PathError::NotAbsolute(path.to_owned()));
    }
    if ["/healthz", "/metrics"].contains(&path.trim_end_matches('/')) {
        return Err(PathError::Taken(path.to_owned()));
    }
    if let Some(bad) = path
        .chars()
        .find(|c| !(c.is_ascii_alphanumeric() || "-._~/".contains(*c)))
    {
        return Err(PathError::BadCharacter {
            path: path.to_owned(),
            bad,
        });
    }
    Ok(())
}

/// How the webhook server runs.
#[derive(Debug, Clone)]
pub struct WebhookOptions {
    /// Where the server listens (port 0: any free port; the log line says which).
    pub listen: SocketAddr,
    /// The path updates are POSTed to.
    pub path: String,
    /// The public URL to give Telegram with `setWebhook` at the start; `None`: set elsewhere
    /// (by another replica, or by hand).
    pub url: Option<url::Url>,
    /// The secret Telegram sends with every update.
    pub secret: Secret,
    /// `setWebhook`'s `max_connections` (1–100): how many requests Telegram sends at once.
    pub max_connections: u8,
    /// What the HTTP server allows (open connections, header and body time limits).
    pub limits: crate::http::Limits,
    /// Served beside the webhook: the board page and its calls.
    pub page: Option<axum::Router>,
}

impl WebhookOptions {
    /// The same options, serving `page` beside the webhook.
    #[must_use]
    pub fn with_page(mut self, page: axum::Router) -> WebhookOptions {
        self.page = Some(page);
        self
    }
}

/// Serves webhook updates until `stop` is cancelled, then stops accepting, lets the updates
/// being handled finish, and returns.
///
/// # Errors
///
/// The address cannot be listened on, `setWebhook` fails, or the server fails.
pub async fn run(
    shell: Arc<Shell>,
    options: WebhookOptions,
    stop: CancellationToken,
) -> anyhow::Result<()> {
    check_path(&options.path)?;
    let listener = crate::http::listen(options.listen)
        .map_err(|e| anyhow::anyhow!("cannot listen on {}: {e}", options.listen))?;
    let local = listener.local_addr()?;
    if let Some(url) = &options.url {
        tokio::select! {
            set = set_webhook(&shell, url, &options) => set?,
            // Stopped while waiting out a 429: nothing was served, nothing to finish.
            () = stop.cancelled() => return Ok(()),
        }
    }
    let (working, mut idle) = watch::channel(0_usize);
    let counters = crate::http::Counters {
        refused: shell.metrics.connections_refused.clone(),
        evicted: shell.metrics.connections_evicted.clone(),
        timed_out: shell.metrics.requests_timed_out.clone(),
    };
    let app = Arc::new(App {
        shell: shell.clone(),
        secret: options.secret.clone(),
        chats: Mutex::new(HashMap::new()),
        stop: stop.clone(),
        working,
        refused: AtomicU64::new(0),
        limits: options.limits,
        counters: counters.clone(),
    });
    // Replies the Bot API kept refusing, or a dead replica's, are tried again from here:
    // Telegram has had its 200 and will not deliver their updates again.
    tokio::spawn(app.clone().sweep());
    // The classes' timers: each day's stepped once, on whichever replica commits it first.
    tokio::spawn(super::daily::run(shell.clone(), stop.clone()));
    // Updates that could not be decided when they came, handed in again.
    tokio::spawn(later(shell.clone(), stop.clone()));
    let router = axum::Router::new()
        .route(&options.path, post(receive))
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .with_state(app)
        .merge(super::ops::router(shell.clone(), super::ops::Feed::Webhook))
        .merge(options.page.clone().unwrap_or_default());
    // The whole URL in the message: the tests (and operators) read the port from it.
    tracing::info!(
        "listening for webhook updates on http://{local}{}",
        options.path
    );
    crate::http::serve(listener, router, options.limits, counters, stop).await?;
    // Updates whose request went away (the client hung up) are still being handled.
    let _ = idle.wait_for(|n| *n == 0).await;
    shell.flush_sent().await;
    tracing::info!("the webhook server has stopped");
    Ok(())
}

/// Tells Telegram where to send updates, with the secret and the update kinds the tutor uses.
async fn set_webhook(
    shell: &Shell,
    url: &url::Url,
    options: &WebhookOptions,
) -> anyhow::Result<()> {
    let mut failures = 0;
    loop {
        let request = shell
            .bot
            .set_webhook(url.clone())
            .secret_token(options.secret.0.clone())
            .allowed_updates(super::ALLOWED_UPDATES)
            .max_connections(options.max_connections.clamp(1, 100));
        match request.send().await {
            Ok(_) => {
                tracing::info!(%url, "webhook set");
                return Ok(());
            }
            Err(RequestError::RetryAfter(wait)) => {
                tracing::info!(
                    method = "setWebhook",
                    retry_after_s = wait.seconds(),
                    "429 Too Many Requests, retrying"
                );
                tokio::time::sleep(wait.duration()).await;
            }
            Err(e) => {
                failures += 1;
                let e = shell.redact(&e.to_string());
                if failures >= SET_WEBHOOK_ATTEMPTS {
                    anyhow::bail!("setWebhook failed: {e}");
                }
                tracing::warn!(attempt = failures, error = %e, "setWebhook failed, retrying");
                tokio::time::sleep(Duration::from_millis(500 * u64::from(failures))).await;
            }
        }
    }
}

/// What every request handler shares.
struct App {
    shell: Arc<Shell>,
    secret: Secret,
    /// One lock per chat with updates in flight; an entry goes when nobody holds or waits for it.
    chats: Mutex<HashMap<i64, Arc<tokio::sync::Mutex<()>>>>,
    stop: CancellationToken,
    /// How many updates are being handled.
    working: watch::Sender<usize>,
    /// Requests refused for a wrong or missing secret (logged at 1, 2, 4, 8, …).
    refused: AtomicU64,
    /// The body's time limit.
    limits: crate::http::Limits,
    counters: crate::http::Counters,
}

impl App {
    /// The lock of `chat`'s updates (made if there is none).
    fn chat_lock(&self, chat: i64) -> Arc<tokio::sync::Mutex<()>> {
        let mut chats = self
            .chats
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        chats.entry(chat).or_default().clone()
    }

    /// Gives back `lock` (taken with [`App::chat_lock`]), and forgets it if nobody else has it.
    fn release(&self, chat: i64, lock: Arc<tokio::sync::Mutex<()>>) {
        drop(lock);
        let mut chats = self
            .chats
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        // Clones are only made under this map lock: one reference means only the map's.
        if chats.get(&chat).is_some_and(|l| Arc::strong_count(l) == 1) {
            chats.remove(&chat);
        }
    }

    /// Every sweep interval until stopping, gives the replies left in the outbox another
    /// try, each chat's in order after the updates it is handling; a chat busy when the sweep
    /// looks is left to the next one.
    async fn sweep(self: Arc<App>) {
        loop {
            tokio::select! {
                () = tokio::time::sleep(self.shell.outbox_sweep) => {}
                () = self.stop.cancelled() => return,
            }
            let mut by_chat: Vec<(i64, Vec<i64>)> = Vec::new();
            for (chat, key) in self.shell.stale_replies().await {
                match by_chat.last_mut() {
                    Some((last, keys)) if *last == chat => keys.push(key),
                    _ => by_chat.push((chat, vec![key])),
                }
            }
            for (chat, keys) in by_chat {
                if self.is_busy(chat) {
                    continue;
                }
                let app = self.clone();
                tokio::spawn(async move {
                    for key in keys {
                        let working = Working::new(app.clone());
                        if !matches!(
                            handle_in_order(working, key, Incoming::Resend { chat }).await,
                            Ended::Finished
                        ) {
                            break;
                        }
                    }
                });
            }
        }
    }

    /// Whether `chat` has updates being handled (or waiting for their turn).
    fn is_busy(&self, chat: i64) -> bool {
        self.chats
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .contains_key(&chat)
    }
}

/// Counts an update as being handled while it lives.
struct Working(Arc<App>);

impl Working {
    fn new(app: Arc<App>) -> Working {
        app.working.send_modify(|n| *n += 1);
        Working(app)
    }
}

impl Drop for Working {
    fn drop(&mut self) {
        self.0.working.send_modify(|n| *n -= 1);
    }
}

/// One POST from Telegram: 401 without the right secret (nothing read), 413 when too large,
/// 200 for what will never be usable (so Telegram does not send it forever), 200 once a good
/// update is handled, 503 when stopping cut it short (Telegram sends it again).
async fn receive(State(app): State<Arc<App>>, request: Request) -> StatusCode {
    let authentic = request
        .headers()
        .get(SECRET_HEADER)
        .is_some_and(|given| app.secret.matches(given.as_bytes()));
    if !authentic {
        // One line per quiet spell, not one per request: a secret-guesser cannot fill the log.
        let refused = app.refused.fetch_add(1, Ordering::Relaxed) + 1;
        if refused.is_power_of_two() {
            tracing::warn!(
                refused_so_far = refused,
                "refused a webhook request without the right secret"
            );
        }
        return StatusCode::UNAUTHORIZED;
    }
    let body = match crate::http::read_body(request, &app.limits, &app.counters, None).await {
        Ok(body) => body,
        Err(status) => {
            tracing::warn!(%status, "refused a webhook request");
            return status;
        }
    };
    let (id, incoming) = match read_update(&body) {
        Ok(update) => update,
        Err(why) => {
            tracing::warn!(reason = %why, "dropped a webhook request");
            return StatusCode::OK;
        }
    };
    if let Incoming::Skip(why) = incoming {
        if why == super::updates::UNREADABLE {
            app.shell.metrics.updates_unreadable.inc();
            tracing::warn!(update_id = id, bytes = body.len(), reason = %why, "skipped an update");
        } else {
            tracing::info!(update_id = id, reason = %why, "skipped an update");
        }
        return StatusCode::OK;
    }
    if app.stop.is_cancelled() {
        return StatusCode::SERVICE_UNAVAILABLE;
    }
    // Its own task: if the request goes away, the handling still ends (and keeps the chat's
    // lock until then, so the chat's next update cannot overtake it).
    let app_shell = app.shell.clone();
    let working = Working::new(app);
    match tokio::spawn(handle_in_order(working, id, incoming)).await {
        Ok(Ended::Finished) => StatusCode::OK,
        Ok(Ended::Stopped) => StatusCode::SERVICE_UNAVAILABLE,
        // Not decided yet: kept in the inbox, whose pass hands it in again (Telegram is told
        // it arrived, and goes on with the next updates).
        Ok(Ended::Later(incoming)) => match keep_for_later(&app_shell, id, &incoming).await {
            Ok(()) => StatusCode::OK,
            Err(e) => {
                tracing::warn!(update_id = id, error = %e, "cannot keep an update for later");
                StatusCode::SERVICE_UNAVAILABLE
            }
        },
        Err(_) => StatusCode::INTERNAL_SERVER_ERROR,
    }
}

/// An update's id and what it asks, or why the body is not an update at all. An update that
/// does not read (nested too deep, a lone surrogate…) is still an update with its id: it is
/// skipped, and answered 200 so that Telegram does not send it forever.
fn read_update(body: &[u8]) -> Result<(i64, Incoming), &'static str> {
    let not_json = "the body is not JSON";
    let text = std::str::from_utf8(body).map_err(|_| not_json)?;
    let Some(id) = super::updates::update_id(text) else {
        return Err(
            if serde_json::from_str::<serde::de::IgnoredAny>(text).is_err() {
                not_json
            } else {
                "an update without a usable update_id"
            },
        );
    };
    let incoming = super::inbound::parse_update(text)
        .map_or(Incoming::Skip(super::updates::UNREADABLE), |u| {
            inbound::read(&u)
        });
    Ok((id, incoming))
}

/// How often the updates kept for later are handed in again.
const LATER_EVERY: Duration = Duration::from_secs(1);

/// Hands the updates kept in the inbox for later in again, every [`LATER_EVERY`], until
/// `stop`; each leaves the inbox once decided (the tutor decides within a bounded time: a
/// poll answer waits only while a quiz posted a minute ago has no poll noted).
async fn later(shell: Arc<Shell>, stop: CancellationToken) {
    loop {
        tokio::select! {
            () = tokio::time::sleep(LATER_EVERY) => {}
            () = stop.cancelled() => return,
        }
        let kept = match shell.store.inbox().await {
            Ok(kept) => kept,
            Err(e) => {
                tracing::warn!(error = %e, "cannot read the updates kept for later");
                continue;
            }
        };
        for (id, body) in kept {
            let ended = match serde_json::from_value::<Incoming>(body) {
                Ok(incoming) => supervise(shell.clone(), id, incoming, stop.clone()).await,
                Err(e) => {
                    tracing::warn!(update_id = id, error = %e, "an update kept for later does not read, dropped");
                    Ended::Finished
                }
            };
            if matches!(ended, Ended::Finished)
                && let Err(e) = shell.store.inbox_remove(&[id]).await
            {
                tracing::warn!(update_id = id, error = %e, "cannot remove a decided update");
            }
        }
    }
}

/// Keeps an update that cannot be decided yet in the store's inbox, for [`later`] to hand in
/// again.
async fn keep_for_later(shell: &Shell, id: i64, incoming: &Incoming) -> Result<(), StoreError> {
    let body = serde_json::to_value(incoming)?;
    shell.store.inbox_keep(&[(id, body)]).await
}

/// Handles one update after the chat's earlier ones.
async fn handle_in_order(working: Working, id: i64, incoming: Incoming) -> Ended {
    let app = &working.0;
    let stop = app.stop.clone();
    let Some(chat) = incoming.chat() else {
        return supervise(app.shell.clone(), id, incoming, stop).await;
    };
    let lock = app.chat_lock(chat);
    let turn = tokio::select! {
        biased;
        turn = lock.clone().lock_owned() => Some(turn),
        () = stop.cancelled() => None,
    };
    let done = match turn {
        Some(turn) => {
            let done = supervise(app.shell.clone(), id, incoming, stop).await;
            // The outbox learns that the replies went out before Telegram does (200): a
            // redelivery to another replica then finds nothing left to send.
            app.shell.flush_sent().await;
            drop(turn);
            done
        }
        None => Ended::Stopped,
    };
    app.release(chat, lock);
    done
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_follow_telegrams_format() {
        assert!(Secret::new("abc_DEF-123").is_ok());
        assert!(Secret::new(&"a".repeat(256)).is_ok());
        let too_long = Secret::new(&"a".repeat(257)).unwrap_err();
        assert_eq!(too_long, SecretError::TooLong { chars: 257 });
        assert_eq!(
            too_long.to_string(),
            "the webhook secret is 257 characters long; Telegram allows at most 256"
        );
        // Counted in characters, though bounded in bytes.
        assert_eq!(
            Secret::new(&"é".repeat(200)).unwrap_err(),
            SecretError::TooLong { chars: 200 }
        );
        let empty = Secret::new("").unwrap_err();
        assert_eq!(empty, SecretError::Empty);
        assert_eq!(empty.to_string(), "the webhook secret is empty");
        let spaced = Secret::new("my secret").unwrap_err();
        assert_eq!(spaced, SecretError::BadCharacter(' '));
        assert_eq!(
            spaced.to_string(),
            "the webhook secret has the character ' '; Telegram allows only A-Z, a-z, 0-9, _ and -"
        );
        assert!(
            !spaced.to_string().contains("my secret"),
            "the secret is not repeated"
        );
        assert!(
            Secret::new("naïve")
                .unwrap_err()
                .to_string()
                .contains("U+00EF")
        );
        assert_eq!(
            Secret::new("a/b").unwrap_err(),
            SecretError::BadCharacter('/')
        );
        assert_eq!(
            format!("{:?}", Secret::new("s3cret").unwrap()),
            "Secret(<hidden>)"
        );
    }

    #[test]
    fn the_secret_matches_only_itself() {
        let secret = Secret::new("s3cret_-X").unwrap();
        assert!(secret.matches(b"s3cret_-X"));
        assert!(!secret.matches(b"s3cret_-Y"));
        assert!(!secret.matches(b"s3cret_-"));
        assert!(!secret.matches(b"s3cret_-XX"));
        assert!(!secret.matches(b""));
        assert!(!secret.matches(b"S3CRET_-X"));
        // A guess shorter than the secret whose missing bytes would be zeros.
        assert!(!constant_time_eq(b"ab", b"ab\0"));
        assert!(constant_time_eq(b"", b""));
        assert!(!constant_time_eq(b"", b"a"));
        assert!(!constant_time_eq(b"a", b""));
        assert!(constant_time_eq(b"same", b"same"));
    }

    #[test]
    fn paths_are_literal() {
        assert!(check_path("/telegram").is_ok());
        assert!(check_path("/bot/hook-1.x_~").is_ok());
        let relative = check_path("telegram").unwrap_err();
        assert_eq!(relative, PathError::NotAbsolute("telegram".into()));
        assert_eq!(
            relative.to_string(),
            r#"the webhook path "telegram" must start with /"#
        );
        let pattern = check_path("/{id}").unwrap_err();
        assert_eq!(
            pattern,
            PathError::BadCharacter {
                path: "/{id}".into(),
                bad: '{'
            }
        );
        assert_eq!(
            pattern.to_string(),
            r#"the webhook path "/{id}" has the character '{'; use only A-Z a-z 0-9 - . _ ~ /"#
        );
        assert!(check_path("/a b").is_err());
        assert!(check_path("/*rest").is_err());
        // The operator's routes are served beside the webhook's, so it cannot take them.
        assert_eq!(
            check_path("/metrics"),
            Err(PathError::Taken("/metrics".into()))
        );
        assert!(check_path("/healthz/").is_err());
        assert!(check_path("/healthz-hook").is_ok());
    }

    #[test]
    fn bodies_are_read_as_updates_or_refused_with_a_reason() {
        let good = br#"{"update_id":7,"message":{"message_id":1,"date":0,"chat":{"id":5,"type":"private"},"text":"hi"}}"#;
        let (id, incoming) = read_update(good).unwrap();
        assert_eq!(id, 7);
        assert!(matches!(incoming, Incoming::Tutor { chat: 5, .. }));
        assert_eq!(
            read_update(b"{not json").unwrap_err(),
            "the body is not JSON"
        );
        assert_eq!(
            read_update(br#"{"message":{}}"#).unwrap_err(),
            "an update without a usable update_id"
        );
        assert_eq!(
            read_update(br#"{"update_id":"x"}"#).unwrap_err(),
            "an update without a usable update_id"
        );
        let (id, incoming) = read_update(br#"{"update_id":8,"message":"nonsense"}"#).unwrap();
        assert_eq!(id, 8);
        assert!(matches!(incoming, Incoming::Skip(_)));
        // Deeper than serde_json reads: still an update, skipped by its id.
        let deep = format!(
            r#"{{"update_id":9,"message":{{"text":{}{}}}}}"#,
            "[".repeat(500),
            "]".repeat(500)
        );
        let (id, incoming) = read_update(deep.as_bytes()).unwrap();
        assert_eq!(id, 9);
        assert!(
            matches!(incoming, Incoming::Skip(why) if why == crate::telegram::updates::UNREADABLE)
        );
        assert_eq!(
            read_update(b"\xff\xfe").unwrap_err(),
            "the body is not JSON"
        );
    }
}
