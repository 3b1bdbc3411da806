//! Which inputs touch a shared game, and which inputs in a group are a player's: what the
//! shell asks before it loads a game for a step.

use crate::tutor::callback::{Action, DuelAct};
use crate::tutor::input::{Command, Input};
use crate::tutor::state::DuelId;
use crate::tutor::state::Session;

/// The game an input needs locked and loaded: the one the learner sits at, or the one whose
/// invitation they open. The shell calls this on the session as stored before it locks.
#[must_use]
pub fn shared_game_of(session: &Session, input: &Input) -> Option<DuelId> {
    if let Input::Text(text) = input
        && let Some(Command::Join(id)) = Command::parse(text)
    {
        return Some(id);
    }
    if let Input::Button(data) = input
        && let Some(Action::Duel {
            game,
            act: DuelAct::Join,
            ..
        }) = Action::decode(data)
    {
        return Some(DuelId(game));
    }
    session.duel.map(|seat| seat.game)
}

/// Whether an input a member sent in group chat `room` is theirs as a player (the shell then
/// applies it to the member's session, not to the group's): a button of a game with a friend
/// or the Play-a-friend button pressed there, and, from a member seated at a game played in
/// that group, a move, a tap on the tap board and the game's commands (`/board`, `/pgn`,
/// `/play`, resign and draw words). Anything else in a group is the group's.
///
/// ```
/// use chess_tutor_core::tutor::{Input, Request, Session};
/// let member = Session::default();
/// // `i`: the Play-a-friend button, pressed in the group.
/// assert!(Request::plays_in_room(&member, &Input::Button("i".into()), -100));
/// // Not seated at a game there: a move is the group's (a group lesson, say).
/// assert!(!Request::plays_in_room(&member, &Input::Text("e4".into()), -100));
/// ```
#[must_use]
pub fn plays_in_room(member: &Session, input: &Input, room: i64) -> bool {
    let seated_here = member.duel.is_some_and(|s| s.room == Some(room));
    match input {
        Input::Button(data) => match Action::decode(data) {
            Some(Action::Invite | Action::Duel { .. }) => true,
            Some(Action::TapBoard(_) | Action::Tap { .. } | Action::Promote { .. }) => seated_here,
            _ => false,
        },
        Input::Text(text) => {
            seated_here
                && match Command::parse(text).or_else(|| Command::parse_bare(text)) {
                    None => true,
                    Some(c) => matches!(c, Command::Board | Command::Pgn | Command::Play(None)),
                }
        }
        // The board page is opened from the learner's own chat: never a group's input.
        Input::Start { .. } | Input::Drop(_) | Input::Look => false,
    }
}
