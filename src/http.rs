//! Serving HTTP on a public port with the limits such a port needs, for the webhook and the
//! operators' routes: at most so many connections open at once (the next ones are closed at
//! once, counted and logged, so file descriptors never run out), request headers that must
//! arrive within a time limit (a client that sends them byte by byte is cut off), and a stop
//! that lets open requests finish within a grace period and then closes what is left, so that
//! a half-sent request never keeps the process from exiting.
//!
//! A request body's own time limit is applied where a body is read ([`read_body`]).

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use prometheus_client::metrics::counter::Counter;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

/// The peer of a connection, as the server accepted it: in every request's extensions.
#[derive(Debug, Clone, Copy)]
pub struct Peer(pub SocketAddr);

/// What one server allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Connections open at once; more are closed as soon as they are accepted.
    pub max_connections: usize,
    /// How long a client may take to send a request's headers.
    pub header_timeout: Duration,
    /// How long a client may take to send a request's body.
    pub body_timeout: Duration,
    /// After the stop, how long open requests may still take before their connections close.
    pub grace: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            // Telegram opens at most 100 (setWebhook's max_connections); a process's file
            // descriptors are usually 1,024.
            max_connections: 256,
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(10),
            grace: Duration::from_secs(5),
        }
    }
}

/// The counters a server bumps when a limit is hit.
#[derive(Debug, Clone, Default)]
pub struct Counters {
    /// Connections closed at once because [`Limits::max_connections`] were open.
    pub refused: Counter,
    /// Requests given up because their headers or body came too slowly.
    pub timed_out: Counter,
}

/// Serves `router` on `listener` within `limits` until `stop` is cancelled; then stops
/// accepting, lets the open requests finish within [`Limits::grace`], closes the rest and
/// returns.
///
/// # Errors
///
/// Only the listener's own failure to report its address; a failed accept is logged and
/// retried.
pub async fn serve(
    listener: TcpListener,
    router: axum::Router,
    limits: Limits,
    counters: Counters,
    stop: CancellationToken,
) -> std::io::Result<()> {
    let local = listener.local_addr()?;
    let open = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    let refused_so_far = AtomicU64::new(0);
    let connections = TaskTracker::new();
    // Connections are told to finish when `closing` is cancelled, and cut when `cut` is.
    let closing = CancellationToken::new();
    let cut = CancellationToken::new();
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = stop.cancelled() => break,
        };
        let (stream, peer) = match accepted {
            Ok(accepted) => accepted,
            Err(e) => {
                // Out of file descriptors and the like: wait a little instead of spinning.
                tracing::warn!(%local, error = %e, "cannot accept a connection");
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let Ok(permit) = open.clone().try_acquire_owned() else {
            counters.refused.inc();
            let n = refused_so_far.fetch_add(1, Ordering::Relaxed) + 1;
            // One line per quiet spell, not one per connection: a flood cannot fill the log.
            if n.is_power_of_two() {
                tracing::warn!(
                    %local,
                    max_connections = limits.max_connections,
                    refused_so_far = n,
                    "too many open connections: closing new ones at once"
                );
            }
            drop(stream);
            continue;
        };
        // Each request knows its peer (the board page's local login is for loopback only).
        let service = TowerToHyperService::new(router.clone().layer(axum::Extension(Peer(peer))));
        let closing = closing.clone();
        let cut = cut.clone();
        let timed_out = counters.timed_out.clone();
        connections.spawn(async move {
            let _permit = permit;
            let mut builder = hyper::server::conn::http1::Builder::new();
            builder
                .timer(TokioTimer::new())
                .header_read_timeout(limits.header_timeout);
            let conn = builder.serve_connection(TokioIo::new(stream), service);
            tokio::pin!(conn);
            let result = tokio::select! {
                result = conn.as_mut() => result,
                () = closing.cancelled() => {
                    conn.as_mut().graceful_shutdown();
                    tokio::select! {
                        result = conn.as_mut() => result,
                        () = cut.cancelled() => return,
                    }
                }
            };
            if let Err(e) = result
                && e.is_timeout()
            {
                timed_out.inc();
                tracing::debug!(%peer, "a client took too long to send its request's headers");
            }
        });
    }
    drop(listener);
    connections.close();
    closing.cancel();
    if tokio::time::timeout(limits.grace, connections.wait())
        .await
        .is_err()
    {
        tracing::warn!(
            %local,
            open = connections.len(),
            "requests did not finish within the grace period; their connections are closed"
        );
        cut.cancel();
        connections.wait().await;
    }
    Ok(())
}

/// Reads a request's body within [`Limits::body_timeout`] and `max_bytes`.
///
/// # Errors
///
/// The status to answer: 408 when the body came too slowly (counted), 413 when too large, or
/// the body extractor's own rejection.
pub async fn read_body(
    request: Request,
    limits: &Limits,
    counters: &Counters,
    peer: Option<SocketAddr>,
) -> Result<Bytes, StatusCode> {
    match tokio::time::timeout(limits.body_timeout, Bytes::from_request(request, &())).await {
        Ok(Ok(body)) => Ok(body),
        Ok(Err(rejection)) => Err(rejection.status()),
        Err(_) => {
            counters.timed_out.inc();
            tracing::debug!(?peer, "a client took too long to send a request's body");
            Err(StatusCode::REQUEST_TIMEOUT)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::routing::post;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    use tokio::net::TcpStream;

    async fn echo(request: Request) -> Result<Bytes, StatusCode> {
        let limits = Limits {
            body_timeout: Duration::from_millis(300),
            ..Limits::default()
        };
        read_body(request, &limits, &Counters::default(), None).await
    }

    async fn start(
        limits: Limits,
    ) -> (
        SocketAddr,
        Counters,
        CancellationToken,
        tokio::task::JoinHandle<()>,
    ) {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let counters = Counters::default();
        let stop = CancellationToken::new();
        let router = axum::Router::new().route("/", post(echo));
        let server = tokio::spawn({
            let counters = counters.clone();
            let stop = stop.clone();
            async move {
                serve(listener, router, limits, counters, stop)
                    .await
                    .unwrap()
            }
        });
        (addr, counters, stop, server)
    }

    async fn post_body(addr: SocketAddr, body: &str) -> String {
        let mut s = TcpStream::connect(addr).await.unwrap();
        let request = format!(
            "POST / HTTP/1.1\r\nhost: x\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
            body.len()
        );
        s.write_all(request.as_bytes()).await.unwrap();
        let mut answer = String::new();
        s.read_to_string(&mut answer).await.unwrap();
        answer
    }

    /// About 1,000 connections that never finished their headers once used up the file
    /// descriptors, and Telegram's POSTs then timed out.
    #[tokio::test]
    async fn connections_that_never_send_their_headers_are_capped_and_cut_off() {
        let limits = Limits {
            max_connections: 8,
            header_timeout: Duration::from_millis(400),
            ..Limits::default()
        };
        let (addr, counters, stop, server) = start(limits).await;
        let mut idle = Vec::new();
        for _ in 0..20 {
            let mut s = TcpStream::connect(addr).await.unwrap();
            s.write_all(b"POST / HTTP/1.1\r\nhost:").await.unwrap();
            idle.push(s);
        }
        // The twelve beyond the cap are closed at once.
        tokio::time::sleep(Duration::from_millis(100)).await;
        assert_eq!(counters.refused.get(), 12);
        // The eight within it are cut off once their headers are late; then a real request
        // gets through.
        tokio::time::sleep(Duration::from_millis(600)).await;
        assert_eq!(counters.timed_out.get(), 8);
        let answer = post_body(addr, "hello").await;
        assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
        assert!(answer.ends_with("hello"), "{answer}");
        stop.cancel();
        server.await.unwrap();
    }

    #[tokio::test]
    async fn a_body_that_comes_too_slowly_gets_408() {
        let (addr, _counters, stop, server) = start(Limits::default()).await;
        let mut s = TcpStream::connect(addr).await.unwrap();
        s.write_all(b"POST / HTTP/1.1\r\nhost: x\r\ncontent-length: 10\r\n\r\nab")
            .await
            .unwrap();
        let mut answer = vec![0; 64];
        let n = tokio::time::timeout(Duration::from_secs(5), s.read(&mut answer))
            .await
            .unwrap()
            .unwrap();
        let answer = String::from_utf8_lossy(&answer[..n]).to_string();
        assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
        stop.cancel();
        server.await.unwrap();
    }

    /// SIGTERM with a half-sent request once kept the server from returning until the
    /// process was killed (exit 1).
    #[tokio::test]
    async fn the_stop_returns_within_the_grace_even_with_a_half_sent_request() {
        let limits = Limits {
            grace: Duration::from_millis(300),
            ..Limits::default()
        };
        let (addr, _counters, stop, server) = start(limits).await;
        // Headers half sent: without a cut, the connection would be waited for until the
        // header time limit (10 s by default).
        let mut half = TcpStream::connect(addr).await.unwrap();
        half.write_all(b"POST / HTTP/1.1\r\nhost:").await.unwrap();
        tokio::time::sleep(Duration::from_millis(50)).await;
        let started = std::time::Instant::now();
        stop.cancel();
        tokio::time::timeout(Duration::from_secs(3), server)
            .await
            .expect("the server returns")
            .unwrap();
        assert!(started.elapsed() < Duration::from_secs(2));
    }
}
