//! An input read once: a typed message cleaned of what no reply may echo and parsed as a
//! command when it is one, a button's data decoded. Everything the tutor asks of an input
//! (what the shell must load, which activity handles it) asks this reading, never the raw
//! text again.

use super::callback::Action;
use super::input::{Command, Input, MAX_TEXT_CHARS};

/// What an input says, read once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Reading {
    /// A message longer than the tutor reads.
    TooLong,
    /// A command (typed with its slash, or a bare word that is never a move or an answer).
    Command(Command),
    /// A message that is no command, trimmed: a move, an answer, words.
    Text(String),
    /// A button's action; `None` when its data is none of the bot's (stale or forged).
    Press(Option<Action>),
    /// Anything else (the chat opened, a drop, a look, a poll answer, a timer).
    Other,
}

impl Reading {
    /// Reads `input`.
    pub(crate) fn of(input: &Input) -> Reading {
        match input {
            Input::Text(text) => {
                // Characters that mean nothing in a move or a word, and that would turn an
                // echo around or drive a terminal (direction overrides, escape sequences),
                // are dropped once, here: no reply can echo them.
                let text: String = text
                    .split('\n')
                    .map(crate::rules::text::displayable)
                    .collect::<Vec<_>>()
                    .join("\n");
                if text.chars().count() > MAX_TEXT_CHARS {
                    Reading::TooLong
                } else if let Some(command) =
                    Command::parse(&text).or_else(|| Command::parse_bare(&text))
                {
                    Reading::Command(command)
                } else {
                    Reading::Text(text.trim().to_owned())
                }
            }
            Input::Button(data) => Reading::Press(Action::decode(data)),
            _ => Reading::Other,
        }
    }

    /// The command, if this is one.
    pub(crate) fn command(&self) -> Option<&Command> {
        match self {
            Reading::Command(command) => Some(command),
            _ => None,
        }
    }

    /// The button's action, if this is a press of one of the bot's buttons.
    pub(crate) fn action(&self) -> Option<&Action> {
        match self {
            Reading::Press(action) => action.as_ref(),
            _ => None,
        }
    }

    /// The question a pressed button belongs to (its nonce), when it belongs to one.
    pub(crate) fn press_nonce(&self) -> Option<u32> {
        self.action().and_then(Action::nonce)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_is_read_once_as_a_command_or_as_words() {
        assert_eq!(
            Reading::of(&Input::Text("/help".into())),
            Reading::Command(Command::Help)
        );
        assert_eq!(
            Reading::of(&Input::Text("  e4 \u{202e}".into())),
            Reading::Text("e4".into())
        );
        assert_eq!(
            Reading::of(&Input::Text("x".repeat(MAX_TEXT_CHARS + 1))),
            Reading::TooLong
        );
        assert_eq!(
            Reading::of(&Input::Button("not ours".into())),
            Reading::Press(None)
        );
        assert_eq!(Reading::of(&Input::Look), Reading::Other);
    }
}
