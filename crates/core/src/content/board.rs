//! Boards and moves as authors write them: a FEN, and moves in any notation the rules
//! referee reads (SAN, UCI, `e2-e4`, `马f3`, `0-0`…).

use shakmaty::{Chess, Move, fen::Fen, san::SanPlus};

use crate::rules::{self, FenError, IllegalReason, Verdict};

/// Reads a FEN into a position that can be played from.
///
/// # Errors
/// [`FenError::Syntax`] when the text is not FEN, [`FenError::Position`] when it is FEN of an
/// impossible position.
///
/// ```
/// use chess_tutor_core::content::board::read_fen;
/// use chess_tutor_core::rules::FenError;
/// assert!(read_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").is_ok());
/// assert!(matches!(read_fen("8/8/8/8/8/8/8/8 w - - 0 1"), Err(FenError::Position(_))));
/// assert!(matches!(read_fen("not a fen"), Err(FenError::Syntax(_))));
/// ```
pub fn read_fen(fen: &str) -> Result<Chess, FenError> {
    rules::parse_fen(fen)
}

/// Reads a FEN only for its syntax: the position may be impossible (for "can this position
/// occur?" questions).
///
/// # Errors
/// [`FenError::Syntax`] when the text is not FEN.
pub fn parse_fen(fen: &str) -> Result<Fen, FenError> {
    fen.trim().parse::<Fen>().map_err(FenError::Syntax)
}

/// What a move written in a content file turns out to be in a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveRead {
    /// A legal move.
    Legal(Move),
    /// A move of one of the mover's pieces that the rules forbid, and why.
    Illegal(IllegalReason),
    /// Not a move: unreadable, several moves at once, or no piece of the side to move where
    /// it says (an author's slip, not a plausible try).
    Unreadable(&'static str),
}

/// Reads `text` in `pos` with the rules referee.
///
/// ```
/// use chess_tutor_core::content::board::{read_fen, read_move, MoveRead};
/// let pos = read_fen("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1").unwrap();
/// assert!(matches!(read_move(&pos, "Ra8+"), MoveRead::Legal(_)));
/// assert!(matches!(read_move(&pos, "0-0-0"), MoveRead::Legal(_)));
/// assert!(matches!(read_move(&pos, "a1b2"), MoveRead::Illegal(_)));
/// assert!(matches!(read_move(&pos, "Nf3"), MoveRead::Unreadable(_)));
/// assert!(matches!(read_move(&pos, "hello"), MoveRead::Unreadable(_)));
/// ```
#[must_use]
pub fn read_move(pos: &Chess, text: &str) -> MoveRead {
    match rules::explain(pos, text) {
        Verdict::Legal(info) => MoveRead::Legal(info.mv),
        Verdict::Illegal(IllegalReason::NoPiece { .. }) => {
            MoveRead::Unreadable("it names no piece of the side to move")
        }
        Verdict::Illegal(IllegalReason::NotYourPiece { .. }) => {
            MoveRead::Unreadable("it moves a piece of the side not to move")
        }
        Verdict::Illegal(IllegalReason::GameOver { .. }) => {
            MoveRead::Unreadable("the game is already over")
        }
        Verdict::Illegal(reason) => MoveRead::Illegal(reason),
        Verdict::Ambiguous { .. } => MoveRead::Unreadable("it could be several moves"),
        Verdict::Unreadable => MoveRead::Unreadable("it is not a move in any notation"),
    }
}

/// The SAN of a legal move, with `+`/`#`.
#[must_use]
pub fn san_of(pos: &Chess, mv: Move) -> String {
    SanPlus::from_move(pos.clone(), mv).to_string()
}
