//! The quiz bank and the position-question generators: the shipped bank loads clean and meets
//! its counts, loader messages point at the right file and line, and generated answers agree
//! with an independent recomputation (python-chess when available, raw shakmaty always).

use std::collections::BTreeSet;
use std::io::Write;
use std::process::{Command, Stdio};

use chess_tutor_core::content::Problem;
use chess_tutor_core::content::generate::{Generator, Topic, generate};
use chess_tutor_core::content::quiz::{
    self, Answer, Claim, QuizItem, QuizKind, Response, load_quiz_sources,
};
use serde_json::{Value, json};
use shakmaty::{CastlingMode, Chess, Color, Position, uci::UciMove};

fn shipped() -> Vec<QuizItem> {
    let (items, problems) = quiz::shipped();
    assert!(
        problems.is_empty(),
        "the shipped bank has problems:\n{}",
        problems
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("\n")
    );
    items
}

#[test]
fn shipped_bank_loads_clean_and_meets_the_counts() {
    let items = shipped();
    assert!(items.len() >= 150, "{} items", items.len());
    let checked = items.iter().filter(|i| i.is_engine_checked()).count();
    assert!(checked >= 50, "{checked} engine-checked items");
    let units: BTreeSet<u8> = items.iter().map(|i| i.unit).collect();
    assert_eq!(units, (1..=20).collect::<BTreeSet<u8>>());
    for kind in [QuizKind::TrueFalse, QuizKind::MultipleChoice] {
        assert!(items.iter().any(|i| i.kind() == kind), "{kind:?}");
    }
    // Both answers occur among the true/false items, so "always true" is not a strategy.
    let tf: Vec<bool> = items
        .iter()
        .filter_map(|i| match i.answer {
            Answer::TrueFalse { correct, .. } => Some(correct),
            Answer::MultipleChoice { .. } => None,
        })
        .collect();
    let trues = tf.iter().filter(|b| **b).count();
    assert!(
        trues * 4 > tf.len() && trues * 4 < tf.len() * 3,
        "{trues} of {}",
        tf.len()
    );
    for item in &items {
        assert!(item.verify().is_ok(), "{}: {:?}", item.id, item.verify());
    }
}

#[test]
fn embedded_bank_is_the_folder() {
    let root = crate::repo();
    let on_disk: BTreeSet<String> = std::fs::read_dir(root.join("lessons/quiz"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .map(|p| p.strip_prefix(&root).unwrap().display().to_string())
        .collect();
    let embedded: BTreeSet<String> = quiz::SHIPPED
        .iter()
        .map(|(p, _)| (*p).to_string())
        .collect();
    assert_eq!(on_disk, embedded, "add new quiz files to quiz::SHIPPED");
    let (items, problems) = quiz::shipped();
    assert!(problems.is_empty());
    assert_eq!(items.len(), shipped().len());
}

#[test]
fn folk_rules_are_taught() {
    let items = shipped();
    for id in [
        "check-folk-three-illegal",
        "draw-fifty-folk-captures",
        "draw-perpetual-folk",
        "stale-folk-win",
        "capture-not-compulsory",
    ] {
        assert!(items.iter().any(|i| i.id == id), "{id}");
    }
}

const GOOD: &str = r#"# a comment line
- id: ep-legal
  unit: 10
  kind: true_false
  fen: "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2"
  claim: {kind: legal_move, move: exd6}
  question:
    zh: "白方可以吃过路兵exd6。"
    en: "White may capture en passant with exd6."
  answer: true
  explanation:
    zh: "黑兵刚走了两格。"
    en: "The black pawn has just moved two squares."
"#;

fn problems_of(yaml: &str) -> Vec<String> {
    let (_, problems) = load_quiz_sources(&[("lessons/quiz/10-en-passant.yaml", yaml)]);
    problems.iter().map(Problem::to_string).collect()
}

#[test]
fn the_template_is_good() {
    let (items, problems) = load_quiz_sources(&[("lessons/quiz/10-en-passant.yaml", GOOD)]);
    assert!(problems.is_empty(), "{problems:?}");
    assert!(items[0].is_correct(Response::TrueFalse(true)));
}

#[test]
fn bad_fen_points_at_its_line() {
    let yaml = GOOD.replace("4k3/8/8/3pP3", "4k3/8/8/3pP9");
    let p = problems_of(&yaml);
    assert_eq!(p.len(), 1, "{p:?}");
    assert!(
        p[0].starts_with("lessons/quiz/10-en-passant.yaml:5: fen `4k3/8/8/3pP9"),
        "{}",
        p[0]
    );
    // A well-formed FEN of an impossible position is reported the same way.
    let yaml = GOOD.replace("4k3/8/8/3pP3/8/8/8/4K3", "4k3/8/8/3pP3/8/8/8/8");
    let p = problems_of(&yaml);
    assert_eq!(p.len(), 1, "{p:?}");
    assert!(
        p[0].starts_with("lessons/quiz/10-en-passant.yaml:5: "),
        "{}",
        p[0]
    );
    assert!(p[0].contains("impossible position"), "{}", p[0]);
}

#[test]
fn missing_zh_points_at_the_text() {
    let yaml = GOOD.replace("    zh: \"白方可以吃过路兵exd6。\"\n", "");
    assert_eq!(
        problems_of(&yaml),
        ["lessons/quiz/10-en-passant.yaml:8: `question` has no `zh` text"]
    );
    let yaml = GOOD.replace("    zh: \"黑兵刚走了两格。\"\n", "");
    assert_eq!(
        problems_of(&yaml),
        ["lessons/quiz/10-en-passant.yaml:12: `explanation` has no `zh` text"]
    );
}

#[test]
fn unknown_kind_points_at_its_line() {
    let yaml = GOOD.replace("kind: true_false", "kind: fill_in_the_blank");
    assert_eq!(
        problems_of(&yaml),
        [
            "lessons/quiz/10-en-passant.yaml:4: unknown kind `fill_in_the_blank` (expected true_false or multiple_choice)"
        ]
    );
    let yaml = GOOD.replace(
        "{kind: legal_move, move: exd6}",
        "{kind: legal, move: exd6}",
    );
    let p = problems_of(&yaml);
    assert_eq!(p.len(), 1);
    assert!(
        p[0].starts_with("lessons/quiz/10-en-passant.yaml:6: unknown claim kind `legal`"),
        "{}",
        p[0]
    );
}

#[test]
fn wrong_answer_key_points_at_the_answer() {
    let yaml = GOOD.replace("answer: true", "answer: false");
    assert_eq!(
        problems_of(&yaml),
        [
            "lessons/quiz/10-en-passant.yaml:10: answer is `false`, but the engine finds the claim legal_move true: exd6 is legal"
        ]
    );
    // The same position without the en passant square: the capture is gone, key `true` fails.
    let yaml = GOOD.replace(" w - d6 0 2", " w - - 0 2");
    let p = problems_of(&yaml);
    assert_eq!(p.len(), 1, "{p:?}");
    assert!(
        p[0].starts_with(
            "lessons/quiz/10-en-passant.yaml:10: answer is `true`, but the engine finds the claim legal_move false"
        ),
        "{}",
        p[0]
    );
}

#[test]
fn wrong_reason_code_fails_the_check() {
    let yaml = GOOD.replace(" w - d6 0 2", " w - - 0 2").replace(
        "{kind: legal_move, move: exd6}",
        "{kind: illegal_move, move: exd6, reason: pinned}",
    );
    let p = problems_of(&yaml);
    assert_eq!(p.len(), 1, "{p:?}");
    assert!(p[0].contains("not `pinned`"), "{}", p[0]);
    let fixed = yaml.replace("reason: pinned", "reason: en_passant_expired");
    assert!(problems_of(&fixed).is_empty(), "{:?}", problems_of(&fixed));
}

#[test]
fn every_problem_in_a_broken_file_is_reported() {
    let yaml = r#"
- id: one
  unit: 3
  kind: multiple_choice
  fen: "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"
  question: {zh: "哪一步合法？", en: "Which move is legal?"}
  choices:
    - {zh: "车a8", en: "Ra8", claim: {kind: legal_move, move: Ra8}}
    - {zh: "车h1", en: "Rh1", claim: {kind: legal_move, move: Rh1}}
  answer: b
  explanation: {zh: "e1的王挡住了车。", en: "The king on e1 is in the way."}
- id: two
  unit: 4
  kind: true_false
  question: {zh: "象可以走直线。", en: "A bishop may move along a file."}
  answer: c
  explanation: {zh: "不对。", en: "No."}
- id: three
  unit: 3
  kind: true_false
  claim: {kind: checkmate}
  question: {zh: "这是将死。", en: "This is mate."}
  answer: true
  explanation: {en: "No board."}
- id: one
  unit: 3
  kind: true_false
  question: {zh: "车不能越子。", en: "A rook cannot jump."}
  answer: true
  explanation: {zh: "对。", en: "True."}
"#;
    let (items, problems) = load_quiz_sources(&[("lessons/quiz/03-rook.yaml", yaml)]);
    let text: Vec<String> = problems.iter().map(ToString::to_string).collect();
    insta::assert_json_snapshot!("broken_file_problems", text);
    // Only the last item passes its own checks (its id is reported as a duplicate).
    assert_eq!(items.len(), 1);
    assert_eq!(problems.len(), 6);
}

#[test]
fn yaml_syntax_error_has_a_line() {
    let yaml = GOOD.replace("  answer: true", "  answer: [true");
    let p = problems_of(&yaml);
    assert_eq!(p.len(), 1, "{p:?}");
    assert!(
        p[0].starts_with("lessons/quiz/10-en-passant.yaml:1"),
        "{}",
        p[0]
    );
    assert!(p[0].contains("YAML"), "{}", p[0]);
}

// ---------------------------------------------------------------------------------------------
// Generators.

const SEEDS: u64 = 300;

fn generated() -> Vec<QuizItem> {
    let mut items = Vec::new();
    for seed in 0..SEEDS {
        let mut g = Generator::new(seed);
        for topic in Topic::ALL {
            items.push(g.item(topic));
        }
    }
    items
}

/// Every claim of an item with the answer the item's key implies for it.
fn keyed_claims(item: &QuizItem) -> Vec<(Claim, bool)> {
    match &item.answer {
        Answer::TrueFalse {
            correct,
            claim: Some(c),
        } => vec![(c.clone(), *correct)],
        Answer::TrueFalse { claim: None, .. } => vec![],
        Answer::MultipleChoice { choices, correct } => choices
            .iter()
            .enumerate()
            .filter_map(|(i, c)| c.claim.clone().map(|cl| (cl, i == *correct)))
            .collect(),
    }
}

/// A second route through shakmaty alone (no `rules`): legal-move lists and the position's own
/// predicates.
fn shakmaty_says(pos: &Chess, claim: &Claim) -> Option<bool> {
    let legal = pos.legal_moves();
    Some(match claim {
        Claim::LegalMove { mv } => {
            let uci: UciMove = mv.parse().ok()?;
            legal
                .iter()
                .any(|m| m.to_uci(CastlingMode::Standard) == uci)
        }
        Claim::CanCastle { side } => legal.iter().any(|m| m.castling_side() == Some(*side)),
        Claim::Checkmate => legal.is_empty() && pos.is_check(),
        Claim::Stalemate => legal.is_empty() && !pos.is_check(),
        Claim::HasLegalMoves => !legal.is_empty(),
        Claim::InCheck => pos.checkers().any(),
        Claim::CanMate { by: None } => {
            !pos.has_insufficient_material(Color::White)
                || !pos.has_insufficient_material(Color::Black)
        }
        Claim::LegalMoveCount {
            square: Some(sq),
            count,
        } => legal.iter().filter(|m| m.from() == Some(*sq)).count() == *count as usize,
        _ => return None,
    })
}

#[test]
fn generated_answers_agree_with_raw_shakmaty() {
    let items = generated();
    let mut checked = 0;
    for item in &items {
        assert!(item.verify().is_ok(), "{}: {:?}", item.id, item.verify());
        let board = item.board.as_ref().expect("generated items have a board");
        // The stored FEN is the position judged.
        let pos = chess_tutor_core::rules::parse_fen(&board.fen).unwrap();
        assert_eq!(&pos, board.position(), "{}", item.id);
        for (claim, expected) in keyed_claims(item) {
            let got = shakmaty_says(&pos, &claim)
                .unwrap_or_else(|| panic!("{}: no second route for {claim}", item.id));
            assert_eq!(got, expected, "{}: {} on {}", item.id, claim, board.fen);
            checked += 1;
        }
    }
    assert!(checked >= 2000, "{checked}");
}

#[test]
fn generated_answers_are_not_all_the_same() {
    let items = generated();
    for topic_tag in ["legal", "castle", "check", "win"] {
        let answers: BTreeSet<bool> = items
            .iter()
            .filter(|i| i.id.ends_with(topic_tag))
            .filter_map(|i| match i.answer {
                Answer::TrueFalse { correct, .. } => Some(correct),
                Answer::MultipleChoice { .. } => None,
            })
            .collect();
        assert_eq!(answers.len(), 2, "{topic_tag}: only {answers:?}");
    }
    let status: BTreeSet<usize> = items
        .iter()
        .filter(|i| i.id.ends_with("status"))
        .filter_map(|i| match i.answer {
            Answer::MultipleChoice { correct, .. } => Some(correct),
            Answer::TrueFalse { .. } => None,
        })
        .collect();
    assert_eq!(
        status.len(),
        3,
        "checkmate, stalemate and neither all occur"
    );
}

#[test]
fn same_seed_same_items() {
    assert_eq!(generate(42, 60), generate(42, 60));
    assert_ne!(generate(42, 60), generate(43, 60));
    let fens = ["r3k2r/pppq1ppp/2n2n2/3pp3/3PP3/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 8"];
    let a: Vec<QuizItem> = Generator::with_fens(9, &fens).unwrap().take(30).collect();
    let b: Vec<QuizItem> = Generator::with_fens(9, &fens).unwrap().take(30).collect();
    assert_eq!(a, b);
    assert!(a.iter().all(|i| i.verify().is_ok()));
}

#[test]
fn generated_ids_are_unique_and_texts_bilingual() {
    let items = generate(5, 500);
    let ids: BTreeSet<&str> = items.iter().map(|i| i.id.as_str()).collect();
    assert_eq!(ids.len(), items.len());
    for i in &items {
        assert!((1..=20).contains(&i.unit));
        if i.question.en.contains("O-O") || i.question.en.contains("castle") {
            assert_eq!(i.unit, 14, "{}: {}", i.id, i.question.en);
        }
        for t in [&i.question, &i.explanation] {
            assert!(
                t.zh.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
                "{}",
                t.zh
            );
            assert!(
                !t.en.is_empty() && !t.en.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
                "{}",
                t.en
            );
        }
    }
}

// ---------------------------------------------------------------------------------------------
// python-chess as an independent oracle.

const ORACLE: &str = r#"
import json, sys
import chess

def move(board, text):
    for parse in (board.parse_san, board.parse_uci):
        try:
            return parse(text), True
        except chess.IllegalMoveError:
            return None, True
        except (chess.InvalidMoveError, chess.AmbiguousMoveError, ValueError):
            continue
    return None, False

def judge(board, c, expected):
    k = c["kind"]
    if k in ("legal_move", "illegal_move", "gives_check", "gives_checkmate", "gives_stalemate"):
        # The reason code is the referee's own; python-chess can confirm the illegality only.
        if "reason" in c and not expected:
            return None
        m, readable = move(board, c["move"])
        if not readable:
            return None
        if k == "legal_move":
            return m is not None
        if k == "illegal_move":
            return m is None
        if m is None:
            return False
        board.push(m)
        r = {"gives_check": board.is_check, "gives_checkmate": board.is_checkmate,
             "gives_stalemate": board.is_stalemate}[k]()
        board.pop()
        return r
    if k == "in_check": return board.is_check()
    if k == "double_check": return len(board.checkers()) >= 2
    if k == "checkmate": return board.is_checkmate()
    if k == "stalemate": return board.is_stalemate()
    if k == "has_legal_moves": return any(True for _ in board.legal_moves)
    if k == "can_castle":
        test = board.is_kingside_castling if c["side"] == "king" else board.is_queenside_castling
        return any(test(m) for m in board.legal_moves)
    if k == "insufficient_material": return board.is_insufficient_material()
    if k == "can_mate":
        colors = [chess.WHITE, chess.BLACK] if "by" not in c else [c["by"] == "white"]
        return any(not board.has_insufficient_material(col) for col in colors)
    if k == "legal_move_count":
        moves = list(board.legal_moves)
        if "square" in c:
            sq = chess.parse_square(c["square"])
            moves = [m for m in moves if m.from_square == sq]
        return len(moves) == c["count"]
    if k == "attacked":
        color = chess.WHITE if c["by"] == "white" else chess.BLACK
        return board.is_attacked_by(color, chess.parse_square(c["square"]))
    # "May claim" (Art. 9.2, with the move about to be played), as the game's Claim button.
    if k == "threefold_repetition": return board.can_claim_threefold_repetition()
    # "Has occurred" exactly `count` times.
    if k == "occurred": return board.is_repetition(c["count"]) and not board.is_repetition(c["count"] + 1)
    if k == "fifty_move_rule": return board.can_claim_fifty_moves()
    return None

out = []
for line in sys.stdin:
    case = json.loads(line)
    board = chess.Board(case["fen"])
    for uci in case["moves"]:
        board.push_uci(uci)
    for c, expected in case["claims"]:
        got = judge(board, c, expected)
        if got is None:
            out.append("skip")
        elif got == expected:
            out.append("ok")
        else:
            out.append("MISMATCH %s %s %s expected %s" % (case["id"], case["fen"], json.dumps(c, ensure_ascii=False), expected))
print(json.dumps(out))
"#;

/// Runs the oracle over `items`; `None` when python-chess is missing (outside CI).
fn python_oracle(items: &[QuizItem]) -> Option<Vec<String>> {
    if !crate::oracles::python_chess() {
        return None;
    }
    let mut input = String::new();
    for item in items {
        let Some(board) = &item.board else { continue };
        let claims: Vec<Value> = keyed_claims(item)
            .into_iter()
            .map(|(c, e)| json!([c.to_json(), e]))
            .collect();
        let case = json!({"id": item.id, "fen": board.fen, "moves": board.moves, "claims": claims});
        input.push_str(&case.to_string());
        input.push('\n');
    }
    let mut child = Command::new("python3")
        .args(["-c", ORACLE])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("python3 runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "oracle failed");
    Some(serde_json::from_slice(&out.stdout).expect("oracle prints JSON"))
}

#[test]
fn python_chess_agrees_with_generated_answers() {
    let Some(results) = python_oracle(&generated()) else {
        return;
    };
    let bad: Vec<&String> = results
        .iter()
        .filter(|r| r.starts_with("MISMATCH"))
        .collect();
    assert!(bad.is_empty(), "{bad:#?}");
    let ok = results.iter().filter(|r| *r == "ok").count();
    assert_eq!(
        ok,
        results.len(),
        "every generated claim is judged by the oracle"
    );
    assert!(ok >= 2000, "{ok}");
}

#[test]
fn python_chess_agrees_with_the_bank() {
    let Some(results) = python_oracle(&shipped()) else {
        return;
    };
    let bad: Vec<&String> = results
        .iter()
        .filter(|r| r.starts_with("MISMATCH"))
        .collect();
    assert!(bad.is_empty(), "{bad:#?}");
    let ok = results.iter().filter(|r| *r == "ok").count();
    // Claims with a reason code or with notation python-chess does not read are skipped.
    eprintln!("python-chess judged {ok} of {} bank claims", results.len());
    assert!(ok >= 120, "only {ok} of {} claims judged", results.len());
}
