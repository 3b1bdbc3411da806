//! How to write a move, said to a learner whose input the referee could not read: this
//! task's move (or one like it) in the spelling of their language and in squares (`车e4 或
//! a4e4`, `Re4 or a4e4`), and, for xiangqi notation (`车一进七`) or the cannon (`炮b3`), that
//! chess writes moves by squares. Never an answer the task has not given away: the caller
//! chooses the example.

use shakmaty::{Chess, Move, Position, Role};

use super::words::{Example, Say};
pub(crate) use super::words::{Spell, in_words};
use crate::rules::Lang;
use crate::rules::notation;
use crate::rules::phrase::{self, Xiangqi};

/// The piece an unread input names (`车一进七`, `rook to the end`, `马跳`): the example is
/// then a move of that piece.
fn named_role(input: &str) -> Option<Role> {
    if let Some(Xiangqi::Notation { piece }) = phrase::xiangqi(input) {
        return piece;
    }
    let lower = input.to_lowercase();
    for (word, role) in [
        ("king", Role::King),
        ("queen", Role::Queen),
        ("rook", Role::Rook),
        ("bishop", Role::Bishop),
        ("knight", Role::Knight),
        ("pawn", Role::Pawn),
    ] {
        if lower.contains(word) {
            return Some(role);
        }
    }
    lower.chars().find_map(|c| match c {
        '王' | '帅' | '帥' | '将' | '將' => Some(Role::King),
        '后' | '後' => Some(Role::Queen),
        '车' | '車' => Some(Role::Rook),
        '象' | '相' => Some(Role::Bishop),
        '马' | '馬' => Some(Role::Knight),
        '兵' | '卒' => Some(Role::Pawn),
        _ => None,
    })
}

/// A move to show as the example: `wanted` (the task's own move, when the task already says
/// where it goes), else a legal move not in `avoid`, of the piece the input names if it has
/// one, a quiet one first (an example, not a hint).
#[must_use]
pub(crate) fn example(
    pos: &Chess,
    input: &str,
    wanted: Option<Move>,
    avoid: &[Move],
) -> Option<Move> {
    if let Some(mv) = wanted {
        return Some(mv);
    }
    let role = named_role(input);
    let mut moves: Vec<Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| !avoid.contains(m))
        .collect();
    // Quiet moves first, then by squares: the same example every time.
    moves.sort_by_key(|m| {
        (
            role.is_some_and(|r| m.role() != r),
            m.is_capture() || m.is_promotion() || m.is_castle(),
            notation::uci(*m).to_string(),
        )
    });
    moves.first().copied()
}

/// The moves that give check in `pos`: kept out of the example in a mate task, where they
/// may be the answer.
#[must_use]
pub(crate) fn checks(pos: &Chess) -> Vec<Move> {
    pos.legal_moves()
        .into_iter()
        .filter(|m| {
            let mut after = pos.clone();
            after.play_unchecked(*m);
            after.is_check()
        })
        .collect()
}

/// What to say to an input the referee could not read, in a task that asks for a move:
/// what it was taken for (xiangqi notation, the cannon, or nothing) and how `example` is
/// written.
#[must_use]
pub(crate) fn unread(pos: &Chess, input: &str, example: Option<Move>, lang: Lang) -> String {
    let input: String = input.chars().take(24).collect();
    let spelled = example.map(|mv| Example::new(pos, mv));
    match (phrase::xiangqi(&input), spelled) {
        (Some(Xiangqi::Cannon), Some(spelled)) => Say::UnreadCannon { input, spelled },
        (Some(Xiangqi::Notation { .. }), Some(spelled)) => Say::UnreadXiangqi { input, spelled },
        (_, Some(spelled)) => Say::UnreadMove { input, spelled },
        (_, None) => Say::UnreadMoveNoExample { input },
    }
    .to(lang)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules;
    use crate::rules::{Verdict, parse_fen};

    /// Every spelling shown reads back as the move it shows, in every language.
    #[test]
    fn every_example_reads_back_as_its_move() {
        for fen in [
            "r3k2r/1P6/8/3pP3/8/2N5/8/R3K2R w KQkq d6 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "4k3/8/8/8/8/8/R7/R3K3 w Q - 0 1",
            "4k3/8/8/2N1N3/8/8/8/4K3 w - - 0 1",
        ] {
            let pos = parse_fen(fen).unwrap();
            for mv in pos.legal_moves() {
                for lang in crate::i18n::LANGS {
                    let typed = in_words(&pos, mv, lang);
                    match rules::explain(&pos, &typed) {
                        Verdict::Legal(info) => assert_eq!(info.mv, mv, "{fen}: {typed}"),
                        other => panic!("{fen}: {typed} read as {other:?}"),
                    }
                }
            }
        }
    }

    #[test]
    fn the_example_is_the_wanted_move_else_one_of_the_named_piece_and_never_one_avoided() {
        let pos = parse_fen("4k3/8/8/8/8/8/1R6/4K1N1 w - - 0 1").unwrap();
        let rook = |m: &Move| m.role() == Role::Rook;
        let mv = example(&pos, "车一进七", None, &[]).unwrap();
        assert!(rook(&mv), "{mv:?}");
        let mv = example(&pos, "knight to the end", None, &[]).unwrap();
        assert_eq!(mv.role(), Role::Knight);
        let all: Vec<Move> = pos
            .legal_moves()
            .into_iter()
            .filter(|m| m.role() == Role::Rook)
            .collect();
        let mv = example(&pos, "rook please", None, &all).unwrap();
        assert!(!rook(&mv));
        let wanted = all[0];
        assert_eq!(example(&pos, "x", Some(wanted), &[]), Some(wanted));
    }

    #[test]
    fn xiangqi_and_the_cannon_are_told_apart_from_plain_nonsense() {
        let pos = parse_fen("4k3/8/8/8/8/8/1R6/4K3 w - - 0 1").unwrap();
        let ex = example(&pos, "车一进七", None, &[]);
        let xq = unread(&pos, "车一进七", ex, Lang::Zh);
        assert!(xq.contains("中国象棋"), "{xq}");
        assert!(xq.contains("车") && xq.contains("b2"), "{xq}");
        let cannon = unread(&pos, "炮b3", ex, Lang::Zh);
        assert!(cannon.contains("炮"), "{cannon}");
        let en = unread(&pos, "rook up", ex, Lang::En);
        assert!(en.contains("or b2"), "{en}");
        assert!(!en.contains("Nf3"), "the generic examples are gone: {en}");
    }
}
