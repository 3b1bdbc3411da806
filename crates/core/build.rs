//! Compiles the shipped lessons, quizzes and puzzles into the binary: every `*.yaml` under
//! `lessons/`, `lessons/quiz/` and `puzzles/` becomes an `include_str!` entry, so adding a
//! lesson file needs no code change.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::{env, fs};

fn yaml_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|e| e == "yaml" || e == "yml"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

fn table(out: &mut String, name: &str, root: &Path, rel: &str) {
    let dir = root.join(rel);
    println!("cargo:rerun-if-changed={}", dir.display());
    writeln!(out, "/// Shipped `{rel}/*.yaml` files: (path, contents).").unwrap();
    writeln!(out, "pub const {name}: &[(&str, &str)] = &[").unwrap();
    for file in yaml_files(&dir) {
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        writeln!(
            out,
            "    ({:?}, include_str!({:?})),",
            format!("{rel}/{name}"),
            file.display().to_string()
        )
        .unwrap();
    }
    writeln!(out, "];").unwrap();
}

fn main() {
    // The content lives at the top of the repository, beside the crates.
    let root = PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap()).join("../..");
    let mut out = String::new();
    table(&mut out, "LESSONS", &root, "lessons");
    table(&mut out, "QUIZ", &root, "lessons/quiz");
    table(&mut out, "PUZZLES", &root, "puzzles");
    let dest = PathBuf::from(env::var("OUT_DIR").unwrap()).join("shipped.rs");
    fs::write(dest, out).unwrap();
    println!("cargo:rerun-if-changed=build.rs");
}
