//! Why a move is refused: [`IllegalReason`], one variant per rule, each carrying the
//! squares that prove it.

use serde_json::{Map, Value, json};
use shakmaty::{CastlingSide, Color, Role, Square};

/// How a castling right came to be lost, as far as the evidence tells.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RightLost {
    /// Only a FEN is known: the king and the rook stand at home, yet the right is gone, so one
    /// of them moved earlier and came back.
    KingOrRookMovedEarlier,
    /// With game history: the move (0-based ply index and SAN) that lost the right.
    ByMove {
        /// Ply index in the game (0 = White's first move).
        ply: usize,
        /// The move in SAN, as played.
        san: String,
    },
}

/// Which side of the board a castling attempt goes to, with its squares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Castling {
    /// The side that tries to castle.
    pub color: Color,
    /// King side (short, O-O) or queen side (long, O-O-O).
    pub side: CastlingSide,
}

impl Castling {
    /// The king's home square (e1 or e8).
    #[must_use]
    pub fn king_home(self) -> Square {
        Square::from_coords(shakmaty::File::E, self.color.backrank())
    }
    /// The rook's home corner (h1, a1, h8, a8).
    #[must_use]
    pub fn rook_home(self) -> Square {
        let file = if self.side.is_king_side() {
            shakmaty::File::H
        } else {
            shakmaty::File::A
        };
        Square::from_coords(file, self.color.backrank())
    }
    /// The square the king crosses (f1 / d1).
    #[must_use]
    pub fn crossed(self) -> Square {
        self.side.rook_to(self.color)
    }
    /// The square the king lands on (g1 / c1).
    #[must_use]
    pub fn landing(self) -> Square {
        self.side.king_to(self.color)
    }
}

/// Why a move a learner tried is not allowed. An ordinary value, never an error.
///
/// Every variant names the squares that prove the rule, so that a picture can draw them and a
/// sentence can name them. Its code ([`IllegalReason::code`]) is the variant's name in
/// snake case.
#[derive(
    Debug, Clone, PartialEq, Eq, strum::IntoStaticStr, strum::VariantNames, strum::EnumDiscriminants,
)]
#[strum(serialize_all = "snake_case")]
#[strum_discriminants(
    name(Rule),
    doc = "The rule an [`IllegalReason`] names, without its squares: what a refusal is counted \
           and practised by. Its code is the reason's ([`IllegalReason::code`]).",
    derive(Hash, strum::IntoStaticStr, strum::EnumString, strum::VariantArray),
    strum(serialize_all = "snake_case")
)]
pub enum IllegalReason {
    /// The from-square is empty (or, for SAN, no piece of that kind exists).
    NoPiece {
        /// The empty square, when the input named one.
        from: Option<Square>,
        /// The kind of piece the learner asked for, when SAN named one.
        piece: Option<Role>,
        /// The target square.
        to: Square,
    },
    /// The piece on the from-square belongs to the side not to move.
    NotYourPiece {
        /// Where the opponent's piece stands.
        from: Square,
        /// Its kind.
        piece: Role,
        /// Its colour (the side not to move).
        owner: Color,
        /// Where it was sent (kept so that the try can be shown again).
        to: Square,
    },
    /// The target square holds one of the mover's own pieces.
    OwnPieceOnTarget {
        /// The moving piece.
        piece: Role,
        /// Its square.
        from: Square,
        /// The target square.
        to: Square,
        /// The own piece standing there.
        occupant: Role,
    },
    /// The piece never moves that way.
    WrongMovement {
        /// The moving piece.
        piece: Role,
        /// Its square.
        from: Square,
        /// The target square.
        to: Square,
    },
    /// A sliding piece (or a pawn's double step) meets a piece on the way.
    PathBlocked {
        /// The moving piece.
        piece: Role,
        /// Its square.
        from: Square,
        /// The target square.
        to: Square,
        /// The first piece in the way.
        blocker: Square,
    },
    /// A pawn moving straight onto an occupied square: pawns capture diagonally.
    PawnForwardCapture {
        /// The pawn's square.
        from: Square,
        /// The occupied target square.
        to: Square,
    },
    /// A pawn moving diagonally onto an empty square that is not an en passant target.
    PawnDiagonalNoCapture {
        /// The pawn's square.
        from: Square,
        /// The empty target square.
        to: Square,
    },
    /// A two-square step by a pawn that has left its starting rank.
    PawnDoubleStepNotFromStart {
        /// The pawn's square.
        from: Square,
        /// The target square.
        to: Square,
    },
    /// A diagonal step next to an enemy pawn that did not just make a double step.
    EnPassantExpired {
        /// The capturing pawn's square.
        from: Square,
        /// The empty square it wants to move to.
        to: Square,
        /// The enemy pawn beside it, which may no longer be taken en passant.
        pawn: Square,
    },
    /// A pawn reaching the last rank without saying what it becomes.
    PromotionPieceMissing {
        /// The pawn's square.
        from: Square,
        /// The square on the last rank.
        to: Square,
    },
    /// A promotion to a king or a pawn.
    PromotionInvalidPiece {
        /// The pawn's square.
        from: Square,
        /// The square on the last rank.
        to: Square,
        /// The piece asked for.
        chosen: Role,
    },
    /// A promotion letter on a move that does not take a pawn to the last rank.
    PromotionNotAllowed {
        /// The moving piece.
        piece: Role,
        /// Its square.
        from: Square,
        /// The target square.
        to: Square,
        /// The piece asked for.
        chosen: Role,
    },
    /// The king would stand on an attacked square (including next to the other king).
    KingIntoCheck {
        /// The king's square.
        from: Square,
        /// The attacked target square.
        to: Square,
        /// The enemy pieces that attack it.
        attackers: Vec<Square>,
    },
    /// Moving this piece would expose its own king.
    Pinned {
        /// The pinned piece.
        piece: Role,
        /// Its square.
        from: Square,
        /// The target square.
        to: Square,
        /// The enemy piece that pins it.
        pinner: Square,
        /// The king it shields.
        king: Square,
    },
    /// An en passant capture that takes both pawns off the king's rank at once, opening it to
    /// an enemy rook or queen. The capturing pawn is not pinned: it may still step forward.
    EnPassantOpensRank {
        /// The capturing pawn's square.
        from: Square,
        /// The en passant target square.
        to: Square,
        /// The enemy pawn that would be taken.
        captured: Square,
        /// The enemy rook or queen on the rank.
        attacker: Square,
        /// The king on that rank.
        king: Square,
    },
    /// An en passant capture that takes away the enemy pawn standing between an enemy bishop
    /// or queen and the king on a diagonal. The capturing pawn is not pinned: it may still
    /// step forward.
    EnPassantOpensDiagonal {
        /// The capturing pawn's square.
        from: Square,
        /// The en passant target square.
        to: Square,
        /// The enemy pawn that would be taken: the piece that shields the king.
        captured: Square,
        /// The enemy bishop or queen on the diagonal.
        attacker: Square,
        /// The king at the diagonal's other end.
        king: Square,
    },
    /// The side to move is in check and this move does not answer it.
    StillInCheck {
        /// The moving piece.
        piece: Role,
        /// Its square.
        from: Square,
        /// The target square.
        to: Square,
        /// The pieces giving check.
        checkers: Vec<Square>,
        /// The king in check.
        king: Square,
    },
    /// Two pieces give check: only a king move helps.
    DoubleCheckKingMustMove {
        /// The moving piece (not the king).
        piece: Role,
        /// Its square.
        from: Square,
        /// The target square.
        to: Square,
        /// Both checking pieces.
        checkers: Vec<Square>,
        /// The king in check.
        king: Square,
    },
    /// The king is not on its home square any more (or there is none there).
    CastlingKingMoved {
        /// The castling that was tried.
        castling: Castling,
        /// Where the king stands now.
        king: Square,
        /// The move that lost the right, when the game history is known.
        lost: Option<RightLost>,
    },
    /// The rook of that side is not in its corner, or has moved or been captured.
    CastlingRookMoved {
        /// The castling that was tried.
        castling: Castling,
        /// The move that lost the right, when the game history is known.
        lost: Option<RightLost>,
    },
    /// King and rook stand at home, but the right is gone: one of them moved and came back.
    CastlingRightLost {
        /// The castling that was tried.
        castling: Castling,
        /// What is known of how the right was lost.
        lost: RightLost,
    },
    /// Squares between king and rook are not empty.
    CastlingPiecesBetween {
        /// The castling that was tried.
        castling: Castling,
        /// The pieces in the way.
        blockers: Vec<Square>,
    },
    /// The king is in check now: castling is no way out of check.
    CastlingInCheck {
        /// The castling that was tried.
        castling: Castling,
        /// The checking pieces.
        attackers: Vec<Square>,
    },
    /// The king would cross an attacked square.
    CastlingThroughCheck {
        /// The castling that was tried.
        castling: Castling,
        /// The attacked square the king crosses.
        square: Square,
        /// The enemy pieces attacking it.
        attackers: Vec<Square>,
    },
    /// The king would land on an attacked square.
    CastlingIntoCheck {
        /// The castling that was tried.
        castling: Castling,
        /// The attacked landing square.
        square: Square,
        /// The enemy pieces attacking it.
        attackers: Vec<Square>,
    },
    /// The game is already over: checkmate or stalemate.
    GameOver {
        /// `true` for checkmate, `false` for stalemate.
        checkmate: bool,
        /// The side that would have to move.
        side: Color,
    },
}

impl IllegalReason {
    /// Every reason code, in the teacher's order of docs/reason-codes.md (with
    /// `castling_right_lost` and the two en passant reasons).
    pub const CODES: &'static [&'static str] = <Self as strum::VariantNames>::VARIANTS;

    /// The stable reason code of docs/reason-codes.md (`pinned`, `king_into_check`, …).
    ///
    /// ```
    /// use chess_tutor_core::rules::IllegalReason;
    /// use shakmaty::Square;
    /// let r = IllegalReason::PawnForwardCapture { from: Square::E4, to: Square::E5 };
    /// assert_eq!(r.code(), "pawn_forward_capture");
    /// ```
    #[must_use]
    pub fn code(&self) -> &'static str {
        self.into()
    }

    /// The rule, without its squares.
    ///
    /// ```
    /// use chess_tutor_core::rules::{IllegalReason, Rule};
    /// use shakmaty::Square;
    /// let r = IllegalReason::PawnForwardCapture { from: Square::E4, to: Square::E5 };
    /// assert_eq!(r.rule(), Rule::PawnForwardCapture);
    /// ```
    #[must_use]
    pub fn rule(&self) -> Rule {
        self.into()
    }

    /// The square the attempted move starts from, when there is one.
    #[must_use]
    pub fn from(&self) -> Option<Square> {
        match self {
            Self::NoPiece { from, .. } => *from,
            Self::NotYourPiece { from, .. }
            | Self::OwnPieceOnTarget { from, .. }
            | Self::WrongMovement { from, .. }
            | Self::PathBlocked { from, .. }
            | Self::PawnForwardCapture { from, .. }
            | Self::PawnDiagonalNoCapture { from, .. }
            | Self::PawnDoubleStepNotFromStart { from, .. }
            | Self::EnPassantExpired { from, .. }
            | Self::PromotionPieceMissing { from, .. }
            | Self::PromotionInvalidPiece { from, .. }
            | Self::PromotionNotAllowed { from, .. }
            | Self::KingIntoCheck { from, .. }
            | Self::Pinned { from, .. }
            | Self::EnPassantOpensRank { from, .. }
            | Self::EnPassantOpensDiagonal { from, .. }
            | Self::StillInCheck { from, .. }
            | Self::DoubleCheckKingMustMove { from, .. } => Some(*from),
            Self::CastlingKingMoved { king, .. } => Some(*king),
            Self::CastlingRookMoved { castling, .. }
            | Self::CastlingRightLost { castling, .. }
            | Self::CastlingPiecesBetween { castling, .. }
            | Self::CastlingInCheck { castling, .. }
            | Self::CastlingThroughCheck { castling, .. }
            | Self::CastlingIntoCheck { castling, .. } => Some(castling.king_home()),
            Self::GameOver { .. } => None,
        }
    }

    /// The square the attempted move goes to, when there is one.
    #[must_use]
    pub fn to(&self) -> Option<Square> {
        match self {
            Self::NoPiece { to, .. }
            | Self::OwnPieceOnTarget { to, .. }
            | Self::WrongMovement { to, .. }
            | Self::PathBlocked { to, .. }
            | Self::PawnForwardCapture { to, .. }
            | Self::PawnDiagonalNoCapture { to, .. }
            | Self::PawnDoubleStepNotFromStart { to, .. }
            | Self::EnPassantExpired { to, .. }
            | Self::PromotionPieceMissing { to, .. }
            | Self::PromotionInvalidPiece { to, .. }
            | Self::PromotionNotAllowed { to, .. }
            | Self::KingIntoCheck { to, .. }
            | Self::Pinned { to, .. }
            | Self::EnPassantOpensRank { to, .. }
            | Self::EnPassantOpensDiagonal { to, .. }
            | Self::StillInCheck { to, .. }
            | Self::DoubleCheckKingMustMove { to, .. }
            | Self::NotYourPiece { to, .. } => Some(*to),
            Self::CastlingKingMoved { castling, .. }
            | Self::CastlingRookMoved { castling, .. }
            | Self::CastlingRightLost { castling, .. }
            | Self::CastlingPiecesBetween { castling, .. }
            | Self::CastlingInCheck { castling, .. }
            | Self::CastlingThroughCheck { castling, .. }
            | Self::CastlingIntoCheck { castling, .. } => Some(castling.landing()),
            Self::GameOver { .. } => None,
        }
    }

    /// The kind of piece that tried to move, when known.
    #[must_use]
    pub fn piece(&self) -> Option<Role> {
        match self {
            Self::NoPiece { piece, .. } => *piece,
            Self::NotYourPiece { piece, .. }
            | Self::OwnPieceOnTarget { piece, .. }
            | Self::WrongMovement { piece, .. }
            | Self::PathBlocked { piece, .. }
            | Self::PromotionNotAllowed { piece, .. }
            | Self::Pinned { piece, .. }
            | Self::StillInCheck { piece, .. }
            | Self::DoubleCheckKingMustMove { piece, .. } => Some(*piece),
            Self::PawnForwardCapture { .. }
            | Self::PawnDiagonalNoCapture { .. }
            | Self::PawnDoubleStepNotFromStart { .. }
            | Self::EnPassantExpired { .. }
            | Self::EnPassantOpensRank { .. }
            | Self::EnPassantOpensDiagonal { .. }
            | Self::PromotionPieceMissing { .. }
            | Self::PromotionInvalidPiece { .. } => Some(Role::Pawn),
            Self::KingIntoCheck { .. }
            | Self::CastlingKingMoved { .. }
            | Self::CastlingRookMoved { .. }
            | Self::CastlingRightLost { .. }
            | Self::CastlingPiecesBetween { .. }
            | Self::CastlingInCheck { .. }
            | Self::CastlingThroughCheck { .. }
            | Self::CastlingIntoCheck { .. } => Some(Role::King),
            Self::GameOver { .. } => None,
        }
    }

    /// The named evidence squares, as `(name, squares)` pairs: `("pinner", [e8])`,
    /// `("checkers", [d8, b4])`… The same names are used in the JSON output.
    #[must_use]
    pub fn evidence(&self) -> Vec<(&'static str, Vec<Square>)> {
        match self {
            Self::OwnPieceOnTarget { to, .. } => vec![("occupant", vec![*to])],
            Self::PathBlocked { blocker, .. } => vec![("blocker", vec![*blocker])],
            Self::PawnForwardCapture { to, .. } => vec![("blocker", vec![*to])],
            Self::EnPassantExpired { pawn, .. } => vec![("pawn", vec![*pawn])],
            Self::KingIntoCheck { attackers, .. } => vec![("attackers", attackers.clone())],
            Self::Pinned { pinner, king, .. } => {
                vec![("pinner", vec![*pinner]), ("king", vec![*king])]
            }
            Self::EnPassantOpensRank {
                captured,
                attacker,
                king,
                ..
            }
            | Self::EnPassantOpensDiagonal {
                captured,
                attacker,
                king,
                ..
            } => vec![
                ("captured", vec![*captured]),
                ("attacker", vec![*attacker]),
                ("king", vec![*king]),
            ],
            Self::StillInCheck { checkers, king, .. }
            | Self::DoubleCheckKingMustMove { checkers, king, .. } => {
                vec![("checkers", checkers.clone()), ("king", vec![*king])]
            }
            Self::CastlingKingMoved { king, .. } => vec![("king", vec![*king])],
            Self::CastlingRookMoved { castling, .. } | Self::CastlingRightLost { castling, .. } => {
                vec![("rook_home", vec![castling.rook_home()])]
            }
            Self::CastlingPiecesBetween { blockers, .. } => vec![("blockers", blockers.clone())],
            Self::CastlingInCheck { attackers, .. } => vec![("attackers", attackers.clone())],
            Self::CastlingThroughCheck {
                square, attackers, ..
            }
            | Self::CastlingIntoCheck {
                square, attackers, ..
            } => vec![("square", vec![*square]), ("attackers", attackers.clone())],
            Self::NoPiece { .. }
            | Self::NotYourPiece { .. }
            | Self::WrongMovement { .. }
            | Self::PawnDiagonalNoCapture { .. }
            | Self::PawnDoubleStepNotFromStart { .. }
            | Self::PromotionPieceMissing { .. }
            | Self::PromotionInvalidPiece { .. }
            | Self::PromotionNotAllowed { .. }
            | Self::GameOver { .. } => vec![],
        }
    }

    /// The reason as the JSON object of `explain` (docs/reason-codes.md).
    #[must_use]
    pub fn to_json(&self) -> Value {
        let mut obj = Map::new();
        obj.insert("code".into(), json!(self.code()));
        if let Some(from) = self.from() {
            obj.insert("from".into(), json!(from.to_string()));
        }
        if let Some(to) = self.to() {
            obj.insert("to".into(), json!(to.to_string()));
        }
        if let Some(piece) = self.piece() {
            obj.insert("piece".into(), json!(piece.upper_char().to_string()));
        }
        let mut squares = Map::new();
        for (name, sqs) in self.evidence() {
            // Single-square evidence is a string, lists stay lists (docs/reason-codes.md).
            let v = match name {
                "attackers" | "checkers" | "blockers" => {
                    json!(sqs.iter().map(ToString::to_string).collect::<Vec<_>>())
                }
                _ => json!(sqs[0].to_string()),
            };
            squares.insert(name.into(), v);
        }
        obj.insert("squares".into(), Value::Object(squares));
        match self {
            Self::PromotionInvalidPiece { chosen, .. }
            | Self::PromotionNotAllowed { chosen, .. } => {
                obj.insert("chosen".into(), json!(chosen.upper_char().to_string()));
            }
            Self::CastlingKingMoved { castling, lost, .. }
            | Self::CastlingRookMoved { castling, lost } => {
                obj.insert("side".into(), json!(side_name(castling.side)));
                if let Some(RightLost::ByMove { ply, san }) = lost {
                    obj.insert("lost_by".into(), json!({"ply": ply, "san": san}));
                }
            }
            Self::CastlingRightLost { castling, lost } => {
                obj.insert("side".into(), json!(side_name(castling.side)));
                if let RightLost::ByMove { ply, san } = lost {
                    obj.insert("lost_by".into(), json!({"ply": ply, "san": san}));
                }
            }
            Self::CastlingPiecesBetween { castling, .. }
            | Self::CastlingInCheck { castling, .. }
            | Self::CastlingThroughCheck { castling, .. }
            | Self::CastlingIntoCheck { castling, .. } => {
                obj.insert("side".into(), json!(side_name(castling.side)));
            }
            Self::GameOver { checkmate, .. } => {
                obj.insert(
                    "result".into(),
                    json!(if *checkmate { "checkmate" } else { "stalemate" }),
                );
            }
            _ => {}
        }
        Value::Object(obj)
    }
}

fn side_name(side: CastlingSide) -> &'static str {
    if side.is_king_side() { "king" } else { "queen" }
}
