//! The process's counters, for `/metrics`: cheap to bump from any task (atomics), written in
//! the Prometheus exposition format when scraped. A leaf: it knows no shell.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use prometheus_client::encoding::text::encode;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::Registry;

/// The content type of `/metrics` (OpenMetrics 1.0 text, which Prometheus scrapes).
pub const METRICS_CONTENT_TYPE: &str = "application/openmetrics-text; version=1.0.0; charset=utf-8";

/// The process's counters. Cheap to bump from any task (atomics), read when scraped.
pub struct Metrics {
    registry: Registry,
    /// Updates handled to the end (answered, or skipped as not for the tutor).
    pub updates_handled: Counter,
    /// Updates whose handling failed and were answered with an apology.
    pub updates_failed: Counter,
    /// Replies (messages, edits) the Bot API accepted.
    pub replies_sent: Counter,
    /// Replies given up for a permanent reason (a blocked bot, a deleted chat, a 400).
    pub replies_given_up: Counter,
    /// Replies left in the outbox because the Bot API kept failing.
    pub replies_kept: Counter,
    /// Bot API calls tried again after a passing failure (5xx, time-out, refused connection).
    pub api_retries: Counter,
    /// Bot API calls that waited out a 429.
    pub api_throttled: Counter,
    /// `getUpdates` calls that failed (Telegram or the network down, a 409 from a second poller).
    pub polls_failed: Counter,
    /// Updates skipped because they do not read (logged by id and size only).
    pub updates_unreadable: Counter,
    /// Connections closed at once because the server had as many open as it allows, all of
    /// them inside a request.
    pub connections_refused: Counter,
    /// Connections closed to admit a new one: each the one waiting longest for its headers.
    pub connections_evicted: Counter,
    /// Requests given up because their headers or body came too slowly.
    pub requests_timed_out: Counter,
    /// Updates applied with replies not yet marked sent (read from the store when scraped).
    outbox_depth: Gauge,
    pages_waiting: Gauge,
    /// Seconds from an update's arrival at the handler to the end of its replies.
    pub handling_seconds: Histogram,
    /// When `getUpdates` last answered (milliseconds since the Unix epoch; 0: never).
    last_poll_ms: AtomicU64,
}

impl Default for Metrics {
    fn default() -> Self {
        Metrics::new()
    }
}

impl Metrics {
    /// All counters at zero.
    #[must_use]
    pub fn new() -> Metrics {
        let mut registry = Registry::with_prefix("chess_tutor");
        let updates_handled = Counter::default();
        let updates_failed = Counter::default();
        let replies_sent = Counter::default();
        let replies_given_up = Counter::default();
        let replies_kept = Counter::default();
        let api_retries = Counter::default();
        let api_throttled = Counter::default();
        let polls_failed = Counter::default();
        let updates_unreadable = Counter::default();
        let connections_refused = Counter::default();
        let connections_evicted = Counter::default();
        let requests_timed_out = Counter::default();
        let outbox_depth = Gauge::default();
        let pages_waiting = Gauge::default();
        // 1 ms to about 33 s.
        let handling_seconds = Histogram::new(exponential_buckets(0.001, 2.0, 16));
        registry.register(
            "updates_handled",
            "Telegram updates handled to the end",
            updates_handled.clone(),
        );
        registry.register(
            "updates_failed",
            "Telegram updates whose handling failed (answered with an apology)",
            updates_failed.clone(),
        );
        registry.register(
            "replies_sent",
            "Replies the Bot API accepted (messages and edits)",
            replies_sent.clone(),
        );
        registry.register(
            "replies_given_up",
            "Replies given up for a permanent reason (blocked, chat gone, refused request)",
            replies_given_up.clone(),
        );
        registry.register(
            "replies_kept",
            "Replies left in the outbox while the Bot API kept failing",
            replies_kept.clone(),
        );
        registry.register(
            "bot_api_retries",
            "Bot API calls tried again after a passing failure",
            api_retries.clone(),
        );
        registry.register(
            "bot_api_throttled",
            "Bot API calls that waited out a 429",
            api_throttled.clone(),
        );
        registry.register(
            "get_updates_failed",
            "getUpdates calls that failed",
            polls_failed.clone(),
        );
        registry.register(
            "updates_unreadable",
            "Telegram updates skipped because they do not read",
            updates_unreadable.clone(),
        );
        registry.register(
            "http_connections_refused",
            "Connections closed at once because the server had as many open as it allows, all inside a request",
            connections_refused.clone(),
        );
        registry.register(
            "http_connections_evicted",
            "Connections closed, at the cap, to admit a new one: the one waiting longest for a request's headers",
            connections_evicted.clone(),
        );
        registry.register(
            "http_requests_timed_out",
            "Requests given up because their headers or body came too slowly",
            requests_timed_out.clone(),
        );
        registry.register(
            "outbox_depth",
            "Applied updates whose replies are not yet marked sent",
            outbox_depth.clone(),
        );
        registry.register(
            "board_pages_waiting",
            "Board pages waiting for their learner's task to change (long polls held)",
            pages_waiting.clone(),
        );
        registry.register(
            "update_handling_seconds",
            "Time from an update reaching the handler to its last reply",
            handling_seconds.clone(),
        );
        Metrics {
            registry,
            updates_handled,
            updates_failed,
            replies_sent,
            replies_given_up,
            replies_kept,
            api_retries,
            api_throttled,
            polls_failed,
            updates_unreadable,
            connections_refused,
            connections_evicted,
            requests_timed_out,
            outbox_depth,
            pages_waiting,
            handling_seconds,
            last_poll_ms: AtomicU64::new(0),
        }
    }

    /// Notes that `getUpdates` answered just now.
    pub fn polled(&self) {
        self.last_poll_ms.store(now_ms(), Ordering::Relaxed);
    }

    /// How long ago `getUpdates` last answered; `None` when it never did.
    #[must_use]
    pub fn since_last_poll(&self) -> Option<Duration> {
        match self.last_poll_ms.load(Ordering::Relaxed) {
            0 => None,
            ms => Some(Duration::from_millis(now_ms().saturating_sub(ms))),
        }
    }

    /// Notes how long an update took, from `since`.
    pub fn handled(&self, since: Instant) {
        self.updates_handled.inc();
        self.handling_seconds.observe(since.elapsed().as_secs_f64());
    }

    /// The counters as the exposition text, with the outbox depth as given.
    #[must_use]
    pub fn render(&self, outbox_depth: Option<u64>) -> String {
        // -1 says "could not be read" (the store is down), rather than a stale figure.
        self.outbox_depth
            .set(outbox_depth.map_or(-1, |d| i64::try_from(d).unwrap_or(i64::MAX)));
        self.pages_waiting
            .set(i64::try_from(crate::follow::FOLLOWERS.waiting()).unwrap_or(i64::MAX));
        let mut text = String::new();
        // Writing into a String cannot fail.
        let _ = encode(&mut text, &self.registry);
        text
    }
}

fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_exposition_names_every_counter_and_the_depth() {
        let m = Metrics::new();
        m.replies_sent.inc_by(3);
        m.api_retries.inc();
        m.handled(Instant::now());
        let text = m.render(Some(7));
        for line in [
            "chess_tutor_replies_sent_total 3",
            "chess_tutor_bot_api_retries_total 1",
            "chess_tutor_updates_handled_total 1",
            "chess_tutor_replies_given_up_total 0",
            "chess_tutor_outbox_depth 7",
            "chess_tutor_update_handling_seconds_count 1",
        ] {
            assert!(
                text.lines().any(|l| l == line),
                "{line:?} missing in\n{text}"
            );
        }
        assert!(text.ends_with("# EOF\n"), "{text}");
        assert!(
            m.render(None)
                .lines()
                .any(|l| l == "chess_tutor_outbox_depth -1")
        );
    }

    #[test]
    fn polls_are_remembered() {
        let m = Metrics::new();
        assert_eq!(m.since_last_poll(), None);
        m.polled();
        assert!(m.since_last_poll().expect("polled") < Duration::from_secs(5));
    }
}
