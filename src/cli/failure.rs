//! A command that could not do its work: the message for standard error and the exit code.
//! Subcommands return it; `main` prints it, once, and nothing else prints errors.

use std::fmt;
use std::process::ExitCode;

/// Why a command stopped, and with which exit code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    /// The subcommand (`"solve"`), or empty for the shells.
    pub command: &'static str,
    /// What went wrong, with its cause.
    pub message: String,
    /// 2 for input the command cannot take (a usage error), 1 for a failure while working.
    pub code: u8,
}

impl Failure {
    /// Input the command cannot take: exit code 2.
    pub fn usage(command: &'static str, message: impl Into<String>) -> Failure {
        Failure {
            command,
            message: message.into(),
            code: 2,
        }
    }

    /// A failure while working (a file that cannot be written, a runtime that cannot start):
    /// exit code 1.
    pub fn failed(command: &'static str, message: impl Into<String>) -> Failure {
        Failure {
            command,
            message: message.into(),
            code: 1,
        }
    }

    /// The exit code.
    pub fn exit_code(&self) -> ExitCode {
        ExitCode::from(self.code)
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.command.is_empty() {
            write!(f, "chess-tutor: {}", self.message)
        } else {
            write!(f, "chess-tutor {}: {}", self.command, self.message)
        }
    }
}

/// What a command ends with: an exit code of its own (0, or a status such as `check`'s 1 for
/// problems found), or a [`Failure`] for `main` to print.
pub type Outcome = Result<ExitCode, Failure>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failure_names_its_command_and_keeps_its_code() {
        let f = Failure::usage("solve", "give --fen FEN --mate N, or --batch");
        assert_eq!(
            f.to_string(),
            "chess-tutor solve: give --fen FEN --mate N, or --batch"
        );
        assert_eq!(f.code, 2);
        assert_eq!(
            Failure::failed("", "cannot start the runtime").to_string(),
            "chess-tutor: cannot start the runtime"
        );
    }
}
