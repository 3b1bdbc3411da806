//! A game of chess with the tutor or between two learners: the opponent ([`engine`]), the
//! record of the game with every ending of the FIDE Laws ([`record`]), its PGN ([`pgn`]) and
//! the coach's review afterwards ([`coach`]).
//!
//! Everything here is pure and deterministic: the engine's choices come from a seed the
//! caller gives, so the same game state always gets the same reply.

pub mod coach;
pub mod engine;
pub mod pgn;
pub mod record;
