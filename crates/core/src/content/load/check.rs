//! How a lesson file's problems are collected: [`FileCheck`] holds the file and every problem
//! found so far (each step kind adds its checks to it in its own file), [`StepCtx`] names the
//! step a problem is in.

use std::path::PathBuf;

use serde_saphyr::Spanned;

use crate::content::problem::Problem;

/// The checks of one lesson file, and the problems they found.
pub(super) struct FileCheck {
    pub(super) file: PathBuf,
    pub(super) problems: Vec<Problem>,
}

/// Where in a step a problem is: its id, for the message.
pub(super) struct StepCtx<'a> {
    pub(super) id: &'a str,
    pub(super) line: usize,
}

impl FileCheck {
    pub(super) fn report(&mut self, line: usize, message: impl Into<String>) {
        let line = (line > 0).then_some(line);
        self.problems
            .push(Problem::at(self.file.clone(), line, message.into()));
    }

    pub(super) fn at_step(&mut self, step: &StepCtx<'_>, line: usize, message: impl AsRef<str>) {
        let line = if line > 0 { line } else { step.line };
        self.report(line, format!("step `{}`: {}", step.id, message.as_ref()));
    }
}

pub(super) fn line_of<T>(s: &Spanned<T>) -> usize {
    usize::try_from(s.referenced.line()).unwrap_or(0)
}
