//! Tap-to-move: a board of 64 buttons, so a beginner never needs notation.
//!
//! The learner presses "Tap to move" under a move task; the board message is replaced by the
//! same board with a button per square. Tapping one of their pieces picks it (the picture marks
//! it and dots its legal targets); tapping a square then submits the move exactly as if it had
//! been typed: the referee judges it, so an illegal target is explained with its rule. A pawn
//! reaching the last rank (tapped or typed without a piece) gets a choice of four pieces.
//!
//! The pick lives in the session, bound to the question's nonce; every button carries the
//! nonce, so a press on an old board changes nothing. This module draws the grid; picking,
//! moving and promoting are what every move task does (`move_task`), naming no activity.

use shakmaty::{CastlingMode, Chess, Color, File, Piece, Position, Rank, Role, Square};

use super::callback::Action;
use super::cx::Cx;
use super::reply::Button;
use super::words::Say;

/// The "Tap to move" button for the current question.
pub(super) fn button(cx: &Cx<'_>) -> Button {
    Button::new(
        Say::ButtonTapToMove.to(cx.lang()),
        &Action::TapBoard(cx.nonce()),
    )
}

/// A glyph for a piece: outlined for White, filled for Black, as on a diagram.
pub(super) fn glyph(piece: Piece) -> char {
    let white = piece.color == Color::White;
    match (piece.role, white) {
        (Role::King, true) => '♔',
        (Role::Queen, true) => '♕',
        (Role::Rook, true) => '♖',
        (Role::Bishop, true) => '♗',
        (Role::Knight, true) => '♘',
        (Role::Pawn, true) => '♙',
        (Role::King, false) => '♚',
        (Role::Queen, false) => '♛',
        (Role::Rook, false) => '♜',
        (Role::Bishop, false) => '♝',
        (Role::Knight, false) => '♞',
        (Role::Pawn, false) => '♟',
    }
}

/// The squares the piece on `from` may legally move to. Castling is the king's two-square
/// step (`e1g1`), as a beginner moves it, never "king takes rook".
#[must_use]
pub fn targets(pos: &Chess, from: Square) -> Vec<Square> {
    let mut out: Vec<Square> = pos
        .legal_moves()
        .iter()
        .filter(|m| m.from() == Some(from))
        .filter_map(|m| match m.to_uci(CastlingMode::Standard) {
            shakmaty::uci::UciMove::Normal { to, .. } => Some(to),
            _ => None,
        })
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// The squares top row first, left to right, as seen from `orientation`.
pub(super) fn rows(orientation: Color) -> Vec<Vec<Square>> {
    let ranks: Vec<Rank> = match orientation {
        Color::White => Rank::ALL.iter().rev().copied().collect(),
        Color::Black => Rank::ALL.to_vec(),
    };
    let files: Vec<File> = match orientation {
        Color::White => File::ALL.to_vec(),
        Color::Black => File::ALL.iter().rev().copied().collect(),
    };
    ranks
        .iter()
        .map(|&rank| {
            files
                .iter()
                .map(|&file| Square::from_coords(file, rank))
                .collect()
        })
        .collect()
}

/// What a square's button shows: the piece (`[♘]` for the picked one), `○e4` for a square
/// the picked piece may go to, `✖♟` for a capture (`✖e6` en passant), and the square's name
/// on an empty square, so that the board itself teaches the names.
fn label(pos: &Chess, square: Square, picked: Option<Square>, targets: &[Square]) -> String {
    let piece = pos.board().piece_at(square);
    let target = targets.contains(&square);
    match piece {
        Some(p) if Some(square) == picked => format!("[{}]", glyph(p)),
        Some(p) if target => format!("✖{}", glyph(p)),
        Some(p) => glyph(p).to_string(),
        // En passant: the pawn taken is not on the target square.
        None if target && picked.is_some_and(|f| is_capture(pos, f, square)) => {
            format!("✖{square}")
        }
        None if target => format!("○{square}"),
        None => square.to_string(),
    }
}

fn is_capture(pos: &Chess, from: Square, to: Square) -> bool {
    pos.legal_moves()
        .iter()
        .any(|m| m.from() == Some(from) && m.to() == to && m.is_capture())
}

/// 8 rows of 8 buttons, top row first as seen from `orientation`, each tapping its square.
pub(super) fn square_buttons(
    orientation: Color,
    nonce: u32,
    label: impl Fn(Square) -> String,
) -> Vec<Vec<Button>> {
    rows(orientation)
        .into_iter()
        .map(|row| {
            row.into_iter()
                .map(|square| Button::new(label(square), &Action::Tap { nonce, square }))
                .collect()
        })
        .collect()
}

/// The tap board: 8 rows of 8 buttons, top row first as seen from `orientation`.
#[must_use]
pub fn grid(
    pos: &Chess,
    orientation: Color,
    picked: Option<Square>,
    nonce: u32,
) -> Vec<Vec<Button>> {
    let targets = picked.map(|f| targets(pos, f)).unwrap_or_default();
    square_buttons(orientation, nonce, |square| {
        label(pos, square, picked, &targets)
    })
}

/// Whether tapping `rook` with the king on `king` picked castles: the king's step towards
/// that rook is a legal castling move.
pub(super) fn castles_with(pos: &Chess, king: Square, rook: Square) -> bool {
    pos.board().role_at(king) == Some(Role::King)
        && pos.legal_moves().iter().any(|m| {
            matches!(m, shakmaty::Move::Castle { king: k, rook: r } if *k == king && *r == rook)
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{self, Verdict};
    use proptest::prelude::*;

    fn pos(fen: &str) -> Chess {
        rules::parse_fen(fen).unwrap()
    }

    fn data_square(b: &Button) -> Square {
        match Action::decode(&b.data) {
            Some(Action::Tap { square, .. }) => square,
            other => panic!("not a tap: {other:?}"),
        }
    }

    #[test]
    fn the_grid_is_seen_from_white_with_a8_top_left() {
        let p = Chess::default();
        let g = grid(&p, Color::White, None, 4);
        assert_eq!(g.len(), 8);
        assert!(g.iter().all(|r| r.len() == 8));
        assert_eq!(data_square(&g[0][0]), Square::A8);
        assert_eq!(data_square(&g[0][7]), Square::H8);
        assert_eq!(data_square(&g[7][0]), Square::A1);
        assert_eq!(g[0][0].label, "♜");
        assert_eq!(g[7][4].label, "♔");
        assert_eq!(g[4][4].label, "e4", "an empty square shows its name");
        for b in g.iter().flatten() {
            assert!(!b.label.is_empty());
            assert!(b.data.len() <= 64);
            assert!(matches!(
                Action::decode(&b.data),
                Some(Action::Tap { nonce: 4, .. })
            ));
        }
    }

    #[test]
    fn the_grid_is_flipped_for_black() {
        let p = pos("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        let g = grid(&p, Color::Black, None, 1);
        assert_eq!(data_square(&g[0][0]), Square::H1);
        assert_eq!(data_square(&g[7][7]), Square::A8);
        assert_eq!(data_square(&g[7][3]), Square::E8);
        assert_eq!(g[7][3].label, "♚");
    }

    #[test]
    fn labels_show_the_pick_its_targets_and_captures() {
        // White knight on d4; black pawn on e6 (capturable), own pawn on b3 (blocked).
        let p = pos("4k3/8/4p3/8/3N4/1P6/8/4K3 w - - 0 1");
        let g = grid(&p, Color::White, Some(Square::D4), 0);
        let at = |sq: Square| {
            g.iter()
                .flatten()
                .find(|b| data_square(b) == sq)
                .unwrap()
                .label
                .clone()
        };
        assert_eq!(at(Square::D4), "[♘]");
        assert_eq!(at(Square::E6), "✖♟");
        assert_eq!(at(Square::C6), "○c6");
        assert_eq!(at(Square::B3), "♙");
        assert_eq!(at(Square::D5), "d5");
        assert_eq!(at(Square::E8), "♚");
    }

    #[test]
    fn a_king_then_its_rook_is_castling_only_when_castling_is_legal() {
        let p = pos("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
        assert!(castles_with(&p, Square::E1, Square::H1));
        assert!(castles_with(&p, Square::E1, Square::A1));
        assert!(
            !castles_with(&p, Square::A1, Square::E1),
            "the rook first is no castling"
        );
        let no_rights = pos("4k3/8/8/8/8/8/8/R3K2R w - - 0 1");
        assert!(!castles_with(&no_rights, Square::E1, Square::H1));
        let through_check = pos("4k3/8/8/8/2b5/8/8/R3K2R w KQ - 0 1");
        assert!(!castles_with(&through_check, Square::E1, Square::H1));
        assert!(castles_with(&through_check, Square::E1, Square::A1));
    }

    #[test]
    fn empty_squares_targets_and_captures_look_different() {
        let p = pos("4k3/8/4p3/8/3N4/8/8/4K3 w - - 0 1");
        let g = grid(&p, Color::White, Some(Square::D4), 0);
        let labels: Vec<&str> = g.iter().flatten().map(|b| b.label.as_str()).collect();
        let empty = labels
            .iter()
            .filter(|l| l.len() == 2 && l.is_ascii())
            .count();
        let targets = labels.iter().filter(|l| l.starts_with('○')).count();
        let captures = labels.iter().filter(|l| l.starts_with('✖')).count();
        assert_eq!((targets, captures), (7, 1), "{labels:?}");
        assert_eq!(empty, 64 - 3 - 7 - 1, "{labels:?}");
    }

    #[test]
    fn en_passant_and_castling_targets() {
        let p = pos("4k3/8/8/3pP3/8/8/8/R3K2R w KQ d6 0 1");
        assert_eq!(targets(&p, Square::E5), vec![Square::D6, Square::E6]);
        let g = grid(&p, Color::White, Some(Square::E5), 0);
        let d6 = g.iter().flatten().find(|b| data_square(b) == Square::D6);
        assert_eq!(d6.unwrap().label, "✖d6");
        let king = targets(&p, Square::E1);
        assert!(king.contains(&Square::G1) && king.contains(&Square::C1));
        assert!(!king.contains(&Square::H1), "castling is the king's step");
    }

    /// Every dot is a move the referee accepts, and every move it accepts is dotted: checked
    /// against the referee's own reading of the two squares, not the code under test.
    fn dots_match_the_referee(p: &Chess) {
        // And shakmaty's move list: one dot per legal move, four moves per promotion dot.
        let mut moves = 0;
        for from in Square::ALL {
            for to in targets(p, from) {
                let promotes = p.board().role_at(from) == Some(Role::Pawn)
                    && matches!(to.rank(), Rank::First | Rank::Eighth);
                moves += if promotes { 4 } else { 1 };
            }
        }
        assert_eq!(moves, p.legal_moves().len());
        for from in Square::ALL {
            let dots = targets(p, from);
            let Some(piece) = p.board().piece_at(from).filter(|x| x.color == p.turn()) else {
                assert!(dots.is_empty(), "{from}");
                continue;
            };
            for to in Square::ALL {
                let legal = |promotion| {
                    matches!(
                        rules::explain_squares(p, from, to, promotion),
                        Verdict::Legal(_)
                    )
                };
                // A tap on one of your own pieces picks it, so the referee's "king takes own
                // rook" reading of castling is never a tap target: the king's step is.
                let own = p.board().piece_at(to).is_some_and(|x| x.color == p.turn());
                let accepted =
                    !own && (legal(None) || (piece.role == Role::Pawn && legal(Some(Role::Queen))));
                assert_eq!(
                    dots.contains(&to),
                    accepted,
                    "{from}{to} in {}",
                    shakmaty::fen::Fen::from_position(p, shakmaty::EnPassantMode::Legal)
                );
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]
        #[test]
        fn dots_are_exactly_the_legal_targets(seed in proptest::collection::vec(0usize..1000, 0..40)) {
            // A random game: at each ply one of the legal moves, chosen by the seed.
            let mut p = Chess::default();
            dots_match_the_referee(&p);
            for pick in seed {
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                p.play_unchecked(moves[pick % moves.len()]);
                dots_match_the_referee(&p);
            }
        }
    }
}
