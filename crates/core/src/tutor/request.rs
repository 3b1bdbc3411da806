//! One input as a shell hands it to the tutor: the learner's session, the input, what the shell
//! knows about it ([`Envelope`]) and, for an input that needs one, the shared game it loaded.
//! [`super::step`] turns a request into a [`super::Transition`]; nothing else computes.
//!
//! The shell builds a request from its snapshot of the store, asks it which shared game it
//! needs ([`Request::shared_game`]) and hands that game's stored state over
//! ([`Request::with_shared`]) before stepping; and whether the step may search long
//! ([`Request::searches`]), to run it where long work does not hold up quick answers.

use serde::{Deserialize, Serialize};

use super::input::Input;
use super::shared::SharedGame;
use super::state::{DuelId, Mode, Session};

/// What a shell knows about an input besides the input itself.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Envelope {
    /// The time of the input (Unix seconds), as the shell's clock read it.
    pub now: Option<i64>,
    /// The language code the learner's client reports with this input (`zh-hans`, `en`, …):
    /// a learner whose language is not known yet is answered in it from the first input on.
    pub client_lang: Option<String>,
    /// Who the learner is (their chat id): needed to sit at a game with a friend.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub learner: Option<i64>,
    /// A fresh random id, for a game with a friend that this input may create.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub new_game: Option<i64>,
    /// The bot's username, for invitation links.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot_username: Option<String>,
    /// The group chat the input came from, when it is a member's input there for a game
    /// played in that group (the learner is then the member, not the group).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub room: Option<i64>,
    /// The learner's name as their account gives it (to address them in a group).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

/// The shared game an input needs, as the shell found it in the store.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Loaded {
    /// The id looked up.
    pub id: DuelId,
    /// The game found under it (`None`: not stored).
    pub game: Option<SharedGame>,
}

/// One input for the tutor, with everything it is computed from.
///
/// ```
/// use chess_tutor_core::tutor::{step, Catalog, Envelope, Input, Request, Session};
/// let catalog = Catalog::default();
/// let request = Request::new(
///     Session::default(),
///     Input::Start { client_lang: Some("en".into()) },
///     Envelope::default(),
/// );
/// assert_eq!(request.shared_game(), None);
/// let t = step(request, &catalog);
/// assert!(t.replies[0].text.contains("Welcome"));
/// ```
#[derive(Debug, Clone)]
pub struct Request {
    pub(crate) session: Session,
    pub(crate) input: Input,
    pub(crate) envelope: Envelope,
    pub(crate) shared: Option<Loaded>,
    pub(crate) class: Option<super::classroom::ClassContext>,
}

impl Request {
    /// A request for `session` (as stored, or the default for a learner never seen).
    #[must_use]
    pub fn new(session: Session, input: Input, envelope: Envelope) -> Request {
        Request {
            session,
            input,
            envelope,
            shared: None,
            class: None,
        }
    }

    /// What a class input (`/class`, `/classquiz`, `/report`, a class's button…) needs the
    /// shell to load; `None` for every other input.
    #[must_use]
    pub fn class_need(&self) -> Option<super::classroom::ClassNeed> {
        super::class::need_of(&self.input)
    }

    /// The request with what the shell loaded for [`Request::class_need`].
    #[must_use]
    pub fn with_class(mut self, class: super::classroom::ClassContext) -> Request {
        self.class = Some(class);
        self
    }

    /// The shared game (a game with a friend) this input needs: the one the learner sits at,
    /// or the one whose invitation it opens. The shell loads it and hands it over with
    /// [`Request::with_shared`]; without it, the game's inputs are answered as if it were not
    /// there.
    #[must_use]
    pub fn shared_game(&self) -> Option<DuelId> {
        super::duel::shared_game_of(&self.session, &self.input)
    }

    /// The request with the shared game [`Request::shared_game`] asked for, as stored
    /// (`None`: no game has the id).
    #[must_use]
    pub fn with_shared(mut self, game: Option<SharedGame>) -> Request {
        self.shared = self.shared_game().map(|id| Loaded { id, game });
        self
    }

    /// Whether the step may search long (the tutor's reply in a game, a mate search): a shell
    /// runs such steps where they do not hold up quick answers.
    #[must_use]
    pub fn searches(&self) -> bool {
        match &self.session.mode {
            // The engine's reply, a puzzle's mate search, the coach at a game's end.
            Mode::Game(_) | Mode::Puzzle(_) | Mode::Duel => true,
            // A basic mate played against the best defence.
            Mode::Lesson(state) => state.mate.is_some(),
            Mode::Idle | Mode::Quiz(_) => false,
        }
    }

    /// The session the request carries.
    #[must_use]
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// Whether an input a member sent in group chat `room` is theirs as a player (the shell
    /// then steps the member's session, not the group's): see
    /// `duel::plays_in_room`.
    #[must_use]
    pub fn plays_in_room(member: &Session, input: &Input, room: i64) -> bool {
        super::duel::plays_in_room(member, input, room)
    }
}
