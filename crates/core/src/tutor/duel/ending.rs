//! How a game between two learners ends, told to each from their side; each player's result
//! counted in their own session ([`settle`]); `/pgn`.

use super::board::{Duel, caption, put, turn, view_for};
use crate::game::coach;
use crate::game::engine::Level;
use crate::game::pgn;
use crate::game::record::Ending;
use crate::render::MarkKind;
use crate::rules::Lang;
use crate::tutor::callback::Action;
use crate::tutor::cx::Cx;
use crate::tutor::game::{self, Opponent};
use crate::tutor::ladder::{self, GameResult};
use crate::tutor::reply::{Button, Reply};
use crate::tutor::shared::SharedGame;
use crate::tutor::state::{FinishedGame, Mode, Side};
use crate::tutor::words::Say;
use crate::tutor::words::{Delta, LadderLevel};
use shakmaty::{Color, Position};

/// Counts a finished game for this learner (the first input after the other player ended
/// it), and lets go of a game that is over, withdrawn or gone.
pub(in crate::tutor) fn settle(cx: &mut Cx<'_>, mode: Mode) -> Mode {
    let Some(seat) = cx.session.duel else {
        return mode;
    };
    if cx.shared.looked_up != Some(seat.game) {
        // The shell did not look for it (a shell without shared games): left as it is.
        return mode;
    }
    let Some(mut game) = cx.shared.game.clone().filter(|g| g.id == seat.game) else {
        // Not stored (any more): nothing to count, nothing to go back to.
        cx.session.duel = None;
        return if matches!(mode, Mode::Duel) {
            Mode::Idle
        } else {
            mode
        };
    };
    let me = seat.side.color();
    let finished = match &game.over {
        Some(ending) => Some(ending.clone()),
        None if game.cancelled => None,
        None => return mode,
    };
    if let Some(ending) = finished
        && game.seat(me).is_some_and(|s| !s.settled)
    {
        count_result(cx, &game, me, &ending);
        if let Some(s) = game.seat_mut(me) {
            s.settled = true;
        }
        put(cx, game);
    }
    cx.session.duel = None;
    if matches!(mode, Mode::Duel) {
        Mode::Idle
    } else {
        mode
    }
}

/// The points a result gives `me`, reckoned against the other's points when they sat down.
fn points_for(game: &SharedGame, me: Color, result: GameResult) -> i32 {
    let mine = game.seat(me).map_or(0, |s| s.points);
    let theirs = game.seat(!me).map_or(0, |s| s.points);
    ladder::exchange(mine, theirs, result)
}

fn result_for(ending: &Ending, me: Color) -> GameResult {
    match ending.score().winner() {
        None => GameResult::Draw,
        Some(c) if c == me => GameResult::Win,
        Some(_) => GameResult::Loss,
    }
}

/// The game in this learner's progress: the count, the points, the last game for `/pgn`.
/// Returns the points before and after.
fn count_result(cx: &mut Cx<'_>, game: &SharedGame, me: Color, ending: &Ending) -> (i32, i32) {
    let result = result_for(ending, me);
    let delta = points_for(game, me, result);
    let date = cx.now().map(|t| t.format("%Y.%m.%d").to_string());
    let p = &mut cx.session.progress;
    let before = p.points;
    p.points = (p.points + delta).max(0);
    p.rated_games = p.rated_games.saturating_add(1);
    game::count(&mut p.friend_games, result);
    p.last_game = Some(FinishedGame {
        record: game.record.clone(),
        ending: ending.clone(),
        level: Level::LOWEST,
        learner: Side::from(me),
        date,
        friend: true,
        just_ended: true,
    });
    (before, p.points)
}

/// The game is over: each player is told the ending with its rule and evidence from their
/// side, in their language, with the coach's review of their own moves. This learner's
/// result is counted now; the other's at their next input.
pub(super) fn finish(
    cx: &mut Cx<'_>,
    mut duel: Duel,
    ending: &Ending,
    mine: String,
    theirs: String,
) -> Mode {
    duel.game.over = Some(ending.clone());
    duel.game.draw_offer = None;
    let me = duel.me;
    let lang = cx.lang();
    // This learner's result, counted now.
    let (before, after) = count_result(cx, &duel.game, me, ending);
    if let Some(s) = duel.game.seat_mut(me) {
        s.settled = true;
    }
    cx.session.duel = None;
    let level = LadderLevel {
        points: after,
        rated_games: cx.session.progress.rated_games,
    };
    let points = Say::GamePoints {
        delta: Delta(after - before),
        before,
        after,
        level,
    }
    .to(lang);
    let reply = over_message(&duel.game, me, lang, ending, &mine, &points).editing_task(cx.nonce());
    cx.reply(if cx.pressed() { reply.edited() } else { reply });
    for point in coach::review(&duel.game.record, me).into_iter().take(3) {
        cx.reply(game::coach_reply(&point, &duel.game.record, me, lang));
    }
    if let Some(other) = duel.other() {
        let result = result_for(ending, !me);
        let delta = points_for(&duel.game, !me, result);
        let points = Say::DuelPointsLater {
            delta: Delta(delta),
        }
        .to(other.lang);
        let reply = over_message(&duel.game, !me, other.lang, ending, &theirs, &points);
        cx.tell(other.learner, reply);
        for point in coach::review(&duel.game.record, !me).into_iter().take(3) {
            let reply = game::coach_reply(&point, &duel.game.record, !me, other.lang);
            cx.tell(other.learner, reply);
        }
    }
    put(cx, duel.game);
    Mode::Idle
}

/// The last message of the game for `side`: the board, how it ended and why, the points.
fn over_message(
    game: &SharedGame,
    side: Color,
    lang: Lang,
    ending: &Ending,
    note: &str,
    points: &str,
) -> Reply {
    let mut text = caption(game, side, lang);
    text.push_str("\n\n");
    if !note.is_empty() {
        text.push_str(note);
        text.push('\n');
    }
    text.push_str(&game::ending_text(
        ending,
        &game.record,
        side,
        Opponent::Friend,
        lang,
    ));
    text.push('\n');
    text.push_str(points);
    let mut view = view_for(game, side);
    if game.pos().is_checkmate()
        && let Some(king) = game.pos().board().king_of(game.pos().turn())
    {
        view = view.with_mark(king, MarkKind::Forbidden);
    }
    let again = Button::new(Say::ButtonPlayFriendAgain.to(lang), &Action::Invite);
    if game.room.is_some() {
        // In a group, PGN and the menu are the group's buttons: the player's own PGN is
        // theirs to ask for (`/pgn`) in their chat with the bot.
        return Reply::board(view, text).with_row(vec![again]);
    }
    Reply::board(view, text).with_row(vec![
        again,
        Button::new(Say::ButtonPgn.to(lang), &Action::Pgn),
        Button::new(Say::ButtonMenu.to(lang), &Action::Menu),
    ])
}

/// `/pgn` during a game with a friend: that game so far. False when there is none.
pub(in crate::tutor) fn send_pgn(cx: &mut Cx<'_>) -> bool {
    let Some(duel) = turn(cx).filter(|d| d.game.started()) else {
        return false;
    };
    let lang = cx.lang();
    let (you, friend) = (Say::PgnLearner.to(lang), Say::PgnFriend.to(lang));
    let (white, black) = match duel.me {
        Color::White => (you, friend),
        Color::Black => (friend, you),
    };
    let text = pgn::pgn(
        &duel.game.record,
        None,
        &pgn::Tags {
            date: None,
            white,
            black,
            lang,
        },
    );
    let intro = cx.t(&Say::PgnIntro);
    // Also as a file: lichess, chess.com and any chess program import a `.pgn`.
    cx.reply(Reply::text(format!("{intro}\n\n{text}")).with_document(pgn::FILE_NAME, text));
    true
}
