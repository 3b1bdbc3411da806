//! The shell's side of a class: loading what a class input needs from the store
//! ([`ClassLoaded`], as the tutor's [`ClassNeed`] asks). Rows only: who may do what, who is a
//! student, what counts and what is right are the tutor's to decide.

use chess_tutor_core::tutor::{
    AnswerTally, ClassId, ClassInfo, ClassLoaded, ClassNeed, ClassRows, DailyOpen, Envelope, Event,
    OpenQuiz, Person, PolledQuiz, REPORT_DISTINCT, REPORT_EVENTS, Role, Session, Tally,
};
use chess_tutor_store::{ClassRow, LearnerId, Store, StoreError};

/// What `need` asks for, loaded from the store, for an input with `envelope`.
///
/// # Errors
///
/// A store failure.
pub async fn load(
    store: &Store,
    need: &ClassNeed,
    envelope: &Envelope,
) -> Result<ClassLoaded, StoreError> {
    let sender = envelope.who.as_ref().map(|p| p.id);
    let group = envelope.group.as_ref().map(|g| g.id);
    let mut loaded = ClassLoaded::default();
    let of_chat = async || match group {
        Some(chat) => store.class_of_chat(chat).await,
        None => Ok(None),
    };
    match need {
        ClassNeed::OfChat => {
            if let Some(row) = of_chat().await? {
                let class = info(store, row).await?;
                if let Some(quiz) = store.open_quiz(class.id.0).await? {
                    let answers = store.quiz_answers(quiz.id).await?;
                    loaded.open_quiz = Some(OpenQuiz {
                        id: quiz.id,
                        item: quiz.item,
                        correct: u8::try_from(quiz.correct).unwrap_or(u8::MAX),
                        options: serde_json::from_value(quiz.options).unwrap_or_default(),
                        message: quiz.message.and_then(|m| i32::try_from(m).ok()),
                        answers: answers
                            .into_iter()
                            .filter_map(|(user, chosen)| Some((user, u8::try_from(chosen).ok()?)))
                            .collect(),
                    });
                }
                loaded.asked = store.quizzes_asked(class.id.0).await?;
                loaded.class = Some(class);
            }
            // In a group, whether the sender ever wrote to the bot in a private chat: a
            // teacher's quiz breakdown can only reach them then.
            if let (Some(user), Some(_)) = (sender, group) {
                loaded.has_chat = Some(has_chat(store, user).await?);
            }
        }
        ClassNeed::ById(id) => {
            loaded.class = by_id(store, *id).await?;
            loaded.memberships = memberships(store, sender).await?;
        }
        ClassNeed::Mine => {
            // In a group, its class too (its Join and Leave buttons are that class's).
            if let Some(row) = of_chat().await? {
                loaded.class = Some(info(store, row).await?);
            }
            loaded.memberships = memberships(store, sender).await?;
        }
        ClassNeed::Report | ClassNeed::ReportTries => {
            if let Some(row) = of_chat().await? {
                loaded.class = Some(info(store, row).await?);
            }
            loaded.memberships = memberships(store, sender).await?;
            let tries = matches!(need, ClassNeed::ReportTries);
            for (class, role) in &loaded.memberships {
                if *role == Role::Teacher {
                    loaded.figures.push(rows(store, class, tries).await?);
                }
            }
        }
        ClassNeed::Daily { class, day } | ClassNeed::Solving { class, day } => {
            loaded.class = by_id(store, *class).await?;
            loaded.daily = daily(store, *class, *day).await?;
        }
        ClassNeed::DailyReply { day } => {
            if let Some(row) = of_chat().await? {
                let class = info(store, row).await?;
                loaded.daily = daily(store, class.id, *day).await?;
                loaded.class = Some(class);
            }
        }
        ClassNeed::Tick { class, day, week } => {
            if let Some(info) = by_id(store, *class).await? {
                loaded.daily = daily(store, *class, *day).await?;
                loaded.weekly_posted = store.weekly_posted(class.0, *week).await?;
                if !loaded.weekly_posted {
                    loaded.figures.push(rows(store, &info, false).await?);
                }
                loaded.class = Some(info);
            }
        }
        ClassNeed::Top => {
            if let Some(row) = of_chat().await? {
                let class = info(store, row).await?;
                loaded.figures.push(rows(store, &class, false).await?);
                loaded.class = Some(class);
            }
        }
        ClassNeed::Poll {
            poll,
            pending_since,
        } => match store.quiz_of_poll(poll).await? {
            Some(polled) => {
                loaded.class = by_id(store, ClassId(polled.quiz.class)).await?;
                loaded.polled = Some(PolledQuiz {
                    id: polled.quiz.id,
                    options: polled.quiz.options.as_array().map_or(0, Vec::len),
                    closed: polled.closed,
                });
            }
            None => loaded.poll_pending = store.quiz_poll_pending(*pending_since).await?,
        },
    }
    Ok(loaded)
}

/// Whether `user` ever wrote to the bot in a private chat: their session is stored and was
/// not made by poll answers alone.
async fn has_chat(store: &Store, user: i64) -> Result<bool, StoreError> {
    Ok(match store.load(LearnerId(user)).await? {
        None => false,
        Some(record) => Session::from_stored(&record.state).map_or(true, |s| !s.only_voted),
    })
}

/// The classes `sender` belongs to, with their role.
async fn memberships(
    store: &Store,
    sender: Option<i64>,
) -> Result<Vec<(ClassInfo, Role)>, StoreError> {
    let Some(user) = sender else {
        return Ok(Vec::new());
    };
    let mut out = Vec::new();
    for (row, member) in store.classes_of(user).await? {
        let Some(role) = Role::parse(&member.role) else {
            continue;
        };
        out.push((info(store, row).await?, role));
    }
    Ok(out)
}

/// Class `id` with its members, if stored.
async fn by_id(store: &Store, id: ClassId) -> Result<Option<ClassInfo>, StoreError> {
    match store.class_by_id(id.0).await? {
        Some(row) => Ok(Some(info(store, row).await?)),
        None => Ok(None),
    }
}

/// Class `class`'s puzzle of `day`, if posted, with its solvers.
async fn daily(store: &Store, class: ClassId, day: i64) -> Result<Option<DailyOpen>, StoreError> {
    Ok(store.daily(class.0, day).await?.and_then(|row| {
        Some(DailyOpen {
            day,
            puzzle: row.puzzle.parse().ok()?,
            message: row.message,
            solvers: row.solvers,
        })
    }))
}

/// A class with its members.
async fn info(store: &Store, row: ClassRow) -> Result<ClassInfo, StoreError> {
    let mut class = ClassInfo {
        id: ClassId(row.id),
        chat: row.chat,
        title: row.title,
        // A language this release does not know reads as the default.
        lang: row.lang.parse().unwrap_or_default(),
        teachers: Vec::new(),
        students: Vec::new(),
        topic: row.topic.and_then(|t| i32::try_from(t).ok()),
    };
    for member in store.class_members(row.id).await? {
        let person = Person {
            id: member.user,
            name: member.name,
        };
        match Role::parse(&member.role) {
            Some(Role::Teacher) => class.teachers.push(person),
            Some(Role::Student) => class.students.push(person),
            None => {}
        }
    }
    Ok(class)
}

/// The rows `class`'s report is counted from; with `tries`, each member's last refused move of
/// each rule they broke (the event it was kept with).
async fn rows(store: &Store, class: &ClassInfo, tries: bool) -> Result<ClassRows, StoreError> {
    let figures = store
        .class_figures(class.id.0, &REPORT_EVENTS, &REPORT_DISTINCT)
        .await?;
    let count = |n: i64| u32::try_from(n).unwrap_or(u32::MAX);
    let mut rows = ClassRows {
        class: class.clone(),
        tallies: figures
            .tallies
            .iter()
            .map(|t| Tally {
                user: t.user,
                kind: t.kind.clone(),
                value: t.value.clone(),
                count: count(t.count),
            })
            .collect(),
        answers: figures
            .answers
            .iter()
            .map(|a| AnswerTally {
                user: a.user,
                chosen: a.chosen,
                correct: a.correct,
                count: count(a.count),
                last_ms: a.last,
            })
            .collect(),
        active: figures.active.clone(),
        solves: figures
            .solves
            .iter()
            .map(|(user, place)| (*user, count(*place)))
            .collect(),
        tries: Vec::new(),
    };
    if tries {
        const KIND: &str = "illegal_move";
        let members: Vec<i64> = class
            .teachers
            .iter()
            .chain(&class.students)
            .map(|p| p.id)
            .collect();
        let seqs: Vec<i64> = figures
            .tallies
            .iter()
            .filter(|t| t.kind == KIND)
            .map(|t| t.last)
            .collect();
        for (user, seq, payload) in store
            .class_events(class.id.0, &members, &[KIND], &seqs)
            .await?
        {
            match serde_json::from_str::<Event>(&payload) {
                Ok(event) => rows.tries.extend(event.last_try().map(|t| (user, t))),
                // Left in the store as it is: shown as not kept.
                Err(e) => tracing::warn!(seq, error = %e, "a refusal's stored event does not read"),
            }
        }
    }
    Ok(rows)
}

/// Today, as days since 1970-01-01 UTC, and the minute of it now: the day of a class's
/// puzzle of the day.
#[must_use]
pub fn today() -> (i64, i64) {
    const DAY_MS: i64 = 86_400_000;
    let ms = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX));
    (ms.div_euclid(DAY_MS), ms.rem_euclid(DAY_MS) / 60_000)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess_tutor_core::tutor::{Catalog, Input, Request};
    use chess_tutor_store::{Backend, ClassOp};
    use std::time::Instant;

    const STUDENTS: i64 = 100;
    /// Events a student stores in a year: about 40 on each of 300 active days.
    const EVENTS: i64 = 12_000;
    const TEACHER: i64 = 10_077;
    const CLASS: i64 = 4242;
    const YEAR_MS: i64 = 365 * 86_400_000;

    /// Eight refusals as the tutor keeps them: the rule, the position, the move.
    const TRIES: [(&str, &str, &str); 8] = [
        (
            "pinned",
            "r1bqk2r/pppp1ppp/2n2n2/4p3/NbP5/5N2/PP1PPPPP/R1BQKB1R w KQkq - 1 5",
            "d2d4",
        ),
        (
            "wrong_movement",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "b1b3",
        ),
        (
            "path_blocked",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "a1a3",
        ),
        ("king_into_check", "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", "e1d2"),
        ("still_in_check", "4k3/8/8/8/8/8/8/R3K2r w - - 0 1", "a1a2"),
        (
            "castling_through_check",
            "4k3/8/8/8/8/8/5r2/4K2R w K - 0 1",
            "e1g1",
        ),
        (
            "en_passant_expired",
            "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1",
            "e5d6",
        ),
        (
            "pawn_forward_capture",
            "4k3/8/8/8/8/4p3/4P3/4K3 w - - 0 1",
            "e2e3",
        ),
    ];

    /// The refusals of the year are refused by the referee for the rule they are kept under.
    #[test]
    fn the_years_refusals_are_each_refused_for_their_rule() {
        for (code, fen, tried) in TRIES {
            let pos = chess_tutor_core::rules::parse_fen(fen).unwrap();
            let uci: shakmaty::uci::UciMove = tried.parse().unwrap();
            let shakmaty::uci::UciMove::Normal { from, to, .. } = uci else {
                panic!("{tried}");
            };
            match chess_tutor_core::rules::explain_squares(&pos, from, to, None) {
                chess_tutor_core::rules::Verdict::Illegal(reason) => {
                    assert_eq!(reason.code(), code, "{fen} {tried}");
                }
                other => panic!("{code}: {other:?}"),
            }
        }
    }

    /// A year of a class, written straight into the store: 100 students with `EVENTS` events
    /// each spread over the year (refused moves under eight codes, puzzles, quiz answers,
    /// steps, lessons, games), two class quizzes a week answered by everyone.
    /// Returns the time the tallies took to count from the events, and their rows.
    async fn a_year(store: &Store, start_ms: i64) -> (std::time::Duration, u64) {
        let kind = "CASE i % 20 WHEN 0 THEN 'illegal_move' WHEN 1 THEN 'illegal_move'
            WHEN 2 THEN 'illegal_move' WHEN 3 THEN 'illegal_move' WHEN 4 THEN 'illegal_move'
            WHEN 5 THEN 'illegal_move' WHEN 6 THEN 'puzzle_result' WHEN 7 THEN 'puzzle_result'
            WHEN 8 THEN 'puzzle_result' WHEN 9 THEN 'puzzle_result' WHEN 10 THEN 'puzzle_result'
            WHEN 16 THEN 'game_result' WHEN 17 THEN 'game_started' WHEN 18 THEN 'step_done'
            WHEN 19 THEN 'lesson_done' ELSE 'quiz_answer' END";
        // A refusal under one of eight codes, with a position and a move the referee refuses
        // for that code (as the tutor keeps them).
        let illegal = format!(
            "(CASE (i / 20 + s) % 8 {} END)",
            TRIES
                .iter()
                .enumerate()
                .map(|(k, (code, fen, tried))| format!(
                    "WHEN {k} THEN '{}'",
                    serde_json::json!({"kind": "illegal_move", "code": code, "fen": fen, "tried": tried})
                ))
                .collect::<Vec<_>>()
                .join(" ")
        );
        let payload = "CASE
            WHEN i % 20 < 6 THEN ILLEGAL
            WHEN i % 20 < 11 THEN '{\"kind\":\"puzzle_result\",\"puzzle\":\"p' || (i % 500)
                || '\",\"solved\":' || (CASE WHEN i % 3 = 0 THEN 'false' ELSE 'true' END)
                || ',\"points\":' || (i % 400) || '}'
            WHEN i % 20 = 16 THEN '{\"kind\":\"game_result\",\"level\":2,\"ending\":\"checkmate\",\"result\":\"1-0\",\"points\":12}'
            WHEN i % 20 = 17 THEN '{\"kind\":\"game_started\",\"level\":2,\"learner\":\"white\"}'
            WHEN i % 20 = 18 THEN '{\"kind\":\"step_done\",\"step\":\"s' || (i % 239) || '\"}'
            WHEN i % 20 = 19 THEN '{\"kind\":\"lesson_done\",\"lesson\":\"l' || (i % 20) || '\"}'
            ELSE '{\"kind\":\"quiz_answer\",\"item\":\"q' || (i % 264) || '\",\"correct\":true}' END"
            .replace("ILLEGAL", &illegal);
        let step_ms = YEAR_MS / EVENTS;
        let ops = vec![ClassOp::Create {
            id: CLASS,
            chat: -CLASS,
            title: "A year".into(),
            lang: "en".into(),
            topic: None,
            teacher: (TEACHER, "T".into()),
        }];
        let (pg_url, sqlite_path) = match store.location() {
            chess_tutor_store::Location::Postgres(url) => (Some(url.clone()), None),
            chess_tutor_store::Location::Sqlite(path) => (None, Some(path.clone())),
        };
        store
            .apply_shared(LearnerId(-CLASS), None, None, |_, _| {
                let mut change =
                    chess_tutor_store::SharedChange::alone(chess_tutor_store::Change {
                        state: serde_json::json!({}),
                        events: Vec::new(),
                        output: (),
                        unsent: None,
                    });
                change.class = ops.clone();
                change
            })
            .await
            .unwrap();
        match (pg_url, sqlite_path) {
            (Some(url), _) => {
                let pool = sqlx::PgPool::connect(&url).await.unwrap();
                let run = |sql: String| {
                    let pool = pool.clone();
                    async move {
                        sqlx::query(sqlx::AssertSqlSafe(sql))
                            .execute(&pool)
                            .await
                            .unwrap();
                    }
                };
                run(format!(
                    "INSERT INTO learners (id, state, version) SELECT s, '{{}}', 1
                     FROM generate_series(1, {STUDENTS}) AS s"
                ))
                .await;
                run(format!(
                    "INSERT INTO class_members (class_id, user_id, role, name, joined_at)
                     SELECT {CLASS}, s, 'student', 'S' || s, {start_ms}
                     FROM generate_series(1, {STUDENTS}) AS s"
                ))
                .await;
                run(format!(
                    "INSERT INTO learner_events (learner_id, version, kind, payload, created_at)
                     SELECT s, i + 1, {kind}, ({payload})::jsonb,
                            to_timestamp(({start_ms} + i::bigint * {step_ms}) / 1000.0)
                     FROM generate_series(1, {STUDENTS}) AS s,
                          generate_series(0, {EVENTS} - 1) AS i"
                ))
                .await;
                run(format!(
                    "INSERT INTO class_quizzes (id, class_id, item, correct, options, posted_at, closed_at)
                     SELECT q, {CLASS}, 'q' || q, q % 2, '[\"a\",\"b\",\"c\"]'::jsonb,
                            {start_ms} + q::bigint * 3 * 86400000,
                            {start_ms} + q::bigint * 3 * 86400000 + 600000
                     FROM generate_series(1, 104) AS q"
                ))
                .await;
                run(format!(
                    "INSERT INTO class_answers (quiz_id, user_id, chosen, answered_at)
                     SELECT q, s, (q + s) % 3, {start_ms} + q::bigint * 3 * 86400000 + 60000
                     FROM generate_series(1, 104) AS q, generate_series(1, {STUDENTS}) AS s"
                ))
                .await;
                run("ANALYZE".into()).await;
                pool.close().await;
            }
            (None, Some(path)) => {
                let pool = sqlx::SqlitePool::connect(&format!("sqlite://{}", path.display()))
                    .await
                    .unwrap();
                let series = |n: i64, name: &str| {
                    format!(
                        "{name}(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM {name} WHERE i < {n} - 1)"
                    )
                };
                let statements = [
                    format!(
                        "WITH RECURSIVE {} INSERT INTO learners (id, state, version)
                         SELECT i + 1, '{{}}', 1 FROM st",
                        series(STUDENTS, "st")
                    ),
                    format!(
                        "WITH RECURSIVE {} INSERT INTO class_members (class_id, user_id, role, name, joined_at)
                         SELECT {CLASS}, i + 1, 'student', 'S' || (i + 1), {start_ms} FROM st",
                        series(STUDENTS, "st")
                    ),
                    format!(
                        "WITH RECURSIVE {}, {} INSERT INTO learner_events (learner_id, version, kind, payload, created_at)
                         SELECT s, i + 1, {kind}, {payload},
                                strftime('%Y-%m-%dT%H:%M:%fZ', ({start_ms} + i * {step_ms}) / 1000.0, 'unixepoch')
                         FROM (SELECT i + 1 AS s FROM st), ev",
                        series(STUDENTS, "st"),
                        series(EVENTS, "ev")
                    ),
                    format!(
                        "WITH RECURSIVE {} INSERT INTO class_quizzes (id, class_id, item, correct, options, posted_at, closed_at)
                         SELECT i + 1, {CLASS}, 'q' || i, i % 2, '[\"a\",\"b\",\"c\"]',
                                {start_ms} + i * 3 * 86400000, {start_ms} + i * 3 * 86400000 + 600000
                         FROM qz",
                        series(104, "qz")
                    ),
                    format!(
                        "WITH RECURSIVE {}, {} INSERT INTO class_answers (quiz_id, user_id, chosen, answered_at)
                         SELECT q.i + 1, st.i + 1, (q.i + st.i) % 3, {start_ms} + q.i * 3 * 86400000 + 60000
                         FROM qz AS q, st",
                        series(104, "qz"),
                        series(STUDENTS, "st")
                    ),
                    "ANALYZE".to_owned(),
                ];
                for sql in statements {
                    sqlx::query(sqlx::AssertSqlSafe(sql))
                        .execute(&pool)
                        .await
                        .unwrap();
                }
                pool.close().await;
            }
            _ => unreachable!(),
        }
        // Written straight into the tables, the events were not tallied as the bot tallies
        // them: counted from the events, as the migration to schema 10 counted a store's.
        let started = Instant::now();
        let rows = store
            .recount_class(CLASS, &chess_tutor_core::tutor::REPORT_EVENTS)
            .await
            .unwrap();
        (started.elapsed(), rows)
    }

    /// The report for the teacher, as `/report` builds it: loaded, then worded.
    async fn build_report(store: &Store, catalog: &Catalog) -> (usize, usize) {
        let t = teacher_asks(store, catalog, "/report").await;
        let words = t.replies()[0].text.len();
        let csv = t.replies()[1].document.as_ref().map_or(0, |d| d.text.len());
        (words, csv)
    }

    /// One student's last tries on the board, as `/report 50` builds them (the pictures are
    /// drawn by the shell afterwards): how many boards.
    async fn build_tries(store: &Store, catalog: &Catalog) -> usize {
        let t = teacher_asks(store, catalog, "/report 50").await;
        t.replies()
            .into_iter()
            .filter(|r| r.board.is_some())
            .count()
    }

    async fn teacher_asks(
        store: &Store,
        catalog: &Catalog,
        text: &str,
    ) -> chess_tutor_core::tutor::Transition {
        let envelope = Envelope {
            client_lang: Some("en".into()),
            who: Some(Person {
                id: TEACHER,
                name: "T".into(),
            }),
            ..Envelope::default()
        };
        let session = Session {
            lang: Some(chess_tutor_core::rules::Lang::En),
            ..Session::default()
        };
        let request = Request::new(session, Input::Text(text.into()), envelope);
        let need = chess_tutor_core::tutor::needs(&request)
            .class
            .expect("a class input");
        let loaded = load(store, &need, request.envelope()).await.unwrap();
        chess_tutor_core::tutor::step(request.with_class(loaded), catalog)
    }

    /// Issue 29's figures: the time to build the report of a class of 100 students with a
    /// year of events (1.2 million), and what that year costs the store. Run with
    /// `cargo test -p chess-tutor --bin chess-tutor a_year_of_a_class -- --ignored --nocapture`
    /// (also on PostgreSQL with `CHESS_TUTOR_TEST_DATABASE_URL` set).
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    #[ignore = "a benchmark: a minute or two"]
    async fn a_year_of_a_class_of_100_students() {
        let catalog = Catalog::shipped().unwrap();
        let dir = tempfile::tempdir().unwrap();
        let mut targets = vec![dir.path().join("year.sqlite3").display().to_string()];
        let mut schema = None;
        if let Ok(base) = std::env::var("CHESS_TUTOR_TEST_DATABASE_URL") {
            let admin = sqlx::PgPool::connect(&base).await.unwrap();
            let name = format!("chess_tutor_year_{}", std::process::id());
            sqlx::query(sqlx::AssertSqlSafe(format!("CREATE SCHEMA {name}")))
                .execute(&admin)
                .await
                .unwrap();
            let separator = if base.contains('?') { '&' } else { '?' };
            targets.push(format!("{base}{separator}options[search_path]={name}"));
            schema = Some((admin, name));
        }
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_millis() as i64;
        for target in targets {
            let store = Store::open(&target).await.unwrap();
            let size_before = size(&store, dir.path()).await;
            let started = Instant::now();
            let (recounted, tally_rows) = a_year(&store, now - YEAR_MS).await;
            let written = started.elapsed();
            let size_after = size(&store, dir.path()).await;
            let mut times = Vec::new();
            let mut shape = (0, 0);
            for _ in 0..5 {
                let started = Instant::now();
                shape = build_report(&store, &catalog).await;
                times.push(started.elapsed());
            }
            times.sort();
            let mut tries_times = Vec::new();
            let mut boards = 0;
            for _ in 0..5 {
                let started = Instant::now();
                boards = build_tries(&store, &catalog).await;
                tries_times.push(started.elapsed());
            }
            tries_times.sort();
            let backend = match store.backend() {
                Backend::Sqlite => "SQLite",
                Backend::Postgres => "PostgreSQL",
            };
            println!(
                "{backend}: {STUDENTS} students x {EVENTS} events ({} in all) written in {:.1} s; \
                 store {:.1} MiB before, {:.1} MiB after ({:.0} bytes an event); \
                 report built in {:?} median, {:?} fastest, {:?} slowest of 5 \
                 ({} bytes of words, {} of CSV); one student's last tries in {:?} median \
                 ({} boards); the class's tallies ({} rows) counted from the events in {:.1} s",
                STUDENTS * EVENTS,
                written.as_secs_f64(),
                size_before as f64 / 1_048_576.0,
                size_after as f64 / 1_048_576.0,
                (size_after - size_before) as f64 / (STUDENTS * EVENTS) as f64,
                times[2],
                times[0],
                times[4],
                shape.0,
                shape.1,
                tries_times[2],
                boards,
                tally_rows,
                recounted.as_secs_f64(),
            );
            assert!(shape.1 > 0);
            assert_eq!(boards, 3, "the student's three rules, each drawn");
            store.close().await;
        }
        if let Some((admin, name)) = schema {
            sqlx::query(sqlx::AssertSqlSafe(format!("DROP SCHEMA {name} CASCADE")))
                .execute(&admin)
                .await
                .unwrap();
        }
    }

    /// The store's size on disk: the SQLite file and its WAL, or the PostgreSQL schema's
    /// tables with their indexes.
    async fn size(store: &Store, dir: &std::path::Path) -> i64 {
        match store.location() {
            chess_tutor_store::Location::Sqlite(path) => {
                let pool = sqlx::SqlitePool::connect(&format!("sqlite://{}", path.display()))
                    .await
                    .unwrap();
                // Everything in the main file, so that the size is the data's.
                sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
                    .execute(&pool)
                    .await
                    .unwrap();
                pool.close().await;
                let _ = dir;
                std::fs::metadata(path).map_or(0, |m| m.len() as i64)
            }
            chess_tutor_store::Location::Postgres(url) => {
                let pool = sqlx::PgPool::connect(url).await.unwrap();
                let n: i64 = sqlx::query_scalar(
                    "SELECT COALESCE(SUM(pg_total_relation_size(c.oid)), 0)::bigint
                     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                     WHERE n.nspname = current_schema() AND c.relkind = 'r'",
                )
                .fetch_one(&pool)
                .await
                .unwrap();
                pool.close().await;
                n
            }
        }
    }
}
