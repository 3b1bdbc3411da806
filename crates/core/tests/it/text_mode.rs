//! Text mode (`/a11y`): a learner who listens to the chat with a screen reader gets every board
//! in words, and can answer every task without the picture or the tap board.
//!
//! The boards in words are read back here by a parser of this test's own (it knows the words
//! of the three scripts, not the describer's code): every board of the shipped course reads
//! back as its position, and whole conversations (unit 10, a game at level 1) are played by a
//! "blind" learner who decides every answer from the words alone, never from a picture.

use std::fmt::Write as _;

use chess_tutor_core::content::judge::Ask;
use chess_tutor_core::content::lesson::{Scene, StepKind};
use chess_tutor_core::content::quiz::Answer;
use chess_tutor_core::draw;
use chess_tutor_core::render::BoardView;
use chess_tutor_core::rules::{self, Lang, Verdict};
use chess_tutor_core::tutor::{Action, Input, Mode, Reply, Session};
use shakmaty::san::San;
use shakmaty::{
    Bitboard, Board, CastlingMode, Chess, Color, EnPassantMode, FromSetup, Position, Role, Setup,
    Square,
};

use crate::chat::{Chat, shipped, step};
use crate::common::Rng;

const LANGS: [Lang; 3] = [Lang::Zh, Lang::ZhHant, Lang::En];

/// The test's own reading of a board in words.
mod read {
    use super::*;

    const EN_KINDS: [(&str, Role); 12] = [
        ("king", Role::King),
        ("kings", Role::King),
        ("queen", Role::Queen),
        ("queens", Role::Queen),
        ("rook", Role::Rook),
        ("rooks", Role::Rook),
        ("bishop", Role::Bishop),
        ("bishops", Role::Bishop),
        ("knight", Role::Knight),
        ("knights", Role::Knight),
        ("pawn", Role::Pawn),
        ("pawns", Role::Pawn),
    ];
    const ZH_KINDS: [(char, Role); 9] = [
        ('王', Role::King),
        ('后', Role::Queen),
        ('车', Role::Rook),
        ('車', Role::Rook),
        ('象', Role::Bishop),
        ('马', Role::Knight),
        ('馬', Role::Knight),
        ('兵', Role::Pawn),
        ('卒', Role::Pawn),
    ];

    fn side_line(line: &str) -> Option<(Color, &str)> {
        [
            ("White: ", Color::White),
            ("Black: ", Color::Black),
            ("白方：", Color::White),
            ("黑方：", Color::Black),
        ]
        .into_iter()
        .find_map(|(prefix, color)| line.strip_prefix(prefix).map(|rest| (color, rest)))
    }

    fn to_move(line: &str) -> Option<Color> {
        match line {
            "White to move." | "轮到白方走。" | "輪到白方走。" => Some(Color::White),
            "Black to move." | "轮到黑方走。" | "輪到黑方走。" => Some(Color::Black),
            _ => None,
        }
    }

    fn square(text: &str) -> Square {
        text.trim()
            .parse()
            .unwrap_or_else(|_| panic!("{text:?} is no square"))
    }

    fn side(rest: &str, color: Color, board: &mut Board) {
        let rest = rest.trim_end_matches(['.', '。']);
        if ["no pieces", "没有棋子", "沒有棋子"].contains(&rest) {
            return;
        }
        let kinds: Vec<&str> = if rest.is_ascii() {
            rest.split(", ").collect()
        } else {
            rest.split('，').collect()
        };
        for kind in kinds {
            let (role, squares): (Role, Vec<&str>) = if kind.is_ascii() {
                let mut words = kind.split(' ');
                let word = words.next().unwrap();
                let role = EN_KINDS
                    .iter()
                    .find(|(w, _)| *w == word)
                    .unwrap_or_else(|| panic!("{word:?} is no kind"))
                    .1;
                (role, words.collect())
            } else {
                let first = kind.chars().next().unwrap();
                let role = ZH_KINDS
                    .iter()
                    .find(|(c, _)| *c == first)
                    .unwrap_or_else(|| panic!("{first:?} is no kind in {kind:?}"))
                    .1;
                (role, kind[first.len_utf8()..].split('、').collect())
            };
            for sq in squares {
                let sq = square(sq);
                assert!(board.piece_at(sq).is_none(), "{sq} said twice");
                board.set_piece_at(sq, role.of(color));
            }
        }
    }

    /// The board and the side to move said in `text`, if it says a board.
    pub fn board(text: &str) -> Option<(Board, Option<Color>)> {
        let lines: Vec<&str> = text.lines().collect();
        let i = lines
            .iter()
            .position(|l| side_line(l).is_some_and(|(c, _)| c == Color::White))?;
        let (_, white) = side_line(lines[i])?;
        let (black_color, black) = side_line(lines.get(i + 1)?)?;
        assert_eq!(black_color, Color::Black, "Black's line follows White's");
        let mut b = Board::empty();
        side(white, Color::White, &mut b);
        side(black, Color::Black, &mut b);
        let turn = i.checked_sub(1).and_then(|j| to_move(lines[j]));
        Some((b, turn))
    }

    /// The two squares of the last move said in `text`, in order.
    pub fn last_move(text: &str) -> Option<(Square, Square)> {
        let line = text
            .lines()
            .find(|l| l.starts_with("Last move:") || l.starts_with("上一步："))?;
        let squares = squares_in(line);
        Some((squares[0], squares[1]))
    }

    /// Every square named in `text`, in order.
    pub fn squares_in(text: &str) -> Vec<Square> {
        let b = text.as_bytes();
        (0..b.len().saturating_sub(1))
            .filter(|&i| {
                (b'a'..=b'h').contains(&b[i])
                    && (b'1'..=b'8').contains(&b[i + 1])
                    && (i == 0 || !b[i - 1].is_ascii_alphanumeric())
                    && b.get(i + 2).is_none_or(|c| !c.is_ascii_alphanumeric())
            })
            .map(|i| square(&text[i..i + 2]))
            .collect()
    }

    /// The position a listener rebuilds from the words: the board, the side to move, and
    /// the en passant square a double step just played leaves. Castling rights are not said
    /// (nor drawn): taken as the pieces at home suggest.
    pub fn position(text: &str) -> Chess {
        let (board, turn) = board(text).expect("the words say a board");
        let turn = turn.expect("the words say whose move");
        let ep_square = last_move(text).and_then(|(from, to)| {
            let pawn = board.piece_at(to)?;
            let double = pawn.role == Role::Pawn
                && from.file() == to.file()
                && (i32::from(u8::from(from.rank())) - i32::from(u8::from(to.rank()))).abs() == 2;
            double.then(|| {
                Square::from_coords(
                    from.file(),
                    shakmaty::Rank::new((u32::from(from.rank()) + u32::from(to.rank())) / 2),
                )
            })
        });
        let mut castling = Bitboard::EMPTY;
        for (king, rooks) in [
            (Square::E1, [Square::A1, Square::H1]),
            (Square::E8, [Square::A8, Square::H8]),
        ] {
            let color = if king == Square::E1 {
                Color::White
            } else {
                Color::Black
            };
            if board.piece_at(king) == Some(Role::King.of(color)) {
                for r in rooks {
                    if board.piece_at(r) == Some(Role::Rook.of(color)) {
                        castling.add(r);
                    }
                }
            }
        }
        let setup = Setup {
            board,
            turn,
            castling_rights: castling,
            ep_square,
            ..Setup::empty()
        };
        Chess::from_setup(setup, CastlingMode::Standard)
            .expect("the words say a position that can be played")
    }
}

/// The boards of a step's replies: each picture with the words sent before it.
fn said_boards(replies: &[Reply]) -> Vec<(String, BoardView)> {
    replies
        .iter()
        .enumerate()
        .filter_map(|(i, r)| {
            let view = r.board.clone()?;
            assert!(
                r.text.is_empty(),
                "in text mode a picture carries no words of its own"
            );
            assert!(i > 0, "a picture follows its words");
            Some((replies[i - 1].text.clone(), view))
        })
        .collect()
}

/// What text mode promises of every reply: no tap board, no board page, no edit, buttons
/// labelled in words, and each picture after words that read back as its board.
fn assert_text_mode(replies: &[Reply]) {
    for r in replies {
        assert!(r.squares.is_empty(), "no tap board: {r:?}");
        assert!(r.board_app.is_none(), "no board page: {r:?}");
        assert!(!r.edit && r.edit_task.is_none(), "a new message: {r:?}");
        for b in r.buttons.iter().flatten() {
            assert!(
                b.label.chars().any(char::is_alphanumeric),
                "a button read aloud has words: {:?}",
                b.label
            );
            assert!(
                !matches!(
                    Action::decode(&b.data),
                    Some(Action::TapBoard(_) | Action::Tap { .. } | Action::Done(_))
                ),
                "no button needs the tap board: {:?}",
                b.label
            );
        }
    }
    for (words, view) in said_boards(replies) {
        let (board, turn) = read::board(&words).unwrap_or_else(|| panic!("no board in {words:?}"));
        assert_eq!(board, view.board, "{words}");
        assert_eq!(turn, view.to_move, "{words}");
    }
}

fn expected_of_step(scene: &Scene) -> (Board, Color, Option<Square>) {
    let setup = scene.fen.as_setup();
    (setup.board.clone(), setup.turn, setup.ep_square)
}

/// Lesson step `index` opened (as its review button does) by a learner in text mode.
fn open_in_text_mode(index: usize, lang: Lang) -> chess_tutor_core::tutor::Transition {
    let session = Session {
        lang: Some(lang),
        text_mode: true,
        ..Session::default()
    };
    let review = Action::Review(u32::try_from(index).unwrap());
    step(&session, Input::Button(review.encode()), shipped())
}

/// Every board of the shipped course, said in words in every script, reads back as its
/// position: the pieces and the side to move, and, where the FEN has an en passant square, the
/// double step that made it as the last move. Lesson steps are opened through the tutor in
/// text mode; puzzles and quiz items are said from the views the tutor draws them with.
#[test]
fn every_board_of_the_course_reads_back_as_its_position() {
    let catalog = shipped();
    let mut boards = 0;
    for lang in LANGS {
        for index in 0..catalog.steps().len() {
            let (_, step_) = catalog.step(index).unwrap();
            let t = open_in_text_mode(index, lang);
            assert_text_mode(&t.replies().into_iter().cloned().collect::<Vec<_>>());
            let expected = match &step_.kind {
                StepKind::Explain { scene, .. } => scene.as_ref().map(expected_of_step),
                StepKind::Move(t) => Some(expected_of_step(&t.scene)),
                StepKind::Squares(t) => Some(expected_of_step(&t.scene)),
                StepKind::Judge(t) => Some(expected_of_step(&t.scene)),
                StepKind::Mate(t) => Some(expected_of_step(&t.scene)),
                StepKind::Quiz { item } => catalog
                    .quiz_item(item)
                    .and_then(|q| q.board.as_ref())
                    .map(|b| {
                        let p = b.position();
                        (
                            p.board().clone(),
                            p.turn(),
                            p.ep_square(EnPassantMode::Legal),
                        )
                    }),
            };
            let said = said_boards(&t.replies().into_iter().cloned().collect::<Vec<_>>());
            let Some((board, turn, ep)) = expected else {
                assert!(said.is_empty(), "step {}: a board nobody wrote", step_.id);
                continue;
            };
            let (words, _) = said
                .first()
                .unwrap_or_else(|| panic!("step {}: no board in words", step_.id));
            let (read_board, read_turn) = read::board(words).unwrap();
            assert_eq!(
                read_board,
                board,
                "step {} ({}):\n{words}",
                step_.id,
                lang.tag()
            );
            assert_eq!(
                read_turn,
                Some(turn),
                "step {} ({}):\n{words}",
                step_.id,
                lang.tag()
            );
            if let Some(ep) = ep {
                let (from, to) = read::last_move(words)
                    .unwrap_or_else(|| panic!("step {}: no last move in {words}", step_.id));
                assert_eq!(
                    (from.file(), to.file()),
                    (ep.file(), ep.file()),
                    "step {}: the double step past {ep}",
                    step_.id
                );
            }
            boards += 1;
        }
        for p in catalog.puzzles() {
            let pos = p.position();
            let view = BoardView::from_position(pos).with_orientation(pos.turn());
            let words = draw::speech::view(&view, lang);
            let (b, turn) = read::board(&words).unwrap();
            assert_eq!(
                (&b, turn),
                (pos.board(), Some(pos.turn())),
                "puzzle {}",
                p.id()
            );
            boards += 1;
        }
        for q in catalog.quiz() {
            let Some(qb) = &q.board else { continue };
            let pos = qb.position();
            let view = BoardView::from_position(pos).with_orientation(pos.turn());
            let words = draw::speech::view(&view, lang);
            let (b, turn) = read::board(&words).unwrap();
            assert_eq!((&b, turn), (pos.board(), Some(pos.turn())), "quiz {}", q.id);
            boards += 1;
        }
    }
    assert!(boards > 600, "{boards} boards read back");
}

/// The figures of `docs/text-mode.md`: the start position and the longest board of the
/// course, in words, per script. `SPEECH_OUT=DIR cargo test -p chess-tutor-core --test it
/// spoken_board_figures -- --ignored --nocapture` writes them to DIR for `espeak-ng`.
#[test]
#[ignore = "writes files for the espeak-ng figures"]
fn spoken_board_figures() {
    let catalog = shipped();
    let out = std::env::var_os("SPEECH_OUT").map(std::path::PathBuf::from);
    for lang in LANGS {
        let start = draw::speech::view(&BoardView::from_position(&Chess::default()), lang);
        let mut longest = (String::new(), String::new());
        for index in 0..catalog.steps().len() {
            let t = open_in_text_mode(index, lang);
            for (_, view) in said_boards(&t.replies().into_iter().cloned().collect::<Vec<_>>()) {
                let words = draw::speech::view(&view, lang);
                if words.chars().count() > longest.1.chars().count() {
                    longest = (catalog.step(index).unwrap().1.id.to_string(), words);
                }
            }
        }
        for p in catalog.puzzles() {
            let pos = p.position();
            let words = draw::speech::view(&BoardView::from_position(pos), lang);
            if words.chars().count() > longest.1.chars().count() {
                longest = (format!("puzzle {}", p.id()), words);
            }
        }
        println!(
            "{}: start {} characters; longest ({}) {} characters",
            lang.tag(),
            start.chars().count(),
            longest.0,
            longest.1.chars().count()
        );
        if let Some(dir) = &out {
            std::fs::create_dir_all(dir).unwrap();
            std::fs::write(dir.join(format!("start-{}.txt", lang.tag())), &start).unwrap();
            std::fs::write(dir.join(format!("longest-{}.txt", lang.tag())), &longest.1).unwrap();
        }
    }
}

/// The button of the last replies whose action `pick` accepts.
fn press_where(chat: &mut Chat<'_>, pick: impl Fn(&Action) -> bool) {
    let data = chat
        .replies
        .iter()
        .flat_map(|r| r.buttons.iter().flatten())
        .find(|b| Action::decode(&b.data).as_ref().is_some_and(&pick))
        .unwrap_or_else(|| panic!("no such button in {:?}", chat.buttons))
        .data
        .clone();
    chat.send(Input::Button(data));
}

/// The words of the newest board said in the last replies.
fn newest_words(chat: &Chat<'_>) -> String {
    said_boards(&chat.replies)
        .pop()
        .map(|(w, _)| w)
        .unwrap_or_else(|| panic!("no board in words:\n{}", chat.log))
}

/// A whole unit, worked through by a learner who only reads: each task is answered from the
/// position the words give (the referee and the engine judge that position, never the
/// picture), typed, or pressed by a button's words.
fn a_unit_by_ear(lang: Lang, unit: u32) -> Chat<'static> {
    let catalog = shipped();
    let mut chat = Chat::new(catalog);
    chat.session.lang = Some(lang);
    chat.text("/a11y");
    assert!(chat.session.text_mode);
    chat.text(&format!("/lesson {unit}"));
    let mut steps = 0;
    while let Mode::Lesson(state) = chat.session.mode.clone() {
        let (lesson, step_) = catalog.step(state.step).unwrap();
        if lesson.unit != unit {
            break;
        }
        assert!(steps < 40, "the unit ends");
        steps += 1;
        assert_text_mode(&chat.replies);
        match &step_.kind {
            StepKind::Explain { .. } => press_where(&mut chat, |a| matches!(a, Action::Next(_))),
            StepKind::Move(task) => {
                let pos = read::position(&newest_words(&chat));
                // The move the author expects, found among the moves of the position heard.
                let mv = pos
                    .legal_moves()
                    .into_iter()
                    .find(|m| {
                        task.expected
                            .iter()
                            .any(|e| e.from() == m.from() && e.to() == m.to())
                    })
                    .unwrap_or_else(|| panic!("{}: the answer is no move of the words", step_.id));
                chat.text(&San::from_move(&pos, mv).to_string());
            }
            StepKind::Squares(task) => {
                let pos = read::position(&newest_words(&chat));
                let targets: Vec<String> = pos
                    .legal_moves()
                    .into_iter()
                    .filter(|m| m.from() == Some(task.square))
                    .map(|m| m.to().to_string())
                    .collect();
                chat.text(&targets.join(" "));
            }
            StepKind::Judge(task) => {
                let pos = read::position(&newest_words(&chat));
                let Ask::MoveLegal { text } = &task.ask else {
                    panic!(
                        "{}: unit {unit} asks only whether a move is legal",
                        step_.id
                    )
                };
                let legal = matches!(rules::explain(&pos, text), Verdict::Legal(_));
                chat.text(if legal { "yes" } else { "no" });
            }
            StepKind::Quiz { item } => {
                let q = catalog.quiz_item(item).unwrap();
                if q.board.is_some() {
                    // Its board is said too.
                    newest_words(&chat);
                }
                let right = match &q.answer {
                    Answer::TrueFalse { correct, .. } => usize::from(!*correct),
                    Answer::MultipleChoice { correct, .. } => *correct,
                };
                // A right answer goes on to the next step by itself.
                press_where(
                    &mut chat,
                    |a| matches!(a, Action::Answer { choice, .. } if usize::from(*choice) == right),
                );
            }
            StepKind::Mate(_) => panic!("unit {unit} has no mate step"),
        }
        // Every task is answered right the first time.
        assert!(
            !chat.log.contains("(event {\"kind\":\"illegal_move\""),
            "{}: refused\n{}",
            step_.id,
            chat.log
        );
    }
    assert!(steps >= 8, "{steps} steps of unit {unit}");
    chat
}

#[test]
fn unit_10_en_passant_by_ear_in_every_script() {
    for lang in LANGS {
        let chat = a_unit_by_ear(lang, 10);
        let done = chat
            .events
            .iter()
            .filter(|e| serde_json::to_string(e).unwrap().contains("lesson_done"))
            .count();
        assert_eq!(done, 1, "{}: the unit is done\n{}", lang.tag(), chat.log);
        // En passant is heard: the double step as the last move.
        let heard = match lang {
            Lang::En => "Last move: black pawn d7 to d5.",
            Lang::Zh => "上一步：黑兵从d7走到d5。",
            Lang::ZhHant => "上一步：黑兵從d7走到d5。",
        };
        assert!(chat.log.contains(heard), "{}", chat.log);
    }
    insta::assert_snapshot!(a_unit_by_ear(Lang::En, 10).log);
}

/// A game against the tutor at level 1, played from the words alone: each move is chosen in
/// the position the words give (a capture of the most valuable piece when there is one,
/// otherwise any move, never castling, whose rights the words do not say), and typed.
#[test]
fn a_level_1_game_by_ear() {
    let catalog = shipped();
    for (lang, seed) in [(Lang::En, 3), (Lang::Zh, 5), (Lang::ZhHant, 7)] {
        let mut chat = Chat::new(catalog);
        chat.session.lang = Some(lang);
        chat.text("/a11y").text("/play 1");
        press_where(&mut chat, |a| {
            matches!(
                a,
                Action::Play {
                    side: Some(Color::White),
                    ..
                }
            )
        });
        let mut rng = Rng::new(seed);
        let mut plies = 0;
        while let Mode::Game(game) = chat.session.mode.clone() {
            if plies >= 80 {
                break;
            }
            assert_text_mode(&chat.replies);
            let words = newest_words(&chat);
            let pos = read::position(&words);
            // What was heard is the game (checked, never used to choose).
            assert_eq!(pos.board(), game.record.position().board(), "{words}");
            assert_eq!(pos.turn(), Color::White);
            let moves: Vec<_> = pos
                .legal_moves()
                .into_iter()
                .filter(|m| !m.is_castle())
                .collect();
            let best_capture = moves
                .iter()
                .filter_map(|m| m.capture().map(|c| (rules::piece_value(c), *m)))
                .max_by_key(|(v, _)| *v);
            let mv = best_capture.map_or_else(|| moves[rng.below(moves.len())], |(_, m)| m);
            let before = game.record.moves().len();
            chat.text(&San::from_move(&pos, mv).to_string());
            if let Mode::Game(after) = &chat.session.mode {
                assert!(
                    after.record.moves().len() > before,
                    "the move heard was played"
                );
            }
            plies += 2;
            if plies == 10 {
                // The questions a listener asks, answered from the same board.
                chat.text("/moves");
                let moves_said = chat.replies[0].text.clone();
                assert_eq!(moves_said.lines().count(), 5, "{moves_said}");
                chat.text("/where K");
                assert_eq!(chat.replies[0].text.lines().count(), 2);
                chat.text("/square e4").text("/scan d4").text("/board");
            }
        }
        if matches!(chat.session.mode, Mode::Game(_)) {
            press_where(&mut chat, |a| matches!(a, Action::Resign(_)));
            press_where(&mut chat, |a| matches!(a, Action::ResignYes(_)));
        }
        assert!(
            chat.events
                .iter()
                .any(|e| serde_json::to_string(e).unwrap().contains("game_result")),
            "{}",
            chat.log
        );
        assert!(plies >= 10, "{}", chat.log);
    }
}

#[test]
fn the_questions_answer_from_the_task_board_and_bad_input_changes_nothing() {
    let catalog = shipped();
    let mut chat = Chat::new(catalog);
    chat.session.lang = Some(Lang::En);
    chat.text("/where knight");
    assert!(
        chat.replies[0]
            .text
            .starts_with("There is no board right now")
    );
    chat.text("/lesson 10");
    for _ in 0..3 {
        press_where(&mut chat, |a| matches!(a, Action::Next(_)));
    }
    // Step 4: capture the pawn on d5 en passant.
    let mut out = String::new();
    for (ask, lang) in [
        ("/where pawn", Lang::En),
        ("/square d6", Lang::En),
        ("/scan e5", Lang::En),
        ("/moves", Lang::En),
        ("/where 兵", Lang::Zh),
        ("/square d6", Lang::ZhHant),
    ] {
        chat.session.lang = Some(lang);
        chat.text(ask);
        writeln!(out, "> {ask}\n{}", chat.replies[0].text).unwrap();
    }
    assert_eq!(
        out,
        "> /where pawn\nWhite pawn: e5.\nBlack pawn: d5.\n\
         > /square d6\nd6 is empty.\nWhite attacks it with: pawn e5.\nBlack does not attack it.\n\
         > /scan e5\nThe lines from e5:\n\
         Up the file: e6 e7 empty, then black king e8.\n\
         Down the file: e4 e3 e2 empty, then white king e1.\n\
         Left along the rank: black pawn d5, right next to it.\n\
         Right along the rank: f5 g5 h5 empty, up to the edge.\n\
         Up and left: d6 c7 b8 empty, up to the edge.\n\
         Up and right: f6 g7 h8 empty, up to the edge.\n\
         Down and left: d4 c3 b2 a1 empty, up to the edge.\n\
         Down and right: f4 g3 h2 empty, up to the edge.\n\
         > /moves\nLast move: black pawn d7 to d5.\n\
         > /where 兵\n白兵：e5。\n黑兵：d5。\n\
         > /square d6\nd6是空格。\n白方攻擊這一格的棋子：兵e5。\n黑方沒有棋子攻擊這一格。\n"
    );
    chat.session.lang = Some(Lang::En);
    let before = chat.session.clone();
    for bad in ["/square z9", "/scan", "/where dragon", "/where"] {
        chat.text(bad);
        assert_eq!(chat.session, before, "{bad} changes nothing");
        assert_eq!(chat.replies.len(), 1);
    }
    chat.text("/square z9");
    assert!(chat.replies[0].text.contains("is not a square"));
    chat.text("/where dragon");
    assert!(chat.replies[0].text.contains("I do not know the piece"));
}

#[test]
fn text_mode_from_the_language_menu_and_off_again() {
    let catalog = shipped();
    let mut chat = Chat::new(catalog);
    chat.session.lang = Some(Lang::Zh);
    chat.text("/lesson 10").text("/lang");
    press_where(&mut chat, |a| matches!(a, Action::TextMode(true)));
    assert!(chat.session.text_mode);
    // The task again, at once, in words.
    assert!(newest_words(&chat).contains("白方：王e1"));
    chat.text("/lang");
    assert!(chat.buttons.iter().any(|(l, _)| l == "关闭文字模式"));
    // Pressed twice, it stays as asked.
    press_where(&mut chat, |a| matches!(a, Action::TextMode(false)));
    let off = chat.session.clone();
    assert!(!off.text_mode);
    assert!(
        chat.replies
            .iter()
            .all(|r| r.text.lines().all(|l| !l.starts_with("白方：")))
    );
    // Stored as before when off; kept when on.
    assert!(off.to_stored().get("text_mode").is_none());
    chat.text("/a11y");
    let stored = chat.session.to_stored();
    assert_eq!(stored["text_mode"], true);
    assert_eq!(Session::from_stored(&stored).unwrap(), chat.session);
}

/// A refused move in text mode: its rule in words, then the board with the squares and lines
/// its picture draws, said: here a pinned knight.
#[test]
fn a_refusal_says_the_squares_its_picture_draws() {
    let catalog = shipped();
    let mut chat = crate::games::in_game(
        catalog,
        Lang::En,
        Some("4k3/8/8/8/1b6/2N5/8/4K3 w - - 0 1"),
        &[],
        Color::White,
        3,
    );
    chat.text("/a11y").text("Nd5");
    let words = newest_words(&chat);
    assert!(
        words.contains(
            "Pin: the black bishop on b4 pins the white knight on c3 to the white king on e1."
        ),
        "{words}"
    );
    assert!(
        words.contains("Your move: white knight c3 to d5."),
        "{words}"
    );
}
