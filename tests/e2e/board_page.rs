//! The board page (a Telegram Mini App) through the real binary and the fake Bot API: who may
//! open it (initData signed by the test), a drop judged as a typed move, the chat kept whole,
//! and, in Debian's Chromium, the page itself.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;

use hmac::{Hmac, KeyInit, Mac};
use serde_json::{Value, json};
use sha2::Sha256;

use super::fake_bot_api::{
    BotProcess, Fake, button, in_group, logged_addr, press, start, text, text_in,
};

const TOKEN: &str = "123:abc";
const PAGE_URL: &str = "https://tutor.example/app/";

fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs()
        .try_into()
        .unwrap()
}

fn hmac(key: &[u8], data: &[u8]) -> Vec<u8> {
    let mut mac = <Hmac<Sha256> as KeyInit>::new_from_slice(key).unwrap();
    mac.update(data);
    mac.finalize().into_bytes().to_vec()
}

/// `initData` as Telegram signs it for bot `token`: user `user` (client language `lang`),
/// signed at `auth_date`.
pub fn init_data(token: &str, user: i64, lang: &str, auth_date: i64) -> String {
    let user_json = json!({"id": user, "first_name": "Learner", "language_code": lang}).to_string();
    let mut fields = [
        ("auth_date", auth_date.to_string()),
        ("query_id", format!("AAH{user}")),
        ("user", user_json),
    ];
    fields.sort();
    let check = fields
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join("\n");
    let secret = hmac(b"WebAppData", token.as_bytes());
    let hash: String = hmac(&secret, check.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let mut query = url::form_urlencoded::Serializer::new(String::new());
    for (k, v) in &fields {
        query.append_pair(k, v);
    }
    query.append_pair("hash", &hash);
    query.finish()
}

/// One HTTP/1.1 request to the page's server: the status and the body as JSON (`Null` when it
/// is not JSON).
async fn call(
    addr: SocketAddr,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<&str>,
) -> (u16, Value) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    if let Some(token) = token {
        head.push_str(&format!("Authorization: Bearer {token}\r\n"));
    }
    let body = body.unwrap_or("");
    head.push_str(&format!(
        "Content-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    ));
    stream.write_all(head.as_bytes()).await.unwrap();
    stream.write_all(body.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    tokio::time::timeout(Duration::from_secs(60), stream.read_to_end(&mut answer))
        .await
        .expect("the page's server answers")
        .unwrap();
    let (status, headers, body) = super::fake_bot_api::split_answer(&answer);
    // A chunked body: the JSON is the part between the chunk sizes.
    let body = if headers
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        body.lines()
            .filter(|l| !l.chars().all(|c| c.is_ascii_hexdigit()))
            .collect::<String>()
    } else {
        body.to_owned()
    };
    (status, serde_json::from_str(&body).unwrap_or(Value::Null))
}

async fn login(addr: SocketAddr, init: &str) -> (u16, Value) {
    let body = json!({ "initData": init }).to_string();
    call(addr, "POST", "/api/session", None, Some(&body)).await
}

/// The terminal chat's login, from this machine.
async fn local_login(addr: SocketAddr) -> (u16, Value) {
    call(
        addr,
        "POST",
        "/api/session",
        None,
        Some(r#"{"local":true}"#),
    )
    .await
}

async fn token_of(addr: SocketAddr, user: i64, lang: &str) -> String {
    let (status, body) = login(addr, &init_data(TOKEN, user, lang, now())).await;
    assert_eq!(status, 200, "{body}");
    body["token"].as_str().unwrap().to_owned()
}

async fn task(addr: SocketAddr, token: &str) -> Value {
    let (status, body) = call(addr, "GET", "/api/task", Some(token), None).await;
    assert_eq!(status, 200, "{body}");
    body
}

async fn drop_piece(addr: SocketAddr, token: &str, from: &str, to: &str) -> (u16, Value) {
    let body = json!({ "from": from, "to": to }).to_string();
    call(addr, "POST", "/api/move", Some(token), Some(&body)).await
}

/// A bot with the page served on a port of its own, offered at [`PAGE_URL`].
fn bot(fake: &Fake, data: &Path, extra: &[&str]) -> (BotProcess, SocketAddr) {
    let mut args = vec![
        "--poll-timeout",
        "1",
        "--web-listen",
        "127.0.0.1:0",
        "--web-url",
        "https://tutor.example",
    ];
    args.extend_from_slice(extra);
    let (mut command, log) = BotProcess::command(fake, data, TOKEN, &args);
    command.env_remove("DATABASE_URL");
    let mut bot = BotProcess::start(command, log);
    let addr = logged_addr(&mut bot, "serving the board page on http://");
    (bot, addr)
}

/// A game with a friend: `white` (Simplified Chinese) invites, `black` (English) joins.
async fn friend_game(fake: &Fake, white: i64, black: i64) {
    fake.push(start(white, "zh-hans"));
    fake.wait_text(white, "欢迎").await;
    fake.push(text_in(white, "/play", "zh-hans"));
    let setup = fake.wait_text(white, "和老师下一盘棋").await;
    fake.push(press(white, &button(&setup, "朋友"), 1));
    let invitation = fake.wait_text(white, "start=duel-").await;
    let link = invitation
        .text
        .split("start=")
        .nth(1)
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap()
        .to_owned();
    fake.push(text_in(black, &format!("/start {link}"), "en"));
    fake.wait_text(black, "You joined").await;
}

/// `chat` (English) starts a game at level 1 as White; returns the game's board message.
async fn game_as_white(fake: &Fake, chat: i64) -> super::fake_bot_api::Call {
    fake.push(start(chat, "en"));
    fake.wait_text(chat, "Welcome").await;
    fake.push(text(chat, "/play 1"));
    let setup = fake.wait_text(chat, "Choose your colour").await;
    fake.push(press(chat, &button(&setup, "White"), 1));
    fake.wait_text(chat, "Your move").await
}

/// A long poll of the page (`GET /api/task?after=VERSION`): the view, when it came.
async fn follow(addr: SocketAddr, token: String, after: String) -> Value {
    let path = format!("/api/task?after={after}");
    let (status, body) = call(addr, "GET", &path, Some(&token), None).await;
    assert_eq!(status, 200, "{body}");
    body
}

fn version_of(view: &Value) -> String {
    view["version"].as_str().unwrap_or_default().to_owned()
}

/// Waits for `waiting` (a long poll started before `pushed`) to be answered, well before
/// the server's hold would end it (how fast is a figure the test prints, not a limit it
/// asserts): the view, and the time from `pushed`.
async fn followed(
    waiting: tokio::task::JoinHandle<Value>,
    pushed: std::time::Instant,
    what: &str,
) -> (Value, Duration) {
    let view = tokio::time::timeout(Duration::from_secs(15), waiting)
        .await
        .unwrap_or_else(|_| panic!("the page did not follow {what}"))
        .unwrap();
    (view, pushed.elapsed())
}

/// Issue 42: the page follows the learner without a reload. A long poll on the version of the
/// view shown is held while nothing changes and answered with the new view when a lesson's
/// step gives way to a quiz, when a button in the chat starts a game, when a move typed in the
/// chat is played, and when a friend moves. Prints the time from a move in the chat to the
/// page's new view over the 50 moves of a game with a friend (Black's page follows both
/// players' moves): a figure, not an assertion (`-- --nocapture`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_follows_a_quiz_a_chat_button_a_chat_move_and_a_friend_s_move() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let (bot, addr) = bot(&fake, dir.path(), &[]);
    let held = Duration::from_millis(400);

    // With nothing to move, the page says where the work is: a lesson's text step, a quiz
    // question, in the chat; and follows from one to the other.
    let chat = 8201;
    fake.push(start(chat, "en"));
    fake.wait_text(chat, "Welcome").await;
    let token = token_of(addr, chat, "en").await;
    fake.push(text(chat, "/lesson 1"));
    fake.wait_text(chat, "Unit 1").await;
    let reading = task(addr, &token).await;
    assert!(reading["task"].is_null(), "{reading}");
    assert!(
        reading["labels"]["none"]
            .as_str()
            .is_some_and(|t| t.contains("step of the lesson is in the chat")),
        "{reading}"
    );
    let waiting = tokio::spawn(follow(addr, token.clone(), version_of(&reading)));
    tokio::time::sleep(held).await;
    assert!(!waiting.is_finished(), "held while nothing changes");
    let pushed = std::time::Instant::now();
    fake.push(text(chat, "/quiz"));
    let (asked, _) = followed(waiting, pushed, "a quiz begun in the chat").await;
    assert!(asked["task"].is_null(), "{asked}");
    assert!(
        asked["labels"]["none"]
            .as_str()
            .is_some_and(|t| t.contains("question is waiting in the chat")),
        "{asked}"
    );

    // A button in the chat: /play's colour starts a game where the page had nothing to move.
    fake.push(text(chat, "/play 1"));
    let setup = fake.wait_text(chat, "Choose your colour").await;
    let before = task(addr, &token).await;
    assert!(before["task"].is_null());
    let waiting = tokio::spawn(follow(addr, token.clone(), version_of(&before)));
    tokio::time::sleep(held).await;
    assert!(!waiting.is_finished(), "held while nothing changes");
    let pushed = std::time::Instant::now();
    fake.push(press(chat, &button(&setup, "White"), 1));
    let (view, _) = followed(waiting, pushed, "a chat button").await;
    assert!(
        view["task"]["fen"]
            .as_str()
            .is_some_and(|f| f.starts_with("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w")),
        "{view}"
    );

    // A move typed in the chat.
    let waiting = tokio::spawn(follow(addr, token.clone(), version_of(&view)));
    tokio::time::sleep(held).await;
    assert!(!waiting.is_finished(), "held while nothing changes");
    let pushed = std::time::Instant::now();
    fake.push(text(chat, "e4"));
    let (view, _) = followed(waiting, pushed, "a move typed in the chat").await;
    assert!(
        view["task"]["fen"]
            .as_str()
            .is_some_and(|f| f.contains("4P3")),
        "{view}"
    );

    // A game with a friend: each side's pawns step forward one square at a time, typed in
    // the chat; Black's page follows White's moves (the friend's) and Black's own.
    let (white, black) = (8204, 8205);
    friend_game(&fake, white, black).await;
    let black_token = token_of(addr, black, "en").await;
    let mut view = task(addr, &black_token).await;
    let mut times = Vec::new();
    let files = ["a", "b", "c", "d", "e", "f", "g", "h"];
    let moves = files
        .iter()
        .map(|f| (white, format!("{f}3"), black, format!("{f}6")))
        .chain(
            files
                .iter()
                .map(|f| (white, format!("{f}4"), black, format!("{f}5"))),
        )
        .flat_map(|(w, wm, b, bm)| [(w, wm), (b, bm)])
        // Then the knights out and back, twice: 50 moves in all, no position a fifth time.
        .chain(
            [
                "Na3", "Na6", "Nh3", "Nh6", "Nb1", "Nb8", "Ng1", "Ng8", "Nc3", "Nc6", "Nf3", "Nf6",
                "Nb1", "Nb8", "Ng1", "Ng8", "Na3", "Na6",
            ]
            .iter()
            .enumerate()
            .map(|(i, m)| (if i % 2 == 0 { white } else { black }, (*m).to_owned())),
        );
    for (n, (player, typed)) in moves.enumerate() {
        let waiting = tokio::spawn(follow(addr, black_token.clone(), version_of(&view)));
        // The poll is held before the move is typed.
        tokio::time::sleep(Duration::from_millis(50)).await;
        assert!(
            !waiting.is_finished(),
            "move {n}: held while nothing changes"
        );
        let pushed = std::time::Instant::now();
        fake.push(text(player, &typed));
        let what = format!("{typed} typed in the chat");
        let (next, took) = followed(waiting, pushed, &what).await;
        assert_ne!(next["task"]["fen"], view["task"]["fen"], "{typed}: {next}");
        assert_ne!(version_of(&next), version_of(&view), "{typed}");
        view = next;
        times.push(took);
    }
    times.sort();
    let p = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    println!(
        "the page followed {} chat moves (a friend's and its own): p50 {:?}, p99 {:?}, slowest {:?}",
        times.len(),
        p(0.5),
        p(0.99),
        times[times.len() - 1]
    );
    bot.stop();
}

/// Issue 42 (A2): after a game, the page shows how it ended: its last position, the last move
/// tinted, nothing to move, the ending in words and "the game is over" instead of "your friend
/// is to move".
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_a_game_the_page_shows_its_last_position_and_how_it_ended() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let (bot, addr) = bot(&fake, dir.path(), &[]);
    let chat = 8401;
    game_as_white(&fake, chat).await;
    let token = token_of(addr, chat, "en").await;
    let (status, played) = drop_piece(addr, &token, "e2", "e4").await;
    assert_eq!(
        (status, played["result"].as_str()),
        (200, Some("legal")),
        "{played}"
    );
    let fen = played["task"]["fen"].as_str().unwrap().to_owned();
    fake.push(text(chat, "resign"));
    let question = fake.wait_shown(chat, "Resign this game").await;
    fake.push(press(chat, &button(&question, "Yes"), 2));
    fake.wait_shown(chat, "You resigned").await;
    let view = task(addr, &token).await;
    let over = &view["task"];
    assert_eq!(over["over"], true, "{view}");
    assert_eq!(over["yours"], false, "{view}");
    assert_eq!(
        over["fen"].as_str(),
        Some(fen.as_str()),
        "the last position: {view}"
    );
    assert!(
        over["last_move"].is_array(),
        "the tutor's reply tinted: {view}"
    );
    assert!(over["dests"].as_object().unwrap().is_empty(), "{view}");
    assert!(
        over["text"].as_str().unwrap().contains("resigned"),
        "{view}"
    );
    assert_eq!(
        view["labels"]["over"],
        "The game is over: here is how it ended."
    );
    let (_, refused) = drop_piece(addr, &token, "d2", "d4").await;
    assert_eq!(refused["result"], "stale", "nothing to move: {refused}");
    // Once the learner has moved on to something else, the old game is not shown again.
    fake.push(text(chat, "/help"));
    fake.wait_text(chat, "/lessons the course map").await;
    let later = task(addr, &token).await;
    assert!(later["task"].is_null(), "the old game is gone: {later}");
    bot.stop();
}

/// Issue 42: a learner the bot has not met yet reads the page in their client's language on
/// every call, not only at the login (their token keeps it); a drop is their first input, and
/// the chat answers in that language too.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_learner_s_page_speaks_their_client_s_language_on_every_call() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let (bot, addr) = bot(&fake, dir.path(), &[]);
    for (user, code, lang, close) in [
        (8301, "en", "en", "Close"),
        (8302, "zh-hant", "zh-Hant", "關閉"),
    ] {
        let token = token_of(addr, user, code).await;
        let view = task(addr, &token).await;
        assert_eq!(view["lang"], lang, "{view}");
        assert_eq!(view["labels"]["close"], close, "{view}");
        assert!(view["task"].is_null(), "{view}");
    }
    bot.stop();
}

/// The bot's resident memory (kB), from `/proc`.
fn rss_kb(bot: &BotProcess) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{}/status", bot.child.id())).unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap()
}

/// Issue 42's figure: 1,000 board pages (of 1,000 learners) held open at once by one process,
/// following their learners: the process's memory before and while they wait.
/// `cargo test --test e2e a_thousand_pages -- --ignored --nocapture`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a figure: about a minute"]
async fn a_thousand_pages_follow_their_learners_at_once() {
    const PAGES: i64 = 1_000;
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let (bot, addr) = bot(&fake, dir.path(), &["--http-max-connections", "4096"]);
    let mut tokens = Vec::new();
    for n in 0..PAGES {
        let chat = 20_000 + n;
        tokens.push((chat, token_of(addr, chat, "en").await));
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    let before = rss_kb(&bot);
    let mut waiting = Vec::new();
    let mut shown = Vec::new();
    for (_, token) in &tokens {
        shown.push(version_of(&task(addr, token).await));
    }
    for ((chat, token), version) in tokens.iter().zip(shown) {
        waiting.push((*chat, tokio::spawn(follow(addr, token.clone(), version))));
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    let held = waiting.iter().filter(|(_, w)| !w.is_finished()).count();
    let during = rss_kb(&bot);
    println!(
        "{held} of {PAGES} pages held at once: the bot's memory {} MiB before, {} MiB while \
         they wait ({:.1} KiB a page)",
        before / 1024,
        during / 1024,
        (during.saturating_sub(before)) as f64 / PAGES as f64
    );
    assert_eq!(held, PAGES as usize, "every page waits");
    for (_, w) in &waiting {
        w.abort();
    }
    bot.stop();
}

/// The page's text-mode switch is `/a11y on|off` in the learner's own chat: the chat is told
/// and says the game's board in words at once, the page shows the switch on; a body that is
/// not a switch changes nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_s_switch_turns_text_mode_on_and_off_in_the_chat() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let (bot, addr) = bot(&fake, dir.path(), &[]);
    let chat = 7105;
    game_as_white(&fake, chat).await;
    let token = token_of(addr, chat, "en").await;
    let before = task(addr, &token).await;
    assert_eq!(before["text_mode"], false);
    assert!(
        before["labels"]["text_mode"]
            .as_str()
            .is_some_and(|l| l.starts_with("Text mode")),
        "{before}"
    );
    assert_eq!(before["labels"]["close"], "Close");
    for bad in [r#"{"text_mode": "yes"}"#, "{}", "not json"] {
        let (status, body) = call(addr, "POST", "/api/settings", Some(&token), Some(bad)).await;
        assert_eq!(status, 400, "{bad}: {body}");
    }
    let (status, _) = call(
        addr,
        "POST",
        "/api/settings",
        None,
        Some(r#"{"text_mode": true}"#),
    )
    .await;
    assert_eq!(status, 401, "no token, no switch");
    assert_eq!(task(addr, &token).await["text_mode"], false);

    let on = r#"{"text_mode": true}"#;
    let (status, view) = call(addr, "POST", "/api/settings", Some(&token), Some(on)).await;
    assert_eq!(status, 200, "{view}");
    assert_eq!(view["text_mode"], true);
    assert_eq!(
        view["task"]["fen"], before["task"]["fen"],
        "the task is as it was"
    );
    fake.wait_text(chat, "Text mode is on").await;
    fake.wait_text(chat, "White: king e1, queen d1").await;
    // Set, not turned over: the same switch again leaves it on.
    let (_, view) = call(addr, "POST", "/api/settings", Some(&token), Some(on)).await;
    assert_eq!(view["text_mode"], true);
    let off = r#"{"text_mode": false}"#;
    let (status, view) = call(addr, "POST", "/api/settings", Some(&token), Some(off)).await;
    assert_eq!(status, 200, "{view}");
    assert_eq!(view["text_mode"], false);
    fake.wait_text(chat, "Text mode is off").await;
    bot.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_drop_on_the_board_page_is_judged_as_a_typed_move_and_only_its_learner_may_make_it() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let (bot, addr) = bot(&fake, dir.path(), &["--flood-burst", "30"]);
    let chat = 7101;
    let board = game_as_white(&fake, chat).await;
    // The task's message opens the page (a Mini App button), in a private chat.
    let app = board
        .buttons
        .iter()
        .find(|(_, data)| data.starts_with("web_app:"))
        .expect("a Board button");
    assert_eq!(app.0, "♟ Board");
    assert_eq!(app.1, format!("web_app:{PAGE_URL}"));
    // In a group, where Telegram refuses such buttons, there is none (the fake answers 400
    // to one, so the lesson would not arrive).
    fake.push(in_group(-100_7101, "/lesson 3", false, false));
    let group_board = fake.wait_text(-100_7101, "Unit 3").await;
    assert!(
        group_board
            .buttons
            .iter()
            .all(|(_, d)| !d.starts_with("web_app:")),
        "{:?}",
        group_board.buttons
    );

    // Who may open it.
    let good = init_data(TOKEN, chat, "en", now());
    let tampered = good.replacen("Learner", "Mallory", 1);
    assert_ne!(tampered, good);
    for (what, init) in [
        ("tampered", tampered),
        ("stale", init_data(TOKEN, chat, "en", now() - 2 * 86_400)),
        ("another bot's", init_data("999:other", chat, "en", now())),
        ("empty", String::new()),
    ] {
        let (status, body) = login(addr, &init).await;
        assert_eq!(status, 401, "{what} initData: {body}");
    }
    let (status, _) = local_login(addr).await;
    assert_eq!(status, 401, "no local login on a Telegram bot");
    let (status, _) = call(addr, "GET", "/api/task", None, None).await;
    assert_eq!(status, 401);
    let (status, _) = call(addr, "GET", "/api/task", Some("7101.9999999999.00"), None).await;
    assert_eq!(status, 401, "a forged token");

    let token = token_of(addr, chat, "en").await;
    let start_view = task(addr, &token).await;
    assert_eq!(start_view["lang"], "en");
    let t = &start_view["task"];
    assert_eq!(
        t["fen"],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert_eq!(t["yours"], true);
    assert_eq!(t["dests"]["g1"], json!(["f3", "h3"]));

    // Refused: nothing changes, the rule and its squares, and the chat's board says it too.
    let (status, refused) = drop_piece(addr, &token, "e1", "e3").await;
    assert_eq!(status, 200, "{refused}");
    assert_eq!(refused["result"], "refused", "{refused}");
    let sentence = refused["text"].as_str().unwrap().to_owned();
    assert!(sentence.contains("king"), "{sentence}");
    assert!(
        !refused["shapes"].as_array().unwrap().is_empty(),
        "{refused}"
    );
    assert_eq!(refused["task"]["fen"], t["fen"]);
    fake.wait_shown(chat, sentence.lines().next().unwrap())
        .await;

    // Another learner's token moves nothing here: their own session has no task.
    let other = token_of(addr, 7102, "zh-hans").await;
    let (_, theirs) = drop_piece(addr, &other, "e2", "e4").await;
    assert_eq!(theirs["result"], "stale");
    assert_eq!(theirs["lang"], "zh-Hans");
    assert_eq!(task(addr, &token).await["task"]["version"], t["version"]);

    // A drop on a board that changed meanwhile is not judged.
    let body = json!({"from": "e2", "to": "e4", "version": "0000"}).to_string();
    let (_, stale) = call(addr, "POST", "/api/move", Some(&token), Some(&body)).await;
    assert_eq!(stale["result"], "stale");
    assert_eq!(stale["task"]["fen"], t["fen"]);

    // Legal: played, the tutor answers, and the page gets the position after its reply.
    let body = json!({"from": "e2", "to": "e4", "version": t["version"]}).to_string();
    let (status, played) = call(addr, "POST", "/api/move", Some(&token), Some(&body)).await;
    assert_eq!(status, 200, "{played}");
    assert_eq!(played["result"], "legal", "{played}");
    let after = &played["task"];
    assert_eq!(after["turn"], "white");
    assert_ne!(
        after["last_move"],
        json!(["e2", "e4"]),
        "the tutor's reply is last"
    );
    assert!(after["fen"].as_str().unwrap().contains("4P3"), "{after}");
    fake.wait_shown(chat, "1. e4").await;

    // Bodies that do not read change nothing.
    for body in [
        r#"{"from":"e2"}"#,
        r#"{"from":"e2","to":"e9"}"#,
        r#"{"from":"e7","to":"e8","promotion":"k"}"#,
        "not json",
    ] {
        let (status, _) = call(addr, "POST", "/api/move", Some(&token), Some(body)).await;
        assert_eq!(status, 400, "{body}");
    }
    let huge = format!(
        r#"{{"from":"e2","to":"e4","pad":"{}"}}"#,
        "x".repeat(10_000)
    );
    let (status, _) = call(addr, "POST", "/api/move", Some(&token), Some(&huge)).await;
    assert_eq!(status, 413);
    assert_eq!(task(addr, &token).await["task"]["fen"], after["fen"]);

    // The flood limit of the chat applies to the page too.
    let mut limited = false;
    for _ in 0..40 {
        let (status, _) = drop_piece(addr, &token, "a1", "a5").await;
        if status == 429 {
            limited = true;
            break;
        }
    }
    assert!(limited, "moves from the page are flood-limited");
    bot.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_is_served_with_a_content_security_policy_and_no_inline_script() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let (bot, addr) = bot(&fake, dir.path(), &[]);
    let (status, headers, body) = super::fake_bot_api::http_get(addr, "/app/").await;
    assert_eq!(status, 200);
    let headers = headers.to_ascii_lowercase();
    assert!(
        headers.contains(
            "content-security-policy: default-src 'self'; script-src 'self' https://telegram.org;"
        ),
        "{headers}"
    );
    assert!(headers.contains("x-content-type-options: nosniff"));
    assert!(body.contains("https://telegram.org/js/telegram-web-app.js"));
    // Every script is a file: no inline one (the policy would block it anyway).
    for script in body.split("<script").skip(1) {
        let open = script.split('>').next().unwrap();
        assert!(open.contains("src="), "an inline script: <script{open}>");
    }
    assert!(!body.contains("style=\""), "an inline style attribute");
    let (status, _, js) = super::fake_bot_api::http_get(addr, "/app/app.js").await;
    assert_eq!(status, 200);
    assert!(js.contains("/api/move"));
    let (status, _, _) = super::fake_bot_api::http_get(addr, "/app/../Cargo.toml").await;
    assert_ne!(status, 200);
    let (status, _, _) = super::fake_bot_api::http_get(addr, "/app/nothing.js").await;
    assert_eq!(status, 404);
    bot.stop();
}

/// `path` from the page's server with `accept` as its Accept-Encoding: the headers (lower
/// case) and the body's bytes.
async fn get_bytes(addr: SocketAddr, path: &str, accept: &str) -> (String, Vec<u8>) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let head = format!(
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nAccept-Encoding: {accept}\r\nConnection: close\r\n\r\n"
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).await.unwrap();
    let end = answer.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
    let headers = String::from_utf8_lossy(&answer[..end]).to_ascii_lowercase();
    (headers, answer[end + 4..].to_vec())
}

/// Issue 42: the page's script, style and HTML go gzipped to a browser that asks for gzip
/// (the same bytes once inflated), and plain to one that does not or refuses it; the SVG
/// pieces too.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_s_text_files_are_gzipped_for_a_browser_that_asks() {
    use std::io::Read;
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let (bot, addr) = bot(&fake, dir.path(), &[]);
    for path in ["/app/app.js", "/app/app.css", "/app/"] {
        let (plain_headers, plain) = get_bytes(addr, path, "identity").await;
        assert!(
            !plain_headers.contains("content-encoding"),
            "{plain_headers}"
        );
        let (headers, gz) = get_bytes(addr, path, "gzip, deflate, br").await;
        assert!(
            headers.contains("content-encoding: gzip"),
            "{path}: {headers}"
        );
        assert!(
            headers.contains("vary: accept-encoding"),
            "{path}: {headers}"
        );
        assert!(
            headers.contains("content-security-policy"),
            "{path}: {headers}"
        );
        let mut inflated = Vec::new();
        flate2::read::GzDecoder::new(gz.as_slice())
            .read_to_end(&mut inflated)
            .unwrap();
        assert_eq!(inflated, plain, "{path}");
        assert!(
            gz.len() * 2 < plain.len(),
            "{path}: {} of {}",
            gz.len(),
            plain.len()
        );
        let (refused, _) = get_bytes(addr, path, "gzip;q=0, identity").await;
        assert!(!refused.contains("content-encoding"), "{path}: {refused}");
    }
    let (headers, _) = get_bytes(addr, "/app/pieces/wK.svg", "gzip").await;
    assert!(headers.contains("content-encoding: gzip"), "{headers}");
    bot.stop();
}

/// The browser and its driver, or why they are missing: in CI a missing one fails the test,
/// on a developer's machine it is skipped, saying so.
fn browser() -> Option<(PathBuf, PathBuf)> {
    let repo = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let driver = repo.join("tests/browser/board.mjs");
    let modules = repo.join("tests/browser/node_modules/playwright-core");
    let chromium = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
    let node = std::process::Command::new("node").arg("--version").output();
    let missing = if node.is_err() {
        Some("node")
    } else if !modules.exists() {
        Some("tests/browser/node_modules (npm ci --prefix tests/browser)")
    } else if !Path::new(&chromium).exists() {
        Some("chromium (apt-get install chromium)")
    } else {
        None
    };
    match missing {
        None => Some((driver, repo)),
        Some(what) => {
            assert!(
                std::env::var_os("CI").is_none(),
                "CI runs the browser tests, but {what} is missing"
            );
            eprintln!("SKIPPED: the board page's browser test needs {what}");
            None
        }
    }
}

/// Runs the driver on `scenario`; returns its answer.
fn run_driver(driver: &Path, repo: &Path, scenario: &Value, dir: &Path) -> Value {
    let file = dir.join("scenario.json");
    std::fs::write(&file, serde_json::to_vec_pretty(scenario).unwrap()).unwrap();
    let out = std::process::Command::new("node")
        .arg(driver)
        .arg(&file)
        .current_dir(repo)
        .output()
        .expect("node runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let answer: Value = serde_json::from_str(&stdout).unwrap_or_else(|e| {
        panic!(
            "the driver's answer does not read ({e}):\n{stdout}\n{}",
            String::from_utf8_lossy(&out.stderr)
        )
    });
    assert!(out.status.success(), "the browser did not run: {answer}");
    answer
}

fn case<'a>(answer: &'a Value, name: &str) -> &'a Value {
    answer["cases"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == name)
        .unwrap_or_else(|| panic!("no case {name} in {answer}"))
}

fn step(case: &Value, n: usize) -> &Value {
    &case["steps"][n]
}

/// Where the screenshots go, to be looked at (not compared).
fn screens() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("board-page");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Waits (up to 20 s) for the learner's page to show a task whose FEN `fits`; returns the FEN.
async fn wait_task(addr: SocketAddr, token: &str, fits: impl Fn(&str) -> bool) -> String {
    for _ in 0..200 {
        if let Some(fen) = task(addr, token).await["task"]["fen"].as_str()
            && fits(fen)
        {
            return fen.to_owned();
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!(
        "no such task on the page in 20 s: {}",
        task(addr, token).await
    );
}

/// The mating move of a mate-in-1 position, as two squares.
fn mate_in_one(fen: &str) -> Option<(String, String)> {
    use shakmaty::{CastlingMode, Chess, Position, fen::Fen};
    let pos: Chess = fen
        .parse::<Fen>()
        .ok()?
        .into_position(CastlingMode::Standard)
        .ok()?;
    pos.legal_moves().iter().find_map(|m| {
        let after = pos.clone().play(*m).ok()?;
        after.is_checkmate().then(|| {
            let uci = m.to_uci(CastlingMode::Standard).to_string();
            (uci[0..2].to_owned(), uci[2..4].to_owned())
        })
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_board_page_in_a_real_browser_drags_taps_refuses_promotes_and_shows_a_friends_move() {
    let Some((driver, repo)) = browser() else {
        return;
    };
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let (bot, addr) = bot(&fake, dir.path(), &[]);
    let shots = screens();

    // en: a game against the tutor.
    let game = 8101;
    game_as_white(&fake, game).await;
    // zh: the promotion lesson's first move step (two pages of explanation before it).
    let promo = 8102;
    fake.push(start(promo, "zh-hans"));
    fake.wait_text(promo, "欢迎").await;
    fake.push(text(promo, "/lesson 11"));
    fake.wait_text(promo, "第11课").await;
    for _ in 0..2 {
        fake.push(text(promo, "/next"));
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
    let promo_token = token_of(addr, promo, "zh-hans").await;
    wait_task(addr, &promo_token, |fen| {
        fen.starts_with("8/4P3/8/8/8/k7/8/4K3 w")
    })
    .await;
    // en: a puzzle, solved on the page.
    let puzzle = 8103;
    fake.push(start(puzzle, "en"));
    fake.wait_text(puzzle, "Welcome").await;
    fake.push(text(puzzle, "/puzzle"));
    let puzzle_token = token_of(addr, puzzle, "en").await;
    let puzzle_fen = wait_task(addr, &puzzle_token, |_| true).await;
    let (key_from, key_to) =
        mate_in_one(&puzzle_fen).expect("a new learner's first puzzle is a mate in 1");
    // A game with a friend: zh invites, en (Black) joins.
    let (white, black) = (8104, 8105);
    friend_game(&fake, white, black).await;

    // A game resigned at once: the page shows how it ended.
    let resigned = 8109;
    game_as_white(&fake, resigned).await;
    fake.push(text(resigned, "resign"));
    let question = fake.wait_shown(resigned, "Resign this game").await;
    fake.push(press(resigned, &button(&question, "Yes"), 2));
    fake.wait_shown(resigned, "You resigned").await;

    // Unit 3's step 3 in each script: "move the rook to h4", h4 marked on the chat's picture.
    let marks = [
        (8106, "en", "Welcome"),
        (8107, "zh-hans", "欢迎"),
        (8108, "zh-hant", "歡迎"),
    ];
    for (chat, code, welcome) in marks {
        fake.push(start(chat, code));
        fake.wait_text(chat, welcome).await;
        fake.push(text_in(chat, "/lesson 3", code));
        tokio::time::sleep(Duration::from_millis(300)).await;
        for _ in 0..2 {
            fake.push(text_in(chat, "/next", code));
            tokio::time::sleep(Duration::from_millis(300)).await;
        }
        let token = token_of(addr, chat, code).await;
        wait_task(addr, &token, |fen| fen.starts_with("8/2k5/8/8/R7/8/8/7K w")).await;
    }

    let now = now();
    let mark_case = |chat: i64, code: &str, theme: &str| {
        json!({
            "name": format!("marks-{code}"),
            "init_data": init_data(TOKEN, chat, code, now),
            "theme": theme,
            "viewport": {"width": 360, "height": 640},
            "screenshot": shots.join(format!("marks-{code}-{theme}.png")),
            "actions": [
                {"drag": ["a4", "g4"]},
                {"screenshot": shots.join(format!("marks-{code}-wrong-{theme}.png"))},
                {"drag": ["a4", "b5"]},
                {"screenshot": shots.join(format!("marks-{code}-refused-{theme}.png"))},
                {"drag": ["a4", "h4"]},
                {"screenshot": shots.join(format!("marks-{code}-right-{theme}.png"))},
            ],
        })
    };
    let scenario = json!({
        "base_url": format!("http://{addr}"),
        "cases": [
            {
                "name": "over-en",
                "init_data": init_data(TOKEN, resigned, "en", now),
                "theme": "dark",
                "viewport": {"width": 360, "height": 640},
                "screenshot": shots.join("game-over-en-dark.png"),
                "actions": [],
            },
            mark_case(8106, "en", "light"),
            mark_case(8107, "zh-hans", "dark"),
            mark_case(8108, "zh-hant", "light"),
            {
                "name": "game-en",
                "init_data": init_data(TOKEN, game, "en", now),
                "theme": "light",
                "viewport": {"width": 360, "height": 640},
                "screenshot": shots.join("game-en-light.png"),
                "actions": [
                    {"drag": ["e1", "e3"]},
                    {"screenshot": shots.join("game-en-refused.png")},
                    {"drag": ["e2", "e4"]},
                    {"tap": ["g1", "f3"]},
                ],
            },
            {
                "name": "promotion-zh",
                "init_data": init_data(TOKEN, promo, "zh-hans", now),
                "theme": "dark",
                "viewport": {"width": 360, "height": 640},
                "screenshot": shots.join("promotion-zh-dark.png"),
                "actions": [
                    {"drag": ["e1", "e3"]},
                    {"screenshot": shots.join("promotion-zh-refused-dark.png")},
                    {"drag": ["e7", "e8"]},
                    {"screenshot": shots.join("promotion-zh-choose-dark.png")},
                    {"promote": "q"},
                ],
            },
            {
                "name": "puzzle-en",
                "init_data": init_data(TOKEN, puzzle, "en", now),
                "theme": "light",
                "viewport": {"width": 360, "height": 640},
                "screenshot": null,
                "actions": [
                    {"drag": [key_from, key_to]},
                    {"screenshot": shots.join("puzzle-en-solved.png")},
                ],
            },
            {
                "name": "friend-en",
                "init_data": init_data(TOKEN, black, "en", now),
                "theme": "dark",
                "viewport": {"width": 360, "height": 640},
                "screenshot": shots.join("friend-en-waiting-dark.png"),
                "actions": [
                    {"drag": ["e7", "e5"]},
                    {"api_move": {"token_of": init_data(TOKEN, white, "zh-hans", now), "from": "e2", "to": "e4"}},
                    {"wait_version_change": true},
                    {"drag": ["e7", "e5"]},
                ],
            },
            {
                "name": "tampered",
                "init_data": init_data(TOKEN, game, "en", now).replacen("Learner", "Mallory", 1),
                "theme": "light",
                "viewport": {"width": 360, "height": 640},
                "screenshot": null,
                "actions": [],
            },
            {
                "name": "stale",
                "init_data": init_data(TOKEN, game, "en", now - 3 * 86_400),
                "theme": "light",
                "viewport": {"width": 360, "height": 640},
                "screenshot": null,
                "actions": [],
            },
        ],
    });
    let answer = run_driver(&driver, &repo, &scenario, dir.path());
    std::fs::write(
        shots.join("answer.json"),
        serde_json::to_vec_pretty(&answer).unwrap(),
    )
    .unwrap();

    // A game: a refused drag (the rule, its squares drawn in the page, a haptic error), a legal
    // drag answered by the tutor, a tap-tap move.
    let c = case(&answer, "game-en");
    assert_eq!(c["initial"]["orientation"], "white", "{c}");
    let refused = step(c, 0);
    assert_eq!(refused["result"], "refused", "{refused}");
    assert!(
        refused["said"].as_str().unwrap().contains("king"),
        "{refused}"
    );
    assert!(refused["shape_elements"].as_u64().unwrap() > 0, "{refused}");
    assert!(
        !refused["shapes"].as_array().unwrap().is_empty(),
        "{refused}"
    );
    assert!(
        refused["haptics"]
            .as_array()
            .unwrap()
            .iter()
            .any(|h| h == "notification:error"),
        "{refused}"
    );
    assert!(
        refused["fen"]
            .as_str()
            .unwrap()
            .starts_with("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"),
        "the king went back: {refused}"
    );
    let played = step(c, 2);
    assert_eq!(played["result"], "legal", "{played}");
    assert!(played["fen"].as_str().unwrap().contains("4P3"), "{played}");
    assert_eq!(
        played["shape_elements"], 0,
        "the reason's shapes are gone: {played}"
    );
    let tapped = step(c, 3);
    assert_eq!(tapped["result"], "legal", "{tapped}");
    assert!(tapped["fen"].as_str().unwrap().contains('N'), "{tapped}");
    // The chat shows what the page did.
    fake.wait_shown(game, "2. Nf3").await;
    assert!(c["csp_violations"].as_array().unwrap().is_empty(), "{c}");

    // After the game: its last position, nothing to move, how it ended.
    let c = case(&answer, "over-en");
    assert_eq!(
        c["initial"]["turn_text"], "The game is over: here is how it ended.",
        "{c}"
    );
    assert!(
        c["initial"]["task_text"]
            .as_str()
            .unwrap()
            .contains("You resigned"),
        "{c}"
    );
    assert_eq!(c["initial"]["movable"], Value::Null, "{c}");

    // The step's own mark on the page (h4, as on the chat's picture); a legal wrong try, a
    // refusal and the right move each look different, in every script.
    for code in ["en", "zh-hans", "zh-hant"] {
        let c = case(&answer, &format!("marks-{code}"));
        let marked = c["initial"]["shapes"].as_array().unwrap();
        assert!(
            marked
                .iter()
                .any(|s| s["orig"] == "h4" && s["brush"] == "highlight"),
            "{code}: the step's mark: {c}"
        );
        let (wrong, refused, right) = (step(c, 0), step(c, 2), step(c, 4));
        assert_eq!(wrong["result"], "wrong", "{code}: {wrong}");
        assert_eq!(wrong["said_class"], "result-wrong", "{code}: {wrong}");
        assert!(
            wrong["haptics"]
                .as_array()
                .unwrap()
                .iter()
                .any(|h| h == "notification:warning"),
            "{code}: {wrong}"
        );
        assert_eq!(refused["result"], "refused", "{code}: {refused}");
        assert_eq!(refused["said_class"], "result-refused", "{code}: {refused}");
        assert_eq!(right["result"], "legal", "{code}: {right}");
        assert_eq!(right["said_class"], "result-legal", "{code}: {right}");
        assert_ne!(wrong["said_colour"], right["said_colour"], "{code}");
        assert_ne!(wrong["said_colour"], refused["said_colour"], "{code}");
    }

    // A promotion in Chinese, after a refusal in Chinese.
    let c = case(&answer, "promotion-zh");
    let refused = step(c, 0);
    assert_eq!(refused["result"], "refused", "{refused}");
    assert!(
        refused["said"].as_str().unwrap().contains('王'),
        "{refused}"
    );
    let asked = step(c, 2);
    assert_eq!(asked["result"], "promote", "{asked}");
    assert_eq!(asked["promote_visible"], true, "{asked}");
    assert_eq!(
        asked["shape_elements"], 0,
        "the refusal's shapes are gone: {asked}"
    );
    let promoted = step(c, 4);
    assert_eq!(promoted["result"], "legal", "{promoted}");
    assert!(
        promoted["said"].as_str().unwrap().contains("对了"),
        "{promoted}"
    );
    fake.wait_shown(promo, "对了").await;

    // A puzzle solved on the page.
    let c = case(&answer, "puzzle-en");
    let solved = step(c, 0);
    assert_eq!(solved["result"], "legal", "{solved}");
    let said = solved["said"].as_str().unwrap();
    assert!(
        said.starts_with("Right!"),
        "the task's words are not said again: {said}"
    );
    assert!(said.contains("Puzzle solved"), "{solved}");
    fake.wait_shown(puzzle, "Puzzle solved").await;

    // A friend's move arrives without a reload; a drag while waiting sends nothing.
    let c = case(&answer, "friend-en");
    assert_eq!(c["initial"]["orientation"], "black", "{c}");
    assert_eq!(step(c, 0)["answered"], false, "{c}");
    assert_eq!(step(c, 2)["ok"], true, "the friend's move arrived: {c}");
    // How soon, a figure (answer.json): `follow_ms` from the friend's move to the page.
    assert!(
        step(c, 2)["follow_ms"].is_number(),
        "when it was shown: {c}"
    );
    let mine = step(c, 3);
    assert_eq!(mine["result"], "legal", "{mine}");
    fake.wait_text(white, "e5").await;

    // Logins that are refused leave the page with an error and no board task.
    for name in ["tampered", "stale"] {
        let c = case(&answer, name);
        assert_eq!(c["initial"]["error_kind"], "auth", "{name}: {c}");
    }
    bot.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_terminal_chat_serves_the_page_to_its_own_learner_and_shows_the_pages_moves() {
    use std::io::{BufRead, Write};
    use std::process::{Command, Stdio};
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_chess-tutor"))
        .args([
            "--data-dir",
            dir.path().to_str().unwrap(),
            "chat",
            "--lang",
            "en",
        ])
        .env_remove("TELOXIDE_TOKEN")
        .env_remove("DATABASE_URL")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The address is said at the start.
    let stderr = child.stderr.take().unwrap();
    let (said, heard) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(stderr)
            .lines()
            .map_while(Result::ok)
        {
            let _ = said.send(line);
        }
    });
    let addr: SocketAddr = loop {
        let line = heard
            .recv_timeout(Duration::from_secs(20))
            .expect("the page's address is printed");
        if let Some(rest) = line.split("http://").nth(1) {
            break rest.trim_end_matches("/app/").parse().unwrap();
        }
    };
    assert!(addr.ip().is_loopback());
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"/play 1\n1\n").unwrap();
    stdin.flush().unwrap();

    // No Telegram login here; the local one from this machine.
    let (status, _) = login(addr, &init_data(TOKEN, 1, "en", now())).await;
    assert_eq!(status, 401);
    let (status, session) = local_login(addr).await;
    assert_eq!(status, 200, "{session}");
    let token = session["token"].as_str().unwrap().to_owned();
    wait_task(addr, &token, |fen| fen.starts_with("rnbqkbnr/pppppppp")).await;
    let (_, played) = drop_piece(addr, &token, "e2", "e4").await;
    assert_eq!(played["result"], "legal", "{played}");

    stdin.write_all(b"/quit\n").unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let out = String::from_utf8_lossy(&out.stdout);
    // The chat shows the move made on the page, and the tutor's answer.
    assert!(out.contains("You played e4."), "{out}");
    assert!(out.contains("1. e4 "), "{out}");
}
