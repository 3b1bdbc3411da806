//! Explanations drawn on the board: a refused move ([`IllegalReason`]), a puzzle reply or a
//! hint becomes an [`Overlay`] of marks and arrows, so the tutor shows *why* with one call.
//! It sits above `render` (which knows no chess rules) and `rules`, and maps one onto the
//! other in the drawing language of [`crate::render::marks`]:
//! - the move that was tried is a **blue arrow**; where a slide is blocked, the arrow stops at
//!   the blocker (an **orange ring**) and the rest of the way is a **dashed red line** to a
//!   **red cross** on the square it wanted;
//! - an enemy piece that matters (pinner, checker, attacker) has a **red frame**, and its line
//!   of attack is a **red arrow**;
//! - a square the piece may not go to, or the king may not stand on or cross, has a **red
//!   cross**;
//! - a square to look at (an empty from-square, a lost castling corner, a king that must move)
//!   has a **blue frame**;
//! - the opponent's reply in a puzzle is a **magenta arrow**; a hint is a **green arrow**.
//!
//! [`speech`] says a picture in words, marks included, for a learner who listens to the chat.
//!
//! ```
//! use chess_tutor_core::draw;
//! use chess_tutor_core::render::{self, BoardView};
//! use chess_tutor_core::rules::IllegalReason;
//! use shakmaty::{Role, Square};
//!
//! // Why Nc5 is refused: the knight on e4 shields its king from the rook on e8.
//! let why = IllegalReason::Pinned {
//!     piece: Role::Knight, from: Square::E4, to: Square::C5,
//!     pinner: Square::E8, king: Square::E1,
//! };
//! let view = BoardView::from_fen("4r1k1/8/8/8/4N3/8/8/4K3 w - - 0 1")
//!     .unwrap()
//!     .with_overlay(draw::reason(&why));
//! assert!(render::png(&view, 512).is_ok());
//! ```

pub mod speech;

use shakmaty::{File, Move, Square};

use crate::render::{ArrowKind, MarkKind, Overlay};
use crate::rules::IllegalReason;

/// The double step a position's en passant square says was just played (`e3`: `e2`–`e4`),
/// to tint as the last move where nothing else names it.
///
/// ```
/// use chess_tutor_core::draw::double_step;
/// use shakmaty::Square;
/// assert_eq!(double_step(Square::E3), Some((Square::E2, Square::E4)));
/// assert_eq!(double_step(Square::D6), Some((Square::D7, Square::D5)));
/// assert_eq!(double_step(Square::D4), None);
/// ```
#[must_use]
pub fn double_step(ep: Square) -> Option<(Square, Square)> {
    let file = ep.file();
    match ep.rank() {
        shakmaty::Rank::Third => Some((
            Square::from_coords(file, shakmaty::Rank::Second),
            Square::from_coords(file, shakmaty::Rank::Fourth),
        )),
        shakmaty::Rank::Sixth => Some((
            Square::from_coords(file, shakmaty::Rank::Seventh),
            Square::from_coords(file, shakmaty::Rank::Fifth),
        )),
        _ => None,
    }
}

fn attackers(o: &mut Overlay, attackers: &[Square], target: Square) {
    for &a in attackers {
        o.mark(a, MarkKind::Attacker);
        o.arrow(a, target, ArrowKind::Attack);
    }
}

/// Why a move is refused, drawn: the tried move, the pieces and squares that forbid it.
///
/// ```
/// use chess_tutor_core::draw;
/// use chess_tutor_core::render::{ArrowKind, MarkKind};
/// use chess_tutor_core::rules::IllegalReason;
/// use shakmaty::{Role, Square};
/// let pinned = IllegalReason::Pinned {
///     piece: Role::Knight, from: Square::E4, to: Square::C5,
///     pinner: Square::E8, king: Square::E1,
/// };
/// let o = draw::reason(&pinned);
/// assert!(o.marks.iter().any(|m| m.square == Square::E8 && m.kind == MarkKind::Attacker));
/// assert!(o.arrows.iter().any(|a| (a.from, a.to, a.kind) == (Square::E8, Square::E1, ArrowKind::Attack)));
/// ```
#[must_use]
pub fn reason(why: &IllegalReason) -> Overlay {
    use IllegalReason as R;
    let mut o = Overlay::default();
    // The move that was tried, as far as it is known; a blocked slide only to its blocker.
    let tried = match why {
        R::CastlingKingMoved { .. } | R::NoPiece { .. } | R::NotYourPiece { .. } => None,
        R::PathBlocked { from, blocker, .. } => Some((*from, *blocker)),
        _ => why.from().zip(why.to()),
    };
    if let Some((from, to)) = tried {
        o.arrow(from, to, ArrowKind::Move);
    }
    match why {
        R::NoPiece { from, to, .. } => o.mark(from.unwrap_or(*to), MarkKind::Highlight),
        R::NotYourPiece { from, .. } => o.mark(*from, MarkKind::Highlight),
        R::OwnPieceOnTarget { to, .. } | R::PawnForwardCapture { to, .. } => {
            o.mark(*to, MarkKind::Blocker);
        }
        R::PathBlocked { blocker, to, .. } => {
            o.mark(*blocker, MarkKind::Blocker);
            o.mark(*to, MarkKind::Forbidden);
            o.arrow(*blocker, *to, ArrowKind::Forbidden);
        }
        R::WrongMovement { to, .. }
        | R::PawnDiagonalNoCapture { to, .. }
        | R::PawnDoubleStepNotFromStart { to, .. } => o.mark(*to, MarkKind::Forbidden),
        R::EnPassantExpired { pawn, .. } => o.mark(*pawn, MarkKind::Highlight),
        R::PromotionPieceMissing { to, .. } | R::PromotionInvalidPiece { to, .. } => {
            o.mark(*to, MarkKind::Highlight);
        }
        R::PromotionNotAllowed { .. } | R::GameOver { .. } => {}
        R::KingIntoCheck {
            to, attackers: a, ..
        } => {
            o.mark(*to, MarkKind::Forbidden);
            attackers(&mut o, a, *to);
        }
        R::Pinned { pinner, king, .. } => {
            o.mark(*pinner, MarkKind::Attacker);
            o.arrow(*pinner, *king, ArrowKind::Attack);
        }
        R::EnPassantOpensRank {
            captured,
            attacker,
            king,
            ..
        }
        | R::EnPassantOpensDiagonal {
            captured,
            attacker,
            king,
            ..
        } => {
            o.mark(*captured, MarkKind::Highlight);
            o.mark(*attacker, MarkKind::Attacker);
            o.arrow(*attacker, *king, ArrowKind::Attack);
        }
        R::StillInCheck { checkers, king, .. } => attackers(&mut o, checkers, *king),
        R::DoubleCheckKingMustMove { checkers, king, .. } => {
            attackers(&mut o, checkers, *king);
            o.mark(*king, MarkKind::Highlight);
        }
        R::CastlingKingMoved { king, .. } => o.mark(*king, MarkKind::Highlight),
        R::CastlingRookMoved { castling, .. } => o.mark(castling.rook_home(), MarkKind::Highlight),
        R::CastlingRightLost { castling, .. } => {
            o.mark(castling.king_home(), MarkKind::Highlight);
            o.mark(castling.rook_home(), MarkKind::Highlight);
        }
        R::CastlingPiecesBetween { blockers, .. } => {
            for &b in blockers {
                o.mark(b, MarkKind::Blocker);
            }
        }
        R::CastlingInCheck {
            castling,
            attackers: a,
        } => attackers(&mut o, a, castling.king_home()),
        R::CastlingThroughCheck {
            square,
            attackers: a,
            ..
        }
        | R::CastlingIntoCheck {
            square,
            attackers: a,
            ..
        } => {
            o.mark(*square, MarkKind::Forbidden);
            attackers(&mut o, a, *square);
        }
    }
    o
}

/// The opponent's answer to a puzzle move, drawn: `line[0]` is the opponent's reply
/// (magenta), and the moves after it alternate between the learner (blue) and the opponent.
/// Draw the learner's own move beside it with [`ArrowKind::Move`]. Moves without a
/// from-square (drops) are skipped; castling is drawn as the king's two-square step.
///
/// ```
/// use chess_tutor_core::draw;
/// use chess_tutor_core::render::ArrowKind;
/// use shakmaty::Square;
/// let o = draw::reply_squares(&[(Square::B8, Square::E8), (Square::D5, Square::D8)]);
/// assert_eq!(o.arrows[0].kind, ArrowKind::Reply);
/// assert_eq!(o.arrows[1].kind, ArrowKind::Move);
/// ```
#[must_use]
pub fn replies(line: &[Move]) -> Overlay {
    let squares: Vec<_> = line.iter().filter_map(move_squares).collect();
    reply_squares(&squares)
}

/// [`replies`] for moves given as their two squares.
#[must_use]
pub fn reply_squares(line: &[(Square, Square)]) -> Overlay {
    let mut o = Overlay::default();
    for (i, &(from, to)) in line.iter().enumerate() {
        let kind = if i % 2 == 0 {
            ArrowKind::Reply
        } else {
            ArrowKind::Move
        };
        o.arrow(from, to, kind);
    }
    o
}

/// A suggested move (a hint or a solution step), drawn as a green arrow.
#[must_use]
pub fn hint(from: Square, to: Square) -> Overlay {
    let mut o = Overlay::default();
    o.arrow(from, to, ArrowKind::Good);
    o
}

/// The squares a move is drawn between: castling goes from the king's square to where the
/// king lands (shakmaty's `to` is the rook's square); drops have none.
#[must_use]
pub fn move_squares(m: &Move) -> Option<(Square, Square)> {
    match *m {
        Move::Castle { king, rook } => {
            let file = if rook.file() > king.file() {
                File::G
            } else {
                File::C
            };
            Some((king, Square::from_coords(file, king.rank())))
        }
        _ => m.from().map(|f| (f, m.to())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::{Arrow, Mark};
    use crate::rules::{Castling, RightLost};
    use shakmaty::{CastlingSide, Color, Role};

    fn has_mark(o: &Overlay, sq: Square, kind: MarkKind) -> bool {
        o.marks.contains(&Mark { square: sq, kind })
    }
    fn has_arrow(o: &Overlay, from: Square, to: Square, kind: ArrowKind) -> bool {
        o.arrows.contains(&Arrow { from, to, kind })
    }

    /// One value of every variant, with distinct squares.
    pub(super) fn every_reason() -> Vec<IllegalReason> {
        use IllegalReason as R;
        use Square as S;
        let ks = Castling {
            color: Color::White,
            side: CastlingSide::KingSide,
        };
        let lost = RightLost::KingOrRookMovedEarlier;
        vec![
            R::NoPiece {
                from: Some(S::E3),
                piece: None,
                to: S::E4,
            },
            R::NotYourPiece {
                from: S::E7,
                piece: Role::Pawn,
                owner: Color::Black,
                to: S::E5,
            },
            R::OwnPieceOnTarget {
                piece: Role::Rook,
                from: S::A1,
                to: S::A2,
                occupant: Role::Pawn,
            },
            R::WrongMovement {
                piece: Role::Bishop,
                from: S::C1,
                to: S::C3,
            },
            R::PathBlocked {
                piece: Role::Rook,
                from: S::A1,
                to: S::A5,
                blocker: S::A2,
            },
            R::PawnForwardCapture {
                from: S::E4,
                to: S::E5,
            },
            R::PawnDiagonalNoCapture {
                from: S::E4,
                to: S::D5,
            },
            R::PawnDoubleStepNotFromStart {
                from: S::E3,
                to: S::E5,
            },
            R::EnPassantExpired {
                from: S::E5,
                to: S::D6,
                pawn: S::D5,
            },
            R::PromotionPieceMissing {
                from: S::A7,
                to: S::A8,
            },
            R::PromotionInvalidPiece {
                from: S::A7,
                to: S::A8,
                chosen: Role::King,
            },
            R::PromotionNotAllowed {
                piece: Role::Pawn,
                from: S::A2,
                to: S::A3,
                chosen: Role::Queen,
            },
            R::KingIntoCheck {
                from: S::E1,
                to: S::E2,
                attackers: vec![S::E8, S::D4],
            },
            R::Pinned {
                piece: Role::Knight,
                from: S::E4,
                to: S::C5,
                pinner: S::E8,
                king: S::E1,
            },
            R::EnPassantOpensRank {
                from: S::E5,
                to: S::D6,
                captured: S::D5,
                attacker: S::H5,
                king: S::A5,
            },
            R::EnPassantOpensDiagonal {
                from: S::E5,
                to: S::D6,
                captured: S::D5,
                attacker: S::B7,
                king: S::F3,
            },
            R::StillInCheck {
                piece: Role::Pawn,
                from: S::A2,
                to: S::A3,
                checkers: vec![S::B4],
                king: S::E1,
            },
            R::DoubleCheckKingMustMove {
                piece: Role::Queen,
                from: S::D1,
                to: S::D2,
                checkers: vec![S::E8, S::F3],
                king: S::E1,
            },
            R::CastlingKingMoved {
                castling: ks,
                king: S::F2,
                lost: None,
            },
            R::CastlingRookMoved {
                castling: ks,
                lost: None,
            },
            R::CastlingRightLost {
                castling: ks,
                lost: lost.clone(),
            },
            R::CastlingPiecesBetween {
                castling: ks,
                blockers: vec![S::F1, S::G1],
            },
            R::CastlingInCheck {
                castling: ks,
                attackers: vec![S::E8],
            },
            R::CastlingThroughCheck {
                castling: ks,
                square: S::F1,
                attackers: vec![S::C4],
            },
            R::CastlingIntoCheck {
                castling: ks,
                square: S::G1,
                attackers: vec![S::G8],
            },
            R::GameOver {
                checkmate: true,
                side: Color::White,
            },
        ]
    }

    #[test]
    fn every_reason_draws_its_evidence() {
        for r in every_reason() {
            let o = reason(&r);
            // Every evidence square appears as a mark or at an end of an arrow.
            for (name, squares) in r.evidence() {
                for sq in squares {
                    let shown = o.marks.iter().any(|m| m.square == sq)
                        || o.arrows.iter().any(|a| a.from == sq || a.to == sq);
                    assert!(shown, "{}: {name} {sq} not drawn in {o:?}", r.code());
                }
            }
            if !matches!(r, IllegalReason::GameOver { .. }) {
                assert!(
                    !o.marks.is_empty() || !o.arrows.is_empty(),
                    "{}: nothing drawn",
                    r.code()
                );
            }
        }
    }

    #[test]
    fn pinned_draws_the_pin_line_and_the_tried_move() {
        let r = IllegalReason::Pinned {
            piece: Role::Knight,
            from: Square::E4,
            to: Square::C5,
            pinner: Square::E8,
            king: Square::E1,
        };
        let o = reason(&r);
        assert!(has_mark(&o, Square::E8, MarkKind::Attacker));
        assert!(has_arrow(&o, Square::E8, Square::E1, ArrowKind::Attack));
        assert!(has_arrow(&o, Square::E4, Square::C5, ArrowKind::Move));
    }

    #[test]
    fn king_into_check_marks_the_square_and_every_attacker() {
        let r = IllegalReason::KingIntoCheck {
            from: Square::E1,
            to: Square::E2,
            attackers: vec![Square::E8, Square::D4],
        };
        let o = reason(&r);
        assert!(has_mark(&o, Square::E2, MarkKind::Forbidden));
        for a in [Square::E8, Square::D4] {
            assert!(has_mark(&o, a, MarkKind::Attacker));
            assert!(has_arrow(&o, a, Square::E2, ArrowKind::Attack));
        }
        assert!(has_arrow(&o, Square::E1, Square::E2, ArrowKind::Move));
    }

    #[test]
    fn castling_through_check_marks_the_crossed_square() {
        let r = IllegalReason::CastlingThroughCheck {
            castling: Castling {
                color: Color::Black,
                side: CastlingSide::QueenSide,
            },
            square: Square::D8,
            attackers: vec![Square::D1],
        };
        let o = reason(&r);
        assert!(has_mark(&o, Square::D8, MarkKind::Forbidden));
        assert!(has_arrow(&o, Square::D1, Square::D8, ArrowKind::Attack));
        assert!(has_arrow(&o, Square::E8, Square::C8, ArrowKind::Move));
    }

    #[test]
    fn a_blocked_slide_stops_at_the_blocker_and_the_rest_is_forbidden() {
        let r = IllegalReason::PathBlocked {
            piece: Role::Rook,
            from: Square::A1,
            to: Square::A5,
            blocker: Square::A2,
        };
        let o = reason(&r);
        assert_eq!(
            o.marks,
            vec![
                Mark {
                    square: Square::A2,
                    kind: MarkKind::Blocker
                },
                Mark {
                    square: Square::A5,
                    kind: MarkKind::Forbidden
                }
            ]
        );
        assert_eq!(
            o.arrows,
            vec![
                Arrow {
                    from: Square::A1,
                    to: Square::A2,
                    kind: ArrowKind::Move
                },
                Arrow {
                    from: Square::A2,
                    to: Square::A5,
                    kind: ArrowKind::Forbidden
                }
            ]
        );
    }

    /// First-hour review 1.15: the learner's move and the refuting reply were both blue,
    /// because the reply alone was drawn as the first move of a line.
    #[test]
    fn the_reply_to_a_puzzle_move_is_drawn_as_a_reply_not_as_the_learners_move() {
        use shakmaty::{Chess, Position, uci::UciMove};
        let pos: Chess = "1r4k1/p1p2ppp/3p4/2pRR3/8/1P6/PqP2PPP/3Q2K1 w - - 0 21"
            .parse::<shakmaty::fen::Fen>()
            .unwrap()
            .into_position(shakmaty::CastlingMode::Standard)
            .unwrap();
        // A wrong try (Re8+?) and the reply that refutes it (Rxe8).
        let m1 = "e5e8".parse::<UciMove>().unwrap().to_move(&pos).unwrap();
        let after = pos.clone().play(m1).unwrap();
        let m2 = "b8e8".parse::<UciMove>().unwrap().to_move(&after).unwrap();
        let o = replies(&[m2]);
        assert_eq!(
            o.arrows,
            vec![Arrow {
                from: Square::B8,
                to: Square::E8,
                kind: ArrowKind::Reply
            }]
        );
        // A longer line alternates: reply, the learner's next move, the next reply.
        let o = reply_squares(&[
            (Square::B8, Square::E8),
            (Square::D5, Square::D8),
            (Square::E8, Square::D8),
        ]);
        let kinds: Vec<_> = o.arrows.iter().map(|a| a.kind).collect();
        assert_eq!(kinds, [ArrowKind::Reply, ArrowKind::Move, ArrowKind::Reply]);
    }

    #[test]
    fn castling_moves_are_drawn_as_the_king_steps() {
        let m = Move::Castle {
            king: Square::E1,
            rook: Square::H1,
        };
        assert_eq!(move_squares(&m), Some((Square::E1, Square::G1)));
        let m = Move::Castle {
            king: Square::E8,
            rook: Square::A8,
        };
        assert_eq!(move_squares(&m), Some((Square::E8, Square::C8)));
    }

    #[test]
    fn hint_is_one_green_arrow() {
        let o = hint(Square::G1, Square::F3);
        assert_eq!(o.arrows.len(), 1);
        assert_eq!(o.arrows[0].kind, ArrowKind::Good);
    }
}
