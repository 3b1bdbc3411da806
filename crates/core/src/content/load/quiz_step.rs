//! A `quiz` step: it names an item of the quiz bank (the catalogue checks that it exists).

use super::check::{FileCheck, StepCtx, line_of};
use crate::content::lesson::StepKind;
use crate::content::raw::RawStep;

impl FileCheck {
    pub(super) fn quiz(&mut self, raw: &RawStep, ctx: &StepCtx<'_>) -> Option<StepKind> {
        let item = raw.quiz.as_ref()?;
        if item.value.trim().is_empty() {
            self.at_step(ctx, line_of(item), "quiz: the item id is empty");
            return None;
        }
        Some(StepKind::Quiz {
            item: item.value.trim().to_owned(),
        })
    }
}
