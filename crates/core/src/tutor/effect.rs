//! What a step does besides changing the session: every consequence as one addressed
//! [`Effect`], in the order the step made them. A shell routes them in one place (the store's
//! commit and the outbox); a new kind of consequence is a new variant here and one arm there,
//! not a field at every hop.

use super::classroom::{ClassInfo, ClassWrite};
use super::page_view::{PageSaid, PageView};
use super::reply::{Event, Reply};
use super::shared::SharedWrite;
use super::state::Session;

/// Where a message goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum To {
    /// The chat the input came from, in its forum topic when it has one: the learner's own
    /// chat, or the group chat a member's input came from.
    Here,
    /// Another learner's own chat (the other player of a game with a friend, a teacher).
    Learner(i64),
    /// A group chat, for one of its members (the other player of a game played there): kept
    /// with that member's messages, posted in the group.
    Room {
        /// The member it is for.
        learner: i64,
        /// The group chat.
        chat: i64,
    },
    /// A class's group, in the forum topic its posts go to.
    Class {
        /// The group chat.
        chat: i64,
        /// The topic (`None`: the main chat).
        topic: Option<i32>,
    },
}

impl To {
    /// Where `class`'s posts go: its group, in its topic.
    #[must_use]
    pub fn posts_of(class: &ClassInfo) -> To {
        To::Class {
            chat: class.chat,
            topic: class.topic,
        }
    }
}

/// One consequence of a step.
#[derive(Debug, Clone, PartialEq)]
pub enum Effect {
    /// A message to send.
    Say {
        /// Where.
        to: To,
        /// What.
        reply: Reply,
    },
    /// Progress to record with the session.
    Event(Event),
    /// A game between two learners that the step created or changed: stored with the session,
    /// in the same transaction.
    Game(SharedWrite),
    /// A change to a class: stored with the session, in the same transaction.
    Class(ClassWrite),
    /// What the board page shows after a drop or a look.
    Page(PageView),
    /// The input cannot be decided yet (a poll answer that came before its poll was noted):
    /// nothing is stored, and the shell hands it in again later.
    Later,
}

/// The effects a step is gathering, with where "here" goes and what a refused press is
/// answered with.
#[derive(Debug, Default)]
pub(crate) struct Outbox {
    effects: Vec<Effect>,
    /// What a refused press is answered with: when it is not empty, everything else is
    /// dropped and the session stays as it was given.
    refusal: Vec<Reply>,
    /// What the board page is told about a drop, when the step said something of it.
    pub page_said: Option<PageSaid>,
    /// Where [`To::Here`] goes for this input (a class's business goes to its topic).
    here: Option<To>,
    /// A class's puzzle of the day the learner just solved (its class and day), for the
    /// class to record and name them (a puzzle knows no class).
    pub daily_solved: Option<(super::classroom::ClassId, i64)>,
}

impl Outbox {
    /// A message to the chat the input came from.
    pub fn say(&mut self, reply: Reply) {
        let to = self.here.unwrap_or(To::Here);
        self.post(to, reply);
    }

    /// A message to `to`.
    pub fn post(&mut self, to: To, reply: Reply) {
        self.effects.push(Effect::Say { to, reply });
    }

    /// Progress to record.
    pub fn event(&mut self, event: Event) {
        self.effects.push(Effect::Event(event));
    }

    /// A change to a class.
    pub fn class(&mut self, write: ClassWrite) {
        self.effects.push(Effect::Class(write));
    }

    /// The input is to be handed in again later.
    pub fn later(&mut self) {
        self.effects.push(Effect::Later);
    }

    /// A refused press's answer (see [`Outbox::refusal`]).
    pub fn refuse(&mut self, reply: Reply) {
        self.refusal.push(reply);
    }

    /// Whether the press being handled was refused.
    pub fn refused(&self) -> bool {
        !self.refusal.is_empty()
    }

    /// Sends what is said "here" to `to` instead, for the rest of the step.
    pub fn here_is(&mut self, to: To) {
        self.here = Some(to);
    }

    /// The messages to the chat of the input, in order.
    pub fn here_mut(&mut self) -> impl Iterator<Item = &mut Reply> {
        self.effects.iter_mut().filter_map(|e| match e {
            Effect::Say {
                to: To::Here,
                reply,
            } => Some(reply),
            _ => None,
        })
    }

    /// The replies for other learners so far, with whom each is for.
    pub fn others_mut(&mut self) -> impl Iterator<Item = (i64, &mut Reply)> {
        self.effects.iter_mut().filter_map(|e| match e {
            Effect::Say {
                to: To::Learner(learner),
                reply,
            } => Some((*learner, reply)),
            _ => None,
        })
    }

    /// How many effects so far (a mark to look back from).
    pub fn len(&self) -> usize {
        self.effects.len()
    }

    /// The messages to the chat of the input since the mark `from`, in order.
    pub fn here_since(&mut self, from: usize) -> impl DoubleEndedIterator<Item = &mut Reply> {
        let from = from.min(self.effects.len());
        self.effects[from..].iter_mut().filter_map(|e| match e {
            Effect::Say {
                to: To::Here,
                reply,
            } => Some(reply),
            _ => None,
        })
    }

    /// What a refused press is answered with.
    pub fn into_refusal(self) -> Vec<Reply> {
        self.refusal
    }

    /// The effects, in order.
    pub fn into_effects(self) -> Vec<Effect> {
        self.effects
    }
}

/// The result of one [`step`](super::step): the new session, and every consequence as an
/// addressed [`Effect`], in order.
#[derive(Debug, Clone)]
pub struct Transition {
    /// The session after the input.
    pub session: Session,
    /// What the step does besides: messages to whom, events, writes, the page's answer.
    pub effects: Vec<Effect>,
    /// The input was a press that was refused (stale, forged, not offered, someone else's):
    /// the session is the one given, byte for byte, and the effects only say so.
    pub refused: bool,
}

impl Transition {
    /// The messages to the chat the input came from, in order.
    #[must_use]
    pub fn replies(&self) -> Vec<&Reply> {
        self.said_to(To::Here)
    }

    /// The messages to `to`, in order.
    #[must_use]
    pub fn said_to(&self, to: To) -> Vec<&Reply> {
        self.effects
            .iter()
            .filter_map(|e| match e {
                Effect::Say { to: t, reply } if *t == to => Some(reply),
                _ => None,
            })
            .collect()
    }

    /// The progress events, in order.
    #[must_use]
    pub fn events(&self) -> Vec<&Event> {
        self.effects
            .iter()
            .filter_map(|e| match e {
                Effect::Event(event) => Some(event),
                _ => None,
            })
            .collect()
    }

    /// The shared game the step created or changed, if any.
    #[must_use]
    pub fn game(&self) -> Option<&super::shared::SharedWrite> {
        self.effects.iter().find_map(|e| match e {
            Effect::Game(write) => Some(write),
            _ => None,
        })
    }

    /// The class changes, in order.
    #[must_use]
    pub fn class_writes(&self) -> Vec<&super::classroom::ClassWrite> {
        self.effects
            .iter()
            .filter_map(|e| match e {
                Effect::Class(write) => Some(write),
                _ => None,
            })
            .collect()
    }

    /// What the board page shows, after a drop or a look.
    #[must_use]
    pub fn page(&self) -> Option<&super::page_view::PageView> {
        self.effects.iter().find_map(|e| match e {
            Effect::Page(view) => Some(view),
            _ => None,
        })
    }

    /// Whether the input is to be handed in again later ([`Effect::Later`]).
    #[must_use]
    pub fn later(&self) -> bool {
        self.effects.iter().any(|e| matches!(e, Effect::Later))
    }
}
