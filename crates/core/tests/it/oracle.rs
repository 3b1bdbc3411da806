//! python-chess as an independent judge of the referee: shakmaty must not be both the
//! implementation and the only judge of it. Skips (with a note) when python-chess is missing;
//! CI installs it.

use crate::common;

use std::io::Write;
use std::process::{Command, Stdio};

use chess_tutor_core::rules::{Lang, explain_squares, json::verdict_json};
use shakmaty::{EnPassantMode, Position, Rank, Role, Square, fen::Fen};

#[test]
fn python_chess_agrees_with_every_verdict() {
    if !crate::oracles::python_chess() {
        return;
    }
    let mut rng = common::Rng::new(2024);
    let mut lines = String::new();
    let mut count = 0usize;
    for game in 0..60 {
        let pos = common::random_position(&mut rng, 10 + game * 2);
        let fen = Fen::from_position(&pos, EnPassantMode::Legal).to_string();
        for from in pos.board().by_color(pos.turn()) {
            for to in Square::ALL {
                let promo: Option<Role> = (pos.board().role_at(from) == Some(Role::Pawn)
                    && matches!(to.rank(), Rank::First | Rank::Eighth))
                .then_some(Role::Queen);
                let verdict = explain_squares(&pos, from, to, promo);
                let json = verdict_json(&pos, &verdict, "", Lang::En);
                lines.push_str(
                    &serde_json::json!({
                        "fen": fen, "from": from.to_string(), "to": to.to_string(),
                        "promotion": promo.map(|r| r.char().to_string()), "verdict": json,
                    })
                    .to_string(),
                );
                lines.push('\n');
                count += 1;
            }
        }
    }
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/oracle/check_explain.py");
    let mut child = Command::new("python3")
        .arg(script)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("python3 runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(lines.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "oracle failed: {stdout}");
    assert!(
        !stdout.contains("MISMATCH"),
        "python-chess disagrees:\n{stdout}"
    );
    assert!(stdout.contains(&format!("checked {count}")), "{stdout}");
    assert!(count > 10_000, "too few pairs checked: {count}");
}
