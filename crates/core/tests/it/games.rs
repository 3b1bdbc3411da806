//! Games against the tutor, as conversation snapshots: every ending of the FIDE Laws reached
//! by a scripted game, a refused move, a take-back, the coach's review, and whole games of a
//! random mover against the tutor that always end by a rule.
//!
//! Scripted endings start from a game already under way (its moves replayed through the
//! referee), so that the learner's own move or button ends it whatever the tutor would play.

use crate::common;

use crate::chat::{Chat, shipped};
use chess_tutor_core::game::engine::Level;
use chess_tutor_core::game::record::Record;
use chess_tutor_core::rules::{self, Lang};
use chess_tutor_core::tutor::state::{GameState, Side};
use chess_tutor_core::tutor::{Catalog, Event, Input, Mode, Session};
use shakmaty::{Color, Position};

/// A chat whose learner is in the middle of a game: `fen` (or the start), then `moves`
/// (SAN or UCI, each checked by the referee), the learner playing `learner` at `level`.
pub(crate) fn in_game<'c>(
    catalog: &'c Catalog,
    lang: Lang,
    fen: Option<&str>,
    moves: &[&str],
    learner: Color,
    level: u8,
) -> Chat<'c> {
    let start = fen.map_or_else(shakmaty::Chess::default, |f| rules::parse_fen(f).unwrap());
    let mut record = Record::from_position(start);
    for m in moves {
        let mv = rules::explain(record.position(), m)
            .legal_move()
            .unwrap_or_else(|| panic!("{m} is legal in the script"));
        record.push(mv).unwrap();
    }
    let mut chat = Chat::new(catalog);
    chat.session = Session {
        lang: Some(lang),
        nonce: 10,
        mode: Mode::Game(GameState {
            level: Level::new(level).unwrap(),
            learner: Side::from(learner),
            record,
            takebacks_left: u8::from(level <= 2),
            declined_at: None,
            seed: 7,
            resigning: false,
        }),
        ..Session::default()
    };
    chat.text("/board");
    chat
}

fn result_of(chat: &Chat<'_>) -> Option<(String, String)> {
    chat.events.iter().rev().find_map(|e| match e {
        Event::GameResult { ending, result, .. } => Some((ending.clone(), result.clone())),
        _ => None,
    })
}

const KNIGHTS: [&str; 4] = ["Nf3", "Nf6", "Ng1", "Ng8"];

#[test]
fn the_learner_mates() {
    let catalog = shipped();
    // Scholar's mate, the learner playing White: 4. Qxf7#.
    let mut chat = in_game(
        catalog,
        Lang::En,
        None,
        &["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6"],
        Color::White,
        1,
    );
    chat.text("Qxf7#");
    assert_eq!(result_of(&chat), Some(("checkmate".into(), "1-0".into())));
    assert!(matches!(chat.session.mode, Mode::Idle));
    assert_eq!(chat.session.progress.games.won, 1);
    chat.text("/pgn");
    assert!(chat.log.contains("4. Qxf7# {White checkmates.} 1-0"));
    insta::assert_snapshot!(chat.log);
}

#[test]
fn the_learner_stalemates_and_is_told_it_is_a_draw() {
    let catalog = shipped();
    // White queen to b6 (or c7) stalemates the black king on a8.
    let mut chat = in_game(
        catalog,
        Lang::En,
        Some("k7/8/2K5/8/8/8/8/1Q6 w - - 0 60"),
        &[],
        Color::White,
        3,
    );
    chat.text("Qb6");
    assert_eq!(
        result_of(&chat),
        Some(("stalemate".into(), "1/2-1/2".into()))
    );
    insta::assert_snapshot!(chat.log);
}

#[test]
fn a_dead_position_by_taking_the_last_piece() {
    let catalog = shipped();
    let mut chat = in_game(
        catalog,
        Lang::Zh,
        Some("8/8/4k3/8/8/2K5/2r5/8 w - - 0 50"),
        &[],
        Color::White,
        3,
    );
    chat.text("Kxc2");
    assert_eq!(
        result_of(&chat),
        Some(("dead_position".into(), "1/2-1/2".into()))
    );
    insta::assert_snapshot!(chat.log);
}

#[test]
fn threefold_repetition_claimed_with_the_move_that_makes_it() {
    let catalog = shipped();
    // Black (the learner) to move; Ng8 brings the start position back for the third time.
    let mut moves = KNIGHTS.to_vec();
    moves.extend(["Nf3", "Nf6", "Ng1"]);
    let mut chat = in_game(catalog, Lang::En, None, &moves, Color::Black, 3);
    assert!(
        chat.buttons.iter().any(|(l, _)| l.contains("Claim a draw")),
        "a claim is valid, so its button is there"
    );
    chat.press("Claim a draw");
    assert_eq!(
        result_of(&chat),
        Some(("threefold_claimed".into(), "1/2-1/2".into()))
    );
    let Some(last) = &chat.session.progress.last_game else {
        panic!("the game is kept for /pgn")
    };
    assert_eq!(last.record.moves().len(), 8, "the claimed move is played");
    insta::assert_snapshot!(chat.log);
}

#[test]
fn no_claim_button_without_a_valid_claim_and_a_typed_claim_is_explained() {
    let catalog = shipped();
    let mut chat = in_game(catalog, Lang::En, None, &["e4", "e5"], Color::White, 3);
    assert!(!chat.buttons.iter().any(|(l, _)| l.contains("Claim")));
    chat.text("claim");
    assert!(chat.log.contains("No draw can be claimed now"));
    assert!(matches!(chat.session.mode, Mode::Game(_)));
    insta::assert_snapshot!(chat.log);
}

#[test]
fn fivefold_repetition_ends_the_game_without_a_claim() {
    let catalog = shipped();
    let mut moves = Vec::new();
    for _ in 0..3 {
        moves.extend(KNIGHTS);
    }
    moves.extend(["Nf3", "Nf6", "Ng1"]);
    // Black to move: Ng8 is the fifth time... (four so far: plies 0, 4, 8, 12).
    let mut chat = in_game(catalog, Lang::En, None, &moves, Color::Black, 3);
    chat.text("Ng8");
    assert_eq!(
        result_of(&chat),
        Some(("fivefold_repetition".into(), "1/2-1/2".into()))
    );
    assert!(chat.log.contains("fifth time"));
    insta::assert_snapshot!(chat.log);
}

#[test]
fn the_fifty_move_rule_by_claim() {
    let catalog = shipped();
    let mut chat = in_game(
        catalog,
        Lang::Zh,
        Some("8/8/4k3/8/8/2K5/7R/8 w - - 100 90"),
        &[],
        Color::White,
        3,
    );
    chat.press("申请和棋");
    assert_eq!(
        result_of(&chat),
        Some(("fifty_moves_claimed".into(), "1/2-1/2".into()))
    );
    insta::assert_snapshot!(chat.log);
}

#[test]
fn seventy_five_moves_end_the_game_by_themselves() {
    let catalog = shipped();
    let mut chat = in_game(
        catalog,
        Lang::En,
        Some("8/8/4k3/8/8/2K5/7R/8 w - - 149 120"),
        &[],
        Color::White,
        3,
    );
    chat.text("Rh3");
    assert_eq!(
        result_of(&chat),
        Some(("seventy_five_moves".into(), "1/2-1/2".into()))
    );
    insta::assert_snapshot!(chat.log);
}

#[test]
fn resigning_asks_once_then_counts_a_loss() {
    let catalog = shipped();
    let mut chat = in_game(catalog, Lang::En, None, &["e4", "e5"], Color::White, 2);
    chat.press("Resign");
    assert!(matches!(chat.session.mode, Mode::Game(_)), "asked first");
    chat.press("No, play on");
    assert!(matches!(chat.session.mode, Mode::Game(_)));
    chat.press("Resign").press("Yes, resign");
    assert_eq!(result_of(&chat), Some(("resignation".into(), "0-1".into())));
    assert_eq!(chat.session.progress.games.lost, 1);
    insta::assert_snapshot!(chat.log);
}

#[test]
fn a_draw_by_agreement_when_the_tutor_is_behind_and_declined_when_it_is_ahead() {
    let catalog = shipped();
    // The learner (White) has an extra rook: the tutor accepts.
    let mut chat = in_game(
        catalog,
        Lang::En,
        Some("4k3/8/8/8/8/8/4P3/R3K3 w - - 0 30"),
        &[],
        Color::White,
        3,
    );
    chat.press("Offer a draw");
    assert_eq!(
        result_of(&chat),
        Some(("agreement".into(), "1/2-1/2".into()))
    );
    // The tutor (Black) has the extra rook: declined, and not again at once.
    let mut chat = in_game(
        catalog,
        Lang::En,
        Some("r3k3/8/8/8/8/8/4P3/4K3 w - - 0 30"),
        &[],
        Color::White,
        3,
    );
    chat.press("Offer a draw");
    assert!(chat.log.contains("declines the draw"));
    chat.press("Offer a draw");
    assert!(chat.log.contains("you may offer again"));
    assert!(matches!(chat.session.mode, Mode::Game(_)));
    insta::assert_snapshot!(chat.log);
}

#[test]
fn an_illegal_move_in_a_game_is_explained_and_changes_nothing() {
    let catalog = shipped();
    let mut chat = in_game(catalog, Lang::Zh, None, &["e4", "e5"], Color::White, 3);
    let before = chat.session.mode.clone();
    chat.text("Ke3");
    assert_eq!(chat.session.mode, before, "a refused move changes nothing");
    assert!(
        chat.events
            .iter()
            .any(|e| e.illegal_code() == Some("wrong_movement"))
    );
    chat.text("e5");
    assert_eq!(chat.session.mode, before);
    insta::assert_snapshot!(chat.log);
}

#[test]
fn one_take_back_at_the_lowest_levels() {
    let catalog = shipped();
    let mut chat = in_game(catalog, Lang::En, None, &[], Color::White, 1);
    chat.text("e4");
    let Mode::Game(g) = &chat.session.mode else {
        panic!("a game")
    };
    assert_eq!(
        g.record.moves().len(),
        2,
        "the learner's move and the tutor's answer"
    );
    chat.press("Take back");
    let Mode::Game(g) = &chat.session.mode else {
        panic!("a game")
    };
    assert_eq!(g.record.moves().len(), 0);
    assert!(!chat.buttons.iter().any(|(l, _)| l.contains("Take back")));
    let mut level3 = in_game(catalog, Lang::En, None, &[], Color::White, 3);
    level3.text("e4");
    assert!(!level3.buttons.iter().any(|(l, _)| l.contains("Take back")));
    insta::assert_snapshot!(chat.log);
}

#[test]
fn the_review_after_a_game_shows_a_missed_mate_in_one() {
    let catalog = shipped();
    // White missed Qxf7# (4. Nc3 instead), then resigned.
    // At level 3 nothing was said during the game: the review shows it on its board.
    let mut chat = in_game(
        catalog,
        Lang::En,
        None,
        &["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Nc3", "Nxh5"],
        Color::White,
        3,
    );
    chat.press("Resign").press("Yes, resign");
    assert!(
        chat.log.contains("you had mate in 1, starting with Qxf7#"),
        "{}",
        chat.log
    );
    // At level 1 the coach said it on its board at once: the review says it in a line.
    let mut coached = in_game(
        catalog,
        Lang::En,
        None,
        &["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Nc3", "Nxh5"],
        Color::White,
        1,
    );
    coached.press("Resign").press("Yes, resign");
    assert!(
        coached
            .log
            .contains("Move 4, Nc3: you had a mate in 1 instead."),
        "{}",
        coached.log
    );
    insta::assert_snapshot!(chat.log);
}

/// At levels 1 and 2 the coach speaks up right after a blunder, with its board, while the
/// take-back can still mend it; from level 3 it waits for the end of the game.
#[test]
fn at_the_lowest_levels_the_coach_speaks_up_after_a_missed_mate_and_it_can_be_taken_back() {
    let catalog = shipped();
    let script = ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6"];
    let mut chat = in_game(catalog, Lang::En, None, &script, Color::White, 1);
    chat.text("Nc3");
    let after = chat.log[chat.log.rfind("> Nc3").unwrap()..].to_owned();
    assert!(
        after.contains(
            "Coach: at move 4 you played Nc3, but you had mate in 1, starting with Qxf7#"
        ),
        "{after}"
    );
    assert!(after.contains("You may take this move back"), "{after}");
    // The coach's board comes first, the game's board last (the one to play on).
    let coach_at = after.find("Coach:").unwrap();
    let game_at = after.rfind("Your move").unwrap();
    assert!(coach_at < game_at, "{after}");
    chat.press("Take back").text("Qxf7#");
    assert!(chat.log.contains("Checkmate! You win."), "{}", chat.log);
    // Level 3: nothing said during the game.
    let mut level3 = in_game(catalog, Lang::En, None, &script, Color::White, 3);
    level3.text("Nc3");
    let after = &level3.log[level3.log.rfind("> Nc3").unwrap()..];
    assert!(!after.contains("Coach:"), "{after}");
    // In Chinese too.
    let mut zh = in_game(catalog, Lang::Zh, None, &script, Color::White, 2);
    zh.text("Nc3");
    // Before the notation unit, the move in words.
    assert!(
        zh.log.contains("其实你有1步杀，第一步是后吃f7"),
        "{}",
        zh.log
    );
    insta::assert_snapshot!(chat.log);
}

#[test]
fn a_game_from_the_menu_in_traditional_chinese() {
    let catalog = shipped();
    let mut chat = Chat::new(catalog);
    chat.send(Input::Start {
        client_lang: Some("zh-hant".into()),
    })
    .press("下棋")
    .press("執白")
    .text("e4");
    assert!(matches!(chat.session.mode, Mode::Game(_)));
    // Traditional only: no Simplified forms of the words the game uses.
    for simplified in ["执", "级", "认输", "对局", "轮到你"] {
        assert!(
            !chat.log.contains(simplified),
            "{simplified} in a zh-Hant chat:\n{}",
            chat.log
        );
    }
    insta::assert_snapshot!(chat.log);
}

#[test]
fn a_game_is_kept_while_the_learner_opens_a_lesson() {
    let catalog = shipped();
    let mut chat = in_game(catalog, Lang::En, None, &["e4", "e5"], Color::White, 3);
    let game = chat.session.mode.clone();
    chat.text("/lesson 3");
    assert!(matches!(chat.session.mode, Mode::Lesson(_)));
    assert!(chat.log.contains("send /play to go back to it"));
    chat.text("/play");
    assert_eq!(chat.session.mode, game, "the same game, not a new one");
}

#[test]
fn stale_game_buttons_change_nothing() {
    let catalog = shipped();
    let mut chat = in_game(catalog, Lang::En, None, &[], Color::White, 3);
    let resign = chat.data("Resign");
    chat.text("e4");
    let before = chat.session.clone();
    chat.send(Input::Button(resign));
    assert_eq!(chat.session, before, "an old Resign button is stale");
    // After the game, a game button of it is stale too.
    chat.text("/board").press("Resign").press("Yes, resign");
    let over = chat.session.clone();
    chat.send(Input::Button("c:12".into()));
    chat.send(Input::Button("y:13".into()));
    assert_eq!(chat.session.mode, over.mode);
    assert_eq!(chat.session.progress, over.progress);
}

/// Whole games: a random mover against every level. Each ends by a rule (or is resigned
/// after 300 plies), the stored session always reads back, and python-chess reads each
/// game's PGN with its moves and result.
#[test]
fn whole_games_against_every_level_end_by_a_rule() {
    let catalog = shipped();
    let mut rng = common::Rng::new(11);
    let mut pgns = Vec::new();
    for level in 1..=8u8 {
        let mut chat = Chat::new(catalog);
        chat.session.lang = Some(Lang::En);
        chat.send(Input::Button(format!("g:{level}:r")));
        for _ in 0..300 {
            let Mode::Game(g) = chat.session.mode.clone() else {
                break;
            };
            let pos = g.record.position().clone();
            let moves = pos.legal_moves();
            let mv = moves[rng.below(moves.len())];
            let uci = mv.to_uci(shakmaty::CastlingMode::Standard).to_string();
            chat.text(&uci);
            if let Mode::Game(after) = &chat.session.mode {
                assert!(
                    after.record.moves().len() > g.record.moves().len(),
                    "a legal move is always played"
                );
            }
        }
        if matches!(chat.session.mode, Mode::Game(_)) {
            chat.press("Resign").press("Yes, resign");
        }
        let (ending, result) = result_of(&chat).expect("every game ends");
        assert!(!ending.is_empty() && !result.is_empty());
        let Some(last) = chat.session.progress.last_game.clone() else {
            panic!("the finished game is kept")
        };
        chat.text("/pgn");
        let pgn = chat.log[chat.log.rfind("[Event").expect("a PGN")..]
            .lines()
            .map(|l| l.strip_prefix("  ").unwrap_or(l))
            .collect::<Vec<_>>()
            .join("\n");
        pgns.push((pgn, last.record.moves().len(), result));
    }
    // python-chess, an independent reader, reads every game with its moves and result.
    if !crate::oracles::python_chess() {
        return;
    }
    let script = r#"
import io, json, sys, chess.pgn
for case in json.load(sys.stdin):
    game = chess.pgn.read_game(io.StringIO(case["pgn"]))
    assert not game.errors, game.errors
    moves = list(game.mainline_moves())
    assert len(moves) == case["plies"], (len(moves), case["plies"])
    assert game.headers["Result"] == case["result"], game.headers["Result"]
    assert game.headers["Termination"] == "normal"
print("ok", flush=True)
"#;
    let cases: Vec<serde_json::Value> = pgns
        .iter()
        .map(|(pgn, plies, result)| serde_json::json!({"pgn": pgn, "plies": plies, "result": result}))
        .collect();
    let mut child = std::process::Command::new("python3")
        .args(["-c", script])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("python3 runs");
    {
        use std::io::Write as _;
        let mut stdin = child.stdin.take().unwrap();
        stdin
            .write_all(serde_json::to_string(&cases).unwrap().as_bytes())
            .unwrap();
    }
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success() && String::from_utf8_lossy(&out.stdout).contains("ok"),
        "python-chess refused a PGN"
    );
}
