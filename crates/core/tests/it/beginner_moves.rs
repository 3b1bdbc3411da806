//! Moves written as beginners write them (issue 26, A1, A2, A12 of
//! `../shared/reviews/first-hour-2026-12-03.md`): verb phrases, 後 for the queen, castling in
//! words, xiangqi notation recognised; the fallback shows how this task's move is written; a
//! move typed in a yes/no step is judged; Chinese replies before the notation unit say moves
//! in words, not in bare SAN.

use crate::chat::{Chat, shipped};
use chess_tutor_core::content::Catalog;
use chess_tutor_core::tutor::{Event, Input};

fn begin<'c>(catalog: &'c Catalog, client: &str) -> Chat<'c> {
    let mut chat = Chat::new(catalog);
    chat.send(Input::Start {
        client_lang: Some(client.into()),
    });
    chat
}

/// Opens the step with this id.
fn open(chat: &mut Chat<'_>, id: &str) {
    chat.open(id);
}

fn done(chat: &Chat<'_>, id: &str) -> bool {
    chat.events
        .iter()
        .any(|e| matches!(e, Event::StepDone { step } if step.as_str() == id))
}

/// The words of the last answer.
fn last_said(chat: &Chat<'_>) -> String {
    chat.log
        .rsplit("\n> ")
        .next()
        .unwrap_or_default()
        .to_owned()
}

#[test]
fn verb_phrases_and_the_traditional_queen_are_read_as_the_move_written() {
    let catalog = shipped();
    for (client, id, typed) in [
        ("zh-hans", "board-king-corner", "王走到h1"),
        ("zh-hant", "board-rook-e4", "把車走到e4"),
        ("zh-hans", "board-rook-e4", "车到e4"),
        ("en", "board-rook-e4", "rook to e4"),
        ("en", "board-rook-e4", "move the rook to e4"),
        ("zh-hant", "board-queen-h5", "後h5"),
        ("zh-hant", "board-queen-h5", "把後走到h5"),
        ("zh-hans", "xiangqi-knight-no-leg", "马跳f6"),
        ("zh-hans", "xiangqi-knight-no-leg", "马跳到f6"),
        ("en", "castle-short", "castle short"),
        ("en", "castle-short", "castle kingside"),
        ("en", "castle-long", "castle long"),
    ] {
        let mut chat = begin(catalog, client);
        open(&mut chat, id);
        chat.text(typed);
        assert!(
            done(&chat, id),
            "{client} {id}: {typed:?} not read: {}",
            last_said(&chat)
        );
    }
}

/// `castle` alone is read as castling, and where both sides are legal the referee asks which.
#[test]
fn castle_alone_is_castling() {
    let catalog = shipped();
    let mut chat = begin(catalog, "en");
    open(&mut chat, "castle-short");
    chat.text("castle");
    let said = last_said(&chat);
    assert!(said.contains("short (O-O) or long (O-O-O)"), "{said}");
}

/// A lenient reading keeps the piece typed: a king sent where only the rook can go is the
/// king's move, refused as such, never the rook's.
#[test]
fn a_phrase_never_moves_another_piece() {
    let catalog = shipped();
    let mut chat = begin(catalog, "zh-hans");
    open(&mut chat, "board-rook-e4");
    chat.text("王走到e4");
    assert!(!done(&chat, "board-rook-e4"), "{}", chat.log);
    let said = last_said(&chat);
    assert!(said.contains("王"), "{said}");
}

/// The fallback names how this task's move is written (the task's words say where it goes),
/// in the learner's spelling and in squares; xiangqi notation and the cannon are named.
#[test]
fn the_fallback_shows_this_tasks_move_in_both_spellings() {
    let catalog = shipped();
    for (client, typed, wanted, not) in [
        (
            "zh-hans",
            "车一进七",
            &["中国象棋", "车e4", "a4e4"][..],
            "Nf3",
        ),
        ("zh-hant", "把車移過去", &["車e4", "a4e4"], "Nf3"),
        ("zh-hans", "炮b3", &["没有炮", "车e4"], "Nf3"),
        ("en", "rook over there", &["Re4", "a4e4"], "Nf3"),
    ] {
        let mut chat = begin(catalog, client);
        open(&mut chat, "board-rook-e4");
        chat.text(typed);
        let said = last_said(&chat);
        for w in wanted {
            assert!(said.contains(w), "{client} {typed:?}: no {w:?} in {said}");
        }
        assert!(
            !said.contains(not),
            "{client}: the generic examples again: {said}"
        );
        // Said under the learner's message, in words: no new picture.
        assert!(!said.contains("[board"), "{said}");
    }
}

/// A task whose words do not say where the move goes keeps its answer: the example is
/// another move.
#[test]
fn the_fallback_never_gives_an_answer_away() {
    let catalog = shipped();
    let mut chat = begin(catalog, "zh-hans");
    open(&mut chat, "castle-pick-side");
    chat.text("嗯");
    let said = last_said(&chat);
    assert!(!said.contains("O-O-O") && !said.contains("e1c1"), "{said}");
}

/// A move typed in a yes/no step is judged by the referee and explained there, with the
/// squares drawn; the question is still to answer.
#[test]
fn a_move_typed_in_a_yes_no_step_is_judged_and_explained() {
    let catalog = shipped();
    let mut chat = begin(catalog, "en");
    open(&mut chat, "castle-through-check");
    chat.text("O-O");
    let said = last_said(&chat);
    assert!(said.contains("f1") && said.contains("bishop"), "{said}");
    assert!(said.contains("Yes or No"), "{said}");
    assert!(!said.contains("letter"), "{said}");
    assert!(said.contains("c4f1"), "the line drawn: {said}");
    assert!(!done(&chat, "castle-through-check"));
    chat.press("No");
    assert!(done(&chat, "castle-through-check"));
}

/// Before the notation unit a Chinese learner reads moves in words (`车吃g2`), never as bare
/// SAN: a puzzle's last hint is something they can type.
#[test]
fn chinese_before_the_notation_unit_says_moves_in_words() {
    let catalog = shipped();
    let mut chat = begin(catalog, "zh-hans");
    chat.text("/puzzle")
        .text("/hint")
        .text("/hint")
        .text("/hint");
    let said = last_said(&chat);
    let san = regex_like_san(&said);
    assert!(san.is_none(), "bare SAN {san:?} in {said}");
}

/// A SAN piece move (`Rxg2#`, `Nf6`) in a text, if any.
fn regex_like_san(text: &str) -> Option<String> {
    let chars: Vec<char> = text.chars().collect();
    for i in 0..chars.len() {
        if "KQRBN".contains(chars[i]) && (i == 0 || !chars[i - 1].is_ascii_alphanumeric()) {
            let rest: String = chars[i + 1..].iter().take(4).collect();
            let rest = rest.replace('x', "");
            let mut r = rest.chars();
            if let (Some(f), Some(n)) = (r.next(), r.next())
                && ('a'..='h').contains(&f)
                && ('1'..='8').contains(&n)
            {
                return Some(chars[i..(i + 4).min(chars.len())].iter().collect());
            }
        }
    }
    None
}
