//! Embeds the board page (`web/`) in the binary: every file under it, by its path, so that the
//! page is served by the bot's own HTTP server with nothing to install beside it.

use std::path::{Path, PathBuf};

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            files(&path, out);
        } else {
            out.push(path);
        }
    }
}

fn main() {
    println!("cargo:rerun-if-changed=web");
    let root = Path::new(&std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it")).join("web");
    let mut found = Vec::new();
    files(&root, &mut found);
    found.sort();
    let mut code = String::from(
        "/// The board page's files: their path under `web/`, and their bytes.\npub static ASSETS: &[(&str, &[u8])] = &[\n",
    );
    for path in found {
        let name = path
            .strip_prefix(&root)
            .expect("under web/")
            .to_string_lossy()
            .replace('\\', "/");
        code.push_str(&format!(
            "    ({name:?}, include_bytes!({:?})),\n",
            path.to_string_lossy()
        ));
    }
    code.push_str("];\n");
    let out = Path::new(&std::env::var("OUT_DIR").expect("cargo sets it")).join("web_assets.rs");
    std::fs::write(out, code).expect("OUT_DIR is writable");
}
