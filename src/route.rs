//! The one place a step's effects become what is stored and what is sent: the session and its
//! events, the shared game's and the class's writes for the store's commit, and every message,
//! group posts included, in the outbox under the input's update key (the learner's own row, or
//! the other player's), so that it is sent once, after the commit, on whichever replica.

use chess_tutor_core::tutor::{ClassWrite, Effect, PageView, Reply, To, Transition};
use chess_tutor_store::{
    Change, ClassOp, Event as StoredEvent, GameId, GameWrite, LearnerId, SharedChange,
};

use crate::arrival::Arrival;

/// Where one message goes: a chat, and in a forum group its topic.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Post {
    /// The chat.
    pub chat: i64,
    /// The forum topic (`None`: the main chat, or no forum).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thread: Option<i32>,
}

/// One update's messages for one learner's outbox row, as it keeps them until they are sent:
/// the replies to the chat the update came from (with its thread), then posts elsewhere (a
/// class's group, in its topic). A later attempt, after a restart or a sweep, sends them where
/// the first would have.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct KeptReplies {
    /// The replies, in order.
    pub replies: Vec<Reply>,
    /// The thread (forum topic) they go to; none for a chat without topics.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thread: Option<i32>,
    /// The chat they go to when it is not the learner's own: the group chat of a member's
    /// input there, or of a game between two learners played there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chat: Option<i64>,
    /// Messages posted elsewhere, each where it goes, after the replies.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub posts: Vec<(Post, Reply)>,
}

impl KeptReplies {
    /// Whether there is nothing to send.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.replies.is_empty() && self.posts.is_empty()
    }

    /// Reads what the outbox kept, in this release's form or in the bare list of replies
    /// that releases before the thread was kept wrote (those go to the chat itself).
    ///
    /// # Errors
    ///
    /// The JSON is neither form (written by another version).
    pub fn read(kept: serde_json::Value) -> Result<KeptReplies, serde_json::Error> {
        if kept.is_array() {
            return Ok(KeptReplies {
                replies: serde_json::from_value(kept)?,
                ..KeptReplies::default()
            });
        }
        serde_json::from_value(kept)
    }

    /// The outbox's JSON (`None` only if a reply cannot be written, which plain text and
    /// numbers never fail to be).
    fn keep(&self) -> Option<serde_json::Value> {
        serde_json::to_value(self).ok()
    }
}

/// What a step gives back to the shell that ran it, besides what it stores.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    /// The learner whose outbox row holds [`Outcome::kept`].
    pub learner: LearnerId,
    /// What the input says, and where: sent now, kept until sent.
    pub kept: KeptReplies,
    /// Other learners whose outbox rows got messages under the same update key (the other
    /// player of a game, a teacher).
    pub others: Vec<LearnerId>,
    /// Whether the step was one that may search (a game move, a puzzle): its pictures are
    /// drawn at a lower priority too, so that a quick step elsewhere is never behind them.
    pub searched: bool,
    /// What the board page shows after the input, for an input from the page.
    pub page: Option<PageView>,
    /// The input cannot be decided yet: nothing was stored, hand it in again later.
    pub later: bool,
}

/// Replies posted in a group chat for one of its members: none is remembered as the
/// member's task message, since the shell remembers one task message per chat and a group
/// holds several learners' boards. Each is a new message, unless it answers a press on the
/// message it replaces (buttons there are bound to their player).
fn in_a_group(mut reply: Reply) -> Reply {
    reply.task = None;
    reply.edit_task = None;
    reply
}

/// The store's operation for one of the tutor's class changes.
fn class_op(write: ClassWrite) -> ClassOp {
    match write {
        ClassWrite::Create {
            id,
            chat,
            title,
            lang,
            topic,
            teacher,
        } => ClassOp::Create {
            id: id.0,
            chat,
            title,
            lang: lang.to_string(),
            topic: topic.map(i64::from),
            teacher: (teacher.id, teacher.name),
        },
        ClassWrite::Join {
            class,
            person,
            role,
        } => ClassOp::Join {
            class: class.0,
            user: person.id,
            name: person.name,
            role: role.as_str().to_owned(),
        },
        ClassWrite::Leave { class, user } => ClassOp::Leave {
            class: class.0,
            user,
        },
        ClassWrite::SetLang { class, lang } => ClassOp::SetLang {
            class: class.0,
            lang: lang.to_string(),
        },
        ClassWrite::PostQuiz {
            id,
            class,
            item,
            correct,
            options,
        } => ClassOp::PostQuiz {
            id,
            class: class.0,
            item,
            correct: i64::from(correct),
            options: serde_json::json!(options),
        },
        ClassWrite::CloseQuiz { id } => ClassOp::CloseQuiz { id },
        ClassWrite::SetDaily { class, at } => ClassOp::SetDaily {
            class: class.0,
            at: at.map(i64::from),
        },
        ClassWrite::DailySolved {
            class,
            day,
            user,
            place,
        } => ClassOp::Solved {
            class: class.0,
            day,
            user,
            place: i64::from(place),
        },
        ClassWrite::DailyPosted { class, day, puzzle } => ClassOp::DailyPosted {
            class: class.0,
            day,
            puzzle: puzzle.to_string(),
        },
        ClassWrite::WeeklyPosted { class, week } => ClassOp::WeeklyPosted {
            class: class.0,
            week,
        },
        ClassWrite::Answer { quiz, user, chosen } => ClassOp::Answer {
            quiz,
            user,
            chosen: i64::from(chosen),
        },
        ClassWrite::Retract { quiz, user } => ClassOp::Retract { quiz, user },
    }
}

/// What `t`, the step of `arrival` for `learner`, stores, and what it gives back.
pub fn route(
    t: Transition,
    arrival: &Arrival,
    learner: LearnerId,
    searched: bool,
) -> SharedChange<Outcome> {
    // The chat the input came from, when it is not the learner's own (a member's input in a
    // group, for a game played there).
    let elsewhere = (arrival.chat != learner.0).then_some(arrival.chat);
    let mut own = KeptReplies {
        thread: arrival.thread,
        chat: elsewhere,
        ..KeptReplies::default()
    };
    let mut others: Vec<(LearnerId, KeptReplies)> = Vec::new();
    let mut events = Vec::new();
    let mut game = None;
    let mut class = Vec::new();
    let mut page = None;
    let mut later = false;
    for effect in t.effects {
        match effect {
            Effect::Say {
                to: To::Here,
                reply,
            } => own.replies.push(match elsewhere {
                Some(_) => in_a_group(reply),
                None => reply,
            }),
            Effect::Say {
                to: To::Class { chat, topic },
                reply,
            } => own.posts.push((
                Post {
                    chat,
                    thread: topic,
                },
                reply,
            )),
            Effect::Say { to, reply } => {
                let (other, kept) = match to {
                    To::Learner(other) => (LearnerId(other), KeptReplies::default()),
                    // In the group's topic when the input came from that group.
                    To::Room { learner, chat } => (
                        LearnerId(learner),
                        KeptReplies {
                            chat: Some(chat),
                            thread: arrival.thread.filter(|_| arrival.chat == chat),
                            ..KeptReplies::default()
                        },
                    ),
                    To::Here | To::Class { .. } => unreachable!("matched above"),
                };
                let reply = if kept.chat.is_some() {
                    in_a_group(reply)
                } else {
                    reply
                };
                match others.iter_mut().find(|(l, _)| *l == other) {
                    Some((_, kept)) => kept.replies.push(reply),
                    None => others.push((
                        other,
                        KeptReplies {
                            replies: vec![reply],
                            ..kept
                        },
                    )),
                }
            }
            Effect::Event(event) => match serde_json::to_value(&event) {
                Ok(payload) => {
                    events.push(StoredEvent::new(event.kind(), payload).tallied(event.counted_as()))
                }
                // An event is plain data: this does not happen; if it did, the step is still
                // stored, and the loss is said.
                Err(e) => {
                    tracing::error!(learner = learner.0, error = %e, "an event does not serialise")
                }
            },
            Effect::Game(write) => {
                game = Some(GameWrite {
                    id: GameId(write.game.id.0),
                    state: write.game.to_stored(),
                    created: write.created,
                });
            }
            Effect::Class(write) => class.push(class_op(write)),
            Effect::Page(view) => page = Some(view),
            Effect::Later => later = true,
        }
    }
    let keyed = arrival.key.is_some();
    let unsent = (keyed && !own.is_empty()).then(|| own.keep()).flatten();
    let kept_others = if keyed {
        others
            .iter()
            .filter_map(|(other, kept)| Some((*other, kept.keep()?)))
            .collect()
    } else {
        Vec::new()
    };
    SharedChange {
        change: Change {
            state: t.session.to_stored(),
            events,
            // Kept until sent, so that a crash before the sending loses no reply.
            unsent,
            output: Outcome {
                learner,
                kept: own,
                others: others.iter().map(|(l, _)| *l).collect(),
                searched,
                page,
                later,
            },
        },
        game,
        others: kept_others,
        class,
    }
}
