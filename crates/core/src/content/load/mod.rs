//! From YAML files to validated [`Lesson`](super::Lesson)s, collecting every problem with its
//! file and line.
//!
//! A file that does not fit the schema (a YAML syntax error, an unknown field, a goal that
//! is not one of the predicates) stops at its first such error; every other check runs on
//! every step of every file, so one `check` run lists all that is wrong.
//!
//! The files, from the bottom up: `check` (the problems of one file, and where in a step
//! they are), `texts` and `scene` (what every step shows), one file per step kind
//! (`explain_step`, `move_step`, `squares_step`, `judge_step`, `mate_step`, `quiz_step`),
//! `step` (a step's fields, and the check of its kind), `lesson_file` (one file) and
//! `folder` (every file, and the checks across them).

mod check;
mod explain_step;
#[cfg(test)]
mod fixtures;
mod folder;
mod judge_step;
mod lesson_file;
mod mate_step;
mod move_step;
mod quiz_step;
mod scene;
mod squares_step;
mod step;
mod texts;

pub use folder::{load_lessons, load_lessons_from};
pub use lesson_file::MIN_TASKS_PER_LESSON;
pub use mate_step::MAX_MATE_STEP;
pub use squares_step::{SquareAsked, true_squares};
pub use step::STEP_KINDS;
