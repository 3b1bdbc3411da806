//! The sentences a learner reads: one catalogue per language ([`en`], [`zh`]), each naming the
//! piece and the squares.

pub mod en;
pub mod zh;

use shakmaty::{Board, Chess, Position, Role, Square};

use super::effects::MoveInfo;
use super::explain::Verdict;
use super::reason::IllegalReason;

pub use crate::i18n::Lang;
use crate::i18n::hant;

/// A piece's name in `lang` (`车`, `車`, `rook`).
#[must_use]
pub fn piece_name(role: shakmaty::Role, lang: Lang) -> String {
    match lang {
        Lang::En => en::piece(role).to_owned(),
        Lang::Zh => zh::piece(role).to_owned(),
        Lang::ZhHant => hant::to_traditional(zh::piece(role)),
    }
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
    match lang {
        Lang::En => en::reason(reason, board),
        Lang::Zh => zh::reason(reason, board),
        Lang::ZhHant => hant::to_traditional(&zh::reason(reason, board)),
    }
}

/// The sentence for a legal move: what it does.
#[must_use]
pub fn legal_text(pos: &Chess, info: &MoveInfo, lang: Lang) -> String {
    match lang {
        Lang::En => en::legal(pos, info),
        Lang::Zh => zh::legal(pos, info),
        Lang::ZhHant => hant::to_traditional(&zh::legal(pos, info)),
    }
}

/// For a pawn trying to step sideways onto an enemy pawn beside it: the square behind that
/// pawn, where an en passant capture would land (whether or not it is allowed right now), when
/// the pawns stand where a double step can have put them side by side.
fn en_passant_landing(board: &Board, from: Square, to: Square) -> Option<Square> {
    let mover = board.color_at(from)?;
    let beside = board.piece_at(to)?;
    // Only a pawn on its fifth rank can meet a pawn that has just stepped two squares.
    let fifth = mover.fold_wb(shakmaty::Rank::Fifth, shakmaty::Rank::Fourth);
    (beside == (!mover).pawn()
        && from.rank() == fifth
        && to.rank() == fifth
        && from.distance(to) == 1)
        .then(|| to.offset(mover.fold_wb(8, -8)))
        .flatten()
}

/// What a legal move does in words and squares only, with no move letters (`Rh4+`): for a
/// learner who has not met notation yet.
#[must_use]
pub fn legal_in_words(pos: &Chess, info: &MoveInfo, lang: Lang) -> String {
    match lang {
        Lang::En => en::legal_in_words(pos, info),
        Lang::Zh => zh::legal_in_words(pos, info),
        Lang::ZhHant => hant::to_traditional(&zh::legal_in_words(pos, info)),
    }
}

/// The sentence for any verdict; `input` is what the learner typed.
#[must_use]
pub fn verdict_text(pos: &Chess, verdict: &Verdict, input: &str, lang: Lang) -> String {
    let input: String = input.chars().take(40).collect();
    match verdict {
        Verdict::Legal(info) => legal_text(pos, info, lang),
        Verdict::Illegal(reason) => reason_text(reason, pos.board(), lang),
        Verdict::Ambiguous { candidates } => {
            if candidates.iter().all(|m| m.is_castle()) {
                return match lang {
                    Lang::En => en::which_castling(),
                    Lang::Zh => zh::which_castling(),
                    Lang::ZhHant => hant::to_traditional(&zh::which_castling()),
                };
            }
            let first = candidates.first();
            let mixed = candidates.iter().any(|m| {
                Some(m.role()) != first.map(|f| f.role()) || Some(m.to()) != first.map(|f| f.to())
            });
            if mixed {
                let moves: Vec<(Role, Square, Square)> = candidates
                    .iter()
                    .filter_map(|m| Some((m.role(), m.from()?, m.to())))
                    .collect();
                return match lang {
                    Lang::En => en::which_move(&moves),
                    Lang::Zh => zh::which_move(&moves),
                    Lang::ZhHant => hant::to_traditional(&zh::which_move(&moves)),
                };
            }
            let froms: Vec<Square> = candidates.iter().filter_map(|m| m.from()).collect();
            let piece = candidates
                .first()
                .map_or(shakmaty::Role::Pawn, |m| m.role());
            let to = candidates.first().map_or(Square::A1, |m| m.to());
            match lang {
                Lang::En => en::ambiguous(piece, &froms, to),
                Lang::Zh => zh::ambiguous(piece, &froms, to),
                Lang::ZhHant => hant::to_traditional(&zh::ambiguous(piece, &froms, to)),
            }
        }
        Verdict::Unreadable => match lang {
            Lang::En => en::unreadable(&input),
            Lang::Zh => zh::unreadable(&input),
            Lang::ZhHant => hant::to_traditional(&zh::unreadable(&input)),
        },
    }
}

/// Squares joined for a sentence: `e8`, `e8 and d6`, `a1, b2 and c3`.
pub(crate) fn join(squares: &[Square], and: &str, comma: &str) -> String {
    let names: Vec<String> = squares.iter().map(ToString::to_string).collect();
    match names.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{}{and}{last}", init.join(comma)),
    }
}
