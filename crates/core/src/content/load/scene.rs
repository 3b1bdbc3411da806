//! The board a step shows: its FEN, marks, arrows and the last move tinted on it.

use shakmaty::{Chess, Setup, Square};

use super::check::{FileCheck, StepCtx, line_of};
use crate::content::board::{parse_fen, read_fen};
use crate::content::lesson::Scene;
use crate::content::raw::RawStep;

impl FileCheck {
    /// The board a step shows, with its marks and arrows; `legal` asks for a playable
    /// position (everything but a `legal_position` question).
    pub(super) fn scene(
        &mut self,
        raw: &RawStep,
        ctx: &StepCtx<'_>,
        legal: bool,
    ) -> Option<(Scene, Option<Chess>)> {
        let board = raw.board.as_ref()?;
        let line = line_of(board);
        let mut ok = true;
        let (fen, position) = if legal {
            match read_fen(&board.value) {
                Ok(pos) => (parse_fen(&board.value).ok(), Some(pos)),
                Err(e) => {
                    self.at_step(ctx, line, format!("board: {e}"));
                    (None, None)
                }
            }
        } else {
            match parse_fen(&board.value) {
                Ok(fen) => (Some(fen), None),
                Err(e) => {
                    self.at_step(ctx, line, format!("board: {e}"));
                    (None, None)
                }
            }
        };
        let mut marks = Vec::new();
        if let Some(list) = &raw.marks {
            for s in &list.value {
                match s.trim().parse::<Square>() {
                    Ok(sq) => marks.push(sq),
                    Err(_) => {
                        self.at_step(ctx, line_of(list), format!("marks: `{s}` is not a square"));
                        ok = false;
                    }
                }
            }
        }
        let mut arrows = Vec::new();
        if let Some(list) = &raw.arrows {
            for s in &list.value {
                let s = s.trim();
                let parsed = (s.len() == 4 && s.is_ascii())
                    .then(|| {
                        Some((
                            s[..2].parse::<Square>().ok()?,
                            s[2..].parse::<Square>().ok()?,
                        ))
                    })
                    .flatten();
                match parsed {
                    Some(pair) => arrows.push(pair),
                    None => {
                        self.at_step(
                            ctx,
                            line_of(list),
                            format!("arrows: `{s}` is not an arrow such as `e2e4`"),
                        );
                        ok = false;
                    }
                }
            }
        }
        let fen = fen?;
        let last_move = match &raw.last_move {
            Some(field) => match written_last_move(fen.as_setup(), &field.value) {
                Ok(pair) => Some(pair),
                Err(message) => {
                    self.at_step(ctx, line_of(field), format!("last_move: {message}"));
                    ok = false;
                    None
                }
            },
            None => double_step_before(fen.as_setup()),
        };
        ok.then_some((
            Scene {
                fen,
                marks,
                arrows,
                last_move,
            },
            position,
        ))
    }
}

/// A step's `last_move` as written (`d7d5`): two squares, the first empty and the second
/// holding a piece of the side that just moved.
fn written_last_move(setup: &Setup, text: &str) -> Result<(Square, Square), LastMoveError> {
    let text = text.trim();
    let pair = (text.len() == 4 && text.is_ascii())
        .then(|| {
            Some((
                text[..2].parse::<Square>().ok()?,
                text[2..].parse::<Square>().ok()?,
            ))
        })
        .flatten()
        .ok_or_else(|| LastMoveError::NotTwoSquares(text.to_owned()))?;
    let (from, to) = pair;
    if setup.board.piece_at(from).is_some() {
        return Err(LastMoveError::FromNotEmpty(from));
    }
    match setup.board.piece_at(to) {
        Some(piece) if piece.color != setup.turn => Ok(pair),
        Some(_) => Err(LastMoveError::MoverToMove(to)),
        None => Err(LastMoveError::ToEmpty(to)),
    }
}

/// Why a step's `last_move` does not fit its board.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
enum LastMoveError {
    #[error("`{0}` is not two squares such as `d7d5`")]
    NotTwoSquares(String),
    #[error("{0} is not empty, so no piece has just left it")]
    FromNotEmpty(Square),
    #[error("the piece on {0} belongs to the side to move, which did not make the last move")]
    MoverToMove(Square),
    #[error("{0} is empty, so no piece has just arrived there")]
    ToEmpty(Square),
}

/// The double pawn step a FEN's en passant square records (`d6` with White to move: d7–d5).
fn double_step_before(setup: &Setup) -> Option<(Square, Square)> {
    let ep = setup.ep_square?;
    let mover = !setup.turn;
    let from = ep.offset(mover.fold_wb(-8, 8))?;
    let to = ep.offset(mover.fold_wb(8, -8))?;
    let pawn_there = setup.board.piece_at(to) == Some(mover.pawn());
    (pawn_there && setup.board.piece_at(from).is_none()).then_some((from, to))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::lesson::StepKind;
    use crate::content::load::fixtures::HEAD;
    use crate::content::load_lessons_from;

    /// The scene of a one-step explain lesson on `board`, with `extra` lines in the step.
    fn explain_scene(board: &str, extra: &str) -> (Option<Scene>, Vec<String>) {
        let yaml = format!(
            "{HEAD}  - id: e\n    kind: explain\n    board: {board}\n{extra}    text: {{zh: 看棋盘, en: Look}}\n{}",
            (1..=4)
                .map(|i| format!(
                    "  - id: q{i}\n    kind: judge\n    board: 4k3/8/8/8/8/8/8/4K2R w K - 0 1\n    text: {{zh: 第{i}题：将军吗, en: Check {i}?}}\n    ask: check\n    answer: no\n    hint: {{zh: 看王, en: Look at the king}}\n    why: {{zh: 没有攻击, en: Nothing attacks it}}\n"
                ))
                .collect::<String>()
        );
        let (lessons, problems) = load_lessons_from(&[("lessons/01-test.yaml", yaml)]);
        let problems = problems
            .into_iter()
            .map(|p| p.to_string())
            .filter(|p| !p.contains("tasks"))
            .collect();
        let scene = lessons.first().and_then(|l| match &l.steps[0].kind {
            StepKind::Explain { scene, .. } => scene.clone(),
            _ => None,
        });
        (scene, problems)
    }

    #[test]
    fn an_en_passant_square_tints_the_double_step_that_made_it() {
        // Lesson 10's board: Black has just played d7-d5 next to the white pawn on e5.
        let (scene, problems) = explain_scene("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "");
        assert_eq!(problems, Vec::<String>::new());
        assert_eq!(scene.unwrap().last_move, Some((Square::D7, Square::D5)));
        let (scene, _) = explain_scene("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1", "");
        assert_eq!(scene.unwrap().last_move, Some((Square::E2, Square::E4)));
        let (scene, _) = explain_scene("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 2", "");
        assert_eq!(
            scene.unwrap().last_move,
            None,
            "no en passant square, no last move"
        );
    }

    #[test]
    fn a_written_last_move_is_tinted_when_the_board_agrees() {
        let board = "4k3/8/8/8/8/5n2/8/4K3 w - - 0 1";
        let (scene, problems) = explain_scene(board, "    last_move: g1f3\n");
        assert_eq!(problems, Vec::<String>::new());
        assert_eq!(scene.unwrap().last_move, Some((Square::G1, Square::F3)));
        for (written, says) in [
            ("e1f3", "e1 is not empty"),
            ("g1f2", "f2 is empty"),
            ("f3g1", "f3 is not empty"),
            ("g1e1", "belongs to the side to move"),
            ("Nf3", "not two squares"),
        ] {
            let (_, problems) = explain_scene(board, &format!("    last_move: {written}\n"));
            assert!(
                problems.len() == 1 && problems[0].contains(says),
                "{written}: {problems:?}"
            );
        }
    }
}
