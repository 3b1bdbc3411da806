//! One step of a lesson: its id, the fields its kind allows and needs, and the checks of that
//! kind (each in its own file).

use super::check::{FileCheck, StepCtx, line_of};
use crate::content::lesson::{Step, StepId};
use crate::content::raw::RawStep;

/// The allowed and required fields of each step kind.
fn fields_of(kind: &str) -> Option<(&'static [&'static str], &'static [&'static str])> {
    Some(match kind {
        "explain" => (
            &["board", "marks", "arrows", "last_move", "text"],
            &["text"],
        ),
        "move" => (
            &[
                "board",
                "marks",
                "arrows",
                "last_move",
                "text",
                "goal",
                "expected",
                "wrong",
                "wrong_reasons",
                "touched",
                "allow",
                "hint",
                "why",
            ],
            &["board", "text", "goal", "expected", "wrong", "hint", "why"],
        ),
        "squares" => (
            &[
                "board",
                "marks",
                "arrows",
                "last_move",
                "text",
                "square",
                "mode",
                "squares",
                "hint",
                "why",
            ],
            &["board", "text", "square", "mode", "hint", "why"],
        ),
        "judge" => (
            &[
                "board",
                "marks",
                "arrows",
                "last_move",
                "text",
                "ask",
                "move",
                "history",
                "answer",
                "hint",
                "why",
            ],
            &["board", "text", "ask", "answer", "hint", "why"],
        ),
        "mate" => (
            &[
                "board",
                "marks",
                "arrows",
                "last_move",
                "text",
                "moves",
                "hint",
                "why",
            ],
            &["board", "text", "moves", "hint", "why"],
        ),
        "quiz" => (&["quiz"], &["quiz"]),
        _ => return None,
    })
}

/// The step kinds, as named in YAML.
pub const STEP_KINDS: [&str; 6] = ["explain", "move", "squares", "judge", "mate", "quiz"];

impl FileCheck {
    pub(super) fn step(&mut self, raw: &RawStep) -> Option<Step> {
        let ctx = StepCtx {
            id: &raw.id.value,
            line: line_of(&raw.id),
        };
        let id = match raw.id.value.parse::<StepId>() {
            Ok(id) => Some(id),
            Err(e) => {
                self.at_step(&ctx, ctx.line, e.to_string());
                None
            }
        };
        let kind = raw.kind.value.as_str();
        let Some((allowed, required)) = fields_of(kind) else {
            self.at_step(
                &ctx,
                line_of(&raw.kind),
                format!(
                    "unknown step kind `{kind}`; the kinds are {}",
                    STEP_KINDS.join(", ")
                ),
            );
            return None;
        };
        let present = raw.present_fields();
        let mut shape_ok = true;
        for (name, line) in &present {
            if !allowed.contains(name) {
                let line = usize::try_from(*line).unwrap_or(0);
                self.at_step(
                    &ctx,
                    line,
                    format!("`{name}` does not belong in a {kind} step"),
                );
                shape_ok = false;
            }
        }
        for name in required {
            if !present.iter().any(|(n, _)| n == name) {
                self.at_step(&ctx, ctx.line, format!("a {kind} step needs `{name}`"));
                shape_ok = false;
            }
        }
        if !shape_ok {
            return None;
        }
        let kind = match kind {
            "explain" => self.explain(raw, &ctx),
            "move" => self.move_task(raw, &ctx),
            "squares" => self.squares_task(raw, &ctx),
            "judge" => self.judge_task(raw, &ctx),
            "mate" => self.mate_task(raw, &ctx),
            _ => self.quiz(raw, &ctx),
        }?;
        Some(Step {
            id: id?,
            line: ctx.line,
            kind,
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::content::load::fixtures::{HEAD, problems};

    #[test]
    fn too_few_tasks_and_misplaced_fields() {
        let yaml = format!(
            "{HEAD}  - id: a\n    kind: explain\n    text: {{zh: 你好, en: Hello}}\n    goal: checkmate\n"
        );
        let p = problems(&yaml);
        assert!(
            p.contains(
                &"lessons/01-test.yaml:8: step `a`: `goal` does not belong in a explain step"
                    .to_owned()
            ),
            "{p:?}"
        );
        assert!(p.iter().any(|m| m.contains("has 0 tasks")), "{p:?}");
    }
}
