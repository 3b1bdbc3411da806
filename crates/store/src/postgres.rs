//! The PostgreSQL backend, for several replicas sharing one database.
//!
//! Each input is one `READ COMMITTED` transaction that first takes
//! `pg_advisory_xact_lock(learner id)`: inputs of one learner, from any process, run one at a
//! time, and each reads the state its predecessor committed (the lock is released only after
//! the commit is visible). Inputs of different learners run in parallel. States and payloads
//! are stored as `jsonb`, so operators can query progress with SQL.

use std::str::FromStr;
use std::time::Duration;

use sqlx::postgres::{PgConnectOptions, PgConnection, PgPool, PgPoolOptions};
use sqlx::{Connection, Row};

use super::{
    Applied, Event, GameId, GameRecord, KEPT_UPDATE_KEYS, LearnerId, LearnerRecord, Location,
    SharedChange, StoreError, migrations, parse_state,
};

/// Connections per process.
const MAX_CONNECTIONS: u32 = 8;
/// How long to wait for a connection (from the pool, or to the server) before failing.
const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(10);

#[derive(Debug, Clone)]
pub(super) struct PostgresStore {
    pool: PgPool,
}

/// Serialization failures (`40001`) and deadlocks (`40P01`): the transaction was rolled back
/// and may be tried again.
pub(super) fn is_retryable(error: &sqlx::Error) -> bool {
    error
        .as_database_error()
        .and_then(|e| e.code())
        .is_some_and(|code| code == "40001" || code == "40P01")
}

impl PostgresStore {
    /// The pool, for reads (shared SQL, see `on_either!`).
    pub(super) fn reader(&self) -> &PgPool {
        &self.pool
    }

    /// The pool, for writes (shared SQL, see `on_either!`).
    pub(super) fn writer(&self) -> &PgPool {
        &self.pool
    }

    /// A write transaction holding learner `id`'s lock (see `begin_locked`).
    pub(super) async fn begin_for(
        &self,
        id: LearnerId,
    ) -> Result<sqlx::Transaction<'static, sqlx::Postgres>, StoreError> {
        self.begin_locked(id).await
    }

    pub(super) async fn open(url: &str, location: &Location) -> Result<PostgresStore, StoreError> {
        let connect_error = |source| StoreError::Connect {
            location: location.to_string(),
            source,
        };
        let options = PgConnectOptions::from_str(url).map_err(connect_error)?;
        // One plain connection first: the pool would wait ACQUIRE_TIMEOUT and then report only
        // "timed out", where this says at once what is wrong (refused, authentication, …).
        PgConnection::connect_with(&options)
            .await
            .map_err(connect_error)?
            .close()
            .await
            .map_err(connect_error)?;
        let pool = PgPoolOptions::new()
            .max_connections(MAX_CONNECTIONS)
            .acquire_timeout(ACQUIRE_TIMEOUT)
            .connect_with(options)
            .await
            .map_err(connect_error)?;
        // sqlx takes an advisory lock around the migrations: replicas starting together are safe.
        migrations::postgres()
            .run(&pool)
            .await
            .map_err(StoreError::Migrate)?;
        Ok(PostgresStore { pool })
    }

    /// A `READ COMMITTED` transaction holding learner `id`'s lock until it ends.
    async fn begin_locked(
        &self,
        id: LearnerId,
    ) -> Result<sqlx::Transaction<'static, sqlx::Postgres>, StoreError> {
        let mut tx = self
            .pool
            .begin_with("BEGIN ISOLATION LEVEL READ COMMITTED")
            .await?;
        sqlx::query("SELECT pg_advisory_xact_lock($1)")
            .bind(id.0)
            .execute(&mut *tx)
            .await?;
        Ok(tx)
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
        let mut tx = self.begin_locked(id).await?;
        if let Some(key) = update_key {
            let seen = sqlx::query(
                "SELECT 1 FROM applied_updates WHERE learner_id = $1 AND update_key = $2",
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
        let current =
            sqlx::query("SELECT state::text AS state, version FROM learners WHERE id = $1")
                .bind(id.0)
                .fetch_optional(&mut *tx)
                .await?
                .map(|row| record(id, &row))
                .transpose()?;
        // The game's row lock, after the learner's: the other player's inputs wait here.
        let game_record = match game {
            Some(game) => sqlx::query(
                "SELECT state::text AS state, version FROM games WHERE id = $1 FOR UPDATE",
            )
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
            "INSERT INTO learners (id, state, version) VALUES ($1, $2::jsonb, $3)
             ON CONFLICT (id) DO UPDATE SET state = EXCLUDED.state, version = EXCLUDED.version,
                 updated_at = now()",
        )
        .bind(id.0)
        .bind(serde_json::to_string(&change.state)?)
        .bind(version)
        .execute(&mut *tx)
        .await?;
        for Event { kind, payload } in &change.events {
            sqlx::query(
                "INSERT INTO learner_events (learner_id, version, kind, payload)
                 VALUES ($1, $2, $3, $4::jsonb)",
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
                 VALUES ($1, $2, $3, $4::jsonb, $5, $6)",
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
                sqlx::query("INSERT INTO games (id, state, version) VALUES ($1, $2::jsonb, 1)")
                    .bind(write.id.0)
                    .bind(state)
                    .execute(&mut *tx)
                    .await?;
            } else {
                sqlx::query(
                    "UPDATE games SET state = $2::jsonb, version = version + 1, updated_at = now()
                     WHERE id = $1",
                )
                .bind(write.id.0)
                .bind(state)
                .execute(&mut *tx)
                .await?;
            }
        }
        if let Some(key) = update_key {
            // The other player's replies, kept under this update key in their outbox. Only
            // their row's key is read (no lock that their own input holds is waited for).
            for (other, unsent) in &others {
                sqlx::query(
                    "INSERT INTO applied_updates
                         (learner_id, update_key, version, unsent, claimed_by, claimed_at)
                     SELECT id, $2, version, $3::jsonb, $4, $5 FROM learners WHERE id = $1
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
        sqlx::query("DELETE FROM applied_updates WHERE learner_id = $1 AND version <= $2")
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
        let (ids, bodies): (Vec<i64>, Vec<String>) = updates.iter().cloned().unzip();
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "INSERT INTO inbox (update_id, body)
             SELECT id, body::jsonb FROM UNNEST($1::int8[], $2::text[]) AS u (id, body)
             ON CONFLICT DO NOTHING",
        )
        .bind(&ids)
        .bind(&bodies)
        .execute(&mut *tx)
        .await?;
        sqlx::query(
            "INSERT INTO offsets (key, value) VALUES ($1, $2)
             ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()",
        )
        .bind(offset_key)
        .bind(offset)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    pub(super) async fn inbox_remove(&self, ids: &[i64]) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM inbox WHERE update_id = ANY($1)")
            .bind(ids)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    pub(super) async fn mark_sent(&self, sent: &[(LearnerId, i64)]) -> Result<(), StoreError> {
        let (ids, keys): (Vec<i64>, Vec<i64>) = sent.iter().map(|(id, key)| (id.0, *key)).unzip();
        sqlx::query(
            "UPDATE applied_updates AS a SET unsent = NULL
             FROM UNNEST($1::int8[], $2::int8[]) AS s (learner_id, update_key)
             WHERE a.learner_id = s.learner_id AND a.update_key = s.update_key
               AND a.unsent IS NOT NULL",
        )
        .bind(&ids)
        .bind(&keys)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    pub(super) async fn close(&self) {
        self.pool.close().await;
    }
}

/// A game row (`state` as text, `version`) as a record.
fn game_record(id: GameId, row: &sqlx::postgres::PgRow) -> Result<GameRecord, StoreError> {
    let state: String = row.try_get("state")?;
    Ok(GameRecord {
        state: super::parse_game(id, &state)?,
        version: row.try_get("version")?,
    })
}

/// A learner row (`state` as text, `version`) as a record.
fn record(id: LearnerId, row: &sqlx::postgres::PgRow) -> Result<LearnerRecord, StoreError> {
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
    fn only_rolled_back_transactions_are_retried() {
        assert!(!is_retryable(&sqlx::Error::RowNotFound));
        assert!(!is_retryable(&sqlx::Error::PoolClosed));
    }
}
