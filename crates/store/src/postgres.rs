//! The PostgreSQL backend, for several replicas sharing one database.
//!
//! Each commit is one short `READ COMMITTED` transaction that first takes
//! `pg_advisory_xact_lock(learner id)`: commits of one learner, from any process, run one at a
//! time, and each checks the version its step was computed from (the lock is released only
//! after the commit is visible). Commits of different learners run in parallel; no step runs
//! while a connection is held. States and payloads
//! are stored as `jsonb`, so operators can query progress with SQL.

use std::str::FromStr;
use std::time::Duration;

use sqlx::Connection;
use sqlx::postgres::{PgConnectOptions, PgConnection, PgPool, PgPoolOptions};

use super::{LearnerId, Location, SharedChange, StoreError, migrations};

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

    /// Stores a step's change if nothing changed since its snapshot (see `sql::commit!`).
    pub(super) async fn commit<T>(
        &self,
        snapshot: &super::Snapshot,
        update_key: Option<i64>,
        change: &SharedChange<T>,
        owner: i64,
    ) -> Result<super::Committed<()>, StoreError> {
        let mut tx = self
            .pool
            .begin_with("BEGIN ISOLATION LEVEL READ COMMITTED")
            .await?;
        super::sql::commit!(
            tx,
            &*super::sql::POSTGRES_STATEMENTS,
            snapshot,
            update_key,
            change,
            owner
        )
    }

    /// One statement, so one trip and one transaction of its own.
    pub(super) async fn inbox_add(
        &self,
        offset_key: &str,
        offset: i64,
        updates: &[(i64, String)],
        handled: &[i64],
    ) -> Result<(), StoreError> {
        let (ids, bodies): (Vec<i64>, Vec<String>) = updates.iter().cloned().unzip();
        // The ids added (at or past the old offset) and the ids removed (handled, so below
        // it) never meet: no row is both inserted and deleted by the statement.
        sqlx::query(
            "WITH added AS (
                 INSERT INTO inbox (update_id, body)
                 SELECT id, body::json FROM UNNEST($1::int8[], $2::text[]) AS u (id, body)
                 ON CONFLICT DO NOTHING
             ), removed AS (
                 DELETE FROM inbox WHERE update_id = ANY($3::int8[])
             )
             INSERT INTO offsets (key, value) VALUES ($4, $5)
             ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()",
        )
        .bind(&ids)
        .bind(&bodies)
        .bind(handled)
        .bind(offset_key)
        .bind(offset)
        .execute(&self.pool)
        .await?;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_rolled_back_transactions_are_retried() {
        assert!(!is_retryable(&sqlx::Error::RowNotFound));
        assert!(!is_retryable(&sqlx::Error::PoolClosed));
    }
}
