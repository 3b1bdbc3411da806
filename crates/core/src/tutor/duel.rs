//! A game between two learners: one invites with a link (`/start duel-N`), the friend opens
//! it in their own chat, and the tutor is the arbiter. The game is one state for both
//! ([`SharedGame`]), stored apart from either session; each input of either player is
//! applied to it under its lock, and what the other player must know is sent to them
//! ([`super::Transition::others`]) in their own language.
//!
//! Every move goes through the referee as in a game against the tutor; the endings are the
//! same, told to each player from their side, and each gets the coach's review of their own
//! moves. A draw may be offered (the other accepts or declines, or declines by moving), a
//! draw claimed by the player to move when a claim is valid, the game resigned, and a
//! player who has not moved for [`ABANDON_AFTER_DAYS`] days loses it when the other claims
//! it. Buttons are bound to the game and to the move they were sent at: a button of a
//! finished game, of another game or of an earlier move changes nothing.
//!
//! Each player's result is counted in their own session: at once for the player whose input
//! ended the game, at the other's next input for the other ([`settle`]).
//!
//! A game may also be played in a group chat: a member's Play-a-friend there posts an
//! invitation with an Accept button that any other member may press. The learner of such an
//! input is the member (not the group, which is a learner of its own for lessons), every
//! message of the game goes to the group addressed to its player by name, and each button
//! there is bound to the player it was sent to ([`plays_in_room`] tells the shell which
//! inputs in a group are a player's).

use shakmaty::{Color, Position};

use super::activity::{Activity, MoveTask, TaskBoard};
use super::callback::{Action, DuelAct};
use super::cx::Cx;
use super::game::{self, Opponent};
use super::input::{Command, Input};
use super::ladder::{self, GameResult};
use super::reply::{Button, Reply};
use super::shared::ABANDON_AFTER_SECS;
pub use super::shared::{ABANDON_AFTER_DAYS, Seat, SharedGame};
pub use super::state::{DuelId, DuelSeat};
use super::state::{FinishedGame, Mode, Session, Side};
use super::tap;
use super::words::{self, Say};
use crate::draw::{self, move_squares};
use crate::game::coach;
use crate::game::engine::Level;
use crate::game::pgn;
use crate::game::record::{Ending, Record};
use crate::render::{BoardView, MarkKind};
use crate::rules::{self, Lang, Verdict, text::verdict_text};

/// Moves of the game shown in the caption.
const MOVES_SHOWN: usize = 6;

/// The game an input needs locked and loaded: the one the learner sits at, or the one whose
/// invitation they open. The shell calls this on the session as stored before it locks.
#[must_use]
pub fn shared_game_of(session: &Session, input: &Input) -> Option<DuelId> {
    if let Input::Text(text) = input
        && let Some(Command::Join(id)) = Command::parse(text)
    {
        return Some(id);
    }
    if let Input::Button(data) = input
        && let Some(Action::Duel {
            game,
            act: DuelAct::Join,
            ..
        }) = Action::decode(data)
    {
        return Some(DuelId(game));
    }
    session.duel.map(|seat| seat.game)
}

/// Whether an input a member sent in group chat `room` is theirs as a player (the shell then
/// applies it to the member's session, not to the group's): a button of a game with a friend
/// or the Play-a-friend button pressed there, and, from a member seated at a game played in
/// that group, a move, a tap on the tap board and the game's commands (`/board`, `/pgn`,
/// `/play`, resign and draw words). Anything else in a group is the group's.
///
/// ```
/// use chess_tutor_core::tutor::{Input, Request, Session};
/// let member = Session::default();
/// // `i`: the Play-a-friend button, pressed in the group.
/// assert!(Request::plays_in_room(&member, &Input::Button("i".into()), -100));
/// // Not seated at a game there: a move is the group's (a group lesson, say).
/// assert!(!Request::plays_in_room(&member, &Input::Text("e4".into()), -100));
/// ```
#[must_use]
pub fn plays_in_room(member: &Session, input: &Input, room: i64) -> bool {
    let seated_here = member.duel.is_some_and(|s| s.room == Some(room));
    match input {
        Input::Button(data) => match Action::decode(data) {
            Some(Action::Invite | Action::Duel { .. }) => true,
            Some(Action::TapBoard(_) | Action::Tap { .. } | Action::Promote { .. }) => seated_here,
            _ => false,
        },
        Input::Text(text) => {
            seated_here
                && match Command::parse(text).or_else(|| Command::parse_bare(text)) {
                    None => true,
                    Some(c) => matches!(c, Command::Board | Command::Pgn | Command::Play(None)),
                }
        }
        Input::Start { .. } => false,
    }
}

/// The learner's game with a friend, as loaded for this input, if it is the one they sit at.
fn loaded<'c>(cx: &'c Cx<'_>) -> Option<&'c SharedGame> {
    let seat = cx.session.duel?;
    cx.shared.game.as_ref().filter(|g| g.id == seat.game)
}

/// Whether the learner sits at a game with a friend that goes on (or waits for the friend).
pub(super) fn active(cx: &Cx<'_>) -> bool {
    loaded(cx).is_some_and(|g| g.over.is_none() && !g.cancelled)
}

/// Whether the learner's game with a friend has begun (the friend took the invitation).
pub(super) fn started(cx: &Cx<'_>) -> bool {
    active(cx) && loaded(cx).is_some_and(SharedGame::started)
}

/// An invitation of this learner that nobody has taken yet, said again (with its link and
/// the button to withdraw it).
pub(super) fn remind_invitation(cx: &mut Cx<'_>) {
    if let Some(game) = loaded(cx).filter(|g| !g.started() && active(cx)).cloned() {
        say_invitation(cx, &game);
    }
}

/// The learner's turn-taking view of the game: the game and their side.
#[derive(Debug, Clone)]
pub(super) struct Duel {
    game: SharedGame,
    me: Color,
}

/// The learner's game with a friend, if it goes on.
pub(super) fn turn(cx: &Cx<'_>) -> Option<Duel> {
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

fn put(cx: &mut Cx<'_>, game: SharedGame) {
    cx.shared.game = Some(game);
    cx.shared.changed = true;
}

/// Counts a finished game for this learner (the first input after the other player ended
/// it), and lets go of a game that is over, withdrawn or gone.
pub(super) fn settle(cx: &mut Cx<'_>, mode: Mode) -> Mode {
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
    let date = cx.now.map(|t| t.format("%Y.%m.%d").to_string());
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
    });
    (before, p.points)
}

/// The invitation: a new game, the inviter playing White, and the link to send a friend.
/// An invitation not yet taken is shown again; a game under way is shown instead.
pub(super) fn invite(cx: &mut Cx<'_>, mode: Mode) -> Mode {
    if let Some(game) = loaded(cx).filter(|_| active(cx)).cloned() {
        if game.room != cx.room && cx.room.is_some() {
            // Seated at a game elsewhere: not shown in this group.
            let text = cx.t(&Say::DuelOneAtATime);
            cx.reply(Reply::text(text));
            return mode;
        }
        let me = cx.session.duel.map_or(Color::White, |s| s.side.color());
        if game.started() {
            let note = cx.t(&Say::DuelUnderWay);
            show_to_me(cx, &game, me, &note);
            return Mode::Duel;
        }
        say_invitation(cx, &game);
        return Mode::Duel;
    }
    let (Some(learner), Some(id)) = (cx.learner, cx.new_game) else {
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
            name: cx.room.and(cx.name.clone()),
        }),
        black: None,
        record: Record::default(),
        over: None,
        cancelled: false,
        draw_offer: None,
        last_move_at: None,
        room: cx.room,
    };
    cx.session.duel = Some(DuelSeat {
        game: game.id,
        side: Side::White,
        room: cx.room,
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
    let link = match &cx.bot_username {
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

/// How a player of a game in a group is named there: their account's name, else "White" or
/// "Black".
fn player_name(game: &SharedGame, side: Color, lang: Lang) -> String {
    game.seat(side)
        .and_then(|s| s.name.clone())
        .unwrap_or_else(|| game::side_name(side, lang))
}

/// `/start duel-N`: the friend takes the invitation and the game begins.
pub(super) fn join(cx: &mut Cx<'_>, id: DuelId, mode: Mode) -> Mode {
    let lang = cx.lang();
    let Some(learner) = cx.learner else {
        let text = cx.t(&Say::DuelNeedsTelegram);
        let row = cx.menu_row();
        cx.reply(Reply::text(text).with_row(row));
        return mode;
    };
    let game = cx.shared.game.clone().filter(|g| g.id == id);
    // A game of a group is taken in that group only (its link is never given out).
    let game = game.filter(|g| g.room.is_none() || g.room == cx.room);
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
    game.black = Some(Seat {
        learner,
        lang,
        points: cx.session.progress.points,
        settled: false,
        name: game.room.and(cx.name.clone()),
    });
    game.last_move_at = now_secs(cx);
    cx.session.duel = Some(DuelSeat {
        game: id,
        side: Side::Black,
        room: game.room,
    });
    let mine = Say::DuelJoined {
        side: game::side_name(Color::Black, lang),
    }
    .to(lang);
    let note = format!("{mine}\n{}", Say::DuelWaitForFriend.to(lang));
    show_to_me(cx, &game, Color::Black, &note);
    if let Some(host) = game.white.clone() {
        let note = format!(
            "{}\n{}",
            Say::DuelFriendJoined.to(host.lang),
            your_move(&game, host.lang)
        );
        let reply = message_for(&game, Color::White, host.lang, &note, None);
        cx.tell(host.learner, reply);
    }
    put(cx, game);
    Mode::Duel
}

/// "Your move", with how to send it in a group: there a bot with Telegram's privacy mode on
/// (the default) reads only commands and replies to its own messages.
fn your_move(game: &SharedGame, lang: Lang) -> String {
    let mut note = game::your_move(&game.record, lang);
    if game.room.is_some() {
        note.push('\n');
        note.push_str(&Say::DuelMoveInGroup.to(lang));
    }
    note
}

fn now_secs(cx: &Cx<'_>) -> Option<i64> {
    cx.now.map(|t| t.timestamp())
}

/// The board from `side`, the last move tinted.
fn view_for(game: &SharedGame, side: Color) -> BoardView {
    let mut view = BoardView::from_position(game.pos()).with_orientation(side);
    if let Some((from, to)) = game.record.moves().last().and_then(move_squares) {
        view = view.with_last_move(from, to);
    }
    view
}

fn caption(game: &SharedGame, side: Color, lang: Lang) -> String {
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
            side: game::side_name(side, lang),
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
fn button(game: &SharedGame, side: Color, lang: Lang, say: &Say, act: DuelAct) -> Button {
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
fn buttons_for(game: &SharedGame, side: Color, lang: Lang, now: Option<i64>) -> Vec<Vec<Button>> {
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
fn may_claim_abandoned(game: &SharedGame, side: Color, now: Option<i64>) -> bool {
    game.started()
        && game.pos().turn() == !side
        && matches!((now, game.last_move_at), (Some(now), Some(at)) if now - at >= ABANDON_AFTER_SECS)
}

/// `side`'s message: board, caption, note and the game's buttons.
fn message_for(game: &SharedGame, side: Color, lang: Lang, note: &str, now: Option<i64>) -> Reply {
    message_with(game, side, lang, note, view_for(game, side), now)
}

fn message_with(
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
fn show_to_me(cx: &mut Cx<'_>, game: &SharedGame, me: Color, note: &str) {
    let reply = message_for(game, me, cx.lang(), note, now_secs(cx));
    cx.show_task(reply);
}

/// The game again (`/play`, `/board`, a Board button): "your move", or whose move it is.
pub(super) fn show(cx: &mut Cx<'_>, mode: Mode) -> Mode {
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
    fn status_note(&self, cx: &Cx<'_>) -> String {
        let lang = cx.lang();
        if !self.game.started() {
            return Say::DuelWaitingForJoin.to(lang);
        }
        if self.game.pos().turn() == self.me {
            your_move(&self.game, lang)
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
    fn update(&self, cx: &mut Cx<'_>, note: &str) {
        let reply = message_for(&self.game, self.me, cx.lang(), note, now_secs(cx));
        cx.update_task(reply);
    }

    fn other(&self) -> Option<Seat> {
        self.game.seat(!self.me).cloned()
    }

    /// Tells the other player `note` under their board.
    fn tell_other(&self, cx: &mut Cx<'_>, note: impl Fn(Lang) -> String) {
        if let Some(other) = self.other() {
            let reply = message_for(&self.game, !self.me, other.lang, &note(other.lang), None);
            cx.tell(other.learner, reply);
        }
    }
}

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
        tap::submit(self, cx, &pos, verdict, input, false)
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
}

/// A move of this learner, read by the referee.
fn play(mut duel: Duel, cx: &mut Cx<'_>, verdict: Verdict, input: &str) -> Mode {
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
        Verdict::Illegal(reason) => {
            // Explained to this player only; the game is as it was.
            let note = verdict_text(&pos, &verdict, input, lang);
            cx.count_rule_error(reason);
            let view = view_for(&duel.game, duel.me).with_overlay(draw::reason(reason));
            let reply = message_with(&duel.game, duel.me, lang, &note, view, now_secs(cx));
            cx.update_task(reply);
            return duel.into();
        }
        Verdict::Ambiguous { .. } | Verdict::Unreadable => {
            let note = verdict_text(&pos, &verdict, input, lang);
            duel.update(cx, &note);
            return duel.into();
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
    let mine = Say::GameYouPlayed {
        san: info.san.clone(),
    }
    .to(lang);
    let what = |lang: Lang| {
        let mut note = Say::DuelFriendPlayed {
            san: info.san.clone(),
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
        return finish(cx, duel, &ending, mine, theirs);
    }
    let note = format!("{mine}\n{}", Say::DuelWaitForFriend.to(lang));
    duel.update(cx, &note);
    duel.tell_other(cx, |l| format!("{}\n{}", what(l), your_move(&duel.game, l)));
    put(cx, duel.game.clone());
    duel.into()
}

/// A button of a game with a friend.
pub(super) fn act(
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
        if cx.room.is_some() && mine.is_none() {
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
        DuelAct::Tap => tap::open(duel, cx),
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
fn claim(mut duel: Duel, cx: &mut Cx<'_>) -> Mode {
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
    let said = game::claimed_move(&ending).map(str::to_owned);
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

fn offer_draw(mut duel: Duel, cx: &mut Cx<'_>) -> Mode {
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
    duel.tell_other(cx, |l| Say::DuelFriendOffers.to(l));
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
    duel.tell_other(cx, |l| Say::DuelFriendDeclined.to(l));
    put(cx, duel.game.clone());
    duel.into()
}

/// Resign: asked once (a tap on a phone is easy to make), then done.
fn resign(duel: Duel, cx: &mut Cx<'_>, confirmed: bool) -> Mode {
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

/// The game is over: each player is told the ending with its rule and evidence from their
/// side, in their language, with the coach's review of their own moves. This learner's
/// result is counted now; the other's at their next input.
fn finish(cx: &mut Cx<'_>, mut duel: Duel, ending: &Ending, mine: String, theirs: String) -> Mode {
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
    let level = ladder::level_name(after, cx.session.progress.rated_games, lang);
    let points = Say::GamePoints {
        delta: format!("{:+}", after - before),
        before,
        after,
        level,
    }
    .to(lang);
    let reply = over_message(&duel.game, me, lang, ending, &mine, &points).editing_task(cx.nonce());
    cx.reply(if cx.pressed { reply.edited() } else { reply });
    for point in coach::review(&duel.game.record, me).into_iter().take(3) {
        cx.reply(game::coach_reply(&point, &duel.game.record, me, lang));
    }
    if let Some(other) = duel.other() {
        let result = result_for(ending, !me);
        let delta = points_for(&duel.game, !me, result);
        let points = Say::DuelPointsLater {
            delta: format!("{delta:+}"),
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
pub(super) fn send_pgn(cx: &mut Cx<'_>) -> bool {
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
