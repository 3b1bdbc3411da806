//! A puzzle as the tutor uses it, read once when the catalogue is built: a [`Puzzle`] is the
//! file's text (FEN and UCI strings, as an author or an import wrote them), a [`MatePuzzle`]
//! its position and moves, each checked to read and to be legal where it is played. The search
//! that proves the mate runs in `check` (`verify`), not here.

use shakmaty::uci::UciMove;
use shakmaty::{Chess, Move, Position};

use super::reading::{check_last_move, read_fen, read_move};
use super::{Puzzle, PuzzleProblem};
use crate::content::PuzzleId;
use crate::search::MAX_MATE;

/// A mate-in-N puzzle with its position and moves read.
///
/// ```
/// use chess_tutor_core::content::puzzle::{MatePuzzle, parse_set};
/// let file = "source: s\nlicence: CC0-1.0\npuzzles:\n  - id: backrank\n    \
///     fen: 6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1\n    mate_in: 1\n    solution: [e1e8]\n    \
///     keys: [e1e8]\n    source: example\n";
/// let raw = parse_set(file, "example.yaml")?.puzzles.remove(0);
/// let puzzle = MatePuzzle::read(&raw)?;
/// assert_eq!(puzzle.id().as_str(), "backrank");
/// assert_eq!(puzzle.keys().len(), 1);
///
/// let mut broken = raw.clone();
/// broken.keys = vec!["e1e9".into()];
/// assert!(MatePuzzle::read(&broken).is_err());
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct MatePuzzle {
    id: PuzzleId,
    position: Chess,
    last_move: Option<UciMove>,
    mate_in: u32,
    keys: Vec<Move>,
    line: Vec<Move>,
    rating: Option<u32>,
    themes: Vec<String>,
}

impl MatePuzzle {
    /// Reads a puzzle's id, position and moves.
    ///
    /// # Errors
    ///
    /// The first thing that does not read, at the puzzle's file and line: the id, the FEN, the
    /// length of the mate, the last move, a key, or a move of the line (each must be legal
    /// where it is played).
    pub fn read(raw: &Puzzle) -> Result<MatePuzzle, PuzzleProblem> {
        let at = |message: String| {
            PuzzleProblem::at(
                raw.file.clone(),
                raw.line,
                format!("puzzle {}: {message}", raw.id),
            )
        };
        let id: PuzzleId = raw.id.parse().map_err(|e| at(format!("id: {e}")))?;
        let position = read_fen(&raw.fen).map_err(|e| at(format!("fen: {e}")))?;
        if raw.mate_in == 0 || raw.mate_in > MAX_MATE {
            return Err(at(format!(
                "mate_in must be between 1 and {MAX_MATE}, not {}",
                raw.mate_in
            )));
        }
        let last_move = match &raw.last_move {
            None => None,
            Some(text) => {
                check_last_move(&position, text).map_err(|e| at(format!("last_move: {e}")))?;
                Some(
                    text.parse::<UciMove>()
                        .map_err(|_| at(format!("last_move: {text:?} is not UCI")))?,
                )
            }
        };
        let keys = raw
            .keys
            .iter()
            .map(|k| read_move(&position, k).map_err(|e| at(format!("keys: {e}"))))
            .collect::<Result<Vec<Move>, _>>()?;
        if keys.is_empty() {
            return Err(at("keys: a puzzle needs at least one key".to_owned()));
        }
        let mut line = Vec::with_capacity(raw.solution.len());
        let mut pos = position.clone();
        for (i, text) in raw.solution.iter().enumerate() {
            let mv = read_move(&pos, text).map_err(|e| at(format!("solution[{i}]: {e}")))?;
            pos.play_unchecked(mv);
            line.push(mv);
        }
        Ok(MatePuzzle {
            id,
            position,
            last_move,
            mate_in: raw.mate_in,
            keys,
            line,
            rating: raw.rating,
            themes: raw.themes.clone(),
        })
    }

    /// Its id.
    #[must_use]
    pub fn id(&self) -> &PuzzleId {
        &self.id
    }

    /// The position the learner faces.
    #[must_use]
    pub fn position(&self) -> &Chess {
        &self.position
    }

    /// The opponent's move that led to the position, to tint on the board.
    #[must_use]
    pub fn last_move(&self) -> Option<&UciMove> {
        self.last_move.as_ref()
    }

    /// N: the learner mates in exactly this many moves.
    #[must_use]
    pub fn mate_in(&self) -> u32 {
        self.mate_in
    }

    /// Every first move that forces mate in N (legal in [`MatePuzzle::position`]).
    #[must_use]
    pub fn keys(&self) -> &[Move] {
        &self.keys
    }

    /// One solution line: the learner's moves and the defender's replies, each legal after
    /// the ones before it.
    #[must_use]
    pub fn line(&self) -> &[Move] {
        &self.line
    }

    /// Its difficulty rating, when the source has one.
    #[must_use]
    pub fn rating(&self) -> Option<u32> {
        self.rating
    }

    /// The source's theme names (Lichess names for imported puzzles).
    #[must_use]
    pub fn themes(&self) -> &[String] {
        &self.themes
    }
}

/// Reads every puzzle, or says what did not read in each that did not.
///
/// # Errors
///
/// A problem per puzzle that does not read.
pub fn read_all(raw: &[Puzzle]) -> Result<Vec<MatePuzzle>, Vec<PuzzleProblem>> {
    let mut puzzles = Vec::with_capacity(raw.len());
    let mut problems = Vec::new();
    for p in raw {
        match MatePuzzle::read(p) {
            Ok(p) => puzzles.push(p),
            Err(e) => problems.push(e),
        }
    }
    if problems.is_empty() {
        Ok(puzzles)
    } else {
        Err(problems)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw() -> Puzzle {
        let file = "source: s\nlicence: CC0-1.0\npuzzles:\n  - id: back-rank\n    \
            fen: 6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1\n    last_move: f8g8\n    mate_in: 1\n    \
            solution: [e1e8]\n    keys: [e1e8]\n    source: a test\n";
        super::super::parse_set(file, "test.yaml")
            .unwrap()
            .puzzles
            .remove(0)
    }

    #[test]
    fn a_puzzle_reads_into_its_position_and_moves() {
        let p = MatePuzzle::read(&raw()).unwrap();
        assert_eq!(p.mate_in(), 1);
        assert_eq!(p.keys()[0].to().to_string(), "e8");
        assert_eq!(p.line(), p.keys());
        assert!(p.position().is_legal(p.keys()[0]));
        assert_eq!(
            p.last_move().map(ToString::to_string).as_deref(),
            Some("f8g8")
        );
    }

    /// A field a problem must name, and how to spoil it.
    type Spoiled = (&'static str, fn(&mut Puzzle));

    #[test]
    fn what_does_not_read_is_a_problem_naming_the_field() {
        let cases: [Spoiled; 7] = [
            ("id:", |p| p.id = "two words".into()),
            ("fen:", |p| p.fen = "not a fen".into()),
            ("mate_in", |p| p.mate_in = 0),
            ("last_move:", |p| p.last_move = Some("e2e4".into())),
            ("keys:", |p| p.keys = vec!["e1e9".into()]),
            ("keys:", |p| p.keys.clear()),
            ("solution[0]:", |p| p.solution = vec!["e1a5".into()]),
        ];
        for (field, spoil) in cases {
            let mut p = raw();
            spoil(&mut p);
            let problem = MatePuzzle::read(&p).unwrap_err().to_string();
            assert!(problem.contains(field), "{field}: {problem}");
            assert!(problem.contains("puzzle "), "{problem}");
        }
    }

    #[test]
    fn the_line_is_read_move_after_move() {
        let mut p = raw();
        p.fen = "7k/8/8/8/8/8/8/R5K1 w - - 0 1".into();
        p.last_move = None;
        p.keys = vec!["a1a8".into()];
        // Legal only after the first two moves.
        p.solution = vec!["g1f2".into(), "h8g7".into(), "a1a7".into()];
        assert_eq!(MatePuzzle::read(&p).unwrap().line().len(), 3);
        p.solution = vec!["g1f2".into(), "a1a7".into()];
        let problem = MatePuzzle::read(&p).unwrap_err().to_string();
        assert!(problem.contains("solution[1]"), "{problem}");
    }
}
