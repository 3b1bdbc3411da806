//! chess-tutor: the core of a bot that teaches the rules of chess.
//!
//! Everything here is free of I/O: the shells (`telegram`, `terminal`) live in the
//! binary and call into this library.
//!
pub mod content;
pub mod render;
pub mod rules;
pub mod puzzle;
pub mod rules;
pub mod search;
pub mod rules;
pub mod store;
