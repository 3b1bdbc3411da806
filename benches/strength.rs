//! The strength of the tutor's levels, measured by playing games in-process: each level against
//! the one below, level 1 against a random mover and against a beginner who takes whatever it
//! can, and the top levels against Stockfish at low Skill Levels (when `stockfish` is on the
//! PATH). Prints markdown tables: the results, and each level's reply time.
//!
//! `cargo bench --bench strength` (or `bench/play_strength.sh`). Environment:
//! - `GAMES` (100): games per match between levels and against the stand-ins;
//! - `SF_GAMES` (20): games per match against Stockfish; `SF_GO` (`depth 8`): what follows `go`;
//! - `SF_LEVELS` (`6,7,8`) and `SF_SKILLS` (`0,1,3`);
//! - `ONLY`: play only the matches whose name contains this text;
//! - `THREADS` (1): games played at once (more than 1 blurs the reply times);
//! - `LEVEL3="2,20000,1,30,50,careless"` and so on: try other settings for a level (depth,
//!   nodes, quiescence 0/1, noise, blunders per mille, `any` or `careless`);
//! - `ENDINGS` (`arbiter`): how a game ends.
//!   - `arbiter`, as the tutor arbitrates a game: only what ends it without a claim (mate,
//!     stalemate, a dead position by material, the fivefold repetition, 75 moves), since the
//!     tutor never claims a draw and a beginner who is winning does not either; 2000 plies
//!     at most (never reached in the runs so far).
//!   - `claims`: as if both players claimed every draw they could (threefold repetition, 50
//!     moves), and at most 200 plies, as this bench did before.
//!
//! Nothing else is adjudicated. Colours alternate, and each pair of games starts from one of
//! a list of openings.

use std::collections::HashMap;
use std::env;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use chess_tutor_core::game::engine::search::{key, splitmix64};
use chess_tutor_core::game::engine::{Blunder, Level, Style, eval, reply_with_style};
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Color, Move, Position};

/// How a game of the bench ends (`ENDINGS`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Endings {
    /// As the tutor arbitrates: only the endings that need no claim.
    Arbiter,
    /// Every draw claimed as soon as it may be (threefold, 50 moves), at most 200 plies.
    Claims,
}

impl Endings {
    fn from_env() -> Endings {
        match env::var("ENDINGS").as_deref() {
            Ok("claims") => Endings::Claims,
            Ok("arbiter") | Err(_) => Endings::Arbiter,
            Ok(other) => panic!("ENDINGS={other}: arbiter or claims"),
        }
    }

    fn max_plies(self) -> usize {
        match self {
            Endings::Arbiter => 2000,
            Endings::Claims => 200,
        }
    }

    /// Halfmoves without a capture or pawn move that end the game.
    fn halfmove_limit(self) -> u32 {
        match self {
            Endings::Arbiter => 150,
            Endings::Claims => 100,
        }
    }

    /// Times a position must occur to end the game.
    fn repetitions(self) -> u32 {
        match self {
            Endings::Arbiter => 5,
            Endings::Claims => 3,
        }
    }

    fn cap_name(self) -> &'static str {
        match self {
            Endings::Arbiter => "2000 plies",
            Endings::Claims => "200 plies",
        }
    }
}

/// Openings, one per pair of games (each side plays it once with each colour).
const OPENINGS: &[&str] = &[
    "e2e4 e7e5 g1f3 b8c6",
    "e2e4 c7c5 g1f3 d7d6",
    "d2d4 d7d5 c2c4 e7e6",
    "d2d4 g8f6 c2c4 g7g6",
    "e2e4 e7e6 d2d4 d7d5",
    "e2e4 c7c6 d2d4 d7d5",
    "c2c4 e7e5 b1c3 g8f6",
    "g1f3 d7d5 g2g3 g8f6",
    "e2e4 e7e5 f1c4 g8f6",
    "d2d4 d7d5 c1f4 g8f6",
    "e2e4 d7d5 e4d5 d8d5",
    "e2e4 g7g6 d2d4 f8g7",
    "d2d4 f7f5 g2g3 g8f6",
    "e2e4 c7c5 b1c3 b8c6",
    "d2d4 g8f6 c2c4 e7e6",
    "e2e4 e7e5 g1f3 g8f6",
    "c2c4 c7c5 g1f3 b8c6",
    "e2e4 b8c6 d2d4 d7d5",
    "d2d4 d7d5 g1f3 g8f6",
    "e2e4 e7e5 b1c3 g8f6",
    "b2b3 e7e5 c1b2 b8c6",
    "e2e4 d7d6 d2d4 g8f6",
    "d2d4 e7e6 c2c4 f8b4",
    "e2e4 e7e5 d2d4 e5d4",
    "f2f4 d7d5 g1f3 g8f6",
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Player {
    Engine(Level),
    /// Any legal move.
    Random,
    /// The most valuable capture there is (whatever it costs), else any move; with `mate`, a
    /// mate in one first.
    Greedy {
        mate: bool,
    },
    /// A mate in one if there is one, else a capture of what is free (a piece left
    /// undefended, or one worth more than the piece that takes it; the most valuable first),
    /// else any move: the beginner "who takes what is free", read literally.
    FreeTaker,
    Stockfish(u8),
}

impl Player {
    fn name(self) -> String {
        match self {
            Player::Engine(l) => format!("level {l}"),
            Player::Random => "random mover".into(),
            Player::Greedy { mate: false } => "greedy capturer".into(),
            Player::Greedy { mate: true } => "greedy capturer + mate in 1".into(),
            Player::FreeTaker => "taker of free pieces + mate in 1".into(),
            Player::Stockfish(s) => format!("Stockfish 15.1 skill {s}"),
        }
    }
}

/// The Stockfish binary: `STOCKFISH`, else `stockfish` on the PATH, else Debian's
/// `/usr/games/stockfish`.
fn stockfish_path() -> Option<String> {
    let candidates = env::var("STOCKFISH")
        .into_iter()
        .chain(["stockfish".to_owned(), "/usr/games/stockfish".to_owned()]);
    for path in candidates {
        let spawned = Command::new(&path)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn();
        if let Ok(mut child) = spawned {
            let _ = child.kill();
            let _ = child.wait();
            return Some(path);
        }
    }
    None
}

struct Stockfish {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Stockfish {
    fn start(path: &str, skill: u8) -> Option<Stockfish> {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .ok()?;
        let stdin = child.stdin.take()?;
        let stdout = BufReader::new(child.stdout.take()?);
        let mut sf = Stockfish {
            child,
            stdin,
            stdout,
        };
        sf.send("uci");
        sf.wait_for("uciok")?;
        sf.send("setoption name Threads value 1");
        sf.send("setoption name Hash value 16");
        sf.send(&format!("setoption name Skill Level value {skill}"));
        sf.send("ucinewgame");
        sf.send("isready");
        sf.wait_for("readyok")?;
        Some(sf)
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").expect("stockfish takes input");
        self.stdin.flush().expect("stockfish takes input");
    }

    fn wait_for(&mut self, start: &str) -> Option<String> {
        let mut line = String::new();
        loop {
            line.clear();
            if self.stdout.read_line(&mut line).ok()? == 0 {
                return None;
            }
            if line.starts_with(start) {
                return Some(line.trim().to_owned());
            }
        }
    }

    fn best(&mut self, moves: &[String], go: &str) -> String {
        if moves.is_empty() {
            self.send("position startpos");
        } else {
            self.send(&format!("position startpos moves {}", moves.join(" ")));
        }
        self.send(&format!("go {go}"));
        let line = self.wait_for("bestmove").expect("stockfish answers");
        line.split_whitespace().nth(1).unwrap_or("").to_owned()
    }
}

impl Drop for Stockfish {
    fn drop(&mut self) {
        self.send("quit");
        let _ = self.child.wait();
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Result {
    White,
    Black,
    Draw(&'static str),
}

/// A level's settings, or the ones `LEVELn` gives instead.
fn style_of(level: Level) -> Style {
    let Ok(text) = env::var(format!("LEVEL{level}")) else {
        return level.style();
    };
    let f: Vec<&str> = text.split(',').map(str::trim).collect();
    assert_eq!(
        f.len(),
        6,
        "LEVEL{level}: depth,nodes,q,noise,blunders,any|careless"
    );
    Style {
        depth: f[0].parse().unwrap(),
        nodes: f[1].parse().unwrap(),
        quiescence: f[2] == "1",
        noise: f[3].parse().unwrap(),
        blunders_per_mille: f[4].parse().unwrap(),
        blunder: if f[5] == "any" {
            Blunder::AnyMove
        } else {
            Blunder::Careless
        },
    }
}

/// Reply times and nodes of one level.
#[derive(Default)]
struct Timing {
    times: Vec<Duration>,
    nodes: Vec<u64>,
}

type Timings = Mutex<HashMap<u8, Timing>>;

fn random_move(moves: &[Move], state: &mut u64) -> Move {
    moves[(splitmix64(state) % moves.len() as u64) as usize]
}

fn greedy_move(pos: &Chess, moves: &[Move], mate: bool, state: &mut u64) -> Move {
    if mate {
        for &m in moves {
            let mut after = pos.clone();
            after.play_unchecked(m);
            if after.is_checkmate() {
                return m;
            }
        }
    }
    let best = moves
        .iter()
        .filter_map(|m| m.capture().map(eval::value))
        .max();
    match best {
        Some(v) => {
            let top: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| m.capture().map(eval::value) == Some(v))
                .collect();
            random_move(&top, state)
        }
        None => random_move(moves, state),
    }
}

fn free_taker_move(pos: &Chess, moves: &[Move], state: &mut u64) -> Move {
    let mut free: Vec<(i32, Move)> = Vec::new();
    for &m in moves {
        let mut after = pos.clone();
        after.play_unchecked(m);
        if after.is_checkmate() {
            return m;
        }
        let Some(taken) = m.capture() else { continue };
        let defended = after
            .legal_moves()
            .iter()
            .any(|r| r.to() == m.to() && r.is_capture());
        if !defended || eval::value(taken) > eval::value(m.role()) {
            free.push((eval::value(taken), m));
        }
    }
    match free.iter().map(|(v, _)| *v).max() {
        Some(best) => {
            let top: Vec<Move> = free
                .iter()
                .filter(|(v, _)| *v == best)
                .map(|(_, m)| *m)
                .collect();
            random_move(&top, state)
        }
        None => random_move(moves, state),
    }
}

struct Side {
    player: Player,
    stockfish: Option<Stockfish>,
}

fn play(
    white: Player,
    black: Player,
    opening: &str,
    seed: u64,
    endings: Endings,
    timings: &Timings,
) -> Result {
    let go = env::var("SF_GO").unwrap_or_else(|_| "depth 8".into());
    let mut sides = [white, black].map(|player| Side {
        player,
        stockfish: match player {
            Player::Stockfish(skill) => {
                let path = stockfish_path().expect("stockfish is there");
                Some(Stockfish::start(&path, skill).expect("stockfish starts"))
            }
            _ => None,
        },
    });
    let mut pos = Chess::default();
    let mut history: Vec<Chess> = Vec::new();
    let mut uci: Vec<String> = Vec::new();
    let mut seen: HashMap<u64, u32> = HashMap::new();
    let mut state = seed;
    *seen.entry(key(&pos)).or_default() += 1;
    let opening: Vec<&str> = opening.split_whitespace().collect();
    for ply in 0..endings.max_plies() {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return if pos.is_check() {
                match pos.turn() {
                    Color::White => Result::Black,
                    Color::Black => Result::White,
                }
            } else {
                Result::Draw("stalemate")
            };
        }
        if pos.is_insufficient_material() {
            return Result::Draw("material");
        }
        if pos.halfmoves() >= endings.halfmove_limit() {
            return Result::Draw(match endings {
                Endings::Arbiter => "75 moves",
                Endings::Claims => "50 moves",
            });
        }
        let side = &mut sides[usize::from(pos.turn() == Color::Black)];
        let m = if let Some(text) = opening.get(ply) {
            text.parse::<UciMove>()
                .expect("opening move")
                .to_move(&pos)
                .expect("legal opening move")
        } else {
            match side.player {
                Player::Engine(level) => {
                    // Only the positions since the last capture or pawn move can come back.
                    let since = history.len().saturating_sub(pos.halfmoves() as usize);
                    let start = Instant::now();
                    let style = style_of(level);
                    let seed = (seed ^ ply as u64)
                        ^ u64::from(level.number()).wrapping_mul(0xA076_1D64_78BD_642F);
                    let r = reply_with_style(&pos, &history[since..], &style, seed)
                        .expect("a reply when there are moves");
                    let took = start.elapsed();
                    let mut t = timings.lock().unwrap();
                    let t = t.entry(level.number()).or_default();
                    t.times.push(took);
                    t.nodes.push(r.stats.nodes);
                    r.mv
                }
                Player::Random => random_move(&moves, &mut state),
                Player::Greedy { mate } => greedy_move(&pos, &moves, mate, &mut state),
                Player::FreeTaker => free_taker_move(&pos, &moves, &mut state),
                Player::Stockfish(_) => {
                    let sf = side.stockfish.as_mut().unwrap();
                    let text = sf.best(&uci, &go);
                    text.parse::<UciMove>()
                        .ok()
                        .and_then(|u| u.to_move(&pos).ok())
                        .unwrap_or_else(|| panic!("stockfish's move {text} is legal"))
                }
            }
        };
        assert!(pos.is_legal(m), "{:?} plays an illegal move", side.player);
        uci.push(m.to_uci(CastlingMode::Standard).to_string());
        history.push(pos.clone());
        pos.play_unchecked(m);
        let n = seen.entry(key(&pos)).or_default();
        *n += 1;
        if *n >= endings.repetitions() {
            return Result::Draw(match endings {
                Endings::Arbiter => "fivefold",
                Endings::Claims => "repetition",
            });
        }
    }
    Result::Draw(endings.cap_name())
}

struct Outcome {
    name: String,
    games: usize,
    wins: usize,
    draws: usize,
    losses: usize,
    seconds: f64,
    /// How the draws came: (reason, count).
    drawn_by: Vec<(&'static str, usize)>,
}

fn run_match(
    a: Player,
    b: Player,
    games: usize,
    threads: usize,
    endings: Endings,
    timings: &Timings,
) -> Outcome {
    let start = Instant::now();
    let results: Mutex<Vec<(usize, Result)>> = Mutex::new(Vec::new());
    let next = Mutex::new(0usize);
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| {
                loop {
                    let g = {
                        let mut n = next.lock().unwrap();
                        if *n >= games {
                            break;
                        }
                        *n += 1;
                        *n - 1
                    };
                    let opening = OPENINGS[(g / 2) % OPENINGS.len()];
                    let seed = 0x5EED_0000 + g as u64 * 1_000_003;
                    let (white, black) = if g % 2 == 0 { (a, b) } else { (b, a) };
                    let r = play(white, black, opening, seed, endings, timings);
                    results.lock().unwrap().push((g, r));
                }
            });
        }
    });
    let mut outcome = Outcome {
        name: format!("{} vs {}", a.name(), b.name()),
        games,
        wins: 0,
        draws: 0,
        losses: 0,
        seconds: start.elapsed().as_secs_f64(),
        drawn_by: Vec::new(),
    };
    let mut drawn_by: HashMap<&'static str, usize> = HashMap::new();
    for (g, r) in results.into_inner().unwrap() {
        let a_white = g % 2 == 0;
        match (r, a_white) {
            (Result::Draw(why), _) => {
                outcome.draws += 1;
                *drawn_by.entry(why).or_default() += 1;
            }
            (Result::White, true) | (Result::Black, false) => outcome.wins += 1,
            _ => outcome.losses += 1,
        }
    }
    outcome.drawn_by = drawn_by.into_iter().collect();
    outcome.drawn_by.sort();
    eprintln!(
        "{}: +{} ={} -{} ({:.0} s) draws: {}",
        outcome.name,
        outcome.wins,
        outcome.draws,
        outcome.losses,
        outcome.seconds,
        drawn(&outcome.drawn_by)
    );
    outcome
}

fn drawn(by: &[(&str, usize)]) -> String {
    by.iter()
        .map(|(why, n)| format!("{why} {n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn env_usize(name: &str, default: usize) -> usize {
    env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn env_list(name: &str, default: &str) -> Vec<u8> {
    env::var(name)
        .unwrap_or_else(|_| default.into())
        .split(',')
        .filter_map(|s| s.trim().parse().ok())
        .collect()
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i]
}

fn main() {
    let games = env_usize("GAMES", 100);
    let sf_games = env_usize("SF_GAMES", 20);
    let threads = env_usize("THREADS", 1);
    let only = env::var("ONLY").unwrap_or_default();
    let endings = Endings::from_env();
    let level = |n: u8| Player::Engine(Level::new(n).unwrap());

    let mut matches: Vec<(Player, Player, usize)> = vec![
        (level(1), Player::Random, games),
        (level(1), Player::Greedy { mate: false }, games),
        (level(1), Player::Greedy { mate: true }, games),
        (level(1), Player::FreeTaker, games),
    ];
    for n in 2..=8 {
        matches.push((level(n), level(n - 1), games));
    }
    if stockfish_path().is_some() {
        for n in env_list("SF_LEVELS", "6,7,8") {
            for skill in env_list("SF_SKILLS", "0,1,3") {
                matches.push((level(n), Player::Stockfish(skill), sf_games));
            }
        }
    } else {
        eprintln!("stockfish is not on the PATH: the matches against it are skipped");
    }
    matches.retain(|(a, b, _)| format!("{} vs {}", a.name(), b.name()).contains(&only));

    let timings: Timings = Mutex::new(HashMap::new());
    let start = Instant::now();
    let outcomes: Vec<Outcome> = matches
        .iter()
        .map(|&(a, b, n)| run_match(a, b, n, threads, endings, &timings))
        .collect();

    println!();
    println!("| match | games | wins | draws | losses | score % | games/s | draws by |");
    println!("|---|---:|---:|---:|---:|---:|---:|---|");
    for o in &outcomes {
        let score = 100.0 * (o.wins as f64 + 0.5 * o.draws as f64) / o.games.max(1) as f64;
        println!(
            "| {} | {} | {} | {} | {} | {:.1} | {:.2} | {} |",
            o.name,
            o.games,
            o.wins,
            o.draws,
            o.losses,
            score,
            o.games as f64 / o.seconds,
            drawn(&o.drawn_by)
        );
    }
    println!();
    println!("| level | replies | median ms | p99 ms | max ms | median nodes |");
    println!("|---|---:|---:|---:|---:|---:|");
    let mut timings = timings.into_inner().unwrap();
    for n in 1..=8u8 {
        let Some(t) = timings.get_mut(&n) else {
            continue;
        };
        t.times.sort();
        t.nodes.sort();
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        println!(
            "| {n} | {} | {:.2} | {:.2} | {:.2} | {} |",
            t.times.len(),
            ms(percentile(&t.times, 0.5)),
            ms(percentile(&t.times, 0.99)),
            ms(*t.times.last().unwrap()),
            t.nodes[t.nodes.len() / 2]
        );
    }
    println!();
    println!(
        "(GAMES={games} SF_GAMES={sf_games} THREADS={threads} ENDINGS={endings:?}; {:.0} s in all)",
        start.elapsed().as_secs_f64()
    );
}
