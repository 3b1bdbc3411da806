//! The rule-quiz bank: true/false and multiple-choice questions in Chinese and English, loaded
//! from `lessons/quiz/*.yaml`, each optionally tied to a position whose claim the rules engine
//! checks against the answer key.
//!
//! The file format is documented in `lessons/quiz/README.md`. Loading never stops at the first
//! mistake: every problem is collected as a [`Problem`](super::Problem) with its file and
//! line.
//!
//! ```
//! use chess_tutor_core::content::quiz::{self, Response};
//! let yaml = r#"
//! - id: knight-corner
//!   unit: 7
//!   kind: true_false
//!   fen: "4k3/8/8/8/8/8/8/N3K3 w - - 0 1"
//!   claim: {kind: legal_move_count, square: a1, count: 2}
//!   question: {zh: "角上的马只有两个格子可走。", en: "A knight in the corner has only two moves."}
//!   answer: true
//!   explanation: {zh: "a1的马只能跳到b3和c2。", en: "From a1 the knight reaches only b3 and c2."}
//! "#;
//! let (items, problems) = quiz::load_quiz_sources(&[("07-knight.yaml", yaml)]);
//! assert!(problems.is_empty(), "{problems:?}");
//! assert!(items[0].is_correct(Response::TrueFalse(true)));
//! assert!(items[0].is_engine_checked());
//! ```
//!
//! The files, from the bottom up: `raw` (the YAML as written), `claim` (what the engine
//! judges), `item` (the validated item), `checker` (the problems of one file, and the texts),
//! `board_check`, `claim_check`, `answer_check` and `item_check` (each part of an item), and
//! `load` (files and folders).

pub mod claim;
mod raw;

mod answer_check;
mod board_check;
mod checker;
mod claim_check;
mod item;
mod item_check;
mod load;

pub use super::Text;
pub use claim::{BoardFenError, Claim, ClaimError, Finding, Situation};
pub use item::{
    Answer, Choice, KeyDisagrees, Origin, QuizBoard, QuizItem, QuizKind, Response, letter,
};
pub use load::{SHIPPED, load_quiz_file, load_quiz_folder, load_quiz_sources, shipped};
