//! Mate-in-N search for the puzzle trainer: a prover ([`Prover`]), solving with every key and
//! a main line of longest resistance ([`solve()`]), judging a learner's move ([`judge`]), the
//! defender's answer ([`best_defence`]) and hints ([`hint`]).
//!
//! Everything here is pure and deterministic: no clock, no randomness, no I/O. Node counts
//! measure the work done.

pub mod defence;
pub mod mate;
pub mod solve;

pub use defence::{
    Defence, LOOK_BEYOND, MoveJudgement, best_defence, best_defence_with, judge, judge_with,
};
pub use mate::{Budget, MAX_MATE, OutOfBudget, Prover};
pub use solve::{Hint, Solution, hint, solve, solve_with};
