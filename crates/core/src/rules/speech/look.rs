//! The questions a learner asks instead of looking at the picture: where do the pieces of a
//! kind stand, what stands on a square and what attacks it, what does each line from a square
//! meet first.

use shakmaty::{Board, Color, Square};

use super::pieces::kinds;
use super::read::{PieceAsked, read_piece, read_square};
use super::{Key, Said, piece, squares};
use crate::i18n::Lang;
use crate::rules::text::sentence::Typed;

/// A question about the board, as typed after its command (`/where knight`, `/square e4`,
/// `/scan e4`): read when it is answered, so that what does not read is answered with what
/// would.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Look {
    /// Where the pieces of a kind stand.
    Where(String),
    /// What stands on a square, and which pieces of each side attack it.
    Square(String),
    /// Along each line from a square, the first piece met.
    Scan(String),
}

impl Look {
    /// The answer on `board`, in `lang`: the facts, or what to type instead.
    ///
    /// ```
    /// use chess_tutor_core::rules::{Lang, speech::Look};
    /// use shakmaty::Board;
    /// let b = Board::default();
    /// assert_eq!(Look::Where("knight".into()).answer(&b, Lang::En),
    ///            "White knights: b1 g1.\nBlack knights: b8 g8.");
    /// assert_eq!(Look::Square("f3".into()).answer(&b, Lang::En),
    ///            "f3 is empty.\nWhite attacks it with: knight g1, pawns e2 g2.\nBlack does not attack it.");
    /// assert!(Look::Square("z9".into()).answer(&b, Lang::En).starts_with("“z9” is not a square"));
    /// ```
    #[must_use]
    pub fn answer(&self, board: &Board, lang: Lang) -> String {
        match self {
            Look::Where(typed) => match read_piece(typed) {
                Some(asked) => where_is(board, asked, lang),
                None if typed.trim().is_empty() => Said::WhereWhat.to(lang),
                None => Said::UnknownPiece {
                    typed: Typed(typed.chars().take(24).collect()),
                }
                .to(lang),
            },
            Look::Square(typed) => on_square(typed, "/square", lang, |sq| square(board, sq, lang)),
            Look::Scan(typed) => on_square(typed, "/scan", lang, |sq| scan(board, sq, lang)),
        }
    }
}

fn on_square(typed: &str, command: &str, lang: Lang, answer: impl Fn(Square) -> String) -> String {
    match read_square(typed) {
        Some(sq) => answer(sq),
        None if typed.trim().is_empty() => Said::WhichSquare {
            command: command.to_owned(),
        }
        .to(lang),
        None => Said::NotASquare {
            typed: Typed(typed.chars().take(24).collect()),
            command: command.to_owned(),
        }
        .to(lang),
    }
}

/// Where the pieces asked about stand: each colour asked, White first, with its squares or
/// that it has none.
#[must_use]
pub fn where_is(board: &Board, asked: PieceAsked, lang: Lang) -> String {
    let colors = match asked.color {
        Some(c) => vec![c],
        None => vec![Color::White, Color::Black],
    };
    colors
        .into_iter()
        .map(|color| {
            let on = board.by_piece(asked.role.of(color));
            let pieces = Said::Pieces {
                role: Key::role(asked.role),
                count: on.count(),
            }
            .to(lang);
            if on.is_empty() {
                Said::WhereNone {
                    side: color,
                    pieces,
                }
                .to(lang)
            } else {
                Said::Where {
                    color: Key::color(color),
                    pieces,
                    squares: squares(on, lang),
                }
                .to(lang)
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// What stands on `sq`, then the pieces of each side that attack it (whatever stands there:
/// a piece of its own side that attacks a square defends it).
#[must_use]
pub fn square(board: &Board, sq: Square, lang: Lang) -> String {
    let mut lines = vec![match board.piece_at(sq) {
        Some(p) => Said::SquarePiece {
            square: sq,
            piece: piece(p.color, p.role, lang),
        }
        .to(lang),
        None => Said::SquareEmpty { square: sq }.to(lang),
    }];
    for side in [Color::White, Color::Black] {
        let attackers = board.attacks_to(sq, side, board.occupied());
        lines.push(if attackers.is_empty() {
            Said::AttackedByNone { side }.to(lang)
        } else {
            Said::AttackedBy {
                side,
                kinds: kinds(board, attackers, lang),
            }
            .to(lang)
        });
    }
    lines.join("\n")
}

/// The eight lines from a square, as seen from White's side: up and down the file, left and
/// right along the rank, then the four diagonals. Lines that leave the board at once are not
/// said.
const LINES: [(&str, i32, i32); 8] = [
    ("up", 0, 1),
    ("down", 0, -1),
    ("left", -1, 0),
    ("right", 1, 0),
    ("up-left", -1, 1),
    ("up-right", 1, 1),
    ("down-left", -1, -1),
    ("down-right", 1, -1),
];

/// Along each line from `sq`, the empty squares passed and the first piece met, or the edge.
#[must_use]
pub fn scan(board: &Board, sq: Square, lang: Lang) -> String {
    let mut lines = vec![Said::ScanFrom { square: sq }.to(lang)];
    for (dir, df, dr) in LINES {
        let mut empty = Vec::new();
        let mut met = None;
        let mut at = sq;
        // At most seven steps: a line never crosses more of the board.
        for _ in 0..7 {
            let (Some(file), Some(rank)) = (at.file().offset(df), at.rank().offset(dr)) else {
                break;
            };
            at = Square::from_coords(file, rank);
            match board.piece_at(at) {
                Some(p) => {
                    met = Some((p, at));
                    break;
                }
                None => empty.push(at),
            }
        }
        if empty.is_empty() && met.is_none() {
            continue;
        }
        let direction = Said::Direction { dir: Key(dir) }.to(lang);
        let count = empty.len();
        let empty = squares(empty, lang);
        lines.push(match met {
            Some((p, on)) => Said::ScanPiece {
                direction,
                empty,
                empty_count: count,
                piece: piece(p.color, p.role, lang),
                square: on,
            }
            .to(lang),
            None => Said::ScanEdge { direction, empty }.to(lang),
        });
    }
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Role;

    fn board(fen: &str) -> Board {
        fen.parse().unwrap()
    }

    #[test]
    fn where_names_both_sides_or_the_one_asked() {
        let b = Board::default();
        let queens = PieceAsked {
            role: Role::Queen,
            color: None,
        };
        assert_eq!(where_is(&b, queens, Lang::Zh), "白后：d1。\n黑后：d8。");
        let b = board("4k3/8/8/8/8/8/8/4K3");
        let white_queen = PieceAsked {
            role: Role::Queen,
            color: Some(Color::White),
        };
        assert_eq!(where_is(&b, white_queen, Lang::En), "White has no queens.");
        assert_eq!(where_is(&b, white_queen, Lang::ZhHant), "白方沒有后。");
    }

    #[test]
    fn a_square_with_its_piece_and_attackers_of_both_sides() {
        // The knight on c3 is attacked by the bishop on b4 and defended by the pawn on b2.
        let b = board("4k3/8/8/8/1b6/2N5/1P6/4K3");
        assert_eq!(
            square(&b, Square::C3, Lang::En),
            "c3: white knight.\nWhite attacks it with: pawn b2.\nBlack attacks it with: bishop b4."
        );
        assert_eq!(
            square(&b, Square::C3, Lang::Zh),
            "c3：白马。\n白方攻击这一格的棋子：兵b2。\n黑方攻击这一格的棋子：象b4。"
        );
    }

    #[test]
    fn scan_meets_the_first_piece_of_each_line_and_skips_lines_off_the_board() {
        let b = board("4k3/8/8/8/1b6/2N5/1P6/4K3");
        let said = scan(&b, Square::C3, Lang::En);
        assert_eq!(
            said,
            "The lines from c3:\n\
             Up the file: c4 c5 c6 c7 c8 empty, up to the edge.\n\
             Down the file: c2 c1 empty, up to the edge.\n\
             Left along the rank: b3 a3 empty, up to the edge.\n\
             Right along the rank: d3 e3 f3 g3 h3 empty, up to the edge.\n\
             Up and left: black bishop b4, right next to it.\n\
             Up and right: d4 e5 f6 g7 h8 empty, up to the edge.\n\
             Down and left: white pawn b2, right next to it.\n\
             Down and right: d2 empty, then white king e1."
        );
        // From a corner only three lines lead anywhere.
        assert_eq!(scan(&b, Square::H1, Lang::En).lines().count(), 4);
        assert!(scan(&b, Square::C3, Lang::Zh).contains("斜线右下：d2是空的，然后是e1的白王。"));
    }
}
