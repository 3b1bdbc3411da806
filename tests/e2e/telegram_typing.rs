//! Messages per lesson step on Telegram, typed and tapped (issue 26, A3): lesson 1 and unit 14
//! walked through the fake Bot API with the real binary, every task with a wrong try first
//! (and, typed, a message the tutor cannot read), then the right answer. A typed step must
//! cost what a tapped one costs: one new picture (the step's board), its answers edited in;
//! what the tutor did not read is answered with a text, never a new picture.
//!
//! `cargo test --test e2e telegram_typing -- --nocapture` prints the table; with `MEASURE_ONLY=1`
//! it only measures (to measure an older build, whose figures fail the assertions).

use std::path::Path;

use crate::fake_bot_api::{BotProcess, Call, Fake, Handled, press_on, start, text};
use chess_tutor_core::content::lesson::StepKind;
use chess_tutor_core::content::{Catalog, quiz};
use shakmaty::{Move, Position, san::San};

const TOKEN: &str = "123:abc";

fn spawn(fake: &Fake, data: &Path) -> (BotProcess, Handled) {
    Handled::spawn(fake, data, TOKEN)
}

/// What a step cost the learner's phone.
#[derive(Debug, Default, Clone, Copy)]
struct Cost {
    /// New messages of any kind.
    messages: usize,
    /// Of them, pictures.
    photos: usize,
    /// Messages edited in place.
    edits: usize,
}

impl std::ops::AddAssign for Cost {
    fn add_assign(&mut self, o: Cost) {
        self.messages += o.messages;
        self.photos += o.photos;
        self.edits += o.edits;
    }
}

fn cost(calls: &[Call]) -> Cost {
    let mut c = Cost::default();
    for call in calls {
        match call.method.as_str() {
            "sendmessage" | "senddocument" => c.messages += 1,
            "sendphoto" => {
                c.messages += 1;
                c.photos += 1;
            }
            "editmessagemedia" | "editmessagecaption" | "editmessagetext" => c.edits += 1,
            _ => {}
        }
    }
    c
}

/// A learner on the fake Bot API.
struct Learner<'f> {
    fake: &'f Fake,
    /// The bot's count of handled updates.
    handled: &'f Handled,
    chat: i64,
    presses: u32,
    /// What the answers to unread messages cost.
    unread: Cost,
}

impl Learner<'_> {
    fn calls_since(&self, from: usize) -> Vec<Call> {
        self.fake
            .calls()
            .into_iter()
            .skip(from)
            .filter(|c| c.chat == Some(self.chat))
            .collect()
    }

    /// Waits until the bot is done answering everything sent so far.
    async fn settle(&self) {
        self.handled.all(self.fake, 20).await;
    }

    async fn say(&mut self, words: &str) -> Cost {
        let before = self.fake.calls().len();
        self.fake.push(text(self.chat, words));
        self.settle().await;
        cost(&self.calls_since(before))
    }

    /// The newest message or edit carrying a button whose data starts with `prefix`.
    fn button(&self, prefix: &str) -> Option<(String, i64)> {
        self.calls_since(0).into_iter().rev().find_map(|c| {
            let data = c
                .buttons
                .iter()
                .map(|(_, d)| d)
                .find(|d| d.starts_with(prefix))?;
            Some((data.clone(), c.message?))
        })
    }

    async fn press(&mut self, prefix: &str) -> Cost {
        let (data, message) = self
            .button(prefix)
            .unwrap_or_else(|| panic!("no button {prefix}"));
        let before = self.fake.calls().len();
        self.presses += 1;
        self.fake
            .push(press_on(self.chat, &data, self.presses, message));
        self.settle().await;
        cost(&self.calls_since(before))
    }

    /// The current question's nonce, from its newest button.
    fn nonce(&self) -> u32 {
        let prefixes = ["t:", "a:", "n:", "h:", "k:", "d:"];
        let data = self
            .calls_since(0)
            .into_iter()
            .rev()
            .find_map(|c| {
                c.buttons
                    .iter()
                    .map(|(_, d)| d)
                    .find(|d| prefixes.iter().any(|p| d.starts_with(p)))
                    .cloned()
            })
            .expect("a button of the current question");
        data.split(':').nth(1).unwrap().parse().unwrap()
    }

    async fn tap(&mut self, square: shakmaty::Square) -> Cost {
        let n = self.nonce();
        self.press(&format!("k:{n}:{square}")).await
    }

    /// A move on the tap board: the tap board opened if it is not, the piece, its target.
    async fn tap_move(&mut self, from: shakmaty::Square, to: shakmaty::Square) -> Cost {
        let n = self.nonce();
        let mut c = Cost::default();
        if self.button(&format!("k:{n}:")).is_none() {
            c += self.press(&format!("t:{n}")).await;
        }
        c += self.tap(from).await;
        c += self.tap(to).await;
        c
    }
}

/// The squares a move is tapped with: the piece, then its target (castling: the king, then
/// its rook).
fn tapped(mv: &Move) -> (shakmaty::Square, shakmaty::Square) {
    match *mv {
        Move::Castle { king, rook } => (king, rook),
        _ => (mv.from().unwrap(), mv.to()),
    }
}

/// A wrong try for a move step: the author's first foreseen wrong move, else a legal move
/// that misses the goal.
fn wrong_move(task: &chess_tutor_core::content::lesson::MoveTask) -> Option<(String, Move)> {
    for w in &task.wrong {
        if let Some(mv) = w.mv {
            return Some((w.input.clone(), mv));
        }
    }
    task.position.legal_moves().into_iter().find_map(|mv| {
        let mut after = task.position.clone();
        after.play_unchecked(mv);
        (!task.goal.is_met(&task.position, mv, &after))
            .then(|| (San::from_move(&task.position, mv).to_string(), mv))
    })
}

/// The right and a wrong answer of a question step, by index.
fn answers(catalog: &Catalog, kind: &StepKind) -> Option<(usize, usize)> {
    match kind {
        StepKind::Judge(task) => match task.answer {
            chess_tutor_core::content::Answer::Yes(yes) => {
                Some((usize::from(!yes), usize::from(yes)))
            }
            chess_tutor_core::content::Answer::Draw(_) => None,
        },
        StepKind::Quiz { item } => match &catalog.quiz_item(item)?.answer {
            quiz::Answer::TrueFalse { correct, .. } => {
                Some((usize::from(!correct), usize::from(*correct)))
            }
            quiz::Answer::MultipleChoice { correct, .. } => Some((*correct, (*correct + 1) % 2)),
        },
        _ => None,
    }
}

/// How the answer with this index is typed.
fn typed_answer(catalog: &Catalog, kind: &StepKind, index: usize, zh: bool) -> String {
    match kind {
        StepKind::Judge(_) => match (index, zh) {
            (0, true) => "是",
            (_, true) => "否",
            (0, false) => "yes",
            (_, false) => "no",
        }
        .to_owned(),
        StepKind::Quiz { item } => match catalog.quiz_item(item).map(|q| &q.answer) {
            Some(quiz::Answer::TrueFalse { .. }) => match (index, zh) {
                (0, true) => "对",
                (_, true) => "错",
                (0, false) => "true",
                (_, false) => "false",
            }
            .to_owned(),
            _ => char::from(b'a' + u8::try_from(index).unwrap()).to_string(),
        },
        _ => String::new(),
    }
}

/// One unit walked, step by step: (steps, cost of each step).
async fn walk(
    learner: &mut Learner<'_>,
    catalog: &Catalog,
    unit: u32,
    typed: bool,
    zh: bool,
) -> Vec<Cost> {
    let lesson = catalog.lessons().iter().find(|l| l.unit == unit).unwrap();
    let mut steps = Vec::new();
    let mut c = learner.say(&format!("/lesson {unit}")).await;
    for step in &lesson.steps {
        match &step.kind {
            StepKind::Explain { .. } => {
                // Read, then go on: Next, or a word that means it.
                let go = if typed {
                    learner.say(if zh { "好" } else { "ok" }).await
                } else {
                    learner.press("n:").await
                };
                steps.push(c);
                c = go;
            }
            StepKind::Move(task) => {
                let right = task.expected[0];
                let wrong = wrong_move(task);
                if typed {
                    let unread = learner.say(if zh { "嗯？" } else { "hmm?" }).await;
                    learner.unread += unread;
                    c += unread;
                    if let Some((input, _)) = &wrong {
                        c += learner.say(input).await;
                    }
                    let san = San::from_move(&task.position, right).to_string();
                    let done = learner.say(&san).await;
                    let (this, next) = split_step(done);
                    c += this;
                    steps.push(c);
                    c = next;
                } else {
                    if let Some((_, mv)) = wrong {
                        let (from, to) = tapped(&mv);
                        c += learner.tap_move(from, to).await;
                    }
                    let (from, to) = tapped(&right);
                    let done = learner.tap_move(from, to).await;
                    let (this, next) = split_step(done);
                    c += this;
                    steps.push(c);
                    c = next;
                }
            }
            kind @ (StepKind::Judge(_) | StepKind::Quiz { .. }) => {
                let Some((right, wrong)) = answers(catalog, kind) else {
                    panic!("a question without a yes/no or lettered answer in unit {unit}");
                };
                if typed {
                    let unread = learner.say(if zh { "嗯？" } else { "hmm?" }).await;
                    learner.unread += unread;
                    c += unread;
                    c += learner.say(&typed_answer(catalog, kind, wrong, zh)).await;
                    let done = learner.say(&typed_answer(catalog, kind, right, zh)).await;
                    let (this, next) = split_step(done);
                    c += this;
                    steps.push(c);
                    c = next;
                } else {
                    let n = learner.nonce();
                    c += learner.press(&format!("a:{n}:{wrong}")).await;
                    let done = learner.press(&format!("a:{n}:{right}")).await;
                    let (this, next) = split_step(done);
                    c += this;
                    steps.push(c);
                    c = next;
                }
            }
            other => panic!("unit {unit} has a step this walk does not know: {other:?}"),
        }
    }
    steps.push(c);
    // The last entry is the lesson's end (its pause message), not a step.
    steps.pop();
    steps
}

/// The answer that finishes a step also brings the next step's message: that new message
/// belongs to the next step.
fn split_step(done: Cost) -> (Cost, Cost) {
    let next = Cost {
        messages: done.messages.min(1),
        photos: done.photos.min(1),
        edits: 0,
    };
    (
        Cost {
            messages: done.messages - next.messages,
            photos: done.photos - next.photos,
            edits: done.edits,
        },
        next,
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_typed_step_costs_what_a_tapped_one_does() {
    let catalog = Catalog::shipped().unwrap();
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let (bot, handled) = spawn(&fake, dir.path());
    let mut table = String::from(
        "| path | steps | new messages | of them pictures | of them answers to unread text (pictures) | edits | new messages per step | pictures per step |\n|---|---|---|---|---|---|---|---|\n",
    );
    let mut chat = 500;
    let mut worst_typed = 0.0_f64;
    let mut typed_texts = 0;
    for (unit, lang) in [(1, "zh-hans"), (14, "en")] {
        let mut tapped_messages = 0;
        for typed in [false, true] {
            chat += 1;
            let mut learner = Learner {
                fake: &fake,
                handled: &handled,
                chat,
                presses: 0,
                unread: Cost::default(),
            };
            fake.push(start(chat, lang));
            learner.settle().await;
            let steps = walk(&mut learner, &catalog, unit, typed, lang != "en").await;
            let mut all = Cost::default();
            for s in &steps {
                all += *s;
            }
            let n = steps.len() as f64;
            table.push_str(&format!(
                "| unit {unit} ({lang}), {} | {} | {} | {} | {} ({}) | {} | {:.2} | {:.2} |\n",
                if typed { "typed" } else { "tapped" },
                steps.len(),
                all.messages,
                all.photos,
                learner.unread.messages,
                learner.unread.photos,
                all.edits,
                all.messages as f64 / n,
                all.photos as f64 / n,
            ));
            println!("{table}");
            if std::env::var_os("MEASURE_ONLY").is_some() {
                continue;
            }
            for (i, s) in steps.iter().enumerate() {
                assert!(
                    s.photos <= 1,
                    "unit {unit}, {}, step {}: {s:?}\n{table}",
                    if typed { "typed" } else { "tapped" },
                    i + 1
                );
            }
            if !typed {
                tapped_messages = all.messages;
            }
            if typed {
                // Typing costs what tapping does, and a text for each message not read.
                assert_eq!(
                    all.messages - learner.unread.messages,
                    tapped_messages,
                    "unit {unit}\n{table}"
                );
                worst_typed = worst_typed.max(all.photos as f64 / n);
                assert_eq!(
                    learner.unread.photos, 0,
                    "unread text got a picture\n{table}"
                );
                typed_texts += learner.unread.messages;
            }
        }
    }
    let log = bot.stop();
    println!("{table}");
    assert!(!log.contains(TOKEN));
    if std::env::var_os("MEASURE_ONLY").is_some() {
        return;
    }
    assert!(worst_typed <= 1.0, "{table}");
    // What was not read was answered, with text.
    assert!(typed_texts > 0, "{table}");
}
