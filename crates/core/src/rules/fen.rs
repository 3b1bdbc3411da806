//! Reading a FEN into a validated position, with errors a content author or learner can act on.
//! A syntax error ("not a FEN") is kept apart from a position that breaks the rules ("two white
//! kings").

use shakmaty::{CastlingMode, Chess, fen::Fen};

/// Why a FEN could not become a position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// The text is not FEN.
    #[error("not a valid FEN: {0}")]
    Syntax(String),
    /// The FEN is well-formed but the position is impossible.
    #[error("impossible position: {0}")]
    Position(String),
}

/// Parses `fen` (surrounding spaces ignored; missing move counters default) into a legal
/// position for standard chess.
///
/// # Errors
///
/// [`FenError::Syntax`] for text that is not FEN, [`FenError::Position`] for a position that
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
    if fen.len() > 128 {
        return Err(FenError::Syntax("too long".into()));
    }
    let parsed: Fen = fen
        .parse()
        .map_err(|e: shakmaty::fen::ParseFenError| FenError::Syntax(e.to_string()))?;
    parsed
        .into_position(CastlingMode::Standard)
        .map_err(|e| FenError::Position(e.to_string()))
}
