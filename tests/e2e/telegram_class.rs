//! Issue 29, the class in a group, through the real binary and the fake Bot API: a class of
//! 30 students in a supergroup answering a quiz poll; a teacher's report whose figures are
//! what each student did in their private chat; a student who leaves and leaves nothing; a
//! non-teacher's `/report` refused, in English and Chinese; bad input that changes nothing.
//! On SQLite, and on PostgreSQL too when `CHESS_TUTOR_TEST_DATABASE_URL` is set.

use std::path::Path;
use std::time::{Duration, Instant};

use crate::fake_bot_api::{
    BotProcess, Call, Fake, button, member_press, member_text, press, start, text_in,
};
use chess_tutor_store::{LearnerId, Store};

/// A message `text` in the private chat of `id`, whose first name is `name`.
fn private(id: i64, name: &str, lang: &str, text: &str) -> serde_json::Value {
    let mut update = text_in(id, text, lang);
    update["message"]["from"]["first_name"] = json!(name);
    update["message"]["chat"]["first_name"] = json!(name);
    update
}
use serde_json::json;

const TOKEN: &str = "123:abc";
const GROUP: i64 = -100_290_001;
const TEACHER: i64 = 500;
const PG_ENV: &str = "CHESS_TUTOR_TEST_DATABASE_URL";

/// Where a test's bot keeps its data: a folder with the SQLite file, or a PostgreSQL schema.
struct Data {
    dir: tempfile::TempDir,
    postgres: Option<String>,
}

impl Data {
    fn sqlite() -> Data {
        Data {
            dir: tempfile::tempdir().unwrap(),
            postgres: None,
        }
    }

    /// A fresh schema on the test server, or `None` when none is configured.
    async fn postgres(tag: &str) -> Option<Data> {
        let base = std::env::var(PG_ENV).ok()?;
        let admin = sqlx::PgPool::connect(&base).await.expect("the test server");
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let schema = format!("chess_tutor_class_{tag}_{}_{nanos}", std::process::id());
        sqlx::query(sqlx::AssertSqlSafe(format!("CREATE SCHEMA {schema}")))
            .execute(&admin)
            .await
            .unwrap();
        let separator = if base.contains('?') { '&' } else { '?' };
        Some(Data {
            dir: tempfile::tempdir().unwrap(),
            postgres: Some(format!("{base}{separator}options[search_path]={schema}")),
        })
    }

    fn path(&self) -> &Path {
        self.dir.path()
    }

    /// The bot, by long polling, on this data.
    fn bot(&self, fake: &Fake) -> BotProcess {
        let (mut command, log) =
            BotProcess::command(fake, self.path(), TOKEN, &["--poll-timeout", "1"]);
        command.env_remove("DATABASE_URL");
        if let Some(url) = &self.postgres {
            command.env("DATABASE_URL", url);
        }
        BotProcess::start(command, log)
    }

    /// The store the bot uses (opened beside it).
    async fn store(&self) -> Store {
        let target = match &self.postgres {
            Some(url) => url.clone(),
            None => self
                .path()
                .join("chess-tutor.sqlite3")
                .display()
                .to_string(),
        };
        // The bot creates it; wait for that.
        let end = Instant::now() + Duration::from_secs(20);
        loop {
            if self.postgres.is_some() || self.path().join("chess-tutor.sqlite3").exists() {
                if let Ok(store) = Store::open(&target).await {
                    return store;
                }
            }
            assert!(Instant::now() < end, "the store never opened");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// `SELECT COUNT(*) …` on the bot's tables, behind the store's back.
    async fn count(&self, sql: &str) -> i64 {
        match &self.postgres {
            Some(url) => {
                let pool = sqlx::PgPool::connect(url).await.unwrap();
                let n = sqlx::query_scalar(sqlx::AssertSqlSafe(sql.to_owned()))
                    .fetch_one(&pool)
                    .await
                    .unwrap();
                pool.close().await;
                n
            }
            None => {
                let file = self.path().join("chess-tutor.sqlite3");
                let pool = sqlx::SqlitePool::connect(&format!("sqlite://{}", file.display()))
                    .await
                    .unwrap();
                let n = sqlx::query_scalar(sqlx::AssertSqlSafe(sql.to_owned()))
                    .fetch_one(&pool)
                    .await
                    .unwrap();
                pool.close().await;
                n
            }
        }
    }
}

/// Waits until `check` holds of the store, polling.
async fn until<F, Fut>(what: &str, secs: u64, check: F)
where
    F: Fn() -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    let end = Instant::now() + Duration::from_secs(secs);
    while !check().await {
        assert!(Instant::now() < end, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The class made by `TEACHER` in `GROUP`, in the teacher's language `lang`: the card (with
/// its Join button) and the link's payload.
async fn make_class(fake: &Fake, lang: &str, made: &str) -> (Call, String) {
    fake.set_admin(GROUP, TEACHER);
    // The teacher's own chat, where the breakdowns and the report go.
    fake.push(start(TEACHER, lang));
    fake.wait(20, "the teacher's welcome", |s| {
        s.calls
            .iter()
            .any(|c| c.chat == Some(TEACHER))
            .then_some(())
    })
    .await;
    fake.push(member_text(GROUP, TEACHER, "Tess", lang, "/class"));
    let card = fake.wait_text(GROUP, made).await;
    let payload = card
        .text
        .split("start=")
        .nth(1)
        .and_then(|s| s.split_whitespace().next())
        .expect("the class's link")
        .to_owned();
    assert!(payload.starts_with("class-"), "{payload}");
    (card, payload)
}

/// The class's id in the store.
async fn class_id(store: &Store) -> i64 {
    store
        .class_of_chat(GROUP)
        .await
        .unwrap()
        .expect("the group is a class")
        .id
}

/// The poll the bot sent to the group after `after` calls, its id in the fake, and its
/// message once the store knows it as the class's open quiz.
async fn posted_poll(fake: &Fake, store: &Store, class: i64, after: usize) -> (Call, String) {
    let call = fake
        .wait(20, "a poll in the group", |s| {
            s.calls
                .iter()
                .skip(after)
                .find(|c| c.method == "sendpoll" && c.chat == Some(GROUP))
                .cloned()
        })
        .await;
    let message = call.message.expect("the poll's message");
    let (poll, _) = fake
        .poll_of(GROUP, message)
        .expect("the fake keeps the poll");
    // The bot notes which poll the quiz became just after Telegram answers.
    until("the quiz's poll noted", 20, || async {
        store
            .open_quiz(class)
            .await
            .unwrap()
            .is_some_and(|q| q.message == Some(message))
    })
    .await;
    (call, poll)
}

/// Issue 29: a class of 30 students in a supergroup (15 join with the button in the group,
/// 15 with the link in their own chat); a quiz poll of the bank answered by every one of
/// them; the group's result and the teacher's breakdown (who answered what, the most common
/// wrong answer) right; a poll answer of a stranger or for an unknown poll kept nowhere.
async fn thirty_students_answer_a_quiz_poll(data: Data) {
    let fake = Fake::start().await;
    let bot = data.bot(&fake);
    let (card, payload) = make_class(&fake, "en", "This group is now a class").await;
    let join = button(&card, "Join the class");
    let store = data.store().await;
    let class = class_id(&store).await;
    let students: Vec<(i64, String)> = (1..=30).map(|i| (1000 + i, format!("S{i}"))).collect();
    for (n, (id, name)) in students.iter().enumerate() {
        if n % 2 == 0 {
            fake.push(member_press(
                GROUP,
                *id,
                (name, "en"),
                &join,
                1,
                card.message.unwrap(),
            ));
        } else {
            fake.push(private(*id, name, "en", &format!("/start {payload}")));
        }
    }
    for (n, (id, name)) in students.iter().enumerate() {
        if n % 2 == 0 {
            let toast = fake.wait_answer(&format!("cb-{id}-{join}-1")).await;
            assert!(
                toast.body.to_string().contains("You joined «Chess club»"),
                "{name}: {:?}",
                toast.body
            );
        } else {
            fake.wait_text(*id, "You joined the class «Chess club»")
                .await;
        }
    }
    until("30 students", 30, || async {
        store
            .class_members(class)
            .await
            .unwrap()
            .iter()
            .filter(|m| m.role == "student")
            .count()
            == 30
    })
    .await;
    // A second press changes nothing, and says so on the button.
    let (again, again_name) = &students[0];
    fake.push(member_press(
        GROUP,
        *again,
        (again_name, "en"),
        &join,
        2,
        card.message.unwrap(),
    ));
    let toast = fake.wait_answer(&format!("cb-{again}-{join}-2")).await;
    assert!(
        toast.body.to_string().contains("already a student"),
        "{:?}",
        toast.body
    );
    // The quiz: unit 12's first item that fits a poll is a multiple choice.
    let before = fake.calls().len();
    fake.push(member_text(GROUP, TEACHER, "Tess", "en", "/classquiz 12"));
    let (poll_call, poll) = posted_poll(&fake, &store, class, before).await;
    let body = &poll_call.body;
    assert_eq!(body["type"], "quiz", "{body}");
    assert_eq!(body["is_anonymous"], false, "{body}");
    assert!(body["explanation"].as_str().is_some_and(|e| !e.is_empty()));
    let (_, sent) = fake.poll_of(GROUP, poll_call.message.unwrap()).unwrap();
    let options = sent.options.clone();
    assert!(options.len() >= 3, "{options:?}");
    let correct = body["correct_option_id"].as_u64().unwrap() as u8;
    let wrong: Vec<u8> = (0..options.len() as u8).filter(|o| *o != correct).collect();
    let close = button(&poll_call, "Close the quiz");
    // 20 right, 7 the first wrong option, 3 the second.
    for (n, (id, name)) in students.iter().enumerate() {
        let option = match n {
            0..20 => correct,
            20..27 => wrong[0],
            _ => wrong[1],
        };
        fake.poll_answer(&poll, *id, name, &[option]);
    }
    // Kept nowhere: a stranger's answer, an answer for a poll that is no class quiz, the
    // teacher's own.
    fake.poll_answer(&poll, 9_999, "Stranger", &[correct]);
    fake.poll_answer("poll-999", students[0].0, "S1", &[correct]);
    let quiz = store.open_quiz(class).await.unwrap().unwrap().id;
    until("30 answers", 30, || async {
        store.quiz_answers(quiz).await.unwrap().len() == 30
    })
    .await;
    // A student's press of Close changes nothing.
    let message = poll_call.message.unwrap();
    fake.push(member_press(
        GROUP,
        students[3].0,
        ("S4", "en"),
        &close,
        1,
        message,
    ));
    let toast = fake
        .wait_answer(&format!("cb-{}-{close}-1", students[3].0))
        .await;
    assert!(
        toast.body.to_string().contains("Only the class's teachers"),
        "{:?}",
        toast.body
    );
    assert!(store.open_quiz(class).await.unwrap().is_some());
    // The teacher closes it.
    fake.push(member_press(
        GROUP,
        TEACHER,
        ("Tess", "en"),
        &close,
        1,
        message,
    ));
    let result = fake
        .wait_text(
            GROUP,
            "Quiz closed: 20 of 30 answers right (30 students in the class)",
        )
        .await;
    let right = format!(
        "{}) {}",
        char::from(b'A' + correct),
        options[usize::from(correct)]
    );
    assert!(result.text.contains(&right), "{}", result.text);
    let stopped = fake.calls_of("stoppoll");
    assert_eq!(stopped.len(), 1);
    assert_eq!(stopped[0].body["message_id"], json!(message));
    assert!(fake.poll_of(GROUP, message).unwrap().1.closed);
    // The teacher's breakdown, in their own chat: who answered what, the most common wrong.
    let breakdown = fake
        .wait_text(TEACHER, "Most common wrong answer")
        .await
        .text;
    for (n, (_, name)) in students.iter().enumerate() {
        let (mark, option) = match n {
            0..20 => ("✅", correct),
            20..27 => ("❌", wrong[0]),
            _ => ("❌", wrong[1]),
        };
        let line = format!(
            "{mark} {name}: {}) {}",
            char::from(b'A' + option),
            options[usize::from(option)]
        );
        assert!(breakdown.contains(&line), "{line} in:\n{breakdown}");
    }
    let most = format!(
        "Most common wrong answer: {}) {} (7 students).",
        char::from(b'A' + wrong[0]),
        options[usize::from(wrong[0])]
    );
    assert!(breakdown.contains(&most), "{breakdown}");
    assert!(!breakdown.contains("Stranger"), "{breakdown}");
    // Nothing of it in the group, nor in any student's chat.
    for c in fake.calls() {
        if c.chat != Some(TEACHER) {
            assert!(!c.text.contains("Most common wrong answer"), "{}", c.text);
        }
    }
    // Answers after the close are kept nowhere.
    fake.poll_answer(&poll, students[29].0, "S30", &[correct]);
    let n = data
        .count(&format!(
            "SELECT COUNT(*) FROM class_answers WHERE quiz_id = {quiz}"
        ))
        .await;
    assert_eq!(n, 30);
    // The bot asks Telegram for poll answers.
    let allowed = fake.state.lock().unwrap().allowed_updates.clone();
    assert!(
        allowed
            .as_ref()
            .is_some_and(|a| a.to_string().contains("poll_answer")),
        "{allowed:?}"
    );
    let log = bot.stop();
    assert!(!log.contains(TOKEN), "{log}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn thirty_students_answer_a_quiz_poll_on_sqlite() {
    thirty_students_answer_a_quiz_poll(Data::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn thirty_students_answer_a_quiz_poll_on_postgres() {
    match Data::postgres("thirty").await {
        Some(data) => thirty_students_answer_a_quiz_poll(data).await,
        None => eprintln!("note: the PostgreSQL class test was NOT run: set {PG_ENV}"),
    }
}
