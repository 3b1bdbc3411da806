//! Backing an SQLite store up while the bot runs, and restoring it.
//!
//! A backup is `VACUUM INTO` a new file: one read transaction, so the copy is the store as it
//! was at one instant (WAL readers never wait for the writer, nor the writer for them), and
//! every reply the bot sent before that instant has its rows in it (a step's replies are
//! committed with the step, and sent only after). The copy is written beside the target
//! under a temporary name, synced, and renamed into place; then it is read back and checked.
//!
//! A restore checks the file first (SQLite's `quick_check`, and a migration history this
//! program knows: the same versions with the same checksums, none newer), refuses a store that
//! holds anything unless forced, and never deletes the store it replaces: that file (with its
//! `-wal` and `-shm`) is renamed aside and named in the report, readable or not.
//!
//! PostgreSQL stores are backed up with `pg_dump` and restored with `pg_restore` (README).

use std::path::{Path, PathBuf};
use std::time::Duration;

use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode};
use sqlx::{ConnectOptions, Connection, Row, SqliteConnection};

use crate::migrations;

/// What a backup or restore could not do.
#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    /// There is no store to back up.
    #[error("there is no learner store at {0}")]
    NoStore(PathBuf),
    /// The backup's file is already there (a backup never overwrites a file).
    #[error("{0} already exists: a backup never overwrites a file")]
    TargetExists(PathBuf),
    /// The file to restore is not there.
    #[error("cannot read {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// Why not.
        source: std::io::Error,
    },
    /// The file does not read as a chess-tutor store.
    #[error("{path} is not a chess-tutor store: {reason}")]
    NotAStore {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        reason: String,
    },
    /// The file was made by a newer chess-tutor, whose schema this one does not know.
    #[error(
        "{path} has schema version {version}, newer than this chess-tutor's {known}: restore it with the chess-tutor that made it"
    )]
    Newer {
        /// The file.
        path: PathBuf,
        /// Its schema version.
        version: i64,
        /// The newest this program knows.
        known: i64,
    },
    /// The store to restore into holds data, and the restore was not forced.
    #[error(
        "the store at {path} is not empty ({rows} rows, {learners} learners): give --force to restore over it (it is kept beside, renamed)"
    )]
    NotEmpty {
        /// The store.
        path: PathBuf,
        /// Rows in all its tables.
        rows: u64,
        /// Learners among them.
        learners: u64,
    },
    /// The store to restore into cannot be read, and the restore was not forced.
    #[error(
        "the store at {path} cannot be read ({reason}): give --force to restore over it (it is kept beside, renamed, as it is)"
    )]
    Unreadable {
        /// The store.
        path: PathBuf,
        /// What reading it said.
        reason: String,
    },
    /// A database operation failed.
    #[error("{path}: {source}")]
    Database {
        /// The file.
        path: PathBuf,
        /// The driver's error.
        source: sqlx::Error,
    },
}

/// What a store file holds, as read by [`inspect`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoreFile {
    /// Its schema version (the last migration applied).
    pub schema_version: i64,
    /// Its learners.
    pub learners: u64,
    /// Rows in all its tables but the migration history.
    pub rows: u64,
    /// Its size in bytes.
    pub bytes: u64,
}

/// What [`restore`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Restored {
    /// The backup as it was read.
    pub from: StoreFile,
    /// Where the store it replaced was kept (renamed), if there was one.
    pub kept: Option<PathBuf>,
}

fn db_error(path: &Path) -> impl FnOnce(sqlx::Error) -> BackupError + '_ {
    move |source| BackupError::Database {
        path: path.to_owned(),
        source,
    }
}

fn io_error(path: &Path) -> impl FnOnce(std::io::Error) -> BackupError + '_ {
    move |source| BackupError::Io {
        path: path.to_owned(),
        source,
    }
}

/// A connection to an existing file (never created), waiting for locks as the store does.
async fn connect(path: &Path) -> Result<SqliteConnection, sqlx::Error> {
    SqliteConnectOptions::new()
        .filename(path)
        .create_if_missing(false)
        .busy_timeout(Duration::from_secs(5))
        .connect()
        .await
}

/// `name` with `suffix` added (`chess-tutor.sqlite3` → `chess-tutor.sqlite3-wal`).
fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// Syncs the directory holding `path`, so that a rename into it survives a crash.
fn sync_dir(path: &Path) {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        // Not every file system can sync a directory; the data itself is synced already.
        let _ = std::fs::File::open(dir).and_then(|d| d.sync_all());
    }
}

/// Backs the SQLite store at `db` up into the new file `to`, consistently, while the bot may
/// be writing to it; returns what the backup holds, read back from it.
///
/// # Errors
///
/// No store at `db`, `to` already there, or the copy failing (the partial file is removed).
pub async fn backup(db: &Path, to: &Path) -> Result<StoreFile, BackupError> {
    if !db.exists() {
        return Err(BackupError::NoStore(db.to_owned()));
    }
    if to.exists() {
        return Err(BackupError::TargetExists(to.to_owned()));
    }
    let partial = with_suffix(to, ".partial");
    let _ = std::fs::remove_file(&partial);
    let mut source = connect(db).await.map_err(db_error(db))?;
    let copied = sqlx::query("VACUUM INTO ?")
        .bind(partial.to_string_lossy().into_owned())
        .execute(&mut source)
        .await;
    let _ = source.close().await;
    if let Err(e) = copied {
        let _ = std::fs::remove_file(&partial);
        return Err(db_error(db)(e));
    }
    let placed = std::fs::File::open(&partial)
        .and_then(|f| f.sync_all())
        .and_then(|()| std::fs::rename(&partial, to));
    if let Err(e) = placed {
        let _ = std::fs::remove_file(&partial);
        return Err(io_error(to)(e));
    }
    sync_dir(to);
    inspect(to).await
}

/// Reads the store file at `path`: checks it (`quick_check`, a known migration history) and
/// counts what it holds.
///
/// # Errors
///
/// Not an SQLite file, damaged, not a chess-tutor store, or made by a newer chess-tutor.
pub async fn inspect(path: &Path) -> Result<StoreFile, BackupError> {
    let bytes = std::fs::metadata(path).map_err(io_error(path))?.len();
    let not_a_store = |reason: String| BackupError::NotAStore {
        path: path.to_owned(),
        reason,
    };
    let mut conn = connect(path)
        .await
        .map_err(|e| not_a_store(e.to_string()))?;
    let read = read_store(&mut conn, path).await;
    let _ = conn.close().await;
    let (schema_version, learners, rows) = read?;
    Ok(StoreFile {
        schema_version,
        learners,
        rows,
        bytes,
    })
}

/// The checks and counts of [`inspect`] on an open connection.
async fn read_store(
    conn: &mut SqliteConnection,
    path: &Path,
) -> Result<(i64, u64, u64), BackupError> {
    let not_a_store = |reason: String| BackupError::NotAStore {
        path: path.to_owned(),
        reason,
    };
    let checked: Vec<String> = sqlx::query_scalar("PRAGMA quick_check")
        .fetch_all(&mut *conn)
        .await
        .map_err(|e| not_a_store(e.to_string()))?;
    if checked != ["ok"] {
        let problems: Vec<&str> = checked.iter().take(5).map(String::as_str).collect();
        return Err(not_a_store(format!(
            "SQLite finds it damaged: {}",
            problems.join("; ")
        )));
    }
    let applied: Vec<(i64, Vec<u8>, bool)> =
        sqlx::query_as("SELECT version, checksum, success FROM _sqlx_migrations ORDER BY version")
            .fetch_all(&mut *conn)
            .await
            .map_err(|_| not_a_store("it has no migration history".into()))?;
    let known = migrations::sqlite();
    let newest = known.iter().map(|m| m.version).max().unwrap_or(0);
    let mut version = 0;
    for (at, (v, checksum, success)) in applied.iter().enumerate() {
        if *v > newest {
            return Err(BackupError::Newer {
                path: path.to_owned(),
                version: applied.last().map_or(*v, |a| a.0),
                known: newest,
            });
        }
        let Some(migration) = known.iter().find(|m| m.version == *v) else {
            return Err(not_a_store(format!("unknown migration {v}")));
        };
        if i64::try_from(at + 1) != Ok(*v) {
            return Err(not_a_store(format!("migration {v} out of order")));
        }
        if !success || migration.checksum.as_ref() != checksum.as_slice() {
            return Err(not_a_store(format!(
                "migration {v} is not this chess-tutor's"
            )));
        }
        version = *v;
    }
    if version == 0 {
        return Err(not_a_store("no migration was applied".into()));
    }
    let learners: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM learners")
        .fetch_one(&mut *conn)
        .await
        .map_err(|e| not_a_store(e.to_string()))?;
    let rows = count_rows(conn)
        .await
        .map_err(|e| not_a_store(e.to_string()))?;
    Ok((version, u64::try_from(learners).unwrap_or(0), rows))
}

/// Rows in every table but SQLite's own and the migration history.
async fn count_rows(conn: &mut SqliteConnection) -> Result<u64, sqlx::Error> {
    let tables: Vec<String> = sqlx::query_scalar(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name <> '_sqlx_migrations'",
    )
    .fetch_all(&mut *conn)
    .await?;
    let mut rows = 0;
    for table in tables {
        // The name comes from sqlite_master; quoted as an identifier.
        let sql = format!("SELECT COUNT(*) FROM \"{}\"", table.replace('"', "\"\""));
        let n: i64 = sqlx::query(sqlx::AssertSqlSafe(sql))
            .fetch_one(&mut *conn)
            .await?
            .try_get(0)?;
        rows += u64::try_from(n).unwrap_or(0);
    }
    Ok(rows)
}

/// Restores the backup `from` as the SQLite store at `db` (the bot stopped). A store already
/// at `db` is refused when it holds any row or cannot be read, unless `force`; whatever was
/// there is renamed aside (`db.before-restore-MS`, with its `-wal` and `-shm`), never deleted.
/// The restored file is migrated to this program's schema when it is next opened.
///
/// # Errors
///
/// `from` unreadable, not a store, or newer; `db` not empty or unreadable without `force`;
/// a file that cannot be copied or renamed (then `db` is as it was).
pub async fn restore(from: &Path, db: &Path, force: bool) -> Result<Restored, BackupError> {
    if let Some(dir) = db.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(io_error(dir))?;
    }
    // A copy beside the store, checked there: the original backup is never opened for
    // writing, and the rename into place is atomic.
    let incoming = with_suffix(db, ".restoring");
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(with_suffix(&incoming, suffix));
    }
    let placed = async {
        std::fs::copy(from, &incoming).map_err(io_error(from))?;
        std::fs::File::open(&incoming)
            .and_then(|f| f.sync_all())
            .map_err(io_error(&incoming))?;
        let read = inspect(&incoming).await.map_err(|e| match e {
            // Name the file the operator gave, not the copy.
            BackupError::NotAStore { reason, .. } => BackupError::NotAStore {
                path: from.to_owned(),
                reason,
            },
            BackupError::Newer { version, known, .. } => BackupError::Newer {
                path: from.to_owned(),
                version,
                known,
            },
            other => other,
        })?;
        let kept = set_aside(db, force).await?;
        std::fs::rename(&incoming, db).map_err(io_error(db))?;
        sync_dir(db);
        Ok(Restored { from: read, kept })
    }
    .await;
    if placed.is_err() {
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(with_suffix(&incoming, suffix));
        }
    }
    placed
}

/// Renames the store at `db` aside (with its `-wal` and `-shm`) when there is one, after
/// checking that it is empty and readable or that `force` is given; returns its new name.
async fn set_aside(db: &Path, force: bool) -> Result<Option<PathBuf>, BackupError> {
    if !db.exists() {
        return Ok(None);
    }
    // Read as the store reads it (its WAL included).
    let read = async {
        let mut conn = SqliteConnectOptions::new()
            .filename(db)
            .create_if_missing(false)
            .journal_mode(SqliteJournalMode::Wal)
            .busy_timeout(Duration::from_secs(5))
            .connect()
            .await?;
        let counted = async {
            let learners: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM learners")
                .fetch_one(&mut conn)
                .await?;
            Ok::<_, sqlx::Error>((learners, count_rows(&mut conn).await?))
        }
        .await;
        let _ = conn.close().await;
        counted
    }
    .await;
    match read {
        Ok((_, 0)) => {}
        Ok((learners, rows)) if !force => {
            return Err(BackupError::NotEmpty {
                path: db.to_owned(),
                rows,
                learners: u64::try_from(learners).unwrap_or(0),
            });
        }
        Err(e) if !force => {
            return Err(BackupError::Unreadable {
                path: db.to_owned(),
                reason: e.to_string(),
            });
        }
        _ => {}
    }
    let kept = with_suffix(db, &format!(".before-restore-{}", crate::now_ms()));
    for suffix in ["-wal", "-shm", ""] {
        let from = with_suffix(db, suffix);
        if from.exists() {
            std::fs::rename(&from, with_suffix(&kept, suffix)).map_err(io_error(&from))?;
        }
    }
    Ok(Some(kept))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Applied, Change, Event, LearnerId, Store};
    use serde_json::json;

    async fn store_with(path: &Path, learners: std::ops::RangeInclusive<i64>) -> Store {
        let store = Store::open(path.to_str().unwrap()).await.unwrap();
        for id in learners {
            let step = |_: Option<&crate::LearnerRecord>| Change {
                state: json!({ "seen": id }),
                events: vec![Event::new("message", json!({ "n": id }))],
                output: (),
                unsent: Some(json!(["hello"])),
            };
            let applied = store.apply(LearnerId(id), Some(id), step).await.unwrap();
            assert!(matches!(applied, Applied::Done(())));
        }
        store
    }

    /// Inputs keep being applied while the backup is taken: it holds every input applied
    /// before it began, and each learner whole (state, event and outbox row together).
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_backup_taken_while_inputs_are_applied_is_consistent() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("tutor.sqlite3");
        let store = store_with(&db, 1..=50).await;
        let writing = tokio::spawn({
            let store = store.clone();
            async move {
                for id in 51..=400 {
                    let step = |_: Option<&crate::LearnerRecord>| Change {
                        state: json!({ "seen": id }),
                        events: vec![Event::new("message", json!({ "n": id }))],
                        output: (),
                        unsent: Some(json!(["hello"])),
                    };
                    store.apply(LearnerId(id), Some(id), step).await.unwrap();
                }
            }
        });
        tokio::time::sleep(Duration::from_millis(20)).await;
        let before = store.learner_count().await.unwrap();
        let to = dir.path().join("backup.sqlite3");
        let file = backup(&db, &to).await.unwrap();
        writing.await.unwrap();
        assert!(file.learners >= before, "{file:?} < {before}");
        assert_eq!(
            file.schema_version,
            migrations::sqlite().iter().count() as i64
        );
        // Each learner in the backup has its applied update and its outbox row.
        let mut conn = connect(&to).await.unwrap();
        let orphans: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM learners l WHERE NOT EXISTS (SELECT 1 FROM applied_updates a WHERE a.learner_id = l.id)",
        )
        .fetch_one(&mut conn)
        .await
        .unwrap();
        assert_eq!(orphans, 0);
        // A backup never overwrites a file.
        assert!(matches!(
            backup(&db, &to).await,
            Err(BackupError::TargetExists(_))
        ));
    }

    #[tokio::test]
    async fn a_restore_refuses_a_store_with_data_and_keeps_the_one_it_replaces() {
        let dir = tempfile::tempdir().unwrap();
        let old = dir.path().join("old.sqlite3");
        store_with(&old, 1..=3).await.close().await;
        let to = dir.path().join("backup.sqlite3");
        assert_eq!(backup(&old, &to).await.unwrap().learners, 3);
        let db = dir.path().join("data").join("chess-tutor.sqlite3");
        // Into nothing: restored.
        let restored = restore(&to, &db, false).await.unwrap();
        assert_eq!((restored.from.learners, restored.kept), (3, None));
        // Over a store with data: refused, unless forced; then the old one is kept aside.
        let other = store_with(&db, 4..=5).await;
        other.close().await;
        let refused = restore(&to, &db, false).await.unwrap_err();
        assert!(
            matches!(refused, BackupError::NotEmpty { learners: 5, .. }),
            "{refused}"
        );
        let restored = restore(&to, &db, true).await.unwrap();
        let kept = restored.kept.unwrap();
        assert_eq!(inspect(&kept).await.unwrap().learners, 5);
        assert_eq!(inspect(&db).await.unwrap().learners, 3);
        // The restored store opens and goes on.
        let store = Store::open(db.to_str().unwrap()).await.unwrap();
        assert_eq!(store.learner_count().await.unwrap(), 3);
    }

    #[tokio::test]
    async fn what_is_not_a_store_is_refused_and_an_unreadable_store_is_kept() {
        let dir = tempfile::tempdir().unwrap();
        let junk = dir.path().join("junk");
        std::fs::write(&junk, b"not a database at all, not even close").unwrap();
        let db = dir.path().join("chess-tutor.sqlite3");
        let refused = restore(&junk, &db, true).await.unwrap_err();
        assert!(
            matches!(refused, BackupError::NotAStore { .. }),
            "{refused}"
        );
        assert!(!db.exists());
        // An SQLite file of something else.
        let foreign = dir.path().join("foreign.sqlite3");
        let mut conn = SqliteConnectOptions::new()
            .filename(&foreign)
            .create_if_missing(true)
            .connect()
            .await
            .unwrap();
        sqlx::query("CREATE TABLE t (x)")
            .execute(&mut conn)
            .await
            .unwrap();
        conn.close().await.unwrap();
        assert!(matches!(
            restore(&foreign, &db, true).await,
            Err(BackupError::NotAStore { .. })
        ));
        // A store from a newer chess-tutor.
        let good = dir.path().join("good.sqlite3");
        store_with(&good, 1..=1).await.close().await;
        let newer = dir.path().join("newer.sqlite3");
        backup(&good, &newer).await.unwrap();
        let mut conn = connect(&newer).await.unwrap();
        sqlx::query("INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) VALUES (999, 'future', 1, x'00', 0)")
            .execute(&mut conn)
            .await
            .unwrap();
        conn.close().await.unwrap();
        assert!(matches!(
            restore(&newer, &db, true).await,
            Err(BackupError::Newer { version: 999, .. })
        ));
        // A damaged store where the restore would go: refused, then kept as it is.
        std::fs::write(&db, b"damaged bytes where the store was").unwrap();
        let to = dir.path().join("backup.sqlite3");
        backup(&good, &to).await.unwrap();
        let refused = restore(&to, &db, false).await.unwrap_err();
        assert!(
            matches!(refused, BackupError::Unreadable { .. }),
            "{refused}"
        );
        let kept = restore(&to, &db, true).await.unwrap().kept.unwrap();
        assert_eq!(
            std::fs::read(&kept).unwrap(),
            b"damaged bytes where the store was"
        );
        assert_eq!(inspect(&db).await.unwrap().learners, 1);
    }

    /// Backup and restore time and size for 10,000 learners, each with a 2 KB state, 100
    /// events and 100 applied updates (about a year of weekly use):
    /// `cargo test --release -p chess-tutor-store --lib backup_of_10000 -- --ignored --nocapture`
    #[tokio::test]
    #[ignore = "a measurement, run by hand"]
    async fn backup_of_10000_learners() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("chess-tutor.sqlite3");
        let store = Store::open(db.to_str().unwrap()).await.unwrap();
        store.close().await;
        let mut conn = connect(&db).await.unwrap();
        let filled = std::time::Instant::now();
        for sql in [
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10000) INSERT INTO learners (id, state, version) SELECT i, json_object('lang', 'en', 'pad', replace(hex(zeroblob(1000)), '00', 'ab')), 100 FROM n",
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100) INSERT INTO learner_events (learner_id, version, kind, payload) SELECT l.id, n.i, 'move', json_object('fen', 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1', 'ok', 1) FROM learners l, n",
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100) INSERT INTO applied_updates (learner_id, update_key, version) SELECT l.id, l.id * 1000 + n.i, n.i FROM learners l, n",
        ] {
            sqlx::query(sql).execute(&mut conn).await.unwrap();
        }
        conn.close().await.unwrap();
        eprintln!("filled in {:?}", filled.elapsed());
        let to = dir.path().join("backup.sqlite3");
        let started = std::time::Instant::now();
        let file = backup(&db, &to).await.unwrap();
        let took = started.elapsed();
        let live = std::fs::metadata(&db).unwrap().len()
            + std::fs::metadata(with_suffix(&db, "-wal")).map_or(0, |m| m.len());
        eprintln!(
            "backup of {} learners ({} rows): {took:?}, {} bytes (the live store: {live} bytes)",
            file.learners, file.rows, file.bytes
        );
        let into = dir.path().join("restored").join("chess-tutor.sqlite3");
        let started = std::time::Instant::now();
        restore(&to, &into, false).await.unwrap();
        eprintln!("restore: {:?}", started.elapsed());
    }
}
