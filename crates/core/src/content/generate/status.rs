//! What the side to move faces: "Checkmate, stalemate or neither?" (multiple choice) and "The
//! side to move is in check." (true/false).

use shakmaty::{Color, Move, Piece, Position, Role};

use super::draft::Draft;
use super::generator::Generator;
use super::wording::{Line, Pieces, Side};
use crate::content::quiz::{Answer, Choice, Claim};
use crate::rules::PositionReport;

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
                    let after = crate::rules::after(&pos, *m);
                    match want {
                        0 => after.is_checkmate(),
                        1 => after.is_stalemate(),
                        _ => !after.legal_moves().is_empty() && !after.is_insufficient_material(),
                    }
                })
                .collect();
            if let Some(m) = self.rng.pick(&fitting) {
                found = Some(crate::rules::after(&pos, *m));
                break;
            }
        }
        let pos = found.unwrap_or_else(|| self.random_game(2, 40));
        let report = PositionReport::of(&pos);
        let side = Side(pos.turn());
        let correct = if report.checkmate {
            0
        } else if report.stalemate {
            1
        } else {
            2
        };
        // In words, not notation (review 2026-12-06 M3).
        let example = pos.legal_moves().first().map(|m| {
            let to = match m.castling_side() {
                Some(side) => shakmaty::Square::from_coords(side.king_to_file(), m.to().rank()),
                None => m.to(),
            };
            Line::MoveWords {
                role: m.role(),
                from: m.from().unwrap_or(to),
                to,
            }
            .text()
        });
        let checkers = Pieces::on(pos.board(), &report.checkers);
        let why = match correct {
            0 => Line::CheckmateWhy { side, checkers },
            1 => Line::StalemateWhy { side },
            _ => {
                let example = example.unwrap_or_else(|| crate::content::Text::new("", ""));
                if report.in_check {
                    Line::NeitherInCheckWhy {
                        side,
                        checkers,
                        example,
                    }
                } else {
                    Line::NeitherWhy { side, example }
                }
            }
        };
        let choices = vec![
            Choice {
                text: Line::StatusCheckmate.text(),
                claim: Some(Claim::Checkmate),
            },
            Choice {
                text: Line::StatusStalemate.text(),
                claim: Some(Claim::Stalemate),
            },
            Choice {
                text: Line::StatusNeither.text(),
                claim: Some(Claim::HasLegalMoves),
            },
        ];
        Draft {
            tag: "status",
            unit: if correct == 1 { 15 } else { 13 },
            pos,
            question: Line::StatusQuestion { side }.text(),
            answer: Answer::MultipleChoice { choices, correct },
            explanation: why.text(),
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
                        let after = crate::rules::after(&pos, *m);
                        after.is_check() && !after.legal_moves().is_empty()
                    })
                    .collect();
                if let Some(m) = self.rng.pick(&checks) {
                    pos = crate::rules::after(&pos, *m);
                    break;
                }
                pos = self.random_game(2, 50);
            }
        }
        let report = PositionReport::of(&pos);
        let side = Side(pos.turn());
        let why = if report.in_check {
            let checkers = Pieces::on(pos.board(), &report.checkers);
            if report.checkers.len() > 1 {
                Line::DoubleCheckWhy { side, checkers }
            } else {
                Line::CheckWhy { side, checkers }
            }
        } else {
            Line::NoCheckWhy { side }
        };
        Draft::true_false(
            "check",
            12,
            pos,
            Claim::InCheck,
            Line::CheckStatement { side }.text(),
            why.text(),
        )
    }
}
