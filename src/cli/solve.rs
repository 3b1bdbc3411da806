//! `chess-tutor solve`: mate-in-N search from the command line (docs/cli.md).
//!
//! ```text
//! $ chess-tutor solve --fen "6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1" --mate 2 --json
//! {"mate_in":1,"keys":["e1e8"],"line":["e1e8"],"nodes":3,"millis":0}
//! $ echo '{"fen": "6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1", "mate": 2}' | chess-tutor solve --batch
//! ```
//!
//! `millis` is the wall time of the search, measured here (the library has no clock).
//!
//! Every search has a budget: positions visited (`--max-nodes`) and wall time
//! (`--max-seconds`), per position. Running out is an answer, not a hang: "not proven within
//! the budget", exit code [`OUT_OF_BUDGET`] (3), or `{"out_of_budget": true, …}` in JSON and
//! in a batch, where the next line is read as usual.

use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use chess_tutor_core::rules::{self, FenError, notation};
use chess_tutor_core::search::{Budget, MAX_MATE, OutOfBudget, Prover, Solution, solve_with};
use shakmaty::san::SanPlus;
use shakmaty::{Chess, Move, Position};

/// The exit code of a search that ran out of its budget (neither proven nor refuted).
pub const OUT_OF_BUDGET: u8 = 3;

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
    /// per line, in order (an error object for a line that is not a task, blank ones included).
    #[arg(long)]
    pub batch: bool,
    /// The most positions one search may visit.
    #[arg(long, value_name = "N", default_value_t = 50_000_000)]
    pub max_nodes: u64,
    /// The most wall time one search may take, in seconds.
    #[arg(long, value_name = "S", default_value_t = 30.0, value_parser = parse_seconds)]
    pub max_seconds: f64,
}

fn parse_seconds(text: &str) -> Result<f64, NotSeconds> {
    match text.parse::<f64>() {
        Ok(s) if s.is_finite() && s > 0.0 && s <= 86_400.0 => Ok(s),
        _ => Err(NotSeconds),
    }
}

/// A `--max-seconds` that is not a time a search may take.
#[derive(Debug, thiserror::Error)]
#[error("a number of seconds above 0, at most 86400")]
struct NotSeconds;

impl SolveArgs {
    /// A fresh budget for one search, starting now.
    fn budget(&self) -> Budget {
        let deadline = Instant::now() + Duration::from_secs_f64(self.max_seconds);
        Budget::nodes(self.max_nodes).or_when(move || Instant::now() >= deadline)
    }
}

/// The JSON answer, in the field order of docs/cli.md.
#[derive(Debug, serde::Serialize)]
struct Answer {
    mate_in: Option<u32>,
    keys: Vec<String>,
    line: Vec<String>,
    nodes: u64,
    millis: u64,
}

/// The JSON answer when the budget ran out.
#[derive(Debug, serde::Serialize)]
struct Exhausted {
    out_of_budget: bool,
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
fn read_task(fen: &str, mate: u32) -> Result<Chess, TaskError> {
    if mate == 0 || mate > MAX_MATE {
        return Err(TaskError::Mate(mate));
    }
    rules::parse_fen(fen).map_err(|source| TaskError::Fen {
        fen: fen.to_owned(),
        source,
    })
}

/// A task `solve` cannot take.
#[derive(Debug, thiserror::Error)]
enum TaskError {
    #[error("mate must be between 1 and {MAX_MATE}, not {0}")]
    Mate(u32),
    #[error("{} {fen:?}: {}", if source.is_syntax() { "invalid FEN" } else { "impossible position" }, detail(source))]
    Fen { fen: String, source: FenError },
}

/// shakmaty's words for what is wrong with a FEN.
fn detail(e: &FenError) -> String {
    std::error::Error::source(e).map_or_else(|| e.to_string(), ToString::to_string)
}

fn timed_solve(
    prover: &mut Prover,
    pos: &Chess,
    mate: u32,
    first: bool,
) -> (Result<Solution, OutOfBudget>, u64) {
    let start = Instant::now();
    let solution = solve_with(prover, pos, mate, first);
    let millis = u64::try_from(start.elapsed().as_millis()).unwrap_or(u64::MAX);
    (solution, millis)
}

fn exhausted(out: OutOfBudget, millis: u64) -> Exhausted {
    Exhausted {
        out_of_budget: true,
        nodes: out.nodes,
        millis,
    }
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
pub fn run(args: &SolveArgs) -> super::Outcome {
    if args.batch {
        return run_batch(args);
    }
    let (Some(fen), Some(mate)) = (args.fen.as_deref(), args.mate) else {
        return Err(super::Failure::usage(
            "solve",
            "give --fen FEN --mate N, or --batch",
        ));
    };
    let pos = read_task(fen, mate).map_err(|e| super::Failure::usage("solve", e.to_string()))?;
    let (solution, millis) = timed_solve(&mut Prover::new(args.budget()), &pos, mate, args.first);
    let solution = match solution {
        Ok(solution) => solution,
        Err(out) => {
            if args.json {
                println!(
                    "{}",
                    serde_json::to_string(&exhausted(out, millis)).unwrap_or_default()
                );
            } else {
                println!("{out}, {millis} ms: a mate in {mate} is neither proven nor refuted");
            }
            return Ok(ExitCode::from(OUT_OF_BUDGET));
        }
    };
    if args.json {
        let written = serde_json::to_string(&answer(&solution, millis))
            .map_err(|e| super::Failure::failed("solve", e.to_string()))?;
        println!("{written}");
        return Ok(ExitCode::SUCCESS);
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
    Ok(ExitCode::SUCCESS)
}

/// One batch line: the answer object, or an error object naming the input line.
fn batch_line(prover: &mut Prover, text: &str, number: usize, first: bool) -> String {
    if text.trim().is_empty() {
        return serde_json::json!({"error": "an empty line", "line": number}).to_string();
    }
    let task = serde_json::from_str::<Request>(text)
        .map_err(|e| format!("not a {{\"fen\": ..., \"mate\": N}} object: {e}"))
        .and_then(|req| {
            read_task(&req.fen, req.mate)
                .map(|pos| (pos, req.mate))
                .map_err(|e| e.to_string())
        });
    match task {
        Ok((pos, mate)) => {
            let (solution, millis) = timed_solve(prover, &pos, mate, first);
            // Serialised from the struct, so the fields keep the order of docs/cli.md.
            let written = match solution {
                Ok(solution) => serde_json::to_string(&answer(&solution, millis)),
                Err(out) => serde_json::to_string(&serde_json::json!({
                    "out_of_budget": true,
                    "nodes": out.nodes,
                    "millis": millis,
                    "line": number,
                })),
            };
            written.unwrap_or_else(|e| {
                serde_json::json!({"error": e.to_string(), "line": number}).to_string()
            })
        }
        Err(e) => serde_json::json!({"error": e, "line": number}).to_string(),
    }
}

/// Answers every line of standard input with one line, in order: a line that is not UTF-8 or
/// is blank gets an error object too, so that answers line up with questions.
fn run_batch(args: &SolveArgs) -> super::Outcome {
    let mut stdin = std::io::stdin().lock();
    let mut stdout = std::io::stdout().lock();
    let mut bytes = Vec::new();
    let mut number = 0;
    loop {
        bytes.clear();
        match stdin.read_until(b'\n', &mut bytes) {
            Ok(0) => return Ok(ExitCode::SUCCESS),
            Ok(_) => {}
            Err(e) => {
                let message = format!("reading standard input: {e}");
                return Err(super::Failure::failed("solve", message));
            }
        }
        number += 1;
        let out = match std::str::from_utf8(&bytes) {
            // A fresh table and budget per position keep every answer (and its node count)
            // independent of the lines before it.
            Ok(text) => batch_line(&mut Prover::new(args.budget()), text, number, args.first),
            Err(_) => {
                serde_json::json!({"error": "the line is not UTF-8", "line": number}).to_string()
            }
        };
        if writeln!(stdout, "{out}")
            .and_then(|()| stdout.flush())
            .is_err()
        {
            // The reader went away: stop quietly.
            return Ok(ExitCode::SUCCESS);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_lines_become_error_objects() {
        let mut p = Prover::new(Budget::TUTOR);
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
        let mut p = Prover::new(Budget::TUTOR);
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

    /// `solve --mate 8` on a middlegame ran for hours, and in `--batch` blocked every later
    /// line: the budget answers, and the next line is read.
    #[test]
    fn a_search_past_its_budget_is_an_answer_and_the_batch_goes_on() {
        let mut p = Prover::new(Budget::nodes(20_000));
        let text = batch_line(
            &mut p,
            r#"{"fen": "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4", "mate": 8}"#,
            7,
            false,
        );
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(v["out_of_budget"], true, "{text}");
        assert_eq!(v["line"], 7);
        assert!(v["nodes"].as_u64().unwrap() > 20_000);
        let v: serde_json::Value =
            serde_json::from_str(&batch_line(&mut p, "  ", 8, false)).unwrap();
        assert_eq!(v["line"], 8, "a blank line is answered too");
    }
}
