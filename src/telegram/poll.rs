//! The long-polling loop. Each fetched batch is written to the store's inbox in the
//! transaction that moves the polling offset past it, so Telegram is told at once that the
//! updates arrived (one slow chat never holds back the fetching of everyone else's) and a
//! crash loses none of them: the inbox is handled first after a restart. Each update goes to
//! its chat (a chat's updates in order, different chats at once) and leaves the inbox once
//! handled; one applied before a crash is recognised by its `update_id` in the store and not
//! applied twice.

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::Arc;
use std::time::{Duration, Instant};

use chess_tutor_store::StoreError;
use teloxide_core::RequestError;
use teloxide_core::payloads::GetUpdatesSetters;
use teloxide_core::requests::{Request, Requester};
use tokio::sync::mpsc;
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;

use super::handle::{Ended, supervise};
use super::inbound::{self, Incoming};
use super::{OFFSET_KEY, Shell};

/// A fetched batch: each update's id and what it asks.
type Batch = Vec<(i64, Incoming)>;

/// Updates held (waiting or being handled) before fetching pauses, by default: memory stays
/// bounded however fast updates come.
pub const MAX_HELD: usize = 10_000;

/// Handled updates gathered before they are removed from the inbox in a write of their own.
const REMOVE_BATCH: usize = 64;

/// How long handled updates wait for the next fetched batch, whose inbox write takes them out
/// too, before they are removed in a write of their own: under steady traffic a poll costs one
/// write instead of two, and an idle bot's inbox is still empty soon after.
const REMOVE_AFTER: Duration = Duration::from_millis(250);

/// How the loop polls.
#[derive(Debug, Clone)]
pub struct PollOptions {
    /// The `getUpdates` long-polling timeout, in seconds.
    pub timeout_secs: u32,
    /// The most updates fetched at once (1–100).
    pub limit: u8,
    /// After a stop signal, how long the batch in flight may still take.
    pub grace: Duration,
    /// Updates held in memory (waiting or being handled) before fetching pauses.
    pub max_held: usize,
}

impl Default for PollOptions {
    fn default() -> Self {
        PollOptions {
            timeout_secs: 25,
            limit: 100,
            grace: Duration::from_secs(8),
            max_held: MAX_HELD,
        }
    }
}

/// Polls until `stop` is cancelled, then lets the updates being handled finish (within
/// [`PollOptions::grace`]) and returns; what waits stays in the inbox for the next start.
///
/// # Errors
///
/// Only when the stored offset or the inbox cannot be read at the start; later failures are
/// logged and retried.
pub async fn run(
    shell: Arc<Shell>,
    options: PollOptions,
    stop: CancellationToken,
) -> Result<(), StoreError> {
    // The classes' puzzles of the day: each posted by the one replica that claims it.
    tokio::spawn(super::daily::run(shell.clone(), stop.clone()));
    let stored = shell.store.get_offset(OFFSET_KEY).await?;
    let inboxed = shell.store.inbox().await?;
    tracing::info!(
        offset = %stored.map_or_else(|| "none".to_owned(), |o| o.to_string()),
        inbox = inboxed.len(),
        "polling for updates"
    );
    let mut loop_state = Loop {
        shell: shell.clone(),
        offset: stored,
        chats: HashMap::new(),
        held: 0,
        running: 0,
        stopping: false,
        stop: stop.clone(),
        done: mpsc::unbounded_channel(),
        handled: Vec::new(),
        remove_at: None,
        later: Vec::new(),
    };
    let mut unreadable = Vec::new();
    for (id, body) in inboxed {
        match serde_json::from_value::<Incoming>(body) {
            Ok(kept) => loop_state.hold(id, kept),
            Err(e) => {
                tracing::warn!(update_id = id, error = %e, "an inbox update does not read, dropped");
                unreadable.push(id);
            }
        }
    }
    if !unreadable.is_empty() {
        loop_state.handled.extend(unreadable);
        loop_state.remove_at = Some(Instant::now());
    }
    let mut fetching: Option<JoinHandle<Result<Batch, FetchError>>> = None;
    let mut next_fetch = Instant::now();
    let mut deadline = Instant::now();
    // The outbox sweep: replies whose sending was given up for the moment (the Bot API kept
    // failing, or a process died before sending them) get another try, in their chat's order.
    let mut next_sweep = Instant::now() + shell.outbox_sweep;
    loop {
        if !loop_state.stopping
            && fetching.is_none()
            && loop_state.held < options.max_held.max(1)
            && Instant::now() >= next_fetch
        {
            let offset = loop_state.offset;
            let shell = shell.clone();
            let options = options.clone();
            fetching = Some(tokio::spawn(async move {
                fetch(&shell, offset, &options).await
            }));
        }
        let remove_at = loop_state.remove_at;
        let next_later = loop_state.later.iter().map(|(at, ..)| *at).min();
        tokio::select! {
            joined = async { fetching.as_mut().expect("guarded").await }, if fetching.is_some() => {
                fetching = None;
                next_fetch = match joined {
                    Ok(Ok(batch)) => {
                        shell.metrics.polled();
                        if loop_state.admit(batch).await {
                            Instant::now()
                        } else {
                            // Not kept: Telegram sends the batch again; do not hammer it.
                            Instant::now() + Duration::from_secs(1)
                        }
                    }
                    Ok(Err(e)) => {
                        shell.metrics.polls_failed.inc();
                        tracing::warn!(error = %e, "getUpdates failed");
                        Instant::now() + match &e {
                            FetchError::Api(RequestError::RetryAfter(s)) => s.duration(),
                            _ => Duration::from_secs(1),
                        }
                    }
                    Err(e) => {
                        tracing::error!(error = %e, "getUpdates task failed");
                        Instant::now() + Duration::from_secs(1)
                    }
                };
            }
            Some(done) = loop_state.done.1.recv() => {
                loop_state.finished(done);
                if loop_state.handled.len() >= REMOVE_BATCH {
                    loop_state.remove_handled().await;
                } else if loop_state.running == 0 && !loop_state.handled.is_empty() {
                    loop_state.remove_at.get_or_insert_with(|| Instant::now() + REMOVE_AFTER);
                }
            }
            () = tokio::time::sleep_until(remove_at.unwrap_or_else(Instant::now).into()),
                if remove_at.is_some() => {
                loop_state.remove_handled().await;
            }
            () = tokio::time::sleep_until(next_later.unwrap_or_else(Instant::now).into()),
                if next_later.is_some() && !loop_state.stopping => {
                loop_state.retry_due();
            }
            () = stop.cancelled(), if !loop_state.stopping => {
                loop_state.stopping = true;
                deadline = Instant::now() + options.grace;
                if let Some(task) = fetching.take() {
                    task.abort();
                }
                tracing::info!(
                    running = loop_state.running,
                    waiting = loop_state.held - loop_state.running,
                    "stopping: finishing the updates being handled; those waiting stay in the inbox"
                );
            }
            () = tokio::time::sleep_until(next_fetch.into()),
                if !loop_state.stopping && fetching.is_none() => {}
            () = tokio::time::sleep_until(next_sweep.into()), if !loop_state.stopping => {
                loop_state.sweep().await;
                next_sweep = Instant::now() + shell.outbox_sweep;
            }
            () = tokio::time::sleep_until(deadline.into()), if loop_state.stopping => {
                tracing::warn!(
                    running = loop_state.running,
                    "updates did not finish in time; they stay in the inbox"
                );
                break;
            }
        }
        if loop_state.stopping && loop_state.running == 0 {
            break;
        }
    }
    loop_state.remove_handled().await;
    shell.flush_sent().await;
    tracing::info!("stopped polling");
    Ok(())
}

/// A finished (or, when stopping, abandoned, or not yet decided) update.
struct Done {
    chat: Option<i64>,
    id: i64,
    ended: Ended,
}

/// How long an update that cannot be decided yet waits before it is handed in again (it stays
/// in the inbox meanwhile, and its chat's later updates wait behind it).
const LATER: Duration = Duration::from_millis(500);

/// The state of the update loop.
struct Loop {
    shell: Arc<Shell>,
    /// The offset of the next `getUpdates` (one past the last update kept in the inbox).
    offset: Option<i64>,
    /// Chats with an update being handled, and their updates waiting in order.
    chats: HashMap<i64, VecDeque<(i64, Incoming)>>,
    /// Updates waiting or being handled.
    held: usize,
    running: usize,
    stopping: bool,
    stop: CancellationToken,
    done: (mpsc::UnboundedSender<Done>, mpsc::UnboundedReceiver<Done>),
    /// Handled updates still in the inbox.
    handled: Vec<i64>,
    /// When the handled updates are removed in a write of their own, unless a fetched batch's
    /// write takes them first.
    remove_at: Option<Instant>,
    /// Updates not decided yet, each to be handed in again at its time, first in its chat.
    later: Vec<(Instant, Option<i64>, i64, Incoming)>,
}

impl Loop {
    /// Keeps a fetched batch in the inbox with the offset past it, then hands its updates to
    /// their chats. False when the store failed (nothing is taken; Telegram sends it again).
    async fn admit(&mut self, batch: Batch) -> bool {
        // Below the offset: already kept (a redelivery Telegram does not make, but a
        // misbehaving server might).
        let fresh: Batch = batch
            .into_iter()
            .filter(|(id, _)| self.offset.is_none_or(|offset| *id >= offset))
            .collect();
        let Some(last) = fresh.iter().map(|(id, _)| *id).max() else {
            return true;
        };
        let mut skipped: HashMap<&'static str, usize> = HashMap::new();
        let mut kept = Vec::new();
        for (id, incoming) in &fresh {
            match incoming {
                Incoming::Skip(why) => *skipped.entry(why).or_default() += 1,
                other => match serde_json::to_value(other) {
                    Ok(body) => kept.push((*id, body)),
                    // Still handled, only not kept through a crash.
                    Err(e) => tracing::warn!(
                        update_id = id,
                        error = %e,
                        "an update cannot be kept in the inbox"
                    ),
                },
            }
        }
        let started = Instant::now();
        let added = self
            .shell
            .store
            .inbox_add(OFFSET_KEY, last + 1, &kept, &self.handled)
            .await;
        // How long the batch (from update `first`) waited to be kept, for an operator.
        tracing::debug!(
            first = fresh.first().map(|f| f.0),
            updates = fresh.len(),
            inbox_us = started.elapsed().as_micros(),
            "admitted"
        );
        let mut refused = std::collections::HashSet::new();
        if let Err(e) = added {
            tracing::warn!(
                updates = kept.len(),
                error = %e,
                "cannot keep the fetched batch in the inbox; keeping its updates one by one"
            );
            // One update the store cannot keep must not hold back the others: each is kept on
            // its own, one that cannot be is skipped (and counted, as an unreadable one is),
            // and the offset moves past them all.
            for (id, body) in &kept {
                if let Err(e) = self.shell.store.inbox_keep(&[(*id, body.clone())]).await {
                    self.shell.metrics.updates_unreadable.inc();
                    tracing::warn!(update_id = id, error = %e, "skipped an update the store cannot keep");
                    refused.insert(*id);
                }
            }
            if refused.len() == kept.len() && !kept.is_empty() {
                // Nothing could be kept: the store itself fails. Telegram sends them again.
                tracing::error!(error = %e, "cannot keep the fetched updates in the inbox");
                return false;
            }
            if let Err(e) = self
                .shell
                .store
                .inbox_add(OFFSET_KEY, last + 1, &[], &self.handled)
                .await
            {
                tracing::error!(error = %e, "cannot move the polling offset");
                return false;
            }
        }
        self.offset = Some(last + 1);
        self.handled.clear();
        self.remove_at = None;
        for (why, n) in skipped {
            tracing::info!(updates = n, reason = %why, "skipped updates");
        }
        for (id, incoming) in fresh {
            if !matches!(incoming, Incoming::Skip(_)) && !refused.contains(&id) {
                self.hold(id, incoming);
            }
        }
        true
    }

    /// Hands one kept update to its chat (after the chat's earlier ones).
    fn hold(&mut self, id: i64, incoming: Incoming) {
        self.held += 1;
        match incoming.chat() {
            Some(chat) => match self.chats.get_mut(&chat) {
                Some(waiting) => waiting.push_back((id, incoming)),
                None => {
                    self.chats.insert(chat, VecDeque::new());
                    self.spawn(id, Some(chat), incoming);
                }
            },
            None => self.spawn(id, None, incoming),
        }
    }

    fn spawn(&mut self, id: i64, chat: Option<i64>, incoming: Incoming) {
        self.running += 1;
        let shell = self.shell.clone();
        let stop = self.stop.clone();
        let done = self.done.0.clone();
        tokio::spawn(async move {
            let ended = supervise(shell, id, incoming, stop).await;
            let _ = done.send(Done { chat, id, ended });
        });
    }

    fn finished(&mut self, done: Done) {
        self.running -= 1;
        if let Ended::Later(incoming) = done.ended {
            // Still held, and still first in its chat: handed in again a moment later.
            if !self.stopping {
                self.later
                    .push((Instant::now() + LATER, done.chat, done.id, *incoming));
                return;
            }
            self.held -= 1;
            if let Some(chat) = done.chat
                && let Some(waiting) = self.chats.remove(&chat)
            {
                self.held -= waiting.len();
            }
            return;
        }
        self.held -= 1;
        let finished = matches!(done.ended, Ended::Finished);
        if finished {
            self.handled.push(done.id);
        }
        let Some(chat) = done.chat else { return };
        if self.stopping || !finished {
            // What waits stays in the inbox and is handled after a restart.
            if let Some(waiting) = self.chats.remove(&chat) {
                self.held -= waiting.len();
            }
            return;
        }
        match self.chats.get_mut(&chat).and_then(VecDeque::pop_front) {
            Some((id, incoming)) => self.spawn(id, Some(chat), incoming),
            None => {
                self.chats.remove(&chat);
            }
        }
    }

    /// Hands in again the updates whose time to be tried again has come.
    fn retry_due(&mut self) {
        let now = Instant::now();
        let (due, waiting): (Vec<_>, Vec<_>) = std::mem::take(&mut self.later)
            .into_iter()
            .partition(|(at, ..)| *at <= now);
        self.later = waiting;
        for (_, chat, id, incoming) in due {
            self.spawn(id, chat, incoming);
        }
    }

    /// Gives the replies left in the outbox (their claim older than a sweep) another try,
    /// each in its chat's queue; chats with updates being handled are left to the next sweep.
    async fn sweep(&mut self) {
        let stale = self.shell.stale_replies().await;
        // Busy before this sweep (not made busy by it: a chat's second kept update goes too).
        let busy: HashSet<i64> = self.chats.keys().copied().collect();
        for (chat, key) in stale {
            if !busy.contains(&chat) {
                self.hold(key, Incoming::Resend { chat });
            }
        }
    }

    /// Removes the handled updates from the inbox (a failure only means they are handled
    /// again, and recognised, after a restart).
    async fn remove_handled(&mut self) {
        self.remove_at = None;
        if self.handled.is_empty() {
            return;
        }
        let ids = std::mem::take(&mut self.handled);
        if let Err(e) = self.shell.store.inbox_remove(&ids).await {
            tracing::warn!(
                updates = ids.len(),
                error = %e,
                "cannot remove the handled updates from the inbox"
            );
        }
    }
}

/// Why a batch could not be fetched. Never shows the body: it holds learners' messages.
#[derive(Debug, thiserror::Error)]
enum FetchError {
    /// The Bot API call failed (network, 5xx, 409, 429…).
    #[error("{0}")]
    Api(RequestError),
    /// The answer was not a batch of updates at all.
    #[error(transparent)]
    Unreadable(#[from] super::updates::BatchError),
    /// The call's task was cancelled (the runtime is stopping).
    #[error("the getUpdates call was cancelled")]
    Cancelled,
}

/// Fetches the next batch: each update's id and what it asks.
async fn fetch(
    shell: &Shell,
    offset: Option<i64>,
    options: &PollOptions,
) -> Result<Vec<(i64, Incoming)>, FetchError> {
    let mut request = shell
        .bot
        .get_updates()
        .timeout(options.timeout_secs)
        .limit(options.limit.clamp(1, 100))
        .allowed_updates(super::ALLOWED_UPDATES);
    if let Some(offset) = offset {
        request = request.offset(i32::try_from(offset).unwrap_or(i32::MAX));
    }
    // teloxide's reader panics on a few shapes (a `poll_answer` with neither `user` nor
    // `voter_chat`); the typed call runs as a task of its own so that such a panic is caught
    // here, and the same batch is then fetched again as text and read update by update.
    // Without this the loop would fetch that batch forever and answer nobody.
    match tokio::spawn(request.send()).await {
        Ok(Ok(updates)) => Ok(updates
            .iter()
            .map(|u| (i64::from(u.id.0), inbound::read(u)))
            .collect()),
        // One update nobody can read makes teloxide refuse the whole batch: read it again
        // update by update.
        Ok(Err(RequestError::InvalidJson { raw, .. })) => Ok(read_raw(&raw, &shell.metrics)?),
        Ok(Err(e)) => Err(FetchError::Api(e)),
        Err(panicked) if panicked.is_panic() => {
            tracing::warn!(
                "teloxide could not read a batch of updates; reading it update by update"
            );
            let raw = fetch_text(shell, offset, options).await?;
            Ok(read_raw(&raw, &shell.metrics)?)
        }
        Err(_) => Err(FetchError::Cancelled),
    }
}

/// The same `getUpdates` call as [`fetch`], its answer kept as text.
async fn fetch_text(
    shell: &Shell,
    offset: Option<i64>,
    options: &PollOptions,
) -> Result<String, FetchError> {
    let mut params = serde_json::json!({
        "timeout": options.timeout_secs,
        "limit": options.limit.clamp(1, 100),
        "allowed_updates": super::ALLOWED_UPDATES.iter().map(|k| {
            serde_json::to_value(k).unwrap_or_default()
        }).collect::<Vec<_>>(),
    });
    if let Some(offset) = offset {
        params["offset"] = offset.into();
    }
    let mut url = shell.bot.api_url();
    url.set_path(&format!(
        "{}bot{}/getUpdates",
        url.path().trim_end_matches('/').to_owned() + "/",
        shell.bot.token()
    ));
    // Without the address: it holds the bot's token.
    let network = |e| FetchError::Api(RequestError::Network(std::sync::Arc::new(e)));
    shell
        .bot
        .client()
        .post(url)
        .json(&params)
        .send()
        .await
        .map_err(|e| network(e.without_url()))?
        .text()
        .await
        .map_err(|e| network(e.without_url()))
}

/// Reads a batch that teloxide could not read as a whole, update by update: an update that does
/// not read is skipped (its id confirmed with the rest, so the offset moves past it), logged by
/// id and size only and counted; an update without an id is dropped the same way.
fn read_raw(
    raw: &str,
    metrics: &super::metrics::Metrics,
) -> Result<Vec<(i64, Incoming)>, super::updates::BatchError> {
    let updates = super::updates::split_batch(raw)?;
    Ok(updates
        .into_iter()
        .filter_map(|update| {
            let read = super::inbound::parse_update(update.json);
            if read.is_none() {
                metrics.updates_unreadable.inc();
                tracing::warn!(
                    update_id = update.id,
                    bytes = update.json.len(),
                    "skipped an update that does not read"
                );
            }
            let id = update.id?;
            Some((
                id,
                read.map_or(Incoming::Skip(super::updates::UNREADABLE), |u| {
                    inbound::read(&u)
                }),
            ))
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A shell whose Bot API refuses every connection (nothing listens on port 9).
    async fn unreachable_shell(dir: &std::path::Path) -> Arc<Shell> {
        let store = chess_tutor_store::Store::open(dir.join("p.sqlite3").to_str().unwrap())
            .await
            .unwrap();
        let catalog = Arc::new(chess_tutor_core::tutor::Catalog::new(
            Vec::new(),
            Vec::new(),
            Vec::new(),
        ));
        let shell = Shell::new(
            "1:a",
            Some("http://127.0.0.1:9"),
            store,
            catalog,
            Duration::from_secs(1),
        )
        .unwrap_or_else(|e| panic!("{e}"));
        Arc::new(shell)
    }

    #[tokio::test]
    async fn cancelling_the_token_ends_the_poll_loop() {
        let dir = tempfile::tempdir().unwrap();
        let shell = unreachable_shell(dir.path()).await;
        let options = PollOptions {
            timeout_secs: 1,
            ..PollOptions::default()
        };
        // Cancelled while it polls (and retries the failing getUpdates).
        let stop = CancellationToken::new();
        let polling = tokio::spawn(run(shell.clone(), options.clone(), stop.clone()));
        tokio::time::sleep(Duration::from_millis(200)).await;
        assert!(!polling.is_finished(), "it polls until cancelled");
        stop.cancel();
        let ended = tokio::time::timeout(Duration::from_secs(5), polling).await;
        assert!(
            matches!(ended, Ok(Ok(Ok(())))),
            "the loop ends soon after the cancellation"
        );
        // Cancelled before it starts: it returns at once.
        let stop = CancellationToken::new();
        stop.cancel();
        let ended = tokio::time::timeout(Duration::from_secs(5), run(shell, options, stop)).await;
        assert!(matches!(ended, Ok(Ok(()))));
    }

    #[test]
    fn a_raw_batch_keeps_good_updates_and_skips_bad_ones() {
        let raw = r#"{"ok":true,"result":[
            {"update_id":1,"message":{"message_id":1,"date":0,"chat":{"id":5,"type":"private"},"text":"hi"}},
            {"message":{"text":"no id"}},
            {"update_id":3,"message":"not a message"},
            {"update_id":"x"}
        ]}"#;
        let metrics = super::super::metrics::Metrics::new();
        let batch = read_raw(raw, &metrics).expect("readable");
        assert_eq!(batch.len(), 2);
        assert_eq!(batch[0].0, 1);
        assert!(matches!(batch[0].1, Incoming::Tutor { chat: 5, .. }));
        assert_eq!(batch[1].0, 3);
        assert!(matches!(batch[1].1, Incoming::Skip(_)));
        assert!(read_raw(r#"{"ok":false}"#, &metrics).is_err());
        assert!(read_raw("garbage", &metrics).is_err());
    }

    /// One update nested deeper than serde_json reads, or with an escaped lone surrogate in a
    /// name, once made every batch unreadable: the offset never moved and nobody was answered.
    #[test]
    fn an_unreadable_update_is_skipped_and_the_others_are_read() {
        let metrics = super::super::metrics::Metrics::new();
        let deep = format!("{}{}", "[".repeat(200), "]".repeat(200));
        let raw = format!(
            r#"{{"ok":true,"result":[
            {{"update_id":10,"message":{{"message_id":1,"date":0,"chat":{{"id":5,"type":"private"}},"text":"hi"}}}},
            {{"update_id":11,"message":{{"message_id":2,"date":0,"chat":{{"id":6,"type":"private"}},"text":{deep}}}}},
            {{"update_id":12,"message":{{"message_id":3,"date":0,"chat":{{"id":7,"type":"private","first_name":"\ud800"}},"from":{{"id":7,"is_bot":false,"first_name":"\udc00x"}},"text":"yo"}}}},
            {{"update_id":13,"message":{{"message_id":4,"date":0,"chat":{{"id":8,"type":"private"}},"text":"ok"}}}}
        ]}}"#
        );
        assert!(serde_json::from_str::<serde_json::Value>(&raw).is_err());
        let batch = read_raw(&raw, &metrics).expect("readable update by update");
        let ids: Vec<i64> = batch.iter().map(|(id, _)| *id).collect();
        assert_eq!(ids, [10, 11, 12, 13], "every id is confirmed");
        assert!(matches!(batch[0].1, Incoming::Tutor { chat: 5, .. }));
        assert!(matches!(batch[1].1, Incoming::Skip(_)));
        assert!(matches!(batch[2].1, Incoming::Skip(_)));
        assert!(matches!(batch[3].1, Incoming::Tutor { chat: 8, .. }));
        assert_eq!(metrics.updates_unreadable.get(), 2);
    }
}
