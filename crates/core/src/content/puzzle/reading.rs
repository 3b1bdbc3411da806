//! Reading a puzzle's text: its FEN and its UCI moves, each checked against the position
//! where it is played. Shared by the proof (`verify`), the typed puzzle (`mate`) and the
//! import (`lichess`).

use shakmaty::uci::UciMove;
use shakmaty::{Chess, Move, Position, Square};

use crate::rules::FenError;

/// What is wrong with a puzzle's FEN or one of its UCI moves.
#[derive(Debug, Clone, thiserror::Error)]
pub enum PuzzleTextError {
    /// The FEN does not read, or its position cannot occur.
    #[error("FEN {fen:?}: {source}")]
    Fen {
        /// The FEN as written.
        fen: String,
        /// The referee's reason.
        source: FenError,
    },
    /// The text is not a move in UCI notation.
    #[error("{0:?} is not a move in UCI notation")]
    NotUci(String),
    /// A UCI move that is not legal in its position.
    #[error("{0} is not legal here")]
    NotLegal(String),
    /// A drop or a null move, where a move on the board is meant.
    #[error("{0} is not a board move")]
    NotABoardMove(String),
    /// The last move's target square holds no piece of the side that just moved.
    #[error("no piece of the side that just moved stands on {0}")]
    NoMoverOn(Square),
    /// The last move's from-square still holds a piece.
    #[error("{0} is not empty after the move")]
    NotEmptyAfter(Square),
}

/// Reads a FEN into a position with the referee's one reader, or says what is wrong.
pub(crate) fn read_fen(fen: &str) -> Result<Chess, PuzzleTextError> {
    crate::rules::parse_fen(fen).map_err(|source| PuzzleTextError::Fen {
        fen: fen.to_owned(),
        source,
    })
}

/// Reads a UCI move that must be legal in `pos`.
pub(crate) fn read_move(pos: &Chess, uci: &str) -> Result<Move, PuzzleTextError> {
    let parsed: UciMove = uci
        .parse()
        .map_err(|_| PuzzleTextError::NotUci(uci.to_owned()))?;
    parsed
        .to_move(pos)
        .map_err(|_| PuzzleTextError::NotLegal(uci.to_owned()))
}

/// The UCI text of a move.
pub(crate) fn uci(m: Move) -> String {
    crate::rules::notation::uci(m).to_string()
}

/// The move that led to the position: its piece must stand on the target square, its
/// from-square must be empty, and it belongs to the side not to move.
pub(crate) fn check_last_move(pos: &Chess, last: &str) -> Result<(), PuzzleTextError> {
    let parsed: UciMove = last
        .parse()
        .map_err(|_| PuzzleTextError::NotUci(last.to_owned()))?;
    let UciMove::Normal { from, to, .. } = parsed else {
        return Err(PuzzleTextError::NotABoardMove(last.to_owned()));
    };
    let board = pos.board();
    let mover = !pos.turn();
    // Castling in UCI names the king's squares; the king then stands on `to`.
    match board.piece_at(to) {
        Some(piece) if piece.color == mover => {}
        _ => {
            return Err(PuzzleTextError::NoMoverOn(to));
        }
    }
    if board.piece_at(from).is_some() {
        return Err(PuzzleTextError::NotEmptyAfter(from));
    }
    Ok(())
}
