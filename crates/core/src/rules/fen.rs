//! Reading a FEN into a validated position, with errors a content author or learner can act on.
//! A syntax error ("not a FEN") is kept apart from a position that breaks the rules ("two white
//! kings").

use shakmaty::{
    CastlingMode, Chess, PositionError,
    fen::{Fen, ParseFenError},
};

/// Why a FEN could not become a position. Each kind keeps shakmaty's own error as its
/// source (which field did not read, which rule the position breaks), and says it in its
/// message too, since content problems and the CLI print the message alone.
#[derive(Debug, Clone, thiserror::Error)]
pub enum FenError {
    /// Longer than any FEN of a real position: not read at all (a bound on untrusted input).
    #[error("not a valid FEN: too long")]
    TooLong {
        /// The length of the text, in bytes.
        len: usize,
    },
    /// The text is not FEN.
    #[error("not a valid FEN: {0}")]
    Syntax(#[source] ParseFenError),
    /// The FEN is well-formed but the position is impossible.
    #[error("impossible position: {0}")]
    Position(#[source] Box<PositionError<Chess>>),
}

impl FenError {
    /// Whether the text was not FEN at all (too long or malformed), as opposed to a FEN of an
    /// impossible position.
    pub fn is_syntax(&self) -> bool {
        matches!(self, FenError::TooLong { .. } | FenError::Syntax(_))
    }
}

/// The longest FEN read: a full board with every field at its longest fits well within it.
const MAX_FEN_LEN: usize = 128;

/// Parses `fen` (surrounding spaces ignored; missing move counters default) into a legal
/// position for standard chess.
///
/// # Errors
///
/// [`FenError::TooLong`] or [`FenError::Syntax`] for text that is not FEN, [`FenError::Position`] for a position that
/// cannot occur (a missing king, a pawn on the first rank, the side not to move in check…).
///
/// ```
/// use chess_tutor_core::rules::fen::{parse_fen, FenError};
/// assert!(parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").is_ok());
/// assert!(matches!(parse_fen("hello"), Err(FenError::Syntax(_))));
/// assert!(matches!(parse_fen("8/8/8/8/8/8/8/8 w - - 0 1"), Err(FenError::Position(_))));
/// ```
pub fn parse_fen(fen: &str) -> Result<Chess, FenError> {
    let fen = fen.trim();
    if fen.len() > MAX_FEN_LEN {
        return Err(FenError::TooLong { len: fen.len() });
    }
    let parsed: Fen = fen.parse().map_err(FenError::Syntax)?;
    parsed
        .into_position(CastlingMode::Standard)
        .map_err(|e| FenError::Position(Box::new(e)))
}
