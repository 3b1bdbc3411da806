//! Every task that asks for a move refuses a move the same way: counted once under its rule,
//! explained, its squares drawn on the task's board, and the task left as it was.

use chess_tutor_core::content::lesson::StepKind;
use chess_tutor_core::rules::{self, IllegalReason, Lang, RuleCode, Verdict};
use chess_tutor_core::tutor::{DropResult, Event, Mode};
use shakmaty::{Chess, Color, Position, Square};

use super::chat::{Chat, shipped};
use super::games::in_game;

/// A move of the side to move, from one of its pieces, that the referee refuses for a rule
/// (not for an empty square or a missing promotion piece), to a square a tap can send it to
/// (not one of its own pieces, which a tap would pick instead).
fn refused_move(pos: &Chess) -> (Square, Square, IllegalReason) {
    let own = pos.board().by_color(pos.turn());
    for from in own {
        for to in Square::ALL.into_iter().filter(|sq| !own.contains(*sq)) {
            if let Verdict::Illegal(reason) = rules::explain_squares(pos, from, to, None)
                && !matches!(
                    reason,
                    IllegalReason::NoPiece { .. } | IllegalReason::PromotionPieceMissing { .. }
                )
            {
                return (from, to, reason);
            }
        }
    }
    panic!("no refusable move in {pos:?}");
}

/// The position the current task asks a move in.
fn task_position(chat: &Chat<'_>) -> Chess {
    match &chat.session.mode {
        Mode::Game(g) => g.record.position().clone(),
        Mode::Puzzle(p) => p.fen.position().clone(),
        Mode::Lesson(l) => {
            let (li, si) = chat.catalog.steps()[l.step];
            match &chat.catalog.lessons()[li].steps[si].kind {
                StepKind::Move(task) => task.position.clone(),
                other => panic!("not a move step: {other:?}"),
            }
        }
        other => panic!("no move task: {other:?}"),
    }
}

/// How a refused move is sent.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Way {
    Typed,
    Tapped,
    /// Dropped on the board page.
    Dropped,
}

/// Sends a refused move (typed, tapped on the task's tap board, or dropped on the board page)
/// and checks what every move task does with it.
fn refuse_one(chat: &mut Chat<'_>, way: Way) {
    let pos = task_position(chat);
    let (from, to, reason) = refused_move(&pos);
    let code = reason.code().to_owned();
    let mode = chat.session.mode.clone();
    let errors = chat
        .session
        .progress
        .rule_errors
        .get(&RuleCode::read(&code))
        .copied();
    let events = chat.events.len();
    match way {
        Way::Tapped => {
            chat.press("👆");
            chat.tap(from).tap(to);
        }
        Way::Typed => {
            chat.text(&format!("{from}{to}"));
        }
        Way::Dropped => {
            chat.drop_piece(from, to);
        }
    }
    match (&chat.session.mode, &mode) {
        // A lesson counts the miss (for its hint), on the same step.
        (Mode::Lesson(now), Mode::Lesson(was)) => {
            assert_eq!((now.step, &now.step_id), (was.step, &was.step_id));
            assert_eq!(now.misses, was.misses + 1, "the miss is counted");
        }
        (now, was) => assert_eq!(now, was, "a refusal leaves the task as it was"),
    }
    assert_eq!(
        chat.session
            .progress
            .rule_errors
            .get(&RuleCode::read(&code))
            .copied(),
        Some(errors.unwrap_or(0) + 1),
        "counted once under `{code}`"
    );
    let illegal: Vec<_> = chat.events[events..]
        .iter()
        .filter(|e| matches!(e, Event::IllegalMove { .. }))
        .collect();
    assert_eq!(illegal.len(), 1, "{illegal:?}");
    assert_eq!(illegal[0].illegal_code(), Some(code.as_str()));
    // The position and the move are kept with it, for a teacher's report to show again.
    let Event::IllegalMove {
        fen: Some(fen),
        tried: Some(tried),
        ..
    } = illegal[0]
    else {
        panic!("the refusal keeps its position and move: {:?}", illegal[0]);
    };
    assert!(fen.parse::<shakmaty::fen::Fen>().is_ok(), "{fen}");
    assert!((4..=5).contains(&tried.len()), "{tried}");
    let board = chat.board.as_ref().expect("the task's board is shown");
    assert!(
        !board.marks.is_empty() || !board.arrows.is_empty(),
        "the reason's squares are drawn for `{code}`"
    );
    if way == Way::Dropped {
        // The page is told the same rule, with the same squares as the chat's picture.
        let page = chat.page.as_ref().expect("a drop is answered for the page");
        let said = page.said.as_ref().expect("what became of the drop");
        assert_eq!(said.result, DropResult::Refused);
        assert!(!said.text.is_empty());
        // The chat's task message says it too: the chat stays whole.
        assert!(
            said.text.lines().all(|line| chat.log.contains(line)),
            "the chat says {:?}",
            said.text
        );
        for mark in &said.overlay.marks {
            assert!(
                board.marks.contains(mark),
                "{mark:?} is on the chat's picture too"
            );
        }
        for arrow in &said.overlay.arrows {
            assert!(
                board.arrows.contains(arrow),
                "{arrow:?} is on the chat's picture too"
            );
        }
        assert!(!said.overlay.marks.is_empty() || !said.overlay.arrows.is_empty());
        let task = page.task.as_ref().expect("the task is still there");
        assert_eq!(
            task.fen,
            shakmaty::fen::Fen::from_position(&pos, shakmaty::EnPassantMode::Legal).to_string()
        );
    } else {
        assert_eq!(
            chat.page, None,
            "only the page's inputs are answered for the page"
        );
    }
}

#[test]
fn a_refused_move_in_a_game_is_counted_once_and_drawn_typed_tapped_or_dropped() {
    let mut chat = in_game(shipped(), Lang::En, None, &["e4", "e5"], Color::White, 3);
    refuse_one(&mut chat, Way::Typed);
    refuse_one(&mut chat, Way::Tapped);
    refuse_one(&mut chat, Way::Dropped);
}

#[test]
fn a_refused_move_in_a_puzzle_is_counted_once_and_drawn() {
    let mut chat = Chat::new(shipped());
    chat.session.lang = Some(Lang::Zh);
    chat.text("/puzzle");
    assert!(matches!(chat.session.mode, Mode::Puzzle(_)));
    refuse_one(&mut chat, Way::Typed);
    refuse_one(&mut chat, Way::Tapped);
    refuse_one(&mut chat, Way::Dropped);
}

#[test]
fn a_refused_move_in_a_lesson_move_step_is_counted_once_and_drawn() {
    let catalog = shipped();
    let mut chat = Chat::new(catalog);
    chat.session.lang = Some(Lang::ZhHant);
    chat.text("/lesson 3");
    // On to the lesson's first move step.
    for _ in 0..40 {
        if let Mode::Lesson(l) = &chat.session.mode {
            let (li, si) = catalog.steps()[l.step];
            if matches!(catalog.lessons()[li].steps[si].kind, StepKind::Move(_)) {
                break;
            }
        }
        chat.text("/next");
    }
    refuse_one(&mut chat, Way::Typed);
    refuse_one(&mut chat, Way::Tapped);
    refuse_one(&mut chat, Way::Dropped);
}

/// Issue 40 (the class's bug 3): a refusal for moving the opponent's piece was stored without
/// the move tried, so a teacher's `/report_N` said its position "was not kept" about a move
/// made minutes before. Every refusal keeps its position and its move now, and is drawn again.
#[test]
fn a_refusal_for_moving_the_opponent_s_piece_keeps_its_position_and_move() {
    let mut chat = in_game(shipped(), Lang::En, None, &[], Color::White, 1);
    let before = chat.events.len();
    chat.text("e7e5");
    let kept = chat.events[before..]
        .iter()
        .find_map(Event::last_try)
        .expect("the refusal keeps its try");
    assert_eq!(kept.code, RuleCode::from(rules::Rule::NotYourPiece));
    assert_eq!(kept.tried, "e7e5");
    let pos: Chess = rules::parse_fen(&kept.fen).unwrap();
    assert!(matches!(
        rules::explain_squares(&pos, Square::E7, Square::E5, None),
        Verdict::Illegal(IllegalReason::NotYourPiece { .. })
    ));
}
