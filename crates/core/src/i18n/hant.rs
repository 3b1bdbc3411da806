//! Traditional Chinese from Simplified: the `zhconv` converter (OpenCC and MediaWiki tables,
//! GPL-2.0-or-later) with the chess terms as Taiwan and Hong Kong teachers write them, and
//! Taiwan's forms of the words the bot uses (回覆, 複習, 選單, 訊息 …).
//!
//! The one word a general converter gets wrong is the queen: 后 is the queen, but it is also
//! the simplified form of 後 ("after", "behind"), and a converter turns a lone 后 into 後. Here
//! each 后 is placed by [`place_hou`] (see [`hou`] for the rules): the queen stays 后, "after"
//! becomes 後, and a 后 that could be either is reported by [`unclear_hou`], so that `check`
//! asks the author to say which it is.
//!
//! ```
//! use chess_tutor_core::i18n::hant::to_traditional;
//! assert_eq!(to_traditional("白后走到e4以后，黑马被将军了。"), "白后走到e4以後，黑馬被將軍了。");
//! assert_eq!(to_traditional("后翼易位"), "后翼易位");
//! ```

pub mod hou;

pub use hou::{Hou, place_hou};

/// Fixes after the general conversion, as Taiwan's standard forms have them (the course never
/// uses these characters in their other senses): the chess clock is 鐘 (the converter picks
/// 鍾); "in" is 裡 (局面裡; the converter keeps 里 where it could be a mile); a move and the
/// particle are 著 (著法, 斜著走; the converter keeps the variant 着); "to reply" is 回覆 and
/// "to review" 複習 (the converter writes 回複, 回復 and 覆習 by turns); 光桿 (a lone king),
/// 座標 and 佔 (to occupy) are Taiwan's forms; the bot's own words are Taiwan's: 選單 (menu),
/// 訊息 (message), 連結 (link).
const FIXES: &[(&str, &str)] = &[
    ("鍾", "鐘"),
    ("里", "裡"),
    ("裏", "裡"),
    ("着", "著"),
    ("回複", "回覆"),
    ("回復", "回覆"),
    ("覆習", "複習"),
    ("光杆", "光桿"),
    ("坐標", "座標"),
    ("占", "佔"),
    ("菜單", "選單"),
    ("消息", "訊息"),
    ("鏈接", "連結"),
    // Taiwan usage in the class and friend-game strings (review 2026-12-06 L3).
    ("群聊", "群組"),
    ("私聊", "私訊"),
    ("發送", "傳送"),
];

/// A character the converter leaves alone, standing in for a queen while converting.
const QUEEN_MARK: char = '\u{E000}';

/// `text` in Traditional Chinese.
#[must_use]
pub fn to_traditional(text: &str) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for (i, place) in place_hou(text) {
        chars[i] = match place {
            Hou::After => '後',
            // An unclear 后 is written as the queen; `check` reports it.
            Hou::Queen | Hou::Unclear => QUEEN_MARK,
        };
    }
    let marked: String = chars.into_iter().collect();
    let mut out = zhconv::zhconv(&marked, zhconv::Variant::ZhHant).replace(QUEEN_MARK, "后");
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

/// The char indexes of every 后 in `text` that [`place_hou`] cannot place: an author should
/// write "after" as a word (以后, 之后) or name the queen plainly (白后, 用后).
///
/// ```
/// use chess_tutor_core::i18n::hant::unclear_hou;
/// assert!(unclear_hou("白后在d1。").is_empty());
/// assert_eq!(unclear_hou("吃了马后马上走"), vec![3]);
/// ```
#[must_use]
pub fn unclear_hou(text: &str) -> Vec<usize> {
    place_hou(text)
        .into_iter()
        .filter(|(_, p)| *p == Hou::Unclear)
        .map(|(i, _)| i)
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
            ("走完以后按钟", "走完以後按鐘"),
            ("这个局面里，兵斜着吃子", "這個局面裡，兵斜著吃子"),
            ("合法的着法", "合法的著法"),
            ("d5只换了横线", "d5只換了橫線"),
            ("用同一只手", "用同一隻手"),
            ("练习里的两个王", "練習裡的兩個王"),
            ("前后左右", "前後左右"),
            ("可以后退一格", "可以後退一格"),
        ] {
            assert_eq!(to_traditional(simplified), traditional, "{simplified}");
        }
    }

    /// Finding C1 of the first-hour review and L18–L20 of the content review: the bot wrote
    /// 回複, 回復 and 覆習, and the mainland's 菜單, 消息, 鏈接, 光杆, 坐標, 占.
    #[test]
    fn the_bots_words_in_taiwans_forms() {
        for (simplified, traditional) in [
            (
                "请点按钮，或者回复选项的字母",
                "請點按鈕，或者回覆選項的字母",
            ),
            ("请回复这条消息写上走法", "請回覆這條訊息寫上走法"),
            ("待复习 3 道", "待複習 3 道"),
            ("用 /quiz 复习规则", "用 /quiz 複習規則"),
            ("菜单", "選單"),
            ("把这个链接发给朋友", "把這個連結發給朋友"),
            ("光杆王", "光桿王"),
            ("坐标", "座標"),
            ("被自己的棋子占着", "被自己的棋子佔著"),
        ] {
            assert_eq!(to_traditional(simplified), traditional, "{simplified}");
        }
    }

    #[test]
    fn the_queen_is_never_written_as_after() {
        let t = to_traditional("白后吃掉黑后以后，后翼只剩一个后。");
        assert_eq!(t, "白后吃掉黑后以後，后翼只剩一個后。");
    }
}
