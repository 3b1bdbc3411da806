//! Properties of the referee over positions reached by random play:
//! every legal move is called legal (from its squares, its SAN and its UCI), and every other
//! from/to pair is called illegal with a reason whose evidence squares really hold.

// One arm per reason reads better than match guards.
#![allow(clippy::collapsible_match)]

use crate::common;

use chess_tutor_core::rules::{IllegalReason, Verdict, explain, explain_squares};
use proptest::prelude::*;
use shakmaty::{
    Bitboard, CastlingMode, Chess, Color, Move, Position, Rank, Role, Square, attacks, uci::UciMove,
};

fn standard_to(m: &Move) -> Square {
    match *m {
        Move::Castle { king, rook } => {
            let file = if rook > king {
                shakmaty::File::G
            } else {
                shakmaty::File::C
            };
            Square::from_coords(file, king.rank())
        }
        _ => m.to(),
    }
}

/// Whether `sq` is attacked by `by` given `occupied`, computed from piece geometry.
fn attacks_square(pos: &Chess, from: Square, target: Square, occupied: Bitboard) -> bool {
    let Some(piece) = pos.board().piece_at(from) else {
        return false;
    };
    attacks::attacks(from, piece, occupied).contains(target)
}

fn check_reason(
    pos: &Chess,
    from: Square,
    to: Square,
    reason: &IllegalReason,
) -> Result<(), String> {
    let board = pos.board();
    let us = pos.turn();
    let occ = board.occupied();
    let fail = |what: &str| Err(format!("{what}: {reason:?}"));
    if let Some(f) = reason.from() {
        // Castling reasons name the king; all others the from-square typed.
        if f != from && !reason.code().starts_with("castling") {
            return fail("from differs");
        }
    }
    match reason {
        IllegalReason::NoPiece { .. } => {
            if board.piece_at(from).is_some() {
                return fail("no_piece but a piece stands there");
            }
        }
        IllegalReason::NotYourPiece { .. } => {
            if board.color_at(from) != Some(!us) {
                return fail("not_your_piece but it is ours");
            }
        }
        IllegalReason::OwnPieceOnTarget { .. } => {
            if board.color_at(to) != Some(us) {
                return fail("own_piece_on_target but target is not ours");
            }
        }
        IllegalReason::WrongMovement { piece, .. } => {
            // The piece really never moves that way, whatever stands on the board.
            let geometric = match piece {
                Role::Pawn => {
                    let dir: i32 = if us == Color::White { 1 } else { -1 };
                    let df = (i32::from(to.file()) - i32::from(from.file())).abs();
                    let dr = i32::from(to.rank()) - i32::from(from.rank());
                    (df == 0 && (dr == dir || dr == 2 * dir)) || (df == 1 && dr == dir)
                }
                Role::King if from.distance(to) == 2 && from.rank() == to.rank() => {
                    board.king_of(us) == Some(Square::from_coords(shakmaty::File::E, us.backrank()))
                        && from.file() == shakmaty::File::E
                }
                role => attacks::attacks(from, role.of(us), Bitboard::EMPTY).contains(to),
            };
            if geometric && from != to {
                return fail("wrong_movement for a move the piece can make");
            }
        }
        IllegalReason::PathBlocked { blocker, .. } => {
            if !(attacks::between(from, to) & occ).contains(*blocker) {
                return fail("blocker not between");
            }
        }
        IllegalReason::PawnForwardCapture { .. } => {
            if !occ.contains(to) {
                return fail("pawn_forward_capture onto an empty square");
            }
        }
        IllegalReason::KingIntoCheck { attackers, .. } => {
            let occ_after = (occ ^ from) | to;
            if attackers.is_empty() {
                return fail("no attackers");
            }
            for a in attackers {
                if board.color_at(*a) != Some(!us) || !attacks_square(pos, *a, to, occ_after) {
                    return fail("named attacker does not attack");
                }
            }
        }
        IllegalReason::Pinned { pinner, king, .. } => {
            if board.color_at(*pinner) != Some(!us) || board.king_of(us) != Some(*king) {
                return fail("pinner/king wrong");
            }
            // With the piece gone from its square, the pinner must see the king.
            let mut occ_after = (occ ^ from) | to;
            // An en passant capture also removes the captured pawn.
            if board.role_at(from) == Some(Role::Pawn) && pos.maybe_ep_square() == Some(to) {
                occ_after ^= Square::from_coords(to.file(), from.rank());
            }
            if !attacks_square(pos, *pinner, *king, occ_after)
                || attacks_square(pos, *pinner, *king, occ)
            {
                return fail("pinner does not pin");
            }
        }
        IllegalReason::StillInCheck { checkers, .. }
        | IllegalReason::DoubleCheckKingMustMove { checkers, .. } => {
            let real: Vec<Square> = pos.checkers().into_iter().collect();
            let mut named = checkers.clone();
            named.sort();
            if named != real {
                return fail("checkers differ");
            }
        }
        IllegalReason::CastlingThroughCheck {
            square, attackers, ..
        }
        | IllegalReason::CastlingIntoCheck {
            square, attackers, ..
        } => {
            for a in attackers {
                if !attacks_square(pos, *a, *square, occ ^ from) {
                    return fail("castling attacker does not attack");
                }
            }
        }
        IllegalReason::CastlingInCheck { .. } => {
            if !pos.is_check() {
                return fail("castling_in_check while not in check");
            }
        }
        IllegalReason::CastlingPiecesBetween { blockers, .. } => {
            for b in blockers {
                if !occ.contains(*b) || b.rank() != from.rank() {
                    return fail("castling blocker");
                }
            }
        }
        _ => {}
    }
    Ok(())
}

fn check_position(pos: &Chess) -> Result<usize, String> {
    let legal = pos.legal_moves();
    let mut checked = 0;
    for from in Square::ALL {
        for to in Square::ALL {
            let promotions: &[Option<Role>] = match pos.board().role_at(from) {
                Some(Role::Pawn) if matches!(to.rank(), Rank::First | Rank::Eighth) => &[
                    None,
                    Some(Role::Queen),
                    Some(Role::Knight),
                    Some(Role::King),
                ],
                _ => &[None],
            };
            for &promotion in promotions {
                let expect = legal.iter().find(|m| {
                    m.from() == Some(from)
                        && (standard_to(m) == to || (m.is_castle() && m.to() == to))
                        && m.promotion() == promotion
                });
                let verdict = explain_squares(pos, from, to, promotion);
                checked += 1;
                match (expect, &verdict) {
                    (Some(m), Verdict::Legal(info)) if info.mv == *m => {}
                    (Some(m), v) => return Err(format!("{m:?} is legal but got {v:?}")),
                    (None, Verdict::Illegal(reason)) => check_reason(pos, from, to, reason)
                        .map_err(|e| format!("{from}{to} {promotion:?}: {e}"))?,
                    (None, v) => {
                        return Err(format!("{from}{to} {promotion:?}: illegal but got {v:?}"));
                    }
                }
            }
        }
    }
    for m in &legal {
        let san = shakmaty::san::San::from_move(pos, *m).to_string();
        let uci = UciMove::from_move(*m, CastlingMode::Standard).to_string();
        for input in [san.as_str(), uci.as_str()] {
            match explain(pos, input) {
                Verdict::Legal(info) if info.mv == *m => {}
                other => return Err(format!("{input} should read as {m:?}, got {other:?}")),
            }
        }
    }
    Ok(checked)
}

/// Every pawn move of the mover written in SAN (`d4`, `d8=Q`, `cxd4`) that is not legal is
/// refused, and the refusal is about that pawn: never another piece's legal move.
fn check_pawn_san(pos: &Chess) -> Result<usize, String> {
    let us = pos.turn();
    let board = pos.board();
    let legal = pos.legal_moves();
    if legal.is_empty() {
        // The game is over: every input is answered so, whatever piece it names.
        return Ok(0);
    }
    let forward: i32 = if us == Color::White { 8 } else { -8 };
    let start = if us == Color::White {
        Rank::Second
    } else {
        Rank::Seventh
    };
    let last = if us == Color::White {
        Rank::Eighth
    } else {
        Rank::First
    };
    let mut checked = 0;
    for from in board.by_piece(Role::Pawn.of(us)) {
        let mut targets: Vec<(Square, bool)> = Vec::new();
        if let Some(one) = from.offset(forward) {
            targets.push((one, false));
            if from.rank() == start
                && let Some(two) = from.offset(2 * forward)
                // SAN `d4` names the pawn on d3 when there is one.
                && !board.by_piece(Role::Pawn.of(us)).contains(one)
            {
                targets.push((two, false));
            }
            for side in [-1, 1] {
                if let Some(file) = one.file().offset(side) {
                    targets.push((Square::from_coords(file, one.rank()), true));
                }
            }
        }
        for (to, capture) in targets {
            let promotions: &[Option<Role>] = if to.rank() == last {
                &[None, Some(Role::Queen), Some(Role::Knight)]
            } else {
                &[None]
            };
            for &promotion in promotions {
                let is_legal = legal.iter().any(|m| {
                    m.role() == Role::Pawn
                        && m.from() == Some(from)
                        && m.to() == to
                        && m.promotion() == promotion
                });
                if is_legal {
                    continue;
                }
                let mut san = if capture {
                    format!("{}x{to}", from.file().char())
                } else {
                    to.to_string()
                };
                if let Some(role) = promotion {
                    san.push('=');
                    san.push(role.upper_char());
                }
                checked += 1;
                match explain(pos, &san) {
                    Verdict::Illegal(reason) if reason.from() == Some(from) => {
                        check_reason(pos, from, to, &reason).map_err(|e| format!("{san}: {e}"))?;
                    }
                    other => {
                        return Err(format!("{san} (the pawn on {from}) got {other:?}"));
                    }
                }
            }
        }
    }
    Ok(checked)
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 256,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn an_illegal_pawn_move_in_san_is_refused_for_that_pawn(seed in any::<u64>(), plies in 0usize..120) {
        let mut rng = common::Rng::new(seed);
        let pos = common::random_position(&mut rng, plies);
        let fen = shakmaty::fen::Fen::from_position(&pos, shakmaty::EnPassantMode::Legal);
        if let Err(e) = check_pawn_san(&pos) {
            prop_assert!(false, "{fen}: {e}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 96,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn referee_agrees_with_move_generation(seed in any::<u64>(), plies in 0usize..120) {
        let mut rng = common::Rng::new(seed);
        let pos = common::random_position(&mut rng, plies);
        let fen = shakmaty::fen::Fen::from_position(&pos, shakmaty::EnPassantMode::Legal);
        if let Err(e) = check_position(&pos) {
            prop_assert!(false, "{fen}: {e}");
        }
    }
}

#[test]
fn tricky_positions_agree_with_move_generation() {
    // En passant, pins along ranks, castling in all states, promotions, double checks.
    for fen in [
        "8/8/8/K2pP2r/8/8/8/7k w - d6 0 2",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "4k3/8/3N4/8/8/8/8/4R1K1 b - - 0 1",
        "4k3/8/8/8/1b6/5n2/8/RN2K3 w - - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
        // Regression: `B5h6` (two bishops on the g-file) was read as a pawn on the b-file.
        "4b1nr/4k1bp/N2p1p2/1p2p1bP/3pP1p1/6PR/1n3K2/5BN1 b - - 5 48",
        // Regression: `d4` with the d2 pawn pinned was played as Nd4.
        "r1bqk2r/pppp1ppp/2n2n2/4p3/NbP5/5N2/PP1PPPPP/R1BQKB1R w KQkq - 1 5",
        // Regression: exd6 uncovering the b7 bishop's diagonal.
        "8/1b6/8/3pP3/8/5K2/8/7k w - d6 0 2",
    ] {
        let pos = chess_tutor_core::rules::parse_fen(fen).unwrap();
        if let Err(e) = check_position(&pos) {
            panic!("{fen}: {e}");
        }
        if let Err(e) = check_pawn_san(&pos) {
            panic!("{fen}: {e}");
        }
    }
    let _ = Color::White;
}
