//! Where a Simplified 后 is the queen (后) and where it is "after, behind" (後).
//!
//! Simplified Chinese writes both with one character; Traditional keeps them apart, and a
//! general converter turns every lone 后 into 後. A 后 is placed by these rules, in order:
//!
//! 1. inside a phrase of [`QUEEN_WORDS`] (后翼, 摸了后) it is the queen;
//! 2. inside a word of [`AFTER_WORDS`] (以后, 然后, 后面) matched *as a word*, it is "after":
//!    the word does not count where its first character ends a longer word before it
//!    ([`WORD_ENDINGS`]: 虽然后 is 虽然 + 后, not 然后; 所以后 is 所以 + 后), and a word that
//!    starts with 后 is unclear after a word that names a piece's owner (把后退开: the queen);
//! 3. after a character that shows a piece ([`QUEEN_BEFORE`]: 白后, 的后, 用后, “后 …) or before
//!    a square (后e4) it is the queen;
//! 4. anything else is unclear: `check` reports it, and the author writes the "after" as a word
//!    (走完以后, not 走完后) or names the queen plainly (用后吃f7, not 一步后吃f7).

/// How one 后 is written in Traditional Chinese.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hou {
    /// The queen: 后.
    Queen,
    /// "After, behind, later": 後.
    After,
    /// Neither reading is certain: the converter writes the queen, and `check` asks the author.
    Unclear,
}

/// Words in which 后 means "after", "behind" or "later" (後). Only real words: a 后 after a
/// verb phrase (走完后, 一步后) may as well be the queen that the verb takes, so the course
/// writes 以后 / 之后 there.
pub const AFTER_WORDS: &[&str] = &[
    "以后",
    "之后",
    "然后",
    "最后",
    "后面",
    "后来",
    "随后",
    "先后",
    "前后",
    "此后",
    "今后",
    "往后",
    "落后",
    "背后",
    "事后",
    "过后",
    "稍后",
    "后手",
    "后者",
    "后悔",
    "后果",
    "后续",
    "后退",
    "后方",
    "后边",
    "后头",
    "日后",
    "其后",
    // A list of directions (前、后、左、右), which a list of pieces (王、后、车) never starts.
    "前、后",
];

/// Words that end in the first character of an [`AFTER_WORDS`] word, so that a 后 right after
/// them is not that word's 后 (虽然后 = 虽然 + 后, "although the queen").
pub const WORD_ENDINGS: &[&str] = &[
    // … 然
    "虽然", "当然", "自然", "显然", "既然", "突然", "果然", "居然", "仍然", "依然", "竟然", "忽然",
    "固然", "偶然", "必然", "已然", "全然", "不然", // … 以
    "所以", "可以", "难以", "足以", "得以", "加以", "用以", "予以", "借以", "何以", "是以", "无以",
    // … 之
    "总之", "反之", // … 此
    "因此", "如此", "彼此", "由此", "为此", "对此", "据此", // … 其
    "尤其", "极其", "与其", "及其", // … 先
    "首先", "事先", "原先", "预先", "优先", "领先", "抢先", "率先", // … 前
    "之前", "以前", "从前", "目前", "当前", "眼前", "面前", "跟前", "提前", "向前", "空前", "往前",
    // … 随, 往, 过, 日, 今
    "跟随", "伴随", "以往", "来往", "不过", "经过", "通过", "越过", "走过", "超过", "今日", "每日",
    "平日", "如今",
];

/// Phrases in which 后 is the queen whatever stands around it.
pub const QUEEN_WORDS: &[&str] = &[
    "皇后",
    "王后",
    "后翼",
    "摸了后",
    "吃了后",
    "拿起后",
    "走后。",
    "变成后",
    "变为后",
    "成为后",
    "换成后",
];

/// A character right before 后 that shows a piece: its colour, a possessive or measure word,
/// a verb that takes a piece as its object, a conjunction of a list, or punctuation (the start
/// of a clause).
pub const QUEEN_BEFORE: &str =
    "白黑的个用把让为和与及或被是只有两选择加在王=Q0123456789、，。；：:？！—“\"'‘「（( ";

/// A verb right before 后 that takes the queen as its object (兵吃后) but could also end a
/// clause of "after" (吃后再走): the queen only where the 后 ends the clause, stands before a
/// square, or comes before a word of "after" (王吃后以后).
const QUEEN_TAKEN: &str = "吃";

/// Before a word of [`AFTER_WORDS`] that starts with 后, a character naming whose piece it is:
/// 把后退开 is the queen stepping back, not "to retreat".
const OWNER_BEFORE: &str = "白黑把用让";

/// The placement of every 后 in `text`: (char index, [`Hou`]).
///
/// ```
/// use chess_tutor_core::i18n::hant::{Hou, place_hou};
/// assert_eq!(place_hou("白后走到e4以后"), vec![(1, Hou::Queen), (7, Hou::After)]);
/// assert_eq!(place_hou("虽然后更强"), vec![(2, Hou::Unclear)]);
/// ```
#[must_use]
pub fn place_hou(text: &str) -> Vec<(usize, Hou)> {
    let chars: Vec<char> = text.chars().collect();
    let queen_word = covered(&chars, QUEEN_WORDS, |_, _| true);
    // A word of "after" that starts with 后, right after a piece's owner (把后退开), is not
    // taken as "after": it is unclear below.
    let owned = |start: usize| {
        start
            .checked_sub(1)
            .is_some_and(|j| OWNER_BEFORE.contains(chars[j]))
    };
    let after_word = covered(&chars, AFTER_WORDS, |start, word| {
        !ends_a_longer_word(&chars, start) && (!word.starts_with('后') || !owned(start))
    });
    let owned_after = covered(&chars, AFTER_WORDS, |start, word| {
        !ends_a_longer_word(&chars, start) && word.starts_with('后')
    });
    (0..chars.len())
        .filter(|&i| chars[i] == '后')
        .map(|i| {
            let before = i.checked_sub(1).map(|j| chars[j]);
            let place = if queen_word[i] {
                Hou::Queen
            } else if after_word[i] {
                Hou::After
            } else if owned_after[i] {
                // 把后退开: an owner, then a word of "after": either reading.
                Hou::Unclear
            } else if before.is_none_or(|c| QUEEN_BEFORE.contains(c))
                || square_at(&chars, i + 1)
                || (before.is_some_and(|c| QUEEN_TAKEN.contains(c)) && ends_a_clause(&chars, i))
            {
                Hou::Queen
            } else {
                Hou::Unclear
            };
            (i, place)
        })
        .collect()
}

/// Whether the character at `start` ends a word of [`WORD_ENDINGS`] (so a word starting there
/// is not a word).
fn ends_a_longer_word(chars: &[char], start: usize) -> bool {
    WORD_ENDINGS.iter().any(|w| {
        let w: Vec<char> = w.chars().collect();
        let n = w.len();
        start + 1 >= n && chars[start + 1 - n..=start] == w[..]
    })
}

/// The 后 at `i` ends a clause: punctuation or the end of the text follows, or a word of
/// "after" (以后, 之后).
fn ends_a_clause(chars: &[char], i: usize) -> bool {
    let rest: String = chars[i + 1..].iter().take(2).collect();
    rest.is_empty()
        || rest.starts_with(|c: char| "，。；、：！？）)”".contains(c))
        || rest == "以后"
        || rest == "之后"
}

/// A square name (`e4`) starting at `i`.
fn square_at(chars: &[char], i: usize) -> bool {
    chars.get(i).is_some_and(|c| ('a'..='h').contains(c))
        && chars.get(i + 1).is_some_and(|c| ('1'..='8').contains(c))
}

/// For each char, whether it is a 后 inside a match of one of `words` that `keep` accepts
/// (`keep(start, word)`).
fn covered(chars: &[char], words: &[&str], keep: impl Fn(usize, &str) -> bool) -> Vec<bool> {
    let mut hit = vec![false; chars.len()];
    for word in words {
        let w: Vec<char> = word.chars().collect();
        if w.len() > chars.len() {
            continue;
        }
        for start in 0..=chars.len() - w.len() {
            if chars[start..start + w.len()] == w[..] && keep(start, word) {
                for (k, c) in w.iter().enumerate() {
                    if *c == '后' {
                        hit[start + k] = true;
                    }
                }
            }
        }
    }
    hit
}

#[cfg(test)]
mod tests {
    use super::*;

    fn places(text: &str) -> Vec<Hou> {
        place_hou(text).into_iter().map(|(_, h)| h).collect()
    }

    /// The review's M5 and M6 (content review, 2026-12-03): each of these was converted the
    /// wrong way round, silently.
    #[test]
    fn the_reviews_flipped_hou_are_no_longer_silent() {
        use Hou::{After, Queen, Unclear};
        for (text, want) in [
            // A word inside a longer one: 虽然 + 后, 所以 + 后.
            ("虽然后更强", vec![Unclear]),
            ("所以后也是越靠近中心越灵活", vec![Unclear]),
            // A verb phrase, then the queen or "after": the author must say.
            ("白方威胁下一步后吃f7将死", vec![Unclear]),
            ("下一步后在g7将死", vec![Unclear]),
            ("吃掉后只是得了子力", vec![Unclear]),
            ("把后退开一点", vec![Unclear]),
            ("兵过河后可以横走", vec![Unclear]),
            ("不能先记后走", vec![Unclear]),
            // Said plainly, each is certain.
            ("虽然变成后更强", vec![Queen]),
            ("下一步用后吃f7将死", vec![Queen]),
            ("吃掉对方的后只是得了子力", vec![Queen]),
            ("兵过河以后可以横走", vec![After]),
            ("前后左右都行", vec![After]),
            ("前、后、左、右都行", vec![After]),
            ("可以后退一格", vec![After]),
        ] {
            assert_eq!(places(text), want, "{text}");
        }
    }

    #[test]
    fn words_and_pieces() {
        use Hou::{After, Queen};
        for (text, want) in [
            (
                "白后吃掉黑后以后，后翼只剩一个后。",
                vec![Queen, Queen, After, Queen, Queen],
            ),
            ("后是最强的棋子", vec![Queen]),
            ("后e4", vec![Queen]),
            ("K王、Q后、R车", vec![Queen]),
            ("兵吃后以后", vec![Queen, After]),
            ("让它后面的车将军", vec![After]),
            ("回合数3后面有两步", vec![After]),
            ("你故意先后摸了两个棋子", vec![After]),
            ("你摸了后，所以必须走后。", vec![Queen, Queen]),
            ("然后双方各走一步", vec![After]),
        ] {
            assert_eq!(places(text), want, "{text}");
        }
    }
}
