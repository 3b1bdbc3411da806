//! A move of a player, read by the referee, and what the other player is told.

use super::board::{Duel, now_secs, put, your_move};
use super::ending::finish;
use crate::rules::{self, Lang, Verdict};
use crate::tutor::cx::Cx;
use crate::tutor::move_task::MoveTask;
use crate::tutor::reply::Reply;
use crate::tutor::state::Mode;
use crate::tutor::words::Said;
use crate::tutor::words::Say;
use shakmaty::Position;

/// A move of this learner, read by the referee.
pub(super) fn play(mut duel: Duel, cx: &mut Cx<'_>, verdict: Verdict, input: &str) -> Mode {
    let lang = cx.lang();
    if !duel.game.started() {
        let note = Say::DuelWaitingForJoin.to(lang);
        cx.reply(Reply::text(note));
        return duel.into();
    }
    if duel.game.pos().turn() != duel.me {
        let note = duel.status_note(cx);
        duel.update(cx, &note);
        return duel.into();
    }
    let pos = duel.game.pos().clone();
    let info = match &verdict {
        Verdict::Legal(info) => info.clone(),
        // Explained to this player only; the game is as it was.
        Verdict::Illegal(reason) => return duel.refuse(cx, &pos, reason, input),
        Verdict::Ambiguous { .. } | Verdict::Unreadable => {
            return duel.unread(cx, &pos, &verdict, input);
        }
    };
    if duel.game.record.push(info.mv).is_err() {
        cx.stale_button();
        return duel.into();
    }
    // A move answers a draw offer standing against this player: declined (FIDE 9.1.2.3).
    let declined = duel
        .game
        .draw_offer
        .take_if(|s| s.color() == !duel.me)
        .is_some();
    duel.game.last_move_at = now_secs(cx);
    let said = Said::san(&pos, info.mv);
    let mine = Say::GameYouPlayed { san: said.clone() }.to(lang);
    let what = |lang: Lang| {
        let mut note = Say::DuelFriendPlayed {
            san: said.clone(),
            what: rules::text::legal_in_words(&pos, &info, lang),
        }
        .to(lang);
        if declined {
            note.push('\n');
            note.push_str(&Say::DuelOfferDeclinedByMove.to(lang));
        }
        note
    };
    if let Some(ending) = duel.game.record.automatic_ending() {
        let theirs = duel.other().map(|o| what(o.lang)).unwrap_or_default();
        cx.played(&mine);
        return finish(cx, duel, &ending, mine, theirs);
    }
    let note = format!("{mine}\n{}", Say::DuelWaitForFriend.to(lang));
    cx.played(&note);
    duel.update(cx, &note);
    duel.tell_other(cx, |other| {
        format!(
            "{}\n{}",
            what(other.lang),
            your_move(&duel.game, other.lang, !other.text_mode)
        )
    });
    put(cx, duel.game.clone());
    duel.into()
}
