//! Reading a content folder: every `*.yaml` file directly inside it, in name order, with an
//! unreadable folder or file reported as a [`Problem`], never a panic. A file that is not
//! UTF-8 is reported at the line of its first bad byte and still read (its other problems are
//! found too); a file the loader will not read (`notes.txt` among the lessons) is reported,
//! not skipped in silence.

use std::path::{Path, PathBuf};

use super::Problem;

/// The `(path, contents)` of every YAML file in `dir`, and the problems met reading them.
/// `what` names the folder in the problem (`lesson`, `quiz`, `puzzle`).
#[must_use]
pub fn read_yaml_dir(dir: &Path, what: &str) -> (Vec<(PathBuf, String)>, Vec<Problem>) {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) => {
            let problem = Problem::at(dir, None, format!("cannot read the {what} folder: {e}"));
            return (Vec::new(), vec![problem]);
        }
    };
    let mut problems = Vec::new();
    let mut paths: Vec<PathBuf> = Vec::new();
    for path in entries.filter_map(Result::ok).map(|e| e.path()) {
        if !path.is_file() {
            continue;
        }
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        if path.extension().is_some_and(|x| x == "yaml" || x == "yml") {
            paths.push(path);
        } else if !(name.starts_with('.') || name.starts_with("README")) {
            problems.push(Problem::at(
                &path,
                None,
                format!(
                    "not a {what} file: only `.yaml` files are read here; rename it or move it out of the folder"
                ),
            ));
        }
    }
    paths.sort();
    let mut files = Vec::new();
    for path in paths {
        match std::fs::read(&path) {
            Ok(bytes) => {
                let (text, problem) = decode(&bytes);
                if let Some((line, message)) = problem {
                    problems.push(Problem::at(&path, Some(line), message));
                }
                files.push((path, text));
            }
            Err(e) => problems.push(Problem::at(&path, None, format!("cannot read: {e}"))),
        }
    }
    (files, problems)
}

/// The text of a file, and where it stops being UTF-8 (its line and what to do), if it does.
fn decode(bytes: &[u8]) -> (String, Option<(usize, String)>) {
    match std::str::from_utf8(bytes) {
        Ok(text) => (text.to_owned(), None),
        Err(e) => {
            let at = e.valid_up_to();
            let line = bytes[..at].iter().filter(|b| **b == b'\n').count() + 1;
            let column = at
                - bytes[..at]
                    .iter()
                    .rposition(|b| *b == b'\n')
                    .map_or(0, |i| i + 1)
                + 1;
            let message = format!(
                "the byte 0x{:02X} at column {column} is not UTF-8: save the file as UTF-8",
                bytes[at]
            );
            (
                String::from_utf8_lossy(bytes).into_owned(),
                Some((line, message)),
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_folder_is_a_problem_and_files_come_in_name_order() {
        let (files, problems) = read_yaml_dir(Path::new("/no/such/folder"), "quiz");
        assert!(files.is_empty());
        assert!(
            problems[0]
                .message
                .starts_with("cannot read the quiz folder")
        );
        let dir = std::env::temp_dir().join(format!("ct-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for name in ["b.yaml", "a.yml", "README.md", ".hidden"] {
            std::fs::write(dir.join(name), name).unwrap();
        }
        let (files, problems) = read_yaml_dir(&dir, "lesson");
        assert!(problems.is_empty(), "{problems:?}");
        let names: Vec<&str> = files.iter().map(|(_, t)| t.as_str()).collect();
        assert_eq!(names, ["a.yml", "b.yaml"]);
        // A file that will not be read is said, not skipped in silence.
        std::fs::write(dir.join("c.txt"), "notes").unwrap();
        let (_, problems) = read_yaml_dir(&dir, "lesson");
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(problems.len(), 1);
        assert!(
            problems[0].message.starts_with("not a lesson file"),
            "{problems:?}"
        );
    }

    /// A non-UTF-8 byte was reported without a line, and the whole file was dropped.
    #[test]
    fn a_byte_that_is_not_utf8_is_reported_at_its_line_and_the_rest_is_read() {
        let (text, problem) = decode(b"id: rook\nunit: 3\ntitle: {en: Ro\xffok}\n");
        assert_eq!(
            problem,
            Some((
                3,
                "the byte 0xFF at column 15 is not UTF-8: save the file as UTF-8".into()
            ))
        );
        assert!(text.starts_with("id: rook\nunit: 3\n"));
        assert_eq!(decode(b"ok").1, None);
    }
}
