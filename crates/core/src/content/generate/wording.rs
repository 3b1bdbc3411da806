//! The generator's sentences as values: which sentence an item says is decided by its topic,
//! the words are in `locales/<lang>/generate.ftl`.
//!
//! A [`Line`] is declared with [`crate::messages!`], like every message of the core: it
//! carries the facts its sentence names as typed fields, and when it is worded each field
//! becomes the Fluent argument of the same name through [`Arg`]: a side as `white` or `black`
//! and a castling side as `short` or `long` ([`Side`], [`Castle`]), chosen between by the
//! catalogue; a piece by its name in the language, as the referee names it; a square or a
//! move as it is written; what is already worded per language (the referee's sentences, a
//! move in long notation) in that language; a list of pieces or moves joined by the
//! catalogue's own words.
//!
//! Generated items keep their texts in Simplified Chinese and English ([`Text`]), as authors
//! write them; the Traditional form is converted from the Simplified one when shown.

use shakmaty::{Board, CastlingSide, Color, Role, Square};

use crate::content::text::Text;
use crate::i18n::fluent::FluentValue;
use crate::i18n::{Arg, Lang};

/// A side as the catalogue chooses its words by it (`gen-side`, `gen-side-lower`): `white` or
/// `black`, the same in every language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Side(pub(super) Color);

impl Arg for Side {
    fn value(&self, _: Lang) -> FluentValue<'static> {
        FluentValue::from(match self.0 {
            Color::White => "white",
            Color::Black => "black",
        })
    }
}

/// A castling side as the catalogue chooses its words by it (`gen-castle`): `short` or `long`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Castle(pub(super) CastlingSide);

impl Arg for Castle {
    fn value(&self, _: Lang) -> FluentValue<'static> {
        FluentValue::from(match self.0 {
            CastlingSide::KingSide => "short",
            CastlingSide::QueenSide => "long",
        })
    }
}

/// Pieces named by their squares (`the queen on g7 and the rook on a8`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Pieces(pub(super) Vec<(Role, Square)>);

impl Pieces {
    /// The pieces on `squares` of `board` (a square without a piece is named as a pawn's).
    pub(super) fn on(board: &Board, squares: &[Square]) -> Pieces {
        Pieces(
            squares
                .iter()
                .map(|sq| (board.role_at(*sq).unwrap_or(Role::Pawn), *sq))
                .collect(),
        )
    }
}

impl Arg for Pieces {
    fn value(&self, lang: Lang) -> FluentValue<'static> {
        let parts: Vec<String> = self
            .0
            .iter()
            .map(|(role, square)| {
                Line::PieceOn {
                    role: *role,
                    square: *square,
                }
                .to(lang)
            })
            .collect();
        FluentValue::from(parts.join(&Line::And.to(lang)))
    }
}

/// Moves listed (`Nf3, Nc3`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Moves(pub(super) Vec<String>);

impl Arg for Moves {
    fn value(&self, lang: Lang) -> FluentValue<'static> {
        FluentValue::from(self.0.join(&Line::Comma.to(lang)))
    }
}

crate::messages! {
    /// One sentence or phrase of the generator, decided but not yet worded. Each variant is
    /// one message of `generate.ftl`, its fields that message's arguments.
    pub(super) enum Line {
        /// A piece by its square: `the queen on g7`.
        PieceOn { role: Role, square: Square } = "gen-piece-on",
        /// Between the last two pieces of a list.
        And = "gen-and",
        /// Between moves of a list.
        Comma = "gen-comma",
        /// Is this move legal? (true/false), the move in words (review 2026-12-06 M3: no
        /// notation before the notation unit).
        MoveLegal { side: Side, role: Role, from: Square, to: Square } = "gen-move-legal",
        /// The same for a promotion.
        MoveLegalPromote { side: Side, from: Square, to: Square, promotion: Role } = "gen-move-legal-promote",
        /// The same for castling.
        MoveLegalCastle { side: Side, castle: Castle } = "gen-move-legal-castle",
        /// A move in words, as an example: `the king on e1 to e2`.
        MoveWords { role: Role, from: Square, to: Square } = "gen-move-words",
        /// A move the referee reads as neither legal nor illegal.
        MoveReadAs { code: String } = "gen-move-read-as",
        /// May the side castle now? (true/false)
        CastleStatement { side: Side, rook: Square, castle: Castle } = "gen-castle-statement",
        CastleLegal { legal: Text } = "gen-castle-legal",
        CastleIllegal { reason: Text } = "gen-castle-illegal",
        CastleReadAs { notation: String, code: String } = "gen-castle-read-as",
        /// Checkmate, stalemate or neither? (multiple choice)
        StatusQuestion { side: Side } = "gen-status-question",
        StatusCheckmate = "gen-status-checkmate",
        StatusStalemate = "gen-status-stalemate",
        StatusNeither = "gen-status-neither",
        CheckmateWhy { side: Side, checkers: Pieces } = "gen-checkmate-why",
        StalemateWhy { side: Side } = "gen-stalemate-why",
        NeitherInCheckWhy { side: Side, checkers: Pieces, example: Text } = "gen-neither-in-check-why",
        NeitherWhy { side: Side, example: Text } = "gen-neither-why",
        /// Can either side still win? (true/false)
        WinStatement = "gen-win-statement",
        WinKingsOnly = "gen-win-kings-only",
        WinLoneMinor { side: Side, role: Role } = "gen-win-lone-minor",
        WinBishopsOneColour = "gen-win-bishops-one-colour",
        WinEnough = "gen-win-enough",
        /// Is the side to move in check? (true/false)
        CheckStatement { side: Side } = "gen-check-statement",
        CheckWhy { side: Side, checkers: Pieces } = "gen-check-why",
        DoubleCheckWhy { side: Side, checkers: Pieces } = "gen-double-check-why",
        NoCheckWhy { side: Side } = "gen-no-check-why",
        /// How many legal moves has this piece? (multiple choice)
        CountQuestion { side: Side, square: Square, role: Role } = "gen-count-question",
        CountNone { square: Square, role: Role } = "gen-count-none",
        CountWhy { square: Square, role: Role, count: u32, moves: Moves } = "gen-count-why",
    }
}

impl Line {
    /// The words in both written languages.
    pub(super) fn text(&self) -> Text {
        Text::new(self.to(Lang::Zh), self.to(Lang::En))
    }
}

/// A text worded by `words` in both written languages (the referee's sentences).
pub(super) fn both(words: impl Fn(Lang) -> String) -> Text {
    Text::new(words(Lang::Zh), words(Lang::En))
}

/// Some value of each field type of the generator's own.
#[cfg(test)]
mod sample {
    use super::*;

    use crate::i18n::Sample;

    impl Sample for Side {
        fn sample() -> Self {
            Side(Color::Black)
        }
    }

    impl Sample for Castle {
        fn sample() -> Self {
            Castle(CastlingSide::QueenSide)
        }
    }

    impl Sample for Pieces {
        fn sample() -> Self {
            Pieces(vec![(Role::Queen, Square::G7), (Role::Rook, Square::A8)])
        }
    }

    impl Sample for Moves {
        fn sample() -> Self {
            Moves(vec!["Nf3".to_owned(), "Nc3".to_owned()])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{LANGS, message_ids};

    #[test]
    fn every_line_is_worded_in_every_language() {
        for lang in LANGS {
            for line in Line::samples() {
                if let Err(e) = line.try_to(lang) {
                    panic!("{e}");
                }
            }
        }
    }

    #[test]
    fn every_generate_message_is_said_somewhere() {
        let said: Vec<&str> = Line::samples().iter().map(Line::id).collect();
        // Phrases the wording of a line refers to.
        let phrases = ["gen-side", "gen-side-lower", "gen-castle"];
        for lang in LANGS {
            for (file, id) in message_ids(lang) {
                if file.ends_with("generate.ftl") {
                    assert!(
                        said.contains(&id.as_str()) || phrases.contains(&id.as_str()),
                        "{file}: `{id}` is never said"
                    );
                }
            }
        }
    }

    /// Sentences too rare for `generate(7, 200)`, worded as the code wrote them before the
    /// catalogue.
    #[test]
    fn the_rare_sentences_read_as_before() {
        let checkers = Pieces(vec![(Role::Queen, Square::G7), (Role::Rook, Square::A8)]);
        let cases = [
            (
                Line::DoubleCheckWhy {
                    side: Side(Color::White),
                    checkers: checkers.clone(),
                },
                "g7的后和a8的车正在攻击白方的王（双将：只能走王），白方必须马上应将。",
                "the queen on g7 and the rook on a8 attack the white king (a double check: only a king move helps), so White must answer the check at once.",
            ),
            (
                Line::CheckWhy {
                    side: Side(Color::Black),
                    checkers: Pieces(vec![(Role::Knight, Square::F6)]),
                },
                "f6的马正在攻击黑方的王，黑方必须马上应将。",
                "the knight on f6 attacks the black king, so Black must answer the check at once.",
            ),
            (
                Line::MoveReadAs {
                    code: "unreadable".to_owned(),
                },
                "裁判对这步棋的判断：unreadable。",
                "The referee reads this move as unreadable.",
            ),
            (
                Line::CastleReadAs {
                    notation: "O-O-O".to_owned(),
                    code: "ambiguous".to_owned(),
                },
                "裁判对O-O-O的判断：ambiguous。",
                "The referee reads O-O-O as ambiguous.",
            ),
            (
                Line::CountWhy {
                    square: Square::A1,
                    role: Role::Rook,
                    count: 1,
                    moves: Moves(vec!["a2".to_owned()]),
                },
                "a1的车共有1步合法着法，可以走到：a2。",
                "The rook on a1 has 1 legal move, to: a2.",
            ),
            (
                Line::MoveLegal {
                    side: Side(Color::Black),
                    role: Role::Bishop,
                    from: Square::F8,
                    to: Square::B4,
                },
                "黑方走。f8的象现在可以走到b4。",
                "Black to move. The bishop on f8 may move to b4 now.",
            ),
            (
                Line::MoveLegalPromote {
                    side: Side(Color::White),
                    from: Square::E7,
                    to: Square::E8,
                    promotion: Role::Queen,
                },
                "白方走。e7的兵现在可以走到e8，升变为后。",
                "White to move. The pawn on e7 may move to e8 now and become a queen.",
            ),
        ];
        for (line, zh, en) in cases {
            let text = line.text();
            assert_eq!((text.zh.as_str(), text.en.as_str()), (zh, en), "{line:?}");
        }
    }
}
