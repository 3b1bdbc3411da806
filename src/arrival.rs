//! What a shell hands in for one input: where it came from, who sent it, what the tutor reads.

use chess_tutor_core::tutor::{Envelope, Input};

/// One input as a shell hands it in: where it came from, who sent it, what the tutor reads.
#[derive(Debug, Clone)]
pub struct Arrival {
    /// The chat it came from: a learner's private chat, or a group chat (a learner of its own
    /// for lessons); for a poll answer, the voter; for a class's timer, the class's group.
    pub chat: i64,
    /// In a group chat, the member who sent it: their own session is stepped when the input
    /// is theirs as a player of a game played there ([`tutor::Needs::plays_here`]).
    pub member: Option<i64>,
    /// What the tutor reads.
    pub input: Input,
    /// What the shell knows about it (the learner and the fresh id are filled in here).
    pub envelope: Envelope,
    /// The update's key (a Telegram `update_id`, a page's random key, a timer's day): a
    /// replay is recognised and applied once, and the replies stay in the outbox until sent.
    pub key: Option<i64>,
    /// The forum topic the input came from, where its replies go.
    pub thread: Option<i32>,
    /// Whether games between two learners are played here (each learner is a chat that the
    /// other player's replies can reach).
    pub friends: bool,
}

impl Arrival {
    /// An input from learner `chat`'s own chat, with no key and no games with friends (the
    /// terminal, a test).
    #[must_use]
    pub fn private(chat: i64, input: Input) -> Arrival {
        Arrival {
            chat,
            member: None,
            input,
            envelope: Envelope::default(),
            key: None,
            thread: None,
            friends: false,
        }
    }
}
