//! The coach in a game (issue 26, A7–A10 of `../shared/reviews/first-hour-2026-12-03.md`):
//! words a learner reads one way only, the review ranked by what was lost, not repeating what
//! was said during the game, and the way on (Play again, PGN) on the last message.

use crate::chat::{Chat, shipped};
use chess_tutor_core::game::engine::Level;
use chess_tutor_core::game::record::Record;
use chess_tutor_core::rules::parse_fen;
use chess_tutor_core::tutor::state::{GameState, Side};
use chess_tutor_core::tutor::{Action, Catalog, Input, Mode};

/// A game against the tutor at `level` from `fen`, the learner White.
fn game_from<'c>(catalog: &'c Catalog, client: &str, level: u8, fen: &str) -> Chat<'c> {
    let mut chat = Chat::new(catalog);
    chat.send(Input::Start {
        client_lang: Some(client.into()),
    });
    chat.session.mode = Mode::Game(GameState {
        level: Level::new(level).unwrap(),
        learner: Side::White,
        record: Record::from_position(parse_fen(fen).unwrap()),
        takebacks_left: 0,
        declined_at: None,
        seed: 7,
        resigning: false,
    });
    chat
}

/// The transcript from the last input on.
fn last_said(chat: &Chat<'_>) -> String {
    chat.log
        .rsplit("\n> ")
        .next()
        .unwrap_or_default()
        .to_owned()
}

/// Resigns (asked once, then confirmed).
fn resign(chat: &mut Chat<'_>) {
    let resign = chat
        .buttons
        .iter()
        .find(|(_, d)| matches!(Action::decode(d), Some(Action::Resign(_))))
        .map(|(_, d)| d.clone())
        .expect("a Resign button");
    chat.send(Input::Button(resign));
    let yes = chat
        .buttons
        .iter()
        .find(|(_, d)| matches!(Action::decode(d), Some(Action::ResignYes(_))))
        .map(|(_, d)| d.clone())
        .expect("Yes, resign");
    chat.send(Input::Button(yes));
    assert!(matches!(chat.session.mode, Mode::Idle), "{}", chat.log);
}

/// A7: the coach's words read one way: the piece is taken by the opponent, for nothing —
/// never "can be taken by White" (被白吃).
#[test]
fn the_coach_says_who_takes_what_in_words_read_one_way() {
    let catalog = shipped();
    for client in ["zh-hans", "zh-hant"] {
        // 1. axb4?? leaves the queen on e5 to the bishop.
        let mut chat = game_from(catalog, client, 1, "7k/6b1/8/4Q3/1n6/P7/8/4K3 w - - 0 1");
        chat.text("axb4");
        let said = last_said(&chat);
        let coach = said
            .lines()
            .find(|l| l.contains("教练") || l.contains("教練"))
            .unwrap_or_else(|| panic!("{client}: no coach: {said}"));
        assert!(coach.contains("白白吃掉"), "{client}: {coach}");
        assert!(!coach.contains("被白吃"), "{client}: {coach}");
        // Before the notation unit the move is said in words, not in SAN.
        assert!(!coach.contains("axb4"), "{client}: {coach}");
    }
}

/// A10: after a coached game the review ranks what was lost (the queen before the knight),
/// in words, without the boards already shown during the game; Play again and PGN are on the
/// last message.
#[test]
fn the_review_ranks_what_was_lost_repeats_nothing_and_ends_with_the_way_on() {
    let catalog = shipped();
    let mut chat = game_from(catalog, "en", 1, "4k3/8/2n5/3p4/8/4N3/8/Q3K3 w - - 0 1");
    chat.text("Nc4");
    chat.text("Qa5");
    let before = chat.log.len();
    resign(&mut chat);
    let end = chat.log[before..].to_owned();
    let review = end
        .split("Coach's review")
        .nth(1)
        .unwrap_or_else(|| panic!("no review: {end}"));
    let queen = review.find("queen").expect("the queen in the review");
    let knight = review.find("knight").expect("the knight in the review");
    assert!(queen < knight, "ranked by what was lost: {review}");
    // The live notes' boards are not shown again.
    assert!(!review.contains("[board"), "{review}");
    // The way on is under the last message.
    let last_message = end.rsplit("  [board").next().unwrap();
    assert!(
        chat.buttons
            .iter()
            .any(|(_, d)| matches!(Action::decode(d), Some(Action::Pgn))),
        "{end}"
    );
    assert!(
        last_message.contains("Coach's review"),
        "the review is the last message: {end}"
    );
}

/// A10 at a level without live notes: the review's boards, ranked, the buttons under the
/// last one.
#[test]
fn an_uncoached_review_shows_boards_ranked_and_the_buttons_last() {
    let catalog = shipped();
    let mut chat = game_from(catalog, "en", 5, "4k3/8/2n5/3p4/8/4N3/8/Q3K3 w - - 0 1");
    chat.text("Nc4");
    chat.text("Qa5");
    let before = chat.log.len();
    resign(&mut chat);
    let end = chat.log[before..].to_owned();
    let coach: Vec<&str> = end.split("Coach:").skip(1).collect();
    assert!(!coach.is_empty(), "{end}");
    assert!(coach[0].contains("queen"), "the queen first: {end}");
    let tail = end.rsplit("Coach:").next().unwrap();
    assert!(
        tail.contains("[Play again"),
        "buttons on the last message: {end}"
    );
}

/// No catalogue says a piece "can be taken by White" (被白吃) where it means "for nothing".
#[test]
fn no_catalogue_says_taken_by_white_for_taken_for_nothing() {
    for file in [
        include_str!("../../locales/zh-Hans/tutor.ftl"),
        include_str!("../../locales/zh-Hant/tutor.ftl"),
    ] {
        for bad in ["被白吃", "可以白吃", "以白吃"] {
            assert!(!file.contains(bad), "{bad}");
        }
    }
}

/// A1 in a game: `undo` / `悔棋` take the move back where the level allows it, `draw?`
/// offers a draw.
#[test]
fn undo_and_draw_are_read_in_a_game() {
    let catalog = shipped();
    let mut chat = game_from(
        catalog,
        "en",
        1,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    );
    if let Mode::Game(g) = &mut chat.session.mode {
        g.takebacks_left = 1;
    }
    chat.text("e4");
    chat.text("undo");
    let Mode::Game(g) = &chat.session.mode else {
        panic!("{}", chat.log)
    };
    assert_eq!(g.record.moves().len(), 0, "{}", last_said(&chat));
    chat.text("悔棋");
    assert!(
        last_said(&chat).contains("No move can be taken back"),
        "{}",
        last_said(&chat)
    );
    chat.text("draw?");
    let Mode::Game(g) = &chat.session.mode else {
        panic!("{}", chat.log)
    };
    assert!(g.declined_at.is_some(), "{}", last_said(&chat));
}

/// Issue 41 (review 2026-12-06): the coach said "Qxd4 took the knight for free" when nothing
/// was taken: the capture was one the learner could have played. It is said as what could
/// have been, never as what happened.
#[test]
fn a_free_capture_not_taken_is_said_as_what_could_have_been() {
    let catalog = shipped();
    let mut chat = game_from(catalog, "en", 1, "4k3/8/8/8/3n4/8/8/3QK3 w - - 0 1");
    chat.text("Kf1");
    let said = last_said(&chat);
    let coach = said
        .lines()
        .find(|l| l.contains("Coach:"))
        .unwrap_or_else(|| panic!("no coach: {said}"));
    assert!(coach.contains("Qxd4"), "{coach}");
    assert!(!coach.contains("took"), "nothing was taken: {coach}");
    assert!(coach.contains("would have taken the knight"), "{coach}");
}
