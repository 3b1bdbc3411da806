//! Learner store throughput: one input (`Store::apply`: lock, read, write state + event +
//! update key, commit) on SQLite and, when `CHESS_TUTOR_TEST_DATABASE_URL` is set, PostgreSQL.
//!
//! `cargo bench --bench store` (add `CHESS_TUTOR_TEST_DATABASE_URL=postgres://…` for PostgreSQL).
//! `one_learner` is one input at a time, each waiting for the last (the latency a learner sees);
//! `64_learners` is 64 inputs for 64 learners at once (what a busy bot does), reported per input.

use std::hint::black_box;

use chess_tutor_store::{Change, Event, LearnerId, LearnerRecord, Store};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use serde_json::json;

/// A state about the size of a real tutor state: a lesson position, progress, mastery.
fn step(record: Option<&LearnerRecord>) -> Change<i64> {
    let n = record.map_or(0, |r| r.state["n"].as_i64().unwrap_or(0)) + 1;
    Change {
        state: json!({
            "n": n,
            "lang": "zh",
            "mode": { "lesson": { "id": "05-castling", "step": "castle-through-check",
                      "fen": "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "tries": n % 3 } },
            "done": ["01-board/1", "01-board/2", "02-king/1", "02-king/2", "03-rook/1"],
            "mastery": { "castling_through_check": 0.25, "pinned": 1.0, "path_blocked": 0.5 },
            "points": 220,
        }),
        events: vec![Event::new(
            "illegal_attempt",
            json!({ "reason": "castling_through_check" }),
        )],
        output: n,
        unsent: None,
    }
}

fn bench_backend(c: &mut Criterion, name: &str, target: &str, rt: &tokio::runtime::Runtime) {
    let store = rt.block_on(Store::open(target)).expect("opening the store");
    let mut group = c.benchmark_group(format!("store/{name}"));
    group.sample_size(30);

    let mut key = 0_i64;
    group.throughput(Throughput::Elements(1));
    group.bench_function("apply/one_learner", |b| {
        b.iter(|| {
            key += 1;
            rt.block_on(store.apply(LearnerId(1), Some(key), step))
                .unwrap()
        });
    });

    group.bench_function("load", |b| {
        b.iter(|| rt.block_on(store.load(black_box(LearnerId(1)))).unwrap());
    });

    let mut round = 0_i64;
    group.throughput(Throughput::Elements(64));
    group.bench_function("apply/64_learners", |b| {
        b.iter(|| {
            round += 1;
            rt.block_on(async {
                let tasks: Vec<_> = (0..64)
                    .map(|learner| {
                        let store = store.clone();
                        tokio::spawn(async move {
                            store
                                .apply(LearnerId(100 + learner), Some(round), step)
                                .await
                        })
                    })
                    .collect();
                for task in tasks {
                    task.await.unwrap().unwrap();
                }
            });
        });
    });
    group.finish();
    rt.block_on(store.close());
}

fn store_benches(c: &mut Criterion) {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    // On the same disk as the build, not a RAM disk: commits are fsynced.
    let dir = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap();
    let file = dir.path().join("bench.sqlite3");
    bench_backend(c, "sqlite", file.to_str().unwrap(), &rt);

    if let Ok(base) = std::env::var("CHESS_TUTOR_TEST_DATABASE_URL") {
        let schema = format!("chess_tutor_bench_{}", std::process::id());
        let admin = rt
            .block_on(sqlx::PgPool::connect(&base))
            .expect("PostgreSQL reachable");
        let ddl = |sql: String| {
            rt.block_on(sqlx::query(sqlx::AssertSqlSafe(sql)).execute(&admin))
                .unwrap();
        };
        ddl(format!("CREATE SCHEMA {schema}"));
        let separator = if base.contains('?') { '&' } else { '?' };
        let url = format!("{base}{separator}options[search_path]={schema}");
        bench_backend(c, "postgres", &url, &rt);
        ddl(format!("DROP SCHEMA {schema} CASCADE"));
    } else {
        eprintln!("note: PostgreSQL not benchmarked; set CHESS_TUTOR_TEST_DATABASE_URL");
    }
}

criterion_group!(benches, store_benches);
criterion_main!(benches);
