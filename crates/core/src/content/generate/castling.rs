//! "White keeps the right to castle long; White may castle long now." (true/false): only what
//! the board shows is asked (check, attacked squares, pieces in between).

use shakmaty::{CastlingSide, Chess, Position, Square};

use super::draft::Draft;
use super::generator::Generator;
use super::wording::{en_side, zh_side};
use crate::content::quiz::{Claim, Text};
use crate::rules::{self, Lang, Verdict, text};

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
        let (zh_side_name, en_side_name) = if side.is_king_side() {
            ("短易位（王翼易位，O-O）", "castle short (kingside, O-O)")
        } else {
            (
                "长易位（后翼易位，O-O-O）",
                "castle long (queenside, O-O-O)",
            )
        };
        let rook = pos.castles().rook(turn, side).unwrap_or_else(|| {
            let file = if side.is_king_side() {
                shakmaty::File::H
            } else {
                shakmaty::File::A
            };
            Square::from_coords(file, turn.backrank())
        });
        let verdict = rules::explain(&pos, notation);
        let (en_why, zh_why) = match &verdict {
            Verdict::Legal(info) => (
                format!(
                    "{} The right is still there, the squares between king and rook are empty, and the king is not in check, does not cross an attacked square and does not land on one.",
                    text::legal_text(&pos, info, Lang::En)
                ),
                format!(
                    "{}易位权还在，王和车之间的格子是空的，王没有被将军，经过的格子和到达的格子也都没有受到攻击。",
                    text::legal_text(&pos, info, Lang::Zh)
                ),
            ),
            Verdict::Illegal(reason) => (
                format!(
                    "The right alone is not enough: {}",
                    text::reason_text(reason, pos.board(), Lang::En)
                ),
                format!(
                    "光有易位权还不够：{}",
                    text::reason_text(reason, pos.board(), Lang::Zh)
                ),
            ),
            other => (
                format!("The referee reads {notation} as {}.", other.code()),
                format!("裁判对{notation}的判断：{}。", other.code()),
            ),
        };
        Draft::true_false(
            "castle",
            14,
            pos,
            Claim::CanCastle { side },
            Text::new(
                format!(
                    "{}走。{}的王和{rook}的车都还没有走动过，易位权还在。{}现在就可以{zh_side_name}。",
                    zh_side(turn),
                    zh_side(turn),
                    zh_side(turn)
                ),
                format!(
                    "{} to move. {}'s king and the rook on {rook} have not moved yet, so the right to castle is kept. {} may {en_side_name} right now.",
                    en_side(turn),
                    en_side(turn),
                    en_side(turn)
                ),
            ),
            Text::new(zh_why, en_why),
        )
    }
}
