//! The architecture of DESIGN.md, checked.
//!
//! - The core crate cannot reach a database driver, the network or an async runtime: its
//!   dependency tree (from `cargo tree`) has none of them, so the compiler keeps it pure.
//! - Inside the core, the layers depend downwards only (`rules` at the bottom, `tutor` at the
//!   top), and the tutor reads no clock, no environment and no file.
//! - Inside a module folder (`tutor/`, `render/`, `telegram/`, …) no two files import each
//!   other in a circle.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

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
    out.sort();
    out
}

/// The code of a file without its comments (so a doc comment naming a crate is no import) and
/// without its `#[cfg(test)]` module at the foot (tests may use anything).
fn code_of(path: &Path) -> String {
    let text = fs::read_to_string(path).unwrap();
    let text = match text.find("#[cfg(test)]\nmod tests") {
        Some(i) => &text[..i],
        None => &text,
    };
    text.lines()
        .map(|line| match line.find("//") {
            Some(i) => &line[..i],
            None => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every package the given package depends on on this machine, directly or not (normal
/// dependencies only; build scripts and tests may use more).
fn dependency_closure(package: &str) -> BTreeSet<String> {
    let out = Command::new(env!("CARGO"))
        .args([
            "tree",
            "--offline",
            "-e",
            "normal",
            "--prefix",
            "none",
            "-p",
            package,
        ])
        .current_dir(root())
        .output()
        .expect("cargo tree runs");
    assert!(
        out.status.success(),
        "cargo tree: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != package)
        .map(str::to_owned)
        .collect()
}

#[test]
fn the_core_cannot_reach_a_database_the_network_or_a_runtime() {
    let closure = dependency_closure("chess-tutor-core");
    assert!(closure.contains("shakmaty"), "{closure:?}");
    for forbidden in [
        "sqlx",
        "sqlx-core",
        "libsqlite3-sys",
        "tokio",
        "teloxide-core",
        "axum",
        "hyper",
        "reqwest",
        "chess-tutor-store",
    ] {
        assert!(
            !closure.contains(forbidden),
            "chess-tutor-core depends on {forbidden}"
        );
    }
}

#[test]
fn the_store_knows_nothing_of_chess_or_telegram() {
    let closure = dependency_closure("chess-tutor-store");
    for forbidden in ["shakmaty", "chess-tutor-core", "teloxide-core", "axum"] {
        assert!(
            !closure.contains(forbidden),
            "chess-tutor-store depends on {forbidden}"
        );
    }
}

/// The core's layers, lowest first: a module may use its own layer and the ones below.
const LAYERS: &[&str] = &[
    "i18n", "rules", "search", "render", "content", "draw", "game", "tutor",
];

fn layer_of(name: &str) -> Option<usize> {
    LAYERS.iter().position(|l| *l == name)
}

#[test]
fn the_core_layers_depend_downwards_only() {
    let src = root().join("crates/core/src");
    let mut checked = 0;
    for file in rust_files(&src) {
        let rel = file.strip_prefix(&src).unwrap();
        let top = rel
            .components()
            .next()
            .unwrap()
            .as_os_str()
            .to_string_lossy();
        let top = top.trim_end_matches(".rs");
        let Some(own) = layer_of(top) else {
            continue;
        };
        checked += 1;
        let code = code_of(&file);
        for (i, _) in code.match_indices("crate::") {
            let used: String = code[i + 7..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if let Some(layer) = layer_of(&used) {
                assert!(
                    layer <= own,
                    "{} (layer {top}) uses crate::{used}, a layer above it",
                    rel.display()
                );
            }
        }
        for (i, _) in code.match_indices("use crate::{") {
            let list: String = code[i + 12..].chars().take_while(|c| *c != '}').collect();
            for used in list
                .split(',')
                .map(|s| s.trim().split("::").next().unwrap())
            {
                if let Some(layer) = layer_of(used) {
                    assert!(
                        layer <= own,
                        "{} (layer {top}) uses crate::{used}, a layer above it",
                        rel.display()
                    );
                }
            }
        }
    }
    assert!(checked > 40, "checked only {checked} files");
}

#[test]
fn the_tutor_reads_no_clock_environment_or_file() {
    let forbidden = [
        "std::time",
        "SystemTime",
        "Instant::",
        "std::net",
        "std::fs",
        "std::env",
        "rand::",
        "Utc::now",
        "Local::now",
    ];
    let files = rust_files(&root().join("crates/core/src/tutor"));
    assert!(!files.is_empty());
    for file in files {
        let code = code_of(&file);
        for word in forbidden {
            assert!(!code.contains(word), "{} uses {word}", file.display());
        }
    }
}

/// The names a piece of code reaches through `prefix` (`super::x`, `super::{x, y::z}`): the
/// first path segment after it. A `super::` prefix must not be part of a longer chain.
fn names_after(code: &str, prefix: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (i, _) in code.match_indices(prefix) {
        if prefix.starts_with("super::") && code[..i].ends_with("::") {
            continue;
        }
        let rest = &code[i + prefix.len()..];
        if let Some(list) = rest.strip_prefix('{') {
            let list: String = list.chars().take_while(|c| *c != '}').collect();
            for item in list.split(',') {
                out.push(item.trim().split("::").next().unwrap().trim().to_owned());
            }
        } else {
            out.push(
                rest.chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect(),
            );
        }
    }
    out
}

/// The files of one module folder and which of them each one imports: `super::x`,
/// `crate::…::folder::x` and names the folder's `mod.rs` re-exports from `x`. A sub-folder is
/// one node: what any file inside it imports, it imports.
fn sibling_imports(folder: &Path, module_path: &str) -> BTreeMap<String, BTreeSet<String>> {
    // Node name -> its files, each with how deep it sits below `folder`'s children.
    let mut files: BTreeMap<String, Vec<(PathBuf, usize)>> = BTreeMap::new();
    for entry in fs::read_dir(folder).unwrap() {
        let path = entry.unwrap().path();
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        if path.is_dir() {
            if path.join("mod.rs").exists() {
                let inside = rust_files(&path)
                    .into_iter()
                    .map(|f| {
                        let rel = f.strip_prefix(&path).unwrap();
                        let depth = rel.components().count() - 1;
                        // `mod.rs` of the sub-folder speaks of the folder as `super`.
                        let depth = if rel.file_name().unwrap() == "mod.rs" {
                            depth
                        } else {
                            depth + 1
                        };
                        (f, depth)
                    })
                    .collect();
                files.insert(stem, inside);
            }
        } else if path.extension().is_some_and(|e| e == "rs") && stem != "mod" && stem != "lib" {
            files.insert(stem, vec![(path, 0)]);
        }
    }
    // Names that the folder's front door re-exports, and the file they come from.
    let mut reexported: BTreeMap<String, String> = BTreeMap::new();
    for front in ["mod.rs", "lib.rs"] {
        let Ok(text) = fs::read_to_string(folder.join(front)) else {
            continue;
        };
        for line in text.lines() {
            let line = line.trim();
            let Some(rest) = line
                .strip_prefix("pub use ")
                .or_else(|| line.strip_prefix("pub(crate) use "))
                .or_else(|| line.strip_prefix("pub(super) use "))
            else {
                continue;
            };
            let rest = rest.trim_start_matches("self::");
            let Some((file, names)) = rest.split_once("::") else {
                continue;
            };
            let names = names
                .trim_end_matches(';')
                .trim_matches(|c| c == '{' || c == '}');
            for name in names.split(',') {
                let name = name.trim().rsplit(" as ").next().unwrap().trim();
                if !name.is_empty() {
                    reexported.insert(name.to_owned(), file.to_owned());
                }
            }
        }
    }
    let mut graph = BTreeMap::new();
    for (stem, paths) in &files {
        let mut uses = BTreeSet::new();
        for (path, depth) in paths {
            let code = code_of(path);
            let up = "super::".repeat(depth + 1);
            let mut words = names_after(&code, &up);
            words.extend(names_after(&code, &format!("{module_path}::")));
            for word in words {
                if word == *stem {
                    continue;
                }
                if files.contains_key(&word) {
                    uses.insert(word);
                } else if let Some(file) = reexported.get(&word)
                    && file != stem
                    && files.contains_key(file)
                {
                    uses.insert(file.clone());
                }
            }
        }
        graph.insert(stem.clone(), uses);
    }
    graph
}

/// A circle in the graph, if there is one.
fn find_cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        stack: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(i) = stack.iter().position(|n| n == node) {
            let mut cycle = stack[i..].to_vec();
            cycle.push(node.to_owned());
            return Some(cycle);
        }
        if done.contains(node) {
            return None;
        }
        stack.push(node.to_owned());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(c) = visit(next, graph, stack, done) {
                return Some(c);
            }
        }
        stack.pop();
        done.insert(node.to_owned());
        None
    }
    let mut done = BTreeSet::new();
    for node in graph.keys() {
        if let Some(c) = visit(node, graph, &mut Vec::new(), &mut done) {
            return Some(c);
        }
    }
    None
}

/// Every module folder of the workspace: (folder, its path in Rust).
fn module_folders() -> Vec<(PathBuf, String)> {
    let mut out = Vec::new();
    for (src, crate_path) in [
        (root().join("crates/core/src"), "crate"),
        (root().join("crates/store/src"), "crate"),
        (root().join("src"), "crate"),
    ] {
        out.push((src.clone(), crate_path.to_owned()));
        let mut todo = vec![(src.clone(), crate_path.to_owned())];
        while let Some((dir, path)) = todo.pop() {
            for entry in fs::read_dir(&dir).unwrap() {
                let p = entry.unwrap().path();
                if p.is_dir() && p.join("mod.rs").exists() {
                    let name = p.file_name().unwrap().to_string_lossy().into_owned();
                    let sub = format!("{path}::{name}");
                    out.push((p.clone(), sub.clone()));
                    todo.push((p, sub));
                }
            }
        }
    }
    out
}

#[test]
fn no_module_folder_has_an_import_cycle() {
    let folders = module_folders();
    assert!(folders.len() > 8, "found only {} folders", folders.len());
    let mut cycles = Vec::new();
    for (folder, path) in &folders {
        let graph = sibling_imports(folder, path);
        if let Some(cycle) = find_cycle(&graph) {
            cycles.push(format!(
                "{}: {}",
                folder.strip_prefix(root()).unwrap().display(),
                cycle.join(" -> ")
            ));
        }
    }
    assert!(cycles.is_empty(), "import cycles:\n{}", cycles.join("\n"));
}

#[test]
fn the_cycle_finder_sees_a_cycle() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join("mod.rs"),
        "mod a;\nmod b;\npub use c::Thing;\n",
    )
    .unwrap();
    fs::write(dir.path().join("a.rs"), "use super::b::go;\n").unwrap();
    fs::write(dir.path().join("b.rs"), "use super::Thing;\n").unwrap();
    fs::write(dir.path().join("c.rs"), "use super::{a, other};\n").unwrap();
    let graph = sibling_imports(dir.path(), "crate::x");
    assert_eq!(
        find_cycle(&graph),
        Some(vec!["a".into(), "b".into(), "c".into(), "a".into()])
    );
    fs::write(dir.path().join("c.rs"), "// super::a is only named here\n").unwrap();
    assert_eq!(find_cycle(&sibling_imports(dir.path(), "crate::x")), None);
}

#[test]
fn the_binary_does_not_redeclare_library_modules() {
    let main = fs::read_to_string(root().join("src/main.rs")).unwrap();
    for module in ["rules", "content", "render", "search", "tutor", "store"] {
        assert!(
            !main.contains(&format!("mod {module};")),
            "main.rs declares `{module}`, which a library crate already compiles"
        );
    }
}
