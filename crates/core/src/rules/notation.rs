//! Moves written down: standard UCI (`e1g1` for short castling) and SAN with its check sign
//! (`Qb7#`). The one place that says how the bot writes a move.

use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Move};

/// `mv` in standard UCI, as sessions store it and `solve` prints it.
///
/// ```
/// use chess_tutor_core::rules::{notation, parse_fen};
/// use shakmaty::Position;
/// let pos = parse_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1")?;
/// let castle = pos.legal_moves().into_iter().find(|m| m.is_castle()).unwrap();
/// assert_eq!(notation::uci(castle).to_string(), "e1g1");
/// # Ok::<_, chess_tutor_core::rules::FenError>(())
/// ```
#[must_use]
pub fn uci(mv: Move) -> UciMove {
    UciMove::from_move(mv, CastlingMode::Standard)
}

/// `mv`, legal in `pos`, in SAN with its check or mate sign (`Qb7#`).
#[must_use]
pub fn san(pos: &Chess, mv: Move) -> String {
    SanPlus::from_move(pos.clone(), mv).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Position;

    #[test]
    fn every_legal_move_reads_back_from_its_uci_and_san() {
        let pos = crate::rules::parse_fen("r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1").unwrap();
        for mv in pos.legal_moves() {
            assert_eq!(uci(mv).to_move(&pos).ok(), Some(mv), "{mv:?}");
            let san = san(&pos, mv);
            let read: SanPlus = san.parse().unwrap();
            assert_eq!(read.san.to_move(&pos).ok(), Some(mv), "{san}");
        }
    }

    #[test]
    fn check_and_mate_signs() {
        let pos = crate::rules::parse_fen("6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1").unwrap();
        let mate = pos
            .legal_moves()
            .into_iter()
            .find(|m| uci(*m).to_string() == "e1e8")
            .unwrap();
        assert_eq!(san(&pos, mate), "Re8#");
    }
}
