//! Quiz rounds: bank items and generated position questions, mixed; the explanation after
//! each answer; a round of five is one game of the ladder.

use super::callback::Action;
use super::ladder::{self, GameResult};
use super::reply::{Button, Event, Reply};
use super::state::{Mode, QuizRef};
use super::step::Cx;
use super::words;
use crate::content::generate::{Generator, Topic};
use crate::content::quiz::{Answer, QuizItem, Response, letter};
use crate::render::BoardView;
use crate::rules::Lang;

/// Questions in a round.
pub const ROUND: u32 = 5;

/// Resolves a reference to an item (generated items are made again from their seed).
fn resolve(cx: &Cx<'_>, item: &QuizRef) -> Option<QuizItem> {
    match item {
        QuizRef::Bank { id } | QuizRef::Lesson { id } => cx.catalog.quiz_item(id).cloned(),
        QuizRef::Generated { seed, topic } => {
            let topic = *Topic::ALL.get(usize::from(*topic))?;
            Some(Generator::new(*seed).item(topic))
        }
    }
}

/// A deterministic mix of two numbers (no clock, no global randomness).
fn mix(a: u64, b: u64) -> u64 {
    let mut x = a ^ b.rotate_left(32) ^ 0x9E37_79B9_7F4A_7C15;
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x
}

/// Chooses the next question: bank and generated items alternate; bank items not yet seen
/// first.
fn choose(cx: &Cx<'_>, asked: u32) -> QuizRef {
    let seed = mix(
        u64::from(cx.s.nonce),
        u64::from(cx.s.progress.quiz_right + cx.s.progress.quiz_wrong),
    );
    let bank = &cx.catalog.quiz;
    if asked.is_multiple_of(2) && !bank.is_empty() {
        let unseen: Vec<&QuizItem> = bank
            .iter()
            .filter(|q| !cx.s.progress.quiz_seen.contains(&q.id))
            .collect();
        let pool: Vec<&QuizItem> = if unseen.is_empty() {
            bank.iter().collect()
        } else {
            unseen
        };
        let pick = pool[usize::try_from(seed % pool.len() as u64).unwrap_or(0)];
        return QuizRef::Bank {
            id: pick.id.clone(),
        };
    }
    QuizRef::Generated {
        seed,
        topic: u8::try_from(seed % Topic::ALL.len() as u64).unwrap_or(0),
    }
}

/// `/quiz`: a new round.
pub fn start_round(cx: &mut Cx<'_>) {
    let item = choose(cx, 0);
    cx.s.mode = Mode::Quiz {
        item,
        asked: 1,
        right: 0,
        answered: false,
    };
    cx.next_nonce();
    present(cx);
}

/// Shows the current quiz question.
pub fn present(cx: &mut Cx<'_>) {
    let Mode::Quiz { item, asked, .. } = cx.s.mode.clone() else {
        return;
    };
    let head = match cx.lang() {
        Lang::Zh => format!("测验 {asked}/{ROUND}"),
        Lang::En => format!("Quiz {asked}/{ROUND}"),
    };
    present_item(cx, &item, Some(head));
}

/// Shows a quiz item (also used by a lesson's quiz step).
pub fn present_item(cx: &mut Cx<'_>, item: &QuizRef, head: Option<String>) {
    let lang = cx.lang();
    let Some(q) = resolve(cx, item) else {
        let msg = cx.say("这道题找不到了。", "That question is missing.");
        cx.reply(Reply::text(msg));
        return;
    };
    let n = cx.s.nonce;
    let mut text = head.map(|h| format!("{h}\n\n")).unwrap_or_default();
    text.push_str(q.question.get(lang));
    let mut row = Vec::new();
    match &q.answer {
        Answer::TrueFalse { .. } => {
            row.push(Button::new(
                words::true_word(lang),
                &Action::Answer {
                    nonce: n,
                    choice: 0,
                },
            ));
            row.push(Button::new(
                words::false_word(lang),
                &Action::Answer {
                    nonce: n,
                    choice: 1,
                },
            ));
        }
        Answer::MultipleChoice { choices, .. } => {
            for (i, c) in choices.iter().enumerate() {
                text.push_str(&format!(
                    "\n{}) {}",
                    letter(i).to_ascii_uppercase(),
                    c.text.get(lang)
                ));
                row.push(Button::new(
                    letter(i).to_ascii_uppercase().to_string(),
                    &Action::Answer {
                        nonce: n,
                        choice: u8::try_from(i).unwrap_or(u8::MAX),
                    },
                ));
            }
        }
    }
    let reply = match &q.board {
        Some(board) => {
            let pos = board.position();
            Reply::board(
                BoardView::from_position(pos).with_orientation(shakmaty::Position::turn(pos)),
                text,
            )
        }
        None => Reply::text(text),
    };
    cx.reply(reply.with_row(row));
}

/// Judges an answer to `item`; says right or wrong with the explanation. Returns whether it
/// was right.
pub fn judge_item(cx: &mut Cx<'_>, item: &QuizRef, choice: usize) -> bool {
    let lang = cx.lang();
    let Some(q) = resolve(cx, item) else {
        return false;
    };
    let response = match q.answer {
        Answer::TrueFalse { .. } => Response::TrueFalse(choice == 0),
        Answer::MultipleChoice { .. } => Response::Choice(choice),
    };
    let correct = q.is_correct(response);
    let verdict = if correct {
        words::right(lang)
    } else {
        words::not_quite(lang)
    };
    let key = match &q.answer {
        Answer::TrueFalse { correct: c, .. } => {
            if *c {
                words::true_word(lang)
            } else {
                words::false_word(lang)
            }
        }
        Answer::MultipleChoice { correct: c, .. } => letter(*c).to_ascii_uppercase().to_string(),
    };
    let msg = match lang {
        Lang::Zh => format!("{verdict}（答案：{key}）\n{}", q.explanation.get(lang)),
        Lang::En => format!("{verdict} (Answer: {key})\n{}", q.explanation.get(lang)),
    };
    let p = &mut cx.s.progress;
    if correct {
        p.quiz_right = p.quiz_right.saturating_add(1);
    } else {
        p.quiz_wrong = p.quiz_wrong.saturating_add(1);
    }
    if matches!(item, QuizRef::Bank { .. } | QuizRef::Lesson { .. }) {
        p.quiz_seen.insert(q.id.clone());
    }
    cx.event(Event::QuizAnswer {
        item: q.id.clone(),
        correct,
    });
    cx.reply(Reply::text(msg));
    correct
}

/// An answer in quiz mode.
pub fn answer(cx: &mut Cx<'_>, choice: usize) {
    let Mode::Quiz {
        item,
        asked,
        right,
        answered,
    } = cx.s.mode.clone()
    else {
        return;
    };
    if answered {
        let msg = words::stale_button(cx.lang());
        cx.reply(Reply::text(msg));
        return;
    }
    let correct = judge_item(cx, &item, choice);
    let right = right + u32::from(correct);
    cx.s.mode = Mode::Quiz {
        item,
        asked,
        right,
        answered: true,
    };
    let lang = cx.lang();
    if asked >= ROUND {
        end_round(cx, right);
    } else {
        let n = cx.s.nonce;
        let label = words::button_next(lang);
        if let Some(last) = cx.replies.last_mut() {
            last.buttons
                .push(vec![Button::new(label, &Action::Next(n))]);
        }
    }
}

fn end_round(cx: &mut Cx<'_>, right: u32) {
    let lang = cx.lang();
    // A round is a game against the learner's own level: 4–5 right wins, 3 draws.
    let result = match right {
        4.. => GameResult::Win,
        3 => GameResult::Draw,
        _ => GameResult::Loss,
    };
    let p = &mut cx.s.progress;
    let before = p.points;
    p.points = (p.points + ladder::exchange(p.points, p.points, result)).max(0);
    p.rated_games = p.rated_games.saturating_add(1);
    let delta = p.points - before;
    let level = ladder::level_name(p.points, p.rated_games, lang);
    let msg = match lang {
        Lang::Zh => format!("本轮答对 {right}/{ROUND}。积分 {delta:+}，现在是{level}。"),
        Lang::En => {
            format!("This round: {right}/{ROUND} right. Points {delta:+}; you are now {level}.")
        }
    };
    cx.s.mode = Mode::Idle;
    let again = cx.say("再来一轮 ▶", "Another round ▶");
    let menu = cx.say("菜单", "Menu");
    cx.reply(Reply::text(msg).with_row(vec![
        Button::new(again, &Action::Quiz),
        Button::new(menu, &Action::Menu),
    ]));
}

/// `/next` in a quiz: the next question (only once the current one is answered).
pub fn next(cx: &mut Cx<'_>) {
    let Mode::Quiz {
        asked,
        right,
        answered,
        ..
    } = cx.s.mode.clone()
    else {
        return;
    };
    if !answered {
        present(cx);
        return;
    }
    let item = choose(cx, asked);
    cx.s.mode = Mode::Quiz {
        item,
        asked: asked + 1,
        right,
        answered: false,
    };
    cx.next_nonce();
    present(cx);
}

/// A typed answer: a letter, or true/false words.
pub fn text(cx: &mut Cx<'_>, text: &str) {
    let item = match &cx.s.mode {
        Mode::Quiz { item, .. } => item.clone(),
        Mode::Lesson { .. } => {
            super::lesson::answer_text(cx, text);
            return;
        }
        _ => return,
    };
    let Some(q) = resolve(cx, &item) else { return };
    match read_answer(&q, text) {
        Some(choice) => answer(cx, choice),
        None => {
            let msg = words::unreadable_answer(cx.lang());
            cx.reply(Reply::text(msg));
        }
    }
}

/// Reads a typed answer for `q`: `a`–`z` for choices; true/false words.
pub fn read_answer(q: &QuizItem, text: &str) -> Option<usize> {
    let t = text.trim().to_lowercase();
    match &q.answer {
        Answer::TrueFalse { .. } => match t.as_str() {
            "true" | "t" | "yes" | "y" | "对" | "是" | "正确" | "√" => Some(0),
            "false" | "f" | "no" | "n" | "错" | "否" | "不对" | "错误" | "×" => Some(1),
            _ => None,
        },
        Answer::MultipleChoice { choices, .. } => {
            let mut chars = t.chars();
            let c = chars.next()?;
            if chars.next().is_some() && !t.ends_with(')') {
                return None;
            }
            let i = usize::try_from(u32::from(c).checked_sub(u32::from('a'))?).ok()?;
            (i < choices.len()).then_some(i)
        }
    }
}
