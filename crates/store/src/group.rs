//! SQLite's hot writes, committed in groups: one transaction, so one sync of the file, for
//! every write that queued while the one before was being written.
//!
//! The file is opened `synchronous = FULL`: a commit returns only once the write-ahead log
//! is on the disk, so a learner's progress survives a power cut, not only a crash. That sync
//! is most of a small commit's time (about 0.3 ms here), and at times the disk takes 5 ms
//! or more for each: the commits queued behind one another then each waited for their own,
//! and a `/help` behind ten game moves waited 60 ms (`docs/help-beside-games.md`).
//!
//! So the steps' commits, the inbox's writes and the outbox's marks go through one queue.
//! A writer task takes what is queued (at most [`MAX_GROUP`]), writes each in a savepoint of
//! one transaction and commits once; each write's answer is given only after that commit,
//! so nothing is reported stored before it is on the disk. A write that is no longer
//! awaited when its group begins (its caller gave up) is skipped. When one write fails, the whole transaction is
//! rolled back: that write gets its error, and the others are written again in the next
//! transaction, so a write is only ever committed with writes that all succeeded.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use sqlx::{Acquire as _, Sqlite, SqlitePool, Transaction};
use tokio::sync::{mpsc, oneshot};

use super::sql;
use super::{Committed, SharedChange, Snapshot, StoreError};

/// The most writes committed in one transaction.
pub(crate) const MAX_GROUP: usize = 64;

/// Writes waiting for the writer task before a caller waits to queue its own.
const QUEUE: usize = 1024;

/// One of the writes that go through the group.
#[derive(Debug)]
pub(crate) enum Write {
    /// A step's change, if nothing changed since its snapshot (see `sql::commit!`).
    Commit {
        snapshot: Snapshot,
        update_key: Option<i64>,
        change: Arc<SharedChange<()>>,
        owner: i64,
    },
    /// A fetched batch kept in the inbox, the handled updates taken out of it and the
    /// polling offset moved, at once. `added` is a JSON array of `[update_id, body]`,
    /// `removed` one of update ids.
    Inbox {
        offset_key: String,
        offset: i64,
        added: Option<String>,
        removed: Option<String>,
    },
    /// Handled updates taken out of the inbox: a JSON array of update ids.
    InboxRemove { ids: String },
    /// Replies marked sent: a JSON array of `[learner_id, update_key]`.
    Sent { pairs: String },
}

impl Write {
    /// Writes this in a savepoint of `tx`: released when it is done (or is a conflict or a
    /// duplicate, which change nothing), rolled back when it fails.
    async fn run(
        &self,
        tx: &mut Transaction<'static, Sqlite>,
    ) -> Result<Committed<()>, StoreError> {
        let mut tx = tx.begin().await?;
        match self {
            Write::Commit {
                snapshot,
                update_key,
                change,
                owner,
            } => {
                // The macro releases or rolls back the savepoint itself.
                return sql::commit!(
                    tx,
                    &*sql::SQLITE_STATEMENTS,
                    snapshot,
                    *update_key,
                    &**change,
                    *owner
                );
            }
            Write::Inbox {
                offset_key,
                offset,
                added,
                removed,
            } => {
                if let Some(added) = added {
                    // `WHERE true`: without it SQLite would read `ON CONFLICT` as a join's `ON`.
                    sqlx::query(
                        "INSERT INTO inbox (update_id, body)
                         SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]')
                         FROM json_each(?1) WHERE true
                         ON CONFLICT DO NOTHING",
                    )
                    .bind(added)
                    .execute(&mut *tx)
                    .await?;
                }
                if let Some(removed) = removed {
                    remove_from_inbox(&mut tx, removed).await?;
                }
                sqlx::query(
                    "INSERT INTO offsets (key, value) VALUES (?1, ?2)
                     ON CONFLICT (key) DO UPDATE SET value = excluded.value,
                         updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')",
                )
                .bind(offset_key)
                .bind(offset)
                .execute(&mut *tx)
                .await?;
            }
            Write::InboxRemove { ids } => remove_from_inbox(&mut tx, ids).await?,
            Write::Sent { pairs } => {
                sqlx::query(
                    "UPDATE applied_updates AS a SET unsent = NULL
                     FROM (SELECT json_extract(value, '$[0]') AS learner_id,
                                  json_extract(value, '$[1]') AS update_key
                           FROM json_each(?1)) AS s
                     WHERE a.learner_id = s.learner_id AND a.update_key = s.update_key
                       AND a.unsent IS NOT NULL",
                )
                .bind(pairs)
                .execute(&mut *tx)
                .await?;
            }
        }
        tx.commit().await?;
        Ok(Committed::Done(()))
    }
}

async fn remove_from_inbox(tx: &mut Transaction<'_, Sqlite>, ids: &str) -> Result<(), StoreError> {
    sqlx::query("DELETE FROM inbox WHERE update_id IN (SELECT value FROM json_each(?1))")
        .bind(ids)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// A write and where its answer goes.
struct Queued {
    write: Write,
    answer: oneshot::Sender<Result<Committed<()>, StoreError>>,
}

/// The queue of the writer task; cloned with the store, and the task ends when the last
/// clone is dropped.
#[derive(Debug, Clone)]
pub(crate) struct Group {
    queue: mpsc::Sender<Queued>,
    /// Transactions committed so far: what the tests read of how writes were grouped.
    #[cfg_attr(not(test), allow(dead_code))]
    committed: Arc<AtomicU64>,
}

impl Group {
    /// Starts the writer task on the current runtime, writing through `writer`.
    pub(crate) fn start(writer: SqlitePool) -> Group {
        let (queue, waiting) = mpsc::channel(QUEUE);
        let committed = Arc::new(AtomicU64::new(0));
        tokio::spawn(write_groups(writer, waiting, committed.clone()));
        Group { queue, committed }
    }

    /// How many transactions the writer task committed.
    #[cfg(test)]
    pub(crate) fn transactions(&self) -> u64 {
        self.committed.load(Ordering::Relaxed)
    }

    /// How many writes wait in the queue (not those of the group being written).
    #[cfg(test)]
    pub(crate) fn queued(&self) -> usize {
        QUEUE - self.queue.capacity()
    }

    /// Queues `write` and waits until the transaction it was written in is committed.
    pub(crate) async fn write(&self, write: Write) -> Result<Committed<()>, StoreError> {
        let (answer, answered) = oneshot::channel();
        // The task is gone only once the pool is closed (or it panicked): a closed writer.
        let gone = || StoreError::Database(sqlx::Error::PoolClosed);
        self.queue
            .send(Queued { write, answer })
            .await
            .map_err(|_| gone())?;
        answered.await.map_err(|_| gone())?
    }
}

/// The writer task: until every sender is dropped, writes what is queued in groups.
async fn write_groups(
    writer: SqlitePool,
    mut waiting: mpsc::Receiver<Queued>,
    committed: Arc<AtomicU64>,
) {
    let mut group: Vec<Queued> = Vec::with_capacity(MAX_GROUP);
    loop {
        if group.is_empty() {
            match waiting.recv().await {
                Some(first) => group.push(first),
                None => return,
            }
        }
        // The write lock first (another process may hold it): what queues meanwhile joins.
        let mut tx = match writer.begin_with("BEGIN IMMEDIATE").await {
            Ok(tx) => tx,
            Err(e) => {
                // The first write takes the error (its caller decides whether to try again);
                // the others get their own try.
                let first = group.remove(0);
                let _ = first.answer.send(Err(e.into()));
                continue;
            }
        };
        while group.len() < MAX_GROUP {
            match waiting.try_recv() {
                Ok(next) => group.push(next),
                Err(_) => break,
            }
        }
        // Nobody waits for these any more.
        group.retain(|q| !q.answer.is_closed());
        let mut done = Vec::with_capacity(group.len());
        let mut failed = None;
        for (i, queued) in group.iter().enumerate() {
            match queued.write.run(&mut tx).await {
                Ok(committed) => done.push(committed),
                Err(e) => {
                    failed = Some((i, e));
                    break;
                }
            }
        }
        if let Some((i, e)) = failed {
            // Nothing of this group stays; the failed write is answered, the rest tried again.
            let _ = tx.rollback().await;
            let queued = group.remove(i);
            let _ = queued.answer.send(Err(e));
            continue;
        }
        match tx.commit().await {
            Ok(()) => {
                committed.fetch_add(1, Ordering::Relaxed);
                for (queued, committed) in group.drain(..).zip(done) {
                    let _ = queued.answer.send(Ok(committed));
                }
            }
            Err(e) => {
                let first = group.remove(0);
                let _ = first.answer.send(Err(e.into()));
            }
        }
    }
}
