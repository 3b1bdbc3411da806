//! A basic-mate step: mate in a few moves against the engine's best defence (K+Q vs K, K+R vs
//! K, two rooks). Every move that keeps a forced mate within the moves left is accepted and
//! answered with the reply that holds out longest, shown on the board and said in words; a
//! move that lets the king escape, stalemates or is too slow is explained and taken back. The
//! judging is the puzzle's (see [`crate::tutor::mating`]).

use shakmaty::{Chess, Move, Position, Square};

use crate::content::lesson::{Lesson, MateTask, Step};
use crate::draw::{self, move_squares};
use crate::render::{ArrowKind, BoardView, MarkKind};
use crate::rules::effects::{Effect, MoveInfo};
use crate::rules::{self, Lang, Verdict, text::verdict_text};
use crate::search::defence::MoveJudgement;
use crate::tutor::cx::Cx;
use crate::tutor::mating;
use crate::tutor::move_task::{Refusal, TaskBoard};
use crate::tutor::state::{LessonState, MatePlay};
use crate::tutor::words::{self, Say};
use crate::tutor::words::{IsWhite, Lines, MateSide, ToMove};

use super::page::{Outcome, StepMessage, heading, miss, scene_view, task_buttons, update};

/// Where the step stands: the position the learner moves in, the moves left, and the
/// defence's last reply.
struct Now {
    pos: Chess,
    left: u32,
    last: Option<(Square, Square)>,
    started: bool,
}

fn now(state: &LessonState, task: &MateTask) -> Now {
    match &state.mate {
        Some(play) => Now {
            pos: play.fen.position().clone(),
            left: play.moves_left,
            last: play.last_move.as_ref().and_then(|m| match m {
                shakmaty::uci::UciMove::Normal { from, to, .. } => Some((*from, *to)),
                _ => None,
            }),
            started: true,
        },
        None => Now {
            pos: task.position.clone(),
            left: task.moves,
            last: task.scene.last_move,
            started: false,
        },
    }
}

/// The position the learner moves in now.
pub(super) fn position(state: &LessonState, task: &MateTask) -> Chess {
    now(state, task).pos
}

/// The board now: the step's own scene before the first move, then the position after the
/// defence's reply (tinted), always from the learner's side.
fn view(task: &MateTask, now: &Now) -> BoardView {
    if !now.started {
        return scene_view(&task.scene);
    }
    let mut view = BoardView::from_position(&now.pos).with_orientation(task.position.turn());
    if let Some((from, to)) = now.last {
        view = view.with_last_move(from, to);
    }
    view
}

/// The step's board as the tap board and the step's message show it.
pub(super) fn board(
    cx: &Cx<'_>,
    lesson: &Lesson,
    step: &Step,
    task: &MateTask,
    state: &LessonState,
) -> TaskBoard {
    let lang = cx.lang();
    let now = now(state, task);
    let side = ToMove(now.pos.turn()).to(lang);
    TaskBoard {
        view: view(task, &now),
        caption: format!(
            "{}\n\n{}{}\n{}",
            heading(cx, lesson, step),
            task.text.get(lang),
            words::aside(lang, &side),
            cx.t(&Say::MateStepLeft { left: now.left })
        ),
        buttons: vec![task_buttons(cx, true)],
        pos: now.pos,
    }
}

/// The step's message: its board, words and controls (tap to move, hint, solution, next).
pub(super) fn message(
    cx: &Cx<'_>,
    lesson: &Lesson,
    step: &Step,
    task: &MateTask,
    state: &LessonState,
) -> StepMessage {
    StepMessage::of_task(cx, board(cx, lesson, step, task, state))
}

/// A move in words, with the side that plays it: "Black: the king goes from e8 to d8.", or
/// "Black: the king on g8 takes the queen on h7."
fn said_with_side(pos: &Chess, mv: Move) -> Option<Box<Say>> {
    let (Some(from), to) = (mv.from(), mv.to()) else {
        return None;
    };
    let white = IsWhite(pos.turn());
    let piece = mv.role();
    Some(Box::new(match mv.capture() {
        Some(captured) => Say::MateStepMoveCapture {
            white,
            piece,
            from,
            to,
            captured,
        },
        None => Say::MateStepMove {
            white,
            piece,
            from,
            to,
        },
    }))
}

/// The nudge for a learner who missed: the step's own hint at the start; once the mate is
/// under way (the step's words speak of the first position) the piece the search would move.
fn nudge(cx: &Cx<'_>, task: &MateTask, now: &Now) -> String {
    if now.started
        && let Ok(Some(h)) = mating::hint(&now.pos, now.left)
    {
        let hint = cx.t(&Say::HintPiece {
            piece: h.piece,
            square: h.piece_square,
        });
        return hint.trim_start_matches('💡').trim_start().to_owned();
    }
    task.hint.get(cx.lang()).to_owned()
}

/// What the learner's move did, in words (no move letters), without the drill's noise about
/// mating material, and without "stalemate" (the refusal says it, with what it means here).
fn said(pos: &Chess, mv: Move, lang: Lang) -> String {
    let mut info = MoveInfo::new(pos, mv);
    info.effects
        .retain(|e| !matches!(e, Effect::DrawInsufficientMaterial | Effect::Stalemate));
    rules::text::legal_in_words(pos, &info, lang)
}

/// A line of play in words, one move a line.
fn line_in_words(pos: &Chess, line: &[Move]) -> Lines {
    let mut pos = pos.clone();
    let mut out = Vec::new();
    for &mv in line {
        if !pos.is_legal(mv) {
            break;
        }
        out.extend(said_with_side(&pos, mv).map(|say| *say));
        pos.play_unchecked(mv);
    }
    Lines(out)
}

/// A move the referee refused, on the step's message: the rule, a nudge after misses, the
/// reason drawn on the step's board as it stands now.
pub(super) fn refused(
    state: &mut LessonState,
    cx: &mut Cx<'_>,
    (lesson, step): (&Lesson, &Step),
    task: &MateTask,
    refusal: Refusal,
) {
    let here = now(state, task);
    let message = message(cx, lesson, step, task, state);
    let mut note = refusal.note;
    miss(state, &mut note, &nudge(cx, task, &here));
    let view = view(task, &here).with_overlay(refusal.overlay);
    update(cx, message.with_view(view).with_note(&note));
}

/// Judges a move (already read by the referee) for the step.
pub(super) fn judge(
    state: &mut LessonState,
    cx: &mut Cx<'_>,
    (lesson, step): (&Lesson, &Step),
    task: &MateTask,
    verdict: &Verdict,
    input: &str,
) -> Outcome {
    let lang = cx.lang();
    let here = now(state, task);
    let message = message(cx, lesson, step, task, state);
    let pos = &here.pos;
    let info = match verdict {
        Verdict::Legal(info) => info,
        Verdict::Unreadable => {
            let avoid = crate::tutor::spelling::checks(pos);
            let example = crate::tutor::spelling::example(pos, input, None, &avoid);
            let note = crate::tutor::spelling::unread(pos, input, example, lang);
            // In words only: the step's message moves on in place after each defence.
            cx.unread(note, Vec::new());
            return Outcome::Stay;
        }
        // A refusal goes the one way every move task refuses (`MoveTask::refuse`) before the
        // judge; here it would still be said, in words.
        Verdict::Ambiguous { .. } | Verdict::Illegal(_) => {
            let note = verdict_text(pos, verdict, input, lang);
            // In words only: the step's message moves on in place after each defence.
            cx.unread(note, Vec::new());
            return Outcome::Stay;
        }
    };
    let mv = info.mv;
    let tried = move_squares(&mv);
    let mut after = pos.clone();
    after.play_unchecked(mv);
    let Ok(judgement) = mating::judge(pos, mv, here.left) else {
        let note = cx.t(&Say::SearchUndecidedMove {
            san: said(pos, mv, lang),
        });
        update(cx, message.with_note(&note));
        return Outcome::Stay;
    };
    let refused = match judgement {
        MoveJudgement::Mates => {
            let mut view = BoardView::from_position(&after).with_orientation(pos.turn());
            if let Some((from, to)) = tried {
                view = view.with_last_move(from, to);
            }
            let mut note = words::then(lang, &Say::Right.to(lang), &said(pos, mv, lang));
            note.push('\n');
            note.push_str(&mating::why_mate(&after).to(lang));
            note.push('\n');
            note.push_str(&cx.t(&Say::MateStepMated));
            update(cx, message.closed().with_view(view).with_note(&note));
            return Outcome::Done;
        }
        MoveJudgement::KeepsMate { best_defence, .. } => {
            let defence = said_with_side(&after, best_defence);
            let next = mating::after_defence(pos, mv, best_defence);
            state.mate = Some(MatePlay {
                fen: next.into(),
                moves_left: here.left.saturating_sub(1),
                last_move: Some(rules::notation::uci(best_defence)),
            });
            state.hints = 0;
            // The same message goes on as the next question, as in a puzzle: it is edited,
            // then known by the new question's nonce.
            let old = cx.nonce();
            cx.next_nonce();
            let mut note = cx.t(&Say::MateStepKeeps {
                said: said(pos, mv, lang),
            });
            note.push('\n');
            note.push_str(&cx.t(&Say::MateStepDefence { defence }));
            let message = self::message(cx, lesson, step, task, state).with_note(&note);
            cx.played(&note);
            cx.reply(message.reply().editing_task(old).as_task(cx.nonce()));
            return Outcome::Stay;
        }
        MoveJudgement::Stalemates => (
            Say::MateStepStalemate {
                side: MateSide(after.turn()),
            },
            Vec::new(),
        ),
        MoveJudgement::MatesTooLate {
            mate_in,
            refutation,
        } => (
            Say::MateStepTooSlow {
                mate_in,
                left: here.left,
            },
            refutation,
        ),
        MoveJudgement::Fails { refutation } => {
            let defence = refutation.first().and_then(|&r| said_with_side(&after, r));
            let say = if here.left <= 1 {
                Say::MateStepNoMate { defence }
            } else {
                Say::MateStepEscapes {
                    defence,
                    left: here.left,
                }
            };
            (say, refutation)
        }
    };
    let (say, refutation) = refused;
    // The move is taken back: the board is the one the learner moved in, with the move as an
    // arrow and the defence's answer drawn.
    let mut note = words::then(lang, &said(pos, mv, lang), &say.to(lang));
    note.push('\n');
    note.push_str(&cx.t(&Say::MateStepTakenBack));
    miss(state, &mut note, &nudge(cx, task, &here));
    let mut view = view(task, &here);
    if let Some((from, to)) = tried {
        view = view.with_arrow(from, to, ArrowKind::Move);
    }
    view = view.with_overlay(draw::replies(refutation.get(..1).unwrap_or(&[])));
    update(cx, message.with_view(view).with_note(&note));
    Outcome::Stay
}

/// `/hint`, a ladder: the author's hint with the piece the search would move marked; then the
/// square it goes to, in words and on the board.
pub(super) fn hint(cx: &mut Cx<'_>, message: StepMessage, task: &MateTask, state: &LessonState) {
    let lang = cx.lang();
    let here = now(state, task);
    let mut view = view(task, &here);
    // The step's own hint speaks of the first position.
    let mut note = if here.started {
        String::new()
    } else {
        format!("💡 {}\n", task.hint.get(lang))
    };
    let found = mating::hint(&here.pos, here.left);
    if found.is_err() {
        note.push_str(&cx.t(&Say::SearchTooHard));
    }
    if let Ok(Some(h)) = found {
        let piece = h.piece;
        view = view.with_mark(h.piece_square, MarkKind::Highlight);
        if state.hints <= 1 {
            note.push_str(&cx.t(&Say::HintPiece {
                piece,
                square: h.piece_square,
            }));
            note.push('\n');
            note.push_str(&cx.t(&Say::HintMore));
        } else {
            view = view.with_mark(h.target_square, MarkKind::Good);
            let say = match here.pos.board().role_at(h.target_square) {
                Some(captured) => Say::HintCapture {
                    piece,
                    from: h.piece_square,
                    to: h.target_square,
                    captured,
                },
                None => Say::HintSquare {
                    piece,
                    from: h.piece_square,
                    to: h.target_square,
                },
            };
            note.push_str(&cx.t(&say));
            note.push('\n');
            note.push_str(&cx.t(&Say::HintLast));
        }
    }
    update(cx, message.with_view(view).with_note(&note));
}

/// `/solution`: the whole line from here against the best defence, in words, the first move
/// drawn, and the technique; the learner may still play it out.
pub(super) fn solution(
    cx: &mut Cx<'_>,
    message: StepMessage,
    task: &MateTask,
    state: &LessonState,
) {
    let here = now(state, task);
    let mut view = view(task, &here);
    let Ok(sol) = mating::solve(&here.pos, here.left) else {
        let note = cx.t(&Say::SearchTooHard);
        update(cx, message.with_view(view).with_note(&note));
        return;
    };
    if let Some((from, to)) = sol.line.first().and_then(move_squares) {
        view = view.with_arrow(from, to, ArrowKind::Good);
    }
    let note = cx.t(&Say::MateStepSolution {
        line: line_in_words(&here.pos, &sol.line),
        why: task.why.clone(),
    });
    update(cx, message.with_view(view).with_note(&note));
}
