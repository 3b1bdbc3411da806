//! The long-polling loop: fetch with `getUpdates`, hand each new update to its chat (a
//! chat's updates in order, different chats at once), and confirm an update to Telegram
//! (the next `getUpdates` offset, also stored) only once it and every update before it are
//! handled. A crash leaves the unfinished ones unconfirmed; fetched again, those already
//! applied are recognised by their `update_id` in the store and not applied twice.

use std::collections::{BTreeSet, HashMap, VecDeque};
use std::sync::Arc;
use std::time::{Duration, Instant};

use chess_tutor::store::StoreError;
use teloxide_core::RequestError;
use teloxide_core::payloads::GetUpdatesSetters;
use teloxide_core::requests::{Request, Requester};
use teloxide_core::types::Update;
use tokio::sync::{mpsc, watch};
use tokio::task::JoinHandle;

use super::handle::supervise;
use super::inbound::{self, Incoming};
use super::{OFFSET_KEY, Shell};

/// How long the loop waits before fetching again when a fetch brought only updates already
/// being handled (Telegram sends unconfirmed updates again until they are confirmed).
const REFETCH_PAUSE: Duration = Duration::from_millis(25);

/// A fetched batch: each update's id and what it asks.
type Batch = Vec<(i64, Incoming)>;

/// How the loop polls.
#[derive(Debug, Clone)]
pub struct PollOptions {
    /// The `getUpdates` long-polling timeout, in seconds.
    pub timeout_secs: u32,
    /// The most updates fetched at once (1–100).
    pub limit: u8,
    /// After a stop signal, how long the batch in flight may still take.
    pub grace: Duration,
}

impl Default for PollOptions {
    fn default() -> Self {
        PollOptions {
            timeout_secs: 25,
            limit: 100,
            grace: Duration::from_secs(8),
        }
    }
}

/// Resolves once `stop` turns true (never, if its sender is gone without that).
pub async fn stopped(stop: &mut watch::Receiver<bool>) {
    loop {
        if *stop.borrow_and_update() {
            return;
        }
        if stop.changed().await.is_err() {
            std::future::pending::<()>().await;
        }
    }
}

/// Polls until `stop` turns true, then lets the updates being handled finish (within
/// [`PollOptions::grace`]) and returns.
///
/// Updates are fetched continuously: every update not seen yet is handed to its chat (a
/// chat's updates one after the other, different chats at once), and the offset sent with
/// each `getUpdates` (which confirms everything below it to Telegram) is the lowest update
/// still being handled, so nothing unfinished is ever confirmed.
///
/// # Errors
///
/// Only when the stored offset cannot be read at the start; later failures are logged and
/// retried.
pub async fn run(
    shell: Arc<Shell>,
    options: PollOptions,
    mut stop: watch::Receiver<bool>,
) -> Result<(), StoreError> {
    let stored = shell.store.get_offset(OFFSET_KEY).await?;
    shell.log(format_args!(
        "polling for updates (offset {})",
        stored.map_or_else(|| "none".to_owned(), |o| o.to_string())
    ));
    let mut loop_state = Loop {
        shell: shell.clone(),
        window: Window::new(stored),
        stored,
        chats: HashMap::new(),
        running: 0,
        stopping: false,
        stop: stop.clone(),
        done: mpsc::unbounded_channel(),
    };
    let mut fetching: Option<JoinHandle<Result<Batch, RequestError>>> = None;
    let mut next_fetch = Instant::now();
    let mut deadline = Instant::now();
    loop {
        if !loop_state.stopping && fetching.is_none() && Instant::now() >= next_fetch {
            let offset = loop_state.window.offset();
            loop_state.store_offset(offset).await;
            let shell = shell.clone();
            let options = options.clone();
            fetching = Some(tokio::spawn(async move {
                fetch(&shell, offset, &options).await
            }));
        }
        tokio::select! {
            joined = async { fetching.as_mut().expect("guarded").await }, if fetching.is_some() => {
                fetching = None;
                next_fetch = match joined {
                    Ok(Ok(batch)) => {
                        let new = loop_state.admit(batch);
                        if new == 0 && loop_state.running > 0 {
                            // Only updates in flight came back: do not ask again at once.
                            Instant::now() + REFETCH_PAUSE
                        } else {
                            Instant::now()
                        }
                    }
                    Ok(Err(e)) => {
                        shell.log(format_args!("getUpdates failed: {e}"));
                        Instant::now() + match &e {
                            RequestError::RetryAfter(s) => s.duration(),
                            _ => Duration::from_secs(1),
                        }
                    }
                    Err(e) => {
                        shell.log(format_args!("getUpdates task failed: {e}"));
                        Instant::now() + Duration::from_secs(1)
                    }
                };
            }
            Some(done) = loop_state.done.1.recv() => loop_state.finished(done),
            () = stopped(&mut stop), if !loop_state.stopping => {
                loop_state.stopping = true;
                deadline = Instant::now() + options.grace;
                if let Some(task) = fetching.take() {
                    task.abort();
                }
                shell.log(format_args!(
                    "stopping: finishing the {} update(s) being handled",
                    loop_state.running
                ));
            }
            () = tokio::time::sleep_until(next_fetch.into()),
                if !loop_state.stopping && fetching.is_none() => {}
            () = tokio::time::sleep_until(deadline.into()), if loop_state.stopping => {
                shell.log(format_args!(
                    "{} update(s) did not finish in time; they will be fetched again",
                    loop_state.running
                ));
                break;
            }
        }
        if loop_state.stopping && loop_state.running == 0 {
            break;
        }
    }
    let offset = loop_state.window.offset();
    loop_state.store_offset(offset).await;
    shell.flush_sent().await;
    shell.log(format_args!("stopped polling"));
    Ok(())
}

/// Which updates are being handled, and the offset that confirms everything finished.
#[derive(Debug, Default)]
pub struct Window {
    /// The offset never goes below this (the last one used).
    floor: Option<i64>,
    in_flight: BTreeSet<i64>,
    /// Finished updates at or above the offset (Telegram still sends them).
    finished: BTreeSet<i64>,
    max_seen: Option<i64>,
}

impl Window {
    /// A window starting at the stored `offset`.
    pub fn new(offset: Option<i64>) -> Window {
        Window {
            floor: offset,
            ..Window::default()
        }
    }

    /// Takes `id` in if it is neither being handled nor finished; says whether it was new.
    ///
    /// An id below the offset already used is not new: a fetch sent with an older offset
    /// can bring back an update finished (and forgotten) while it was under way.
    pub fn admit(&mut self, id: i64) -> bool {
        if self.floor.is_some_and(|floor| id < floor)
            || self.in_flight.contains(&id)
            || self.finished.contains(&id)
        {
            return false;
        }
        self.in_flight.insert(id);
        self.max_seen = Some(self.max_seen.map_or(id, |m| m.max(id)));
        true
    }

    /// Marks `id` finished (its effect stored and its replies sent).
    pub fn finish(&mut self, id: i64) {
        if self.in_flight.remove(&id) {
            self.finished.insert(id);
        }
        if let Some(offset) = self.offset() {
            self.finished = self.finished.split_off(&offset);
        }
    }

    /// The offset for the next `getUpdates`: the lowest update being handled, or one past
    /// the highest seen; never lower than before.
    pub fn offset(&mut self) -> Option<i64> {
        let computed = match self.in_flight.first() {
            Some(&lowest) => Some(lowest),
            None => self.max_seen.map(|m| m + 1),
        };
        let offset = match (self.floor, computed) {
            (Some(f), Some(c)) => Some(f.max(c)),
            (f, c) => f.or(c),
        };
        self.floor = offset;
        offset
    }
}

/// A finished (or, when stopping, abandoned) update.
struct Done {
    chat: Option<i64>,
    id: i64,
    finished: bool,
}

/// The state of the update loop.
struct Loop {
    shell: Arc<Shell>,
    window: Window,
    stored: Option<i64>,
    /// Chats with an update being handled, and their updates waiting in order.
    chats: HashMap<i64, VecDeque<(i64, Incoming)>>,
    running: usize,
    stopping: bool,
    stop: watch::Receiver<bool>,
    done: (mpsc::UnboundedSender<Done>, mpsc::UnboundedReceiver<Done>),
}

impl Loop {
    /// Hands the new updates of a fetched batch to their chats; returns how many were new.
    fn admit(&mut self, batch: Vec<(i64, Incoming)>) -> usize {
        let mut new = 0;
        let mut skipped: HashMap<&'static str, usize> = HashMap::new();
        for (id, incoming) in batch {
            if !self.window.admit(id) {
                continue;
            }
            new += 1;
            match (&incoming, incoming.chat()) {
                (Incoming::Skip(why), _) => {
                    *skipped.entry(why).or_default() += 1;
                    self.window.finish(id);
                }
                (_, Some(chat)) => match self.chats.get_mut(&chat) {
                    Some(waiting) => waiting.push_back((id, incoming)),
                    None => {
                        self.chats.insert(chat, VecDeque::new());
                        self.spawn(id, Some(chat), incoming);
                    }
                },
                (_, None) => self.spawn(id, None, incoming),
            }
        }
        for (why, n) in skipped {
            self.shell.log(format_args!("skipped {n} update(s): {why}"));
        }
        new
    }

    fn spawn(&mut self, id: i64, chat: Option<i64>, incoming: Incoming) {
        self.running += 1;
        let shell = self.shell.clone();
        let stop = self.stop.clone();
        let done = self.done.0.clone();
        tokio::spawn(async move {
            let finished = supervise(shell, id, incoming, stop).await;
            let _ = done.send(Done { chat, id, finished });
        });
    }

    fn finished(&mut self, done: Done) {
        self.running -= 1;
        if done.finished {
            self.window.finish(done.id);
        }
        let Some(chat) = done.chat else { return };
        if self.stopping || !done.finished {
            // What waits stays unconfirmed and is fetched again after a restart.
            self.chats.remove(&chat);
            return;
        }
        match self.chats.get_mut(&chat).and_then(VecDeque::pop_front) {
            Some((id, incoming)) => self.spawn(id, Some(chat), incoming),
            None => {
                self.chats.remove(&chat);
            }
        }
    }

    async fn store_offset(&mut self, offset: Option<i64>) {
        let Some(value) = offset else { return };
        if self.stored == Some(value) {
            return;
        }
        match self.shell.store.set_offset(OFFSET_KEY, value).await {
            Ok(()) => self.stored = Some(value),
            Err(e) => self
                .shell
                .log(format_args!("cannot store the polling offset: {e}")),
        }
    }
}

/// Fetches the next batch: each update's id and what it asks.
async fn fetch(
    shell: &Shell,
    offset: Option<i64>,
    options: &PollOptions,
) -> Result<Vec<(i64, Incoming)>, RequestError> {
    let mut request = shell
        .bot
        .get_updates()
        .timeout(options.timeout_secs)
        .limit(options.limit.clamp(1, 100));
    if let Some(offset) = offset {
        request = request.offset(i32::try_from(offset).unwrap_or(i32::MAX));
    }
    match request.send().await {
        Ok(updates) => Ok(updates
            .iter()
            .map(|u| (i64::from(u.id.0), inbound::read(u)))
            .collect()),
        Err(RequestError::InvalidJson { source, raw }) => match read_raw(&raw) {
            Some(batch) => Ok(batch),
            None => Err(RequestError::InvalidJson { source, raw }),
        },
        Err(e) => Err(e),
    }
}

/// Reads a batch that teloxide could not read as a whole, update by update: updates that do
/// not parse are skipped (and confirmed with the rest), updates without an id are dropped.
fn read_raw(raw: &str) -> Option<Vec<(i64, Incoming)>> {
    let value: serde_json::Value = serde_json::from_str(raw).ok()?;
    if value.get("ok")?.as_bool()? {
        let items = value.get("result")?.as_array()?;
        Some(
            items
                .iter()
                .filter_map(|item| {
                    let id = inbound::raw_update_id(item)?;
                    // From text, not from the `Value`: teloxide's update reader wants
                    // borrowed keys, which a `Value` cannot lend.
                    let incoming = serde_json::from_str::<Update>(&item.to_string())
                        .map_or(Incoming::Skip("an update that does not parse"), |u| {
                            inbound::read(&u)
                        });
                    Some((id, incoming))
                })
                .collect(),
        )
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_raw_batch_keeps_good_updates_and_skips_bad_ones() {
        let raw = r#"{"ok":true,"result":[
            {"update_id":1,"message":{"message_id":1,"date":0,"chat":{"id":5,"type":"private"},"text":"hi"}},
            {"message":{"text":"no id"}},
            {"update_id":3,"message":"not a message"},
            {"update_id":"x"}
        ]}"#;
        let batch = read_raw(raw).expect("readable");
        assert_eq!(batch.len(), 2);
        assert_eq!(batch[0].0, 1);
        assert!(matches!(batch[0].1, Incoming::Tutor { chat: 5, .. }));
        assert_eq!(batch[1].0, 3);
        assert!(matches!(batch[1].1, Incoming::Skip(_)));
        assert!(read_raw(r#"{"ok":false}"#).is_none());
        assert!(read_raw("garbage").is_none());
    }

    #[test]
    fn the_offset_waits_for_the_lowest_update_in_flight() {
        let mut w = Window::new(None);
        assert_eq!(w.offset(), None);
        assert!(w.admit(10) && w.admit(11) && w.admit(12));
        assert!(!w.admit(11), "in flight: not taken twice");
        assert_eq!(w.offset(), Some(10));
        w.finish(11);
        w.finish(12);
        assert_eq!(w.offset(), Some(10), "10 is not done yet");
        assert!(!w.admit(12), "finished above the offset: not taken twice");
        w.finish(10);
        assert_eq!(w.offset(), Some(13));
        assert!(w.admit(13));
        assert_eq!(w.offset(), Some(13));
        // 10 to 12 were finished and forgotten; a fetch sent before brings them back.
        assert!(!w.admit(10) && !w.admit(12));
    }

    #[test]
    fn the_offset_starts_at_the_stored_one_and_never_goes_back() {
        let mut w = Window::new(Some(100));
        assert_eq!(w.offset(), Some(100));
        // An update below the offset is finished already: a late answer to an older fetch
        // brings it back, and it is not taken again, nor does it move the offset back.
        assert!(!w.admit(50));
        assert_eq!(w.offset(), Some(100));
        assert!(w.admit(100));
        w.finish(100);
        assert_eq!(w.offset(), Some(101));
    }
}
