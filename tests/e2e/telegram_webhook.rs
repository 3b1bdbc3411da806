//! The real `chess-tutor` binary in webhook mode: the test POSTs updates as Telegram would
//! (the next one of a chat only after the previous got its answer), the bot replies to a fake
//! Bot API server on 127.0.0.1. Whole conversations in English and Chinese, refused requests
//! (wrong secret, too large, not JSON), a replay, a panic, SIGTERM under load, and two
//! replicas on one PostgreSQL database compared with one process.

use crate::fake_bot_api;

use std::io::Write as _;
use std::net::SocketAddr;
use std::path::Path;
use std::process::Command;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::{Duration, Instant};

use crate::fake_bot_api::{
    BotProcess, Call, Fake, PgSchema, button, in_group, press, records, start, text, thread_of,
    versions,
};
use chess_tutor_store::Store;
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

const TOKEN: &str = "123:abc";
const SECRET: &str = "hook_Secret-42";
/// The environment variable that points the PostgreSQL tests at a server.
const PG_ENV: &str = "CHESS_TUTOR_TEST_DATABASE_URL";

/// A bot process in webhook mode and where it listens.
struct Bot {
    process: BotProcess,
    addr: SocketAddr,
    path: String,
}

impl Bot {
    /// Starts the bot on a free port of 127.0.0.1 and waits until it listens. `database`:
    /// a PostgreSQL URL, or `None` for SQLite in `data`.
    fn spawn(fake: &Fake, data: &Path, database: Option<&str>, extra: &[&str]) -> Bot {
        Bot::spawn_with(fake, data, database, extra, &[])
    }

    /// As [`Bot::spawn`], with more environment variables.
    fn spawn_with(
        fake: &Fake,
        data: &Path,
        database: Option<&str>,
        extra: &[&str],
        env: &[(&str, &str)],
    ) -> Bot {
        let mut args = vec!["--webhook-listen", "127.0.0.1:0"];
        args.extend_from_slice(extra);
        let (mut command, log) = BotProcess::command(fake, data, TOKEN, &args);
        command.envs(env.iter().copied());
        command
            .env("TELEGRAM_WEBHOOK_SECRET", SECRET)
            .env_remove("CHESS_TUTOR_WEBHOOK_LISTEN")
            .env_remove("CHESS_TUTOR_WEBHOOK_URL")
            .env_remove("CHESS_TUTOR_WEBHOOK_PATH");
        match database {
            Some(url) => command.env("DATABASE_URL", url),
            None => command.env_remove("DATABASE_URL"),
        };
        let mut process = BotProcess::start(command, log);
        let started = Instant::now();
        let marker = "listening for webhook updates on http://";
        loop {
            let text = process.log_text();
            if let Some(at) = text.find(marker) {
                let rest = &text[at + marker.len()..];
                let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
                let (addr, path) = rest[..end].split_at(rest[..end].find('/').unwrap());
                return Bot {
                    process,
                    addr: addr.parse().unwrap(),
                    path: path.to_owned(),
                };
            }
            if let Some(status) = process.child.try_wait().unwrap() {
                panic!("the bot exited with {status} before listening:\n{text}");
            }
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "the bot did not listen within 20 s:\n{text}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Sends SIGTERM (without waiting).
    fn terminate(&self) {
        self.process.terminate();
    }

    /// Waits (at most 10 s after `since`) for a clean exit; returns the log.
    fn wait_exit(self, since: Instant) -> String {
        self.process.wait_exit(since)
    }

    /// SIGTERM, then waits (at most 10 s) for a clean exit; returns the log.
    fn stop(self) -> String {
        self.process.stop()
    }

    fn alive(&mut self) -> bool {
        self.process.alive()
    }

    fn log_text(&self) -> String {
        self.process.log_text()
    }
}

/// One HTTP/1.1 request to `addr`; the answer's status, or 0 when the connection failed.
async fn http(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> u16 {
    let Ok(mut stream) = tokio::net::TcpStream::connect(addr).await else {
        return 0;
    };
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n",
        body.len()
    );
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    if stream.write_all(head.as_bytes()).await.is_err() {
        return 0;
    }
    // A server may answer (413, 401) before reading the whole body and close.
    let _ = stream.write_all(body).await;
    let mut answer = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(30), stream.read_to_end(&mut answer)).await;
    if !matches!(read, Ok(Ok(_))) && answer.is_empty() {
        return 0;
    }
    let answer = String::from_utf8_lossy(&answer);
    answer
        .strip_prefix("HTTP/1.1 ")
        .and_then(|rest| rest.get(..3))
        .and_then(|code| code.parse().ok())
        .unwrap_or(0)
}

/// Update ids, increasing across the whole test binary (as Telegram's are per bot).
static NEXT_ID: AtomicI64 = AtomicI64::new(5000);

/// `body` with a fresh `update_id`.
fn update(mut body: Value) -> Value {
    body["update_id"] = json!(NEXT_ID.fetch_add(1, Ordering::Relaxed));
    body
}

/// POSTs `update` to the bot as Telegram would (with the secret); the answer's status.
async fn deliver(addr: SocketAddr, path: &str, update: &Value) -> u16 {
    http(
        addr,
        "POST",
        path,
        &[("X-Telegram-Bot-Api-Secret-Token", SECRET)],
        update.to_string().as_bytes(),
    )
    .await
}

impl Bot {
    /// Delivers a fresh update built from `body`; asserts the 200 (which comes only after the
    /// update's replies were sent).
    async fn send(&self, body: Value) -> Value {
        let update = update(body);
        let status = deliver(self.addr, &self.path, &update).await;
        assert_eq!(
            status,
            200,
            "update {update}; the bot's log:\n{}",
            self.log_text()
        );
        update
    }
}

/// The latest message to `chat` containing `needle` (already there: replies precede the 200).
fn latest(fake: &Fake, chat: i64, needle: &str) -> Call {
    fake.sent_to(chat)
        .into_iter()
        .rev()
        .find(|c| c.text.contains(needle))
        .unwrap_or_else(|| {
            let texts: Vec<String> = fake
                .sent_to(chat)
                .iter()
                .map(|c| c.text.chars().take(60).collect())
                .collect();
            panic!("no message to {chat} containing {needle:?}; sent: {texts:#?}")
        })
}

/// The newest message or edit to `chat` containing `needle`.
fn shown(fake: &Fake, chat: i64, needle: &str) -> Call {
    fake.calls()
        .into_iter()
        .rev()
        .find(|c| {
            c.chat == Some(chat)
                && (c.method.starts_with("send") || c.method.starts_with("edit"))
                && c.text.contains(needle)
        })
        .unwrap_or_else(|| panic!("nothing to {chat} containing {needle:?}"))
}

fn no_secrets_in(log: &str) {
    assert!(!log.contains(TOKEN), "the token is in the log:\n{log}");
    assert!(
        !log.contains("abc"),
        "part of the token is in the log:\n{log}"
    );
    assert!(
        !log.contains(SECRET),
        "the webhook secret is in the log:\n{log}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lesson_in_english_by_webhook_and_set_webhook_but_never_delete_it() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::spawn(
        &fake,
        dir.path(),
        None,
        &[
            "--webhook-url",
            "https://bot.example.test/hooks/chess",
            "--webhook-max-connections",
            "12",
        ],
    );
    assert_eq!(bot.path, "/hooks/chess", "the path comes from the URL");
    let set = fake.calls_of("setWebhook");
    assert_eq!(set.len(), 1, "setWebhook once at the start");
    let params = &set[0].body;
    assert_eq!(params["url"], "https://bot.example.test/hooks/chess");
    assert_eq!(params["secret_token"], SECRET);
    assert_eq!(
        params["max_connections"].to_string().trim_matches('"'),
        "12"
    );
    let allowed = params["allowed_updates"].to_string();
    assert!(
        allowed.contains("message") && allowed.contains("callback_query"),
        "{allowed}"
    );
    let chat = 11;

    bot.send(start(chat, "en-GB")).await;
    let welcome = latest(&fake, chat, "Welcome to chess-tutor");
    assert!(!welcome.buttons.is_empty(), "the welcome has buttons");

    bot.send(text(chat, "/lesson 3")).await;
    let first = latest(&fake, chat, "Unit 3 The rook · 1/");
    assert_eq!(first.method, "sendphoto");
    assert!(first.png, "the board arrives as a PNG photo");
    let next = button(&first, "Next");

    // A button press: applied, answered, and its replies sent before the 200.
    bot.send(press(chat, &next, 1)).await;
    let second = latest(&fake, chat, "Unit 3 The rook · 2/");
    assert!(
        fake.calls_of("answerCallbackQuery")
            .iter()
            .any(|c| c.callback.as_deref() == Some(&format!("cb-{chat}-{next}-1")))
    );
    bot.send(press(chat, &button(&second, "Next"), 2)).await;
    let task = latest(&fake, chat, "Move the rook to h4");
    assert!(task.buttons.iter().any(|(l, _)| l.contains("Hint")));

    // A typed try edits the task's message, as a tapped one does.
    bot.send(text(chat, "Rb5")).await;
    let refused = shown(&fake, chat, "A rook moves only in straight lines");
    assert_eq!(refused.method, "editmessagemedia");
    assert_eq!(refused.message, task.message);

    bot.send(text(chat, "Rh4")).await;
    assert_eq!(
        shown(&fake, chat, "Right! The rook goes from").method,
        "editmessagemedia"
    );

    for c in fake.calls() {
        assert_eq!(c.token, TOKEN);
    }
    let log = bot.stop();
    no_secrets_in(&log);
    assert!(
        fake.calls_of("deleteWebhook").is_empty(),
        "a stopping replica must not delete the webhook"
    );
    assert_eq!(versions(dir.path(), [chat]).await, vec![6]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn castling_in_chinese_by_webhook() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::spawn(&fake, dir.path(), None, &["--webhook-path", "/tg"]);
    assert_eq!(bot.path, "/tg");
    assert!(
        fake.calls_of("setWebhook").is_empty(),
        "no URL, no setWebhook"
    );
    let chat = 22;

    bot.send(start(chat, "zh-hans")).await;
    latest(&fake, chat, "欢迎来到国际象棋规则课");
    bot.send(text(chat, "/lesson 14")).await;
    let first = latest(&fake, chat, "第14课 王车易位 · 1/");
    bot.send(press(chat, &button(&first, "下一步"), 1)).await;
    let second = latest(&fake, chat, "第14课 王车易位 · 2/");
    bot.send(press(chat, &button(&second, "下一步"), 2)).await;
    // The castling conditions are two short steps (content review of 2026-12-03, A5).
    let third = latest(&fake, chat, "第14课 王车易位 · 3/");
    bot.send(press(chat, &button(&third, "下一步"), 3)).await;
    let task = latest(&fake, chat, "进行短易位");
    // An illegal move first (a king never moves two squares, except by castling): the task's
    // message is edited with the refusal.
    let before = fake.calls().len();
    bot.send(text(chat, "Ke3")).await;
    let refused: Vec<Call> = fake
        .calls()
        .into_iter()
        .skip(before)
        .filter(|c| c.chat == Some(chat) && c.method == "editmessagemedia")
        .collect();
    assert!(!refused.is_empty(), "the illegal move is answered");
    assert!(
        refused.iter().any(|c| c.text.contains("王")),
        "explained in Chinese: {:?}",
        refused.iter().map(|c| &c.text).collect::<Vec<_>>()
    );
    bot.send(text(chat, "O-O")).await;
    let right = shown(&fake, chat, "对了！");
    assert_eq!(right.method, "editmessagemedia");
    assert_eq!(right.message, task.message);
    no_secrets_in(&bot.stop());
    // One stored version per handled update, the third Next included.
    assert_eq!(versions(dir.path(), [chat]).await, vec![7]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refused_requests_change_nothing_and_a_replay_is_applied_once() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let mut bot = Bot::spawn(&fake, dir.path(), None, &[]);
    assert_eq!(bot.path, "/telegram");
    let (addr, path) = (bot.addr, bot.path.clone());
    let chat = 33;
    let help = update(text(chat, "/help"));
    let body = help.to_string();

    let secret = |s| [("X-Telegram-Bot-Api-Secret-Token", s)];
    assert_eq!(http(addr, "POST", &path, &[], body.as_bytes()).await, 401);
    assert_eq!(
        http(addr, "POST", &path, &secret("wrong"), body.as_bytes()).await,
        401
    );
    assert_eq!(
        http(
            addr,
            "POST",
            &path,
            &secret(&SECRET[..SECRET.len() - 1]),
            body.as_bytes()
        )
        .await,
        401,
        "a prefix of the secret is not the secret"
    );
    let mut huge = help.clone();
    huge["message"]["text"] = json!("x".repeat(300 * 1024));
    assert_eq!(
        http(
            addr,
            "POST",
            &path,
            &secret(SECRET),
            huge.to_string().as_bytes()
        )
        .await,
        413
    );
    assert_eq!(
        http(addr, "POST", &path, &secret(SECRET), b"{not json").await,
        200
    );
    let no_id = text(chat, "/help").to_string();
    assert_eq!(
        http(addr, "POST", &path, &secret(SECRET), no_id.as_bytes()).await,
        200
    );
    let sticker = update(json!({"message": fake_bot_api::message(chat, None, None)}));
    assert_eq!(
        deliver(addr, &path, &sticker).await,
        200,
        "skipped, and 200"
    );
    assert_eq!(http(addr, "GET", &path, &secret(SECRET), b"").await, 405);
    assert_eq!(
        http(addr, "POST", "/other", &secret(SECRET), body.as_bytes()).await,
        404
    );
    assert!(fake.sent_to(chat).is_empty(), "nothing was answered");
    assert_eq!(
        versions(dir.path(), [chat]).await,
        vec![0],
        "nothing applied"
    );

    // The good update, then the same again (Telegram's retry after a lost answer).
    assert_eq!(deliver(addr, &path, &help).await, 200);
    let once = fake.sent_to(chat).len();
    assert!(once >= 1);
    assert_eq!(deliver(addr, &path, &help).await, 200);
    assert_eq!(
        fake.sent_to(chat).len(),
        once,
        "the replay was not answered"
    );
    assert_eq!(versions(dir.path(), [chat]).await, vec![1]);
    assert!(bot.alive());
    let log = bot.stop();
    assert!(log.contains("without the right secret"), "{log}");
    assert!(log.contains("the body is not JSON"), "{log}");
    no_secrets_in(&log);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_panic_in_one_chat_is_answered_with_an_apology_and_the_others_go_on() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let mut bot = Bot::spawn(&fake, dir.path(), None, &[]);
    let (a, b) = (55, 56);
    bot.send(start(a, "en")).await;
    bot.send(start(b, "zh")).await;
    // The panic and the other chat's lesson at once.
    tokio::join!(bot.send(text(a, "boom")), bot.send(text(b, "/lesson 3")));
    assert!(
        latest(&fake, a, "Sorry, something went wrong")
            .text
            .contains("抱歉")
    );
    latest(&fake, b, "第3课");
    bot.send(text(a, "/lesson 3")).await;
    latest(&fake, a, "Unit 3 The rook · 1/");
    assert!(bot.alive());
    // The panicking input changed nothing.
    assert_eq!(versions(dir.path(), [a, b]).await, vec![2, 2]);
    let log = bot.stop();
    assert!(log.contains("panicked"), "the panic is logged:\n{log}");
    no_secrets_in(&log);
}

/// Delivers `script` (each chat's updates in order, each after the previous was answered),
/// as far as the bot answers 200; returns, per chat, the updates not yet answered 200.
async fn deliver_until_refused(
    bot: (SocketAddr, String),
    script: Vec<(i64, Vec<Value>)>,
) -> Vec<(i64, Vec<Value>)> {
    let mut tasks = Vec::new();
    for (chat, updates) in script {
        let (addr, path) = bot.clone();
        tasks.push(tokio::spawn(async move {
            let mut rest = updates.into_iter();
            let mut left = Vec::new();
            for u in rest.by_ref() {
                if deliver(addr, &path, &u).await != 200 {
                    left.push(u);
                    break;
                }
            }
            left.extend(rest);
            (chat, left)
        }));
    }
    let mut out = Vec::new();
    for t in tasks {
        out.push(t.await.unwrap());
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_under_load_exits_in_time_and_loses_no_update() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    // The first welcome waits out a 429, so that work is surely in flight at the SIGTERM.
    fake.fail("sendMessage", &[2]);
    let bot = Bot::spawn(&fake, dir.path(), None, &[]);
    let chats: Vec<i64> = (700..716).collect();
    let per_chat = 4;
    let script: Vec<(i64, Vec<Value>)> = chats
        .iter()
        .map(|&chat| {
            let updates = (0..per_chat)
                .map(|i| {
                    update(match i {
                        0 => start(chat, "en"),
                        1 => text(chat, "/lesson 3"),
                        2 => text(chat, "Rb5"),
                        _ => text(chat, "/help"),
                    })
                })
                .collect();
            (chat, updates)
        })
        .collect();
    let load = tokio::spawn(deliver_until_refused((bot.addr, bot.path.clone()), script));
    fake.wait(20, "the 429", |s| (!s.rejected.is_empty()).then_some(()))
        .await;
    let since = Instant::now();
    bot.terminate();
    let log = tokio::task::spawn_blocking(move || bot.wait_exit(since))
        .await
        .unwrap();
    no_secrets_in(&log);
    let left = load.await.unwrap();
    let undelivered: usize = left.iter().map(|(_, l)| l.len()).sum();
    assert!(
        undelivered > 0,
        "stopped in the middle (else the test proves nothing); the log:\n{log}"
    );
    let answered = versions(dir.path(), chats.iter().copied()).await;
    for ((chat, left), applied) in left.iter().zip(&answered) {
        assert!(
            *applied >= (per_chat - left.len()) as i64,
            "chat {chat}: an update answered 200 was lost"
        );
    }

    // Telegram delivers the rest (from the first unanswered one) to the restarted bot.
    let bot = Bot::spawn(&fake, dir.path(), None, &[]);
    let left = deliver_until_refused((bot.addr, bot.path.clone()), left).await;
    assert!(left.iter().all(|(_, l)| l.is_empty()), "all answered now");
    no_secrets_in(&bot.stop());
    assert_eq!(
        versions(dir.path(), chats.iter().copied()).await,
        vec![per_chat as i64; chats.len()],
        "every update applied exactly once"
    );
    for &chat in &chats {
        let sent = fake.sent_to(chat);
        let count = |needle: &str| sent.iter().filter(|c| c.text.contains(needle)).count();
        assert_eq!(
            count("Welcome"),
            1,
            "chat {chat}: {:#?}",
            sent.iter()
                .map(|c| c.text.chars().take(50).collect::<String>())
                .collect::<Vec<_>>()
        );
        // The lesson's first step, then a text under "Rb5" (a move typed where there is only
        // something to read): the step's message stays as it is.
        assert_eq!(count("Tap Next when you have read it"), 1);
        assert_eq!(
            count("Unit 3 The rook · 1/"),
            1,
            "chat {chat}: {:#?}",
            sent.iter()
                .map(|c| c.text.chars().take(50).collect::<String>())
                .collect::<Vec<_>>()
        );
        // Every chat said the same, so each got the same replies: none lost or repeated.
        let texts =
            |chat| -> Vec<String> { fake.sent_to(chat).into_iter().map(|c| c.text).collect() };
        assert_eq!(texts(chat), texts(chats[0]), "chat {chat}");
    }
}

/// A small deterministic pseudo-random sequence (xorshift), so that a failure can be rerun.
struct Dice(u64);

impl Dice {
    fn roll(&mut self, sides: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % sides
    }
}

/// One chat's script: what it sends, in order. `Next` stands for a press of the "Next"
/// button of the latest message (its data read from what the bot sent).
fn chat_script(chat: i64) -> Vec<&'static str> {
    if chat % 2 == 0 {
        vec![
            "/start en",
            "/lesson 3",
            "Next",
            "Next",
            "Rb5",
            "/help",
            "/lesson 5",
            "Next",
        ]
    } else {
        vec![
            "/start zh-hans",
            "/lesson 14",
            "Next",
            "/help",
            "Next",
            "O-O",
            "/lesson 3",
        ]
    }
}

/// The update a script line makes for `chat`.
fn script_update(fake: &Fake, chat: i64, line: &str, n: u32) -> Value {
    match line.strip_prefix("/start ") {
        Some(lang) => start(chat, lang),
        None if line == "Next" => {
            let label = if chat % 2 == 0 { "Next" } else { "下一步" };
            let last = fake
                .sent_to(chat)
                .into_iter()
                .rev()
                .find(|c| c.buttons.iter().any(|(l, _)| l.contains(label)))
                .unwrap_or_else(|| panic!("chat {chat}: no {label} button yet"));
            press(chat, &button(&last, label), n)
        }
        None => text(chat, line),
    }
}

/// Plays every chat's script (chats at once, each chat's updates in order, each after the
/// previous one's answer) through `replicas`: each update to one picked at random, and with
/// `redeliver`, some also to another (after the answer, or at the same time), as Telegram
/// does after a lost answer. Update ids are `chat * 100 + line`, the same in every run.
/// Returns how many deliveries each replica got.
async fn play(
    fake: &Fake,
    replicas: &[(SocketAddr, String)],
    chats: &[i64],
    redeliver: bool,
) -> Vec<usize> {
    let mut tasks = Vec::new();
    for &chat in chats {
        let fake = fake.clone();
        let replicas = replicas.to_vec();
        tasks.push(tokio::spawn(async move {
            let mut dice = Dice(0x9E37_79B9_7F4A_7C15 ^ chat as u64);
            let mut got = vec![0; replicas.len()];
            for (n, line) in chat_script(chat).into_iter().enumerate() {
                let mut u = script_update(&fake, chat, line, n as u32);
                u["update_id"] = json!(chat * 100 + n as i64);
                let pick = dice.roll(replicas.len() as u64) as usize;
                let (addr, path) = &replicas[pick];
                let (other_addr, other_path) = &replicas[(pick + 1) % replicas.len()];
                let again = if redeliver { dice.roll(4) } else { 0 };
                got[pick] += 1;
                if again > 0 {
                    got[(pick + 1) % replicas.len()] += 1;
                }
                let statuses = match again {
                    // The answer was lost: Telegram delivers it again, to the other replica.
                    1 => vec![
                        deliver(*addr, path, &u).await,
                        deliver(*other_addr, other_path, &u).await,
                    ],
                    // Telegram gave up waiting and retried while the first still works.
                    2 => {
                        let (a, b) = tokio::join!(
                            deliver(*addr, path, &u),
                            deliver(*other_addr, other_path, &u)
                        );
                        vec![a, b]
                    }
                    _ => vec![deliver(*addr, path, &u).await],
                };
                assert!(
                    statuses.iter().all(|s| *s == 200),
                    "chat {chat} line {n} {line:?}: {statuses:?}"
                );
            }
            got
        }));
    }
    let mut got = vec![0; replicas.len()];
    for t in tasks {
        for (total, n) in got.iter_mut().zip(t.await.unwrap()) {
            *total += n;
        }
    }
    got
}

/// What the bot sent to each chat: method and text, in order.
/// What `chat` was shown, in order: every message sent and every message edited, by its
/// words. (Which replica knows a task's message is a per-process cache: a typed answer edits
/// it where the replica knows it and comes as a new message where it does not; the learner
/// reads the same words either way.)
fn transcript(fake: &Fake, chat: i64) -> Vec<String> {
    fake.calls()
        .into_iter()
        .filter(|c| {
            c.chat == Some(chat) && (c.method.starts_with("send") || c.method.starts_with("edit"))
        })
        .map(|c| c.text)
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_replicas_on_postgresql_leave_every_learner_as_one_process_would() {
    let Ok(base) = std::env::var(PG_ENV) else {
        let _ = writeln!(
            std::io::stderr(),
            "note: the webhook replica test was NOT run: set {PG_ENV} \
             (e.g. postgres://postgres@127.0.0.1:5432/test) to run it"
        );
        return;
    };
    let replicated_schema = PgSchema::fresh(&base, "webhook_two").await;
    let single_schema = PgSchema::fresh(&base, "webhook_one").await;
    let (replicated, single) = (replicated_schema.url.clone(), single_schema.url.clone());
    let chats: Vec<i64> = (900..912).collect();
    let dir = tempfile::tempdir().unwrap();

    // Two processes behind one endpoint.
    let fake_two = Fake::start().await;
    let first = Bot::spawn(&fake_two, &dir.path().join("a"), Some(&replicated), &[]);
    let second = Bot::spawn(&fake_two, &dir.path().join("b"), Some(&replicated), &[]);
    let got = play(
        &fake_two,
        &[
            (first.addr, first.path.clone()),
            (second.addr, second.path.clone()),
        ],
        &chats,
        true,
    )
    .await;
    let updates: usize = chats.iter().map(|&c| chat_script(c).len()).sum();
    assert!(
        got.iter().all(|&n| n >= updates / 4) && got.iter().sum::<usize>() >= updates + 10,
        "both replicas served, and some updates came twice: {got:?} for {updates} updates"
    );
    let (log_a, log_b) = tokio::join!(
        tokio::task::spawn_blocking(move || first.stop()),
        tokio::task::spawn_blocking(move || second.stop())
    );
    let (log_a, log_b) = (log_a.unwrap(), log_b.unwrap());
    no_secrets_in(&log_a);
    no_secrets_in(&log_b);

    // The same script through one process.
    let fake_one = Fake::start().await;
    let only = Bot::spawn(&fake_one, &dir.path().join("c"), Some(&single), &[]);
    play(&fake_one, &[(only.addr, only.path.clone())], &chats, false).await;
    no_secrets_in(&only.stop());

    let two = Store::open(&replicated).await.unwrap();
    let one = Store::open(&single).await.unwrap();
    let (two_records, one_records) = (
        records(&two, chats.iter().copied()).await,
        records(&one, chats.iter().copied()).await,
    );
    for ((chat, r2), r1) in chats.iter().zip(&two_records).zip(&one_records) {
        let r1 = r1
            .as_ref()
            .unwrap_or_else(|| panic!("chat {chat}: nothing stored"));
        assert_eq!(r1.version, chat_script(*chat).len() as i64, "chat {chat}");
        assert_eq!(Some(r1), r2.as_ref(), "chat {chat}: state and version");
        assert_eq!(
            transcript(&fake_two, *chat),
            transcript(&fake_one, *chat),
            "chat {chat}: the same replies, none repeated"
        );
    }
    two.close().await;
    one.close().await;
    replicated_schema.drop().await;
    single_schema.drop().await;
}

/// Runs the binary in webhook mode with `secret` (`None`: unset) and `args`; its exit code
/// and stderr.
fn refused_start(secret: Option<&str>, args: &[&str]) -> (Option<i32>, String) {
    let dir = tempfile::tempdir().unwrap();
    let mut command = Command::new(env!("CARGO_BIN_EXE_chess-tutor"));
    command
        .args(["--data-dir", dir.path().to_str().unwrap(), "telegram"])
        .args(args)
        .env("TELOXIDE_TOKEN", TOKEN)
        .env("TELOXIDE_API_URL", "http://127.0.0.1:9")
        .env_remove("DATABASE_URL")
        .env_remove("CHESS_TUTOR_WEBHOOK_LISTEN")
        .env_remove("CHESS_TUTOR_WEBHOOK_URL")
        .env_remove("CHESS_TUTOR_WEBHOOK_PATH")
        .env_remove("TELEGRAM_WEBHOOK_SECRET");
    if let Some(secret) = secret {
        command.env("TELEGRAM_WEBHOOK_SECRET", secret);
    }
    let out = command.output().expect("the binary runs");
    assert!(
        std::fs::read_dir(dir.path()).unwrap().next().is_none(),
        "a refused start wrote nothing"
    );
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_bad_webhook_configuration_is_refused_with_a_clear_message() {
    let listen = ["--webhook-listen", "127.0.0.1:0"];
    let (code, err) = refused_start(None, &listen);
    assert_eq!(code, Some(2));
    assert!(err.contains("set TELEGRAM_WEBHOOK_SECRET"), "{err}");
    let (code, err) = refused_start(Some("two words"), &listen);
    assert_eq!(code, Some(2));
    assert!(err.contains("' '") && !err.contains("two words"), "{err}");
    let (code, err) = refused_start(Some(&"x".repeat(257)), &listen);
    assert_eq!(code, Some(2));
    assert!(err.contains("at most 256"), "{err}");
    let (code, err) = refused_start(
        Some(SECRET),
        &[
            "--webhook-listen",
            "127.0.0.1:0",
            "--webhook-url",
            "http://bot.example.test/x",
        ],
    );
    assert_eq!(code, Some(2));
    assert!(err.contains("https://"), "{err}");
    let (code, err) = refused_start(Some(SECRET), &["--webhook-path", "/x"]);
    assert_eq!(code, Some(2), "a webhook flag without --webhook-listen");
    assert!(err.contains("--webhook-listen"), "{err}");
    let (code, err) = refused_start(
        Some(SECRET),
        &["--webhook-listen", "127.0.0.1:0", "--webhook-path", "/{id}"],
    );
    assert_eq!(code, Some(2));
    assert!(err.contains("use only"), "{err}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_chat_in_order_while_other_chats_go_on() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::spawn(&fake, dir.path(), None, &[]);
    let (slow, quick) = (81, 82);
    fake.fail_chat(slow, &[1]);
    let (addr, path) = (bot.addr, bot.path.clone());
    let welcome = update(start(slow, "en"));
    let lesson = update(text(slow, "/lesson 3"));
    // The welcome waits out a 429; the chat's next update arrives meanwhile (Telegram may
    // use several connections) and must wait for it; another chat must not.
    let first = tokio::spawn({
        let path = path.clone();
        async move { deliver(addr, &path, &welcome).await }
    });
    fake.wait(20, "the slow chat's 429", |s| {
        (!s.rejected.is_empty()).then_some(())
    })
    .await;
    let second = tokio::spawn({
        let path = path.clone();
        async move { deliver(addr, &path, &lesson).await }
    });
    bot.send(start(quick, "en")).await;
    bot.send(text(quick, "/lesson 3")).await;
    assert_eq!((first.await.unwrap(), second.await.unwrap()), (200, 200));
    let quick_lesson = latest(&fake, quick, "Unit 3 The rook · 1/");
    let slow_welcome = latest(&fake, slow, "Welcome");
    let slow_lesson = latest(&fake, slow, "Unit 3 The rook · 1/");
    assert!(
        quick_lesson.at < slow_welcome.at,
        "the other chat went on while the slow one waited"
    );
    assert!(
        slow_welcome.at < slow_lesson.at,
        "the slow chat's updates in order"
    );
    no_secrets_in(&bot.stop());
    assert_eq!(versions(dir.path(), [slow, quick]).await, vec![2, 2]);
}

/// The webhook load benchmark (never in CI; `bench/telegram_webhook_load.sh`):
/// `LOAD_LEARNERS` learners × `LOAD_UPDATES` updates, `/help` (text) or with
/// `LOAD_PICTURES=1` `/lesson 3` (a picture), delivered as Telegram does: one chat's next
/// update only after the previous got its 200, at most `LOAD_CONNECTIONS` requests at once.
/// `LOAD_REPLICAS=2` runs two processes on PostgreSQL (`CHESS_TUTOR_TEST_DATABASE_URL`)
/// taking requests in turn; otherwise one process on SQLite. Checks that every reply arrives
/// once, and prints updates per second, p50/p99 of the request time (POST to 200, which
/// comes after the replies were sent) and the peak resident memory of the processes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a benchmark: bench/telegram_webhook_load.sh"]
async fn webhook_load_benchmark() {
    let env = |k: &str, d: usize| {
        std::env::var(k)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(d)
    };
    let learners = env("LOAD_LEARNERS", 500) as i64;
    let per = env("LOAD_UPDATES", 40);
    let connections = env("LOAD_CONNECTIONS", 40).max(1);
    let pictures = env("LOAD_PICTURES", 0) == 1;
    let replicas = env("LOAD_REPLICAS", 1).clamp(1, 2);
    let input = if pictures { "/lesson 3" } else { "/help" };
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let (database, pg) = if replicas > 1 {
        let base = std::env::var(PG_ENV).expect("two replicas need CHESS_TUTOR_TEST_DATABASE_URL");
        let schema = PgSchema::fresh(&base, "webhook_load").await;
        (Some(schema.url.clone()), Some(schema))
    } else {
        (None, None)
    };
    let bots: Vec<Bot> = (0..replicas)
        .map(|i| {
            Bot::spawn(
                &fake,
                &dir.path().join(format!("r{i}")),
                database.as_deref(),
                &[],
            )
        })
        .collect();
    let targets: Vec<(SocketAddr, String)> =
        bots.iter().map(|b| (b.addr, b.path.clone())).collect();
    // Chats waiting for their next update; a chat is in the queue at most once, so its
    // updates never overlap.
    let queue = std::sync::Arc::new(std::sync::Mutex::new(
        (0..learners)
            .map(|c| (20_000 + c, 0_usize))
            .collect::<std::collections::VecDeque<_>>(),
    ));
    let started = Instant::now();
    let mut workers = Vec::new();
    for w in 0..connections {
        let queue = queue.clone();
        let targets = targets.clone();
        workers.push(tokio::spawn(async move {
            let mut latencies = Vec::new();
            let mut turn = w;
            loop {
                let Some((chat, sent)) = queue.lock().unwrap().pop_front() else {
                    return latencies;
                };
                let (addr, path) = &targets[turn % targets.len()];
                turn += 1;
                let body = update(text(chat, input));
                let asked = Instant::now();
                let status = deliver(*addr, path, &body).await;
                assert_eq!(status, 200, "update for chat {chat}");
                latencies.push(asked.elapsed());
                if sent + 1 < per {
                    queue.lock().unwrap().push_back((chat, sent + 1));
                }
            }
        }));
    }
    let mut latencies = Vec::new();
    for w in workers {
        latencies.extend(w.await.unwrap());
    }
    let secs = started.elapsed().as_secs_f64();
    let peak_kib: u64 = bots
        .iter()
        .map(|b| {
            std::fs::read_to_string(format!("/proc/{}/status", b.process.child.id()))
                .ok()
                .and_then(|s| {
                    s.lines()
                        .find(|l| l.starts_with("VmHWM:"))
                        .and_then(|l| l.split_whitespace().nth(1)?.parse::<u64>().ok())
                })
                .unwrap_or(0)
        })
        .sum();
    for chat in 20_000..20_000 + learners {
        assert_eq!(
            fake.sent_to(chat).len(),
            per,
            "chat {chat}: lost or repeated replies"
        );
    }
    latencies.sort();
    let pct = |p: usize| latencies[(latencies.len() * p / 100).min(latencies.len() - 1)];
    println!(
        "webhook load: {learners} learners x {per} updates, {} replies, {connections} connections, {replicas} process(es) on {}: {:.0} updates/s, request p50 {:.1} ms, p99 {:.1} ms, peak RSS {} MiB",
        if pictures { "picture" } else { "text" },
        if replicas > 1 { "PostgreSQL" } else { "SQLite" },
        latencies.len() as f64 / secs,
        pct(50).as_secs_f64() * 1e3,
        pct(99).as_secs_f64() * 1e3,
        peak_kib / 1024
    );
    for bot in bots {
        bot.stop();
    }
    if let Some(schema) = pg {
        schema.drop().await;
    }
}

/// Issue 13, operators: the webhook server also answers `/healthz` (the store reachable) and
/// `/metrics` (the updates it handled and the replies it sent), and neither needs the secret
/// nor shows it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_webhook_server_answers_healthz_and_metrics() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::spawn(&fake, dir.path(), None, &[]);
    let (status, _, body) = fake_bot_api::http_get(bot.addr, "/healthz").await;
    assert_eq!((status, body.as_str()), (200, "store: ok\ntelegram: ok\n"));
    let chat = 19;
    bot.send(start(chat, "en")).await;
    bot.send(text(chat, "/help")).await;
    let (status, headers, body) = fake_bot_api::http_get(bot.addr, "/metrics").await;
    assert_eq!(status, 200, "{body}");
    assert!(
        headers.contains("application/openmetrics-text"),
        "{headers}"
    );
    let value = |name: &str| fake_bot_api::sample(&body, name).unwrap_or(-1.0);
    assert_eq!(value("chess_tutor_updates_handled_total"), 2.0, "{body}");
    assert!(value("chess_tutor_replies_sent_total") >= 2.0, "{body}");
    assert!(value("chess_tutor_outbox_depth") >= 0.0, "{body}");
    assert!(!body.contains(SECRET) && !body.contains("abc"), "{body}");
    // A POST to the operator's routes is not an update.
    let refused = http(bot.addr, "POST", "/metrics", &[], b"{}").await;
    assert_eq!(refused, 405);
    bot.stop();
}

/// A replica that dies right after applying `/help`, before its reply goes out.
fn doomed_replica(fake: &Fake, data: &Path) -> Bot {
    Bot::spawn_with(
        fake,
        data,
        None,
        &[],
        &[(
            "CHESS_TUTOR_TEST_CRASH_BEFORE_SENDING",
            "/progress your progress",
        )],
    )
}

/// Delivers `update` to the doomed replica, which applies it and dies: no 200.
async fn applied_and_died(mut doomed: Bot, update: &Value) {
    let status = deliver(doomed.addr, &doomed.path, update).await;
    assert_ne!(status, 200);
    let end = Instant::now() + Duration::from_secs(10);
    while doomed.alive() {
        assert!(Instant::now() < end, "the injected crash did not happen");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Issue 13 (2), webhook mode: a replica killed between the commit and the sending held the
/// update's replies under a 15 s lease, so the replica Telegram then gave the update to waited
/// 15 s before answering. Now a live owner renews its claim every second and the lease is
/// 3 s: the other replica answers within a few seconds, once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_replica_killed_before_sending_is_answered_for_by_another_within_seconds() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let doomed = doomed_replica(&fake, dir.path());
    let other = Bot::spawn(&fake, dir.path(), None, &[]);
    let chat = 23;
    other.send(start(chat, "en")).await;
    let help = update(text(chat, "/help"));
    applied_and_died(doomed, &help).await;
    assert!(
        fake.sent_to(chat)
            .iter()
            .all(|c| !c.text.contains("Commands:")),
        "the reply went out before the crash"
    );
    // Telegram delivers it again, to the other replica.
    let again = Instant::now();
    let status = deliver(other.addr, &other.path, &help).await;
    let waited = again.elapsed();
    assert_eq!(status, 200, "{}", other.log_text());
    assert!(
        waited < Duration::from_millis(7_500),
        "the other replica waited {waited:?}, as for the old 15 s lease"
    );
    let helps = fake
        .sent_to(chat)
        .iter()
        .filter(|c| c.text.contains("Commands:"))
        .count();
    assert_eq!(helps, 1, "the kept reply, once");
    assert_eq!(versions(dir.path(), [chat]).await, vec![2], "applied once");
    other.stop();
}

/// Waits up to `secs` until `chat` was sent a text containing `needle`.
async fn wait_sent(fake: &Fake, chat: i64, needle: &str, secs: u64, bot: &Bot) -> Call {
    let end = Instant::now() + Duration::from_secs(secs);
    loop {
        if let Some(call) = fake
            .sent_to(chat)
            .into_iter()
            .find(|c| c.text.contains(needle))
        {
            return call;
        }
        assert!(
            Instant::now() < end,
            "{needle:?} not sent:\n{}",
            bot.log_text()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Issue 13 (1), webhook mode: replies the Bot API kept refusing past one call's retry
/// budget stayed in the outbox for good. Telegram had its 200 and never delivers the update
/// again, and the live replica kept renewing its claim on them, so no sweep could see them.
/// Now the claim is released and the replica's own sweep sends them, once, in their topic.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn webhook_replies_refused_past_the_retry_budget_are_sent_by_the_sweep_to_their_topic() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::spawn_with(
        &fake,
        dir.path(),
        None,
        &[],
        &[
            ("CHESS_TUTOR_PASSING_BUDGET_MS", "400"),
            ("CHESS_TUTOR_OUTBOX_SWEEP_MS", "1000"),
        ],
    );
    let forum = -100_811;
    bot.send(in_group(forum, "/start", true, false)).await;
    fake.wait_introduced().await;
    // One 502: teloxide-core waits 10 s before it returns it, past the 400 ms budget.
    fake.server_errors(&[(502, true)]);
    let status = deliver(
        bot.addr,
        &bot.path,
        &update(in_group(forum, "/help", true, false)),
    )
    .await;
    assert_eq!(
        status, 200,
        "applied: Telegram is not asked to deliver it again"
    );
    let swept = wait_sent(&fake, forum, "/lessons the course map", 30, &bot).await;
    assert_eq!(thread_of(&swept).as_deref(), Some("42"), "{:?}", swept.body);
    // Once: a later sweep finds nothing left.
    tokio::time::sleep(Duration::from_millis(2_500)).await;
    let helps = fake
        .sent_to(forum)
        .iter()
        .filter(|c| c.text.contains("/lessons the course map"))
        .count();
    assert_eq!(helps, 1, "sent once");
    let log = bot.stop();
    assert!(
        log.contains("trying again to send the replies left in the outbox"),
        "{log}"
    );
    no_secrets_in(&log);
}

/// Issue 13 (2), webhook mode: a replica killed after applying an update and before
/// answering it left its replies for good unless Telegram delivered the update again. The
/// other replica's sweep now sends them once the dead one's lease is over.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dead_replicas_replies_are_swept_by_another_without_a_redelivery() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let doomed = doomed_replica(&fake, dir.path());
    let other = Bot::spawn_with(
        &fake,
        dir.path(),
        None,
        &[],
        &[("CHESS_TUTOR_OUTBOX_SWEEP_MS", "1000")],
    );
    let chat = 24;
    other.send(start(chat, "en")).await;
    applied_and_died(doomed, &update(text(chat, "/help"))).await;
    // No redelivery: the lease (3 s) runs out and the other replica's sweep takes them.
    wait_sent(&fake, chat, "Commands:", 15, &other).await;
    tokio::time::sleep(Duration::from_millis(2_500)).await;
    let helps = fake
        .sent_to(chat)
        .iter()
        .filter(|c| c.text.contains("Commands:"))
        .count();
    assert_eq!(helps, 1, "the kept reply, once");
    assert_eq!(versions(dir.path(), [chat]).await, vec![2], "applied once");
    other.stop();
}

/// About 1,000 connections that never finished their headers used up the file descriptors
/// (Telegram's POSTs then timed out, and nothing was logged), and SIGTERM with a half-sent
/// request exited 1. With a low cap (32) and 200 half-open connections.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_connections_are_capped_and_cut_and_sigterm_with_a_half_sent_request_exits_0() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::spawn(
        &fake,
        dir.path(),
        None,
        &[
            "--http-max-connections",
            "32",
            "--http-header-timeout-ms",
            "800",
            "--http-timeout-ms",
            "800",
        ],
    );
    let mut idle = Vec::new();
    for _ in 0..200 {
        if let Ok(mut s) = tokio::net::TcpStream::connect(bot.addr).await {
            let _ = s.write_all(b"POST /telegram HTTP/1.1\r\nHost:").await;
            idle.push(s);
        }
    }
    // Telegram's update gets through at once while they hang (the oldest of them make room).
    let chat = 77;
    let status = deliver(bot.addr, &bot.path, &update(start(chat, "en"))).await;
    assert_eq!(status, 200, "{}", bot.log_text());
    // The ones left are cut off once their headers are late (800 ms).
    let started = Instant::now();
    let body = loop {
        let (_, _, body) = fake_bot_api::http_get(bot.addr, "/metrics").await;
        if fake_bot_api::sample(&body, "chess_tutor_http_requests_timed_out_total")
            .is_some_and(|n| n > 0.0)
            || started.elapsed() > Duration::from_secs(5)
        {
            break body;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let value = |name: &str| fake_bot_api::sample(&body, name).unwrap_or(-1.0);
    assert!(
        value("chess_tutor_http_connections_evicted_total") > 0.0,
        "{body}"
    );
    assert!(
        value("chess_tutor_http_requests_timed_out_total") > 0.0,
        "{body}"
    );
    assert!(
        bot.log_text().contains("too many open connections"),
        "the cap is logged"
    );
    drop(idle);
    no_secrets_in(&bot.stop());
    // With the default body time limit (10 s, longer than the 5 s grace): a request whose body
    // never comes, then SIGTERM: exit 0 within the grace, not the hard stop's exit 1.
    let bot = Bot::spawn(&fake, dir.path(), None, &[]);
    let mut half = tokio::net::TcpStream::connect(bot.addr).await.unwrap();
    half.write_all(
        format!(
            "POST {} HTTP/1.1\r\nHost: x\r\nX-Telegram-Bot-Api-Secret-Token: {SECRET}\r\nContent-Length: 100\r\n\r\n{{",
            bot.path
        )
        .as_bytes(),
    )
    .await
    .unwrap();
    tokio::time::sleep(Duration::from_millis(100)).await;
    let since = Instant::now();
    bot.terminate();
    let log = tokio::task::spawn_blocking(move || bot.wait_exit(since))
        .await
        .unwrap();
    no_secrets_in(&log);
    drop(half);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_board_page_is_served_beside_the_webhook() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::spawn(
        &fake,
        dir.path(),
        None,
        &["--web-url", "https://tutor.example"],
    );
    let (status, headers, body) = super::fake_bot_api::http_get(bot.addr, "/app/").await;
    assert_eq!(status, 200, "{headers}");
    assert!(body.contains("telegram-web-app.js"), "{body}");
    // Its calls answer there too (an unsigned one is refused).
    let (status, _, _) = super::fake_bot_api::http_get(bot.addr, "/api/task").await;
    assert_eq!(status, 401);
    bot.stop();
}

/// `text` in the private chat of `id`, whose first name is `name`.
fn private_text(id: i64, name: &str, lang: &str, text: &str) -> Value {
    let mut body = fake_bot_api::text_in(id, text, lang);
    body["message"]["from"]["first_name"] = json!(name);
    body["message"]["chat"]["first_name"] = json!(name);
    body
}

/// `text` from member `id` (`name`) of the daily test's group, delivered to `bot`.
async fn group(bot: &Bot, id: i64, name: &str, text: &str) {
    bot.send(fake_bot_api::member_text(DAILY_GROUP, id, name, "en", text))
        .await;
}

/// `text` from member `id` (`name`) of the daily test's group replying to the bot's message
/// `post`, delivered to `bot`.
async fn reply_in_group(bot: &Bot, id: i64, name: &str, text: &str, post: i64) {
    bot.send(fake_bot_api::member_reply(
        DAILY_GROUP,
        id,
        name,
        "en",
        text,
        post,
    ))
    .await;
}

const DAILY_GROUP: i64 = -100_290_777;

/// How many messages to `chat` so far contain `needle`.
fn count_sent(fake: &Fake, chat: i64, needle: &str) -> usize {
    fake.sent_to(chat)
        .iter()
        .filter(|c| c.text.contains(needle))
        .count()
}

/// Issue 29: a class's puzzle of the day, with two replicas on one PostgreSQL database each
/// looking for due classes every 100 ms, is posted exactly once; a non-teacher's
/// `/class daily` and a bad time change nothing; a wrong move is told why, each right answer
/// names its solver with their place (the first first, each student once), in the class's
/// language (English, then Chinese); `/top` ranks them (3 points for the first, 2 the
/// second, 1 later); a student who leaves takes their solutions along, and is gone from it.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_puzzle_of_the_day_is_posted_once_by_two_replicas_and_its_solvers_named() {
    let Ok(base) = std::env::var(PG_ENV) else {
        let _ = writeln!(
            std::io::stderr(),
            "note: the puzzle of the day replica test was NOT run: set {PG_ENV} \
             (e.g. postgres://postgres@127.0.0.1:5432/test) to run it"
        );
        return;
    };
    const GROUP: i64 = DAILY_GROUP;
    const TEACHER: i64 = 700;
    let students = [(701, "Ann"), (702, "Bo"), (703, "Cy")];
    let schema = PgSchema::fresh(&base, "webhook_daily").await;
    let url = schema.url.clone();
    let dir = tempfile::tempdir().unwrap();
    let fake = Fake::start().await;
    let often = [("CHESS_TUTOR_DAILY_CHECK_MS", "100")];
    let a = Bot::spawn_with(&fake, &dir.path().join("a"), Some(&url), &[], &often);
    let b = Bot::spawn_with(&fake, &dir.path().join("b"), Some(&url), &[], &often);
    fake.set_admin(GROUP, TEACHER);
    a.send(start(TEACHER, "en")).await;
    group(&a, TEACHER, "Tess", "/class").await;
    let card = latest(&fake, GROUP, "This group is now a class");
    let payload = card
        .text
        .split("start=")
        .nth(1)
        .and_then(|s| s.split_whitespace().next())
        .expect("the class's link")
        .to_owned();
    for (n, (id, name)) in students.iter().enumerate() {
        let bot = if n % 2 == 0 { &a } else { &b };
        bot.send(private_text(*id, name, "en", &format!("/start {payload}")))
            .await;
    }
    let store = Store::open(&url).await.unwrap();
    let class = store.class_of_chat(GROUP).await.unwrap().unwrap().id;
    let daily_at = || async {
        let pool = sqlx::PgPool::connect(&url).await.unwrap();
        let at: Option<i64> = sqlx::query_scalar("SELECT daily_at FROM classes")
            .fetch_one(&pool)
            .await
            .unwrap();
        pool.close().await;
        at
    };
    // A student's `/class daily`, and a teacher's bad time: nothing changes.
    group(&b, 701, "Ann", "/class daily 00:00").await;
    latest(&fake, GROUP, "Only the class's teachers");
    group(&a, TEACHER, "Tess", "/class daily 24:30").await;
    latest(&fake, GROUP, "Say when, in UTC");
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(daily_at().await, None::<i64>);
    assert_eq!(count_sent(&fake, GROUP, "Puzzle of the day"), 0);
    // At midnight UTC: due at once, whatever the time of the test.
    group(&b, TEACHER, "Tess", "/class daily 00:00").await;
    latest(&fake, GROUP, "every day at 00:00 UTC");
    assert_eq!(daily_at().await, Some(0));
    let post = fake
        .wait(20, "the puzzle of the day", |s| {
            s.calls
                .iter()
                .find(|c| c.chat == Some(GROUP) && c.text.contains("Puzzle of the day"))
                .cloned()
        })
        .await;
    assert_eq!(post.method, "sendphoto", "{post:?}");
    assert!(post.text.contains("mate in"), "{}", post.text);
    // With the week's first puzzle, the week's leaderboard.
    let weekly = fake.wait_text(GROUP, "the leaderboard of the week").await;
    assert!(weekly.text.contains("1. Ann: 0 points"), "{}", weekly.text);
    // Both replicas look ten times more: still one post of each.
    tokio::time::sleep(Duration::from_millis(1000)).await;
    assert_eq!(count_sent(&fake, GROUP, "Puzzle of the day"), 1);
    assert_eq!(count_sent(&fake, GROUP, "the leaderboard of the week"), 1);
    let day = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64
        / 86_400_000;
    let daily = store
        .daily(class, day)
        .await
        .unwrap()
        .expect("today's claim");
    let catalog = chess_tutor_core::content::Catalog::shipped().unwrap();
    let puzzle = catalog.puzzle(&daily.puzzle.parse().unwrap()).unwrap();
    let uci = |m: &shakmaty::Move| m.to_uci(shakmaty::CastlingMode::Standard).to_string();
    let key = uci(&puzzle.keys()[0]);
    let pos = puzzle.position();
    let wrong = shakmaty::Position::legal_moves(pos)
        .into_iter()
        .find(|m| {
            !chess_tutor_core::search::judge(
                pos,
                *m,
                puzzle.mate_in(),
                chess_tutor_core::search::Budget::TUTOR,
            )
            .is_ok_and(|j| j.is_correct())
        })
        .expect("a move that is not the answer");
    // A wrong move is told why; Bo solves it first, then Ann; Bo again is not named again.
    let post = post.message.expect("the post's message id");
    group(&a, 701, "Ann", &key).await;
    assert_eq!(
        count_sent(&fake, GROUP, "solved it"),
        0,
        "no reply: not an answer"
    );
    reply_in_group(&a, 701, "Ann", &uci(&wrong), post).await;
    let told = fake.sent_to(GROUP).last().unwrap().text.clone();
    assert!(
        told.contains("is not it") || told.contains("stalemate"),
        "{told}"
    );
    reply_in_group(&b, 702, "Bo", &key, post).await;
    latest(&fake, GROUP, "✓ Bo solved it (1st)");
    reply_in_group(&a, 701, "Ann", &key, post).await;
    latest(&fake, GROUP, "✓ Ann solved it (2nd)");
    reply_in_group(&a, 702, "Bo", &key, post).await;
    assert_eq!(count_sent(&fake, GROUP, "solved it"), 2);
    // The leaderboard: 3 points for the first solver, 2 for the second.
    group(&b, 703, "Cy", "/top").await;
    let top = latest(&fake, GROUP, "the top students").text;
    let at = |needle: &str| top.find(needle).unwrap_or_else(|| panic!("{top}"));
    assert!(at("1. Bo: 3 points") < at("2. Ann: 2 points"), "{top}");
    assert!(at("2. Ann: 2 points") < at("3. Cy: 0 points"), "{top}");
    // The teacher is no solver; the class in Chinese.
    reply_in_group(&b, TEACHER, "Tess", &key, post).await;
    assert_eq!(count_sent(&fake, GROUP, "solved it"), 2);
    group(&b, TEACHER, "Tess", "/class lang zh").await;
    reply_in_group(&a, 703, "Cy", &key, post).await;
    latest(&fake, GROUP, "✓ Cy 解出来了（第3个）");
    // Ann leaves: her solution goes with her.
    a.send(private_text(701, "Ann", "en", "/leave")).await;
    let solvers = || async {
        let pool = sqlx::PgPool::connect(&url).await.unwrap();
        let users: Vec<i64> =
            sqlx::query_scalar("SELECT user_id FROM class_daily_solvers ORDER BY place")
                .fetch_all(&pool)
                .await
                .unwrap();
        pool.close().await;
        users
    };
    assert_eq!(solvers().await, [702, 703]);
    group(&a, 702, "Bo", "/top").await;
    let top = latest(&fake, GROUP, "排行榜").text;
    assert!(!top.contains("Ann"), "{top}");
    let at = |needle: &str| top.find(needle).unwrap_or_else(|| panic!("{top}"));
    assert!(at("1. Bo：3分") < at("2. Cy：1分"), "{top}");
    // Still one post of the day, and of the week.
    assert_eq!(count_sent(&fake, GROUP, "Puzzle of the day"), 1);
    assert_eq!(count_sent(&fake, GROUP, "the leaderboard of the week"), 1);
    store.close().await;
    a.stop();
    b.stop();
    schema.drop().await;
}

/// Issue 40 (the class's bug 5): a Join press Telegram delivered to both replicas was answered
/// by both (the second replica found it applied, and answered the press again). It is applied
/// once, and its press answered once, by the replica that applied it.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_join_press_delivered_to_two_replicas_is_answered_once() {
    let Ok(base) = std::env::var(PG_ENV) else {
        assert!(
            std::env::var("CI").is_err(),
            "{PG_ENV} is not set: the two-replica join test was NOT run"
        );
        return;
    };
    const GROUP: i64 = DAILY_GROUP;
    const TEACHER: i64 = 720;
    let schema = PgSchema::fresh(&base, "webhook_join").await;
    let url = schema.url.clone();
    let dir = tempfile::tempdir().unwrap();
    let fake = Fake::start().await;
    let a = Bot::spawn_with(&fake, &dir.path().join("a"), Some(&url), &[], &[]);
    let b = Bot::spawn_with(&fake, &dir.path().join("b"), Some(&url), &[], &[]);
    fake.set_admin(GROUP, TEACHER);
    a.send(start(TEACHER, "en")).await;
    group(&a, TEACHER, "Tess", "/class").await;
    let card = latest(&fake, GROUP, "This group is now a class");
    let join = fake_bot_api::button(&card, "Join the class");
    for round in 1..=5u32 {
        let student = 730 + i64::from(round);
        let press = update(fake_bot_api::member_press(
            GROUP,
            student,
            ("Ann", "en"),
            &join,
            1,
            card.message.unwrap(),
        ));
        // The same update to both replicas at once, as after a time-out.
        let (to_a, to_b) = tokio::join!(
            deliver(a.addr, &a.path, &press),
            deliver(b.addr, &b.path, &press)
        );
        assert_eq!((to_a, to_b), (200, 200));
        let id = format!("cb-{student}-{join}-1");
        let answers: Vec<Call> = fake
            .calls_of("answercallbackquery")
            .into_iter()
            .filter(|c| c.body["callback_query_id"] == id.as_str())
            .collect();
        assert_eq!(answers.len(), 1, "round {round}: {answers:?}");
        assert!(
            answers[0].body.to_string().contains("You joined"),
            "{:?}",
            answers[0].body
        );
    }
    let store = Store::open(&url).await.unwrap();
    let class = store.class_of_chat(GROUP).await.unwrap().unwrap().id;
    let students = store
        .class_members(class)
        .await
        .unwrap()
        .into_iter()
        .filter(|m| m.role == "student")
        .count();
    assert_eq!(students, 5);
    store.close().await;
    a.stop();
    b.stop();
    schema.drop().await;
}

/// Holds `n` connections to `addr` that send half a request's headers and then nothing, as a
/// slow or hostile client does: each one the server closes is opened again 100 ms later, until
/// `stop` is cancelled. Returns how many are open now (for the test to wait on).
fn hold_half_open(
    addr: SocketAddr,
    n: usize,
    stop: tokio_util::sync::CancellationToken,
) -> std::sync::Arc<std::sync::atomic::AtomicUsize> {
    let open = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    for _ in 0..n {
        let open = open.clone();
        let stop = stop.clone();
        tokio::spawn(async move {
            while !stop.is_cancelled() {
                let Ok(mut s) = tokio::net::TcpStream::connect(addr).await else {
                    tokio::time::sleep(Duration::from_millis(20)).await;
                    continue;
                };
                if s.write_all(b"POST /telegram HTTP/1.1\r\nHost:")
                    .await
                    .is_err()
                {
                    continue;
                }
                open.fetch_add(1, Ordering::Relaxed);
                let mut buf = [0u8; 64];
                // Until the server closes it (or the test ends).
                tokio::select! {
                    _ = s.read(&mut buf) => {}
                    () = stop.cancelled() => {}
                }
                open.fetch_sub(1, Ordering::Relaxed);
                // Opened again a little later, as a slowloris client refills its set (at once,
                // 1,100 of them become a connect flood that fills the listen queue, which no
                // accept policy can help).
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        });
    }
    open
}

/// About 1,100 connections that sent half a header and then nothing made Telegram's POSTs
/// fail for as long as they were held: at the cap (256) the newest connection was closed,
/// which was Telegram's. Now the one that has waited longest for its headers is closed
/// instead, and a real update is answered within a second while they are held.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_real_update_is_answered_within_a_second_while_1100_half_open_connections_are_held() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    // The default cap (256) and header time limit.
    let bot = Bot::spawn(&fake, dir.path(), None, &[]);
    let stop = tokio_util::sync::CancellationToken::new();
    let held = hold_half_open(bot.addr, 1_100, stop.clone());
    let started = Instant::now();
    while held.load(Ordering::Relaxed) < 1_000 && started.elapsed() < Duration::from_secs(10) {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // Let the flood go on a little (each closed one reconnects at once).
    tokio::time::sleep(Duration::from_millis(500)).await;
    let mut waits = Vec::new();
    for chat in [301, 302, 303] {
        let started = Instant::now();
        let mut tries = 0;
        let answered = loop {
            tries += 1;
            let status = deliver(bot.addr, &bot.path, &update(start(chat, "en"))).await;
            if status == 200 {
                break true;
            }
            // Telegram tries again for a while; 20 s is enough to tell.
            if started.elapsed() > Duration::from_secs(20) {
                break false;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        };
        let wait = started.elapsed();
        eprintln!(
            "chat {chat}: {} after {wait:?} and {tries} tries, {} half-open held",
            if answered { "answered" } else { "NOT answered" },
            held.load(Ordering::Relaxed)
        );
        waits.push((wait, tries));
    }
    let (_, _, metrics) = fake_bot_api::http_get(bot.addr, "/metrics").await;
    eprintln!(
        "{}",
        metrics
            .lines()
            .filter(|l| l.starts_with("chess_tutor_http_"))
            .collect::<Vec<_>>()
            .join("\n")
    );
    stop.cancel();
    for (wait, tries) in waits {
        assert!(
            wait < Duration::from_secs(1) && tries == 1,
            "a real update waited {wait:?} ({tries} tries) behind half-open connections: {}",
            bot.log_text()
        );
    }
    no_secrets_in(&bot.stop());
}

/// Runs `chess-tutor --data-dir DATA ARGS…` on SQLite; its status and standard output.
fn chess_tutor(data: &Path, args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_chess-tutor"))
        .arg("--data-dir")
        .arg(data)
        .args(args)
        .env_remove("DATABASE_URL")
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A backup taken while a dozen chats keep talking to the bot: every update answered before
/// the backup began is in the restored store (its learner, and its applied update with its
/// outbox column: sent, or kept to be sent again), and a bot on the restored store goes on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_under_load_restores_every_answered_update_and_the_bot_goes_on() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let live = dir.path().join("live");
    // No flood limit: every update is applied (a flooded one is answered but not stored).
    let unlimited = ["--flood-burst", "100000", "--flood-per-minute", "600000"];
    let bot = Bot::spawn(&fake, &live, None, &unlimited);
    let stop = tokio_util::sync::CancellationToken::new();
    let answered = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let mut chats = Vec::new();
    for chat in 801..813_i64 {
        let (addr, path) = (bot.addr, bot.path.clone());
        let (stop, answered) = (stop.clone(), answered.clone());
        chats.push(tokio::spawn(async move {
            let mut n = 0;
            while !stop.is_cancelled() {
                let body = if n == 0 {
                    start(chat, "en")
                } else {
                    text(chat, "e4")
                };
                let u = update(body);
                assert_eq!(deliver(addr, &path, &u).await, 200, "chat {chat}");
                let id = u["update_id"].as_i64().unwrap();
                answered.lock().unwrap().push((chat, id, Instant::now()));
                n += 1;
            }
        }));
    }
    tokio::time::sleep(Duration::from_millis(1_500)).await;
    // The backup's point is after this instant: what was answered before it must be kept.
    let point = Instant::now();
    let backup = dir.path().join("backup.sqlite3");
    let (ok, out, err) = {
        let (live, backup) = (live.clone(), backup.clone());
        tokio::task::spawn_blocking(move || {
            chess_tutor(&live, &["backup", "--to", backup.to_str().unwrap()])
        })
        .await
        .unwrap()
    };
    assert!(ok, "{err}");
    let report: Value = serde_json::from_str(&out).unwrap();
    assert!(report["learners"].as_u64().unwrap() >= 12, "{report}");
    tokio::time::sleep(Duration::from_millis(500)).await;
    stop.cancel();
    for chat in chats {
        chat.await.unwrap();
    }
    no_secrets_in(&bot.stop());
    let before: Vec<(i64, i64)> = answered
        .lock()
        .unwrap()
        .iter()
        .filter(|(_, _, at)| *at < point)
        .map(|&(chat, id, _)| (chat, id))
        .collect();
    let after = answered.lock().unwrap().len() - before.len();
    assert!(before.len() >= 12 && after > 0, "{} {after}", before.len());
    let replied_before: std::collections::BTreeSet<i64> = fake
        .calls()
        .iter()
        .filter(|c| c.method == "sendmessage" && c.at < point)
        .filter_map(|c| c.chat)
        .collect();
    // Restored into a new data folder; restoring over it again is refused.
    let restored = dir.path().join("restored");
    let (ok, out, err) = chess_tutor(&restored, &["restore", backup.to_str().unwrap()]);
    assert!(ok, "{err}");
    let report: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["kept"], Value::Null, "{report}");
    let (ok, _, err) = chess_tutor(&restored, &["restore", backup.to_str().unwrap()]);
    assert!(!ok && err.contains("--force"), "{err}");
    let db = restored.join(chess_tutor_store::SQLITE_FILE_NAME);
    let pool = sqlx::SqlitePool::connect(&format!("sqlite://{}", db.display()))
        .await
        .unwrap();
    let mut unsent = 0;
    for (chat, id) in &before {
        let row: Option<(Option<String>,)> = sqlx::query_as(
            "SELECT unsent FROM applied_updates WHERE learner_id = ? AND update_key = ?",
        )
        .bind(chat)
        .bind(id)
        .fetch_optional(&pool)
        .await
        .unwrap();
        let Some((kept,)) = row else {
            panic!("update {id} of chat {chat}, answered before the backup, is not in it");
        };
        unsent += usize::from(kept.is_some());
    }
    for chat in &replied_before {
        let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM learners WHERE id = ?")
            .bind(chat)
            .fetch_one(&pool)
            .await
            .unwrap();
        assert_eq!(n, 1, "chat {chat} was answered before the backup");
    }
    let (state_bytes, events): (f64, i64) = sqlx::query_as(
        "SELECT AVG(LENGTH(state)), (SELECT COUNT(*) FROM learner_events) FROM learners",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    eprintln!(
        "{} updates answered before the backup, all in it ({unsent} with replies still marked unsent, sent again by the sweep); {after} after it; {state_bytes:.0} bytes of state a learner, {events} events",
        before.len()
    );
    pool.close().await;
    // The restored bot goes on.
    let bot = Bot::spawn(&fake, &restored, None, &[]);
    let chat = 801;
    let already = fake.sent_to(chat).len();
    bot.send(text(chat, "e4")).await;
    assert!(fake.sent_to(chat).len() > already);
    no_secrets_in(&bot.stop());
}
