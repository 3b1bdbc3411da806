//! The game as an activity and a move task: typed words, the tap board, hints and `Next`.

use super::board::piece_at;
use super::claims::{claim, offer_draw, resign, take_back};
use super::play::play;
use crate::game::coach;
use crate::rules::{self, Verdict};
use crate::tutor::activity::Activity;
use crate::tutor::cx::Cx;
use crate::tutor::move_task::{MoveTask, Refusal, TaskBoard};
use crate::tutor::state::{GameState, Mode};
use crate::tutor::tap;
use crate::tutor::words::{self, Say};

impl Activity for GameState {
    fn present(&self, cx: &mut Cx<'_>) {
        let note = self.your_move(cx);
        self.show(cx, &note, None);
    }

    fn text(self, cx: &mut Cx<'_>, input: &str) -> Mode {
        let lang = cx.lang();
        if words::is_claim_word(input) {
            return claim(self, cx);
        }
        if words::is_resign_word(input) {
            return resign(self, cx);
        }
        if words::is_draw_offer_word(input) {
            return offer_draw(self, cx);
        }
        if words::is_take_back_word(input) {
            if self.can_take_back() {
                return take_back(self, cx);
            }
            let note = cx.t(&Say::NoTakeBack);
            cx.unread(note, Vec::new());
            return self.into();
        }
        let _ = lang;
        let pos = self.pos().clone();
        // Read against the game's history: a castling right lost earlier is named by its move.
        let verdict = rules::explain_in_game(self.record.game(), input);
        self.submit(cx, &pos, verdict, input)
    }

    /// "Next" during a game: nothing to skip to; the game is shown again.
    fn next(self, cx: &mut Cx<'_>) -> Mode {
        let note = cx.t(&Say::GameNoSkipping);
        let reply = self.message(cx, self.view(), &note);
        cx.update_task(reply);
        self.into()
    }

    /// A game has no solution to show: say what `/hint` gives instead.
    fn solution(self, cx: &mut Cx<'_>) -> Mode {
        let note = cx.t(&Say::GameNoSolution);
        let reply = self.message(cx, self.view(), &note);
        cx.update_task(reply);
        self.into()
    }

    /// A hint in a game: the coach's rule of thumb for the position, not a move.
    fn hint(self, cx: &mut Cx<'_>) -> Mode {
        let lang = cx.lang();
        let note = match coach::hint(self.pos()) {
            Some(coach::Hint::InCheck) => Say::GameHintInCheck.to(lang),
            Some(coach::Hint::Hanging { square }) => Say::GameHintHanging {
                square,
                piece: piece_at(self.pos(), square),
            }
            .to(lang),
            Some(coach::Hint::FreeCapture { square }) => Say::GameHintFreeCapture {
                square,
                piece: piece_at(self.pos(), square),
            }
            .to(lang),
            None => Say::GameHintNone.to(lang),
        };
        let reply = self.message(cx, self.view(), &note);
        cx.update_task(reply);
        self.into()
    }
}

impl MoveTask for GameState {
    fn task_board(&self, cx: &Cx<'_>) -> Option<TaskBoard> {
        let mut buttons = self.buttons(cx);
        // The tap board's own first row is the grid: keep only the game's other buttons.
        if let Some(first) = buttons.first_mut() {
            first.retain(|b| b.data != tap::button(cx).data);
        }
        buttons.retain(|row| !row.is_empty());
        Some(TaskBoard {
            pos: self.pos().clone(),
            view: self.view(),
            caption: self.caption(cx),
            buttons,
        })
    }

    fn play(self, cx: &mut Cx<'_>, verdict: Verdict, input: &str) -> Mode {
        play(self, cx, verdict, input)
    }

    fn show_refusal(self, cx: &mut Cx<'_>, refusal: Refusal) -> Mode {
        let view = self.view();
        crate::tutor::move_task::show_refusal_on(self, cx, refusal, view, GameState::message)
    }
}
