//! Mate-in-N puzzles: every move that keeps a forced mate is accepted, the bot answers with
//! the longest resistance, a wrong move gets its refutation drawn on the board.

use shakmaty::{CastlingMode, Chess, Color, Move, Position, uci::UciMove};

use super::activity::{Activity, MoveTask, TaskBoard};
use super::callback::Action;
use super::cx::Cx;
use super::ladder::{self, GameResult};
use super::reply::{Button, Event, Reply};
use super::state::{Mode, PuzzleState};
use super::tap;
use super::words::{self, Say};
use crate::content::PuzzleId;
use crate::content::puzzle::Puzzle;
use crate::render::overlay::{Overlay, move_squares};
use crate::render::{ArrowKind, BoardView, MarkKind};
use crate::rules::{self, Verdict, text::verdict_text};
use crate::search::{self, defence::MoveJudgement};

/// Every how many puzzles a missed one comes back for review.
const REVIEW_EVERY: u32 = 3;

fn uci(mv: Move) -> UciMove {
    UciMove::from_move(mv, CastlingMode::Standard)
}

fn san(pos: &Chess, mv: Move) -> String {
    shakmaty::san::SanPlus::from_move(pos.clone(), mv).to_string()
}

/// Picks the next puzzle: a missed one when due, otherwise an unsolved one nearest the
/// learner's points (never `current`, the one just played).
fn pick<'c>(cx: &Cx<'c>, current: Option<&PuzzleId>) -> Option<&'c Puzzle> {
    let p = &cx.session.progress;
    let catalog = cx.catalog;
    match cx.now {
        // With a clock: the missed puzzle whose FSRS review is due first.
        Some(now) => {
            if let Some(puzzle) =
                super::review::due(&p.reviews, now).and_then(|id| catalog.puzzle(id.as_str()))
            {
                return Some(puzzle);
            }
        }
        // Without one: every third puzzle is the oldest missed one.
        None => {
            if p.puzzles_started % REVIEW_EVERY == REVIEW_EVERY - 1
                && let Some(puzzle) = p
                    .review_queue
                    .first()
                    .and_then(|id| catalog.puzzle(id.as_str()))
            {
                return Some(puzzle);
            }
        }
    }
    let target = p.points;
    let current = current.map(PuzzleId::as_str);
    catalog
        .puzzles()
        .iter()
        .filter(|z| !p.puzzles_solved.contains(z.id.as_str()) && Some(z.id.as_str()) != current)
        .min_by_key(|z| {
            // Short mates first for a beginner: each extra move counts like 150 points.
            let extra = i32::try_from(z.mate_in.saturating_sub(1)).unwrap_or(0) * 150;
            (
                (ladder::puzzle_points(z.rating) - target).abs() + extra,
                z.mate_in,
            )
        })
        .or_else(|| catalog.puzzles().first())
}

/// `/puzzle`: a new puzzle (`current` is the one just played, not to be served again at
/// once).
pub(super) fn start(cx: &mut Cx<'_>, current: Option<&PuzzleId>) -> Mode {
    let Some(puzzle) = pick(cx, current) else {
        let msg = cx.t(&Say::NoPuzzles);
        cx.reply(Reply::text(msg));
        return Mode::Idle;
    };
    // The catalogue proved every puzzle, so its id and position read.
    let (Ok(id), Ok(pos)) = (puzzle.id.parse::<PuzzleId>(), rules::parse_fen(&puzzle.fen)) else {
        let msg = cx.t(&Say::PuzzleMissing);
        cx.reply(Reply::text(msg));
        return Mode::Idle;
    };
    cx.session.progress.puzzles_started = cx.session.progress.puzzles_started.saturating_add(1);
    let state = PuzzleState {
        id,
        fen: pos.into(),
        moves_left: puzzle.mate_in,
        hints: 0,
        decided: false,
        last_move: puzzle.last_move.as_deref().and_then(|u| u.parse().ok()),
    };
    cx.next_nonce();
    state.present(cx);
    Mode::Puzzle(state)
}

impl From<PuzzleState> for Mode {
    fn from(state: PuzzleState) -> Mode {
        Mode::Puzzle(state)
    }
}

fn view_of(pos: &Chess, last_move: Option<&UciMove>, learner: Color) -> BoardView {
    let mut view = BoardView::from_position(pos).with_orientation(learner);
    if let Some(UciMove::Normal { from, to, .. }) = last_move {
        view = view.with_last_move(*from, *to);
    }
    view
}

impl PuzzleState {
    fn pos(&self) -> &Chess {
        self.fen.position()
    }

    /// The position as the learner sees it: from their side, the last move tinted.
    fn view(&self) -> BoardView {
        view_of(self.pos(), self.last_move.as_ref(), self.pos().turn())
    }
}

fn buttons(cx: &Cx<'_>) -> Vec<Button> {
    let lang = cx.lang();
    let n = cx.nonce();
    vec![
        Button::new(words::button_hint(lang), &Action::Hint(n)),
        Button::new(words::button_solution(lang), &Action::Solution(n)),
    ]
}

/// The puzzle's words: side to move, mate in N, how many moves are left.
fn caption(cx: &Cx<'_>, now: &PuzzleState) -> String {
    let lang = cx.lang();
    let white = now.pos().turn() == Color::White;
    let puzzle = cx.catalog.puzzle(now.id.as_str());
    let rating = puzzle
        .and_then(|p| p.rating)
        .map(|r| format!(" · {r}"))
        .unwrap_or_default();
    let mate_in = puzzle.map_or(now.moves_left, |p| p.mate_in);
    Say::PuzzleCaption {
        side: words::side_to_move(lang, white),
        mate_in,
        left: now.moves_left,
        rating,
    }
    .to(lang)
}

/// A reply that asks for the next move: tap to move, hint, solution. (Replies that explain a
/// miss keep only hint and solution: opening the tap board there would replace the
/// explanation; the task's board above still has the button, and a tapped move keeps its
/// tap board open.)
fn going_on(cx: &Cx<'_>, reply: Reply) -> Reply {
    reply.with_row(vec![tap::button(cx)]).with_row(buttons(cx))
}

/// Counts the result once: a solved puzzle is a win against its points, a miss a loss.
fn decide(cx: &mut Cx<'_>, state: &mut PuzzleState, solved: bool) {
    if state.decided {
        return;
    }
    state.decided = true;
    let id = &state.id;
    let opponent = ladder::puzzle_points(cx.catalog.puzzle(id.as_str()).and_then(|p| p.rating));
    let assisted = state.hints > 0;
    let now = cx.now;
    let p = &mut cx.session.progress;
    if let Some(now) = now {
        // FSRS: a miss is rated Again; a solved review Good (Hard with a hint).
        let rating = match (solved, assisted) {
            (false, _) => rs_fsrs::Rating::Again,
            (true, true) => rs_fsrs::Rating::Hard,
            (true, false) => rs_fsrs::Rating::Good,
        };
        if !solved || p.reviews.contains_key(id) {
            let card = p.reviews.remove(id);
            p.reviews
                .insert(id.clone(), super::review::schedule(card, now, rating));
        }
    }
    let result = if solved {
        GameResult::Win
    } else {
        GameResult::Loss
    };
    p.points = (p.points + ladder::exchange(p.points, opponent, result)).max(0);
    p.rated_games = p.rated_games.saturating_add(1);
    p.review_queue.retain(|x| x != id);
    if solved {
        p.puzzles_solved.insert(id.clone());
    } else {
        p.review_queue.push(id.clone());
    }
    let points = p.points;
    cx.event(Event::PuzzleResult {
        puzzle: id.clone(),
        solved,
        points,
    });
}

fn finished(cx: &mut Cx<'_>, mut state: PuzzleState, view: BoardView, mut msg: String) -> Mode {
    decide(cx, &mut state, true);
    let lang = cx.lang();
    let p = &cx.session.progress;
    let level = Say::PuzzleLevel {
        level: ladder::level_name(p.points, p.rated_games, lang),
        points: p.points,
    };
    msg.push_str(&level.to(lang));
    let next = cx.t(&Say::ButtonNextPuzzle);
    cx.reply(Reply::board(view, msg).with_row(vec![Button::new(next, &Action::Puzzle)]));
    Mode::Idle
}

impl Activity for PuzzleState {
    /// Shows the puzzle position and the task.
    fn present(&self, cx: &mut Cx<'_>) {
        let reply = going_on(cx, Reply::board(self.view(), caption(cx, self)));
        cx.reply(reply);
    }

    /// A move typed during a puzzle.
    fn text(self, cx: &mut Cx<'_>, input: &str) -> Mode {
        let pos = self.pos().clone();
        let verdict = rules::explain(&pos, input);
        tap::submit(self, cx, &pos, verdict, input, false)
    }

    /// "Next puzzle" while one is under way: a new one.
    fn next(self, cx: &mut Cx<'_>) -> Mode {
        start(cx, Some(&self.id))
    }

    fn hint(self, cx: &mut Cx<'_>) -> Mode {
        hint(self, cx)
    }

    fn solution(self, cx: &mut Cx<'_>) -> Mode {
        solution(self, cx)
    }
}

impl MoveTask for PuzzleState {
    fn task_board(&self, cx: &Cx<'_>) -> Option<TaskBoard> {
        Some(TaskBoard {
            view: self.view(),
            caption: caption(cx, self),
            buttons: vec![buttons(cx)],
            pos: self.pos().clone(),
        })
    }

    fn play(self, cx: &mut Cx<'_>, verdict: Verdict, input: &str) -> Mode {
        play(self, cx, verdict, input)
    }
}

/// A move (typed or tapped, already read by the referee) in the puzzle.
fn play(mut now: PuzzleState, cx: &mut Cx<'_>, verdict: Verdict, input: &str) -> Mode {
    let lang = cx.lang();
    let pos = now.pos().clone();
    let learner = pos.turn();
    let info = match &verdict {
        Verdict::Legal(info) => info.clone(),
        Verdict::Illegal(reason) => {
            let msg = verdict_text(&pos, &verdict, input, lang);
            cx.count_rule_error(reason.code());
            let view = now.view().with_overlay(Overlay::for_reason(reason));
            let reply = Reply::board(view, msg).with_row(buttons(cx));
            cx.reply(reply);
            return now.into();
        }
        Verdict::Ambiguous { .. } | Verdict::Unreadable => {
            let msg = verdict_text(&pos, &verdict, input, lang);
            cx.reply(Reply::text(msg));
            return now.into();
        }
    };
    let mv = info.mv;
    let mut after = pos.clone();
    after.play_unchecked(mv);
    let tried = move_squares(&mv);
    match search::defence::judge(&pos, mv, now.moves_left) {
        MoveJudgement::Mates => {
            let mut view = BoardView::from_position(&after).with_orientation(learner);
            if let Some((f, t)) = tried {
                view = view.with_last_move(f, t);
            }
            let msg = Say::PuzzleMates {
                right: words::right(lang),
                san: info.san.clone(),
            }
            .to(lang);
            finished(cx, now, view, msg)
        }
        MoveJudgement::KeepsMate { best_defence, .. } => {
            let reply_san = san(&after, best_defence);
            let mut next = after.clone();
            next.play_unchecked(best_defence);
            let left = now.moves_left.saturating_sub(1);
            now.fen = next.clone().into();
            now.moves_left = left;
            now.last_move = Some(uci(best_defence));
            now.hints = 0;
            cx.next_nonce();
            let msg = Say::PuzzleKeepsMate {
                san: info.san.clone(),
                reply: reply_san,
                left,
            }
            .to(lang);
            let view = view_of(&next, now.last_move.as_ref(), learner);
            let reply = going_on(cx, Reply::board(view, msg));
            cx.reply(reply);
            now.into()
        }
        MoveJudgement::MatesTooLate {
            mate_in,
            refutation,
        } => {
            let msg = Say::PuzzleMatesTooLate {
                san: info.san.clone(),
                mate_in,
                within: now.moves_left,
                defence: line_san(&after, &refutation),
            }
            .to(lang);
            wrong(cx, now, tried, &refutation, msg)
        }
        MoveJudgement::Stalemates => {
            let msg = Say::PuzzleStalemates {
                san: info.san.clone(),
            }
            .to(lang);
            wrong(cx, now, tried, &[], msg)
        }
        MoveJudgement::Fails { refutation } => {
            let msg = Say::PuzzleFails {
                san: info.san.clone(),
                defence: line_san(&after, &refutation),
            }
            .to(lang);
            wrong(cx, now, tried, &refutation, msg)
        }
    }
}

/// A line in SAN from `pos`.
fn line_san(pos: &Chess, line: &[Move]) -> String {
    let mut pos = pos.clone();
    let mut out = Vec::new();
    for &mv in line.iter().take(4) {
        if !pos.is_legal(mv) {
            break;
        }
        out.push(san(&pos, mv));
        pos.play_unchecked(mv);
    }
    out.join(" ")
}

fn wrong(
    cx: &mut Cx<'_>,
    mut now: PuzzleState,
    tried: Option<(shakmaty::Square, shakmaty::Square)>,
    refutation: &[Move],
    mut msg: String,
) -> Mode {
    decide(cx, &mut now, false);
    msg.push_str(&cx.t(&Say::PuzzleTryAgain));
    let mut view = now.view();
    if let Some((f, t)) = tried {
        view = view.with_arrow(f, t, ArrowKind::Move);
    }
    view = view.with_overlay(Overlay::for_refutation(refutation.get(..1).unwrap_or(&[])));
    let reply = Reply::board(view, msg).with_row(buttons(cx));
    cx.reply(reply);
    now.into()
}

/// `/hint`: the piece, then the square, then the move.
fn hint(mut now: PuzzleState, cx: &mut Cx<'_>) -> Mode {
    let lang = cx.lang();
    let Some(h) = search::solve::hint(now.pos(), now.moves_left) else {
        let msg = cx.t(&Say::NoMateFromHere);
        cx.reply(Reply::text(msg));
        return now.into();
    };
    now.hints = now.hints.saturating_add(1).min(3);
    let rung = now.hints;
    if rung >= 2 {
        // Seeing the square (or the move) means the puzzle is not solved alone.
        decide(cx, &mut now, false);
    }
    let piece = rules::text::piece_name(h.piece, lang);
    let mut view = now.view().with_mark(h.piece_square, MarkKind::Highlight);
    let msg = match rung {
        1 => Say::HintPiece {
            piece,
            square: h.piece_square.to_string(),
        },
        2 => Say::HintSquare {
            piece,
            from: h.piece_square.to_string(),
            to: h.target_square.to_string(),
        },
        _ => Say::HintMove {
            san: san(now.pos(), h.key),
        },
    }
    .to(lang);
    if rung >= 2 {
        view = view.with_mark(h.target_square, MarkKind::Good);
    }
    if rung >= 3 {
        view = view.with_arrow(h.piece_square, h.target_square, ArrowKind::Good);
    }
    let reply = Reply::board(view, msg).with_row(buttons(cx));
    cx.reply(reply);
    now.into()
}

/// `/solution`: the whole main line.
fn solution(mut now: PuzzleState, cx: &mut Cx<'_>) -> Mode {
    let lang = cx.lang();
    let sol = search::solve::solve(now.pos(), now.moves_left, true);
    decide(cx, &mut now, false);
    let line = line_san(now.pos(), &sol.line);
    let mut view = now.view();
    if let Some((f, t)) = sol.line.first().and_then(move_squares) {
        view = view.with_arrow(f, t, ArrowKind::Good);
    }
    let msg = Say::PuzzleSolution { line }.to(lang);
    let next = cx.t(&Say::ButtonNextPuzzle);
    cx.reply(Reply::board(view, msg).with_row(vec![Button::new(next, &Action::Puzzle)]));
    Mode::Idle
}
