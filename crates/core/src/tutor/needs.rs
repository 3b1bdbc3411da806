//! What a shell must load before a step, and where it runs it: answered from the request's one
//! reading of the input and the session, so that the shell asks one question instead of six,
//! and never reads the input itself.

use super::callback::{Action, DuelAct};
use super::classroom::ClassAct;
use super::classroom::{ClassCommand, ClassId, ClassNeed};
use super::input::{Command, Input};
use super::read::Reading;
use super::request::Request;
use super::state::{DuelId, Mode};

/// Seconds in a day (days count from 1970-01-01, UTC).
const DAY_SECS: i64 = 86_400;

/// How long after a class quiz is posted an answer to a poll no quiz is yet is kept waiting:
/// Telegram names the poll only in its answer to `sendPoll`, which the shell then notes.
const POLL_NOTED_WITHIN_SECS: i64 = 60;

/// What the shell must load (and ask) before stepping a request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Needs {
    /// The shared game (a game with a friend) the input touches: the one the learner sits at,
    /// or the one whose invitation it opens. The shell loads it and hands it over with
    /// [`Request::with_shared`]; without it, the game's inputs are answered as if it were not
    /// there.
    pub shared: Option<DuelId>,
    /// What a class input needs loaded ([`Request::with_class`]).
    pub class: Option<ClassNeed>,
    /// Whether the shell must ask the group whether the sender administers it (making a
    /// class, becoming its teacher): [`super::ClassLoaded::admin`].
    pub ask_admin: bool,
    /// Whether the step may search long (the tutor's reply in a game, a mate search): a shell
    /// runs such steps where they do not hold up quick answers.
    pub searches: bool,
    /// In a group chat: whether a member's input is theirs as a player of a game played
    /// there (the shell then steps the member's session, not the group's). Asked of a
    /// request carrying the member's session.
    pub plays_here: bool,
}

/// What the shell must load for `request` before [`super::step`]: read from the request's one
/// reading of its input.
///
/// ```
/// use chess_tutor_core::tutor::{needs, Envelope, Input, Request, Session};
/// let request = Request::new(Session::default(), Input::Text("/report".into()), Envelope::default());
/// let needs = needs(&request);
/// assert!(needs.class.is_some() && needs.shared.is_none() && !needs.searches);
/// ```
#[must_use]
pub fn needs(request: &Request) -> Needs {
    let reading = &request.reading;
    let session = &request.session;
    let class = class_need(request);
    let ask_admin = request.envelope.group.is_some()
        && matches!(
            reading.command(),
            Some(Command::Class(ClassCommand::Open | ClassCommand::Teach))
        );
    Needs {
        shared: shared_game(request),
        class,
        ask_admin,
        searches: match &session.mode {
            // The engine's reply, a puzzle's mate search, the coach at a game's end.
            Mode::Game(_) | Mode::Puzzle(_) | Mode::Duel => true,
            // A basic mate played against the best defence.
            Mode::Lesson(state) => state.mate.is_some(),
            Mode::Idle | Mode::Quiz(_) => false,
        },
        plays_here: plays_here(request),
    }
}

/// The class need of a request, if it is a class input.
fn class_need(request: &Request) -> Option<ClassNeed> {
    let group = request.envelope.group.as_ref();
    let now = request.envelope.now.unwrap_or(0);
    let today = now.div_euclid(DAY_SECS);
    match (&request.input, &request.reading) {
        (Input::PollAnswer { poll, .. }, _) => {
            return Some(ClassNeed::Poll {
                poll: poll.clone(),
                pending_since: (now - POLL_NOTED_WITHIN_SECS) * 1000,
            });
        }
        (Input::ClassTick { class, day }, _) => {
            return Some(ClassNeed::Tick {
                class: *class,
                day: *day,
                week: super::classroom::week_of(*day),
            });
        }
        (_, Reading::Command(Command::Class(command))) => {
            return Some(match command {
                ClassCommand::JoinLink(id) => ClassNeed::ById(*id),
                ClassCommand::DailyLink(id) => ClassNeed::Daily {
                    class: *id,
                    day: today,
                },
                ClassCommand::Leave => ClassNeed::Mine,
                ClassCommand::Report => ClassNeed::Report,
                ClassCommand::ReportStudent(_) => ClassNeed::ReportTries,
                ClassCommand::Top => ClassNeed::Top,
                _ => ClassNeed::OfChat,
            });
        }
        (_, Reading::Press(Some(Action::Class(act)))) => {
            return Some(match act {
                ClassAct::Close(_) => ClassNeed::OfChat,
                ClassAct::Join(_) | ClassAct::Leave(_) => ClassNeed::Mine,
            });
        }
        // A message in a group replying to another: perhaps to the class's puzzle of today.
        (_, Reading::Text(_)) if group.is_some() && request.envelope.reply_to.is_some() => {
            return Some(ClassNeed::DailyReply { day: today });
        }
        _ => {}
    }
    // A class's puzzle of the day under way: a right move counts for the class.
    match &request.session.mode {
        Mode::Puzzle(puzzle) => puzzle.daily.map(|tag| ClassNeed::Solving {
            class: ClassId(tag.class),
            day: tag.day,
        }),
        _ => None,
    }
}

/// The shared game an input touches: the one whose invitation it opens, or the one the learner
/// sits at.
fn shared_game(request: &Request) -> Option<DuelId> {
    match &request.reading {
        Reading::Command(Command::Join(id)) => return Some(*id),
        Reading::Press(Some(Action::Duel {
            game,
            act: DuelAct::Join,
            ..
        })) => return Some(DuelId(*game)),
        _ => {}
    }
    request.session.duel.map(|seat| seat.game)
}

/// Whether an input a member sent in a group chat is theirs as a player (the shell then applies
/// it to the member's session, not to the group's): a button of a game with a friend or the
/// Play-a-friend button pressed there, and, from a member seated at a game played in that
/// group, a move, a tap on the tap board and the game's commands (`/board`, `/pgn`, `/play`,
/// resign and draw words). Anything else in a group is the group's.
fn plays_here(request: &Request) -> bool {
    let Some(group) = &request.envelope.group else {
        return false;
    };
    let seated_here = request
        .session
        .duel
        .is_some_and(|s| s.room == Some(group.id));
    match &request.reading {
        Reading::Press(Some(Action::Invite | Action::Duel { .. })) => true,
        Reading::Press(Some(Action::TapBoard(_) | Action::Tap { .. } | Action::Promote { .. })) => {
            seated_here
        }
        Reading::Text(_) | Reading::TooLong => seated_here,
        Reading::Command(c) => {
            seated_here && matches!(c, Command::Board | Command::Pgn | Command::Play(None))
        }
        Reading::Press(_) | Reading::Other => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tutor::request::{Envelope, Group};
    use crate::tutor::state::Session;

    fn in_group(input: Input) -> Request {
        Request::new(
            Session::default(),
            input,
            Envelope {
                group: Some(Group {
                    id: -100,
                    title: "g".into(),
                    topic: None,
                }),
                learner: Some(7),
                ..Envelope::default()
            },
        )
    }

    #[test]
    fn each_class_input_says_what_it_needs_and_only_making_and_teaching_ask_for_an_admin() {
        let need = |t: &str| needs(&in_group(Input::Text(t.into())));
        assert_eq!(need("/class").class, Some(ClassNeed::OfChat));
        assert!(need("/class").ask_admin && need("/class teach").ask_admin);
        assert!(!need("/classquiz").ask_admin && !need("/report").ask_admin);
        assert_eq!(need("/classquiz 7").class, Some(ClassNeed::OfChat));
        assert_eq!(need("/leave").class, Some(ClassNeed::Mine));
        assert_eq!(need("/report").class, Some(ClassNeed::Report));
        assert_eq!(
            need("/start class-9").class,
            Some(ClassNeed::ById(ClassId(9)))
        );
        assert_eq!(need("/help").class, None);
        assert_eq!(need(&format!("/class {}", "x".repeat(600))).class, None);
        let press = Input::Button(Action::Class(ClassAct::Join(ClassId(9))).encode());
        assert_eq!(needs(&in_group(press)).class, Some(ClassNeed::Mine));
        assert_eq!(
            needs(&in_group(Input::PollAnswer {
                poll: "p".into(),
                option: Some(1)
            }))
            .class,
            Some(ClassNeed::Poll {
                poll: "p".into(),
                pending_since: -60_000
            })
        );
    }

    #[test]
    fn a_member_not_seated_in_the_group_plays_only_with_the_game_s_buttons() {
        assert!(needs(&in_group(Input::Button("i".into()))).plays_here);
        assert!(!needs(&in_group(Input::Text("e4".into()))).plays_here);
        let private = Request::new(
            Session::default(),
            Input::Button("i".into()),
            Envelope::default(),
        );
        assert!(!needs(&private).plays_here, "only in a group");
    }
}
