//! Judging positions and games: check and by whom, checkmate, stalemate, dead positions, and —
//! for a game with history — repetitions and the fifty- and seventy-five-move counts.
//!
//! shakmaty's `outcome()` knows only mate, stalemate and insufficient material; the claimable
//! draws are built here on its zobrist hash and halfmove clock.

use shakmaty::{
    Bitboard, CastlingSide, Chess, Color, EnPassantMode, Move, Position, Role, Square,
    san::SanPlus, zobrist::Zobrist64,
};

/// Why neither side can mate any more (the standard material cases).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeadMaterial {
    /// King against king.
    KingVsKing,
    /// King and one minor piece (bishop or knight) against a lone king.
    KingAndMinorVsKing {
        /// The side with the minor piece.
        side: Color,
        /// The minor piece.
        piece: Role,
    },
    /// Only bishops besides the kings, all on squares of one colour.
    BishopsOnOneColour,
}

/// What a position shows, as the lessons and the quiz ask about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PositionReport {
    /// The side to move.
    pub turn: Color,
    /// Whether the side to move is in check.
    pub in_check: bool,
    /// The pieces giving check.
    pub checkers: Vec<Square>,
    /// Checkmate: in check and no legal move.
    pub checkmate: bool,
    /// Stalemate: no legal move and not in check.
    pub stalemate: bool,
    /// A dead position by insufficient material, with the case.
    pub dead: Option<DeadMaterial>,
    /// Whether White still has mating material.
    pub white_can_mate: bool,
    /// Whether Black still has mating material.
    pub black_can_mate: bool,
}

impl PositionReport {
    /// Judges `pos`.
    ///
    /// ```
    /// use chess_tutor_core::rules::{PositionReport, DeadMaterial};
    /// use shakmaty::{Chess, CastlingMode, fen::Fen};
    /// let pos: Chess = "8/8/4k3/8/8/2K5/8/8 w - - 0 1".parse::<Fen>().unwrap()
    ///     .into_position(CastlingMode::Standard).unwrap();
    /// assert_eq!(PositionReport::of(&pos).dead, Some(DeadMaterial::KingVsKing));
    /// ```
    #[must_use]
    pub fn of(pos: &Chess) -> PositionReport {
        let checkers = pos.checkers();
        let no_moves = pos.legal_moves().is_empty();
        PositionReport {
            turn: pos.turn(),
            in_check: checkers.any(),
            checkers: checkers.into_iter().collect(),
            checkmate: no_moves && checkers.any(),
            stalemate: no_moves && !checkers.any(),
            dead: dead_material(pos),
            white_can_mate: !pos.has_insufficient_material(Color::White),
            black_can_mate: !pos.has_insufficient_material(Color::Black),
        }
    }
}

fn dead_material(pos: &Chess) -> Option<DeadMaterial> {
    if !pos.is_insufficient_material() {
        return None;
    }
    let board = pos.board();
    let minors = board.occupied() & !board.kings();
    if minors.is_empty() {
        return Some(DeadMaterial::KingVsKing);
    }
    if let (Some(sq), false) = (minors.first(), minors.more_than_one()) {
        let piece = board.piece_at(sq)?;
        return Some(DeadMaterial::KingAndMinorVsKing {
            side: piece.color,
            piece: piece.role,
        });
    }
    if (minors & !board.bishops()).is_empty()
        && ((minors & Bitboard::DARK_SQUARES).is_empty()
            || (minors & Bitboard::LIGHT_SQUARES).is_empty())
    {
        return Some(DeadMaterial::BishopsOnOneColour);
    }
    None
}

/// A repeated position: how often it occurred and at which plies (0 = the start position).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Repetition {
    /// How many times the current position has occurred.
    pub count: usize,
    /// The plies after which it stood on the board (0 = before the first move).
    pub plies: Vec<usize>,
}

/// A draw in a game with history.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameDraw {
    /// Threefold repetition: the player to move may claim a draw.
    ThreefoldRepetition(Repetition),
    /// Fivefold repetition: the game is drawn automatically.
    FivefoldRepetition(Repetition),
    /// Fifty moves by each side with no capture and no pawn move: may be claimed, also at a
    /// half-move count of 99 by writing down the move that makes 100 (FIDE Art. 9.3.1).
    FiftyMoves {
        /// Halfmoves since the last capture or pawn move.
        halfmoves: u32,
    },
    /// Seventy-five moves by each side: drawn automatically.
    SeventyFiveMoves {
        /// Halfmoves since the last capture or pawn move.
        halfmoves: u32,
    },
}

/// A game: a start position and the moves played, so that repetitions and lost castling
/// rights can be told.
#[derive(Debug, Clone)]
pub struct Game {
    positions: Vec<Chess>,
    moves: Vec<Move>,
    hashes: Vec<u64>,
}

impl Game {
    /// A game from `start` with no moves yet.
    #[must_use]
    pub fn new(start: Chess) -> Game {
        let hash = hash(&start);
        Game {
            positions: vec![start],
            moves: Vec::new(),
            hashes: vec![hash],
        }
    }

    /// The position now.
    #[must_use]
    pub fn position(&self) -> &Chess {
        self.positions
            .last()
            .expect("a game always has its start position")
    }

    /// The moves played so far.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Plays a move.
    ///
    /// # Errors
    ///
    /// Returns the move back when it is not legal in the current position.
    pub fn push(&mut self, mv: Move) -> Result<(), Move> {
        let pos = self.position();
        if !pos.is_legal(mv) {
            return Err(mv);
        }
        let mut next = pos.clone();
        next.play_unchecked(mv);
        self.hashes.push(hash(&next));
        self.positions.push(next);
        self.moves.push(mv);
        Ok(())
    }

    /// How often the current position has occurred (same pieces, side to move, castling
    /// rights and en passant possibilities), with the plies where it stood.
    #[must_use]
    pub fn repetition(&self) -> Repetition {
        let now = *self.hashes.last().expect("non-empty");
        let plies: Vec<usize> = self
            .hashes
            .iter()
            .enumerate()
            .filter(|(_, h)| **h == now)
            .map(|(i, _)| i)
            .collect();
        Repetition {
            count: plies.len(),
            plies,
        }
    }

    /// How often the position after `mv` would have occurred, counting it, with the plies
    /// where it stood before (the last entry is the ply `mv` would make): what a claim of
    /// threefold repetition by writing down the move about to be played rests on (FIDE Art.
    /// 9.2.1.1).
    #[must_use]
    pub fn repetition_after(&self, mv: Move) -> Repetition {
        let mut next = self.position().clone();
        next.play_unchecked(mv);
        let after = hash(&next);
        let mut plies: Vec<usize> = self
            .hashes
            .iter()
            .enumerate()
            .filter(|(_, h)| **h == after)
            .map(|(i, _)| i)
            .collect();
        plies.push(self.hashes.len());
        Repetition {
            count: plies.len(),
            plies,
        }
    }

    /// The position before each move and after the last, from the start.
    #[must_use]
    pub fn positions(&self) -> &[Chess] {
        &self.positions
    }

    /// Takes back the last move, if there is one.
    pub fn pop(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        self.positions.pop();
        self.hashes.pop();
        Some(mv)
    }

    /// The draw that applies now, if any: automatic draws first, then claimable ones.
    ///
    /// ```
    /// use chess_tutor_core::rules::{Game, judge::GameDraw, explain};
    /// use shakmaty::Chess;
    /// let mut game = Game::new(Chess::default());
    /// for m in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"] {
    ///     let mv = explain(game.position(), m).legal_move().unwrap();
    ///     game.push(mv).unwrap();
    /// }
    /// match game.draw() {
    ///     Some(GameDraw::ThreefoldRepetition(rep)) => assert_eq!(rep.plies, vec![0, 4, 8]),
    ///     other => panic!("{other:?}"),
    /// }
    /// ```
    #[must_use]
    pub fn draw(&self) -> Option<GameDraw> {
        let rep = self.repetition();
        let halfmoves = self.position().halfmoves();
        if rep.count >= 5 {
            Some(GameDraw::FivefoldRepetition(rep))
        } else if halfmoves >= 150 && !self.position().is_checkmate() {
            Some(GameDraw::SeventyFiveMoves { halfmoves })
        } else if rep.count >= 3 {
            Some(GameDraw::ThreefoldRepetition(rep))
        } else if halfmoves >= 100 || fifty_move_completing_move(self.position()).is_some() {
            Some(GameDraw::FiftyMoves { halfmoves })
        } else {
            None
        }
    }

    /// The move that took away `color`'s right to castle on `side`, if it happened in this game.
    #[must_use]
    pub fn castling_lost_by(&self, color: Color, side: CastlingSide) -> Option<super::RightLost> {
        for (ply, mv) in self.moves.iter().enumerate() {
            let before = &self.positions[ply];
            let after = &self.positions[ply + 1];
            if before.castles().has(color, side) && !after.castles().has(color, side) {
                return Some(super::RightLost::ByMove {
                    ply,
                    san: SanPlus::from_move(before.clone(), *mv).to_string(),
                });
            }
        }
        None
    }
}

/// A move the player to move could write down to claim under the fifty-move rule before
/// playing it: at a half-move count of 99, a legal move that is neither a pawn move nor a
/// capture makes the count 100 (FIDE Art. 9.3.1).
#[must_use]
pub fn fifty_move_completing_move(pos: &Chess) -> Option<Move> {
    if pos.halfmoves() != 99 {
        return None;
    }
    pos.legal_moves()
        .into_iter()
        .find(|m| m.role() != Role::Pawn && !m.is_capture())
}

/// Whether the player to move may claim a draw under the fifty-move rule (FIDE Art. 9.3):
/// the last fifty moves by each side were made without a pawn move or a capture (a half-move
/// count of 100 or more, 9.3.2), or the move the player writes on the scoresheet and declares
/// to the arbiter will make them so (a count of 99 and a move that is neither a pawn move nor
/// a capture, 9.3.1). A checkmate stands: the mated side has nothing to claim.
///
/// ```
/// use chess_tutor_core::rules::{judge::fifty_move_claim, parse_fen};
/// let at = |h: u32| fifty_move_claim(&parse_fen(&format!("8/8/4k3/8/8/2K5/7R/8 w - - {h} 80")).unwrap());
/// assert!(at(100));
/// assert!(at(99), "the claim by writing the move that makes 100");
/// assert!(!at(98));
/// ```
#[must_use]
pub fn fifty_move_claim(pos: &Chess) -> bool {
    if pos.is_checkmate() {
        return false;
    }
    pos.halfmoves() >= 100 || fifty_move_completing_move(pos).is_some()
}

fn hash(pos: &Chess) -> u64 {
    let h: Zobrist64 = pos.zobrist_hash(EnPassantMode::Legal);
    h.0
}

/// A draw the player to move may claim now (the game's Claim button, and every claim the
/// quiz and the lessons judge: one judge of claims).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DrawClaim {
    /// Threefold repetition: the position has stood on the board three times (`with_move`
    /// `None`), or will with this move, written down with the claim (Art. 9.2.1.1).
    Threefold {
        /// The plies after which the position stood (or will stand) on the board.
        plies: Vec<usize>,
        /// The move that makes the repetition, when it is about to appear.
        with_move: Option<Move>,
    },
    /// Fifty moves by each side without a capture or a pawn move, or fifty with this move
    /// (Art. 9.3).
    FiftyMoves {
        /// The move that completes the fifty, when it is about to be played.
        with_move: Option<Move>,
    },
}

/// The threefold-repetition claim the player to move of `game` may make now (Art. 9.2): the
/// position has stood on the board three times (`with_move` `None`), or the player writes a
/// move that makes it stand a third time (Art. 9.2.1.1). "May claim" is this; "has occurred
/// three times" is only its first half ([`Game::repetition`]).
///
/// This is the one judge of the claim: the game's Claim button, the quiz's
/// `threefold_repetition` claim and the lessons' `ask: threefold` all ask it.
///
/// ```
/// use chess_tutor_core::game::record::Record;
/// use chess_tutor_core::rules::judge::{DrawClaim, threefold_claim};
/// use chess_tutor_core::content::board::read_fen;
/// let start = read_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
/// let moves = ["h1h2", "e8e7", "h2h1", "e7e8", "h1h2", "e8e7", "h2h1", "e7e8"];
/// let record = Record::replay(start, &moves).unwrap();
/// // The position now has stood twice, but Rh2 would make one stand a third time.
/// assert_eq!(record.game().repetition().count, 2);
/// assert!(matches!(threefold_claim(record.game()), Some(DrawClaim::Threefold { with_move: Some(_), .. })));
/// ```
#[must_use]
pub fn threefold_claim(game: &Game) -> Option<DrawClaim> {
    let repetition = game.repetition();
    if repetition.count >= 3 {
        return Some(DrawClaim::Threefold {
            plies: repetition.plies,
            with_move: None,
        });
    }
    game.position()
        .legal_moves()
        .into_iter()
        .map(|m| (m, game.repetition_after(m)))
        .find(|(_, r)| r.count >= 3)
        .map(|(mv, repetition)| DrawClaim::Threefold {
            plies: repetition.plies,
            with_move: Some(mv),
        })
}

/// The fifty-move claim the player to move may make in `pos` (Art. 9.3): fifty moves by each
/// side without a capture or a pawn move, or fifty with the move written down with the claim.
#[must_use]
pub fn fifty_moves_claim(pos: &Chess) -> Option<DrawClaim> {
    // A checkmate stands: the mated side has nothing to claim (Art. 9.6.2).
    if pos.is_checkmate() {
        return None;
    }
    if pos.halfmoves() >= 100 {
        return Some(DrawClaim::FiftyMoves { with_move: None });
    }
    fifty_move_completing_move(pos).map(|mv| DrawClaim::FiftyMoves {
        with_move: Some(mv),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Chess {
        crate::rules::parse_fen(fen).unwrap()
    }

    #[test]
    fn dead_material_cases() {
        assert_eq!(
            PositionReport::of(&pos("8/8/4k3/8/8/2KN4/8/8 w - - 0 1")).dead,
            Some(DeadMaterial::KingAndMinorVsKing {
                side: Color::White,
                piece: Role::Knight
            })
        );
        assert_eq!(
            PositionReport::of(&pos("8/8/3bk3/8/8/2K1B3/8/8 w - - 0 1")).dead,
            Some(DeadMaterial::BishopsOnOneColour)
        );
        assert_eq!(
            PositionReport::of(&pos("8/8/2b1k3/8/8/2K1B3/8/8 w - - 0 1")).dead,
            None
        );
        assert_eq!(
            PositionReport::of(&pos("8/8/4k3/8/8/2K5/7P/8 w - - 0 1")).dead,
            None
        );
    }

    #[test]
    fn mate_and_stalemate() {
        let r = PositionReport::of(&pos("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1"));
        assert!(r.checkmate && r.in_check && !r.stalemate);
        assert_eq!(r.checkers, vec![Square::A8]);
        let r = PositionReport::of(&pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"));
        assert!(r.stalemate && !r.checkmate && !r.in_check);
    }

    #[test]
    fn fifty_and_seventy_five() {
        let g = Game::new(pos("8/8/4k3/8/8/2K5/7R/8 w - - 100 80"));
        assert_eq!(g.draw(), Some(GameDraw::FiftyMoves { halfmoves: 100 }));
        let g = Game::new(pos("8/8/4k3/8/8/2K5/7R/8 w - - 150 100"));
        assert_eq!(
            g.draw(),
            Some(GameDraw::SeventyFiveMoves { halfmoves: 150 })
        );
        let g = Game::new(pos("8/8/4k3/8/8/2K5/7R/8 w - - 98 80"));
        assert_eq!(g.draw(), None);
    }

    #[test]
    fn a_fifty_move_claim_at_99_by_writing_the_move_that_makes_100() {
        // FIDE 9.3.1: White may write a rook or king move and claim before playing it.
        let g = Game::new(pos("8/8/4k3/8/8/2K5/7R/8 w - - 99 80"));
        assert_eq!(g.draw(), Some(GameDraw::FiftyMoves { halfmoves: 99 }));
        assert!(fifty_move_claim(g.position()));
        let mv = fifty_move_completing_move(g.position()).expect("a quiet rook or king move");
        assert!(mv.role() != Role::Pawn && !mv.is_capture());
        // Only pawn moves and captures are left: no move makes the count 100.
        // (The knight on c3 covers b1; the king on a1 has no square, the pawns only push or take.)
        let only_zeroing = pos("7k/8/8/8/8/2n5/PP6/K7 w - - 99 80");
        assert_eq!(fifty_move_completing_move(&only_zeroing), None);
        assert!(!fifty_move_claim(&only_zeroing));
        assert_eq!(Game::new(only_zeroing).draw(), None);
        // A mate on the hundredth half-move stands.
        assert!(!fifty_move_claim(&pos("R3k3/8/4K3/8/8/8/8/8 b - - 100 80")));
    }
}
