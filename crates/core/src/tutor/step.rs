//! The dispatcher: one input in, a [`Transition`] out.

use super::callback::Action;
use super::catalog::Catalog;
use super::input::{Command, Input, MAX_TEXT_CHARS};
use super::reply::{Button, Event, Reply, Transition};
use super::state::{Mode, Session};
use super::{lesson, puzzle, quiz, tap, words};
use crate::render::BoardView;
use crate::render::overlay::Overlay;
use crate::rules::{self, Lang, Verdict, text::verdict_text};
use serde::{Deserialize, Serialize};
use shakmaty::Position as _;

/// Applies one input to a session. Pure: the same session, input and catalogue always give
/// the same transition.
///
/// ```
/// use chess_tutor_core::tutor::{step, Catalog, Input, Session};
/// let catalog = Catalog::default();
/// let t = step(&Session::default(), Input::Start { client_lang: Some("en".into()) }, &catalog);
/// assert_eq!(t.session.lang, Some(chess_tutor_core::rules::Lang::En));
/// assert!(t.replies[0].text.contains("Welcome"));
/// ```
#[must_use]
pub fn step(session: &Session, input: Input, catalog: &Catalog) -> Transition {
    step_at(session, input, None, catalog)
}

/// Like [`step`], with the time of the input (Unix seconds) as the shell's clock read it:
/// spaced review of missed puzzles is scheduled by it.
#[must_use]
pub fn step_at(session: &Session, input: Input, now: Option<i64>, catalog: &Catalog) -> Transition {
    step_in(
        session,
        input,
        &Envelope {
            now,
            client_lang: None,
        },
        catalog,
    )
}

/// What a shell knows about an input besides the input itself.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Envelope {
    /// The time of the input (Unix seconds), as the shell's clock read it.
    pub now: Option<i64>,
    /// The language code the learner's client reports with this input (`zh-hans`, `en`, …):
    /// a learner whose language is not known yet is answered in it from the first input on.
    pub client_lang: Option<String>,
}

/// Like [`step`], with what the shell knows about the input: its time and the client's
/// language.
#[must_use]
pub fn step_in(
    session: &Session,
    input: Input,
    envelope: &Envelope,
    catalog: &Catalog,
) -> Transition {
    let now = envelope.now;
    let mut cx = Cx {
        s: session.clone(),
        replies: Vec::new(),
        events: Vec::new(),
        catalog,
        now: now.and_then(super::review::at),
    };
    match input {
        Input::Start { client_lang } => cx.start(client_lang.as_deref()),
        Input::Text(text) => {
            if text.chars().count() > MAX_TEXT_CHARS {
                let lang = cx.lang();
                cx.reply(Reply::text(words::too_long(lang)));
            } else if let Some(command) = Command::parse(&text) {
                cx.command(command);
            } else {
                cx.text(text.trim());
            }
        }
        Input::Button(data) => match Action::decode(&data) {
            Some(action) => cx.action(action),
            None => {
                let lang = cx.lang();
                cx.reply(Reply::text(words::stale_button(lang)));
            }
        },
    }
    Transition {
        session: cx.s,
        replies: cx.replies,
        events: cx.events,
    }
}

/// The working context of one step.
pub(super) struct Cx<'a> {
    pub s: Session,
    pub replies: Vec<Reply>,
    pub events: Vec<Event>,
    pub catalog: &'a Catalog,
    /// The time of this input, when the shell gave one.
    pub now: Option<chrono::DateTime<chrono::Utc>>,
}

impl Cx<'_> {
    pub fn lang(&self) -> Lang {
        self.s.lang()
    }

    pub fn say(&self, zh: &str, en: &str) -> String {
        words::say(self.lang(), zh, en)
    }

    pub fn reply(&mut self, reply: Reply) {
        self.replies.push(reply);
    }

    pub fn event(&mut self, event: Event) {
        self.events.push(event);
    }

    /// A new question: buttons of older ones stop working.
    pub fn next_nonce(&mut self) -> u32 {
        self.s.nonce = self.s.nonce.wrapping_add(1);
        self.s.nonce
    }

    pub fn menu_row(&self) -> Vec<Button> {
        let lang = self.lang();
        vec![
            Button::new(words::button_lessons(lang), &Action::Lesson(0)),
            Button::new(words::button_puzzle(lang), &Action::Puzzle),
            Button::new(words::button_quiz(lang), &Action::Quiz),
        ]
    }

    /// No task in progress: say so and offer the menu.
    fn nothing_to_do(&mut self) {
        let lang = self.lang();
        let row = self.menu_row();
        self.reply(Reply::text(words::nothing_to_do(lang)).with_row(row));
    }

    fn start(&mut self, client_lang: Option<&str>) {
        if self.s.lang.is_none() {
            let guess = client_lang.map(str::to_ascii_lowercase).and_then(|c| {
                if c.starts_with("zh") {
                    Some(Lang::Zh)
                } else if c.starts_with("en") {
                    Some(Lang::En)
                } else {
                    None
                }
            });
            match guess {
                Some(lang) => self.set_lang(lang),
                None => {
                    self.reply(
                        Reply::text(format!(
                            "{}\n\n{}",
                            words::welcome(Lang::Zh),
                            words::choose_language()
                        ))
                        .with_row(vec![
                            Button::new("中文", &Action::Lang(Lang::Zh)),
                            Button::new("English", &Action::Lang(Lang::En)),
                        ]),
                    );
                    return;
                }
            }
        }
        let lang = self.lang();
        let row = self.menu_row();
        self.reply(
            Reply::text(format!("{}\n\n{}", words::welcome(lang), words::menu(lang))).with_row(row),
        );
    }

    fn set_lang(&mut self, lang: Lang) {
        self.s.lang = Some(lang);
        self.event(Event::Language {
            lang: lang.to_string(),
        });
    }

    fn command(&mut self, command: Command) {
        let lang = self.lang();
        match command {
            Command::Start => self.start(None),
            Command::Help => self.reply(Reply::text(words::help(lang))),
            Command::Lessons => lesson::course_map(self),
            Command::Lesson(None) => lesson::resume(self),
            Command::Lesson(Some(unit)) => lesson::open_unit(self, unit),
            Command::Next => self.next(),
            Command::Puzzle => puzzle::start(self),
            Command::Hint => self.hint(),
            Command::Solution => self.solution(),
            Command::Quiz => quiz::start_round(self),
            Command::Explain(args) => self.explain(&args),
            Command::Progress => self.progress(),
            Command::Lang(Some(lang)) => {
                self.set_lang(lang);
                let text = self.say("好的，现在说中文。", "OK, English from now on.");
                self.reply(Reply::text(text));
                self.board();
            }
            Command::Lang(None) => {
                self.reply(Reply::text(words::choose_language()).with_row(vec![
                    Button::new("中文", &Action::Lang(Lang::Zh)),
                    Button::new("English", &Action::Lang(Lang::En)),
                ]))
            }
            Command::Board => self.board(),
            Command::Unknown(word) => self.reply(Reply::text(words::unknown_command(lang, &word))),
        }
    }

    fn action(&mut self, action: Action) {
        if let Some(nonce) = action.nonce()
            && nonce != self.s.nonce
        {
            let lang = self.lang();
            self.reply(Reply::text(words::stale_button(lang)));
            return;
        }
        match action {
            Action::Lang(lang) => {
                let first = self.s.lang.is_none();
                self.set_lang(lang);
                if first {
                    self.start(None);
                } else {
                    let text = self.say("好的，现在说中文。", "OK, English from now on.");
                    self.reply(Reply::text(text));
                }
            }
            Action::Menu => {
                let row = self.menu_row();
                let text = words::menu(self.lang());
                self.reply(Reply::text(text).with_row(row));
            }
            Action::Lesson(0) => lesson::resume(self),
            Action::Lesson(unit) => lesson::open_unit(self, unit),
            Action::Puzzle => puzzle::start(self),
            Action::Quiz => quiz::start_round(self),
            Action::Next(_) => self.next(),
            Action::Hint(_) => self.hint(),
            Action::Solution(_) => self.solution(),
            Action::Answer { choice, .. } => self.answer(usize::from(choice)),
            Action::Review(index) => {
                lesson::open_step(self, usize::try_from(index).unwrap_or(usize::MAX));
            }
            Action::TapBoard(_) => tap::open(self),
            Action::Tap { square, .. } => tap::tap(self, square),
            Action::Promote { from, to, role, .. } => tap::promote(self, from, to, role),
        }
    }

    fn text(&mut self, text: &str) {
        match self.s.mode.clone() {
            Mode::Idle => {
                let lang = self.lang();
                let row = self.menu_row();
                self.reply(
                    Reply::text(format!(
                        "{}\n{}",
                        words::nothing_to_do(lang),
                        words::menu(lang)
                    ))
                    .with_row(row),
                );
            }
            Mode::Lesson { .. } => lesson::text(self, text),
            Mode::Puzzle { .. } => puzzle::text(self, text),
            Mode::Quiz { .. } => quiz::text(self, text),
        }
    }

    fn answer(&mut self, choice: usize) {
        match self.s.mode {
            Mode::Lesson { .. } => lesson::answer(self, choice),
            Mode::Quiz { .. } => quiz::answer(self, choice),
            Mode::Idle | Mode::Puzzle { .. } => {
                let lang = self.lang();
                self.reply(Reply::text(words::stale_button(lang)));
            }
        }
    }

    fn next(&mut self) {
        match self.s.mode {
            Mode::Lesson { .. } => lesson::next(self),
            Mode::Quiz { .. } => quiz::next(self),
            Mode::Puzzle { .. } => puzzle::start(self),
            Mode::Idle => lesson::resume(self),
        }
    }

    fn hint(&mut self) {
        match self.s.mode {
            Mode::Lesson { .. } => lesson::hint(self),
            Mode::Puzzle { .. } => puzzle::hint(self),
            Mode::Quiz { .. } | Mode::Idle => self.nothing_to_do(),
        }
    }

    fn solution(&mut self) {
        match self.s.mode {
            Mode::Lesson { .. } => lesson::solution(self),
            Mode::Puzzle { .. } => puzzle::solution(self),
            Mode::Quiz { .. } | Mode::Idle => self.nothing_to_do(),
        }
    }

    fn board(&mut self) {
        match self.s.mode {
            Mode::Lesson { .. } => lesson::present(self),
            Mode::Puzzle { .. } => puzzle::present(self),
            Mode::Quiz { .. } => quiz::present(self),
            Mode::Idle => self.nothing_to_do(),
        }
    }

    /// `/explain FEN move`: the FEN is everything but the last word.
    fn explain(&mut self, args: &str) {
        let lang = self.lang();
        let args = args.trim();
        let Some((fen, mv)) = args.rsplit_once(char::is_whitespace) else {
            let text = self.say(
                "用法：/explain FEN 走法，例如 /explain rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 e4",
                "Usage: /explain FEN move, e.g. /explain rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 e4",
            );
            self.reply(Reply::text(text));
            return;
        };
        let pos = match rules::parse_fen(fen) {
            Ok(pos) => pos,
            Err(e) => {
                let text = match lang {
                    Lang::Zh => format!("这个FEN读不了：{e}"),
                    Lang::En => format!("I cannot read that FEN: {e}"),
                };
                self.reply(Reply::text(text));
                return;
            }
        };
        let verdict = rules::explain(&pos, mv);
        let text = verdict_text(&pos, &verdict, mv, lang);
        let mut view = BoardView::from_position(&pos).with_orientation(pos.turn());
        match &verdict {
            Verdict::Illegal(reason) => view = view.with_overlay(Overlay::for_reason(reason)),
            Verdict::Legal(info) => {
                let mut after = pos.clone();
                shakmaty::Position::play_unchecked(&mut after, info.mv);
                view = BoardView::from_position(&after).with_orientation(pos.turn());
                if let Some((from, to)) = crate::render::overlay::move_squares(&info.mv) {
                    view = view.with_last_move(from, to);
                }
            }
            _ => {}
        }
        self.reply(Reply::board(view, text));
    }

    fn progress(&mut self) {
        let lang = self.lang();
        let p = &self.s.progress;
        let total_steps = self.catalog.steps.len();
        let level = super::ladder::level_name(p.points, p.rated_games, lang);
        let mut errors: Vec<(&String, &u32)> = p.rule_errors.iter().collect();
        errors.sort_by(|a, b| b.1.cmp(a.1));
        let errors: Vec<String> = errors
            .iter()
            .take(3)
            .map(|(code, n)| format!("{code} ×{n}"))
            .collect();
        let text = match lang {
            Lang::Zh => format!(
                "课程：完成 {}/{} 步，{} 课。\n级别：{}（积分 {}）。\n杀棋题：解出 {} 道，待复习 {} 道。\n测验：答对 {}，答错 {}。{}",
                p.steps_done.len(),
                total_steps,
                p.lessons_done.len(),
                level,
                p.points,
                p.puzzles_solved.len(),
                p.review_queue.len(),
                p.quiz_right,
                p.quiz_wrong,
                if errors.is_empty() {
                    String::new()
                } else {
                    format!("\n常犯的规则错误：{}", errors.join("，"))
                }
            ),
            Lang::En => format!(
                "Lessons: {}/{} steps, {} lessons done.\nLevel: {} ({} points).\nPuzzles: {} solved, {} to review.\nQuiz: {} right, {} wrong.{}",
                p.steps_done.len(),
                total_steps,
                p.lessons_done.len(),
                level,
                p.points,
                p.puzzles_solved.len(),
                p.review_queue.len(),
                p.quiz_right,
                p.quiz_wrong,
                if errors.is_empty() {
                    String::new()
                } else {
                    format!("\nRules you trip over most: {}", errors.join(", "))
                }
            ),
        };
        let row = self.menu_row();
        self.reply(Reply::text(text).with_row(row));
    }
}
