//! Serving HTTP on a public port with the limits such a port needs, for the webhook and the
//! operators' routes: at most so many connections open at once, so file descriptors never run
//! out; request headers that must arrive within a time limit (a client that sends them byte by
//! byte is cut off); and a stop that lets open requests finish within a grace period and then
//! closes what is left, so that a half-sent request never keeps the process from exiting.
//!
//! At the cap, a new connection is admitted by closing the one that has waited longest
//! without finishing a request's headers (a half-sent header, or an idle keep-alive between
//! requests), counted as evicted. Telegram sends a whole request at once, so its connection is
//! past its headers at once and is not evicted while its update is handled; a flood of
//! half-open connections only evicts itself. Only when every open connection is inside a
//! request is the new one closed at once (counted as refused and logged).
//!
//! A request body's own time limit is applied where a body is read ([`read_body`]).

use std::collections::BTreeMap;
use std::future::Future;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use prometheus_client::metrics::counter::Counter;
use tokio::net::TcpListener;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

/// The peer of a connection, as the server accepted it: in every request's extensions.
#[derive(Debug, Clone, Copy)]
pub struct Peer(pub SocketAddr);

/// What one server allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Connections open at once. At the cap, the one waiting longest for a request's headers
    /// is closed to admit a new one; when none waits, the new one is closed at once.
    pub max_connections: usize,
    /// How long a client may take to send a request's headers (and, between requests, how
    /// long a kept-alive connection may stay idle).
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
            // Telegram sends a request's headers and body at once: a few seconds is ample.
            header_timeout: Duration::from_secs(3),
            body_timeout: Duration::from_secs(10),
            grace: Duration::from_secs(5),
        }
    }
}

/// The counters a server bumps when a limit is hit.
#[derive(Debug, Clone, Default)]
pub struct Counters {
    /// Connections closed at once because [`Limits::max_connections`] were open, all of them
    /// inside a request.
    pub refused: Counter,
    /// Connections closed, at the cap, to admit a new one: each the one that had waited
    /// longest without finishing a request's headers.
    pub evicted: Counter,
    /// Requests given up because their headers or body came too slowly.
    pub timed_out: Counter,
}

/// The listen queue asked for (the kernel caps it at `net.core.somaxconn`, 4,096 by default):
/// a flood of connects that outpaces the accept loop for a moment then overflows it less
/// often, and a connect that overflows it waits for the client's SYN to be sent again (1 s).
const BACKLOG: u32 = 4_096;

/// Listens on `addr` with a listen queue of [`BACKLOG`] (tokio's `bind` asks for 1,024).
///
/// # Errors
///
/// The address cannot be listened on.
pub fn listen(addr: SocketAddr) -> std::io::Result<TcpListener> {
    let socket = if addr.is_ipv4() {
        tokio::net::TcpSocket::new_v4()?
    } else {
        tokio::net::TcpSocket::new_v6()?
    };
    socket.set_reuseaddr(true)?;
    socket.bind(addr)?;
    socket.listen(BACKLOG)
}

/// The connections a server holds open, and of those not inside a request, the order in
/// which they began to wait for one.
struct Admission {
    max: usize,
    state: Mutex<AdmissionState>,
}

#[derive(Default)]
struct AdmissionState {
    /// Connections admitted and not evicted.
    open: usize,
    /// The next key in `waiting` (keys grow, so the first is the oldest).
    next: u64,
    /// The connections waiting for a request's headers: when each began to wait, and how to
    /// close it.
    waiting: BTreeMap<u64, CancellationToken>,
}

/// What [`Admission::admit`] decided for a new connection.
enum Admitted {
    /// Within the cap.
    Free(Arc<Place>),
    /// In the place of the connection that had waited longest for its headers (now closed).
    Evicting(Arc<Place>),
    /// Every open connection is inside a request: closed at once.
    Full,
}

/// An admitted connection's place: waiting for a request's headers (under a key in
/// [`AdmissionState::waiting`]) or inside a request.
struct Place {
    admission: Arc<Admission>,
    /// Cancelled when the connection is evicted; it then closes without serving anything more.
    evict: CancellationToken,
    /// Its key in `waiting`, 0 while inside a request. Changed only under the lock.
    key: AtomicU64,
}

impl Admission {
    fn lock(&self) -> std::sync::MutexGuard<'_, AdmissionState> {
        // The state is a count and a map, each changed in one statement: still whole after a
        // panic elsewhere.
        self.state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn admit(self: &Arc<Self>) -> Admitted {
        let mut state = self.lock();
        let evicting = if state.open < self.max {
            state.open += 1;
            false
        } else if let Some((_, oldest)) = state.waiting.pop_first() {
            // Its place passes to the new connection (`open` unchanged).
            oldest.cancel();
            true
        } else {
            return Admitted::Full;
        };
        state.next += 1;
        let key = state.next;
        let evict = CancellationToken::new();
        state.waiting.insert(key, evict.clone());
        let place = Arc::new(Place {
            admission: self.clone(),
            evict,
            key: AtomicU64::new(key),
        });
        if evicting {
            Admitted::Evicting(place)
        } else {
            Admitted::Free(place)
        }
    }
}

impl Place {
    /// A request's headers are read: not evictable until its answer is given.
    fn busy(&self) {
        let mut state = self.admission.lock();
        let key = self.key.swap(0, Ordering::Relaxed);
        state.waiting.remove(&key);
    }

    /// The answer is given: waiting for the next request's headers, the newest to wait.
    fn idle(&self) {
        let mut state = self.admission.lock();
        if self.evict.is_cancelled() {
            return;
        }
        state.next += 1;
        let key = state.next;
        state.waiting.insert(key, self.evict.clone());
        self.key.store(key, Ordering::Relaxed);
    }
}

impl Drop for Place {
    fn drop(&mut self) {
        let mut state = self.admission.lock();
        state.waiting.remove(self.key.get_mut());
        // An evicted connection's place went to the connection that evicted it.
        if !self.evict.is_cancelled() {
            state.open -= 1;
        }
    }
}

/// A connection's service: marks its place inside a request from the moment hyper has read
/// the request's headers until the answer is given (or the request is dropped).
struct Tracked<S> {
    inner: S,
    place: Arc<Place>,
}

/// Marks the place idle again when dropped.
struct Busy(Arc<Place>);

impl Drop for Busy {
    fn drop(&mut self) {
        self.0.idle();
    }
}

impl<S, R> hyper::service::Service<R> for Tracked<S>
where
    S: hyper::service::Service<R>,
    S::Future: Send + 'static,
{
    type Response = S::Response;
    type Error = S::Error;
    type Future = Pin<Box<dyn Future<Output = Result<S::Response, S::Error>> + Send>>;

    fn call(&self, request: R) -> Self::Future {
        self.place.busy();
        let busy = Busy(self.place.clone());
        let answer = self.inner.call(request);
        Box::pin(async move {
            let _busy = busy;
            answer.await
        })
    }
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
    let admission = Arc::new(Admission {
        max: limits.max_connections.max(1),
        state: Mutex::new(AdmissionState::default()),
    });
    let refused_so_far = AtomicU64::new(0);
    let evicted_so_far = AtomicU64::new(0);
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
        let place = match admission.admit() {
            Admitted::Free(place) => place,
            Admitted::Evicting(place) => {
                counters.evicted.inc();
                let n = evicted_so_far.fetch_add(1, Ordering::Relaxed) + 1;
                // One line per quiet spell, not one per connection: a flood cannot fill the log.
                if n.is_power_of_two() {
                    tracing::warn!(
                        %local,
                        max_connections = limits.max_connections,
                        evicted_so_far = n,
                        "too many open connections: closing the one waiting longest for its request"
                    );
                }
                // Under a flood, let the connections already admitted read the headers in
                // their buffers before more are accepted: else a burst of accepts could evict
                // a connection whose whole request has arrived but not yet been read.
                tokio::task::yield_now().await;
                place
            }
            Admitted::Full => {
                counters.refused.inc();
                let n = refused_so_far.fetch_add(1, Ordering::Relaxed) + 1;
                if n.is_power_of_two() {
                    tracing::warn!(
                        %local,
                        max_connections = limits.max_connections,
                        refused_so_far = n,
                        "too many open connections, all inside a request: closing new ones at once"
                    );
                }
                drop(stream);
                continue;
            }
        };
        // Each request knows its peer (the board page's local login is for loopback only).
        let service = Tracked {
            inner: TowerToHyperService::new(router.clone().layer(axum::Extension(Peer(peer)))),
            place: place.clone(),
        };
        let closing = closing.clone();
        let cut = cut.clone();
        let timed_out = counters.timed_out.clone();
        connections.spawn(async move {
            let evicted = place.evict.clone();
            let _place = place;
            let mut builder = hyper::server::conn::http1::Builder::new();
            builder
                .timer(TokioTimer::new())
                .header_read_timeout(limits.header_timeout);
            let conn = builder.serve_connection(TokioIo::new(stream), service);
            tokio::pin!(conn);
            let result = tokio::select! {
                result = conn.as_mut() => result,
                // Evicted while waiting for headers: nothing is being served; close.
                () = evicted.cancelled() => return,
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
    /// descriptors, and Telegram's POSTs then timed out; later, at the cap, the newest
    /// connection was closed, which was Telegram's while the half-open ones were held.
    #[tokio::test]
    async fn at_the_cap_the_connection_waiting_longest_for_its_headers_is_closed() {
        let limits = Limits {
            max_connections: 8,
            header_timeout: Duration::from_millis(1_000),
            ..Limits::default()
        };
        let (addr, counters, stop, server) = start(limits).await;
        let mut idle = Vec::new();
        for _ in 0..20 {
            let mut s = TcpStream::connect(addr).await.unwrap();
            s.write_all(b"POST / HTTP/1.1\r\nhost:").await.unwrap();
            idle.push(s);
            // In order: each one is the newest to wait.
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
        // The twelve oldest made room for the newer ones, none was refused.
        assert_eq!(counters.evicted.get(), 12);
        assert_eq!(counters.refused.get(), 0);
        let mut byte = [0; 1];
        for (i, s) in idle.iter_mut().enumerate() {
            let read = tokio::time::timeout(Duration::from_millis(50), s.read(&mut byte)).await;
            if i < 12 {
                assert!(matches!(read, Ok(Ok(0) | Err(_))), "{i}: {read:?}");
            } else {
                assert!(read.is_err(), "{i} is still open");
            }
        }
        // A real request gets through at once while they are held.
        let started = std::time::Instant::now();
        let answer = post_body(addr, "hello").await;
        assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
        assert!(answer.ends_with("hello"), "{answer}");
        assert!(started.elapsed() < Duration::from_millis(500));
        assert_eq!(counters.evicted.get(), 13);
        // The seven left are cut off once their headers are late.
        tokio::time::sleep(Duration::from_millis(1_200)).await;
        assert_eq!(counters.timed_out.get(), 7);
        stop.cancel();
        server.await.unwrap();
    }

    /// A connection inside a request is never closed to make room: when every open one is,
    /// the new connection is refused instead.
    #[tokio::test]
    async fn connections_inside_a_request_are_not_evicted() {
        let limits = Limits {
            max_connections: 2,
            ..Limits::default()
        };
        let (addr, counters, stop, server) = start(limits).await;
        // Two requests whose bodies come slowly (the handler waits 300 ms for them).
        let mut inside = Vec::new();
        for _ in 0..2 {
            let mut s = TcpStream::connect(addr).await.unwrap();
            s.write_all(b"POST / HTTP/1.1\r\nhost: x\r\ncontent-length: 10\r\n\r\nab")
                .await
                .unwrap();
            inside.push(s);
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
        let mut late = TcpStream::connect(addr).await.unwrap();
        let _ = late.write_all(b"POST / HTTP/1.1\r\nhost:").await;
        let mut answer = Vec::new();
        let _ = late.read_to_end(&mut answer).await;
        assert!(answer.is_empty());
        assert_eq!(counters.refused.get(), 1);
        assert_eq!(counters.evicted.get(), 0);
        // The two are answered (408: their bodies never came).
        for mut s in inside {
            let mut answer = String::new();
            s.read_to_string(&mut answer).await.unwrap();
            assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
        }
        // Their places are free again.
        assert!(post_body(addr, "again").await.ends_with("again"));
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
