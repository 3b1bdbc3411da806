//! Claims about a position that the rules engine checks: the closed set of statements a quiz
//! item may make (`legal_move`, `checkmate`, `can_castle`, …), and how each is judged.

use std::fmt;

use serde_json::{Value, json};
use shakmaty::{CastlingSide, Chess, Color, Move, Position, Square, san::San};

use crate::rules::judge::DrawClaim as GameClaim;
use crate::rules::{self, Game, IllegalReason, PositionReport, Verdict};

/// A statement about a position (the one after the item's `moves`, side to move included).
///
/// Moves are written as a learner or an author would: SAN (`Nf3`, `exd6`, `O-O`), UCI (`g1f3`)
/// or long notation (`Ng1-f3`, `e2-e4`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Claim {
    /// The side to move may play this move now.
    LegalMove {
        /// The move as written.
        mv: String,
    },
    /// The side to move may not play this move; with `reason`, the referee's reason code
    /// (`pinned`, `king_into_check`, …) must match as well.
    IllegalMove {
        /// The move as written.
        mv: String,
        /// The expected reason code, when the item names one.
        reason: Option<String>,
    },
    /// The move is legal and gives check.
    GivesCheck {
        /// The move as written.
        mv: String,
    },
    /// The move is legal and checkmates.
    GivesCheckmate {
        /// The move as written.
        mv: String,
    },
    /// The move is legal and stalemates the opponent.
    GivesStalemate {
        /// The move as written.
        mv: String,
    },
    /// The side to move is in check.
    InCheck,
    /// The side to move is in check from two pieces at once.
    DoubleCheck,
    /// The side to move is checkmated.
    Checkmate,
    /// The side to move is stalemated.
    Stalemate,
    /// The side to move has at least one legal move (neither mate nor stalemate).
    HasLegalMoves,
    /// Castling on this side is a legal move for the side to move now.
    CanCastle {
        /// King side (short) or queen side (long).
        side: CastlingSide,
    },
    /// Neither side has the material to checkmate in any way (a dead position by material).
    InsufficientMaterial,
    /// The given side (or, with `None`, either side) still has material to checkmate with.
    CanMate {
        /// The side, or `None` for "either side".
        by: Option<Color>,
    },
    /// The number of legal moves: of the piece on `square`, or of the whole side to move.
    LegalMoveCount {
        /// The piece's square, or `None` for all moves of the side to move.
        square: Option<Square>,
        /// The number of legal moves claimed.
        count: u32,
    },
    /// `square` is attacked by a piece of colour `by`.
    Attacked {
        /// The square.
        square: Square,
        /// The attacking side.
        by: Color,
    },
    /// The side to move may claim a draw by threefold repetition now (Art. 9.2): the position
    /// has stood on the board three times (same side to move, same castling and en passant
    /// possibilities), or a move written down with the claim makes one stand a third time
    /// (Art. 9.2.1.1). Judged by the game's claim judge, as the Claim button is.
    ThreefoldRepetition,
    /// The side to move may claim a draw by the fifty-move rule now (Art. 9.3): fifty moves by
    /// each side without a capture or a pawn move, or fifty with the move written down with the
    /// claim. Judged by the game's claim judge.
    FiftyMoveRule,
    /// The present position has stood on the board exactly `count` times (counting now): what
    /// "has occurred" means, apart from "may claim".
    Occurred {
        /// How many times.
        count: u32,
    },
}

/// Every claim kind, as written in YAML.
pub const CLAIM_KINDS: &[&str] = &[
    "legal_move",
    "illegal_move",
    "gives_check",
    "gives_checkmate",
    "gives_stalemate",
    "in_check",
    "double_check",
    "checkmate",
    "stalemate",
    "has_legal_moves",
    "can_castle",
    "insufficient_material",
    "can_mate",
    "legal_move_count",
    "attacked",
    "threefold_repetition",
    "fifty_move_rule",
    "occurred",
];

/// The reason codes (docs/reason-codes.md) that an `illegal_move` claim may name.
pub const REASON_CODES: &[&str] = crate::rules::IllegalReason::CODES;

impl Claim {
    /// The claim's kind as written in YAML (`legal_move`, `checkmate`, …).
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            Self::LegalMove { .. } => "legal_move",
            Self::IllegalMove { .. } => "illegal_move",
            Self::GivesCheck { .. } => "gives_check",
            Self::GivesCheckmate { .. } => "gives_checkmate",
            Self::GivesStalemate { .. } => "gives_stalemate",
            Self::InCheck => "in_check",
            Self::DoubleCheck => "double_check",
            Self::Checkmate => "checkmate",
            Self::Stalemate => "stalemate",
            Self::HasLegalMoves => "has_legal_moves",
            Self::CanCastle { .. } => "can_castle",
            Self::InsufficientMaterial => "insufficient_material",
            Self::CanMate { .. } => "can_mate",
            Self::LegalMoveCount { .. } => "legal_move_count",
            Self::Attacked { .. } => "attacked",
            Self::ThreefoldRepetition => "threefold_repetition",
            Self::FiftyMoveRule => "fifty_move_rule",
            Self::Occurred { .. } => "occurred",
        }
    }

    /// The claim as a JSON object in the YAML's shape (`{"kind": "legal_move", "move": "Nf3"}`).
    #[must_use]
    pub fn to_json(&self) -> Value {
        let mut v = json!({ "kind": self.kind() });
        let obj = v.as_object_mut().expect("json! object");
        match self {
            Self::LegalMove { mv }
            | Self::GivesCheck { mv }
            | Self::GivesCheckmate { mv }
            | Self::GivesStalemate { mv } => {
                obj.insert("move".into(), json!(mv));
            }
            Self::IllegalMove { mv, reason } => {
                obj.insert("move".into(), json!(mv));
                if let Some(r) = reason {
                    obj.insert("reason".into(), json!(r));
                }
            }
            Self::CanCastle { side } => {
                obj.insert("side".into(), json!(side_name(*side)));
            }
            Self::CanMate { by } => {
                if let Some(c) = by {
                    obj.insert("by".into(), json!(c.to_string()));
                }
            }
            Self::LegalMoveCount { square, count } => {
                if let Some(sq) = square {
                    obj.insert("square".into(), json!(sq.to_string()));
                }
                obj.insert("count".into(), json!(count));
            }
            Self::Occurred { count } => {
                obj.insert("count".into(), json!(count));
            }
            Self::Attacked { square, by } => {
                obj.insert("square".into(), json!(square.to_string()));
                obj.insert("by".into(), json!(by.to_string()));
            }
            Self::InCheck
            | Self::DoubleCheck
            | Self::Checkmate
            | Self::Stalemate
            | Self::HasLegalMoves
            | Self::InsufficientMaterial
            | Self::ThreefoldRepetition
            | Self::FiftyMoveRule => {}
        }
        v
    }

    /// Judges the claim in `situation`.
    ///
    /// # Errors
    ///
    /// [`ClaimError`] when the claim cannot be judged at all: its move is unreadable or
    /// ambiguous. That is an authoring problem, not a false claim.
    pub fn judge(&self, situation: &Situation) -> Result<Finding, ClaimError> {
        let pos = situation.position();
        let side = pos.turn();
        let finding = match self {
            Self::LegalMove { mv } => match read_move(pos, mv)? {
                Ok(_) => Finding::yes(format!("{mv} is legal")),
                Err(r) => Finding::no(format!("{mv} is illegal here ({})", r.code())),
            },
            Self::IllegalMove { mv, reason } => match read_move(pos, mv)? {
                Ok(_) => Finding::no(format!("{mv} is a legal move here")),
                Err(got) => match reason {
                    Some(want) if want != got.code() => Finding::no(format!(
                        "{mv} is illegal, but the referee's reason is `{}`, not `{want}`",
                        got.code()
                    )),
                    _ => Finding::yes(format!("{mv} is illegal ({})", got.code())),
                },
            },
            Self::GivesCheck { mv } | Self::GivesCheckmate { mv } | Self::GivesStalemate { mv } => {
                match read_move(pos, mv)? {
                    Err(r) => Finding::no(format!("{mv} is not even legal here ({})", r.code())),
                    Ok(m) => {
                        let after = crate::rules::after(pos, m);
                        let (holds, what) = match self {
                            Self::GivesCheck { .. } => (after.is_check(), "check"),
                            Self::GivesCheckmate { .. } => (after.is_checkmate(), "checkmate"),
                            _ => (after.is_stalemate(), "stalemate"),
                        };
                        Finding::new(
                            holds,
                            if holds {
                                format!("{mv} gives {what}")
                            } else {
                                format!("{mv} does not give {what}")
                            },
                        )
                    }
                }
            }
            Self::InCheck => {
                let checkers = pos.checkers();
                Finding::new(
                    checkers.any(),
                    format!(
                        "{side} is {}in check",
                        if checkers.any() { "" } else { "not " }
                    ),
                )
            }
            Self::DoubleCheck => {
                let n = pos.checkers().count();
                Finding::new(n >= 2, format!("{side} is checked by {n} piece(s)"))
            }
            Self::Checkmate | Self::Stalemate | Self::HasLegalMoves => {
                let moves = pos.legal_moves();
                let status = if moves.is_empty() {
                    if pos.is_check() {
                        "checkmated"
                    } else {
                        "stalemated"
                    }
                } else if pos.is_check() {
                    "in check with legal moves"
                } else {
                    "not in check and has legal moves"
                };
                let holds = match self {
                    Self::Checkmate => pos.is_checkmate(),
                    Self::Stalemate => pos.is_stalemate(),
                    _ => !moves.is_empty(),
                };
                let mut detail = format!("{side} is {status}");
                if let Some(m) = moves.first() {
                    detail.push_str(&format!(" (e.g. {})", San::from_move(pos, *m)));
                }
                Finding::new(holds, detail)
            }
            Self::CanCastle { side: cs } => {
                let holds = !pos.castling_moves(*cs).is_empty();
                Finding::new(
                    holds,
                    format!(
                        "{side} {} castle {}",
                        if holds { "may" } else { "may not" },
                        side_name(*cs)
                    ),
                )
            }
            Self::InsufficientMaterial => {
                let holds = PositionReport::of(pos).dead.is_some();
                Finding::new(
                    holds,
                    if holds {
                        "neither side has mating material".to_string()
                    } else {
                        "some side still has mating material".to_string()
                    },
                )
            }
            Self::CanMate { by } => {
                let colors: Vec<Color> =
                    by.map_or_else(|| vec![Color::White, Color::Black], |c| vec![c]);
                let report = PositionReport::of(pos);
                let can: Vec<Color> = colors
                    .into_iter()
                    .filter(|c| match c {
                        Color::White => report.white_can_mate,
                        Color::Black => report.black_can_mate,
                    })
                    .collect();
                Finding::new(
                    !can.is_empty(),
                    if can.is_empty() {
                        "no side in question has mating material".to_string()
                    } else {
                        format!(
                            "mating material: {}",
                            can.iter()
                                .map(ToString::to_string)
                                .collect::<Vec<_>>()
                                .join(", ")
                        )
                    },
                )
            }
            Self::LegalMoveCount { square, count } => {
                let moves = pos.legal_moves();
                let n = moves
                    .iter()
                    .filter(|m| square.is_none_or(|sq| m.from() == Some(sq)))
                    .count();
                let n = u32::try_from(n).unwrap_or(u32::MAX);
                let whose =
                    square.map_or_else(|| format!("{side}"), |sq| format!("the piece on {sq}"));
                Finding::new(
                    n == *count,
                    format!("{whose} has {n} legal move(s), the claim says {count}"),
                )
            }
            Self::Attacked { square, by } => {
                let attackers = pos.board().attacks_to(*square, *by, pos.board().occupied());
                Finding::new(
                    attackers.any(),
                    format!(
                        "{square} is attacked by {} {by} piece(s)",
                        attackers.count()
                    ),
                )
            }
            Self::ThreefoldRepetition => {
                let n = situation.occurrences();
                match crate::rules::judge::threefold_claim(situation.game()) {
                    Some(GameClaim::Threefold {
                        with_move: Some(mv),
                        ..
                    }) => Finding::yes(format!(
                        "the position has occurred {n} time(s), and {} would make one occur a third time: the game's claim judge lets {side} claim with it (Art. 9.2.1.1)",
                        San::from_move(pos, mv)
                    )),
                    Some(_) => Finding::yes(format!(
                        "the position has occurred {n} times: {side} may claim (Art. 9.2.1.2)"
                    )),
                    None => Finding::no(format!(
                        "the position has occurred {n} time(s), and no move makes one occur a third time: the game's claim judge allows no claim"
                    )),
                }
            }
            Self::FiftyMoveRule => {
                let h = pos.halfmoves();
                match crate::rules::judge::fifty_moves_claim(pos) {
                    Some(GameClaim::FiftyMoves {
                        with_move: Some(mv),
                    }) => Finding::yes(format!(
                        "the halfmove clock is {h}, and {} (no pawn move, no capture) would make it 100 (FIDE 9.3.1)",
                        San::from_move(pos, mv)
                    )),
                    Some(_) => Finding::yes(format!("the halfmove clock is {h}")),
                    None => Finding::no(format!("the halfmove clock is {h}")),
                }
            }
            Self::Occurred { count } => {
                let n = situation.occurrences();
                Finding::new(
                    u32::try_from(n).is_ok_and(|n| n == *count),
                    format!("the position has occurred {n} time(s), the claim says {count}"),
                )
            }
        };
        Ok(finding)
    }
}

impl fmt::Display for Claim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_json())
    }
}

/// `king` / `queen`, as written in YAML.
#[must_use]
pub fn side_name(side: CastlingSide) -> &'static str {
    if side.is_king_side() { "king" } else { "queen" }
}

/// The outcome of judging a claim: whether it holds, and a short English note for authors.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// The claim is true in the position.
    pub holds: bool,
    /// What the engine found, for `check` messages (English, for authors).
    pub detail: String,
}

impl Finding {
    fn new(holds: bool, detail: String) -> Self {
        Self { holds, detail }
    }
    fn yes(detail: String) -> Self {
        Self::new(true, detail)
    }
    fn no(detail: String) -> Self {
        Self::new(false, detail)
    }
}

/// Why a claim could not be judged at all.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ClaimError {
    /// The move is in no notation the engine reads.
    #[error("cannot read the move `{0}` (write SAN like Nf3, UCI like g1f3, or Ng1-f3)")]
    Unreadable(String),
    /// Several legal moves fit the move as written.
    #[error("the move `{0}` is ambiguous here: say which piece moves")]
    Ambiguous(String),
}

/// A position with its history (a [`Game`]), for claims that need it (repetition).
#[derive(Debug, Clone)]
pub struct Situation {
    game: Game,
}

impl Situation {
    /// A situation with no earlier history.
    #[must_use]
    pub fn new(position: Chess) -> Self {
        Self {
            game: Game::new(position),
        }
    }

    /// The position the claims talk about.
    #[must_use]
    pub fn position(&self) -> &Chess {
        self.game.position()
    }

    /// The game, with its history.
    #[must_use]
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Plays a move.
    ///
    /// # Errors
    ///
    /// Returns the move back when it is not legal now.
    pub fn play(&mut self, m: Move) -> Result<(), Move> {
        self.game.push(m)
    }

    /// How many times the current position has occurred (counting now).
    #[must_use]
    pub fn occurrences(&self) -> usize {
        self.game.repetition().count
    }
}

/// Reads a move written by an author with the referee (SAN, UCI, `Ng1-f3`, `0-0`, `马f3`…):
/// `Ok(Ok(m))` when legal, `Ok(Err(reason))` when readable but not legal here.
///
/// # Errors
///
/// [`ClaimError`] when unreadable or ambiguous.
pub fn read_move(pos: &Chess, text: &str) -> Result<Result<Move, IllegalReason>, ClaimError> {
    match rules::explain(pos, text) {
        Verdict::Legal(info) => Ok(Ok(info.mv)),
        Verdict::Illegal(reason) => Ok(Err(reason)),
        Verdict::Ambiguous { .. } => Err(ClaimError::Ambiguous(text.to_string())),
        Verdict::Unreadable => Err(ClaimError::Unreadable(text.to_string())),
    }
}

/// Reads a FEN into a standard chess position.
///
/// # Errors
///
/// [`BoardFenError`]: the FEN as written and the referee's reason.
pub fn read_fen(fen: &str) -> Result<Chess, BoardFenError> {
    rules::parse_fen(fen).map_err(|source| BoardFenError {
        fen: fen.trim().to_owned(),
        source,
    })
}

/// A quiz board's FEN that does not read.
#[derive(Debug, Clone, thiserror::Error)]
#[error("fen `{fen}`: {source}")]
pub struct BoardFenError {
    /// The FEN as written (trimmed).
    pub fen: String,
    /// Why it does not read.
    pub source: rules::FenError,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sit(fen: &str) -> Situation {
        Situation::new(read_fen(fen).unwrap())
    }

    #[test]
    fn reads_moves_in_every_notation() {
        let pos = Chess::default();
        for text in ["Nf3", "g1f3", "Ng1-f3", "Nf3+", "马f3"] {
            assert!(read_move(&pos, text).unwrap().is_ok(), "{text}");
        }
        assert!(read_move(&pos, "e2-e5").unwrap().is_err());
        assert!(read_move(&pos, "Nf4").unwrap().is_err());
        assert!(matches!(
            read_move(&pos, "hello"),
            Err(ClaimError::Unreadable(_))
        ));
    }

    #[test]
    fn the_fifty_move_claim_holds_at_99_with_the_move_that_makes_100() {
        let at = |h: u32| {
            Claim::FiftyMoveRule
                .judge(&sit(&format!("8/8/4k3/8/8/2K5/7R/8 w - - {h} 80")))
                .unwrap()
        };
        assert!(at(100).holds);
        let f = at(99);
        assert!(f.holds, "FIDE 9.3.1: {}", f.detail);
        assert!(f.detail.contains("9.3.1"), "{}", f.detail);
        assert!(!at(98).holds);
    }

    /// The shipped quiz item of review 2026-12-06 H1, before its fix: its key said White
    /// cannot claim threefold repetition, where the game's claim judge (and `/play`'s Claim
    /// button) lets White claim by writing Rh2 (Art. 9.2.1.1). `check` reports it now; before,
    /// the quiz judged "has occurred three times" and agreed with the wrong key.
    #[test]
    fn a_quiz_key_that_contradicts_the_games_claim_judge_is_a_problem() {
        let item = r#"
- id: draw-repetition-castling-right
  unit: 16
  kind: true_false
  fen: "4k3/8/8/8/8/8/8/4K2R w K - 0 1"
  moves: ["Rh2", "Ke7", "Rh1", "Ke8", "Rh2", "Ke7", "Rh1", "Ke8"]
  claim: {kind: threefold_repetition}
  question: {zh: "白方可以要求三次重复和棋。", en: "White may claim a draw by threefold repetition."}
  answer: false
  explanation: {zh: "不能。", en: "No."}
"#;
        let (_, problems) =
            crate::content::quiz::load_quiz_sources(&[("lessons/quiz/16-draws.yaml", item)]);
        assert_eq!(problems.len(), 1, "{problems:?}");
        let said = problems[0].to_string();
        assert!(
            said.starts_with("lessons/quiz/16-draws.yaml:")
                && said.contains("answer is `false`")
                && said.contains("Rh2 would make one occur a third time")
                && said.contains("9.2.1.1"),
            "{said}"
        );
        // The game's own judge, on the same moves: a claim with Rh2.
        let mut game = Situation::new(read_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap());
        for mv in ["Rh2", "Ke7", "Rh1", "Ke8", "Rh2", "Ke7", "Rh1", "Ke8"] {
            let m = read_move(game.position(), mv).unwrap().unwrap();
            game.play(m).unwrap();
        }
        assert!(matches!(
            crate::rules::judge::threefold_claim(game.game()),
            Some(GameClaim::Threefold {
                with_move: Some(_),
                ..
            })
        ));
        // "Has occurred" is kept apart: twice, not three times.
        let occurred = item.replace(
            "claim: {kind: threefold_repetition}",
            "claim: {kind: occurred, count: 2}",
        );
        let (_, problems) = crate::content::quiz::load_quiz_sources(&[(
            "lessons/quiz/16-draws.yaml",
            occurred.replace("answer: false", "answer: true").as_str(),
        )]);
        assert!(problems.is_empty(), "{problems:?}");
    }

    #[test]
    fn illegal_move_reason_must_match() {
        let s = sit("4r1k1/8/8/8/4N3/8/8/4K3 w - - 0 1");
        let pinned = |r: &str| Claim::IllegalMove {
            mv: "Nc5".into(),
            reason: Some(r.into()),
        };
        assert!(pinned("pinned").judge(&s).unwrap().holds);
        let f = pinned("king_into_check").judge(&s).unwrap();
        assert!(!f.holds);
        assert!(f.detail.contains("`pinned`"), "{}", f.detail);
    }

    #[test]
    fn ambiguous_move_is_an_authoring_error() {
        let pos = read_fen("4k3/8/8/8/8/8/4K3/R6R w - - 0 1").unwrap();
        assert!(matches!(
            read_move(&pos, "Rd1"),
            Err(ClaimError::Ambiguous(_))
        ));
        assert!(read_move(&pos, "Rad1").unwrap().is_ok());
    }

    #[test]
    fn castling_written_with_zeros() {
        let s = sit("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        assert!(
            Claim::LegalMove { mv: "0-0".into() }
                .judge(&s)
                .unwrap()
                .holds
        );
        assert!(
            Claim::CanCastle {
                side: CastlingSide::QueenSide
            }
            .judge(&s)
            .unwrap()
            .holds
        );
    }

    #[test]
    fn mate_and_stalemate() {
        let mate = sit("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
        assert!(Claim::Checkmate.judge(&mate).unwrap().holds);
        assert!(!Claim::Stalemate.judge(&mate).unwrap().holds);
        assert!(!Claim::HasLegalMoves.judge(&mate).unwrap().holds);
        let stale = sit("7k/8/6QK/8/8/8/8/8 b - - 0 1");
        assert!(Claim::Stalemate.judge(&stale).unwrap().holds);
        assert!(!Claim::InCheck.judge(&stale).unwrap().holds);
    }

    #[test]
    fn repetition_counts_positions() {
        let mut s = Situation::new(Chess::default());
        for _ in 0..2 {
            for uci in ["g1f3", "g8f6", "f3g1", "f6g8"] {
                let m = read_move(s.position(), uci).unwrap().unwrap();
                s.play(m).unwrap();
            }
        }
        assert_eq!(s.occurrences(), 3);
        assert!(Claim::ThreefoldRepetition.judge(&s).unwrap().holds);
    }

    #[test]
    fn insufficient_material() {
        let kb_kb_same = sit("4k3/8/8/4b3/8/8/8/2B1K3 w - - 0 1");
        assert!(
            Claim::InsufficientMaterial
                .judge(&kb_kb_same)
                .unwrap()
                .holds
        );
        let kn = sit("4k3/8/8/8/8/8/8/1N2K3 w - - 0 1");
        assert!(!Claim::CanMate { by: None }.judge(&kn).unwrap().holds);
        let kr = sit("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
        assert!(
            Claim::CanMate {
                by: Some(Color::White)
            }
            .judge(&kr)
            .unwrap()
            .holds
        );
        assert!(
            !Claim::CanMate {
                by: Some(Color::Black)
            }
            .judge(&kr)
            .unwrap()
            .holds
        );
    }
}
