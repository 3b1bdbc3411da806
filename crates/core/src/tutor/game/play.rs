//! A move of the learner, read by the referee, and the tutor's answer.

use super::board::COACHED_LEVELS;
use super::coach::coach_reply_spelled;
use super::ending::finish;
use crate::game::coach;
use crate::game::engine;
use crate::rules::{self, Verdict};
use crate::tutor::cx::Cx;
use crate::tutor::move_task::MoveTask;
use crate::tutor::state::{GameState, Mode};
use crate::tutor::words::Said;
use crate::tutor::words::Say;

/// A move of the learner, read by the referee.
pub(super) fn play(mut game: GameState, cx: &mut Cx<'_>, verdict: Verdict, input: &str) -> Mode {
    let lang = cx.lang();
    let pos = game.pos().clone();
    game.resigning = false;
    let info = match &verdict {
        Verdict::Legal(info) => info.clone(),
        Verdict::Illegal(reason) => return game.refuse(cx, &pos, reason, input),
        Verdict::Unreadable | Verdict::Ambiguous { .. } => {
            return game.unread(cx, &pos, &verdict, input);
        }
    };
    if game.record.push(info.mv).is_err() {
        cx.stale_button();
        return game.into();
    }
    let mut note = Say::GameYouPlayed {
        san: Said::new(&pos, info.mv, cx.spell()),
    }
    .to(lang);
    if let Some(ending) = game.record.automatic_ending() {
        return finish(cx, game, &ending, note);
    }
    // At the lowest levels the coach speaks up at once, while a take-back can still mend it.
    let coached = (game.level.number() <= COACHED_LEVELS)
        .then(|| coach::judge_ply(&game.record, game.record.moves().len() - 1))
        .flatten();
    // The tutor's answer. The search is bounded by a node budget, never by the clock.
    let positions = game.record.positions();
    let earlier = &positions[..positions.len() - 1];
    let Some(answer) =
        engine::reply_with_stats(game.pos(), earlier, game.level, game.seed ^ ply_seed(&game))
            .map(|r| r.mv)
    else {
        // Not reached: a position with no legal move is an ending above.
        return game.into();
    };
    let before = game.pos().clone();
    let answered = Said::new(&before, answer, cx.spell());
    let _ = game.record.push(answer);
    let info = rules::MoveInfo::new(&before, answer);
    note.push('\n');
    note.push_str(
        &Say::TutorAnswered {
            san: answered,
            what: rules::text::legal_in_words(&before, &info, lang),
        }
        .to(lang),
    );
    if let Some(ending) = game.record.automatic_ending() {
        return finish(cx, game, &ending, note);
    }
    note.push('\n');
    note.push_str(&game.your_move(cx));
    // The same message goes on with the next move: edited, then known by the new nonce.
    let old = cx.nonce();
    cx.next_nonce();
    let reply = game.message(cx, game.view(), &note);
    cx.played(&note);
    let Some(point) = coached else {
        // A tapped move: the board the learner tapped on goes on. A typed move: a new board
        // under the learner's message (an edit above it would scroll away as a game goes on).
        let reply = if cx.pressed() {
            reply.editing_task(old)
        } else {
            reply
        };
        cx.reply(reply.as_task(cx.nonce()));
        return game.into();
    };
    // The coach's board first, then the game as a new message: the newest message is the
    // board the learner plays on.
    let mut advice = coach_reply_spelled(&point, &game.record, game.learner(), (cx.spell(), lang));
    if game.can_take_back() {
        advice.text.push('\n');
        advice.text.push_str(&Say::CoachMayTakeBack.to(lang));
    }
    cx.reply(advice);
    cx.reply(reply.as_task(cx.nonce()));
    game.into()
}

fn ply_seed(game: &GameState) -> u64 {
    (game.record.moves().len() as u64).wrapping_mul(0x0000_0100_0000_01b3)
}
