//! "White keeps the right to castle long; White may castle long now." (true/false): only what
//! the board shows is asked (check, attacked squares, pieces in between).

use shakmaty::{CastlingSide, Chess, Position, Square};

use super::draft::Draft;
use super::generator::Generator;
use super::wording::{Castle, Line, Side, both};
use crate::content::quiz::Claim;
use crate::rules::{self, Verdict, text};

impl Generator {
    pub(super) fn can_castle(&mut self) -> Draft {
        let want = self.rng.chance(1, 2);
        let side = if self.rng.chance(1, 2) {
            CastlingSide::KingSide
        } else {
            CastlingSide::QueenSide
        };
        let mut pos = self.random_game(4, 40);
        for _ in 0..60 {
            let legal = !pos.castling_moves(side).is_empty();
            // A picture cannot show whether the king or the rook has moved before, so the
            // statement says the side still has the right, and what is asked is what the
            // board shows: check, attacked squares, pieces in between.
            let has_right = pos.castles().has(pos.turn(), side);
            if legal == want && has_right {
                break;
            }
            pos = self.random_game(4, 40);
        }
        if !pos.castles().has(pos.turn(), side) {
            // No game kept the right: the starting position keeps it for both sides (and
            // castling is refused there for the pieces in between).
            pos = Chess::default();
        }
        let turn = pos.turn();
        let notation = if side.is_king_side() { "O-O" } else { "O-O-O" };
        let rook = pos.castles().rook(turn, side).unwrap_or_else(|| {
            let file = if side.is_king_side() {
                shakmaty::File::H
            } else {
                shakmaty::File::A
            };
            Square::from_coords(file, turn.backrank())
        });
        let verdict = rules::explain(&pos, notation);
        let why = match &verdict {
            Verdict::Legal(info) => Line::CastleLegal {
                legal: both(|lang| text::legal_text(&pos, info, lang)),
            },
            Verdict::Illegal(reason) => Line::CastleIllegal {
                reason: both(|lang| text::reason_text(reason, pos.board(), lang)),
            },
            other => Line::CastleReadAs {
                notation: notation.to_owned(),
                code: other.code().to_string(),
            },
        };
        let statement = Line::CastleStatement {
            side: Side(turn),
            rook,
            castle: Castle(side),
        };
        Draft::true_false(
            "castle",
            14,
            pos,
            Claim::CanCastle { side },
            statement.text(),
            why.text(),
        )
    }
}
