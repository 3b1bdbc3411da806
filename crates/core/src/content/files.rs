//! Reading a content folder: every `*.yaml` file directly inside it, in name order, with an
//! unreadable folder or file reported as a [`Problem`], never a panic.

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
    let mut paths: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "yaml" || x == "yml"))
        .collect();
    paths.sort();
    let mut files = Vec::new();
    let mut problems = Vec::new();
    for path in paths {
        match std::fs::read_to_string(&path) {
            Ok(text) => files.push((path, text)),
            Err(e) => problems.push(Problem::at(&path, None, format!("cannot read: {e}"))),
        }
    }
    (files, problems)
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
        for name in ["b.yaml", "a.yml", "c.txt"] {
            std::fs::write(dir.join(name), name).unwrap();
        }
        let (files, problems) = read_yaml_dir(&dir, "lesson");
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(problems.is_empty());
        let names: Vec<&str> = files.iter().map(|(_, t)| t.as_str()).collect();
        assert_eq!(names, ["a.yml", "b.yaml"]);
    }
}
