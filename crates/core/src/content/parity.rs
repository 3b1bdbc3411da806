//! The two languages of a text say the same things: the same squares, the same units and the
//! same articles of the Laws, and each stays in its own language. A sentence written in one
//! language only usually leaves one of these behind.

use std::collections::BTreeSet;

use super::Problem;
use super::located::Located;

/// Latin words a Chinese text may hold: names with no Chinese form in the course, and the
/// English word the notation unit explains its letter N by.
const LATIN_IN_ZH: &[&str] = &["FIDE", "FEN", "PGN", "Telegram", "Knight"];

/// Chinese characters an English text may hold: the piece letters of Chinese notation.
const CHINESE_IN_EN: &str = "王后车象马兵";

/// The square names of a text (`e4`), also inside moves (`Nf3` names f3).
fn squares(text: &str) -> BTreeSet<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = BTreeSet::new();
    for i in 0..chars.len().saturating_sub(1) {
        let (f, r) = (chars[i], chars[i + 1]);
        // After a letter only as the target of a move (Nf3, exd5), never inside a word.
        let starts = i == 0 || {
            let b = chars[i - 1];
            !b.is_ascii_lowercase() || b == 'x'
        };
        let ends = !chars.get(i + 2).is_some_and(char::is_ascii_alphanumeric);
        if ('a'..='h').contains(&f) && ('1'..='8').contains(&r) && starts && ends {
            out.insert(format!("{f}{r}"));
        }
    }
    out
}

/// The units a text points to (第12课, unit 12).
fn units(zh: &str, en: &str) -> (BTreeSet<String>, BTreeSet<String>) {
    let numbers_after = |text: &str, marker: &str, then: &str| -> BTreeSet<String> {
        text.match_indices(marker)
            .filter_map(|(i, _)| {
                let rest = &text[i + marker.len()..];
                let n: String = rest.chars().take_while(char::is_ascii_digit).collect();
                (!n.is_empty() && rest[n.len()..].starts_with(then)).then_some(n)
            })
            .collect()
    };
    let mut en_units = numbers_after(en, "unit ", "");
    en_units.extend(numbers_after(en, "Unit ", ""));
    en_units.extend(numbers_after(en, "units ", ""));
    (numbers_after(zh, "第", "课"), en_units)
}

/// The article numbers of the Laws a text cites (9.2.2, 6.9).
fn articles(text: &str) -> BTreeSet<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = BTreeSet::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i].is_ascii_digit() && (i == 0 || !chars[i - 1].is_ascii_alphanumeric()) {
            let mut j = i;
            let mut dots = 0;
            while j < chars.len()
                && (chars[j].is_ascii_digit()
                    || (chars[j] == '.' && chars.get(j + 1).is_some_and(char::is_ascii_digit)))
            {
                dots += usize::from(chars[j] == '.');
                j += 1;
            }
            if dots > 0 {
                out.insert(chars[i..j].iter().collect());
            }
            i = j.max(i + 1);
        } else {
            i += 1;
        }
    }
    out
}

/// Words of the other language inside a text: Latin words in Chinese (an English sentence
/// left in), Chinese in English.
fn other_language(zh: &str, en: &str) -> Vec<String> {
    let mut out = Vec::new();
    // Words, with their digits and a leading `/` (exd5 and /play are not English words).
    for word in zh.split(|c: char| !(c.is_ascii_alphanumeric() || c == '/' || c == '\'')) {
        let letters = word.chars().all(|c| c.is_ascii_alphabetic());
        if letters && word.len() >= 3 && !LATIN_IN_ZH.contains(&word) {
            out.push(format!("zh: the English word “{word}”"));
        }
    }
    for c in en.chars() {
        if ('\u{4E00}'..='\u{9FFF}').contains(&c) && !CHINESE_IN_EN.contains(c) {
            out.push(format!("en: the Chinese “{c}”"));
            break;
        }
    }
    out
}

/// An English sentence that stops where the Chinese one ends: in YAML, a ` #` inside a plain
/// value starts a comment and cuts the rest of the text silently.
fn cut_short(zh: &str, en: &str) -> Option<String> {
    let zh_ends = zh.trim_end().ends_with(|c: char| "。？！）”".contains(c));
    let en = en.trim_end();
    let words = en.split_whitespace().count();
    let en_ends = en.ends_with(|c: char| ".?!)\"'…:".contains(c));
    (zh_ends && words >= 3 && !en_ends).then(|| {
        format!("en: the text stops mid-sentence (“…{}”): a ` #` in a plain YAML value starts a comment; quote the value", en.chars().rev().take(20).collect::<Vec<_>>().into_iter().rev().collect::<String>())
    })
}

/// What one text says in one language and not in the other.
#[must_use]
pub fn one_sided(zh: &str, en: &str) -> Vec<String> {
    let mut out = other_language(zh, en);
    out.extend(cut_short(zh, en));
    let (zs, es) = (squares(zh), squares(en));
    let only = |a: &BTreeSet<String>, b: &BTreeSet<String>| -> Vec<String> {
        a.difference(b).cloned().collect()
    };
    let (z, e) = (only(&zs, &es), only(&es, &zs));
    if !z.is_empty() {
        out.push(format!("squares named in zh only: {}", z.join(", ")));
    }
    if !e.is_empty() {
        out.push(format!("squares named in en only: {}", e.join(", ")));
    }
    let (zu, eu) = units(zh, en);
    if zu != eu {
        out.push(format!("units pointed to: zh {zu:?}, en {eu:?}"));
    }
    let (za, ea) = (articles(zh), articles(en));
    if za != ea {
        out.push(format!("articles of the Laws: zh {za:?}, en {ea:?}"));
    }
    out
}

/// [`one_sided`] for every text, as problems.
#[must_use]
pub fn one_sided_texts(texts: &[Located<'_>]) -> Vec<Problem> {
    texts
        .iter()
        .flat_map(|t| {
            one_sided(&t.text.zh, &t.text.en).into_iter().map(move |m| {
                Problem::at(
                    &t.file,
                    Some(t.line),
                    format!("{}: one language says more than the other: {m}", t.label),
                )
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The review's L14: an English saying left untranslated inside the Chinese text.
    #[test]
    fn an_english_sentence_in_the_chinese_is_reported() {
        let l14 = one_sided(
            "角上的马只有2个去处，所以马放在边上作用很小（英文棋谚说：A knight on the rim is dim，边上的马没有光彩）。",
            "A knight in the corner has only two squares; that is why a knight on the rim is weak.",
        );
        assert!(l14.iter().any(|m| m.contains("“knight”")), "{l14:?}");
        assert!(
            one_sided(
                "先说“我摆正”（法语j'adoube）",
                "say \"I adjust\" (j'adoube)"
            )
            .is_empty()
        );
    }

    /// Found while fixing the review's notation findings: two English texts of unit 19 were
    /// cut by a ` #` in their YAML ("… a check adds +, a mate adds" and "Yes. The").
    #[test]
    fn an_english_text_cut_by_a_yaml_comment_is_reported() {
        let cut = one_sided(
            "吃子加x（exd5），将军加+，将死加#，升变写=Q。",
            "A capture adds x (exd5), a check adds +, a mate adds",
        );
        assert!(cut.iter().any(|m| m.contains("mid-sentence")), "{cut:?}");
        assert!(one_sided("将死加#。", "A mate adds #.").is_empty());
    }

    /// A sentence dropped from one language drops its squares, units or articles with it:
    /// the review's M3 quoted 第9.2.3条 against the course's 9.2.2; here one side lost it.
    #[test]
    fn squares_units_and_articles_said_in_one_language_are_reported() {
        let found = one_sided(
            "按国际棋联规则第9.2.2条，易位的可能不同就不是同一局面。（第14课）",
            "With different castling rights it is not the same position.",
        );
        assert_eq!(found.len(), 2, "{found:?}");
        let found = one_sided("黑王在e8，白车在a1。", "The black king is on e8.");
        assert_eq!(found, ["squares named in zh only: a1"]);
        assert!(one_sided("马f3是Nf3。", "The knight to f3 is Nf3.").is_empty());
    }
}
