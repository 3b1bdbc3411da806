//! Boards and moves as authors write them: a FEN, and moves in SAN or UCI.
//!
//! Until the rules referee reads every notation, this reads what content files need: SAN
//! (`Nf3`, `exd6`, `e8=N`, `O-O`, `0-0-0`, with or without `+`/`#`) and UCI (`g1f3`).

use shakmaty::{
    CastlingMode, Chess, Move, Position, PositionError, Role,
    fen::Fen,
    san::{San, SanPlus},
    uci::UciMove,
};

/// Why a FEN does not give a board to play on.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// The text is not FEN at all.
    #[error("`{fen}` is not a FEN: {error}")]
    Syntax {
        /// The text as written.
        fen: String,
        /// What shakmaty says.
        error: String,
    },
    /// A well-formed FEN of a position that cannot occur (no king, side not to move in
    /// check, pawn on the first rank…).
    #[error("`{fen}` is not a legal position: {error}")]
    Illegal {
        /// The text as written.
        fen: String,
        /// What shakmaty says.
        error: String,
    },
}

/// Reads a FEN into a position that can be played from.
///
/// # Errors
/// [`BoardError::Syntax`] when the text is not FEN, [`BoardError::Illegal`] when it is FEN
/// of an impossible position.
///
/// ```
/// use chess_tutor::content::board::{read_fen, BoardError};
/// assert!(read_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").is_ok());
/// assert!(matches!(read_fen("8/8/8/8/8/8/8/8 w - - 0 1"), Err(BoardError::Illegal { .. })));
/// assert!(matches!(read_fen("not a fen"), Err(BoardError::Syntax { .. })));
/// ```
pub fn read_fen(fen: &str) -> Result<Chess, BoardError> {
    let parsed = parse_fen(fen)?;
    parsed
        .into_position(CastlingMode::Standard)
        .map_err(|e: PositionError<Chess>| BoardError::Illegal {
            fen: fen.to_owned(),
            error: e.to_string(),
        })
}

/// Reads a FEN only for its syntax: the position may be impossible.
///
/// # Errors
/// [`BoardError::Syntax`] when the text is not FEN.
pub fn parse_fen(fen: &str) -> Result<Fen, BoardError> {
    fen.trim().parse::<Fen>().map_err(|e| BoardError::Syntax {
        fen: fen.to_owned(),
        error: e.to_string(),
    })
}

/// What a move written in a content file turns out to be in a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveRead {
    /// A legal move.
    Legal(Move),
    /// Readable, and names a piece of the side to move, but not a legal move here.
    Illegal,
    /// Not a move in SAN or UCI, or it names no piece of the side to move.
    Unreadable,
}

/// Reads `text` (SAN or UCI) in `pos`.
///
/// ```
/// use chess_tutor::content::board::{read_fen, read_move, MoveRead};
/// let pos = read_fen("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1").unwrap();
/// assert!(matches!(read_move(&pos, "Ra8+"), MoveRead::Legal(_)));
/// assert!(matches!(read_move(&pos, "0-0-0"), MoveRead::Legal(_)));
/// assert!(matches!(read_move(&pos, "a1b2"), MoveRead::Illegal));
/// assert_eq!(read_move(&pos, "Nf3"), MoveRead::Unreadable);
/// assert_eq!(read_move(&pos, "hello"), MoveRead::Unreadable);
/// ```
#[must_use]
pub fn read_move(pos: &Chess, text: &str) -> MoveRead {
    let text = text.trim();
    let normalised = text.replace('0', "O");
    if let Ok(san) = SanPlus::from_ascii(normalised.as_bytes()).map(|s| s.san) {
        return match san.to_move(pos) {
            Ok(mv) => MoveRead::Legal(mv),
            Err(_) if san_names_own_piece(pos, &san) => MoveRead::Illegal,
            Err(_) => MoveRead::Unreadable,
        };
    }
    if let Ok(uci) = UciMove::from_ascii(text.as_bytes()) {
        return match uci.to_move(pos) {
            Ok(mv) => MoveRead::Legal(mv),
            Err(_) => match uci {
                UciMove::Normal { from, .. }
                    if pos
                        .board()
                        .piece_at(from)
                        .is_some_and(|p| p.color == pos.turn()) =>
                {
                    MoveRead::Illegal
                }
                _ => MoveRead::Unreadable,
            },
        };
    }
    MoveRead::Unreadable
}

fn san_names_own_piece(pos: &Chess, san: &San) -> bool {
    let ours = pos.us();
    match san {
        San::Normal { role, file, rank, .. } => {
            let mut candidates = ours & pos.board().by_role(*role);
            if let Some(f) = file {
                candidates &= shakmaty::Bitboard::from_file(*f);
            }
            if let Some(r) = rank {
                candidates &= shakmaty::Bitboard::from_rank(*r);
            }
            candidates.any()
        }
        San::Castle(_) => (ours & pos.board().by_role(Role::King)).any(),
        San::Put { .. } | San::Null => false,
    }
}

/// The SAN of a legal move, with `+`/`#`.
#[must_use]
pub fn san_of(pos: &Chess, mv: Move) -> String {
    SanPlus::from_move(pos.clone(), mv).to_string()
}
