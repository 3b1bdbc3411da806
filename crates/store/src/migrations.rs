//! The schema migrations of `migrations/sqlite/` and `migrations/postgres/`, compiled in.
//!
//! They are listed by hand rather than with `sqlx::migrate!` to keep sqlx's proc-macro crates
//! (and a second build of SQLite for them) out of the build. Versions, descriptions and
//! checksums are exactly what `sqlx::migrate!` and the `sqlx` command would use, so either
//! can take over; a unit test checks that every file in the folders is listed here.

use std::borrow::Cow;

use sqlx::SqlSafeStr;
use sqlx::migrate::{Migration, MigrationType, Migrator};

/// One migration file: version, description (the file name after `NNNN_`), SQL.
type Script = (i64, &'static str, &'static str);

const SQLITE: &[Script] = &[
    (
        1,
        "learners",
        include_str!("../migrations/sqlite/0001_learners.sql"),
    ),
    (
        2,
        "outbox",
        include_str!("../migrations/sqlite/0002_outbox.sql"),
    ),
    (
        3,
        "inbox",
        include_str!("../migrations/sqlite/0003_inbox.sql"),
    ),
    (
        4,
        "unsent index",
        include_str!("../migrations/sqlite/0004_unsent_index.sql"),
    ),
    (
        5,
        "games",
        include_str!("../migrations/sqlite/0005_games.sql"),
    ),
    (
        6,
        "classes",
        include_str!("../migrations/sqlite/0006_classes.sql"),
    ),
    (
        7,
        "class daily",
        include_str!("../migrations/sqlite/0007_class_daily.sql"),
    ),
    (
        8,
        "class topic",
        include_str!("../migrations/sqlite/0008_class_topic.sql"),
    ),
    (
        9,
        "inbox json",
        include_str!("../migrations/sqlite/0009_inbox_json.sql"),
    ),
];

const POSTGRES: &[Script] = &[
    (
        1,
        "learners",
        include_str!("../migrations/postgres/0001_learners.sql"),
    ),
    (
        2,
        "outbox",
        include_str!("../migrations/postgres/0002_outbox.sql"),
    ),
    (
        3,
        "inbox",
        include_str!("../migrations/postgres/0003_inbox.sql"),
    ),
    (
        4,
        "unsent index",
        include_str!("../migrations/postgres/0004_unsent_index.sql"),
    ),
    (
        5,
        "games",
        include_str!("../migrations/postgres/0005_games.sql"),
    ),
    (
        6,
        "classes",
        include_str!("../migrations/postgres/0006_classes.sql"),
    ),
    (
        7,
        "class daily",
        include_str!("../migrations/postgres/0007_class_daily.sql"),
    ),
    (
        8,
        "class topic",
        include_str!("../migrations/postgres/0008_class_topic.sql"),
    ),
    (
        9,
        "inbox json",
        include_str!("../migrations/postgres/0009_inbox_json.sql"),
    ),
];

fn migrator(scripts: &[Script]) -> Migrator {
    Migrator::with_migrations(
        scripts
            .iter()
            .map(|&(version, description, sql)| {
                Migration::new(
                    version,
                    Cow::Borrowed(description),
                    MigrationType::Simple,
                    sql.into_sql_str(),
                    false,
                )
            })
            .collect(),
    )
}

/// The SQLite migrations.
pub(super) fn sqlite() -> Migrator {
    migrator(SQLITE)
}

/// The PostgreSQL migrations.
pub(super) fn postgres() -> Migrator {
    migrator(POSTGRES)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    /// Every `NNNN_description.sql` in `folder`, as (version, description, contents).
    fn files(folder: &str) -> Vec<(i64, String, String)> {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("migrations")
            .join(folder);
        let mut found: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .filter(|path| path.extension().is_some_and(|e| e == "sql"))
            .map(|path| {
                let stem = path.file_stem().unwrap().to_str().unwrap().to_owned();
                let (version, description) = stem.split_once('_').unwrap();
                (
                    version.parse().unwrap(),
                    description.replace('_', " "),
                    std::fs::read_to_string(&path).unwrap(),
                )
            })
            .collect();
        found.sort();
        found
    }

    fn listed(scripts: &[Script]) -> Vec<(i64, String, String)> {
        scripts
            .iter()
            .map(|&(v, d, s)| (v, d.to_owned(), s.to_owned()))
            .collect()
    }

    #[test]
    fn every_migration_file_is_compiled_in() {
        assert_eq!(files("sqlite"), listed(SQLITE));
        assert_eq!(files("postgres"), listed(POSTGRES));
    }

    #[test]
    fn both_backends_have_the_same_versions() {
        let versions = |m: Migrator| m.iter().map(|m| m.version).collect::<Vec<_>>();
        assert_eq!(versions(sqlite()), versions(postgres()));
        assert!(!versions(sqlite()).is_empty());
    }
}
