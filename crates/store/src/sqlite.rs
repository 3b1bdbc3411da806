//! The SQLite backend: one file, WAL, a one-connection writer pool and a reader pool.
//!
//! The WAL is copied back into the database file by a connection of its own, in the
//! background ([`CHECKPOINT_EVERY`]), not by whichever commit crosses SQLite's automatic
//! threshold: such a checkpoint (copying the WAL and syncing the file) held the one writer for
//! up to ~80 ms, and every learner's commit queued behind it.
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
/// How often the background checkpoint runs.
pub(super) const CHECKPOINT_EVERY: Duration = Duration::from_millis(250);

#[derive(Debug, Clone)]
pub(super) struct SqliteStore {
    writer: SqlitePool,
    readers: SqlitePool,
    /// The order of the commits waiting for the writer.
    lanes: std::sync::Arc<super::lane::Gate>,
    /// Stops the background checkpoints when the last clone of the store is dropped.
    checkpoints: std::sync::Arc<Checkpoints>,
}

/// The background checkpoints of one store (see the module's head): a task with its own
/// connection, aborted when dropped.
#[derive(Debug)]
struct Checkpoints(tokio::task::JoinHandle<()>);

impl Drop for Checkpoints {
    fn drop(&mut self) {
        self.0.abort();
    }
}

impl Checkpoints {
    /// Every [`CHECKPOINT_EVERY`], a passive checkpoint on `connection`: it copies what no
    /// reader still needs and never waits for the writer or a reader, so no commit waits
    /// for it. A failure is logged and tried again at the next tick.
    fn start(connection: SqlitePool) -> Checkpoints {
        Checkpoints(tokio::spawn(async move {
            let mut ticks = tokio::time::interval(CHECKPOINT_EVERY);
            ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            let mut failing = false;
            loop {
                ticks.tick().await;
                match sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
                    .execute(&connection)
                    .await
                {
                    Ok(_) => failing = false,
                    Err(e) if !failing => {
                        failing = true;
                        tracing::warn!(error = %e, "a background checkpoint of the SQLite file failed");
                    }
                    Err(_) => {}
                }
            }
        }))
    }
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
            .busy_timeout(BUSY_TIMEOUT)
            // No commit checkpoints on its own: the background task does (module head).
            .pragma("wal_autocheckpoint", "0");
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
            .connect_with(options.clone())
            .await
            .map_err(connect_error)?;
        let checkpointer = SqlitePoolOptions::new()
            .max_connections(1)
            .connect_with(options)
            .await
            .map_err(connect_error)?;
        Ok(SqliteStore {
            writer,
            readers,
            lanes: std::sync::Arc::default(),
            checkpoints: std::sync::Arc::new(Checkpoints::start(checkpointer)),
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
        let _turn = self.lanes.enter(lane).await;
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

    pub(super) async fn inbox_add(
        &self,
        offset_key: &str,
        offset: i64,
        updates: &[(i64, String)],
    ) -> Result<(), StoreError> {
        let mut tx = self.writer.begin_with("BEGIN IMMEDIATE").await?;
        for (id, body) in updates {
            sqlx::query("INSERT INTO inbox (update_id, body) VALUES (?, ?) ON CONFLICT DO NOTHING")
                .bind(id)
                .bind(body)
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
        let mut tx = self.writer.begin_with("BEGIN IMMEDIATE").await?;
        for id in ids {
            sqlx::query("DELETE FROM inbox WHERE update_id = ?")
                .bind(id)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    pub(super) async fn mark_sent(&self, sent: &[(LearnerId, i64)]) -> Result<(), StoreError> {
        let mut tx = self.writer.begin_with("BEGIN IMMEDIATE").await?;
        for (id, key) in sent {
            sqlx::query(
                "UPDATE applied_updates SET unsent = NULL
                 WHERE learner_id = ? AND update_key = ? AND unsent IS NOT NULL",
            )
            .bind(id.0)
            .bind(key)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    pub(super) async fn close(&self) {
        self.checkpoints.0.abort();
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

    /// A commit never checkpoints (see the module's head): the background task does.
    #[tokio::test]
    async fn no_connection_of_the_store_checkpoints_when_it_commits() {
        let dir = tempfile::tempdir().unwrap();
        let store = SqliteStore::open(&dir.path().join("t.sqlite3"))
            .await
            .unwrap();
        for pool in [store.writer(), store.reader()] {
            let every: i64 = sqlx::query_scalar("PRAGMA wal_autocheckpoint")
                .fetch_one(pool)
                .await
                .unwrap();
            assert_eq!(every, 0);
        }
        store.close().await;
    }

    #[test]
    fn sqlite_file_name_is_a_plain_file() {
        // The default file name must not be mistaken for a URL or a memory database.
        let location = super::super::Location::parse(super::super::SQLITE_FILE_NAME).unwrap();
        assert!(matches!(location, super::super::Location::Sqlite(_)));
    }
}
