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
//!   applied, scoped per learner. Only the keys of each learner's last [`KEPT_UPDATE_KEYS`]
//!   inputs are kept: each apply deletes that learner's keys whose `version` is
//!   `KEPT_UPDATE_KEYS` or more behind the new version, so the table holds at most
//!   `KEPT_UPDATE_KEYS` rows per learner. Telegram redelivers an update only until it is
//!   confirmed (and for 24 hours at most), long before a learner sends that many more.
//! - `offsets (key, value, updated_at)`: named counters of the shells.
//!
//! # Guarantees
//!
//! - **One transaction per input.** [`Store::apply`] reads the learner's record, calls the
//!   caller's pure function, then writes the new state, appends the events and records the
//!   update key, all in one transaction: either all of it is stored or none of it.
//! - **One input at a time per learner, across processes.** The transaction first takes a
//!   per-learner lock (SQLite: `BEGIN IMMEDIATE`, the database's single write lock, queued
//!   inside one process on a one-connection writer pool; PostgreSQL:
//!   `pg_advisory_xact_lock(learner id)` under `READ COMMITTED`), so two replicas or many tasks
//!   applying inputs to one learner at once lose no update.
//! - **Applied once in effect.** With an update key, a replay of an already applied update
//!   returns [`Applied::Duplicate`] without calling the function again.
//! - **Durable when answered.** `apply` returns only after the commit: on SQLite the WAL is
//!   synced (`synchronous = FULL`), so neither a crash (`kill -9`) nor a power cut loses an
//!   input the shell has answered.
//! - **Bounded retries.** Lock contention that outlasts the busy timeout (SQLite
//!   `SQLITE_BUSY`/`SQLITE_LOCKED`) and PostgreSQL serialization failures or deadlocks roll the
//!   transaction back and retry it, [`MAX_ATTEMPTS`] attempts in all; other errors are returned
//!   at once (a broken connection is never retried blindly, since its commit may have happened).
//! - **Bad data is an error, never a panic.** A state or payload that is not valid JSON comes
//!   back as [`StoreError::CorruptState`] / [`StoreError::CorruptEvent`].
//!
//! The store is async and must run inside a Tokio runtime with its timer enabled (as
//! `#[tokio::main]` makes one); it blocks a thread of that runtime only to create the data
//! directory at open and to run the caller's function in [`Store::apply`].
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

mod location;
mod migrations;
mod postgres;
mod sqlite;

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use serde::{Deserialize, Serialize};

pub use location::{Location, SQLITE_FILE_NAME};

/// How many of each learner's most recent update keys are kept for recognising replays.
pub const KEPT_UPDATE_KEYS: i64 = 1000;

/// How many times [`Store::apply`] tries a transaction that meets lock contention or a
/// serialization failure before it gives up with [`StoreError::Busy`].
pub const MAX_ATTEMPTS: u32 = 8;

/// A learner: a Telegram chat id, or an id the terminal chat picks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct LearnerId(pub i64);

impl fmt::Display for LearnerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl FromStr for LearnerId {
    type Err = std::num::ParseIntError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        s.trim().parse().map(LearnerId)
    }
}

impl From<i64> for LearnerId {
    fn from(id: i64) -> Self {
        LearnerId(id)
    }
}

/// What is stored for one learner.
#[derive(Debug, Clone, PartialEq)]
pub struct LearnerRecord {
    /// The tutor's state, as the tutor last wrote it.
    pub state: serde_json::Value,
    /// How many inputs have been applied to this learner: 1 after the first.
    pub version: i64,
}

/// A progress event from the tutor (a step done, an illegal attempt and its reason, a puzzle
/// solved …), stored with the state change it came with.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Event {
    /// What happened, e.g. `"step_done"`; the tutor names its kinds.
    pub kind: String,
    /// The details, as the tutor wants them back.
    pub payload: serde_json::Value,
}

impl Event {
    /// An event of `kind` with `payload`.
    pub fn new(kind: impl Into<String>, payload: serde_json::Value) -> Self {
        Event {
            kind: kind.into(),
            payload,
        }
    }
}

/// An event as stored: its place in the log and the learner version that produced it.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredEvent {
    /// Position in the event log; increasing in commit order for one learner.
    pub seq: i64,
    /// The learner's [`LearnerRecord::version`] after the input that produced the event.
    pub version: i64,
    /// The event itself.
    pub event: Event,
}

/// What the caller's function of [`Store::apply`] decides for one input.
#[derive(Debug, Clone, PartialEq)]
pub struct Change<T> {
    /// The learner's new state, stored in place of the old one.
    pub state: serde_json::Value,
    /// Progress events to append, in order.
    pub events: Vec<Event>,
    /// Whatever the caller wants back once the change is stored (the replies to send).
    pub output: T,
    /// The replies to keep with the update key until [`Store::mark_sent`] says they were
    /// sent (the outbox; ignored without an update key). A replay of the update finds them
    /// with [`Store::unsent`], so a crash between the commit and the sending loses nothing.
    pub unsent: Option<serde_json::Value>,
}

/// A game shared by two learners (a game between two players): a random id, also in the
/// invite link.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct GameId(pub i64);

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// What is stored for one shared game.
#[derive(Debug, Clone, PartialEq)]
pub struct GameRecord {
    /// The tutor's state of the game, as it last wrote it.
    pub state: serde_json::Value,
    /// How many changes were stored: 1 when it was created.
    pub version: i64,
}

/// A shared game's new state, stored with the change of the learner whose input made it.
#[derive(Debug, Clone, PartialEq)]
pub struct GameWrite {
    /// Which game.
    pub id: GameId,
    /// Its new state.
    pub state: serde_json::Value,
    /// A game created by this input: stored only if no game has this id (an existing one is
    /// never replaced; the input then fails and nothing of it is stored).
    pub created: bool,
}

/// What the caller's function of [`Store::apply_shared`] decides for one input that may
/// change a shared game and send replies to its other player.
#[derive(Debug, Clone, PartialEq)]
pub struct SharedChange<T> {
    /// The change of the learner whose input it is.
    pub change: Change<T>,
    /// The shared game's new state, if the input changed one.
    pub game: Option<GameWrite>,
    /// Replies for other learners (the other player), kept in the outbox under the same
    /// update key until they are sent, as [`Change::unsent`] is (ignored without a key).
    pub others: Vec<(LearnerId, serde_json::Value)>,
}

impl<T> SharedChange<T> {
    /// A change of one learner only.
    pub fn alone(change: Change<T>) -> Self {
        SharedChange {
            change,
            game: None,
            others: Vec::new(),
        }
    }
}

/// The result of [`Store::apply`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Applied<T> {
    /// The change was stored; here is the function's output.
    Done(T),
    /// This update key was already applied to this learner; nothing was called or stored.
    Duplicate,
}

/// Which database a [`Store`] talks to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    /// An SQLite file.
    Sqlite,
    /// A PostgreSQL server.
    Postgres,
}

/// A failure of the store (never a learner's mistake: those are tutor values).
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The configured location names a database this program does not support.
    #[error(
        "unsupported database location {0:?}: give an SQLite file path, a sqlite: URL or a postgres:// URL"
    )]
    UnsupportedLocation(String),
    /// The directory for the SQLite file could not be created.
    #[error("cannot create the data directory {path}: {source}")]
    DataDir {
        /// The directory.
        path: std::path::PathBuf,
        /// Why not.
        source: std::io::Error,
    },
    /// The database could not be opened or reached.
    #[error("cannot open the learner database {location}: {source}")]
    Connect {
        /// Where it was looked for (without any password).
        location: String,
        /// The driver's error.
        source: sqlx::Error,
    },
    /// The schema migrations failed (for example, the database was migrated by a newer
    /// version of chess-tutor).
    #[error("cannot migrate the learner database: {0}")]
    Migrate(#[source] sqlx::migrate::MigrateError),
    /// A database operation failed.
    #[error("learner database error: {0}")]
    Database(#[from] sqlx::Error),
    /// Lock contention or serialization failures lasted through every attempt.
    #[error("the learner database stayed busy through {attempts} attempts: {source}")]
    Busy {
        /// How many attempts were made.
        attempts: u32,
        /// The last error.
        source: sqlx::Error,
    },
    /// A learner's stored state is not valid JSON.
    #[error("the stored state of learner {learner} is not valid JSON: {source}")]
    CorruptState {
        /// Whose state.
        learner: LearnerId,
        /// What the JSON parser said.
        source: serde_json::Error,
    },
    /// A stored event's payload is not valid JSON.
    #[error("the payload of event {seq} of learner {learner} is not valid JSON: {source}")]
    CorruptEvent {
        /// Whose event.
        learner: LearnerId,
        /// Which event.
        seq: i64,
        /// What the JSON parser said.
        source: serde_json::Error,
    },
    /// A shared game's stored state is not valid JSON.
    #[error("the stored state of game {game} is not valid JSON: {source}")]
    CorruptGame {
        /// Which game.
        game: GameId,
        /// What the JSON parser said.
        source: serde_json::Error,
    },
    /// A value could not be turned into JSON text.
    #[error("cannot write JSON: {0}")]
    Json(#[from] serde_json::Error),
}

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

/// Milliseconds since the Unix epoch (0 if the clock is before it).
fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
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
        row.map(|(state, version)| {
            Ok(LearnerRecord {
                state: parse_state(id, &state)?,
                version,
            })
        })
        .transpose()
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

    /// Applies one input to a learner in one transaction that holds the learner's lock.
    ///
    /// If `update_key` was already applied to this learner, returns [`Applied::Duplicate`]
    /// without calling `f`. Otherwise calls `f` with the current record (`None` for a new
    /// learner), stores the [`Change::state`] it returns as the new state with the version one
    /// higher, appends its [`Change::events`], records `update_key`, commits, and returns
    /// [`Change::output`].
    ///
    /// `f` must be pure and quick (it runs while the learner is locked). It is called once,
    /// except when the transaction meets contention or a serialization failure and is rolled
    /// back and retried: then it is called again on the then-current record, and only the last
    /// call's change is stored.
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

    /// Like [`Store::apply`], for an input that may change the shared game `game`: in the
    /// same transaction, after the learner's lock, it locks the game (its row on
    /// PostgreSQL, so that the other player's inputs on any replica wait), hands `f` its
    /// record too (`None` for a game not stored), stores [`SharedChange::game`] and keeps
    /// [`SharedChange::others`] in the outbox of the learners they are for.
    ///
    /// Locks are always taken learner first, then game, and no input locks two learners:
    /// the two players' inputs cannot deadlock.
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
        let mut attempt = 1;
        loop {
            let result = match &self.inner {
                Inner::Sqlite(s) => s.apply_once(id, update_key, game, self.owner, &mut f).await,
                Inner::Postgres(p) => p.apply_once(id, update_key, game, self.owner, &mut f).await,
            };
            match result {
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
                other => return other,
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
        self.inbox_add(key, value, &[]).await
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

    /// Writes fetched updates to the inbox and sets the named counter `offset_key` to
    /// `offset`, in one transaction (so the offset never passes an update that is not kept).
    /// An update already in the inbox is left as it is.
    ///
    /// # Errors
    ///
    /// [`StoreError::Database`] when the database fails; then nothing is written.
    pub async fn inbox_add(
        &self,
        offset_key: &str,
        offset: i64,
        updates: &[(i64, serde_json::Value)],
    ) -> Result<(), StoreError> {
        let texts = updates
            .iter()
            .map(|(id, body)| Ok((*id, serde_json::to_string(body)?)))
            .collect::<Result<Vec<_>, StoreError>>()?;
        match &self.inner {
            Inner::Sqlite(s) => s.inbox_add(offset_key, offset, &texts).await,
            Inner::Postgres(p) => p.inbox_add(offset_key, offset, &texts).await,
        }
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

/// Parses stored state text, naming the learner when it is not JSON.
fn parse_state(id: LearnerId, text: &str) -> Result<serde_json::Value, StoreError> {
    serde_json::from_str(text).map_err(|source| StoreError::CorruptState {
        learner: id,
        source,
    })
}

/// Parses a stored game state, naming the game when it is not JSON.
fn parse_game(id: GameId, text: &str) -> Result<serde_json::Value, StoreError> {
    serde_json::from_str(text).map_err(|source| StoreError::CorruptGame { game: id, source })
}

/// Parses a stored event payload, naming the event when it is not JSON.
fn parse_payload(id: LearnerId, seq: i64, text: &str) -> Result<serde_json::Value, StoreError> {
    serde_json::from_str(text).map_err(|source| StoreError::CorruptEvent {
        learner: id,
        seq,
        source,
    })
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
