//! The evaluation: material, piece-square tables blended from the middlegame to the endgame by
//! the material left, a pair of bishops, and in a won ending a push of the lone king to the edge
//! so that the stronger side can find the mate.

use shakmaty::{Bitboard, Board, Chess, Color, Position, Role, Square};

/// A pawn, in centipawns.
pub const PAWN: i32 = 100;

/// What a piece is worth, in centipawns (the king: more than everything else together).
#[must_use]
pub const fn value(role: Role) -> i32 {
    match role {
        Role::Pawn => PAWN,
        Role::Knight => 320,
        Role::Bishop => 330,
        Role::Rook => 500,
        Role::Queen => 900,
        Role::King => 20_000,
    }
}

// The tables read as a board printed for White: the first row is the eighth rank. A white piece
// on `sq` reads entry `sq ^ 56`, a black piece entry `sq` (its mirror image).
#[rustfmt::skip]
const PAWN_MG: [i32; 64] = [
     0,  0,  0,  0,  0,  0,  0,  0,
    50, 50, 50, 50, 50, 50, 50, 50,
    10, 10, 20, 30, 30, 20, 10, 10,
     5,  5, 10, 25, 25, 10,  5,  5,
     0,  0,  0, 20, 20,  0,  0,  0,
     5, -5,-10,  0,  0,-10, -5,  5,
     5, 10, 10,-20,-20, 10, 10,  5,
     0,  0,  0,  0,  0,  0,  0,  0,
];
#[rustfmt::skip]
const PAWN_EG: [i32; 64] = [
     0,  0,  0,  0,  0,  0,  0,  0,
    90, 90, 90, 90, 90, 90, 90, 90,
    55, 55, 55, 55, 55, 55, 55, 55,
    30, 30, 30, 30, 30, 30, 30, 30,
    15, 15, 15, 15, 15, 15, 15, 15,
     5,  5,  5,  5,  5,  5,  5,  5,
     0,  0,  0,  0,  0,  0,  0,  0,
     0,  0,  0,  0,  0,  0,  0,  0,
];
#[rustfmt::skip]
const KNIGHT: [i32; 64] = [
   -50,-40,-30,-30,-30,-30,-40,-50,
   -40,-20,  0,  0,  0,  0,-20,-40,
   -30,  0, 10, 15, 15, 10,  0,-30,
   -30,  5, 15, 20, 20, 15,  5,-30,
   -30,  0, 15, 20, 20, 15,  0,-30,
   -30,  5, 10, 15, 15, 10,  5,-30,
   -40,-20,  0,  5,  5,  0,-20,-40,
   -50,-40,-30,-30,-30,-30,-40,-50,
];
#[rustfmt::skip]
const BISHOP: [i32; 64] = [
   -20,-10,-10,-10,-10,-10,-10,-20,
   -10,  0,  0,  0,  0,  0,  0,-10,
   -10,  0,  5, 10, 10,  5,  0,-10,
   -10,  5,  5, 10, 10,  5,  5,-10,
   -10,  0, 10, 10, 10, 10,  0,-10,
   -10, 10, 10, 10, 10, 10, 10,-10,
   -10,  5,  0,  0,  0,  0,  5,-10,
   -20,-10,-10,-10,-10,-10,-10,-20,
];
#[rustfmt::skip]
const ROOK: [i32; 64] = [
     0,  0,  0,  0,  0,  0,  0,  0,
     5, 10, 10, 10, 10, 10, 10,  5,
    -5,  0,  0,  0,  0,  0,  0, -5,
    -5,  0,  0,  0,  0,  0,  0, -5,
    -5,  0,  0,  0,  0,  0,  0, -5,
    -5,  0,  0,  0,  0,  0,  0, -5,
    -5,  0,  0,  0,  0,  0,  0, -5,
     0,  0,  0,  5,  5,  0,  0,  0,
];
#[rustfmt::skip]
const QUEEN: [i32; 64] = [
   -20,-10,-10, -5, -5,-10,-10,-20,
   -10,  0,  0,  0,  0,  0,  0,-10,
   -10,  0,  5,  5,  5,  5,  0,-10,
    -5,  0,  5,  5,  5,  5,  0, -5,
     0,  0,  5,  5,  5,  5,  0, -5,
   -10,  5,  5,  5,  5,  5,  0,-10,
   -10,  0,  5,  0,  0,  0,  0,-10,
   -20,-10,-10, -5, -5,-10,-10,-20,
];
#[rustfmt::skip]
const KING_MG: [i32; 64] = [
   -30,-40,-40,-50,-50,-40,-40,-30,
   -30,-40,-40,-50,-50,-40,-40,-30,
   -30,-40,-40,-50,-50,-40,-40,-30,
   -30,-40,-40,-50,-50,-40,-40,-30,
   -20,-30,-30,-40,-40,-30,-30,-20,
   -10,-20,-20,-20,-20,-20,-20,-10,
    20, 20,  0,  0,  0,  0, 20, 20,
    20, 30, 10,  0,  0, 10, 30, 20,
];
#[rustfmt::skip]
const KING_EG: [i32; 64] = [
   -50,-40,-30,-20,-20,-30,-40,-50,
   -30,-20,-10,  0,  0,-10,-20,-30,
   -30,-10, 20, 30, 30, 20,-10,-30,
   -30,-10, 30, 40, 40, 30,-10,-30,
   -30,-10, 30, 40, 40, 30,-10,-30,
   -30,-10, 20, 30, 30, 20,-10,-30,
   -30,-30,  0,  0,  0,  0,-30,-30,
   -50,-30,-30,-30,-30,-30,-30,-50,
];

/// The phase weight of each piece: 24 with all pieces on the board, 0 with pawns and kings.
const fn phase_weight(role: Role) -> i32 {
    match role {
        Role::Knight | Role::Bishop => 1,
        Role::Rook => 2,
        Role::Queen => 4,
        Role::Pawn | Role::King => 0,
    }
}

const FULL_PHASE: i32 = 24;

/// The table entry of a piece of `color` on `sq`.
fn index(color: Color, sq: Square) -> usize {
    match color {
        Color::White => sq.to_usize() ^ 56,
        Color::Black => sq.to_usize(),
    }
}

/// The middlegame and endgame square bonuses of one piece.
fn square_bonus(role: Role, color: Color, sq: Square) -> (i32, i32) {
    table_bonus(role, index(color, sq))
}

/// The middlegame and endgame entries `i` of `role`'s tables.
const fn table_bonus(role: Role, i: usize) -> (i32, i32) {
    match role {
        Role::Pawn => (PAWN_MG[i], PAWN_EG[i]),
        Role::Knight => (KNIGHT[i], KNIGHT[i]),
        Role::Bishop => (BISHOP[i], BISHOP[i]),
        Role::Rook => (ROOK[i], ROOK[i]),
        Role::Queen => (QUEEN[i], QUEEN[i]),
        Role::King => (KING_MG[i], KING_EG[i]),
    }
}

/// How much better a move's target square is than its origin for the piece (middlegame tables),
/// used to order quiet moves.
#[must_use]
pub fn square_gain(role: Role, color: Color, from: Square, to: Square) -> i32 {
    square_bonus(role, color, to).0 - square_bonus(role, color, from).0
}

/// How far a square is from the centre (0 for d4-e5, 6 for a corner).
fn centre_distance(sq: Square) -> i32 {
    let file = sq.file().to_u32() as i32;
    let rank = sq.rank().to_u32() as i32;
    let df = (2 * file - 7).abs() / 2;
    let dr = (2 * rank - 7).abs() / 2;
    df + dr
}

/// A piece's value plus its square bonus, middlegame and endgame, for every colour, role and
/// square, from White's point of view (a black piece's entries are negated): computed once so
/// that the evaluation, the engine's most frequent call, only adds table entries.
struct PieceSquares {
    mg: [[[i32; 64]; 6]; 2],
    eg: [[[i32; 64]; 6]; 2],
}

const PIECE_SQUARES: PieceSquares = {
    let mut mg = [[[0; 64]; 6]; 2];
    let mut eg = [[[0; 64]; 6]; 2];
    let mut c = 0;
    while c < 2 {
        let color = if c == 0 { Color::Black } else { Color::White };
        let sign = if c == 0 { -1 } else { 1 };
        let mut r = 0;
        while r < 6 {
            let role = ROLES[r];
            let mut sq = 0;
            while sq < 64 {
                // The table entry as `index` reads it, in a const context.
                let i = match color {
                    Color::White => sq ^ 56,
                    Color::Black => sq,
                };
                let (m, e) = table_bonus(role, i);
                mg[c][r][sq] = sign * (value(role) + m);
                eg[c][r][sq] = sign * (value(role) + e);
                sq += 1;
            }
            r += 1;
        }
        c += 1;
    }
    PieceSquares { mg, eg }
};

/// The roles in `Role as usize - 1` order (shakmaty numbers them from 1).
const ROLES: [Role; 6] = [
    Role::Pawn,
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
    Role::King,
];

/// Material, squares and the rest from White's point of view.
fn white_score(board: &Board) -> i32 {
    let mut mg = 0;
    let mut eg = 0;
    let mut phase = 0;
    let mut material = [0i32; 2];
    // By colour and role, one bitboard each: the same sums as square by square, without
    // asking the board what stands on each occupied square.
    for color in Color::ALL {
        let c = color as usize;
        let ours = board.by_color(color);
        for (r, role) in ROLES.into_iter().enumerate() {
            let pieces = ours & board.by_role(role);
            if pieces.is_empty() {
                continue;
            }
            let count = pieces.count() as i32;
            if role != Role::King {
                material[c] += count * value(role);
            }
            phase += count * phase_weight(role);
            for sq in pieces {
                mg += PIECE_SQUARES.mg[c][r][sq.to_usize()];
                eg += PIECE_SQUARES.eg[c][r][sq.to_usize()];
            }
        }
    }
    finish(board, mg, eg, phase, material)
}

/// The score from the pieces' sums (values and squares, middlegame and endgame), the phase
/// weight and each side's material: blended by phase, then the pair of bishops and the push
/// of a lone king.
fn finish(board: &Board, mg: i32, eg: i32, phase: i32, material: [i32; 2]) -> i32 {
    let phase = phase.min(FULL_PHASE);
    let mut score = (mg * phase + eg * (FULL_PHASE - phase)) / FULL_PHASE;

    for color in Color::ALL {
        let sign = if color == Color::White { 1 } else { -1 };
        let bishops = board.by_piece(Role::Bishop.of(color));
        if (bishops & Bitboard::LIGHT_SQUARES).any() && (bishops & Bitboard::DARK_SQUARES).any() {
            score += sign * 30;
        }
    }

    // A won ending: drive the weaker king to the edge and bring the stronger king close, so the
    // search sees the mate coming before the 50-move rule ends the game.
    let lead = material[Color::White as usize] - material[Color::Black as usize];
    if lead.abs() >= 400 && phase <= 8 {
        let strong = if lead > 0 { Color::White } else { Color::Black };
        if let (Some(strong_king), Some(weak_king)) =
            (board.king_of(strong), board.king_of(!strong))
        {
            let weak_pawns = board.by_piece(Role::Pawn.of(!strong)).count() as i32;
            let push =
                10 * centre_distance(weak_king) + 4 * (14 - manhattan(strong_king, weak_king));
            let push = (push - 8 * weak_pawns).max(0);
            score += if strong == Color::White { push } else { -push };
        }
    }
    score
}

fn manhattan(a: Square, b: Square) -> i32 {
    (a.file().to_u32() as i32 - b.file().to_u32() as i32).abs()
        + (a.rank().to_u32() as i32 - b.rank().to_u32() as i32).abs()
}

/// The position's value for the side to move, in centipawns (no search: what stands on the
/// board).
#[must_use]
pub fn evaluate(pos: &Chess) -> i32 {
    let white = white_score(pos.board());
    match pos.turn() {
        Color::White => white,
        Color::Black => -white,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Chess {
        crate::rules::parse_fen(fen).unwrap()
    }

    /// The evaluation's first form, square by square: the oracle of the table-driven one.
    fn white_score_square_by_square(board: &Board) -> i32 {
        let mut mg = 0;
        let mut eg = 0;
        let mut phase = 0;
        let mut material = [0i32; 2];
        for (sq, piece) in board {
            let sign = if piece.color == Color::White { 1 } else { -1 };
            let (m, e) = square_bonus(piece.role, piece.color, sq);
            let v = value(piece.role);
            if piece.role != Role::King {
                material[piece.color as usize] += v;
            }
            mg += sign * (v + m);
            eg += sign * (v + e);
            phase += phase_weight(piece.role);
        }
        finish(board, mg, eg, phase, material)
    }

    proptest::proptest! {
        /// Random games from the start, and each position's evaluation is the same as the
        /// square-by-square sum's.
        #[test]
        fn the_tables_add_up_as_square_by_square(choices in proptest::collection::vec(0usize..64, 0..160)) {
            let mut pos = Chess::default();
            for choice in choices {
                proptest::prop_assert_eq!(
                    white_score(pos.board()),
                    white_score_square_by_square(pos.board())
                );
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves[choice % moves.len()];
                pos.play_unchecked(m);
            }
        }
    }

    #[test]
    fn the_start_is_level() {
        assert_eq!(evaluate(&Chess::default()), 0);
    }

    #[test]
    fn a_mirrored_position_scores_the_same_for_the_other_side() {
        let white = pos("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
        let black = pos("rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 2 3");
        assert_eq!(evaluate(&white), evaluate(&black));
    }

    #[test]
    fn an_extra_queen_counts_for_the_side_that_has_it() {
        let up = pos("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
        assert!(evaluate(&up) > 800, "{}", evaluate(&up));
        let down = pos("4k3/8/8/8/8/8/8/3QK3 b - - 0 1");
        assert!(evaluate(&down) < -800, "{}", evaluate(&down));
    }

    #[test]
    fn the_lone_king_is_better_in_the_centre_than_in_the_corner() {
        let corner = pos("k7/8/2K5/8/8/8/8/7Q b - - 0 1");
        let centre = pos("8/8/2K5/8/4k3/8/8/7Q b - - 0 1");
        assert!(evaluate(&centre) > evaluate(&corner));
    }

    #[test]
    fn a_pawn_is_worth_more_near_promotion_in_the_endgame() {
        let far = pos("4k3/8/8/8/8/8/P7/4K3 w - - 0 1");
        let near = pos("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
        assert!(evaluate(&near) > evaluate(&far) + 50);
    }
}
