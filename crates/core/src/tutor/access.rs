//! Text mode, for a learner who listens to the chat (TalkBack, VoiceOver) rather than looks at
//! its pictures: `/a11y`, or the button under `/lang`'s choice, turns it on and off.
//!
//! In text mode every reply that carries a board carries it in words too, before the picture
//! (which follows as a message of its own and is never needed): whose move, each side's
//! pieces, and what the picture marks ([`crate::draw::speech`]). No reply needs the tap board
//! (its grid, its button and the board page are left out; moves are typed, in any notation
//! the referee reads, words included), a task is answered in a new message rather than by
//! editing an old one (a screen reader reads what arrives, not what changes above), and every
//! button is labelled in words (no symbol or emoji alone).
//!
//! Four commands answer what a sighted learner sees at a glance, in text mode or not:
//! `/where knight` (where the knights stand), `/square e4` (what stands there and what
//! attacks it), `/scan e4` (the first piece along each line from e4) and `/moves` (the moves
//! played so far). The words are decided in [`crate::rules::speech`].
//!
//! ```text
//! learner: /a11y             bot: text mode is on (how to look), then the task again in words:
//!                                 "Unit 10 En passant · 4/10 … White to move. White: king e1,
//!                                 pawn e5. Black: king e8, pawn d5. Last move: black pawn d7
//!                                 to d5. Marked: black pawn d5."
//! learner: /square d6        bot: "d6 is empty. White attacks it with: pawn e5. …"
//! learner: exd6              bot: "Right! …" and the board after the move, in words
//! ```

use shakmaty::{Chess, Move};

use super::callback::{Action, DuelAct};
use super::cx::Cx;
use super::effect::{Effect, To};
use super::input::AccessCommand;
use super::move_task::MoveTask;
use super::reply::{Button, Reply};
use super::shared::SharedGame;
use super::state::{Mode, Session};
use crate::draw;
use crate::i18n::Lang;
use crate::render::BoardView;
use crate::rules::speech;

crate::messages! {
    /// What text mode says of itself: each variant one message of `speech.ftl`.
    pub(crate) enum AccessSay {
        ModeOn = "speech-mode-on",
        ModeOff = "speech-mode-off",
        ButtonOn = "speech-button-on",
        ButtonOff = "speech-button-off",
        NoBoard = "speech-no-board",
        TypeSquares = "speech-type-squares",
    }
}

/// How a squares step is answered in text mode (there is no tap board to pick them on).
pub(super) fn squares_prompt(cx: &Cx<'_>) -> Option<String> {
    cx.session
        .text_mode
        .then(|| AccessSay::TypeSquares.to(cx.lang()))
}

/// Answers a text-mode command; true when the current task should be shown again (text mode
/// just changed, so the learner hears the board at once in the way they asked for).
pub(super) fn command(cx: &mut Cx<'_>, command: AccessCommand, mode: &Mode) -> bool {
    let lang = cx.lang();
    match command {
        AccessCommand::TextMode(wanted) => {
            let on = wanted.unwrap_or(!cx.session.text_mode);
            set(cx, on, mode)
        }
        AccessCommand::Look(look) => {
            let text = match looked_at(cx, mode) {
                Some((view, _)) => look.answer(&view.board, lang),
                None => AccessSay::NoBoard.to(lang),
            };
            cx.reply(Reply::text(text));
            false
        }
        AccessCommand::Moves => {
            let text = match looked_at(cx, mode) {
                Some((_, Some((start, moves)))) => speech::moves(&start, &moves, lang),
                Some((view, None)) => draw::speech::last_move(&view, lang)
                    .unwrap_or_else(|| speech::moves(&Chess::default(), &[], lang)),
                None => AccessSay::NoBoard.to(lang),
            };
            cx.reply(Reply::text(text));
            false
        }
    }
}

/// Turns text mode on or off and says so; true when there is a task to show again.
pub(super) fn set(cx: &mut Cx<'_>, on: bool, mode: &Mode) -> bool {
    cx.session.text_mode = on;
    let said = if on {
        AccessSay::ModeOn
    } else {
        AccessSay::ModeOff
    };
    let text = said.to(cx.lang());
    cx.reply(Reply::text(text));
    !matches!(mode, Mode::Idle) || super::duel::active(cx)
}

/// The button that turns text mode on (or off, when it is on), for the language menu.
pub(super) fn button_row(cx: &Cx<'_>) -> Vec<Button> {
    let on = cx.session.text_mode;
    let label = if on {
        AccessSay::ButtonOff
    } else {
        AccessSay::ButtonOn
    };
    vec![Button::new(label.to(cx.lang()), &Action::TextMode(!on))]
}

/// A game's start and the moves played from it.
type Played = (Chess, Vec<Move>);

/// The board the learner is looking at, and the moves that led to it when a game keeps them.
fn looked_at(cx: &Cx<'_>, mode: &Mode) -> Option<(BoardView, Option<Played>)> {
    let duel_record = || {
        let seat = cx.session.duel?;
        let game = cx.shared.game.as_ref().filter(|g| g.id == seat.game)?;
        let view = super::duel::turn(cx)
            .and_then(|d| super::duel::page_board(cx, &d))
            .map(|(b, _)| b.view)?;
        Some((
            view,
            Some((game.record.start().clone(), game.record.moves().to_vec())),
        ))
    };
    match mode {
        Mode::Lesson(s) => s
            .task_board(cx)
            .map(|b| b.view)
            .or_else(|| s.shown_board(cx))
            .map(|v| (v, None)),
        Mode::Puzzle(s) => s.task_board(cx).map(|b| (b.view, None)),
        Mode::Quiz(s) => super::quiz::item_view(cx, &s.item).map(|v| (v, None)),
        Mode::Game(g) => g.task_board(cx).map(|b| {
            (
                b.view,
                Some((g.record.start().clone(), g.record.moves().to_vec())),
            )
        }),
        Mode::Duel => duel_record(),
        Mode::Idle => duel_record(),
    }
}

/// What text mode does to the replies of a step: each board also in words, before its
/// picture; no tap board, no board page, no edits; buttons labelled in words. Replies stay as
/// they are when text mode is off.
pub(super) fn in_words(effects: &mut Vec<Effect>, session: &Session) {
    if !session.text_mode {
        return;
    }
    let lang = session.lang();
    let mut out = Vec::with_capacity(effects.len() * 2);
    for effect in effects.drain(..) {
        // Only what this learner is told here; a class's poll is the group's.
        match effect {
            Effect::Say {
                to: To::Here,
                reply,
            } if reply.poll.is_none() => out.extend(said_in_words(reply, lang).into_iter().map(
                |reply| Effect::Say {
                    to: To::Here,
                    reply,
                },
            )),
            other => out.push(other),
        }
    }
    *effects = out;
}

/// Text mode for the players of a game with a friend: what a step tells a player other than
/// the one whose input it is (in their chat, or for them in the group the game is played in)
/// is said in words when their seat says they read in text mode, in their language.
pub(super) fn in_words_for_players(effects: &mut Vec<Effect>, game: &SharedGame) {
    let reads_in_words = |learner: i64| {
        [game.white.as_ref(), game.black.as_ref()]
            .into_iter()
            .flatten()
            .find(|seat| seat.learner == learner && seat.text_mode)
            .map(|seat| seat.lang)
    };
    let mut out = Vec::with_capacity(effects.len());
    for effect in effects.drain(..) {
        match effect {
            Effect::Say { to, reply } => {
                let learner = match to {
                    To::Learner(learner) | To::Room { learner, .. } => Some(learner),
                    To::Here | To::Class { .. } => None,
                };
                match learner.and_then(reads_in_words) {
                    Some(lang) if reply.poll.is_none() => out.extend(
                        said_in_words(reply, lang)
                            .into_iter()
                            .map(|reply| Effect::Say { to, reply }),
                    ),
                    _ => out.push(Effect::Say { to, reply }),
                }
            }
            other => out.push(other),
        }
    }
    *effects = out;
}

/// One reply as text mode says it: its board in words before the picture (sent after, as a
/// message of its own); no tap board, no board page, no edits; buttons labelled in words.
fn said_in_words(mut reply: Reply, lang: Lang) -> Vec<Reply> {
    reply.squares.clear();
    reply.board_app = None;
    reply.edit = false;
    reply.edit_task = None;
    for row in &mut reply.buttons {
        row.retain(|b| !needs_the_tap_board(b));
        for b in row.iter_mut() {
            b.label = spoken_label(&b.label);
        }
    }
    reply.buttons.retain(|row| !row.is_empty());
    match reply.board.take() {
        Some(view) => {
            let words = draw::speech::view(&view, lang);
            reply.text = if reply.text.trim().is_empty() {
                words
            } else {
                format!("{}\n\n{words}", reply.text)
            };
            vec![reply, Reply::board(view, String::new())]
        }
        None => vec![reply],
    }
}

/// Whether a button only works with the tap board: the one that opens it, and the Done of a
/// squares step (typed squares are read as they are).
fn needs_the_tap_board(b: &Button) -> bool {
    matches!(
        Action::decode(&b.data),
        Some(
            Action::TapBoard(_)
                | Action::Tap { .. }
                | Action::Done(_)
                | Action::Duel {
                    act: DuelAct::Tap,
                    ..
                }
        )
    )
}

/// A button's label as a screen reader should read it: words, numbers and punctuation kept,
/// symbols and emoji (▶, 💡, ♔, 👆) left out. A label of symbols alone is kept as it is.
fn spoken_label(label: &str) -> String {
    let kept: String = label
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || "-–—,.:;!?'’\"“”«»()（）、，。：！？《》「」/&+#%".contains(c)
            {
                c
            } else {
                ' '
            }
        })
        .collect();
    let words = kept.split_whitespace().collect::<Vec<_>>().join(" ");
    if words.is_empty() {
        label.to_owned()
    } else {
        words
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{LANGS, message_ids};

    #[test]
    fn every_access_message_is_worded_in_every_language() {
        for lang in LANGS {
            for say in AccessSay::samples() {
                if let Err(e) = say.try_to(lang) {
                    panic!("{e}");
                }
            }
        }
    }

    #[test]
    fn every_speech_message_is_said_somewhere() {
        let said: Vec<&str> = speech_ids();
        for lang in LANGS {
            for (file, id) in message_ids(lang) {
                if file.ends_with("speech.ftl") {
                    assert!(said.contains(&id.as_str()), "{file}: `{id}` is never said");
                }
            }
        }
    }

    fn speech_ids() -> Vec<&'static str> {
        let mut ids: Vec<&str> = AccessSay::samples().iter().map(AccessSay::id).collect();
        ids.extend(speech::Said::samples().iter().map(speech::Said::id));
        ids.extend(
            draw::speech::Marked::samples()
                .iter()
                .map(draw::speech::Marked::id),
        );
        ids
    }

    #[test]
    fn labels_read_as_words() {
        assert_eq!(spoken_label("Next ▶"), "Next");
        assert_eq!(spoken_label("Hint 💡"), "Hint");
        assert_eq!(spoken_label("♔ White"), "White");
        assert_eq!(spoken_label("👥 Play a friend"), "Play a friend");
        assert_eq!(spoken_label("✔ 完成"), "完成");
        assert_eq!(spoken_label("Take back ↩"), "Take back");
        assert_eq!(spoken_label("Level 3"), "Level 3");
        assert_eq!(spoken_label("♞"), "♞");
    }
}
