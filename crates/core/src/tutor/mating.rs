//! What the two activities that play a mate against the best defence share (a puzzle, and a
//! lesson's basic-mate step): the learner's move followed by the defence, why a mated king
//! cannot escape, and moves said in SAN.

use shakmaty::{Chess, Move, Position};

use super::words::Say;
use super::words::{IsWhite, List, Sentences};
use crate::search::defence::MoveJudgement;
use crate::search::{Budget, OutOfBudget};

/// Why a mated king cannot escape: who checks it, where it could go and why it cannot, and
/// that the check can be neither taken nor blocked.
pub(super) fn why_mate(mated: &Chess) -> Sentences {
    let side = mated.turn();
    let Some(king) = mated.board().king_of(side) else {
        return Sentences(Vec::new());
    };
    let checkers: Vec<Say> = mated
        .checkers()
        .into_iter()
        .filter_map(|sq| {
            let role = mated.board().role_at(sq)?;
            Some(Say::PieceOn {
                piece: role,
                square: sq,
            })
        })
        .collect();
    let king_words = Box::new(Say::KingOn {
        white: IsWhite(side),
        square: king,
    });
    let single = checkers.len() == 1;
    let mut parts = vec![match <[Say; 1]>::try_from(checkers) {
        Ok([checker]) => Say::WhyMateCheck {
            king: king_words,
            checker: Box::new(checker),
        },
        Err(checkers) => Say::WhyMateDouble {
            king: king_words,
            checker: List(checkers),
        },
    }];
    let (mut own, mut covered) = (Vec::new(), Vec::new());
    for sq in shakmaty::attacks::king_attacks(king) {
        match mated.board().color_at(sq) {
            Some(c) if c == side => own.push(sq),
            _ => covered.push(sq),
        }
    }
    let no_square = covered.is_empty() && own.is_empty();
    if !covered.is_empty() {
        parts.push(Say::WhyMateCovered {
            count: covered.len(),
            squares: List(covered),
        });
    }
    if !own.is_empty() {
        parts.push(Say::WhyMateOwn { squares: List(own) });
    }
    if no_square {
        parts.push(Say::WhyMateNowhere);
    }
    if single {
        parts.push(Say::WhyMateNoHelp);
    }
    Sentences(parts)
}

/// The learner's move `mv` in `pos` and the defence's reply, as the judgement says: the
/// position after both, to go on from.
pub(super) fn after_defence(pos: &Chess, mv: Move, best_defence: Move) -> Chess {
    let mut next = pos.clone();
    next.play_unchecked(mv);
    next.play_unchecked(best_defence);
    next
}

/// Judges the learner's move with the mate search: every move that keeps a forced mate
/// within `moves_left` is right, not only a stored one. The search spends at most the tutor's
/// budget; past it the move is neither right nor wrong.
pub(super) fn judge(pos: &Chess, mv: Move, moves_left: u32) -> Result<MoveJudgement, OutOfBudget> {
    crate::search::defence::judge(pos, mv, moves_left, Budget::TUTOR)
}

/// A hint towards the mate, within the tutor's budget.
pub(super) fn hint(
    pos: &Chess,
    moves_left: u32,
) -> Result<Option<crate::search::Hint>, OutOfBudget> {
    crate::search::solve::hint(pos, moves_left, Budget::TUTOR)
}

/// The main line of the mate (the first key only), within the tutor's budget.
pub(super) fn solve(pos: &Chess, moves_left: u32) -> Result<crate::search::Solution, OutOfBudget> {
    crate::search::solve::solve(pos, moves_left, true, Budget::TUTOR)
}
