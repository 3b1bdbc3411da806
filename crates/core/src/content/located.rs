//! Every text of the course with where it stands: file, line, unit, and the group whose
//! earlier texts a learner has read before it (a lesson's steps in order; one quiz item).

use std::path::PathBuf;

use super::Text;
use super::lesson::{Lesson, StepKind};
use super::quiz::{Answer, Origin, QuizItem};

/// One text of a lesson or quiz item, and where it is.
#[derive(Debug, Clone)]
pub struct Located<'a> {
    /// The file it was loaded from.
    pub file: PathBuf,
    /// The line of its step or item.
    pub line: usize,
    /// The curriculum unit of its lesson or item.
    pub unit: u32,
    /// The texts a learner reads together, in order: `lesson:<id>` or `item:<id>`.
    pub group: String,
    /// What it is, for a problem's message: "step `rook-moves` text".
    pub label: String,
    /// The text.
    pub text: &'a Text,
}

/// Every text of `lessons` (titles, then each step's text, hint and why) and of `items`
/// (question, choices, explanation), in reading order.
#[must_use]
pub fn course_texts<'a>(lessons: &'a [Lesson], items: &'a [QuizItem]) -> Vec<Located<'a>> {
    let mut out = Vec::new();
    for lesson in lessons {
        let group = format!("lesson:{}", lesson.id);
        let mut push = |line: usize, label: String, text: &'a Text| {
            out.push(Located {
                file: lesson.file.clone(),
                line,
                unit: lesson.unit,
                group: group.clone(),
                label,
                text,
            });
        };
        push(1, "title".to_owned(), &lesson.title);
        for step in &lesson.steps {
            let texts: Vec<(&str, &Text)> = match &step.kind {
                StepKind::Explain { text, .. } => vec![("text", text)],
                StepKind::Move(t) => vec![("text", &t.text), ("hint", &t.hint), ("why", &t.why)],
                StepKind::Squares(t) => {
                    vec![("text", &t.text), ("hint", &t.hint), ("why", &t.why)]
                }
                StepKind::Mate(t) => vec![("text", &t.text), ("hint", &t.hint), ("why", &t.why)],
                StepKind::Judge(t) => vec![("text", &t.text), ("hint", &t.hint), ("why", &t.why)],
                StepKind::Quiz { .. } => vec![],
            };
            for (field, text) in texts {
                push(step.line, format!("step `{}` {field}", step.id), text);
            }
        }
    }
    for item in items {
        let (file, line) = match &item.origin {
            Origin::File { file, line } => (file.clone(), line.unwrap_or(0)),
            #[allow(unreachable_patterns)]
            _ => (PathBuf::from("lessons/quiz"), 0),
        };
        let group = format!("item:{}", item.id);
        let mut push = |label: String, text: &'a Text| {
            out.push(Located {
                file: file.clone(),
                line,
                unit: u32::from(item.unit),
                group: group.clone(),
                label,
                text,
            });
        };
        push(format!("item `{}` question", item.id), &item.question);
        if let Answer::MultipleChoice { choices, .. } = &item.answer {
            for (i, choice) in choices.iter().enumerate() {
                let letter = char::from(b'a' + u8::try_from(i).unwrap_or(25));
                push(format!("item `{}` choice {letter}", item.id), &choice.text);
            }
        }
        push(format!("item `{}` explanation", item.id), &item.explanation);
    }
    out
}
