//! The sentences a learner reads about moves. Which sentence applies is decided once, in
//! [`sentence`], as a language-neutral [`Sentence`]; the words are in the Fluent catalogue
//! `locales/<lang>/rules.ftl`. [`en`] and [`zh`] give the piece names of those catalogues as
//! plain words, for the content generator.

pub mod en;
pub mod sentence;
pub mod zh;

use std::sync::LazyLock;

use shakmaty::{Board, Chess, Position, Square};

use super::effects::MoveInfo;
use super::explain::Verdict;
use super::reason::IllegalReason;

pub use crate::i18n::Lang;
use sentence::{Choice, Typed};
pub use sentence::{Sentence, displayable};

/// A piece's name in `lang` (`车`, `車`, `rook`).
#[must_use]
pub fn piece_name(role: shakmaty::Role, lang: Lang) -> String {
    sentence::piece(role, lang)
}

/// The six piece names of `lang`, worded once (for [`en::piece`] and [`zh::piece`]).
fn names(lang: Lang, role: shakmaty::Role) -> &'static str {
    static NAMES: LazyLock<Vec<(Lang, [String; 6])>> = LazyLock::new(|| {
        crate::i18n::LANGS
            .iter()
            .map(|&lang| (lang, shakmaty::Role::ALL.map(|role| piece_name(role, lang))))
            .collect()
    });
    NAMES
        .iter()
        .find(|(l, _)| *l == lang)
        .map_or("", |(_, names)| names[usize::from(role) - 1].as_str())
}

/// The sentence for a refused move. `board` is the position the move was tried in.
///
/// ```
/// use chess_tutor_core::rules::{explain, Verdict, Lang, text::reason_text};
/// use shakmaty::{Chess, Position};
/// let pos = Chess::default();
/// let Verdict::Illegal(reason) = explain(&pos, "Bc4") else { panic!() };
/// assert!(reason_text(&reason, pos.board(), Lang::En).contains("e2"));
/// assert!(reason_text(&reason, pos.board(), Lang::Zh).contains("象"));
/// ```
#[must_use]
pub fn reason_text(reason: &IllegalReason, board: &Board, lang: Lang) -> String {
    sentence::for_reason(reason, board).to(lang)
}

/// The sentence for a legal move: what it does.
#[must_use]
pub fn legal_text(pos: &Chess, info: &MoveInfo, lang: Lang) -> String {
    sentence::words(&sentence::for_legal(pos, info), lang)
}

/// What a legal move does in words and squares only, with no move letters (`Rh4+`): for a
/// learner who has not met notation yet.
#[must_use]
pub fn legal_in_words(pos: &Chess, info: &MoveInfo, lang: Lang) -> String {
    sentence::words(&sentence::for_legal_in_words(pos, info), lang)
}

/// The sentence for any verdict; `input` is what the learner typed.
#[must_use]
pub fn verdict_text(pos: &Chess, verdict: &Verdict, input: &str, lang: Lang) -> String {
    sentence::words(&verdict_sentences(pos, verdict, input), lang)
}

/// The sentences for any verdict, decided but not yet worded: one for a refusal, a question
/// or an unreadable input, a lead and the move's effects for a legal move.
#[must_use]
pub fn verdict_sentences(pos: &Chess, verdict: &Verdict, input: &str) -> Vec<Sentence> {
    let one = match verdict {
        Verdict::Legal(info) => return sentence::for_legal(pos, info),
        Verdict::Illegal(reason) => sentence::for_reason(reason, pos.board()),
        Verdict::Ambiguous { candidates } => {
            if candidates.iter().all(|m| m.is_castle()) {
                return vec![Sentence::WhichCastling];
            }
            let first = candidates.first();
            let mixed = candidates.iter().any(|m| {
                Some(m.role()) != first.map(|f| f.role()) || Some(m.to()) != first.map(|f| f.to())
            });
            if mixed {
                let moves: Vec<Choice> = candidates
                    .iter()
                    .filter_map(|m| {
                        Some(Choice {
                            piece: m.role(),
                            from: m.from()?,
                            to: m.to(),
                        })
                    })
                    .collect();
                return vec![sentence::for_which_move(&moves)];
            }
            let froms: Vec<Square> = candidates.iter().filter_map(|m| m.from()).collect();
            let piece = candidates
                .first()
                .map_or(shakmaty::Role::Pawn, |m| m.role());
            let to = candidates.first().map_or(Square::A1, |m| m.to());
            sentence::for_ambiguous(piece, &froms, to)
        }
        Verdict::Unreadable => Sentence::Unreadable {
            input: Typed(input.chars().take(40).collect()),
        },
    };
    vec![one]
}

/// What a learner (or an author) is told about a FEN that does not read, in `lang`: what a
/// FEN is, or why the position cannot happen. The parser's own words stay in the error.
#[must_use]
pub fn fen_error_text(error: &super::FenError, lang: Lang) -> String {
    if error.is_syntax() {
        Sentence::FenNotWhole
    } else {
        Sentence::FenImpossible
    }
    .to(lang)
}
