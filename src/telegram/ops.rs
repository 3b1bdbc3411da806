//! What an operator watches: `/healthz` (is the store reachable, are updates still arriving
//! from Telegram) and `/metrics` (counters in the Prometheus exposition format, as
//! `prometheus-client` writes it: OpenMetrics text, which Prometheus reads).
//!
//! Served beside the webhook route in webhook mode, and on `--metrics-listen` in either mode.
//! Neither route says anything about learners or the token.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::IntoResponse;
use axum::routing::get;
use tokio_util::sync::CancellationToken;

use super::Shell;
pub use super::metrics::METRICS_CONTENT_TYPE;

/// How updates reach the bot, for the health check.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Feed {
    /// Long polling: alive while `getUpdates` answers within `max_silence` (a long poll's
    /// timeout plus the client's margin, so an idle poll still counts).
    Polling { max_silence: Duration },
    /// Webhook: alive while the server that answers `/healthz` also takes updates.
    Webhook,
}

/// What `/healthz` reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Health {
    /// The store answered a query.
    pub store: Result<(), Unwell>,
    /// Updates are still arriving (polling answers, or the webhook serves).
    pub feed: Result<(), Unwell>,
}

/// What is wrong with one part of the bot.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Unwell {
    /// The store did not answer a query (its error as the driver said it).
    #[error("unreachable ({0})")]
    StoreUnreachable(String),
    /// Polling: no answer to `getUpdates` for this long.
    #[error("getUpdates has not answered for {} s", .0.as_secs())]
    FeedSilent(Duration),
    /// Polling: no answer to `getUpdates` since the start, longer ago than a poll takes.
    #[error("getUpdates has never answered")]
    FeedNeverAnswered,
}

impl Health {
    /// Whether everything is well.
    #[must_use]
    pub fn ok(&self) -> bool {
        self.store.is_ok() && self.feed.is_ok()
    }

    /// One line per part, `ok` or what is wrong (for a person reading it, and a probe
    /// reading the status).
    #[must_use]
    pub fn text(&self) -> String {
        let line = |name: &str, part: &Result<(), Unwell>| match part {
            Ok(()) => format!("{name}: ok\n"),
            Err(e) => format!("{name}: {e}\n"),
        };
        format!(
            "{}{}",
            line("store", &self.store),
            line("telegram", &self.feed)
        )
    }
}

/// The routes' shared state.
#[derive(Clone)]
struct Ops {
    shell: Arc<Shell>,
    feed: Feed,
    started: Instant,
}

/// Checks the store and the feed now.
async fn health(ops: &Ops) -> (Health, Option<u64>) {
    let depth = ops.shell.store.outbox_depth().await;
    let store = depth
        .as_ref()
        .map(|_| ())
        .map_err(|e| Unwell::StoreUnreachable(e.to_string()));
    let feed = match ops.feed {
        Feed::Webhook => Ok(()),
        Feed::Polling { max_silence } => match ops.shell.metrics.since_last_poll() {
            Some(quiet) if quiet <= max_silence => Ok(()),
            Some(quiet) => Err(Unwell::FeedSilent(quiet)),
            // Just started: the first long poll may still be under way.
            None if ops.started.elapsed() <= max_silence => Ok(()),
            None => Err(Unwell::FeedNeverAnswered),
        },
    };
    (Health { store, feed }, depth.ok())
}

async fn healthz(State(ops): State<Ops>) -> impl IntoResponse {
    let (health, _) = health(&ops).await;
    let status = if health.ok() {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    (
        status,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        health.text(),
    )
}

async fn metrics(State(ops): State<Ops>) -> impl IntoResponse {
    let depth = ops.shell.store.outbox_depth().await.ok();
    (
        [(header::CONTENT_TYPE, METRICS_CONTENT_TYPE)],
        ops.shell.metrics.render(depth),
    )
}

/// `/healthz` and `/metrics`, to serve alone or merged into the webhook's router.
pub fn router(shell: Arc<Shell>, feed: Feed) -> axum::Router {
    axum::Router::new()
        .route("/healthz", get(healthz))
        .route("/metrics", get(metrics))
        .with_state(Ops {
            shell,
            feed,
            started: Instant::now(),
        })
}

/// Listens on `listen` for [`serve`] (at the start, so that a taken address stops the bot
/// with a clear message instead of a line in the log).
///
/// # Errors
///
/// The address cannot be listened on.
pub async fn bind(listen: SocketAddr) -> anyhow::Result<tokio::net::TcpListener> {
    crate::http::listen(listen)
        .map_err(|e| anyhow::anyhow!("cannot listen on {listen} for /healthz and /metrics: {e}"))
}

/// Serves [`router`] on `listener` until `stop` is cancelled.
///
/// # Errors
///
/// The server fails.
pub async fn serve(
    shell: Arc<Shell>,
    feed: Feed,
    listener: tokio::net::TcpListener,
    limits: crate::http::Limits,
    stop: CancellationToken,
) -> anyhow::Result<()> {
    let local = listener.local_addr()?;
    // The whole URL: the tests (and operators) read the port from it.
    tracing::info!("serving /healthz and /metrics on http://{local}");
    let counters = crate::http::Counters {
        refused: shell.metrics.connections_refused.clone(),
        evicted: shell.metrics.connections_evicted.clone(),
        timed_out: shell.metrics.requests_timed_out.clone(),
    };
    crate::http::serve(listener, router(shell, feed), limits, counters, stop).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn health_text_names_what_is_wrong() {
        let bad = Health {
            store: Ok(()),
            feed: Err(Unwell::FeedSilent(Duration::from_secs(90))),
        };
        assert!(!bad.ok());
        assert_eq!(
            bad.text(),
            "store: ok\ntelegram: getUpdates has not answered for 90 s\n"
        );
        let good = Health {
            store: Ok(()),
            feed: Ok(()),
        };
        assert!(good.ok());
    }
}
