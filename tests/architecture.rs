//! The architecture of DESIGN.md, checked: the library never imports teloxide; the tutor core
//! touches no database, network, file system or clock; the binary does not compile library
//! modules a second time.

use std::fs;
use std::path::{Path, PathBuf};

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    out
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The binary's own modules: the only place allowed to know transports.
fn is_binary_only(path: &Path) -> bool {
    let rel = path.strip_prefix(src()).unwrap();
    let first = rel
        .components()
        .next()
        .unwrap()
        .as_os_str()
        .to_string_lossy()
        .into_owned();
    matches!(
        first.as_str(),
        "main.rs" | "shell.rs" | "cli" | "terminal" | "telegram"
    )
}

#[test]
fn the_library_never_imports_teloxide() {
    let files = rust_files(&src());
    assert!(files.len() > 20, "found only {} files", files.len());
    for file in files.iter().filter(|f| !is_binary_only(f)) {
        let text = fs::read_to_string(file).unwrap();
        assert!(
            !text.contains("teloxide"),
            "{} mentions teloxide",
            file.display()
        );
    }
}

#[test]
fn the_tutor_core_is_pure() {
    let forbidden = [
        "sqlx",
        "crate::store",
        "tokio",
        "std::time",
        "SystemTime",
        "Instant::",
        "std::net",
        "std::fs",
        "std::env",
        "rand::",
    ];
    let files = rust_files(&src().join("tutor"));
    assert!(!files.is_empty());
    for file in files {
        let text = fs::read_to_string(&file).unwrap();
        for word in forbidden {
            assert!(!text.contains(word), "{} uses {word}", file.display());
        }
    }
}

#[test]
fn the_binary_does_not_redeclare_library_modules() {
    let main = fs::read_to_string(src().join("main.rs")).unwrap();
    for module in [
        "rules", "content", "render", "search", "puzzle", "tutor", "store",
    ] {
        assert!(
            !main.contains(&format!("mod {module};")),
            "main.rs declares `{module}`, which the library already compiles"
        );
    }
}
