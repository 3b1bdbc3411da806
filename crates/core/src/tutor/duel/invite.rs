//! Inviting a friend (a link, or an Accept button in a group) and joining the game.

use super::board::{
    active, loaded, message_for, now_secs, player_name, put, show_to_me, your_move,
};
use crate::game::record::Record;
use crate::rules::Lang;
use crate::tutor::callback::{Action, DuelAct};
use crate::tutor::cx::Cx;
use crate::tutor::words::SideName;

use crate::tutor::reply::{Button, Reply};
use crate::tutor::shared::{Seat, SharedGame};
use crate::tutor::state::{DuelId, DuelSeat};
use crate::tutor::state::{Mode, Side};
use crate::tutor::words::Say;
use shakmaty::Color;

/// An invitation of this learner that nobody has taken yet, said again (with its link and
/// the button to withdraw it).
pub(in crate::tutor) fn remind_invitation(cx: &mut Cx<'_>) {
    if let Some(game) = loaded(cx).filter(|g| !g.started() && active(cx)).cloned() {
        say_invitation(cx, &game);
    }
}

/// The invitation: a new game, the inviter playing White, and the link to send a friend.
/// An invitation not yet taken is shown again; a game under way is shown instead.
pub(in crate::tutor) fn invite(cx: &mut Cx<'_>, mode: Mode) -> Mode {
    if let Some(game) = loaded(cx).filter(|_| active(cx)).cloned() {
        if game.room != cx.room() && cx.room().is_some() {
            // Seated at a game elsewhere: not shown in this group.
            let text = cx.t(&Say::DuelOneAtATime);
            cx.reply(Reply::text(text));
            return mode;
        }
        let me = cx.session.duel.map_or(Color::White, |s| s.side.color());
        if game.started() {
            put_game_aside(cx, mode);
            let note = cx.t(&Say::DuelUnderWay);
            show_to_me(cx, &game, me, &note);
            return Mode::Duel;
        }
        say_invitation(cx, &game);
        return Mode::Duel;
    }
    let (Some(learner), Some(id)) = (cx.learner(), cx.fresh_id()) else {
        // A shell with one learner only (the terminal): there is nobody to invite.
        let text = cx.t(&Say::DuelNeedsTelegram);
        let row = cx.menu_row();
        cx.reply(Reply::text(text).with_row(row));
        return mode;
    };
    let game = SharedGame {
        id: DuelId(id),
        white: Some(Seat {
            learner,
            lang: cx.lang(),
            points: cx.session.progress.points,
            settled: false,
            name: cx.room().and(cx.name()),
            text_mode: cx.session.text_mode,
        }),
        black: None,
        record: Record::default(),
        over: None,
        cancelled: false,
        draw_offer: None,
        last_move_at: None,
        room: cx.room(),
    };
    cx.session.duel = Some(DuelSeat {
        game: game.id,
        side: Side::White,
        room: cx.room(),
    });
    say_invitation(cx, &game);
    cx.shared.created = true;
    put(cx, game);
    Mode::Duel
}

fn say_invitation(cx: &mut Cx<'_>, game: &SharedGame) {
    if game.room.is_some() {
        say_group_invitation(cx, game);
        return;
    }
    let payload = game.id.payload();
    let link = match cx.bot_username() {
        Some(bot) => format!("https://t.me/{bot}?start={payload}"),
        None => format!("/start {payload}"),
    };
    let text = Say::DuelInvitation { link }.to(cx.lang());
    let row = vec![Button::new(
        cx.t(&Say::ButtonCancelInvitation),
        &Action::Duel {
            game: game.id.0,
            ply: 0,
            act: DuelAct::Cancel,
            seat: None,
        },
    )];
    cx.reply(Reply::text(text).with_row(row));
}

/// An invitation in a group chat: anyone there but the inviter may accept it. Nobody knows
/// yet in which language the one who accepts reads, so it is worded in the inviter's
/// language and, when that is not English, in English too; whoever accepts is then told
/// everything in their own.
fn say_group_invitation(cx: &mut Cx<'_>, game: &SharedGame) {
    let lang = cx.lang();
    let both = |say: &Say, between: &str| {
        let mine = say.to(lang);
        if lang == Lang::En {
            mine
        } else {
            format!("{mine}{between}{}", say.to(Lang::En))
        }
    };
    let name = player_name(game, Color::White, lang);
    let text = both(&Say::DuelGroupInvitation { name }, "\n\n");
    let row = vec![
        Button::new(
            both(&Say::ButtonAcceptGame, " · "),
            &Action::Duel {
                game: game.id.0,
                ply: 0,
                act: DuelAct::Join,
                seat: None,
            },
        ),
        Button::new(
            cx.t(&Say::ButtonCancelInvitation),
            &Action::Duel {
                game: game.id.0,
                ply: 0,
                act: DuelAct::Cancel,
                seat: Some(Color::White),
            },
        ),
    ];
    cx.reply(Reply::text(text).with_row(row));
}

/// `/start duel-N`: the friend takes the invitation and the game begins.
/// A game against the tutor is kept aside (as another activity keeps it) once the learner
/// sits at a game with a friend: never before, so a join that does not happen changes nothing.
fn put_game_aside(cx: &mut Cx<'_>, mode: Mode) {
    if matches!(mode, Mode::Game(_)) {
        let _idle = cx.pause_game(mode);
    }
}

pub(in crate::tutor) fn join(cx: &mut Cx<'_>, id: DuelId, mode: Mode) -> Mode {
    let lang = cx.lang();
    let Some(learner) = cx.learner() else {
        let text = cx.t(&Say::DuelNeedsTelegram);
        let row = cx.menu_row();
        cx.reply(Reply::text(text).with_row(row));
        return mode;
    };
    let game = cx.shared.game.clone().filter(|g| g.id == id);
    // A game of a group is taken in that group only (its link is never given out).
    let game = game.filter(|g| g.room.is_none() || g.room == cx.room());
    let Some(mut game) = game.filter(|g| g.over.is_none() && !g.cancelled) else {
        let row = cx.menu_row();
        cx.reply(Reply::text(Say::DuelInvitationGone.to(lang)).with_row(row));
        return mode;
    };
    if let Some(me) = game.side_of(learner) {
        if game.started() {
            let note = cx.t(&Say::DuelUnderWay);
            show_to_me(cx, &game, me, &note);
            return Mode::Duel;
        }
        // Their own link: it is for a friend.
        if game.room.is_some() {
            let text = cx.t(&Say::DuelOwnGroupInvitation);
            cx.reply(Reply::text(text).as_toast());
            return mode;
        }
        say_invitation(cx, &game);
        return mode;
    }
    if game.started() {
        let row = cx.menu_row();
        cx.reply(Reply::text(Say::DuelInvitationTaken.to(lang)).with_row(row));
        return mode;
    }
    if cx.session.duel.is_some() {
        // Seated at another game: one game with a friend at a time.
        let text = cx.t(&Say::DuelOneAtATime);
        cx.reply(Reply::text(text));
        return mode;
    }
    put_game_aside(cx, mode);
    game.black = Some(Seat {
        learner,
        lang,
        points: cx.session.progress.points,
        settled: false,
        name: game.room.and(cx.name()),
        text_mode: cx.session.text_mode,
    });
    game.last_move_at = now_secs(cx);
    cx.session.duel = Some(DuelSeat {
        game: id,
        side: Side::Black,
        room: game.room,
    });
    let mine = Say::DuelJoined {
        side: SideName(Color::Black),
    }
    .to(lang);
    let note = format!("{mine}\n{}", Say::DuelWaitForFriend.to(lang));
    show_to_me(cx, &game, Color::Black, &note);
    if let Some(host) = game.white.clone() {
        let note = format!(
            "{}\n{}",
            Say::DuelFriendJoined.to(host.lang),
            your_move(&game, host.lang, !host.text_mode)
        );
        let reply = message_for(&game, Color::White, host.lang, &note, None);
        cx.tell(host.learner, reply);
    }
    put(cx, game);
    Mode::Duel
}
