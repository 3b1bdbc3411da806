//! What a player may do besides moving: claim a draw, offer one, resign, take a move back.

use super::ending::finish;
use crate::game::coach;
use crate::game::record::{Claim, Ending, Record};
use crate::rules::notation::san;
use crate::tutor::callback::Action;
use crate::tutor::cx::Cx;
use crate::tutor::reply::{Button, Reply};
use crate::tutor::state::{GameState, Mode};
use crate::tutor::words::Said;
use crate::tutor::words::Say;
use shakmaty::{Color, Position};

/// Plies after a declined draw offer before the learner may offer again (FIDE 11.5: no
/// pestering the opponent).
const OFFER_AGAIN_AFTER: usize = 10;

/// The Claim button, or "claim" typed.
pub(in crate::tutor) fn claim(mut game: GameState, cx: &mut Cx<'_>) -> Mode {
    let lang = cx.lang();
    if game.pos().turn() != game.learner() {
        cx.stale_button();
        return game.into();
    }
    let Some(claim) = game.record.claim() else {
        let repetition = game.record.game().repetition();
        let note = Say::NoClaim {
            times: u32::try_from(repetition.count).unwrap_or(u32::MAX),
            moves: game.pos().halfmoves() / 2,
        }
        .to(lang);
        let reply = game.message(cx, game.view(), &note);
        cx.update_task(reply);
        return game.into();
    };
    let claimant = game.learner();
    let ending = make_claim(&mut game.record, claim, claimant);
    let note = claimed_move(&ending)
        .and_then(Said::written)
        .map_or_else(String::new, |san| Say::GameYouPlayed { san }.to(lang));
    finish(cx, game, &ending, note)
}

/// The ending a valid `claim` of `claimant` makes. A claim with the move about to be played:
/// the move is written down and played with it (FIDE 9.2.1.1, 9.3.1).
pub(in crate::tutor) fn make_claim(record: &mut Record, claim: Claim, claimant: Color) -> Ending {
    let (plies, with_move) = match claim {
        Claim::Threefold { plies, with_move } => (Some(plies), with_move),
        Claim::FiftyMoves { with_move } => (None, with_move),
    };
    let with_move = with_move.map(|mv| {
        let said = san(record.position(), mv);
        let _ = record.push(mv);
        said
    });
    match plies {
        Some(plies) => Ending::ThreefoldClaimed {
            claimant,
            plies,
            with_move,
        },
        None => Ending::FiftyMovesClaimed {
            claimant,
            with_move,
        },
    }
}

/// The move written down with a claim, in SAN.
pub(in crate::tutor) fn claimed_move(ending: &Ending) -> Option<&str> {
    match ending {
        Ending::ThreefoldClaimed { with_move, .. }
        | Ending::FiftyMovesClaimed { with_move, .. } => with_move.as_deref(),
        _ => None,
    }
}

/// The Resign button (asks once), or the confirmation.
pub(in crate::tutor) fn resign(mut game: GameState, cx: &mut Cx<'_>) -> Mode {
    // A tap on a phone is easy to make: ask, and ask again at a second tap on Resign.
    game.resigning = true;
    let n = cx.nonce();
    let lang = cx.lang();
    let note = Say::ResignConfirm.to(lang);
    let reply =
        Reply::board(game.view(), format!("{}\n\n{note}", game.caption(cx))).with_row(vec![
            Button::new(Say::ButtonResignYes.to(lang), &Action::ResignYes(n)),
            Button::new(Say::ButtonPlayOn.to(lang), &Action::Board(n)),
        ]);
    cx.update_task(reply);
    game.into()
}

/// "Yes, resign", pressed on the question [`resign`] asked; without the question it is a
/// stale button.
pub(in crate::tutor) fn confirm_resign(game: GameState, cx: &mut Cx<'_>) -> Mode {
    if !game.resigning {
        cx.stale_button();
        return game.into();
    }
    let loser = game.learner();
    finish(cx, game, &Ending::Resignation { loser }, String::new())
}

/// "Play on" after the resignation question: the game as it was.
pub(in crate::tutor) fn play_on(mut game: GameState, cx: &mut Cx<'_>) -> Mode {
    game.resigning = false;
    let note = game.your_move(cx);
    let reply = game.message(cx, game.view(), &note);
    cx.update_task(reply);
    game.into()
}

/// The learner offers a draw: the tutor accepts when it is behind in material, or when the
/// material is level and little is left to play for; otherwise it says why it plays on.
pub(in crate::tutor) fn offer_draw(mut game: GameState, cx: &mut Cx<'_>) -> Mode {
    let lang = cx.lang();
    let ply = game.record.moves().len();
    if let Some(at) = game.declined_at
        && ply < at + OFFER_AGAIN_AFTER
    {
        let note = Say::DrawOfferTooSoon {
            moves: u32::try_from((at + OFFER_AGAIN_AFTER - ply).div_ceil(2)).unwrap_or(1),
        }
        .to(lang);
        let reply = game.message(cx, game.view(), &note);
        cx.update_task(reply);
        return game.into();
    }
    let tutor = !game.learner();
    let balance = coach::material(game.pos(), tutor) - coach::material(game.pos(), game.learner());
    let little_left = coach::material(game.pos(), tutor) <= 5 && balance <= 0;
    if balance < 0 || little_left {
        let note = Say::DrawAccepted.to(lang);
        return finish(cx, game, &Ending::Agreement, note);
    }
    game.declined_at = Some(ply);
    let note = if balance > 0 {
        Say::DrawDeclinedAhead {
            points: u32::try_from(balance).unwrap_or(0),
        }
    } else {
        Say::DrawDeclinedLevel
    }
    .to(lang);
    let reply = game.message(cx, game.view(), &note);
    cx.update_task(reply);
    game.into()
}

/// One take-back at the lowest levels: the tutor's answer and the learner's last move.
pub(in crate::tutor) fn take_back(mut game: GameState, cx: &mut Cx<'_>) -> Mode {
    if !game.can_take_back() {
        cx.stale_button();
        return game.into();
    }
    // Back to the learner's last turn.
    while game.record.pop().is_some() {
        if game.pos().turn() == game.learner() {
            break;
        }
    }
    game.takebacks_left = game.takebacks_left.saturating_sub(1);
    let note = cx.t(&Say::TakenBack);
    let old = cx.nonce();
    cx.next_nonce();
    let reply = game.message(cx, game.view(), &note);
    cx.reply(reply.editing_task(old).as_task(cx.nonce()));
    game.into()
}
