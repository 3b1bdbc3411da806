//! Loading a lesson folder (or lessons compiled in), and the checks across its files.

use std::collections::HashMap;
use std::path::Path;

use super::check::FileCheck;
use crate::content::files::{Folder, yaml_sources};
use crate::content::lesson::{Lesson, LessonId, StepId};
use crate::content::problem::Problem;

/// Loads every `NN-name.yaml` file directly inside the lesson folder (sub-folders such as
/// `quiz/` are left to their own loaders).
///
/// Returns the lessons that passed every check, in unit order, and every problem found. A
/// lesson with any problem is left out of the list.
#[must_use]
pub fn load_lessons(folder: &Folder) -> (Vec<Lesson>, Vec<Problem>) {
    let (files, mut problems) = yaml_sources(folder, "lesson");
    if files.is_empty() && problems.is_empty() {
        problems.push(Problem::at(
            &folder.path,
            None,
            "no lesson files (`NN-name.yaml`) in this folder",
        ));
    }
    let (lessons, mut more) = load_lessons_from(&files);
    problems.append(&mut more);
    (lessons, problems)
}

/// Loads lessons from `(path, contents)` pairs, for content compiled into the binary. Paths
/// name the files in problems and give the unit by their `NN-` prefix.
///
/// ```
/// use chess_tutor_core::content::load_lessons_from;
/// let yaml = "id: demo\nunit: 1\ntitle: {zh: 演示, en: Demo}\nsteps:\n  - id: demo-1\n    kind: explain\n    text: {en: Hello}\n";
/// let (lessons, problems) = load_lessons_from(&[("lessons/01-demo.yaml", yaml)]);
/// assert!(lessons.is_empty());
/// assert_eq!(problems[0].to_string(), "lessons/01-demo.yaml:7: step `demo-1`: text: `zh` is missing");
/// ```
#[must_use]
pub fn load_lessons_from<P: AsRef<Path>, S: AsRef<str>>(
    files: &[(P, S)],
) -> (Vec<Lesson>, Vec<Problem>) {
    let mut problems = Vec::new();
    let mut lessons: Vec<Lesson> = Vec::new();
    for (path, text) in files {
        let path = path.as_ref();
        let mut file = FileCheck {
            file: path.to_path_buf(),
            problems: Vec::new(),
        };
        if let Some(lesson) = file.lesson(text.as_ref())
            && file.problems.is_empty()
        {
            lessons.push(lesson);
        }
        problems.append(&mut file.problems);
    }
    cross_check(&lessons, &mut problems);
    lessons.sort_by_key(|l| l.unit);
    (lessons, problems)
}

/// Checks that need every lesson at once: ids unique across files, one file per unit.
fn cross_check(lessons: &[Lesson], problems: &mut Vec<Problem>) {
    let mut lesson_ids: HashMap<&LessonId, &Path> = HashMap::new();
    let mut units: HashMap<u32, &Path> = HashMap::new();
    let mut step_ids: HashMap<&StepId, &Path> = HashMap::new();
    for lesson in lessons {
        if let Some(other) = lesson_ids.insert(&lesson.id, &lesson.file) {
            problems.push(Problem::at(
                &lesson.file,
                Some(1),
                format!(
                    "lesson id `{}` is also used by {}",
                    lesson.id,
                    other.display()
                ),
            ));
        }
        if let Some(other) = units.insert(lesson.unit, &lesson.file) {
            problems.push(Problem::at(
                &lesson.file,
                Some(1),
                format!("unit {} is also taught by {}", lesson.unit, other.display()),
            ));
        }
        for step in &lesson.steps {
            if let Some(other) = step_ids.insert(&step.id, &lesson.file) {
                problems.push(Problem::at(
                    &lesson.file,
                    Some(step.line),
                    format!("step id `{}` is also used in {}", step.id, other.display()),
                ));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::load::fixtures::HEAD;

    #[test]
    fn a_minimal_lesson_loads() {
        let yaml = format!(
            "{HEAD}{}",
            (1..=4)
                .map(|i| format!(
                    "  - id: q{i}\n    kind: judge\n    board: 4k3/8/8/8/8/8/8/4K2R w K - 0 1\n    text: {{zh: 将军吗, en: Check?}}\n    ask: check\n    answer: no\n    hint: {{zh: 看王, en: Look at the king}}\n    why: {{zh: 没有攻击, en: Nothing attacks it}}\n"
                ))
                .collect::<String>()
        );
        let (lessons, problems) = load_lessons_from(&[("lessons/01-test.yaml", yaml)]);
        assert_eq!(problems, vec![]);
        assert_eq!(lessons.len(), 1);
        assert_eq!(lessons[0].steps.len(), 4);
        assert_eq!(lessons[0].tasks().count(), 4);
        assert_eq!(lessons[0].steps[1].line, 13);
    }
}
