//! An `explain` step: a text, with a board or without one.

use super::check::{FileCheck, StepCtx};
use crate::content::lesson::StepKind;
use crate::content::raw::RawStep;

impl FileCheck {
    pub(super) fn explain(&mut self, raw: &RawStep, ctx: &StepCtx<'_>) -> Option<StepKind> {
        let scene = if raw.board.is_some() {
            Some(self.scene(raw, ctx, true)?.0)
        } else {
            if raw.marks.is_some() || raw.arrows.is_some() {
                self.at_step(ctx, ctx.line, "marks and arrows need a `board`");
                return None;
            }
            None
        };
        let text = self.text_field(raw.text.as_ref(), "text", ctx.line, Some(ctx))?;
        Some(StepKind::Explain { scene, text })
    }
}
