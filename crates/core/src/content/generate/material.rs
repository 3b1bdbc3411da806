//! "At least one side can still win." (true/false): positions dead by their material, and ones
//! that are not.

use shakmaty::{Color, Piece, Role};

use super::draft::Draft;
use super::generator::Generator;
use super::wording::{Line, Side};
use crate::content::quiz::Claim;
use crate::rules::{DeadMaterial, PositionReport};

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
        let why = match report.dead {
            Some(DeadMaterial::KingVsKing) => Line::WinKingsOnly,
            Some(DeadMaterial::KingAndMinorVsKing { side, piece }) => Line::WinLoneMinor {
                side: Side(side),
                role: piece,
            },
            Some(DeadMaterial::BishopsOnOneColour) => Line::WinBishopsOneColour,
            None => Line::WinEnough,
        };
        Draft::true_false(
            "win",
            16,
            pos,
            Claim::CanMate { by: None },
            Line::WinStatement.text(),
            why.text(),
        )
    }
}
