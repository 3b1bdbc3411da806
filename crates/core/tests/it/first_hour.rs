//! A beginner's first hour, finding by finding (`../shared/reviews/first-hour.md`): each test
//! is one scenario of the review as a transcript, on a small course of its own
//! (`crates/core/tests/fixtures/first-hour/`) so that a change to the shipped lessons does not move it.

use crate::chat;

use crate::chat::Chat;
use chess_tutor_core::content::{Catalog, load_lessons_from, quiz};
use chess_tutor_core::tutor::{Action, Input, Mode};

fn catalog() -> Catalog {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/first-hour");
    let read = |f: &str| std::fs::read_to_string(format!("{dir}/{f}")).unwrap();
    let (lessons, problems) = load_lessons_from(&[
        ("lessons/01-board.yaml", read("01-board.yaml")),
        ("lessons/02-moves.yaml", read("02-moves.yaml")),
    ]);
    assert!(problems.is_empty(), "{problems:?}");
    let (items, problems) = quiz::load_quiz_sources(&[("lessons/quiz/fh.yaml", read("quiz.yaml"))]);
    assert!(problems.is_empty(), "{problems:?}");
    let puzzles = crate::chat::shipped().puzzles().to_vec();
    Catalog::new(lessons, items, puzzles)
}

fn begin<'c>(catalog: &'c Catalog, client: &str) -> Chat<'c> {
    let mut chat = Chat::new(catalog);
    chat.send(Input::Start {
        client_lang: Some(client.into()),
    });
    chat
}

/// The buttons of the last reply (what a bare number presses in the terminal).
#[allow(dead_code)]
fn last_buttons(chat: &Chat<'_>) -> Vec<String> {
    chat.buttons.iter().map(|(l, _)| l.clone()).collect()
}

/// 1.1: after a hint, a refusal or an unreadable input the task's controls come again.
#[test]
fn every_reply_inside_a_task_carries_its_controls() {
    let catalog = catalog();
    let mut chat = begin(&catalog, "zh-hans");
    chat.text("/lesson 1").press("下一步");
    chat.text("/hint");
    let after_hint = last_buttons(&chat);
    chat.text("车b5");
    let after_refusal = last_buttons(&chat);
    chat.text("xyz");
    let after_unreadable = last_buttons(&chat);
    chat.text("车a5");
    let after_miss = last_buttons(&chat);
    insta::assert_snapshot!(chat.log);
    for (what, buttons) in [
        ("hint", after_hint),
        ("refusal", after_refusal),
        ("unreadable input", after_unreadable),
        ("legal miss", after_miss),
    ] {
        assert!(
            buttons.iter().any(|l| l.contains("提示")),
            "no task controls after the {what}: {buttons:?}"
        );
    }
}

/// 1.1, 1.12: a judge question is answered by its number, its letter or its label, also
/// after a wrong answer or a hint.
#[test]
fn an_answer_by_number_letter_or_label() {
    let catalog = catalog();
    let mut chat = begin(&catalog, "zh-hans");
    chat.text("/lesson 1")
        .press("下一步")
        .text("/solution")
        .text("/next");
    assert!(chat.log.contains("车能从a2走到e2吗"), "{}", chat.log);
    chat.text("1"); // "是": wrong
    chat.text("2"); // "否" by its number
    let yes_no_done = chat.log.contains("对了！");
    assert!(chat.log.contains("这盘棋是什么结果"), "{}", chat.log);
    chat.text("/hint").text("子力不足"); // a draw kind by its label
    insta::assert_snapshot!(chat.log);
    assert!(yes_no_done, "2 did not answer the yes/no question");
    assert!(
        chat.session.progress.steps_done.contains("fh-draw-kind"),
        "the label did not answer the draw question"
    );
}

/// 1.4: a wrong answer in a lesson invites another try and does not give the answer away.
#[test]
fn a_wrong_answer_invites_another_try() {
    let catalog = catalog();
    let mut chat = begin(&catalog, "en");
    chat.text("/lesson 1");
    for _ in 0..5 {
        chat.text("/next");
    }
    assert!(
        chat.log.contains("A rook may move diagonally"),
        "{}",
        chat.log
    );
    chat.press("True");
    let wrong = chat.log.rsplit("> [True]").next().unwrap().to_owned();
    insta::assert_snapshot!(chat.log);
    assert!(
        !wrong.contains("Answer:"),
        "the answer is given away: {wrong}"
    );
    assert!(
        last_buttons(&chat).iter().any(|l| l.contains("False")),
        "no way to answer again: {:?}",
        last_buttons(&chat)
    );
}

/// 1.6: a right move in a drill with only a few pieces is not announced as a drawn game.
#[test]
fn no_game_state_notes_in_a_drill() {
    let catalog = catalog();
    let mut chat = begin(&catalog, "zh-hans");
    chat.text("/lesson 2").text("/next").text("/next");
    chat.text("象d4");
    insta::assert_snapshot!(chat.log);
    let last = chat.log.rsplit("> 象d4").next().unwrap();
    assert!(!last.contains("和棋"), "{last}");
}

/// 1.8: "Practise this rule" comes back to the step the learner left.
#[test]
fn practising_a_rule_comes_back() {
    let catalog = catalog();
    let mut chat = begin(&catalog, "en");
    chat.text("/lesson 2").text("/next").text("/next");
    // Three tries that break the same rule: a bishop moves only diagonally.
    chat.text("Bb4").text("Bb8").text("Bh2");
    if chat.buttons.iter().any(|(l, _)| l.contains("Practise")) {
        chat.press("Practise");
        chat.text("/solution").text("/next");
    }
    insta::assert_snapshot!(chat.log);
    let Mode::Lesson(state) = &chat.session.mode else {
        panic!("{:?}", chat.session.mode)
    };
    assert_eq!(state.step_id.as_str(), "fh-bishop", "{}", chat.log);
}

/// 1.9: "Next puzzle" gives another puzzle (or says it is a review); a quiet wrong move is
/// refuted in words a beginner follows; the solution says why it is mate.
#[test]
fn puzzles_go_on_and_explain() {
    let catalog = catalog();
    let mut chat = begin(&catalog, "en");
    chat.text("/puzzle");
    let Mode::Puzzle(first) = chat.session.mode.clone() else {
        panic!("{:?}", chat.session.mode)
    };
    chat.text("/solution").press("Next puzzle");
    let Mode::Puzzle(second) = chat.session.mode.clone() else {
        panic!("{:?}", chat.session.mode)
    };
    insta::assert_snapshot!(chat.log);
    assert!(
        first.id != second.id || chat.log.contains("review"),
        "the same puzzle again, unannounced: {}",
        first.id
    );
}

/// 1.10: `/progress` names the rules in the learner's language and does not count lesson
/// questions as quiz answers.
#[test]
fn progress_in_the_learners_words() {
    let catalog = catalog();
    let mut chat = begin(&catalog, "zh-hans");
    chat.text("/lesson 1").press("下一步");
    chat.text("车b5").text("车b3");
    for _ in 0..4 {
        chat.text("/next");
    }
    chat.press("错");
    chat.text("/progress");
    insta::assert_snapshot!(chat.log);
    let progress = chat.log.rsplit("> /progress").next().unwrap().to_owned();
    assert!(!progress.contains("wrong_movement"), "{progress}");
    assert!(
        !progress.contains("答对 1"),
        "a lesson question counted: {progress}"
    );
}

/// 1.11: `/explain` with a FEN and no move, a broken FEN, an empty board.
#[test]
fn explain_edge_cases() {
    let catalog = catalog();
    let mut chat = begin(&catalog, "zh-hans");
    chat.text("/explain 4k3/8/8/8/2b5/8/8/R3K2R w KQ - 0 1")
        .text("/explain 4k3/8/8/8/2b5/8/8/R3K2X w KQ - 0 1 O-O")
        .text("/lang en")
        .text("/explain 8/8/8/8/8/8/8/8 w - - 0 1 e4");
    insta::assert_snapshot!(chat.log);
    assert!(!chat.log.contains("我没看懂“1”"), "{}", chat.log);
    assert!(!chat.log.contains("invalid board part"), "{}", chat.log);
}

/// 1.3: typing the square the task names (`e4` for "move the rook to e4") moves the rook.
/// Before: "你没有能走到e4的兵" ("you have no pawn that can go to e4").
#[test]
fn the_square_the_task_names_moves_the_piece() {
    let catalog = catalog();
    let mut chat = begin(&catalog, "zh-hans");
    chat.text("/lesson 1").press("下一步").text("e4");
    insta::assert_snapshot!(chat.log);
    let reply = chat.log.rsplit("> e4").next().unwrap();
    assert!(reply.contains("对了"), "{reply}");
    assert!(!reply.contains("兵"), "{reply}");
}

/// 1.7, 1.12: the rule that forbids a move is the one named, for the piece the learner meant,
/// and the inputs a beginner types are read: a pawn going back to d1 is told that pawns never
/// move backwards (before: "your own queen stands there"); castling in a FEN without rights
/// invents no history (before: "one of them moved and came back"); `exd5` at en passant names
/// the squares (before: "a pawn never moves sideways"); `车吃马`, `卒e4`, `♞f6` and `RxN`
/// are moves (before: "I could not read that move").
#[test]
fn refusals_name_the_rule_for_the_move_meant() {
    let catalog = catalog();
    let mut chat = begin(&catalog, "zh-hans");
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    chat.text(&format!("/explain {start} d2d1"))
        .text("/explain 4k3/8/8/8/2b5/8/8/R3K2R w - - 0 1 短易位")
        .text("/explain 4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2 exd5")
        .text("/explain 4k3/8/8/8/8/8/8/R3n1K1 w - - 0 1 车吃马")
        .text("/explain 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 卒e4")
        .text("/lang en")
        .text("/explain rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1 ♞f6")
        .text("/explain 4k3/8/8/8/8/8/8/R3n1K1 w - - 0 1 RxN");
    insta::assert_snapshot!(chat.log);
    let replies: Vec<&str> = chat.log.split("\n> ").skip(1).collect();
    assert!(
        replies[0].contains("兵永远不能后退") || replies[0].contains("兵不能后退"),
        "{}",
        replies[0]
    );
    assert!(!replies[1].contains("走动过又回来"), "{}", replies[1]);
    assert!(replies[2].contains("d6"), "{}", replies[2]);
    for reply in [replies[3], replies[4], replies[6], replies[7]] {
        assert!(
            !reply.contains("没看懂") && !reply.contains("could not read"),
            "{reply}"
        );
    }
}

/// 1.12: a choice is answered by its text (`d6`) as well as by its letter.
#[test]
fn a_choice_by_its_text() {
    let catalog = catalog();
    let mut chat = begin(&catalog, "en");
    chat.text("/lesson 2");
    for _ in 0..3 {
        chat.text("/next");
    }
    chat.text("d6");
    insta::assert_snapshot!(chat.log);
    assert!(
        chat.session.progress.steps_done.contains("fh-quiz-square"),
        "{}",
        chat.log
    );
}

/// 1.5, then issue 26 A4: a wrong try gets its own reason and the hint, never the step's
/// paragraph on its usual slips (which names the answer before the hint asks for it); that
/// paragraph comes with the right move, after a miss.
#[test]
fn the_usual_slips_come_with_the_right_move_not_with_a_wrong_one() {
    let catalog = catalog();
    let mut chat = begin(&catalog, "en");
    chat.text("/lesson 1").press("Next");
    let mut said = Vec::new();
    for typed in ["Rb4", "Re5", "Rh5", "Rb5", "Re4"] {
        let at = chat.log.len();
        chat.text(typed);
        said.push((typed, chat.log[at..].to_owned()));
    }
    insta::assert_snapshot!(chat.log);
    for (typed, reply) in &said {
        let right = *typed == "Re4";
        assert_eq!(
            reply.contains("e5 is one rank too far"),
            right,
            "{typed}: {reply}"
        );
        assert!(!reply.contains("A common mistake here"), "{typed}: {reply}");
    }
    let mut chat = begin(&catalog, "zh-hans");
    chat.text("/lesson 1").press("下一步").text("车a5");
    assert!(!chat.log.contains("e5多走了一条横线"), "{}", chat.log);
    chat.text("车e4");
    assert!(chat.log.contains("e5多走了一条横线"), "{}", chat.log);
}

/// 1.14, 1.15: the en passant lesson's boards show the double step that allows the capture
/// (tinted as the last move), in the shipped course.
#[test]
fn the_double_step_before_en_passant_is_tinted() {
    let catalog = chat::shipped();
    let mut chat = begin(catalog, "en");
    chat.text("/lesson 10");
    let first = chat.board.clone().expect("lesson 10 opens with a board");
    assert_eq!(
        first.last_move,
        Some((shakmaty::Square::D7, shakmaty::Square::D5)),
        "{}",
        chat.log
    );
    // The first task (take en passant) shows it too.
    let mut seen_task = false;
    for _ in 0..6 {
        chat.press("Next");
        if chat
            .buttons
            .iter()
            .any(|(label, _)| label.contains("Tap to move"))
        {
            seen_task = true;
            break;
        }
    }
    assert!(seen_task, "{}", chat.log);
    let task = chat.board.clone().unwrap();
    assert_eq!(
        task.last_move,
        Some((shakmaty::Square::D7, shakmaty::Square::D5))
    );
    // Right: the next task (Black takes en passant) comes, with White's double step tinted.
    chat.text("exd6");
    let next = chat.board.clone().unwrap();
    assert_eq!(
        next.last_move,
        Some((shakmaty::Square::E2, shakmaty::Square::E4)),
        "{}",
        chat.log
    );
}

/// 1.13: after a legal move that misses the task the board is put back, and the learner is
/// told so.
#[test]
fn a_missed_move_is_taken_back_in_plain_sight() {
    let catalog = catalog();
    let mut chat = begin(&catalog, "en");
    chat.text("/lesson 1").press("Next").text("Ra5");
    insta::assert_snapshot!(chat.log);
    let last = chat.log.rsplit("> Ra5").next().unwrap();
    assert!(
        last.contains("7k/8/8/8/R7/8/8/7K"),
        "the task's board is not shown again: {last}"
    );
}

/// 1.16: castling on the tap board by the king, then its rook.
#[test]
fn castling_by_king_then_rook_on_the_tap_board() {
    let catalog = catalog();
    let mut chat = begin(&catalog, "en");
    chat.text("/lesson 2");
    let open = Action::TapBoard(chat.session.nonce).encode();
    chat.send(Input::Button(open))
        .tap(shakmaty::Square::E1)
        .tap(shakmaty::Square::H1);
    insta::assert_snapshot!(chat.log);
    assert!(
        chat.session.progress.steps_done.contains("fh-castle"),
        "{}",
        chat.log
    );
}

/// 1.16: the promotion chooser keeps the task's words.
#[test]
fn the_promotion_chooser_keeps_the_task() {
    let catalog = catalog();
    let mut chat = begin(&catalog, "zh-hans");
    chat.text("/lesson 2").text("/next").text("e8");
    insta::assert_snapshot!(chat.log);
    let last = chat.log.rsplit("> e8").next().unwrap();
    assert!(last.contains("让它变成后"), "{last}");
}

/// 1.16: a "tap every square" step has a tap board.
#[test]
fn a_squares_step_can_be_tapped() {
    let catalog = catalog();
    let mut chat = begin(&catalog, "en");
    chat.text("/lesson 1");
    for _ in 0..4 {
        chat.text("/next");
    }
    assert!(chat.log.contains("Tap every square"), "{}", chat.log);
    insta::assert_snapshot!(chat.log);
    assert!(!chat.squares.is_empty(), "no tap board: {}", chat.log);
}

/// 1.16, 1.17: the course list names its lessons; `/lang` leads on; `/lesson 马` opens the
/// lesson of that piece or says how to write it; after `/help` the menu is there.
#[test]
fn menus_that_lead_on() {
    let catalog = catalog();
    let mut chat = begin(&catalog, "zh-hans");
    chat.text("/lessons");
    let list = last_buttons(&chat);
    chat.text("/lesson 1").text("/lang en");
    let after_lang = last_buttons(&chat);
    chat.text("/lesson moving").text("/help");
    let after_help = last_buttons(&chat);
    insta::assert_snapshot!(chat.log);
    assert!(
        list.iter().any(|l| l.contains("棋盘")),
        "bare numbers: {list:?}"
    );
    assert!(!after_lang.is_empty(), "/lang is a dead end");
    assert!(!after_help.is_empty(), "no menu after /help");
}

/// 1.17: finishing a lesson pauses with a summary and the menu before the next one.
#[test]
fn a_pause_between_lessons() {
    let catalog = catalog();
    let mut chat = begin(&catalog, "en");
    chat.text("/lesson 1");
    for _ in 0..5 {
        chat.text("/solution").text("/next");
    }
    chat.press("False");
    insta::assert_snapshot!(chat.log);
    let last = chat.log.rsplit("> [False]").next().unwrap();
    assert!(
        !last.contains("Unit 2"),
        "straight into the next lesson: {last}"
    );
}

/// 1.17: a true statement's and a false statement's verdicts read the same way: no "Right!"
/// followed by "False." in one reply.
#[test]
fn verdicts_do_not_contradict_themselves() {
    let catalog = catalog();
    let mut chat = begin(&catalog, "en");
    chat.text("/lesson 1");
    for _ in 0..5 {
        chat.text("/next");
    }
    chat.press("False");
    insta::assert_snapshot!(chat.log);
    let last = chat.log.rsplit("> [False]").next().unwrap();
    assert!(
        !(last.contains("Right!") && last.contains("False.")),
        "{last}"
    );
}

/// 7.x: a judge question's board gives nothing away — no check glow on "is it check?", on
/// any judge step of the shipped course.
#[test]
fn a_judge_board_gives_no_answer_away() {
    use chat::step;
    use chess_tutor_core::content::lesson::StepKind;
    use shakmaty::Position;
    let catalog = crate::chat::shipped();
    let mut in_check = 0;
    for (index, (lesson, step_at)) in catalog.steps().iter().enumerate() {
        let StepKind::Judge(task) = &catalog.lessons()[*lesson].steps[*step_at].kind else {
            continue;
        };
        if task.position.as_ref().is_some_and(|p| p.is_check()) {
            in_check += 1;
        }
        let mut chat = begin(catalog, "en");
        let session = chat.session.clone();
        let data = Action::Review(u32::try_from(index).unwrap()).encode();
        let t = step(&session, Input::Button(data), catalog);
        let boards: Vec<_> = t
            .replies()
            .into_iter()
            .filter_map(|r| r.board.as_ref())
            .collect();
        assert!(!boards.is_empty(), "judge step {index} shows no board");
        for view in boards {
            assert!(view.check.is_none(), "judge step {index} glows the check");
        }
        chat.session = t.session;
    }
    assert!(in_check > 0, "the course has judge questions in check");
}

/// 5.x: in the touch-move lesson `马g3` was explained for the knight on b1 (an arrow across
/// the board); the step is about the knight on g1.
#[test]
fn the_touched_piece_is_the_one_explained() {
    let catalog = crate::chat::shipped();
    let index = catalog
        .step_index("touch-knight")
        .expect("the touch-move lesson has its knight step");
    let mut chat = begin(catalog, "zh-hans");
    chat.send(Input::Button(
        Action::Review(u32::try_from(index).unwrap()).encode(),
    ));
    chat.text("马g3");
    let last = chat.log.rsplit("> 马g3").next().unwrap().to_owned();
    assert!(last.contains("g1"), "{last}");
    assert!(!last.contains("b1"), "{last}");
    assert!(
        last.contains("arrows=[\"g1g3\"]") || !last.contains("arrows="),
        "{last}"
    );
}

/// `/lesson 999` answered "no such lesson" with no buttons at all, so the numbers a beginner
/// types in the terminal pressed nothing; now the course map with its unit buttons follows,
/// and the lesson that was open still takes its answer.
#[test]
fn a_lesson_number_out_of_range_comes_with_the_map() {
    let catalog = catalog();
    let mut chat = begin(&catalog, "en");
    chat.text("/lesson 1").press("Next");
    chat.text("/lesson 999");
    assert!(chat.log.contains("Units are numbered 1 to"), "{}", chat.log);
    let buttons = last_buttons(&chat);
    assert!(
        buttons.iter().any(|l| l.starts_with("1 ")) && buttons.len() >= 2,
        "the map's unit buttons: {buttons:?}"
    );
    chat.press(&buttons[1]);
    assert!(
        chat.log.lines().any(|l| l.contains("Unit 2")),
        "the map's button opens unit 2:\n{}",
        chat.log
    );
}
