//! The FEN reader (`/explain`, the CLI, the content files, stored games): no panic, and a
//! position it accepts writes a FEN that reads back to the same position.

use chess_tutor_core::content::board;
use chess_tutor_core::rules::{PositionReport, parse_fen};
use shakmaty::{EnPassantMode, Position, fen::Fen};

fn main() {
    afl::fuzz!(|data: &[u8]| {
        let Ok(text) = std::str::from_utf8(data) else {
            return;
        };
        // Syntax only: what "can this position occur?" questions read.
        let _ = board::parse_fen(text);
        let Ok(pos) = parse_fen(text) else {
            return;
        };
        let written = Fen::from_position(&pos, EnPassantMode::Legal).to_string();
        let again = parse_fen(&written).unwrap_or_else(|e| panic!("{written}: {e}"));
        assert_eq!(
            Fen::from_position(&again, EnPassantMode::Legal).to_string(),
            written
        );
        assert_eq!(again.legal_moves(), pos.legal_moves());
        let _ = PositionReport::of(&pos);
    });
}
