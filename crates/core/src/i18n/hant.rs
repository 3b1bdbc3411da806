//! Traditional Chinese from Simplified: the `zhconv` converter (OpenCC and MediaWiki tables,
//! GPL-2.0-or-later) with the chess terms as Taiwan and Hong Kong teachers write them.
//!
//! The one word a general converter gets wrong is the queen: 后 is the queen, but it is also
//! the simplified form of 後 ("after", "behind"), and a converter turns a lone 后 into 後. Here
//! a 后 stays the queen unless it is part of one of the phrases in [`AFTER`]; a 后 that is
//! neither in such a phrase nor clearly the queen is reported by [`unclear_hou`], so that
//! `check` can ask the author to say which it is.
//!
//! ```
//! use chess_tutor_core::i18n::hant::to_traditional;
//! assert_eq!(to_traditional("白后走到e4以后，黑马被将军了。"), "白后走到e4以後，黑馬被將軍了。");
//! assert_eq!(to_traditional("后翼易位"), "后翼易位");
//! ```

/// Phrases in which 后 means "after", "behind" or "later" (written 後), not the queen.
pub const AFTER: &[&str] = &[
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
    "走完后",
    "走棋后",
    "将军后",
    "提出后",
    "一步后",
    "两步后",
    "两格后",
    "吃完后",
    "升变后",
    "易位后",
    "吃掉后",
    "按钟后",
    "走过后",
    "走了后",
    "走开后",
    "后两种",
    "底线后",
    "边线后",
];

/// Phrases in which 后 is the queen although it could be read otherwise ("you touched the
/// queen", not "after touching").
pub const QUEEN: &[&str] = &["摸了后", "走后。", "吃了后", "拿起后"];

/// Characters that, next to a 后, show it is the queen: the colour before it, a particle or
/// a verb of moving and taking, or a square after it.
const QUEEN_BEFORE: &str =
    "=后白黑王的个用把让吃成为选择和加变、，。；：:“\"'‘ 换到起只有两或及与被";
const QUEEN_AFTER: &str =
    "翼站在从沿和走是能可的吃有只既也不值大过将一被、：”\"' abcdefgh12345678（(";

/// Fixes after the general conversion, as Taiwan's standard forms have them (the course never
/// uses these characters in their other senses): the chess clock is 鐘 (the converter picks
/// 鍾); "in" is 裡 (局面裡; the converter keeps 里 where it could be a mile); a move and the
/// particle are 著 (著法, 斜著走; the converter keeps the variant 着).
const FIXES: &[(&str, &str)] = &[("鍾", "鐘"), ("里", "裡"), ("裏", "裡"), ("着", "著")];

/// A character the converter leaves alone, standing in for a queen while converting.
const QUEEN_MARK: char = '\u{E000}';

/// For each char of `text`, whether it is a 后 covered by one of `phrases`.
fn covered(chars: &[char], phrases: &[&str]) -> Vec<bool> {
    let mut hit = vec![false; chars.len()];
    for phrase in phrases {
        let p: Vec<char> = phrase.chars().collect();
        if p.len() > chars.len() {
            continue;
        }
        for start in 0..=chars.len() - p.len() {
            if chars[start..start + p.len()] == p[..] {
                for (k, c) in p.iter().enumerate() {
                    if *c == '后' {
                        hit[start + k] = true;
                    }
                }
            }
        }
    }
    hit
}

/// For each char of `text`, whether it is a 后 that means "after" (a phrase of [`AFTER`] and
/// none of [`QUEEN`] covers it).
fn after_positions(chars: &[char]) -> Vec<bool> {
    let after = covered(chars, AFTER);
    let queen = covered(chars, QUEEN);
    after.iter().zip(&queen).map(|(a, q)| *a && !q).collect()
}

/// `text` in Traditional Chinese.
#[must_use]
pub fn to_traditional(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let after = after_positions(&chars);
    let marked: String = chars
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            if c == '后' && !after[i] {
                QUEEN_MARK
            } else {
                c
            }
        })
        .collect();
    let target: zhconv::Variant = zhconv::Variant::ZhHant;
    let mut out = zhconv::zhconv(&marked, target).replace(QUEEN_MARK, "后");
    for (wrong, right) in FIXES {
        out = out.replace(wrong, right);
    }
    only_after_a_square(&out)
}

/// After a number the converter reads 只 as the measure word 隻 ("5隻"); after a square name
/// (`d5只换了横线`) it is "only", 只.
fn only_after_a_square(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut previous = ' ';
    for c in text.chars() {
        out.push(if c == '隻' && previous.is_ascii_alphanumeric() {
            '只'
        } else {
            c
        });
        previous = c;
    }
    out
}

/// The char indexes of every 后 in `text` that is read as the queen only by default: not in a
/// phrase of [`AFTER`], and with nothing beside it that shows it is the queen. An author
/// should rephrase, or add the phrase to [`AFTER`].
///
/// ```
/// use chess_tutor_core::i18n::hant::unclear_hou;
/// assert!(unclear_hou("白后在d1。").is_empty());
/// assert_eq!(unclear_hou("吃了马后马上走"), vec![3]);
/// ```
#[must_use]
pub fn unclear_hou(text: &str) -> Vec<usize> {
    let chars: Vec<char> = text.chars().collect();
    let after = after_positions(&chars);
    let queen = covered(&chars, QUEEN);
    (0..chars.len())
        .filter(|&i| chars[i] == '后' && !after[i] && !queen[i])
        .filter(|&i| {
            let before = i.checked_sub(1).map(|j| chars[j]);
            let next = chars.get(i + 1).copied();
            let clear = before.is_none_or(|c| QUEEN_BEFORE.contains(c))
                || next.is_none_or(|c| QUEEN_AFTER.contains(c));
            !clear
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chess_terms_as_teachers_write_them() {
        for (simplified, traditional) in [
            ("王车易位", "王車易位"),
            ("后翼易位", "后翼易位"),
            ("吃过路兵", "吃過路兵"),
            ("升变为后", "升變為后"),
            ("三次重复", "三次重複"),
            ("五十回合规则", "五十回合規則"),
            ("按钟", "按鐘"),
            ("棋钟", "棋鐘"),
            ("马、象、车、兵、王、后", "馬、象、車、兵、王、后"),
            ("然后双方各走一步", "然後雙方各走一步"),
            ("走完后按钟", "走完後按鐘"),
            ("这个局面里，兵斜着吃子", "這個局面裡，兵斜著吃子"),
            ("合法的着法", "合法的著法"),
            ("d5只换了横线", "d5只換了橫線"),
            ("用同一只手", "用同一隻手"),
            ("练习里的两个王", "練習裡的兩個王"),
        ] {
            assert_eq!(to_traditional(simplified), traditional, "{simplified}");
        }
    }

    #[test]
    fn the_queen_is_never_written_as_after() {
        let t = to_traditional("白后吃掉黑后以后，后翼只剩一个后。");
        assert_eq!(t.matches('後').count(), 1, "{t}");
        assert_eq!(t.matches('后').count(), 4, "{t}");
    }
}
