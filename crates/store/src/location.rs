//! Where the learner data lives: an SQLite file or a PostgreSQL URL.

use std::fmt;
use std::path::{Path, PathBuf};

use super::StoreError;

/// The name of the SQLite file inside the data directory (`--data-dir`, `CHESS_TUTOR_DATA`).
pub const SQLITE_FILE_NAME: &str = "chess-tutor.sqlite3";

/// Where a [`Store`](super::Store) keeps its data.
#[derive(Clone, PartialEq, Eq)]
pub enum Location {
    /// An SQLite database file (created with its directory if missing).
    Sqlite(PathBuf),
    /// A PostgreSQL connection URL (`postgres://…` or `postgresql://…`).
    Postgres(String),
}

impl Location {
    /// The location the command line configures: PostgreSQL or SQLite when `database_url`
    /// (`DATABASE_URL`) is set and not empty, otherwise the file [`SQLITE_FILE_NAME`] in
    /// `data_dir`.
    ///
    /// # Errors
    ///
    /// [`StoreError::UnsupportedLocation`] when `database_url` is another kind of URL.
    ///
    /// # Example
    ///
    /// ```
    /// use chess_tutor_store::Location;
    /// use std::path::Path;
    ///
    /// let default = Location::from_config(Path::new("data"), None).unwrap();
    /// assert_eq!(default, Location::Sqlite(Path::new("data/chess-tutor.sqlite3").into()));
    /// let pg = Location::from_config(Path::new("data"), Some("postgres://db/tutor")).unwrap();
    /// assert_eq!(pg, Location::Postgres("postgres://db/tutor".into()));
    /// ```
    pub fn from_config(
        data_dir: &Path,
        database_url: Option<&str>,
    ) -> Result<Location, StoreError> {
        match database_url.map(str::trim) {
            Some(url) if !url.is_empty() => Location::parse(url),
            _ => Ok(Location::Sqlite(data_dir.join(SQLITE_FILE_NAME))),
        }
    }

    /// Reads a location: `postgres://…` and `postgresql://…` are PostgreSQL; `sqlite://PATH`
    /// and `sqlite:PATH` (any `?query` is ignored) and anything without a `scheme://` are the
    /// path of an SQLite file.
    ///
    /// # Errors
    ///
    /// [`StoreError::UnsupportedLocation`] for an empty string, another URL scheme, or an
    /// in-memory SQLite database (which would not outlive the process).
    pub fn parse(target: &str) -> Result<Location, StoreError> {
        let unsupported = || StoreError::UnsupportedLocation(redact(target));
        let trimmed = target.trim();
        if trimmed.is_empty() {
            return Err(unsupported());
        }
        let lower = trimmed.to_ascii_lowercase();
        if lower.starts_with("postgres://") || lower.starts_with("postgresql://") {
            return Ok(Location::Postgres(trimmed.to_owned()));
        }
        if lower.starts_with("sqlite:") {
            let rest = &trimmed["sqlite:".len()..];
            let rest = rest.strip_prefix("//").unwrap_or(rest);
            let path = rest.split('?').next().unwrap_or_default();
            if path.is_empty() || path == ":memory:" || lower.contains("mode=memory") {
                return Err(unsupported());
            }
            return Ok(Location::Sqlite(PathBuf::from(path)));
        }
        if trimmed.contains("://") {
            return Err(unsupported());
        }
        Ok(Location::Sqlite(PathBuf::from(target)))
    }
}

impl fmt::Display for Location {
    /// The location for logs: the SQLite path, or the PostgreSQL URL without its password.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Location::Sqlite(path) => write!(f, "SQLite file {}", path.display()),
            Location::Postgres(url) => write!(f, "PostgreSQL {}", redact(url)),
        }
    }
}

impl fmt::Debug for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Location::Sqlite(path) => f.debug_tuple("Sqlite").field(path).finish(),
            Location::Postgres(url) => f.debug_tuple("Postgres").field(&redact(url)).finish(),
        }
    }
}

/// A URL with the password of its `user:password@` part replaced by `***`.
pub(super) fn redact(url: &str) -> String {
    let Some(scheme_end) = url.find("://") else {
        return url.to_owned();
    };
    let authority_start = scheme_end + 3;
    let authority_end = url[authority_start..]
        .find(['/', '?', '#'])
        .map_or(url.len(), |i| authority_start + i);
    let authority = &url[authority_start..authority_end];
    let Some(at) = authority.rfind('@') else {
        return url.to_owned();
    };
    let userinfo = &authority[..at];
    let Some(colon) = userinfo.find(':') else {
        return url.to_owned();
    };
    format!(
        "{}{}:***{}",
        &url[..authority_start],
        &userinfo[..colon],
        &url[authority_start + at..]
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn postgres_urls_select_postgres() {
        for url in [
            "postgres://postgres@127.0.0.1:5432/test",
            "postgresql://u:p@db/tutor?sslmode=disable",
            "  POSTGRES://db/x ",
        ] {
            assert!(
                matches!(Location::parse(url), Ok(Location::Postgres(_))),
                "{url}"
            );
        }
    }

    #[test]
    fn paths_and_sqlite_urls_select_sqlite() {
        let cases = [
            ("data/chess-tutor.sqlite3", "data/chess-tutor.sqlite3"),
            ("/var/lib/tutor/db", "/var/lib/tutor/db"),
            ("sqlite://data/x.db", "data/x.db"),
            ("sqlite:x.db?mode=rwc", "x.db"),
            ("sqlite:///abs/x.db", "/abs/x.db"),
        ];
        for (given, path) in cases {
            assert_eq!(
                Location::parse(given).unwrap(),
                Location::Sqlite(PathBuf::from(path)),
                "{given}"
            );
        }
    }

    #[test]
    fn other_databases_and_memory_are_refused() {
        for bad in [
            "",
            "   ",
            "mysql://root@localhost/db",
            "sqlite::memory:",
            "sqlite:",
            "sqlite://file:x?mode=memory",
        ] {
            assert!(
                matches!(
                    Location::parse(bad),
                    Err(StoreError::UnsupportedLocation(_))
                ),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn config_prefers_a_database_url() {
        let dir = Path::new("/tmp/tutor-data");
        assert_eq!(
            Location::from_config(dir, None).unwrap(),
            Location::Sqlite(dir.join(SQLITE_FILE_NAME))
        );
        assert_eq!(
            Location::from_config(dir, Some("")).unwrap(),
            Location::Sqlite(dir.join(SQLITE_FILE_NAME))
        );
        assert_eq!(
            Location::from_config(dir, Some("postgres://db/x")).unwrap(),
            Location::Postgres("postgres://db/x".into())
        );
        assert!(Location::from_config(dir, Some("redis://x")).is_err());
    }

    #[test]
    fn passwords_never_reach_logs() {
        let url = "postgres://tutor:s3cret@db.example:5432/tutor?sslmode=require";
        let shown = Location::parse(url).unwrap().to_string();
        assert!(!shown.contains("s3cret"), "{shown}");
        assert_eq!(
            shown,
            "PostgreSQL postgres://tutor:***@db.example:5432/tutor?sslmode=require"
        );
        let debug = format!("{:?}", Location::parse(url).unwrap());
        assert!(!debug.contains("s3cret"), "{debug}");
        let error = Location::parse("mysql://root:hunter2@x/db")
            .unwrap_err()
            .to_string();
        assert!(!error.contains("hunter2"), "{error}");
        assert_eq!(redact("postgres://u@h/db"), "postgres://u@h/db");
        assert_eq!(redact("postgres://h/db?x=a@b"), "postgres://h/db?x=a@b");
    }
}
