//! The command line: `chess-tutor check` on the shipped course and on broken folders, and
//! `chess-tutor render`.

use std::path::PathBuf;
use std::process::Command;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A course folder with one lesson whose move step expects an illegal move (`Rb5`: the rook
/// on a4 cannot reach b5) on line [`BROKEN_LINE`].
fn broken_folder() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let lessons = dir.path().join("lessons");
    std::fs::create_dir(&lessons).unwrap();
    let yaml = "id: demo\nunit: 3\ntitle:\n  zh: 车\n  en: The rook\nsteps:\n  - id: demo-move\n    kind: move\n    board: 7k/8/8/8/R7/8/8/7K w - - 0 1\n    text: {zh: 把车走到e4, en: Move the rook to e4}\n    goal: {piece_on: {square: e4, piece: R}}\n    expected:\n      - Rb5\n    wrong:\n      - Rd4\n    hint: {zh: 沿横线走, en: Along the rank}\n    why: {zh: 数一数, en: Count the squares}\n";
    std::fs::write(lessons.join("03-demo.yaml"), yaml).unwrap();
    dir
}

/// The line of `- Rb5` in [`broken_folder`]'s lesson.
const BROKEN_LINE: usize = 13;

/// The size of a PNG file, from its header.
fn png_size(bytes: &[u8]) -> (u32, u32) {
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let reader = decoder.read_info().expect("a PNG header");
    let info = reader.info();
    (info.width, info.height)
}

fn run_check(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_chess-tutor"))
        .arg("check")
        .args(args)
        .env_remove("CHESS_TUTOR_CONTENT")
        .output()
        .unwrap()
}

#[test]
fn check_passes_on_the_shipped_content() {
    let root = env!("CARGO_MANIFEST_DIR");
    let out = run_check(&["--content", root]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let out = run_check(&["--json", "--content", root]);
    assert!(out.status.success());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["lessons"], 20);
    assert!(json["steps"].as_u64().unwrap() >= 120);
    let by_kind = &json["steps_by_kind"];
    let kinds: u64 = ["explain", "move", "squares", "judge", "mate", "quiz"]
        .iter()
        .map(|k| by_kind[*k].as_u64().unwrap_or(0))
        .sum();
    assert_eq!(kinds, json["steps"].as_u64().unwrap(), "{by_kind}");
    assert!(by_kind["mate"].as_u64().unwrap() >= 9, "{by_kind}");
    assert_eq!(json["problems"], serde_json::json!([]));
    for key in ["quiz_items", "puzzles"] {
        assert!(json[key].is_u64(), "{key}");
    }
}

#[test]
fn check_fails_on_a_broken_folder() {
    let dir = broken_folder();
    let root = dir.path().to_str().unwrap();
    let out = run_check(&["--content", root]);
    assert!(!out.status.success());
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains(&format!(
            "03-demo.yaml:{}: step `demo-move`: expected move `Rb5` is illegal here",
            BROKEN_LINE
        )),
        "{stdout}"
    );
    let out = run_check(&["--json", "--content", root]);
    assert!(!out.status.success());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["lessons"], 0);
    assert_eq!(json["problems"][0]["line"], BROKEN_LINE);
}

#[test]
fn check_fails_on_a_missing_folder() {
    let dir = tempfile::tempdir().unwrap();
    let out = run_check(&["--content", dir.path().to_str().unwrap()]);
    assert!(!out.status.success());
}

#[test]
fn check_flags_a_quiz_step_naming_no_item() {
    let dir = tempfile::tempdir().unwrap();
    let lessons = dir.path().join("lessons");
    std::fs::create_dir_all(lessons.join("quiz")).unwrap();
    std::fs::create_dir_all(dir.path().join("puzzles")).unwrap();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let rook = std::fs::read_to_string(root.join("lessons/03-rook.yaml")).unwrap();
    let broken = rook.replace("quiz: rook-diagonal", "quiz: no-such-item");
    assert_ne!(rook, broken, "the rook lesson ends with a quiz step");
    std::fs::write(lessons.join("03-rook.yaml"), broken).unwrap();
    std::fs::copy(
        root.join("lessons/quiz/03-rook.yaml"),
        lessons.join("quiz/03-rook.yaml"),
    )
    .unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_chess-tutor"))
        .arg("check")
        .arg("--content")
        .arg(dir.path())
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(!out.status.success());
    assert!(
        stdout.contains("03-rook.yaml:") && stdout.contains("no-such-item"),
        "{stdout}"
    );
}

// ---------------------------------------------------------------- the command line

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_chess-tutor"))
}

fn temp_dir(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("chess-tutor-render-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn cli_writes_png_and_svg() {
    let dir = temp_dir("ok");
    let png_path = dir.join("board.png");
    let out = bin()
        .args([
            "render",
            "--fen",
            START,
            "--size",
            "300",
            "--flip",
            "--last-move",
            "e2e4",
        ])
        .args([
            "--mark",
            "e4",
            "d5:attacker",
            "--arrow",
            "g1f3",
            "e7e5:attack",
        ])
        .arg("-o")
        .arg(&png_path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(png_size(&std::fs::read(&png_path).unwrap()), (300, 300));

    let svg_path = dir.join("board.SVG");
    let out = bin()
        .args(["render", "--fen", START, "-o"])
        .arg(&svg_path)
        .output()
        .unwrap();
    assert!(out.status.success());
    let svg = std::fs::read_to_string(&svg_path).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains(r#"width="512""#));
}

#[test]
fn cli_refuses_bad_input_with_exit_2_and_no_file() {
    let dir = temp_dir("bad");
    let cases: [(&[&str], &str); 7] = [
        (&["--fen", "rnbqkbnr/pppppppp/9/8 w"], "not a FEN"),
        (&["--fen", START, "--mark", "z9"], "not a square"),
        (
            &["--fen", START, "--mark", "e4:purple"],
            "not a kind of mark",
        ),
        (&["--fen", START, "--arrow", "e2"], "not a move"),
        (
            &["--fen", START, "--arrow", "e2e4:wobbly"],
            "not a kind of arrow",
        ),
        (&["--fen", START, "--last-move", "e2e9"], "not a move"),
        (&["--fen", START, "--size", "5"], "picture size 5 px"),
    ];
    for (i, (args, message)) in cases.iter().enumerate() {
        let path = dir.join(format!("{i}.png"));
        let out = bin()
            .arg("render")
            .args(*args)
            .arg("-o")
            .arg(&path)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        assert!(!path.exists(), "{args:?} wrote a file");
    }
    let path = dir.join("board.jpg");
    let out = bin()
        .args(["render", "--fen", START, "-o"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains(".png or .svg"));
    assert!(!path.exists());
}

/// `backup` and `restore` on a PostgreSQL store say how to do it with pg_dump, and exit 2.
#[test]
fn backup_on_postgresql_names_pg_dump() {
    for args in [
        &["backup", "--to", "x.sqlite3"][..],
        &["restore", "x.sqlite3"],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_chess-tutor"))
            .args(args)
            .env("DATABASE_URL", "postgres://tutor:secret@db.example/tutor")
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(
            err.contains("pg_dump") && err.contains("pg_restore"),
            "{err}"
        );
        assert!(!err.contains("secret"), "{err}");
    }
    // No store where one is asked to back up: exit 2, said.
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_chess-tutor"))
        .arg("--data-dir")
        .arg(dir.path())
        .args(["backup", "--to"])
        .arg(dir.path().join("b.sqlite3"))
        .env_remove("DATABASE_URL")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no learner store"));
}
