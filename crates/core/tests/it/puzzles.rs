//! The shipped puzzle collection: every puzzle loads (our own search proves each one once per
//! run, in `chess-tutor check`'s test, `tests/e2e/cli.rs`); an
//! independent oracle (python-chess for short mates, Stockfish for long ones) agrees on a
//! sample. The oracle tests fail in CI when the tool is missing (`crate::oracles`).

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use chess_tutor_core::content::puzzle::{Puzzle, PuzzleSet};

/// The shipped sets, as compiled into the binary.
fn shipped() -> Vec<PuzzleSet> {
    let (sets, problems) = chess_tutor_core::content::shipped::puzzle_sets();
    for p in &problems {
        eprintln!("{p}");
    }
    assert!(problems.is_empty(), "{} problem(s)", problems.len());
    sets
}

fn all_puzzles(sets: &[PuzzleSet]) -> Vec<&Puzzle> {
    sets.iter().flat_map(|s| &s.puzzles).collect()
}

#[test]
fn the_whole_lichess_mate_set_is_shipped() {
    let sets = shipped();
    let puzzles = all_puzzles(&sets);
    let count = |n: u32| puzzles.iter().filter(|p| p.mate_in == n).count();
    assert_eq!(
        (count(1), count(2), count(3), count(4)),
        (203, 227, 240, 220)
    );
    assert_eq!(puzzles.len(), 890);
    // Shared data README: eight mate-in-1 puzzles have more than one mating move.
    let several: Vec<&str> = puzzles
        .iter()
        .filter(|p| p.multiple_keys)
        .map(|p| p.id.as_str())
        .collect();
    assert_eq!(several.len(), 8, "{several:?}");
    for set in &sets {
        assert!(set.licence.contains("CC0"), "{}", set.file.display());
        assert!(set.source.contains("Lichess"), "{}", set.file.display());
    }
    for p in &puzzles {
        assert!(
            p.source.starts_with("https://lichess.org/training/"),
            "{}",
            p.id
        );
        assert!(p.last_move.is_some(), "{}: no move to tint", p.id);
        assert!(p.rating.is_some(), "{}: no rating", p.id);
        assert!(!p.themes_zh.is_empty(), "{}: no Chinese theme", p.id);
        assert!(p.line.is_some(), "{}: no line number", p.id);
    }
}

/// Brute force with python-chess (its own move generator): all keys of a mate in exactly N,
/// for N ≤ 2. Reads `fen n` lines, prints the sorted keys per line.
const PY_ORACLE: &str = r#"
import sys, chess
def mates_in_1(b):
    for m in b.legal_moves:
        b.push(m); mate = b.is_checkmate(); b.pop()
        if mate: return True
    return False
def forces(b, m, n):
    b.push(m)
    try:
        if b.is_checkmate(): return n >= 1
        if n == 1 or not any(True for _ in b.legal_moves): return False
        for r in list(b.legal_moves):
            b.push(r); ok = mates_in_1(b); b.pop()
            if not ok: return False
        return True
    finally:
        b.pop()
for line in sys.stdin:
    fen, n = line.rsplit(' ', 1); n = int(n)
    b = chess.Board(fen)
    shorter = n > 1 and mates_in_1(b)
    keys = [] if shorter else sorted(m.uci() for m in b.legal_moves if forces(b, m, n))
    print(' '.join(keys) if keys else '-')
"#;

#[test]
fn python_chess_agrees_on_short_mates() {
    if !crate::oracles::python_chess() {
        return;
    }
    let sets = shipped();
    let sample: Vec<&Puzzle> = all_puzzles(&sets)
        .into_iter()
        .filter(|p| p.mate_in == 1 || (p.mate_in == 2 && p.id.len() % 2 == 1))
        .collect();
    let input: String = sample
        .iter()
        .map(|p| format!("{} {}\n", p.fen, p.mate_in))
        .collect();
    let mut child = Command::new("python3")
        .args(["-c", PY_ORACLE])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("python3 runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("write");
    let out = child.wait_with_output().expect("python finishes");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), sample.len());
    for (p, line) in sample.iter().zip(lines) {
        let mut ours = p.keys.clone();
        ours.sort();
        assert_eq!(line, ours.join(" "), "puzzle {} ({})", p.id, p.fen);
    }
    assert!(sample.len() > 250, "sample of {}", sample.len());
}

#[test]
fn stockfish_agrees_on_long_mates() {
    let Some(engine) = crate::oracles::stockfish() else {
        return;
    };
    let sets = shipped();
    let sample: Vec<&Puzzle> = all_puzzles(&sets)
        .into_iter()
        .filter(|p| p.mate_in >= 3)
        .step_by(10)
        .collect();
    let mut child = Command::new(engine)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("stockfish runs");
    let mut input = child.stdin.take().expect("stdin");
    let mut output = BufReader::new(child.stdout.take().expect("stdout"));
    writeln!(
        input,
        "uci\nsetoption name Threads value 1\nsetoption name Hash value 16"
    )
    .unwrap();
    // One search at a time: a command sent during a search may stop it.
    let mut results = Vec::new();
    for p in &sample {
        writeln!(
            input,
            "ucinewgame\nposition fen {}\ngo mate {}",
            p.fen, p.mate_in
        )
        .unwrap();
        input.flush().unwrap();
        let mut last_mate = None;
        let mut line = String::new();
        loop {
            line.clear();
            if output.read_line(&mut line).unwrap() == 0 {
                panic!("stockfish stopped");
            }
            if let Some(i) = line.find("score mate ") {
                last_mate = line[i + 11..]
                    .split_whitespace()
                    .next()
                    .and_then(|s| s.parse::<i32>().ok());
            }
            if let Some(best) = line.strip_prefix("bestmove ") {
                let best = best.split_whitespace().next().unwrap_or("").to_owned();
                results.push((last_mate, best));
                break;
            }
        }
    }
    writeln!(input, "quit").unwrap();
    drop(input);
    let _ = child.wait();
    assert_eq!(results.len(), sample.len());
    for (p, (mate, best)) in sample.iter().zip(results) {
        assert_eq!(mate, Some(p.mate_in as i32), "puzzle {}", p.id);
        assert!(
            p.keys.contains(&best),
            "puzzle {}: stockfish plays {best}",
            p.id
        );
    }
}
