//! Importing the Lichess puzzle format: the CSV of the Lichess puzzle database and the JSON of
//! the shared mate set.
//!
//! The Lichess convention: `fen` is the position **before** the opponent's move, `moves[0]` is
//! that move, and the learner's task starts after it, at `moves[1]`. An imported puzzle keeps
//! the position the learner faces, with `moves[0]` as the move to tint on the board.

use std::path::PathBuf;

use shakmaty::fen::Fen;
use shakmaty::{EnPassantMode, Position};

use super::reading::{PuzzleTextError, read_fen, read_move, uci};
use super::verify::{check_line, par_map};
use super::{LICHESS_LICENCE, LICHESS_SOURCE, Puzzle, PuzzleSet, chinese_themes};
use crate::search::{Budget, OutOfBudget, Prover, solve_with};

/// Input that is not Lichess puzzles at all (JSON of another shape).
#[derive(Debug, thiserror::Error)]
#[error("not Lichess puzzle JSON: {0}")]
pub struct NotLichess(#[source] serde_json::Error);

/// Why a row of the input, or a puzzle in it, is not kept.
#[derive(Debug, Clone, thiserror::Error)]
pub enum DropReason {
    /// A CSV row with fewer than the id, FEN and moves.
    #[error("line {line}: expected at least 3 comma-separated fields, found {found}")]
    TooFewFields {
        /// The row's line, from 1.
        line: usize,
        /// How many fields it has.
        found: usize,
    },
    /// A CSV row whose rating is not a number.
    #[error("line {line}: rating {rating:?} is not a number")]
    Rating {
        /// The row's line, from 1.
        line: usize,
        /// The rating as written.
        rating: String,
    },
    /// No `mate` or `mateInN` theme.
    #[error("not a mate puzzle (no mate theme)")]
    NotMate,
    /// Not the opponent's move and a solution of an odd number of moves.
    #[error("{0} moves: expected the opponent's move and a solution of 2N - 1 moves")]
    MoveCount(usize),
    /// A mate longer than the import takes.
    #[error("mate in {mate} is longer than the limit of {max}")]
    TooLong {
        /// The puzzle's mate length.
        mate: usize,
        /// The limit asked for.
        max: u32,
    },
    /// The FEN does not read.
    #[error(transparent)]
    Fen(PuzzleTextError),
    /// The opponent's move (`moves[0]`) does not read or is not legal.
    #[error("moves[0]: {0}")]
    OpponentMove(PuzzleTextError),
    /// The solution is not a legal line ending in mate: the first problem found.
    #[error("{0}")]
    Line(String),
    /// The search ran out before proving the mate.
    #[error(transparent)]
    Search(#[from] OutOfBudget),
    /// The search finds a mate shorter than the puzzle's.
    #[error("the search finds a shorter mate, in {0}")]
    ShorterMate(u32),
    /// The search finds no mate of the puzzle's length.
    #[error("the search finds no forced mate in {0}")]
    NoMate(u32),
    /// The solution's first move is not one of the moves that force mate.
    #[error("the first solution move {0} does not force mate")]
    KeyNotForcing(String),
}

/// One puzzle in the Lichess format.
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize)]
pub struct LichessPuzzle {
    /// The Lichess puzzle id.
    pub id: String,
    /// The position before the opponent's move.
    pub fen: String,
    /// The opponent's move, then the solution, in UCI.
    pub moves: Vec<String>,
    /// The puzzle's rating.
    #[serde(default)]
    pub rating: Option<u32>,
    /// Lichess theme names.
    #[serde(default)]
    pub themes: Vec<String>,
    /// The game the puzzle comes from.
    #[serde(default)]
    pub game: Option<String>,
}

#[derive(serde::Deserialize)]
#[serde(untagged)]
enum JsonFile {
    Wrapped { puzzles: Vec<LichessPuzzle> },
    Bare(Vec<LichessPuzzle>),
}

/// Reads Lichess puzzles from JSON (an object with a `puzzles` list, or a bare list) or from
/// the puzzle database CSV (`PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,
/// Themes,GameUrl,OpeningTags`, header optional). Unreadable CSV rows come back as errors
/// naming their line; the rest is still read.
///
/// # Errors
///
/// [`NotLichess`] when JSON input does not have the expected shape.
pub fn read_lichess(text: &str) -> Result<Vec<Result<LichessPuzzle, DropReason>>, NotLichess> {
    let start = text.trim_start();
    if start.starts_with('{') || start.starts_with('[') {
        let file: JsonFile = serde_json::from_str(text).map_err(NotLichess)?;
        let puzzles = match file {
            JsonFile::Wrapped { puzzles } | JsonFile::Bare(puzzles) => puzzles,
        };
        return Ok(puzzles.into_iter().map(Ok).collect());
    }
    Ok(text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with("PuzzleId,"))
        .map(|(i, l)| read_csv_row(l, i + 1))
        .collect())
}

fn read_csv_row(text: &str, line: usize) -> Result<LichessPuzzle, DropReason> {
    let fields: Vec<&str> = text.trim_end_matches('\r').split(',').collect();
    if fields.len() < 3 {
        return Err(DropReason::TooFewFields {
            line,
            found: fields.len(),
        });
    }
    let field = |i: usize| fields.get(i).map(|s| s.trim()).filter(|s| !s.is_empty());
    let rating = match field(3) {
        Some(r) => Some(r.parse::<u32>().map_err(|_| DropReason::Rating {
            line,
            rating: r.to_owned(),
        })?),
        None => None,
    };
    Ok(LichessPuzzle {
        id: fields[0].trim().to_owned(),
        fen: fields[1].trim().to_owned(),
        moves: fields[2].split_whitespace().map(str::to_owned).collect(),
        rating,
        themes: field(7)
            .map(|t| t.split_whitespace().map(str::to_owned).collect())
            .unwrap_or_default(),
        game: field(8).map(str::to_owned),
    })
}

/// Turns one Lichess puzzle into ours, proving it: a mate theme, a legal line of `2N` moves
/// ending in mate, and the search agreeing on a mate in exactly N, with all keys.
///
/// # Errors
///
/// [`DropReason`]: why the puzzle is not kept.
pub fn import_one(lp: &LichessPuzzle, max_mate: u32) -> Result<Puzzle, DropReason> {
    if !lp
        .themes
        .iter()
        .any(|t| t == "mate" || t.starts_with("mateIn"))
    {
        return Err(DropReason::NotMate);
    }
    if lp.moves.len() < 2 || !lp.moves.len().is_multiple_of(2) {
        return Err(DropReason::MoveCount(lp.moves.len()));
    }
    let mate = lp.moves.len() / 2;
    let n = match u32::try_from(mate) {
        Ok(n) if n <= max_mate => n,
        _ => {
            return Err(DropReason::TooLong {
                mate,
                max: max_mate,
            });
        }
    };
    let before = read_fen(&lp.fen).map_err(DropReason::Fen)?;
    let opponent = read_move(&before, &lp.moves[0]).map_err(DropReason::OpponentMove)?;
    let mut pos = before;
    pos.play_unchecked(opponent);
    let solution: Vec<String> = lp.moves[1..].to_vec();
    if let Some(problem) = check_line(&pos, &solution, n).into_iter().next() {
        return Err(DropReason::Line(problem));
    }
    let mut prover = Prover::new(Budget::CHECK);
    let found = solve_with(&mut prover, &pos, n, false)?;
    match found.mate_in {
        Some(k) if k == n => {}
        Some(k) => return Err(DropReason::ShorterMate(k)),
        None => return Err(DropReason::NoMate(n)),
    }
    let keys: Vec<String> = found.keys.iter().map(|&m| uci(m)).collect();
    if !keys.contains(&solution[0]) {
        return Err(DropReason::KeyNotForcing(solution[0].clone()));
    }
    Ok(Puzzle {
        id: lp.id.clone(),
        fen: Fen::from_position(&pos, EnPassantMode::Legal).to_string(),
        last_move: Some(uci(opponent)),
        mate_in: n,
        solution,
        multiple_keys: keys.len() > 1,
        keys,
        rating: lp.rating,
        themes: lp.themes.clone(),
        themes_zh: chinese_themes(&lp.themes),
        source: format!("https://lichess.org/training/{}", lp.id),
        game: lp.game.clone(),
        file: PathBuf::new(),
        line: None,
    })
}

/// What an import kept and what it dropped, with reasons.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportReport {
    /// The proven puzzles, in input order, as one set with the Lichess source and licence.
    pub set: PuzzleSet,
    /// `(id or line, reason)` for every puzzle not kept.
    pub dropped: Vec<(String, String)>,
}

/// Imports Lichess puzzles in parallel, keeping those the search proves (see [`import_one`]).
#[must_use]
pub fn import(
    read: Vec<Result<LichessPuzzle, DropReason>>,
    max_mate: u32,
    progress: Option<&(dyn Fn(usize, usize) + Sync)>,
) -> ImportReport {
    let results = par_map(
        &read,
        |r| match r {
            Ok(lp) => import_one(lp, max_mate).map_err(|e| (lp.id.clone(), e.to_string())),
            Err(e) => Err(("?".to_owned(), e.to_string())),
        },
        progress,
    );
    let mut puzzles = Vec::new();
    let mut dropped = Vec::new();
    for r in results {
        match r {
            Ok(p) => puzzles.push(p),
            Err(d) => dropped.push(d),
        }
    }
    ImportReport {
        set: PuzzleSet {
            source: LICHESS_SOURCE.to_owned(),
            licence: LICHESS_LICENCE.to_owned(),
            puzzles,
            file: PathBuf::new(),
        },
        dropped,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CSV: &str = "PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags
02jRN,8/1R3pk1/6p1/1p1N2Kp/7P/5P2/1r4P1/8 w - - 7 51,f3f4 b2g2,436,80,90,100,mateIn1 endgame,https://lichess.org/RHQZQ0W2#101,
00008,r6k/pp2r2p/4Rp1Q/3p4/8/1N1P2R1/PqP2bPP/7K b - - 0 24,f2g3 e6e7 b2b1 b3c1 b1c1 h6c1,1852,74,96,1000,crushing hangingPiece long middlegame,https://lichess.org/787zsVup/black#47,
broken,line
";

    #[test]
    fn csv_rows_are_read_and_non_mates_dropped() {
        let read = read_lichess(CSV).unwrap();
        assert_eq!(read.len(), 3);
        assert!(read[2].as_ref().unwrap_err().to_string().contains("line 4"));
        let report = import(read, 4, None);
        assert_eq!(report.set.puzzles.len(), 1);
        let p = &report.set.puzzles[0];
        assert_eq!(p.id, "02jRN");
        assert_eq!(p.last_move.as_deref(), Some("f3f4"));
        assert_eq!(p.fen, "8/1R3pk1/6p1/1p1N2Kp/5P1P/8/1r4P1/8 b - - 0 51");
        assert_eq!(p.keys, vec!["b2g2".to_owned()]);
        assert_eq!(p.themes_zh, vec!["一步杀".to_owned()]);
        assert_eq!(report.dropped.len(), 2);
        assert!(
            report
                .dropped
                .iter()
                .any(|(id, why)| id == "00008" && why.contains("not a mate"))
        );
    }

    #[test]
    fn json_is_read_and_a_false_claim_is_dropped() {
        // Claimed mate in 1, but the given "mate" is not one.
        let json = r#"{"puzzles": [{"id": "x", "fen": "6k1/5ppp/8/8/8/8/8/4R1K1 b - - 0 1",
            "moves": ["g8h8", "e1e7"], "rating": 500, "themes": ["mateIn1"]}]}"#;
        let report = import(read_lichess(json).unwrap(), 4, None);
        assert!(report.set.puzzles.is_empty());
        assert!(
            report.dropped[0].1.contains("checkmate"),
            "{:?}",
            report.dropped
        );
        assert!(read_lichess("{\"nope\": 1}").is_err());
    }
}
