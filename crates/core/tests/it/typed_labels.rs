//! Issue 42, "words work wherever their button would" (A4 of the first-hour review of
//! 2026-12-06): a button's label typed instead of pressed does what the button does in that
//! state, in every language; a move is still what was typed; a word that is neither gets a
//! line saying what the step wants, with its buttons. And A8: a finished message keeps no
//! live tap board.

use crate::chat::{Chat, shipped};
use chess_tutor_core::rules::{self, Lang};
use chess_tutor_core::tutor::{Input, Mode};
use shakmaty::Square;

const LANGS: [Lang; 3] = [Lang::Zh, Lang::ZhHant, Lang::En];

fn start(lang: Lang) -> Chat<'static> {
    let mut chat = Chat::new(shipped());
    chat.send(Input::Start {
        client_lang: Some(lang.to_string()),
    });
    assert_eq!(chat.session.lang, Some(lang));
    chat
}

/// The word of `lang` among (zh, zh-hant, en).
fn w(lang: Lang, words: [&'static str; 3]) -> &'static str {
    match lang {
        Lang::Zh => words[0],
        Lang::ZhHant => words[1],
        Lang::En => words[2],
    }
}

/// What is said, button rows included, without where it goes (a press replaces its own
/// message; a typed word edits the task's message by its nonce).
fn said(chat: &Chat<'_>) -> Vec<(String, Vec<String>)> {
    chat.replies
        .iter()
        .map(|r| {
            (
                r.text.clone(),
                r.buttons
                    .iter()
                    .flatten()
                    .map(|b| b.label.clone())
                    .collect(),
            )
        })
        .collect()
}

/// Two chats brought to the same state by `setup`: in one the button labelled `label` is
/// pressed, in the other `typed` is typed. Both end in the same session, told the same.
fn typed_as_pressed(
    lang: Lang,
    setup: impl Fn(&mut Chat<'static>),
    label: &str,
    typed: &str,
) -> Chat<'static> {
    let mut pressed = start(lang);
    setup(&mut pressed);
    let mut typing = start(lang);
    setup(&mut typing);
    assert_eq!(pressed.session, typing.session, "{lang}: the same state");
    pressed.press(label);
    typing.text(typed);
    assert_eq!(
        said(&typing),
        said(&pressed),
        "{lang}: `{typed}` typed is told as [{label}] pressed:\n{}",
        typing.log
    );
    assert_eq!(
        typing.session, pressed.session,
        "{lang}: `{typed}` typed does what [{label}] does:\n{}",
        typing.log
    );
    typing
}

fn step_index(chat: &Chat<'_>) -> Option<usize> {
    match &chat.session.mode {
        Mode::Lesson(s) => Some(s.step),
        _ => None,
    }
}

/// Unit 1 up to its first move step (the rook to e4).
fn at_rook_step(chat: &mut Chat<'static>) {
    let lang = chat.session.lang();
    chat.text("/lesson 1");
    for _ in 0..3 {
        chat.press(w(lang, ["下一步", "下一步", "Next"]));
    }
    assert_eq!(
        step_index(chat),
        shipped().step_index("board-rook-e4"),
        "{}",
        chat.log
    );
}

/// A4: 下一步 on a move task was read as a move it could not read.
#[test]
fn next_typed_on_a_move_task_skips_it_as_its_button_does() {
    for lang in LANGS {
        let chat = typed_as_pressed(
            lang,
            at_rook_step,
            w(lang, ["下一步", "下一步", "Next"]),
            w(lang, ["下一步", "下一步", "next"]),
        );
        assert_eq!(
            step_index(&chat),
            shipped().step_index("board-king-corner"),
            "{}",
            chat.log
        );
    }
}

/// A4: 提示 and 答案 were read by no list.
#[test]
fn hint_and_solution_typed_do_what_their_buttons_do() {
    for lang in LANGS {
        typed_as_pressed(
            lang,
            at_rook_step,
            w(lang, ["提示", "提示", "Hint"]),
            w(lang, ["提示", "提示", "hint"]),
        );
        typed_as_pressed(
            lang,
            at_rook_step,
            w(lang, ["答案", "答案", "Solution"]),
            w(lang, ["答案", "答案", "Solution"]),
        );
    }
}

/// A4: 下一课 right after a unit's end was answered "nothing in progress".
#[test]
fn next_lesson_typed_after_a_unit_opens_the_next_unit() {
    for lang in LANGS {
        let finish_unit_1 = |chat: &mut Chat<'static>| {
            chat.text("/lesson 1");
            for _ in 0..20 {
                if chat
                    .buttons
                    .iter()
                    .any(|(l, _)| l.contains(w(lang, ["下一课", "下一課", "Next lesson"])))
                {
                    return;
                }
                chat.text("/next");
            }
            panic!("unit 1 has no end: {}", chat.log);
        };
        let chat = typed_as_pressed(
            lang,
            finish_unit_1,
            w(lang, ["下一课", "下一課", "Next lesson"]),
            w(lang, ["下一课", "下一課", "next lesson"]),
        );
        assert_eq!(
            step_index(&chat),
            shipped().step_index("setup-pieces"),
            "{}",
            chat.log
        );
    }
}

/// A4: 测验 typed after a solved puzzle was answered "nothing in progress": a menu's label
/// works whenever its button would (at any time).
#[test]
fn quiz_typed_after_a_puzzle_starts_a_round() {
    for lang in LANGS {
        let mut chat = start(lang);
        chat.text("/puzzle").text("/solution");
        chat.text(w(lang, ["测验", "測驗", "Quiz"]));
        assert!(
            matches!(chat.session.mode, Mode::Quiz(_)),
            "{lang}: {}",
            chat.log
        );
    }
}

/// A4: 是 typed under "Do you really resign?" was read as a move.
#[test]
fn yes_typed_under_the_resign_question_resigns_as_its_button_does() {
    for lang in LANGS {
        let asked = |chat: &mut Chat<'static>| {
            chat.text("/play 1");
            chat.press(w(lang, ["执白", "執白", "White"]));
            chat.text(w(lang, ["认输", "認輸", "Resign"]));
            assert!(
                chat.buttons
                    .iter()
                    .any(|(l, _)| l.contains(w(lang, ["是，认输", "是，認輸", "Yes, resign"]))),
                "{}",
                chat.log
            );
        };
        let chat = typed_as_pressed(
            lang,
            asked,
            w(lang, ["是，认输", "是，認輸", "Yes, resign"]),
            w(lang, ["是", "是", "yes"]),
        );
        assert!(
            matches!(chat.session.mode, Mode::Idle),
            "{lang}: the game is over: {}",
            chat.log
        );
    }
}

/// A word that is neither a move nor a label: one line saying how a move is written, with the
/// step's buttons under it.
#[test]
fn a_word_that_is_no_move_and_no_label_gets_the_steps_buttons() {
    for lang in LANGS {
        let mut chat = start(lang);
        at_rook_step(&mut chat);
        let before = chat.session.clone();
        chat.text(w(lang, ["你好", "你好", "hello"]));
        assert_eq!(chat.replies.len(), 1, "{}", chat.log);
        assert!(
            chat.buttons
                .iter()
                .any(|(l, _)| l.contains(w(lang, ["提示", "提示", "Hint"]))),
            "{}",
            chat.log
        );
        assert_eq!(chat.session.mode, before.mode, "nothing changes");
        // The same in a game and a puzzle.
        chat.text("/puzzle")
            .text(w(lang, ["你好", "你好", "hello"]));
        assert!(
            chat.buttons
                .iter()
                .any(|(l, _)| l.contains(w(lang, ["提示", "提示", "Hint"]))),
            "{}",
            chat.log
        );
    }
}

/// A move is what was typed: no label a learner is shown reads as a move in the positions
/// they are shown it in, nor in any position of a few random games.
#[test]
fn no_button_label_reads_as_a_move() {
    let mut labels = std::collections::BTreeSet::new();
    for lang in LANGS {
        let mut chat = start(lang);
        at_rook_step(&mut chat);
        chat.text("/play 1");
        chat.press(w(lang, ["执白", "執白", "White"]));
        chat.text(w(lang, ["认输", "認輸", "Resign"]));
        chat.text("/puzzle").text("/solution").text("/quiz");
        for (label, _) in &chat.seen {
            labels.insert(label.clone());
            if let Some((head, _)) = label.split_once([',', '，']) {
                labels.insert(head.to_owned());
            }
        }
    }
    assert!(labels.len() > 20, "{labels:?}");
    let mut rng = crate::common::Rng::new(42);
    let mut positions = vec![shakmaty::Chess::default()];
    for plies in [4, 10, 20, 40] {
        positions.push(crate::common::random_position(&mut rng, plies));
    }
    for label in &labels {
        // The words of a label, as a learner types them.
        let typed: String = label
            .chars()
            .filter(|c| c.is_alphabetic() || c.is_ascii_digit() || c.is_whitespace())
            .collect();
        for pos in &positions {
            assert!(
                !matches!(rules::explain(pos, typed.trim()), rules::Verdict::Legal(_)),
                "the label {label:?} reads as a move"
            );
        }
    }
}

/// A8: after a tapped right answer whose next step comes as a new message, the finished
/// message has no tap board (it showed the next step's position and played it), and a
/// square of the old grid pressed later changes nothing.
#[test]
fn a_finished_message_keeps_no_live_tap_board() {
    for lang in LANGS {
        let mut chat = start(lang);
        at_rook_step(&mut chat);
        chat.press(w(lang, ["点按走子", "點按走子", "Tap to move"]));
        chat.tap(Square::A4).tap(Square::E4);
        assert_eq!(
            step_index(&chat),
            shipped().step_index("board-king-corner"),
            "{}",
            chat.log
        );
        assert!(
            chat.replies.iter().all(|r| r.squares.is_empty()),
            "{lang}: a grid after the step is done:\n{}",
            chat.log
        );
        // The grid last shown is the finished step's: its king square changes nothing.
        let before = chat.session.clone();
        chat.tap(Square::G2);
        assert_eq!(chat.session, before, "{}", chat.log);
        assert!(
            chat.replies.iter().all(|r| r.toast),
            "refused on the button"
        );
    }
}
