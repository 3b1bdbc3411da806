//! What the tutor says back: transport-neutral replies and progress events.

use serde::{Deserialize, Serialize};

use super::callback::Action;
use crate::content::{LessonId, PuzzleId, StepId};
use crate::render::BoardView;
use crate::rules::Lang;

/// One button: a label and the action it sends back.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Button {
    /// What the learner reads.
    pub label: String,
    /// The encoded [`Action`] (at most 64 bytes).
    pub data: String,
}

impl Button {
    /// A button for `action`.
    #[must_use]
    pub fn new(label: impl Into<String>, action: &Action) -> Button {
        Button {
            label: label.into(),
            data: action.encode(),
        }
    }
}

/// One message: text, an optional board picture (the text is then its caption), buttons.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reply {
    /// The words.
    pub text: String,
    /// A board to draw with the words.
    pub board: Option<BoardView>,
    /// Rows of buttons.
    pub buttons: Vec<Vec<Button>>,
    /// Whether this reply replaces the message whose button was pressed (the board message
    /// of a tap board); a shell that cannot edit sends it as a new message.
    #[serde(default)]
    pub edit: bool,
    /// The tap board: 8 rows of 8 square buttons, top row first as the learner sees the
    /// board, shown above [`Reply::buttons`]. Empty when there is none; a shell where the
    /// learner types moves (the terminal) ignores it.
    #[serde(default)]
    pub squares: Vec<Vec<Button>>,
    /// This message is the board message of the task with this nonce: a shell that can edit
    /// messages remembers which message it became, for [`Reply::edit_task`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub task: Option<u32>,
    /// Replaces the board message of the task with this nonce (the last message sent with
    /// [`Reply::task`] equal to it) instead of sending a new one; a shell that does not know
    /// that message, or cannot edit it, sends the reply as a new message. (An `edit` reply
    /// replaces the pressed message first.)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edit_task: Option<u32>,
    /// A short notice that belongs to the button just pressed (a stale press): a shell shows
    /// it as that button's toast (`answerCallbackQuery` text) when the input was a press, and
    /// as a message otherwise.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub toast: bool,
    /// A file sent with the words (a game's PGN, to import into a chess site).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub document: Option<Document>,
    /// The label of a button that opens the board page (a Telegram Mini App) on this task: set
    /// on every message that offers the tap board. A shell that serves the page, in a chat
    /// where Telegram allows such buttons (a private chat), shows it; others ignore it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board_app: Option<String>,
    /// A poll this reply posts or closes (a class's quiz), besides or instead of its words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub poll: Option<super::classroom::PollOp>,
    /// What the shell notes once this message is sent (the message a class's puzzle of the
    /// day became, for the answers that reply to it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub receipt: Option<super::classroom::Receipt>,
}

/// A text file a reply carries.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Document {
    /// Its name, with the extension a chess site looks for (`game.pgn`).
    pub file_name: String,
    /// Its contents.
    pub text: String,
}

impl Reply {
    /// A text message.
    #[must_use]
    pub fn text(text: impl Into<String>) -> Reply {
        Reply {
            text: text.into(),
            board: None,
            buttons: Vec::new(),
            edit: false,
            squares: Vec::new(),
            task: None,
            edit_task: None,
            toast: false,
            document: None,
            board_app: None,
            poll: None,
            receipt: None,
        }
    }

    /// A board picture with a caption.
    #[must_use]
    pub fn board(view: BoardView, caption: impl Into<String>) -> Reply {
        Reply {
            board: Some(view),
            ..Reply::text(caption)
        }
    }

    /// The same reply with one more row of buttons.
    #[must_use]
    pub fn with_row(mut self, row: Vec<Button>) -> Reply {
        if !row.is_empty() {
            self.buttons.push(row);
        }
        self
    }

    /// The same reply, replacing the message whose button was pressed.
    #[must_use]
    pub fn edited(mut self) -> Reply {
        self.edit = true;
        self
    }

    /// The same reply, as the board message of the task with `nonce`.
    #[must_use]
    pub fn as_task(mut self, nonce: u32) -> Reply {
        self.task = Some(nonce);
        self
    }

    /// The same reply, replacing the board message of the task with `nonce` when the shell
    /// knows it.
    #[must_use]
    pub fn editing_task(mut self, nonce: u32) -> Reply {
        self.edit_task = Some(nonce);
        self
    }

    /// The same reply, as a toast of the pressed button.
    #[must_use]
    pub fn as_toast(mut self) -> Reply {
        self.toast = true;
        self
    }

    /// The same reply with a file.
    #[must_use]
    pub fn with_document(mut self, file_name: impl Into<String>, text: impl Into<String>) -> Reply {
        self.document = Some(Document {
            file_name: file_name.into(),
            text: text.into(),
        });
        self
    }

    /// Whether this message offers the tap board (its grid, or the button that opens it): the
    /// board page can take the same move, so it is offered too ([`Reply::board_app`]).
    #[must_use]
    pub fn offers_tap_board(&self) -> bool {
        use super::callback::DuelAct;
        !self.squares.is_empty()
            || self.buttons.iter().flatten().any(|b| {
                matches!(
                    Action::decode(&b.data),
                    Some(
                        Action::TapBoard(_)
                            | Action::Duel {
                                act: DuelAct::Tap,
                                ..
                            }
                    )
                )
            })
    }

    /// The same reply posting or closing a poll.
    #[must_use]
    pub fn with_poll(mut self, poll: super::classroom::PollOp) -> Reply {
        self.poll = Some(poll);
        self
    }

    /// The same reply, noted once sent.
    #[must_use]
    pub fn with_receipt(mut self, receipt: super::classroom::Receipt) -> Reply {
        self.receipt = Some(receipt);
        self
    }

    /// The same reply with a tap board.
    #[must_use]
    pub fn with_squares(mut self, squares: Vec<Vec<Button>>) -> Reply {
        self.squares = squares;
        self
    }
}

/// Progress worth keeping, emitted by the tutor and stored by the shell.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, strum::IntoStaticStr)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum Event {
    /// A lesson step was completed.
    StepDone {
        /// The step's id.
        step: StepId,
    },
    /// A whole lesson was completed.
    LessonDone {
        /// The lesson's id.
        lesson: LessonId,
    },
    /// The learner tried an illegal move.
    IllegalMove {
        /// The rule it broke.
        code: crate::rules::RuleCode,
        /// The position it was tried in (FEN), so that a teacher's report can show it again.
        /// Absent from events stored before it was kept.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        fen: Option<String>,
        /// The move tried, as from and to square (and the promotion piece) in UCI, when the
        /// rule names both squares.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tried: Option<String>,
    },
    /// A puzzle was solved or failed, with the ladder points after it.
    PuzzleResult {
        /// The puzzle's id.
        puzzle: PuzzleId,
        /// Whether it was solved without a mistake or the solution.
        solved: bool,
        /// The learner's points after it.
        points: i32,
    },
    /// A quiz question was answered.
    QuizAnswer {
        /// The item's id (a bank id, or `gen-…` for a generated question).
        item: String,
        /// Whether the answer was right.
        correct: bool,
    },
    /// The language was set.
    Language {
        /// The language chosen.
        lang: Lang,
    },
    /// A game against the tutor began.
    GameStarted {
        /// The tutor's level (1–8).
        level: u8,
        /// The learner's side.
        learner: super::state::Side,
    },
    /// A game against the tutor ended.
    GameResult {
        /// The tutor's level (1–8).
        level: u8,
        /// How it ended (`checkmate`, `threefold_claimed`, …).
        ending: String,
        /// The PGN result (`1-0`, `0-1`, `1/2-1/2`).
        result: String,
        /// The learner's points after it.
        points: i32,
    },
}

impl Event {
    /// The event's kind, as stored.
    #[must_use]
    pub fn kind(&self) -> &'static str {
        self.into()
    }

    /// The rule a refused move broke, when this is a refusal.
    ///
    /// ```
    /// use chess_tutor_core::tutor::Event;
    /// use chess_tutor_core::rules::Rule;
    /// let e = Event::IllegalMove { code: Rule::Pinned.into(), fen: None, tried: None };
    /// assert_eq!(e.illegal_code(), Some("pinned"));
    /// ```
    #[must_use]
    pub fn illegal_code(&self) -> Option<&str> {
        match self {
            Event::IllegalMove { code, .. } => Some(code.as_str()),
            _ => None,
        }
    }

    /// What a class's report counts this event under, as the store keeps its tally: the
    /// value of the field [`REPORT_EVENTS`](super::REPORT_EVENTS) names for its kind (a step's
    /// or lesson's id, a refusal's code, `true` or `false` for a puzzle), or `None` for a
    /// kind the report does not count.
    ///
    /// ```
    /// use chess_tutor_core::rules::Rule;
    /// use chess_tutor_core::tutor::Event;
    /// let refusal = Event::IllegalMove { code: Rule::Pinned.into(), fen: None, tried: None };
    /// assert_eq!(refusal.counted_as().as_deref(), Some("pinned"));
    /// let solved: Event = serde_json::from_str(
    ///     r#"{"kind":"puzzle_result","puzzle":"m1-001","solved":true,"points":410}"#,
    /// ).unwrap();
    /// assert_eq!(solved.counted_as().as_deref(), Some("true"));
    /// let quiz = Event::QuizAnswer { item: "q1".into(), correct: true };
    /// assert_eq!(quiz.counted_as(), None);
    /// ```
    #[must_use]
    pub fn counted_as(&self) -> Option<String> {
        let (_, field) = super::REPORT_EVENTS
            .iter()
            .find(|(kind, _)| *kind == self.kind())?;
        // Read from the event as stored, so that the tally and a count from the stored
        // events (`Store::recount_class`) can never disagree.
        match serde_json::to_value(self).ok()?.get(field)? {
            serde_json::Value::String(s) => Some(s.clone()),
            serde_json::Value::Bool(b) => Some(b.to_string()),
            serde_json::Value::Number(n) => Some(n.to_string()),
            _ => None,
        }
    }

    /// The last try a refusal event kept (its position and move), if it kept one.
    ///
    /// ```
    /// use chess_tutor_core::tutor::Event;
    /// let e = Event::IllegalMove { code: "pinned".into(), fen: Some("8/8/8/8/8/8/8/8 w - - 0 1".into()), tried: Some("e2e4".into()) };
    /// assert_eq!(e.last_try().map(|t| t.tried), Some("e2e4".to_owned()));
    /// let old = Event::IllegalMove { code: "pinned".into(), fen: None, tried: None };
    /// assert_eq!(old.last_try(), None);
    /// ```
    #[must_use]
    pub fn last_try(&self) -> Option<super::classroom::LastTry> {
        match self {
            Event::IllegalMove {
                code,
                fen: Some(fen),
                tried: Some(tried),
            } => Some(super::classroom::LastTry {
                code: code.clone(),
                fen: fen.clone(),
                tried: tried.clone(),
            }),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reply_without_edit_or_squares_reads_as_a_new_message() {
        let r: Reply = serde_json::from_str(r#"{"text":"hi","board":null,"buttons":[]}"#).unwrap();
        assert!(!r.edit);
        assert!(r.squares.is_empty());
        assert_eq!(r, Reply::text("hi"));
        let edited = Reply::text("x").edited();
        let back: Reply = serde_json::from_str(&serde_json::to_string(&edited).unwrap()).unwrap();
        assert!(back.edit);
    }

    #[test]
    fn events_are_stored_as_before() {
        let e = Event::StepDone {
            step: "rook-moves".parse().unwrap(),
        };
        assert_eq!(
            serde_json::to_value(&e).unwrap(),
            serde_json::json!({"kind": "step_done", "step": "rook-moves"})
        );
        let e = Event::Language { lang: Lang::En };
        assert_eq!(
            serde_json::to_value(&e).unwrap(),
            serde_json::json!({"kind": "language", "lang": "en"})
        );
        for e in [
            e,
            Event::IllegalMove {
                code: "pinned".into(),
                fen: None,
                tried: None,
            },
            Event::QuizAnswer {
                item: "q".into(),
                correct: true,
            },
        ] {
            assert_eq!(serde_json::to_value(&e).unwrap()["kind"], e.kind());
        }
    }

    #[test]
    fn task_placement_round_trips_and_is_absent_when_unused() {
        let plain = serde_json::to_string(&Reply::text("x")).unwrap();
        assert!(
            !plain.contains("task") && !plain.contains("toast"),
            "{plain}"
        );
        let r = Reply::text("x").as_task(3).editing_task(2).as_toast();
        let back: Reply = serde_json::from_str(&serde_json::to_string(&r).unwrap()).unwrap();
        assert_eq!(
            (back.task, back.edit_task, back.toast),
            (Some(3), Some(2), true)
        );
    }
}
