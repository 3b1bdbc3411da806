//! A `mate` step: the mate search proves the stated length.

use shakmaty::Position;

use super::check::{FileCheck, StepCtx, line_of};
use crate::content::lesson::{MateTask, StepKind};
use crate::content::raw::RawStep;

/// The longest mate a `mate` step may ask for: the basic mates a beginner plays out.
pub const MAX_MATE_STEP: u32 = 5;

impl FileCheck {
    /// A mate against the best defence: the board is legal and the mate search proves that
    /// the side to move forces mate in exactly `moves` moves (not fewer: the count the learner
    /// is told must be the real one).
    pub(super) fn mate_task(&mut self, raw: &RawStep, ctx: &StepCtx<'_>) -> Option<StepKind> {
        let texts = self.texts(raw, ctx);
        let (scene, position) = self.scene(raw, ctx, true)?;
        let position = position?;
        let moves_field = raw.moves.as_ref()?;
        let moves = moves_field.value;
        let line = line_of(moves_field);
        if position.is_game_over() {
            self.at_step(
                ctx,
                line_of(raw.board.as_ref()?),
                "board: the game is already over (mate or stalemate), there is nothing to play",
            );
            return None;
        }
        if !(1..=MAX_MATE_STEP).contains(&moves) {
            self.at_step(
                ctx,
                line,
                format!("moves: {moves} is not a mate length 1–{MAX_MATE_STEP}"),
            );
            return None;
        }
        let mut prover = crate::search::Prover::new(crate::search::Budget::CHECK);
        match prover.shortest_mate(&position, moves) {
            Err(out) => {
                self.at_step(
                    ctx,
                    line,
                    format!(
                        "moves: a mate in {moves} is {out}; a learner's moves could not be judged either: shorten the mate or simplify the board"
                    ),
                );
                return None;
            }
            Ok(None) => {
                self.at_step(
                    ctx,
                    line,
                    format!(
                        "moves: the side to move cannot force mate within {moves} moves (the mate search finds none)"
                    ),
                );
                return None;
            }
            Ok(Some(k)) if k < moves => {
                self.at_step(
                    ctx,
                    line,
                    format!(
                        "moves: the side to move mates in {k}, faster than the {moves} stated; write `moves: {k}`"
                    ),
                );
                return None;
            }
            Ok(Some(_)) => {}
        }
        let (text, hint, why) = texts?;
        Some(StepKind::Mate(MateTask {
            scene,
            position,
            text,
            moves,
            hint,
            why,
        }))
    }
}

#[cfg(test)]
mod tests {
    use crate::content::lesson::StepKind;
    use crate::content::load::fixtures::{HEAD, problems};
    use crate::content::load_lessons_from;

    fn mate_step(board: &str, moves: u32) -> Vec<String> {
        problems(&format!(
            "{HEAD}  - id: m\n    kind: mate\n    board: {board}\n    text: {{zh: 将死黑王, en: Mate}}\n    moves: {moves}\n    hint: {{zh: 用后, en: Queen}}\n    why: {{zh: 赶到边上, en: Edge}}\n"
        ))
    }

    #[test]
    fn a_mate_step_is_proven_by_the_mate_search() {
        // Black king a8, white king c6 (the box is closed): 1. Kc7 Ka7 2. Ra1# — mate in 2.
        let good = mate_step("k7/8/2K5/8/8/8/8/1R6 w - - 0 1", 2);
        assert!(
            good.iter().all(|p| p.contains("tasks")),
            "only the lesson's task count is wrong: {good:?}"
        );
        let fillers: String = (0..3)
            .map(|i| format!(
                "  - id: q{i}\n    kind: judge\n    board: 4k3/8/8/8/8/8/8/4K2R w K - 0 1\n    text: {{zh: 第{i}题：将军吗, en: Check {i}?}}\n    ask: check\n    answer: no\n    hint: {{zh: 看王, en: Look at the king}}\n    why: {{zh: 没有攻击, en: Nothing attacks it}}\n"
            ))
            .collect();
        let loaded = load_lessons_from(&[(
            "lessons/01-test.yaml",
            format!(
                "{HEAD}  - id: m\n    kind: mate\n    board: k7/8/2K5/8/8/8/8/1R6 w - - 0 1\n    text: {{zh: 将死黑王, en: Mate}}\n    moves: 2\n    hint: {{zh: 用车, en: Rook}}\n    why: {{zh: 等一步, en: Wait}}\n{fillers}"
            ),
        )]);
        assert!(loaded.1.is_empty(), "{:?}", loaded.1);
        let step = &loaded.0.first().expect("the lesson loads").steps[0];
        let StepKind::Mate(task) = &step.kind else {
            panic!("{:?}", step.kind)
        };
        assert_eq!(task.moves, 2);
        // Not a mate in 1: the search finds no mate that fast.
        let slow = mate_step("k7/8/2K5/8/8/8/8/1R6 w - - 0 1", 1);
        assert!(
            slow.contains(&"lessons/01-test.yaml:9: step `m`: moves: the side to move cannot force mate within 1 moves (the mate search finds none)".to_owned()),
            "{slow:?}"
        );
    }

    #[test]
    fn a_mate_step_faster_than_stated_is_reported() {
        // Ra1... no: Rb1-b8 is not mate, but the king and rook mate in 2; stated 4.
        let p = mate_step("k7/8/2K5/8/8/8/8/1R6 w - - 0 1", 4);
        assert!(
            p.contains(&"lessons/01-test.yaml:9: step `m`: moves: the side to move mates in 2, faster than the 4 stated; write `moves: 2`".to_owned()),
            "{p:?}"
        );
    }

    #[test]
    fn a_mate_step_on_an_impossible_board_or_a_finished_game_is_reported() {
        // The side not to move is in check.
        let p = mate_step("k7/R7/8/8/8/8/8/K7 w - - 0 1", 1);
        assert!(
            p.iter()
                .any(|m| m.starts_with("lessons/01-test.yaml:7: step `m`: board:")),
            "{p:?}"
        );
        // Already stalemate: nothing to play.
        let p = mate_step("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1", 1);
        assert!(
            p.contains(&"lessons/01-test.yaml:7: step `m`: board: the game is already over (mate or stalemate), there is nothing to play".to_owned()),
            "{p:?}"
        );
        // A mate step needs its number of moves.
        let p = problems(&format!(
            "{HEAD}  - id: m\n    kind: mate\n    board: k7/8/2K5/8/8/8/8/1R6 w - - 0 1\n    text: {{zh: 将死, en: Mate}}\n    hint: {{zh: 用车, en: Rook}}\n    why: {{zh: 等一步, en: Wait}}\n"
        ));
        assert!(
            p.contains(&"lessons/01-test.yaml:5: step `m`: a mate step needs `moves`".to_owned()),
            "{p:?}"
        );
    }
}
