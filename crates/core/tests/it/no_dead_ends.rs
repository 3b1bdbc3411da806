//! No dead ends (issue 26, B1 and B2 of `../shared/reviews/first-hour-2026-12-03.md`): a
//! question answered never comes back with answer buttons that do nothing; a word that means
//! "go on" goes on; the course is called finished only when it is; and, as a property, from
//! any state a learner reaches by pressing and typing, the newest message on their phone has
//! a button that moves them on, and none of its buttons is dead.

use crate::chat::{Chat, shipped, step};
use crate::common::Rng;
use chess_tutor_core::tutor::{Action, Catalog, Input, Mode, Reply, Session};

fn begin<'c>(catalog: &'c Catalog, client: &str) -> Chat<'c> {
    let mut chat = Chat::new(catalog);
    chat.send(Input::Start {
        client_lang: Some(client.into()),
    });
    chat
}

/// The toast of a press that did nothing, in every language.
fn is_refusal(reply: &Reply) -> bool {
    reply.toast
}

/// B1: after a quiz answer, typed text shows the verdict and Next again (never the answer
/// buttons); `好` / `ok` / `next` / `下一步` are Next.
#[test]
fn typed_text_after_a_quiz_answer_shows_the_verdict_and_next_not_the_question_again() {
    let catalog = shipped();
    for (client, chatter, go_on) in [
        ("zh-hans", "为什么", "好"),
        ("zh-hant", "這是什麼", "下一步"),
        ("en", "2", "ok"),
        ("en", "hmm", "next"),
    ] {
        let mut chat = begin(catalog, client);
        chat.text("/quiz");
        let first = chat.buttons[0].0.clone();
        chat.press(&first);
        let Mode::Quiz(q) = &chat.session.mode else {
            panic!("a round under way: {}", chat.log)
        };
        assert!(q.answered);
        let answered_nonce = chat.session.nonce;
        chat.text(chatter);
        let answer_buttons: Vec<&(String, String)> = chat
            .buttons
            .iter()
            .filter(|(_, d)| matches!(Action::decode(d), Some(Action::Answer { .. })))
            .collect();
        assert!(
            answer_buttons.is_empty(),
            "{client}: {chatter:?} after the answer brought answer buttons back: {}",
            chat.log
        );
        assert!(
            chat.buttons
                .iter()
                .any(|(_, d)| Action::decode(d) == Some(Action::Next(answered_nonce))),
            "{client}: {chatter:?} after the answer: no Next: {}",
            chat.log
        );
        // Nothing was asked anew and nothing counted again.
        assert_eq!(chat.session.nonce, answered_nonce);
        chat.text(go_on);
        let Mode::Quiz(q) = &chat.session.mode else {
            panic!("{client}: the round goes on: {}", chat.log)
        };
        assert_eq!(
            (q.asked, q.answered),
            (2, false),
            "{client}: {go_on:?} is Next: {}",
            chat.log
        );
    }
}

/// B1: the answer buttons of an answered question (still on the newest message where an edit
/// did not arrive) never say "earlier question"; they show the verdict and Next.
#[test]
fn an_answer_pressed_twice_is_not_called_an_earlier_question() {
    let catalog = shipped();
    let mut chat = begin(catalog, "zh-hant");
    chat.text("/quiz");
    let data = chat.buttons[0].1.clone();
    chat.send(Input::Button(data.clone()));
    let t = step(&chat.session, Input::Button(data), catalog);
    let said: String = t.replies().into_iter().map(|r| r.text.clone()).collect();
    assert!(
        !said.contains("之前的題目"),
        "a button of the current question called earlier: {said}"
    );
    assert!(
        t.replies().into_iter().any(|r| r
            .buttons
            .iter()
            .flatten()
            .any(|b| matches!(Action::decode(&b.data), Some(Action::Next(_))))),
        "the verdict and Next again: {:?}",
        t.replies()
    );
    assert_eq!(t.session, chat.session, "a second answer changes nothing");
}

/// The session with every step of these units done.
fn with_units_done(catalog: &Catalog, session: &mut Session, units: &[u32]) {
    for lesson in catalog.lessons() {
        if units.contains(&lesson.unit) {
            for s in &lesson.steps {
                session.progress.steps_done.insert(s.id.clone());
            }
            session.progress.lessons_done.insert(lesson.id.clone());
        }
    }
}

/// Finishes the last step of unit `unit` (all its other steps done): its solution, then the
/// answer or move the solution gave is not needed, Next after a task does not complete it,
/// so the step is marked done through the lesson's own way: `/next` on a text step, or the
/// right answer.
fn finish_unit(chat: &mut Chat<'_>, unit: u32) {
    let catalog = chat.catalog;
    let lesson = catalog
        .lessons()
        .iter()
        .find(|l| l.unit == unit)
        .expect("the unit");
    let (last, others) = lesson.steps.split_last().unwrap();
    for s in others {
        chat.session.progress.steps_done.insert(s.id.clone());
    }
    let index = catalog.step_index(last.id.as_str()).unwrap();
    chat.text(&format!("/lesson {unit}"));
    // Walk to the last step with Next (the steps before it are done already).
    for _ in 0..lesson.steps.len() {
        if let Mode::Lesson(s) = &chat.session.mode
            && s.step == index
        {
            break;
        }
        chat.text("/next");
    }
    let Mode::Lesson(s) = &chat.session.mode else {
        panic!("on the last step: {}", chat.log)
    };
    assert_eq!(s.step, index);
    // Every answer in turn until the step is done.
    for choice in 0..10 {
        if !matches!(chat.session.mode, Mode::Lesson(_)) {
            return;
        }
        let data = Action::Answer {
            nonce: chat.session.nonce,
            choice,
        }
        .encode();
        chat.send(Input::Button(data));
    }
    panic!(
        "the last step of unit {unit} was not answered: {}",
        chat.log
    );
}

/// B2: a learner who did units 1 and 2, then the xiangqi unit (the last in the list), is not
/// told the course is finished: they are sent on to unit 3.
#[test]
fn the_last_unit_in_the_list_done_first_leads_to_the_first_unit_not_done() {
    let catalog = shipped();
    let last = catalog.lessons().last().unwrap().unit;
    for client in ["zh-hans", "en"] {
        let mut chat = begin(catalog, client);
        with_units_done(catalog, &mut chat.session, &[1, 2]);
        finish_unit(&mut chat, last);
        let pause = chat.log.rsplit("> ").next().unwrap().to_owned();
        assert!(
            !pause.contains("全部课程") && !pause.contains("whole course"),
            "{client}: course called finished with 3 units done: {pause}"
        );
        assert!(
            chat.buttons
                .iter()
                .any(|(_, d)| Action::decode(d) == Some(Action::Lesson(3))),
            "{client}: no way on to unit 3: {pause}"
        );
    }
}

/// B2: the course is finished when every unit is done, and said so then.
#[test]
fn the_course_is_finished_when_every_unit_is_done() {
    let catalog = shipped();
    let units: Vec<u32> = catalog.lessons().iter().map(|l| l.unit).collect();
    let mut chat = begin(catalog, "en");
    let (&last, firsts) = units.split_last().unwrap();
    with_units_done(catalog, &mut chat.session, firsts);
    finish_unit(&mut chat, last);
    let pause = chat.log.rsplit("> ").next().unwrap().to_owned();
    assert!(pause.contains("whole course"), "{pause}");
}

/// B2: the welcome offers the xiangqi unit to those who play xiangqi.
#[test]
fn the_welcome_offers_the_xiangqi_unit() {
    let catalog = shipped();
    let xiangqi = catalog
        .lessons()
        .iter()
        .find(|l| l.id.as_str() == "xiangqi")
        .unwrap()
        .unit;
    for client in ["zh-hans", "zh-hant", "en"] {
        let chat = begin(catalog, client);
        let offer = chat
            .buttons
            .iter()
            .find(|(_, d)| Action::decode(d) == Some(Action::Lesson(xiangqi)))
            .unwrap_or_else(|| panic!("{client}: {}", chat.log));
        assert!(offer.0.contains(&xiangqi.to_string()), "{offer:?}");
    }
}

// ---------------------------------------------------------------------------------------
// The property: a phone that shows what a Telegram shell sends.

/// One message on the learner's phone.
#[derive(Debug, Clone)]
struct Message {
    id: usize,
    text: String,
    has_board: bool,
    /// Buttons under it and its tap board's squares.
    buttons: Vec<String>,
    squares: Vec<String>,
}

/// The chat as the learner's phone shows it, kept as the Telegram shell keeps it: a reply for
/// a task replaces that task's newest message (typed or pressed), else a reply to a press
/// replaces the pressed message; a toast is no message.
#[derive(Default)]
struct Phone {
    messages: Vec<Message>,
    /// The task nonce and its message.
    task: Option<(u32, usize)>,
    next_id: usize,
}

impl Phone {
    fn show(&mut self, replies: Vec<&Reply>, pressed: Option<usize>) {
        for r in replies {
            if r.toast && pressed.is_some() {
                continue;
            }
            let remembered = match (r.edit_task, self.task) {
                (Some(n), Some((t, id))) if n == t => Some(id),
                _ => None,
            };
            let target = if r.edit && pressed.is_some() {
                remembered.or(pressed)
            } else {
                remembered
            };
            let message = |id| Message {
                id,
                text: r.text.clone(),
                has_board: r.board.is_some(),
                buttons: r.buttons.iter().flatten().map(|b| b.data.clone()).collect(),
                squares: r.squares.iter().flatten().map(|b| b.data.clone()).collect(),
            };
            // A text message cannot become a picture (Telegram refuses): sent anew.
            let at = target.and_then(|id| {
                self.messages
                    .iter()
                    .position(|m| m.id == id && (m.has_board || r.board.is_none()))
            });
            let id = match at {
                Some(i) => {
                    let id = self.messages[i].id;
                    self.messages[i] = message(id);
                    id
                }
                None => {
                    self.next_id += 1;
                    self.messages.push(message(self.next_id));
                    self.next_id
                }
            };
            if let Some(n) = r.task.or(r.edit_task) {
                self.task = Some((n, id));
            }
        }
    }

    fn newest(&self) -> Option<&Message> {
        self.messages.last()
    }
}

const TYPED: &[&str] = &[
    "好",
    "ok",
    "next",
    "下一步",
    "2",
    "1",
    "a",
    "b",
    "对",
    "错",
    "yes",
    "no",
    "e4",
    "Re4",
    "车e4",
    "O-O",
    "xyz",
    "王走到h1",
    "rook to e4",
    "车一进七",
    "/next",
    "/hint",
    "/solution",
    "/quiz",
    "/puzzle",
    "/lesson",
    "/lesson 1",
    "/lesson 3",
    "/lesson 14",
    "/lesson 16",
    "/lesson 20",
    "/play 1",
    "/board",
    "/lessons",
    "/help",
    "Kh1",
    "Nf3",
    "d4",
    "h4",
    "Qh5",
    "f3 h3",
];

/// Whether a press of `data` does nothing for the learner: only a toast, and the session as
/// it was.
fn dead(session: &Session, data: &str, catalog: &Catalog) -> Option<String> {
    let t = step(session, Input::Button(data.to_owned()), catalog);
    (t.replies().into_iter().all(is_refusal) && t.session == *session).then(|| {
        t.replies()
            .iter()
            .map(|r| r.text.clone())
            .collect::<Vec<_>>()
            .join(" / ")
    })
}

/// Whether a press of `data` moves the learner on: it changes what they are doing or where
/// they are, or shows a message (a menu, a game's setup) with a button that does.
fn moves_on(session: &Session, data: &str, catalog: &Catalog) -> bool {
    let t = step(session, Input::Button(data.to_owned()), catalog);
    if t.session != *session {
        return true;
    }
    t.replies()
        .iter()
        .filter(|r| !r.toast)
        .flat_map(|r| r.buttons.iter().flatten())
        .any(|b| step(&t.session, Input::Button(b.data.clone()), catalog).session != *session)
}

/// The moves a text shows as examples to type (`for example Re4 or a4e4`, `比如：车e4 或
/// a4e4`, `例如写 后h5g6 或 h5g6`).
fn examples(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for lead in ["for example ", "比如：", "例如写 ", "例如 "] {
        for part in text.split(lead).skip(1) {
            let end = part
                .find(['.', '。', ')', '）', '\n'])
                .unwrap_or(part.len());
            for word in part[..end].split([' ', '，', ',']) {
                let word = word.trim();
                if !word.is_empty() && !matches!(word, "or" | "或") {
                    out.push(word.to_owned());
                }
            }
        }
    }
    out
}

fn mode_name(mode: &Mode) -> &'static str {
    match mode {
        Mode::Idle => "idle",
        Mode::Lesson(_) => "lesson",
        Mode::Puzzle(_) => "puzzle",
        Mode::Quiz(_) => "quiz",
        Mode::Game(_) => "game",
        Mode::Duel => "duel",
    }
}

/// From any state of any activity (lesson steps of every kind, quiz rounds, puzzles, games
/// against the tutor), reached by random presses on any message and random typing: the
/// newest message has a button that moves the learner on, and none of its buttons is dead.
/// (A game with a friend needs its shared game loaded by a shell: not walked here.)
#[test]
fn from_any_state_the_newest_message_has_a_way_on_and_no_dead_button() {
    let catalog = shipped();
    let mut seen_modes = std::collections::BTreeSet::new();
    for seed in 1..=24_u64 {
        let mut rng = Rng::new(seed);
        let client = ["zh-hans", "zh-hant", "en"][usize::try_from(seed % 3).unwrap()];
        let mut session = Session::default();
        let mut phone = Phone::default();
        let t = step(
            &session,
            Input::Start {
                client_lang: Some(client.into()),
            },
            catalog,
        );
        phone.show(t.replies(), None);
        session = t.session;
        let mut trail: Vec<String> = Vec::new();
        for _ in 0..120 {
            seen_modes.insert(mode_name(&session.mode));
            let newest = phone.newest().expect("a message").clone();
            // Every button on the newest message does something.
            for data in &newest.buttons {
                if let Some(said) = dead(&session, data, catalog) {
                    panic!(
                        "seed {seed}: a dead button {data} on the newest message ({said}): {:?}\n{}\nafter {trail:?}",
                        newest.text,
                        mode_name(&session.mode)
                    );
                }
            }
            // A button of it moves on; or, for an answer in words to what the tutor did not
            // read, the move it shows as an example, typed.
            let by_button = newest
                .buttons
                .iter()
                .any(|d| moves_on(&session, d, catalog));
            let by_typing = || {
                // Read and judged on the board (a move), or the learner is somewhere else, or
                // shown the way there (the menu, once the task is over).
                examples(&newest.text).iter().any(|typed| {
                    let t = step(&session, Input::Text(typed.clone()), catalog);
                    t.session != session
                        || t.replies().into_iter().any(|r| r.board.is_some())
                        || t.replies()
                            .iter()
                            .flat_map(|r| r.buttons.iter().flatten())
                            .any(|b| {
                                step(&t.session, Input::Button(b.data.clone()), catalog).session
                                    != session
                            })
                })
            };
            assert!(
                by_button || by_typing(),
                "seed {seed}: nothing on the newest message moves on: {:?} {:?}\nafter {trail:?}",
                newest.text,
                newest.buttons
            );
            // The next input: mostly the newest message's buttons and squares, sometimes a
            // button of an older message, sometimes typing.
            let roll = rng.below(10);
            let (input, pressed) = if roll < 5 && !newest.buttons.is_empty() {
                let data = newest.buttons[rng.below(newest.buttons.len())].clone();
                (Input::Button(data), Some(newest.id))
            } else if roll < 7 && !newest.squares.is_empty() {
                let data = newest.squares[rng.below(newest.squares.len())].clone();
                (Input::Button(data), Some(newest.id))
            } else if roll < 8 {
                let m = phone.messages[rng.below(phone.messages.len())].clone();
                match m.buttons.get(rng.below(m.buttons.len().max(1))) {
                    Some(d) => (Input::Button(d.clone()), Some(m.id)),
                    None => (Input::Text("/next".into()), None),
                }
            } else {
                (Input::Text(TYPED[rng.below(TYPED.len())].into()), None)
            };
            trail.push(match &input {
                Input::Text(t) => t.clone(),
                Input::Button(d) => format!("[{d}]"),
                Input::Start { .. } => "/start".into(),
                Input::Drop(d) => format!("(dropped {d})"),
                Input::Look => "(look)".into(),
                other => format!("{other:?}"),
            });
            if trail.len() > 12 {
                trail.remove(0);
            }
            let t = step(&session, input, catalog);
            phone.show(t.replies(), pressed);
            session = t.session;
        }
    }
    for mode in ["lesson", "quiz", "puzzle", "game", "idle"] {
        assert!(
            seen_modes.contains(mode),
            "the walk never reached {mode}: {seen_modes:?}"
        );
    }
}
