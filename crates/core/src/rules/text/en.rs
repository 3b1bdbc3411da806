//! English piece names as plain words (`rook`), from `locales/en/rules.ftl`.

use shakmaty::Role;

use super::Lang;

/// The English name of a piece.
///
/// ```
/// use chess_tutor_core::rules::text::en;
/// assert_eq!(en::piece(shakmaty::Role::Rook), "rook");
/// ```
#[must_use]
pub fn piece(role: Role) -> &'static str {
    super::names(Lang::En, role)
}
