//! Reading an author's content folders from disk for the core, which reads no files itself.

use std::path::Path;

use chess_tutor_core::content::files::{Course, Folder, Unreadable};

/// The files directly inside `dir` (sub-folders are not followed), each with its bytes or
/// why they could not be read; a folder that cannot be listed says why.
pub fn read_folder(dir: &Path) -> Folder {
    let mut folder = Folder {
        path: dir.to_path_buf(),
        ..Folder::default()
    };
    match std::fs::read_dir(dir) {
        Ok(entries) => {
            for path in entries.filter_map(Result::ok).map(|e| e.path()) {
                if path.is_file() {
                    let read = std::fs::read(&path).map_err(|e| Unreadable(e.to_string()));
                    folder.files.push((path, read));
                }
            }
            folder.files.sort_by(|a, b| a.0.cmp(&b.0));
        }
        Err(e) => folder.unreadable = Some(e.to_string()),
    }
    folder
}

/// The course under `root`: `lessons/`, `lessons/quiz/` and `puzzles/`.
pub fn read_course(root: &Path) -> Course {
    Course {
        lessons: read_folder(&root.join("lessons")),
        quiz: read_folder(&root.join("lessons").join("quiz")),
        puzzles: read_folder(&root.join("puzzles")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_is_read_in_name_order_without_its_sub_folders() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("quiz")).unwrap();
        std::fs::write(dir.path().join("b.yaml"), "b").unwrap();
        std::fs::write(dir.path().join("a.yaml"), "a").unwrap();
        let folder = read_folder(dir.path());
        assert_eq!(folder.unreadable, None);
        let read: Vec<&[u8]> = folder
            .files
            .iter()
            .map(|(_, r)| r.as_deref().unwrap())
            .collect();
        assert_eq!(read, [b"a".as_slice(), b"b"]);
        let missing = read_folder(&dir.path().join("none"));
        assert!(missing.unreadable.is_some());
    }
}
