//! The game with a friend as an activity and a move task: typed words, the tap board, hints.

use super::board::{
    Duel, button, buttons_for, caption, message_with, now_secs, show_to_me, view_for,
};
use super::claims::{claim, offer_draw, resign};
use super::play::play;
use crate::rules::{self, Verdict, text::verdict_text};
use crate::tutor::activity::Activity;
use crate::tutor::callback::DuelAct;
use crate::tutor::cx::Cx;
use crate::tutor::move_task::{MoveTask, Refusal, TaskBoard};
use crate::tutor::state::Mode;
use crate::tutor::words::{self, Say};
use shakmaty::Chess;
use shakmaty::Position;

impl Activity for Duel {
    fn present(&self, cx: &mut Cx<'_>) {
        let note = self.status_note(cx);
        show_to_me(cx, &self.game, self.me, &note);
    }

    fn text(self, cx: &mut Cx<'_>, input: &str) -> Mode {
        if words::is_claim_word(input) {
            return claim(self, cx);
        }
        if words::is_resign_word(input) {
            return resign(self, cx, false);
        }
        if words::is_draw_offer_word(input) {
            return offer_draw(self, cx);
        }
        let pos = self.game.pos().clone();
        let verdict = rules::explain_in_game(self.game.record.game(), input);
        self.submit(cx, &pos, verdict, input)
    }

    fn next(self, cx: &mut Cx<'_>) -> Mode {
        let note = cx.t(&Say::GameNoSkipping);
        self.update(cx, &note);
        self.into()
    }

    /// A game with a friend is theirs to play: no hints, no solution.
    fn hint(self, cx: &mut Cx<'_>) -> Mode {
        let note = cx.t(&Say::DuelNoHints);
        self.update(cx, &note);
        self.into()
    }

    fn solution(self, cx: &mut Cx<'_>) -> Mode {
        self.hint(cx)
    }
}

impl MoveTask for Duel {
    fn task_board(&self, cx: &Cx<'_>) -> Option<TaskBoard> {
        if !self.game.started() || self.game.pos().turn() != self.me {
            return None;
        }
        let lang = cx.lang();
        let mut buttons = buttons_for(&self.game, self.me, lang, now_secs(cx));
        // The tap board's own first row is the grid: keep only the game's other buttons.
        let tap = button(
            &self.game,
            self.me,
            lang,
            &Say::ButtonTapToMove,
            DuelAct::Tap,
        )
        .data;
        for row in &mut buttons {
            row.retain(|b| b.data != tap);
        }
        buttons.retain(|row| !row.is_empty());
        Some(TaskBoard {
            pos: self.game.pos().clone(),
            view: view_for(&self.game, self.me),
            caption: caption(&self.game, self.me, lang),
            buttons,
        })
    }

    fn play(self, cx: &mut Cx<'_>, verdict: Verdict, input: &str) -> Mode {
        play(self, cx, verdict, input)
    }

    /// A message that does not read is said as the referee reads it, on the game's message.
    fn how_to_write(&self, cx: &Cx<'_>, pos: &Chess, input: &str) -> String {
        verdict_text(pos, &Verdict::Unreadable, input, cx.lang())
    }

    fn say_unread(self, cx: &mut Cx<'_>, note: String) -> Mode {
        self.update(cx, &note);
        self.into()
    }

    fn show_refusal(self, cx: &mut Cx<'_>, refusal: Refusal) -> Mode {
        let view = view_for(&self.game, self.me).with_overlay(refusal.overlay);
        let reply = message_with(
            &self.game,
            self.me,
            cx.lang(),
            &refusal.note,
            view,
            now_secs(cx),
        );
        cx.update_task(reply);
        self.into()
    }
}

/// The game's board as the board page shows it, on either player's move: the task board when
/// the learner is to move, else the board they wait on (with `false`).
pub(in crate::tutor) fn page_board(cx: &Cx<'_>, duel: &Duel) -> Option<(TaskBoard, bool)> {
    if !duel.game.started() {
        return None;
    }
    if let Some(board) = duel.task_board(cx) {
        return Some((board, true));
    }
    Some((
        TaskBoard {
            pos: duel.game.pos().clone(),
            view: view_for(&duel.game, duel.me),
            caption: caption(&duel.game, duel.me, cx.lang()),
            buttons: Vec::new(),
        },
        false,
    ))
}
