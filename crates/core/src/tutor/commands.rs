//! The commands that stand beside every activity and change none: `/explain` (the referee on
//! any position) and `/progress` (what this learner has done).

use super::cx::Cx;
use super::reply::Reply;
use super::words::Say;
use crate::draw;
use crate::render::BoardView;
use crate::rules::{self, RuleCode, Verdict, text::verdict_text};
use crate::tutor::words::{LadderLevel, List, RuleTimes};
use shakmaty::Position as _;

/// `/explain FEN move`: the FEN is everything but the last word.
pub(super) fn explain_move(cx: &mut Cx<'_>, args: &str) {
    let lang = cx.lang();
    let args = args.trim();
    let Some((fen, mv)) = args.rsplit_once(char::is_whitespace) else {
        let text = cx.t(&Say::ExplainUsage);
        cx.reply(Reply::text(text));
        return;
    };
    // A whole FEN (six fields) and nothing after it: the move is missing, not "1".
    if args.split_whitespace().count() == 6 && rules::parse_fen(args).is_ok() {
        let text = cx.t(&Say::ExplainNeedsMove {
            fen: rules::text::displayable(args),
        });
        cx.reply(Reply::text(text));
        return;
    }
    let pos = match rules::parse_fen(fen) {
        Ok(pos) => pos,
        Err(e) => {
            // The parser's own words are for authors; a learner gets what to fix.
            let text = rules::text::fen_error_text(&e, lang);
            cx.reply(Reply::text(text));
            return;
        }
    };
    let verdict = rules::explain(&pos, mv);
    let text = verdict_text(&pos, &verdict, mv, lang);
    let mut view = BoardView::from_position(&pos).with_orientation(pos.turn());
    match &verdict {
        Verdict::Illegal(reason) => view = view.with_overlay(draw::reason(reason)),
        Verdict::Legal(info) => {
            let mut after = pos.clone();
            shakmaty::Position::play_unchecked(&mut after, info.mv);
            view = BoardView::from_position(&after).with_orientation(pos.turn());
            if let Some((from, to)) = draw::move_squares(&info.mv) {
                view = view.with_last_move(from, to);
            }
        }
        _ => {}
    }
    cx.reply(Reply::board(view, text));
}

pub(super) fn progress(cx: &mut Cx<'_>) {
    let lang = cx.lang();
    let p = &cx.session.progress;
    let total_steps = cx.catalog.steps().len();
    let level = LadderLevel {
        points: p.points,
        rated_games: p.rated_games,
    };
    let mut errors: Vec<(&RuleCode, &u32)> = p.rule_errors.iter().collect();
    errors.sort_by(|a, b| b.1.cmp(a.1));
    let errors: Vec<RuleTimes> = errors
        .iter()
        .take(3)
        .map(|(code, n)| RuleTimes((*code).clone(), **n))
        .collect();
    let mut text = Say::Progress {
        steps_done: p.steps_done.len(),
        steps: total_steps,
        lessons_done: p.lessons_done.len(),
        level,
        points: p.points,
        quiz_right: p.quiz_right,
        quiz_wrong: p.quiz_wrong,
    }
    .to(lang);
    text.push('\n');
    text.push_str(
        &Say::ProgressPuzzles {
            started: p.puzzles_started,
            solved: p.puzzles_solved.len(),
            to_review: p.review_queue.len(),
        }
        .to(lang),
    );
    if p.games.played > 0 {
        text.push('\n');
        text.push_str(
            &Say::ProgressGames {
                played: p.games.played,
                won: p.games.won,
                drawn: p.games.drawn,
                lost: p.games.lost,
            }
            .to(lang),
        );
    }
    if p.friend_games.played > 0 {
        text.push('\n');
        text.push_str(
            &Say::ProgressFriendGames {
                played: p.friend_games.played,
                won: p.friend_games.won,
                drawn: p.friend_games.drawn,
                lost: p.friend_games.lost,
            }
            .to(lang),
        );
    }
    if !errors.is_empty() {
        text.push_str(
            &Say::ProgressErrors {
                errors: List(errors),
            }
            .to(lang),
        );
    }
    text.push_str("\n\n");
    text.push_str(&Say::ProgressLadder.to(lang));
    let row = cx.menu_row();
    cx.reply(Reply::text(text).with_row(row));
}
