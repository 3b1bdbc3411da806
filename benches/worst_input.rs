//! The slowest single inputs the tutor handles, with the search budgets on: each is stepped
//! several times from the same session, and its median and slowest wall time printed.
//! `cargo bench --bench worst_input` (the numbers in README's "Limits" come from here).
//!
//! The candidates are what the budgets exist for: a move in a mate puzzle whose judgement needs
//! the whole mate budget (a middlegame with `mate_in: 8`, which the content check refuses but a
//! hand-built catalogue can hold), its hint and solution, a level-8 reply in a busy middlegame,
//! the review of a long game, and the longest text a learner may send.

use std::time::{Duration, Instant};

use chess_tutor_core::content::puzzle::{MatePuzzle, Puzzle};
use chess_tutor_core::game::engine::Level;
use chess_tutor_core::game::record::Record;
use chess_tutor_core::rules::Lang;
use chess_tutor_core::tutor::state::{GameState, Side};
use chess_tutor_core::tutor::{Catalog, Envelope, Input, Mode, Request, Session, Transition};
use shakmaty::{Color, Position};

const RUNS: usize = 7;

/// A middlegame no budget proves a mate in 8 in: every judgement spends it all.
const RICH: &str = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8";

fn rich_puzzle() -> Puzzle {
    Puzzle {
        id: "rich".into(),
        fen: RICH.into(),
        last_move: None,
        mate_in: 8,
        // Legal, never proven: the catalogue reads moves, `check` proves mates.
        solution: vec!["a2a3".into()],
        keys: vec!["a2a3".into()],
        multiple_keys: false,
        rating: Some(400),
        themes: Vec::new(),
        themes_zh: Vec::new(),
        source: "bench".into(),
        game: None,
        file: std::path::PathBuf::new(),
        line: None,
    }
}

fn step(session: &Session, input: Input, catalog: &Catalog) -> Transition {
    chess_tutor_core::tutor::step(
        Request::new(session.clone(), input, Envelope::default()),
        catalog,
    )
}

fn timed(catalog: &Catalog, session: &Session, input: &Input) -> (Duration, Duration, String) {
    let mut times = Vec::new();
    let mut said = String::new();
    for _ in 0..RUNS {
        let started = Instant::now();
        let t = step(session, input.clone(), catalog);
        times.push(started.elapsed());
        said = t
            .replies()
            .last()
            .map(|r| r.text.clone())
            .unwrap_or_default();
    }
    times.sort();
    (times[RUNS / 2], times[RUNS - 1], said)
}

fn session_after(catalog: &Catalog, texts: &[&str]) -> Session {
    let mut session = Session {
        lang: Some(Lang::En),
        ..Session::default()
    };
    for text in texts {
        session = step(&session, Input::Text((*text).to_owned()), catalog).session;
    }
    session
}

fn in_game(level: u8, record: Record, learner: Color) -> Session {
    Session {
        lang: Some(Lang::En),
        nonce: 10,
        mode: Mode::Game(GameState {
            level: Level::new(level).unwrap(),
            learner: Side::from(learner),
            record,
            takebacks_left: 0,
            declined_at: None,
            seed: 7,
            resigning: true,
        }),
        ..Session::default()
    }
}

fn main() {
    let shipped = Catalog::shipped().expect("shipped content");
    let rich = Catalog::new(
        Vec::new(),
        Vec::new(),
        vec![MatePuzzle::read(&rich_puzzle()).expect("the rich puzzle reads")],
    );
    let puzzle = session_after(&rich, &["/puzzle"]);
    assert!(matches!(puzzle.mode, Mode::Puzzle(_)), "the puzzle is open");

    // A busy middlegame for the engine's deepest level.
    let middlegame = chess_tutor_core::rules::parse_fen(RICH).unwrap();
    let game = in_game(8, Record::from_position(middlegame), Color::White);

    // A long game (300 plies of a fixed pseudo-random walk), resigned: its review.
    let mut record = Record::default();
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    while record.moves().len() < 300 {
        let moves = record.position().legal_moves();
        if moves.is_empty() || record.position().is_insufficient_material() {
            break;
        }
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let pick = usize::try_from(seed >> 33).unwrap() % moves.len();
        record.push(moves[pick]).unwrap();
    }
    let plies = record.moves().len();
    let long_game = in_game(1, record, Color::White);
    let resign_yes = {
        let nonce = long_game.nonce;
        chess_tutor_core::tutor::Action::ResignYes(nonce).encode()
    };

    let lesson = session_after(&shipped, &["/lesson 3", "/next", "/next"]);
    let long_text = "Rh4 ".repeat(1_000);

    let cases: Vec<(String, &Catalog, &Session, Input)> = vec![
        (
            "a move in a mate-in-8 puzzle on a middlegame (judged past the budget)".into(),
            &rich,
            &puzzle,
            Input::Text("Qc2".into()),
        ),
        (
            "its /hint".into(),
            &rich,
            &puzzle,
            Input::Text("/hint".into()),
        ),
        (
            "its /solution".into(),
            &rich,
            &puzzle,
            Input::Text("/solution".into()),
        ),
        (
            "a move in a level-8 game (the engine's reply)".into(),
            &shipped,
            &game,
            Input::Text("a3".into()),
        ),
        (
            format!("Yes, resign after {plies} plies (the review)"),
            &shipped,
            &long_game,
            Input::Button(resign_yes),
        ),
        (
            "4,000 characters typed in a lesson".into(),
            &shipped,
            &lesson,
            Input::Text(long_text),
        ),
    ];
    // Does the tutor's budget cover every judgement a shipped puzzle can ask for? Every legal
    // first move of every puzzle, judged without a limit: the most positions one needs.
    let mut most = (0_u64, String::new());
    let mut judged = 0_usize;
    for p in shipped.puzzles() {
        let pos = p.position();
        for mv in pos.legal_moves() {
            let mut prover = chess_tutor_core::search::Prover::new(
                chess_tutor_core::search::Budget::nodes(u64::MAX),
            );
            let _ = chess_tutor_core::search::judge_with(&mut prover, pos, mv, p.mate_in());
            judged += 1;
            if prover.nodes() > most.0 {
                most = (
                    prover.nodes(),
                    format!("{} {}", p.id(), chess_tutor_core::rules::notation::uci(mv)),
                );
            }
        }
    }
    // And `check`'s budget: the most positions proving one shipped puzzle (every key) needs.
    let mut proof = (0_u64, String::new());
    for p in shipped.puzzles() {
        let mut prover = chess_tutor_core::search::Prover::new(
            chess_tutor_core::search::Budget::nodes(u64::MAX),
        );
        let _ = chess_tutor_core::search::solve_with(&mut prover, p.position(), p.mate_in(), false);
        if prover.nodes() > proof.0 {
            proof = (prover.nodes(), p.id().to_string());
        }
    }
    println!(
        "proving a shipped puzzle (every key) needs at most {} positions ({}), against check's budget of {}",
        proof.0,
        proof.1,
        chess_tutor_core::search::Budget::CHECK.max_nodes()
    );
    println!(
        "every first move of the {} shipped puzzles judged ({judged} judgements): the most positions one needs is {} ({}), against the tutor's budget of {}\n",
        shipped.puzzles().len(),
        most.0,
        most.1,
        chess_tutor_core::search::Budget::TUTOR.max_nodes()
    );
    println!("| input | median | slowest of {RUNS} | answer begins |");
    println!("|---|---|---|---|");
    for (what, catalog, session, input) in cases {
        let (median, max, said) = timed(catalog, session, &input);
        let said: String = said.chars().take(60).collect();
        println!(
            "| {what} | {:.1} ms | {:.1} ms | {} |",
            median.as_secs_f64() * 1e3,
            max.as_secs_f64() * 1e3,
            said.replace('\n', " ")
        );
    }
}
