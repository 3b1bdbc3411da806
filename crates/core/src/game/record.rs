//! A game from the start position: the moves played, checked by the referee when they are
//! read back, every ending of the FIDE Laws that comes by itself ([`Record::automatic_ending`])
//! and the draws a player may claim ([`Record::claim`]).

use serde::{Deserialize, Serialize};
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Color, Move, Position};

pub use crate::rules::judge::{DrawClaim as Claim, fifty_moves_claim, threefold_claim};
use crate::rules::{DeadMaterial, Game, PositionReport};

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "ending", rename_all = "snake_case")]
pub enum Ending {
    /// The side to move is checkmated (Art. 5.1.1).
    Checkmate {
        /// The side that mated.
        #[serde(with = "side")]
        winner: Color,
    },
    /// The side to move has no legal move and is not in check (Art. 5.2.1).
    Stalemate {
        /// The side with no move.
        #[serde(with = "side")]
        stalemated: Color,
    },
    /// Neither side can mate by any series of legal moves (Art. 5.2.2).
    DeadPosition {
        /// Which material case it is.
        #[serde(with = "dead_material")]
        material: DeadMaterial,
    },
    /// The same position for the fifth time: drawn without a claim (Art. 9.6.1).
    FivefoldRepetition {
        /// The plies after which it stood on the board (0 = the start).
        plies: Vec<usize>,
    },
    /// Seventy-five moves by each side without a capture or a pawn move (Art. 9.6.2).
    SeventyFiveMoves,
    /// A draw claimed by threefold repetition (Art. 9.2).
    ThreefoldClaimed {
        /// Who claimed.
        #[serde(with = "side")]
        claimant: Color,
        /// The plies after which the position stood on the board (0 = the start).
        plies: Vec<usize>,
        /// The move written down with the claim, when the repetition was about to appear.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        with_move: Option<String>,
    },
    /// A draw claimed under the fifty-move rule (Art. 9.3).
    FiftyMovesClaimed {
        /// Who claimed.
        #[serde(with = "side")]
        claimant: Color,
        /// The move written down with the claim, when it makes the fifty moves.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        with_move: Option<String>,
    },
    /// The players agreed to a draw (Art. 9.1).
    Agreement,
    /// A player resigned (Art. 5.1.2).
    Resignation {
        /// The side that resigned.
        #[serde(with = "side")]
        loser: Color,
    },
    /// A player stopped answering in a game between two learners, and the other claimed the
    /// game after the silence the tutor allows (the online counterpart of losing on time,
    /// Art. 6.9, where the opponent can still mate: here the game is simply scored for them).
    Abandoned {
        /// The side that went silent.
        #[serde(with = "side")]
        loser: Color,
    },
}

/// The result of a game, for PGN and the ladder.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    /// White won.
    WhiteWins,
    /// Black won.
    BlackWins,
    /// A draw.
    Draw,
}

impl Score {
    /// The PGN result (`1-0`, `0-1`, `1/2-1/2`).
    #[must_use]
    pub fn pgn(self) -> &'static str {
        match self {
            Score::WhiteWins => "1-0",
            Score::BlackWins => "0-1",
            Score::Draw => "1/2-1/2",
        }
    }

    /// The winner, if any.
    #[must_use]
    pub fn winner(self) -> Option<Color> {
        match self {
            Score::WhiteWins => Some(Color::White),
            Score::BlackWins => Some(Color::Black),
            Score::Draw => None,
        }
    }
}

impl Ending {
    /// The result this ending gives.
    #[must_use]
    pub fn score(&self) -> Score {
        let won = |c: Color| c.fold_wb(Score::WhiteWins, Score::BlackWins);
        match self {
            Ending::Checkmate { winner } => won(*winner),
            Ending::Resignation { loser } | Ending::Abandoned { loser } => won(!*loser),
            _ => Score::Draw,
        }
    }

    /// A short code of the ending (`checkmate`, `threefold_claimed`), for events and PGN.
    #[must_use]
    pub fn code(&self) -> &'static str {
        match self {
            Ending::Checkmate { .. } => "checkmate",
            Ending::Stalemate { .. } => "stalemate",
            Ending::DeadPosition { .. } => "dead_position",
            Ending::FivefoldRepetition { .. } => "fivefold_repetition",
            Ending::SeventyFiveMoves => "seventy_five_moves",
            Ending::ThreefoldClaimed { .. } => "threefold_claimed",
            Ending::FiftyMovesClaimed { .. } => "fifty_moves_claimed",
            Ending::Agreement => "agreement",
            Ending::Resignation { .. } => "resignation",
            Ending::Abandoned { .. } => "abandoned",
        }
    }
}

/// A colour stored as `white` or `black`.
mod side {
    use serde::{Deserialize, Deserializer, Serializer};
    use shakmaty::Color;

    #[allow(clippy::trivially_copy_pass_by_ref)]
    pub fn serialize<S: Serializer>(c: &Color, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(c.fold_wb("white", "black"))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Color, D::Error> {
        match String::deserialize(d)?.as_str() {
            "white" => Ok(Color::White),
            "black" => Ok(Color::Black),
            other => Err(serde::de::Error::custom(format!("not a side: {other}"))),
        }
    }
}

mod dead_material {
    use serde::{Deserialize, Deserializer, Serializer};

    use crate::rules::DeadMaterial;

    pub fn serialize<S: Serializer>(m: &DeadMaterial, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(match m {
            DeadMaterial::KingVsKing => "king_vs_king",
            DeadMaterial::KingAndMinorVsKing { .. } => "king_and_minor_vs_king",
            DeadMaterial::BishopsOnOneColour => "bishops_on_one_colour",
        })
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<DeadMaterial, D::Error> {
        // The side and piece of a king-and-minor case are on the board; the stored name says
        // which case it was.
        match String::deserialize(d)?.as_str() {
            "king_vs_king" => Ok(DeadMaterial::KingVsKing),
            "king_and_minor_vs_king" => Ok(DeadMaterial::KingAndMinorVsKing {
                side: shakmaty::Color::White,
                piece: shakmaty::Role::Knight,
            }),
            "bishops_on_one_colour" => Ok(DeadMaterial::BishopsOnOneColour),
            other => Err(serde::de::Error::custom(format!(
                "not a dead-position case: {other}"
            ))),
        }
    }
}

/// The moves of a game from the start position, and the positions they lead to.
///
/// ```
/// use chess_tutor_core::game::record::Record;
/// let mut game = Record::default();
/// for m in ["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"] {
///     let mv = game.read_uci(m).unwrap();
///     game.push(mv).unwrap();
/// }
/// assert_eq!(game.automatic_ending().map(|e| e.code()), Some("checkmate"));
/// ```
#[derive(Debug, Clone)]
pub struct Record {
    game: Game,
    /// The start position, when it is not the standard one.
    start: Option<Chess>,
}

impl Default for Record {
    fn default() -> Record {
        Record {
            game: Game::new(Chess::default()),
            start: None,
        }
    }
}

impl PartialEq for Record {
    fn eq(&self, other: &Record) -> bool {
        self.start_fen() == other.start_fen() && self.moves() == other.moves()
    }
}

/// A stored move that is not legal where it stands.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("move {ply} of the stored game ({uci}) is not legal there")]
pub struct IllegalStoredMove {
    /// Its index, from 0.
    pub ply: usize,
    /// The move as stored.
    pub uci: String,
}

impl Record {
    /// A game from `start` (a teacher's position, or a test's), with no moves yet.
    #[must_use]
    pub fn from_position(start: Chess) -> Record {
        let standard = start == Chess::default() && start.fullmoves().get() == 1;
        Record {
            game: Game::new(start.clone()),
            start: (!standard).then_some(start),
        }
    }

    /// The FEN of the start position, when it is not the standard one.
    #[must_use]
    pub fn start_fen(&self) -> Option<String> {
        self.start.as_ref().map(|p| {
            shakmaty::fen::Fen::from_position(p, shakmaty::EnPassantMode::Legal).to_string()
        })
    }

    /// The position the game started from.
    #[must_use]
    pub fn start(&self) -> &Chess {
        &self.positions()[0]
    }

    /// The position now.
    #[must_use]
    pub fn position(&self) -> &Chess {
        self.game.position()
    }

    /// The moves so far.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        self.game.moves()
    }

    /// The position before each move, and after the last.
    #[must_use]
    pub fn positions(&self) -> &[Chess] {
        self.game.positions()
    }

    /// The referee's game (repetitions, castling rights lost).
    #[must_use]
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Plays a move.
    ///
    /// # Errors
    ///
    /// The move back, when it is not legal now.
    pub fn push(&mut self, mv: Move) -> Result<(), Move> {
        self.game.push(mv)
    }

    /// Takes back the last move.
    pub fn pop(&mut self) -> Option<Move> {
        self.game.pop()
    }

    /// A move in UCI, if it is legal now.
    #[must_use]
    pub fn read_uci(&self, uci: &str) -> Option<Move> {
        uci.parse::<UciMove>().ok()?.to_move(self.position()).ok()
    }

    /// The moves in UCI, as they are stored.
    #[must_use]
    pub fn uci_moves(&self) -> Vec<String> {
        self.moves()
            .iter()
            .map(|m| m.to_uci(CastlingMode::Standard).to_string())
            .collect()
    }

    /// Replays stored moves from the start position.
    ///
    /// # Errors
    ///
    /// The first move that is not legal where it stands.
    pub fn replay<S: AsRef<str>>(start: Chess, moves: &[S]) -> Result<Record, IllegalStoredMove> {
        let mut record = Record::from_position(start);
        for (ply, uci) in moves.iter().enumerate() {
            let uci = uci.as_ref();
            let mv = record.read_uci(uci).ok_or_else(|| IllegalStoredMove {
                ply,
                uci: uci.to_owned(),
            })?;
            record.push(mv).map_err(|_| IllegalStoredMove {
                ply,
                uci: uci.to_owned(),
            })?;
        }
        Ok(record)
    }

    /// The ending the position itself brings, with no claim: checkmate, stalemate, a dead
    /// position by material, fivefold repetition, seventy-five moves. A checkmate stands
    /// over the seventy-five-move rule (Art. 9.6.2).
    #[must_use]
    pub fn automatic_ending(&self) -> Option<Ending> {
        let pos = self.position();
        let report = PositionReport::of(pos);
        if report.checkmate {
            return Some(Ending::Checkmate {
                winner: !pos.turn(),
            });
        }
        if report.stalemate {
            return Some(Ending::Stalemate {
                stalemated: pos.turn(),
            });
        }
        if let Some(material) = report.dead {
            return Some(Ending::DeadPosition { material });
        }
        let repetition = self.game.repetition();
        if repetition.count >= 5 {
            return Some(Ending::FivefoldRepetition {
                plies: repetition.plies,
            });
        }
        if pos.halfmoves() >= 150 {
            return Some(Ending::SeventyFiveMoves);
        }
        None
    }

    /// The draw the player to move may claim now, if any: threefold repetition first
    /// (standing, then about to appear with a move), then the fifty-move rule.
    #[must_use]
    pub fn claim(&self) -> Option<Claim> {
        threefold_claim(&self.game).or_else(|| fifty_moves_claim(self.position()))
    }
}

/// A record as it is stored: the start FEN when it is not the standard one, and the moves in
/// UCI; read back by replaying every move through the referee.
#[derive(Serialize, Deserialize)]
struct Stored {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    start: Option<String>,
    moves: Vec<String>,
}

impl Serialize for Record {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        Stored {
            start: self.start_fen(),
            moves: self.uci_moves(),
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Record {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Record, D::Error> {
        let stored = Stored::deserialize(d)?;
        let start = match &stored.start {
            Some(fen) => crate::rules::parse_fen(fen).map_err(serde::de::Error::custom)?,
            None => Chess::default(),
        };
        Record::replay(start, &stored.moves).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play(moves: &[&str]) -> Record {
        let mut r = Record::default();
        for m in moves {
            let mv = crate::rules::explain(r.position(), m)
                .legal_move()
                .unwrap_or_else(|| panic!("{m} is legal"));
            r.push(mv).unwrap();
        }
        r
    }

    const KNIGHTS_OUT_AND_BACK: [&str; 4] = ["Nf3", "Nf6", "Ng1", "Ng8"];

    #[test]
    fn a_record_is_stored_as_its_moves_and_a_broken_one_does_not_read() {
        let r = play(&["e4", "e5", "Nf3"]);
        let stored = serde_json::to_value(&r).unwrap();
        assert_eq!(
            stored,
            serde_json::json!({"moves": ["e2e4", "e7e5", "g1f3"]})
        );
        assert_eq!(serde_json::from_value::<Record>(stored).unwrap(), r);
        let broken = serde_json::json!({"moves": ["e2e4", "e2e4"]});
        let err = serde_json::from_value::<Record>(broken).unwrap_err();
        assert!(err.to_string().contains("move 1"), "{err}");
    }

    #[test]
    fn threefold_may_be_claimed_with_the_move_that_makes_it_and_then_standing() {
        let mut moves: Vec<&str> = KNIGHTS_OUT_AND_BACK.to_vec();
        moves.extend(["Nf3", "Nf6", "Ng1"]);
        let r = play(&moves);
        // Black to move: Ng8 brings the start position back a third time.
        match r.claim() {
            Some(Claim::Threefold {
                plies,
                with_move: Some(mv),
            }) => {
                assert_eq!(plies, vec![0, 4, 8]);
                assert_eq!(crate::rules::notation::san(r.position(), mv), "Ng8");
            }
            other => panic!("{other:?}"),
        }
        let r = play(&[moves.as_slice(), &["Ng8"]].concat());
        assert!(matches!(
            r.claim(),
            Some(Claim::Threefold {
                with_move: None,
                ..
            })
        ));
        assert_eq!(r.automatic_ending(), None, "three times is only a claim");
    }

    #[test]
    fn fivefold_repetition_ends_the_game_without_a_claim() {
        let mut moves = Vec::new();
        for _ in 0..4 {
            moves.extend(KNIGHTS_OUT_AND_BACK);
        }
        let r = play(&moves);
        assert_eq!(
            r.automatic_ending(),
            Some(Ending::FivefoldRepetition {
                plies: vec![0, 4, 8, 12, 16]
            })
        );
    }

    fn from(fen: &str, moves: &[&str]) -> Record {
        let mut r = Record::from_position(crate::rules::parse_fen(fen).unwrap());
        for m in moves {
            let mv = crate::rules::explain(r.position(), m).legal_move().unwrap();
            r.push(mv).unwrap();
        }
        r
    }

    #[test]
    fn seventy_five_moves_end_the_game_unless_the_move_mates() {
        let r = from("8/8/4k3/8/8/2K5/7R/8 w - - 149 120", &["Rh3"]);
        assert_eq!(r.automatic_ending(), Some(Ending::SeventyFiveMoves));
        let r = from("k7/8/1K6/8/8/8/8/7R w - - 149 120", &["Rh8#"]);
        assert_eq!(
            r.automatic_ending(),
            Some(Ending::Checkmate {
                winner: Color::White
            })
        );
        let stored = serde_json::to_value(&r).unwrap();
        assert_eq!(stored["start"], "k7/8/1K6/8/8/8/8/7R w - - 149 120");
        assert_eq!(serde_json::from_value::<Record>(stored).unwrap(), r);
    }

    #[test]
    fn fifty_moves_may_be_claimed_at_100_and_with_the_move_that_makes_it() {
        let r = from("8/8/4k3/8/8/2K5/7R/8 w - - 99 80", &[]);
        assert!(matches!(
            r.claim(),
            Some(Claim::FiftyMoves { with_move: Some(mv) }) if mv.role() == shakmaty::Role::Rook || mv.role() == shakmaty::Role::King
        ));
        let r = from("8/8/4k3/8/8/2K5/7R/8 w - - 99 80", &["Rh3"]);
        assert_eq!(r.claim(), Some(Claim::FiftyMoves { with_move: None }));
        assert_eq!(r.automatic_ending(), None);
        assert_eq!(from("8/8/4k3/8/8/2K5/7R/8 w - - 98 80", &[]).claim(), None);
    }

    #[test]
    fn a_dead_position_ends_the_game() {
        let r = from("8/8/4k3/8/8/2K5/7r/6B1 w - - 0 80", &["Bxh2"]);
        assert!(matches!(
            r.automatic_ending(),
            Some(Ending::DeadPosition { .. })
        ));
    }

    #[test]
    fn no_claim_in_a_fresh_game() {
        assert_eq!(play(&["e4", "e5"]).claim(), None);
    }

    #[test]
    fn scores_and_codes() {
        assert_eq!(
            Ending::Resignation {
                loser: Color::White
            }
            .score(),
            Score::BlackWins
        );
        assert_eq!(
            Ending::Checkmate {
                winner: Color::White
            }
            .score()
            .pgn(),
            "1-0"
        );
        assert_eq!(Ending::Agreement.score().pgn(), "1/2-1/2");
        let stored = serde_json::to_value(Ending::DeadPosition {
            material: DeadMaterial::BishopsOnOneColour,
        })
        .unwrap();
        assert_eq!(
            stored,
            serde_json::json!({"ending": "dead_position", "material": "bishops_on_one_colour"})
        );
        assert!(serde_json::from_value::<Ending>(stored).is_ok());
    }
}

/// The quiz's claims and the game's Claim button agree on every position of random games:
/// one judge of claims.
#[cfg(test)]
mod one_judge {
    use super::*;
    use crate::content::quiz::{Claim as QuizClaim, Situation};
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn the_quiz_and_the_game_judge_claims_alike(picks in proptest::collection::vec(0usize..64, 0..40)) {
            // Rooks and kings shuffle, so repetitions come often.
            let start = crate::rules::parse_fen("r3k3/8/8/8/8/8/8/4K2R w Kq - 90 60").unwrap();
            let mut record = Record::from_position(start.clone());
            let mut situation = Situation::new(start);
            for pick in picks {
                let moves = record.position().legal_moves();
                if moves.is_empty() || record.automatic_ending().is_some() {
                    break;
                }
                let mv = moves[pick % moves.len()];
                record.push(mv).unwrap();
                situation.play(mv).unwrap();
                let game = record.claim();
                let three = QuizClaim::ThreefoldRepetition.judge(&situation).unwrap().holds;
                let fifty = QuizClaim::FiftyMoveRule.judge(&situation).unwrap().holds;
                prop_assert_eq!(three, matches!(game, Some(Claim::Threefold { .. })));
                if !three {
                    prop_assert_eq!(fifty, matches!(game, Some(Claim::FiftyMoves { .. })));
                }
            }
        }
    }
}
