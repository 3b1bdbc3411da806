//! A game between two learners: one invites with a link (`/start duel-N`), the friend opens
//! it in their own chat, and the tutor is the arbiter. The game is one state for both
//! ([`SharedGame`](super::SharedGame)), stored apart from either session; each input of either player is
//! applied to the version the step read (a step computed from an older one is computed
//! again), and what the other player must know is sent to them
//! ([`super::Transition::others`]) in their own language.
//!
//! Every move goes through the referee as in a game against the tutor; the endings are the
//! same, told to each player from their side, and each gets the coach's review of their own
//! moves. A draw may be offered (the other accepts or declines, or declines by moving), a
//! draw claimed by the player to move when a claim is valid, the game resigned, and a
//! player who has not moved for [`ABANDON_AFTER_DAYS`](super::shared::ABANDON_AFTER_DAYS) days loses it when the other claims
//! it. Buttons are bound to the game and to the move they were sent at: a button of a
//! finished game, of another game or of an earlier move changes nothing.
//!
//! Each player's result is counted in their own session: at once for the player whose input
//! ended the game, at the other's next input for the other ([`settle`]).
//!
//! A game may also be played in a group chat: a member's Play-a-friend there posts an
//! invitation with an Accept button that any other member may press. The learner of such an
//! input is the member (not the group, which is a learner of its own for lessons), every
//! message of the game goes to the group addressed to its player by name, and each button
//! there is bound to the player it was sent to (`needs` tells the shell which inputs in a group
//! are a player's).

mod board;
mod claims;
mod ending;
mod invite;
mod play;
mod task;

pub(super) use board::{active, show, started, turn};
pub(super) use claims::act;
pub(super) use ending::{send_pgn, settle};
pub(super) use invite::{invite, join, remind_invitation};
pub(super) use task::page_board;
