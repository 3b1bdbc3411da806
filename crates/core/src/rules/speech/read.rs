//! Reading what a learner names when they ask about the board: a kind of piece (as a word in
//! English or Chinese, a letter or a figurine, with or without its colour) and a square.

use shakmaty::{Color, Role, Square};

/// The pieces a learner asks about: a kind, of one colour or of both.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PieceAsked {
    /// The kind.
    pub role: Role,
    /// The colour, when the learner named one.
    pub color: Option<Color>,
}

/// English words for the kinds, singular and plural.
const EN_WORDS: &[(&str, Role)] = &[
    ("king", Role::King),
    ("kings", Role::King),
    ("queen", Role::Queen),
    ("queens", Role::Queen),
    ("rook", Role::Rook),
    ("rooks", Role::Rook),
    ("castle", Role::Rook),
    ("castles", Role::Rook),
    ("bishop", Role::Bishop),
    ("bishops", Role::Bishop),
    ("knight", Role::Knight),
    ("knights", Role::Knight),
    ("horse", Role::Knight),
    ("horses", Role::Knight),
    ("pawn", Role::Pawn),
    ("pawns", Role::Pawn),
];

/// Chinese words for the kinds, in both scripts (the referee's letters, and what beginners
/// call them).
const ZH_WORDS: &[(&str, Role)] = &[
    ("王", Role::King),
    ("国王", Role::King),
    ("國王", Role::King),
    ("后", Role::Queen),
    ("後", Role::Queen),
    ("皇后", Role::Queen),
    ("车", Role::Rook),
    ("車", Role::Rook),
    ("城堡", Role::Rook),
    ("象", Role::Bishop),
    ("相", Role::Bishop),
    ("主教", Role::Bishop),
    ("马", Role::Knight),
    ("馬", Role::Knight),
    ("骑士", Role::Knight),
    ("騎士", Role::Knight),
    ("兵", Role::Pawn),
    ("卒", Role::Pawn),
];

/// Colour words before a piece, longest first (`白方的` before `白`).
const COLOR_WORDS: &[(&str, Color)] = &[
    ("white", Color::White),
    ("black", Color::Black),
    ("白方的", Color::White),
    ("黑方的", Color::Black),
    ("白方", Color::White),
    ("黑方", Color::Black),
    ("白色", Color::White),
    ("黑色", Color::Black),
    ("白", Color::White),
    ("黑", Color::Black),
];

/// Full-width letters and digits as ASCII (what a Chinese keyboard may give), lower case.
fn plain(text: &str) -> String {
    text.trim()
        .trim_end_matches(['。', '.', '!', '！', '?', '？'])
        .chars()
        .map(|c| match c {
            '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
            _ => c,
        })
        .flat_map(char::to_lowercase)
        .collect()
}

/// Reads a kind of piece, as a word (`knight`, `knights`, `马`, `馬`), a letter (`N`, `n`), a
/// figurine (`♘`, which names White's) or one of those after a colour (`white rook`, `黑车`,
/// `白方的马`). `None` for anything else.
///
/// ```
/// use chess_tutor_core::rules::speech::{PieceAsked, read_piece};
/// use shakmaty::{Color, Role};
/// assert_eq!(read_piece("Knights"), Some(PieceAsked { role: Role::Knight, color: None }));
/// assert_eq!(read_piece("黑车"), Some(PieceAsked { role: Role::Rook, color: Some(Color::Black) }));
/// assert_eq!(read_piece("white q"), Some(PieceAsked { role: Role::Queen, color: Some(Color::White) }));
/// assert_eq!(read_piece("♞"), Some(PieceAsked { role: Role::Knight, color: Some(Color::Black) }));
/// assert_eq!(read_piece("dragon"), None);
/// ```
#[must_use]
pub fn read_piece(text: &str) -> Option<PieceAsked> {
    let text = plain(text);
    let mut rest = text.as_str();
    let mut color = None;
    for &(word, c) in COLOR_WORDS {
        if let Some(after) = rest.strip_prefix(word) {
            // `white` must be a word of its own; a Chinese colour runs into the piece.
            if word.is_ascii() && !after.starts_with(char::is_whitespace) {
                continue;
            }
            color = Some(c);
            rest = after.trim_start();
            break;
        }
    }
    let (role, figurine) = kind(rest)?;
    match (color, figurine) {
        (Some(a), Some(b)) if a != b => None,
        _ => Some(PieceAsked {
            role,
            color: color.or(figurine),
        }),
    }
}

/// A kind of piece and, for a figurine, its colour.
fn kind(word: &str) -> Option<(Role, Option<Color>)> {
    let found = EN_WORDS
        .iter()
        .chain(ZH_WORDS)
        .find(|(w, _)| *w == word)
        .map(|&(_, role)| (role, None));
    if found.is_some() {
        return found;
    }
    let mut chars = word.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else {
        return None;
    };
    if let Some(role) = Role::from_char(c.to_ascii_lowercase()) {
        return Some((role, None));
    }
    let (role, color) = match c {
        '♔' => (Role::King, Color::White),
        '♕' => (Role::Queen, Color::White),
        '♖' => (Role::Rook, Color::White),
        '♗' => (Role::Bishop, Color::White),
        '♘' => (Role::Knight, Color::White),
        '♙' => (Role::Pawn, Color::White),
        '♚' => (Role::King, Color::Black),
        '♛' => (Role::Queen, Color::Black),
        '♜' => (Role::Rook, Color::Black),
        '♝' => (Role::Bishop, Color::Black),
        '♞' => (Role::Knight, Color::Black),
        '♟' => (Role::Pawn, Color::Black),
        _ => return None,
    };
    Some((role, Some(color)))
}

/// Reads a square (`e4`, `E4`, full-width `ｅ４`, `e4格`). `None` for anything else.
///
/// ```
/// use chess_tutor_core::rules::speech::read_square;
/// use shakmaty::Square;
/// assert_eq!(read_square(" E4 "), Some(Square::E4));
/// assert_eq!(read_square("ｅ４格"), Some(Square::E4));
/// assert_eq!(read_square("e9"), None);
/// ```
#[must_use]
pub fn read_square(text: &str) -> Option<Square> {
    let text = plain(text);
    let text = text.strip_suffix('格').unwrap_or(&text).trim();
    Square::from_ascii(text.as_bytes()).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_reads_in_every_language_and_as_a_letter() {
        for (words, role) in [
            (["king", "王", "K"], Role::King),
            (["queens", "后", "q"], Role::Queen),
            (["rook", "車", "R"], Role::Rook),
            (["bishops", "象", "b"], Role::Bishop),
            (["knight", "馬", "N"], Role::Knight),
            (["pawns", "卒", "P"], Role::Pawn),
        ] {
            for w in words {
                assert_eq!(read_piece(w), Some(PieceAsked { role, color: None }), "{w}");
            }
        }
    }

    #[test]
    fn colours_are_read_before_the_piece() {
        let white_knight = Some(PieceAsked {
            role: Role::Knight,
            color: Some(Color::White),
        });
        for w in [
            "White knight",
            "white  N",
            "白马",
            "白方的馬",
            "白方 马",
            "♘",
            "white ♘",
        ] {
            assert_eq!(read_piece(w), white_knight, "{w}");
        }
        // A colour that is no word of its own, or two colours that disagree, do not read.
        assert_eq!(read_piece("whiteknight"), None);
        assert_eq!(read_piece("black ♘"), None);
        assert_eq!(read_piece(""), None);
        assert_eq!(read_piece("white"), None);
    }

    #[test]
    fn squares_read_leniently_and_nothing_else_does() {
        assert_eq!(read_square("h8"), Some(Square::H8));
        assert_eq!(read_square("e4。"), Some(Square::E4));
        for bad in ["", "e", "i1", "e44", "四"] {
            assert_eq!(read_square(bad), None, "{bad}");
        }
    }
}
