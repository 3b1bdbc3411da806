//! The defender's side: the longest resistance, and judging a learner's move by search.

use shakmaty::{Chess, Move, Position, Role};

use super::mate::{Budget, OutOfBudget, Prover};

/// How much further than the allowed number of moves [`judge`] looks to tell "mates, but too
/// late" from "no mate at all".
pub const LOOK_BEYOND: u32 = 2;

/// [`judge`] looks for a late mate no deeper than this many attacker moves after the learner's
/// move, so that a wrong move is answered quickly (in mate-in-4 puzzles, a move that mates only
/// in five is reported as failing, with the defence that escapes mate in four).
const LATE_MATE_HORIZON: u32 = 3;

/// The defender's best reply, as [`best_defence`] chooses it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Defence {
    /// The reply.
    pub reply: Move,
    /// Attacker moves still needed to mate after this reply; `None` if the reply escapes mate
    /// within the moves the attacker has left.
    pub mate_in: Option<u32>,
}

/// The defender's best reply in `pos` (defender to move) when the attacker has
/// `attacker_moves_left` moves to mate: a reply that escapes if there is one, otherwise the
/// reply that holds out longest. Ties go to the first reply in the search's order (captures,
/// then king moves, then the rest). `None` if the defender has no legal move.
///
/// # Errors
///
/// [`OutOfBudget`] when the budget ran out first.
///
/// ```
/// use chess_tutor_core::search::{Budget, best_defence};
/// use shakmaty::{Chess, CastlingMode, fen::Fen};
///
/// // After 1. Qxf7+ Black must take: 1... Kxf7 is the only move.
/// let pos: Chess = "rnbqkbnr/ppppp1pp/8/8/8/8/PPPPPPPP/RNB1KBNR b KQkq - 0 1".parse::<Fen>()
///     .unwrap().into_position(CastlingMode::Standard).unwrap();
/// let d = best_defence(&pos, 1, Budget::TUTOR).unwrap().unwrap();
/// assert_eq!(d.mate_in, None); // no mate in one for White here
/// ```
pub fn best_defence(
    pos: &Chess,
    attacker_moves_left: u32,
    budget: Budget,
) -> Result<Option<Defence>, OutOfBudget> {
    best_defence_with(&mut Prover::new(budget), pos, attacker_moves_left)
}

/// Defender moves in a natural order for a learner to meet: captures (most valuable victim
/// first), king moves, promotions, the rest in generation order.
pub(crate) fn ordered_defender_moves(pos: &Chess) -> Vec<Move> {
    let mut moves: Vec<(u8, Move)> = pos
        .legal_moves()
        .into_iter()
        .map(|m| {
            let rank = match (m.capture(), m.role()) {
                (Some(Role::Queen), _) => 0,
                (Some(Role::Rook), _) => 1,
                (Some(Role::Bishop | Role::Knight), _) => 2,
                (Some(_), _) => 3,
                (None, Role::King) => 4,
                _ if m.is_promotion() => 5,
                _ => 6,
            };
            (rank, m)
        })
        .collect();
    moves.sort_by_key(|c| c.0);
    moves.into_iter().map(|c| c.1).collect()
}

/// [`best_defence`] with a caller's prover.
///
/// # Errors
///
/// [`OutOfBudget`] when the prover's budget ran out first.
pub fn best_defence_with(
    prover: &mut Prover,
    pos: &Chess,
    attacker_moves_left: u32,
) -> Result<Option<Defence>, OutOfBudget> {
    let mut best: Option<Defence> = None;
    for reply in ordered_defender_moves(pos) {
        let mut child = pos.clone();
        child.play_unchecked(reply);
        if !prover.mates_within(&child, attacker_moves_left)? {
            return Ok(Some(Defence {
                reply,
                mate_in: None,
            }));
        }
        let k = prover.shortest_mate(&child, attacker_moves_left)?;
        if best.is_none_or(|b| k > b.mate_in) {
            best = Some(Defence { reply, mate_in: k });
        }
    }
    Ok(best)
}

/// What a learner's (legal) move is worth in a mate-in-N puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveJudgement {
    /// The move is checkmate.
    Mates,
    /// The move keeps a forced mate within the moves left.
    KeepsMate {
        /// Moves to mate counting this one (at most the moves that were left).
        mate_in: u32,
        /// The defender's longest resistance, to play as the answer.
        best_defence: Move,
    },
    /// The move still forces mate, but only in more moves than are left.
    MatesTooLate {
        /// Moves to mate counting this one (more than the moves that were left).
        mate_in: u32,
        /// The defence that holds out past the limit, starting with the reply.
        refutation: Vec<Move>,
    },
    /// The move leaves the defender without a legal move and not in check: a draw.
    Stalemates,
    /// No forced mate within the moves left (nor a little beyond): the defence that escapes.
    Fails {
        /// The refuting line, starting with the defender's reply.
        refutation: Vec<Move>,
    },
}

impl MoveJudgement {
    /// Whether the puzzle goes on (or is solved) after this move: a mate, or a mate kept.
    #[must_use]
    pub fn is_correct(&self) -> bool {
        matches!(self, Self::Mates | Self::KeepsMate { .. })
    }
}

/// Judges the attacker's legal move `mv` in `pos` when the attacker has `moves_left` moves
/// (this one included) to mate. Every move that keeps a forced mate within the limit is
/// accepted, not just a stored one; any mate is accepted.
///
/// Illegal input never reaches here: read it with the rules module first, which explains it.
///
/// # Errors
///
/// [`OutOfBudget`] when the budget ran out before the move could be judged.
///
/// ```
/// use chess_tutor_core::search::{Budget, judge, MoveJudgement};
/// use shakmaty::{Chess, CastlingMode, fen::Fen, uci::UciMove};
///
/// let pos: Chess = "6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1".parse::<Fen>().unwrap()
///     .into_position(CastlingMode::Standard).unwrap();
/// let mv = "e1e8".parse::<UciMove>().unwrap().to_move(&pos).unwrap();
/// assert_eq!(judge(&pos, mv, 1, Budget::TUTOR), Ok(MoveJudgement::Mates));
/// ```
pub fn judge(
    pos: &Chess,
    mv: Move,
    moves_left: u32,
    budget: Budget,
) -> Result<MoveJudgement, OutOfBudget> {
    judge_with(&mut Prover::new(budget), pos, mv, moves_left)
}

/// [`judge`] with a caller's prover.
///
/// # Errors
///
/// [`OutOfBudget`] when the prover's budget ran out before the move could be judged.
pub fn judge_with(
    prover: &mut Prover,
    pos: &Chess,
    mv: Move,
    moves_left: u32,
) -> Result<MoveJudgement, OutOfBudget> {
    let mut after = pos.clone();
    after.play_unchecked(mv);
    if after.is_checkmate() {
        return Ok(MoveJudgement::Mates);
    }
    if after.is_stalemate() {
        return Ok(MoveJudgement::Stalemates);
    }
    let left = moves_left.saturating_sub(1);
    let Some(defence) = best_defence_with(prover, &after, left)? else {
        // No legal reply yet neither mate nor stalemate cannot happen; stay total anyway.
        return Ok(MoveJudgement::Fails {
            refutation: Vec::new(),
        });
    };
    if let Some(k) = defence.mate_in {
        return Ok(MoveJudgement::KeepsMate {
            mate_in: k + 1,
            best_defence: defence.reply,
        });
    }
    let horizon = (left + LOOK_BEYOND).min(LATE_MATE_HORIZON.max(left));
    // Telling "too late" from "no mate" is a courtesy: when the budget cannot afford it, the
    // move still fails, with the defence that escapes.
    if horizon > left
        && let Ok(Some(k)) = prover.longest_resistance(&after, horizon)
        && let Ok(late) = best_defence_with(prover, &after, k)
    {
        return Ok(MoveJudgement::MatesTooLate {
            mate_in: k + 1,
            refutation: late.map(|d| d.reply).into_iter().collect(),
        });
    }
    Ok(MoveJudgement::Fails {
        refutation: vec![defence.reply],
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::CastlingMode;
    use shakmaty::fen::Fen;
    use shakmaty::uci::UciMove;

    fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap()
    }

    fn mv(p: &Chess, uci: &str) -> Move {
        uci.parse::<UciMove>().unwrap().to_move(p).unwrap()
    }

    #[test]
    fn stalemating_move_is_called_so() {
        // Qf7 would stalemate the king on h8; Qe8 mates.
        let p = pos("7k/4Q3/6K1/8/8/8/8/8 w - - 0 1");
        assert_eq!(
            judge(&p, mv(&p, "e7f7"), 1, Budget::TUTOR).unwrap(),
            MoveJudgement::Stalemates
        );
        assert_eq!(
            judge(&p, mv(&p, "e7e8"), 1, Budget::TUTOR).unwrap(),
            MoveJudgement::Mates
        );
    }

    #[test]
    fn a_wrong_move_names_the_escape() {
        let p = pos("6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1");
        match judge(&p, mv(&p, "e1e7"), 1, Budget::TUTOR).unwrap() {
            MoveJudgement::Fails { refutation } => assert_eq!(refutation.len(), 1),
            MoveJudgement::MatesTooLate { mate_in, .. } => assert!(mate_in > 1),
            other => panic!("unexpected {other:?}"),
        }
    }

    #[test]
    fn best_defence_prefers_escape() {
        // After Re7 Black can run: any defence escapes mate in 1.
        let p = pos("6k1/4Rppp/8/8/8/8/8/6K1 b - - 1 1");
        let d = best_defence(&p, 1, Budget::TUTOR).unwrap().unwrap();
        assert_eq!(d.mate_in, None);
    }
}
