//! `chess-tutor solve`: mate-in-N search from the command line (DESIGN.md, "solve output").
//!
//! ```text
//! $ chess-tutor solve --fen "6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1" --mate 2 --json
//! {"mate_in":1,"keys":["e1e8"],"line":["e1e8"],"nodes":3,"millis":0}
//! $ echo '{"fen": "6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1", "mate": 2}' | chess-tutor solve --batch
//! ```
//!
//! `millis` is the wall time of the search, measured here (the library has no clock).

use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::time::Instant;

use chess_tutor_core::rules::{self, FenError, notation};
use chess_tutor_core::search::{MAX_MATE, Prover, Solution, solve_with};
use shakmaty::san::SanPlus;
use shakmaty::{Chess, Move, Position};

/// Arguments of `chess-tutor solve`.
#[derive(Debug, clap::Args)]
pub struct SolveArgs {
    /// The position to solve, as FEN (the side to move mates).
    #[arg(long, conflicts_with = "batch", required_unless_present = "batch")]
    pub fen: Option<String>,
    /// Look for a mate in at most N moves.
    #[arg(long, value_name = "N", required_unless_present = "batch")]
    pub mate: Option<u32>,
    /// Stop at the first proven key instead of proving every key.
    #[arg(long)]
    pub first: bool,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Read JSON lines `{"fen": "...", "mate": N}` from standard input; print one JSON object
    /// per line, in order.
    #[arg(long)]
    pub batch: bool,
}

/// The JSON answer, in DESIGN.md's field order.
#[derive(Debug, serde::Serialize)]
struct Answer {
    mate_in: Option<u32>,
    keys: Vec<String>,
    line: Vec<String>,
    nodes: u64,
    millis: u64,
}

#[derive(Debug, serde::Deserialize)]
struct Request {
    fen: String,
    mate: u32,
}

fn uci(m: Move) -> String {
    notation::uci(m).to_string()
}

/// Reads a FEN and a move count, or says what is wrong with them.
fn read_task(fen: &str, mate: u32) -> Result<Chess, String> {
    if mate == 0 || mate > MAX_MATE {
        return Err(format!("mate must be between 1 and {MAX_MATE}, not {mate}"));
    }
    rules::parse_fen(fen).map_err(|e| match e {
        FenError::Syntax(e) => format!("invalid FEN {fen:?}: {e}"),
        FenError::Position(e) => format!("impossible position {fen:?}: {e}"),
    })
}

fn timed_solve(prover: &mut Prover, pos: &Chess, mate: u32, first: bool) -> (Solution, u64) {
    let start = Instant::now();
    let solution = solve_with(prover, pos, mate, first);
    let millis = u64::try_from(start.elapsed().as_millis()).unwrap_or(u64::MAX);
    (solution, millis)
}

fn answer(solution: &Solution, millis: u64) -> Answer {
    Answer {
        mate_in: solution.mate_in,
        keys: solution.keys.iter().copied().map(uci).collect(),
        line: solution.line.iter().copied().map(uci).collect(),
        nodes: solution.nodes,
        millis,
    }
}

/// A line of moves in SAN with move numbers, starting from `pos`.
fn san_line(pos: &Chess, line: &[Move]) -> String {
    let mut pos = pos.clone();
    let mut out = Vec::new();
    for (i, &m) in line.iter().enumerate() {
        let number = pos.fullmoves();
        let white = pos.turn().is_white();
        let san = SanPlus::from_move_and_play_unchecked(&mut pos, m).to_string();
        if white {
            out.push(format!("{number}. {san}"));
        } else if i == 0 {
            out.push(format!("{number}... {san}"));
        } else {
            out.push(san);
        }
    }
    out.join(" ")
}

/// Runs `chess-tutor solve`.
pub fn run(args: &SolveArgs) -> ExitCode {
    if args.batch {
        return run_batch(args.first);
    }
    let (Some(fen), Some(mate)) = (args.fen.as_deref(), args.mate) else {
        eprintln!("chess-tutor solve: give --fen FEN --mate N, or --batch");
        return ExitCode::from(2);
    };
    let pos = match read_task(fen, mate) {
        Ok(pos) => pos,
        Err(e) => {
            eprintln!("chess-tutor solve: {e}");
            return ExitCode::from(2);
        }
    };
    let (solution, millis) = timed_solve(&mut Prover::new(), &pos, mate, args.first);
    if args.json {
        match serde_json::to_string(&answer(&solution, millis)) {
            Ok(s) => println!("{s}"),
            Err(e) => {
                eprintln!("chess-tutor solve: {e}");
                return ExitCode::FAILURE;
            }
        }
        return ExitCode::SUCCESS;
    }
    match solution.mate_in {
        None => println!("no mate in {mate}"),
        Some(n) => {
            println!("mate in {n}");
            let keys: Vec<String> = solution
                .keys
                .iter()
                .map(|&k| format!("{} ({})", san_line(&pos, &[k]), uci(k)))
                .collect();
            println!("keys: {}", keys.join(", "));
            println!("line: {}", san_line(&pos, &solution.line));
        }
    }
    println!("nodes: {}, {} ms", solution.nodes, millis);
    ExitCode::SUCCESS
}

/// One batch line: the answer object, or an error object naming the input line.
fn batch_line(prover: &mut Prover, text: &str, number: usize, first: bool) -> String {
    let task = serde_json::from_str::<Request>(text)
        .map_err(|e| format!("not a {{\"fen\": ..., \"mate\": N}} object: {e}"))
        .and_then(|req| read_task(&req.fen, req.mate).map(|pos| (pos, req.mate)));
    match task {
        Ok((pos, mate)) => {
            let (solution, millis) = timed_solve(prover, &pos, mate, first);
            // Serialised from the struct, so the fields keep DESIGN.md's order.
            serde_json::to_string(&answer(&solution, millis)).unwrap_or_else(|e| {
                serde_json::json!({"error": e.to_string(), "line": number}).to_string()
            })
        }
        Err(e) => serde_json::json!({"error": e, "line": number}).to_string(),
    }
}

fn run_batch(first: bool) -> ExitCode {
    let stdin = std::io::stdin().lock();
    let mut stdout = std::io::stdout().lock();
    for (i, text) in stdin.lines().enumerate() {
        let text = match text {
            Ok(t) => t,
            Err(e) => {
                eprintln!("chess-tutor solve: reading standard input: {e}");
                return ExitCode::FAILURE;
            }
        };
        if text.trim().is_empty() {
            continue;
        }
        // A fresh table per position keeps every answer (and its node count) independent of
        // the lines before it.
        let mut prover = Prover::new();
        let out = batch_line(&mut prover, &text, i + 1, first);
        if writeln!(stdout, "{out}")
            .and_then(|()| stdout.flush())
            .is_err()
        {
            // The reader went away: stop quietly.
            return ExitCode::SUCCESS;
        }
    }
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_lines_become_error_objects() {
        let mut p = Prover::new();
        let parse = |s: String| serde_json::from_str::<serde_json::Value>(&s).unwrap();
        let v = parse(batch_line(&mut p, "not json", 3, true));
        assert_eq!(v["line"], 3);
        assert!(v["error"].as_str().unwrap().contains("fen"));
        let v = parse(batch_line(
            &mut p,
            r#"{"fen": "8/8/8/8 w - - 0 1", "mate": 1}"#,
            4,
            true,
        ));
        assert!(v["error"].as_str().unwrap().contains("invalid FEN"));
        let v = parse(batch_line(
            &mut p,
            r#"{"fen": "6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1", "mate": 0}"#,
            5,
            true,
        ));
        assert!(v["error"].as_str().unwrap().contains("between 1"));
    }

    #[test]
    fn answer_keeps_design_field_order() {
        let mut p = Prover::new();
        let text = batch_line(
            &mut p,
            r#"{"fen": "6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1", "mate": 2}"#,
            1,
            false,
        );
        assert!(
            text.starts_with(r#"{"mate_in":1,"keys":["e1e8"],"line":["e1e8"],"nodes":"#),
            "{text}"
        );
        let a = answer(
            &Solution {
                mate_in: Some(1),
                keys: vec![],
                line: vec![],
                nodes: 1,
            },
            2,
        );
        let text = serde_json::to_string(&a).unwrap();
        assert_eq!(
            text,
            r#"{"mate_in":1,"keys":[],"line":[],"nodes":1,"millis":2}"#
        );
    }

    #[test]
    fn san_line_numbers_moves() {
        let pos = read_task("6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1", 1).unwrap();
        let m = "e1e8"
            .parse::<shakmaty::uci::UciMove>()
            .unwrap()
            .to_move(&pos)
            .unwrap();
        assert_eq!(san_line(&pos, &[m]), "1. Re8#");
    }
}
