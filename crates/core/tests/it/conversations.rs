//! Whole conversations with the tutor, as snapshot transcripts: what the learner sends, what
//! the bot answers (text, board, buttons), and the events it records.

use crate::chat;

use crate::chat::{Chat, shipped};
use chess_tutor_core::content::puzzle::{MatePuzzle, Puzzle};
use chess_tutor_core::rules::Lang;
use chess_tutor_core::search;
use chess_tutor_core::tutor::{
    Action, Catalog, DuelAct, Event, Input, LessonState, Mode, PuzzleState, Session,
};
use shakmaty::{CastlingMode, Position, Square, uci::UciMove};

#[test]
fn a_lesson_with_right_wrong_and_illegal_answers() {
    let catalog = shipped();
    let mut chat = Chat::new(catalog);
    chat.send(Input::Start {
        client_lang: Some("en-GB".into()),
    })
    .text("/lesson 3")
    .press("Next")
    .press("Next")
    .text("Rg4") // legal, misses the goal
    .text("Rb5") // illegal: a rook does not move diagonally
    .text("Rh4") // right
    .text("Rxd5");
    assert!(chat.events.contains(&Event::StepDone {
        step: "rook-reach-h4".parse().unwrap()
    }));
    assert!(
        chat.events
            .iter()
            .any(|e| e.illegal_code() == Some("wrong_movement"))
    );
    insta::assert_snapshot!(chat.log);
}

#[test]
fn the_same_lesson_in_chinese() {
    let catalog = shipped();
    let mut chat = Chat::new(catalog);
    chat.send(Input::Start {
        client_lang: Some("zh-hans".into()),
    })
    .text("/lesson 14");
    for _ in 0..12 {
        // Walk through the castling unit by reading and using the solution when stuck.
        let before = chat.session.nonce;
        if chat.buttons.iter().any(|(l, _)| l.contains("下一步"))
            && chat.buttons.iter().all(|(l, _)| !l.contains("提示"))
        {
            chat.press("下一步");
        } else {
            chat.text("O-O");
            if chat.session.nonce == before {
                chat.text("/solution").text("/next");
            }
        }
    }
    assert_eq!(chat.session.lang, Some(Lang::Zh));
    insta::assert_snapshot!(chat.log);
}

/// A mate in 2 with several keys: the learner plays a key that is not the stored one.
#[test]
fn a_mate_in_two_solved_with_an_alternative_key() {
    let fen = "7k/8/8/8/8/8/1R6/R5K1 w - - 0 1";
    let pos = chess_tutor_core::rules::parse_fen(fen).unwrap();
    let solution =
        search::solve::solve(&pos, 2, false, chess_tutor_core::search::Budget::TUTOR).unwrap();
    assert_eq!(solution.mate_in, Some(2));
    assert!(solution.keys.len() >= 2, "{:?}", solution.keys);
    let uci = |m: &shakmaty::Move| UciMove::from_move(*m, CastlingMode::Standard).to_string();
    let stored = uci(&solution.keys[0]);
    let alternative = solution.keys[solution.keys.len() - 1];
    let puzzle = Puzzle {
        id: "ladder-two-keys".into(),
        fen: fen.into(),
        last_move: None,
        mate_in: 2,
        solution: solution.line.iter().map(uci).collect(),
        keys: solution.keys.iter().map(uci).collect(),
        multiple_keys: true,
        rating: Some(500),
        themes: vec!["mateIn2".into()],
        themes_zh: vec!["两步杀".into()],
        source: "test".into(),
        game: None,
        file: Default::default(),
        line: None,
    };
    let catalog = Catalog::new(
        Vec::new(),
        Vec::new(),
        vec![MatePuzzle::read(&puzzle).unwrap()],
    );
    let mut chat = Chat::new(&catalog);
    chat.send(Input::Start {
        client_lang: Some("en".into()),
    })
    .text("/puzzle")
    .text("Kg2"); // a wrong move: no mate in 2 after it
    let alt_uci = uci(&alternative);
    assert_ne!(alt_uci, stored);
    chat.text(&alt_uci);
    // The bot answered with a defence; now mate with any mating move.
    let Mode::Puzzle(PuzzleState {
        fen, moves_left, ..
    }) = chat.session.mode.clone()
    else {
        panic!("puzzle should go on: {:?}", chat.session.mode)
    };
    assert_eq!(moves_left, 1);
    let now = fen.position().clone();
    let mate = now
        .legal_moves()
        .into_iter()
        .find(|m| {
            let mut p = now.clone();
            p.play_unchecked(*m);
            p.is_checkmate()
        })
        .expect("a mate in one exists");
    chat.text(&uci(&mate));
    assert!(matches!(chat.session.mode, Mode::Idle));
    assert!(
        chat.events
            .iter()
            .any(|e| matches!(e, Event::PuzzleResult { .. }))
    );
    insta::assert_snapshot!(chat.log);
}

#[test]
fn a_quiz_round() {
    let catalog = shipped();
    let mut chat = Chat::new(catalog);
    chat.send(Input::Start {
        client_lang: Some("en".into()),
    })
    .text("/quiz");
    for _ in 0..5 {
        // Always answer with the first button (True / A).
        let first = chat.buttons[0].0.clone();
        chat.press(&first);
        if chat.buttons.iter().any(|(l, _)| l.contains("Next")) {
            chat.press("Next");
        }
    }
    let answers = chat
        .events
        .iter()
        .filter(|e| matches!(e, Event::QuizAnswer { .. }))
        .count();
    assert_eq!(answers, 5);
    assert!(matches!(chat.session.mode, Mode::Idle));
    assert_eq!(chat.session.progress.rated_games, 1);
    insta::assert_snapshot!(chat.log);
}

#[test]
fn a_language_switch_and_bad_input() {
    let catalog = shipped();
    let mut chat = Chat::new(catalog);
    chat.send(Input::Start { client_lang: None })
        .press("English")
        .text("/lesson 8")
        .press("Next")
        .text("/lang zh")
        .text("/nonsense")
        .text(&"e4 ".repeat(400))
        .send(Input::Button("a:999999:0".into()))
        .send(Input::Button("not a button".into()))
        .text("/explain 4r1k1/8/8/8/4N3/8/8/4K3 w - - 0 1 Nc5")
        .text("/explain not-a-fen e4")
        .text("/progress");
    insta::assert_snapshot!(chat.log);
}

#[test]
fn stale_and_forged_buttons_change_nothing() {
    let catalog = shipped();
    let mut chat = Chat::new(catalog);
    chat.send(Input::Start {
        client_lang: Some("en".into()),
    })
    .text("/quiz");
    let old_answer = chat.buttons[0].1.clone();
    chat.press(&chat.buttons[0].0.clone());
    chat.press("Next");
    let before = chat.session.clone();
    let current = chat.buttons.clone();
    // The first question's button again: stale.
    chat.send(Input::Button(old_answer));
    assert_eq!(chat.session, before);
    for forged in ["", "a:1", "a:x:y", "n:4294967296", "l:xx", &"a".repeat(100)] {
        chat.send(Input::Button(forged.to_owned()));
        assert_eq!(chat.session, before, "{forged:?}");
    }
    // A button of the current question still works.
    let action = Action::decode(&current[0].1).unwrap();
    assert!(action.nonce().is_some());
}

/// A missed puzzle comes back when FSRS says it is due (the shell passes the time).
#[test]
fn a_missed_puzzle_comes_back_when_due() {
    use chat::step_at;
    let make = |id: &str, fen: &str, n: u32| {
        let pos = chess_tutor_core::rules::parse_fen(fen).unwrap();
        let sol =
            search::solve::solve(&pos, n, false, chess_tutor_core::search::Budget::TUTOR).unwrap();
        let uci = |m: &shakmaty::Move| UciMove::from_move(*m, CastlingMode::Standard).to_string();
        Puzzle {
            id: id.into(),
            fen: fen.into(),
            last_move: None,
            mate_in: n,
            solution: sol.line.iter().map(uci).collect(),
            keys: sol.keys.iter().map(uci).collect(),
            multiple_keys: sol.keys.len() > 1,
            rating: Some(500),
            themes: Vec::new(),
            themes_zh: Vec::new(),
            source: "test".into(),
            game: None,
            file: Default::default(),
            line: None,
        }
    };
    let catalog = Catalog::new(
        Vec::new(),
        Vec::new(),
        vec![
            MatePuzzle::read(&make("back-rank", "6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1", 1)).unwrap(),
            MatePuzzle::read(&make("ladder", "7k/8/8/8/8/8/1R6/R5K1 w - - 0 1", 2)).unwrap(),
        ],
    );
    let t0 = 1_800_000_000;
    let mut s = Session::default();
    let at = |s: &mut Session, text: &str, t: i64| {
        let tr = step_at(s, Input::Text(text.into()), Some(t), &catalog);
        *s = tr.session;
    };
    at(&mut s, "/puzzle", t0);
    assert!(matches!(&s.mode, Mode::Puzzle(p) if p.id.as_str() == "back-rank"));
    at(&mut s, "Kf1", t0 + 10); // a miss
    assert!(s.progress.reviews.contains_key("back-rank"));
    at(&mut s, "/puzzle", t0 + 60);
    assert!(
        matches!(&s.mode, Mode::Puzzle(p) if p.id.as_str() == "ladder"),
        "not due yet"
    );
    at(&mut s, "/puzzle", t0 + 2 * 86_400);
    assert!(
        matches!(&s.mode, Mode::Puzzle(p) if p.id.as_str() == "back-rank"),
        "due again"
    );
    let due_before = s.progress.reviews["back-rank"].due;
    at(&mut s, "Re8#", t0 + 2 * 86_400 + 30);
    let due_after = s.progress.reviews["back-rank"].due;
    assert!(
        due_after > due_before,
        "a solved review is scheduled further out"
    );
    assert!(s.progress.puzzles_solved.contains("back-rank"));
}

// ---- Tap to move -------------------------------------------------------------------------

fn start(catalog: &Catalog, lang: Lang) -> Chat<'_> {
    let mut chat = Chat::new(catalog);
    chat.send(Input::Start {
        client_lang: Some(lang.to_string()),
    });
    chat
}

fn say(lang: Lang, en: &'static str, zh: &'static str) -> &'static str {
    match lang {
        Lang::En => en,
        Lang::Zh | Lang::ZhHant => zh,
    }
}

fn tap_label(lang: Lang) -> &'static str {
    say(lang, "Tap to move", "点按走子")
}

/// The rook task of unit 3 by taps: a wrong first tap, a pick and put back, an illegal target
/// (explained by its rule), then the right square.
fn tap_a_lesson_step(lang: Lang) -> String {
    let catalog = shipped();
    let mut chat = start(catalog, lang);
    chat.text("/lesson 3")
        .press(say(lang, "Next", "下一步"))
        .press(say(lang, "Next", "下一步"))
        .press(tap_label(lang));
    let nonce = chat.session.nonce;
    chat.tap(Square::B5) // nothing picked, no piece of ours: a note, nothing else
        .tap(Square::A4) // the rook
        .tap(Square::A4) // put back
        .tap(Square::A4)
        .tap(Square::B5); // a rook never moves diagonally
    assert!(
        chat.events
            .iter()
            .any(|e| e.illegal_code() == Some("wrong_movement"))
    );
    assert_eq!(chat.session.nonce, nonce, "the task goes on");
    assert_eq!(chat.session.tap, None, "a submitted move forgets the pick");
    // The tap board stays open above the explanation.
    chat.tap(Square::A4).tap(Square::H4);
    assert!(chat.events.contains(&Event::StepDone {
        step: "rook-reach-h4".parse().unwrap()
    }));
    chat.log
}

#[test]
fn a_lesson_step_by_taps() {
    insta::assert_snapshot!(tap_a_lesson_step(Lang::En));
}

#[test]
fn a_lesson_step_by_taps_in_chinese() {
    insta::assert_snapshot!(tap_a_lesson_step(Lang::Zh));
}

/// Unit 11: a tapped promotion and a typed one without a piece both get the four pieces.
fn promote(lang: Lang) -> String {
    let catalog = shipped();
    let mut chat = start(catalog, lang);
    chat.text("/lesson 11")
        .press(say(lang, "Next", "下一步"))
        .press(say(lang, "Next", "下一步"));
    let open = chat.data(tap_label(lang));
    chat.text("e7e8"); // typed without a piece: the choice, not a refusal
    assert!(
        chat.buttons
            .iter()
            .any(|(l, _)| l.contains(say(lang, "Knight", "马")))
    );
    assert!(
        chat.events.is_empty()
            || !chat
                .events
                .iter()
                .any(|e| matches!(e, Event::IllegalMove { .. }))
    );
    chat.press(say(lang, "Rook", "车")) // legal, not the task
        // The task's board message (above) still has its button.
        .send(Input::Button(open))
        .tap(Square::E7)
        .tap(Square::E8)
        .press(say(lang, "Queen", "后"));
    assert!(chat.events.contains(&Event::StepDone {
        step: "promo-queen".parse().unwrap()
    }));
    // The next task: the knight that checks; typed as SAN without a piece.
    chat.text("e8").press(say(lang, "Knight", "马"));
    assert!(chat.events.contains(&Event::StepDone {
        step: "promo-knight-check".parse().unwrap()
    }));
    assert!(
        !chat
            .events
            .iter()
            .any(|e| matches!(e, Event::IllegalMove { .. })),
        "no promotion was refused"
    );
    chat.log
}

#[test]
fn a_promotion_choice() {
    insta::assert_snapshot!(promote(Lang::En));
}

#[test]
fn a_promotion_choice_in_chinese() {
    insta::assert_snapshot!(promote(Lang::Zh));
}

/// A promotion that is illegal whatever the piece (here the pawn is pinned) is explained by
/// its real rule, not offered.
#[test]
fn a_pinned_pawn_promotion_is_explained_not_offered() {
    let (catalog, _) = two_keys_puzzle();
    let mut chat = start(&catalog, Lang::En);
    chat.session.mode = Mode::Puzzle(PuzzleState {
        id: "ladder".parse().unwrap(),
        fen: chess_tutor_core::rules::parse_fen("8/r3P2K/8/8/8/8/8/k7 w - - 0 1")
            .unwrap()
            .into(),
        moves_left: 1,
        hints: 0,
        decided: false,
        last_move: None,
        scored: None,
        daily: None,
    });
    chat.text("e8");
    assert!(
        chat.events
            .iter()
            .any(|e| e.illegal_code() == Some("pinned")),
        "{}",
        chat.log
    );
    assert!(!chat.buttons.iter().any(|(l, _)| l.contains("Queen")));
    // By taps: the pinned pawn has no dots, and tapping e8 gets the same rule.
    let open = Action::TapBoard(chat.session.nonce).encode();
    chat.send(Input::Button(open)).tap(Square::E7);
    assert!(chat.log.contains("no legal move right now"), "{}", chat.log);
    chat.tap(Square::E8);
    let pinned = chat
        .events
        .iter()
        .filter(|e| e.illegal_code() == Some("pinned"))
        .count();
    assert_eq!(pinned, 2, "{}", chat.log);
    insta::assert_snapshot!(chat.log);
}

fn two_keys_puzzle() -> (Catalog, Vec<shakmaty::Move>) {
    let fen = "7k/8/8/8/8/8/1R6/R5K1 w - - 0 1";
    let pos = chess_tutor_core::rules::parse_fen(fen).unwrap();
    let solution =
        search::solve::solve(&pos, 2, false, chess_tutor_core::search::Budget::TUTOR).unwrap();
    let uci = |m: &shakmaty::Move| UciMove::from_move(*m, CastlingMode::Standard).to_string();
    let puzzle = Puzzle {
        id: "ladder".into(),
        fen: fen.into(),
        last_move: None,
        mate_in: 2,
        solution: solution.line.iter().map(uci).collect(),
        keys: solution.keys.iter().map(uci).collect(),
        multiple_keys: true,
        rating: Some(500),
        themes: vec!["mateIn2".into()],
        themes_zh: vec!["两步杀".into()],
        source: "test".into(),
        game: None,
        file: Default::default(),
        line: None,
    };
    (
        Catalog::new(
            Vec::new(),
            Vec::new(),
            vec![MatePuzzle::read(&puzzle).unwrap()],
        ),
        solution.keys,
    )
}

fn squares(m: shakmaty::Move) -> (Square, Square) {
    match UciMove::from_move(m, CastlingMode::Standard) {
        UciMove::Normal { from, to, .. } => (from, to),
        other => panic!("not a board move: {other}"),
    }
}

/// A mate in two solved by taps only.
fn tap_a_puzzle(lang: Lang) -> String {
    let (catalog, keys) = two_keys_puzzle();
    let mut chat = start(&catalog, lang);
    chat.text("/puzzle").press(tap_label(lang));
    let (from, to) = squares(keys[0]);
    chat.tap(from).tap(to);
    let Mode::Puzzle(PuzzleState {
        fen, moves_left, ..
    }) = chat.session.mode.clone()
    else {
        panic!("the puzzle goes on: {:?}", chat.session.mode)
    };
    assert_eq!(moves_left, 1);
    let now = fen.position().clone();
    let mate = now
        .legal_moves()
        .into_iter()
        .find(|m| {
            let mut p = now.clone();
            p.play_unchecked(*m);
            p.is_checkmate()
        })
        .expect("a mate in one exists");
    let (from, to) = squares(mate);
    chat.press(tap_label(lang)).tap(from).tap(to);
    assert!(matches!(chat.session.mode, Mode::Idle));
    assert!(chat.events.contains(&Event::PuzzleResult {
        puzzle: "ladder".parse().unwrap(),
        solved: true,
        points: chat.session.progress.points,
    }));
    chat.log
}

#[test]
fn a_puzzle_solved_by_taps() {
    insta::assert_snapshot!(tap_a_puzzle(Lang::En));
}

#[test]
fn a_puzzle_solved_by_taps_in_chinese() {
    insta::assert_snapshot!(tap_a_puzzle(Lang::Zh));
}

/// Taps of an earlier question (and forged ones) are answered and change nothing.
fn stale_taps(lang: Lang) -> String {
    let (catalog, keys) = two_keys_puzzle();
    let mut chat = start(&catalog, lang);
    chat.text("/puzzle");
    let old_board = chat.data(tap_label(lang));
    chat.press(tap_label(lang));
    let (from, to) = squares(keys[0]);
    let old_pick = chat
        .squares
        .iter()
        .find(|(sq, _)| *sq == from)
        .unwrap()
        .1
        .clone();
    chat.tap(from).tap(to); // the question moves on: a new nonce
    let before = chat.session.clone();
    chat.send(Input::Button(old_board));
    assert_eq!(chat.session, before);
    chat.send(Input::Button(old_pick));
    assert_eq!(chat.session, before);
    let forged = [
        format!("k:{}:z9", before.nonce),
        format!("u:{}:e7e8k", before.nonce),
        format!("t:{}:1", before.nonce),
        format!("k:{}:a1", before.nonce.wrapping_add(1)),
        // The current question's nonce, but no promotion was offered: forged.
        format!("u:{}:a7a8q", before.nonce),
        format!("u:{}:b2b8n", before.nonce),
    ];
    for data in forged {
        chat.send(Input::Button(data.clone()));
        assert_eq!(chat.session, before, "{data}");
    }
    // A tap during a quiz (no move asked) is answered and changes nothing either.
    chat.text("/quiz");
    let quiz = chat.session.clone();
    chat.send(Input::Button(format!("t:{}", quiz.nonce)));
    assert_eq!(chat.session, quiz);
    chat.log
}

#[test]
fn stale_taps_change_nothing() {
    insta::assert_snapshot!(stale_taps(Lang::En));
}

#[test]
fn stale_taps_change_nothing_in_chinese() {
    insta::assert_snapshot!(stale_taps(Lang::Zh));
}

/// Every text and button label of a transcript, as a learner reading Traditional Chinese sees
/// it: nothing in it is Simplified (converting it again changes nothing).
fn assert_traditional(log: &str) {
    for line in log.lines() {
        let converted = chess_tutor_core::i18n::hant::to_traditional(line);
        assert_eq!(converted, line, "a Simplified character in: {line}");
    }
}

#[test]
fn a_lesson_a_puzzle_and_a_quiz_in_traditional_chinese() {
    let catalog = shipped();
    let mut chat = Chat::new(catalog);
    chat.send(Input::Start {
        client_lang: Some("zh-TW".into()),
    })
    .text("/lesson 3")
    .press("下一步")
    .press("下一步")
    .text("Rg4") // legal, misses the goal
    .text("Rb5") // illegal
    .text("Rh4") // right
    .text("/puzzle")
    .text("/hint")
    .text("/solution")
    .text("/quiz");
    chat.press("對").text("/next");
    assert_eq!(chat.session.lang, Some(Lang::ZhHant));
    assert!(
        chat.log.contains("將軍") || chat.log.contains("車"),
        "{}",
        chat.log
    );
    assert_traditional(&chat.log);
    insta::assert_snapshot!(chat.log);
}

/// Issue 15: the seeds' tactic names (底线杀, 引离 …) are tied to the puzzles: a solved puzzle,
/// or its solution, names the tactics of its themes, in the learner's language (counts such
/// as "mateIn1" are no tactic).
#[test]
fn a_puzzle_names_its_tactics() {
    let fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
    let puzzle = Puzzle {
        id: "back-rank".into(),
        fen: fen.into(),
        last_move: None,
        mate_in: 1,
        solution: vec!["a1a8".into()],
        keys: vec!["a1a8".into()],
        multiple_keys: false,
        rating: Some(600),
        themes: vec!["mateIn1".into(), "backRankMate".into(), "deflection".into()],
        themes_zh: vec!["一步杀".into(), "底线杀".into(), "引离".into()],
        source: "test".into(),
        game: None,
        file: Default::default(),
        line: None,
    };
    let catalog = Catalog::new(
        Vec::new(),
        Vec::new(),
        vec![MatePuzzle::read(&puzzle).unwrap()],
    );
    for (lang, answer, says) in [
        (
            "en",
            "Ra8",
            "Tactics in this puzzle: back-rank mate, deflection.",
        ),
        ("zh-hans", "/solution", "这道题用到的战术：底线杀，引离。"),
        ("zh-hant", "车a8", "這道題用到的戰術：底線殺，引離。"),
    ] {
        let mut chat = Chat::new(&catalog);
        chat.send(Input::Start {
            client_lang: Some(lang.into()),
        })
        .text("/puzzle");
        assert!(
            !chat.log.contains(says),
            "named before the end: {}",
            chat.log
        );
        chat.text(answer);
        assert!(chat.log.contains(says), "{lang}: {}", chat.log);
        assert!(
            !chat.log.contains("mateIn1") && !chat.log.contains("一步杀。"),
            "{}",
            chat.log
        );
    }
}

/// After the second hint the points (and, the first time, what points are) came in the middle
/// of the puzzle, under "the rook goes to b7", while the learner still had to play. Now the
/// hint is only the hint; the points come once the puzzle ends, saying why a mate that
/// follows a hint still counts as not solved alone — in both languages.
#[test]
fn a_puzzles_points_come_when_it_ends_not_after_a_hint() {
    for (lang, points, why) in [
        (Lang::En, "Points +", "counts as not solved alone"),
        (Lang::Zh, "积分 +", "记为没有独立解出"),
    ] {
        let (catalog, _) = two_keys_puzzle();
        let mut chat = start(&catalog, lang);
        chat.text("/puzzle");
        let at_hints = chat.log.len();
        chat.text("/hint").text("/hint");
        let hints = chat.log[at_hints..].to_owned();
        assert!(
            !hints.contains(points),
            "{lang:?}: points during the puzzle:\n{hints}"
        );
        let Mode::Puzzle(PuzzleState { decided, .. }) = chat.session.mode.clone() else {
            panic!("the puzzle goes on");
        };
        assert!(decided, "the second hint still counts the puzzle");
        // Play the hinted solution to the end.
        let solution = search::solve::solve(
            &chess_tutor_core::rules::parse_fen("7k/8/8/8/8/8/1R6/R5K1 w - - 0 1").unwrap(),
            2,
            true,
            search::Budget::TUTOR,
        )
        .unwrap();
        let key = UciMove::from_move(solution.line[0], CastlingMode::Standard).to_string();
        chat.text(&key);
        let Mode::Puzzle(PuzzleState { fen, .. }) = chat.session.mode.clone() else {
            panic!("one move to go");
        };
        assert!(!chat.log[at_hints..].contains(points));
        let now = fen.position().clone();
        let mate = now
            .legal_moves()
            .into_iter()
            .find(|m| {
                let mut p = now.clone();
                p.play_unchecked(*m);
                p.is_checkmate()
            })
            .expect("a mate in one");
        let at_end = chat.log.len();
        chat.text(&UciMove::from_move(mate, CastlingMode::Standard).to_string());
        let end = &chat.log[at_end..];
        assert!(
            end.contains(points) && end.contains(why),
            "{lang:?}:\n{end}"
        );
        assert_eq!(end.matches(points).count(), 1, "{end}");
    }
}

// ---- Basic mates: a mate against the best defence, inside a lesson ------------------------

/// The lesson step "mate-kr-wait" of unit 13 (king a8; white king c6, rook b1: mate in 2):
/// an illegal king move (the referee's reason), a rook move that stalemates (refused, named
/// stalemate, taken back), a hint, the right waiting move by taps (the defence is shown and
/// said), then the mate typed.
fn a_basic_mate_step(lang: Lang) -> String {
    let catalog = shipped();
    let mut chat = start(catalog, lang);
    let index = catalog
        .step_index("mate-kr-wait")
        .expect("the step is shipped");
    chat.session.mode = Mode::Lesson(LessonState {
        step: index,
        step_id: "mate-kr-wait".parse().unwrap(),
        hints: 0,
        misses: 0,
        return_to: None,
        mate: None,
    });
    let (king_b7, rook_b7, rook_b2, rook_a1) = match lang {
        Lang::En => ("Kb7", "Rb7", "Rb2", "Ra1"),
        _ => ("王b7", "车b7", "车b2", "车a1"),
    };
    chat.text("/board").text(king_b7);
    assert!(
        chat.events
            .iter()
            .any(|e| e.illegal_code() == Some("king_into_check"))
    );
    let nonce = chat.session.nonce;
    chat.text(rook_b7);
    let Mode::Lesson(state) = &chat.session.mode else {
        panic!("{:?}", chat.session.mode)
    };
    assert_eq!(state.mate, None, "the stalemating move is taken back");
    assert_eq!(chat.session.nonce, nonce, "the same question goes on");
    assert!(
        chat.log.contains(say(lang, "Stalemate!", "逼和！")),
        "stalemate is named: {}",
        chat.log
    );
    chat.press(say(lang, "Hint", "提示"))
        .press(tap_label(lang))
        .tap(Square::C6)
        .tap(Square::C7);
    let Mode::Lesson(state) = &chat.session.mode else {
        panic!("{:?}", chat.session.mode)
    };
    let play = state
        .mate
        .as_ref()
        .expect("the step goes on after the defence");
    assert_eq!(play.moves_left, 1);
    assert_eq!(
        play.fen.position().board().king_of(shakmaty::Color::Black),
        Some(Square::A7),
        "the only defence: the king to a7"
    );
    assert!(
        !chat.squares.is_empty(),
        "the tap board stays open for the next move"
    );
    assert!(
        chat.log.contains(say(
            lang,
            "Black: the king goes from a8 to a7.",
            "黑方：王从a8走到a7。"
        )),
        "the defence is said in words: {}",
        chat.log
    );
    // With one move left, a move that does not mate is refused and the position stays.
    chat.text(rook_b2);
    let Mode::Lesson(state) = &chat.session.mode else {
        panic!("{:?}", chat.session.mode)
    };
    assert_eq!(state.mate.as_ref().map(|p| p.moves_left), Some(1));
    assert!(
        !chat.events.contains(&Event::StepDone {
            step: "mate-kr-wait".parse().unwrap()
        }),
        "no mate yet"
    );
    chat.text(rook_a1);
    assert!(chat.events.contains(&Event::StepDone {
        step: "mate-kr-wait".parse().unwrap()
    }));
    chat.log
}

#[test]
fn a_basic_mate_against_the_best_defence() {
    insta::assert_snapshot!(a_basic_mate_step(Lang::En));
}

#[test]
fn a_basic_mate_against_the_best_defence_in_chinese() {
    insta::assert_snapshot!(a_basic_mate_step(Lang::Zh));
}

/// Sessions in each kind of activity, as a learner reaches them, for the press tests.
fn sessions_in_every_mode(catalog: &Catalog) -> Vec<(&'static str, Session)> {
    let mut out = Vec::new();
    let start = |chat: &mut Chat<'_>| {
        chat.send(Input::Start {
            client_lang: Some("en".into()),
        });
    };
    let mut chat = Chat::new(catalog);
    start(&mut chat);
    out.push(("idle", chat.session.clone()));
    chat.text("/lesson 3").press("Next").press("Next");
    out.push(("lesson move step", chat.session.clone()));
    let nonce = chat.session.nonce;
    chat.send(Input::Button(Action::TapBoard(nonce).encode()));
    out.push(("lesson tap board", chat.session.clone()));
    let mut chat = Chat::new(catalog);
    start(&mut chat);
    chat.text("/lesson 16").press("Next");
    out.push(("lesson judge step", chat.session.clone()));
    let mut chat = Chat::new(catalog);
    start(&mut chat);
    chat.text("/quiz");
    out.push(("quiz question", chat.session.clone()));
    let mut chat = Chat::new(catalog);
    start(&mut chat);
    chat.text("/puzzle");
    out.push(("puzzle", chat.session.clone()));
    let mut chat = Chat::new(catalog);
    start(&mut chat);
    chat.send(Input::Button(
        Action::Play {
            level: 1,
            side: Some(shakmaty::Color::White),
        }
        .encode(),
    ));
    out.push(("game", chat.session.clone()));
    chat.press("Resign");
    out.push(("game, asked to resign", chat.session.clone()));
    for (what, session) in &out {
        assert!(
            !matches!(session.mode, Mode::Idle) || *what == "idle",
            "{what}: the chat did not get there"
        );
    }
    out
}

/// A refused press changes nothing: the session after it is the session before, byte for
/// byte, and what a press is refused for is known before it reaches an activity.
fn assert_refused_changes_nothing(session: &Session, data: &str, catalog: &Catalog) {
    let t = chat::step(session, Input::Button(data.to_owned()), catalog);
    let before = serde_json::to_string(session).unwrap();
    if t.refused {
        assert_eq!(serde_json::to_string(&t.session).unwrap(), before, "{data}");
        assert!(
            t.effects.iter().all(|e| matches!(
                e,
                chess_tutor_core::tutor::Effect::Say {
                    to: chess_tutor_core::tutor::To::Here,
                    ..
                }
            )),
            "a refusal only answers the press: {:?}",
            t.effects
        );
    }
    let must_refuse = match Action::decode(data) {
        None => true,
        Some(action) => {
            action.nonce().is_some_and(|n| n != session.nonce)
                || matches!(action, Action::Answer { choice, .. } if choice >= 9)
                || matches!(action, Action::Review(i) if i as usize >= catalog.steps().len())
                || matches!(action, Action::Lesson(u) if u > 20)
                // Joining an invitation is pressed by someone not yet at the game.
                || matches!(action, Action::Duel { game, act, .. }
                    if act != DuelAct::Join && session.duel.is_none_or(|d| d.game.0 != game))
        }
    };
    if must_refuse {
        assert!(t.refused, "{data} was not refused: {:?}", t.replies());
        assert_eq!(serde_json::to_string(&t.session).unwrap(), before, "{data}");
    }
}

/// Found by the property below in CI: a press to join someone's invitation is no forgery
/// (whoever takes it plays), so it is not refused; outside Telegram it is answered with how
/// a game with a friend starts, and nothing changes.
#[test]
fn a_press_to_join_an_invitation_is_no_forgery_and_changes_nothing_outside_telegram() {
    let data = "w:33201:j46";
    assert!(matches!(
        Action::decode(data),
        Some(Action::Duel {
            game: 33201,
            act: DuelAct::Join,
            ..
        })
    ));
    for (what, session) in press_sessions() {
        let t = chat::step(session, Input::Button(data.to_owned()), press_catalog());
        assert!(!t.refused, "{what}");
        assert_eq!(
            serde_json::to_string(&t.session).unwrap(),
            serde_json::to_string(session).unwrap(),
            "{what}"
        );
        assert!(
            t.replies()[0].text.contains("Telegram"),
            "{what}: {:?}",
            t.replies()
        );
    }
}

fn any_button_data() -> impl proptest::strategy::Strategy<Value = String> {
    use proptest::prelude::*;
    let square = (0u32..64).prop_map(|i| Square::new(i));
    prop_oneof![
        ".{0,70}",
        "[a-z]:[0-9]{1,11}(:[0-9a-z]{0,6})?",
        (any::<u32>(), any::<u8>())
            .prop_map(|(nonce, choice)| Action::Answer { nonce, choice }.encode()),
        (0u32..64, 0u8..16).prop_map(|(nonce, choice)| Action::Answer { nonce, choice }.encode()),
        any::<u32>().prop_map(|i| Action::Review(i).encode()),
        (0u32..400).prop_map(|i| Action::Review(i).encode()),
        any::<u32>().prop_map(|u| Action::Lesson(u).encode()),
        (0u32..64).prop_map(|n| Action::Next(n).encode()),
        (0u32..64).prop_map(|n| Action::Resign(n).encode()),
        (0u32..64).prop_map(|n| Action::ResignYes(n).encode()),
        (0u32..64).prop_map(|n| Action::TakeBack(n).encode()),
        (0u32..64, square).prop_map(|(nonce, square)| Action::Tap { nonce, square }.encode()),
        (1i64..1_000_000, 0u16..200).prop_map(|(game, ply)| Action::Duel {
            game,
            ply,
            act: chess_tutor_core::tutor::DuelAct::Resign,
            seat: None
        }
        .encode()),
    ]
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig {
        cases: 256,
        failure_persistence: None,
        ..proptest::prelude::ProptestConfig::default()
    })]

    #[test]
    fn a_refused_press_leaves_the_session_as_it_was_in_every_mode(data in any_button_data()) {
        let catalog = press_catalog();
        for (_, session) in press_sessions() {
            assert_refused_changes_nothing(session, &data, catalog);
        }
    }
}

fn press_catalog() -> &'static Catalog {
    shipped()
}

fn press_sessions() -> &'static [(&'static str, Session)] {
    static SESSIONS: std::sync::OnceLock<Vec<(&'static str, Session)>> = std::sync::OnceLock::new();
    SESSIONS.get_or_init(|| sessions_in_every_mode(press_catalog()))
}

/// An old button of a game with a friend, pressed during a game against the tutor, answered
/// "that button no longer works" and put the running game aside.
#[test]
fn an_old_duel_button_during_a_game_leaves_the_game_running() {
    let catalog = press_catalog();
    let (_, game) = &press_sessions()[6];
    let Mode::Game(_) = game.mode else { panic!() };
    let data = Action::Duel {
        game: 4242,
        ply: 3,
        act: chess_tutor_core::tutor::DuelAct::Board,
        seat: None,
    }
    .encode();
    let t = chat::step(game, Input::Button(data), catalog);
    assert!(t.refused);
    assert!(
        matches!(t.session.mode, Mode::Game(_)),
        "the game still runs"
    );
    assert!(t.session.paused_game.is_none());
    assert_eq!(&t.session, game);
}

/// A lesson-review button with an index outside the catalogue dropped the learner out of
/// the lesson (`/lesson` then began again at unit 1).
#[test]
fn a_review_button_outside_the_catalogue_leaves_the_lesson_where_it_was() {
    let catalog = press_catalog();
    let (_, lesson) = &press_sessions()[1];
    let t = chat::step(
        lesson,
        Input::Button(Action::Review(u32::MAX).encode()),
        catalog,
    );
    assert!(t.refused);
    assert_eq!(&t.session, lesson);
    assert!(
        t.replies()[0].text.contains("no such lesson"),
        "{:?}",
        t.replies()
    );
}

/// On a true/false question an answer index that was never offered was recorded as "False".
#[test]
fn an_answer_never_offered_is_refused_and_not_recorded() {
    let catalog = press_catalog();
    for (what, session) in press_sessions() {
        for choice in [2u8, 8, 9, 200, 255] {
            let data = Action::Answer {
                nonce: session.nonce,
                choice,
            }
            .encode();
            let t = chat::step(session, Input::Button(data), catalog);
            // Unit 16 offers eight draw kinds and "not a draw": only those indices are
            // offered there.
            if *what == "lesson judge step" && choice < 9 {
                continue;
            }
            if *what == "quiz question" && choice < 4 {
                continue;
            }
            assert!(t.refused, "{what}: choice {choice}");
            assert_eq!(&t.session, session, "{what}: choice {choice}");
            assert_eq!(t.session.progress.quiz_wrong, session.progress.quiz_wrong);
        }
    }
}

/// "Resign" and "Yes, resign" carried the same data, so a double tap on Resign resigned.
#[test]
fn a_double_tap_on_resign_only_asks() {
    let catalog = press_catalog();
    let (_, game) = &press_sessions()[6];
    let mut chat = Chat::new(catalog);
    chat.session = game.clone();
    chat.text("/board");
    let resign = chat.data("Resign");
    chat.send(Input::Button(resign.clone()))
        .send(Input::Button(resign));
    assert!(matches!(chat.session.mode, Mode::Game(_)), "still playing");
    assert!(
        !chat
            .events
            .iter()
            .any(|e| matches!(e, Event::GameResult { .. }))
    );
    chat.press("Yes, resign");
    assert!(
        chat.events
            .iter()
            .any(|e| matches!(e, Event::GameResult { .. }))
    );
    // "Yes, resign" without the question is a stale button, not a resignation.
    let (_, game) = &press_sessions()[6];
    let t = chat::step(
        game,
        Input::Button(Action::ResignYes(game.nonce).encode()),
        catalog,
    );
    assert!(t.refused);
}

/// `/play 999` and `/lesson -1` were answered vaguely (the setup as if nothing was asked, "no
/// lesson called -1").
#[test]
fn a_level_or_unit_that_does_not_exist_is_said_so() {
    let catalog = press_catalog();
    let mut chat = Chat::new(catalog);
    chat.send(Input::Start {
        client_lang: Some("en".into()),
    })
    .text("/play 999");
    assert!(
        chat.log.contains(r#"There is no level "999""#),
        "{}",
        chat.log
    );
    assert!(
        chat.buttons.iter().any(|(l, _)| l.contains("White")),
        "the levels are offered"
    );
    chat.text("/lesson -1");
    assert!(
        chat.log
            .contains("There is no such lesson. Units are numbered 1 to 20"),
        "{}",
        chat.log
    );
    chat.text("/lang zh").text("/play 0");
    assert!(chat.log.contains("没有“0”这个级别"), "{}", chat.log);
}

/// Right-to-left overrides and terminal escape sequences in what a learner typed were echoed
/// back raw.
#[test]
fn what_a_learner_typed_is_never_echoed_with_controls_or_direction_overrides() {
    let catalog = press_catalog();
    let mut chat = Chat::new(catalog);
    chat.send(Input::Start {
        client_lang: Some("en".into()),
    })
    .text("/lesson 3")
    .press("Next")
    .press("Next");
    let start = chat.log.len();
    for typed in [
        "R\u{202E}h4x\u{1b}[2J",
        "/frobnicate\u{2067}\u{7}",
        "/lesson zz\u{200F}\u{9b}31m",
    ] {
        chat.text(typed);
    }
    // The transcript shows what was sent as `> …` lines: only the bot's lines are looked at.
    let answers: String = chat.log[start..]
        .lines()
        .filter(|l| !l.starts_with("> "))
        .collect();
    for bad in [
        '\u{202E}', '\u{1b}', '\u{2067}', '\u{7}', '\u{200F}', '\u{9b}',
    ] {
        assert!(!answers.contains(bad), "{bad:?} echoed: {answers}");
    }
}

/// A puzzle with `mate_in: 8` on a middlegame (which `check` refuses, but a catalogue built by
/// hand can hold): the tutor never answered a move in it. Its answer now comes within the
/// search budget, and says that the move was not judged.
#[test]
fn a_move_the_search_cannot_judge_in_its_budget_is_answered_and_changes_nothing() {
    let rich = Puzzle {
        id: "rich".into(),
        fen: "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8".into(),
        last_move: None,
        mate_in: 8,
        // Legal, never proven: the catalogue reads moves, `check` proves mates.
        solution: vec!["a2a3".into()],
        keys: vec!["a2a3".into()],
        multiple_keys: false,
        rating: Some(400),
        themes: Vec::new(),
        themes_zh: Vec::new(),
        source: "test".into(),
        game: None,
        file: std::path::PathBuf::new(),
        line: None,
    };
    let catalog = Catalog::new(
        Vec::new(),
        Vec::new(),
        vec![MatePuzzle::read(&rich).unwrap()],
    );
    let mut chat = Chat::new(&catalog);
    chat.send(Input::Start {
        client_lang: Some("en".into()),
    })
    .text("/puzzle");
    let before = chat.session.clone();
    chat.text("Qc2");
    assert!(
        chat.log.contains("within my thinking limit whether Qc2"),
        "{}",
        chat.log
    );
    assert_eq!(
        chat.session.mode, before.mode,
        "the puzzle stands where it was"
    );
    chat.text("/hint");
    assert!(chat.log.contains("too rich for me"), "{}", chat.log);
}
