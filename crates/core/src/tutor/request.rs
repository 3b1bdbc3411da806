//! One input as a shell hands it to the tutor: the learner's session, the input, what the shell
//! knows about it ([`Envelope`]) and what it loaded for it ([`Loaded`]). The input is read once,
//! when the request is made; [`super::needs`] says from that reading what the shell must load,
//! and [`super::step`] turns the request into a [`super::Transition`]. Nothing else computes.

use serde::{Deserialize, Serialize};

use super::classroom::{ClassLoaded, Person};
use super::input::Input;
use super::read::Reading;
use super::shared::SharedGame;
use super::state::Session;

/// What a shell knows about an input besides the input itself: when, who, where.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Envelope {
    /// The time of the input (Unix seconds), as the shell's clock read it.
    pub now: Option<i64>,
    /// The language code the sender's client reports with this input (`zh-hans`, `en`, …):
    /// a learner whose language is not known yet is answered in it from the first input on.
    pub client_lang: Option<String>,
    /// Whose session this is (their chat id), where games between learners are played: the
    /// shell says it so that a learner can sit at one. `None` elsewhere (the terminal).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub learner: Option<i64>,
    /// The person who sent the input, when a person with an account of their own did (not an
    /// anonymous administrator writing as the group).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub who: Option<Person>,
    /// The group chat the input came from (`None`: a private chat, the board page, a timer).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group: Option<Group>,
    /// The message this one replies to, if any (an answer to a class's puzzle of the day
    /// replies to its post).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reply_to: Option<i64>,
    /// The bot's username, for links (`t.me/<name>?start=…`); `None` where there are none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot_username: Option<String>,
    /// A fresh random positive id for what this input may create (a game with a friend, a
    /// class, a quiz): drawn afresh by the shell for each try of a step.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fresh_id: Option<i64>,
}

/// A group chat an input came from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Group {
    /// The chat's id.
    pub id: i64,
    /// Its title.
    pub title: String,
    /// The forum topic the input came from (`None`: the main chat, or no forum).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub topic: Option<i32>,
}

impl Envelope {
    /// The group chat a member's input came from, when the session stepped is the member's
    /// (a player of a game played there), not the group's own.
    #[must_use]
    pub fn room(&self) -> Option<i64> {
        let group = self.group.as_ref()?;
        self.learner.filter(|l| *l != group.id).map(|_| group.id)
    }
}

/// What the shell loaded for an input, as [`super::needs`] asked.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Loaded {
    /// The shared game asked for ([`super::Needs::shared`]), as stored: `Some(None)` when no
    /// game has the id, `None` when it was not looked up.
    pub shared: Option<Option<SharedGame>>,
    /// What a class input needs ([`super::Needs::class`]).
    pub class: Option<ClassLoaded>,
}

/// One input for the tutor, with everything it is computed from.
///
/// ```
/// use chess_tutor_core::tutor::{needs, step, Catalog, Envelope, Input, Request, Session};
/// let catalog = Catalog::default();
/// let request = Request::new(
///     Session::default(),
///     Input::Start { client_lang: Some("en".into()) },
///     Envelope::default(),
/// );
/// assert_eq!(needs(&request).shared, None);
/// let t = step(request, &catalog);
/// assert!(t.replies()[0].text.contains("Welcome"));
/// ```
#[derive(Debug, Clone)]
pub struct Request {
    pub(crate) session: Session,
    pub(crate) input: Input,
    /// The input read once: the command typed, the button's action.
    pub(crate) reading: Reading,
    pub(crate) envelope: Envelope,
    pub(crate) loaded: Loaded,
}

impl Request {
    /// A request for `session` (as stored, or the default for a learner never seen): the
    /// input is read here, once.
    #[must_use]
    pub fn new(session: Session, input: Input, envelope: Envelope) -> Request {
        let reading = Reading::of(&input);
        Request {
            session,
            input,
            reading,
            envelope,
            loaded: Loaded::default(),
        }
    }

    /// The same input for another learner's session (a group's own, when a member's input
    /// there is not theirs as a player): read once all the same.
    #[must_use]
    pub fn for_learner(mut self, session: Session, learner: Option<i64>) -> Request {
        self.session = session;
        self.envelope.learner = learner;
        self.loaded = Loaded::default();
        self
    }

    /// The request with the shared game [`super::Needs::shared`] asked for, as stored
    /// (`None`: no game has the id).
    #[must_use]
    pub fn with_shared(mut self, game: Option<SharedGame>) -> Request {
        self.loaded.shared = Some(game);
        self
    }

    /// The request with what the shell loaded for [`super::Needs::class`].
    #[must_use]
    pub fn with_class(mut self, class: ClassLoaded) -> Request {
        self.loaded.class = Some(class);
        self
    }

    /// The session the request carries.
    #[must_use]
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// The input.
    #[must_use]
    pub fn input(&self) -> &Input {
        &self.input
    }

    /// What the shell said about the input.
    #[must_use]
    pub fn envelope(&self) -> &Envelope {
        &self.envelope
    }
}
