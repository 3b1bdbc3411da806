//! Lessons, quizzes and puzzles as data: loading YAML, validating every claim with the rules
//! engine, and the catalogue the tutor reads.

pub mod problem;

pub use problem::Problem;
pub mod generate;
pub mod quiz;
