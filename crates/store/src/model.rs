//! The store's values: who and what is stored, what a step hands the store, and what the
//! store answers. No database in here.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// How many of each learner's most recent update keys are kept for recognising replays.
pub const KEPT_UPDATE_KEYS: i64 = 1000;

/// The older keys are deleted at every this many versions of a learner, not at each input:
/// a statement (and a scan of the learner's keys) saved on all the others. A learner holds
/// at most `KEPT_UPDATE_KEYS + PRUNE_EVERY - 1` keys.
pub const PRUNE_EVERY: i64 = 64;

/// How many times [`Store::commit`] tries a transaction that meets lock contention or a
/// serialization failure before it gives up with [`StoreError::Busy`].
pub const MAX_ATTEMPTS: u32 = 8;

/// How many times [`Store::apply`] computes and commits again after another input committed
/// first, before it gives up with [`StoreError::Conflicts`].
pub const MAX_CONFLICTS: u32 = 256;

/// A learner: a Telegram chat id, or an id the terminal chat picks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct LearnerId(pub i64);

impl fmt::Display for LearnerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl FromStr for LearnerId {
    type Err = std::num::ParseIntError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        s.trim().parse().map(LearnerId)
    }
}

impl From<i64> for LearnerId {
    fn from(id: i64) -> Self {
        LearnerId(id)
    }
}

/// What is stored for one learner.
#[derive(Debug, Clone, PartialEq)]
pub struct LearnerRecord {
    /// The tutor's state, as the tutor last wrote it.
    pub state: serde_json::Value,
    /// How many inputs have been applied to this learner: 1 after the first.
    pub version: i64,
}

/// A progress event from the tutor (a step done, an illegal attempt and its reason, a puzzle
/// solved …), stored with the state change it came with.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Event {
    /// What happened, e.g. `"step_done"`; the tutor names its kinds.
    pub kind: String,
    /// The details, as the tutor wants them back.
    pub payload: serde_json::Value,
    /// What the reports of the learner's classes count it under, if they count it: the
    /// event is then also tallied for each class the learner is a member of, as it is
    /// stored (see [`Store::class_figures`](crate::Store::class_figures)). Not stored itself.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tally: Option<String>,
}

impl Event {
    /// An event of `kind` with `payload`, not tallied.
    pub fn new(kind: impl Into<String>, payload: serde_json::Value) -> Self {
        Event {
            kind: kind.into(),
            payload,
            tally: None,
        }
    }

    /// The same event, tallied under `value` by its learner's classes (none: not tallied).
    #[must_use]
    pub fn tallied(mut self, value: Option<String>) -> Self {
        self.tally = value;
        self
    }
}

/// An event as stored: its place in the log and the learner version that produced it.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredEvent {
    /// Position in the event log; increasing in commit order for one learner.
    pub seq: i64,
    /// The learner's [`LearnerRecord::version`] after the input that produced the event.
    pub version: i64,
    /// The event itself.
    pub event: Event,
}

/// What the caller's function of [`Store::apply`] decides for one input.
#[derive(Debug, Clone, PartialEq)]
pub struct Change<T> {
    /// The learner's new state, stored in place of the old one.
    pub state: serde_json::Value,
    /// Progress events to append, in order.
    pub events: Vec<Event>,
    /// Whatever the caller wants back once the change is stored (the replies to send).
    pub output: T,
    /// The replies to keep with the update key until [`Store::mark_sent`] says they were
    /// sent (the outbox; ignored without an update key). A replay of the update finds them
    /// with [`Store::unsent`], so a crash between the commit and the sending loses nothing.
    pub unsent: Option<serde_json::Value>,
}

/// A game shared by two learners (a game between two players): a random id, also in the
/// invite link.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct GameId(pub i64);

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// What is stored for one shared game.
#[derive(Debug, Clone, PartialEq)]
pub struct GameRecord {
    /// The tutor's state of the game, as it last wrote it.
    pub state: serde_json::Value,
    /// How many changes were stored: 1 when it was created.
    pub version: i64,
}

/// A shared game's new state, stored with the change of the learner whose input made it.
#[derive(Debug, Clone, PartialEq)]
pub struct GameWrite {
    /// Which game.
    pub id: GameId,
    /// Its new state.
    pub state: serde_json::Value,
    /// A game created by this input: stored only if no game has this id (an existing one is
    /// never replaced; the input then fails and nothing of it is stored).
    pub created: bool,
}

/// What the caller's function of [`Store::apply_shared`] decides for one input that may
/// change a shared game and send replies to its other player.
#[derive(Debug, Clone, PartialEq)]
pub struct SharedChange<T> {
    /// The change of the learner whose input it is.
    pub change: Change<T>,
    /// The shared game's new state, if the input changed one.
    pub game: Option<GameWrite>,
    /// Replies for other learners (the other player), kept in the outbox under the same
    /// update key until they are sent, as [`Change::unsent`] is (ignored without a key).
    pub others: Vec<(LearnerId, serde_json::Value)>,
    /// What the input changes in classes, in the same transaction.
    pub class: Vec<ClassOp>,
}

impl<T> SharedChange<T> {
    /// What the caller gets back once the change is stored, and what is stored.
    pub fn without_output(self) -> (T, SharedChange<()>) {
        let SharedChange {
            change:
                Change {
                    state,
                    events,
                    output,
                    unsent,
                },
            game,
            others,
            class,
        } = self;
        let change = Change {
            state,
            events,
            output: (),
            unsent,
        };
        (
            output,
            SharedChange {
                change,
                game,
                others,
                class,
            },
        )
    }

    /// A change of one learner only.
    pub fn alone(change: Change<T>) -> Self {
        SharedChange {
            change,
            game: None,
            others: Vec::new(),
            class: Vec::new(),
        }
    }
}

/// What a step is computed from: the learner's record and, for an input that needs one, a
/// shared game's, each with the version it was read at. Taken without a lock by
/// [`Store::snapshot`]; [`Store::commit`] stores a change made from it only if neither has
/// changed since.
#[derive(Debug, Clone, PartialEq)]
pub struct Snapshot {
    /// The learner.
    pub learner: LearnerId,
    /// Their record (`None`: a learner never seen).
    pub record: Option<LearnerRecord>,
    /// The shared game the input needs, and its record (`None`: not stored).
    pub game: Option<(GameId, Option<GameRecord>)>,
    /// Whether the update key given to [`Store::snapshot`] was already applied: nothing to
    /// compute (its kept replies may still be unsent).
    pub applied: bool,
}

/// The result of [`Store::commit`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Committed<T> {
    /// The change was stored; here is its output.
    Done(T),
    /// This update key was already applied to this learner; nothing was stored.
    Duplicate,
    /// The learner or the game changed since the snapshot (another input, on this process or
    /// another replica, committed first): nothing was stored; take a new snapshot and compute
    /// again.
    Conflict,
}

/// The result of [`Store::apply`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Applied<T> {
    /// The change was stored; here is the function's output.
    Done(T),
    /// This update key was already applied to this learner; nothing was called or stored.
    Duplicate,
}

/// Which database a [`Store`] talks to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    /// An SQLite file.
    Sqlite,
    /// A PostgreSQL server.
    Postgres,
}

/// Milliseconds since the Unix epoch (0 if the clock is before it).
pub(crate) fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// A change of a class, stored with the step that made it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum ClassOp {
    /// A new class in a group chat, with its first teacher. Stored only if neither the id
    /// nor the chat has a class yet (else the step is a conflict, and computed again).
    Create {
        /// The class's id.
        id: i64,
        /// The group chat.
        chat: i64,
        /// The group's title.
        title: String,
        /// The class's language.
        lang: String,
        /// The forum topic it was started in, where its posts go (`None`: the main chat).
        topic: Option<i64>,
        /// Its first teacher: (user, name).
        teacher: (i64, String),
    },
    /// A member joins, or a member's role becomes `role` (the tutor decides who may).
    Join {
        /// The class.
        class: i64,
        /// The user.
        user: i64,
        /// Their first name.
        name: String,
        /// `teacher` or `student`.
        role: String,
    },
    /// A member leaves: their membership, their answers and their puzzles of the day solved
    /// in the class are deleted.
    Leave {
        /// The class.
        class: i64,
        /// The user.
        user: i64,
    },
    /// The class's language changes.
    SetLang {
        /// The class.
        class: i64,
        /// Its language.
        lang: String,
    },
    /// The time of the class's puzzle of the day changes.
    SetDaily {
        /// The class.
        class: i64,
        /// Minutes after midnight UTC; `None`: no puzzle of the day.
        at: Option<i64>,
    },
    /// A quiz poll is posted. Stored only if the id is free and the class still exists.
    PostQuiz {
        /// The quiz's id.
        id: i64,
        /// The class.
        class: i64,
        /// The bank item.
        item: String,
        /// The right option.
        correct: i64,
        /// The options as posted (a JSON list).
        options: serde_json::Value,
    },
    /// The quiz closes: later answers are not kept.
    CloseQuiz {
        /// The quiz.
        id: i64,
    },
    /// `user` answers quiz `quiz` with option `chosen`, in place of an earlier answer; a
    /// quiz closed (or gone) meanwhile is a conflict.
    Answer {
        /// The quiz.
        quiz: i64,
        /// The member.
        user: i64,
        /// The option (0-based).
        chosen: i64,
    },
    /// `user` takes their answer to quiz `quiz` back.
    Retract {
        /// The quiz.
        quiz: i64,
        /// The member.
        user: i64,
    },
    /// The class's puzzle of `day` is posted; a day posted meanwhile is a conflict.
    DailyPosted {
        /// The class.
        class: i64,
        /// Days since 1970-01-01 UTC.
        day: i64,
        /// The puzzle.
        puzzle: String,
    },
    /// The class's leaderboard of `week` is posted; a week posted meanwhile is a conflict.
    WeeklyPosted {
        /// The class.
        class: i64,
        /// The week.
        week: i64,
    },
    /// `user` solved the class's puzzle of `day`, `place`th; a place taken meanwhile, a
    /// solver already there, or a day not posted is a conflict.
    Solved {
        /// The class.
        class: i64,
        /// The day.
        day: i64,
        /// The member.
        user: i64,
        /// Their place (1: the first).
        place: i64,
    },
}
