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
) -> Result<Applied<Vec<Reply>>, StoreError> {
    // The shell reads the clock; the tutor only receives the time.
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .ok()
        .and_then(|d| i64::try_from(d.as_secs()).ok());
    store
        .apply(id, update_key, |record| {
            // A state written by an older version reads with defaults for what is new.
            let session: Session = record
                .and_then(|r| serde_json::from_value(r.state.clone()).ok())
                .unwrap_or_default();
            let t = tutor::step_at(&session, input.clone(), now, catalog);
            Change {
                state: serde_json::to_value(&t.session).unwrap_or_default(),
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
