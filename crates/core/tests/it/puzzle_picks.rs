//! Issue 42 (A10 of the first-hour review of 2026-12-06): `/puzzle 2` is a mate in 2 and
//! `/puzzle ID` that puzzle; a puzzle played before is not served again as new, and a repeat
//! earns no points; which puzzles come, and in what order, is the learner's own.

use crate::chat::{Chat, shipped};
use chess_tutor_core::content::puzzle::MatePuzzle;
use chess_tutor_core::rules::Lang;
use chess_tutor_core::tutor::{Envelope, Input, Mode, Request, Session};
use shakmaty::Position;

const LANGS: [Lang; 3] = [Lang::Zh, Lang::ZhHant, Lang::En];

fn start(lang: Lang) -> Chat<'static> {
    let mut chat = Chat::new(shipped());
    chat.send(Input::Start {
        client_lang: Some(lang.to_string()),
    });
    chat
}

fn current(chat: &Chat<'_>) -> &'static MatePuzzle {
    let Mode::Puzzle(state) = &chat.session.mode else {
        panic!("no puzzle under way: {}", chat.log)
    };
    shipped().puzzle(&state.id).unwrap()
}

fn uci(mv: &shakmaty::Move) -> String {
    mv.to_uci(shakmaty::CastlingMode::Standard).to_string()
}

/// Solves the mate in 1 under way, after a wrong try first when `miss`.
fn solve(chat: &mut Chat<'_>, miss: bool) {
    let puzzle = current(chat);
    assert_eq!(puzzle.mate_in(), 1);
    if miss {
        let wrong = puzzle
            .position()
            .legal_moves()
            .into_iter()
            .find(|m| !puzzle.keys().contains(m))
            .unwrap();
        chat.text(&uci(&wrong));
    }
    chat.text(&uci(&puzzle.keys()[0]));
    assert!(matches!(chat.session.mode, Mode::Idle), "{}", chat.log);
}

#[test]
fn puzzle_n_is_a_mate_in_n_and_puzzle_id_is_that_puzzle() {
    for lang in LANGS {
        for n in 1..=4 {
            let mut chat = start(lang);
            chat.text(&format!("/puzzle {n}"));
            assert_eq!(current(&chat).mate_in(), n, "{lang}: {}", chat.log);
        }
        let mut chat = start(lang);
        chat.text("/puzzle 06XTF");
        assert_eq!(current(&chat).id().as_str(), "06XTF");
        // What names no puzzle is said, and nothing else changes.
        let before = chat.session.clone();
        chat.text("/puzzle 99");
        assert_eq!(chat.session.mode, before.mode);
        let said = chat.replies[0].text.clone();
        assert!(said.contains("99") && said.contains("/puzzle 1"), "{said}");
    }
}

/// A puzzle solved after a miss was served again as new and paid again.
#[test]
fn a_puzzle_played_before_comes_back_only_as_a_review_and_earns_no_points() {
    for lang in LANGS {
        let mut chat = start(lang);
        let mut served = Vec::new();
        for _ in 0..12 {
            chat.text("/puzzle");
            let puzzle = current(&chat);
            let review = chat.replies.iter().any(|r| r.text.contains("🔁"));
            let again = served.contains(puzzle.id());
            assert!(
                !again || review,
                "{lang}: {} served again as new:\n{}",
                puzzle.id(),
                chat.log
            );
            let (points, games) = (
                chat.session.progress.points,
                chat.session.progress.rated_games,
            );
            solve(&mut chat, true);
            if again {
                assert_eq!(
                    chat.session.progress.points, points,
                    "{lang}: a repeat pays"
                );
                assert_eq!(chat.session.progress.rated_games, games);
            }
            served.push(puzzle.id().clone());
        }
        // Asked for by its id, a solved puzzle is practice: said so, and no points.
        let first = served[0].clone();
        chat.text(&format!("/puzzle {first}"));
        assert!(
            chat.replies.iter().any(|r| r.text.contains("🔁")),
            "{}",
            chat.log
        );
        let points = chat.session.progress.points;
        solve(&mut chat, false);
        assert_eq!(chat.session.progress.points, points, "{}", chat.log);
    }
}

#[test]
fn each_learner_gets_puzzles_in_an_order_of_their_own() {
    let catalog = shipped();
    let first_three = |learner: i64| -> Vec<String> {
        let mut session = Session::default();
        let mut ids = Vec::new();
        for input in ["/start", "/puzzle", "/puzzle", "/puzzle"] {
            let envelope = Envelope {
                learner: Some(learner),
                client_lang: Some("en".into()),
                ..Envelope::default()
            };
            let t = chess_tutor_core::tutor::step(
                Request::new(session, Input::Text(input.into()), envelope),
                catalog,
            );
            session = t.session;
            if let Mode::Puzzle(state) = &session.mode {
                ids.push(state.id.to_string());
            }
        }
        ids
    };
    let orders: Vec<Vec<String>> = (1..=6).map(first_three).collect();
    assert_eq!(
        first_three(3),
        orders[2],
        "the same learner, the same order"
    );
    let firsts: std::collections::BTreeSet<_> = orders.iter().map(|o| o[0].clone()).collect();
    assert!(firsts.len() >= 3, "{orders:?}");
}
