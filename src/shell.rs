//! What both shells do for one input: load the learner's session, run the tutor, store the
//! new session with its events in one transaction, and hand back the replies to send.

use chess_tutor_core::tutor::{self, Catalog, Input, Reply, Session};
use chess_tutor_store::{Applied, Change, Event as StoredEvent, LearnerId, Store, StoreError};

/// Applies `input` for learner `id`; `update_key` (a Telegram update id) makes a replay a
/// no-op.
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
                    return unreadable_session(id, &e, kept, update_key);
                }
            };
            let envelope = tutor::Envelope {
                now,
                client_lang: client_lang.clone(),
            };
            let t = tutor::step_in(&session, input.clone(), &envelope, catalog);
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
                    .then(|| serde_json::to_value(&t.replies).ok())
                    .flatten(),
                output: t.replies,
            }
        })
        .await
}

/// What a learner reads when their stored progress does not read (written by a newer version,
/// or damaged): it is kept, and nothing they send changes it until an operator looks.
pub const UNREADABLE_SESSION: &str = "Your saved progress could not be read by this version of the bot. It is kept exactly as it was and the operator has been told; until it is fixed, what you send changes nothing.\n你保存的学习进度这个版本的机器人读不了。它被原样保留，管理员已经收到通知；修好之前，你发的消息不会改动它。";

/// The change for an input whose learner's stored session does not read: the state is
/// written back unchanged, the problem logged, the learner told.
fn unreadable_session(
    id: LearnerId,
    error: &chess_tutor_core::tutor::SessionError,
    kept: serde_json::Value,
    update_key: Option<i64>,
) -> Change<Vec<Reply>> {
    tracing::error!(
        learner = id.0,
        error = %error,
        "the stored session of a learner does not read; it is kept unchanged"
    );
    let replies = vec![Reply::text(UNREADABLE_SESSION)];
    Change {
        state: kept,
        events: Vec::new(),
        unsent: update_key
            .is_some()
            .then(|| serde_json::to_value(&replies).ok())
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
        // A readable session goes on as before.
        let other = LearnerId(8);
        let Applied::Done(replies) = apply_input(
            &store,
            &catalog,
            other,
            None,
            Input::Text("/help".into()),
            None,
        )
        .await
        .unwrap() else {
            panic!()
        };
        assert_ne!(replies[0].text, UNREADABLE_SESSION);
        assert!(store.load(other).await.unwrap().is_some());
    }
}
