//! A `move` step: the expected moves reach the goal, the wrong tries do not, and an illegal try
//! declares the referee's reason.

use shakmaty::Position;

use super::check::{FileCheck, StepCtx, line_of};
use crate::content::board::{MoveRead, read_move};
use crate::content::lesson::{MoveTask, StepKind, WrongTry};
use crate::content::raw::RawStep;

impl FileCheck {
    pub(super) fn move_task(&mut self, raw: &RawStep, ctx: &StepCtx<'_>) -> Option<StepKind> {
        let texts = self.texts(raw, ctx);
        let (scene, position) = self.scene(raw, ctx, true)?;
        let position = position?;
        let goal_field = raw.goal.as_ref()?;
        let goal = &goal_field.value;
        if position.legal_moves().is_empty() {
            self.at_step(
                ctx,
                line_of(raw.board.as_ref()?),
                "board: the side to move has no legal move",
            );
            return None;
        }
        let mut ok = true;
        let expected_field = raw.expected.as_ref()?;
        if expected_field.value.is_empty() {
            self.at_step(
                ctx,
                line_of(expected_field),
                "expected: give at least one move",
            );
            ok = false;
        }
        let mut expected = Vec::new();
        for item in &expected_field.value {
            let line = line_of(item);
            match read_move(&position, &item.value) {
                MoveRead::Legal(mv) => {
                    let after = crate::rules::after(&position, mv);
                    if goal.is_met(&position, mv, &after) {
                        expected.push(mv);
                    } else {
                        self.at_step(
                            ctx,
                            line,
                            format!("expected move `{}` does not reach the goal", item.value),
                        );
                        ok = false;
                    }
                }
                MoveRead::Illegal(reason) => {
                    self.at_step(
                        ctx,
                        line,
                        format!(
                            "expected move `{}` is illegal here ({})",
                            item.value,
                            reason.code()
                        ),
                    );
                    ok = false;
                }
                MoveRead::Unreadable(why) => {
                    self.at_step(
                        ctx,
                        line,
                        format!("expected move `{}` is not a move here: {why}", item.value),
                    );
                    ok = false;
                }
            }
        }
        let wrong_field = raw.wrong.as_ref()?;
        if wrong_field.value.is_empty() {
            self.at_step(
                ctx,
                line_of(wrong_field),
                "wrong: give at least one plausible wrong move",
            );
            ok = false;
        }
        let mut wrong = Vec::new();
        for item in &wrong_field.value {
            let line = line_of(item);
            match read_move(&position, &item.value) {
                MoveRead::Legal(mv) => {
                    let after = crate::rules::after(&position, mv);
                    if goal.is_met(&position, mv, &after) {
                        self.at_step(
                            ctx,
                            line,
                            format!("wrong move `{}` actually reaches the goal", item.value),
                        );
                        ok = false;
                    } else {
                        wrong.push(WrongTry {
                            input: item.value.clone(),
                            mv: Some(mv),
                            reason: None,
                        });
                    }
                }
                MoveRead::Illegal(reason) => {
                    let declared = raw
                        .wrong_reasons
                        .as_ref()
                        .and_then(|m| m.value.get(item.value.trim()));
                    match declared {
                        // An illegal try must say which rule the author expects the referee
                        // to name, so that the step's `why` cannot contradict the engine.
                        None => {
                            self.at_step(
                                ctx,
                                line,
                                format!(
                                    "wrong move `{}` is illegal ({}): declare the reason the `why` relies on, `wrong_reasons: {{{}: {}}}`",
                                    item.value,
                                    reason.code(),
                                    item.value.trim(),
                                    reason.code()
                                ),
                            );
                            ok = false;
                        }
                        Some(code) if code != reason.code() => {
                            self.at_step(
                                ctx,
                                line_of(raw.wrong_reasons.as_ref().expect("declared")),
                                format!(
                                    "wrong move `{}`: wrong_reasons says `{code}`, but the referee's reason is `{}`",
                                    item.value,
                                    reason.code()
                                ),
                            );
                            ok = false;
                        }
                        Some(_) => {}
                    }
                    wrong.push(WrongTry {
                        input: item.value.clone(),
                        mv: None,
                        reason: Some(reason),
                    });
                }
                MoveRead::Unreadable(why) => {
                    self.at_step(
                        ctx,
                        line,
                        format!("wrong move `{}` is not a move here: {why}", item.value),
                    );
                    ok = false;
                }
            }
        }
        if let Some(reasons) = &raw.wrong_reasons {
            for key in reasons.value.keys() {
                if !wrong_field.value.iter().any(|w| w.value.trim() == key) {
                    self.at_step(
                        ctx,
                        line_of(reasons),
                        format!("wrong_reasons: `{key}` is not one of the `wrong` moves"),
                    );
                    ok = false;
                } else if wrong
                    .iter()
                    .any(|w| w.input.trim() == key && w.mv.is_some())
                {
                    self.at_step(
                        ctx,
                        line_of(reasons),
                        format!("wrong_reasons: `{key}` is a legal move; only illegal tries have a reason"),
                    );
                    ok = false;
                }
            }
        }
        let mut touched = Vec::new();
        if let Some(list) = &raw.touched {
            for s in &list.value {
                match s.trim().parse::<shakmaty::Square>() {
                    Ok(sq) if position.board().piece_at(sq).is_some() => touched.push(sq),
                    Ok(_) => {
                        self.at_step(ctx, line_of(list), format!("touched: no piece on `{s}`"));
                        ok = false;
                    }
                    Err(_) => {
                        self.at_step(
                            ctx,
                            line_of(list),
                            format!("touched: `{s}` is not a square"),
                        );
                        ok = false;
                    }
                }
            }
        }
        // Under touch-move the answer moves the first touched piece of the learner's that can
        // move: an expected move of another piece would be refused by the rule it teaches.
        let legal = position.legal_moves();
        let must_move = touched.iter().copied().find(|sq| {
            position.board().color_at(*sq) == Some(position.turn())
                && legal.iter().any(|m| m.from() == Some(*sq))
        });
        if let Some(from) = must_move
            && expected.len() == expected_field.value.len()
        {
            for (mv, item) in expected.iter().zip(&expected_field.value) {
                if mv.from() != Some(from) {
                    self.at_step(
                        ctx,
                        line_of(item),
                        format!(
                            "expected move `{}` breaks touch-move: the piece on {from} was touched",
                            item.value
                        ),
                    );
                    ok = false;
                }
            }
        }
        let (text, hint, why) = texts?;
        ok.then(|| {
            StepKind::Move(MoveTask {
                scene,
                position,
                text,
                goal: goal.clone(),
                expected,
                wrong,
                allow: raw
                    .allow
                    .as_ref()
                    .map(|a| a.value.clone())
                    .unwrap_or_default(),
                hint,
                why,
                touched,
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::content::load::fixtures::{HEAD, problems};

    /// A rook drill whose wrong tries are `wrong` with `reasons` (YAML flow map or empty).
    fn rook_drill(wrong: &str, reasons: &str) -> Vec<String> {
        let yaml = format!(
            "{HEAD}  - id: r\n    kind: move\n    board: 7k/8/8/8/R7/8/8/7K w - - 0 1\n    text: {{zh: 走车, en: Move}}\n    goal: {{piece_on: {{square: e4, piece: R}}}}\n    expected: [Re4]\n    wrong: [{wrong}]\n{reasons}    hint: {{zh: 横走, en: Along}}\n    why: {{zh: 车走直线, en: Straight}}\n"
        );
        problems(&yaml)
            .into_iter()
            .filter(|p| !p.contains("tasks"))
            .collect()
    }

    #[test]
    fn an_illegal_wrong_try_without_a_declared_reason_is_a_problem() {
        // Rb5 is a diagonal step for a rook: illegal, and the step does not say why.
        let undeclared = rook_drill("Rb5", "");
        assert_eq!(undeclared.len(), 1, "{undeclared:?}");
        assert!(
            undeclared[0].starts_with("lessons/01-test.yaml:")
                && undeclared[0].contains("wrong move `Rb5` is illegal (wrong_movement)")
                && undeclared[0].contains("wrong_reasons: {Rb5: wrong_movement}"),
            "{undeclared:?}"
        );
        // The line is the wrong try's own line (the `wrong:` list, line 11 of the file).
        let line: usize = undeclared[0].split(':').nth(1).unwrap().parse().unwrap();
        assert_eq!(line, 11, "{undeclared:?}");
        // Declared, the same step loads; a legal try still needs no reason.
        assert!(rook_drill("Rb5", "    wrong_reasons: {Rb5: wrong_movement}\n").is_empty());
        assert!(rook_drill("Ra5", "").is_empty());
    }

    #[test]
    fn an_illegal_wrong_try_declares_the_referees_reason() {
        // Rb5 is a diagonal step: illegal for a rook, and not because of a pin.
        let contradicted = rook_drill("Rb5", "    wrong_reasons: {Rb5: pinned}\n");
        assert_eq!(contradicted.len(), 1, "{contradicted:?}");
        assert!(
            contradicted[0].contains("the referee's reason is"),
            "{contradicted:?}"
        );
        let code = contradicted[0].rsplit('`').nth(1).unwrap().to_owned();
        assert!(rook_drill("Rb5", &format!("    wrong_reasons: {{Rb5: {code}}}\n")).is_empty());
        // A legal wrong try has no reason to declare.
        let legal = rook_drill("Ra5", "    wrong_reasons: {Ra5: pinned}\n");
        assert!(
            legal.iter().any(|p| p.contains("is a legal move")),
            "{legal:?}"
        );
    }
}
