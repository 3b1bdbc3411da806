//! Questions about a position that a learner answers and the engine settles: is it legal?
//! check? checkmate? stalemate? is this move legal? which draw rule applies?

use serde::Serialize;
use shakmaty::{Chess, Move, Position};

use super::board::{MoveRead, parse_fen, read_move};
use crate::rules::judge::GameDraw;
use crate::rules::{Game, PositionReport};

/// The rule that makes a position a draw (or lets a player claim one).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawKind {
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// Neither side has the material to mate (a dead position).
    InsufficientMaterial,
    /// The same position has occurred three times: the player to move may claim.
    Threefold,
    /// The same position has occurred five times: the game is drawn at once.
    Fivefold,
    /// Fifty moves by each side without a capture or a pawn move: may be claimed.
    FiftyMoves,
    /// Seventy-five moves by each side without a capture or a pawn move: drawn at once.
    SeventyFiveMoves,
}

impl DrawKind {
    /// Every kind, in the order a teacher names them.
    pub const ALL: [DrawKind; 6] = [
        DrawKind::Stalemate,
        DrawKind::InsufficientMaterial,
        DrawKind::Threefold,
        DrawKind::Fivefold,
        DrawKind::FiftyMoves,
        DrawKind::SeventyFiveMoves,
    ];

    /// The name used in YAML and JSON (`insufficient_material`, …).
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            Self::Stalemate => "stalemate",
            Self::InsufficientMaterial => "insufficient_material",
            Self::Threefold => "threefold",
            Self::Fivefold => "fivefold",
            Self::FiftyMoves => "fifty_moves",
            Self::SeventyFiveMoves => "seventy_five_moves",
        }
    }

    /// Reads a [`DrawKind::code`].
    #[must_use]
    pub fn from_code(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.code() == code)
    }
}

/// Which draw rules apply to the current position of `game`, as the rules referee judges
/// them. The stronger rule of a pair wins (fivefold over threefold, seventy-five over fifty
/// moves); a checkmate stands over the move count.
///
/// ```
/// use chess_tutor_core::content::board::read_fen;
/// use chess_tutor_core::content::judge::{draws, DrawKind};
/// use chess_tutor_core::rules::Game;
/// let game = Game::new(read_fen("8/8/8/4k3/8/8/2B5/4K3 w - - 0 1").unwrap());
/// assert_eq!(draws(&game), vec![DrawKind::InsufficientMaterial]);
/// ```
#[must_use]
pub fn draws(game: &Game) -> Vec<DrawKind> {
    let pos = game.position();
    let report = PositionReport::of(pos);
    let mut kinds = Vec::new();
    if report.stalemate {
        kinds.push(DrawKind::Stalemate);
    }
    if report.dead.is_some() {
        kinds.push(DrawKind::InsufficientMaterial);
    }
    match game.draw() {
        Some(GameDraw::FivefoldRepetition(_)) => kinds.push(DrawKind::Fivefold),
        Some(GameDraw::ThreefoldRepetition(_)) => kinds.push(DrawKind::Threefold),
        _ => {}
    }
    // A checkmate ends the game before any move count can be claimed.
    if !report.checkmate {
        if pos.halfmoves() >= 150 {
            kinds.push(DrawKind::SeventyFiveMoves);
        } else if crate::rules::judge::fifty_move_claim(pos) {
            kinds.push(DrawKind::FiftyMoves);
        }
    }
    // Repetitions hidden behind an automatic move-count draw in `Game::draw`'s order.
    let rep = game.repetition().count;
    if rep >= 3
        && !kinds
            .iter()
            .any(|k| matches!(k, DrawKind::Threefold | DrawKind::Fivefold))
    {
        kinds.push(if rep >= 5 {
            DrawKind::Fivefold
        } else {
            DrawKind::Threefold
        });
    }
    kinds
}

/// What a judge step asks about its position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ask {
    /// Can this position occur in a game? (The FEN may describe one that cannot.)
    LegalPosition,
    /// Is the side to move in check?
    Check,
    /// Is the side to move checkmated?
    Checkmate,
    /// Is the side to move stalemated?
    Stalemate,
    /// Is this move legal here?
    MoveLegal {
        /// The move as the question shows it.
        text: String,
    },
    /// Which draw rule applies, if any?
    Draw,
    /// Does White still have the material to mate (by any series of legal moves)?
    WhiteCanMate,
    /// Does Black still have the material to mate?
    BlackCanMate,
    /// Is the position dead: can no series of legal moves end in mate (Art. 5.2.2)?
    DeadPosition,
    /// May the player to move claim a draw by threefold repetition now: the position has
    /// occurred three times (with the same castling and en passant possibilities), or the move
    /// about to be played, written down with the claim, makes one occur a third time (Art.
    /// 9.2.1.1)? Judged by the game's own claim judge, [`crate::rules::judge::threefold_claim`].
    Threefold,
}

impl Ask {
    /// Reads the YAML name of a question (`legal_position`, `check`, `checkmate`,
    /// `stalemate`, `move_legal`, `draw`, `white_can_mate`, `black_can_mate`); `move_legal`
    /// takes its move separately.
    #[must_use]
    pub fn from_code(code: &str, mv: Option<&str>) -> Option<Self> {
        Some(match code {
            "legal_position" => Self::LegalPosition,
            "check" => Self::Check,
            "checkmate" => Self::Checkmate,
            "stalemate" => Self::Stalemate,
            "move_legal" => Self::MoveLegal {
                text: mv?.to_owned(),
            },
            "draw" => Self::Draw,
            "white_can_mate" => Self::WhiteCanMate,
            "black_can_mate" => Self::BlackCanMate,
            "dead_position" => Self::DeadPosition,
            "threefold" => Self::Threefold,
            _ => return None,
        })
    }

    /// The YAML names of all questions.
    pub const CODES: [&'static str; 10] = [
        "legal_position",
        "check",
        "checkmate",
        "stalemate",
        "move_legal",
        "draw",
        "white_can_mate",
        "black_can_mate",
        "dead_position",
        "threefold",
    ];
}

/// The right answer to a judge step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    /// Yes / no.
    Yes(bool),
    /// The draw rule that applies, `None` for "no draw".
    Draw(Option<DrawKind>),
}

/// Why the engine cannot settle a question.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum JudgeError {
    /// The FEN does not parse, or the position is impossible where a game position is needed.
    #[error("{0}")]
    Board(String),
    /// The move of a `move_legal` question is not a move at all.
    #[error("`{0}` cannot be judged: {1}")]
    Unreadable(String, &'static str),
    /// More than one draw rule applies: the question has no single answer.
    #[error("more than one draw rule applies ({0}); choose a position with one")]
    Ambiguous(String),
}

/// Settles `ask` for the position `fen` (no history).
///
/// # Errors
/// See [`JudgeError`].
pub fn settle(fen: &str, ask: &Ask) -> Result<Answer, JudgeError> {
    if *ask == Ask::LegalPosition {
        parse_fen(fen).map_err(|e| JudgeError::Board(e.to_string()))?;
        return Ok(Answer::Yes(super::board::read_fen(fen).is_ok()));
    }
    let pos = super::board::read_fen(fen).map_err(|e| JudgeError::Board(e.to_string()))?;
    settle_in(&Game::new(pos), ask)
}

/// Settles `ask` for the current position of `game`.
///
/// # Errors
/// See [`JudgeError`].
pub fn settle_in(game: &Game, ask: &Ask) -> Result<Answer, JudgeError> {
    let pos = game.position();
    let report = PositionReport::of(pos);
    Ok(match ask {
        Ask::LegalPosition => Answer::Yes(true),
        Ask::Check => Answer::Yes(report.in_check),
        Ask::Checkmate => Answer::Yes(report.checkmate),
        Ask::Stalemate => Answer::Yes(report.stalemate),
        Ask::WhiteCanMate => Answer::Yes(report.white_can_mate),
        Ask::BlackCanMate => Answer::Yes(report.black_can_mate),
        Ask::DeadPosition => Answer::Yes(report.dead.is_some()),
        Ask::Threefold => Answer::Yes(crate::rules::judge::threefold_claim(game).is_some()),
        Ask::MoveLegal { text } => match read_move(pos, text) {
            MoveRead::Legal(_) => Answer::Yes(true),
            MoveRead::Illegal(_) => Answer::Yes(false),
            MoveRead::Unreadable(why) => {
                return Err(JudgeError::Unreadable(text.clone(), why));
            }
        },
        Ask::Draw => {
            let kinds = draws(game);
            match kinds.as_slice() {
                [] => Answer::Draw(None),
                [one] => Answer::Draw(Some(*one)),
                many => {
                    return Err(JudgeError::Ambiguous(
                        many.iter().map(|k| k.code()).collect::<Vec<_>>().join(", "),
                    ));
                }
            }
        }
    })
}

/// Plays `moves` (any notation the referee reads) from `start`, returning the game and the
/// moves played.
///
/// # Errors
/// The index and text of the first move that is not legal.
pub fn play_line(start: &Chess, moves: &[String]) -> Result<(Game, Vec<Move>), (usize, String)> {
    let mut game = Game::new(start.clone());
    let mut played = Vec::new();
    for (i, text) in moves.iter().enumerate() {
        match read_move(game.position(), text) {
            MoveRead::Legal(mv) => {
                game.push(mv).map_err(|_| (i, text.clone()))?;
                played.push(mv);
            }
            _ => return Err((i, text.clone())),
        }
    }
    Ok((game, played))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::board::read_fen;

    fn line(fen: &str, moves: &[&str]) -> Game {
        let start = read_fen(fen).unwrap();
        let moves: Vec<String> = moves.iter().map(|s| (*s).to_owned()).collect();
        play_line(&start, &moves).unwrap().0
    }

    #[test]
    fn threefold_and_fivefold_by_knight_shuffles() {
        let fen = "4k1n1/8/8/8/8/8/8/4K1N1 w - - 0 1";
        let shuffle = ["Nf3", "Nf6", "Ng1", "Ng8"];
        let twice: Vec<&str> = shuffle.iter().chain(shuffle.iter()).copied().collect();
        assert_eq!(draws(&line(fen, &twice)), vec![DrawKind::Threefold]);
        assert_eq!(draws(&line(fen, &twice[..7])), vec![]);
        let four: Vec<&str> = shuffle.iter().cycle().take(16).copied().collect();
        assert_eq!(draws(&line(fen, &four)), vec![DrawKind::Fivefold]);
    }

    /// The yes/no threefold question: the same squares three times are not a repetition
    /// while the castling rights differ, and are once they are the same.
    #[test]
    fn a_threefold_claim_is_asked_yes_or_no() {
        let castles = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        let walk = ["Kf1", "Kf8", "Ke1", "Ke8", "Kf1", "Kf8", "Ke1", "Ke8"];
        let game = line(castles, &walk);
        assert_eq!(settle_in(&game, &Ask::Threefold), Ok(Answer::Yes(false)));
        let rooks = "4k3/7r/8/8/8/8/R7/4K3 w - - 0 1";
        let game = line(
            rooks,
            &["Ra3", "Rh6", "Ra2", "Rh7", "Ra4", "Rh5", "Ra2", "Rh7"],
        );
        assert_eq!(settle_in(&game, &Ask::Threefold), Ok(Answer::Yes(true)));
        assert_eq!(Ask::from_code("threefold", None), Some(Ask::Threefold));
        assert_eq!(
            Ask::from_code("dead_position", None),
            Some(Ask::DeadPosition)
        );
    }

    #[test]
    fn castling_rights_make_positions_differ() {
        // The king walks out and back: same squares, but the castling right is gone.
        let fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
        let walk = ["Kf1", "Kd8", "Ke1", "Ke8", "Kf1", "Kd8", "Ke1", "Ke8"];
        // Start (with the right) and two returns without it: only two equal positions.
        assert_eq!(draws(&line(fen, &walk)), vec![]);
    }

    #[test]
    fn move_counters() {
        let at = |fen: &str| draws(&Game::new(read_fen(fen).unwrap()));
        assert_eq!(
            at("4k3/8/8/8/8/8/4P3/R3K3 w - - 100 80"),
            vec![DrawKind::FiftyMoves]
        );
        assert_eq!(
            at("4k3/8/8/8/8/8/4P3/R3K3 w - - 150 100"),
            vec![DrawKind::SeventyFiveMoves]
        );
        // Mate on the hundredth half-move stands.
        assert_eq!(at("R3k3/8/4K3/8/8/8/8/8 b - - 100 80"), vec![]);
    }

    #[test]
    fn the_fifty_move_rule_applies_at_99_when_the_next_move_makes_100() {
        let at = |fen: &str| draws(&Game::new(read_fen(fen).unwrap()));
        // FIDE 9.3.1: the player to move writes a rook or king move and claims.
        assert_eq!(
            at("4k3/8/8/8/8/8/4P3/R3K3 w - - 99 80"),
            vec![DrawKind::FiftyMoves]
        );
        assert_eq!(at("4k3/8/8/8/8/8/4P3/R3K3 w - - 98 80"), vec![]);
        // Nothing but pawn moves and captures: no move completes the fifty.
        assert_eq!(at("7k/8/8/8/8/2n5/PP6/K7 w - - 99 80"), vec![]);
    }

    #[test]
    fn settles_questions() {
        let illegal_kings = "8/8/8/3kK3/8/8/8/8 w - - 0 1";
        assert_eq!(
            settle(illegal_kings, &Ask::LegalPosition),
            Ok(Answer::Yes(false))
        );
        assert!(settle("no fen", &Ask::LegalPosition).is_err());
        let stalemate = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1";
        assert_eq!(settle(stalemate, &Ask::Stalemate), Ok(Answer::Yes(true)));
        assert_eq!(settle(stalemate, &Ask::Check), Ok(Answer::Yes(false)));
        assert_eq!(
            settle(stalemate, &Ask::Draw),
            Ok(Answer::Draw(Some(DrawKind::Stalemate)))
        );
        let ask = Ask::MoveLegal { text: "Kg8".into() };
        assert!(
            settle(stalemate, &ask).is_err(),
            "the game is over: no move to judge"
        );
        let open = "7k/8/6K1/8/8/8/8/5Q2 b - - 0 1";
        let ask = Ask::MoveLegal { text: "Kg8".into() };
        assert_eq!(settle(open, &ask), Ok(Answer::Yes(true)));
        let ask = Ask::MoveLegal { text: "Kh7".into() };
        assert_eq!(settle(open, &ask), Ok(Answer::Yes(false)));
        let ask = Ask::MoveLegal { text: "Zz".into() };
        assert!(matches!(
            settle(open, &ask),
            Err(JudgeError::Unreadable(..))
        ));
        let rook_v_knight = "8/8/4k3/4n3/8/2R5/4K3/8 w - - 0 1";
        assert_eq!(
            settle(rook_v_knight, &Ask::WhiteCanMate),
            Ok(Answer::Yes(true))
        );
        assert_eq!(
            settle(rook_v_knight, &Ask::BlackCanMate),
            Ok(Answer::Yes(true))
        );
        let rook_v_king = "8/8/4k3/8/8/2R5/4K3/8 w - - 0 1";
        assert_eq!(
            settle(rook_v_king, &Ask::BlackCanMate),
            Ok(Answer::Yes(false))
        );
        // Yes/no questions about draws (unit 16 asks them with Yes and No).
        let same_bishops = "8/8/4b3/4k3/8/8/2B5/4K3 w - - 0 1";
        assert_eq!(
            settle(same_bishops, &Ask::DeadPosition),
            Ok(Answer::Yes(true))
        );
        let two_knights = "8/8/4k3/8/8/2NN4/4K3/8 w - - 0 1";
        assert_eq!(
            settle(two_knights, &Ask::DeadPosition),
            Ok(Answer::Yes(false))
        );
        // King and bishop against a stalemated king: two rules at once.
        let both = "7k/5K2/6B1/8/8/8/8/8 b - - 0 1";
        assert!(matches!(
            settle(both, &Ask::Draw),
            Err(JudgeError::Ambiguous(_))
        ));
    }
}
