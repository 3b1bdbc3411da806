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

use sqlx::Row;
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};

use super::{
    Applied, Event, GameId, GameRecord, KEPT_UPDATE_KEYS, LearnerId, LearnerRecord, SharedChange,
    StoreError, migrations, parse_state,
};

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
        Ok(SqliteStore { writer, readers })
    }

    pub(super) async fn apply_once<T, F>(
        &self,
        id: LearnerId,
        update_key: Option<i64>,
        game: Option<GameId>,
        owner: i64,
        f: &mut F,
    ) -> Result<Applied<T>, StoreError>
    where
        F: FnMut(Option<&LearnerRecord>, Option<&GameRecord>) -> SharedChange<T>,
    {
        let mut tx = self.writer.begin_with("BEGIN IMMEDIATE").await?;
        if let Some(key) = update_key {
            let seen = sqlx::query(
                "SELECT 1 FROM applied_updates WHERE learner_id = ? AND update_key = ?",
            )
            .bind(id.0)
            .bind(key)
            .fetch_optional(&mut *tx)
            .await?;
            if seen.is_some() {
                tx.rollback().await?;
                return Ok(Applied::Duplicate);
            }
        }
        let current = sqlx::query("SELECT state, version FROM learners WHERE id = ?")
            .bind(id.0)
            .fetch_optional(&mut *tx)
            .await?
            .map(|row| record(id, &row))
            .transpose()?;
        // The single writer already holds the game for this transaction (BEGIN IMMEDIATE).
        let game_record = match game {
            Some(game) => sqlx::query("SELECT state, version FROM games WHERE id = ?")
                .bind(game.0)
                .fetch_optional(&mut *tx)
                .await?
                .map(|row| game_record(game, &row))
                .transpose()?,
            None => None,
        };
        let SharedChange {
            change,
            game: game_write,
            others,
        } = f(current.as_ref(), game_record.as_ref());
        let version = current.as_ref().map_or(1, |r| r.version + 1);
        sqlx::query(
            "INSERT INTO learners (id, state, version) VALUES (?1, ?2, ?3)
             ON CONFLICT (id) DO UPDATE SET state = excluded.state, version = excluded.version,
                 updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')",
        )
        .bind(id.0)
        .bind(serde_json::to_string(&change.state)?)
        .bind(version)
        .execute(&mut *tx)
        .await?;
        for Event { kind, payload } in &change.events {
            sqlx::query(
                "INSERT INTO learner_events (learner_id, version, kind, payload) VALUES (?, ?, ?, ?)",
            )
            .bind(id.0)
            .bind(version)
            .bind(kind)
            .bind(serde_json::to_string(payload)?)
            .execute(&mut *tx)
            .await?;
        }
        if let Some(key) = update_key {
            sqlx::query(
                "INSERT INTO applied_updates
                     (learner_id, update_key, version, unsent, claimed_by, claimed_at)
                 VALUES (?, ?, ?, ?, ?, ?)",
            )
            .bind(id.0)
            .bind(key)
            .bind(version)
            .bind(
                change
                    .unsent
                    .as_ref()
                    .map(serde_json::to_string)
                    .transpose()?,
            )
            .bind(change.unsent.as_ref().map(|_| owner))
            .bind(change.unsent.as_ref().map(|_| super::now_ms()))
            .execute(&mut *tx)
            .await?;
        }
        if let Some(write) = &game_write {
            let state = serde_json::to_string(&write.state)?;
            if write.created {
                sqlx::query("INSERT INTO games (id, state, version) VALUES (?, ?, 1)")
                    .bind(write.id.0)
                    .bind(state)
                    .execute(&mut *tx)
                    .await?;
            } else {
                sqlx::query(
                    "UPDATE games SET state = ?2, version = version + 1,
                         updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
                     WHERE id = ?1",
                )
                .bind(write.id.0)
                .bind(state)
                .execute(&mut *tx)
                .await?;
            }
        }
        if let Some(key) = update_key {
            // The other player's replies, kept under this update key in their outbox.
            for (other, unsent) in &others {
                sqlx::query(
                    "INSERT INTO applied_updates
                         (learner_id, update_key, version, unsent, claimed_by, claimed_at)
                     SELECT id, ?2, version, ?3, ?4, ?5 FROM learners WHERE id = ?1
                     ON CONFLICT (learner_id, update_key) DO NOTHING",
                )
                .bind(other.0)
                .bind(key)
                .bind(serde_json::to_string(unsent)?)
                .bind(owner)
                .bind(super::now_ms())
                .execute(&mut *tx)
                .await?;
            }
        }
        sqlx::query("DELETE FROM applied_updates WHERE learner_id = ? AND version <= ?")
            .bind(id.0)
            .bind(version - KEPT_UPDATE_KEYS)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(Applied::Done(change.output))
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
        self.readers.close().await;
        self.writer.close().await;
    }
}

/// A learner row (`state`, `version`) as a record.
fn game_record(id: GameId, row: &sqlx::sqlite::SqliteRow) -> Result<GameRecord, StoreError> {
    let state: String = row.try_get("state")?;
    Ok(GameRecord {
        state: super::parse_game(id, &state)?,
        version: row.try_get("version")?,
    })
}

fn record(id: LearnerId, row: &sqlx::sqlite::SqliteRow) -> Result<LearnerRecord, StoreError> {
    let state: String = row.try_get("state")?;
    Ok(LearnerRecord {
        state: parse_state(id, &state)?,
        version: row.try_get("version")?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_lock_errors_are_retried() {
        assert!(!is_retryable(&sqlx::Error::RowNotFound));
        assert!(!is_retryable(&sqlx::Error::PoolTimedOut));
    }

    #[test]
    fn sqlite_file_name_is_a_plain_file() {
        // The default file name must not be mistaken for a URL or a memory database.
        let location = super::super::Location::parse(super::super::SQLITE_FILE_NAME).unwrap();
        assert!(matches!(location, super::super::Location::Sqlite(_)));
    }
}
