//! The pieces of a board in words: whose move, then each side's pieces, kind by kind.

use shakmaty::{Bitboard, Board, Color, Role};

use super::{Key, Said, listed, squares};
use crate::i18n::Lang;

/// The kinds in the order they are said: the king first, the pawns last.
pub(super) const KINDS: [Role; 6] = [
    Role::King,
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
    Role::Pawn,
];

/// The board in words: whose move (when known), then White's pieces, then Black's, one line
/// each.
///
/// ```
/// use chess_tutor_core::rules::{Lang, speech};
/// use shakmaty::{Board, Color};
/// let board: Board = "4k3/8/8/8/8/8/4P3/4K2R".parse().unwrap();
/// assert_eq!(
///     speech::board(&board, Some(Color::Black), Lang::En),
///     "Black to move.\nWhite: king e1, rook h1, pawn e2.\nBlack: king e8."
/// );
/// assert_eq!(
///     speech::board(&board, None, Lang::Zh),
///     "白方：王e1，车h1，兵e2。\n黑方：王e8。"
/// );
/// ```
#[must_use]
pub fn board(board: &Board, to_move: Option<Color>, lang: Lang) -> String {
    let mut lines = Vec::with_capacity(3);
    if let Some(side) = to_move {
        lines.push(Said::ToMove { side }.to(lang));
    }
    lines.push(self::side(board, Color::White, lang));
    lines.push(self::side(board, Color::Black, lang));
    lines.join("\n")
}

/// One side's pieces (`White: king e1, rooks a1 h1.`), or that it has none.
#[must_use]
pub fn side(board: &Board, side: Color, lang: Lang) -> String {
    let pieces = board.by_color(side);
    if pieces.is_empty() {
        return Said::SideEmpty { side }.to(lang);
    }
    Said::Side {
        side,
        kinds: kinds(board, pieces, lang),
    }
    .to(lang)
}

/// The pieces of `among` grouped by kind, in the fixed order of the kinds, each kind with its
/// squares from a1 to h8 (`king e1, rooks a1 h1`).
#[must_use]
pub fn kinds(board: &Board, among: Bitboard, lang: Lang) -> String {
    let items = KINDS.iter().filter_map(|&role| {
        let on = board.by_role(role) & among;
        (!on.is_empty()).then(|| {
            Said::Kind {
                pieces: Said::Pieces {
                    role: Key::role(role),
                    count: on.count(),
                }
                .to(lang),
                squares: squares(on, lang),
            }
            .to(lang)
        })
    });
    listed(items, lang)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::LANGS;

    #[test]
    fn the_start_position_in_every_language() {
        let b = Board::default();
        assert_eq!(
            board(&b, Some(Color::White), Lang::En),
            "White to move.\n\
             White: king e1, queen d1, rooks a1 h1, bishops c1 f1, knights b1 g1, pawns a2 b2 c2 d2 e2 f2 g2 h2.\n\
             Black: king e8, queen d8, rooks a8 h8, bishops c8 f8, knights b8 g8, pawns a7 b7 c7 d7 e7 f7 g7 h7."
        );
        assert_eq!(
            board(&b, Some(Color::White), Lang::Zh),
            "轮到白方走。\n\
             白方：王e1，后d1，车a1、h1，象c1、f1，马b1、g1，兵a2、b2、c2、d2、e2、f2、g2、h2。\n\
             黑方：王e8，后d8，车a8、h8，象c8、f8，马b8、g8，兵a7、b7、c7、d7、e7、f7、g7、h7。"
        );
        assert!(
            board(&b, Some(Color::White), Lang::ZhHant).contains("白方：王e1，后d1，車a1、h1，")
        );
    }

    /// The issue's bound: the start position in at most 250 characters in every language.
    #[test]
    fn the_start_position_is_short_enough_to_listen_to() {
        for lang in LANGS {
            let said = board(&Board::default(), Some(Color::White), lang);
            let n = said.chars().count();
            assert!(n <= 250, "{}: {n} characters", lang.tag());
        }
    }

    #[test]
    fn a_side_without_pieces_is_said() {
        let b: Board = "8/8/8/3N4/8/8/8/8".parse().unwrap();
        assert_eq!(
            board(&b, None, Lang::En),
            "White: knight d5.\nBlack: no pieces."
        );
    }
}
