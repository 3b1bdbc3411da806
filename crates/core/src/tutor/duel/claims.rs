//! What a player may do besides moving: claim a draw or an abandoned game, offer, accept or
//! decline a draw, resign, cancel an invitation.

use super::board::{
    Duel, button, caption, may_claim_abandoned, now_secs, put, show, turn, view_for,
};
use super::ending::finish;
use super::invite::join;
use crate::game::record::Ending;
use crate::tutor::callback::DuelAct;
use crate::tutor::cx::Cx;
use crate::tutor::game;
use crate::tutor::move_task::MoveTask;
use crate::tutor::reply::Reply;
use crate::tutor::state::DuelId;
use crate::tutor::state::{Mode, Side};
use crate::tutor::words::Said;
use crate::tutor::words::Say;
use shakmaty::{Color, Position};

/// A button of a game with a friend.
pub(in crate::tutor) fn act(
    cx: &mut Cx<'_>,
    game: i64,
    ply: u16,
    act: DuelAct,
    seat: Option<Color>,
    mode: Mode,
) -> Mode {
    if act == DuelAct::Join {
        return join(cx, DuelId(game), mode);
    }
    let mine = cx.session.duel.filter(|s| s.game.0 == game);
    let Some(duel) = mine.and_then(|_| turn(cx)) else {
        if cx.room().is_some() && mine.is_none() {
            // In a group, someone else's game: its buttons are its players'.
            let text = cx.t(&Say::DuelNotYourGame);
            cx.refuse(Reply::text(text).as_toast());
            return mode;
        }
        // A finished game, another game, or a forged button: nothing changes.
        cx.stale_button();
        return mode;
    };
    if seat.is_some_and(|s| s != duel.me) {
        // The other player's button, seen in the group: theirs to press.
        let text = cx.t(&Say::DuelNotYourButton);
        cx.refuse(Reply::text(text).as_toast());
        return mode;
    }
    if act == DuelAct::Cancel {
        return cancel(duel, cx, mode);
    }
    // Bound to the move it was sent at: the position has changed since.
    let at_any_move = matches!(act, DuelAct::Board | DuelAct::Resign | DuelAct::Offer);
    if !at_any_move && ply != duel.game.ply() {
        cx.stale_button();
        return mode;
    }
    match act {
        DuelAct::Tap => duel.open_tap_board(cx),
        DuelAct::Claim => claim(duel, cx),
        DuelAct::Offer => offer_draw(duel, cx),
        DuelAct::Accept => accept_draw(duel, cx),
        DuelAct::Decline => decline_draw(duel, cx),
        DuelAct::Resign => resign(duel, cx, false),
        DuelAct::ResignYes => resign(duel, cx, true),
        DuelAct::Board => show(cx, Mode::Duel),
        DuelAct::Abandoned => claim_abandoned(duel, cx),
        DuelAct::Cancel | DuelAct::Join => mode,
    }
}

/// The inviter withdraws an invitation nobody has taken.
fn cancel(mut duel: Duel, cx: &mut Cx<'_>, mode: Mode) -> Mode {
    if duel.game.started() {
        cx.stale_button();
        return mode;
    }
    duel.game.cancelled = true;
    cx.session.duel = None;
    put(cx, duel.game);
    let text = cx.t(&Say::DuelInvitationCancelled);
    let row = cx.menu_row();
    cx.reply(Reply::text(text).with_row(row).edited());
    Mode::Idle
}

/// A draw claimed by the player to move (FIDE 9.2, 9.3).
pub(super) fn claim(mut duel: Duel, cx: &mut Cx<'_>) -> Mode {
    let lang = cx.lang();
    if !duel.game.started() || duel.game.pos().turn() != duel.me {
        let note = Say::DuelClaimOnYourMove.to(lang);
        duel.update(cx, &note);
        return duel.into();
    }
    let Some(claim) = duel.game.record.claim() else {
        let repetition = duel.game.record.game().repetition();
        let note = Say::NoClaim {
            times: u32::try_from(repetition.count).unwrap_or(u32::MAX),
            moves: duel.game.pos().halfmoves() / 2,
        }
        .to(lang);
        duel.update(cx, &note);
        return duel.into();
    };
    let ending = game::make_claim(&mut duel.game.record, claim, duel.me);
    let said = game::claimed_move(&ending).and_then(Said::written);
    let mine = said.as_ref().map_or_else(String::new, |s| {
        Say::GameYouPlayed { san: s.clone() }.to(lang)
    });
    let theirs = duel.other().map_or_else(String::new, |o| {
        said.as_ref().map_or_else(String::new, |s| {
            Say::DuelFriendPlayedBare { san: s.clone() }.to(o.lang)
        })
    });
    finish(cx, duel, &ending, mine, theirs)
}

pub(super) fn offer_draw(mut duel: Duel, cx: &mut Cx<'_>) -> Mode {
    let lang = cx.lang();
    if !duel.game.started() {
        let note = Say::DuelWaitingForJoin.to(lang);
        cx.reply(Reply::text(note));
        return duel.into();
    }
    match duel.game.draw_offer {
        // Offered to this player: an offer back is an acceptance.
        Some(s) if s.color() == !duel.me => return accept_draw(duel, cx),
        Some(_) => {
            let note = Say::DuelOfferStands.to(lang);
            duel.update(cx, &note);
            return duel.into();
        }
        None => {}
    }
    duel.game.draw_offer = Some(Side::from(duel.me));
    let note = Say::DuelYouOffered.to(lang);
    duel.update(cx, &note);
    duel.tell_other(cx, |other| Say::DuelFriendOffers.to(other.lang));
    put(cx, duel.game.clone());
    duel.into()
}

fn accept_draw(duel: Duel, cx: &mut Cx<'_>) -> Mode {
    if duel.game.draw_offer.is_none_or(|s| s.color() != !duel.me) {
        cx.stale_button();
        return duel.into();
    }
    let mine = Say::DuelYouAccepted.to(cx.lang());
    let theirs = duel
        .other()
        .map_or_else(String::new, |o| Say::DuelFriendAccepted.to(o.lang));
    finish(cx, duel, &Ending::Agreement, mine, theirs)
}

fn decline_draw(mut duel: Duel, cx: &mut Cx<'_>) -> Mode {
    if duel.game.draw_offer.is_none_or(|s| s.color() != !duel.me) {
        cx.stale_button();
        return duel.into();
    }
    duel.game.draw_offer = None;
    let note = format!("{}\n{}", cx.t(&Say::DuelYouDeclined), duel.status_note(cx));
    duel.update(cx, &note);
    duel.tell_other(cx, |other| Say::DuelFriendDeclined.to(other.lang));
    put(cx, duel.game.clone());
    duel.into()
}

/// Resign: asked once (a tap on a phone is easy to make), then done.
pub(super) fn resign(duel: Duel, cx: &mut Cx<'_>, confirmed: bool) -> Mode {
    let lang = cx.lang();
    if !duel.game.started() {
        let note = Say::DuelWaitingForJoin.to(lang);
        cx.reply(Reply::text(note));
        return duel.into();
    }
    if !confirmed {
        let note = Say::ResignConfirm.to(lang);
        let reply = Reply::board(
            view_for(&duel.game, duel.me),
            format!("{}\n\n{note}", caption(&duel.game, duel.me, lang)),
        )
        .with_row(vec![
            button(
                &duel.game,
                duel.me,
                lang,
                &Say::ButtonResignYes,
                DuelAct::ResignYes,
            ),
            button(
                &duel.game,
                duel.me,
                lang,
                &Say::ButtonPlayOn,
                DuelAct::Board,
            ),
        ]);
        cx.update_task(reply);
        return duel.into();
    }
    let loser = duel.me;
    finish(
        cx,
        duel,
        &Ending::Resignation { loser },
        String::new(),
        String::new(),
    )
}

/// The game of a player silent on their move for too long, claimed by the other.
fn claim_abandoned(duel: Duel, cx: &mut Cx<'_>) -> Mode {
    if !may_claim_abandoned(&duel.game, duel.me, now_secs(cx)) {
        cx.stale_button();
        return duel.into();
    }
    let loser = !duel.me;
    finish(
        cx,
        duel,
        &Ending::Abandoned { loser },
        String::new(),
        String::new(),
    )
}
