//! The mate-in-N search on known positions, the judge of a learner's move, and the property
//! that every line the solver returns is legal and mates in exactly its length.

use chess_tutor_core::search::{MoveJudgement, Prover, best_defence, hint, judge, solve};
use proptest::prelude::*;
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Move, Position, Square};

fn pos(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap()
}

fn mv(p: &Chess, uci: &str) -> Move {
    uci.parse::<UciMove>().unwrap().to_move(p).unwrap()
}

fn ucis(moves: &[Move]) -> Vec<String> {
    moves
        .iter()
        .map(|m| m.to_uci(CastlingMode::Standard).to_string())
        .collect()
}

/// Plays `line` from `p`: every move legal, mate on the last move and not before.
fn assert_mates_exactly(p: &Chess, line: &[Move]) {
    let mut p = p.clone();
    for (i, &m) in line.iter().enumerate() {
        assert!(!p.is_game_over(), "game over before move {i}");
        assert!(p.is_legal(m), "move {i} {m:?} is illegal");
        p.play_unchecked(m);
    }
    assert!(p.is_checkmate(), "line does not end in mate");
}

// Lichess puzzles (CC0), positions after the opponent's move.
const MATE_IN_1: &str = "5r1k/8/2b2rQp/1p1p2p1/1q4P1/8/8/1B3R1K w - - 0 37";
const MATE_IN_2: &str = "8/pp5k/8/4P2p/b1p2P2/2P4P/P3KQ1R/2q5 b - - 5 43";
const MATE_IN_3: &str = "8/5pk1/R4pp1/8/8/2P1Q1PK/1P3P2/3q4 b - - 0 37";
const MATE_IN_4: &str = "5rk1/pp3ppp/2b1p3/4P2Q/3R4/2q5/P5PP/5R1K w - - 0 21";
/// Two mates in one, Rxe8 and Qxe8 (the pattern of Lichess puzzle 070BV).
const TWO_MATES_IN_1: &str = "4r1k1/5ppp/2Q5/8/8/8/5PPP/4R1K1 w - - 0 1";
/// Two rooks against a king: Ra7 and Rb7 both mate in two.
const LADDER: &str = "7k/8/8/8/8/8/R7/1R4K1 w - - 0 1";
/// Qf7 boxes the king in and stalemates; Qf8 mates.
const STALEMATE_TRAP: &str = "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1";
/// Only f8=N mates: a queen gives no check.
const UNDERPROMOTION: &str = "6nb/5Ppk/7p/8/8/8/8/K7 w - - 0 1";
/// Black's rook on d1 spoils the back-rank mate unless White acts now.
const BACK_RANK_RACE: &str = "6k1/5ppp/8/8/8/8/5PPP/3rR1K1 w - - 0 1";

#[test]
fn known_mates_in_one_to_four() {
    for (fen, n, key) in [
        (MATE_IN_1, 1, "g6h7"),
        (MATE_IN_2, 2, "c1d1"),
        (MATE_IN_3, 3, "d1h1"),
        (MATE_IN_4, 4, "h5f7"),
    ] {
        let p = pos(fen);
        let s = solve(&p, 4, false, chess_tutor_core::search::Budget::TUTOR).unwrap();
        assert_eq!(s.mate_in, Some(n), "{fen}");
        assert_eq!(ucis(&s.keys), vec![key.to_owned()], "{fen}");
        assert_eq!(s.line.len(), 2 * n as usize - 1, "{fen}");
        assert_mates_exactly(&p, &s.line);
        // One move fewer is not enough.
        assert_eq!(
            solve(&p, n - 1, false, chess_tutor_core::search::Budget::TUTOR)
                .unwrap()
                .mate_in,
            None,
            "{fen}"
        );
        // --first stops at the first key but agrees.
        let first = solve(&p, n, true, chess_tutor_core::search::Budget::TUTOR).unwrap();
        assert_eq!((first.mate_in, first.keys.len()), (Some(n), 1));
        assert!(first.nodes <= s.nodes);
    }
}

#[test]
fn two_keys_are_both_found() {
    let p = pos(TWO_MATES_IN_1);
    let mut keys = ucis(
        &solve(&p, 1, false, chess_tutor_core::search::Budget::TUTOR)
            .unwrap()
            .keys,
    );
    keys.sort();
    assert_eq!(keys, ["c6e8", "e1e8"]);

    let p = pos(LADDER);
    let s = solve(&p, 2, false, chess_tutor_core::search::Budget::TUTOR).unwrap();
    assert_eq!(s.mate_in, Some(2));
    let mut keys = ucis(&s.keys);
    keys.sort();
    assert_eq!(keys, ["a2a7", "b1b7"]);
}

#[test]
fn stalemate_trap_is_not_a_key() {
    let p = pos(STALEMATE_TRAP);
    let s = solve(&p, 2, false, chess_tutor_core::search::Budget::TUTOR).unwrap();
    assert_eq!(s.mate_in, Some(1));
    assert_eq!(ucis(&s.keys), ["f1f8"]);
    assert_eq!(
        judge(
            &p,
            mv(&p, "f1f7"),
            2,
            chess_tutor_core::search::Budget::TUTOR
        )
        .unwrap(),
        MoveJudgement::Stalemates
    );
}

#[test]
fn underpromotion_mate() {
    let p = pos(UNDERPROMOTION);
    let s = solve(&p, 1, false, chess_tutor_core::search::Budget::TUTOR).unwrap();
    assert_eq!(ucis(&s.keys), ["f7f8n"]);
    assert_eq!(
        judge(
            &p,
            mv(&p, "f7f8n"),
            1,
            chess_tutor_core::search::Budget::TUTOR
        )
        .unwrap(),
        MoveJudgement::Mates
    );
    assert!(
        !judge(
            &p,
            mv(&p, "f7f8q"),
            1,
            chess_tutor_core::search::Budget::TUTOR
        )
        .unwrap()
        .is_correct()
    );
}

#[test]
fn no_mate_in_n() {
    // A mate in three is no mate in two; a bare rook ending is no mate in three.
    assert_eq!(
        solve(
            &pos(MATE_IN_3),
            2,
            false,
            chess_tutor_core::search::Budget::TUTOR
        )
        .unwrap()
        .mate_in,
        None
    );
    let s = solve(
        &pos("8/8/3k4/8/8/8/8/R3K3 w - - 0 1"),
        3,
        false,
        chess_tutor_core::search::Budget::TUTOR,
    )
    .unwrap();
    assert_eq!((s.mate_in, s.keys.len(), s.line.len()), (None, 0, 0));
}

#[test]
fn judge_accepts_an_alternative_key() {
    let p = pos(LADDER);
    for key in ["a2a7", "b1b7"] {
        match judge(&p, mv(&p, key), 2, chess_tutor_core::search::Budget::TUTOR).unwrap() {
            MoveJudgement::KeepsMate {
                mate_in,
                best_defence,
            } => {
                assert_eq!(mate_in, 2);
                // After the defence there is still a mate in one.
                let mut after = p.clone();
                after.play_unchecked(mv(&p, key));
                after.play_unchecked(best_defence);
                assert_eq!(
                    solve(&after, 1, true, chess_tutor_core::search::Budget::TUTOR)
                        .unwrap()
                        .mate_in,
                    Some(1)
                );
            }
            other => panic!("{key}: {other:?}"),
        }
    }
}

#[test]
fn judge_accepts_any_mate_on_the_last_move() {
    let p = pos(TWO_MATES_IN_1);
    for m in ["e1e8", "c6e8"] {
        assert_eq!(
            judge(&p, mv(&p, m), 1, chess_tutor_core::search::Budget::TUTOR).unwrap(),
            MoveJudgement::Mates,
            "{m}"
        );
    }
    // A mate found before the last move is accepted too.
    assert_eq!(
        judge(
            &p,
            mv(&p, "e1e8"),
            3,
            chess_tutor_core::search::Budget::TUTOR
        )
        .unwrap(),
        MoveJudgement::Mates
    );
}

#[test]
fn judge_rejects_a_mate_that_comes_too_late() {
    let p = pos(LADDER);
    match judge(
        &p,
        mv(&p, "b1b7"),
        1,
        chess_tutor_core::search::Budget::TUTOR,
    )
    .unwrap()
    {
        MoveJudgement::MatesTooLate {
            mate_in,
            refutation,
        } => {
            assert_eq!(mate_in, 2);
            assert_eq!(refutation.len(), 1);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn judge_names_the_refutation_of_a_wrong_move() {
    let p = pos(BACK_RANK_RACE);
    // Rxd1 wins the rook; after a slow move Black takes on e1 and there is no mate.
    assert_eq!(
        solve(&p, 1, false, chess_tutor_core::search::Budget::TUTOR)
            .unwrap()
            .mate_in,
        None
    );
    match judge(
        &p,
        mv(&p, "h2h3"),
        2,
        chess_tutor_core::search::Budget::TUTOR,
    )
    .unwrap()
    {
        MoveJudgement::Fails { refutation } => {
            assert_eq!(ucis(&refutation), ["d1e1"]);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn best_defence_is_the_longest_resistance() {
    // After 1. Qxf7+ in the mate in four, Black must take; then the line is forced.
    let p = pos(MATE_IN_4);
    let mut after = p.clone();
    after.play_unchecked(mv(&p, "h5f7"));
    let d = best_defence(&after, 3, chess_tutor_core::search::Budget::TUTOR)
        .unwrap()
        .unwrap();
    assert_eq!(d.mate_in, Some(3));
    let s = solve(&p, 4, false, chess_tutor_core::search::Budget::TUTOR).unwrap();
    assert_eq!(s.line[1], d.reply);
}

#[test]
fn hint_gives_piece_then_square() {
    let h = hint(&pos(MATE_IN_4), 4, chess_tutor_core::search::Budget::TUTOR)
        .unwrap()
        .unwrap();
    assert_eq!((h.piece_square, h.target_square), (Square::H5, Square::F7));
    assert!(
        hint(&pos(MATE_IN_3), 2, chess_tutor_core::search::Budget::TUTOR)
            .unwrap()
            .is_none()
    );
}

#[test]
fn prover_counts_nodes_deterministically() {
    let p = pos(MATE_IN_3);
    let a = solve(&p, 3, false, chess_tutor_core::search::Budget::TUTOR).unwrap();
    let b = solve(&p, 3, false, chess_tutor_core::search::Budget::TUTOR).unwrap();
    assert_eq!(a, b);
    let mut prover = Prover::new(chess_tutor_core::search::Budget::TUTOR);
    assert_eq!(prover.mates_within(&p, 3), Ok(true));
    assert!(prover.nodes() > 0);
}

/// Positions the property test starts from: the known mates and a few more.
const STARTS: [(&str, u32); 7] = [
    (MATE_IN_1, 1),
    (MATE_IN_2, 2),
    (MATE_IN_3, 3),
    (TWO_MATES_IN_1, 1),
    (LADDER, 2),
    (UNDERPROMOTION, 1),
    (STALEMATE_TRAP, 1),
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Whatever the defender plays, following the solver's answers mates within the promised
    /// number of moves, and every line the solver returns is legal and mates in exactly its
    /// length.
    #[test]
    fn every_line_mates_in_exactly_its_length(
        start in 0..STARTS.len(),
        extra in 0u32..2,
        choices in proptest::collection::vec(any::<prop::sample::Index>(), 4),
    ) {
        let (fen, n) = STARTS[start];
        let mut p = pos(fen);
        let mut left = n + extra;
        let mut played = 0;
        loop {
            let s = solve(&p, left, true, chess_tutor_core::search::Budget::TUTOR).unwrap();
            let m = s.mate_in.expect("the mate is kept");
            prop_assert!(m <= left);
            prop_assert_eq!(s.line.len() as u32, 2 * m - 1);
            assert_mates_exactly(&p, &s.line);
            p.play_unchecked(s.line[0]);
            played += 1;
            if p.is_checkmate() {
                break;
            }
            // A defender's reply chosen by the test, not by the solver.
            let replies = p.legal_moves();
            let reply = choices[played % choices.len()].get(&replies);
            p.play_unchecked(*reply);
            left = m - 1;
        }
        prop_assert!(played <= n as usize);
    }
}
