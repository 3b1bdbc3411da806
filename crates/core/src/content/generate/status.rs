//! What the side to move faces: "Checkmate, stalemate or neither?" (multiple choice) and "The
//! side to move is in check." (true/false).

use shakmaty::{Color, Move, Piece, Position, Role, san::San};

use super::draft::Draft;
use super::generator::Generator;
use super::wording::{en_side, squares_with, zh_side};
use crate::content::quiz::{Answer, Choice, Claim, Text};
use crate::rules::{Lang, PositionReport};

impl Generator {
    pub(super) fn mate_or_stalemate(&mut self) -> Draft {
        // 0 = checkmate, 1 = stalemate, 2 = neither.
        let want = self.rng.below(3);
        let mut found = None;
        for _ in 0..300 {
            let attacker = if self.rng.chance(1, 2) {
                Color::White
            } else {
                Color::Black
            };
            let sets: [&[Role]; 4] = [
                &[Role::Queen],
                &[Role::Rook],
                &[Role::Rook, Role::Rook],
                &[Role::Queen, Role::Bishop],
            ];
            let set = *self.rng.pick(&sets).expect("non-empty");
            let pieces: Vec<Piece> = set.iter().map(|r| r.of(attacker)).collect();
            let Some(pos) = self.random_setup(&pieces, attacker) else {
                continue;
            };
            let moves = pos.legal_moves();
            let fitting: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| {
                    let after = pos.clone().play(*m).expect("legal");
                    match want {
                        0 => after.is_checkmate(),
                        1 => after.is_stalemate(),
                        _ => !after.legal_moves().is_empty() && !after.is_insufficient_material(),
                    }
                })
                .collect();
            if let Some(m) = self.rng.pick(&fitting) {
                found = Some(pos.clone().play(*m).expect("legal"));
                break;
            }
        }
        let pos = found.unwrap_or_else(|| self.random_game(2, 40));
        let report = PositionReport::of(&pos);
        let side = pos.turn();
        let correct = if report.checkmate {
            0
        } else if report.stalemate {
            1
        } else {
            2
        };
        let checkers_en = squares_with(pos.board(), &report.checkers, Lang::En);
        let checkers_zh = squares_with(pos.board(), &report.checkers, Lang::Zh);
        let example = pos
            .legal_moves()
            .first()
            .map(|m| San::from_move(&pos, *m).to_string());
        let (zh_why, en_why) = match correct {
            0 => (
                format!(
                    "将死。{}正被{checkers_zh}将军，而且没有任何合法的应将方法：不能吃掉将军的棋子，不能垫子，王也无处可逃。对局到此结束。",
                    zh_side(side)
                ),
                format!(
                    "Checkmate. {} is in check from {checkers_en} and has no legal answer: the checking piece cannot be taken, the line cannot be blocked and the king has no safe square. The game is over.",
                    en_side(side)
                ),
            ),
            1 => (
                format!(
                    "逼和。{}没有被将军，却一步合法的棋也走不了，这是和棋，不是胜利。",
                    zh_side(side)
                ),
                format!(
                    "Stalemate. {} is not in check but has no legal move at all. That is a draw, not a win.",
                    en_side(side)
                ),
            ),
            _ => {
                let ex = example.unwrap_or_default();
                if report.in_check {
                    (
                        format!(
                            "都不是。{}被{checkers_zh}将军，但还有合法的应将着法，例如{ex}，所以不是将死。",
                            zh_side(side)
                        ),
                        format!(
                            "Neither. {} is in check from {checkers_en}, but has a legal answer, for example {ex}, so it is not checkmate.",
                            en_side(side)
                        ),
                    )
                } else {
                    (
                        format!(
                            "都不是。{}没有被将军，而且还有合法的着法，例如{ex}，对局继续。",
                            zh_side(side)
                        ),
                        format!(
                            "Neither. {} is not in check and still has legal moves, for example {ex}. The game goes on.",
                            en_side(side)
                        ),
                    )
                }
            }
        };
        let choices = vec![
            Choice {
                text: Text::new("将死", "Checkmate"),
                claim: Some(Claim::Checkmate),
            },
            Choice {
                text: Text::new("逼和", "Stalemate"),
                claim: Some(Claim::Stalemate),
            },
            Choice {
                text: Text::new("都不是", "Neither"),
                claim: Some(Claim::HasLegalMoves),
            },
        ];
        Draft {
            tag: "status",
            unit: if correct == 1 { 15 } else { 13 },
            pos,
            question: Text::new(
                format!("{}走。这个局面是将死、逼和，还是都不是？", zh_side(side)),
                format!(
                    "{} to move. Is this checkmate, stalemate, or neither?",
                    en_side(side)
                ),
            ),
            answer: Answer::MultipleChoice { choices, correct },
            explanation: Text::new(zh_why, en_why),
        }
    }

    pub(super) fn in_check(&mut self) -> Draft {
        let want = self.rng.chance(1, 2);
        let mut pos = self.random_game(2, 50);
        if want {
            // Finish with a checking move when the side to move has one.
            for _ in 0..30 {
                let checks: Vec<Move> = pos
                    .legal_moves()
                    .iter()
                    .copied()
                    .filter(|m| {
                        let after = pos.clone().play(*m).expect("legal");
                        after.is_check() && !after.legal_moves().is_empty()
                    })
                    .collect();
                if let Some(m) = self.rng.pick(&checks) {
                    pos = pos.clone().play(*m).expect("legal");
                    break;
                }
                pos = self.random_game(2, 50);
            }
        }
        let report = PositionReport::of(&pos);
        let side = pos.turn();
        let (zh_why, en_why) = if report.in_check {
            let en_by = squares_with(pos.board(), &report.checkers, Lang::En);
            let zh_by = squares_with(pos.board(), &report.checkers, Lang::Zh);
            let double = report.checkers.len() > 1;
            (
                format!(
                    "{zh_by}正在攻击{}的王{}，{}必须马上应将。",
                    zh_side(side),
                    if double {
                        "（双将：只能走王）"
                    } else {
                        ""
                    },
                    zh_side(side)
                ),
                format!(
                    "{en_by} attack{} the {} king{}, so {} must answer the check at once.",
                    if double { "" } else { "s" },
                    en_side(side).to_lowercase(),
                    if double {
                        " (a double check: only a king move helps)"
                    } else {
                        ""
                    },
                    en_side(side)
                ),
            )
        } else {
            (
                format!("没有任何对方棋子攻击{}的王。", zh_side(side)),
                format!(
                    "No enemy piece attacks the {} king.",
                    en_side(side).to_lowercase()
                ),
            )
        };
        Draft::true_false(
            "check",
            12,
            pos,
            Claim::InCheck,
            Text::new(
                format!("{}走。{}的王正被将军。", zh_side(side), zh_side(side)),
                format!(
                    "{} to move. The {} king is in check.",
                    en_side(side),
                    en_side(side).to_lowercase()
                ),
            ),
            Text::new(zh_why, en_why),
        )
    }
}
