//! The coach during the game, at the lowest levels: a remark on the move just played, on its
//! own board.

use super::board::piece_at;
use crate::draw::move_squares;
use crate::game::coach;
use crate::game::record::Record;
use crate::render::{ArrowKind, BoardView, MarkKind};
use crate::rules::Lang;
use crate::tutor::reply::Reply;
use crate::tutor::spelling::Spell;
use crate::tutor::words::Said;
use crate::tutor::words::Say;
use shakmaty::{Color, Position};

/// One point of the coach's review, on the board where it happened (moves said in SAN in
/// English, in words in Chinese).
pub(in crate::tutor) fn coach_reply(
    point: &coach::Point,
    record: &Record,
    learner: Color,
    lang: Lang,
) -> Reply {
    let spell = if lang == Lang::En {
        Spell::San
    } else {
        Spell::Words
    };
    coach_reply_spelled(point, record, learner, (spell, lang))
}

/// One point of the coach's review, on the board where it happened, moves said as `spell`.
pub(super) fn coach_reply_spelled(
    point: &coach::Point,
    record: &Record,
    learner: Color,
    (spell, lang): (Spell, Lang),
) -> Reply {
    let san = |pos: &shakmaty::Chess, mv: shakmaty::Move| Said::new(pos, mv, spell);
    let before = &record.positions()[point.ply];
    let played = record.moves()[point.ply];
    let number = before.fullmoves().get();
    let mut view = BoardView::from_position(before).with_orientation(learner);
    if let Some((f, t)) = move_squares(&played) {
        view = view.with_arrow(f, t, ArrowKind::Move);
    }
    let played_san = san(before, played);
    let text = match &point.kind {
        coach::PointKind::MissedMate { mate_in, key } => {
            if let Some((f, t)) = move_squares(key) {
                view = view.with_arrow(f, t, ArrowKind::Good);
            }
            Say::CoachMissedMate {
                number,
                played: played_san,
                mate_in: *mate_in,
                key: san(before, *key),
            }
        }
        coach::PointKind::MissedCapture { capture } => {
            if let Some((f, t)) = move_squares(capture) {
                view = view.with_arrow(f, t, ArrowKind::Good);
            }
            Say::CoachMissedCapture {
                number,
                played: played_san,
                capture: san(before, *capture),
                piece: piece_at(before, capture.to()),
            }
        }
        coach::PointKind::LeftHanging { square, taken_by } => {
            let after = &record.positions()[point.ply + 1];
            view = BoardView::from_position(after).with_orientation(learner);
            // The move the words name, tinted as the last move.
            if let Some((f, t)) = move_squares(&played) {
                view = view.with_last_move(f, t);
            }
            view = view.with_mark(*square, MarkKind::Forbidden);
            if let Some((f, t)) = move_squares(taken_by) {
                view = view.with_arrow(f, t, ArrowKind::Attack);
            }
            Say::CoachLeftHanging {
                number,
                played: played_san,
                piece: piece_at(after, *square),
                square: *square,
            }
        }
        coach::PointKind::AllowedMate { mate } => {
            let after = &record.positions()[point.ply + 1];
            view = BoardView::from_position(after).with_orientation(learner);
            // The move the words name, tinted as the last move.
            if let Some((f, t)) = move_squares(&played) {
                view = view.with_last_move(f, t);
            }
            if let Some((f, t)) = move_squares(mate) {
                view = view.with_arrow(f, t, ArrowKind::Attack);
            }
            Say::CoachAllowedMate {
                number,
                played: played_san,
                mate: san(after, *mate),
            }
        }
    }
    .to(lang);
    Reply::board(view, text)
}
