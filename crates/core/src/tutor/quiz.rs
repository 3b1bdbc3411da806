//! Quiz rounds: bank items and generated position questions, mixed; the explanation after
//! each answer; a round of five is one game of the ladder. A lesson's quiz step asks a bank
//! item through [`item_message`], [`judge`] and [`read_item_answer`] (there a wrong answer
//! is tried again and counts for nothing).

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
use crate::tutor::words::{Delta, LadderLevel};

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

/// The units the learner has begun (the first always counts as begun: a quiz is no preview
/// of the board). A quiz asks first about what they teach: a learner who took the xiangqi
/// unit (the last) first has not met castling.
pub(super) fn taught_units(cx: &Cx<'_>) -> std::collections::BTreeSet<u32> {
    let done = &cx.session.progress.steps_done;
    let first = cx
        .catalog
        .lessons()
        .iter()
        .map(|l| l.unit)
        .min()
        .unwrap_or(1);
    cx.catalog
        .lessons()
        .iter()
        .filter(|l| l.steps.iter().any(|s| done.contains(&s.id)))
        .map(|l| l.unit)
        .chain([first])
        .collect()
}

/// Generated questions tried for one about a unit already begun.
const GENERATED_TRIES: u64 = 16;

/// Chooses the next question: bank and generated items alternate; bank items not yet seen
/// first; questions about units the learner has begun first (a beginner is asked about the
/// board, not about castling), else those of the lowest units.
fn choose(cx: &Cx<'_>, asked: u32) -> QuizRef {
    let progress = &cx.session.progress;
    let seed = mix(
        u64::from(cx.nonce()),
        u64::from(progress.quiz_right + progress.quiz_wrong),
    );
    let taught = taught_units(cx);
    let bank = cx.catalog.quiz();
    if asked.is_multiple_of(2) && !bank.is_empty() {
        let known = |q: &&QuizItem| taught.contains(&u32::from(q.unit));
        let unseen = |q: &&QuizItem| !progress.quiz_seen.contains(q.id.as_str());
        let lowest = bank.iter().map(|q| q.unit).min().unwrap_or(0);
        let pools: [Vec<&QuizItem>; 4] = [
            bank.iter().filter(known).filter(unseen).collect(),
            bank.iter().filter(known).collect(),
            bank.iter()
                .filter(unseen)
                .filter(|q| q.unit == lowest)
                .collect(),
            bank.iter().collect(),
        ];
        if let Some(pool) = pools.iter().find(|p| !p.is_empty()) {
            let pick = pool[usize::try_from(seed % pool.len() as u64).unwrap_or(0)];
            if let Ok(id) = pick.id.parse::<QuizId>() {
                return QuizRef::Bank { id };
            }
        }
    }
    let generated = |seed: u64| QuizRef::Generated {
        seed,
        topic: u8::try_from(seed % Topic::ALL.len() as u64).unwrap_or(0),
    };
    // A generated question about a unit begun, within a few seeds; else the lowest unit.
    let tries: Vec<(u64, u32)> = (0..GENERATED_TRIES)
        .map(|i| mix(seed, i))
        .map(|s| {
            let unit = resolve(cx, &generated(s)).map_or(u32::MAX, |q| u32::from(q.unit));
            (s, unit)
        })
        .collect();
    tries
        .iter()
        .find(|(_, unit)| taught.contains(unit))
        .or_else(|| tries.iter().min_by_key(|(_, unit)| *unit))
        .map_or_else(|| generated(seed), |(s, _)| generated(*s))
}

/// `/quiz`: a new round.
pub(super) fn start_round(cx: &mut Cx<'_>) -> Mode {
    let item = choose(cx, 0);
    let state = QuizState {
        item,
        asked: 1,
        right: 0,
        answered: false,
        choice: None,
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

impl QuizState {
    fn message(&self, cx: &Cx<'_>) -> Option<Reply> {
        let mut head = cx.t(&Say::QuizHeading {
            asked: self.asked,
            round: ROUND,
        });
        // A question about a unit not begun yet says which unit teaches it.
        if let Some(q) = resolve(cx, &self.item)
            && !taught_units(cx).contains(&u32::from(q.unit))
        {
            head.push_str(&cx.t(&Say::QuizTaughtIn {
                unit: u32::from(q.unit),
            }));
        }
        item_message(cx, &self.item, Some(head))
    }

    /// The question answered: its words, the verdict under them, and Next (no answer
    /// buttons: they have done their part). The last question of a round has no Next: the
    /// round's result follows it.
    fn answered_message(&self, cx: &Cx<'_>, judged: &Judged) -> Reply {
        let lang = cx.lang();
        let note = judged.verdict(lang, true);
        let mut reply = self
            .message(cx)
            .map_or_else(|| Reply::text(note.clone()), |r| with_note(r, &note));
        reply.buttons.clear();
        if self.asked >= ROUND {
            return reply;
        }
        let next = Button::new(Say::ButtonNext.to(lang), &Action::Next(cx.nonce()));
        reply.with_row(vec![next])
    }

    /// A press or a message after the answer: the verdict and Next again. A press updates
    /// its message; a typed message is answered under it, in words.
    fn show_verdict(&self, cx: &mut Cx<'_>) {
        let judged = self
            .choice
            .and_then(|choice| judge(cx, &self.item, usize::from(choice)));
        let lang = cx.lang();
        let next = vec![Button::new(
            Say::ButtonNext.to(lang),
            &Action::Next(cx.nonce()),
        )];
        match judged {
            Some(judged) if cx.pressed() => {
                let reply = self.answered_message(cx, &judged);
                cx.update_task(reply);
            }
            Some(judged) => cx.unread(judged.verdict(lang, true), vec![next]),
            // A session stored before the answer was kept: Next alone.
            None => cx.unread(cx.t(&Say::AlreadyAnswered), vec![next]),
        }
    }
}

impl Activity for QuizState {
    /// Shows the current quiz question.
    fn present(&self, cx: &mut Cx<'_>) {
        match self.message(cx) {
            Some(reply) => cx.show_task(reply),
            None => {
                let msg = cx.t(&Say::QuestionMissing);
                cx.reply(Reply::text(msg));
            }
        }
    }

    /// A typed answer: a letter, a number, a choice's text, or true/false words. Once the
    /// question is answered, a word that means "go on" (`好`, `ok`, `next`, `下一步`) is Next,
    /// and anything else shows the verdict and Next again (never the question's answer
    /// buttons, which would have nothing left to do).
    fn text(self, cx: &mut Cx<'_>, text: &str) -> Mode {
        if self.answered {
            if words::is_next_word(text) {
                return self.next(cx);
            }
            self.show_verdict(cx);
            return self.into();
        }
        match read_item_answer(cx, &self.item, text) {
            Some(choice) => self.answer(cx, choice),
            None => {
                // Nothing was read: said in words under the learner's message, with the
                // answer buttons; the question's message stays as it is.
                let note = words::unreadable_answer(cx.lang(), &answer_words(cx, &self.item));
                let rows = self.message(cx).map(|r| r.buttons).unwrap_or_default();
                let mut reply = Reply::text(note);
                for row in rows {
                    reply = reply.with_row(row);
                }
                cx.reply(reply);
                self.into()
            }
        }
    }

    /// An answer in a round: right or wrong, the answer and why, then the next question.
    /// A second answer to the same question changes nothing: its verdict and Next again.
    fn answer(mut self, cx: &mut Cx<'_>, choice: usize) -> Mode {
        if self.answered {
            self.show_verdict(cx);
            return self.into();
        }
        if !offers(cx, &self.item, choice) {
            cx.stale_button();
            return self.into();
        }
        let Some(judged) = judge(cx, &self.item, choice) else {
            cx.stale_button();
            return self.into();
        };
        count(cx, &self.item, &judged);
        self.right += u32::from(judged.correct);
        self.answered = true;
        self.choice = u8::try_from(choice).ok();
        if self.asked >= ROUND {
            let reply = self.answered_message(cx, &judged);
            cx.update_task(reply);
            return end_round(cx, self.right);
        }
        let reply = self.answered_message(cx, &judged);
        cx.update_task(reply);
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
            choice: None,
        };
        cx.next_nonce();
        state.present(cx);
        state.into()
    }
}

/// The same message with a note under its words.
pub(super) fn with_note(mut reply: Reply, note: &str) -> Reply {
    reply.text.push_str("\n\n");
    reply.text.push_str(note);
    reply
}

/// A quiz item's message: the question (with its choices), its board, its answer buttons.
pub(super) fn item_message(cx: &Cx<'_>, item: &QuizRef, head: Option<String>) -> Option<Reply> {
    let lang = cx.lang();
    let q = resolve(cx, item)?;
    let n = cx.nonce();
    let mut text = head.map(|h| format!("{h}\n\n")).unwrap_or_default();
    text.push_str(q.question.get(lang));
    let mut row = Vec::new();
    match &q.answer {
        Answer::TrueFalse { .. } => {
            row.push(Button::new(
                Say::True.to(lang),
                &Action::Answer {
                    nonce: n,
                    choice: 0,
                },
            ));
            row.push(Button::new(
                Say::False.to(lang),
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
        Some(board) => Reply::board(board_view(board), text),
        None => Reply::text(text),
    };
    Some(reply.with_row(row))
}

/// The picture of a quiz item's board, from the side to move, its last move tinted.
pub(super) fn board_view(board: &crate::content::quiz::QuizBoard) -> BoardView {
    let pos = board.position();
    let mut view = BoardView::from_position(pos).with_orientation(shakmaty::Position::turn(pos));
    // The last move tinted: the last one played before the question, or the double step
    // the position's en passant square tells ("White has just played e2-e4").
    let last = board
        .situation
        .game()
        .moves()
        .last()
        .and_then(crate::draw::move_squares)
        .or_else(|| {
            shakmaty::Position::ep_square(pos, shakmaty::EnPassantMode::Always)
                .and_then(crate::draw::double_step)
        });
    if let Some((from, to)) = last {
        view = view.with_last_move(from, to);
    }
    view
}

/// An answer judged: whether it is right, the right answer, why.
pub(super) struct Judged {
    /// The item's id.
    pub id: String,
    /// Whether the answer given is right.
    pub correct: bool,
    /// The right answer, as its button reads (`False`, `B`).
    pub key: String,
    /// For a true/false item, whether the statement is true.
    pub statement: Option<bool>,
    /// The item's explanation, in the learner's language.
    pub explanation: String,
}

impl Judged {
    /// The verdict under the question: right (with why) or, in a round, wrong with the right
    /// answer and why. (Inside a lesson a wrong answer is tried again instead.)
    pub fn verdict(&self, lang: crate::rules::Lang, round: bool) -> String {
        let mut out = if self.correct {
            Say::Right.to(lang)
        } else if round {
            Say::QuizWrongAnswer {
                key: self.key.clone(),
            }
            .to(lang)
        } else {
            return Say::ThinkAgain.to(lang);
        };
        let explanation = match self.statement {
            Some(true_statement) => {
                out = words::then(
                    lang,
                    &out,
                    &if true_statement {
                        Say::QuizStatementTrue
                    } else {
                        Say::QuizStatementFalse
                    }
                    .to(lang),
                );
                without_verdict_word(&self.explanation)
            }
            None => self.explanation.as_str(),
        };
        format!("{out}\n{explanation}")
    }
}

/// An explanation of a true/false item often starts by saying true or false, which the
/// verdict line above it has just said: without that word, "Right! The statement is false."
/// is not followed by "False.".
fn without_verdict_word(explanation: &str) -> &str {
    const WORDS: &[&str] = &[
        "不对。",
        "不对，",
        "对。",
        "对，",
        "错。",
        "错，",
        "是的。",
        "不是。",
        "正确。",
        "錯。",
        "對。",
        "不對。",
        "True. ",
        "False. ",
        "True, ",
        "False, ",
        "Yes. ",
        "No. ",
        "Right. ",
        "Wrong. ",
        "Correct. ",
    ];
    WORDS
        .iter()
        .find_map(|w| explanation.strip_prefix(w))
        .filter(|rest| !rest.trim().is_empty())
        .unwrap_or(explanation)
}

/// Judges an answer to `item` (counting nothing).
/// Whether `choice` is one of the answers the item's message offers (a pressed index that
/// was never offered is refused, never read as "false").
pub(super) fn offers(cx: &Cx<'_>, item: &QuizRef, choice: usize) -> bool {
    resolve(cx, item).is_some_and(|q| match &q.answer {
        Answer::TrueFalse { .. } => choice < 2,
        Answer::MultipleChoice { choices, .. } => choice < choices.len(),
    })
}

pub(super) fn judge(cx: &Cx<'_>, item: &QuizRef, choice: usize) -> Option<Judged> {
    let lang = cx.lang();
    let q = resolve(cx, item)?;
    let response = match q.answer {
        Answer::TrueFalse { .. } => Response::TrueFalse(choice == 0),
        Answer::MultipleChoice { .. } => Response::Choice(choice),
    };
    let (key, statement) = match &q.answer {
        Answer::TrueFalse { correct: c, .. } => (
            if *c {
                Say::True.to(lang)
            } else {
                Say::False.to(lang)
            },
            Some(*c),
        ),
        Answer::MultipleChoice { correct: c, .. } => {
            (letter(*c).to_ascii_uppercase().to_string(), None)
        }
    };
    Some(Judged {
        correct: q.is_correct(response),
        key,
        statement,
        explanation: q.explanation.get(lang).to_owned(),
        id: q.id.clone(),
    })
}

/// Counts an answer of a round (lesson questions are practice, not quiz answers).
fn count(cx: &mut Cx<'_>, item: &QuizRef, judged: &Judged) {
    let p = &mut cx.session.progress;
    if judged.correct {
        p.quiz_right = p.quiz_right.saturating_add(1);
    } else {
        p.quiz_wrong = p.quiz_wrong.saturating_add(1);
    }
    if matches!(item, QuizRef::Bank { .. })
        && let Ok(id) = judged.id.parse::<QuizId>()
    {
        p.quiz_seen.insert(id);
    }
    cx.event(Event::QuizAnswer {
        item: judged.id.clone(),
        correct: judged.correct,
    });
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
    let level = LadderLevel {
        points: p.points,
        rated_games: p.rated_games,
    };
    let first_game = p.rated_games == 1;
    let mut msg = Say::QuizRoundDone {
        right,
        round: ROUND,
        delta: Delta(delta),
        level,
    }
    .to(lang);
    if first_game {
        // The first points a learner earns: say once what they are and how a level is won.
        msg.push('\n');
        msg.push_str(&Say::ProgressLadder.to(lang));
    }
    let again = cx.t(&Say::ButtonAnotherRound);
    let menu = cx.t(&Say::ButtonMenu);
    cx.reply(Reply::text(msg).with_row(vec![
        Button::new(again, &Action::Quiz),
        Button::new(menu, &Action::Menu),
    ]));
    Mode::Idle
}

/// The answers of `item` as a learner may write them: `对`, `错` or `A`, `B`, `C`.
pub(super) fn answer_words(cx: &Cx<'_>, item: &QuizRef) -> Vec<String> {
    let lang = cx.lang();
    match resolve(cx, item).map(|q| q.answer) {
        Some(Answer::TrueFalse { .. }) => vec![Say::True.to(lang), Say::False.to(lang)],
        Some(Answer::MultipleChoice { choices, .. }) => (0..choices.len())
            .map(|i| letter(i).to_ascii_uppercase().to_string())
            .collect(),
        None => Vec::new(),
    }
}

/// The position of `item`'s board, when it has one.
pub(super) fn item_position(cx: &Cx<'_>, item: &QuizRef) -> Option<shakmaty::Chess> {
    resolve(cx, item)?.board.map(|b| b.position().clone())
}

/// The picture of `item`'s board, when it has one.
pub(super) fn item_view(cx: &Cx<'_>, item: &QuizRef) -> Option<BoardView> {
    resolve(cx, item)?.board.as_ref().map(board_view)
}

/// Reads a typed answer for `item`.
pub(super) fn read_item_answer(cx: &Cx<'_>, item: &QuizRef, text: &str) -> Option<usize> {
    read_answer(&resolve(cx, item)?, text)
}

/// Reads a typed answer for `q`: a letter (`b`, `B)`), a number (`2`), a choice's own text
/// (`d6`), or true/false words (`对`, `错`, `yes`, `false`).
fn read_answer(q: &QuizItem, text: &str) -> Option<usize> {
    let t = text.trim().to_lowercase();
    let t = t.trim_end_matches([')', '）', '.', '。']);
    match &q.answer {
        Answer::TrueFalse { .. } => match t {
            "true" | "t" | "yes" | "y" | "对" | "對" | "是" | "正确" | "正確" | "√" | "1" => {
                Some(0)
            }
            "false" | "f" | "no" | "n" | "错" | "錯" | "否" | "不对" | "不對" | "错误" | "錯誤"
            | "×" | "2" => Some(1),
            _ => None,
        },
        Answer::MultipleChoice { choices, .. } => {
            if let Ok(number) = t.parse::<usize>() {
                return (1..=choices.len()).contains(&number).then(|| number - 1);
            }
            let by_text = choices.iter().position(|c| {
                [
                    crate::rules::Lang::Zh,
                    crate::rules::Lang::ZhHant,
                    crate::rules::Lang::En,
                ]
                .iter()
                .any(|&lang| c.text.get(lang).trim().to_lowercase() == t)
            });
            if by_text.is_some() {
                return by_text;
            }
            let mut chars = t.chars();
            let c = chars.next()?;
            if chars.next().is_some() {
                return None;
            }
            let i = usize::try_from(u32::from(c).checked_sub(u32::from('a'))?).ok()?;
            (i < choices.len()).then_some(i)
        }
    }
}
