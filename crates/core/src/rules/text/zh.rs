//! 简体中文的棋子名（`车`），取自 `locales/zh-Hans/rules.ftl`。

use shakmaty::Role;

use super::Lang;

/// 棋子的中文名。
///
/// ```
/// use chess_tutor_core::rules::text::zh;
/// assert_eq!(zh::piece(shakmaty::Role::Rook), "车");
/// ```
#[must_use]
pub fn piece(role: Role) -> &'static str {
    super::names(Lang::Zh, role)
}
