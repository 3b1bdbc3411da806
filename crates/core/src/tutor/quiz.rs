//! Quiz rounds: bank items and generated position questions, mixed; the explanation after
//! each answer; a round of five is one game of the ladder. A lesson's quiz step asks a bank
//! item through [`present_item`] and [`judge_item`].

use super::activity::Activity;
use super::callback::Action;
use super::cx::Cx;
use super::ladder::{self, GameResult};
use super::reply::{Button, Event, Reply};
use super::state::{Mode, QuizRef, QuizState};
use super::words::{self, Say};
use crate::content::QuizId;
use crate::content::generate::{Generator, Topic};
use crate::content::quiz::{Answer, QuizItem, Response, letter};
use crate::render::BoardView;

/// Questions in a round.
pub const ROUND: u32 = 5;

/// Resolves a reference to an item (generated items are made again from their seed).
fn resolve(cx: &Cx<'_>, item: &QuizRef) -> Option<QuizItem> {
    match item {
        QuizRef::Bank { id } | QuizRef::Lesson { id } => cx.catalog.quiz_item(id.as_str()).cloned(),
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
    let progress = &cx.session.progress;
    let seed = mix(
        u64::from(cx.nonce()),
        u64::from(progress.quiz_right + progress.quiz_wrong),
    );
    let bank = &cx.catalog.quiz();
    if asked.is_multiple_of(2) && !bank.is_empty() {
        let unseen: Vec<&QuizItem> = bank
            .iter()
            .filter(|q| !progress.quiz_seen.contains(q.id.as_str()))
            .collect();
        let pool: Vec<&QuizItem> = if unseen.is_empty() {
            bank.iter().collect()
        } else {
            unseen
        };
        let pick = pool[usize::try_from(seed % pool.len() as u64).unwrap_or(0)];
        if let Ok(id) = pick.id.parse::<QuizId>() {
            return QuizRef::Bank { id };
        }
    }
    QuizRef::Generated {
        seed,
        topic: u8::try_from(seed % Topic::ALL.len() as u64).unwrap_or(0),
    }
}

/// `/quiz`: a new round.
pub(super) fn start_round(cx: &mut Cx<'_>) -> Mode {
    let item = choose(cx, 0);
    let state = QuizState {
        item,
        asked: 1,
        right: 0,
        answered: false,
    };
    cx.next_nonce();
    state.present(cx);
    Mode::Quiz(state)
}

impl From<QuizState> for Mode {
    fn from(state: QuizState) -> Mode {
        Mode::Quiz(state)
    }
}

impl Activity for QuizState {
    /// Shows the current quiz question.
    fn present(&self, cx: &mut Cx<'_>) {
        let head = cx.t(&Say::QuizHeading {
            asked: self.asked,
            round: ROUND,
        });
        present_item(cx, &self.item, Some(head));
    }

    /// A typed answer: a letter, or true/false words.
    fn text(self, cx: &mut Cx<'_>, text: &str) -> Mode {
        let Some(q) = resolve(cx, &self.item) else {
            return self.into();
        };
        match read_answer(&q, text) {
            Some(choice) => self.answer(cx, choice),
            None => {
                let msg = words::unreadable_answer(cx.lang());
                cx.reply(Reply::text(msg));
                self.into()
            }
        }
    }

    /// An answer in quiz mode.
    fn answer(mut self, cx: &mut Cx<'_>, choice: usize) -> Mode {
        if self.answered {
            cx.stale_button();
            return self.into();
        }
        let correct = judge_item(cx, &self.item, choice);
        self.right += u32::from(correct);
        self.answered = true;
        if self.asked >= ROUND {
            return end_round(cx, self.right);
        }
        let label = words::button_next(cx.lang());
        let n = cx.nonce();
        if let Some(last) = cx.replies.last_mut() {
            last.buttons
                .push(vec![Button::new(label, &Action::Next(n))]);
        }
        self.into()
    }

    /// `/next` in a quiz: the next question (only once the current one is answered).
    fn next(self, cx: &mut Cx<'_>) -> Mode {
        if !self.answered {
            self.present(cx);
            return self.into();
        }
        let item = choose(cx, self.asked);
        let state = QuizState {
            item,
            asked: self.asked + 1,
            right: self.right,
            answered: false,
        };
        cx.next_nonce();
        state.present(cx);
        state.into()
    }
}

/// Shows a quiz item (also used by a lesson's quiz step).
pub(super) fn present_item(cx: &mut Cx<'_>, item: &QuizRef, head: Option<String>) {
    let lang = cx.lang();
    let Some(q) = resolve(cx, item) else {
        let msg = cx.t(&Say::QuestionMissing);
        cx.reply(Reply::text(msg));
        return;
    };
    let n = cx.nonce();
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
pub(super) fn judge_item(cx: &mut Cx<'_>, item: &QuizRef, choice: usize) -> bool {
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
    let msg = Say::QuizVerdict {
        verdict,
        key,
        explanation: q.explanation.get(lang).to_owned(),
    }
    .to(lang);
    let p = &mut cx.session.progress;
    if correct {
        p.quiz_right = p.quiz_right.saturating_add(1);
    } else {
        p.quiz_wrong = p.quiz_wrong.saturating_add(1);
    }
    if matches!(item, QuizRef::Bank { .. } | QuizRef::Lesson { .. })
        && let Ok(id) = q.id.parse::<QuizId>()
    {
        p.quiz_seen.insert(id);
    }
    cx.event(Event::QuizAnswer {
        item: q.id.clone(),
        correct,
    });
    cx.reply(Reply::text(msg));
    correct
}

fn end_round(cx: &mut Cx<'_>, right: u32) -> Mode {
    let lang = cx.lang();
    // A round is a game against the learner's own level: 4–5 right wins, 3 draws.
    let result = match right {
        4.. => GameResult::Win,
        3 => GameResult::Draw,
        _ => GameResult::Loss,
    };
    let p = &mut cx.session.progress;
    let before = p.points;
    p.points = (p.points + ladder::exchange(p.points, p.points, result)).max(0);
    p.rated_games = p.rated_games.saturating_add(1);
    let delta = p.points - before;
    let level = ladder::level_name(p.points, p.rated_games, lang);
    let msg = Say::QuizRoundDone {
        right,
        round: ROUND,
        delta: format!("{delta:+}"),
        level,
    }
    .to(lang);
    let again = cx.t(&Say::ButtonAnotherRound);
    let menu = cx.t(&Say::ButtonMenu);
    cx.reply(Reply::text(msg).with_row(vec![
        Button::new(again, &Action::Quiz),
        Button::new(menu, &Action::Menu),
    ]));
    Mode::Idle
}

/// Reads a typed answer for `item`: `a`–`z` for choices; true/false words.
pub(super) fn read_item_answer(cx: &Cx<'_>, item: &QuizRef, text: &str) -> Option<usize> {
    read_answer(&resolve(cx, item)?, text)
}

/// Reads a typed answer for `q`: `a`–`z` for choices; true/false words.
fn read_answer(q: &QuizItem, text: &str) -> Option<usize> {
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
