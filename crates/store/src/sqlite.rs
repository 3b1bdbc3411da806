//! The SQLite backend: one file, WAL, a one-connection writer pool and a reader pool.
//!
//! Writes go through a pool of exactly one connection, so the inputs of one process queue in
//! the pool instead of spinning on SQLite's busy handler; every write transaction starts with
//! `BEGIN IMMEDIATE`, which takes the database's write lock before anything is read, so a
//! second process (or a second `Store` on the same file) waits for it (busy timeout) rather
//! than reading a state that is about to change. Reads use a separate pool and, thanks to
//! WAL, never wait for the writer. The hot writes (steps' commits, the inbox, the outbox's
//! marks) are committed in groups by one task (`group.rs`), one sync for all that queued.

use std::path::Path;
use std::time::Duration;

use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};

use super::group::{Group, Write};
use super::{LearnerId, SharedChange, StoreError, migrations};

/// How long a connection waits for another process's write lock before `SQLITE_BUSY`.
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);
/// Connections in the reader pool.
const READERS: u32 = 4;
/// Attempts at opening and migrating a file that another process may be creating right now.
const OPEN_ATTEMPTS: u32 = 3;

#[derive(Debug, Clone)]
pub(super) struct SqliteStore {
    writer: SqlitePool,
    readers: SqlitePool,
    /// The long commits' one place in the writer's queue (see [`super::Lane`]).
    long_lane: std::sync::Arc<tokio::sync::Semaphore>,
    /// The hot writes, committed in groups (see [`super::group`]).
    group: Group,
}

/// Takes the exclusive lock of `PATH.migrate-lock` (created if needed), waiting for another
/// process or store that holds it; released when the file is dropped.
async fn migration_lock(path: &Path) -> Result<std::fs::File, StoreError> {
    let mut name = path.as_os_str().to_owned();
    name.push(".migrate-lock");
    let lock_path = std::path::PathBuf::from(name);
    let waited = lock_path.clone();
    let locked = tokio::task::spawn_blocking(move || {
        let file = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&waited)?;
        file.lock()?;
        Ok(file)
    })
    .await
    .unwrap_or_else(|e| Err(std::io::Error::other(e)));
    locked.map_err(|source| StoreError::DataDir {
        path: lock_path,
        source,
    })
}

/// `SQLITE_BUSY` and `SQLITE_LOCKED` (with their extended codes): the lock was not had in time.
pub(super) fn is_retryable(error: &sqlx::Error) -> bool {
    error
        .as_database_error()
        .and_then(|e| e.code())
        .and_then(|code| code.parse::<i32>().ok())
        .is_some_and(|code| matches!(code & 0xff, 5 | 6))
}

impl SqliteStore {
    /// The pool for reads (shared SQL, see `on_either!`).
    pub(super) fn reader(&self) -> &SqlitePool {
        &self.readers
    }

    /// The one-connection pool for writes (shared SQL, see `on_either!`).
    pub(super) fn writer(&self) -> &SqlitePool {
        &self.writer
    }

    /// A write transaction (SQLite has one write lock for the whole file: it covers the
    /// learner).
    pub(super) async fn begin_for(
        &self,
        _id: LearnerId,
    ) -> Result<sqlx::Transaction<'static, sqlx::Sqlite>, StoreError> {
        Ok(self.writer.begin_with("BEGIN IMMEDIATE").await?)
    }

    pub(super) async fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|source| StoreError::DataDir {
                path: dir.to_owned(),
                source,
            })?;
        }
        let options = SqliteConnectOptions::new()
            .filename(path)
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Full)
            .foreign_keys(true)
            .busy_timeout(BUSY_TIMEOUT);
        let connect_error = |source| StoreError::Connect {
            location: format!("SQLite file {}", path.display()),
            source,
        };
        // Two processes opening a new file at once would both switch it to WAL and run the
        // migrations (sqlx takes no lock on SQLite), and the loser would fail half way ("database
        // is locked", "duplicate column"): a lock file next to the database lets one create and
        // migrate at a time; the retries below are for a file system without locks.
        let _migrating = migration_lock(path).await?;
        let writer = SqlitePoolOptions::new()
            .max_connections(1)
            .connect_with(options.clone())
            .await
            .map_err(connect_error)?;
        let mut attempt = 1;
        loop {
            match migrations::sqlite().run(&writer).await {
                Ok(()) => break,
                Err(_) if attempt < OPEN_ATTEMPTS => {
                    tokio::time::sleep(Duration::from_millis(50 * u64::from(attempt))).await;
                    attempt += 1;
                }
                Err(error) => return Err(StoreError::Migrate(error)),
            }
        }
        let readers = SqlitePoolOptions::new()
            .max_connections(READERS)
            .connect_with(options)
            .await
            .map_err(connect_error)?;
        Ok(SqliteStore {
            group: Group::start(writer.clone()),
            writer,
            readers,
            long_lane: std::sync::Arc::new(tokio::sync::Semaphore::new(1)),
        })
    }

    /// Stores a step's change if nothing changed since its snapshot (see `sql::commit!`),
    /// in the next group of writes.
    pub(super) async fn commit(
        &self,
        lane: super::Lane,
        snapshot: &super::Snapshot,
        update_key: Option<i64>,
        change: &std::sync::Arc<SharedChange<()>>,
        owner: i64,
    ) -> Result<super::Committed<()>, StoreError> {
        // A long commit queues for the writer only once the one before it is done; a quick
        // one queues at once.
        let _place = match lane {
            // Never closed, so always a permit.
            super::Lane::Long => self.long_lane.acquire().await.ok(),
            super::Lane::Quick => None,
        };
        self.group
            .write(Write::Commit {
                snapshot: snapshot.clone(),
                update_key,
                change: change.clone(),
                owner,
            })
            .await
    }

    /// The batch's updates and the handled ids go as JSON arrays: three statements whatever
    /// their number, in the next group of writes.
    pub(super) async fn inbox_add(
        &self,
        offset_key: &str,
        offset: i64,
        updates: &[(i64, String)],
        handled: &[i64],
    ) -> Result<(), StoreError> {
        let added = if updates.is_empty() {
            None
        } else {
            Some(serde_json::to_string(updates)?)
        };
        let removed = if handled.is_empty() {
            None
        } else {
            Some(serde_json::to_string(handled)?)
        };
        self.group
            .write(Write::Inbox {
                offset_key: offset_key.to_owned(),
                offset,
                added,
                removed,
            })
            .await?;
        Ok(())
    }

    pub(super) async fn inbox_remove(&self, ids: &[i64]) -> Result<(), StoreError> {
        let ids = serde_json::to_string(ids)?;
        self.group.write(Write::InboxRemove { ids }).await?;
        Ok(())
    }

    /// One statement for the whole batch (its pairs as a JSON array), in the next group of
    /// writes.
    pub(super) async fn mark_sent(&self, sent: &[(LearnerId, i64)]) -> Result<(), StoreError> {
        let pairs: Vec<(i64, i64)> = sent.iter().map(|(id, key)| (id.0, *key)).collect();
        let pairs = serde_json::to_string(&pairs)?;
        self.group.write(Write::Sent { pairs }).await?;
        Ok(())
    }

    pub(super) async fn close(&self) {
        self.readers.close().await;
        self.writer.close().await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    #[test]
    fn only_lock_errors_are_retried() {
        assert!(!is_retryable(&sqlx::Error::RowNotFound));
        assert!(!is_retryable(&sqlx::Error::PoolTimedOut));
    }

    /// A quick commit does not wait for a long one waiting for its turn; the long one goes
    /// once the long commit before it is done.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_long_commit_waits_for_the_long_one_before_it_and_a_quick_one_does_not() {
        use super::super::{Committed, Lane};
        let (_dir, store) = fresh_store().await;
        // A long commit before them still holds the lane.
        let before = store.long_lane.clone().acquire_owned().await.unwrap();
        let long = spawn_commit(&store, Lane::Long, 1, 1, None);
        let quick = tokio::time::timeout(
            Duration::from_secs(10),
            spawn_commit(&store, Lane::Quick, 2, 1, None),
        )
        .await
        .expect("the quick commit does not wait for the long lane")
        .unwrap();
        assert!(matches!(quick, Ok(Committed::Done(()))));
        tokio::time::sleep(Duration::from_millis(50)).await;
        assert!(!long.is_finished(), "the long commit waits its turn");
        drop(before);
        let long = tokio::time::timeout(Duration::from_secs(10), long)
            .await
            .expect("the long commit goes once the lane is free")
            .unwrap();
        assert!(matches!(long, Ok(Committed::Done(()))));
        store.close().await;
    }

    /// A new learner's change from an empty snapshot.
    fn first_change(learner: i64, n: i64) -> (super::super::Snapshot, Arc<SharedChange<()>>) {
        use super::super::{Change, Snapshot};
        let snapshot = Snapshot {
            learner: LearnerId(learner),
            record: None,
            game: None,
            applied: false,
        };
        let change = Arc::new(SharedChange::alone(Change {
            state: serde_json::json!({ "n": n }),
            events: Vec::new(),
            output: (),
            unsent: None,
        }));
        (snapshot, change)
    }

    /// A store on a new file in a new folder (kept while the folder is).
    async fn fresh_store() -> (tempfile::TempDir, SqliteStore) {
        let dir = tempfile::tempdir().unwrap();
        let store = SqliteStore::open(&dir.path().join("t.sqlite3"))
            .await
            .unwrap();
        (dir, store)
    }

    /// Commits, on a task of its own, `{ "n": n }` as the first state of `learner`.
    fn spawn_commit(
        store: &SqliteStore,
        lane: super::super::Lane,
        learner: i64,
        n: i64,
        update_key: Option<i64>,
    ) -> tokio::task::JoinHandle<Result<super::super::Committed<()>, StoreError>> {
        let store = store.clone();
        tokio::spawn(async move {
            let (snapshot, change) = first_change(learner, n);
            store.commit(lane, &snapshot, update_key, &change, 1).await
        })
    }

    /// The stored state of `learner`, if any.
    async fn stored(store: &SqliteStore, learner: i64) -> Option<serde_json::Value> {
        let state: Option<String> = sqlx::query_scalar("SELECT state FROM learners WHERE id = ?1")
            .bind(learner)
            .fetch_optional(store.reader())
            .await
            .unwrap();
        state.map(|s| serde_json::from_str(&s).unwrap())
    }

    /// Holds the writer's one connection until the returned transaction ends.
    async fn hold_writer(store: &SqliteStore) -> sqlx::Transaction<'static, sqlx::Sqlite> {
        store.writer.begin_with("BEGIN IMMEDIATE").await.unwrap()
    }

    /// Waits until `queued` writes wait in the queue, behind the one the writer task took.
    async fn until_queued(store: &SqliteStore, queued: usize) {
        tokio::time::timeout(Duration::from_secs(10), async {
            while store.group.queued() < queued {
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
        })
        .await
        .expect("the writes queue");
    }

    /// Commits that queued while the writer was busy are committed together: one
    /// transaction (one sync of the file) for all of them, each answered and stored.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn commits_that_queue_together_are_stored_in_one_transaction() {
        use super::super::{Committed, Lane};
        let (_dir, store) = fresh_store().await;
        let held = hold_writer(&store).await;
        let before = store.group.transactions();
        let commits: Vec<_> = (1..=20)
            .map(|learner| spawn_commit(&store, Lane::Quick, learner, learner * 10, Some(learner)))
            .collect();
        // The first waits for the lock; the other 19 wait in the queue.
        until_queued(&store, 19).await;
        held.rollback().await.unwrap();
        for commit in commits {
            assert!(matches!(commit.await.unwrap(), Ok(Committed::Done(()))));
        }
        let transactions = store.group.transactions() - before;
        assert!(
            transactions <= 2,
            "20 commits queued together took {transactions} transactions"
        );
        for learner in 1..=20 {
            assert_eq!(
                stored(&store, learner).await,
                Some(serde_json::json!({ "n": learner * 10 }))
            );
        }
        store.close().await;
    }

    /// A write that fails in a group gets its error; the other writes of the group (in
    /// whichever order they came) are stored all the same, and nothing of the failed one is.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_failing_write_in_a_group_fails_alone() {
        use super::super::{Committed, Lane};
        let (_dir, store) = fresh_store().await;
        let held = hold_writer(&store).await;
        let first = spawn_commit(&store, Lane::Quick, 1, 1, Some(1));
        // Not JSON: SQLite's json_each fails inside the group's transaction.
        let broken = {
            let store = store.clone();
            tokio::spawn(async move {
                store
                    .group
                    .write(Write::Inbox {
                        offset_key: "poll".into(),
                        offset: 77,
                        added: Some("[[1, not json".into()),
                        removed: None,
                    })
                    .await
            })
        };
        let last = spawn_commit(&store, Lane::Quick, 2, 2, Some(1));
        until_queued(&store, 2).await;
        held.rollback().await.unwrap();
        assert!(matches!(first.await.unwrap(), Ok(Committed::Done(()))));
        assert!(matches!(last.await.unwrap(), Ok(Committed::Done(()))));
        assert!(matches!(
            broken.await.unwrap(),
            Err(StoreError::Database(_))
        ));
        assert_eq!(stored(&store, 1).await, Some(serde_json::json!({ "n": 1 })));
        assert_eq!(stored(&store, 2).await, Some(serde_json::json!({ "n": 2 })));
        let offset: Option<i64> =
            sqlx::query_scalar("SELECT value FROM offsets WHERE key = 'poll'")
                .fetch_optional(store.reader())
                .await
                .unwrap();
        assert_eq!(offset, None, "nothing of the failed write is stored");
        store.close().await;
    }

    /// Two changes made from the same snapshot and committed in one group: the first written
    /// is stored, the other is a conflict and leaves nothing behind (its savepoint is rolled
    /// back, not the group).
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn the_second_of_two_changes_from_one_snapshot_in_a_group_is_a_conflict() {
        use super::super::{Committed, Lane};
        let (_dir, store) = fresh_store().await;
        let held = hold_writer(&store).await;
        let first = spawn_commit(&store, Lane::Quick, 7, 1, Some(100));
        let second = spawn_commit(&store, Lane::Quick, 7, 2, Some(101));
        let third = spawn_commit(&store, Lane::Quick, 8, 3, Some(102));
        until_queued(&store, 2).await;
        held.rollback().await.unwrap();
        // Whichever the writer took first is stored; the other is a conflict.
        let (stored_n, kept_key) = match (first.await.unwrap(), second.await.unwrap()) {
            (Ok(Committed::Done(())), Ok(Committed::Conflict)) => (1, 100),
            (Ok(Committed::Conflict), Ok(Committed::Done(()))) => (2, 101),
            other => panic!("one stored and one conflict, not {other:?}"),
        };
        assert!(matches!(third.await.unwrap(), Ok(Committed::Done(()))));
        assert_eq!(
            stored(&store, 7).await,
            Some(serde_json::json!({ "n": stored_n }))
        );
        assert_eq!(stored(&store, 8).await, Some(serde_json::json!({ "n": 3 })));
        let keys: Vec<i64> = sqlx::query_scalar(
            "SELECT update_key FROM applied_updates WHERE learner_id = 7 ORDER BY update_key",
        )
        .fetch_all(store.reader())
        .await
        .unwrap();
        assert_eq!(
            keys,
            vec![kept_key],
            "the conflicting change's update key is not kept"
        );
        store.close().await;
    }

    /// A write whose caller stopped waiting before its group began is not written, whether
    /// the writer task had taken it already or it was still queued.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_write_nobody_waits_for_is_not_written() {
        use super::super::Lane;
        let (_dir, store) = fresh_store().await;
        let held = hold_writer(&store).await;
        let (snapshot, change) = first_change(1, 1);
        let first = tokio::time::timeout(
            Duration::from_millis(50),
            store.commit(Lane::Quick, &snapshot, Some(1), &change, 1),
        );
        assert!(first.await.is_err(), "the writer is held");
        let (snapshot, change) = first_change(2, 2);
        let given_up = tokio::time::timeout(
            Duration::from_millis(50),
            store.commit(Lane::Quick, &snapshot, Some(1), &change, 1),
        );
        assert!(given_up.await.is_err(), "the writer is held");
        held.rollback().await.unwrap();
        // A write after them is answered once the ones before it were dealt with.
        let (snapshot, change) = first_change(3, 3);
        store
            .commit(Lane::Quick, &snapshot, Some(1), &change, 1)
            .await
            .unwrap();
        assert_eq!(stored(&store, 1).await, None);
        assert_eq!(stored(&store, 2).await, None);
        assert_eq!(stored(&store, 3).await, Some(serde_json::json!({ "n": 3 })));
        store.close().await;
    }

    #[test]
    fn sqlite_file_name_is_a_plain_file() {
        // The default file name must not be mistaken for a URL or a memory database.
        let location = super::super::Location::parse(super::super::SQLITE_FILE_NAME).unwrap();
        assert!(matches!(location, super::super::Location::Sqlite(_)));
    }
}
