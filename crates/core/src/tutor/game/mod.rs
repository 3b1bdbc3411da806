//! A game against the tutor: `/play`, a level (1–8) and a colour, then every move of the
//! learner through the referee (typed or tapped; a refused one is explained and changes
//! nothing), the tutor's answer from [`crate::game::engine`], and every ending of the FIDE
//! Laws, each said with its rule and its evidence. A draw is claimed with a button that is
//! there only when a claim is valid; a draw may be offered, the game resigned, and at the two
//! lowest levels one move taken back. Afterwards the coach ([`crate::game::coach`]) points
//! out what the learner missed, each point on its own board, and `/pgn` gives the game.

mod board;
mod claims;
mod coach;
mod ending;
mod play;
mod setup;
mod task;

pub(super) use board::{moves_text, side_name, your_move};
pub(super) use claims::{
    claim, claimed_move, confirm_resign, make_claim, offer_draw, play_on, resign, take_back,
};
pub(super) use coach::coach_reply;
pub(super) use ending::{Opponent, count, ending_text, final_board, send_pgn};
pub(super) use setup::{setup, start};
