//! The learner store: session state and progress that outlive the process.
//!
//! The store knows nothing of the tutor's types or of any transport. It keeps, per learner,
//! one JSON document (the tutor's state) with a version number, an append-only list of
//! progress events, and the keys of the updates already applied; and, for the shells, a few
//! named counters (the Telegram polling offset).
//!
//! # Where things are stored
//!
//! | backend | chosen by | where |
//! |---|---|---|
//! | SQLite (default) | a file path, a `sqlite:` URL, or [`Location::from_config`] without `DATABASE_URL` | `DATA_DIR/chess-tutor.sqlite3` ([`SQLITE_FILE_NAME`]), created with its directory on first run (with `chess-tutor.sqlite3.migrate-lock`, the lock that lets one process create and migrate it at a time); WAL journal, `synchronous = FULL`, foreign keys on, 5 s busy timeout |
//! | PostgreSQL | a `postgres://` or `postgresql://` URL (`DATABASE_URL`) | the tables of `migrations/postgres/` in the first schema of the connection's `search_path` (set one with `?options[search_path]=NAME`) |
//!
//! Tables (the migrations in `migrations/sqlite/` and `migrations/postgres/` are compiled into
//! the binary and run by [`Store::open`]; sqlx's `_sqlx_migrations` table records them):
//!
//! - `learners (id, state, version, created_at, updated_at)`: one row per learner. `state` is
//!   JSON text on SQLite and `jsonb` on PostgreSQL; `version` is the number of inputs applied.
//! - `learner_events (seq, learner_id, version, kind, payload, created_at)`: progress events,
//!   `seq` increasing in commit order within one learner.
//! - `applied_updates (learner_id, update_key, version, applied_at)`: update keys already
//!   applied, scoped per learner. The keys of each learner's last [`KEPT_UPDATE_KEYS`]
//!   inputs are kept: every [`PRUNE_EVERY`] versions an apply deletes that learner's keys
//!   whose `version` is `KEPT_UPDATE_KEYS` or more behind the new version, so the table holds
//!   at most `KEPT_UPDATE_KEYS + PRUNE_EVERY - 1` rows per learner. Telegram redelivers an
//!   update only until it is confirmed (and for 24 hours at most), long before a learner
//!   sends that many more.
//! - `offsets (key, value, updated_at)`: named counters of the shells.
//! - `classes`, `class_members`, `class_quizzes`, `class_answers`: classes in group chats,
//!   their teachers and students (with when each joined), their quiz polls and each
//!   student's answer (see [`ClassOp`] and `class.rs`). A student's own `learner_events`
//!   count for a class from the moment they joined; leaving deletes their membership and
//!   their answers in it.
//! - `class_tallies (class_id, user_id, kind, value, count, last_seq)`: what a class's
//!   report counts, kept as it happens. An event the tutor marks [`Event::tally`] is counted,
//!   in the commit that stores it, for each class its learner is a member of then (by kind
//!   and value, with the seq of the last such event), so `/report` reads a few hundred rows
//!   a student instead of a year of events; the events stay as they are, and
//!   [`Store::recount_class`] counts a class's tallies again from them. Leaving deletes the
//!   member's tallies.
//!
//! # Guarantees
//!
//! - **Compute, then commit.** A step is computed from a [`Snapshot`] ([`Store::snapshot`]:
//!   the learner's record and version, read without a lock, plus a shared game's record from
//!   [`Store::load_game`]) outside any transaction, so a slow step (an engine's search) holds
//!   no lock and keeps no other learner waiting. [`Store::commit`] then writes the new state,
//!   the events, the update key, the kept replies and the shared game in one short
//!   transaction: either all of it is stored or none of it.
//! - **One input at a time per learner, across processes.** The commit checks, inside its
//!   transaction, that the learner's version (and the game's) is still the one read and that
//!   the update key was not applied meanwhile (SQLite: `BEGIN IMMEDIATE`, the database's
//!   single write lock, on a one-connection writer pool; PostgreSQL: `READ COMMITTED` with the
//!   learner's `pg_advisory_xact_lock`; a game is written only where its version is still the
//!   one read). A change computed from a stale
//!   snapshot is [`Committed::Conflict`] and stores nothing; the caller takes a new snapshot
//!   and computes again ([`Store::apply`] and [`Store::apply_shared`] do this for a pure
//!   function, at most [`MAX_CONFLICTS`] times). Two replicas or many tasks applying inputs to
//!   one learner, or to the two players of one game, at once lose no update.
//! - **Applied once in effect.** With an update key, a replay of an already applied update
//!   returns [`Applied::Duplicate`] without calling the function again.
//! - **Durable when answered.** `commit` (and `apply`) returns only after the commit: on SQLite the WAL is
//!   synced (`synchronous = FULL`), so neither a crash (`kill -9`) nor a power cut loses an
//!   input the shell has answered. On SQLite the commits, the inbox's writes and the
//!   outbox's marks that queue while one is being written are written together, each in a
//!   savepoint of one transaction, so the sync is paid once for all of them; none is
//!   answered before that transaction is committed, and one that fails leaves the others
//!   stored and itself not (`group.rs`).
//! - **Bounded retries.** Lock contention that outlasts the busy timeout (SQLite
//!   `SQLITE_BUSY`/`SQLITE_LOCKED`) and PostgreSQL serialization failures or deadlocks roll the
//!   transaction back and retry it, [`MAX_ATTEMPTS`] attempts in all; other errors are returned
//!   at once (a broken connection is never retried blindly, since its commit may have happened).
//! - **Bad data is an error, never a panic.** A state or payload that is not valid JSON comes
//!   back as [`StoreError::CorruptState`] / [`StoreError::CorruptEvent`].
//!
//! The store is async and must run inside a Tokio runtime with its timer enabled (as
//! `#[tokio::main]` makes one); it blocks a thread of that runtime only to create the data
//! directory at open and to run the caller's function in [`Store::apply`] (a caller whose
//! step is slow computes it from a snapshot on its own threads and calls [`Store::commit`]).
//!
//! PostgreSQL's advisory locks share one key space per database: learners of two schemas in
//! one database with the same id wait for each other (harmless, never wrong).
//!
//! # Example
//!
//! ```
//! use chess_tutor_store::{Applied, Change, Event, LearnerId, Store};
//! use serde_json::json;
//!
//! # tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(async {
//! let dir = tempfile::tempdir().unwrap();
//! let store = Store::open(dir.path().join("tutor.sqlite3").to_str().unwrap()).await?;
//! let me = LearnerId(42);
//!
//! // Telegram update 7: count the learner's messages and say how many there were.
//! let step = |record: Option<&chess_tutor_store::LearnerRecord>| {
//!     let seen = record.and_then(|r| r.state["seen"].as_i64()).unwrap_or(0) + 1;
//!     Change {
//!         state: json!({ "seen": seen }),
//!         events: vec![Event::new("message", json!({ "n": seen }))],
//!         output: format!("message {seen}"),
//!         unsent: None,
//!     }
//! };
//! assert!(matches!(store.apply(me, Some(7), step).await?, Applied::Done(s) if s == "message 1"));
//! // Telegram delivers update 7 again: recognised, not applied twice.
//! assert!(matches!(store.apply(me, Some(7), step).await?, Applied::Duplicate));
//! assert_eq!(store.load(me).await?.unwrap().state, json!({ "seen": 1 }));
//! # Ok::<(), chess_tutor_store::StoreError>(())
//! # }).unwrap();
//! ```

pub mod backup;
mod error;
mod group;
mod lane;
mod location;
mod migrations;
mod model;
mod postgres;
mod sql;
mod sqlite;

use std::time::Duration;

pub use error::StoreError;
pub(crate) use error::{parse_game, parse_payload, parse_state};
pub use lane::Lane;
pub use location::{Location, SQLITE_FILE_NAME};
pub(crate) use model::now_ms;
pub use model::{
    Applied, Backend, Change, ClassOp, Committed, Event, GameId, GameRecord, GameWrite,
    KEPT_UPDATE_KEYS, LearnerId, LearnerRecord, MAX_ATTEMPTS, MAX_CONFLICTS, PRUNE_EVERY,
    SharedChange, Snapshot, StoredEvent,
};

/// The learner store: SQLite or PostgreSQL behind one API. Cheap to clone (the clones share
/// the connection pools).
#[derive(Debug, Clone)]
pub struct Store {
    inner: Inner,
    location: Location,
    /// This store's id in outbox claims: different for every opening (every process).
    owner: i64,
}

/// What [`Store::claim_unsent`] found.
#[derive(Debug, Clone, PartialEq)]
pub enum Claim {
    /// The kept replies, now claimed by this store: send them, then [`Store::mark_sent`].
    Taken(serde_json::Value),
    /// Nothing to send: none were kept, they were sent, or this store is sending them.
    Nothing,
    /// Another process claimed them less than the lease ago and may be sending them now;
    /// ask again after this long.
    HeldElsewhere(Duration),
}

/// A fresh owner id for outbox claims: the process id and the time mixed.
fn fresh_owner() -> i64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    let mixed = (u128::from(std::process::id()) << 64 ^ nanos).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    // Folded to 63 bits: positive, and fits every database's integer.
    i64::try_from((mixed ^ (mixed >> 64)) as u64 >> 1).unwrap_or(1)
}

/// Runs `$body` with `$db` bound to the backend (its pools through `reader()` and
/// `writer()`, a learner's write transaction through `begin_for(id)`): for SQL that both
/// databases read alike, written once. Its placeholders are `$1, $2, …` in the order they
/// first appear (SQLite numbers `$NNN` parameters as PostgreSQL does); JSON columns are read
/// as `CAST(… AS TEXT)` (text on SQLite, `jsonb` on PostgreSQL).
macro_rules! on_either {
    ($store:expr, |$db:ident| $body:expr) => {
        match &$store.inner {
            Inner::Sqlite($db) => $body,
            Inner::Postgres($db) => $body,
        }
    };
}

/// A learner's stored row (its state as JSON text, and its version) as a record.
fn learner_record(
    id: LearnerId,
    row: Option<(String, i64)>,
) -> Result<Option<LearnerRecord>, StoreError> {
    row.map(|(state, version)| {
        Ok(LearnerRecord {
            state: parse_state(id, &state)?,
            version,
        })
    })
    .transpose()
}

// After `on_either!`, which it uses.
mod class;
mod daily;

pub use class::{AnswerRow, ClassFigures, ClassRow, MemberRow, PolledRow, QuizRow, Tally};
pub use daily::DailyRow;

#[derive(Debug, Clone)]
enum Inner {
    Sqlite(sqlite::SqliteStore),
    Postgres(postgres::PostgresStore),
}

impl Store {
    /// Opens the store at `target`: a `postgres://`/`postgresql://` URL, a `sqlite:` URL, or
    /// the path of an SQLite file (see [`Location::parse`]). Creates the SQLite file and its
    /// directory if needed and brings the schema up to date.
    ///
    /// # Errors
    ///
    /// [`StoreError::UnsupportedLocation`] for another kind of URL, and the errors of
    /// [`Store::connect`].
    pub async fn open(target: &str) -> Result<Store, StoreError> {
        Store::connect(Location::parse(target)?).await
    }

    /// Opens the store at `location`, creating the SQLite file and its directory if needed,
    /// and runs the migrations (several processes may open one database at once).
    ///
    /// # Errors
    ///
    /// [`StoreError::DataDir`] when the directory cannot be created, [`StoreError::Connect`]
    /// when the database cannot be opened or reached, [`StoreError::Migrate`] when its schema
    /// cannot be brought up to date.
    pub async fn connect(location: Location) -> Result<Store, StoreError> {
        let inner = match &location {
            Location::Sqlite(path) => Inner::Sqlite(sqlite::SqliteStore::open(path).await?),
            Location::Postgres(url) => {
                Inner::Postgres(postgres::PostgresStore::open(url, &location).await?)
            }
        };
        Ok(Store {
            inner,
            location,
            owner: fresh_owner(),
        })
    }

    /// Where this store keeps its data.
    pub fn location(&self) -> &Location {
        &self.location
    }

    /// Which database this store talks to.
    pub fn backend(&self) -> Backend {
        match self.inner {
            Inner::Sqlite(_) => Backend::Sqlite,
            Inner::Postgres(_) => Backend::Postgres,
        }
    }

    /// The learner's stored record, or `None` for a learner never seen.
    ///
    /// # Errors
    ///
    /// [`StoreError::CorruptState`] when the stored state is not valid JSON;
    /// [`StoreError::Database`] when the database fails.
    pub async fn load(&self, id: LearnerId) -> Result<Option<LearnerRecord>, StoreError> {
        let row: Option<(String, i64)> = on_either!(self, |db| {
            sqlx::query_as("SELECT CAST(state AS TEXT), version FROM learners WHERE id = $1")
                .bind(id.0)
                .fetch_optional(db.reader())
                .await?
        });
        learner_record(id, row)
    }

    /// A shared game's stored record, or `None` for a game not stored.
    ///
    /// # Errors
    ///
    /// [`StoreError::CorruptGame`] when the stored state is not valid JSON;
    /// [`StoreError::Database`] when the database fails.
    pub async fn load_game(&self, id: GameId) -> Result<Option<GameRecord>, StoreError> {
        let row: Option<(String, i64)> = on_either!(self, |db| {
            sqlx::query_as("SELECT CAST(state AS TEXT), version FROM games WHERE id = $1")
                .bind(id.0)
                .fetch_optional(db.reader())
                .await?
        });
        row.map(|(state, version)| {
            Ok(GameRecord {
                state: parse_game(id, &state)?,
                version,
            })
        })
        .transpose()
    }

    /// Applies one input to a learner: computes `f` from a snapshot, then commits it.
    ///
    /// If `update_key` was already applied to this learner, returns [`Applied::Duplicate`]
    /// without calling `f`. Otherwise calls `f` with the current record (`None` for a new
    /// learner), stores the [`Change::state`] it returns as the new state with the version one
    /// higher, appends its [`Change::events`], records `update_key`, commits, and returns
    /// [`Change::output`].
    ///
    /// `f` must be pure (it runs on a thread of the runtime, outside any transaction). It is
    /// called once, except when another input changed the learner between the snapshot and the
    /// commit ([`Committed::Conflict`]): then it is called again on the then-current record, and
    /// only the last call's change is stored.
    ///
    /// # Errors
    ///
    /// [`StoreError::CorruptState`] when the stored state is not valid JSON (`f` is not
    /// called and nothing is written); [`StoreError::Busy`] after [`MAX_ATTEMPTS`] attempts
    /// that met contention; [`StoreError::Database`] for other database failures. On any error
    /// nothing of this input is stored.
    pub async fn apply<T, F>(
        &self,
        id: LearnerId,
        update_key: Option<i64>,
        mut f: F,
    ) -> Result<Applied<T>, StoreError>
    where
        F: FnMut(Option<&LearnerRecord>) -> Change<T>,
    {
        self.apply_shared(id, update_key, None, |record, _| {
            SharedChange::alone(f(record))
        })
        .await
    }

    /// Like [`Store::apply`], for an input that may change the shared game `game`: the
    /// snapshot holds the game's record too (`None` for a game not stored), the commit stores
    /// [`SharedChange::game`] only if the game is still at the version read, and keeps
    /// [`SharedChange::others`] in the outbox of the learners they are for.
    ///
    /// The commit locks only the learner, and writes the game with a conditional update: no
    /// commit locks two learners, so the two players' commits cannot deadlock.
    ///
    /// # Errors
    ///
    /// Those of [`Store::apply`], and [`StoreError::CorruptGame`] when the stored game is
    /// not valid JSON. A created game whose id is taken fails with [`StoreError::Database`]
    /// (nothing is stored).
    pub async fn apply_shared<T, F>(
        &self,
        id: LearnerId,
        update_key: Option<i64>,
        game: Option<GameId>,
        mut f: F,
    ) -> Result<Applied<T>, StoreError>
    where
        F: FnMut(Option<&LearnerRecord>, Option<&GameRecord>) -> SharedChange<T>,
    {
        for attempt in 1..=MAX_CONFLICTS {
            let mut snapshot = self.snapshot(id, update_key).await?;
            if snapshot.applied {
                return Ok(Applied::Duplicate);
            }
            if let Some(game) = game {
                snapshot.game = Some((game, self.load_game(game).await?));
            }
            let change = f(
                snapshot.record.as_ref(),
                snapshot.game.as_ref().and_then(|(_, g)| g.as_ref()),
            );
            match self.commit(&snapshot, update_key, change).await? {
                Committed::Done(output) => return Ok(Applied::Done(output)),
                Committed::Duplicate => return Ok(Applied::Duplicate),
                Committed::Conflict => tokio::time::sleep(conflict_backoff(attempt)).await,
            }
        }
        Err(StoreError::Conflicts {
            attempts: MAX_CONFLICTS,
        })
    }

    /// What a step for `id` is computed from: the learner's record with its version (and
    /// whether `update_key` was already applied), read without a lock. Add a shared game's
    /// record with [`Store::load_game`] when the input needs one.
    ///
    /// # Errors
    ///
    /// [`StoreError::CorruptState`] when the stored state is not valid JSON;
    /// [`StoreError::Database`] when the database fails.
    pub async fn snapshot(
        &self,
        id: LearnerId,
        update_key: Option<i64>,
    ) -> Result<Snapshot, StoreError> {
        // One read: the learner's row, if any, and whether the update was applied, as of one
        // moment, in one round trip (no key: never applied).
        let (applied, state, version): (bool, Option<String>, Option<i64>) =
            on_either!(self, |db| {
                sqlx::query_as(
                    "SELECT EXISTS (SELECT 1 FROM applied_updates
                                    WHERE learner_id = $1 AND update_key = $2),
                            CAST(l.state AS TEXT), l.version
                     FROM (SELECT 1) AS one LEFT JOIN learners AS l ON l.id = $1",
                )
                .bind(id.0)
                .bind(update_key)
                .fetch_one(db.reader())
                .await?
            });
        Ok(Snapshot {
            learner: id,
            record: learner_record(id, state.zip(version))?,
            game: None,
            applied,
        })
    }

    /// Stores what a step computed from `snapshot`, in one short transaction, if neither the
    /// learner nor the snapshot's game changed since and `update_key` was not applied in the
    /// meantime: the learner's new state (one version higher), its events, the update key
    /// with the replies kept until sent, the shared game (created, or changed at the version
    /// read), and the other player's kept replies. Otherwise stores nothing and says why.
    ///
    /// # Errors
    ///
    /// [`StoreError::Busy`] when the database's lock could not be had in [`MAX_ATTEMPTS`]
    /// tries; [`StoreError::Database`] for other database failures. On any error nothing is
    /// stored.
    pub async fn commit<T>(
        &self,
        snapshot: &Snapshot,
        update_key: Option<i64>,
        change: SharedChange<T>,
    ) -> Result<Committed<T>, StoreError> {
        self.commit_in(Lane::Quick, snapshot, update_key, change)
            .await
    }

    /// [`Store::commit`] for a step in `lane`: on SQLite, whose one writer the commits take
    /// in turn, the [`Lane::Long`] commits (after a search) queue for it one at a time, so a
    /// quick one waits behind at most one of them. PostgreSQL commits side by side and
    /// ignores it.
    ///
    /// # Errors
    ///
    /// As [`Store::commit`].
    pub async fn commit_in<T>(
        &self,
        lane: Lane,
        snapshot: &Snapshot,
        update_key: Option<i64>,
        change: SharedChange<T>,
    ) -> Result<Committed<T>, StoreError> {
        // What is written, apart from what the caller gets back once it is.
        let (output, change) = change.without_output();
        let change = std::sync::Arc::new(change);
        let mut attempt = 1;
        loop {
            let result = match &self.inner {
                Inner::Sqlite(s) => {
                    s.commit(lane, snapshot, update_key, &change, self.owner)
                        .await
                }
                Inner::Postgres(p) => p.commit(snapshot, update_key, &change, self.owner).await,
            };
            match result {
                Ok(Committed::Done(())) => return Ok(Committed::Done(output)),
                Ok(Committed::Duplicate) => return Ok(Committed::Duplicate),
                Ok(Committed::Conflict) => return Ok(Committed::Conflict),
                Err(StoreError::Database(error)) if self.is_retryable(&error) => {
                    if attempt >= MAX_ATTEMPTS {
                        return Err(StoreError::Busy {
                            attempts: attempt,
                            source: error,
                        });
                    }
                    tokio::time::sleep(backoff(attempt)).await;
                    attempt += 1;
                }
                Err(error) => return Err(error),
            }
        }
    }

    /// The learner's events after sequence number `since` (0 for all), oldest first.
    ///
    /// # Errors
    ///
    /// [`StoreError::CorruptEvent`] when a stored payload is not valid JSON;
    /// [`StoreError::Database`] when the database fails.
    pub async fn events(&self, id: LearnerId, since: i64) -> Result<Vec<StoredEvent>, StoreError> {
        let rows: Vec<(i64, i64, String, String)> = on_either!(self, |db| {
            sqlx::query_as(
                "SELECT seq, version, kind, CAST(payload AS TEXT) FROM learner_events
                 WHERE learner_id = $1 AND seq > $2 ORDER BY seq",
            )
            .bind(id.0)
            .bind(since)
            .fetch_all(db.reader())
            .await?
        });
        rows.into_iter()
            .map(|(seq, version, kind, payload)| {
                Ok(StoredEvent {
                    seq,
                    version,
                    event: Event {
                        kind,
                        payload: parse_payload(id, seq, &payload)?,
                        tally: None,
                    },
                })
            })
            .collect()
    }

    /// How many learners the store holds.
    ///
    /// # Errors
    ///
    /// [`StoreError::Database`] when the database fails.
    pub async fn learner_count(&self) -> Result<u64, StoreError> {
        let count: i64 = on_either!(self, |db| {
            sqlx::query_scalar("SELECT COUNT(*) FROM learners")
                .fetch_one(db.reader())
                .await?
        });
        Ok(u64::try_from(count).unwrap_or(0))
    }

    /// Applied updates whose replies are still unsent and whose claim is older than `age`
    /// (at most `limit`, by learner and key): replies whose sending was given up for the
    /// moment (the Bot API kept failing), for a later attempt.
    ///
    /// # Errors
    ///
    /// [`StoreError::Database`] when the database fails.
    pub async fn stale_unsent(
        &self,
        age: Duration,
        limit: usize,
    ) -> Result<Vec<(LearnerId, i64)>, StoreError> {
        let before = now_ms().saturating_sub(i64::try_from(age.as_millis()).unwrap_or(i64::MAX));
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        let rows: Vec<(i64, i64)> = on_either!(self, |db| {
            sqlx::query_as(
                "SELECT learner_id, update_key FROM applied_updates
                 WHERE unsent IS NOT NULL AND COALESCE(claimed_at, 0) < $1
                 ORDER BY learner_id, update_key LIMIT $2",
            )
            .bind(before)
            .bind(limit)
            .fetch_all(db.reader())
            .await?
        });
        Ok(rows
            .into_iter()
            .map(|(id, key)| (LearnerId(id), key))
            .collect())
    }

    /// Renews this store's claims on the replies it has not yet sent (see
    /// [`Store::claim_unsent`]): while a process renews them more often than the lease, no
    /// other process takes them over, however long the sending takes; once it dies they are
    /// free within one lease. Returns how many were renewed.
    ///
    /// # Errors
    ///
    /// [`StoreError::Database`] when the database fails.
    pub async fn renew_claims(&self) -> Result<u64, StoreError> {
        let now = now_ms();
        Ok(on_either!(self, |db| {
            sqlx::query(
                "UPDATE applied_updates SET claimed_at = $1
                 WHERE claimed_by = $2 AND unsent IS NOT NULL",
            )
            .bind(now)
            .bind(self.owner)
            .execute(db.writer())
            .await?
            .rows_affected()
        }))
    }

    /// Gives up this store's claim on the replies kept for the update `key` of learner `id`,
    /// which it could not send for the moment (the Bot API kept failing): they are no longer
    /// renewed, so a sweep of any process ([`Store::stale_unsent`]) finds them once they are
    /// older than its age, and takes them at once ([`Store::claim_unsent`] finds no owner).
    /// A claim another store holds is left alone.
    ///
    /// # Errors
    ///
    /// [`StoreError::Database`] when the database fails.
    pub async fn release_claim(&self, id: LearnerId, key: i64) -> Result<(), StoreError> {
        let now = now_ms();
        on_either!(self, |db| {
            sqlx::query(
                "UPDATE applied_updates SET claimed_by = NULL, claimed_at = $1
                 WHERE learner_id = $2 AND update_key = $3 AND claimed_by = $4
                   AND unsent IS NOT NULL",
            )
            .bind(now)
            .bind(id.0)
            .bind(key)
            .bind(self.owner)
            .execute(db.writer())
            .await?;
        });
        Ok(())
    }

    /// How many applied updates have replies not yet marked sent (the outbox's depth; also
    /// the health check's query).
    ///
    /// # Errors
    ///
    /// [`StoreError::Database`] when the database fails.
    pub async fn outbox_depth(&self) -> Result<u64, StoreError> {
        let count: i64 = on_either!(self, |db| {
            sqlx::query_scalar("SELECT COUNT(*) FROM applied_updates WHERE unsent IS NOT NULL")
                .fetch_one(db.reader())
                .await?
        });
        Ok(u64::try_from(count).unwrap_or(0))
    }

    /// The named counter `key` (e.g. the Telegram polling offset), if it was ever set.
    ///
    /// # Errors
    ///
    /// [`StoreError::Database`] when the database fails.
    pub async fn get_offset(&self, key: &str) -> Result<Option<i64>, StoreError> {
        Ok(on_either!(self, |db| {
            sqlx::query_scalar("SELECT value FROM offsets WHERE key = $1")
                .bind(key)
                .fetch_optional(db.reader())
                .await?
        }))
    }

    /// Sets the named counter `key` to `value`. Call it only once the effects of everything
    /// it confirms are stored.
    ///
    /// # Errors
    ///
    /// [`StoreError::Database`] when the database fails.
    pub async fn set_offset(&self, key: &str, value: i64) -> Result<(), StoreError> {
        // The inbox write without updates is exactly that.
        self.inbox_add(key, value, &[], &[]).await
    }

    /// The replies kept by [`Change::unsent`] for the update `key` of learner `id` and not yet
    /// marked sent; `None` when there are none (never kept, already sent, or pruned).
    ///
    /// # Errors
    ///
    /// [`StoreError::CorruptState`] when the kept text is not JSON; [`StoreError::Database`]
    /// when the database fails.
    pub async fn unsent(
        &self,
        id: LearnerId,
        key: i64,
    ) -> Result<Option<serde_json::Value>, StoreError> {
        let text: Option<String> = on_either!(self, |db| {
            sqlx::query_scalar(
                "SELECT CAST(unsent AS TEXT) FROM applied_updates
                 WHERE learner_id = $1 AND update_key = $2",
            )
            .bind(id.0)
            .bind(key)
            .fetch_optional(db.reader())
            .await?
            .flatten()
        });
        text.map(|t| parse_state(id, &t)).transpose()
    }

    /// Writes fetched updates to the inbox, removes the `handled` ones from it and sets the
    /// named counter `offset_key` to `offset`, all at once (so the offset never passes an
    /// update that is not kept). An update already in the inbox is left as it is. The
    /// removal rides on the write a poll makes anyway (PostgreSQL: one statement; SQLite: at
    /// most three statements, in the next group of writes).
    ///
    /// # Errors
    ///
    /// [`StoreError::Database`] when the database fails; then nothing is written and nothing
    /// removed.
    pub async fn inbox_add(
        &self,
        offset_key: &str,
        offset: i64,
        updates: &[(i64, serde_json::Value)],
        handled: &[i64],
    ) -> Result<(), StoreError> {
        let texts = updates
            .iter()
            .map(|(id, body)| Ok((*id, serde_json::to_string(body)?)))
            .collect::<Result<Vec<_>, StoreError>>()?;
        match &self.inner {
            Inner::Sqlite(s) => s.inbox_add(offset_key, offset, &texts, handled).await,
            Inner::Postgres(p) => p.inbox_add(offset_key, offset, &texts, handled).await,
        }
    }

    /// Keeps updates in the inbox without moving any offset (an update received by webhook
    /// that cannot be decided yet, handed in again from there). One already there is left
    /// as it is.
    ///
    /// # Errors
    ///
    /// [`StoreError::Database`] when the database fails.
    pub async fn inbox_keep(&self, updates: &[(i64, serde_json::Value)]) -> Result<(), StoreError> {
        // The inbox's text is `json` on PostgreSQL (schema 9): it holds whatever came.
        let dialect = match self.inner {
            Inner::Sqlite(_) => "",
            Inner::Postgres(_) => "::json",
        };
        for (id, body) in updates {
            let text = serde_json::to_string(body)?;
            let sql = format!(
                "INSERT INTO inbox (update_id, body) VALUES ($1, $2{dialect}) ON CONFLICT DO NOTHING"
            );
            on_either!(self, |db| {
                sqlx::query(sqlx::AssertSqlSafe(sql.clone()))
                    .bind(id)
                    .bind(&text)
                    .execute(db.writer())
                    .await?;
            });
        }
        Ok(())
    }

    /// The updates in the inbox, lowest id first.
    ///
    /// # Errors
    ///
    /// [`StoreError::Database`] when the database fails; [`StoreError::CorruptEvent`] (with
    /// learner 0) when a body is not JSON.
    pub async fn inbox(&self) -> Result<Vec<(i64, serde_json::Value)>, StoreError> {
        let rows: Vec<(i64, String)> = on_either!(self, |db| {
            sqlx::query_as("SELECT update_id, CAST(body AS TEXT) FROM inbox ORDER BY update_id")
                .fetch_all(db.reader())
                .await?
        });
        rows.into_iter()
            .map(|(id, text)| Ok((id, parse_payload(LearnerId(0), id, &text)?)))
            .collect()
    }

    /// Removes handled updates from the inbox.
    ///
    /// # Errors
    ///
    /// [`StoreError::Database`] when the database fails.
    pub async fn inbox_remove(&self, ids: &[i64]) -> Result<(), StoreError> {
        if ids.is_empty() {
            return Ok(());
        }
        match &self.inner {
            Inner::Sqlite(s) => s.inbox_remove(ids).await,
            Inner::Postgres(p) => p.inbox_remove(ids).await,
        }
    }

    /// Claims the replies kept for the update `key` of learner `id`, for sending after a
    /// replay of that update. The process that applied an update holds the claim from the
    /// commit; another process may take it over only once `lease` has passed since (the
    /// first is then presumed dead), so two replicas given the same update at once do not
    /// both send its replies.
    ///
    /// # Errors
    ///
    /// [`StoreError::CorruptState`] when the kept text is not JSON; [`StoreError::Database`]
    /// when the database fails.
    pub async fn claim_unsent(
        &self,
        id: LearnerId,
        key: i64,
        lease: Duration,
    ) -> Result<Claim, StoreError> {
        let lease_ms = i64::try_from(lease.as_millis()).unwrap_or(i64::MAX);
        let now = now_ms();
        let found = on_either!(self, |db| {
            // The learner's write lock: two replicas claiming at once take turns.
            let mut tx = db.begin_for(id).await?;
            let row: Option<(Option<String>, Option<i64>, Option<i64>)> = sqlx::query_as(
                "SELECT CAST(unsent AS TEXT), claimed_by, claimed_at FROM applied_updates
                 WHERE learner_id = $1 AND update_key = $2",
            )
            .bind(id.0)
            .bind(key)
            .fetch_optional(&mut *tx)
            .await?;
            let claimed = backend::decide(row, self.owner, now, lease_ms);
            if let backend::Claimed::Taken(_) = claimed {
                sqlx::query(
                    "UPDATE applied_updates SET claimed_by = $1, claimed_at = $2
                     WHERE learner_id = $3 AND update_key = $4",
                )
                .bind(self.owner)
                .bind(now)
                .bind(id.0)
                .bind(key)
                .execute(&mut *tx)
                .await?;
            }
            tx.commit().await?;
            claimed
        });
        Ok(match found {
            backend::Claimed::Taken(text) => Claim::Taken(parse_state(id, &text)?),
            backend::Claimed::Nothing => Claim::Nothing,
            backend::Claimed::HeldFor(ms) => {
                Claim::HeldElsewhere(Duration::from_millis(u64::try_from(ms).unwrap_or(0)))
            }
        })
    }

    /// Forgets the kept replies of these (learner, update key) pairs, in one transaction:
    /// they were sent. Shells batch the marks (a lost mark only means a reply may be sent
    /// twice after a crash, never lost).
    ///
    /// # Errors
    ///
    /// [`StoreError::Database`] when the database fails.
    pub async fn mark_sent(&self, sent: &[(LearnerId, i64)]) -> Result<(), StoreError> {
        if sent.is_empty() {
            return Ok(());
        }
        match &self.inner {
            Inner::Sqlite(s) => s.mark_sent(sent).await,
            Inner::Postgres(p) => p.mark_sent(sent).await,
        }
    }

    /// Closes the connection pools, waiting for connections in use to be returned. Dropping
    /// the store closes them too, without waiting.
    pub async fn close(&self) {
        match &self.inner {
            Inner::Sqlite(s) => s.close().await,
            Inner::Postgres(p) => p.close().await,
        }
    }

    fn is_retryable(&self, error: &sqlx::Error) -> bool {
        match self.inner {
            Inner::Sqlite(_) => sqlite::is_retryable(error),
            Inner::Postgres(_) => postgres::is_retryable(error),
        }
    }
}

/// A random wait after the `attempt`th conflict, growing to 20 ms: the inputs that conflicted
/// commit one after another instead of meeting again.
fn conflict_backoff(attempt: u32) -> Duration {
    use std::sync::atomic::{AtomicU64, Ordering};
    static DRAWS: AtomicU64 = AtomicU64::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let mixed = (u64::from(nanos) ^ DRAWS.fetch_add(1, Ordering::Relaxed).rotate_left(32))
        .wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let cap_us = 1_000 * u64::from(attempt.clamp(1, 20));
    Duration::from_micros((mixed >> 11) % cap_us)
}

/// The wait before attempt `attempt + 1`: 5, 10, 20 … ms, at most 320 ms, with a spread that
/// differs between processes and attempts so that retrying replicas do not move in step.
fn backoff(attempt: u32) -> Duration {
    let base = 5u64 << attempt.saturating_sub(1).min(6);
    let spread = u64::from(
        std::process::id()
            .wrapping_mul(2_654_435_761)
            .wrapping_add(attempt),
    ) % base.max(1);
    Duration::from_millis(base + spread / 2)
}

/// What the backends share.
mod backend {
    /// A claim's outcome as the backends see it.
    pub(super) enum Claimed {
        Taken(String),
        Nothing,
        /// Held by another owner for this many more milliseconds.
        HeldFor(i64),
    }

    /// Decides a claim from the kept row: (unsent, claimed_by, claimed_at).
    pub(super) fn decide(
        row: Option<(Option<String>, Option<i64>, Option<i64>)>,
        owner: i64,
        now_ms: i64,
        lease_ms: i64,
    ) -> Claimed {
        match row {
            None | Some((None, _, _)) => Claimed::Nothing,
            // Its own: one process handles a chat's updates one at a time, so it is not
            // sending them now. It asks again after a failure that left them unsent (a lost
            // connection at COMMIT: committed, yet reported as an error and retried).
            Some((Some(text), Some(by), _)) if by == owner => Claimed::Taken(text),
            Some((Some(text), by, at)) => {
                let until = at.unwrap_or(0).saturating_add(lease_ms);
                if by.is_some() && until > now_ms {
                    Claimed::HeldFor(until - now_ms)
                } else {
                    Claimed::Taken(text)
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn learner_ids_read_back_what_they_print() {
        for id in [0, 1, -1_001_234_567_890, i64::MAX, i64::MIN] {
            let shown = LearnerId(id).to_string();
            assert_eq!(shown.parse::<LearnerId>(), Ok(LearnerId(id)));
        }
        assert_eq!(" 42 ".parse::<LearnerId>(), Ok(LearnerId(42)));
        assert!("forty-two".parse::<LearnerId>().is_err());
        assert!("".parse::<LearnerId>().is_err());
    }

    #[test]
    fn backoff_grows_and_stays_bounded() {
        assert!(backoff(1) >= Duration::from_millis(5));
        assert!(backoff(1) < Duration::from_millis(10));
        assert!(backoff(3) >= Duration::from_millis(20));
        for attempt in 1..=MAX_ATTEMPTS + 10 {
            assert!(backoff(attempt) < Duration::from_millis(500), "{attempt}");
        }
    }

    #[test]
    fn corrupt_state_names_the_learner() {
        let error = parse_state(LearnerId(7), "{not json").unwrap_err();
        assert!(matches!(
            error,
            StoreError::CorruptState {
                learner: LearnerId(7),
                ..
            }
        ));
        assert!(error.to_string().contains("learner 7"), "{error}");
        let error = parse_payload(LearnerId(7), 3, "").unwrap_err();
        assert!(
            error.to_string().contains("event 3 of learner 7"),
            "{error}"
        );
    }
}
