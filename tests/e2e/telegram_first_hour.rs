//! A scripted first hour through the fake Bot API, with the real binary: lesson 1 to its end,
//! a puzzle and a quiz round, in English, Simplified and Traditional Chinese, by four learners
//! one after another (each script once, then English again).
//! It counts what a learner's phone receives per step (messages, new photos, edits) and what
//! the bot uploads, for the first and for the last learner, and the taps a move costs on the
//! tap board. `cargo test --test e2e telegram_first_hour -- --nocapture` prints the figures.

use std::path::Path;

use crate::fake_bot_api::{BotProcess, Call, Fake, Handled, press_on, start, text};

const TOKEN: &str = "123:abc";

/// Learners one after another: one per script, then the first's script again (its boards
/// all sent before, by file_id).
const LEARNERS: i64 = 4;

fn spawn(fake: &Fake, data: &Path) -> (BotProcess, Handled) {
    Handled::spawn(fake, data, TOKEN)
}

/// The calls to `chat` after the first `from` calls.
fn calls_to(fake: &Fake, chat: i64, from: usize) -> Vec<Call> {
    fake.calls()
        .into_iter()
        .skip(from)
        .filter(|c| c.chat == Some(chat))
        .collect()
}

/// The keyboard the learner sees last: the newest message or edit with buttons.
fn current_keyboard(fake: &Fake, chat: i64) -> Option<Call> {
    calls_to(fake, chat, 0)
        .into_iter()
        .rev()
        .find(|c| !c.buttons.is_empty() && c.message.is_some())
}

fn data_with(call: &Call, prefix: &str) -> Option<String> {
    call.buttons
        .iter()
        .map(|(_, d)| d)
        .find(|d| d.starts_with(prefix))
        .cloned()
}

/// Characters written only in Simplified Chinese (Traditional: 盤 車 馬 這 個 們 說 讓 為 從 對 題
/// 線 確 錯 擊 邊 擇 選 點 發 將 門 兩 還 後): none may reach a zh-hant learner.
const SIMPLIFIED_ONLY: [char; 25] = [
    '盘', '车', '马', '这', '个', '们', '说', '让', '为', '从', '对', '题', '线', '确', '错', '击',
    '边', '择', '选', '点', '发', '将', '门', '两', '还',
];

/// Every word the learner read: texts, captions, button labels and toasts.
fn said_to(calls: &[Call]) -> String {
    let mut words = String::new();
    for call in calls {
        words.push_str(&call.text);
        words.push('\n');
        for (label, _) in &call.buttons {
            words.push_str(label);
            words.push(' ');
        }
    }
    words
}

/// What one step cost.
#[derive(Debug, Default, Clone, Copy)]
struct StepCost {
    messages: usize,
    photos: usize,
    edits: usize,
    uploaded: usize,
}

fn cost(calls: &[Call]) -> StepCost {
    let mut c = StepCost::default();
    for call in calls {
        match call.method.as_str() {
            "sendmessage" => c.messages += 1,
            "sendphoto" => {
                c.messages += 1;
                c.photos += 1;
            }
            "editmessagemedia" | "editmessagecaption" | "editmessagetext" => c.edits += 1,
            _ => {}
        }
        c.uploaded += call.uploaded;
    }
    c
}

/// The fake Bot API and the bot's count of handled updates.
type Chat<'a> = (&'a Fake, &'a Handled);

/// Waits until the bot has answered every press and message so far.
async fn settle((fake, handled): Chat<'_>) {
    handled.all(fake, 20).await;
}

/// Presses `data` on the message of `call` and waits for the answer; returns the calls it made.
async fn press_and_wait(
    on: Chat<'_>,
    chat: i64,
    call: &Call,
    data: &str,
    n: &mut u32,
) -> Vec<Call> {
    let fake = on.0;
    let before = fake.calls().len();
    *n += 1;
    fake.push(press_on(chat, data, *n, call.message.unwrap_or(1)));
    settle(on).await;
    calls_to(fake, chat, before)
}

/// Lesson 1 from its first step to the pause after it: in each task the first answer (right or
/// wrong), then the solution, then Next. Returns the cost of each step (its new message and
/// every answer inside it).
async fn lesson_one(on: Chat<'_>, chat: i64, n: &mut u32) -> Vec<StepCost> {
    let fake = on.0;
    let before = fake.calls().len();
    fake.push(text(chat, "/lesson 1"));
    settle(on).await;
    let mut steps = vec![cost(&calls_to(fake, chat, before))];
    let mut pressed = std::collections::HashSet::new();
    for _ in 0..80 {
        let Some(keyboard) = current_keyboard(fake, chat) else {
            break;
        };
        // Inside a task: its first answer once, then its solution once, then Next.
        let inside = ["a:", "x:"]
            .iter()
            .filter_map(|prefix| data_with(&keyboard, prefix))
            .find(|d| !pressed.contains(d));
        if let Some(data) = inside {
            pressed.insert(data.clone());
            let made = press_and_wait(on, chat, &keyboard, &data, n).await;
            let c = cost(&made);
            if let Some(last) = steps.last_mut() {
                last.messages += c.messages;
                last.photos += c.photos;
                last.edits += c.edits;
                last.uploaded += c.uploaded;
            }
            continue;
        }
        let Some(next) = data_with(&keyboard, "n:") else {
            break;
        };
        let made = press_and_wait(on, chat, &keyboard, &next, n).await;
        let finished = made.iter().any(|c| data_with(c, "s:").is_some());
        steps.push(cost(&made));
        if finished {
            break;
        }
    }
    steps
}

/// A puzzle (solution shown) and a whole quiz round (the first choice of each question, then
/// Next), after the lesson; with how many quiz questions were answered.
async fn puzzle_and_quiz(on: Chat<'_>, chat: i64, n: &mut u32) -> (StepCost, usize) {
    let fake = on.0;
    let before = fake.calls().len();
    let mut questions = 0;
    for command in ["/puzzle", "/quiz"] {
        fake.push(text(chat, command));
        settle(on).await;
        for _ in 0..16 {
            let Some(k) = current_keyboard(fake, chat) else {
                break;
            };
            let Some(d) = data_with(&k, "x:")
                .or_else(|| data_with(&k, "a:"))
                .filter(|_| data_with(&k, "p").is_none() || command == "/quiz")
            else {
                break;
            };
            press_and_wait(on, chat, &k, &d, n).await;
            if command == "/quiz" {
                questions += 1;
            }
            let Some(k) = current_keyboard(fake, chat) else {
                break;
            };
            match data_with(&k, "n:") {
                // The next question of the round.
                Some(next) if command == "/quiz" && questions < 5 => {
                    press_and_wait(on, chat, &k, &next, n).await;
                }
                _ => break,
            }
        }
    }
    (cost(&calls_to(fake, chat, before)), questions)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_scripted_first_hour_costs_one_message_per_step_and_uploads_each_board_once() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let (bot, handled) = spawn(&fake, dir.path());
    let on = (&fake, &handled);
    let mut report = String::new();
    let mut first_upload = 0;
    let mut last_upload = 0;
    for learner in 1..=LEARNERS {
        let chat = 100 + learner;
        let lang = ["zh-hant", "en", "zh-hans"][usize::try_from(learner % 3).unwrap()];
        let mut n = 0;
        let at = fake.calls().len();
        fake.push(start(chat, lang));
        settle(on).await;
        let steps = lesson_one(on, chat, &mut n).await;
        let (extra, questions) = puzzle_and_quiz(on, chat, &mut n).await;
        let all = cost(&calls_to(&fake, chat, at));
        let words = said_to(&calls_to(&fake, chat, at));
        match lang {
            "zh-hant" => {
                assert!(words.contains("棋盤"), "learner {learner}: {words}");
                let simplified: Vec<char> = words
                    .chars()
                    .filter(|c| SIMPLIFIED_ONLY.contains(c))
                    .collect();
                assert!(
                    simplified.is_empty(),
                    "learner {learner} (zh-hant) read Simplified {simplified:?}: {words}"
                );
            }
            "zh-hans" => assert!(words.contains("棋盘"), "learner {learner}: {words}"),
            _ => assert!(words.contains("The board"), "learner {learner}: {words}"),
        }
        assert!(
            steps.len() >= 5,
            "lesson 1 went through {} steps",
            steps.len()
        );
        for (i, s) in steps.iter().enumerate() {
            // One new message per step at most (its board), the rest edits in place.
            assert!(
                s.photos <= 1,
                "learner {learner}, step {i}: {} new photos ({s:?})",
                s.photos
            );
        }
        // A puzzle and each quiz question: one message each, their answers edited in (a quiz
        // question in words too: its answer used to come as a second message); then the
        // round's result with the menu.
        assert_eq!(questions, 5, "learner {learner}: a whole round");
        assert_eq!(
            extra.messages,
            1 + questions + 1,
            "learner {learner}: a puzzle and {questions} questions took {extra:?}"
        );
        if learner == 1 {
            first_upload = all.uploaded;
        }
        if learner == LEARNERS {
            last_upload = all.uploaded;
        }
        let steps_n = steps.len();
        let messages: usize = steps.iter().map(|s| s.messages).sum();
        let photos: usize = steps.iter().map(|s| s.photos).sum();
        let edits: usize = steps.iter().map(|s| s.edits).sum();
        let uploaded: usize = steps.iter().map(|s| s.uploaded).sum();
        report.push_str(&format!(
            "learner {learner:>2} ({lang:>7}): lesson 1 {steps_n} steps, {messages} messages ({:.2}/step), {photos} new photos ({:.2}/step), {edits} edits, {uploaded} bytes uploaded ({} per step); puzzle and a {questions}-question quiz round {} messages, {} bytes; all {} bytes\n",
            messages as f64 / steps_n as f64,
            photos as f64 / steps_n as f64,
            uploaded / steps_n,
            extra.messages,
            extra.uploaded,
            all.uploaded,
        ));
    }
    let log = bot.stop();
    println!("{report}");
    assert!(!log.contains(TOKEN));
    assert!(first_upload > 0, "the first learner's boards are uploaded");
    // The lesson's boards are the same for everyone: the last learner's are sent by file_id.
    // (A puzzle may be another one, drawn afresh.)
    assert!(
        last_upload * 2 < first_upload,
        "the last learner uploads {last_upload} bytes, the first {first_upload}"
    );
}

/// Issue 42 (A8 of the first-hour review of 2026-12-06): after a tapped right answer whose
/// next step comes as a new message, the finished message is edited without its tap grid
/// (it used to keep a live grid of the next step's position, which played that step), and a
/// square of the grid it showed before, pressed later, is refused and changes nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_message_keeps_no_live_tap_board() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let (bot, handled) = spawn(&fake, dir.path());
    let on = (&fake, &handled);
    for (chat, lang) in [(701, "zh-hans"), (702, "zh-hant"), (703, "en")] {
        let mut n = 0;
        fake.push(start(chat, lang));
        settle(on).await;
        fake.push(text(chat, "/lesson 1"));
        settle(on).await;
        for _ in 0..3 {
            let keyboard = current_keyboard(&fake, chat).unwrap();
            let next = data_with(&keyboard, "n:").unwrap();
            press_and_wait(on, chat, &keyboard, &next, &mut n).await;
        }
        let task = current_keyboard(&fake, chat).unwrap();
        let tap = data_with(&task, "t:").unwrap();
        press_and_wait(on, chat, &task, &tap, &mut n).await;
        let square = |call: &Call, sq: &str| {
            call.buttons
                .iter()
                .map(|(_, d)| d.clone())
                .find(|d| d.starts_with("k:") && d.ends_with(sq))
                .unwrap_or_else(|| panic!("no square {sq}: {:?}", call.buttons))
        };
        let grid = current_keyboard(&fake, chat).unwrap();
        assert_eq!(
            grid.message, task.message,
            "the grid is on the task's message"
        );
        press_and_wait(on, chat, &grid, &square(&grid, "a4"), &mut n).await;
        let grid = current_keyboard(&fake, chat).unwrap();
        let old_king = square(&grid, "g2");
        let calls = press_and_wait(on, chat, &grid, &square(&grid, "e4"), &mut n).await;
        let finished = calls
            .iter()
            .rev()
            .find(|c| c.method.starts_with("edit") && c.message == task.message)
            .unwrap_or_else(|| panic!("{lang}: the task's message is not edited: {calls:?}"));
        assert!(
            finished.buttons.iter().all(|(_, d)| !d.starts_with("k:")),
            "{lang}: the finished message keeps a tap grid: {:?}",
            finished.buttons
        );
        assert!(
            calls.iter().any(|c| c.method == "sendphoto"),
            "{lang}: the next step is a new message"
        );
        // A square of the old grid: refused on the button, nothing sent or edited.
        let after = press_and_wait(on, chat, &grid, &old_king, &mut n).await;
        assert!(
            after.iter().all(|c| c.method == "answercallbackquery"),
            "{lang}: an old grid's press did something: {after:?}"
        );
    }
    let log = bot.stop();
    assert!(!log.contains(TOKEN));
}
