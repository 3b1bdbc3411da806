//! `chess-tutor telegram`: the Telegram bot, by long polling, or in webhook mode with
//! `--webhook-listen`.

use std::net::SocketAddr;
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use tokio_util::sync::CancellationToken;

use crate::telegram::Shell;
use crate::telegram::flood::FloodLimit;
use crate::telegram::poll::{self, PollOptions};
use crate::telegram::webhook::{self, Secret, WebhookOptions};

/// The environment variable holding the webhook secret (never a flag: other users could read
/// it in the process list).
pub const SECRET_ENV: &str = "TELEGRAM_WEBHOOK_SECRET";

/// Arguments of `chess-tutor telegram`. The token comes from `TELOXIDE_TOKEN` (never from
/// the command line, where other users could read it); `TELOXIDE_API_URL` points the bot at
/// another Bot API server.
#[derive(Debug, Clone, clap::Args)]
pub struct TelegramArgs {
    /// The getUpdates long-polling timeout, in seconds.
    #[arg(long, default_value_t = 25, value_parser = clap::value_parser!(u32).range(0..=50))]
    pub poll_timeout: u32,
    /// The most updates fetched at once (1–100).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u8).range(1..=100))]
    pub batch: u8,
    /// Long polling: updates held in memory (waiting or being handled) before fetching
    /// pauses; the rest wait at Telegram.
    #[arg(long, default_value_t = crate::telegram::poll::MAX_HELD, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=1_000_000))]
    pub max_held: usize,
    /// Per-learner flood limit: updates a chat may send at once.
    #[arg(long, default_value_t = 60, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub flood_burst: u32,
    /// Per-learner flood limit: updates a chat may send per minute after its burst.
    #[arg(long, default_value_t = 60, value_parser = clap::value_parser!(u32).range(1..=600_000))]
    pub flood_per_minute: u32,
    /// Webhook mode instead of long polling: the address to listen on, e.g. 127.0.0.1:8443
    /// (behind a TLS-terminating proxy). The secret comes from TELEGRAM_WEBHOOK_SECRET.
    #[arg(long, env = "CHESS_TUTOR_WEBHOOK_LISTEN", value_name = "ADDR")]
    pub webhook_listen: Option<SocketAddr>,
    /// The public https URL Telegram should POST to; given, the bot calls setWebhook at the
    /// start (it never calls deleteWebhook: other replicas keep serving).
    #[arg(long, env = "CHESS_TUTOR_WEBHOOK_URL", value_name = "URL", requires = "webhook_listen", value_parser = parse_public_url)]
    pub webhook_url: Option<url::Url>,
    /// The path updates arrive at [default: the --webhook-url's path, else /telegram].
    #[arg(long, env = "CHESS_TUTOR_WEBHOOK_PATH", value_name = "PATH", requires = "webhook_listen", value_parser = parse_path)]
    pub webhook_path: Option<String>,
    /// Serve /healthz and /metrics (Prometheus) on this address, e.g. 127.0.0.1:9464. In
    /// webhook mode they are also served beside the webhook path.
    #[arg(long, env = "CHESS_TUTOR_METRICS_LISTEN", value_name = "ADDR")]
    pub metrics_listen: Option<SocketAddr>,
    /// How many requests at once Telegram may send (setWebhook's max_connections, 1–100).
    #[arg(long, default_value_t = 40, value_parser = clap::value_parser!(u8).range(1..=100))]
    pub webhook_max_connections: u8,
    /// HTTP servers (webhook, /metrics): connections open at once. At the cap, the one that
    /// has waited longest for a request's headers is closed to admit a new one; when all are
    /// inside a request, the new one is closed at once. Both counted and logged.
    #[arg(long, env = "CHESS_TUTOR_HTTP_MAX_CONNECTIONS", default_value_t = 256, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=100_000))]
    pub http_max_connections: usize,
    /// HTTP servers: milliseconds a client may take to send a request's headers (and a
    /// kept-alive connection may stay idle). Telegram sends a request at once.
    #[arg(long, env = "CHESS_TUTOR_HTTP_HEADER_TIMEOUT_MS", default_value_t = 3_000, value_parser = clap::value_parser!(u64).range(100..=600_000))]
    pub http_header_timeout_ms: u64,
    /// HTTP servers: milliseconds a client may take to send a request's body.
    #[arg(long, env = "CHESS_TUTOR_HTTP_TIMEOUT_MS", default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(100..=600_000))]
    pub http_timeout_ms: u64,
    /// Serve the board page (a Telegram Mini App, under /app/) and its calls on this address,
    /// e.g. 127.0.0.1:8080, behind a TLS-terminating proxy. In webhook mode the page is also
    /// served beside the webhook.
    #[arg(long, env = "CHESS_TUTOR_WEB_LISTEN", value_name = "ADDR")]
    pub web_listen: Option<SocketAddr>,
    /// The public https URL the page's server is reached at (the page is its /app/): given,
    /// every move task in a private chat gets a "♟ Board" button that opens it.
    #[arg(long, env = "CHESS_TUTOR_WEB_URL", value_name = "URL", value_parser = parse_public_url)]
    pub web_url: Option<url::Url>,
}

impl TelegramArgs {
    /// The HTTP servers' limits from the flags; open requests get [`HTTP_GRACE`] after a stop.
    fn http_limits(&self) -> crate::http::Limits {
        crate::http::Limits {
            max_connections: self.http_max_connections,
            header_timeout: Duration::from_millis(self.http_header_timeout_ms),
            body_timeout: Duration::from_millis(self.http_timeout_ms),
            grace: HTTP_GRACE,
        }
    }
}

/// After SIGTERM, how long open HTTP requests may finish before their connections close: well
/// inside [`HARD_STOP`], so that the process exits 0 with the updates being handled done.
const HTTP_GRACE: Duration = Duration::from_secs(5);

/// A `--webhook-url`: an https URL (Telegram sends webhooks over https only).
fn parse_public_url(text: &str) -> Result<url::Url, PublicUrlError> {
    let url = url::Url::parse(text)?;
    if url.scheme() != "https" {
        return Err(PublicUrlError::NotHttps);
    }
    if url.host_str().is_none_or(str::is_empty) {
        return Err(PublicUrlError::NoHost);
    }
    Ok(url)
}

/// A `--webhook-url` or `--web-url` Telegram cannot reach.
#[derive(Debug, thiserror::Error)]
enum PublicUrlError {
    #[error("not a URL: {0}")]
    NotAUrl(#[from] url::ParseError),
    #[error("Telegram sends webhooks only to https:// URLs")]
    NotHttps,
    #[error("the URL has no host")]
    NoHost,
}

/// The board page's address under a `--web-url`: its `/app/`.
fn page_url(base: &url::Url) -> anyhow::Result<url::Url> {
    let mut base = base.clone();
    if !base.path().ends_with('/') {
        let path = format!("{}/", base.path());
        base.set_path(&path);
    }
    base.join("app/")
        .map_err(|e| anyhow::anyhow!("--web-url {base}: {e}"))
}

/// A `--webhook-path`.
fn parse_path(text: &str) -> Result<String, webhook::PathError> {
    webhook::check_path(text)?;
    Ok(text.to_owned())
}

impl Default for TelegramArgs {
    fn default() -> Self {
        TelegramArgs {
            poll_timeout: 25,
            batch: 100,
            max_held: crate::telegram::poll::MAX_HELD,
            flood_burst: 60,
            flood_per_minute: 60,
            webhook_listen: None,
            webhook_url: None,
            webhook_path: None,
            webhook_max_connections: 40,
            metrics_listen: None,
            http_max_connections: 256,
            http_header_timeout_ms: 3_000,
            http_timeout_ms: 10_000,
            web_listen: None,
            web_url: None,
        }
    }
}

/// How long after SIGINT/SIGTERM the process is ended even if something hangs.
const HARD_STOP: Duration = Duration::from_millis(9_500);

/// Runs the bot until SIGINT or SIGTERM.
pub fn run(args: &TelegramArgs, content: Option<&Path>, data_dir: &Path) -> super::Outcome {
    let token = std::env::var("TELOXIDE_TOKEN").unwrap_or_default();
    if token.trim().is_empty() {
        return Err(super::Failure::usage(
            "",
            "set TELOXIDE_TOKEN to the bot's token to run the Telegram bot.",
        ));
    }
    // Before anything can log: a Bot API error quoting a request URL then shows `<token>`.
    crate::logging::hide(&token, "<token>");
    let api_url = std::env::var("TELOXIDE_API_URL").ok();
    let webhook = webhook_options(args).map_err(|e| super::Failure::usage("", e.to_string()))?;
    let (catalog, runtime) = super::setup::prepare_shell(content, true)?;
    let catalog = Arc::new(catalog);
    let options = PollOptions {
        timeout_secs: args.poll_timeout,
        limit: args.batch,
        max_held: args.max_held,
        ..PollOptions::default()
    };
    let result: anyhow::Result<()> = runtime.block_on(async {
        let store = super::setup::open_store(data_dir).await?;
        let shell = Shell::new(
            &token,
            api_url.as_deref(),
            store.clone(),
            catalog,
            Duration::from_secs(u64::from(args.poll_timeout)),
        )?
        .with_flood_limit(FloodLimit {
            burst: args.flood_burst,
            refill: Duration::from_secs(60) / args.flood_per_minute,
        });
        // Long polling has one poller at a time (Telegram answers a second getUpdates with
        // 409), so a poller that starts owns every kept reply at once: a process killed with
        // replies unsent leaves no lease to wait out. Replicas behind a webhook keep the lease.
        let shell = if webhook.is_none() {
            shell.with_outbox_lease(Duration::ZERO)
        } else {
            shell
        };
        let shell = match &args.web_url {
            Some(base) => shell.with_board_app(page_url(base)?),
            None => shell,
        };
        let stop = CancellationToken::new();
        let stopping = stop.clone();
        tokio::spawn(async move {
            wait_for_signal().await;
            tracing::info!("stopping: finishing the updates in flight");
            stopping.cancel();
            // A safety net: whatever hangs, the process ends in time.
            tokio::time::sleep(HARD_STOP).await;
            tracing::error!("did not stop in time; exiting");
            std::process::exit(1);
        });
        let shell = Arc::new(shell);
        // While this process lives, no other takes over the replies it is still sending.
        let renewing = (shell.clone(), stop.clone());
        tokio::spawn(async move { renewing.0.renew_claims(renewing.1).await });
        // In the background, and bounded: updates are handled from the first second even
        // while the Bot API is slow to answer these.
        let introducing = shell.clone();
        tokio::spawn(async move {
            let bounded = tokio::time::timeout(
                Duration::from_secs(60),
                crate::telegram::introduce::introduce(&introducing),
            );
            if bounded.await.is_err() {
                tracing::warn!("getMe/setMyCommands took too long; given up");
            }
        });
        if let Some(listen) = args.metrics_listen {
            let feed = if webhook.is_some() {
                crate::telegram::ops::Feed::Webhook
            } else {
                crate::telegram::ops::Feed::Polling {
                    // A working Bot API answers a long poll within its timeout.
                    max_silence: Duration::from_secs(u64::from(args.poll_timeout))
                        + Duration::from_secs(5),
                }
            };
            let listener = crate::telegram::ops::bind(listen).await?;
            let (shell, stop) = (shell.clone(), stop.clone());
            let limits = args.http_limits();
            tokio::spawn(async move {
                if let Err(e) =
                    crate::telegram::ops::serve(shell, feed, listener, limits, stop).await
                {
                    tracing::error!(error = %format!("{e:#}"), "cannot serve /metrics");
                }
            });
        }
        // Waiting board pages hold at most half the connections: a drop always gets in.
        crate::follow::FOLLOWERS.set_cap(args.http_max_connections / 2);
        let page = crate::web::router(Arc::new(crate::web::Page {
            store: store.clone(),
            catalog: shell.catalog.clone(),
            login: crate::web::Login::Telegram {
                secret: crate::web::init_data::secret_key(&token),
            },
            tokens: crate::web::token::TokenKey::for_bot(&token),
            delivery: crate::web::Delivery::Telegram(shell.clone()),
        }));
        if let Some(listen) = args.web_listen {
            let listener = crate::http::listen(listen)
                .map_err(|e| anyhow::anyhow!("cannot listen on {listen}: {e}"))?;
            let local = listener.local_addr()?;
            // The whole URL in the message: the tests (and operators) read the port from it.
            tracing::info!("serving the board page on http://{local}/app/");
            let counters = crate::http::Counters {
                refused: shell.metrics.connections_refused.clone(),
                evicted: shell.metrics.connections_evicted.clone(),
                timed_out: shell.metrics.requests_timed_out.clone(),
            };
            let (router, limits, stop) = (page.clone(), args.http_limits(), stop.clone());
            tokio::spawn(async move {
                if let Err(e) = crate::http::serve(listener, router, limits, counters, stop).await {
                    tracing::error!(error = %format!("{e:#}"), "cannot serve the board page");
                }
            });
        }
        let result = match webhook {
            Some(webhook) => webhook::run(shell, webhook.with_page(page), stop).await,
            None => poll::run(shell, options, stop).await.map_err(Into::into),
        };
        store.close().await;
        result
    });
    runtime.shutdown_timeout(Duration::from_millis(500));
    match result {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(e) => {
            // Logged (operators read the bot's log), with its causes (`{:#}`): "cannot …:
            // because …"; the exit code says it too.
            tracing::error!(error = %format!("{e:#}"), "the bot stopped on an error");
            Ok(ExitCode::FAILURE)
        }
    }
}

/// Webhook mode's settings, when `--webhook-listen` asks for it; an error says what is
/// missing or wrong.
fn webhook_options(args: &TelegramArgs) -> Result<Option<WebhookOptions>, WebhookConfigError> {
    let Some(listen) = args.webhook_listen else {
        return Ok(None);
    };
    let secret = std::env::var(SECRET_ENV).map_err(|_| WebhookConfigError::NoSecret)?;
    let secret = Secret::new(&secret)?;
    let path = match (&args.webhook_path, &args.webhook_url) {
        (Some(path), _) => path.clone(),
        (None, Some(url)) if url.path() != "/" => {
            webhook::check_path(url.path())?;
            url.path().to_owned()
        }
        (None, _) => webhook::DEFAULT_PATH.to_owned(),
    };
    Ok(Some(WebhookOptions {
        listen,
        path,
        url: args.webhook_url.clone(),
        secret,
        max_connections: args.webhook_max_connections,
        limits: args.http_limits(),
        page: None,
    }))
}

/// What is missing or wrong in webhook mode's settings.
#[derive(Debug, thiserror::Error)]
enum WebhookConfigError {
    #[error(
        "webhook mode needs a secret: set {SECRET_ENV} (1-256 characters of A-Z a-z 0-9 _ -, the same for every replica)"
    )]
    NoSecret,
    #[error("{SECRET_ENV}: {0}")]
    Secret(#[from] webhook::SecretError),
    #[error("--webhook-url: {0}")]
    Path(#[from] webhook::PathError),
}

/// Resolves on SIGINT or (on Unix) SIGTERM.
async fn wait_for_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = tokio::signal::ctrl_c() => {}
                    _ = term.recv() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}
