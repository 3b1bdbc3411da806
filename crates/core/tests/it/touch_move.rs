//! Issue 42 (A6 of the first-hour review of 2026-12-06): in a touch-move step, a legal move of
//! another piece than the touched one is answered with the touch-move rule (FIDE 4.3), naming
//! and marking the touched piece's square, not as "legal, but it does not do the task".

use crate::chat::{Chat, shipped};
use chess_tutor_core::render::ArrowKind;
use chess_tutor_core::rules::Lang;
use chess_tutor_core::tutor::{Input, Mode};
use shakmaty::Square;

fn at_step(lang: Lang, id: &str) -> Chat<'static> {
    let catalog = shipped();
    let mut chat = Chat::new(catalog);
    chat.send(Input::Start {
        client_lang: Some(lang.to_string()),
    });
    chat.open(id);
    chat
}

fn rule(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh | Lang::ZhHant => "摸子走子：",
        Lang::En => "Touch-move:",
    }
}

fn legal_but_missed(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => "这步棋是合法的",
        Lang::ZhHant => "這步棋是合法的",
        Lang::En => "legal, but it does not do the task",
    }
}

#[test]
fn moving_another_piece_than_the_touched_one_is_answered_with_the_touch_move_rule() {
    for lang in [Lang::Zh, Lang::ZhHant, Lang::En] {
        for (id, tried, touched, from, to) in [
            ("touch-knight", "d4", Square::G1, Square::D2, Square::D4),
            ("touch-queen", "Ke2", Square::D1, Square::E1, Square::E2),
            ("touch-enemy", "a4", Square::B4, Square::A3, Square::A4),
            (
                "touch-own-and-enemy",
                "axb5",
                Square::C3,
                Square::A4,
                Square::B5,
            ),
            // The touched knight moved, but did not take the touched bishop.
            (
                "touch-own-and-enemy",
                "Nd5",
                Square::B5,
                Square::C3,
                Square::D5,
            ),
            ("touch-castle", "Rg1", Square::E1, Square::H1, Square::G1),
        ] {
            let mut chat = at_step(lang, id);
            let index = chat.catalog.step_index(id);
            chat.text(tried);
            let said = chat
                .replies
                .iter()
                .map(|r| r.text.as_str())
                .collect::<String>();
            assert!(
                said.contains(rule(lang)) && said.contains(&touched.to_string()),
                "{lang} {id} {tried}: {said}"
            );
            assert!(
                !said.contains(legal_but_missed(lang)),
                "{lang} {id}: {said}"
            );
            let view = chat.board.clone().unwrap();
            assert!(view.marks.iter().any(|m| m.square == touched), "{id}");
            assert!(
                view.arrows
                    .iter()
                    .any(|a| a.from == from && a.to == to && a.kind == ArrowKind::Forbidden),
                "{id}: {:?}",
                view.arrows
            );
            assert!(
                matches!(&chat.session.mode, Mode::Lesson(s) if Some(s.step) == index),
                "{id}: the step stays"
            );
        }
    }
}

/// A move of the touched piece that misses the task is still only that.
#[test]
fn a_touched_pieces_own_wrong_move_is_no_touch_move_break() {
    let mut chat = at_step(Lang::En, "touch-castle");
    chat.text("Kf1");
    let said = chat
        .replies
        .iter()
        .map(|r| r.text.as_str())
        .collect::<String>();
    assert!(said.contains(legal_but_missed(Lang::En)), "{said}");
    assert!(!said.contains("Touch-move:"), "{said}");
}
