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
    (
        10,
        "class tallies",
        include_str!("../migrations/sqlite/0010_class_tallies.sql"),
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
    (
        10,
        "class tallies",
        include_str!("../migrations/postgres/0010_class_tallies.sql"),
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

    /// Issue 45: a store of schema 9 with a class and a year's kind of events reads, after
    /// the migration to schema 10, the tallies a count of its events gives: each member's
    /// events since they joined, by the report's fields, a puzzle's `solved` as `true`/`false`.
    #[tokio::test]
    async fn the_tallies_of_schema_10_count_the_events_stored_before() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("nine.sqlite3");
        let url = format!("sqlite://{}?mode=rwc", path.display());
        let pool = sqlx::SqlitePool::connect(&url).await.unwrap();
        migrator(&SQLITE[..9]).run(&pool).await.unwrap();
        for sql in NINE {
            sqlx::query(sqlx::AssertSqlSafe(sql))
                .execute(&pool)
                .await
                .unwrap();
        }
        sqlite().run(&pool).await.unwrap();
        let tallies: Vec<(i64, String, String, i64, i64)> =
            sqlx::query_as(TALLIES).fetch_all(&pool).await.unwrap();
        assert_eq!(tallies, counted());
        pool.close().await;
    }

    /// The same on PostgreSQL (in a schema of its own), when the tests have one.
    #[tokio::test]
    async fn the_tallies_of_schema_10_count_the_events_stored_before_on_postgresql() {
        let Ok(base) = std::env::var("CHESS_TUTOR_TEST_DATABASE_URL") else {
            assert!(
                std::env::var_os("CI").is_none(),
                "CI runs the PostgreSQL tests"
            );
            return;
        };
        let admin = sqlx::PgPool::connect(&base).await.unwrap();
        let schema = format!("chess_tutor_nine_{}", std::process::id());
        sqlx::query(sqlx::AssertSqlSafe(format!("CREATE SCHEMA {schema}")))
            .execute(&admin)
            .await
            .unwrap();
        let separator = if base.contains('?') { '&' } else { '?' };
        let pool =
            sqlx::PgPool::connect(&format!("{base}{separator}options[search_path]={schema}"))
                .await
                .unwrap();
        migrator(&POSTGRES[..9]).run(&pool).await.unwrap();
        for sql in NINE {
            sqlx::query(sqlx::AssertSqlSafe(sql))
                .execute(&pool)
                .await
                .unwrap();
        }
        postgres().run(&pool).await.unwrap();
        let tallies: Vec<(i64, String, String, i64, i64)> =
            sqlx::query_as(TALLIES).fetch_all(&pool).await.unwrap();
        pool.close().await;
        sqlx::query(sqlx::AssertSqlSafe(format!("DROP SCHEMA {schema} CASCADE")))
            .execute(&admin)
            .await
            .unwrap();
        assert_eq!(tallies, counted());
    }

    const TALLIES: &str = "SELECT user_id, kind, value, count, last_seq FROM class_tallies
                           ORDER BY user_id, kind, value";

    /// What a store of schema 9 holds: a class, its members, their events.
    const NINE: [&str; 4] = [
            "INSERT INTO classes (id, chat_id, title, lang, created_at) VALUES (7, -7, 'C', 'en', 0)",
            // Ann joined at 1 000 000 ms, Bo at 0 (the epoch).
            "INSERT INTO class_members VALUES (7, 1, 'student', 'Ann', 1000000), (7, 2, 'teacher', 'Bo', 0)",
            "INSERT INTO learners (id, state, version) VALUES (1, '{}', 1), (2, '{}', 1), (3, '{}', 1)",
            // Before Ann joined (1970-01-01T00:00:01Z = 1 000 ms): not counted.
            "INSERT INTO learner_events (learner_id, version, kind, payload, created_at) VALUES
               (1, 1, 'illegal_move', '{\"code\":\"pinned\"}', '1970-01-01T00:00:01.000Z'),
               (1, 2, 'illegal_move', '{\"code\":\"pinned\"}', '2026-01-01T00:00:00.000Z'),
               (1, 3, 'illegal_move', '{\"code\":\"pinned\"}', '2026-01-02T00:00:00.000Z'),
               (1, 4, 'puzzle_result', '{\"puzzle\":\"p\",\"solved\":true}', '2026-01-02T00:00:00.000Z'),
               (1, 5, 'puzzle_result', '{\"puzzle\":\"p\",\"solved\":false}', '2026-01-03T00:00:00.000Z'),
               (1, 6, 'quiz_answer', '{\"item\":\"q\",\"correct\":true}', '2026-01-03T00:00:00.000Z'),
               (2, 1, 'step_done', '{\"step\":\"rook-1\"}', '2026-01-03T00:00:00.000Z'),
               (3, 1, 'step_done', '{\"step\":\"rook-1\"}', '2026-01-03T00:00:00.000Z')",
    ];

    /// The tallies of [`NINE`]'s events: Ann's since she joined, Bo's, nobody else's.
    fn counted() -> Vec<(i64, String, String, i64, i64)> {
        let t = |user: i64, kind: &str, value: &str, count: i64, last: i64| {
            (user, kind.to_owned(), value.to_owned(), count, last)
        };
        vec![
            t(1, "illegal_move", "pinned", 2, 3),
            t(1, "puzzle_result", "false", 1, 5),
            t(1, "puzzle_result", "true", 1, 4),
            t(2, "step_done", "rook-1", 1, 7),
        ]
    }

    #[test]
    fn both_backends_have_the_same_versions() {
        let versions = |m: Migrator| m.iter().map(|m| m.version).collect::<Vec<_>>();
        assert_eq!(versions(sqlite()), versions(postgres()));
        assert!(!versions(sqlite()).is_empty());
    }
}
