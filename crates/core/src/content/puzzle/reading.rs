//! Reading a puzzle's text: its FEN and its UCI moves, each checked against the position
//! where it is played. Shared by the proof (`verify`), the typed puzzle (`mate`) and the
//! import (`lichess`).

use shakmaty::uci::UciMove;
use shakmaty::{Chess, Move, Position};

/// Reads a FEN into a position with the referee's one reader, or says what is wrong.
pub(crate) fn read_fen(fen: &str) -> Result<Chess, String> {
    crate::rules::parse_fen(fen).map_err(|e| format!("FEN {fen:?}: {e}"))
}

/// Reads a UCI move that must be legal in `pos`.
pub(crate) fn read_move(pos: &Chess, uci: &str) -> Result<Move, String> {
    let parsed: UciMove = uci
        .parse()
        .map_err(|_| format!("{uci:?} is not a move in UCI notation"))?;
    parsed
        .to_move(pos)
        .map_err(|_| format!("{uci} is not legal here"))
}

/// The UCI text of a move.
pub(crate) fn uci(m: Move) -> String {
    crate::rules::notation::uci(m).to_string()
}

/// The move that led to the position: its piece must stand on the target square, its
/// from-square must be empty, and it belongs to the side not to move.
pub(crate) fn check_last_move(pos: &Chess, last: &str) -> Result<(), String> {
    let parsed: UciMove = last
        .parse()
        .map_err(|_| format!("{last:?} is not a move in UCI notation"))?;
    let UciMove::Normal { from, to, .. } = parsed else {
        return Err(format!("{last} is not a board move"));
    };
    let board = pos.board();
    let mover = !pos.turn();
    // Castling in UCI names the king's squares; the king then stands on `to`.
    match board.piece_at(to) {
        Some(piece) if piece.color == mover => {}
        _ => {
            return Err(format!(
                "no piece of the side that just moved stands on {to}"
            ));
        }
    }
    if board.piece_at(from).is_some() {
        return Err(format!("{from} is not empty after the move"));
    }
    Ok(())
}
