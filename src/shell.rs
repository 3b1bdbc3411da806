//! What both shells do for one input: load the learner's session, run the tutor, store the
//! new session with its events in one transaction, and hand back the replies to send.

use chess_tutor_core::tutor::{self, Catalog, Input, Reply, Session};
use chess_tutor_store::{Applied, Change, Event as StoredEvent, LearnerId, Store, StoreError};

/// Applies `input` for learner `id`; `update_key` (a Telegram update id) makes a replay a
/// no-op, and keeps the replies in the outbox until they are sent, with the conversation
/// `thread` they answer (a Telegram forum topic).
///
/// # Errors
///
/// A store failure; nothing of the input is then stored.
pub async fn apply_input(
    store: &Store,
    catalog: &Catalog,
    id: LearnerId,
    update_key: Option<i64>,
    input: Input,
    client_lang: Option<String>,
    thread: Option<i32>,
) -> Result<Applied<Vec<Reply>>, StoreError> {
    // The shell reads the clock; the tutor only receives the time.
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .ok()
        .and_then(|d| i64::try_from(d.as_secs()).ok());
    store
        .apply(id, update_key, |record| {
            // A state written by an older version reads with defaults for what is new; one
            // that does not read at all is kept as it is, never replaced by a fresh one.
            let session = match record.map(|r| Session::from_stored(&r.state)) {
                None => Session::default(),
                Some(Ok(session)) => session,
                Some(Err(e)) => {
                    let kept = record.map(|r| r.state.clone()).unwrap_or_default();
                    return unreadable_session(id, &e, kept, update_key, thread);
                }
            };
            let envelope = tutor::Envelope {
                now,
                client_lang: client_lang.clone(),
            };
            // A game's move makes the tutor search (tens of milliseconds at the top level):
            // that runs off the async runtime's worker, which goes on serving other chats.
            let t = if matches!(session.mode, tutor::Mode::Game(_)) {
                off_the_runtime(|| tutor::step_in(&session, input.clone(), &envelope, catalog))
            } else {
                tutor::step_in(&session, input.clone(), &envelope, catalog)
            };
            Change {
                state: t.session.to_stored(),
                events: t
                    .events
                    .iter()
                    .map(|e| {
                        StoredEvent::new(e.kind(), serde_json::to_value(e).unwrap_or_default())
                    })
                    .collect(),
                // Kept until sent, so that a crash before the sending loses no reply.
                unsent: (update_key.is_some() && !t.replies.is_empty())
                    .then(|| KeptReplies::keep(&t.replies, thread))
                    .flatten(),
                output: t.replies,
            }
        })
        .await
}

/// Runs `f` where it blocks no async task: on a multi-threaded runtime the worker hands its
/// other tasks over first (`block_in_place`); elsewhere (a test's single thread) it just runs.
fn off_the_runtime<T>(f: impl FnOnce() -> T) -> T {
    match tokio::runtime::Handle::try_current() {
        Ok(handle) if handle.runtime_flavor() == tokio::runtime::RuntimeFlavor::MultiThread => {
            tokio::task::block_in_place(f)
        }
        _ => f(),
    }
}

/// One update's replies as the outbox keeps them until they are sent, with the conversation
/// thread they answer (a Telegram forum topic): a later attempt, after a restart or a sweep,
/// sends them where the first would have.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct KeptReplies {
    /// The replies, in order.
    pub replies: Vec<Reply>,
    /// The thread (forum topic) they go to; none for a chat without topics.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thread: Option<i32>,
}

impl KeptReplies {
    /// The outbox's JSON for `replies` to `thread` (`None` only if a reply cannot be written).
    fn keep(replies: &[Reply], thread: Option<i32>) -> Option<serde_json::Value> {
        serde_json::to_value(KeptReplies {
            replies: replies.to_vec(),
            thread,
        })
        .ok()
    }

    /// Reads what the outbox kept, in this release's form or in the bare list of replies
    /// that releases before the thread was kept wrote (those go to the chat itself).
    ///
    /// # Errors
    ///
    /// The JSON is neither form (written by another version).
    pub fn read(kept: serde_json::Value) -> Result<KeptReplies, serde_json::Error> {
        if kept.is_array() {
            return Ok(KeptReplies {
                replies: serde_json::from_value(kept)?,
                thread: None,
            });
        }
        serde_json::from_value(kept)
    }
}

/// What a learner reads when their stored progress does not read (written by a newer version,
/// or damaged): it is kept, and nothing they send changes it until an operator looks.
pub const UNREADABLE_SESSION: &str = "Your saved progress could not be read by this version of the bot. It is kept exactly as it was and the operator has been told; until it is fixed, what you send changes nothing.\n你保存的学习进度这个版本的机器人读不了。它被原样保留，管理员已经收到通知；修好之前，你发的消息不会改动它。";

/// The kind of the event stored, with the error, each time a learner's stored session does
/// not read (the state itself is kept as it was).
pub const SESSION_UNREADABLE: &str = "session_unreadable";

/// The change for an input whose learner's stored session does not read: the state is
/// written back unchanged, the problem logged, the learner told.
fn unreadable_session(
    id: LearnerId,
    error: &chess_tutor_core::tutor::SessionError,
    kept: serde_json::Value,
    update_key: Option<i64>,
    thread: Option<i32>,
) -> Change<Vec<Reply>> {
    tracing::error!(
        learner = id.0,
        error = %error,
        "the stored session of a learner does not read; it is kept unchanged"
    );
    let replies = vec![Reply::text(UNREADABLE_SESSION)];
    Change {
        state: kept,
        // The error beside the kept state, for the operator who mends it.
        events: vec![StoredEvent::new(
            SESSION_UNREADABLE,
            serde_json::json!({ "error": error.to_string() }),
        )],
        unsent: update_key
            .is_some()
            .then(|| KeptReplies::keep(&replies, thread))
            .flatten(),
        output: replies,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 13 (5): a stored session that no longer reads was replaced by a default one,
    /// and the learner's progress was gone.
    #[tokio::test]
    async fn a_stored_session_that_does_not_read_is_kept_and_the_learner_told() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.sqlite3");
        let store = Store::open(path.to_str().unwrap()).await.unwrap();
        let catalog = Catalog::shipped().unwrap();
        let id = LearnerId(7);
        // Written by a newer version of the bot.
        let future = serde_json::json!({"format": 999, "lang": "en", "progress": {"points": 1234}});
        store
            .apply(id, None, |_| Change {
                state: future.clone(),
                events: Vec::new(),
                output: (),
                unsent: None,
            })
            .await
            .unwrap();
        let applied = apply_input(
            &store,
            &catalog,
            id,
            Some(1),
            Input::Text("/lesson 1".into()),
            None,
            None,
        )
        .await
        .unwrap();
        let Applied::Done(replies) = applied else {
            panic!("the input is applied once")
        };
        assert_eq!(replies.len(), 1);
        assert_eq!(replies[0].text, UNREADABLE_SESSION);
        let record = store
            .load(id)
            .await
            .unwrap()
            .expect("the learner is still there");
        assert_eq!(
            record.state, future,
            "the stored progress is kept as it was"
        );
        // Quarantined with the error: the operator finds why in the learner's events.
        let events = store.events(id, 0).await.unwrap();
        let last = events.last().expect("the refusal is recorded");
        assert_eq!(last.event.kind, SESSION_UNREADABLE);
        assert!(
            last.event.payload["error"]
                .as_str()
                .is_some_and(|e| !e.is_empty()),
            "{:?}",
            last.event.payload
        );
        // A readable session goes on as before.
        let other = LearnerId(8);
        let Applied::Done(replies) = apply_input(
            &store,
            &catalog,
            other,
            None,
            Input::Text("/help".into()),
            None,
            None,
        )
        .await
        .unwrap() else {
            panic!()
        };
        assert_ne!(replies[0].text, UNREADABLE_SESSION);
        assert!(store.load(other).await.unwrap().is_some());
    }

    /// Issue 13 (6): a reply the sweep sent again went to the forum's General topic, for the
    /// outbox kept no topic. It keeps the thread now, and still reads the bare list of
    /// replies that earlier releases kept (those go to the chat).
    #[tokio::test]
    async fn kept_replies_keep_their_thread_and_the_earlier_bare_list_still_reads() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path().join("s.sqlite3").to_str().unwrap())
            .await
            .unwrap();
        let catalog = Catalog::shipped().unwrap();
        let id = LearnerId(-100_500);
        let Applied::Done(replies) = apply_input(
            &store,
            &catalog,
            id,
            Some(3),
            Input::Text("/help".into()),
            Some("en".into()),
            Some(42),
        )
        .await
        .unwrap() else {
            panic!("applied once")
        };
        let kept = store.unsent(id, 3).await.unwrap().expect("kept until sent");
        assert_eq!(kept["thread"], 42, "{kept}");
        let read = KeptReplies::read(kept).unwrap();
        assert_eq!(read.thread, Some(42));
        assert_eq!(read.replies, replies);
        // As an earlier release kept them: the bare list, no thread.
        let earlier = serde_json::to_value(&replies).unwrap();
        let read = KeptReplies::read(earlier).unwrap();
        assert_eq!((read.replies, read.thread), (replies, None));
        // Neither form: an error, not a guess.
        assert!(KeptReplies::read(serde_json::json!({"text": "?"})).is_err());
    }
}
