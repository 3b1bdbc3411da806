//! The shared game as each player sees it: their board, caption, buttons and messages, and
//! the player whose input this is ([`Duel`]).

use crate::draw::move_squares;
use crate::render::BoardView;
use crate::rules::Lang;
use crate::tutor::callback::{Action, DuelAct};
use crate::tutor::cx::Cx;
use crate::tutor::game;
use crate::tutor::reply::{Button, Reply};
use crate::tutor::shared::ABANDON_AFTER_SECS;
use crate::tutor::shared::{ABANDON_AFTER_DAYS, Seat, SharedGame};
use crate::tutor::state::Mode;
use crate::tutor::words::Say;
use crate::tutor::words::SideName;
use shakmaty::{Color, Position};

/// Moves of the game shown in the caption.
const MOVES_SHOWN: usize = 6;

/// The learner's game with a friend, as loaded for this input, if it is the one they sit at.
pub(super) fn loaded<'c>(cx: &'c Cx<'_>) -> Option<&'c SharedGame> {
    let seat = cx.session.duel?;
    cx.shared.game.as_ref().filter(|g| g.id == seat.game)
}

/// Whether the learner sits at a game with a friend that goes on (or waits for the friend).
pub(in crate::tutor) fn active(cx: &Cx<'_>) -> bool {
    loaded(cx).is_some_and(|g| g.over.is_none() && !g.cancelled)
}

/// Whether the learner's game with a friend has begun (the friend took the invitation).
pub(in crate::tutor) fn started(cx: &Cx<'_>) -> bool {
    active(cx) && loaded(cx).is_some_and(SharedGame::started)
}

/// The learner's turn-taking view of the game: the game and their side.
#[derive(Debug, Clone)]
pub(in crate::tutor) struct Duel {
    pub(super) game: SharedGame,
    pub(super) me: Color,
}

/// The learner's game with a friend, if it goes on.
pub(in crate::tutor) fn turn(cx: &Cx<'_>) -> Option<Duel> {
    let seat = cx.session.duel?;
    let game = loaded(cx).filter(|_| active(cx))?.clone();
    Some(Duel {
        game,
        me: seat.side.color(),
    })
}

impl From<Duel> for Mode {
    fn from(_: Duel) -> Mode {
        Mode::Duel
    }
}

pub(super) fn put(cx: &mut Cx<'_>, game: SharedGame) {
    cx.shared.game = Some(game);
    cx.shared.changed = true;
}

/// "Your move", with how to send it in a group: there a bot with Telegram's privacy mode on
/// (the default) reads only commands and replies to its own messages.
/// `tap`: the tap board is offered beside it (not to a player in text mode).
pub(super) fn your_move(game: &SharedGame, lang: Lang, tap: bool) -> String {
    let mut note = game::your_move(&game.record, lang, tap);
    if game.room.is_some() {
        note.push('\n');
        note.push_str(&Say::DuelMoveInGroup.to(lang));
    }
    note
}

pub(super) fn now_secs(cx: &Cx<'_>) -> Option<i64> {
    cx.now().map(|t| t.timestamp())
}

/// The board from `side`, the last move tinted.
pub(super) fn view_for(game: &SharedGame, side: Color) -> BoardView {
    let mut view = BoardView::from_position(game.pos()).with_orientation(side);
    if let Some((from, to)) = game.record.moves().last().and_then(move_squares) {
        view = view.with_last_move(from, to);
    }
    view
}

pub(super) fn caption(game: &SharedGame, side: Color, lang: Lang) -> String {
    let mut text = String::new();
    if game.room.is_some() {
        // In a group both players read every message: each says whom it is for.
        text.push_str(
            &Say::DuelForPlayer {
                name: player_name(game, side, lang),
            }
            .to(lang),
        );
        text.push('\n');
    }
    text.push_str(
        &Say::DuelCaption {
            side: SideName(side),
        }
        .to(lang),
    );
    if side == Color::Black {
        text.push_str(&Say::BoardTurned.to(lang));
    }
    let moves = game::moves_text(&game.record, MOVES_SHOWN);
    if !moves.is_empty() {
        text.push('\n');
        text.push_str(&moves);
    }
    text
}

/// A button of `side`'s message; in a group bound to `side` (the other player sees it too).
pub(super) fn button(
    game: &SharedGame,
    side: Color,
    lang: Lang,
    say: &Say,
    act: DuelAct,
) -> Button {
    Button::new(
        say.to(lang),
        &Action::Duel {
            game: game.id.0,
            ply: game.ply(),
            act,
            seat: game.room.map(|_| side),
        },
    )
}

/// The buttons under `side`'s board while the game goes on.
pub(super) fn buttons_for(
    game: &SharedGame,
    side: Color,
    lang: Lang,
    now: Option<i64>,
) -> Vec<Vec<Button>> {
    let mut rows = Vec::new();
    if game.draw_offer.is_some_and(|s| s.color() == !side) {
        rows.push(vec![
            button(game, side, lang, &Say::ButtonAcceptDraw, DuelAct::Accept),
            button(game, side, lang, &Say::ButtonDeclineDraw, DuelAct::Decline),
        ]);
    }
    if game.pos().turn() == side {
        let mut first = vec![button(
            game,
            side,
            lang,
            &Say::ButtonTapToMove,
            DuelAct::Tap,
        )];
        if game.record.claim().is_some() {
            first.push(button(
                game,
                side,
                lang,
                &Say::ButtonClaimDraw,
                DuelAct::Claim,
            ));
        }
        rows.push(first);
    } else if may_claim_abandoned(game, side, now) {
        rows.push(vec![button(
            game,
            side,
            lang,
            &Say::ButtonClaimAbandoned,
            DuelAct::Abandoned,
        )]);
    }
    let mut last = Vec::new();
    if game.draw_offer.is_none() {
        last.push(button(
            game,
            side,
            lang,
            &Say::ButtonOfferDraw,
            DuelAct::Offer,
        ));
    }
    last.push(button(
        game,
        side,
        lang,
        &Say::ButtonResign,
        DuelAct::Resign,
    ));
    rows.push(last);
    rows
}

/// Whether `side` may claim the game because the other has not moved for too long.
pub(super) fn may_claim_abandoned(game: &SharedGame, side: Color, now: Option<i64>) -> bool {
    game.started()
        && game.pos().turn() == !side
        && matches!((now, game.last_move_at), (Some(now), Some(at)) if now - at >= ABANDON_AFTER_SECS)
}

/// `side`'s message: board, caption, note and the game's buttons.
pub(super) fn message_for(
    game: &SharedGame,
    side: Color,
    lang: Lang,
    note: &str,
    now: Option<i64>,
) -> Reply {
    message_with(game, side, lang, note, view_for(game, side), now)
}

pub(super) fn message_with(
    game: &SharedGame,
    side: Color,
    lang: Lang,
    note: &str,
    view: BoardView,
    now: Option<i64>,
) -> Reply {
    let mut reply = Reply::board(view, format!("{}\n\n{note}", caption(game, side, lang)));
    if game.started() {
        for row in buttons_for(game, side, lang, now) {
            reply = reply.with_row(row);
        }
    }
    reply
}

/// The game as a new message for this learner.
pub(super) fn show_to_me(cx: &mut Cx<'_>, game: &SharedGame, me: Color, note: &str) {
    let reply = message_for(game, me, cx.lang(), note, now_secs(cx));
    cx.show_task(reply);
}

/// The game again (`/play`, `/board`, a Board button): "your move", or whose move it is.
pub(in crate::tutor) fn show(cx: &mut Cx<'_>, mode: Mode) -> Mode {
    let Some(duel) = turn(cx) else {
        cx.nothing_to_do();
        return mode;
    };
    let note = duel.status_note(cx);
    show_to_me(cx, &duel.game, duel.me, &note);
    Mode::Duel
}

impl Duel {
    /// Whose move it is, from this learner's side.
    pub(super) fn status_note(&self, cx: &Cx<'_>) -> String {
        let lang = cx.lang();
        if !self.game.started() {
            return Say::DuelWaitingForJoin.to(lang);
        }
        if self.game.pos().turn() == self.me {
            your_move(&self.game, lang, !cx.session.text_mode)
        } else if may_claim_abandoned(&self.game, self.me, now_secs(cx)) {
            Say::DuelMayClaimAbandoned {
                days: u32::try_from(ABANDON_AFTER_DAYS).unwrap_or(3),
            }
            .to(lang)
        } else {
            Say::DuelWaitForFriend.to(lang)
        }
    }

    /// Updates this learner's board message with `note`.
    pub(super) fn update(&self, cx: &mut Cx<'_>, note: &str) {
        let reply = message_for(&self.game, self.me, cx.lang(), note, now_secs(cx));
        cx.update_task(reply);
    }

    pub(super) fn other(&self) -> Option<Seat> {
        self.game.seat(!self.me).cloned()
    }

    /// Tells the other player `note` under their board.
    pub(super) fn tell_other(&self, cx: &mut Cx<'_>, note: impl Fn(&Seat) -> String) {
        if let Some(other) = self.other() {
            let mut reply = message_for(&self.game, !self.me, other.lang, &note(&other), None);
            // Their move now: the board page can take it too, offered in their language.
            if reply.offers_tap_board() {
                reply.board_app = Some(Say::ButtonBoardApp.to(other.lang));
            }
            cx.tell(other.learner, reply);
        }
    }
}

/// How a player of a game in a group is named there: their account's name, else "White" or
/// "Black".
pub(super) fn player_name(game: &SharedGame, side: Color, lang: Lang) -> String {
    game.seat(side)
        .and_then(|s| s.name.clone())
        .unwrap_or_else(|| game::side_name(side, lang))
}
