//! "At least one side can still win." (true/false): positions dead by their material, and ones
//! that are not.

use shakmaty::{Color, Piece, Role};

use super::draft::Draft;
use super::generator::Generator;
use super::wording::{en_side, zh_side};
use crate::content::quiz::{Claim, Text};
use crate::rules::{
    DeadMaterial, PositionReport,
    text::{en, zh},
};

impl Generator {
    pub(super) fn can_either_win(&mut self) -> Draft {
        use Role::{Bishop, Knight, Pawn, Queen, Rook};
        // (white pieces, black pieces); bishops are placed by colour below.
        let sets: [(&[Role], &[Role]); 10] = [
            (&[], &[]),
            (&[Knight], &[]),
            (&[], &[Bishop]),
            (&[Bishop], &[Bishop]),
            (&[Bishop], &[Bishop]),
            (&[Knight], &[Knight]),
            (&[Knight, Knight], &[]),
            (&[Rook], &[]),
            (&[], &[Pawn]),
            (&[Bishop], &[Queen]),
        ];
        let (w, b) = *self.rng.pick(&sets).expect("non-empty");
        let mut pieces: Vec<Piece> = w.iter().map(|r| r.of(Color::White)).collect();
        pieces.extend(b.iter().map(|r| r.of(Color::Black)));
        let turn = if self.rng.chance(1, 2) {
            Color::White
        } else {
            Color::Black
        };
        let pos = self
            .random_setup(&pieces, turn)
            .or_else(|| self.random_setup(&[], turn))
            .unwrap_or_default();
        let report = PositionReport::of(&pos);
        let (zh_why, en_why) = match report.dead {
            Some(DeadMaterial::KingVsKing) => (
                "棋盘上只剩两个王，谁也不可能将死对方：子力不足，和棋。".to_string(),
                "Only the two kings are left, and a king alone can never give checkmate: a draw by insufficient material.".to_string(),
            ),
            Some(DeadMaterial::KingAndMinorVsKing { side, piece }) => (
                format!(
                    "{}只有王和一个{}，对方只剩一个王；王加单马或王加单象无论怎么走都无法将死对方：子力不足，和棋。",
                    zh_side(side),
                    zh::piece(piece)
                ),
                format!(
                    "{} has only a king and one {}, against a bare king. King and one knight or one bishop can never checkmate, whatever the moves: a draw by insufficient material.",
                    en_side(side),
                    en::piece(piece)
                ),
            ),
            Some(DeadMaterial::BishopsOnOneColour) => (
                "除了王以外只剩象，而且所有的象都在同一种颜色的格子上，谁也无法将死对方：和棋。".to_string(),
                "Besides the kings there are only bishops, all on squares of one colour, so no checkmate is possible for either side: a draw.".to_string(),
            ),
            None => (
                "棋盘上还有足够的子力，至少有一方仍然存在将死对方的可能（哪怕需要对方走错），所以不是子力不足的和棋，对局继续。".to_string(),
                "There is still enough material for a checkmate by at least one side (even if it needs the other side's help), so this is not a draw by insufficient material and the game goes on.".to_string(),
            ),
        };
        Draft::true_false(
            "win",
            16,
            pos,
            Claim::CanMate { by: None },
            Text::new(
                "这个局面里，至少还有一方有可能将死对方赢棋。",
                "In this position at least one side can still win by giving checkmate.",
            ),
            Text::new(zh_why, en_why),
        )
    }
}
