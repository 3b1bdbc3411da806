//! An item before it gets its id: a position, a question and its answer, worded in both written
//! languages; and the curriculum unit a question belongs to.

use shakmaty::{Chess, EnPassantMode, Role, fen::Fen};

use crate::content::quiz::{Answer, Claim, Origin, QuizBoard, QuizItem, Situation};
use crate::content::text::Text;

/// An item before it gets its id.
pub(super) struct Draft {
    pub(super) tag: &'static str,
    pub(super) unit: u8,
    pub(super) pos: Chess,
    pub(super) question: Text,
    pub(super) answer: Answer,
    pub(super) explanation: Text,
}

impl Draft {
    pub(super) fn true_false(
        tag: &'static str,
        unit: u8,
        pos: Chess,
        claim: Claim,
        question: Text,
        explanation: Text,
    ) -> Self {
        let situation = Situation::new(pos.clone());
        // The answer is the engine's judgement of the claim.
        let correct = claim.judge(&situation).is_ok_and(|f| f.holds);
        Self {
            tag,
            unit,
            pos,
            question,
            answer: Answer::TrueFalse {
                correct,
                claim: Some(claim),
            },
            explanation,
        }
    }

    pub(super) fn finish(self, seed: u64, index: u64) -> QuizItem {
        let fen = Fen::from_position(&self.pos, EnPassantMode::Legal).to_string();
        QuizItem {
            id: format!("gen-{seed:x}-{index}-{}", self.tag),
            unit: self.unit,
            question: self.question,
            answer: self.answer,
            board: Some(QuizBoard {
                fen,
                moves: Vec::new(),
                situation: Situation::new(self.pos),
            }),
            explanation: self.explanation,
            origin: Origin::Generated { seed, index },
        }
    }
}

/// The curriculum unit that teaches how `role` moves (CURRICULUM.md).
pub(super) fn unit_of(role: Role, castling: bool, promotion: bool) -> u8 {
    if castling {
        return 14;
    }
    if promotion {
        return 11;
    }
    match role {
        Role::Rook => 3,
        Role::Bishop => 4,
        Role::Queen => 5,
        Role::King => 6,
        Role::Knight => 7,
        Role::Pawn => 8,
    }
}
