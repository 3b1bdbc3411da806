//! The fuzz targets' checks, one function per target: each takes any bytes and panics only
//! when it finds a bug. The AFL binaries (`fuzz_targets/`, run by `scripts/fuzz.sh`) call them;
//! so does the main workspace's `tests/fuzz.rs`, which CI runs (each target's seed corpus in
//! `fuzz/corpus/TARGET/`, then mutations of it for a bounded time), so that they are compiled
//! with the code they check at every change and cannot fall behind it.

#![allow(clippy::missing_panics_doc)]

#[allow(dead_code)]
#[path = "../../src/telegram/updates.rs"]
mod updates;

use std::sync::OnceLock;

use chess_tutor_core::content::board;
use chess_tutor_core::content::load_lessons_from;
use chess_tutor_core::content::puzzle::{parse_set, verify};
use chess_tutor_core::content::quiz::load_quiz_file;
use chess_tutor_core::rules::{
    Lang, PositionReport, explain, parse_fen, parse_input, text::verdict_text,
};
use chess_tutor_core::tutor::{Action, DuelAct, DuelId, callback::MAX_CALLBACK_BYTES};
use serde_json::Value;
use shakmaty::{Chess, Color, EnPassantMode, Position, Role, Square, fen::Fen, san::San};
use updates::{BatchError, split_batch, update_id};

/// A target's checks: any bytes; a panic is a finding.
pub type Check = fn(&[u8]);

/// Every target by name, as `scripts/fuzz.sh` and `fuzz/corpus/` name them.
pub const TARGETS: &[(&str, Check)] = &[
    ("move_reader", move_reader),
    ("fen_reader", fen_reader),
    ("callback_data", callback_data),
    ("lesson_yaml", lesson_yaml),
    ("quiz_yaml", quiz_yaml),
    ("puzzle_yaml", puzzle_yaml),
    ("telegram_updates", telegram_updates),
];

const FIXED: [&str; 5] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    // Castling both ways, en passant on d6, pawns to promote by a push and by a capture.
    "r3k2r/1Pp2ppp/8/3pP3/8/8/P1PP1PPP/R3K2R w KQkq d6 0 1",
    // A pinned knight.
    "4r1k1/8/8/8/4N3/8/8/4K3 w - - 0 1",
    // Black in check, with castling rights.
    "r3k2r/8/8/8/4Q3/8/8/4K3 b kq - 0 1",
    // Checkmate: no move at all.
    "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
];

/// The positions of [`FIXED`], read once.
fn fixed() -> &'static [Chess] {
    static FIXED_POSITIONS: OnceLock<Vec<Chess>> = OnceLock::new();
    FIXED_POSITIONS.get_or_init(|| FIXED.iter().map(|f| parse_fen(f).unwrap()).collect())
}

/// The move reader and the referee: any text, against a few fixed positions, or against the
/// position of its first line when that line is a FEN (`FEN\nmove`, as `/explain` reads them).
/// A verdict is the same twice, a Legal verdict's move is legal, and its words can be written.
/// An exact reading decides: a legal move read from strict SAN is the SAN's move, and a piece
/// letter or two squares never become a legal move of another piece or from another square.
pub fn move_reader(data: &[u8]) {
    let fixed = fixed();
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let own;
    let (positions, input) = match text.split_once('\n').map(|(f, m)| (parse_fen(f), m)) {
        Some((Ok(pos), mv)) => {
            own = [pos];
            (&own[..], mv)
        }
        _ => (fixed, text),
    };
    let _ = parse_input(input);
    for pos in positions {
        let verdict = explain(pos, input);
        assert_eq!(
            verdict,
            explain(pos, input),
            "the verdict changed on a second reading"
        );
        let san = San::from_ascii(input.as_bytes());
        if let Some(mv) = verdict.legal_move() {
            assert!(pos.is_legal(mv), "{input:?} read as the illegal {mv:?}");
            // (Rarer SAN such as `2e4` may be unreadable; never another move.)
            if let Ok(Ok(exact)) = san.clone().map(|san| san.to_move(pos)) {
                assert_eq!(mv, exact, "{input:?} is strict SAN");
            }
            // (A bare square such as `e4` may still be any piece's move: a pawn is left out.)
            if let Ok(San::Normal { role, .. }) = san
                && role != Role::Pawn
            {
                assert_eq!(mv.role(), role, "{input:?} moved another piece");
            }
            let b = input.as_bytes();
            if b.len() == 4
                && let (Ok(from), Ok(_)) =
                    (Square::from_ascii(&b[..2]), Square::from_ascii(&b[2..]))
            {
                assert_eq!(mv.from(), Some(from), "{input:?} moved from another square");
            }
        }
        for lang in [Lang::Zh, Lang::ZhHant, Lang::En] {
            let _ = verdict_text(pos, &verdict, input, lang);
        }
    }
}

/// The FEN reader (`/explain`, the CLI, the content files, stored games): no panic, and a
/// position it accepts writes a FEN that reads back to the same position.
pub fn fen_reader(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    // Syntax only: what "can this position occur?" questions read.
    let _ = board::parse_fen(text);
    let Ok(pos) = parse_fen(text) else {
        return;
    };
    let written = Fen::from_position(&pos, EnPassantMode::Legal).to_string();
    let again = parse_fen(&written).unwrap_or_else(|e| panic!("{written}: {e}"));
    assert_eq!(
        Fen::from_position(&again, EnPassantMode::Legal).to_string(),
        written
    );
    assert_eq!(again.legal_moves(), pos.legal_moves());
    let _ = PositionReport::of(&pos);
}

/// The callback data reader (button presses, forged or stale ones included) and the
/// invitation link's payload: no panic, and whatever is accepted encodes again within
/// Telegram's 64 bytes and reads back as the same thing.
pub fn callback_data(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Some(action) = Action::decode(text) {
        let again = action.encode();
        assert!(
            again.len() <= MAX_CALLBACK_BYTES,
            "{action:?} encodes as {again:?}"
        );
        assert_eq!(Action::decode(&again), Some(action), "{again:?}");
    }
    if let Some(id) = DuelId::from_payload(text) {
        assert_eq!(DuelId::from_payload(&id.payload()), Some(id));
    }
}

/// The lesson loader on any bytes as a lesson file: no panic, no hang (every check it runs,
/// the mate searches included, has a budget), and a lesson or a problem as its answer.
pub fn lesson_yaml(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (lessons, problems) = load_lessons_from(&[("lessons/05-fuzz.yaml", text)]);
    assert!(
        lessons.len() + problems.len() > 0,
        "neither a lesson nor a problem"
    );
    assert!(lessons.is_empty() || problems.is_empty());
}

/// The quiz loader on any bytes as a quiz file: no panic, no hang (the claims it checks run
/// searches with budgets).
pub fn quiz_yaml(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = load_quiz_file("lessons/quiz/05-fuzz.yaml".as_ref(), text);
}

/// The puzzle set reader on any bytes as a puzzle file, and `check`'s proof of each puzzle
/// it reads: no panic, no hang (the mate search has a budget).
pub fn puzzle_yaml(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(set) = parse_set(text, "puzzles/fuzz.yaml") {
        for puzzle in &set.puzzles {
            let _ = verify(puzzle);
        }
    }
}

/// The Telegram update reader on any bytes as a getUpdates answer and as one webhook update:
/// no panic, no hang. And a batch as a JSON writer writes it (the input read by serde_json and
/// written again) is read as serde_json reads it: each update exactly its element, with its
/// whole-number `update_id`, and `"ok": false` as the Bot API's refusal.
pub fn telegram_updates(data: &[u8]) {
    let Ok(body) = std::str::from_utf8(data) else {
        return;
    };
    let _ = update_id(body);
    let _ = split_batch(body);
    let Ok(answer) = serde_json::from_str::<Value>(body) else {
        return;
    };
    let written = answer.to_string();
    let batch = split_batch(&written);
    match (answer.get("ok"), answer.get("result")) {
        (Some(Value::Bool(false)), _) => assert_eq!(batch, Err(BatchError::NotOk)),
        (Some(Value::Bool(true)), Some(Value::Array(items))) => {
            let batch = batch.unwrap_or_else(|e| panic!("{e}: {written}"));
            assert_eq!(batch.len(), items.len());
            for (update, item) in batch.iter().zip(items) {
                assert_eq!(update.json, item.to_string());
                assert_eq!(update.id, item.get("update_id").and_then(Value::as_i64));
                assert_eq!(update.id, update_id(update.json));
            }
        }
        _ => assert!(batch.is_err(), "{written}"),
    }
}

/// The callback data seeds: one per button the tutor makes, from `Action::encode` itself (so
/// they follow the code), and an invitation payload.
#[must_use]
pub fn callback_seeds() -> Vec<String> {
    let nonce = 3_141_592_653;
    let mut actions = vec![
        Action::Menu,
        Action::Puzzle,
        Action::Quiz,
        Action::Pgn,
        Action::Invite,
        Action::Lesson(14),
        Action::Next(nonce),
        Action::Hint(nonce),
        Action::Solution(nonce),
        Action::Answer { nonce, choice: 3 },
        Action::Review(417),
        Action::TapBoard(nonce),
        Action::Tap {
            nonce,
            square: Square::E4,
        },
        Action::Done(nonce),
        Action::Promote {
            nonce,
            from: Square::B7,
            to: Square::A8,
            role: Role::Knight,
        },
        Action::Play {
            level: 8,
            side: Some(Color::Black),
        },
        Action::Play {
            level: 1,
            side: None,
        },
        Action::PlayLevel(0),
        Action::Claim(nonce),
        Action::OfferDraw(nonce),
        Action::Resign(nonce),
        Action::TakeBack(nonce),
        Action::Board(nonce),
    ];
    actions.extend([Lang::Zh, Lang::ZhHant, Lang::En].map(Action::Lang));
    for (i, act) in [DuelAct::Tap, DuelAct::ResignYes, DuelAct::Join]
        .into_iter()
        .enumerate()
    {
        let seat = [None, Some(Color::White), Some(Color::Black)][i];
        actions.push(Action::Duel {
            game: 9_007_199_254_740_993,
            ply: 65_535,
            act,
            seat,
        });
    }
    let mut seeds: Vec<String> = actions.iter().map(Action::encode).collect();
    seeds.push("duel-12345".to_owned());
    seeds
}
