//! The board page (Mini App): a drop is the same move as a typed one, judged by the same task;
//! the page is told the task, what became of the drop, and nothing else changes for a look.

use chess_tutor_core::rules::Lang;
use chess_tutor_core::tutor::{BoardDrop, DropResult, Input, Mode, PageView};
use shakmaty::{Color, Role, Square};

use super::chat::{Chat, shipped};
use super::games::in_game;

fn page(chat: &Chat<'_>) -> PageView {
    chat.page.clone().expect("the page is answered")
}

#[test]
fn a_look_changes_nothing_and_shows_the_task_with_its_legal_targets() {
    let mut chat = in_game(shipped(), Lang::En, None, &["e4", "e5"], Color::White, 3);
    let before = chat.session.clone();
    let events = chat.events.len();
    chat.send(Input::Look);
    assert_eq!(chat.session, before, "a look changes nothing");
    assert_eq!(chat.events.len(), events);
    let view = page(&chat);
    assert_eq!(view.lang, Lang::En);
    assert_eq!(view.said, None);
    let task = view.task.expect("a game asks for a move");
    assert!(task.yours);
    assert_eq!(task.turn, Color::White);
    assert_eq!(task.orientation, Color::White);
    assert_eq!(task.last_move, Some((Square::E7, Square::E5)));
    let knight = task
        .dests
        .iter()
        .find(|(from, _)| *from == Square::G1)
        .unwrap();
    assert_eq!(knight.1, [Square::E2, Square::F3, Square::H3]);
    // Only the mover's pieces: black's are not offered.
    assert!(
        task.dests
            .iter()
            .all(|(from, _)| from.rank() <= shakmaty::Rank::Second)
    );
    assert!(!task.text.is_empty());
    assert!(!view.labels.your_move.is_empty());
}

#[test]
fn a_legal_drop_in_a_game_is_played_and_answered_by_the_tutor() {
    let mut chat = in_game(shipped(), Lang::Zh, None, &["e4", "e5"], Color::White, 1);
    let was = chat.page.clone();
    assert_eq!(was, None);
    chat.drop_piece(Square::G1, Square::F3);
    let view = page(&chat);
    let said = view.said.expect("the drop is answered");
    assert_eq!(said.result, DropResult::Legal);
    // The tutor's words about it, not the task's own (the page shows those).
    assert!(!said.text.is_empty());
    assert!(!said.text.starts_with("♟"), "{}", said.text);
    let Mode::Game(g) = &chat.session.mode else {
        panic!("still in the game")
    };
    // The learner's move and the tutor's reply.
    assert_eq!(g.record.moves().len(), 4);
    let task = view.task.expect("the next move is asked");
    assert_eq!(task.turn, Color::White);
    assert!(task.last_move.is_some());
    assert_ne!(
        task.fen,
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
    // The chat shows the game going on as well.
    assert!(
        chat.log.contains("1. e4 e5 2. Nf3")
            || chat.log.contains("2. 马f3")
            || chat.log.contains("Nf3"),
        "{}",
        chat.log
    );
}

#[test]
fn a_pawn_dropped_on_the_last_rank_asks_for_its_piece_then_plays_the_one_chosen() {
    let mut chat = in_game(
        shipped(),
        Lang::En,
        Some("7k/4P3/8/8/8/8/8/K7 w - - 0 1"),
        &[],
        Color::White,
        1,
    );
    chat.drop_piece(Square::E7, Square::E8);
    let said = page(&chat).said.unwrap();
    assert_eq!(said.result, DropResult::Promote);
    let Mode::Game(g) = &chat.session.mode else {
        panic!("still in the game")
    };
    assert!(g.record.moves().is_empty(), "nothing played yet");
    chat.send(Input::Drop(BoardDrop {
        from: Square::E7,
        to: Square::E8,
        promotion: Some(Role::Rook),
        seen: None,
    }));
    assert_eq!(page(&chat).said.unwrap().result, DropResult::Legal);
    let Mode::Game(g) = &chat.session.mode else {
        panic!("still in the game")
    };
    assert_eq!(g.record.moves()[0].promotion(), Some(Role::Rook));
}

#[test]
fn a_drop_with_no_task_is_stale_and_says_nothing_in_the_chat() {
    let mut chat = Chat::new(shipped());
    chat.session.lang = Some(Lang::ZhHant);
    let before = chat.session.clone();
    let log = chat.log.len();
    chat.drop_piece(Square::E2, Square::E4);
    assert_eq!(chat.session, before);
    let view = page(&chat);
    assert_eq!(view.task, None);
    let said = view.said.unwrap();
    assert_eq!(said.result, DropResult::Stale);
    assert_eq!(said.text, view.labels.none);
    assert!(
        said.text.contains("棋盤") || said.text.contains("棋"),
        "{}",
        said.text
    );
    // Only the input's own line: no reply in the chat.
    assert_eq!(chat.log[log..].lines().count(), 1, "{}", &chat.log[log..]);
}

#[test]
fn a_drop_of_the_other_sides_piece_is_refused_never_played() {
    let mut chat = in_game(shipped(), Lang::En, None, &["e4"], Color::Black, 1);
    // White's pawn on e4, as black: not the learner's piece.
    chat.drop_piece(Square::E4, Square::E5);
    let said = page(&chat).said.unwrap();
    assert_eq!(said.result, DropResult::Refused);
    let Mode::Game(g) = &chat.session.mode else {
        panic!("still in the game")
    };
    assert_eq!(g.record.moves().len(), 1);
}

#[test]
fn messages_that_offer_the_tap_board_offer_the_board_page_too() {
    let mut chat = in_game(shipped(), Lang::Zh, None, &["e4", "e5"], Color::White, 1);
    let t = super::chat::step(&chat.session, Input::Text("/board".into()), chat.catalog);
    let offered: Vec<_> = t
        .replies()
        .into_iter()
        .filter_map(|r| r.board_app.clone())
        .collect();
    assert_eq!(offered, ["♟ 棋盘"]);
    chat.text("/help");
    let t = super::chat::step(&chat.session, Input::Text("/help".into()), chat.catalog);
    assert!(t.replies().into_iter().all(|r| r.board_app.is_none()));
}

#[test]
fn board_drops_read_only_two_squares_and_a_piece_a_pawn_becomes() {
    assert!(BoardDrop::from_parts("e7", "e8", Some("q")).is_ok());
    assert!(BoardDrop::from_parts("e7", "e8", Some("Q")).is_ok());
    for (from, to, p) in [
        ("e7", "e8", Some("k")),
        ("e7", "e8", Some("p")),
        ("e7", "e8", Some("qq")),
        ("e9", "e8", None),
        ("e7", "e7", None),
        ("", "e8", None),
        ("e7", "/help", None),
    ] {
        assert!(
            BoardDrop::from_parts(from, to, p).is_err(),
            "{from}{to}{p:?}"
        );
    }
    let stored = serde_json::to_string(&Input::Drop("e7e8n".parse().unwrap())).unwrap();
    assert_eq!(stored, r#"{"drop":"e7e8n"}"#);
    assert_eq!(
        serde_json::from_str::<Input>(&stored).unwrap(),
        Input::Drop("e7e8n".parse().unwrap())
    );
}

/// Issue 40: the page's drop carries the version of the task it showed, and the one step of
/// the drop judges it stale when the task changed since (a move typed in the chat meanwhile),
/// so a drop is never judged against another position; with the version it saw, it is played.
#[test]
fn a_drop_on_a_task_that_changed_since_the_page_drew_it_is_stale_and_changes_nothing() {
    let mut chat = in_game(shipped(), Lang::En, None, &["e4", "e5"], Color::White, 1);
    chat.send(Input::Look);
    let seen = page(&chat).task.expect("a task").version;
    // A move typed in the chat moves the game on; the page still shows the old board.
    chat.text("Nf3");
    let before = chat.session.clone();
    let events = chat.events.len();
    let stale = BoardDrop::from_parts("f1", "c4", None).unwrap().seen(seen);
    chat.send(Input::Drop(stale));
    let view = page(&chat);
    let said = view.said.clone().expect("the page is told");
    assert_eq!(said.result, DropResult::Stale);
    assert!(said.text.contains("board changed"), "{}", said.text);
    assert_eq!(chat.session, before, "nothing changes");
    assert_eq!(chat.events.len(), events);
    // The page shows the task as it is now; a drop with that version is played.
    let now = view.task.expect("the task now").version;
    chat.send(Input::Drop(
        BoardDrop::from_parts("f1", "c4", None).unwrap().seen(now),
    ));
    assert_eq!(page(&chat).said.unwrap().result, DropResult::Legal);
    let Mode::Game(g) = &chat.session.mode else {
        panic!("still in the game")
    };
    assert_eq!(g.record.moves().len(), 6, "e4 e5 Nf3 … Bc4 …");
}
