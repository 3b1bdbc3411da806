//! Chess notation in a learner's text: SAN moves (`Nf3`, `exd5`, `e8=Q`, `O-O`), long moves
//! (`Ng1-f3`) and move numbers (`1.e4`, `2...Nc6`, `2.马f3`), in either language. The course
//! teaches notation in one unit; before it, moves are said in words ("the knight to f3",
//! 马走到f3 / 马f3), or the notation is glossed where it is introduced.

/// Pieces of the Chinese piece-letter notation (马f3), which the course uses from unit 1.
const CHINESE_PIECES: &str = "王后车象马兵";

/// The notation in `text` that no gloss explains: each move or move number as written.
///
/// A move is glossed in Chinese when `记作` / `写作` / `记谱` comes right before it or `（`
/// right after it; in English when "written " comes right before it.
///
/// ```
/// use chess_tutor_core::content::notation::notation_in;
/// assert_eq!(notation_in("Nh3 is legal, and so is 1.e4 e5 2.Nf3."), ["Nh3", "1.e4", "2.Nf3"]);
/// assert_eq!(notation_in("走了1.d4 d5之后"), ["1.d4"]);
/// assert!(notation_in("short castling (written O-O); the knight to f3; 马f3").is_empty());
/// ```
#[must_use]
pub fn notation_in(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut found = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let starts_word = i == 0 || !(chars[i - 1].is_ascii_alphanumeric() || chars[i - 1] == '.');
        let len = if starts_word {
            move_number_len(&chars[i..]).or_else(|| san_len(&chars[i..]))
        } else {
            None
        };
        if let Some(len) = len {
            if !glossed(&chars, i, len) {
                found.push(chars[i..i + len].iter().collect());
            }
            i += len;
        } else {
            i += 1;
        }
    }
    found
}

/// Whether the notation at `chars[i..i + len]` is explained where it stands.
fn glossed(chars: &[char], i: usize, len: usize) -> bool {
    let before: String = chars[i.saturating_sub(8)..i].iter().collect();
    ["记作", "写作", "记谱"].iter().any(|g| before.ends_with(g))
        || before.ends_with("written ")
        || chars.get(i + len) == Some(&'（')
}

/// The length of a move number with its move at the start of `s` (`1.e4`, `2...Nc6`,
/// `2.马f3`), if one is there. (`5. Bd5` is a sentence ending in 5, then a move.)
fn move_number_len(s: &[char]) -> Option<usize> {
    let digits = s.iter().take_while(|c| c.is_ascii_digit()).count();
    if digits == 0 || digits > 3 || s.get(digits) != Some(&'.') {
        return None;
    }
    let mut n = digits + 1;
    if s.get(n..n + 2) == Some(&['.', '.'][..]) {
        n += 2;
    }
    let rest = &s[n.min(s.len())..];
    let mv = san_len(rest)
        .or_else(|| pawn_len(rest))
        .or_else(|| chinese_len(rest))?;
    Some(n + mv)
}

/// A bare pawn move (`e4`) right after a move number.
fn pawn_len(s: &[char]) -> Option<usize> {
    let square = s.first().is_some_and(|c| ('a'..='h').contains(c))
        && s.get(1).is_some_and(|c| ('1'..='8').contains(c));
    (square && !s.get(2).is_some_and(char::is_ascii_alphanumeric)).then_some(2)
}

/// A move in Chinese piece letters (`马f3`, `后吃e5`) right after a move number.
fn chinese_len(s: &[char]) -> Option<usize> {
    if !s.first().is_some_and(|c| CHINESE_PIECES.contains(*c)) {
        return None;
    }
    let n = if s.get(1) == Some(&'吃') { 2 } else { 1 };
    pawn_len(&s[n.min(s.len())..]).map(|p| n + p)
}

/// The length of a SAN move at the start of `s`, if one is there: a piece move (`Nf3`,
/// `Nbd2`, `R1e2`, `Bxa1`, and the long form `Ng1-f3`), a pawn capture (`exd5`), a promotion
/// (`e8=Q`), castling (`O-O`, `0-0-0`), each with an optional `+` or `#`.
#[must_use]
pub fn san_len(s: &[char]) -> Option<usize> {
    let file = |c: Option<&char>| c.is_some_and(|c| ('a'..='h').contains(c));
    let rank = |c: Option<&char>| c.is_some_and(|c| ('1'..='8').contains(c));
    let text: String = s.iter().take(5).collect();
    for castle in ["O-O-O", "0-0-0", "O-O", "0-0"] {
        if text.starts_with(castle) {
            let n = castle.len();
            let n = if s.get(n).is_some_and(|c| *c == '+' || *c == '#') {
                n + 1
            } else {
                n
            };
            return Some(n);
        }
    }
    let mut n;
    if s.first().is_some_and(|c| "KQRBN".contains(*c)) {
        n = 1;
        // Disambiguation, capture, target (and `-` of the long form): the last square wins.
        let mut j = 1;
        let mut last = None;
        while j < s.len() && j <= 7 {
            let c = s[j];
            if !(c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-') {
                break;
            }
            if file(s.get(j)) && rank(s.get(j + 1)) {
                last = Some(j + 2);
            }
            j += 1;
        }
        n = last?.max(n);
    } else if file(s.first()) && s.get(1) == Some(&'x') && file(s.get(2)) && rank(s.get(3)) {
        n = 4;
    } else if file(s.first())
        && rank(s.get(1))
        && s.get(2) == Some(&'=')
        && s.get(3).is_some_and(|c| "QRBN".contains(*c))
    {
        // A promotion with a Latin piece letter (`e8=Q`); `e8=后` is the Chinese form.
        n = 2;
    } else {
        return None;
    }
    if s.get(n) == Some(&'=') && s.get(n + 1).is_some_and(|c| "QRBN".contains(*c)) {
        n += 2;
    }
    if s.get(n).is_some_and(|c| *c == '+' || *c == '#') {
        n += 1;
    }
    // `Nf3a` or `Nf3x`: not a move.
    (!s.get(n).is_some_and(char::is_ascii_alphanumeric)).then_some(n)
}

/// Move forms a beginner cannot read before the notation unit, beyond [`notation_in`]'s SAN
/// (review 2026-12-06 M2): the long form of a pawn move or of a Chinese piece move (`d7-d5`,
/// `马g1-f3`; not a diagonal's name, `a1-h8斜线` / `the a1-h8 diagonal`), a promotion written
/// with `=` (`e8=后`), and an English pawn move said as a bare square (`White has played e4`,
/// `e6 is only one square`). Glossed as [`notation_in`] glosses (`记作d7-d5`, `written e4`).
///
/// ```
/// use chess_tutor_core::content::notation::move_forms_in;
/// assert_eq!(move_forms_in("黑方刚走了d7-d5，马g1-f3"), ["d7-d5", "马g1-f3"]);
/// assert_eq!(move_forms_in("e8=后 or White has played e4"), ["=后", "played e4"]);
/// assert!(move_forms_in("the a1-h8 diagonal; a1-h8斜线; the pawn from d7 to d5").is_empty());
/// ```
#[must_use]
pub fn move_forms_in(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let square = |i: usize| {
        chars.get(i).is_some_and(|c| ('a'..='h').contains(c))
            && chars.get(i + 1).is_some_and(|c| ('1'..='8').contains(c))
    };
    let mut found = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let word_start = i == 0 || !chars[i - 1].is_ascii_alphanumeric();
        // `d7-d5`, `马g1-f3`.
        let piece = CHINESE_PIECES.contains(chars[i]) && square(i + 1);
        let from = if piece { i + 1 } else { i };
        if (piece || word_start)
            && square(from)
            && chars.get(from + 2) == Some(&'-')
            && square(from + 3)
        {
            let end = from + 5;
            let rest: String = chars[end..(end + 20).min(chars.len())].iter().collect();
            let before: String = chars[i.saturating_sub(12)..i].iter().collect();
            let diagonal = ["斜线", "对角线", "diagonal"]
                .iter()
                .any(|d| rest.contains(d) || before.contains(d));
            if !diagonal && !glossed(&chars, i, end - i) {
                found.push(chars[i..end].iter().collect());
            }
            i = end;
            continue;
        }
        // `=后`.
        if chars[i] == '=' && chars.get(i + 1).is_some_and(|c| "后车象马".contains(*c)) {
            found.push(chars[i..i + 2].iter().collect());
            i += 2;
            continue;
        }
        i += 1;
    }
    // English pawn moves said as a bare square.
    let words: Vec<&str> = text.split(' ').collect();
    for (k, w) in words.iter().enumerate() {
        let bare = |w: &str| {
            let w = w.trim_end_matches([',', '.', ';', ':', ')']);
            w.len() == 2 && square_at(w)
        };
        let verb = matches!(*w, "played" | "plays" | "playing" | "Playing");
        if verb && words.get(k + 1).is_some_and(|n| bare(n)) {
            found.push(format!(
                "{w} {}",
                words[k + 1].trim_end_matches([',', '.', ';', ':', ')'])
            ));
        }
        let after: String = words[(k + 1).min(words.len())..(k + 5).min(words.len())].join(" ");
        let subject = [
            "is only one square",
            "moves the",
            "moves forward",
            "just moves",
            "steps straight",
        ]
        .iter()
        .any(|v| after.starts_with(v));
        if bare(w) && subject && (k == 0 || !matches!(words[k - 1], "on" | "to" | "from" | "of")) {
            found.push(format!(
                "{w} {}",
                words.get(k + 1).copied().unwrap_or_default()
            ));
        }
    }
    found
}

/// Whether `w` is a square name (`e4`).
fn square_at(w: &str) -> bool {
    let b = w.as_bytes();
    b.len() == 2 && (b'a'..=b'h').contains(&b[0]) && (b'1'..=b'8').contains(&b[1])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Review 2026-12-06 M2: the forms it quoted, in both languages.
    #[test]
    fn the_move_forms_the_review_quoted_are_found() {
        for (text, want) in [
            ("黑方刚走了d7-d5。", vec!["d7-d5"]),
            ("Black has just played d7-d5.", vec!["d7-d5"]),
            ("马g1-f3", vec!["马g1-f3"]),
            ("e8=后", vec!["=后"]),
            ("White has played e4 and", vec!["played e4"]),
            (
                "e6 is only one square, and d5 moves the d-pawn",
                vec!["e6 is", "d5 moves"],
            ),
            ("Playing a6 is illegal", vec!["Playing a6"]),
        ] {
            assert_eq!(move_forms_in(text), want, "{text}");
        }
        for fine in [
            "the pawn on e4 moves forward",
            "the a1-h8 diagonal",
            "a1-h8斜线",
            "记作d7-d5",
            "written d7-d5",
            "from d7 to d5",
        ] {
            assert!(
                move_forms_in(fine).is_empty(),
                "{fine}: {:?}",
                move_forms_in(fine)
            );
        }
    }

    #[test]
    fn moves_in_chinese_are_found_unless_glossed() {
        assert_eq!(notation_in("Bxa1是合法的；Nf3也是。"), ["Bxa1", "Nf3"]);
        assert_eq!(notation_in("兵exd5吃子，O-O-O是长易位"), ["exd5", "O-O-O"]);
        assert_eq!(notation_in("e8=Q+将军"), ["e8=Q+"]);
        assert_eq!(notation_in("c8=R以后"), ["c8=R"]);
        assert!(notation_in("e8=后，兵走到e8").is_empty());
        assert_eq!(notation_in("bxa8=Q升变"), ["bxa8=Q"]);
        assert!(notation_in("短易位（记作O-O）").is_empty());
        assert!(notation_in("Nf3（马f3）").is_empty());
        assert!(notation_in("马f3、车g4、后吃e5、e4、d7-d5、法语j'adoube").is_empty());
    }

    /// The review's M7 (content review, 2026-12-03): the texts it quoted, in both languages.
    #[test]
    fn the_notation_the_review_quoted_is_found() {
        for (text, want) in [
            ("Nh3 is legal but goes to h3, not f3.", vec!["Nh3"]),
            (
                "Rg4 stops one square short, and Ra8 goes up the file",
                vec!["Rg4", "Ra8"],
            ),
            ("Bg5 stops one square early", vec!["Bg5"]),
            ("dxc4 takes the knight, not the bishop", vec!["dxc4"]),
            ("e8=R makes a rook", vec!["e8=R"]),
            (
                "Qe2 reaches the e-file … Qd7 are checks",
                vec!["Qe2", "Qd7"],
            ),
            (
                "Qd4 stops in front of the pawn, and Ke2 moves the king",
                vec!["Qd4", "Ke2"],
            ),
            ("Ng1-f3", vec!["Ng1-f3"]),
            ("走了1.d4 d5之后", vec!["1.d4"]),
            (
                "1.e4 e5 2.马f3之后，白马攻击着e5的黑兵。",
                vec!["1.e4", "2.马f3"],
            ),
            ("1.g3 e5", vec!["1.g3"]),
            ("白兵exd6吃过路兵", vec!["exd6"]),
            ("2...Nc6", vec!["2...Nc6"]),
        ] {
            assert_eq!(notation_in(text), want, "{text}");
        }
    }

    #[test]
    fn squares_articles_and_lists_are_not_notation() {
        for text in [
            "the pawn from d7 to d5 (d7-d5)",
            "按国际棋联规则第9.2.2条",
            "Art. 9.3.1",
            "1. 对方的兵刚刚走了两格；2. 它停在旁边",
            "5×8=40",
            "a pawn on e4, squares a1 and h8",
        ] {
            assert!(
                notation_in(text).is_empty(),
                "{text}: {:?}",
                notation_in(text)
            );
        }
    }
}
