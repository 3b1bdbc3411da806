//! The terminal chat as a learner (or a script) uses it: stdin piped, progress kept across
//! processes.

use std::io::Write;
use std::process::{Command, Stdio};

fn chat(data: &std::path::Path, lines: &str, args: &[&str]) -> (String, String, bool) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chess-tutor"))
        .arg("--data-dir")
        .arg(data)
        .args(args)
        .env_remove("TELOXIDE_TOKEN")
        .env_remove("DATABASE_URL")
        .env_remove("CHESS_TUTOR_CONTENT")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(lines.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.success(),
    )
}

#[test]
fn progress_survives_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let (out, _, ok) = chat(
        dir.path(),
        "/lesson 3\n1\n1\nRh4\n",
        &["chat", "--lang", "en"],
    );
    assert!(ok);
    assert!(out.contains("Right!"), "{out}");
    assert!(dir.path().join("board.png").exists());
    // A new process on the same data directory finds the progress and the current step.
    let (out, _, ok) = chat(dir.path(), "/progress\n", &["chat"]);
    assert!(ok);
    assert!(
        out.contains("Unit 3 The rook · 4/"),
        "resumes the step: {out}"
    );
    assert!(out.contains("Lessons: 3/"), "three steps done: {out}");
}

#[test]
fn the_bare_command_is_the_terminal_chat() {
    let dir = tempfile::tempdir().unwrap();
    let (out, err, ok) = chat(dir.path(), "/help\n", &[]);
    assert!(ok, "{err}");
    assert!(
        err.contains("TELOXIDE_TOKEN"),
        "says how to connect Telegram: {err}"
    );
    assert!(out.contains("/lesson"), "{out}");
}

#[test]
fn odd_input_does_not_crash_the_chat() {
    let dir = tempfile::tempdir().unwrap();
    let mut lines = String::from("/lesson 1\n");
    lines.push_str(&"x".repeat(100_000));
    lines.push('\n');
    lines.push_str("99\n0\n/explain\n/explain a b c\n\u{202e}e4\n/lesson 999\n/lesson -1\n/puzzle\n/hint\n/hint\n/hint\n/solution\n");
    let (out, err, ok) = chat(dir.path(), &lines, &["chat", "--lang", "zh"]);
    assert!(ok, "{err}");
    assert!(out.contains("太长"), "{out}");
    assert!(out.contains("答案"), "{out}");
}
