//! What a legal move does: [`MoveInfo`] with its [`Effect`]s.

use shakmaty::{CastlingMode, Chess, Move, Position, san::SanPlus, uci::UciMove};

/// One thing a legal move does. The codes are those of `explain` (docs/reason-codes.md): the
/// variant's name in snake case.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, strum::IntoStaticStr)]
#[strum(serialize_all = "snake_case")]
pub enum Effect {
    /// Takes an enemy piece.
    Capture,
    /// Takes a pawn en passant.
    EnPassant,
    /// Castles.
    Castle,
    /// Promotes a pawn.
    Promotion,
    /// Gives check.
    Check,
    /// Gives check with two pieces at once.
    DoubleCheck,
    /// Mates.
    Checkmate,
    /// Leaves the opponent without a legal move, not in check.
    Stalemate,
    /// Leaves neither side able to mate: a draw.
    DrawInsufficientMaterial,
}

impl Effect {
    /// The stable code (`capture`, `en_passant`, …).
    #[must_use]
    pub fn code(self) -> &'static str {
        self.into()
    }
}

/// A legal move with its notations and effects.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveInfo {
    /// The move.
    pub mv: Move,
    /// Standard UCI (`e1g1` for short castling).
    pub uci: String,
    /// SAN with check or mate sign (`O-O+`).
    pub san: String,
    /// What it does, in a fixed order.
    pub effects: Vec<Effect>,
}

impl MoveInfo {
    /// Describes `mv`, which must be legal in `pos`.
    ///
    /// ```
    /// use chess_tutor_core::rules::{MoveInfo, Effect};
    /// use shakmaty::{Chess, Position};
    /// let pos = Chess::default();
    /// let mv = pos.legal_moves()[0];
    /// let info = MoveInfo::new(&pos, mv);
    /// assert!(info.effects.is_empty());
    /// ```
    #[must_use]
    pub fn new(pos: &Chess, mv: Move) -> MoveInfo {
        let mut effects = Vec::new();
        if mv.is_en_passant() {
            effects.push(Effect::Capture);
            effects.push(Effect::EnPassant);
        } else if mv.is_capture() {
            effects.push(Effect::Capture);
        }
        if mv.is_castle() {
            effects.push(Effect::Castle);
        }
        if mv.is_promotion() {
            effects.push(Effect::Promotion);
        }
        let mut after = pos.clone();
        after.play_unchecked(mv);
        let checkers = after.checkers();
        if checkers.any() {
            effects.push(Effect::Check);
        }
        if checkers.more_than_one() {
            effects.push(Effect::DoubleCheck);
        }
        if after.is_checkmate() {
            effects.push(Effect::Checkmate);
        } else if after.is_stalemate() {
            effects.push(Effect::Stalemate);
        } else if after.is_insufficient_material() {
            effects.push(Effect::DrawInsufficientMaterial);
        }
        MoveInfo {
            mv,
            uci: UciMove::from_move(mv, CastlingMode::Standard).to_string(),
            san: SanPlus::from_move(pos.clone(), mv).to_string(),
            effects,
        }
    }

    /// Whether the move has this effect.
    #[must_use]
    pub fn has(&self, effect: Effect) -> bool {
        self.effects.contains(&effect)
    }
}
