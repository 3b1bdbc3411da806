//! The long-polling loop: fetch a batch with `getUpdates`, handle it (one task per chat, a
//! chat's updates in order), and only then store the next offset, which the next
//! `getUpdates` confirms to Telegram. A crash anywhere before that leaves the batch
//! unconfirmed; fetched again, its updates already applied are recognised by their
//! `update_id` and not applied twice.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::time::Duration;

use chess_tutor::store::{Applied, LearnerId, StoreError};
use teloxide_core::RequestError;
use teloxide_core::payloads::GetUpdatesSetters;
use teloxide_core::requests::{Request, Requester};
use teloxide_core::types::{ChatId, Update};
use tokio::sync::watch;

use super::inbound::{self, Incoming};
use super::outbound::{answer_callback, send_reply};
use super::{OFFSET_KEY, Shell};
use crate::shell::apply_input;

/// How often an update whose handling fails in the store is tried (in later batches) before
/// it is given up with an apology.
pub const STORE_ATTEMPTS: u32 = 3;

/// What a learner reads when handling their update failed.
pub const APOLOGY: &str = "Sorry, something went wrong on my side with that message. Please try again.\n抱歉，处理这条消息时出了问题，请再试一次。";

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

/// Polls until `stop` turns true, then finishes the batch in flight (within
/// [`PollOptions::grace`]) and returns.
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
    let mut offset = shell.store.get_offset(OFFSET_KEY).await?;
    let mut failures: HashMap<i64, u32> = HashMap::new();
    shell.log(format_args!(
        "polling for updates (offset {})",
        offset.map_or_else(|| "none".to_owned(), |o| o.to_string())
    ));
    loop {
        let fetched = tokio::select! {
            r = fetch(&shell, offset, &options) => r,
            () = stopped(&mut stop) => break,
        };
        let batch = match fetched {
            Ok(batch) => batch,
            Err(e) => {
                let wait = match &e {
                    RequestError::RetryAfter(s) => s.duration(),
                    _ => Duration::from_secs(1),
                };
                shell.log(format_args!("getUpdates failed: {e}"));
                tokio::select! {
                    () = tokio::time::sleep(wait) => continue,
                    () = stopped(&mut stop) => break,
                }
            }
        };
        if batch.is_empty() {
            continue;
        }
        let last_chance: HashSet<i64> = failures
            .iter()
            .filter(|&(_, &n)| n + 1 >= STORE_ATTEMPTS)
            .map(|(&id, _)| id)
            .collect();
        let mut task = tokio::spawn(handle_batch(shell.clone(), batch, Arc::new(last_chance)));
        let joined = tokio::select! {
            r = &mut task => r,
            () = stopped(&mut stop) => {
                match tokio::time::timeout(options.grace, &mut task).await {
                    Ok(r) => r,
                    Err(_) => {
                        shell.log(format_args!(
                            "stopping before the batch in flight finished; its updates will be fetched again"
                        ));
                        task.abort();
                        break;
                    }
                }
            }
        };
        let outcome = match joined {
            Ok(outcome) => outcome,
            Err(e) => {
                shell.log(format_args!("a batch failed as a whole: {e}"));
                pause(&mut stop).await;
                continue;
            }
        };
        if let Some(failed) = outcome.failed {
            *failures.entry(failed).or_default() += 1;
            failures.retain(|&id, _| id >= failed);
        } else {
            failures.clear();
        }
        if let Some(next) = outcome.next_offset {
            match shell.store.set_offset(OFFSET_KEY, next).await {
                Ok(()) => offset = Some(next),
                Err(e) => shell.log(format_args!("cannot store the polling offset: {e}")),
            }
        }
        if outcome.failed.is_some() {
            pause(&mut stop).await;
        }
        if *stop.borrow() {
            break;
        }
    }
    shell.log(format_args!("stopped polling"));
    Ok(())
}

async fn pause(stop: &mut watch::Receiver<bool>) {
    tokio::select! {
        () = tokio::time::sleep(Duration::from_secs(1)) => {}
        () = stopped(stop) => {}
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

/// What became of a batch.
#[derive(Debug, Default)]
struct BatchOutcome {
    /// The offset that confirms everything handled (`None`: nothing to confirm).
    next_offset: Option<i64>,
    /// The first update that failed in the store and is to be fetched again.
    failed: Option<i64>,
}

/// Handles a batch: one task per chat, each chat's updates in order.
async fn handle_batch(
    shell: Arc<Shell>,
    batch: Vec<(i64, Incoming)>,
    last_chance: Arc<HashSet<i64>>,
) -> BatchOutcome {
    let Some(max_id) = batch.iter().map(|(id, _)| *id).max() else {
        return BatchOutcome::default();
    };
    let mut groups: Vec<Vec<(i64, Incoming)>> = Vec::new();
    let mut by_chat: HashMap<i64, usize> = HashMap::new();
    let mut skipped: HashMap<&'static str, usize> = HashMap::new();
    for (id, incoming) in batch {
        match (&incoming, incoming.chat()) {
            (Incoming::Skip(why), _) => *skipped.entry(why).or_default() += 1,
            (_, Some(chat)) => {
                let at = *by_chat.entry(chat).or_insert_with(|| {
                    groups.push(Vec::new());
                    groups.len() - 1
                });
                groups[at].push((id, incoming));
            }
            (_, None) => groups.push(vec![(id, incoming)]),
        }
    }
    for (why, n) in skipped {
        shell.log(format_args!("skipped {n} update(s): {why}"));
    }
    let tasks: Vec<_> = groups
        .into_iter()
        .map(|updates| tokio::spawn(handle_chat(shell.clone(), updates, last_chance.clone())))
        .collect();
    let mut failed: Option<i64> = None;
    for task in tasks {
        match task.await {
            Ok(Some(id)) => failed = Some(failed.map_or(id, |f| f.min(id))),
            Ok(None) => {}
            // `handle_chat` catches the panics of its updates; this is a bug of the loop.
            Err(e) => shell.log(format_args!("a chat task failed: {e}")),
        }
    }
    BatchOutcome {
        next_offset: Some(failed.unwrap_or(max_id + 1)),
        failed,
    }
}

/// Handles one chat's updates in order; returns the first update that failed in the store
/// (it and the chat's later updates are left for the next fetch).
async fn handle_chat(
    shell: Arc<Shell>,
    updates: Vec<(i64, Incoming)>,
    last_chance: Arc<HashSet<i64>>,
) -> Option<i64> {
    for (id, incoming) in updates {
        // Its own task, so that a panic is caught at the join and the chat goes on.
        let task = tokio::spawn(handle_update(shell.clone(), id, incoming.clone()));
        match task.await {
            Ok(Ok(())) => {}
            Ok(Err(e)) => {
                shell.log(format_args!("update {id}: the store failed: {e}"));
                if !last_chance.contains(&id) {
                    return Some(id);
                }
                shell.log(format_args!("update {id}: given up"));
                apologize(&shell, &incoming).await;
            }
            Err(e) => {
                let what = if e.is_panic() {
                    panic_message(e.into_panic())
                } else {
                    "cancelled".to_owned()
                };
                shell.log(format_args!("update {id} panicked: {what}"));
                apologize(&shell, &incoming).await;
            }
        }
    }
    None
}

fn panic_message(payload: Box<dyn std::any::Any + Send>) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_owned()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic without a message".to_owned()
    }
}

/// Tells the learner that their update failed, and answers its button press.
async fn apologize(shell: &Shell, incoming: &Incoming) {
    if let Incoming::Tutor {
        callback: Some(callback),
        ..
    }
    | Incoming::AnswerOnly { callback, .. } = incoming
    {
        answer_callback(shell, callback).await;
    }
    if let Some(chat) = incoming.chat() {
        let reply = chess_tutor::tutor::Reply::text(APOLOGY);
        if let Err(e) = send_reply(shell, ChatId(chat), &reply).await {
            shell.log(format_args!("cannot apologize to chat {chat}: {e}"));
        }
    }
}

/// Handles one update: applies it (once in effect), answers its button press, sends the
/// replies.
async fn handle_update(shell: Arc<Shell>, id: i64, incoming: Incoming) -> Result<(), StoreError> {
    match incoming {
        Incoming::Skip(_) => Ok(()),
        Incoming::AnswerOnly { callback, .. } => {
            answer_callback(&shell, &callback).await;
            Ok(())
        }
        Incoming::Tutor {
            chat,
            input,
            callback,
        } => {
            #[cfg(debug_assertions)]
            fault::maybe_panic(&input);
            let applied = apply_input(
                &shell.store,
                &shell.catalog,
                LearnerId(chat),
                Some(id),
                input,
            )
            .await?;
            if let Some(callback) = &callback {
                answer_callback(&shell, callback).await;
            }
            let Applied::Done(replies) = applied else {
                return Ok(());
            };
            for reply in &replies {
                if let Err(e) = send_reply(&shell, ChatId(chat), reply).await {
                    shell.log(format_args!(
                        "update {id}: cannot reply to chat {chat}: {e}"
                    ));
                    break;
                }
            }
            Ok(())
        }
    }
}

/// Fault injection for the tests of the whole binary (debug builds only): a text equal to
/// `CHESS_TUTOR_TEST_PANIC` makes its update's handling panic.
#[cfg(debug_assertions)]
mod fault {
    use std::sync::OnceLock;

    use chess_tutor::tutor::Input;

    static PANIC_ON: OnceLock<Option<String>> = OnceLock::new();

    pub fn maybe_panic(input: &Input) {
        let trigger = PANIC_ON.get_or_init(|| {
            std::env::var("CHESS_TUTOR_TEST_PANIC")
                .ok()
                .filter(|t| !t.is_empty())
        });
        if let (Some(trigger), Input::Text(text)) = (trigger, input)
            && text == trigger
        {
            panic!("a panic injected by CHESS_TUTOR_TEST_PANIC");
        }
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
    fn panic_messages_are_read() {
        assert_eq!(panic_message(Box::new("boom")), "boom");
        assert_eq!(panic_message(Box::new(String::from("bang"))), "bang");
        assert_eq!(panic_message(Box::new(3)), "a panic without a message");
    }
}
