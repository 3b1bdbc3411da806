//! The first hour, again (issue 26 of `../shared/reviews/first-hour-2026-12-03.md`): the
//! smaller findings, each a conversation on the shipped course.

use crate::chat::{Chat, shipped};
use chess_tutor_core::content::Catalog;
use chess_tutor_core::tutor::{Event, Input, Mode};

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

/// The transcript from the last input on.
fn last_said(chat: &Chat<'_>) -> String {
    chat.log
        .rsplit("\n> ")
        .next()
        .unwrap_or_default()
        .to_owned()
}

/// A4: a foreseen wrong try gets the refusal and the hint, not the step's "why" (which names
/// the answer before the hint asks for it); the "why" comes with the right move.
#[test]
fn a_wrong_try_does_not_give_the_answer_away() {
    let catalog = shipped();
    for (client, id, wrong, right) in [
        ("en", "castle-pick-side", "O-O", "O-O-O"),
        ("zh-hans", "castle-pick-side", "O-O", "O-O-O"),
    ] {
        let mut chat = begin(catalog, client);
        open(&mut chat, id);
        let step = catalog
            .lessons()
            .iter()
            .flat_map(|l| &l.steps)
            .find(|s| s.id.as_str() == id)
            .unwrap();
        let chess_tutor_core::content::lesson::StepKind::Move(task) = &step.kind else {
            panic!("a move step")
        };
        let lang = chat.session.lang();
        let why = task.why.get(lang).trim().to_owned();
        chat.text(wrong);
        let said = last_said(&chat);
        assert!(
            !said.contains(&why),
            "{client}: the why on a wrong try: {said}"
        );
        assert!(
            !said.contains("common mistake") && !said.contains("常见的错误"),
            "{said}"
        );
        assert!(said.contains(task.hint.get(lang).trim()), "{said}");
        chat.text(right);
        let said = last_said(&chat);
        assert!(
            said.contains(&why),
            "{client}: the why after the right move: {said}"
        );
        assert!(
            chat.events
                .iter()
                .any(|e| matches!(e, Event::StepDone { step } if step.as_str() == id))
        );
    }
}

/// The unit of a quiz question.
fn unit_of(catalog: &Catalog, item: &chess_tutor_core::tutor::QuizRef) -> u32 {
    use chess_tutor_core::content::generate::{Generator, Topic};
    use chess_tutor_core::tutor::QuizRef;
    match item {
        QuizRef::Bank { id } | QuizRef::Lesson { id } => {
            u32::from(catalog.quiz_item(id.as_str()).unwrap().unit)
        }
        QuizRef::Generated { seed, topic } => u32::from(
            Generator::new(*seed)
                .item(Topic::ALL[usize::from(*topic)])
                .unit,
        ),
    }
}

/// A14: a learner is asked about the units begun (1 to 3; or 1 and the xiangqi unit, taken
/// first by a xiangqi player, which teaches no castling); a question about another unit says
/// which unit teaches it.
#[test]
fn a_beginners_quiz_asks_about_what_was_taught_or_says_which_unit_teaches_it() {
    let catalog = shipped();
    for (client, units, at_least) in [
        ("zh-hans", vec![1, 2, 3], 4),
        ("en", vec![1, 2, 3], 4),
        ("zh-hans", vec![1, 20], 3),
    ] {
        let mut chat = begin(catalog, client);
        for lesson in catalog.lessons().iter().filter(|l| units.contains(&l.unit)) {
            for s in &lesson.steps {
                chat.session.progress.steps_done.insert(s.id.clone());
            }
        }
        chat.text("/quiz");
        let mut taught = 0;
        for _ in 0..5 {
            let Mode::Quiz(q) = chat.session.mode.clone() else {
                panic!("{}", chat.log)
            };
            let unit = unit_of(catalog, &q.item);
            let question = last_said(&chat);
            if units.contains(&unit) {
                taught += 1;
            } else {
                assert!(
                    question.contains(&format!("第{unit}课会讲"))
                        || question.contains(&format!("Unit {unit} teaches this")),
                    "{client}: a unit-{unit} question without its unit: {question}"
                );
            }
            let first = chat.buttons[0].0.clone();
            chat.press(&first);
            if chat
                .buttons
                .iter()
                .any(|(l, _)| l.contains("下一步") || l.contains("Next"))
            {
                chat.text("/next");
            }
        }
        assert!(
            taught >= at_least,
            "{client} {units:?}: only {taught} of 5 about the units begun:\n{}",
            chat.log
        );
    }
}

/// A13: a learner who has not had the checkmate unit is told what "mate in 1" asks, and
/// offered the unit; one who has is not.
#[test]
fn a_puzzle_before_the_checkmate_unit_says_what_mate_in_n_means() {
    let catalog = shipped();
    let mut chat = begin(catalog, "zh-hant");
    chat.text("/puzzle");
    let said = last_said(&chat);
    assert!(said.contains("步殺：你走"), "{said}");
    let mate_unit = catalog
        .lessons()
        .iter()
        .find(|l| l.id.as_str() == "checkmate")
        .unwrap();
    assert!(
        chat.buttons.iter().any(|(_, d)| {
            chess_tutor_core::tutor::Action::decode(d)
                == Some(chess_tutor_core::tutor::Action::Lesson(mate_unit.unit))
        }),
        "{said}"
    );
    let mut chat = begin(catalog, "en");
    chat.session
        .progress
        .lessons_done
        .insert(mate_unit.id.clone());
    chat.text("/puzzle");
    let said = last_said(&chat);
    assert!(!said.contains("has no way out"), "{said}");
}

/// A16, C11: /help offers Traditional; `/lang zh` keeps a Traditional learner Traditional;
/// the chooser names the script picked and shows the step again in it.
#[test]
fn a_traditional_learner_stays_traditional_and_is_told_which_script() {
    use chess_tutor_core::rules::Lang;
    let catalog = shipped();
    let mut chat = begin(catalog, "zh-hant");
    chat.text("/help");
    assert!(
        last_said(&chat).contains("/lang 繁體"),
        "{}",
        last_said(&chat)
    );
    chat.text("/lesson 1");
    chat.text("/lang zh");
    assert_eq!(
        chat.session.lang,
        Some(Lang::ZhHant),
        "{}",
        last_said(&chat)
    );
    assert!(
        last_said(&chat).contains("繁體中文"),
        "{}",
        last_said(&chat)
    );
    chat.text("/lang 簡體");
    assert_eq!(chat.session.lang, Some(Lang::Zh));
    chat.text("/lang");
    chat.press("繁體中文");
    let said = last_said(&chat);
    assert_eq!(chat.session.lang, Some(Lang::ZhHant));
    assert!(said.contains("好的，現在用繁體中文。"), "{said}");
    assert!(said.contains("第1課"), "the step again: {said}");
    // A Simplified learner's /lang zh stays Simplified.
    let mut chat = begin(catalog, "zh-hans");
    chat.text("/lang en").text("/lang zh");
    assert_eq!(chat.session.lang, Some(Lang::Zh));
    assert!(last_said(&chat).contains("简体中文"));
}

/// C10: a bare square that the step's own piece can reach is that piece's move (`d1` is the
/// queen's, which the step is about, not a choice with the king).
#[test]
fn a_bare_square_in_a_step_about_one_piece_is_that_pieces_move() {
    let catalog = shipped();
    let mut chat = begin(catalog, "zh-hant");
    open(&mut chat, "setup-queen-colour");
    chat.text("d1");
    assert!(
        chat.events.iter().any(
            |e| matches!(e, Event::StepDone { step } if step.as_str() == "setup-queen-colour")
        ),
        "{}",
        last_said(&chat)
    );
}

/// C9: a square no piece could go to is not counted as a rule broken in /progress.
#[test]
fn progress_counts_only_rules_broken() {
    let catalog = shipped();
    let mut chat = begin(catalog, "zh-hans");
    open(&mut chat, "board-bishop-centre");
    chat.text("e4"); // no piece of White's can go to e4
    chat.text("/progress");
    let said = last_said(&chat);
    assert!(!said.contains("那里没有棋子"), "{said}");
    assert!(chat.session.progress.rule_errors.is_empty(), "{said}");
}

/// C5: the game's prompt gives the examples of the side to move: Black's moves for Black.
#[test]
fn the_prompt_for_black_gives_blacks_moves() {
    let catalog = shipped();
    let mut chat = begin(catalog, "en");
    chat.text("/play 1");
    chat.press("Black");
    let said = last_said(&chat);
    let prompt = said
        .lines()
        .find(|l| l.starts_with("  Your move"))
        .unwrap_or_else(|| panic!("{said}"));
    assert!(
        !prompt.contains("e4,") && !prompt.contains("Nf3"),
        "{prompt}"
    );
    assert!(prompt.contains("Nf6") || prompt.contains("Nc6"), "{prompt}");
}

/// C8: a yes/no question about castling draws its line: after a wrong answer the king's
/// squares, after the right one the bishop's line to the square the king would cross.
#[test]
fn a_castling_question_draws_its_line() {
    use chess_tutor_core::render::MarkKind;
    use shakmaty::Square;
    let catalog = shipped();
    let mut chat = begin(catalog, "en");
    open(&mut chat, "castle-through-check");
    chat.press("Yes");
    let board = chat.board.clone().unwrap();
    let framed: Vec<Square> = board
        .marks
        .iter()
        .filter(|m| m.kind == MarkKind::Highlight)
        .map(|m| m.square)
        .collect();
    for sq in [Square::E1, Square::F1, Square::G1] {
        assert!(
            framed.contains(&sq),
            "{sq} after a wrong answer: {framed:?}"
        );
    }
    assert!(
        board.arrows.is_empty(),
        "nothing given away: {:?}",
        board.arrows
    );
    chat.press("No");
    // The step's own message, closed with the right answer (the next step follows it).
    let said = last_said(&chat);
    let closed = said
        .lines()
        .find(|l| l.contains("[board"))
        .unwrap_or_else(|| panic!("{said}"));
    assert!(closed.contains("\"c4f1\""), "the bishop's line: {closed}");
    assert!(closed.contains("\"f1\""), "the square crossed: {closed}");
}

/// C6: a quiz position whose text names the last move shows it tinted ("White has just
/// played e2-e4": its en passant square tells).
#[test]
fn a_quiz_position_after_a_double_step_tints_it() {
    use shakmaty::Square;
    let shipped = shipped();
    let item = shipped.quiz_item("ep-black-captures").unwrap().clone();
    let catalog = Catalog::new(Vec::new(), vec![item], Vec::new());
    let mut chat = begin(&catalog, "zh-hans");
    chat.text("/quiz");
    let board = chat.board.clone().expect("a board");
    assert_eq!(
        board.last_move,
        Some((Square::E2, Square::E4)),
        "{}",
        chat.log
    );
}
