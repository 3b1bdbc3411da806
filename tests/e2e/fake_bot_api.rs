//! A fake Telegram Bot API server on 127.0.0.1 for driving the real bot binary: a
//! `getUpdates` queue the test fills, a record of every call the bot makes, and 429s on
//! demand. Method names are matched case-insensitively (teloxide sends `/bot<token>/SendMessage`);
//! photos arrive as multipart/form-data.

#![allow(dead_code)]

use std::collections::{HashMap, VecDeque};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::{FromRequest, Multipart, Request, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

/// Marks a queued update kept as raw text ([`Fake::push_raw`]).
const RAW: &str = "\u{0}raw:";

/// One call the bot made.
#[derive(Debug, Clone)]
pub struct Call {
    /// The method, lower case (`sendmessage`, `sendphoto`, …).
    pub method: String,
    /// The token in the URL.
    pub token: String,
    /// `chat_id`, when the call has one.
    pub chat: Option<i64>,
    /// The text, or a photo's caption.
    pub text: String,
    /// The inline keyboard: (label, data), row after row.
    pub buttons: Vec<(String, String)>,
    /// `callback_query_id` of answerCallbackQuery.
    pub callback: Option<String>,
    /// Whether a photo was attached and starts like a PNG.
    pub png: bool,
    /// When the call arrived.
    pub at: Instant,
    /// The message sent or edited (its `message_id`).
    pub message: Option<i64>,
    /// The call's parameters (multipart fields as strings), e.g. setWebhook's `url`.
    pub body: Value,
    /// Bytes of files uploaded with the call (a photo sent by `file_id` uploads none).
    pub uploaded: usize,
    /// The text of an uploaded file that is not a picture (a document), and its name.
    pub document: Option<(String, String)>,
    /// The photo's `file_id`: the one given to the upload, or the one the call named.
    pub file_id: Option<String>,
}

/// What the fake server holds.
#[derive(Default)]
pub struct FakeState {
    /// Unconfirmed updates: (id, body).
    queue: VecDeque<(i64, Value)>,
    /// Updates delivered once more regardless of the offset (a redelivery).
    replays: Vec<Value>,
    next_id: i64,
    next_message: i64,
    /// Every successful call except getUpdates.
    pub calls: Vec<Call>,
    /// 429s to give: method (lower case) → retry_after of the next calls.
    pub fail: HashMap<String, VecDeque<u32>>,
    /// The 429s given: (method, when).
    pub rejected: Vec<(String, Instant)>,
    /// 429s to give to sends to one chat: chat → retry_after of the next sends.
    pub fail_chat: HashMap<i64, VecDeque<u32>>,
    /// A 429 storm on every method but getUpdates: (percent of calls, longest retry_after).
    pub storm: Option<(u64, u32)>,
    storm_counter: u64,
    /// When each update was first delivered by getUpdates.
    pub delivered: HashMap<i64, Instant>,
    /// The highest offset a getUpdates asked for.
    pub max_offset: i64,
    /// How many getUpdates calls arrived.
    pub polls: u64,
    /// The `file_id`s given to uploaded photos.
    pub files: std::collections::HashSet<String>,
    /// The longest a getUpdates is held when there is nothing to give, in seconds.
    pub hold_max_secs: u64,
    /// How long each getUpdates answered with nothing was held.
    pub idle_polls: Vec<Duration>,
    /// Server errors to give to the next calls of any method but getUpdates and getMe:
    /// (HTTP status, whether the body is Bot API JSON or an HTML page from a proxy).
    pub server_errors: VecDeque<(u16, bool)>,
    /// The server errors given: (method, status).
    pub server_errored: Vec<(String, u16)>,
    /// The bot's username, as getMe answers it.
    pub username: String,
    /// Chats whose user blocked the bot: every call for them answers 403.
    pub blocked_by: std::collections::HashSet<i64>,
    /// The 403s given: (method, chat).
    pub forbidden: Vec<(String, i64)>,
    /// The administrators of each group chat (getChatMember): the first is its creator.
    pub admins: HashMap<i64, Vec<i64>>,
    /// The polls the bot sent, by poll id.
    pub sent_polls: HashMap<String, FakePoll>,
    next_poll: i64,
    /// The answers to polls pushed as `poll_answer` updates for a poll nobody sent (or a
    /// closed one): kept out of any poll's count.
    pub stray_answers: usize,
    /// The `allowed_updates` of the latest getUpdates that named them.
    pub allowed_updates: Option<Value>,
    /// How long the answer to a sendPoll is held after the poll is made (Telegram names the
    /// poll only in that answer: a voter may answer before the bot has read it).
    pub poll_delay: Option<Duration>,
}

/// A poll the bot sent, as Telegram keeps it.
#[derive(Debug, Clone)]
pub struct FakePoll {
    /// Its chat.
    pub chat: i64,
    /// Its message.
    pub message: i64,
    /// What `sendPoll` asked, as sent.
    pub body: Value,
    /// The options' texts.
    pub options: Vec<String>,
    /// Closed by `stopPoll`.
    pub closed: bool,
    /// Each voter's options.
    pub votes: HashMap<i64, Vec<u8>>,
}

impl FakePoll {
    /// The Poll object as the Bot API writes it.
    fn object(&self, id: &str) -> Value {
        let counts: Vec<usize> = (0..self.options.len())
            .map(|i| {
                self.votes
                    .values()
                    .filter(|v| v.contains(&(i as u8)))
                    .count()
            })
            .collect();
        let mut poll = json!({
            "id": id,
            "question": self.body["question"],
            "options": self.options.iter().zip(&counts)
                .map(|(t, n)| json!({"text": t, "voter_count": n})).collect::<Vec<_>>(),
            "total_voter_count": self.votes.len(),
            "is_closed": self.closed,
            "is_anonymous": self.body["is_anonymous"].as_bool().unwrap_or(true),
            "type": self.body["type"].as_str().unwrap_or("regular"),
            "allows_multiple_answers": false,
        });
        if let Some(c) = self.body.get("correct_option_id").and_then(as_i64) {
            poll["correct_option_id"] = json!(c);
        }
        if let Some(e) = self.body.get("explanation") {
            poll["explanation"] = e.clone();
        }
        poll
    }
}

/// A running fake server.
#[derive(Clone)]
pub struct Fake {
    pub addr: SocketAddr,
    pub state: Arc<Mutex<FakeState>>,
}

impl Fake {
    /// Starts a server on an ephemeral port of 127.0.0.1.
    pub async fn start() -> Fake {
        let state = Arc::new(Mutex::new(FakeState {
            next_id: 1000,
            next_message: 1,
            hold_max_secs: 1,
            idle_polls: Vec::new(),
            username: "chess_tutor_test_bot".to_owned(),
            ..FakeState::default()
        }));
        let app = axum::Router::new()
            .fallback(handle)
            .with_state(state.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        tokio::spawn(async move {
            axum::serve(listener, app).await.unwrap();
        });
        Fake { addr, state }
    }

    /// The base URL for TELOXIDE_API_URL.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// Queues an update body (without `update_id` when `with_id` is false); returns its id.
    pub fn push_body(&self, mut body: Value, with_id: bool) -> i64 {
        let mut s = self.state.lock().unwrap();
        let id = s.next_id;
        s.next_id += 1;
        if with_id && let Some(o) = body.as_object_mut() {
            o.insert("update_id".into(), json!(id));
        }
        s.queue.push_back((id, body));
        id
    }

    /// Queues an update given as raw JSON text, which may be what no JSON value can hold (a
    /// lone surrogate escape, nesting deeper than any reader allows); `{ID}` in it becomes
    /// its `update_id`. Returns the id.
    pub fn push_raw(&self, text: &str) -> i64 {
        let mut s = self.state.lock().unwrap();
        let id = s.next_id;
        s.next_id += 1;
        let raw = format!("{RAW}{}", text.replace("{ID}", &id.to_string()));
        s.queue.push_back((id, Value::String(raw)));
        id
    }

    /// Queues an update (`update_id` added); returns its id.
    pub fn push(&self, body: Value) -> i64 {
        self.push_body(body, true)
    }

    /// How many updates were queued in all (replays not counted).
    pub fn queued(&self) -> u64 {
        u64::try_from(self.state.lock().unwrap().next_id - 1000).unwrap_or(0)
    }

    /// The id of the latest update queued.
    pub fn last_id(&self) -> i64 {
        self.state.lock().unwrap().next_id - 1
    }

    /// Delivers `update` (with its id) once more in the next getUpdates.
    pub fn replay(&self, update: Value) {
        self.state.lock().unwrap().replays.push(update);
    }

    /// Makes the next calls (any method but getUpdates and getMe) fail with these server
    /// errors: (status, JSON body or an HTML page).
    pub fn server_errors(&self, errors: &[(u16, bool)]) {
        self.state
            .lock()
            .unwrap()
            .server_errors
            .extend(errors.iter().copied());
    }

    /// Makes `user` an administrator of group `chat` (the first one made is its creator).
    pub fn set_admin(&self, chat: i64, user: i64) {
        self.state
            .lock()
            .unwrap()
            .admins
            .entry(chat)
            .or_default()
            .push(user);
    }

    /// The poll the bot sent as message `message` of `chat`: its id and what it holds.
    pub fn poll_of(&self, chat: i64, message: i64) -> Option<(String, FakePoll)> {
        self.state
            .lock()
            .unwrap()
            .sent_polls
            .iter()
            .find(|(_, p)| p.chat == chat && p.message == message)
            .map(|(id, p)| (id.clone(), p.clone()))
    }

    /// Queues a `poll_answer` update: `user` (first name `name`) chose `options` in poll
    /// `poll` (none: a retracted vote). An open poll the bot sent counts the vote, as
    /// Telegram would; returns the update's id.
    pub fn poll_answer(&self, poll: &str, user: i64, name: &str, options: &[u8]) -> i64 {
        {
            let mut s = self.state.lock().unwrap();
            match s.sent_polls.get_mut(poll).filter(|p| !p.closed) {
                Some(p) => {
                    p.votes.insert(user, options.to_vec());
                }
                None => s.stray_answers += 1,
            }
        }
        self.push(json!({"poll_answer": {
            "poll_id": poll,
            "user": {"id": user, "is_bot": false, "first_name": name},
            "option_ids": options,
        }}))
    }

    /// Makes every later call for `chat` fail with 403 "bot was blocked by the user".
    pub fn block_by(&self, chat: i64) {
        self.state.lock().unwrap().blocked_by.insert(chat);
    }

    /// Makes the next calls of `method` fail with 429 and these retry_after values.
    pub fn fail(&self, method: &str, retry_after: &[u32]) {
        self.state
            .lock()
            .unwrap()
            .fail
            .entry(method.to_ascii_lowercase())
            .or_default()
            .extend(retry_after);
    }

    /// Makes the next sends to `chat` fail with 429 and these retry_after values.
    pub fn fail_chat(&self, chat: i64, retry_after: &[u32]) {
        self.state
            .lock()
            .unwrap()
            .fail_chat
            .entry(chat)
            .or_default()
            .extend(retry_after);
    }

    /// Answers `percent` % of all calls but getUpdates with 429 and a retry_after of 1 to
    /// `max_retry` seconds (a fixed pseudo-random sequence).
    pub fn storm(&self, percent: u64, max_retry: u32) {
        self.state.lock().unwrap().storm = Some((percent, max_retry));
    }

    /// A copy of the calls so far.
    pub fn calls(&self) -> Vec<Call> {
        self.state.lock().unwrap().calls.clone()
    }

    /// Waits (up to 30 s) until the bot introduced itself (`getMe`, then its two
    /// `setMyCommands`). It does so beside the first updates: a test that queues an error for
    /// a reply waits for this first, so that the error cannot meet the introduction instead.
    pub async fn wait_introduced(&self) {
        let end = Instant::now() + Duration::from_secs(30);
        while self.calls_of("setMyCommands").len() < 2 {
            assert!(
                Instant::now() < end,
                "the bot never sent its two setMyCommands"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// The calls of `method` (any case) so far.
    pub fn calls_of(&self, method: &str) -> Vec<Call> {
        let method = method.to_ascii_lowercase();
        self.calls()
            .into_iter()
            .filter(|c| c.method == method)
            .collect()
    }

    /// Calls to `chat` (sendMessage / sendPhoto) so far.
    pub fn sent_to(&self, chat: i64) -> Vec<Call> {
        self.calls()
            .into_iter()
            .filter(|c| c.chat == Some(chat) && c.method.starts_with("send"))
            .collect()
    }

    /// Waits until `check` holds, polling; panics with the calls after `secs`.
    pub async fn wait<T>(
        &self,
        secs: u64,
        what: &str,
        check: impl Fn(&FakeState) -> Option<T>,
    ) -> T {
        let end = Instant::now() + Duration::from_secs(secs);
        loop {
            if let Some(t) = check(&self.state.lock().unwrap()) {
                return t;
            }
            if Instant::now() > end {
                let s = self.state.lock().unwrap();
                let tail: Vec<String> = s
                    .calls
                    .iter()
                    .rev()
                    .take(15)
                    .map(|c| {
                        format!(
                            "{} {:?} {:?}",
                            c.method,
                            c.chat,
                            c.text.chars().take(80).collect::<String>()
                        )
                    })
                    .collect();
                panic!(
                    "timed out after {secs}s waiting for {what}; max offset {}, queue {}, last calls (newest first):\n{}",
                    s.max_offset,
                    s.queue.len(),
                    tail.join("\n")
                );
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Waits for a message or photo to `chat` whose text contains `needle`; returns the
    /// latest such.
    pub async fn wait_text(&self, chat: i64, needle: &str) -> Call {
        let needle = needle.to_owned();
        self.wait(
            20,
            &format!("a message to {chat} containing {needle:?}"),
            |s| {
                s.calls
                    .iter()
                    .rev()
                    .find(|c| {
                        c.chat == Some(chat)
                            && c.method.starts_with("send")
                            && c.text.contains(&needle)
                    })
                    .cloned()
            },
        )
        .await
    }

    /// Waits for a message or an edit to `chat` whose text contains `needle` (a typed answer
    /// inside a task edits the task's message); returns the latest such.
    pub async fn wait_shown(&self, chat: i64, needle: &str) -> Call {
        let needle = needle.to_owned();
        self.wait(
            20,
            &format!("a message or an edit to {chat} containing {needle:?}"),
            |s| {
                s.calls
                    .iter()
                    .rev()
                    .find(|c| {
                        c.chat == Some(chat)
                            && (c.method.starts_with("send") || c.method.starts_with("edit"))
                            && c.text.contains(&needle)
                    })
                    .cloned()
            },
        )
        .await
    }

    /// Waits until the bot has answered the button press `callback` (its query id), and
    /// returns that `answerCallbackQuery` call (its body holds the toast, if any).
    pub async fn wait_answer(&self, callback: &str) -> Call {
        let callback = callback.to_owned();
        self.wait(20, &format!("the press {callback} answered"), |s| {
            s.calls
                .iter()
                .find(|c| {
                    c.method == "answercallbackquery" && c.callback.as_deref() == Some(&callback)
                })
                .cloned()
        })
        .await
    }

    /// Waits until the bot has confirmed update `id` (asked for a higher offset), which it
    /// does only after the whole batch holding it was handled and answered.
    pub async fn wait_confirmed(&self, id: i64, secs: u64) {
        self.wait(secs, &format!("update {id} confirmed"), |s| {
            (s.max_offset > id).then_some(())
        })
        .await;
    }
}

/// A private text message from `chat`.
pub fn text(chat: i64, text: &str) -> Value {
    json!({"message": message(chat, Some(text), None)})
}

/// A private text message from `chat` whose client speaks `lang`.
pub fn text_in(chat: i64, text: &str, lang: &str) -> Value {
    json!({"message": message(chat, Some(text), Some(lang))})
}

/// `/start` from `chat` whose client speaks `lang`.
pub fn start(chat: i64, lang: &str) -> Value {
    json!({"message": message(chat, Some("/start"), Some(lang))})
}

/// A message in supergroup `chat`: in forum topic 42 when `topic`; from `from` (a person, or
/// an anonymous admin writing through GroupAnonymousBot on behalf of the group).
pub fn in_group(chat: i64, text: &str, topic: bool, anonymous: bool) -> serde_json::Value {
    let mut m = message(chat, Some(text), Some("en"));
    m["chat"] = json!({"id": chat, "type": "supergroup", "title": "Chess club", "is_forum": topic});
    m["from"] = json!({"id": 9, "is_bot": false, "first_name": "A", "language_code": "en"});
    if topic {
        m["message_thread_id"] = json!(42);
        m["is_topic_message"] = json!(true);
    }
    if anonymous {
        m["from"] = json!({"id": 1_087_968_824_i64, "is_bot": true, "first_name": "Group", "username": "GroupAnonymousBot"});
        m["sender_chat"] = m["chat"].clone();
    }
    json!({ "message": m })
}

/// A text message in group `group` from member `member` (first name `name`, client `lang`).
pub fn member_text(group: i64, member: i64, name: &str, lang: &str, text: &str) -> Value {
    let mut m = message(group, Some(text), Some(lang));
    m["chat"] = json!({"id": group, "type": "supergroup", "title": "Chess club"});
    m["from"] = json!({"id": member, "is_bot": false, "first_name": name, "language_code": lang});
    json!({ "message": m })
}

/// As [`member_text`], replying to the group's message `reply_to` (one of the bot's).
pub fn member_reply(
    group: i64,
    member: i64,
    name: &str,
    lang: &str,
    text: &str,
    reply_to: i64,
) -> Value {
    let mut update = member_text(group, member, name, lang, text);
    update["message"]["reply_to_message"] = json!({
        "message_id": reply_to,
        "date": 1_700_000_000,
        "chat": {"id": group, "type": "supergroup", "title": "Chess club"},
        "from": {"id": 1, "is_bot": true, "first_name": "Tutor", "username": "chess_tutor_bot"},
        "text": "the puzzle of the day",
    });
    update
}

/// A press by member `member` of group `group` of the button with `data` under the group's
/// message `message_id`; the callback query id is `cb-<member>-<data>-<n>`.
pub fn member_press(
    group: i64,
    member: i64,
    (name, lang): (&str, &str),
    data: &str,
    n: u32,
    message_id: i64,
) -> Value {
    let mut m = message(group, Some("board"), None);
    m["chat"] = json!({"id": group, "type": "supergroup", "title": "Chess club"});
    m["message_id"] = json!(message_id);
    // The bot's own message.
    m["from"] = json!({"id": 777, "is_bot": true, "first_name": "Tutor", "username": "chess_tutor_test_bot"});
    json!({"callback_query": {
        "id": format!("cb-{member}-{data}-{n}"),
        "from": {"id": member, "is_bot": false, "first_name": name, "language_code": lang},
        "message": m,
        "chat_instance": "ci",
        "data": data,
    }})
}

/// The forum topic a call sends to (`message_thread_id`), if any.
pub fn thread_of(call: &Call) -> Option<String> {
    call.body
        .get("message_thread_id")
        .map(|v| v.to_string().trim_matches('"').to_owned())
}

/// A press of the button with `data` under a message in `chat`; the callback query id is
/// `cb-<chat>-<data>-<n>`.
pub fn press(chat: i64, data: &str, n: u32) -> Value {
    json!({"callback_query": {
        "id": format!("cb-{chat}-{data}-{n}"),
        "from": {"id": chat, "is_bot": false, "first_name": "Learner"},
        "message": message(chat, Some("board"), None),
        "chat_instance": "ci",
        "data": data,
    }})
}

/// A press of the button with `data` under message `message_id` in `chat`.
pub fn press_on(chat: i64, data: &str, n: u32, message_id: i64) -> Value {
    let mut update = press(chat, data, n);
    update["callback_query"]["message"]["message_id"] = json!(message_id);
    update
}

/// A message object.
pub fn message(chat: i64, text: Option<&str>, lang: Option<&str>) -> Value {
    let mut m = json!({
        "message_id": 1,
        "date": 1_700_000_000,
        "chat": {"id": chat, "type": "private", "first_name": "Learner"},
        "from": {"id": chat, "is_bot": false, "first_name": "Learner"},
    });
    if let Some(t) = text {
        m["text"] = json!(t);
    }
    if let Some(l) = lang {
        m["from"]["language_code"] = json!(l);
    }
    m
}

/// FNV-1a: a stable hash of an upload, for its `file_id`.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3)
    })
}

fn split_path(path: &str) -> Option<(String, String)> {
    let rest = path.strip_prefix("/bot")?;
    let (token, method) = rest.split_once('/')?;
    Some((token.to_owned(), method.to_ascii_lowercase()))
}

fn as_i64(v: &Value) -> Option<i64> {
    v.as_i64().or_else(|| v.as_str()?.trim().parse().ok())
}

fn buttons(markup: &Value) -> Vec<(String, String)> {
    let markup = match markup {
        Value::String(s) => serde_json::from_str(s).unwrap_or(Value::Null),
        v => v.clone(),
    };
    markup["inline_keyboard"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row.as_array().cloned().unwrap_or_default())
        .map(|b| {
            // A Mini App button is kept as `web_app:` and its address.
            let data = match b["web_app"]["url"].as_str() {
                Some(url) => format!("web_app:{url}"),
                None => b["callback_data"].as_str().unwrap_or_default().to_owned(),
            };
            (b["text"].as_str().unwrap_or_default().to_owned(), data)
        })
        .collect()
}

/// Whether a call's inline keyboard has a Mini App (`web_app`) button.
fn has_web_app_button(body: &Value) -> bool {
    let markup = match body.get("reply_markup") {
        Some(Value::String(s)) => serde_json::from_str(s).unwrap_or(Value::Null),
        Some(v) => v.clone(),
        None => return false,
    };
    markup["inline_keyboard"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row.as_array().cloned().unwrap_or_default())
        .any(|b| b.get("web_app").is_some())
}

async fn handle(State(state): State<Arc<Mutex<FakeState>>>, req: Request) -> Response {
    let Some((token, method)) = split_path(req.uri().path()) else {
        return (StatusCode::NOT_FOUND, "no such path").into_response();
    };
    let multipart = req
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/form-data"));
    let mut body = serde_json::Map::new();
    let mut png = false;
    let mut uploaded = 0;
    let mut upload_id: Option<String> = None;
    let mut document: Option<(String, String)> = None;
    if multipart {
        let Ok(mut form) = Multipart::from_request(req, &()).await else {
            return (StatusCode::BAD_REQUEST, "bad multipart").into_response();
        };
        while let Ok(Some(field)) = form.next_field().await {
            let name = field.name().unwrap_or_default().to_owned();
            let file_name = field.file_name().map(str::to_owned);
            let is_file = file_name.is_some();
            let bytes = field.bytes().await.unwrap_or_default();
            if is_file {
                png = bytes.starts_with(b"\x89PNG");
                if !png {
                    document = Some((
                        file_name.unwrap_or_default(),
                        String::from_utf8_lossy(&bytes).into_owned(),
                    ));
                }
                uploaded += bytes.len();
                upload_id = Some(format!("photo-{:016x}", fnv(&bytes)));
            } else {
                body.insert(
                    name,
                    Value::String(String::from_utf8_lossy(&bytes).into_owned()),
                );
            }
        }
    } else {
        let bytes = axum::body::to_bytes(req.into_body(), 64 << 20)
            .await
            .unwrap_or_default();
        if let Ok(Value::Object(map)) = serde_json::from_slice(&bytes) {
            body = map;
        }
    }
    let body = Value::Object(body);

    {
        let mut s = state.lock().unwrap();
        let chat = body.get("chat_id").and_then(as_i64);
        // As Telegram: a Mini App button is allowed in private chats only.
        if chat.is_some_and(|c| c < 0) && has_web_app_button(&body) {
            return (
                StatusCode::BAD_REQUEST,
                axum::Json(json!({"ok": false, "error_code": 400,
                    "description": "Bad Request: BUTTON_TYPE_INVALID"})),
            )
                .into_response();
        }
        if let Some(chat) = chat.filter(|c| s.blocked_by.contains(c)) {
            s.forbidden.push((method.clone(), chat));
            return (
                StatusCode::FORBIDDEN,
                axum::Json(json!({"ok": false, "error_code": 403,
                    "description": "Forbidden: bot was blocked by the user"})),
            )
                .into_response();
        }
        let mut retry = s.fail.get_mut(&method).and_then(VecDeque::pop_front);
        if retry.is_none()
            && method.starts_with("send")
            && let Some(chat) = chat
        {
            retry = s.fail_chat.get_mut(&chat).and_then(VecDeque::pop_front);
        }
        if retry.is_none()
            && method != "getupdates"
            && let Some((percent, max_retry)) = s.storm
        {
            s.storm_counter += 1;
            // A fixed pseudo-random sequence (an LCG), so runs are repeatable.
            let r = s
                .storm_counter
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407)
                >> 33;
            if r % 100 < percent {
                retry = Some(1 + (r / 100 % u64::from(max_retry)) as u32);
            }
        }
        if retry.is_none()
            && method != "getupdates"
            && method != "getme"
            && let Some((status, json)) = s.server_errors.pop_front()
        {
            s.server_errored.push((method.clone(), status));
            let code = StatusCode::from_u16(status).unwrap();
            return if json {
                (
                    code,
                    axum::Json(json!({"ok": false, "error_code": status,
                        "description": code.canonical_reason().unwrap_or("Server Error")})),
                )
                    .into_response()
            } else {
                (code, "<html><body><h1>502 Bad Gateway</h1></body></html>").into_response()
            };
        }
        if let Some(retry) = retry {
            s.rejected.push((method.clone(), Instant::now()));
            return (
                StatusCode::TOO_MANY_REQUESTS,
                axum::Json(json!({
                    "ok": false, "error_code": 429,
                    "description": format!("Too Many Requests: retry after {retry}"),
                    "parameters": {"retry_after": retry}
                })),
            )
                .into_response();
        }
    }

    if method == "getupdates" {
        return get_updates(state, &body).await;
    }

    let chat = body.get("chat_id").and_then(as_i64);
    // editMessageMedia carries its caption inside `media` (JSON text in a multipart form).
    // (As JSON when nothing is uploaded: the photo then goes by `file_id`.)
    let media: Value = match body.get("media") {
        Some(Value::String(m)) => serde_json::from_str(m).unwrap_or(Value::Null),
        Some(m @ Value::Object(_)) => m.clone(),
        _ => Value::Null,
    };
    let text = body
        .get("text")
        .or_else(|| body.get("caption"))
        .or_else(|| body.get("question"))
        .or_else(|| media.get("caption"))
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned();
    // A photo named by `file_id` (not an `attach://` upload) must be one given before.
    let named_id = body
        .get("photo")
        .or_else(|| media.get("media"))
        .and_then(Value::as_str)
        .filter(|id| !id.starts_with("attach://"))
        .map(str::to_owned);
    if let Some(id) = &named_id
        && !state.lock().unwrap().files.contains(id)
    {
        return (
            StatusCode::BAD_REQUEST,
            axum::Json(json!({
                "ok": false, "error_code": 400,
                "description": "Bad Request: wrong file identifier/HTTP URL specified"
            })),
        )
            .into_response();
    }
    if let Some(id) = &upload_id {
        state.lock().unwrap().files.insert(id.clone());
    }
    let file_id = upload_id.or(named_id);
    let call = Call {
        uploaded,
        document,
        file_id: file_id.clone(),
        method: method.clone(),
        token,
        chat,
        text: text.clone(),
        buttons: body.get("reply_markup").map(buttons).unwrap_or_default(),
        callback: body
            .get("callback_query_id")
            .and_then(Value::as_str)
            .map(str::to_owned),
        png,
        at: Instant::now(),
        message: None,
        body: body.clone(),
    };
    let (result, delay) = {
        let mut s = state.lock().unwrap();
        s.calls.push(call);
        let result = match method.as_str() {
            "sendmessage" | "sendphoto" | "senddocument" | "editmessagemedia"
            | "editmessagetext" => {
                let id = match body.get("message_id").and_then(as_i64) {
                    Some(edited) => edited,
                    None => {
                        s.next_message += 1;
                        s.next_message - 1
                    }
                };
                if let Some(call) = s.calls.last_mut() {
                    call.message = Some(id);
                }
                let mut m = json!({
                    "message_id": id,
                    "date": 1_700_000_000,
                    "chat": {"id": chat.unwrap_or(0), "type": "private", "first_name": "Learner"},
                });
                if method == "senddocument" {
                    m["document"] = json!({"file_id": "doc", "file_unique_id": "doc"});
                } else if method != "sendmessage" && method != "editmessagetext" {
                    let id = file_id.clone().unwrap_or_else(|| "f".to_owned());
                    m["photo"] = json!([{"file_id": id, "file_unique_id": id, "width": 512, "height": 512, "file_size": 1}]);
                    if !text.is_empty() {
                        m["caption"] = json!(text);
                    }
                } else {
                    m["text"] = json!(text);
                }
                m
            }
            "sendpoll" => match poll_refusal(&body) {
                Some(why) => {
                    s.calls.pop();
                    return (
                        StatusCode::BAD_REQUEST,
                        axum::Json(json!({"ok": false, "error_code": 400,
                        "description": format!("Bad Request: {why}")})),
                    )
                        .into_response();
                }
                None => {
                    s.next_message += 1;
                    let message = s.next_message - 1;
                    s.next_poll += 1;
                    let id = format!("poll-{}", s.next_poll);
                    if let Some(call) = s.calls.last_mut() {
                        call.message = Some(message);
                    }
                    let options = poll_options(&body);
                    let poll = FakePoll {
                        chat: chat.unwrap_or(0),
                        message,
                        body: body.clone(),
                        options,
                        closed: false,
                        votes: HashMap::new(),
                    };
                    let object = poll.object(&id);
                    s.sent_polls.insert(id, poll);
                    json!({
                        "message_id": message,
                        "date": 1_700_000_000,
                        "chat": {"id": chat.unwrap_or(0), "type": "supergroup", "title": "Chess club"},
                        "poll": object,
                    })
                }
            },
            "stoppoll" => {
                let message = body.get("message_id").and_then(as_i64);
                let found = s
                    .sent_polls
                    .iter_mut()
                    .find(|(_, p)| Some(p.chat) == chat && Some(p.message) == message);
                let refusal = match found {
                    None => Some("message with poll to stop not found"),
                    Some((_, p)) if p.closed => Some("poll has already been closed"),
                    Some((id, p)) => {
                        p.closed = true;
                        let object = p.object(id);
                        return axum::Json(json!({"ok": true, "result": object})).into_response();
                    }
                };
                return (
                    StatusCode::BAD_REQUEST,
                    axum::Json(json!({"ok": false, "error_code": 400,
                    "description": format!("Bad Request: {}", refusal.unwrap_or_default())})),
                )
                    .into_response();
            }
            "getchatmember" => {
                let user = body.get("user_id").and_then(as_i64).unwrap_or(0);
                let admins = chat
                    .and_then(|c| s.admins.get(&c))
                    .cloned()
                    .unwrap_or_default();
                let person = json!({"id": user, "is_bot": false, "first_name": "Member"});
                match admins.iter().position(|a| *a == user) {
                    Some(0) => json!({"status": "creator", "user": person, "is_anonymous": false}),
                    Some(_) => json!({"status": "administrator", "user": person,
                    "can_be_edited": false, "is_anonymous": false, "can_manage_chat": true,
                    "can_change_info": true, "can_delete_messages": true,
                    "can_manage_video_chats": true, "can_invite_users": true,
                    "can_restrict_members": true, "can_promote_members": false,
                    "can_pin_messages": true}),
                    None => json!({"status": "member", "user": person}),
                }
            }
            "getme" => json!({"id": 4242, "is_bot": true, "first_name": "Chess tutor",
            "username": s.username.clone(), "can_join_groups": true,
            "can_read_all_group_messages": false, "supports_inline_queries": false,
            "can_connect_to_business": false, "has_main_web_app": false}),
            _ => json!(true),
        };
        (result, s.poll_delay.filter(|_| method == "sendpoll"))
    };
    if let Some(delay) = delay {
        tokio::time::sleep(delay).await;
    }
    axum::Json(json!({"ok": true, "result": result})).into_response()
}

/// The options of a sendPoll (a JSON list of `{"text": …}`, or JSON text of one).
fn poll_options(body: &Value) -> Vec<String> {
    let options = match body.get("options") {
        Some(Value::String(s)) => serde_json::from_str(s).unwrap_or(Value::Null),
        Some(v) => v.clone(),
        None => Value::Null,
    };
    options
        .as_array()
        .into_iter()
        .flatten()
        .map(|o| {
            o["text"]
                .as_str()
                .or(o.as_str())
                .unwrap_or_default()
                .to_owned()
        })
        .collect()
}

/// Why Telegram would refuse this sendPoll, if it would: its limits (question 1–300
/// characters, 2–10 options of 1–100, an explanation of at most 200 with at most 2 line
/// feeds, a quiz's right option among them).
fn poll_refusal(body: &Value) -> Option<String> {
    let length = |v: &Value| v.as_str().map_or(0, |s| s.encode_utf16().count());
    let question = length(&body["question"]);
    if !(1..=300).contains(&question) {
        return Some(format!(
            "poll question length must be 1-300, not {question}"
        ));
    }
    let options = poll_options(body);
    if !(2..=10).contains(&options.len()) {
        return Some("poll must have 2-10 options".into());
    }
    if options
        .iter()
        .any(|o| !(1..=100).contains(&o.encode_utf16().count()))
    {
        return Some("poll options length must be 1-100".into());
    }
    if let Some(e) = body.get("explanation").and_then(Value::as_str)
        && (e.encode_utf16().count() > 200 || e.matches('\n').count() > 2)
    {
        return Some("explanation is too long".into());
    }
    if body["type"].as_str() == Some("quiz") {
        match body.get("correct_option_id").and_then(as_i64) {
            Some(c) if (0..options.len() as i64).contains(&c) => {}
            _ => return Some("wrong correct option id".into()),
        }
    }
    None
}

async fn get_updates(state: Arc<Mutex<FakeState>>, body: &Value) -> Response {
    let offset = body.get("offset").and_then(as_i64);
    if let Some(allowed) = body.get("allowed_updates") {
        state.lock().unwrap().allowed_updates = Some(allowed.clone());
    }
    let limit = body
        .get("limit")
        .and_then(as_i64)
        .unwrap_or(100)
        .clamp(1, 100) as usize;
    let wait = body
        .get("timeout")
        .and_then(as_i64)
        .unwrap_or(0)
        .clamp(0, state.lock().unwrap().hold_max_secs as i64) as u64;
    let asked = Instant::now();
    let end = asked + Duration::from_secs(wait);
    loop {
        {
            let mut s = state.lock().unwrap();
            s.polls += 1;
            if let Some(offset) = offset {
                s.max_offset = s.max_offset.max(offset);
                s.queue.retain(|(id, _)| *id >= offset);
            }
            let mut result: Vec<Value> = std::mem::take(&mut s.replays);
            let now = Instant::now();
            let FakeState {
                queue, delivered, ..
            } = &mut *s;
            for (id, u) in queue.iter().take(limit) {
                delivered.entry(*id).or_insert(now);
                result.push(u.clone());
            }
            if !result.is_empty() || Instant::now() >= end {
                if result.is_empty() {
                    s.idle_polls.push(asked.elapsed());
                }
                // Written by hand, so that a raw update goes out exactly as the test wrote it.
                let items: Vec<String> = result
                    .iter()
                    .map(|u| match u.as_str().and_then(|s| s.strip_prefix(RAW)) {
                        Some(raw) => raw.to_owned(),
                        None => u.to_string(),
                    })
                    .collect();
                let body = format!(r#"{{"ok":true,"result":[{}]}}"#, items.join(","));
                return (
                    [(axum::http::header::CONTENT_TYPE, "application/json")],
                    body,
                )
                    .into_response();
            }
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// The data of the first button of `call` whose label contains `label`.
pub fn button(call: &Call, label: &str) -> String {
    call.buttons
        .iter()
        .find(|(l, _)| l.contains(label))
        .unwrap_or_else(|| panic!("no button {label:?} in {:?}", call.buttons))
        .1
        .clone()
}

/// The stored records of these chats (`None` for a chat never seen).
pub async fn records(
    store: &chess_tutor_store::Store,
    chats: impl IntoIterator<Item = i64>,
) -> Vec<Option<chess_tutor_store::LearnerRecord>> {
    let mut out = Vec::new();
    for chat in chats {
        out.push(
            store
                .load(chess_tutor_store::LearnerId(chat))
                .await
                .unwrap(),
        );
    }
    out
}

/// A fresh schema on a PostgreSQL server, for one test or benchmark run: its URL selects it
/// (`search_path`), and [`PgSchema::drop`] drops it with everything in it.
pub struct PgSchema {
    /// A connection pool to the server, for the test's own queries and the final drop.
    pub admin: sqlx::PgPool,
    /// The schema's name.
    pub name: String,
    /// `base` with the schema selected: the bot's `DATABASE_URL`.
    pub url: String,
}

impl PgSchema {
    /// Creates `chess_tutor_<tag>_<pid>_<nanos>` on the server at `base`.
    pub async fn fresh(base: &str, tag: &str) -> PgSchema {
        let admin = sqlx::PgPool::connect(base)
            .await
            .expect("the test PostgreSQL server answers");
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let name = format!("chess_tutor_{tag}_{}_{nanos}", std::process::id());
        sqlx::query(sqlx::AssertSqlSafe(format!("CREATE SCHEMA {name}")))
            .execute(&admin)
            .await
            .expect("creating the test schema");
        let separator = if base.contains('?') { '&' } else { '?' };
        let url = format!("{base}{separator}options[search_path]={name}");
        PgSchema { admin, name, url }
    }

    /// Drops the schema and closes the pool.
    pub async fn drop(self) {
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "DROP SCHEMA {} CASCADE",
            self.name
        )))
        .execute(&self.admin)
        .await
        .expect("dropping the test schema");
        self.admin.close().await;
    }
}

/// How many inputs were applied to each of these chats, in the SQLite file of `data`.
pub async fn versions(data: &std::path::Path, chats: impl IntoIterator<Item = i64>) -> Vec<i64> {
    versions_in(data.join("chess-tutor.sqlite3").to_str().unwrap(), chats).await
}

/// How many inputs were applied to each of these chats, in the store at `location` (an
/// SQLite file or a PostgreSQL URL).
pub async fn versions_in(location: &str, chats: impl IntoIterator<Item = i64>) -> Vec<i64> {
    let store = chess_tutor_store::Store::open(location).await.unwrap();
    let out = records(&store, chats)
        .await
        .into_iter()
        .map(|r| r.map_or(0, |r| r.version))
        .collect();
    store.close().await;
    out
}

/// Waits until `left` (the updates up to `id` still in the bot's inbox) is 0; fails after
/// `secs`.
async fn until_inbox_empty(id: i64, secs: u64, mut left: impl AsyncFnMut() -> i64) {
    let end = Instant::now() + Duration::from_secs(secs);
    loop {
        let left = left().await;
        if left == 0 {
            return;
        }
        assert!(
            Instant::now() < end,
            "timed out after {secs}s waiting for update {id} to be handled ({left} left)"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// As [`wait_handled`], for a bot whose store is the PostgreSQL database at `url`.
pub async fn wait_handled_in(fake: &Fake, url: &str, id: i64, secs: u64) {
    fake.wait_confirmed(id, secs).await;
    let pool = sqlx::PgPool::connect(url)
        .await
        .expect("the bot's database opens");
    until_inbox_empty(id, secs, async || {
        sqlx::query_scalar("SELECT COUNT(*) FROM inbox WHERE update_id <= $1")
            .bind(id)
            .fetch_one(&pool)
            .await
            .expect("the inbox reads")
    })
    .await;
    pool.close().await;
}

/// Waits until the bot with its SQLite file in `data` has handled update `id` and every one
/// before it: confirmed to the fake server and gone from the bot's inbox.
pub async fn wait_handled(fake: &Fake, data: &std::path::Path, id: i64, secs: u64) {
    fake.wait_confirmed(id, secs).await;
    let file = data.join("chess-tutor.sqlite3");
    let pool = sqlx::SqlitePool::connect(&format!("sqlite://{}", file.display()))
        .await
        .expect("the bot's database opens");
    until_inbox_empty(id, secs, async || {
        sqlx::query_scalar("SELECT COUNT(*) FROM inbox WHERE update_id <= ?")
            .bind(id)
            .fetch_one(&pool)
            .await
            .expect("the inbox reads")
    })
    .await;
    pool.close().await;
}

/// Waits until at least `n` inputs in all were applied to these chats.
pub async fn wait_applied(data: &std::path::Path, chats: &[i64], n: i64, secs: u64) {
    let end = Instant::now() + Duration::from_secs(secs);
    loop {
        let applied: i64 = versions(data, chats.iter().copied()).await.iter().sum();
        if applied >= n {
            return;
        }
        assert!(
            Instant::now() < end,
            "only {applied} of {n} inputs applied after {secs}s"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// A bot process started by a test, its stderr in a log file; killed if dropped.
pub struct BotProcess {
    /// The process.
    pub child: std::process::Child,
    /// Its stderr.
    pub log: std::path::PathBuf,
}

impl BotProcess {
    /// `chess-tutor --data-dir DATA telegram ARGS` talking to `fake` with `token`, its stderr
    /// going to a fresh log file in `data` (the command is returned to add to before it is
    /// started with [`BotProcess::start`]).
    pub fn command(
        fake: &Fake,
        data: &std::path::Path,
        token: &str,
        args: &[&str],
    ) -> (std::process::Command, std::path::PathBuf) {
        std::fs::create_dir_all(data).unwrap();
        let log = data.join(format!(
            "bot-{}.log",
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .as_nanos()
        ));
        // A benchmark may run another build (`BENCH_BOT`, an older commit's) through the same
        // harness; the tests always run this tree's.
        let program = std::env::var("BENCH_BOT")
            .ok()
            .filter(|p| !p.is_empty())
            .unwrap_or_else(|| env!("CARGO_BIN_EXE_chess-tutor").to_owned());
        let mut command = std::process::Command::new(program);
        command
            .args(["--data-dir", data.to_str().unwrap(), "telegram"])
            .args(args)
            .env("TELOXIDE_TOKEN", token)
            .env("TELOXIDE_API_URL", fake.url())
            .env("CHESS_TUTOR_TEST_PANIC", "boom")
            .env_remove("CHESS_TUTOR_CONTENT")
            .env_remove("CHESS_TUTOR_DATA")
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(std::fs::File::create(&log).unwrap());
        (command, log)
    }

    /// Starts a command made by [`BotProcess::command`].
    pub fn start(mut command: std::process::Command, log: std::path::PathBuf) -> BotProcess {
        let child = command.spawn().expect("the bot starts");
        BotProcess { child, log }
    }

    /// Sends SIGTERM (without waiting).
    pub fn terminate(&self) {
        let status = std::process::Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(status.success());
    }

    /// Waits (at most 10 s after `since`) for a clean exit; returns the log.
    pub fn wait_exit(mut self, since: Instant) -> String {
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                assert!(status.success(), "the bot exited with {status}");
                break;
            }
            assert!(
                since.elapsed() < Duration::from_secs(10),
                "the bot did not stop within 10 s of SIGTERM"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        self.log_text()
    }

    /// SIGTERM, then waits (at most 10 s) for a clean exit; returns the log.
    pub fn stop(self) -> String {
        let since = Instant::now();
        self.terminate();
        self.wait_exit(since)
    }

    /// kill -9.
    pub fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }

    /// Whether it still runs.
    pub fn alive(&mut self) -> bool {
        self.child.try_wait().unwrap().is_none()
    }

    /// What it wrote to stderr so far.
    pub fn log_text(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }
}

impl Drop for BotProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A door in front of the fake server: while it is open it forwards every connection to the
/// fake; closed, nothing listens on its port, so the bot's connections are refused (as when
/// Telegram or the network in between is down), and connections in progress are cut.
pub struct Gate {
    /// Where the bot connects.
    pub addr: SocketAddr,
    open: tokio::sync::watch::Sender<bool>,
}

/// A listening socket on `addr` that may take a port just given up.
fn listen_again(addr: SocketAddr) -> tokio::net::TcpListener {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.set_reuseaddr(true).unwrap();
    socket.bind(addr).unwrap();
    socket.listen(1024).unwrap()
}

impl Gate {
    /// Opens a gate to `fake` on an ephemeral port of 127.0.0.1.
    pub fn start(fake: &Fake) -> Gate {
        let probe = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = probe.local_addr().unwrap();
        drop(probe);
        let target = fake.addr;
        let (open, mut changes) = tokio::sync::watch::channel(true);
        // On a thread and runtime of its own: a test that blocks its runtime's workers while
        // it waits must not slow the connections down.
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        std::thread::spawn(move || {
            runtime.block_on(async move {
            let mut listener = Some(listen_again(addr));
            let mut connections = tokio::task::JoinSet::new();
            loop {
                if let Some(l) = &listener {
                    tokio::select! {
                        accepted = l.accept() => {
                            if let Ok((mut inbound, _)) = accepted {
                                connections.spawn(async move {
                                    if let Ok(outbound) = tokio::net::TcpStream::connect(target).await {
                                        // Either side closing closes both: a connection the
                                        // fake ended must not linger half-open for the bot.
                                        let (mut from_bot, mut to_bot) = inbound.split();
                                        let (mut from_fake, mut to_fake) = {
                                            let o = outbound;
                                            let (r, w) = o.into_split();
                                            (r, w)
                                        };
                                        tokio::select! {
                                            _ = tokio::io::copy(&mut from_bot, &mut to_fake) => {}
                                            _ = tokio::io::copy(&mut from_fake, &mut to_bot) => {}
                                        }
                                    }
                                });
                            }
                        }
                        changed = changes.changed() => {
                            if changed.is_err() {
                                return;
                            }
                            if !*changes.borrow() {
                                listener = None;
                                connections.abort_all();
                            }
                        }
                    }
                } else {
                    if changes.changed().await.is_err() {
                        return;
                    }
                    if *changes.borrow() {
                        listener = Some(listen_again(addr));
                    }
                }
            }
        })
        });
        Gate { addr, open }
    }

    /// The base URL for TELOXIDE_API_URL.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// Refuses every connection from now on (and cuts those in progress).
    pub fn close(&self) {
        self.open.send_replace(false);
    }

    /// Lets connections through again.
    pub fn open(&self) {
        self.open.send_replace(true);
    }
}

/// A GET of `path` from `addr`: the status (0 when the connection failed), the headers and
/// the body, as text.
pub async fn http_get(addr: SocketAddr, path: &str) -> (u16, String, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let Ok(mut stream) = tokio::net::TcpStream::connect(addr).await else {
        return (0, String::new(), String::new());
    };
    let head = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    if stream.write_all(head.as_bytes()).await.is_err() {
        return (0, String::new(), String::new());
    }
    let mut answer = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(30), stream.read_to_end(&mut answer)).await;
    split_answer(&answer)
}

/// An HTTP/1.1 answer as its status (0 when it does not read), headers and body, as text.
pub fn split_answer(answer: &[u8]) -> (u16, String, String) {
    let answer = String::from_utf8_lossy(answer).into_owned();
    let (headers, body) = answer.split_once("\r\n\r\n").unwrap_or((&answer, ""));
    let status = headers
        .strip_prefix("HTTP/1.1 ")
        .and_then(|rest| rest.get(..3))
        .and_then(|code| code.parse().ok())
        .unwrap_or(0);
    (status, headers.to_owned(), body.to_owned())
}

/// The address in the first line of `bot`'s log that contains `marker` followed by it
/// (`serving /healthz and /metrics on http://` then `127.0.0.1:PORT`); waits up to 20 s.
pub fn logged_addr(bot: &mut BotProcess, marker: &str) -> SocketAddr {
    let started = Instant::now();
    loop {
        let text = bot.log_text();
        if let Some(at) = text.find(marker) {
            let rest = &text[at + marker.len()..];
            let end = rest
                .find(|c: char| c.is_whitespace() || c == '/')
                .unwrap_or(rest.len());
            return rest[..end].parse().expect("an address follows the marker");
        }
        assert!(bot.alive(), "the bot exited:\n{text}");
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "no {marker:?} in 20 s:\n{text}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The bot's own count of the updates it handled to the end (every reply sent, or given
/// up), read from its `/metrics`: what a test waits on instead of a quiet spell in the calls.
/// The bot must serve them (`--metrics-listen 127.0.0.1:0`).
pub struct Handled(SocketAddr);

impl Handled {
    /// Starts the bot on SQLite, long polling, serving its metrics: the bot and its count.
    pub fn spawn(fake: &Fake, data: &std::path::Path, token: &str) -> (BotProcess, Handled) {
        let (mut command, log) = BotProcess::command(
            fake,
            data,
            token,
            &["--poll-timeout", "1", "--metrics-listen", "127.0.0.1:0"],
        );
        command
            .env_remove("DATABASE_URL")
            .env_remove("CHESS_TUTOR_METRICS_LISTEN");
        let mut bot = BotProcess::start(command, log);
        let handled = Handled::of(&mut bot);
        (bot, handled)
    }

    /// The metrics address `bot` logged.
    pub fn of(bot: &mut BotProcess) -> Handled {
        Handled(logged_addr(bot, "serving /healthz and /metrics on http://"))
    }

    /// How many updates the bot has handled so far.
    pub async fn count(&self) -> u64 {
        let (_, _, body) = http_get(self.0, "/metrics").await;
        sample(&body, "chess_tutor_updates_handled_total").map_or(0, |n| n as u64)
    }

    /// Waits until the bot has handled every update queued on `fake` so far (each is one it
    /// reads: none skipped); fails after `secs`.
    pub async fn all(&self, fake: &Fake, secs: u64) {
        let want = fake.queued();
        let end = Instant::now() + Duration::from_secs(secs);
        loop {
            let got = self.count().await;
            if got >= want {
                return;
            }
            assert!(
                Instant::now() < end,
                "the bot handled {got} of {want} updates in {secs} s"
            );
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }
}

/// The value of the sample `name` (a whole line `name value`) in a metrics text.
pub fn sample(metrics: &str, name: &str) -> Option<f64> {
    metrics.lines().find_map(|line| {
        let (n, v) = line.split_once(' ')?;
        (n == name).then(|| v.trim().parse().ok()).flatten()
    })
}
