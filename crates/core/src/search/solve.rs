//! Solving a mate-in-N problem: the shortest mate, all keys, a main line with the longest
//! resistance, and a hint.

use shakmaty::{Chess, Move, Position, Role, Square};

use super::mate::{Budget, MAX_MATE, OutOfBudget, Prover};

/// What [`solve`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// The shortest forced mate within the asked N, in attacker moves; `None` if there is none.
    pub mate_in: Option<u32>,
    /// Every first move that forces mate in `mate_in` (only the first found when asked for the
    /// first key only), in the order the search tried them.
    pub keys: Vec<Move>,
    /// A main line from the first key to mate, in which the defender always chooses the longest
    /// resistance: `2 * mate_in - 1` moves.
    pub line: Vec<Move>,
    /// Positions the search visited.
    pub nodes: u64,
}

/// Solves "the side to move mates in at most `n`" for `pos`, within `budget`.
///
/// With `first_only` the search stops at the first proven key (what checking a learner's move
/// needs); otherwise every key is proven. `n` above [`MAX_MATE`] counts as [`MAX_MATE`].
///
/// # Errors
///
/// [`OutOfBudget`] when the budget ran out before the answer was complete.
///
/// ```
/// use chess_tutor_core::search::{Budget, solve};
/// use shakmaty::{Chess, CastlingMode, fen::Fen, uci::UciMove};
///
/// let pos: Chess = "6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1".parse::<Fen>().unwrap()
///     .into_position(CastlingMode::Standard).unwrap();
/// let s = solve(&pos, 2, false, Budget::TUTOR).unwrap();
/// assert_eq!(s.mate_in, Some(1));
/// let keys: Vec<String> = s.keys.iter()
///     .map(|m| m.to_uci(CastlingMode::Standard).to_string()).collect();
/// assert_eq!(keys, ["e1e8"]);
/// ```
pub fn solve(
    pos: &Chess,
    n: u32,
    first_only: bool,
    budget: Budget,
) -> Result<Solution, OutOfBudget> {
    let mut prover = Prover::new(budget);
    solve_with(&mut prover, pos, n, first_only)
}

/// [`solve`] with a caller's prover (its table and what is left of its budget are used;
/// `nodes` counts only this call).
///
/// # Errors
///
/// [`OutOfBudget`] when the prover's budget ran out before the answer was complete.
pub fn solve_with(
    prover: &mut Prover,
    pos: &Chess,
    n: u32,
    first_only: bool,
) -> Result<Solution, OutOfBudget> {
    let start = prover.nodes();
    let mate_in = prover.shortest_mate(pos, n.min(MAX_MATE))?;
    let (keys, line) = match mate_in {
        Some(m) => {
            let keys = keys_for(prover, pos, m, first_only)?;
            let line = main_line(prover, pos, m, keys.first().copied())?;
            (keys, line)
        }
        None => (Vec::new(), Vec::new()),
    };
    Ok(Solution {
        mate_in,
        keys,
        line,
        nodes: prover.nodes() - start,
    })
}

/// Whether the attacker's move `m` forces mate within `k` moves (itself included).
fn key_within(prover: &mut Prover, pos: &Chess, m: Move, k: u32) -> Result<bool, OutOfBudget> {
    let mut child = pos.clone();
    child.play_unchecked(m);
    prover.defender_lost_within(&child, k - 1)
}

/// Attacker moves in the search's preferred order: checks, then captures, then the rest.
fn ordered_attacker_moves(pos: &Chess) -> Vec<Move> {
    let mut moves: Vec<(u8, Move)> = pos
        .legal_moves()
        .into_iter()
        .map(|m| {
            let mut child = pos.clone();
            child.play_unchecked(m);
            let rank = if child.is_check() {
                0
            } else if m.is_capture() || m.is_promotion() {
                1
            } else {
                2
            };
            (rank, m)
        })
        .collect();
    moves.sort_by_key(|c| c.0);
    moves.into_iter().map(|c| c.1).collect()
}

/// All keys of a mate in exactly `m` (or the first, with `first_only`).
fn keys_for(
    prover: &mut Prover,
    pos: &Chess,
    m: u32,
    first_only: bool,
) -> Result<Vec<Move>, OutOfBudget> {
    let mut keys = Vec::new();
    for mv in ordered_attacker_moves(pos) {
        if key_within(prover, pos, mv, m)? {
            keys.push(mv);
            if first_only {
                break;
            }
        }
    }
    Ok(keys)
}

/// The main line of a mate in `m` starting with `key` (found afresh when `None`).
fn main_line(
    prover: &mut Prover,
    pos: &Chess,
    m: u32,
    key: Option<Move>,
) -> Result<Vec<Move>, OutOfBudget> {
    let mut line = Vec::new();
    let mut pos = pos.clone();
    let mut left = m;
    let mut next_key = key;
    // At most one attacker and one defender move per move of the mate.
    while left > 0 {
        let attack = match next_key.take() {
            Some(key) => key,
            None => match keys_for(prover, &pos, left, true)?.first() {
                Some(&key) => key,
                None => break,
            },
        };
        line.push(attack);
        pos.play_unchecked(attack);
        if pos.is_checkmate() {
            break;
        }
        let Some(defence) = super::defence::best_defence_with(prover, &pos, left - 1)? else {
            break;
        };
        line.push(defence.reply);
        pos.play_unchecked(defence.reply);
        left = defence.mate_in.unwrap_or(0);
    }
    Ok(line)
}

/// A hint for the side to move: first the piece to move, then the square it goes to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hint {
    /// The square of the piece that starts the mate.
    pub piece_square: Square,
    /// The kind of that piece.
    pub piece: Role,
    /// The square it moves to (for castling, the king's landing square).
    pub target_square: Square,
    /// The move itself, for the last rung of a hint ladder.
    pub key: Move,
}

/// A hint towards a mate within `moves_left`: the first key's piece and target square, or
/// `None` when there is no such mate.
///
/// # Errors
///
/// [`OutOfBudget`] when the budget ran out first.
///
/// ```
/// use chess_tutor_core::search::{Budget, hint};
/// use shakmaty::{Chess, CastlingMode, Square, fen::Fen};
///
/// let pos: Chess = "6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1".parse::<Fen>().unwrap()
///     .into_position(CastlingMode::Standard).unwrap();
/// let h = hint(&pos, 1, Budget::TUTOR).unwrap().unwrap();
/// assert_eq!((h.piece_square, h.target_square), (Square::E1, Square::E8));
/// ```
pub fn hint(pos: &Chess, moves_left: u32, budget: Budget) -> Result<Option<Hint>, OutOfBudget> {
    let solution = solve(pos, moves_left, true, budget)?;
    Ok(solution.keys.first().and_then(|key| hint_for(pos, *key)))
}

/// The hint that points at `key`, a legal move in `pos`.
fn hint_for(pos: &Chess, key: Move) -> Option<Hint> {
    let target_square = match key {
        Move::Castle { king, rook } => {
            let side = if rook > king {
                shakmaty::CastlingSide::KingSide
            } else {
                shakmaty::CastlingSide::QueenSide
            };
            side.king_to(pos.turn())
        }
        other => other.to(),
    };
    Some(Hint {
        piece_square: key.from()?,
        piece: key.role(),
        target_square,
        key,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Chess {
        crate::rules::parse_fen(fen).unwrap()
    }

    #[test]
    fn line_of_a_mate_in_one_is_the_key() {
        let s = solve(
            &pos("6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1"),
            3,
            false,
            Budget::TUTOR,
        )
        .unwrap();
        assert_eq!(s.mate_in, Some(1));
        assert_eq!(s.line, s.keys);
    }

    #[test]
    fn no_mate_gives_empty_solution_and_no_hint() {
        let p = pos("8/8/8/4k3/8/8/8/4K2R w K - 0 1");
        let s = solve(&p, 1, false, Budget::TUTOR).unwrap();
        assert_eq!(s.mate_in, None);
        assert!(s.keys.is_empty() && s.line.is_empty());
        assert_eq!(hint(&p, 1, Budget::TUTOR), Ok(None));
    }

    #[test]
    fn castling_mate_and_its_hint() {
        // O-O and Rf1 both mate: the king on f8 is boxed in by its own rooks and pawns.
        let p = pos("4rkr1/4p1p1/8/8/8/8/8/4K2R w K - 0 1");
        let s = solve(&p, 1, false, Budget::TUTOR).unwrap();
        assert_eq!(s.mate_in, Some(1));
        assert_eq!(s.keys.len(), 2, "{:?}", s.keys);
        let castle = s
            .keys
            .iter()
            .copied()
            .find(|m| matches!(m, Move::Castle { .. }))
            .expect("castling is a key");
        let h = hint_for(&p, castle).unwrap();
        assert_eq!(
            (h.piece, h.piece_square, h.target_square),
            (Role::King, Square::E1, Square::G1)
        );
    }
}
