//! How one quiz file is checked: [`Checker`] collects every problem with its line (each part of
//! an item is checked in its own file), and the texts of both languages are read here.

use std::path::Path;

use serde_saphyr::Spanned;

use super::raw::RawText;
use crate::content::problem::Problem;
use crate::content::text::Text;

/// The checks of one quiz file, and the problems they found.
pub(super) struct Checker<'a> {
    pub(super) file: &'a Path,
    pub(super) problems: Vec<Problem>,
}

impl Checker<'_> {
    pub(super) fn problem(&mut self, line: Option<usize>, message: impl Into<String>) {
        self.problems.push(Problem::at(self.file, line, message));
    }

    pub(super) fn text(
        &mut self,
        raw: Option<&Spanned<RawText>>,
        field: &str,
        item_line: Option<usize>,
    ) -> Option<Text> {
        let Some(t) = raw else {
            self.problem(item_line, format!("`{field}` is missing"));
            return None;
        };
        self.pair(&t.value.zh, &t.value.en, line_of(t), field)
    }

    /// Checks a `zh` / `en` pair; `line` is where the text starts.
    pub(super) fn pair(
        &mut self,
        zh: &Option<Spanned<String>>,
        en: &Option<Spanned<String>>,
        line: Option<usize>,
        field: &str,
    ) -> Option<Text> {
        let zh = match zh {
            Some(z) if !z.value.trim().is_empty() => {
                // Choices may be notation (`e4`, `Nf3`), the same in both languages.
                if !field.starts_with("choices") && !z.value.chars().any(is_han) {
                    self.problem(
                        line_of(z),
                        format!("`{field}.zh` has no Chinese characters"),
                    );
                }
                Some(z.value.trim().to_string())
            }
            Some(z) => {
                self.problem(line_of(z), format!("`{field}.zh` is empty"));
                None
            }
            None => {
                self.problem(line, format!("`{field}` has no `zh` text"));
                None
            }
        };
        let en = match en {
            Some(e) if !e.value.trim().is_empty() => {
                // English may quote the Chinese piece letters of notation (马f3), nothing else.
                let stray = e
                    .value
                    .chars()
                    .any(|c| is_han(c) && !"王后车象马兵".contains(c));
                if stray && !field.starts_with("choices") {
                    self.problem(
                        line_of(e),
                        format!("`{field}.en` contains Chinese characters"),
                    );
                }
                Some(e.value.trim().to_string())
            }
            Some(e) => {
                self.problem(line_of(e), format!("`{field}.en` is empty"));
                None
            }
            None => {
                self.problem(line, format!("`{field}` has no `en` text"));
                None
            }
        };
        Some(Text::new(zh?, en?))
    }
}

pub(super) fn line_of<T>(s: &Spanned<T>) -> Option<usize> {
    usize::try_from(s.referenced.line()).ok().filter(|l| *l > 0)
}

/// A CJK unified ideograph (the characters of Chinese text).
fn is_han(c: char) -> bool {
    matches!(c, '\u{4E00}'..='\u{9FFF}' | '\u{3400}'..='\u{4DBF}')
}
