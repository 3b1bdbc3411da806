//! The rules referee: reading what a learner types, deciding whether it is a legal move,
//! and if not, which rule forbids it.
//!
//! - [`input`]: reading moves in UCI, SAN, long form, Chinese piece letters, castling words.
//! - [`phrase`]: moves written as beginners write them (`王走到h1`, `rook to e4`), and xiangqi
//!   notation recognised.
//! - [`reason`]: [`IllegalReason`], the rule that forbids a move, with its evidence squares.
//! - [`rule_code`]: [`RuleCode`], a rule's code as progress and events keep it.
//! - [`explain`](mod@explain): from a position and a read move to a [`Verdict`].
//! - [`effects`]: what a legal move does (capture, check, mate…).
//! - [`judge`]: positions and games (check, mate, stalemate, draws with evidence).
//! - [`text`]: the sentences a learner reads, in Simplified Chinese and English.
//! - [`speech`]: a board said in words, and the answers that replace looking at it.

pub mod effects;
pub mod explain;
pub mod fen;
pub mod input;
pub mod json;
pub mod judge;
pub mod notation;
pub mod phrase;
pub mod reason;
pub mod rule_code;
pub mod speech;
pub mod text;

pub use effects::{Effect, MoveInfo};
pub use explain::{Verdict, explain, explain_in_game, explain_squares};
pub use fen::{FenError, parse_fen};
pub use input::{MoveInput, ParseInputError, parse_input};
pub use judge::{DeadMaterial, Game, PositionReport};
pub use reason::{Castling, IllegalReason, RightLost, Rule};
pub use rule_code::RuleCode;
pub use text::Lang;

/// The usual values of the pieces, in pawns (the king is not counted): what a beginner
/// weighs a capture by, and what the searches order captures by.
///
/// ```
/// use chess_tutor_core::rules::piece_value;
/// assert_eq!(piece_value(shakmaty::Role::Rook), 5);
/// ```
#[must_use]
pub fn piece_value(role: shakmaty::Role) -> i32 {
    use shakmaty::Role;
    match role {
        Role::Pawn => 1,
        Role::Knight | Role::Bishop => 3,
        Role::Rook => 5,
        Role::Queen => 9,
        Role::King => 0,
    }
}

/// The position after `legal`, a move of `pos` that is legal by construction (one of
/// `pos.legal_moves()`, or what the referee read as legal in `pos`): the one place a known
/// legal move is played without being checked again, instead of an `expect` at each caller.
///
/// ```
/// use chess_tutor_core::rules::after;
/// use shakmaty::{Chess, Position};
/// let pos = Chess::default();
/// let m = pos.legal_moves()[0];
/// assert_eq!(after(&pos, m).turn(), shakmaty::Color::Black);
/// ```
#[must_use]
pub fn after(pos: &shakmaty::Chess, legal: shakmaty::Move) -> shakmaty::Chess {
    use shakmaty::Position;
    debug_assert!(pos.is_legal(legal), "{legal:?} is not legal here");
    let mut next = pos.clone();
    next.play_unchecked(legal);
    next
}
