//! The state of a game between two learners, stored once for both players and apart from
//! either session: who sits where (and in which language they are told everything), the
//! moves, how it ended. [`super::duel`] is the activity that plays it.

use serde::{Deserialize, Serialize};
use shakmaty::Color;

use super::state::{DuelId, Side};
use crate::game::record::{Ending, Record};
use crate::rules::Lang;

/// Days a player may stay silent on their move before the other may claim the game.
pub const ABANDON_AFTER_DAYS: i64 = 3;
pub(crate) const ABANDON_AFTER_SECS: i64 = ABANDON_AFTER_DAYS * 24 * 60 * 60;
/// A player of a game between two learners.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seat {
    /// Their chat.
    pub learner: i64,
    /// Their language: every message to them is in it.
    pub lang: Lang,
    /// Their ladder points when they sat down (the other's result is reckoned against them).
    pub points: i32,
    /// Their name as their Telegram account gives it, in a game played in a group chat:
    /// there both players read every message, so each is addressed by name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Their result has been counted in their session.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub settled: bool,
    /// They read in text mode (`/a11y`): what the other player's moves cause for them is said
    /// in words too. Noted when they sit down and again on each of their inputs that touches
    /// the game.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub text_mode: bool,
}

/// The state of a game between two learners, stored once for both.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SharedGame {
    /// Which game.
    pub id: DuelId,
    /// White's player.
    pub white: Option<Seat>,
    /// Black's player (none until the invitation is taken).
    pub black: Option<Seat>,
    /// The moves (replayed through the referee when it is read).
    pub record: Record,
    /// How it ended.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub over: Option<Ending>,
    /// The invitation was withdrawn before anyone took it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub cancelled: bool,
    /// A draw offer standing, by this side.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw_offer: Option<Side>,
    /// When the last move was played (or the game began), Unix seconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_move_at: Option<i64>,
    /// The group chat it is played in: both players' messages go there, and only a member
    /// of it can take the invitation. None for a game played in each player's own chat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub room: Option<i64>,
}

/// A game to store with the session of the input that created or changed it.
#[derive(Debug, Clone, PartialEq)]
pub struct SharedWrite {
    /// The game's new state.
    pub game: SharedGame,
    /// Created by this input (no game with its id may be replaced).
    pub created: bool,
}

impl SharedGame {
    /// The stored form.
    #[must_use]
    pub fn to_stored(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or_default()
    }

    /// Reads the stored form (its moves replayed through the referee).
    ///
    /// # Errors
    ///
    /// The JSON is not a game this version reads.
    pub fn from_stored(value: &serde_json::Value) -> Result<SharedGame, serde_json::Error> {
        SharedGame::deserialize(value)
    }

    pub(crate) fn seat(&self, side: Color) -> Option<&Seat> {
        match side {
            Color::White => self.white.as_ref(),
            Color::Black => self.black.as_ref(),
        }
    }

    pub(crate) fn seat_mut(&mut self, side: Color) -> Option<&mut Seat> {
        match side {
            Color::White => self.white.as_mut(),
            Color::Black => self.black.as_mut(),
        }
    }

    pub(crate) fn side_of(&self, learner: i64) -> Option<Color> {
        Color::ALL
            .into_iter()
            .find(|c| self.seat(*c).is_some_and(|s| s.learner == learner))
    }

    pub(crate) fn pos(&self) -> &shakmaty::Chess {
        self.record.position()
    }

    pub(crate) fn started(&self) -> bool {
        self.white.is_some() && self.black.is_some()
    }

    pub(crate) fn ply(&self) -> u16 {
        u16::try_from(self.record.moves().len()).unwrap_or(u16::MAX)
    }
}
