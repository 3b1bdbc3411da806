//! The store's one error type.

use crate::model::{GameId, LearnerId};

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
    /// Other inputs kept committing first, through every attempt.
    #[error("other inputs to the same learner or game kept committing first ({attempts} attempts)")]
    Conflicts {
        /// How many attempts were made.
        attempts: u32,
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

/// Parses stored state text, naming the learner when it is not JSON.
pub(crate) fn parse_state(id: LearnerId, text: &str) -> Result<serde_json::Value, StoreError> {
    serde_json::from_str(text).map_err(|source| StoreError::CorruptState {
        learner: id,
        source,
    })
}

/// Parses a stored game state, naming the game when it is not JSON.
pub(crate) fn parse_game(id: GameId, text: &str) -> Result<serde_json::Value, StoreError> {
    serde_json::from_str(text).map_err(|source| StoreError::CorruptGame { game: id, source })
}

/// Parses a stored event payload, naming the event when it is not JSON.
pub(crate) fn parse_payload(
    id: LearnerId,
    seq: i64,
    text: &str,
) -> Result<serde_json::Value, StoreError> {
    serde_json::from_str(text).map_err(|source| StoreError::CorruptEvent {
        learner: id,
        seq,
        source,
    })
}
