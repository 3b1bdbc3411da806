//! How the generator names sides and pieces in its sentences.

use shakmaty::{Board, Color, Role, Square};

use crate::rules::{
    Lang,
    text::{en, zh},
};

pub(super) fn zh_side(c: Color) -> &'static str {
    match c {
        Color::White => "白方",
        Color::Black => "黑方",
    }
}

pub(super) fn en_side(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// "the queen on g7 and the rook on a8" / "g7的后和a8的车".
pub(super) fn squares_with(board: &Board, squares: &[Square], lang: Lang) -> String {
    let parts: Vec<String> = squares
        .iter()
        .map(|sq| {
            let role = board.role_at(*sq).unwrap_or(Role::Pawn);
            match lang {
                Lang::En => format!("the {} on {sq}", en::piece(role)),
                Lang::Zh | Lang::ZhHant => format!("{sq}的{}", zh::piece(role)),
            }
        })
        .collect();
    match lang {
        Lang::En => parts.join(" and "),
        Lang::Zh | Lang::ZhHant => parts.join("和"),
    }
}
