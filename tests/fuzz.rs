//! The fuzz targets (`fuzz/src/lib.rs`) on stable Rust, in every `cargo test`: each target's
//! seed corpus (`fuzz/corpus/TARGET/`, kept in the repository) is replayed, then mutations of
//! it (bit flips, chess and JSON tokens, cuts, copies and splices) are run for a bounded time.
//! Not coverage-guided (that is `scripts/fuzz.sh`, with AFL++ on the same functions), but
//! compiled with the code at every change and run with debug assertions and overflow checks.
//!
//! - `FUZZ_SECONDS`: the seconds of mutations per target (default: none, only 300 mutated
//!   inputs each); CI gives the whole fuzz step about a minute (`.ci/run`).
//! - `FUZZ_SEED`: the mutations' seed (default: from the clock; printed, so a run can be
//!   repeated).
//!
//! A crash (a panic) fails the test and its input is written to `fuzz/crashes/TARGET-HASH`;
//! once the bug is fixed, move that file into `fuzz/corpus/TARGET/`: from then on every
//! `cargo test` replays it, a regression test.

#[allow(dead_code)]
#[path = "../fuzz/src/lib.rs"]
mod targets;

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// An input that takes longer than this is reported as a hang (every check has a budget).
const HANG: Duration = Duration::from_secs(5);

/// Tokens the mutations insert: the alphabets the readers know.
const TOKENS: &[&str] = &[
    "K",
    "Q",
    "R",
    "B",
    "N",
    "P",
    "k",
    "q",
    "r",
    "b",
    "n",
    "p",
    "x",
    "+",
    "#",
    "=",
    "-",
    "/",
    "O-O",
    "O-O-O",
    "0-0",
    "e.p.",
    "e4",
    "a8",
    "h1",
    "8",
    "1",
    " w ",
    " b ",
    " KQkq ",
    " - ",
    "马",
    "馬",
    "车",
    "象",
    "兵",
    "后",
    "王",
    "\n",
    " ",
    ":",
    "{",
    "}",
    "[",
    "]",
    "\"",
    ",",
    "0",
    "-1",
    "9223372036854775807",
    "1e400",
    "null",
    "true",
    "false",
    "\"ok\":",
    "\"result\":",
    "\"update_id\":",
    "\\u0000",
    "\\ud800",
    "\t",
    "  - ",
    "id: ",
    "kind: ",
    "board: ",
    "~",
    "&a",
    "*a",
    "!!str ",
    "|",
    ">",
    "'",
];

/// Bytes a mutation writes over one.
const ALPHABET: &[u8] = b" !\"#$%&'()*+,-./0123456789:;<=>?@[\\]^_`{|}~\n\tabcdefghKQRBNPkqrbnpxO";

/// xorshift64*: enough for mutations, no dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

/// The seed corpus of `target`, each file with its name.
fn corpus(target: &str) -> Vec<(String, Vec<u8>)> {
    let dir = root().join("fuzz").join("corpus").join(target);
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read(&path).unwrap())
        })
        .collect();
    files.sort();
    if target == "callback_data" {
        for (i, seed) in targets::callback_seeds().into_iter().enumerate() {
            files.push((format!("callback_seeds()[{i}]"), seed.into_bytes()));
        }
    }
    assert!(!files.is_empty(), "no seed corpus for {target}");
    files
}

/// One mutation of `input`, splicing from `others` at times; kept valid UTF-8 (the readers
/// take text: invalid bytes would only be turned away at the door).
fn mutate(rng: &mut Rng, input: &[u8], others: &[(String, Vec<u8>)]) -> Vec<u8> {
    let mut out = input.to_vec();
    for _ in 0..=rng.below(4) {
        let at = rng.below(out.len() + 1);
        match rng.below(8) {
            0 if !out.is_empty() => {
                let i = rng.below(out.len());
                out[i] ^= 1 << rng.below(8);
            }
            1 if !out.is_empty() => {
                let i = rng.below(out.len());
                out[i] = ALPHABET[rng.below(ALPHABET.len())];
            }
            2 => {
                let token = TOKENS[rng.below(TOKENS.len())];
                out.splice(at..at, token.bytes());
            }
            3 if !out.is_empty() => {
                let end = (at + 1 + rng.below(16)).min(out.len());
                out.drain(at.min(end)..end);
            }
            4 if !out.is_empty() => {
                // A piece of itself copied elsewhere (deeper nesting, repeated keys).
                let from = rng.below(out.len());
                let end = (from + 1 + rng.below(64)).min(out.len());
                let piece = out[from..end].to_vec();
                let to = rng.below(out.len() + 1);
                out.splice(to..to, piece);
            }
            5 => {
                let (_, other) = &others[rng.below(others.len())];
                let from = rng.below(other.len());
                let end = (from + rng.below(64)).min(other.len());
                out.splice(at..at, other[from..end].iter().copied());
            }
            6 => out.truncate(at),
            _ => {
                let token = TOKENS[rng.below(TOKENS.len())];
                let end = (at + token.len()).min(out.len());
                out.splice(at..end, token.bytes());
            }
        }
    }
    match String::from_utf8(out) {
        Ok(text) => text.into_bytes(),
        Err(e) => String::from_utf8_lossy(e.as_bytes())
            .into_owned()
            .into_bytes(),
    }
}

/// Runs `check` on `input`; a panic or a hang fails the test, with the input kept.
fn run(target: &str, check: fn(&[u8]), input: &[u8], what: &str) {
    let started = Instant::now();
    let result = catch_unwind(AssertUnwindSafe(|| check(input)));
    let took = started.elapsed();
    if result.is_ok() && took < HANG {
        return;
    }
    let dir = root().join("fuzz").join("crashes");
    let _ = std::fs::create_dir_all(&dir);
    let hash = input.iter().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3)
    });
    let path = dir.join(format!("{target}-{hash:016x}"));
    let _ = std::fs::write(&path, input);
    let kind = if result.is_err() {
        "crashed (panicked, above)"
    } else {
        "hung"
    };
    panic!(
        "{target} {kind} on {what} ({took:?}); the input is kept in {} — once fixed, move it into fuzz/corpus/{target}/ as a regression test:\n{:?}",
        path.display(),
        String::from_utf8_lossy(input)
    );
}

/// Replays `target`'s corpus, then mutates it for the time or count the environment asks.
fn fuzz(target: &str) {
    let check = targets::TARGETS
        .iter()
        .find(|(name, _)| *name == target)
        .map(|&(_, f)| f)
        .unwrap();
    let seeds = corpus(target);
    for (name, input) in &seeds {
        run(target, check, input, &format!("its corpus file {name}"));
    }
    let seconds: Option<f64> = std::env::var("FUZZ_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok());
    let seed = std::env::var("FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_nanos() as u64)
        })
        | 1;
    let mut rng = Rng(seed);
    let started = Instant::now();
    let mut executions = seeds.len();
    // Inputs that ran without a crash, to mutate further (bounded).
    let mut pool: Vec<Vec<u8>> = seeds.iter().map(|(_, s)| s.clone()).collect();
    loop {
        let done = match seconds {
            Some(s) => started.elapsed().as_secs_f64() >= s,
            None => executions >= seeds.len() + 300,
        };
        if done {
            break;
        }
        // Half the time a seed itself: without coverage to guide it, a pool of mutants drifts
        // towards inputs the readers turn away at their first line.
        let parent = if rng.below(2) == 0 {
            seeds[rng.below(seeds.len())].1.clone()
        } else {
            pool[rng.below(pool.len())].clone()
        };
        let input = mutate(&mut rng, &parent, &seeds);
        run(
            target,
            check,
            &input,
            &format!("a mutation (FUZZ_SEED={seed}, execution {executions})"),
        );
        executions += 1;
        if pool.len() < 2_000 && rng.below(8) == 0 {
            pool.push(input);
        } else if rng.below(4) == 0 {
            let i = rng.below(pool.len());
            pool[i] = input;
        }
    }
    let took = started.elapsed().as_secs_f64();
    eprintln!(
        "fuzz {target:<16} {executions:>9} executions in {took:>5.1} s ({:>7.0}/s), {} seeds, FUZZ_SEED={seed}",
        executions as f64 / took.max(1e-9),
        seeds.len()
    );
}

#[test]
fn move_reader() {
    fuzz("move_reader");
}

#[test]
fn fen_reader() {
    fuzz("fen_reader");
}

#[test]
fn callback_data() {
    fuzz("callback_data");
}

#[test]
fn lesson_yaml() {
    fuzz("lesson_yaml");
}

#[test]
fn quiz_yaml() {
    fuzz("quiz_yaml");
}

#[test]
fn puzzle_yaml() {
    fuzz("puzzle_yaml");
}

#[test]
fn telegram_updates() {
    fuzz("telegram_updates");
}

/// Every target has its test here, and its corpus.
#[test]
fn every_target_is_run() {
    let source = std::fs::read_to_string(file!()).unwrap();
    for (name, _) in targets::TARGETS {
        assert!(
            source.contains(&format!("fn {name}() {{\n    fuzz(\"{name}\");")),
            "{name} has no test"
        );
        assert!(!corpus(name).is_empty());
    }
}

/// A target that panics fails its test, and its input is kept to become a corpus file.
#[test]
fn a_crash_fails_and_keeps_its_input() {
    fn check(data: &[u8]) {
        assert_ne!(data, b"boom", "found it");
    }
    run("selftest", check, b"fine", "a fine input");
    let failed = catch_unwind(|| run("selftest", check, b"boom", "a bad input"));
    let message = failed.unwrap_err();
    let message = message.downcast_ref::<String>().unwrap();
    assert!(message.contains("selftest crashed"), "{message}");
    let kept = root().join("fuzz").join("crashes").join(format!(
        "selftest-{}",
        message
            .split("fuzz/crashes/selftest-")
            .nth(1)
            .unwrap()
            .split_whitespace()
            .next()
            .unwrap()
    ));
    assert_eq!(std::fs::read(&kept).unwrap(), b"boom");
    std::fs::remove_file(kept).unwrap();
}
