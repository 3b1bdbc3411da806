//! The working context of one input: the session (its activity taken out while it is
//! handled), what to send, what to record, the catalogue and the time. It knows no activity.

use chrono::{DateTime, Utc};

use super::callback::Action;
use super::effect::{Outbox, To};
use super::reply::{Button, Event, Reply};
use super::state::Session;
use super::words::Say;
use crate::content::Catalog;
use crate::rules::Lang;

/// The id of the lesson that teaches algebraic notation.
pub(crate) const NOTATION_LESSON: &str = "notation";

/// The working context of one step.
pub(crate) struct Cx<'a> {
    /// What the shell said about the input, and how it was pressed: read only.
    pub given: Given<'a>,
    /// The content.
    pub catalog: &'a Catalog,
    /// The session; its `mode` is [`super::state::Mode::Idle`] while the activity that was
    /// in it handles the input, and is set from what the activity returns.
    pub session: Session,
    /// What the step does besides: messages, events, writes, the page's answer.
    pub out: Outbox,
    /// A game between two learners, as the shell loaded it for this input.
    pub shared: SharedSlot,
    /// What a class input is decided from.
    pub class: Option<super::classroom::ClassContext>,
}

/// What a step is given besides the session: the shell's envelope, and what the input is.
pub(crate) struct Given<'a> {
    /// What the shell said.
    pub envelope: &'a super::request::Envelope,
    /// The time of this input, when the shell gave one.
    pub now: Option<DateTime<Utc>>,
    /// Whether the input is a button press (its message is the one to update in place).
    pub pressed: bool,
    /// The question a pressed button was made for (its nonce), when it belongs to one.
    pub pressed_nonce: Option<u32>,
}

/// The shared game of one input: the one the shell loaded, and what becomes of it.
#[derive(Debug, Default)]
pub(crate) struct SharedSlot {
    /// The game the shell looked up for this input (whether or not it was found).
    pub looked_up: Option<super::state::DuelId>,
    /// The game, as loaded or as changed.
    pub game: Option<super::shared::SharedGame>,
    /// Changed by this input: to be stored.
    pub changed: bool,
    /// Created by this input.
    pub created: bool,
}

impl Cx<'_> {
    pub fn lang(&self) -> Lang {
        self.session.lang()
    }

    /// The words of `say` in the learner's language.
    pub fn t(&self, say: &Say) -> String {
        say.to(self.lang())
    }

    pub fn reply(&mut self, reply: Reply) {
        self.out.say(reply);
    }

    /// A reply for another learner (the other player of a shared game, a teacher): in their
    /// own chat, or in the group of a game played there.
    pub fn tell(&mut self, learner: i64, reply: Reply) {
        self.out.post(To::Learner(learner), reply);
    }

    pub fn event(&mut self, event: Event) {
        self.out.event(event);
    }

    /// What the board page is told of a move it sent that was played (a right or a wrong
    /// one): the words said under the task; the first said in a step.
    pub fn played(&mut self, words: &str) {
        if self.out.page_said.is_none() {
            self.out.page_said = Some(super::page_view::PageSaid {
                result: super::page_view::DropResult::Legal,
                text: words.to_owned(),
                overlay: crate::render::Overlay::default(),
            });
        }
    }

    /// Whether the input is a button press.
    pub fn pressed(&self) -> bool {
        self.given.pressed
    }

    /// The time of the input, when the shell gave one.
    pub fn now(&self) -> Option<DateTime<Utc>> {
        self.given.now
    }

    /// Whose session this is, where games between learners are played.
    pub fn learner(&self) -> Option<i64> {
        self.given.envelope.learner
    }

    /// A fresh id for what this input may create.
    pub fn fresh_id(&self) -> Option<i64> {
        self.given.envelope.fresh_id
    }

    /// The bot's username, for links.
    pub fn bot_username(&self) -> Option<&str> {
        self.given.envelope.bot_username.as_deref()
    }

    /// The group chat of a member's input there for a game played there.
    pub fn room(&self) -> Option<i64> {
        self.given.envelope.room()
    }

    /// The sender's name as their account gives it, in a group chat.
    pub fn name(&self) -> Option<String> {
        self.given
            .envelope
            .who
            .as_ref()
            .filter(|_| self.given.envelope.group.is_some())
            .map(|p| p.name.clone())
    }

    /// The nonce of the current question.
    pub fn nonce(&self) -> u32 {
        self.session.nonce
    }

    /// A new question: buttons of older ones stop working.
    pub fn next_nonce(&mut self) -> u32 {
        self.session.nonce = self.session.nonce.wrapping_add(1);
        self.session.nonce
    }

    pub fn menu_row(&self) -> Vec<Button> {
        let lang = self.lang();
        vec![
            Button::new(Say::ButtonLessons.to(lang), &Action::Lesson(0)),
            Button::new(Say::ButtonPuzzle.to(lang), &Action::Puzzle),
            Button::new(Say::ButtonQuiz.to(lang), &Action::Quiz),
            Button::new(Say::ButtonPlay.to(lang), &Action::PlayLevel(0)),
        ]
    }

    /// No task in progress: say so and offer the menu.
    pub fn nothing_to_do(&mut self) {
        let lang = self.lang();
        let row = self.menu_row();
        self.reply(Reply::text(Say::NothingToDo.to(lang)).with_row(row));
    }

    /// A button of an earlier question (or one this activity has no use for): said on the
    /// button itself where the shell can. A button of the current question is not called
    /// "earlier": it may well be on the newest message.
    pub fn stale_button(&mut self) {
        let pressed = self.given.pressed_nonce;
        let msg = if pressed.is_some() && pressed == Some(self.nonce()) {
            self.t(&Say::ButtonSpent)
        } else {
            Say::StaleButton.to(self.lang())
        };
        self.refuse(Reply::text(msg).as_toast());
    }

    /// Refuses the press being handled, with `reply` as the answer: whatever else this step
    /// did is dropped, and the session stays as it was. For typed input (where nothing is
    /// refused as a whole) `reply` is simply sent.
    pub fn refuse(&mut self, reply: Reply) {
        if self.given.pressed {
            self.out.refuse(reply);
        } else {
            self.reply(reply);
        }
    }

    /// A message that was not read (not a move, not an answer): answered in words under it,
    /// with the task's controls when they stay live until the next new message (a lesson
    /// step, a quiz question), while the task's message stays as it is (a new text costs a
    /// learner less than a new picture, and an edit above their message might go unseen).
    pub fn unread(&mut self, note: String, rows: Vec<Vec<Button>>) {
        let mut reply = Reply::text(note);
        for row in rows {
            reply = reply.with_row(row);
        }
        self.reply(reply);
    }

    /// Shows the message of the current question: later answers inside it update it.
    pub fn show_task(&mut self, reply: Reply) {
        let n = self.nonce();
        self.reply(reply.as_task(n));
    }

    /// Updates the message of the current question in place (a shell that cannot edit sends
    /// it anew).
    pub fn update_task(&mut self, reply: Reply) {
        let n = self.nonce();
        let reply = reply.editing_task(n);
        // A press came from a message of this question: that message, whichever the shell
        // remembers as the task's.
        self.reply(if self.given.pressed {
            reply.edited()
        } else {
            reply
        });
    }

    /// Whether the learner has done the unit that teaches notation (or the course has none):
    /// before it, a move is said in a Chinese learner's words, not in SAN alone.
    pub fn knows_notation(&self) -> bool {
        let notation = self
            .catalog
            .lessons()
            .iter()
            .find(|l| l.id.as_str() == NOTATION_LESSON);
        notation.is_none_or(|l| self.session.progress.lessons_done.contains(&l.id))
    }

    /// How moves are said to this learner.
    pub fn spell(&self) -> super::spelling::Spell {
        use super::spelling::Spell;
        match self.lang() {
            Lang::En => Spell::San,
            _ if self.knows_notation() => Spell::Both,
            _ => Spell::Words,
        }
    }

    /// Counts an illegal attempt of the rule it broke. A square no piece of the kind named
    /// could go to breaks no rule (the learner named a square, or a piece, that is not there):
    /// it is not a rule to practise.
    pub fn count_rule_error(
        &mut self,
        reason: &crate::rules::IllegalReason,
        pos: &shakmaty::Chess,
    ) {
        if matches!(
            reason,
            crate::rules::IllegalReason::NoPiece { from: None, .. }
        ) {
            return;
        }
        let code = crate::rules::RuleCode::from(reason.rule());
        *self
            .session
            .progress
            .rule_errors
            .entry(code.clone())
            .or_insert(0) += 1;
        let chosen = match reason {
            crate::rules::IllegalReason::PromotionInvalidPiece { chosen, .. }
            | crate::rules::IllegalReason::PromotionNotAllowed { chosen, .. } => {
                chosen.char().to_string()
            }
            _ => String::new(),
        };
        let tried = match (reason.from(), reason.to()) {
            (Some(from), Some(to)) => Some(format!("{from}{to}{chosen}")),
            _ => None,
        };
        self.event(Event::IllegalMove {
            code,
            fen: Some(
                shakmaty::fen::Fen::from_position(pos, shakmaty::EnPassantMode::Legal).to_string(),
            ),
            tried,
        });
    }
}
