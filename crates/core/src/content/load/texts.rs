//! The learner-facing texts of a lesson: both languages present, the Chinese one in Chinese.

use serde_saphyr::Spanned;

use super::check::{FileCheck, StepCtx, line_of};
use crate::content::raw::{RawStep, RawText};
use crate::content::text::Text;

impl FileCheck {
    /// A learner-facing text: both languages present and non-empty, the Chinese one in
    /// Chinese.
    pub(super) fn text_field(
        &mut self,
        raw: Option<&Spanned<RawText>>,
        name: &str,
        fallback_line: usize,
        step: Option<&StepCtx<'_>>,
    ) -> Option<Text> {
        let say = |this: &mut Self, line: usize, msg: String| match step {
            Some(s) => this.at_step(s, line, msg),
            None => this.report(line, msg),
        };
        let Some(raw) = raw else {
            say(self, fallback_line, format!("{name} is missing"));
            return None;
        };
        let line = line_of(raw);
        let zh = raw.value.zh.as_deref().map(str::trim).unwrap_or_default();
        let en = raw.value.en.as_deref().map(str::trim).unwrap_or_default();
        let mut ok = true;
        for (lang, value) in [("zh", zh), ("en", en)] {
            if value.is_empty() {
                say(self, line, format!("{name}: `{lang}` is missing"));
                ok = false;
            }
        }
        if !zh.is_empty() && !zh.chars().any(is_cjk) {
            say(
                self,
                line,
                format!("{name}: the `zh` text has no Chinese in it"),
            );
            ok = false;
        }
        ok.then(|| Text::new(zh, en))
    }

    pub(super) fn texts(&mut self, raw: &RawStep, ctx: &StepCtx<'_>) -> Option<(Text, Text, Text)> {
        let text = self.text_field(raw.text.as_ref(), "text", ctx.line, Some(ctx));
        let hint = self.text_field(raw.hint.as_ref(), "hint", ctx.line, Some(ctx));
        let why = self.text_field(raw.why.as_ref(), "why", ctx.line, Some(ctx));
        Some((text?, hint?, why?))
    }
}

fn is_cjk(c: char) -> bool {
    matches!(c, '\u{4E00}'..='\u{9FFF}' | '\u{3400}'..='\u{4DBF}')
}

#[cfg(test)]
mod tests {
    use crate::content::load::fixtures::{HEAD, problems};

    #[test]
    fn chinese_must_be_chinese() {
        let yaml =
            format!("{HEAD}  - id: a\n    kind: explain\n    text: {{zh: Hello, en: Hello}}\n");
        let p = problems(&yaml);
        assert!(
            p.iter()
                .any(|m| m.ends_with("text: the `zh` text has no Chinese in it")),
            "{p:?}"
        );
    }
}
