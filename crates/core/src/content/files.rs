//! Reading a content folder: every `*.yaml` file directly inside it, in name order, with an
//! unreadable folder or file reported as a [`Problem`], never a panic. A file that is not
//! UTF-8 is reported at the line of its first bad byte and still read (its other problems are
//! found too); a file the loader will not read (`notes.txt` among the lessons) is reported,
//! not skipped in silence.

//! A content folder as the binary read it from disk ([`Folder`]: the core reads no files),
//! turned into the `(path, text)` sources the loaders take: every `*.yaml` file directly
//! inside it, in name order, with an unreadable folder or file reported as a [`Problem`],
//! never a panic. A file that is not UTF-8 is reported at the line of its first bad byte and
//! still read (its other problems are found too); a file the loader will not read
//! (`notes.txt` among the lessons) is reported, not skipped in silence.

use std::path::PathBuf;

use super::Problem;

/// Why a file or folder could not be read: the operating system's words, as the binary that
/// read it got them (the core reads no file, so it holds no I/O error of its own).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Unreadable(pub String);

/// A content folder's files, read by whoever may read files (the binary).
///
/// ```
/// use chess_tutor_core::content::files::{Folder, yaml_sources};
///
/// let folder = Folder {
///     path: "lessons".into(),
///     unreadable: None,
///     files: vec![
///         ("lessons/01-board.yaml".into(), Ok(b"id: board".to_vec())),
///         ("lessons/notes.txt".into(), Ok(b"todo".to_vec())),
///     ],
/// };
/// let (sources, problems) = yaml_sources(&folder, "lesson");
/// assert_eq!(sources.len(), 1);
/// assert!(problems[0].message.starts_with("not a lesson file"));
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Folder {
    /// Where it is.
    pub path: PathBuf,
    /// Why the folder itself could not be read, when it could not.
    pub unreadable: Option<String>,
    /// Every file directly inside it (not sub-folders): its path and its bytes, or why they
    /// could not be read.
    pub files: Vec<(PathBuf, Result<Vec<u8>, Unreadable>)>,
}

/// A course as an author keeps it: the lesson folder, its `quiz/` folder and the puzzle
/// folder, each read by the binary.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Course {
    /// `lessons/`
    pub lessons: Folder,
    /// `lessons/quiz/`
    pub quiz: Folder,
    /// `puzzles/`
    pub puzzles: Folder,
}

/// The `(path, contents)` of every YAML file in `folder`, in name order, and the problems met
/// reading them. `what` names the folder in the problem (`lesson`, `quiz`, `puzzle`).
#[must_use]
pub fn yaml_sources(folder: &Folder, what: &str) -> (Vec<(PathBuf, String)>, Vec<Problem>) {
    if let Some(e) = &folder.unreadable {
        let problem = Problem::at(
            &folder.path,
            None,
            format!("cannot read the {what} folder: {e}"),
        );
        return (Vec::new(), vec![problem]);
    }
    let mut problems = Vec::new();
    let mut yaml: Vec<&(PathBuf, Result<Vec<u8>, Unreadable>)> = Vec::new();
    for file in &folder.files {
        let path = &file.0;
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        if path.extension().is_some_and(|x| x == "yaml" || x == "yml") {
            yaml.push(file);
        } else if !(name.starts_with('.') || name.starts_with("README")) {
            problems.push(Problem::at(
                path,
                None,
                format!(
                    "not a {what} file: only `.yaml` files are read here; rename it or move it out of the folder"
                ),
            ));
        }
    }
    yaml.sort_by(|a, b| a.0.cmp(&b.0));
    let mut sources = Vec::new();
    for (path, read) in yaml {
        match read {
            Ok(bytes) => {
                let (text, problem) = decode(bytes);
                if let Some((line, message)) = problem {
                    problems.push(Problem::at(path, Some(line), message));
                }
                sources.push((path.clone(), text));
            }
            Err(e) => problems.push(Problem::at(path, None, format!("cannot read: {e}"))),
        }
    }
    (sources, problems)
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

    fn folder(names: &[&str]) -> Folder {
        Folder {
            path: "lessons".into(),
            unreadable: None,
            files: names
                .iter()
                .map(|n| (PathBuf::from("lessons").join(n), Ok(n.as_bytes().to_vec())))
                .collect(),
        }
    }

    #[test]
    fn an_unreadable_folder_is_a_problem_and_files_come_in_name_order() {
        let missing = Folder {
            path: "/no/such/folder".into(),
            unreadable: Some("No such file or directory".into()),
            files: Vec::new(),
        };
        let (files, problems) = yaml_sources(&missing, "quiz");
        assert!(files.is_empty());
        assert!(
            problems[0]
                .message
                .starts_with("cannot read the quiz folder")
        );
        let (files, problems) = yaml_sources(
            &folder(&["b.yaml", "a.yml", "README.md", ".hidden"]),
            "lesson",
        );
        assert!(problems.is_empty(), "{problems:?}");
        let names: Vec<&str> = files.iter().map(|(_, t)| t.as_str()).collect();
        assert_eq!(names, ["a.yml", "b.yaml"]);
        // A file that will not be read is said, not skipped in silence.
        let (_, problems) = yaml_sources(&folder(&["b.yaml", "c.txt"]), "lesson");
        assert_eq!(problems.len(), 1);
        assert!(
            problems[0].message.starts_with("not a lesson file"),
            "{problems:?}"
        );
        // A file that could not be read is a problem at its path.
        let mut unreadable = folder(&["a.yaml"]);
        unreadable.files[0].1 = Err(Unreadable("permission denied".into()));
        let (files, problems) = yaml_sources(&unreadable, "lesson");
        assert!(files.is_empty());
        assert_eq!(problems[0].message, "cannot read: permission denied");
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
