//! The SQLite backend: one file, WAL, a one-connection writer pool and a reader pool.
//!
//! Writes go through a pool of exactly one connection, so the inputs of one process queue in
//! the pool instead of spinning on SQLite's busy handler; every write transaction starts with
//! `BEGIN IMMEDIATE`, which takes the database's write lock before anything is read, so a
//! second process (or a second `Store` on the same file) waits for it (busy timeout) rather
//! than reading a state that is about to change. Reads use a separate pool and, thanks to
//! WAL, never wait for the writer.

use std::path::Path;
use std::time::Duration;

use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};

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
            writer,
            readers,
            long_lane: std::sync::Arc::new(tokio::sync::Semaphore::new(1)),
        })
    }

    /// Stores a step's change if nothing changed since its snapshot (see `sql::commit!`).
    pub(super) async fn commit<T>(
        &self,
        lane: super::Lane,
        snapshot: &super::Snapshot,
        update_key: Option<i64>,
        change: &SharedChange<T>,
        owner: i64,
    ) -> Result<super::Committed<()>, StoreError> {
        // A long commit queues for the writer only once the one before it is done; a quick
        // one queues at once.
        let _place = match lane {
            // Never closed, so always a permit.
            super::Lane::Long => self.long_lane.acquire().await.ok(),
            super::Lane::Quick => None,
        };
        let mut tx = self.writer.begin_with("BEGIN IMMEDIATE").await?;
        super::sql::commit!(
            tx,
            &*super::sql::SQLITE_STATEMENTS,
            snapshot,
            update_key,
            change,
            owner
        )
    }

    /// Three statements whatever the batch's size (its updates and the handled ids as JSON
    /// arrays), each a trip to the writer's thread.
    pub(super) async fn inbox_add(
        &self,
        offset_key: &str,
        offset: i64,
        updates: &[(i64, String)],
        handled: &[i64],
    ) -> Result<(), StoreError> {
        let added = serde_json::to_string(updates)?;
        let removed = serde_json::to_string(handled)?;
        let mut tx = self.writer.begin_with("BEGIN IMMEDIATE").await?;
        if !updates.is_empty() {
            // `WHERE true`: without it SQLite would read `ON CONFLICT` as a join's `ON`.
            sqlx::query(
                "INSERT INTO inbox (update_id, body)
                 SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]')
                 FROM json_each(?1) WHERE true
                 ON CONFLICT DO NOTHING",
            )
            .bind(&added)
            .execute(&mut *tx)
            .await?;
        }
        if !handled.is_empty() {
            sqlx::query("DELETE FROM inbox WHERE update_id IN (SELECT value FROM json_each(?1))")
                .bind(&removed)
                .execute(&mut *tx)
                .await?;
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
        tx.commit().await?;
        Ok(())
    }

    pub(super) async fn inbox_remove(&self, ids: &[i64]) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM inbox WHERE update_id IN (SELECT value FROM json_each(?1))")
            .bind(serde_json::to_string(ids)?)
            .execute(&self.writer)
            .await?;
        Ok(())
    }

    /// One statement for the whole batch (its pairs as a JSON array), so one trip to the
    /// writer, as on PostgreSQL.
    pub(super) async fn mark_sent(&self, sent: &[(LearnerId, i64)]) -> Result<(), StoreError> {
        let pairs: Vec<(i64, i64)> = sent.iter().map(|(id, key)| (id.0, *key)).collect();
        sqlx::query(
            "UPDATE applied_updates AS a SET unsent = NULL
             FROM (SELECT json_extract(value, '$[0]') AS learner_id,
                          json_extract(value, '$[1]') AS update_key
                   FROM json_each(?1)) AS s
             WHERE a.learner_id = s.learner_id AND a.update_key = s.update_key
               AND a.unsent IS NOT NULL",
        )
        .bind(serde_json::to_string(&pairs)?)
        .execute(&self.writer)
        .await?;
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

    #[test]
    fn only_lock_errors_are_retried() {
        assert!(!is_retryable(&sqlx::Error::RowNotFound));
        assert!(!is_retryable(&sqlx::Error::PoolTimedOut));
    }

    /// A quick commit does not wait for a long one waiting for its turn; the long one goes
    /// once the long commit before it is done.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_long_commit_waits_for_the_long_one_before_it_and_a_quick_one_does_not() {
        use super::super::{Change, Committed, Lane, Snapshot};
        let dir = tempfile::tempdir().unwrap();
        let store = SqliteStore::open(&dir.path().join("t.sqlite3"))
            .await
            .unwrap();
        let commit = |learner: i64, lane: Lane| {
            let store = store.clone();
            async move {
                let snapshot = Snapshot {
                    learner: LearnerId(learner),
                    record: None,
                    game: None,
                    applied: false,
                };
                let change = SharedChange::alone(Change {
                    state: serde_json::json!({ "n": 1 }),
                    events: Vec::new(),
                    output: (),
                    unsent: None,
                });
                store.commit(lane, &snapshot, None, &change, 1).await
            }
        };
        // A long commit before them still holds the lane.
        let before = store.long_lane.clone().acquire_owned().await.unwrap();
        let long = tokio::spawn(commit(1, Lane::Long));
        let quick = tokio::time::timeout(Duration::from_secs(10), commit(2, Lane::Quick))
            .await
            .expect("the quick commit does not wait for the long lane");
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

    #[test]
    fn sqlite_file_name_is_a_plain_file() {
        // The default file name must not be mistaken for a URL or a memory database.
        let location = super::super::Location::parse(super::super::SQLITE_FILE_NAME).unwrap();
        assert!(matches!(location, super::super::Location::Sqlite(_)));
    }
}
