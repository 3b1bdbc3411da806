//! The learner store against SQLite (always) and PostgreSQL (when
//! `CHESS_TUTOR_TEST_DATABASE_URL` is set, e.g. `postgres://postgres@127.0.0.1:5432/test`).
//!
//! Every scenario runs on both backends. A PostgreSQL scenario works in a schema of its own,
//! created with a random name, selected on every pooled connection through the URL's
//! `options[search_path]`, and dropped at the end. Without the variable the PostgreSQL tests
//! say so on stderr and pass; with it set and the server unreachable they fail.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Once};
use std::time::Duration;

use chess_tutor_store::{
    Applied, Backend, Change, Claim, ClassOp, Committed, Event, GameId, GameRecord, GameWrite,
    KEPT_UPDATE_KEYS, LearnerId, LearnerRecord, Location, PRUNE_EVERY, SharedChange, Store,
    StoreError,
};
use serde_json::json;

/// The environment variable that points the PostgreSQL tests at a server.
const PG_ENV: &str = "CHESS_TUTOR_TEST_DATABASE_URL";
/// Set (to a store location) when this test binary runs as the child of the crash test.
const CHILD_ENV: &str = "CHESS_TUTOR_STORE_CRASH_CHILD";

/// A database for one test: a temporary SQLite file or a fresh PostgreSQL schema.
enum Db {
    Sqlite(tempfile::TempDir),
    Postgres {
        admin: sqlx::PgPool,
        schema: String,
        url: String,
    },
}

impl Db {
    fn sqlite() -> Db {
        Db::Sqlite(tempfile::tempdir().expect("a temporary directory"))
    }

    /// A fresh schema on the test server, or `None` (with a note) when none is configured.
    async fn postgres() -> Option<Db> {
        let Ok(base) = std::env::var(PG_ENV) else {
            static NOTE: Once = Once::new();
            NOTE.call_once(|| {
                // Straight to stderr, past the test harness's capture, so `cargo test` shows it.
                let _ = writeln!(
                    std::io::stderr(),
                    "note: the PostgreSQL store tests were NOT run: set {PG_ENV} \
                     (e.g. postgres://postgres@127.0.0.1:5432/test) to run them"
                );
            });
            return None;
        };
        let unreachable = |e: sqlx::Error| -> ! {
            panic!("{PG_ENV} is set to {base:?} but the server cannot be reached: {e}")
        };
        // A plain connection first: it says why (the pool would only say "timed out").
        let probe = <sqlx::PgConnection as sqlx::Connection>::connect(&base).await;
        let probe = probe.unwrap_or_else(|e| unreachable(e));
        sqlx::Connection::close(probe)
            .await
            .unwrap_or_else(|e| unreachable(e));
        let admin = sqlx::PgPool::connect(&base)
            .await
            .unwrap_or_else(|e| unreachable(e));
        static COUNTER: AtomicU32 = AtomicU32::new(0);
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let schema = format!(
            "chess_tutor_test_{}_{}_{}",
            std::process::id(),
            nanos,
            COUNTER.fetch_add(1, Ordering::Relaxed)
        );
        sqlx::query(sqlx::AssertSqlSafe(format!("CREATE SCHEMA {schema}")))
            .execute(&admin)
            .await
            .expect("creating the test schema");
        let separator = if base.contains('?') { '&' } else { '?' };
        let url = format!("{base}{separator}options[search_path]={schema}");
        Some(Db::Postgres { admin, schema, url })
    }

    /// What `Store::open` takes.
    fn target(&self) -> String {
        match self {
            Db::Sqlite(dir) => dir
                .path()
                .join("data")
                .join("tutor.sqlite3")
                .display()
                .to_string(),
            Db::Postgres { url, .. } => url.clone(),
        }
    }

    async fn open(&self) -> Store {
        Store::open(&self.target())
            .await
            .expect("opening the store")
    }

    /// Runs SQL on the database behind the store's back (to corrupt it, or to count rows).
    async fn raw_count(&self, sql: &'static str) -> i64 {
        match self {
            Db::Sqlite(_) => {
                let pool = sqlx::SqlitePool::connect(&format!("sqlite://{}", self.target()))
                    .await
                    .unwrap();
                let n = sqlx::query_scalar(sql).fetch_one(&pool).await.unwrap();
                pool.close().await;
                n
            }
            Db::Postgres { admin, schema, .. } => {
                let mut tx = admin.begin().await.unwrap();
                sqlx::query(sqlx::AssertSqlSafe(format!(
                    "SET LOCAL search_path = {schema}"
                )))
                .execute(&mut *tx)
                .await
                .unwrap();
                let n = sqlx::query_scalar(sql).fetch_one(&mut *tx).await.unwrap();
                tx.commit().await.unwrap();
                n
            }
        }
    }

    async fn cleanup(self) {
        if let Db::Postgres { admin, schema, .. } = self {
            sqlx::query(sqlx::AssertSqlSafe(format!("DROP SCHEMA {schema} CASCADE")))
                .execute(&admin)
                .await
                .expect("dropping the test schema");
            admin.close().await;
        }
    }
}

/// The tutor stand-in: counts inputs in `state.n` and logs each as an event.
fn increment(record: Option<&LearnerRecord>) -> Change<i64> {
    let n = record.map_or(0, |r| r.state["n"].as_i64().unwrap_or(0)) + 1;
    Change {
        state: json!({ "n": n }),
        events: vec![Event::new("increment", json!({ "n": n }))],
        output: n,
        unsent: None,
    }
}

fn counter(record: &LearnerRecord) -> i64 {
    record.state["n"].as_i64().expect("a counter in the state")
}

fn done<T: std::fmt::Debug>(applied: Applied<T>) -> T {
    match applied {
        Applied::Done(value) => value,
        Applied::Duplicate => panic!("expected the change to be applied, got Duplicate"),
    }
}

/// Declares each scenario as one test per backend.
macro_rules! on_both_backends {
    ($($scenario:ident),* $(,)?) => {
        mod sqlite {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
                async fn $scenario() {
                    let db = super::Db::sqlite();
                    super::$scenario(&db).await;
                    db.cleanup().await;
                }
            )*
        }
        mod postgres {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
                async fn $scenario() {
                    if let Some(db) = super::Db::postgres().await {
                        super::$scenario(&db).await;
                        db.cleanup().await;
                    }
                }
            )*
        }
    };
}

on_both_backends!(
    first_apply_creates_the_learner,
    replayed_update_is_a_duplicate_and_not_called_again,
    restart_keeps_everything,
    concurrent_inputs_lose_no_update,
    two_replicas_lose_no_update_and_apply_each_key_once,
    offsets_round_trip,
    events_since_a_sequence_number,
    states_round_trip_unchanged,
    update_keys_are_kept_for_the_last_inputs_only,
    corrupt_data_is_an_error_not_a_panic,
    crash_loses_nothing_that_was_answered,
    the_outbox_keeps_replies_until_marked_sent,
    a_renewed_claim_outlasts_its_lease_and_a_dead_owners_is_free_after_one,
    a_commit_reported_as_failed_still_sends_its_replies,
    a_released_claim_is_swept_by_any_process_and_no_longer_renewed,
    the_inbox_keeps_updates_with_the_offset_until_removed,
    a_shared_game_takes_both_learners_inputs_one_at_a_time_on_two_replicas,
    a_created_game_never_replaces_a_stored_one,
    a_change_computed_from_a_stale_snapshot_is_a_conflict_and_stores_nothing,
    a_class_keeps_its_members_answers_and_figures_and_a_leaver_leaves_nothing,
);

async fn first_apply_creates_the_learner(db: &Db) {
    let store = db.open().await;
    let me = LearnerId(-1_001_234_567_890); // a Telegram group chat id
    assert_eq!(store.load(me).await.unwrap(), None);
    assert_eq!(store.learner_count().await.unwrap(), 0);

    let mut seen = Vec::new();
    let out = done(
        store
            .apply(me, Some(1), |record| {
                seen.push(record.cloned());
                increment(record)
            })
            .await
            .unwrap(),
    );
    assert_eq!(out, 1);
    assert_eq!(seen, vec![None], "a new learner is given no record");
    let record = store
        .load(me)
        .await
        .unwrap()
        .expect("the learner now exists");
    assert_eq!(
        record,
        LearnerRecord {
            state: json!({ "n": 1 }),
            version: 1
        }
    );
    assert_eq!(store.learner_count().await.unwrap(), 1);

    let mut seen = Vec::new();
    let out = done(
        store
            .apply(me, None, |record| {
                seen.push(record.cloned());
                increment(record)
            })
            .await
            .unwrap(),
    );
    assert_eq!(out, 2);
    assert_eq!(
        seen,
        vec![Some(record)],
        "the second input sees the first one's state"
    );
    assert_eq!(store.load(me).await.unwrap().unwrap().version, 2);
    assert_eq!(store.learner_count().await.unwrap(), 1);

    let events = store.events(me, 0).await.unwrap();
    let summary: Vec<_> = events
        .iter()
        .map(|e| (e.version, e.event.kind.as_str(), e.event.payload.clone()))
        .collect();
    assert_eq!(
        summary,
        vec![
            (1, "increment", json!({ "n": 1 })),
            (2, "increment", json!({ "n": 2 }))
        ]
    );
    assert!(events[0].seq < events[1].seq);
    assert_eq!(
        store.events(LearnerId(5), 0).await.unwrap(),
        vec![],
        "another learner"
    );
}

async fn replayed_update_is_a_duplicate_and_not_called_again(db: &Db) {
    let store = db.open().await;
    let me = LearnerId(7);
    assert_eq!(
        done(store.apply(me, Some(100), increment).await.unwrap()),
        1
    );
    assert_eq!(
        done(store.apply(me, Some(101), increment).await.unwrap()),
        2
    );

    for key in [100, 101] {
        let called = AtomicBool::new(false);
        let replay = store
            .apply(me, Some(key), |record| {
                called.store(true, Ordering::SeqCst);
                increment(record)
            })
            .await
            .unwrap();
        assert_eq!(replay, Applied::Duplicate, "update {key} replayed");
        assert!(
            !called.load(Ordering::SeqCst),
            "f must not run for a replay"
        );
    }
    let record = store.load(me).await.unwrap().unwrap();
    assert_eq!(
        (counter(&record), record.version),
        (2, 2),
        "the replays changed nothing"
    );
    assert_eq!(
        store.events(me, 0).await.unwrap().len(),
        2,
        "and logged nothing"
    );

    // Keys are per learner; inputs without a key are always applied.
    assert_eq!(
        done(
            store
                .apply(LearnerId(8), Some(100), increment)
                .await
                .unwrap()
        ),
        1
    );
    assert_eq!(done(store.apply(me, None, increment).await.unwrap()), 3);
    assert_eq!(done(store.apply(me, None, increment).await.unwrap()), 4);
}

async fn restart_keeps_everything(db: &Db) {
    let (events_before, record_before) = {
        let store = db.open().await;
        for key in 1..=5 {
            done(
                store
                    .apply(LearnerId(1), Some(key), increment)
                    .await
                    .unwrap(),
            );
        }
        done(store.apply(LearnerId(2), Some(1), increment).await.unwrap());
        store.set_offset("telegram", 123_456_789).await.unwrap();
        let events = store.events(LearnerId(1), 0).await.unwrap();
        let record = store.load(LearnerId(1)).await.unwrap().unwrap();
        store.close().await;
        (events, record)
    };

    let store = db.open().await; // runs the migrations again: a no-op
    assert_eq!(store.load(LearnerId(1)).await.unwrap(), Some(record_before));
    assert_eq!(store.events(LearnerId(1), 0).await.unwrap(), events_before);
    assert_eq!(store.learner_count().await.unwrap(), 2);
    assert_eq!(
        store.get_offset("telegram").await.unwrap(),
        Some(123_456_789)
    );
    assert_eq!(
        store.apply(LearnerId(1), Some(5), increment).await.unwrap(),
        Applied::Duplicate,
        "applied keys survive the restart"
    );
    assert_eq!(
        done(store.apply(LearnerId(1), Some(6), increment).await.unwrap()),
        6
    );
    store.close().await;
}

async fn concurrent_inputs_lose_no_update(db: &Db) {
    let store = db.open().await;
    let me = LearnerId(42);
    let tasks: Vec<_> = (0..8)
        .map(|_| {
            let store = store.clone();
            tokio::spawn(async move {
                let mut outputs = Vec::new();
                for _ in 0..100 {
                    outputs.push(done(store.apply(me, None, increment).await.unwrap()));
                }
                outputs
            })
        })
        .collect();
    let mut outputs = Vec::new();
    for task in tasks {
        outputs.extend(task.await.unwrap());
    }
    outputs.sort_unstable();
    assert_eq!(
        outputs,
        (1..=800).collect::<Vec<_>>(),
        "each input saw its predecessor"
    );
    let record = store.load(me).await.unwrap().unwrap();
    assert_eq!((counter(&record), record.version), (800, 800));
    let versions: Vec<_> = store
        .events(me, 0)
        .await
        .unwrap()
        .iter()
        .map(|e| e.version)
        .collect();
    assert_eq!(
        versions,
        (1..=800).collect::<Vec<_>>(),
        "events in commit order"
    );
}

async fn two_replicas_lose_no_update_and_apply_each_key_once(db: &Db) {
    let replicas = [db.open().await, db.open().await];
    let me = LearnerId(9);
    let duplicates = Arc::new(AtomicU32::new(0));
    let mut tasks = Vec::new();
    for replica in &replicas {
        for lane in 0..4_i64 {
            // Both replicas are handed every update 0..400 (as after a failover), each in
            // order within its lane, and also 50 inputs per lane that carry no key.
            let store = replica.clone();
            let duplicates = Arc::clone(&duplicates);
            tasks.push(tokio::spawn(async move {
                for key in (0..400).filter(|k| k % 4 == lane) {
                    if store.apply(me, Some(key), increment).await.unwrap() == Applied::Duplicate {
                        duplicates.fetch_add(1, Ordering::Relaxed);
                    }
                }
                for _ in 0..50 {
                    done(store.apply(me, None, increment).await.unwrap());
                }
            }));
        }
    }
    for task in tasks {
        task.await.unwrap();
    }
    let record = replicas[1].load(me).await.unwrap().unwrap();
    assert_eq!(
        duplicates.load(Ordering::Relaxed),
        400,
        "each key applied by one replica only"
    );
    assert_eq!((counter(&record), record.version), (800, 800));
    assert_eq!(replicas[0].events(me, 0).await.unwrap().len(), 800);
}

async fn the_outbox_keeps_replies_until_marked_sent(db: &Db) {
    // Two openings: two processes, as after a restart or with two replicas.
    let first = db.open().await;
    let second = db.open().await;
    let (a, b) = (LearnerId(5), LearnerId(-1_001_234));
    let with_replies = |replies: serde_json::Value| {
        move |record: Option<&LearnerRecord>| Change {
            unsent: Some(replies.clone()),
            ..increment(record)
        }
    };
    let kept = json!([{"text": "你好 ♞", "board": null, "buttons": []}]);
    done(
        first
            .apply(a, Some(1), with_replies(kept.clone()))
            .await
            .unwrap(),
    );
    done(
        first
            .apply(a, Some(2), with_replies(json!(["second"])))
            .await
            .unwrap(),
    );
    done(
        first
            .apply(b, Some(1), with_replies(json!(["b"])))
            .await
            .unwrap(),
    );
    done(first.apply(a, Some(3), increment).await.unwrap());
    assert_eq!(first.unsent(a, 1).await.unwrap(), Some(kept.clone()));
    assert_eq!(first.unsent(a, 3).await.unwrap(), None, "nothing kept");
    assert_eq!(first.outbox_depth().await.unwrap(), 3, "a1, a2 and b1 wait");
    assert_eq!(first.unsent(a, 99).await.unwrap(), None, "never applied");
    // A replay is still a duplicate, and leaves the kept replies alone.
    assert!(matches!(
        second.apply(a, Some(1), increment).await.unwrap(),
        Applied::Duplicate
    ));
    let lease = Duration::from_millis(300);
    // The applier asking again gets them: it handles one chat's updates one at a time, so
    // it asks only when its own sending did not happen (see
    // `a_commit_reported_as_failed_still_sends_its_replies`).
    assert_eq!(
        first.claim_unsent(a, 1, lease).await.unwrap(),
        Claim::Taken(kept.clone())
    );
    // Another process waits while the lease runs…
    match second.claim_unsent(a, 1, lease).await.unwrap() {
        Claim::HeldElsewhere(wait) => assert!(wait <= lease, "{wait:?}"),
        other => panic!("expected the claim to be held, got {other:?}"),
    }
    // …and takes them over after it (the applier is presumed dead), once.
    tokio::time::sleep(lease).await;
    assert_eq!(
        second.claim_unsent(a, 1, lease).await.unwrap(),
        Claim::Taken(kept.clone())
    );
    // Still unsent, asked again by the same process: its own (a failed send, say).
    assert_eq!(
        second.claim_unsent(a, 1, lease).await.unwrap(),
        Claim::Taken(kept.clone())
    );
    assert!(matches!(
        first.claim_unsent(a, 1, lease).await.unwrap(),
        Claim::HeldElsewhere(_)
    ));
    assert_eq!(
        second.claim_unsent(a, 3, lease).await.unwrap(),
        Claim::Nothing,
        "none kept"
    );
    second.mark_sent(&[(a, 1), (b, 1), (a, 77)]).await.unwrap();
    second.mark_sent(&[]).await.unwrap();
    assert_eq!(first.unsent(a, 1).await.unwrap(), None);
    assert_eq!(first.unsent(b, 1).await.unwrap(), None);
    assert_eq!(second.outbox_depth().await.unwrap(), 1, "only a2 waits");
    tokio::time::sleep(lease).await;
    assert_eq!(
        second.claim_unsent(a, 1, lease).await.unwrap(),
        Claim::Nothing,
        "sent: nothing to claim"
    );
    assert_eq!(
        first.unsent(a, 2).await.unwrap(),
        Some(json!(["second"])),
        "only the marked ones are forgotten"
    );
    // Marked again (a mark repeated after a crash): harmless.
    first.mark_sent(&[(a, 1)]).await.unwrap();
    assert_eq!(counter(&first.load(a).await.unwrap().unwrap()), 3);
}

/// Issue 13 (6): on PostgreSQL a connection lost at COMMIT reports an error although the
/// transaction committed; the shell then tries the update again, finds it applied, and asks
/// for its kept replies. They were refused to the process that applied them ("it is sending
/// them itself"), so the learner's reply was lost. The same process now gets them.
async fn a_commit_reported_as_failed_still_sends_its_replies(db: &Db) {
    let store = db.open().await;
    let me = LearnerId(88);
    let kept = json!(["after the lost COMMIT"]);
    let replies = kept.clone();
    // The commit happened (whatever the caller was told).
    done(
        store
            .apply(me, Some(4), move |record: Option<&LearnerRecord>| Change {
                unsent: Some(replies.clone()),
                ..increment(record)
            })
            .await
            .unwrap(),
    );
    // The retry: a duplicate, and its replies are this process's to send, at once.
    assert!(matches!(
        store.apply(me, Some(4), increment).await.unwrap(),
        Applied::Duplicate
    ));
    assert_eq!(
        store
            .claim_unsent(me, 4, Duration::from_secs(15))
            .await
            .unwrap(),
        Claim::Taken(kept)
    );
}

/// Issue 13 (2): a live owner renews its claims, so a short lease never hands its replies to
/// another process while it is still sending them (a 429 wait, say); once it stops renewing
/// (it died), another process takes them over after one lease.
async fn a_renewed_claim_outlasts_its_lease_and_a_dead_owners_is_free_after_one(db: &Db) {
    let owner = db.open().await;
    let other = db.open().await;
    let me = LearnerId(77);
    let kept = json!(["the reply"]);
    let replies = kept.clone();
    done(
        owner
            .apply(me, Some(9), move |record: Option<&LearnerRecord>| Change {
                unsent: Some(replies.clone()),
                ..increment(record)
            })
            .await
            .unwrap(),
    );
    let lease = Duration::from_millis(400);
    // Three leases long, renewed every third of one: never free for the other process.
    let until = std::time::Instant::now() + lease * 3;
    while std::time::Instant::now() < until {
        assert_eq!(owner.renew_claims().await.unwrap(), 1);
        assert!(
            matches!(
                other.claim_unsent(me, 9, lease).await.unwrap(),
                Claim::HeldElsewhere(_)
            ),
            "taken over from a live owner"
        );
        tokio::time::sleep(lease / 3).await;
    }
    assert_eq!(other.renew_claims().await.unwrap(), 0, "it holds nothing");
    // The owner stops renewing: one lease later the other process takes them, once.
    tokio::time::sleep(lease + Duration::from_millis(50)).await;
    assert_eq!(
        other.claim_unsent(me, 9, lease).await.unwrap(),
        Claim::Taken(kept)
    );
    assert_eq!(owner.renew_claims().await.unwrap(), 0, "no longer its own");
    assert_eq!(other.outbox_depth().await.unwrap(), 1);
    other.mark_sent(&[(me, 9)]).await.unwrap();
    assert_eq!(
        other.renew_claims().await.unwrap(),
        0,
        "sent: nothing to renew"
    );
    assert_eq!(owner.outbox_depth().await.unwrap(), 0);
}

async fn the_inbox_keeps_updates_with_the_offset_until_removed(db: &Db) {
    let store = db.open().await;
    assert!(store.inbox().await.unwrap().is_empty());
    let updates = vec![
        (12, json!({"tutor": {"chat": 5, "input": {"text": "马f3"}}})),
        (10, json!({"answer_only": {"chat": null, "callback": "cb"}})),
    ];
    store
        .inbox_add("telegram", 13, &updates, &[])
        .await
        .unwrap();
    assert_eq!(store.get_offset("telegram").await.unwrap(), Some(13));
    let mut expected = updates.clone();
    expected.sort_by_key(|(id, _)| *id);
    assert_eq!(store.inbox().await.unwrap(), expected, "lowest id first");
    // Kept again (a batch fetched twice): left as it is; the offset moves on.
    store
        .inbox_add("telegram", 14, &[(12, json!("other")), (13, json!(3))], &[])
        .await
        .unwrap();
    assert_eq!(store.get_offset("telegram").await.unwrap(), Some(14));
    let inbox = store.inbox().await.unwrap();
    assert_eq!(inbox.len(), 3);
    assert_eq!(inbox[1], updates[0], "the first copy stays");
    // A batch of skipped updates only moves the offset.
    store.inbox_add("telegram", 20, &[], &[]).await.unwrap();
    assert_eq!(store.get_offset("telegram").await.unwrap(), Some(20));
    store.inbox_remove(&[10, 99]).await.unwrap();
    store.inbox_remove(&[]).await.unwrap();
    let ids = |inbox: Vec<(i64, serde_json::Value)>| {
        inbox.into_iter().map(|(id, _)| id).collect::<Vec<_>>()
    };
    assert_eq!(ids(store.inbox().await.unwrap()), [12, 13]);
    // The next batch takes the handled updates out in the same write.
    store
        .inbox_add(
            "telegram",
            22,
            &[(20, json!("new")), (21, json!({"a": [1, "二"]}))],
            &[13, 98],
        )
        .await
        .unwrap();
    assert_eq!(store.get_offset("telegram").await.unwrap(), Some(22));
    assert_eq!(
        store.inbox().await.unwrap(),
        vec![
            updates[0].clone(),
            (20, json!("new")),
            (21, json!({"a": [1, "二"]}))
        ]
    );
    // A poll that brought nothing new may still take handled updates out.
    store
        .inbox_add("telegram", 22, &[], &[20, 21])
        .await
        .unwrap();
    assert_eq!(store.inbox().await.unwrap(), vec![updates[0].clone()]);
    // Kept through a restart.
    store.close().await;
    let store = db.open().await;
    assert_eq!(store.inbox().await.unwrap(), vec![updates[0].clone()]);
}

async fn offsets_round_trip(db: &Db) {
    let store = db.open().await;
    assert_eq!(store.get_offset("telegram").await.unwrap(), None);
    store.set_offset("telegram", 10).await.unwrap();
    assert_eq!(store.get_offset("telegram").await.unwrap(), Some(10));
    store.set_offset("telegram", 11).await.unwrap();
    store.set_offset("其他", i64::MIN).await.unwrap();
    store.set_offset("max", i64::MAX).await.unwrap();
    assert_eq!(store.get_offset("telegram").await.unwrap(), Some(11));
    assert_eq!(store.get_offset("其他").await.unwrap(), Some(i64::MIN));
    assert_eq!(store.get_offset("max").await.unwrap(), Some(i64::MAX));
    assert_eq!(
        store.get_offset("TELEGRAM").await.unwrap(),
        None,
        "keys are exact"
    );
}

async fn events_since_a_sequence_number(db: &Db) {
    let store = db.open().await;
    let (me, other) = (LearnerId(1), LearnerId(2));
    for _ in 0..3 {
        done(store.apply(me, None, increment).await.unwrap());
        done(store.apply(other, None, increment).await.unwrap());
    }
    // One input may log several events, or none.
    done(
        store
            .apply(me, None, |_| Change {
                state: json!({ "n": 3 }),
                events: vec![
                    Event::new(
                        "step_done",
                        json!({ "lesson": "03-rook", "step": "rook-1" }),
                    ),
                    Event::new("illegal_attempt", json!({ "reason": "path_blocked" })),
                ],
                output: (),
                unsent: None,
            })
            .await
            .unwrap(),
    );
    done(
        store
            .apply(me, None, |r| Change {
                state: r.unwrap().state.clone(),
                events: vec![],
                output: (),
                unsent: None,
            })
            .await
            .unwrap(),
    );

    let all = store.events(me, 0).await.unwrap();
    assert_eq!(all.len(), 5);
    let since = store.events(me, all[2].seq).await.unwrap();
    let kinds: Vec<_> = since
        .iter()
        .map(|e| (e.version, e.event.kind.as_str()))
        .collect();
    assert_eq!(kinds, vec![(4, "step_done"), (4, "illegal_attempt")]);
    assert_eq!(store.events(me, all[4].seq).await.unwrap(), vec![]);
    assert_eq!(store.load(me).await.unwrap().unwrap().version, 5);
    assert!(
        store
            .events(other, 0)
            .await
            .unwrap()
            .iter()
            .all(|e| e.event.payload["n"].is_i64())
    );
}

async fn states_round_trip_unchanged(db: &Db) {
    let store = db.open().await;
    let state = json!({
        "lang": "zh",
        "mode": { "lesson": { "id": "05-castling", "step": "castle-through-check", "tries": 2 } },
        "text": "王车易位：王不能经过被攻击的格子 ♔♖ \"quoted\" \\ \n newline",
        "mastery": { "castling_through_check": 0.25, "pinned": 1.0 },
        "big": i64::MAX,
        "small": i64::MIN,
        "list": [null, true, false, 0, -1.5, "", []],
        "empty": {},
    });
    let expected = state.clone();
    done(
        store
            .apply(LearnerId(3), None, move |_| Change {
                state: state.clone(),
                events: vec![Event::new("lang", json!("zh"))],
                output: (),
                unsent: None,
            })
            .await
            .unwrap(),
    );
    assert_eq!(
        store.load(LearnerId(3)).await.unwrap().unwrap().state,
        expected
    );
    assert_eq!(
        store.events(LearnerId(3), 0).await.unwrap()[0]
            .event
            .payload,
        json!("zh")
    );
}

async fn update_keys_are_kept_for_the_last_inputs_only(db: &Db) {
    let store = db.open().await;
    let me = LearnerId(11);
    // Just past a version at which the old keys are deleted, a few inputs beyond the kept.
    let inputs = (KEPT_UPDATE_KEYS / PRUNE_EVERY + 1) * PRUNE_EVERY;
    assert!(inputs > KEPT_UPDATE_KEYS);
    for key in 0..inputs {
        done(store.apply(me, Some(key), increment).await.unwrap());
    }
    let kept = || async {
        db.raw_count("SELECT COUNT(*) FROM applied_updates WHERE learner_id = 11")
            .await
    };
    assert_eq!(
        kept().await,
        KEPT_UPDATE_KEYS,
        "the last KEPT_UPDATE_KEYS keys once the old ones are deleted"
    );
    // The most recent keys are still recognised; the oldest are forgotten.
    for key in [inputs - 1, inputs - KEPT_UPDATE_KEYS] {
        assert_eq!(
            store.apply(me, Some(key), increment).await.unwrap(),
            Applied::Duplicate
        );
    }
    assert_eq!(
        store.apply(me, Some(0), increment).await.unwrap(),
        Applied::Done(inputs + 1)
    );
    // Between deletions the keys pile up to at most PRUNE_EVERY - 1 more.
    for key in inputs..inputs + PRUNE_EVERY - 2 {
        done(store.apply(me, Some(key), increment).await.unwrap());
    }
    assert_eq!(kept().await, KEPT_UPDATE_KEYS + PRUNE_EVERY - 1);
    done(store.apply(me, Some(-1), increment).await.unwrap());
    assert_eq!(kept().await, KEPT_UPDATE_KEYS, "deleted again");
}

async fn corrupt_data_is_an_error_not_a_panic(db: &Db) {
    let store = db.open().await;
    let me = LearnerId(13);
    done(store.apply(me, Some(1), increment).await.unwrap());
    let raw = match db {
        Db::Postgres { admin, schema, .. } => {
            // PostgreSQL keeps states and payloads as jsonb: the server itself refuses to
            // store text that is not JSON, so the state stays readable.
            let corrupt = format!("UPDATE {schema}.learners SET state = '{{\"n\": 1,'");
            let refused = sqlx::query(sqlx::AssertSqlSafe(corrupt))
                .execute(admin)
                .await;
            let error = refused.expect_err("jsonb accepted text that is not JSON");
            assert!(error.to_string().contains("json"), "{error}");
            assert_eq!(
                store.load(me).await.unwrap().unwrap().state,
                json!({ "n": 1 })
            );
            return;
        }
        Db::Sqlite(_) => sqlx::SqlitePool::connect(&format!("sqlite://{}", db.target()))
            .await
            .unwrap(),
    };
    sqlx::query("UPDATE learners SET state = '{\"n\": 1,' WHERE id = 13")
        .execute(&raw)
        .await
        .unwrap();
    sqlx::query("UPDATE learner_events SET payload = 'nope' WHERE learner_id = 13")
        .execute(&raw)
        .await
        .unwrap();
    raw.close().await;

    let error = store.load(me).await.unwrap_err();
    assert!(
        matches!(
            error,
            StoreError::CorruptState {
                learner: LearnerId(13),
                ..
            }
        ),
        "{error}"
    );
    let called = AtomicBool::new(false);
    let error = store
        .apply(me, Some(2), |r| {
            called.store(true, Ordering::SeqCst);
            increment(r)
        })
        .await
        .unwrap_err();
    assert!(matches!(error, StoreError::CorruptState { .. }), "{error}");
    assert!(
        !called.load(Ordering::SeqCst),
        "f is not given a state that could not be read"
    );
    let error = store.events(me, 0).await.unwrap_err();
    assert!(
        matches!(
            error,
            StoreError::CorruptEvent {
                learner: LearnerId(13),
                ..
            }
        ),
        "{error}"
    );
    assert!(error.to_string().contains("learner 13"), "{error}");
    // The failed apply stored nothing: key 2 is still new once the state is repaired.
    assert_eq!(
        db.raw_count("SELECT COUNT(*) FROM applied_updates WHERE update_key = 2")
            .await,
        0
    );
    // Other learners are unaffected.
    assert_eq!(
        done(store.apply(LearnerId(14), None, increment).await.unwrap()),
        1
    );
}

/// A writer process is killed (SIGKILL) in the middle of its inputs; a new process then finds
/// every input the writer had been told was stored, and no half-written one.
async fn crash_loses_nothing_that_was_answered(db: &Db) {
    const KILL_AFTER: i64 = 40;
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args([
            "crash_child_process",
            "--exact",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(CHILD_ENV, db.target())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("starting the writer process");
    let mut answered = 0;
    for line in BufReader::new(child.stdout.take().unwrap()).lines() {
        if let Some(n) = line.unwrap().strip_prefix("stored ") {
            answered = n.parse().unwrap();
            if answered >= KILL_AFTER {
                break;
            }
        }
    }
    child.kill().expect("SIGKILL to the writer");
    child.wait().unwrap();
    assert!(
        answered >= KILL_AFTER,
        "the writer stopped early, after {answered} inputs"
    );

    let store = db.open().await;
    let record = store
        .load(LearnerId(77))
        .await
        .unwrap()
        .expect("the writer's learner");
    assert!(
        counter(&record) >= answered,
        "{} < {answered}: answered input lost",
        counter(&record)
    );
    assert_eq!(
        counter(&record),
        record.version,
        "state and version written together"
    );
    let events = store.events(LearnerId(77), 0).await.unwrap();
    assert_eq!(
        events.len() as i64,
        record.version,
        "events written with their state"
    );
    let keys = db
        .raw_count("SELECT COUNT(*) FROM applied_updates WHERE learner_id = 77")
        .await;
    assert_eq!(keys, record.version, "update keys written with their state");
    // The update the writer was working on when it died may be replayed: applied once.
    let next = record.version;
    let replayed = store
        .apply(LearnerId(77), Some(next - 1), increment)
        .await
        .unwrap();
    assert_eq!(replayed, Applied::Duplicate);
    assert_eq!(
        done(
            store
                .apply(LearnerId(77), Some(next), increment)
                .await
                .unwrap()
        ),
        next + 1
    );
}

/// Not a test of its own: the writer process of `crash_loses_nothing_that_was_answered`.
#[tokio::test]
async fn crash_child_process() {
    let Ok(target) = std::env::var(CHILD_ENV) else {
        return;
    };
    let store = Store::open(&target).await.unwrap();
    for key in 0..10_000 {
        let n = done(
            store
                .apply(LearnerId(77), Some(key), increment)
                .await
                .unwrap(),
        );
        println!("stored {n}");
        std::io::stdout().flush().unwrap();
    }
}

#[tokio::test]
async fn two_processes_can_create_the_same_file_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("new").join("tutor.sqlite3");
    let target = path.to_str().unwrap();
    let (a, b) = tokio::join!(Store::open(target), Store::open(target));
    let (a, b) = (a.unwrap(), b.unwrap());
    done(a.apply(LearnerId(1), None, increment).await.unwrap());
    assert_eq!(b.load(LearnerId(1)).await.unwrap().unwrap().version, 1);
    assert_eq!(a.backend(), Backend::Sqlite);
    assert_eq!(*a.location(), Location::Sqlite(path.clone()));
}

#[tokio::test]
async fn the_data_directory_is_created_on_first_run() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("a").join("b");
    let store = Store::connect(Location::from_config(&data, None).unwrap())
        .await
        .unwrap();
    done(store.apply(LearnerId(1), None, increment).await.unwrap());
    assert!(data.join(chess_tutor_store::SQLITE_FILE_NAME).is_file());
    let journal: String = {
        let raw = sqlx::SqlitePool::connect(&format!(
            "sqlite://{}",
            data.join(chess_tutor_store::SQLITE_FILE_NAME).display()
        ))
        .await
        .unwrap();
        sqlx::query_scalar("PRAGMA journal_mode")
            .fetch_one(&raw)
            .await
            .unwrap()
    };
    assert_eq!(journal, "wal");
}

#[tokio::test]
async fn bad_locations_are_errors_not_panics() {
    let dir = tempfile::tempdir().unwrap();
    // A directory where the file should be.
    let error = Store::open(dir.path().to_str().unwrap()).await.unwrap_err();
    assert!(matches!(error, StoreError::Connect { .. }), "{error}");
    // A file that is not an SQLite database.
    let junk = dir.path().join("junk.sqlite3");
    std::fs::write(
        &junk,
        "this is not a database, just some text that is long enough".repeat(50),
    )
    .unwrap();
    let error = Store::open(junk.to_str().unwrap()).await.unwrap_err();
    assert!(!error.to_string().is_empty());
    // A data directory that cannot be created (its parent is a file).
    let error = Store::open(junk.join("x.sqlite3").to_str().unwrap())
        .await
        .unwrap_err();
    assert!(matches!(error, StoreError::DataDir { .. }), "{error}");
    // Unsupported databases.
    let error = Store::open("mysql://root:hunter2@localhost/tutor")
        .await
        .unwrap_err();
    assert!(
        matches!(error, StoreError::UnsupportedLocation(_)),
        "{error}"
    );
    assert!(!error.to_string().contains("hunter2"));
}

#[tokio::test]
async fn an_unreachable_postgres_is_a_clear_error() {
    // No PostgreSQL listens on port 1: the error names the place and the cause, not the password.
    let error = Store::open("postgres://tutor:s3cret@127.0.0.1:1/tutor")
        .await
        .unwrap_err();
    assert!(matches!(error, StoreError::Connect { .. }), "{error}");
    let shown = error.to_string();
    assert!(shown.contains("127.0.0.1:1"), "{shown}");
    assert!(shown.to_lowercase().contains("refused"), "{shown}");
    assert!(!shown.contains("s3cret"), "{shown}");
    // A URL that does not parse.
    let error = Store::open("postgres://tutor@127.0.0.1:notaport/tutor")
        .await
        .unwrap_err();
    assert!(matches!(error, StoreError::Connect { .. }), "{error}");
}

/// Issue 13 (1): replies the Bot API kept refusing stayed claimed by their live owner, whose
/// renewals kept them out of every sweep (webhook mode). Released, they are no longer renewed,
/// a sweep finds them once they are older than its age, and any process takes them at once.
async fn a_released_claim_is_swept_by_any_process_and_no_longer_renewed(db: &Db) {
    let owner = db.open().await;
    let other = db.open().await;
    let me = LearnerId(66);
    let kept = json!(["refused for the moment"]);
    let replies = kept.clone();
    done(
        owner
            .apply(me, Some(5), move |record: Option<&LearnerRecord>| Change {
                unsent: Some(replies.clone()),
                ..increment(record)
            })
            .await
            .unwrap(),
    );
    let age = Duration::from_millis(300);
    assert_eq!(owner.renew_claims().await.unwrap(), 1);
    // Another store cannot release what it does not hold.
    other.release_claim(me, 5).await.unwrap();
    assert_eq!(owner.renew_claims().await.unwrap(), 1, "still the owner's");
    owner.release_claim(me, 5).await.unwrap();
    assert_eq!(
        owner.renew_claims().await.unwrap(),
        0,
        "released: not renewed"
    );
    assert_eq!(
        other.stale_unsent(age, 10).await.unwrap(),
        Vec::new(),
        "younger than the sweep's age"
    );
    tokio::time::sleep(age + Duration::from_millis(50)).await;
    assert_eq!(other.stale_unsent(age, 10).await.unwrap(), vec![(me, 5)]);
    // No owner: taken at once, whatever the lease.
    assert_eq!(
        other
            .claim_unsent(me, 5, Duration::from_secs(60))
            .await
            .unwrap(),
        Claim::Taken(kept)
    );
    assert_eq!(other.renew_claims().await.unwrap(), 1, "now the sweeper's");
}

/// A TCP relay in front of the PostgreSQL server that, once armed, passes the client's next
/// `COMMIT` on to the server and then cuts the connection before the server's answer comes
/// back: the transaction commits, and the client is told its connection was lost.
struct CommitCutter {
    addr: std::net::SocketAddr,
    armed: Arc<AtomicBool>,
    cuts: Arc<AtomicU32>,
}

impl CommitCutter {
    async fn start(server: String) -> CommitCutter {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let armed = Arc::new(AtomicBool::new(false));
        let cuts = Arc::new(AtomicU32::new(0));
        let (arm, count) = (armed.clone(), cuts.clone());
        tokio::spawn(async move {
            while let Ok((client, _)) = listener.accept().await {
                let Ok(upstream) = tokio::net::TcpStream::connect(&server).await else {
                    continue;
                };
                tokio::spawn(Self::relay(client, upstream, arm.clone(), count.clone()));
            }
        });
        CommitCutter { addr, armed, cuts }
    }

    async fn relay(
        client: tokio::net::TcpStream,
        upstream: tokio::net::TcpStream,
        armed: Arc<AtomicBool>,
        cuts: Arc<AtomicU32>,
    ) {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let (mut from_client, to_client) = client.into_split();
        let (mut from_server, mut to_server) = upstream.into_split();
        // Held here too, so that stopping the answers does not close the client's side.
        let to_client = Arc::new(tokio::sync::Mutex::new(to_client));
        let held = Arc::new(AtomicBool::new(false));
        let (writer, holding) = (to_client.clone(), held.clone());
        let down = tokio::spawn(async move {
            let mut buf = vec![0_u8; 64 * 1024];
            while let Ok(n) = from_server.read(&mut buf).await {
                if n == 0 || holding.load(Ordering::SeqCst) {
                    break;
                }
                if writer.lock().await.write_all(&buf[..n]).await.is_err() {
                    break;
                }
            }
        });
        let mut buf = vec![0_u8; 64 * 1024];
        loop {
            let n = match from_client.read(&mut buf).await {
                Ok(0) | Err(_) => break,
                Ok(n) => n,
            };
            // The statement itself, not "BEGIN ISOLATION LEVEL READ COMMITTED".
            let commit = buf[..n].windows(7).any(|w| w == b"COMMIT\0");
            if commit && armed.swap(false, Ordering::SeqCst) {
                // The server's answers stop here (sqlx has read every earlier one: it sends
                // COMMIT only after the last statement's answer), then COMMIT goes through,
                // and once the server has had time to commit, the connection is cut.
                held.store(true, Ordering::SeqCst);
                let _ = to_server.write_all(&buf[..n]).await;
                tokio::time::sleep(Duration::from_millis(300)).await;
                cuts.fetch_add(1, Ordering::SeqCst);
                break;
            }
            if to_server.write_all(&buf[..n]).await.is_err() {
                break;
            }
        }
        down.abort();
    }
}

/// Issue 13 (6), against a real server: a PostgreSQL connection lost at COMMIT. The commit
/// happened, the caller is told it failed; asked again, the update is a duplicate and its
/// replies are still there for the process that applied it (they were once refused to it).
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_connection_cut_at_commit_on_postgresql_loses_no_reply() {
    let Some(db) = Db::postgres().await else {
        return;
    };
    let Db::Postgres { url, .. } = &db else {
        unreachable!()
    };
    // The server's host:port from the URL (postgres://user@HOST:PORT/db?…).
    let after_scheme = url.split_once("://").unwrap().1;
    let authority = after_scheme.split(['/', '?']).next().unwrap();
    let server = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    let server = if server.contains(':') {
        server.to_owned()
    } else {
        format!("{server}:5432")
    };
    let cutter = CommitCutter::start(server.clone()).await;
    // Through the relay, in clear text (a relay cannot read TLS).
    let relayed = url.replacen(&server, &cutter.addr.to_string(), 1) + "&sslmode=disable";
    let store = Store::open(&relayed).await.expect("open through the relay");
    let me = LearnerId(99);
    let kept = json!({"replies": ["after the lost COMMIT"]});
    let replies = kept.clone();
    cutter.armed.store(true, Ordering::SeqCst);
    let first = store
        .apply(me, Some(7), move |record: Option<&LearnerRecord>| Change {
            unsent: Some(replies.clone()),
            ..increment(record)
        })
        .await;
    assert_eq!(cutter.cuts.load(Ordering::SeqCst), 1, "the COMMIT was cut");
    assert!(
        first.is_err(),
        "a lost connection at COMMIT is reported: {first:?}"
    );
    // It committed all the same.
    assert_eq!(
        counter(&store.load(me).await.unwrap().expect("committed")),
        1
    );
    // The shell asks again: a duplicate, and the kept replies are its own to send.
    assert!(matches!(
        store.apply(me, Some(7), increment).await.unwrap(),
        Applied::Duplicate
    ));
    assert_eq!(
        store
            .claim_unsent(me, 7, Duration::from_secs(15))
            .await
            .unwrap(),
        Claim::Taken(kept)
    );
    store.close().await;
    db.cleanup().await;
}

/// One input of learner `me` to shared game `game`: the game's counter +1 and the player
/// written down, the learner's own counter +1, a reply kept for `other`.
fn shared_increment(
    me: LearnerId,
    other: LearnerId,
    game: GameId,
) -> impl FnMut(Option<&LearnerRecord>, Option<&GameRecord>) -> SharedChange<i64> {
    move |record, stored| {
        let mut change = increment(record);
        let (n, mut by) = stored.map_or((0, Vec::new()), |g| {
            (
                g.state["n"].as_i64().unwrap(),
                g.state["by"].as_array().unwrap().clone(),
            )
        });
        by.push(json!(me.0));
        change.output = n + 1;
        SharedChange {
            change,
            game: Some(GameWrite {
                id: game,
                state: json!({ "n": n + 1, "by": by }),
                created: stored.is_none(),
            }),
            others: vec![(other, json!([{ "text": format!("{} played", me.0) }]))],
            class: Vec::new(),
        }
    }
}

/// Issue 14: a game shared by two learners, their inputs sent to two replicas at once: each
/// is applied once, one at a time (no lost update of the game), and each keeps its reply for
/// the other player in the other's outbox.
async fn a_shared_game_takes_both_learners_inputs_one_at_a_time_on_two_replicas(db: &Db) {
    let replicas = [db.open().await, db.open().await];
    let (a, b, game) = (LearnerId(31), LearnerId(32), GameId(77));
    // Both learners exist (the other's outbox hangs on their row).
    for who in [a, b] {
        done(replicas[0].apply(who, None, increment).await.unwrap());
    }
    done(
        replicas[0]
            .apply_shared(a, Some(1), Some(game), shared_increment(a, b, game))
            .await
            .unwrap(),
    );
    let mut tasks = Vec::new();
    for (lane, (me, other)) in [(a, b), (b, a)].into_iter().enumerate() {
        for replica in &replicas {
            let store = replica.clone();
            tasks.push(tokio::spawn(async move {
                let mut duplicates = 0;
                // Every key to both replicas: one applies it, the other finds it applied.
                for key in (0..100).map(|k| 1000 * (lane as i64 + 1) + k) {
                    let applied = store
                        .apply_shared(me, Some(key), Some(game), shared_increment(me, other, game))
                        .await
                        .unwrap();
                    duplicates += usize::from(applied == Applied::Duplicate);
                }
                duplicates
            }));
        }
    }
    let mut duplicates = 0;
    for task in tasks {
        duplicates += task.await.unwrap();
    }
    assert_eq!(duplicates, 200, "each key applied by one replica only");
    let stored = replicas[1].load_game(game).await.unwrap().unwrap();
    assert_eq!(stored.state["n"], 201, "no update of the game lost");
    assert_eq!(stored.version, 201);
    let by = stored.state["by"].as_array().unwrap();
    assert_eq!(by.iter().filter(|p| **p == json!(a.0)).count(), 101);
    assert_eq!(by.iter().filter(|p| **p == json!(b.0)).count(), 100);
    // The other player's reply waits in their outbox under the same key.
    let kept = replicas[0]
        .unsent(b, 1000)
        .await
        .unwrap()
        .expect("kept for b");
    assert_eq!(kept, json!([{ "text": "31 played" }]));
    assert_eq!(
        replicas[0].unsent(a, 2000).await.unwrap(),
        Some(json!([{ "text": "32 played" }]))
    );
    replicas[0].mark_sent(&[(b, 1000)]).await.unwrap();
    assert_eq!(replicas[0].unsent(b, 1000).await.unwrap(), None);
}

/// A created game whose id is taken fails: nothing of the input is stored, and the game
/// that had the id is as it was.
async fn a_created_game_never_replaces_a_stored_one(db: &Db) {
    let store = db.open().await;
    let (a, b, game) = (LearnerId(41), LearnerId(42), GameId(5));
    done(store.apply(b, None, increment).await.unwrap());
    done(
        store
            .apply_shared(a, Some(1), Some(game), shared_increment(a, b, game))
            .await
            .unwrap(),
    );
    let before = store.load(b).await.unwrap();
    let game_before = store.load_game(game).await.unwrap();
    let result = store
        .apply_shared(b, Some(2), None, |record, _| SharedChange {
            change: increment(record),
            game: Some(GameWrite {
                id: game,
                state: json!({ "n": 0, "by": [] }),
                created: true,
            }),
            others: Vec::new(),
            class: Vec::new(),
        })
        .await;
    assert!(result.is_err(), "{result:?}");
    assert_eq!(store.load(b).await.unwrap(), before);
    assert_eq!(store.load_game(game).await.unwrap(), game_before);
    assert_eq!(store.unsent(b, 2).await.unwrap(), None);
}

/// Compute, then commit: a change made from a snapshot that another input has overtaken (the
/// same learner's, or the other player's move in their shared game) is refused as a
/// conflict, and nothing of it is stored; computed again from a new snapshot, it is stored.
async fn a_change_computed_from_a_stale_snapshot_is_a_conflict_and_stores_nothing(db: &Db) {
    let store = db.open().await;
    let (a, b, game) = (LearnerId(61), LearnerId(62), GameId(7));
    done(store.apply(a, None, increment).await.unwrap());
    done(store.apply(b, None, increment).await.unwrap());
    done(
        store
            .apply_shared(a, Some(1), Some(game), shared_increment(a, b, game))
            .await
            .unwrap(),
    );
    // The learner's own record overtaken.
    let stale = store.snapshot(a, Some(2)).await.unwrap();
    done(store.apply(a, Some(3), increment).await.unwrap());
    let change = SharedChange::alone(increment(stale.record.as_ref()));
    assert_eq!(
        store.commit(&stale, Some(2), change).await.unwrap(),
        Committed::Conflict
    );
    assert_eq!(counter(&store.load(a).await.unwrap().unwrap()), 3);
    assert_eq!(store.unsent(a, 2).await.unwrap(), None, "no key kept");
    let events = store.events(a, 0).await.unwrap().len();
    // The shared game overtaken by the other player's move.
    let mut stale = store.snapshot(b, Some(4)).await.unwrap();
    stale.game = Some((game, store.load_game(game).await.unwrap()));
    done(
        store
            .apply_shared(a, Some(5), Some(game), shared_increment(a, b, game))
            .await
            .unwrap(),
    );
    let game_before = store.load_game(game).await.unwrap();
    let b_before = store.load(b).await.unwrap();
    let mut f = shared_increment(b, a, game);
    let change = f(
        stale.record.as_ref(),
        stale.game.as_ref().and_then(|(_, g)| g.as_ref()),
    );
    assert_eq!(
        store.commit(&stale, Some(4), change).await.unwrap(),
        Committed::Conflict
    );
    assert_eq!(store.load_game(game).await.unwrap(), game_before);
    assert_eq!(store.load(b).await.unwrap(), b_before);
    assert_eq!(store.events(a, 0).await.unwrap().len(), events + 1);
    // A snapshot taken anew commits.
    let mut fresh = store.snapshot(b, Some(4)).await.unwrap();
    fresh.game = Some((game, store.load_game(game).await.unwrap()));
    let change = f(
        fresh.record.as_ref(),
        fresh.game.as_ref().and_then(|(_, g)| g.as_ref()),
    );
    assert!(matches!(
        store.commit(&fresh, Some(4), change).await.unwrap(),
        Committed::Done(_)
    ));
    assert_eq!(
        store.load_game(game).await.unwrap().unwrap().version,
        game_before.unwrap().version + 1
    );
    // And a key applied since the snapshot is a duplicate, not a second application.
    let late = store.snapshot(b, Some(4)).await.unwrap();
    assert!(late.applied);
    // Even at the version read: a snapshot that did not look for the key (taken without
    // one), committed with a key already applied, is a duplicate and stores nothing.
    let unkeyed = store.snapshot(b, None).await.unwrap();
    let b_before = store.load(b).await.unwrap();
    let events_before = store.events(b, 0).await.unwrap().len();
    let change = SharedChange::alone(increment(unkeyed.record.as_ref()));
    assert_eq!(
        store.commit(&unkeyed, Some(4), change).await.unwrap(),
        Committed::Duplicate
    );
    assert_eq!(store.load(b).await.unwrap(), b_before);
    assert_eq!(store.events(b, 0).await.unwrap().len(), events_before);
}

/// One input to `learner` that writes `events` and changes classes by `ops`.
fn class_change(
    record: Option<&LearnerRecord>,
    events: &[(&str, serde_json::Value)],
    ops: &[ClassOp],
) -> SharedChange<i64> {
    let mut change = increment(record);
    // Tallied as the tutor tallies them: by the value of the field the report names.
    change.events = events
        .iter()
        .map(|(k, p)| {
            let tally = REPORTED
                .iter()
                .find(|(kind, _)| kind == k)
                .and_then(|(_, field)| p.get(field))
                .map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_owned));
            Event::new(*k, p.clone()).tallied(tally)
        })
        .collect();
    let mut shared = SharedChange::alone(change);
    shared.class = ops.to_vec();
    shared
}

async fn class_step(
    store: &Store,
    learner: i64,
    events: &[(&str, serde_json::Value)],
    ops: &[ClassOp],
) {
    done(
        store
            .apply_shared(LearnerId(learner), None, None, |record, _| {
                class_change(record, events, ops)
            })
            .await
            .unwrap(),
    );
}

const REPORTED: [(&str, &str); 4] = [
    ("step_done", "step"),
    ("lesson_done", "lesson"),
    ("illegal_move", "code"),
    ("puzzle_result", "solved"),
];

/// Issue 29: a class made in a group's step; members joining in later steps; a student's own
/// events counted for the class only from the moment they joined; poll answers kept only
/// from students, to an open quiz, with an option of its own; a student who leaves has no
/// class data left; a second class for one chat is a conflict.
async fn a_class_keeps_its_members_answers_and_figures_and_a_leaver_leaves_nothing(db: &Db) {
    let store = db.open().await;
    const GROUP: i64 = -100_500;
    const CLASS: i64 = 10;
    let (teacher, ann, bo) = (1, 2, 3);
    class_step(
        &store,
        GROUP,
        &[],
        &[ClassOp::Create {
            id: CLASS,
            chat: GROUP,
            title: "Club".into(),
            lang: "en".into(),
            topic: Some(42),
            teacher: (teacher, "T".into()),
        }],
    )
    .await;
    let class = store.class_of_chat(GROUP).await.unwrap().expect("a class");
    assert_eq!(
        (class.id, class.lang.as_str(), class.topic),
        (CLASS, "en", Some(42))
    );
    assert_eq!(store.class_by_id(CLASS).await.unwrap(), Some(class));
    // Before Ann joins: not counted.
    class_step(
        &store,
        ann,
        &[(
            "illegal_move",
            json!({"kind": "illegal_move", "code": "pinned"}),
        )],
        &[],
    )
    .await;
    tokio::time::sleep(Duration::from_millis(20)).await;
    for (user, name) in [(ann, "Ann"), (bo, "Bo")] {
        class_step(
            &store,
            GROUP,
            &[],
            &[ClassOp::Join {
                class: CLASS,
                user,
                name: name.into(),
                role: "student".into(),
            }],
        )
        .await;
    }
    tokio::time::sleep(Duration::from_millis(20)).await;
    let ev = |kind: &str, field: &str, value: serde_json::Value| {
        let mut payload = json!({ "kind": kind });
        payload[field] = value;
        (kind.to_owned(), payload)
    };
    let after = [
        ev("step_done", "step", json!("rook-1")),
        ev("step_done", "step", json!("rook-1")),
        ev("step_done", "step", json!("rook-2")),
        ev("lesson_done", "lesson", json!("rook")),
        ev("illegal_move", "code", json!("pinned")),
        ev("illegal_move", "code", json!("pinned")),
        ev("illegal_move", "code", json!("castling_through_check")),
        ev("puzzle_result", "solved", json!(true)),
        ev("puzzle_result", "solved", json!(false)),
        ev("quiz_answer", "item", json!("q")),
    ];
    let after: Vec<(&str, serde_json::Value)> =
        after.iter().map(|(k, p)| (k.as_str(), p.clone())).collect();
    class_step(&store, ann, &after, &[]).await;
    // A quiz, its poll, and the answers.
    class_step(
        &store,
        GROUP,
        &[],
        &[ClassOp::PostQuiz {
            id: 50,
            class: CLASS,
            item: "castle-through-check".into(),
            correct: 1,
            options: json!(["a", "b", "c"]),
        }],
    )
    .await;
    let open = store.open_quiz(CLASS).await.unwrap().expect("an open quiz");
    assert_eq!((open.id, open.correct, open.message), (50, 1, None));
    // Telegram has not said which poll it is yet: no quiz is that poll, one is pending.
    assert_eq!(store.quiz_of_poll("p-1").await.unwrap(), None);
    assert!(store.quiz_poll_pending(0).await.unwrap());
    assert!(
        !store.quiz_poll_pending(i64::MAX).await.unwrap(),
        "only a quiz posted since"
    );
    store.set_quiz_poll(50, "p-1", 77).await.unwrap();
    assert!(!store.quiz_poll_pending(0).await.unwrap());
    let polled = store
        .quiz_of_poll("p-1")
        .await
        .unwrap()
        .expect("the poll's quiz");
    assert_eq!(
        (polled.quiz.id, polled.quiz.class, polled.closed),
        (50, CLASS, false)
    );
    assert_eq!(
        store.open_quiz(CLASS).await.unwrap().unwrap().message,
        Some(77)
    );
    // Answers are written by the voters' own steps (who may answer is the tutor's to say).
    let answer = |user: i64, chosen: i64| ClassOp::Answer {
        quiz: 50,
        user,
        chosen,
    };
    class_step(&store, ann, &[], &[answer(ann, 0)]).await;
    // Changed: the last answer is kept, once.
    class_step(&store, ann, &[], &[answer(ann, 1)]).await;
    class_step(&store, bo, &[], &[answer(bo, 2)]).await;
    // Taken back, then given again.
    class_step(&store, bo, &[], &[ClassOp::Retract { quiz: 50, user: bo }]).await;
    assert_eq!(store.quiz_answers(50).await.unwrap(), [(ann, 1)]);
    class_step(&store, bo, &[], &[answer(bo, 2)]).await;
    let mut answers = store.quiz_answers(50).await.unwrap();
    answers.sort_unstable();
    assert_eq!(answers, [(ann, 1), (bo, 2)]);
    assert_eq!(
        store.quizzes_asked(CLASS).await.unwrap(),
        ["castle-through-check"]
    );
    // The figures: each member's events since they joined, by field; their answers by the
    // option chosen and the right one (which is right is the tutor's to count).
    let figures = store.class_figures(CLASS, &REPORTED, &[]).await.unwrap();
    let count = |kind: &str, value: &str| {
        figures
            .tallies
            .iter()
            .filter(|t| t.user == ann && t.kind == kind && t.value.as_deref() == Some(value))
            .map(|t| t.count)
            .sum::<i64>()
    };
    assert_eq!(count("step_done", "rook-1"), 2);
    assert_eq!(count("step_done", "rook-2"), 1);
    assert_eq!(count("lesson_done", "rook"), 1);
    assert_eq!(count("illegal_move", "pinned"), 2, "{:?}", figures.tallies);
    assert_eq!(count("illegal_move", "castling_through_check"), 1);
    assert_eq!(
        count("puzzle_result", "true") + count("puzzle_result", "1"),
        1
    );
    assert_eq!(
        count("puzzle_result", "false") + count("puzzle_result", "0"),
        1
    );
    assert!(figures.tallies.iter().all(|t| t.kind != "quiz_answer"));
    // Steps and lessons as how many different ones, when asked so.
    let distinct = store
        .class_figures(CLASS, &REPORTED, &["step_done", "lesson_done"])
        .await
        .unwrap();
    let mut ann_distinct: Vec<(String, Option<String>, i64)> = distinct
        .tallies
        .iter()
        .filter(|t| t.user == ann && t.kind.ends_with("_done"))
        .map(|t| (t.kind.clone(), t.value.clone(), t.count))
        .collect();
    ann_distinct.sort();
    assert_eq!(
        ann_distinct,
        [
            ("lesson_done".into(), None, 1),
            ("step_done".into(), None, 2)
        ]
    );
    assert_eq!(
        distinct.tallies.len(),
        figures.tallies.len() - 1,
        "rook-1 and rook-2 as one row"
    );
    let mut by_user: Vec<(i64, i64, i64, i64)> = figures
        .answers
        .iter()
        .map(|a| (a.user, a.chosen, a.correct, a.count))
        .collect();
    by_user.sort_unstable();
    assert_eq!(by_user, [(ann, 1, 1, 1), (bo, 2, 1, 1)]);
    let mut active: Vec<i64> = figures.active.iter().map(|(u, _)| *u).collect();
    active.sort_unstable();
    assert_eq!(active, [ann, bo], "both stepped their own sessions");
    // Issue 45: the tallies kept as the events were stored are what a count of the stored
    // events since each member joined gives (the report's figures before schema 10).
    let tallies = |figures: &chess_tutor_store::ClassFigures| {
        let mut t: Vec<_> = figures
            .tallies
            .iter()
            .map(|t| (t.user, t.kind.clone(), t.value.clone(), t.count, t.last))
            .collect();
        t.sort();
        t
    };
    let kept = tallies(&figures);
    assert!(kept.len() >= 7, "{kept:?}");
    assert_eq!(store.recount_class(CLASS, &REPORTED).await.unwrap(), 7);
    assert_eq!(
        tallies(&store.class_figures(CLASS, &REPORTED, &[]).await.unwrap()),
        kept,
        "counted again from the events"
    );
    // Closed: an answer computed before is a conflict, and nothing is kept.
    class_step(&store, GROUP, &[], &[ClassOp::CloseQuiz { id: 50 }]).await;
    assert_eq!(store.open_quiz(CLASS).await.unwrap(), None);
    assert!(store.quiz_of_poll("p-1").await.unwrap().unwrap().closed);
    let snapshot = store.snapshot(LearnerId(bo), None).await.unwrap();
    let change = class_change(snapshot.record.as_ref(), &[], &[answer(bo, 1)]);
    assert_eq!(
        store.commit(&snapshot, None, change).await.unwrap(),
        Committed::Conflict
    );
    assert!(store.quiz_answers(50).await.unwrap().contains(&(bo, 2)));
    // Ann leaves: nothing of hers is class data any more; her own progress stays hers.
    class_step(
        &store,
        GROUP,
        &[],
        &[ClassOp::Leave {
            class: CLASS,
            user: ann,
        }],
    )
    .await;
    assert_eq!(
        db.raw_count("SELECT COUNT(*) FROM class_members WHERE user_id = 2")
            .await,
        0
    );
    assert_eq!(
        db.raw_count("SELECT COUNT(*) FROM class_answers WHERE user_id = 2")
            .await,
        0
    );
    assert_eq!(
        db.raw_count("SELECT COUNT(*) FROM class_tallies WHERE user_id = 2")
            .await,
        0
    );
    assert!(store.classes_of(ann).await.unwrap().is_empty());
    let figures = store.class_figures(CLASS, &REPORTED, &[]).await.unwrap();
    assert!(figures.tallies.iter().all(|t| t.user != ann));
    assert!(figures.answers.iter().all(|a| a.user != ann));
    assert!(!store.events(LearnerId(ann), 0).await.unwrap().is_empty());
    // A join writes the role it is given (the tutor refuses a teacher's join as a student).
    class_step(
        &store,
        GROUP,
        &[],
        &[ClassOp::Join {
            class: CLASS,
            user: bo,
            name: "Bo".into(),
            role: "teacher".into(),
        }],
    )
    .await;
    let roles: Vec<(i64, String)> = store
        .classes_of(bo)
        .await
        .unwrap()
        .into_iter()
        .map(|(c, m)| (c.id, m.role))
        .collect();
    assert_eq!(roles, [(CLASS, "teacher".to_owned())]);
    // A second class for the same chat, or a quiz for a class that is none: a conflict.
    for ops in [
        vec![ClassOp::Create {
            id: 11,
            chat: GROUP,
            title: "Again".into(),
            lang: "zh".into(),
            topic: None,
            teacher: (teacher, "T".into()),
        }],
        vec![ClassOp::PostQuiz {
            id: 51,
            class: 999,
            item: "x".into(),
            correct: 0,
            options: json!(["a", "b"]),
        }],
    ] {
        let snapshot = store.snapshot(LearnerId(GROUP), None).await.unwrap();
        let change = class_change(snapshot.record.as_ref(), &[], &ops);
        assert_eq!(
            store.commit(&snapshot, None, change).await.unwrap(),
            Committed::Conflict
        );
    }
    assert_eq!(store.class_by_id(11).await.unwrap(), None);
    assert_eq!(db.raw_count("SELECT COUNT(*) FROM class_quizzes").await, 1);
}
