//! A board said in words, for a learner who listens to the chat (a screen reader) rather than
//! looks at its pictures: whose move, then each side's pieces grouped by kind in a fixed order
//! (`White: king e1, queen d1, rooks a1 h1 …`, `白方：王e1，后d1，车a1、h1…`), and the answers
//! to what such a learner asks instead of looking: where the pieces of a kind stand
//! ([`where_is`]), what stands on a square and what attacks it ([`square`]), what each line
//! from a square meets first ([`scan`]), and the moves played ([`moves`]).
//!
//! Which facts are said is decided here, from the board alone; the words are in
//! `locales/<lang>/speech.ftl`. What a picture marks on top of the board (the last move, a
//! refusal's squares and lines) is said by `crate::draw::speech`, which reads the picture.
//!
//! ```
//! use chess_tutor_core::rules::speech;
//! use chess_tutor_core::rules::Lang;
//! use shakmaty::{Board, Color};
//!
//! let said = speech::board(&Board::default(), Some(Color::White), Lang::En);
//! assert!(said.starts_with("White to move.\nWhite: king e1, queen d1, rooks a1 h1,"));
//! let said = speech::board(&Board::default(), Some(Color::White), Lang::Zh);
//! assert!(said.contains("白方：王e1，后d1，车a1、h1，"));
//! ```

mod look;
mod pieces;
mod played;
mod read;

use shakmaty::{Color, Role, Square};

use crate::i18n::fluent::FluentValue;
use crate::i18n::{Arg, Lang};
use crate::rules::text::sentence::Typed;

pub use look::{Look, scan, square, where_is};
pub use pieces::{board, kinds, side};
pub use played::{MOVES_SAID, moves, played};
pub use read::{PieceAsked, read_piece, read_square};

/// A selector key of a message (`white`, `rook`, `yes`, `up-left`): the same in every
/// language, chosen by the words of each.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Key(pub &'static str);

impl Arg for Key {
    fn value(&self, _: Lang) -> FluentValue<'static> {
        FluentValue::from(self.0)
    }
}

#[cfg(test)]
impl crate::i18n::Sample for Key {
    fn sample() -> Self {
        Key("other")
    }
}

impl Key {
    /// A colour's key (`white`, `black`).
    #[must_use]
    pub fn color(color: Color) -> Key {
        Key(match color {
            Color::White => "white",
            Color::Black => "black",
        })
    }

    /// A kind of piece's key (`king`, …, `pawn`).
    #[must_use]
    pub fn role(role: Role) -> Key {
        Key(match role {
            Role::King => "king",
            Role::Queen => "queen",
            Role::Rook => "rook",
            Role::Bishop => "bishop",
            Role::Knight => "knight",
            Role::Pawn => "pawn",
        })
    }
}

crate::messages! {
    /// What the board in words says: each variant one message of `speech.ftl`, its fields
    /// that message's arguments.
    pub(crate) enum Said {
        Pieces { role: Key, count: usize } = "speech-pieces",
        Piece { color: Key, piece: Role } = "speech-piece",
        PieceOn { color: Key, piece: Role, square: Square } = "speech-piece-on",
        SquareSep = "speech-square-sep",
        KindSep = "speech-kind-sep",
        Kind { pieces: String, squares: String } = "speech-kind",
        ToMove { side: Color } = "speech-to-move",
        Side { side: Color, kinds: String } = "speech-side",
        SideEmpty { side: Color } = "speech-side-empty",
        Played { piece: String, from: Square, to: Square, capture: Key } = "speech-played",
        PlayedCastle { castle: Key } = "speech-played-castle",
        PlayedPromotion { played: String, piece: Role } = "speech-played-promotion",
        PlayedEnPassant { played: String } = "speech-played-en-passant",
        PlayedCheck { played: String } = "speech-played-check",
        PlayedMate { played: String } = "speech-played-mate",
        Where { color: Key, pieces: String, squares: String } = "speech-where",
        WhereNone { side: Color, pieces: String } = "speech-where-none",
        WhereWhat = "speech-where-what",
        UnknownPiece { typed: Typed } = "speech-unknown-piece",
        SquarePiece { square: Square, piece: String } = "speech-square-piece",
        SquareEmpty { square: Square } = "speech-square-empty",
        AttackedBy { side: Color, kinds: String } = "speech-attacked-by",
        AttackedByNone { side: Color } = "speech-attacked-by-none",
        WhichSquare { command: String } = "speech-which-square",
        NotASquare { typed: Typed, command: String } = "speech-not-a-square",
        ScanFrom { square: Square } = "speech-scan-from",
        Direction { dir: Key } = "speech-direction",
        ScanPiece {
            direction: String,
            empty: String,
            empty_count: usize,
            piece: String,
            square: Square,
        } = "speech-scan-piece",
        ScanEdge { direction: String, empty: String } = "speech-scan-edge",
        MoveNumber { number: u32 } = "speech-move-number",
        Ply { side: Color, played: String } = "speech-ply",
        NoMoves = "speech-no-moves",
        MovesLeftOut { count: usize } = "speech-moves-left-out",
    }
}

/// A piece with its colour (`white knight`, `白马`).
#[must_use]
pub fn piece(color: Color, role: Role, lang: Lang) -> String {
    Said::Piece {
        color: Key::color(color),
        piece: role,
    }
    .to(lang)
}

/// A piece with its colour and square (`the black bishop on b4`, `b4的黑象`).
#[must_use]
pub fn piece_on(color: Color, role: Role, square: Square, lang: Lang) -> String {
    Said::PieceOn {
        color: Key::color(color),
        piece: role,
        square,
    }
    .to(lang)
}

/// Squares one after the other, as the board lists them (`a1 h1`, `a1、h1`).
#[must_use]
pub fn squares(squares: impl IntoIterator<Item = Square>, lang: Lang) -> String {
    joined(
        squares.into_iter().map(|s| s.to_string()),
        &Said::SquareSep,
        lang,
    )
}

/// Phrases one after the other, as the board lists its kinds (`king e1, queen d1`,
/// `王e1，后d1`).
#[must_use]
pub fn listed(items: impl IntoIterator<Item = String>, lang: Lang) -> String {
    joined(items.into_iter(), &Said::KindSep, lang)
}

/// Phrases as one list (`a, b and c`, `甲、乙和丙`), with the referee's list words.
#[must_use]
pub fn and_list(mut items: Vec<String>, lang: Lang) -> String {
    let Some(last) = items.pop() else {
        return String::new();
    };
    if items.is_empty() {
        return last;
    }
    let comma = crate::i18n::tr(lang, &crate::i18n::Flat::new("list-comma"));
    let and = crate::i18n::tr(lang, &crate::i18n::Flat::new("list-and"));
    format!("{}{and}{last}", items.join(&comma))
}

fn joined(items: impl Iterator<Item = String>, sep: &Said, lang: Lang) -> String {
    let sep = sep.to(lang);
    items.collect::<Vec<_>>().join(&sep)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::LANGS;

    #[test]
    fn every_speech_message_is_worded_in_every_language() {
        for lang in LANGS {
            for said in Said::samples() {
                if let Err(e) = said.try_to(lang) {
                    panic!("{e}");
                }
            }
        }
    }

    #[test]
    fn plurals_follow_the_count_in_english_only() {
        let rooks = |count, lang| {
            Said::Pieces {
                role: Key::role(Role::Rook),
                count,
            }
            .to(lang)
        };
        assert_eq!(rooks(1, Lang::En), "rook");
        assert_eq!(rooks(2, Lang::En), "rooks");
        assert_eq!(rooks(0, Lang::En), "rooks");
        assert_eq!(rooks(2, Lang::Zh), "车");
        assert_eq!(rooks(2, Lang::ZhHant), "車");
    }

    #[test]
    fn pieces_with_their_colour_and_square() {
        assert_eq!(
            piece_on(Color::Black, Role::Bishop, Square::B4, Lang::En),
            "the black bishop on b4"
        );
        assert_eq!(
            piece_on(Color::Black, Role::Bishop, Square::B4, Lang::Zh),
            "b4的黑象"
        );
        assert_eq!(piece(Color::White, Role::Knight, Lang::ZhHant), "白馬");
        assert_eq!(squares([Square::A1, Square::H1], Lang::En), "a1 h1");
        assert_eq!(squares([Square::A1, Square::H1], Lang::Zh), "a1、h1");
    }
}
