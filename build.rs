//! Embeds the board page (`web/`) in the binary: every file under it, by its path, so that the
//! page is served by the bot's own HTTP server with nothing to install beside it. Its text
//! files (HTML, script, style, SVG, JSON) are also gzipped once here, for a browser that asks.

use std::io::Write;
use std::path::{Path, PathBuf};

/// Whether a file is text worth compressing (images are compressed already).
fn is_text(name: &str) -> bool {
    matches!(
        name.rsplit('.').next(),
        Some("html" | "js" | "mjs" | "css" | "svg" | "json")
    )
}

/// `bytes` gzipped at the best compression.
fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    encoder.write_all(bytes).expect("writing to memory");
    encoder.finish().expect("writing to memory")
}

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
        "/// A file of the board page: its path under `web/`, its bytes, and its bytes gzipped\n/// (text files only).\npub type Asset = (&'static str, &'static [u8], Option<&'static [u8]>);\n\n/// The board page's files.\npub static ASSETS: &[Asset] = &[\n",
    );
    let out_dir = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets it"));
    let gz_dir = out_dir.join("web_gz");
    std::fs::create_dir_all(&gz_dir).expect("OUT_DIR is writable");
    for (n, path) in found.into_iter().enumerate() {
        let name = path
            .strip_prefix(&root)
            .expect("under web/")
            .to_string_lossy()
            .replace('\\', "/");
        // Both the file and its gzip are copies read once here, so they are always the
        // same file, even when web/ changes during a build.
        let bytes = std::fs::read(&path).expect("a file of web/ reads");
        let copy = gz_dir.join(format!("{n}"));
        std::fs::write(&copy, &bytes).expect("OUT_DIR is writable");
        let gz = if is_text(&name) {
            let gz_path = gz_dir.join(format!("{n}.gz"));
            std::fs::write(&gz_path, gzip(&bytes)).expect("OUT_DIR is writable");
            format!("Some(include_bytes!({:?}))", gz_path.to_string_lossy())
        } else {
            "None".to_owned()
        };
        code.push_str(&format!(
            "    ({name:?}, include_bytes!({:?}), {gz}),\n",
            copy.to_string_lossy()
        ));
    }
    code.push_str("];\n");
    std::fs::write(out_dir.join("web_assets.rs"), code).expect("OUT_DIR is writable");
}
