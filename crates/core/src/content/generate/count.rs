//! "How many legal moves does the knight on g1 have?" (multiple choice): the right count and
//! three near misses.

use shakmaty::{Move, Position, Role, Square};

use super::draft::{Draft, unit_of};
use super::generator::Generator;
use super::wording::{Line, Moves, Side};
use crate::content::quiz::{Answer, Choice, Claim};
use crate::content::text::Text;

impl Generator {
    pub(super) fn move_count(&mut self) -> Draft {
        let mut pos = self.random_game(2, 40);
        let mut square = None;
        for _ in 0..30 {
            let legal = pos.legal_moves();
            // Mostly pieces that can move; now and then one that cannot (answer 0).
            let movable = self.rng.chance(4, 5);
            let ours: Vec<Square> = pos
                .us()
                .into_iter()
                .filter(|sq| legal.iter().any(|m| m.from() == Some(*sq)) == movable)
                .collect();
            if let Some(sq) = self.rng.pick(&ours) {
                square = Some(*sq);
                break;
            }
            pos = self.random_game(2, 40);
        }
        let sq = square.unwrap_or(Square::E1);
        let role = pos.board().role_at(sq).unwrap_or(Role::King);
        let moves: Vec<Move> = pos
            .legal_moves()
            .iter()
            .copied()
            .filter(|m| m.from() == Some(sq))
            .collect();
        let n = u32::try_from(moves.len()).unwrap_or(0);
        // The right count and three near misses, in random order.
        let mut counts = vec![n];
        for delta in [1i64, -1, 2, 3, -2, 4] {
            if counts.len() == 4 {
                break;
            }
            if let Ok(c) = u32::try_from(i64::from(n) + delta) {
                counts.push(c);
            }
        }
        for i in (1..counts.len()).rev() {
            let j = self.rng.below(i + 1);
            counts.swap(i, j);
        }
        let correct = counts.iter().position(|c| *c == n).unwrap_or(0);
        let choices = counts
            .iter()
            .map(|c| Choice {
                text: Text::new(c.to_string(), c.to_string()),
                claim: Some(Claim::LegalMoveCount {
                    square: Some(sq),
                    count: *c,
                }),
            })
            .collect();
        // The squares it may go to (a castling king's landing square), not the moves in
        // notation: a unit-1 learner may be asked (review 2026-12-06 M3).
        let mut list: Vec<String> = moves
            .iter()
            .map(|m| match m.castling_side() {
                Some(side) => Square::from_coords(side.king_to_file(), m.to().rank()).to_string(),
                None => m.to().to_string(),
            })
            .collect();
        list.dedup();
        let side = Side(pos.turn());
        let why = if moves.is_empty() {
            Line::CountNone { square: sq, role }
        } else {
            Line::CountWhy {
                square: sq,
                role,
                count: n,
                moves: Moves(list),
            }
        };
        Draft {
            tag: "count",
            unit: unit_of(role, false, false),
            pos,
            question: Line::CountQuestion {
                side,
                square: sq,
                role,
            }
            .text(),
            answer: Answer::MultipleChoice { choices, correct },
            explanation: why.text(),
        }
    }
}
