//! The outcome audit: every move a `move` step accepts is judged by what it does on the board,
//! not by the letter of its goal.
//!
//! For each move step the moves its goal accepts are enumerated, and each must
//! - not draw: stalemate, a dead position (Art. 5.2.2: king and minor piece against king …), or
//!   a reply that makes one (the king takes an undefended queen and two bare kings remain),
//!   unless the step says it is about drawing (`allow: [draw]`);
//! - not lose material the step is not about: the opponent's best reply, found by a short
//!   material search, must not win more than after the best accepted move, unless the step says
//!   it means a sacrifice (`allow: [sacrifice]`).
//!
//! Every search has a budget ([`NODES`]); a move the budget cannot settle is counted as
//! unjudged, never guessed. Each failure is a [`Problem`] at the step's line naming the move and
//! its refutation: "accepts Rd8+, which loses the rook to Kxd8".

use shakmaty::{Chess, Color, Move, Position, Role, san::SanPlus};

use super::lesson::{Lesson, MoveTask, StepKind};
use super::problem::Problem;
// A piece's value in pawns, as the course teaches it (unit 9): the referee's own table.
use crate::rules::{DeadMaterial, PositionReport, piece_value as value};

pub use super::goal::Allow;

/// The nodes one accepted move's material search may visit.
pub const NODES: u32 = 40_000;
/// Full-width plies searched after the accepted move (the reply and the answer to it); captures
/// are then followed to the end (at most [`CAPTURE_PLIES`] more).
pub const PLIES: i32 = 2;
/// How many captures in a row the material search follows after [`PLIES`].
pub const CAPTURE_PLIES: i32 = 8;
/// The material (in pawns) a move may lose beyond the best accepted move before it is a fault:
/// a minor piece, or the exchange and a pawn.
pub const LOSS: i32 = 2;
/// The score of being mated, beyond any material.
const MATED: i32 = 1_000;

/// The material of `color` minus the other side's, in pawns.
fn material(pos: &Chess, color: Color) -> i32 {
    let board = pos.board();
    let mut sum = 0;
    for sq in board.occupied() {
        if let Some(p) = board.piece_at(sq) {
            let v = value(p.role);
            sum += if p.color == color { v } else { -v };
        }
    }
    sum
}

/// How an accepted move draws.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Draws {
    /// The opponent is stalemated.
    Stalemate,
    /// The position after the move is dead.
    Dead(DeadMaterial),
    /// The opponent has a reply (in SAN) after which the game is drawn: a dead position, or the
    /// mover stalemated.
    Reply {
        /// The reply, in SAN.
        reply: String,
        /// The dead material it leaves, or `None` for a stalemate.
        dead: Option<DeadMaterial>,
        /// The piece the reply takes, if it takes one.
        taken: Option<Role>,
    },
}

/// What is wrong with one accepted move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fault {
    /// The move draws, and the step is not about drawing.
    Draws(Draws),
    /// The move loses material the best accepted move keeps.
    LosesMaterial {
        /// Pawns lost beyond the best accepted move (a mate against the mover counts as
        /// [`MATED`]).
        lost: i32,
        /// The opponent's best reply, in SAN.
        reply: String,
        /// The piece that reply takes, if it takes one.
        taken: Option<Role>,
        /// The best accepted move, in SAN, and what it loses.
        best: (String, i32),
    },
}

/// One accepted move and what the audit found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Judged {
    /// The move, in SAN.
    pub san: String,
    /// Its fault, if any.
    pub fault: Option<Fault>,
}

/// The audit of one move step.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StepAudit {
    /// Every accepted move, judged.
    pub judged: Vec<Judged>,
    /// Accepted moves whose material search ran out of budget (not judged for material).
    pub unjudged: usize,
}

/// The audit of a whole course.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CourseAudit {
    /// Move steps audited.
    pub steps: usize,
    /// Accepted moves judged.
    pub moves: usize,
    /// Accepted moves the budget left unjudged for material.
    pub unjudged: usize,
    /// Each fault, at its step.
    pub problems: Vec<Problem>,
}

/// The material search (negamax with alpha-beta): the best score for the side to move, in
/// pawns of material (a mate beyond any material), and the best move at the node. Full width
/// while `depth > 0` (and whenever in check), then captures and promotions only, at most
/// [`CAPTURE_PLIES`] deep. `None` when the budget ran out.
struct Search {
    nodes: u32,
}

impl Search {
    fn negamax(
        &mut self,
        pos: &Chess,
        depth: i32,
        mut alpha: i32,
        beta: i32,
    ) -> Option<(i32, Option<Move>)> {
        self.nodes += 1;
        if self.nodes > NODES {
            return None;
        }
        let moves = pos.legal_moves();
        let me = pos.turn();
        if moves.is_empty() {
            return Some((if pos.is_check() { -MATED } else { 0 }, None));
        }
        let in_check = pos.is_check();
        let full = depth > 0 || in_check;
        let stand = material(pos, me);
        if !full {
            // Stand pat: the side to move need not capture.
            if stand >= beta || depth <= -CAPTURE_PLIES {
                return Some((stand, None));
            }
            alpha = alpha.max(stand);
        }
        let mut ordered: Vec<Move> = moves
            .into_iter()
            .filter(|m| full || m.is_capture() || m.is_promotion())
            .collect();
        ordered.sort_by_key(|m| -m.capture().map_or(0, value) - i32::from(m.is_promotion()) * 8);
        let mut best: Option<(i32, Option<Move>)> = None;
        for mv in ordered {
            let after = crate::rules::after(pos, mv);
            let (score, _) = self.negamax(&after, depth - 1, -beta, -alpha)?;
            let score = -score;
            if best.is_none_or(|(b, _)| score > b) {
                best = Some((score, Some(mv)));
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        Some(match best {
            Some((score, mv)) if full || score > stand => (score, mv),
            _ => (stand, None),
        })
    }
}

/// Material the opponent wins back after `mv` (in pawns, from the mover's view), with the
/// opponent's best reply; `None` when the budget ran out.
fn loss_after(before: &Chess, mv: Move) -> Option<(i32, Option<Move>)> {
    let mover = before.turn();
    let after = crate::rules::after(before, mv);
    if after.legal_moves().is_empty() {
        // Mate or stalemate: nothing more is lost.
        return Some((0, None));
    }
    let mut search = Search { nodes: 0 };
    let (score, reply) = search.negamax(&after, PLIES, -MATED - 1, MATED + 1)?;
    // `score` is the opponent's view; the mover's view is its negation.
    let kept = -score;
    // A mate or a gain for the mover is no loss: only what the opponent wins back counts.
    Some(((material(&after, mover) - kept).max(0), reply))
}

/// Whether `pos` is drawn on the board: stalemate or a dead position.
fn drawn(pos: &Chess) -> Option<Option<DeadMaterial>> {
    let report = PositionReport::of(pos);
    if report.stalemate {
        return Some(None);
    }
    report.dead.map(Some)
}

/// How `mv` draws, if it does: at once, or by a reply the opponent may choose.
#[must_use]
pub fn draws(before: &Chess, mv: Move) -> Option<Draws> {
    let after = crate::rules::after(before, mv);
    let report = PositionReport::of(&after);
    if report.stalemate {
        return Some(Draws::Stalemate);
    }
    if let Some(dead) = report.dead {
        return Some(Draws::Dead(dead));
    }
    if report.checkmate {
        return None;
    }
    for reply in after.legal_moves() {
        let then = crate::rules::after(&after, reply);
        if let Some(dead) = drawn(&then) {
            return Some(Draws::Reply {
                reply: SanPlus::from_move(after.clone(), reply).to_string(),
                dead,
                taken: reply.capture(),
            });
        }
    }
    None
}

/// Judges every move `task`'s goal accepts.
#[must_use]
pub fn audit_task(task: &MoveTask) -> StepAudit {
    let before = &task.position;
    let accepted: Vec<Move> = before
        .legal_moves()
        .into_iter()
        .filter(|&mv| {
            let after = crate::rules::after(before, mv);
            task.goal.is_met(before, mv, &after)
        })
        .collect();
    let dead_already = PositionReport::of(before).dead.is_some();
    let mut out = StepAudit::default();
    let losses: Vec<Option<(i32, Option<Move>)>> = if task.allow.contains(&Allow::Sacrifice) {
        vec![None; accepted.len()]
    } else {
        accepted.iter().map(|&mv| loss_after(before, mv)).collect()
    };
    if !task.allow.contains(&Allow::Sacrifice) {
        out.unjudged = losses.iter().filter(|l| l.is_none()).count();
    }
    let best = accepted
        .iter()
        .zip(&losses)
        .filter_map(|(&mv, l)| l.map(|(lost, _)| (lost, mv)))
        .min_by_key(|(lost, _)| *lost);
    for (&mv, loss) in accepted.iter().zip(&losses) {
        let san = SanPlus::from_move(before.clone(), mv).to_string();
        let draw = (!dead_already && !task.allow.contains(&Allow::Draw))
            .then(|| draws(before, mv))
            .flatten();
        let fault = if let Some(d) = draw {
            Some(Fault::Draws(d))
        } else if let (Some((lost, reply)), Some((best_lost, best_mv))) = (loss, best)
            && lost - best_lost >= LOSS
        {
            let after = crate::rules::after(before, mv);
            let reply = reply.expect("a loss comes from a reply");
            Some(Fault::LosesMaterial {
                lost: lost - best_lost,
                reply: SanPlus::from_move(after.clone(), reply).to_string(),
                taken: reply.capture(),
                best: (
                    SanPlus::from_move(before.clone(), best_mv).to_string(),
                    best_lost,
                ),
            })
        } else {
            None
        };
        out.judged.push(Judged { san, fault });
    }
    out
}

fn dead_words(dead: DeadMaterial) -> String {
    match dead {
        DeadMaterial::KingVsKing => "only the two kings remain".to_owned(),
        DeadMaterial::KingAndMinorVsKing { piece, .. } => format!(
            "king and {} against king",
            crate::rules::text::en::piece(piece)
        ),
        DeadMaterial::BishopsOnOneColour => "only bishops on one colour remain".to_owned(),
    }
}

/// The sentence of a fault, for `check`: "accepts Rd8+, which loses the rook to Kxd8".
#[must_use]
pub fn describe(san: &str, fault: &Fault) -> String {
    match fault {
        Fault::Draws(Draws::Stalemate) => format!(
            "accepts {san}, which stalemates: a draw, and the step is not about drawing (declare `allow: [draw]` if it is)"
        ),
        Fault::Draws(Draws::Dead(dead)) => format!(
            "accepts {san}, which leaves a dead position ({}): drawn at once (Art. 5.2.2), and the step is not about drawing (declare `allow: [draw]` if it is)",
            dead_words(*dead)
        ),
        Fault::Draws(Draws::Reply { reply, dead, taken }) => {
            let result = dead.map_or_else(
                || "stalemate".to_owned(),
                |d| format!("a dead position: {}", dead_words(d)),
            );
            match taken {
                Some(role) => format!(
                    "accepts {san}, which loses the {} to {reply}, a draw at once ({result}); the step is not about drawing (declare `allow: [draw]` if it is)",
                    crate::rules::text::en::piece(*role)
                ),
                None => format!(
                    "accepts {san}, after which {reply} draws at once ({result}); the step is not about drawing (declare `allow: [draw]` if it is)"
                ),
            }
        }
        Fault::LosesMaterial {
            lost,
            reply,
            taken,
            best: (best, best_lost),
        } => {
            let what = if *lost >= MATED / 2 {
                format!("which lets the opponent mate, starting with {reply}")
            } else {
                match taken {
                    Some(role) if value(*role) >= *lost => format!(
                        "which loses the {} to {reply}",
                        crate::rules::text::en::piece(*role)
                    ),
                    _ => format!("which loses {lost} points of material after {reply}"),
                }
            };
            let kept = if *best_lost <= 0 {
                format!("{best} loses nothing")
            } else {
                format!("{best} loses only {best_lost}")
            };
            format!(
                "accepts {san}, {what} ({kept}); exclude it from the goal, or declare `allow: [sacrifice]` if the step means it"
            )
        }
    }
}

/// Audits every move step of `lessons`.
#[must_use]
pub fn audit_course(lessons: &[Lesson]) -> CourseAudit {
    let mut out = CourseAudit::default();
    for lesson in lessons {
        for step in &lesson.steps {
            let StepKind::Move(task) = &step.kind else {
                continue;
            };
            out.steps += 1;
            let audit = audit_task(task);
            out.moves += audit.judged.len();
            out.unjudged += audit.unjudged;
            for judged in &audit.judged {
                if let Some(fault) = &judged.fault {
                    out.problems.push(Problem::at(
                        &lesson.file,
                        Some(step.line),
                        format!("step `{}`: {}", step.id, describe(&judged.san, fault)),
                    ));
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The problems the audit finds in one move step (with three filler judge steps, so the
    /// lesson loads), as `check` prints them.
    fn audited(step: &str) -> (CourseAudit, Vec<String>) {
        let mut yaml = String::from("id: demo\nunit: 12\ntitle: {zh: 演示, en: Demo}\nsteps:\n");
        yaml.push_str(step);
        for i in 0..3 {
            yaml.push_str(&format!(
                "  - id: demo-fill-{i}\n    kind: judge\n    board: 4k3/8/8/8/8/8/8/R3K3 w - - 0 1\n    ask: check\n    answer: no\n    text: {{zh: 第{i}题：黑王被将军了吗？, en: Is the black king in check?}}\n    hint: {{zh: 看车, en: Look at the rook}}\n    why: {{zh: 车不攻击e8, en: The rook does not attack e8}}\n"
            ));
        }
        let (lessons, problems) =
            super::super::load_lessons_from(&[("lessons/12-demo.yaml", yaml.as_str())]);
        assert!(problems.is_empty(), "{problems:?}");
        let audit = audit_course(&lessons);
        let found = audit.problems.iter().map(ToString::to_string).collect();
        (audit, found)
    }

    /// A move step on `board` with `goal`, `expected` and `extra` lines (`allow: …`).
    fn step(board: &str, goal: &str, expected: &str, wrong: &str, extra: &str) -> String {
        format!(
            "  - id: demo-move\n    kind: move\n    board: {board}\n    text: {{zh: 走一步, en: Move}}\n    goal: {goal}\n    expected: [{expected}]\n    wrong: [{wrong}]\n{extra}    hint: {{zh: 想一想, en: Think}}\n    why: {{zh: 因为, en: Because}}\n"
        )
    }

    /// Review 2026-12-06 H2: "promote, but do not stalemate" accepted a bishop and a knight,
    /// each a dead position (king and minor piece against king), drawn at once.
    #[test]
    fn a_step_accepting_a_drawing_promotion_is_reported() {
        let shipped = step(
            "8/k1P5/2K5/8/8/8/8/8 w - - 0 1",
            "{all: [{promoted: {}}, {not: stalemate}]}",
            "c8=R",
            "c8=Q",
            "",
        );
        let (audit, found) = audited(&shipped);
        assert_eq!(audit.moves, 3, "c8=R, c8=B, c8=N are accepted");
        assert_eq!(found.len(), 2, "{found:?}");
        assert!(
            found[0].starts_with("lessons/12-demo.yaml:5: step `demo-move`: accepts c8=B, which leaves a dead position (king and bishop against king)"),
            "{found:?}"
        );
        assert!(
            found[1].contains(
                "accepts c8=N+, which leaves a dead position (king and knight against king)"
            ),
            "{found:?}"
        );
        // The fix: only the rook is accepted.
        let fixed = step(
            "8/k1P5/2K5/8/8/8/8/8 w - - 0 1",
            "{promoted: {to: R}}",
            "c8=R",
            "c8=Q, c8=B, c8=N",
            "",
        );
        assert!(audited(&fixed).1.is_empty());
        // A step about drawing says so, and the audit honours it.
        let about_drawing = step(
            "8/k1P5/2K5/8/8/8/8/8 w - - 0 1",
            "{all: [{promoted: {}}, {not: stalemate}]}",
            "c8=R",
            "c8=Q",
            "    allow: [draw]\n",
        );
        let (_, found) = audited(&about_drawing);
        assert!(found.is_empty(), "{found:?}");
    }

    /// Review H3: "do not stalemate" accepted queen moves next to the king, which takes the
    /// undefended queen and leaves two bare kings; a stalemating move is reported too.
    #[test]
    fn a_stalemating_or_queen_hanging_move_is_reported() {
        let shipped = step(
            "k7/2Q5/8/1K6/8/8/8/8 w - - 0 1",
            "{not: stalemate}",
            "Qe7",
            "Kb6",
            "",
        );
        let (_, found) = audited(&shipped);
        for san in ["Qa7+", "Qb7+", "Qb8+"] {
            let king = format!("Kx{}", &san[1..3]);
            assert!(
                found.iter().any(|p| p.contains(&format!(
                    "accepts {san}, which loses the queen to {king}, a draw at once (a dead position: only the two kings remain)"
                ))),
                "{san}: {found:?}"
            );
        }
        assert_eq!(found.len(), 3, "{found:?}");
        // A king move: each one stalemates.
        let king_moves = step(
            "k7/2Q5/8/1K6/8/8/8/8 w - - 0 1",
            "{moved: {piece: K}}",
            "Kb6",
            "Qe7",
            "",
        );
        let (_, found) = audited(&king_moves);
        assert!(
            found
                .iter()
                .any(|p| p.contains("accepts Kb6, which stalemates")),
            "{found:?}"
        );
    }

    /// Review L8 (unit 12): "check with the rook" accepted Rd8+, and the king takes the rook.
    /// The queen step next to it: Qd7+ and Qd8+ lose the queen (a black pawn remains, so it
    /// is material lost, not a draw).
    #[test]
    fn a_rook_sacrifice_the_step_is_not_about_is_reported() {
        let rook = step(
            "4k3/8/8/8/8/8/8/3R2K1 w - - 0 1",
            "{all: [gives_check, {moved: {piece: R}}]}",
            "Re1+, Rd8+",
            "Rd7",
            "",
        );
        let (_, found) = audited(&rook);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(
            found[0].contains("accepts Rd8+, which loses the rook to Kxd8"),
            "{found:?}"
        );
        let queen = step(
            "4k3/4p3/8/8/8/8/8/3QK3 w - - 0 1",
            "{all: [gives_check, {moved: {piece: Q}}]}",
            "Qa4",
            "Qe2",
            "",
        );
        let (_, found) = audited(&queen);
        assert_eq!(found.len(), 2, "{found:?}");
        assert!(
            found[0].contains("accepts Qd7+, which loses the queen to Kxd7 (Qa4+ loses nothing)"),
            "{found:?}"
        );
        // A step that means the sacrifice says so.
        let meant = queen.replace("    hint:", "    allow: [sacrifice]\n    hint:");
        assert!(audited(&meant).1.is_empty());
    }

    /// A skewer two plies deep: after Kf1 the rook checks on e1 (the bishop guards it) and
    /// then takes the knight on b1 (the shipped double-check step before its fix).
    #[test]
    fn a_loss_two_plies_deep_is_found_within_the_budget() {
        let double = step(
            "k3r3/8/8/8/1b6/8/8/1N2K3 w - - 0 1",
            "escaped_check",
            "Kd1",
            "Nd2",
            "    wrong_reasons: {Nd2: double_check_king_must_move}\n",
        );
        let (audit, found) = audited(&double);
        assert_eq!(audit.unjudged, 0);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(
            found[0].contains("accepts Kf1, which loses 3 points of material after Re1+"),
            "{found:?}"
        );
    }

    #[test]
    fn values_follow_the_course() {
        assert_eq!(value(Role::Queen), 9);
        assert_eq!(
            value(Role::Rook) + value(Role::Bishop) + value(Role::Pawn),
            9
        );
    }
}
