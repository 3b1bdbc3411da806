//! Lessons, quizzes and puzzles as data: loading YAML, validating every claim with the rules
//! engine, and the catalogue the tutor reads.
//!
//! ```
//! use chess_tutor_core::content::{load_lessons_from, StepKind};
//! let yaml = r#"
//! id: demo
//! unit: 3
//! title: {zh: 车, en: The rook}
//! steps:
//!   - id: demo-rook
//!     kind: move
//!     board: 7k/8/8/8/8/8/8/R6K w - - 0 1
//!     text: {zh: 把车走到a8。, en: Move the rook to a8.}
//!     goal: {piece_on: {square: a8, piece: R}}
//!     expected: [Ra8]
//!     wrong: [Rb1, Rb2]
//!     wrong_reasons: {Rb2: wrong_movement}
//!     hint: {zh: 车走直线。, en: The rook moves in straight lines.}
//!     why: {zh: 车不能斜着走。, en: A rook never moves diagonally.}
//! "#;
//! let (lessons, problems) = load_lessons_from(&[("lessons/03-demo.yaml", yaml)]);
//! // One task is not enough for a lesson:
//! assert!(problems[0].message.contains("at least 4"));
//! ```

/// The highest unit number a lesson or quiz file may have (its two-digit prefix): the course
/// is the `NN-*.yaml` files there are, so adding a unit is adding its files.
pub const MAX_UNIT: u32 = 99;

pub mod audit;
pub mod board;
pub mod catalog;
pub mod files;
pub mod goal;
pub mod ids;
pub mod judge;
pub mod lesson;
pub mod limits;
pub mod load;
pub mod located;
pub mod notation;
pub mod outcome;
pub mod parity;
pub mod problem;
pub mod puzzle;
pub mod raw;
pub mod report;
pub mod shipped;
pub mod terms;
pub mod text;

pub use catalog::Catalog;
pub use goal::Goal;
pub use ids::{BadId, PuzzleId, QuizId};
pub use judge::{Answer, Ask, DrawKind};
pub use lesson::{
    JudgeTask, Lesson, LessonId, MoveTask, Scene, SquaresMode, SquaresTask, Step, StepId, StepKind,
    WrongTry,
};
pub use load::{load_lessons, load_lessons_from};
pub use problem::Problem;
pub use report::CheckReport;
pub use text::Text;
pub mod generate;
pub mod quiz;
