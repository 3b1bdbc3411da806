//! Moves written as beginners write them, rewritten to a spelling [`super::input`] reads:
//! a verb between the piece and its square (`王走到h1`, `马跳f6`, `把車走到e4`, `rook to e4`,
//! `bishop takes e5`), the queen as the Traditional input methods give it first (`後h5`),
//! castling in words (`castle`, `castle long`).
//!
//! These are lenient readings, applied only to what no exact reading takes: every rewrite
//! needs a word that no notation contains (a verb, `to`, `takes`, `castle`, `後`), so a move
//! written exactly never comes here, and the rewrite keeps the piece and the squares as they
//! were typed: it never makes another piece's move of a move the referee refuses.
//!
//! Xiangqi notation (`车一进七`, `马二进三`) and the cannon (`炮b3`) name moves on another
//! board: they are not rewritten but recognised by [`xiangqi`], so that the learner can be told
//! how the move is written in chess.
//!
//! ```
//! use chess_tutor_core::rules::phrase::canonical;
//! assert_eq!(canonical("王走到h1").as_deref(), Some("王h1"));
//! assert_eq!(canonical("rook to e4").as_deref(), Some("Re4"));
//! assert_eq!(canonical("castle long").as_deref(), Some("O-O-O"));
//! assert_eq!(canonical("後h5").as_deref(), Some("后h5"));
//! assert_eq!(canonical("Re4"), None);
//! ```

use shakmaty::Role;

/// Inputs longer than this are not looked at (they are refused as moves anyway).
const MAX_CHARS: usize = 64;

/// Chinese verbs of moving that may stand between a piece and its square, longest first
/// (`走到` before `走`).
const ZH_VERBS: &[&str] = &[
    "移动到",
    "移動到",
    "走到",
    "跳到",
    "移到",
    "走去",
    "跳去",
    "飞到",
    "飛到",
    "前进到",
    "前進到",
    "退到",
    "到",
    "走",
    "跳",
    "去",
    "移",
];

/// The words in front of a Chinese move that say nothing about it (`把车走到e4`: "take the
/// rook and …"; `从e2走到e4`: "from").
const ZH_PARTICLES: &[char] = &['把', '将', '將', '从', '從', '用'];

/// The names Taiwan gives the pieces (lesson 1 tells them), as the piece characters the move
/// reader reads: `騎士f3` is `马f3`.
const TAIWAN_NAMES: &[(&str, &str)] = &[
    ("國王", "王"),
    ("国王", "王"),
    ("皇后", "后"),
    ("城堡", "车"),
    ("主教", "象"),
    ("騎士", "马"),
    ("骑士", "马"),
    ("士兵", "兵"),
];

/// English piece words and their letters.
const EN_PIECES: &[(&str, char)] = &[
    ("king", 'K'),
    ("queen", 'Q'),
    ("rook", 'R'),
    ("bishop", 'B'),
    ("knight", 'N'),
    ("horse", 'N'),
    ("pawn", 'P'),
];

/// English words that only say "moves" or "to" (`rook to e4`, `move the rook to e4`).
const EN_FILLERS: &[&str] = &[
    "to", "move", "moves", "go", "goes", "the", "my", "a", "on", "from", "-", "→", "->",
];

/// English words for a capture.
const EN_CAPTURES: &[&str] = &["takes", "take", "captures", "capture", "x", "×"];

/// The input in a spelling the move reader knows, or `None` when there is nothing to rewrite
/// (it is already a spelling the reader knows, or it is not a move at all).
#[must_use]
pub fn canonical(input: &str) -> Option<String> {
    if input.chars().count() > MAX_CHARS {
        return None;
    }
    let trimmed = input
        .trim()
        .trim_end_matches(['。', '！', '!', '.', '？', '?']);
    if trimmed.is_empty() {
        return None;
    }
    let rewritten = if trimmed.is_ascii() {
        english(trimmed)?
    } else {
        chinese(trimmed)?
    };
    (rewritten != input && !rewritten.is_empty()).then_some(rewritten)
}

/// `王走到h1` → `王h1`, `把車走到e4` → `車e4`, `後h5` → `后h5`, `e2走到e4` → `e2e4`.
fn chinese(text: &str) -> Option<String> {
    // The queen as a Traditional input method writes it: 後 (behind) is never part of a move
    // otherwise.
    let mut s: String = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| if c == '後' { '后' } else { c })
        .collect();
    let queen_written = s
        != text
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect::<String>();
    let mut named = false;
    for (name, piece) in TAIWAN_NAMES {
        if s.contains(name) {
            s = s.replace(name, piece);
            named = true;
        }
    }
    let before = s.clone();
    if let Some(rest) = s.strip_prefix(ZH_PARTICLES) {
        s = rest.to_owned();
    }
    // A particle may come again after the piece: `车从a4走到e4`.
    for p in ZH_PARTICLES {
        s = s.replacen(*p, "", 1);
    }
    let mut verb = false;
    for v in ZH_VERBS {
        if let Some(at) = s.find(v) {
            // Only between the piece (or the from-square) and the target, never at the end.
            let after = &s[at + v.len()..];
            if !after.is_empty() && at > 0 {
                s = format!("{}{after}", &s[..at]);
                verb = true;
                break;
            }
        }
    }
    // 吃 is read by the move reader itself; a verb before it (`车去吃马`) is not needed.
    (verb || queen_written || named || s != before).then_some(s)
}

/// `rook to e4` → `Re4`, `bishop takes e5` → `Bxe5`, `rook takes knight` → `RxN`,
/// `e2 to e4` → `e2e4`, `castle long` → `O-O-O`.
fn english(text: &str) -> Option<String> {
    let lower = text.to_ascii_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    if let Some(castle) = castling(&words) {
        return Some(castle.to_owned());
    }
    if words.len() < 2 {
        return None;
    }
    let mut out = String::new();
    let mut changed = false;
    for w in &words {
        if let Some((_, letter)) = EN_PIECES.iter().find(|(name, _)| *name == *w) {
            out.push(*letter);
            changed = true;
        } else if EN_CAPTURES.contains(w) {
            out.push('x');
            changed |= *w != "x";
        } else if EN_FILLERS.contains(w) {
            // "to", "move", "the": nothing of the move itself.
            changed = true;
        } else if is_square(w) || is_piece_letter(w) {
            out.push_str(w);
        } else {
            return None;
        }
    }
    // A move starts with its piece or its square (`take the pawn` names neither).
    let starts_well = out
        .chars()
        .next()
        .is_some_and(|c| "KQRBNPabcdefgh".contains(c));
    (changed && starts_well).then_some(out)
}

/// `castle`, `castles`, `castle long`, `long castle`, `castle kingside`, `0-0 castle`…
fn castling(words: &[&str]) -> Option<&'static str> {
    if !words
        .iter()
        .any(|w| *w == "castle" || *w == "castles" || *w == "castling")
    {
        return None;
    }
    let rest: Vec<&&str> = words
        .iter()
        .filter(|w| !matches!(**w, "castle" | "castles" | "castling" | "to" | "the"))
        .collect();
    match rest.as_slice() {
        [] => Some("王车易位"),
        [side] => match **side {
            "long" | "queenside" | "queen-side" | "left" => Some("O-O-O"),
            "short" | "kingside" | "king-side" | "right" => Some("O-O"),
            _ => None,
        },
        [a, b] => match (**a, **b) {
            ("queen", "side") => Some("O-O-O"),
            ("king", "side") => Some("O-O"),
            _ => None,
        },
        _ => None,
    }
}

fn is_square(w: &str) -> bool {
    let b = w.as_bytes();
    b.len() == 2 && (b'a'..=b'h').contains(&b[0]) && (b'1'..=b'8').contains(&b[1])
}

fn is_piece_letter(w: &str) -> bool {
    matches!(w, "k" | "q" | "r" | "n" | "p")
}

/// A move written in xiangqi notation, or the xiangqi cannon.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Xiangqi {
    /// Xiangqi notation (`车一进七`, `马二进三`, `炮8平5`): the chess piece it names, when chess
    /// has it (the advisor and the cannon have no chess piece).
    Notation {
        /// The piece.
        piece: Option<Role>,
    },
    /// The cannon (`炮b3`): chess has no such piece.
    Cannon,
}

/// Recognises xiangqi notation and the cannon.
///
/// ```
/// use chess_tutor_core::rules::phrase::{Xiangqi, xiangqi};
/// use shakmaty::Role;
/// assert_eq!(xiangqi("车一进七"), Some(Xiangqi::Notation { piece: Some(Role::Rook) }));
/// assert_eq!(xiangqi("馬二進三"), Some(Xiangqi::Notation { piece: Some(Role::Knight) }));
/// assert_eq!(xiangqi("炮b3"), Some(Xiangqi::Cannon));
/// assert_eq!(xiangqi("车e4"), None);
/// ```
#[must_use]
pub fn xiangqi(input: &str) -> Option<Xiangqi> {
    let s: Vec<char> = input.chars().filter(|c| !c.is_whitespace()).collect();
    if s.len() > MAX_CHARS {
        return None;
    }
    const NUMBER: &str = "一二三四五六七八九123456789１２３４５６７８９";
    const DIRECTION: &str = "进進退平";
    // piece file direction number (`车一进七`, `炮8平5`), or, for one of two pieces of a kind
    // on a file, 前/后/中 piece direction number (`前马进四`).
    let (piece, file, direction, number) = match s.as_slice() {
        ['前' | '后' | '後' | '中', piece, direction, number] => {
            (*piece, '一', *direction, *number)
        }
        [piece, file, direction, number] => (*piece, *file, *direction, *number),
        _ => (' ', ' ', ' ', ' '),
    };
    if NUMBER.contains(file) && DIRECTION.contains(direction) && NUMBER.contains(number) {
        return match piece {
            '炮' | '砲' | '包' => Some(Xiangqi::Cannon),
            p => xiangqi_piece(p).map(|piece| Xiangqi::Notation { piece }),
        };
    }
    // The cannon, with a square or a capture, or alone.
    if s.first().is_some_and(|c| matches!(c, '炮' | '砲' | '包')) && s.len() <= 6 {
        return Some(Xiangqi::Cannon);
    }
    None
}

/// The chess piece of a xiangqi piece's character (`None`: the advisor, which chess has not).
fn xiangqi_piece(c: char) -> Option<Option<Role>> {
    Some(match c {
        '车' | '車' | '俥' => Some(Role::Rook),
        '马' | '馬' | '傌' => Some(Role::Knight),
        '相' | '象' => Some(Role::Bishop),
        '帅' | '帥' | '将' | '將' => Some(Role::King),
        '兵' | '卒' => Some(Role::Pawn),
        '仕' | '士' => None,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{MoveInput, parse_input};
    use shakmaty::Square;

    #[test]
    fn chinese_verbs_between_the_piece_and_its_square() {
        for (typed, read) in [
            ("王走到h1", "王h1"),
            ("马跳f6", "马f6"),
            ("马跳到f6", "马f6"),
            ("馬跳到f3", "馬f3"),
            ("把車走到e4", "車e4"),
            ("把车走到e4。", "车e4"),
            ("车到e4", "车e4"),
            ("车从a4走到e4", "车a4e4"),
            ("e2走到e4", "e2e4"),
            ("从e2走到e4", "e2e4"),
            ("後h5", "后h5"),
            ("皇後h5", "后h5"),
            ("把後走到h5", "后h5"),
            // Review 2026-12-06 L4: the Taiwan names lesson 1 teaches.
            ("騎士f3", "马f3"),
            ("主教c4", "象c4"),
            ("城堡h3", "车h3"),
            ("國王e2", "王e2"),
            ("士兵e4", "兵e4"),
            ("把騎士走到f3", "马f3"),
        ] {
            assert_eq!(canonical(typed).as_deref(), Some(read), "{typed}");
        }
    }

    #[test]
    fn english_phrases() {
        for (typed, read) in [
            ("rook to e4", "Re4"),
            ("Rook to E4", "Re4"),
            ("move the rook to e4", "Re4"),
            ("knight to f3", "Nf3"),
            ("bishop takes e5", "Bxe5"),
            ("rook takes knight", "RxN"),
            ("e2 to e4", "e2e4"),
            ("pawn to e4", "Pe4"),
            ("castle", "王车易位"),
            ("Castle long", "O-O-O"),
            ("castle kingside", "O-O"),
            ("long castle", "O-O-O"),
            ("castle queen side", "O-O-O"),
        ] {
            assert_eq!(canonical(typed).as_deref(), Some(read), "{typed}");
        }
    }

    #[test]
    fn exact_spellings_and_words_that_are_no_move_are_left_alone() {
        for typed in [
            "Re4",
            "e4",
            "e2e4",
            "O-O",
            "马f3",
            "车吃马",
            "hello",
            "take the pawn",
            "好",
            "嗯？",
            "走",
            "到e4",
            "rook",
            "to e4 please",
        ] {
            assert_eq!(canonical(typed), None, "{typed}");
        }
    }

    /// What the reader makes of a rewrite is a move of the piece typed, to the square typed.
    #[test]
    fn a_rewrite_keeps_the_piece_and_the_square() {
        let read = |s: &str| parse_input(s).unwrap();
        assert!(matches!(
            read("王走到h1")[0],
            MoveInput::San {
                piece: Role::King,
                to: Square::H1,
                ..
            }
        ));
        assert!(matches!(
            read("rook to e4")[0],
            MoveInput::San {
                piece: Role::Rook,
                to: Square::E4,
                ..
            }
        ));
        assert!(matches!(
            read("後h5")[0],
            MoveInput::San {
                piece: Role::Queen,
                to: Square::H5,
                ..
            }
        ));
        assert!(
            read("castle long") == vec![MoveInput::Castle(Some(shakmaty::CastlingSide::QueenSide))]
        );
        assert_eq!(read("castle"), vec![MoveInput::Castle(None)]);
    }

    #[test]
    fn xiangqi_notation_is_recognised_not_read() {
        for typed in [
            "车一进七",
            "马二进三",
            "炮8平5",
            "前马进四",
            "相三进五",
            "兵七进一",
        ] {
            assert!(xiangqi(typed).is_some(), "{typed}");
            assert!(
                parse_input(typed).is_err(),
                "{typed} must not be read as a move"
            );
        }
        assert_eq!(xiangqi("仕四进五"), Some(Xiangqi::Notation { piece: None }));
        assert_eq!(xiangqi("炮"), Some(Xiangqi::Cannon));
        assert_eq!(xiangqi("炮吃马"), Some(Xiangqi::Cannon));
        assert_eq!(xiangqi("马f3"), None);
    }
}
