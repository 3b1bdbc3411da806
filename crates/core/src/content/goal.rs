//! What a move task asks for: [`Goal`], a small closed set of predicates over one move,
//! combined with `all`, `any` and `not`, evaluated in one place ([`Goal::is_met`]).
//!
//! In YAML a goal is written the way serde writes an externally tagged enum:
//!
//! ```yaml
//! goal: gives_check
//! goal: {piece_on: {square: e8, piece: R}}
//! goal: {all: [checkmate, {moved: {piece: Q}}]}
//! goal: {not: stalemate}
//! ```

use serde::{Deserialize, Deserializer};
use shakmaty::{CastlingSide, Chess, Move, Position, Role, Square};

/// A condition on one move, judged from the position before it, the move and the position
/// after it. The mover is the side to move in `before`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Goal {
    /// After the move one of the mover's pieces stands on `square` (of kind `piece`, when
    /// given): "bring the rook to e8".
    PieceOn {
        /// The target square.
        #[serde(deserialize_with = "de_square")]
        square: Square,
        /// The kind of piece that must stand there; any of the mover's pieces when absent.
        #[serde(default, deserialize_with = "de_opt_role")]
        piece: Option<Role>,
    },
    /// The move captured the piece standing on one of `squares` (for en passant, the square
    /// of the pawn taken): "capture a marked piece".
    Captured {
        /// The marked squares.
        #[serde(deserialize_with = "de_squares")]
        squares: Vec<Square>,
    },
    /// The move captured something, anything.
    Capture,
    /// The move gives check (checkmate included).
    GivesCheck,
    /// The move checkmates.
    Checkmate,
    /// The move stalemates the opponent (used mostly as `not: stalemate`).
    Stalemate,
    /// The mover was in check before the move (a legal move then always answers it).
    EscapedCheck,
    /// The move is castling, on `side` when given.
    Castled {
        /// `king` (short, O-O) or `queen` (long, O-O-O); either when absent.
        #[serde(default)]
        side: Option<Side>,
    },
    /// The move is an en passant capture.
    EnPassant,
    /// The move promotes a pawn, to `to` when given.
    Promoted {
        /// The piece the pawn must become; any when absent.
        #[serde(default, deserialize_with = "de_opt_role")]
        to: Option<Role>,
    },
    /// The moving piece is of kind `piece` and/or starts on `from`.
    Moved {
        /// The kind of the moving piece (the king, for castling).
        #[serde(default, deserialize_with = "de_opt_role")]
        piece: Option<Role>,
        /// The square the piece leaves (the king's square, for castling).
        #[serde(default, deserialize_with = "de_opt_square")]
        from: Option<Square>,
    },
    /// Every one of the goals holds.
    All(Vec<Goal>),
    /// At least one of the goals holds.
    Any(Vec<Goal>),
    /// The goal does not hold.
    Not(Box<Goal>),
}

/// What a `move` step means to accept that the outcome audit ([`super::outcome`]) would
/// otherwise refuse (YAML `allow`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Allow {
    /// The step is about drawing: an accepted move may stalemate or leave a dead position.
    Draw,
    /// The step means a sacrifice: an accepted move may lose material.
    Sacrifice,
}

/// A castling side as written in goals.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// King side: short castling, O-O.
    King,
    /// Queen side: long castling, O-O-O.
    Queen,
}

impl From<Side> for CastlingSide {
    fn from(side: Side) -> Self {
        match side {
            Side::King => CastlingSide::KingSide,
            Side::Queen => CastlingSide::QueenSide,
        }
    }
}

impl Goal {
    /// Whether the legal move `mv`, played in `before` and leading to `after`, meets the goal.
    ///
    /// ```
    /// use chess_tutor_core::content::Goal;
    /// use shakmaty::{Chess, Position, Square, Role, fen::Fen, san::San, CastlingMode};
    /// let before: Chess = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1".parse::<Fen>().unwrap()
    ///     .into_position(CastlingMode::Standard).unwrap();
    /// let mv = "Ra8".parse::<San>().unwrap().to_move(&before).unwrap();
    /// let after = before.clone().play(mv).unwrap();
    /// assert!(Goal::Checkmate.is_met(&before, mv, &after));
    /// let on_a8 = Goal::PieceOn { square: Square::A8, piece: Some(Role::Rook) };
    /// assert!(on_a8.is_met(&before, mv, &after));
    /// assert!(!Goal::Not(Box::new(Goal::GivesCheck)).is_met(&before, mv, &after));
    /// ```
    #[must_use]
    pub fn is_met(&self, before: &Chess, mv: Move, after: &Chess) -> bool {
        let mover = before.turn();
        match self {
            Self::PieceOn { square, piece } => after
                .board()
                .piece_at(*square)
                .is_some_and(|p| p.color == mover && piece.is_none_or(|r| p.role == r)),
            Self::Captured { squares } => {
                captured_square(mv).is_some_and(|sq| squares.contains(&sq))
            }
            Self::Capture => mv.is_capture(),
            Self::GivesCheck => after.is_check(),
            Self::Checkmate => after.is_checkmate(),
            Self::Stalemate => after.is_stalemate(),
            Self::EscapedCheck => before.is_check() && !king_attacked(after, mover),
            Self::Castled { side } => mv
                .castling_side()
                .is_some_and(|s| side.is_none_or(|want| s == CastlingSide::from(want))),
            Self::EnPassant => mv.is_en_passant(),
            Self::Promoted { to } => mv
                .promotion()
                .is_some_and(|r| to.is_none_or(|want| r == want)),
            Self::Moved { piece, from } => {
                piece.is_none_or(|r| mv.role() == r) && from.is_none_or(|sq| mv.from() == Some(sq))
            }
            Self::All(goals) => goals.iter().all(|g| g.is_met(before, mv, after)),
            Self::Any(goals) => goals.iter().any(|g| g.is_met(before, mv, after)),
            Self::Not(goal) => !goal.is_met(before, mv, after),
        }
    }
}

/// The square of the piece a move captures (for en passant, the passed pawn's square).
#[must_use]
pub fn captured_square(mv: Move) -> Option<Square> {
    match mv {
        Move::EnPassant { from, to } => Some(Square::from_coords(to.file(), from.rank())),
        Move::Normal {
            capture: Some(_),
            to,
            ..
        } => Some(to),
        _ => None,
    }
}

fn king_attacked(pos: &Chess, color: shakmaty::Color) -> bool {
    let board = pos.board();
    board
        .king_of(color)
        .is_some_and(|k| !board.attacks_to(k, !color, board.occupied()).is_empty())
}

/// Reads a piece kind the way authors write it: `K Q R B N P` (either case), the English
/// name (`knight`), or the Chinese one (王 后 车 象 马 兵).
///
/// ```
/// use chess_tutor_core::content::goal::parse_role;
/// use shakmaty::Role;
/// assert_eq!(parse_role("N"), Some(Role::Knight));
/// assert_eq!(parse_role("马"), Some(Role::Knight));
/// assert_eq!(parse_role("queen"), Some(Role::Queen));
/// assert_eq!(parse_role("X"), None);
/// ```
#[must_use]
pub fn parse_role(s: &str) -> Option<Role> {
    let s = s.trim();
    match s {
        "王" => return Some(Role::King),
        "后" => return Some(Role::Queen),
        "车" | "車" => return Some(Role::Rook),
        "象" => return Some(Role::Bishop),
        "马" | "馬" => return Some(Role::Knight),
        "兵" => return Some(Role::Pawn),
        _ => {}
    }
    let mut chars = s.chars();
    if let (Some(c), None) = (chars.next(), chars.next()) {
        return Role::from_char(c.to_ascii_lowercase());
    }
    match s.to_ascii_lowercase().as_str() {
        "king" => Some(Role::King),
        "queen" => Some(Role::Queen),
        "rook" => Some(Role::Rook),
        "bishop" => Some(Role::Bishop),
        "knight" => Some(Role::Knight),
        "pawn" => Some(Role::Pawn),
        _ => None,
    }
}

fn de_square<'de, D: Deserializer<'de>>(d: D) -> Result<Square, D::Error> {
    let s = String::deserialize(d)?;
    s.trim()
        .parse()
        .map_err(|_| serde::de::Error::custom(format!("`{s}` is not a square (a1 … h8)")))
}

fn de_opt_square<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Square>, D::Error> {
    de_square(d).map(Some)
}

fn de_squares<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Square>, D::Error> {
    let v = Vec::<String>::deserialize(d)?;
    v.iter()
        .map(|s| {
            s.trim()
                .parse()
                .map_err(|_| serde::de::Error::custom(format!("`{s}` is not a square (a1 … h8)")))
        })
        .collect()
}

fn de_opt_role<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Role>, D::Error> {
    let s = String::deserialize(d)?;
    parse_role(&s).map(Some).ok_or_else(|| {
        serde::de::Error::custom(format!(
            "`{s}` is not a piece (K Q R B N P, king … pawn, 王 后 车 象 马 兵)"
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{CastlingMode, fen::Fen, san::San};

    fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap()
    }

    fn met(goal: &Goal, fen: &str, san: &str) -> bool {
        let before = pos(fen);
        let mv = san.parse::<San>().unwrap().to_move(&before).unwrap();
        let after = before.clone().play(mv).unwrap();
        goal.is_met(&before, mv, &after)
    }

    fn goal(yaml: &str) -> Goal {
        serde_saphyr::from_str(yaml).unwrap()
    }

    #[test]
    fn reads_goals_from_yaml() {
        assert_eq!(goal("gives_check"), Goal::GivesCheck);
        assert_eq!(
            goal("{piece_on: {square: e8, piece: 车}}"),
            Goal::PieceOn {
                square: Square::E8,
                piece: Some(Role::Rook)
            }
        );
        assert_eq!(
            goal("{all: [checkmate, {not: capture}]}"),
            Goal::All(vec![Goal::Checkmate, Goal::Not(Box::new(Goal::Capture))])
        );
        assert_eq!(
            goal("{castled: {side: queen}}"),
            Goal::Castled {
                side: Some(Side::Queen)
            }
        );
        assert!(serde_saphyr::from_str::<Goal>("{piece_on: {square: e9}}").is_err());
        assert!(serde_saphyr::from_str::<Goal>("{promoted: {to: X}}").is_err());
        assert!(serde_saphyr::from_str::<Goal>("fly_away").is_err());
    }

    #[test]
    fn en_passant_captures_the_pawn_beside() {
        let fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";
        let g = Goal::Captured {
            squares: vec![Square::D5],
        };
        assert!(met(&g, fen, "exd6"));
        assert!(met(&Goal::EnPassant, fen, "exd6"));
        assert!(!met(&g, fen, "e6"));
        assert!(!met(&Goal::Capture, fen, "e6"));
    }

    #[test]
    fn castling_sides_and_king_moves() {
        let fen = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1";
        let short = Goal::Castled {
            side: Some(Side::King),
        };
        assert!(met(&short, fen, "O-O"));
        assert!(!met(&short, fen, "O-O-O"));
        assert!(met(&Goal::Castled { side: None }, fen, "O-O-O"));
        assert!(!met(&Goal::Castled { side: None }, fen, "Kf1"));
        let king = Goal::Moved {
            piece: Some(Role::King),
            from: Some(Square::E1),
        };
        assert!(met(&king, fen, "O-O"));
        assert!(!met(&king, fen, "Rb1"));
    }

    #[test]
    fn promotion_to_a_chosen_piece() {
        let fen = "8/4P3/8/8/8/2k5/8/K7 w - - 0 1";
        let knight = Goal::Promoted {
            to: Some(Role::Knight),
        };
        assert!(met(&knight, fen, "e8=N"));
        assert!(!met(&knight, fen, "e8=Q"));
        assert!(met(&Goal::Promoted { to: None }, fen, "e8=R"));
        assert!(!met(&Goal::Promoted { to: None }, fen, "Kb1"));
    }

    #[test]
    fn check_mate_and_stalemate() {
        let fen = "7k/Q7/6K1/8/8/8/8/8 w - - 0 1";
        assert!(met(&Goal::Checkmate, fen, "Qg7"));
        assert!(met(&Goal::GivesCheck, fen, "Qg7"));
        assert!(!met(&Goal::Stalemate, fen, "Qg7"));
        let fen = "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1";
        assert!(met(&Goal::Stalemate, fen, "Qf7"));
        assert!(!met(&Goal::GivesCheck, fen, "Qf7"));
        assert!(!met(&Goal::Stalemate, fen, "Qf8"));
    }

    #[test]
    fn escaping_a_check() {
        let fen = "4k3/8/8/8/8/8/8/r3K3 w - - 0 1";
        assert!(met(&Goal::EscapedCheck, fen, "Ke2"));
        let quiet = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
        assert!(!met(&Goal::EscapedCheck, quiet, "Ke2"));
    }
}
