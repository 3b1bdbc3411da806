//! chess-tutor: the core of a bot that teaches the rules of chess.
//!
//! Everything here is free of I/O: the shells (`telegram`, `terminal`) live in the
//! binary and call into this library.
//!
pub mod content;
pub mod rules;
