//! One lesson file: its YAML read, its unit checked against the file name, its steps checked.

use std::collections::HashMap;
use std::path::Path;

use super::check::{FileCheck, line_of};
use crate::content::lesson::{Lesson, LessonId};
use crate::content::raw::RawLesson;
use crate::content::{MAX_UNIT, limits};

/// The fewest steps a learner must *do* (not only read) in each lesson.
pub const MIN_TASKS_PER_LESSON: usize = 4;

/// The unit number in a file name such as `03-rook.yaml`.
fn unit_of(path: &Path) -> Option<u32> {
    let name = path.file_name()?.to_str()?;
    let (num, rest) = name.split_once('-')?;
    if num.is_empty() || !num.bytes().all(|b| b.is_ascii_digit()) || rest.is_empty() {
        return None;
    }
    num.parse().ok()
}

/// Removes serde-saphyr's " at line N, column M" tail: the line is reported separately.
fn strip_location(message: &str) -> &str {
    match message.rfind(" at line ") {
        Some(i) if message[i..].contains(", column ") => &message[..i],
        _ => message,
    }
}

impl FileCheck {
    pub(super) fn lesson(&mut self, source: &str) -> Option<Lesson> {
        if let Some(message) = limits::too_large(source) {
            self.report(1, message);
            return None;
        }
        let raw: RawLesson = match serde_saphyr::from_str(source) {
            Ok(raw) => raw,
            Err(e) => {
                let (line, message) = limits::yaml_problem(&e);
                self.report(line.unwrap_or(0), strip_location(&message).to_owned());
                return None;
            }
        };
        let unit_from_name = unit_of(&self.file);
        match unit_from_name {
            None => self.report(
                1,
                "the file name must start with the unit number, as in `03-rook.yaml`",
            ),
            Some(n) if n != raw.unit.value => self.report(
                line_of(&raw.unit),
                format!(
                    "unit {} does not match the file name's prefix {n}",
                    raw.unit.value
                ),
            ),
            Some(_) => {}
        }
        if !(1..=MAX_UNIT).contains(&raw.unit.value) {
            self.report(
                line_of(&raw.unit),
                format!(
                    "unit {} is not a unit number 1–{} (the file's two-digit prefix)",
                    raw.unit.value, MAX_UNIT
                ),
            );
        }
        let id = match raw.id.value.parse::<LessonId>() {
            Ok(id) => Some(id),
            Err(e) => {
                self.report(line_of(&raw.id), format!("id: {e}"));
                None
            }
        };
        let title = self.text_field(Some(&raw.title), "title", 1, None);
        let mut steps = Vec::new();
        let mut seen: HashMap<String, usize> = HashMap::new();
        for raw_step in &raw.steps.value {
            let line = line_of(&raw_step.id);
            if let Some(first) = seen.insert(raw_step.id.value.clone(), line) {
                self.report(
                    line,
                    format!(
                        "step id `{}` is used twice in this file (first on line {first})",
                        raw_step.id.value
                    ),
                );
            }
            if let Some(step) = self.step(raw_step) {
                steps.push(step);
            }
        }
        if raw.steps.value.is_empty() {
            self.report(line_of(&raw.steps), "the lesson has no steps");
        }
        let tasks = raw
            .steps
            .value
            .iter()
            .filter(|s| s.kind.value != "explain")
            .count();
        if tasks < MIN_TASKS_PER_LESSON {
            self.report(
                line_of(&raw.steps),
                format!(
                    "the lesson has {tasks} tasks; each lesson needs at least {MIN_TASKS_PER_LESSON} steps the learner does"
                ),
            );
        }
        Some(Lesson {
            id: id?,
            unit: raw.unit.value,
            title: title?,
            file: self.file.clone(),
            steps,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_give_units() {
        assert_eq!(unit_of(Path::new("lessons/03-rook.yaml")), Some(3));
        assert_eq!(unit_of(Path::new("rook.yaml")), None);
        assert_eq!(unit_of(Path::new("x3-rook.yaml")), None);
    }
}
