//! A `judge` step: a question about a position (check? mate? a draw?) whose answer the engine
//! settles, after the step's `history` when it has one.

use shakmaty::{EnPassantMode, Position, Square, fen::Fen};

use super::check::{FileCheck, StepCtx, line_of};
use crate::content::board::{read_fen, san_of};
use crate::content::judge::{Answer, Ask, DrawKind, play_line, settle, settle_in};
use crate::content::lesson::{JudgeTask, StepKind};
use crate::content::raw::RawStep;
use crate::rules::Game;

impl FileCheck {
    pub(super) fn judge_task(&mut self, raw: &RawStep, ctx: &StepCtx<'_>) -> Option<StepKind> {
        let texts = self.texts(raw, ctx);
        let ask_field = raw.ask.as_ref()?;
        let Some(ask) = Ask::from_code(&ask_field.value, raw.mv.as_ref().map(|m| m.value.as_str()))
        else {
            let message = if ask_field.value == "move_legal" {
                "ask: `move_legal` needs a `move`".to_owned()
            } else {
                format!(
                    "ask: unknown question `{}`; the questions are {}",
                    ask_field.value,
                    Ask::CODES.join(", ")
                )
            };
            self.at_step(ctx, line_of(ask_field), message);
            return None;
        };
        if let (Some(mv), false) = (&raw.mv, matches!(ask, Ask::MoveLegal { .. })) {
            self.at_step(ctx, line_of(mv), "`move` belongs only to `ask: move_legal`");
            return None;
        }
        let legal_board = ask != Ask::LegalPosition;
        if !legal_board && raw.history.is_some() {
            self.at_step(
                ctx,
                ctx.line,
                "`history` cannot go with `ask: legal_position`",
            );
            return None;
        }
        if let (Some(_), Some(last)) = (&raw.history, &raw.last_move) {
            self.at_step(
                ctx,
                line_of(last),
                "`last_move` cannot go with `history`: the history's last move is tinted",
            );
            return None;
        }
        let (mut scene, start) = self.scene(raw, ctx, legal_board)?;
        let answer_field = raw.answer.as_ref()?;
        let given = match parse_answer(&ask, &answer_field.value) {
            Ok(a) => a,
            Err(e) => {
                self.at_step(ctx, line_of(answer_field), e.to_string());
                return None;
            }
        };
        let mut history_text = Vec::new();
        let (position, truth) = if let Some(start) = start {
            let game = match &raw.history {
                Some(h) => match play_line(&start, &h.value) {
                    Ok((game, played)) => {
                        let mut pos = start.clone();
                        for mv in &played {
                            history_text.push(san_of(&pos, *mv));
                            pos.play_unchecked(*mv);
                        }
                        scene.last_move = played.last().and_then(|mv| {
                            let from = mv.from()?;
                            // Castling is drawn as the king's two squares.
                            let to = match mv.castling_side() {
                                Some(side) => Square::from_coords(side.king_to_file(), from.rank()),
                                None => mv.to(),
                            };
                            Some((from, to))
                        });
                        game
                    }
                    Err((i, text)) => {
                        self.at_step(
                            ctx,
                            line_of(h),
                            format!("history: move {} `{text}` is not legal there", i + 1),
                        );
                        return None;
                    }
                },
                None => Game::new(start),
            };
            if raw.history.is_some() {
                scene.fen = Fen::from_position(game.position(), EnPassantMode::Legal);
            }
            let truth = settle_in(&game, &ask);
            (Some(game.position().clone()), truth)
        } else {
            let board = raw.board.as_ref()?;
            let truth = settle(&board.value, &ask);
            (read_fen(&board.value).ok(), truth)
        };
        let truth = match truth {
            Ok(t) => t,
            Err(e) => {
                self.at_step(ctx, line_of(ask_field), e.to_string());
                return None;
            }
        };
        if truth != given {
            self.at_step(
                ctx,
                line_of(answer_field),
                format!(
                    "answer `{}` is wrong: the engine says `{}`",
                    answer_field.value,
                    answer_code(truth)
                ),
            );
            return None;
        }
        let (text, hint, why) = texts?;
        Some(StepKind::Judge(JudgeTask {
            scene,
            position,
            history: history_text,
            text,
            ask,
            answer: truth,
            hint,
            why,
        }))
    }
}

/// Reads a judge answer as written: `yes`/`no` (or `true`/`false`), or for `draw` a draw rule
/// or `none`.
fn parse_answer(ask: &Ask, text: &str) -> Result<Answer, AnswerError> {
    let text = text.trim();
    if *ask == Ask::Draw {
        if text == "none" {
            return Ok(Answer::Draw(None));
        }
        return DrawKind::from_code(text)
            .map(|k| Answer::Draw(Some(k)))
            .ok_or_else(|| AnswerError::NotADrawRule(text.to_owned()));
    }
    match text {
        "yes" | "true" => Ok(Answer::Yes(true)),
        "no" | "false" => Ok(Answer::Yes(false)),
        _ => Err(AnswerError::NotYesOrNo(text.to_owned())),
    }
}

/// A judge step's `answer` that is not one of the words it takes.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
enum AnswerError {
    #[error("answer: `{0}` is not a draw rule; use none, {rules}", rules = DrawKind::ALL.map(DrawKind::code).join(", "))]
    NotADrawRule(String),
    #[error("answer: `{0}` is neither `yes` nor `no`")]
    NotYesOrNo(String),
}

fn answer_code(answer: Answer) -> &'static str {
    match answer {
        Answer::Yes(true) => "yes",
        Answer::Yes(false) => "no",
        Answer::Draw(None) => "none",
        Answer::Draw(Some(k)) => k.code(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_are_read_strictly() {
        assert_eq!(parse_answer(&Ask::Check, "yes"), Ok(Answer::Yes(true)));
        assert_eq!(parse_answer(&Ask::Check, "false"), Ok(Answer::Yes(false)));
        assert!(parse_answer(&Ask::Check, "maybe").is_err());
        assert_eq!(parse_answer(&Ask::Draw, "none"), Ok(Answer::Draw(None)));
        assert_eq!(
            parse_answer(&Ask::Draw, "fifty_moves"),
            Ok(Answer::Draw(Some(DrawKind::FiftyMoves)))
        );
        assert!(parse_answer(&Ask::Draw, "yes").is_err());
    }
}
