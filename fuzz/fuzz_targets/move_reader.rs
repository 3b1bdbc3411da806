//! The move reader and the referee: any text, against a few fixed positions, or against the
//! position of its first line when that line is a FEN (`FEN\nmove`, as `/explain` reads them).
//! A verdict is the same twice, a Legal verdict's move is legal, and its words can be written.
//! An exact reading decides: a legal move read from strict SAN is the SAN's move, and a piece
//! letter or two squares never become a legal move of another piece or from another square.

use chess_tutor_core::rules::{Lang, explain, parse_fen, parse_input, text::verdict_text};
use shakmaty::{Chess, Position, Role, Square, san::San};

const FIXED: [&str; 5] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    // Castling both ways, en passant on d6, pawns to promote by a push and by a capture.
    "r3k2r/1Pp2ppp/8/3pP3/8/8/P1PP1PPP/R3K2R w KQkq d6 0 1",
    // A pinned knight.
    "4r1k1/8/8/8/4N3/8/8/4K3 w - - 0 1",
    // Black in check, with castling rights.
    "r3k2r/8/8/8/4Q3/8/8/4K3 b kq - 0 1",
    // Checkmate: no move at all.
    "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
];

fn main() {
    let fixed: Vec<Chess> = FIXED.iter().map(|f| parse_fen(f).unwrap()).collect();
    afl::fuzz!(|data: &[u8]| {
        let Ok(text) = std::str::from_utf8(data) else {
            return;
        };
        let own;
        let (positions, input) = match text.split_once('\n').map(|(f, m)| (parse_fen(f), m)) {
            Some((Ok(pos), mv)) => {
                own = [pos];
                (&own[..], mv)
            }
            _ => (&fixed[..], text),
        };
        let _ = parse_input(input);
        for pos in positions {
            let verdict = explain(pos, input);
            assert_eq!(
                verdict,
                explain(pos, input),
                "the verdict changed on a second reading"
            );
            let san = San::from_ascii(input.as_bytes());
            if let Some(mv) = verdict.legal_move() {
                assert!(pos.is_legal(mv), "{input:?} read as the illegal {mv:?}");
                // (Rarer SAN such as `2e4` may be unreadable; never another move.)
                if let Ok(Ok(exact)) = san.clone().map(|san| san.to_move(pos)) {
                    assert_eq!(mv, exact, "{input:?} is strict SAN");
                }
                // (A bare square such as `e4` may still be any piece's move: a pawn is left out.)
                if let Ok(San::Normal { role, .. }) = san
                    && role != Role::Pawn
                {
                    assert_eq!(mv.role(), role, "{input:?} moved another piece");
                }
                let b = input.as_bytes();
                if b.len() == 4
                    && let (Ok(from), Ok(_)) =
                        (Square::from_ascii(&b[..2]), Square::from_ascii(&b[2..]))
                {
                    assert_eq!(mv.from(), Some(from), "{input:?} moved from another square");
                }
            }
            for lang in [Lang::Zh, Lang::ZhHant, Lang::En] {
                let _ = verdict_text(pos, &verdict, input, lang);
            }
        }
    });
}
