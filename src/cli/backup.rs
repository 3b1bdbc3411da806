//! `backup` and `restore`: the SQLite learner store, copied while the bot runs and put back
//! with checks (docs/cli.md). A PostgreSQL store is backed up with `pg_dump` (README).

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use chess_tutor_store::Location;
use chess_tutor_store::backup::{self, BackupError, StoreFile};

use super::{Failure, Outcome};

#[derive(Debug, clap::Args)]
pub struct BackupArgs {
    /// The new file to write the backup to (never overwritten).
    #[arg(long, value_name = "FILE")]
    pub to: PathBuf,
}

#[derive(Debug, clap::Args)]
pub struct RestoreArgs {
    /// A backup made by `chess-tutor backup`.
    pub file: PathBuf,
    /// Restore over a store that holds data or cannot be read (it is kept beside, renamed).
    #[arg(long)]
    pub force: bool,
}

/// What to say when the store is PostgreSQL.
const POSTGRES: &str = "the learner store is PostgreSQL (DATABASE_URL): back it up with `pg_dump --format=custom --file FILE \"$DATABASE_URL\"` and restore it with `pg_restore --clean --if-exists --no-owner --dbname \"$DATABASE_URL\" FILE` (README, \"Backups\")";

/// The SQLite file the configuration names, or the failure for PostgreSQL.
fn sqlite_file(command: &'static str, data_dir: &Path) -> Result<PathBuf, Failure> {
    let url = std::env::var("DATABASE_URL").ok();
    match Location::from_config(data_dir, url.as_deref()) {
        Ok(Location::Sqlite(path)) => Ok(path),
        Ok(Location::Postgres(_)) => Err(Failure::usage(command, POSTGRES)),
        Err(e) => Err(Failure::usage(command, e.to_string())),
    }
}

fn runtime(command: &'static str) -> Result<tokio::runtime::Runtime, Failure> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| Failure::failed(command, format!("cannot start the runtime: {e}")))
}

/// A store file as JSON fields.
fn fields(file: &StoreFile) -> serde_json::Value {
    serde_json::json!({
        "schema_version": file.schema_version,
        "learners": file.learners,
        "rows": file.rows,
        "bytes": file.bytes,
    })
}

/// Input the command cannot take (2), or a failure while working (1).
fn failure(command: &'static str, e: &BackupError) -> Failure {
    match e {
        BackupError::NoStore(_)
        | BackupError::TargetExists(_)
        | BackupError::NotAStore { .. }
        | BackupError::Newer { .. }
        | BackupError::NotEmpty { .. }
        | BackupError::Unreadable { .. } => Failure::usage(command, e.to_string()),
        BackupError::Io { .. } | BackupError::Database { .. } => {
            Failure::failed(command, e.to_string())
        }
    }
}

pub fn run_backup(args: &BackupArgs, data_dir: &Path) -> Outcome {
    let db = sqlite_file("backup", data_dir)?;
    let started = Instant::now();
    let file = runtime("backup")?
        .block_on(backup::backup(&db, &args.to))
        .map_err(|e| failure("backup", &e))?;
    let mut out = fields(&file);
    out["to"] = args.to.display().to_string().into();
    out["millis"] = u64::try_from(started.elapsed().as_millis())
        .unwrap_or(u64::MAX)
        .into();
    println!("{out}");
    Ok(ExitCode::SUCCESS)
}

pub fn run_restore(args: &RestoreArgs, data_dir: &Path) -> Outcome {
    let db = sqlite_file("restore", data_dir)?;
    let restored = runtime("restore")?
        .block_on(backup::restore(&args.file, &db, args.force))
        .map_err(|e| failure("restore", &e))?;
    let mut out = fields(&restored.from);
    out["restored"] = db.display().to_string().into();
    out["kept"] = restored
        .kept
        .as_ref()
        .map(|k| k.display().to_string())
        .into();
    if let Some(kept) = &restored.kept {
        eprintln!(
            "chess-tutor restore: the store that was there is kept as {}",
            kept.display()
        );
    }
    println!("{out}");
    Ok(ExitCode::SUCCESS)
}
