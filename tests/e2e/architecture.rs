//! The architecture of docs/architecture.md, checked.
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

/// The core reads no files: the binary reads an author's folders and hands the core their
/// bytes (`content::files::Folder`); the shipped course is compiled in.
#[test]
fn the_core_reads_no_file() {
    let files = rust_files(&root().join("crates/core/src"));
    assert!(files.len() > 50);
    for file in files {
        let code = code_of(&file);
        for word in [
            "std::fs",
            "fs::read",
            "read_dir(",
            "File::open",
            "OpenOptions",
        ] {
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

/// The items a front door (`mod.rs`, `lib.rs`) defines itself: functions, types, constants.
fn own_items(code: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for line in code.lines() {
        let line = line.trim_start();
        let line = line
            .strip_prefix("pub(crate) ")
            .or_else(|| line.strip_prefix("pub(super) "))
            .or_else(|| line.strip_prefix("pub "))
            .unwrap_or(line);
        let line = line.strip_prefix("async ").unwrap_or(line);
        for kw in [
            "fn ", "struct ", "enum ", "const ", "static ", "type ", "trait ",
        ] {
            if let Some(rest) = line.strip_prefix(kw) {
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                if !name.is_empty() {
                    out.insert(name);
                }
            }
        }
    }
    out
}

/// Pairs (front door, file) of one folder tied both ways: the front door uses the file (not
/// only re-exports it), and the file uses an item the front door defines itself.
fn two_way_ties(folder: &Path, module_path: &str) -> Vec<String> {
    let Some(front) = ["mod.rs", "lib.rs", "main.rs"]
        .iter()
        .map(|f| folder.join(f))
        .find(|p| p.exists())
    else {
        return Vec::new();
    };
    let front_code = code_of(&front);
    let items = own_items(&front_code);
    // The front door's code without its declarations and re-exports (the front-door pattern).
    let front_body: String = front_code
        .lines()
        .filter(|l| {
            let l = l.trim_start();
            !(l.starts_with("mod ")
                || l.starts_with("pub mod ")
                || l.starts_with("pub(crate) mod ")
                || l.starts_with("pub use ")
                || l.starts_with("pub(crate) use ")
                || l.starts_with("pub(super) use "))
        })
        .collect::<Vec<_>>()
        .join("\n");
    let mut ties = Vec::new();
    for entry in fs::read_dir(folder).unwrap() {
        let path = entry.unwrap().path();
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        let is_file = path.extension().is_some_and(|e| e == "rs")
            && !["mod", "lib", "main"].contains(&stem.as_str());
        let is_folder = path.is_dir() && path.join("mod.rs").exists();
        if !(is_file || is_folder) {
            continue;
        }
        // `stem::` not preceded by another path segment (`x::stem::` is someone else's).
        let front_uses = front_body
            .match_indices(&format!("{stem}::"))
            .any(|(i, _)| {
                !front_body[..i].ends_with("::")
                    && !front_body[..i]
                        .chars()
                        .next_back()
                        .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
            });
        if !front_uses {
            continue;
        }
        let files = if is_folder {
            rust_files(&path)
        } else {
            vec![path.clone()]
        };
        let named: BTreeSet<String> = files
            .iter()
            .flat_map(|f| {
                let code = code_of(f);
                let mut names = names_after(&code, "super::");
                names.extend(names_after(&code, &format!("{module_path}::")));
                names
            })
            .collect();
        let back: Vec<&String> = named.iter().filter(|n| items.contains(*n)).collect();
        if !back.is_empty() {
            ties.push(format!(
                "{} <-> {stem} (it uses {})",
                front.strip_prefix(root()).unwrap_or(&front).display(),
                back.iter()
                    .map(|s| s.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
    }
    ties
}

/// A folder's front door that uses one of its files, while that file uses what the front door
/// defines, is a cycle the sibling check cannot see: none may exist.
#[test]
fn no_front_door_is_tied_both_ways_to_its_files() {
    let mut ties = Vec::new();
    for (folder, path) in module_folders() {
        ties.extend(two_way_ties(&folder, &path));
    }
    assert!(ties.is_empty(), "two-way ties:\n{}", ties.join("\n"));
}

#[test]
fn the_two_way_tie_finder_sees_one() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join("mod.rs"),
        "mod a;\npub use a::Thing;\npub fn helper() {}\nfn go() { a::run(); }\n",
    )
    .unwrap();
    fs::write(
        dir.path().join("a.rs"),
        "pub fn run() { super::helper(); }\n",
    )
    .unwrap();
    assert_eq!(two_way_ties(dir.path(), "crate::x").len(), 1);
    // Only a re-export in the front door: the front-door pattern, no tie.
    fs::write(
        dir.path().join("mod.rs"),
        "mod a;\npub use a::Thing;\npub fn helper() {}\n",
    )
    .unwrap();
    assert!(two_way_ties(dir.path(), "crate::x").is_empty());
}

/// One way in: outside their tests, the shells compute through one tutor function,
/// `tutor::step`, called in one place; they name no activity of the tutor.
#[test]
fn the_shells_step_the_tutor_through_one_function_in_one_place() {
    let mut steps = Vec::new();
    let mut inner = Vec::new();
    for file in rust_files(&root().join("src")) {
        let code = code_of(&file);
        let name = file.strip_prefix(root()).unwrap().display().to_string();
        for (i, _) in code.match_indices("tutor::step(") {
            steps.push(format!("{name}:{i}"));
        }
        for forbidden in [
            "tutor::duel",
            "tutor::game",
            "Mode::",
            "step_at(",
            "step_in(",
            "step_shared(",
        ] {
            if code.contains(forbidden) {
                inner.push(format!("{name}: {forbidden}"));
            }
        }
    }
    assert_eq!(steps.len(), 1, "tutor::step called at {steps:?}");
    assert!(steps[0].starts_with("src/shell.rs"), "{steps:?}");
    assert!(inner.is_empty(), "the tutor's insides named: {inner:?}");
}

/// The behaviour every move task shares (the refusal, the tap board, the promotion choice)
/// is provided once and names no activity: no mode, no activity's module, no callback handed
/// in by the dispatcher.
#[test]
fn the_move_task_behaviour_names_no_activity() {
    let tutor = root().join("crates/core/src/tutor");
    for file in ["move_task.rs", "tap.rs"] {
        let code = code_of(&tutor.join(file));
        // `Mode::` as a name of its own (not `CastlingMode::`).
        let names_mode = code.match_indices("Mode::").any(|(i, _)| {
            !code[..i]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_alphanumeric() || c == '_')
        });
        assert!(!names_mode, "tutor/{file} names a mode");
        for forbidden in [
            "super::lesson",
            "super::puzzle",
            "super::game",
            "super::duel",
            "super::quiz",
            "Fn(&Mode",
        ] {
            assert!(
                !code.contains(forbidden),
                "tutor/{file} names `{forbidden}`"
            );
        }
    }
    // The refusal is worded, counted and drawn in one place.
    let mut counted = Vec::new();
    for file in rust_files(&tutor) {
        let code = code_of(&file);
        if code.contains("count_rule_error(") && !file.ends_with("cx.rs") {
            counted.push(file.strip_prefix(&tutor).unwrap().display().to_string());
        }
    }
    assert_eq!(counted, ["move_task.rs"], "refusals counted in {counted:?}");
}

/// The dispatcher routes; the commands that stand beside every activity (`/explain`,
/// `/progress`) are answered in their own module.
#[test]
fn the_dispatcher_answers_no_command_itself() {
    let code = code_of(&root().join("crates/core/src/tutor/dispatch.rs"));
    for handler in [
        "fn explain",
        "fn progress",
        "verdict_text",
        "ProgressPuzzles",
    ] {
        assert!(!code.contains(handler), "dispatch.rs holds `{handler}`");
    }
}

/// The tutor's free functions a shell calls. No side door: every input reaches the tutor
/// through `needs` and `step`; `command_menu` is only the list of commands Telegram's menu
/// shows (words, no input).
const SHELL_MAY_CALL: [&str; 3] = ["needs", "step", "command_menu"];

/// The tutor's modules a shell may name (types live in them; no function is called there).
const TUTOR_MODULES: [&str; 10] = [
    "self",
    "callback",
    "classroom",
    "input",
    "ladder",
    "page_view",
    "reply",
    "review",
    "state",
    "tap",
];

/// The tutor's functions a file calls or imports (lower-case names after `tutor::`, called, or
/// in a `use …::tutor::{…}` list), but modules.
fn tutor_functions(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (i, _) in code.match_indices("tutor::") {
        let rest = &code[i + "tutor::".len()..];
        if let Some(list) = rest.strip_prefix('{') {
            let end = list.find('}').unwrap_or(list.len());
            for name in list[..end].split(',') {
                let name = name.trim();
                if name.starts_with(|c: char| c.is_ascii_lowercase())
                    && !TUTOR_MODULES.contains(&name)
                {
                    out.push(name.to_owned());
                }
            }
            continue;
        }
        let name: String = rest
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        let after = rest[name.len()..].chars().next();
        if name.starts_with(|c: char| c.is_ascii_lowercase())
            && after == Some('(')
            && !TUTOR_MODULES.contains(&name.as_str())
        {
            out.push(name);
        }
    }
    out
}

/// Issue 40: no side door. Outside the command line's own tools (`src/cli`, which checks
/// content), the shells call no function of the tutor but `needs` and `step`: a poll answer, a
/// group's reply to the puzzle of the day and a class's timer are inputs stepped like any other.
#[test]
fn the_shells_call_no_tutor_function_but_needs_and_step() {
    let cli = root().join("src/cli");
    let mut called = Vec::new();
    for file in rust_files(&root().join("src")) {
        if file.starts_with(&cli) {
            continue;
        }
        let name = file.strip_prefix(root()).unwrap().display().to_string();
        for function in tutor_functions(&code_of(&file)) {
            if !SHELL_MAY_CALL.contains(&function.as_str()) {
                called.push(format!("{name}: tutor::{function}"));
            }
        }
    }
    assert!(called.is_empty(), "side doors into the tutor: {called:?}");
}

#[test]
fn the_side_door_finder_sees_one() {
    let code = "use chess_tutor_core::tutor::{self, daily_post, Input};\nfn f() { tutor::judge_answer(p); tutor::step(r, c); tutor::page_view::View }";
    assert_eq!(
        tutor_functions(code),
        ["daily_post", "judge_answer", "step"]
    );
}

/// Issue 40: the store writes and reads rows. Who is a student, what a puzzle of the day's
/// place is worth and which answer is right are the tutor's to decide (`tutor/class/`), never
/// its SQL.
#[test]
fn the_store_s_sql_holds_no_class_rule() {
    let mut rules = Vec::new();
    for file in rust_files(&root().join("crates/store/src")) {
        let code = code_of(&file);
        let name = file.strip_prefix(root()).unwrap().display().to_string();
        for rule in [
            "'student'",
            "'teacher'",
            "role = '",
            "THEN 3",
            "THEN 2",
            "= q.correct",
            "chosen = correct",
        ] {
            if code.contains(rule) {
                rules.push(format!("{name}: {rule}"));
            }
        }
    }
    assert!(
        rules.is_empty(),
        "class rules in the store's SQL: {rules:?}"
    );
}
