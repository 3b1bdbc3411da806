//! The dispatcher: one input in, a [`Transition`] out. The only module that names every
//! activity: it takes the session's activity out, hands it the input, and puts back the
//! activity that follows.

use super::activity::Activity;
use super::callback::{Action, DuelAct};
use super::classroom::ClassAct;
use super::classroom::ClassCommand;
use super::cx::{Cx, Given};
use super::effect::Transition;
use super::effect::{Effect, Outbox, To};
use super::input::{BoardDrop, Command, Input, LessonArg, PuzzleArg};
use super::move_task::{BeforeTap, MoveTask, TaskBoard};
use super::page;
use super::page_view::{DropResult, PageSaid};
use super::read::Reading;
use super::reply::{Button, Event, Reply};
use super::request::Request;
use super::state::{GameState, Mode, Offered, Session};
use super::words::{self, Say};
use super::{access, class, commands, duel, game, lesson, puzzle, quiz};
use crate::content::Catalog;
use crate::rules::{self, Lang};

/// Applies one input to a session: the tutor's only entry. Pure: the same request and
/// catalogue always give the same transition.
///
/// ```
/// use chess_tutor_core::tutor::{step, Catalog, Envelope, Input, Request, Session};
/// let catalog = Catalog::default();
/// let start = Input::Start { client_lang: Some("en".into()) };
/// let t = step(Request::new(Session::default(), start, Envelope::default()), &catalog);
/// assert_eq!(t.session.lang, Some(chess_tutor_core::rules::Lang::En));
/// assert!(t.replies()[0].text.contains("Welcome"));
/// ```
#[must_use]
pub fn step(request: Request, catalog: &Catalog) -> Transition {
    // The shared game the shell looked up for this input, if it did.
    let looked_up = super::needs(&request)
        .shared
        .filter(|_| request.loaded.shared.is_some());
    let Request {
        mut session,
        input,
        reading,
        envelope,
        loaded,
    } = request;
    let envelope = &envelope;
    // Kept as given: a refused press hands it back unchanged.
    let given = session.clone();
    // The activity leaves the session while it handles the input; what it returns goes back.
    let mode = std::mem::take(&mut session.mode);
    let game = loaded.shared.flatten().filter(|g| looked_up == Some(g.id));
    let mut cx = Cx {
        given: Given {
            envelope,
            now: envelope.now.and_then(super::review::at),
            pressed: matches!(input, Input::Button(_)),
            pressed_nonce: reading.press_nonce(),
        },
        catalog,
        session,
        out: Outbox::default(),
        shared: super::cx::SharedSlot {
            looked_up,
            game,
            changed: false,
            created: false,
        },
        class: loaded.class.map(|class| class::context(envelope, class)),
    };
    // Anything the learner says or presses in the chat is newer than a game's end: the page
    // stops showing it (a step that ends a game marks it again).
    if !matches!(input, Input::Look | Input::Drop(_))
        && let Some(game) = cx.session.progress.last_game.as_mut()
    {
        game.just_ended = false;
    }
    // Whether the bot may write to this person in a private chat: yes once they wrote there
    // (the board page is opened from it too); a session made by a poll answer is not.
    match &input {
        Input::PollAnswer { .. } if given == Session::default() => cx.session.only_voted = true,
        Input::PollAnswer { .. } | Input::ClassTick { .. } => {}
        _ if envelope.group.is_none() => cx.session.only_voted = false,
        _ => {}
    }
    // A finished game with a friend is counted for this learner at their first input after.
    let mode = duel::settle(&mut cx, mode);
    // A learner is answered in their client's language from their first input on; a client
    // language the bot does not speak gets English (`/lang` switches; `/start` asks).
    if cx.session.lang.is_none()
        && !matches!(input, Input::Start { .. })
        && !matches!(reading, Reading::Command(Command::Start))
        && let Some(code) = &envelope.client_lang
    {
        cx.set_lang(Lang::from_client(code).unwrap_or(Lang::En));
    }
    // A class's own business in its group is said in the topic the class was started in,
    // wherever in the group it was asked.
    if is_class_post(&reading)
        && envelope.group.is_some()
        && let Some(class) = cx.class.as_ref().and_then(|c| c.class.as_ref())
    {
        cx.out.here_is(To::posts_of(class));
    }
    // The board page asks for its view after a drop or a look, and only then.
    let for_page = matches!(input, Input::Drop(_) | Input::Look);
    let dropped = matches!(input, Input::Drop(_));
    let mode = match (input, reading) {
        (Input::Drop(drop), _) => cx.drop_piece(drop, mode),
        (Input::Look, _) => mode,
        (Input::Start { client_lang }, _) => {
            cx.start(client_lang.as_deref().or(envelope.client_lang.as_deref()));
            mode
        }
        (Input::PollAnswer { option, .. }, _) => {
            class::poll_answer(&mut cx, option);
            mode
        }
        (Input::ClassTick { class: id, day }, _) => {
            class::tick(&mut cx, id, day);
            mode
        }
        (_, Reading::TooLong) => {
            let lang = cx.lang();
            cx.reply(Reply::text(Say::TooLong.to(lang)));
            mode
        }
        (_, Reading::Command(command)) => cx.command(command, mode),
        (_, Reading::Text(text)) => {
            if class::daily_reply(&mut cx, &text) {
                mode
            } else {
                cx.text(&text, mode)
            }
        }
        (_, Reading::Press(Some(action))) => cx.action(action, mode),
        (_, Reading::Press(None) | Reading::Other) => {
            cx.stale_button();
            mode
        }
    };
    // A class's puzzle of the day solved on a board in a private chat: the class records the
    // solver and names them, in this same step.
    if let Some((class, day)) = cx.out.daily_solved.take() {
        class::solved_in_private(&mut cx, class, day);
    }
    // A refused press changes nothing (not even what the steps before the refusal did, such as
    // putting a game aside): it is answered, and the session is the one given.
    if cx.out.refused() {
        let mut session = given;
        // The language a first input brings is not the press's doing: it is kept.
        if session.lang.is_none() && cx.session.lang.is_some() {
            session.lang = cx.session.lang;
        }
        let effects = cx
            .out
            .into_refusal()
            .into_iter()
            .map(|reply| Effect::Say {
                to: To::Here,
                reply,
            })
            .collect();
        return Transition {
            session,
            effects,
            refused: true,
        };
    }
    let page = for_page.then(|| {
        // With no move to make just after a game (nothing asked or answered in the chat
        // since), the page shows how the game ended.
        let (board, over) = match cx.page_board(&mode) {
            Some(board) => (Some(board), false),
            None if matches!(mode, Mode::Idle | Mode::Duel) => {
                let lang = cx.lang();
                let over = cx
                    .session
                    .progress
                    .last_game
                    .as_ref()
                    .filter(|g| g.just_ended)
                    .map(|g| game::final_board(g, lang));
                (over.map(|b| (b, false)), true)
            }
            None => (None, false),
        };
        let said = cx.out.page_said.take().or_else(|| {
            // A drop neither refused nor waiting for its piece was played.
            dropped.then(|| PageSaid {
                result: DropResult::Legal,
                text: String::new(),
                overlay: crate::render::Overlay::default(),
            })
        });
        // With no move to make here, the page says where the learner's work is now.
        let elsewhere = match &mode {
            Mode::Quiz(_) => Some(page::Elsewhere::Quiz),
            Mode::Lesson(_) => Some(page::Elsewhere::Lesson),
            _ => None,
        };
        page::view(
            cx.lang(),
            cx.nonce(),
            board,
            said,
            cx.session.text_mode,
            elsewhere,
            over,
        )
    });
    let label = Say::ButtonBoardApp.to(cx.lang());
    for reply in cx.out.here_mut() {
        if reply.offers_tap_board() {
            reply.board_app = Some(label.clone());
        }
    }
    // The other player of a game with a friend is offered the board page as well (the first
    // mover's board comes with the other's step that seats them), labelled in their language.
    if let Some(game) = cx.shared.game.as_ref() {
        let seats: Vec<(i64, Lang)> = [game.white.as_ref(), game.black.as_ref()]
            .into_iter()
            .flatten()
            .map(|seat| (seat.learner, seat.lang))
            .collect();
        for (learner, reply) in cx.out.others_mut() {
            if let Some((_, lang)) = seats.iter().find(|(l, _)| *l == learner)
                && reply.offers_tap_board()
                && reply.board_app.is_none()
            {
                reply.board_app = Some(Say::ButtonBoardApp.to(*lang));
            }
        }
    }
    // The other player is told in words when they read in text mode: their seat keeps what
    // this learner's session says about them, for the other's steps to read.
    if let (Some(me), Some(game)) = (cx.learner(), cx.shared.game.as_mut())
        && let Some(seat) = [game.white.as_mut(), game.black.as_mut()]
            .into_iter()
            .flatten()
            .find(|seat| seat.learner == me)
        && seat.text_mode != cx.session.text_mode
    {
        seat.text_mode = cx.session.text_mode;
        cx.shared.changed = true;
    }
    let mut session = cx.session;
    session.mode = mode;
    // A game played in a group: what its other player is told goes to the group.
    let room = cx.shared.game.as_ref().and_then(|g| g.room);
    let mut effects: Vec<Effect> = cx
        .out
        .into_effects()
        .into_iter()
        .map(|effect| match (effect, room) {
            (
                Effect::Say {
                    to: To::Learner(learner),
                    reply,
                },
                Some(chat),
            ) => Effect::Say {
                to: To::Room { learner, chat },
                reply,
            },
            (effect, _) => effect,
        })
        .collect();
    // Text mode: every board said in words, nothing that needs a picture or the tap board.
    access::in_words(&mut effects, &session);
    // The buttons shown, for their labels typed instead of pressed; a press that changed
    // nothing else (answered, not refused: an invitation gone, a menu) leaves them too, so that
    // it leaves the session as it was.
    if !(cx.given.pressed && session == given) {
        remember_offered(&mut session, &effects);
    }
    if let Some(game) = cx.shared.game.as_ref() {
        access::in_words_for_players(&mut effects, game);
    }
    if cx.shared.changed
        && let Some(game) = cx.shared.game
    {
        effects.push(Effect::Game(super::shared::SharedWrite {
            game,
            created: cx.shared.created,
        }));
    }
    if let Some(page) = page {
        effects.push(Effect::Page(page));
    }
    Transition {
        session,
        effects,
        refused: false,
    }
}

/// Keeps the buttons this step showed in the chat of the input (when it showed any), for a
/// label typed instead of pressed ([`Cx::typed_label`]). A button whose press needs what a
/// typed message does not load (a class, another game's invitation) is left out.
fn remember_offered(session: &mut Session, effects: &[Effect]) {
    let shown: Vec<Offered> = effects
        .iter()
        .filter_map(|effect| match effect {
            Effect::Say {
                to: To::Here,
                reply,
            } if !reply.toast => Some(reply),
            _ => None,
        })
        .flat_map(|reply| reply.buttons.iter().flatten())
        .filter(|button| {
            !matches!(
                Action::decode(&button.data),
                None | Some(
                    Action::Class(_)
                        | Action::Duel {
                            act: DuelAct::Join,
                            ..
                        }
                )
            )
        })
        .map(|button| Offered {
            label: button.label.clone(),
            data: button.data.clone(),
        })
        .collect();
    if !shown.is_empty() {
        session.offered = shown;
    }
}

/// A label or a typed word as they are compared: letters and digits only (no ▶, 💡, ½ or
/// punctuation), spaces made one, in lower case.
fn label_key(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_whitespace() { ' ' } else { c })
        .filter(|c| c.is_alphabetic() || c.is_ascii_digit() || *c == ' ')
        .collect::<String>()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// Whether `typed` is the label of `button`: the whole label, or the answer that opens a
/// label of the form "Yes, resign" / "是，认输" (`yes`, `是`).
fn is_label_of(typed: &str, label: &str) -> bool {
    let typed = label_key(typed);
    if typed.is_empty() {
        return false;
    }
    if label_key(label) == typed {
        return true;
    }
    label
        .split_once([',', '，'])
        .is_some_and(|(head, _)| label_key(head) == typed)
}

/// Whether a reading is a class's own business in its group (a quiz, the leaderboard, the
/// class's settings, closing a quiz), said in the class's topic.
fn is_class_post(reading: &Reading) -> bool {
    match reading {
        Reading::Command(Command::Class(command)) => !matches!(
            command,
            ClassCommand::JoinLink(_)
                | ClassCommand::DailyLink(_)
                | ClassCommand::Leave
                | ClassCommand::Report
                | ClassCommand::ReportStudent(_)
        ),
        Reading::Press(Some(Action::Class(ClassAct::Close(_)))) => true,
        _ => false,
    }
}

/// Runs `$body` with `$t` bound to the activity of `$mode` that asks for moves (a game with a
/// friend resolved once, here, from the seat and the loaded game); `$other` binds any other
/// mode.
macro_rules! on_move_task {
    ($cx:expr, $mode:expr, |$t:ident| $body:expr, |$other:ident| $otherwise:expr) => {
        match $mode {
            Mode::Lesson($t) => $body,
            Mode::Puzzle($t) => $body,
            Mode::Game($t) => $body,
            Mode::Duel => match duel::turn($cx) {
                Some($t) => $body,
                None => $cx.duel_gone(),
            },
            $other => $otherwise,
        }
    };
}

/// Runs `$body` with `$t` bound to the activity of `$mode` (a game with a friend resolved as
/// in [`on_move_task`]), `$idle` for no activity.
macro_rules! on_activity {
    ($cx:expr, $mode:expr, |$t:ident| $body:expr, idle => $idle:expr) => {
        match $mode {
            Mode::Quiz($t) => $body,
            Mode::Idle => $idle,
            other => on_move_task!($cx, other, |$t| $body, |_other| unreachable!(
                "every other mode asks for moves"
            )),
        }
    };
}

/// The language choice: each language named in itself.
fn language_buttons() -> Vec<Button> {
    vec![
        Button::new(words::language_name(Lang::Zh), &Action::Lang(Lang::Zh)),
        Button::new(
            words::language_name(Lang::ZhHant),
            &Action::Lang(Lang::ZhHant),
        ),
        Button::new(words::language_name(Lang::En), &Action::Lang(Lang::En)),
    ]
}

/// The puzzle under way, not to be served again at once.
fn current_puzzle(mode: &Mode) -> Option<&crate::content::PuzzleId> {
    match mode {
        Mode::Puzzle(p) => Some(&p.id),
        _ => None,
    }
}

impl Cx<'_> {
    fn start(&mut self, client_lang: Option<&str>) {
        if self.session.lang.is_none() {
            match client_lang.and_then(Lang::from_client) {
                Some(lang) => self.set_lang(lang),
                None => {
                    self.reply(
                        Reply::text(format!(
                            "{}\n\n{}",
                            Say::Welcome.to(Lang::Zh),
                            words::choose_language()
                        ))
                        .with_row(language_buttons()),
                    );
                    return;
                }
            }
        }
        let lang = self.lang();
        let row = self.menu_row();
        self.reply(
            Reply::text(format!(
                "{}\n\n{}",
                Say::Welcome.to(lang),
                Say::Menu.to(lang)
            ))
            .with_row(row)
            .with_row(lesson::xiangqi_offer(self)),
        );
    }

    /// "OK, now in 繁體中文": the language chosen, named in itself.
    fn lang_set(&mut self, lang: Lang) {
        let text = self.t(&Say::LangSet { script: lang });
        self.reply(Reply::text(text));
    }

    fn set_lang(&mut self, lang: Lang) {
        self.session.lang = Some(lang);
        self.event(Event::Language { lang });
    }

    fn command(&mut self, command: Command, mode: Mode) -> Mode {
        let lang = self.lang();
        let starts_another = matches!(
            command,
            Command::Lesson(_)
                | Command::Puzzle(_)
                | Command::Quiz
                | Command::Lessons
                | Command::Class(ClassCommand::DailyLink(_))
        );
        let mode = if starts_another {
            self.pause_game(mode)
        } else {
            mode
        };
        match command {
            // `/start`: the chat opened; a language the client reports and the bot speaks is
            // taken, any other is asked.
            Command::Start => {
                let envelope = self.given.envelope;
                self.start(envelope.client_lang.as_deref());
                mode
            }
            Command::Help => {
                let row = self.menu_row();
                self.reply(Reply::text(Say::Help.to(lang)).with_row(row));
                mode
            }
            Command::Lessons => {
                let current = match &mode {
                    Mode::Lesson(state) => Some(state),
                    _ => None,
                };
                lesson::course_map(self, current);
                mode
            }
            Command::Lesson(LessonArg::Current) => match mode {
                Mode::Lesson(state) => lesson::resume(self, Some(&state)),
                _ => lesson::resume(self, None),
            },
            Command::Lesson(LessonArg::Unit(unit)) => lesson::open_unit(self, unit, mode),
            Command::Lesson(LessonArg::Named(name)) => lesson::open_named(self, &name, mode),
            Command::Next => self.next(mode),
            Command::Puzzle(PuzzleArg::Next) => puzzle::start(self, current_puzzle(&mode)),
            Command::Puzzle(arg) => puzzle::start_chosen(self, &arg, mode),
            Command::Hint => self.hint(mode),
            Command::Solution => self.solution(mode),
            Command::Quiz => quiz::start_round(self),
            Command::Explain(args) => {
                commands::explain_move(self, &args);
                mode
            }
            Command::Progress => {
                commands::progress(self);
                mode
            }
            Command::LangChinese => {
                let lang = self.session.lang.filter(|l| *l == Lang::ZhHant);
                self.command(Command::Lang(Some(lang.unwrap_or(Lang::Zh))), mode)
            }
            Command::Lang(Some(lang)) => {
                self.set_lang(lang);
                self.lang_set(lang);
                self.board(&mode);
                mode
            }
            Command::Lang(None) => {
                let text_mode = access::button_row(self);
                self.reply(
                    Reply::text(words::choose_language())
                        .with_row(language_buttons())
                        .with_row(text_mode),
                );
                mode
            }
            Command::Board => {
                self.board(&mode);
                mode
            }
            Command::Play(_) if duel::started(self) => {
                let mode = match mode {
                    Mode::Duel => mode,
                    other => self.pause_game(other),
                };
                duel::show(self, mode)
            }
            Command::Join(id) => {
                let mode = match mode {
                    Mode::Duel => mode,
                    other => self.pause_game(other),
                };
                duel::join(self, id, mode)
            }
            Command::NoSuchLevel(given) => {
                let text = self.t(&Say::NoSuchLevel {
                    given: rules::text::displayable(&given),
                });
                self.reply(Reply::text(text));
                self.command(Command::Play(None), mode)
            }
            Command::Play(level) => {
                // An invitation nobody has taken yet does not keep the learner from the tutor.
                duel::remind_invitation(self);
                let mode = match mode {
                    Mode::Duel => Mode::Idle,
                    other => other,
                };
                let mode = self.resume_game(mode);
                game::setup(self, level.and_then(crate::game::engine::Level::new), mode)
            }
            Command::Pgn => {
                if !duel::send_pgn(self) {
                    game::send_pgn(self, &mode);
                }
                mode
            }
            Command::Class(command) => class::command(self, command, mode),
            Command::Access(command) => {
                if access::command(self, command, &mode) {
                    self.board(&mode);
                }
                mode
            }
            Command::Unknown(word) => {
                self.reply(Reply::text(words::unknown_command(lang, &word)));
                mode
            }
        }
    }

    fn action(&mut self, action: Action, mode: Mode) -> Mode {
        if let Some(nonce) = action.nonce()
            && nonce != self.session.nonce
        {
            self.stale_button();
            return mode;
        }
        // A button of the task just finished (still on a message that was not updated):
        // nothing changes, and the answer is the way on (the menu), not "earlier question".
        if matches!(mode, Mode::Idle)
            && action.nonce().is_some()
            && !matches!(action, Action::Next(_))
        {
            let lang = self.lang();
            let row = self.menu_row();
            self.refuse(Reply::text(Say::NothingToDo.to(lang)).with_row(row));
            return mode;
        }
        let starts_another = matches!(
            action,
            Action::Lesson(_)
                | Action::Puzzle
                | Action::Quiz
                | Action::Review(_)
                | Action::Invite
                | Action::Duel { .. }
        );
        // The game with a friend's own buttons keep it open; joining an invitation puts the
        // running game aside only once the learner is seated (it may be gone, or need Telegram).
        let own_duel =
            matches!(action, Action::Invite | Action::Duel { .. }) && matches!(mode, Mode::Duel);
        let joins = matches!(
            action,
            Action::Duel {
                act: DuelAct::Join,
                ..
            }
        );
        let mode = if starts_another && !own_duel && !joins {
            self.pause_game(mode)
        } else {
            mode
        };
        match action {
            Action::Lang(lang) => {
                let first = self.session.lang.is_none();
                self.set_lang(lang);
                if first {
                    self.start(None);
                } else {
                    // Said in the script chosen, with the task again in it.
                    self.lang_set(lang);
                    self.board(&mode);
                }
                mode
            }
            Action::Menu => {
                let row = self.menu_row();
                let text = Say::Menu.to(self.lang());
                self.reply(Reply::text(text).with_row(row));
                mode
            }
            Action::Lesson(0) => match mode {
                Mode::Lesson(state) => lesson::resume(self, Some(&state)),
                _ => lesson::resume(self, None),
            },
            Action::Lesson(unit) => lesson::open_unit(self, unit, mode),
            Action::Puzzle => puzzle::start(self, current_puzzle(&mode)),
            Action::Quiz => quiz::start_round(self),
            Action::Next(_) => self.next(mode),
            Action::Hint(_) => self.hint(mode),
            Action::Solution(_) => self.solution(mode),
            Action::Answer { choice, .. } => self.answer(mode, usize::from(choice)),
            Action::Review(index) => {
                let index = usize::try_from(index).unwrap_or(usize::MAX);
                match &mode {
                    Mode::Lesson(state) => lesson::practise(self, index, Some(state)),
                    _ => lesson::practise(self, index, None),
                }
            }
            Action::Play { level, side } => {
                let mode = self.resume_game(mode);
                game::start(self, level, side, mode)
            }
            Action::PlayLevel(level) => {
                let mode = self.resume_game(mode);
                game::setup(self, crate::game::engine::Level::new(level), mode)
            }
            Action::Pgn => {
                if !duel::send_pgn(self) {
                    game::send_pgn(self, &mode);
                }
                mode
            }
            Action::Invite => duel::invite(self, mode),
            Action::Duel {
                game,
                ply,
                act,
                seat,
            } => duel::act(self, game, ply, act, seat, mode),
            Action::Class(act) => {
                class::act(self, act);
                mode
            }
            Action::TextMode(on) => {
                if access::set(self, on, &mode) {
                    self.board(&mode);
                }
                mode
            }
            Action::Claim(_) => self.in_game(mode, game::claim),
            Action::OfferDraw(_) => self.in_game(mode, game::offer_draw),
            Action::Resign(_) => self.in_game(mode, game::resign),
            Action::ResignYes(_) => self.in_game(mode, game::confirm_resign),
            Action::TakeBack(_) => self.in_game(mode, game::take_back),
            Action::Board(_) => match mode {
                Mode::Game(g) => game::play_on(g, self),
                Mode::Duel => duel::show(self, Mode::Duel),
                other => {
                    self.board(&other);
                    other
                }
            },
            Action::TapBoard(_) => on_move_task!(self, mode, |t| t.open_tap_board(self), |other| {
                self.stale_button();
                other
            }),
            Action::Tap { square, .. } => {
                let before = BeforeTap::now(self);
                let next = on_move_task!(self, mode, |t| t.tap(self, square), |other| {
                    self.stale_button();
                    other
                });
                let after = self.move_task_board(&next);
                before.keep_board_open(self, after);
                next
            }
            Action::Done(_) => match mode {
                Mode::Lesson(s) => s.done(self),
                other => {
                    self.stale_button();
                    other
                }
            },
            Action::Promote { from, to, role, .. } => {
                on_move_task!(self, mode, |t| t.promote(self, from, to, role), |other| {
                    self.stale_button();
                    other
                })
            }
        }
    }

    /// The mode of an input that moves: a game with a friend under way takes the moves of a
    /// learner with nothing else open.
    fn moving(&self, mode: Mode) -> Mode {
        match mode {
            Mode::Idle if duel::active(self) => Mode::Duel,
            other => other,
        }
    }

    /// The board the page shows: the current question's when it asks for a move, or the game
    /// with a friend's on either player's move (with whether it is the learner's).
    fn page_board(&self, mode: &Mode) -> Option<(TaskBoard, bool)> {
        match self.moving(mode.clone()) {
            Mode::Duel => duel::turn(self).and_then(|d| duel::page_board(self, &d)),
            other => self.move_task_board(&other).map(|b| (b, true)),
        }
    }

    /// The board of the current question, when it asks for a move (what the tap board needs).
    fn move_task_board(&self, mode: &Mode) -> Option<TaskBoard> {
        match mode {
            Mode::Lesson(s) => s.task_board(self),
            Mode::Puzzle(s) => s.task_board(self),
            Mode::Game(s) => s.task_board(self),
            Mode::Duel => duel::turn(self).and_then(|t| t.task_board(self)),
            Mode::Quiz(_) | Mode::Idle => None,
        }
    }

    /// A piece dropped on the board page: judged as the move between its two squares, by the
    /// task that asks for a move, exactly as a tapped move is, on the task the page showed.
    /// With no such task, or a task that changed since the page drew it, nothing changes and
    /// nothing is said in the chat (the page says it).
    fn drop_piece(&mut self, drop: BoardDrop, mode: Mode) -> Mode {
        let mode = self.moving(mode);
        let shown = self.page_board(&mode);
        let stale = |cx: &mut Self, say: Say| {
            cx.out.page_said = Some(PageSaid {
                result: DropResult::Stale,
                text: say.to(cx.lang()),
                overlay: crate::render::Overlay::default(),
            });
        };
        let Some(board) = shown.as_ref().filter(|(_, yours)| *yours).map(|(b, _)| b) else {
            stale(self, Say::PageNoTask);
            return mode;
        };
        if let Some(seen) = &drop.seen
            && page::task_of(board, true, self.nonce()).version != *seen
        {
            stale(self, Say::PageStale);
            return mode;
        }
        let verdict = rules::explain_squares(&board.pos, drop.from, drop.to, drop.promotion);
        let uci = drop.to_string();
        let pos = board.pos.clone();
        let question = self.nonce();
        let mode = on_move_task!(
            self,
            mode,
            |t| t.submit(self, &pos, verdict, &uci),
            |other| other
        );
        // A legal move that leaves the same question on the same board was a wrong try
        // (answered, and the piece put back): the page shows it apart from a right one.
        let put_back = self.nonce() == question
            && self.page_board(&mode).is_some_and(|(b, yours)| {
                yours && shakmaty::Position::board(&b.pos) == shakmaty::Position::board(&pos)
            });
        if let Some(said) = self.out.page_said.as_mut()
            && said.result == DropResult::Legal
            && put_back
        {
            said.result = DropResult::Wrong;
        }
        mode
    }

    /// A button's label typed instead of pressed: the action of that button among those last
    /// shown, when it is still live (a button of an earlier question is no label any more).
    /// A move comes first: a text the current task reads as a legal move is that move.
    fn typed_label(&self, text: &str, mode: &Mode) -> Option<Action> {
        if let Some(board) = self.move_task_board(&self.moving(mode.clone()))
            && matches!(rules::explain(&board.pos, text), rules::Verdict::Legal(_))
        {
            return None;
        }
        self.session
            .offered
            .iter()
            .rev()
            .filter(|button| is_label_of(text, &button.label))
            .filter_map(|button| Action::decode(&button.data))
            .find(|action| self.live(action))
            // The menu's buttons work at any time, and so do their labels.
            .or_else(|| {
                self.menu_row()
                    .iter()
                    .find(|button| is_label_of(text, &button.label))
                    .and_then(|button| Action::decode(&button.data))
            })
    }

    /// Whether a button shown earlier still does something now: one of the current question,
    /// or of no question; a game with a friend's, at the move it was sent at (or at any move,
    /// for those that work at any move).
    fn live(&self, action: &Action) -> bool {
        match action {
            Action::Duel { ply, act, .. } => {
                matches!(act, DuelAct::Board | DuelAct::Resign | DuelAct::Offer)
                    || self.shared.game.as_ref().is_some_and(|g| g.ply() == *ply)
            }
            other => other.nonce().is_none_or(|n| n == self.nonce()),
        }
    }

    fn text(&mut self, text: &str, mode: Mode) -> Mode {
        if let Some(action) = self.typed_label(text, &mode) {
            return self.action(action, mode);
        }
        // A move typed with nothing else open goes to the game with a friend, if one is on.
        match self.moving(mode) {
            Mode::Idle => {
                let lang = self.lang();
                let row = self.menu_row();
                self.reply(
                    Reply::text(format!(
                        "{}\n{}",
                        Say::NothingToDo.to(lang),
                        Say::Menu.to(lang)
                    ))
                    .with_row(row),
                );
                Mode::Idle
            }
            mode => on_activity!(self, mode, |s| s.text(self, text), idle => Mode::Idle),
        }
    }

    fn answer(&mut self, mode: Mode, choice: usize) -> Mode {
        on_activity!(self, mode, |s| s.answer(self, choice), idle => {
            self.stale_button();
            Mode::Idle
        })
    }

    fn next(&mut self, mode: Mode) -> Mode {
        on_activity!(self, mode, |s| s.next(self), idle => lesson::resume(self, None))
    }

    fn hint(&mut self, mode: Mode) -> Mode {
        on_activity!(self, mode, |s| s.hint(self), idle => {
            self.nothing_to_do();
            Mode::Idle
        })
    }

    fn solution(&mut self, mode: Mode) -> Mode {
        on_activity!(self, mode, |s| s.solution(self), idle => {
            self.nothing_to_do();
            Mode::Idle
        })
    }

    fn board(&mut self, mode: &Mode) {
        // `present` shows the task without changing it.
        let _ = on_activity!(self, mode.clone(), |s| {
            s.present(self);
            Mode::Idle
        }, idle => {
            self.nothing_to_do();
            Mode::Idle
        });
    }

    /// A game action: for the game under way, or a stale button.
    /// A game with a friend that is no longer there (finished, or not found): the menu.
    fn duel_gone(&mut self) -> Mode {
        if self.pressed() {
            // A button of a game that is no longer there: refused, with the menu.
            let lang = self.lang();
            let row = self.menu_row();
            self.refuse(Reply::text(Say::NothingToDo.to(lang)).with_row(row));
        } else {
            self.nothing_to_do();
        }
        Mode::Idle
    }

    fn in_game(&mut self, mode: Mode, handle: fn(GameState, &mut Self) -> Mode) -> Mode {
        match mode {
            Mode::Game(g) => handle(g, self),
            other => {
                self.stale_button();
                other
            }
        }
    }

    /// Another activity begins while a game is under way: the game is kept aside (and said
    /// so), for `/play` to come back to.
    pub(in crate::tutor) fn pause_game(&mut self, mode: Mode) -> Mode {
        match mode {
            Mode::Game(g) => {
                self.session.paused_game = Some(g);
                let text = self.t(&Say::GamePaused);
                self.reply(Reply::text(text));
                Mode::Idle
            }
            // The game with a friend goes on without this learner's board open.
            Mode::Duel => {
                let text = self.t(&Say::DuelKept);
                self.reply(Reply::text(text));
                Mode::Idle
            }
            other => other,
        }
    }

    /// `/play` with a game kept aside and none under way: that game again.
    fn resume_game(&mut self, mode: Mode) -> Mode {
        match (mode, self.session.paused_game.take()) {
            (Mode::Game(g), kept) => {
                self.session.paused_game = kept;
                Mode::Game(g)
            }
            (_, Some(g)) => Mode::Game(g),
            (other, None) => other,
        }
    }
}
