//! What every task that asks for a move does the same way, whichever activity it belongs to: a
//! refused move is counted, explained and drawn once, here; the tap board picks, moves and
//! promotes; a pawn sent to the last rank without a piece gets the choice of four.
//!
//! An activity implements [`MoveTask`] with its board and its own answer to a legal move; the
//! rest is provided. Nothing here names an activity.

use shakmaty::{Chess, Position, Role, Square};

use super::activity::Activity;
use super::callback::{Action, PROMOTION_ROLES};
use super::cx::Cx;
use super::page_view::{DropResult, PageSaid};
use super::reply::{Button, Reply};
use super::state::{Mode, TapSelection};
use super::tap::{self, castles_with, glyph, grid, targets};
use super::words::{self, Say};
use crate::draw;
use crate::render::{BoardView, MarkKind, Overlay};
use crate::rules::{self, IllegalReason, Verdict, text::verdict_text};

/// The board of a task that asks for a move, as the tap board shows it.
pub(crate) struct TaskBoard {
    /// The position to move in.
    pub pos: Chess,
    /// The task's picture (its orientation is the grid's).
    pub view: BoardView,
    /// The task's words.
    pub caption: String,
    /// The task's own buttons (hint, solution, next), kept under the grid.
    pub buttons: Vec<Vec<Button>>,
}

/// A move the referee refused, as every task shows it: the rule in the learner's words and the
/// squares that prove it, to be drawn on the task's own board.
pub(crate) struct Refusal {
    /// The rule that forbids the move, in the learner's language.
    pub note: String,
    /// The squares and arrows of the reason.
    pub overlay: Overlay,
    /// The rule, for a practice step offered after repeated refusals.
    pub reason: IllegalReason,
}

impl Refusal {
    /// The refusal of `reason` in `pos`, counted against its rule in the learner's progress.
    fn counted(cx: &mut Cx<'_>, pos: &Chess, reason: &IllegalReason, input: &str) -> Self {
        cx.count_rule_error(reason, pos);
        let note = verdict_text(pos, &Verdict::Illegal(reason.clone()), input, cx.lang());
        Self {
            note,
            overlay: draw::reason(reason),
            reason: reason.clone(),
        }
    }
}

/// An activity whose current question may ask for a move.
pub(crate) trait MoveTask: Activity {
    /// The board, when the current question asks for a move.
    fn task_board(&self, cx: &Cx<'_>) -> Option<TaskBoard>;

    /// A move for the current question, already read by the referee (typed or tapped). A
    /// refusal goes to [`MoveTask::refuse`].
    fn play(self, cx: &mut Cx<'_>, verdict: Verdict, input: &str) -> Mode;

    /// Shows a refusal on the task's own message: its board under the reason's marks, the
    /// note, and whatever the task adds (a hint after misses). The task stays as it was.
    fn show_refusal(self, cx: &mut Cx<'_>, refusal: Refusal) -> Mode;

    /// How a move is written here, for a message that did not read as one: by an example
    /// that is not the answer (none of `avoid`).
    fn how_to_write(&self, cx: &Cx<'_>, pos: &Chess, input: &str) -> String {
        let example = super::spelling::example(pos, input, None, &[]);
        super::spelling::unread(pos, input, example, cx.lang())
    }

    /// Says `note` about a message that was not read as a move: in words under it, with the
    /// task's own buttons (hint, solution, the game's), what a learner who typed words
    /// instead of a move may want. (Once the task moves on they are an earlier question's,
    /// and a press says so.)
    fn say_unread(self, cx: &mut Cx<'_>, note: String) -> Mode {
        let rows = self.task_board(cx).map(|b| b.buttons).unwrap_or_default();
        cx.unread(note, rows);
        self.into()
    }

    /// The one way a move task answers a message that is no move it can read (how a move is
    /// written) or names several pieces (which ones): nothing changes.
    fn unread(self, cx: &mut Cx<'_>, pos: &Chess, verdict: &Verdict, input: &str) -> Mode {
        let note = match verdict {
            Verdict::Unreadable => self.how_to_write(cx, pos, input),
            _ => verdict_text(pos, verdict, input, cx.lang()),
        };
        self.say_unread(cx, note)
    }

    /// The one way a move task refuses a move: counted against its rule, explained in words,
    /// its squares drawn ([`MoveTask::show_refusal`]).
    fn refuse(self, cx: &mut Cx<'_>, pos: &Chess, reason: &IllegalReason, input: &str) -> Mode {
        let refusal = Refusal::counted(cx, pos, reason, input);
        cx.out.page_said = Some(PageSaid {
            result: DropResult::Refused,
            text: refusal.note.clone(),
            overlay: refusal.overlay.clone(),
        });
        self.show_refusal(cx, refusal)
    }

    /// "Tap to move": the grid, nothing picked.
    fn open_tap_board(self, cx: &mut Cx<'_>) -> Mode {
        open_board(self, cx)
    }

    /// A square of the grid was tapped: a piece picked (or put back), or the picked piece's
    /// move, judged exactly as if it had been typed.
    fn tap(self, cx: &mut Cx<'_>, square: Square) -> Mode {
        tap_square(self, cx, square)
    }

    /// A promotion piece was chosen.
    fn promote(self, cx: &mut Cx<'_>, from: Square, to: Square, role: Role) -> Mode {
        let Some(board) = self.task_board(cx) else {
            cx.stale_button();
            return self.into();
        };
        // Only the promotions offered exist as buttons: anything else is forged, and changes
        // nothing (it is not the learner's illegal move to count).
        if !matches!(
            rules::explain_squares(&board.pos, from, to, Some(Role::Queen)),
            Verdict::Legal(_)
        ) {
            cx.stale_button();
            return self.into();
        }
        pick(cx, None);
        let verdict = rules::explain_squares(&board.pos, from, to, Some(role));
        let uci = format!("{from}{to}{}", role.char());
        self.submit(cx, &board.pos, verdict, &uci)
    }

    /// Judges a move of the current task, typed or tapped. A pawn move to the last rank
    /// without a piece that would be legal with one gets the choice of four pieces instead of
    /// the referee's refusal.
    fn submit(self, cx: &mut Cx<'_>, pos: &Chess, verdict: Verdict, input: &str) -> Mode {
        cx.session.tap = None;
        let verdict = match verdict {
            Verdict::Illegal(IllegalReason::PromotionPieceMissing { from, to }) => {
                match rules::explain_squares(pos, from, to, Some(Role::Queen)) {
                    Verdict::Legal(_) => {
                        offer_promotion(&self, cx, from, to);
                        return self.into();
                    }
                    // Illegal whatever the piece (a pin, a check): that is the rule to explain.
                    with_queen @ Verdict::Illegal(_) => with_queen,
                    _ => Verdict::Illegal(IllegalReason::PromotionPieceMissing { from, to }),
                }
            }
            other => other,
        };
        self.play(cx, verdict, input)
    }
}

/// Shows a refusal on the message of a task drawn as `message` does from its `view`: the
/// board under the reason's marks, and the rule in words under the task's own.
pub(crate) fn show_refusal_on<T: MoveTask>(
    task: T,
    cx: &mut Cx<'_>,
    refusal: Refusal,
    view: BoardView,
    message: impl FnOnce(&T, &Cx<'_>, BoardView, &str) -> Reply,
) -> Mode {
    let reply = message(&task, cx, view.with_overlay(refusal.overlay), &refusal.note);
    cx.update_task(reply);
    task.into()
}

/// "Tap to move": the grid, nothing picked (what [`MoveTask::open_tap_board`] does).
pub(crate) fn open_board<T: MoveTask>(task: T, cx: &mut Cx<'_>) -> Mode {
    let Some(board) = task.task_board(cx) else {
        cx.stale_button();
        return task.into();
    };
    pick(cx, None);
    let note = Say::TapAPiece.to(cx.lang());
    show(cx, board, None, &note);
    task.into()
}

/// A square of the grid was tapped ([`MoveTask::tap`]): a piece picked (or put back), or the picked piece's
/// move, judged exactly as if it had been typed.
pub(crate) fn tap_square<T: MoveTask>(task: T, cx: &mut Cx<'_>, square: Square) -> Mode {
    let Some(board) = task.task_board(cx) else {
        cx.stale_button();
        return task.into();
    };
    let lang = cx.lang();
    let picked = cx.session.tap_selection();
    let own = board
        .pos
        .board()
        .piece_at(square)
        .filter(|p| p.color == board.pos.turn());
    // The king, then its rook: castling, as a beginner who knows it moves both pieces
    // would tap it (the king's two-square step works too).
    let castling = picked.is_some_and(|king| castles_with(&board.pos, king, square));
    let own = own.filter(|_| !castling);
    match (own, picked) {
        // The picked piece again: put it back.
        (Some(_), Some(from)) if from == square => {
            pick(cx, None);
            let note = Say::TapAPiece.to(lang);
            show(cx, board, None, &note);
            task.into()
        }
        // One of the learner's pieces: pick it (or pick it instead).
        (Some(piece), _) => {
            pick(cx, Some(square));
            let note = if targets(&board.pos, square).is_empty() {
                Say::TapPickedStuck {
                    piece: piece.role,
                    square,
                }
                .to(lang)
            } else {
                Say::TapPicked {
                    piece: piece.role,
                    square,
                }
                .to(lang)
            };
            show(cx, board, Some(square), &note);
            task.into()
        }
        // A target for the picked piece (or its rook, for castling): the move.
        (None, Some(from)) => {
            pick(cx, None);
            let verdict = rules::explain_squares(&board.pos, from, square, None);
            task.submit(cx, &board.pos, verdict, &format!("{from}{square}"))
        }
        (None, None) => {
            let note = Say::TapOwnPieceFirst.to(lang);
            show(cx, board, None, &note);
            task.into()
        }
    }
}

/// Where the replies of a tapped square begin, to keep the tap board open after its move.
#[derive(Clone, Copy)]
pub(crate) struct BeforeTap {
    nonce: u32,
    first: usize,
}

impl BeforeTap {
    /// Taken before the tap is handled.
    pub(crate) fn now(cx: &Cx<'_>) -> Self {
        Self {
            nonce: cx.nonce(),
            first: cx.out.len(),
        }
    }

    /// While a move is still asked for after a tapped move on the same message (a retry, or
    /// the next move of a puzzle after the defence), the task's message keeps its tap board
    /// open, nothing picked. `after` is the board of the question that follows, if it asks for
    /// a move. A question that follows in a new message leaves the finished one without a
    /// grid: a live grid there would show the new question's board under the old picture,
    /// and play it.
    pub(crate) fn keep_board_open(self, cx: &mut Cx<'_>, after: Option<TaskBoard>) {
        let Some(after) = after else {
            return;
        };
        let now = cx.nonce();
        let retry = Say::TapRetry.to(cx.lang());
        if let Some(reply) = cx.out.here_since(self.first).rev().find(|r| {
            r.edit_task == Some(self.nonce)
                && r.squares.is_empty()
                // The question is still this message's: the same one, or the next one told on
                // it (the message is known by the new question's nonce from now on).
                && (now == self.nonce || r.task == Some(now))
        }) {
            reply.squares = grid(&after.pos, after.view.orientation, None, now);
            if now == self.nonce {
                reply.text.push('\n');
                reply.text.push_str(&retry);
            }
        }
    }
}

/// Updates the task's message: the task board, its grid and `note` under the task.
fn show(cx: &mut Cx<'_>, board: TaskBoard, picked: Option<Square>, note: &str) {
    let mut view = board.view;
    if let Some(from) = picked {
        view = view
            .with_mark(from, MarkKind::Highlight)
            .with_dots(targets(&board.pos, from));
    }
    let grid = grid(&board.pos, view.orientation, picked, cx.nonce());
    let mut reply = Reply::board(view, format!("{}\n\n{note}", board.caption)).with_squares(grid);
    for row in board.buttons {
        reply = reply.with_row(row);
    }
    cx.update_task(reply);
}

fn pick(cx: &mut Cx<'_>, square: Option<Square>) {
    cx.session.tap = square.map(|square| TapSelection {
        nonce: cx.session.nonce,
        square,
    });
}

/// The four pieces a pawn on `to` may become, as buttons, under the task's own words.
fn offer_promotion<T: MoveTask>(task: &T, cx: &mut Cx<'_>, from: Square, to: Square) {
    let Some(board) = task.task_board(cx) else {
        return;
    };
    let lang = cx.lang();
    let color = board.pos.turn();
    let nonce = cx.nonce();
    let choices: Vec<Button> = PROMOTION_ROLES
        .iter()
        .map(|&role| {
            Button::new(
                format!(
                    "{} {}",
                    glyph(role.of(color)),
                    words::promotion_piece(lang, role)
                ),
                &Action::Promote {
                    nonce,
                    from,
                    to,
                    role,
                },
            )
        })
        .collect();
    let view = board
        .view
        .with_mark(from, MarkKind::Highlight)
        .with_mark(to, MarkKind::Good);
    let caption = format!(
        "{}\n\n{}",
        board.caption,
        Say::ChoosePromotion { from, to }.to(lang)
    );
    let reply = Reply::board(view, caption)
        .with_row(choices)
        .with_row(vec![tap::button(cx)]);
    cx.update_task(reply);
    cx.out.page_said = Some(PageSaid {
        result: DropResult::Promote,
        text: Say::ChoosePromotion { from, to }.to(lang),
        overlay: Overlay::default(),
    });
}
