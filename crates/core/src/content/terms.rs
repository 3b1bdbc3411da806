//! The course's named terms (`lessons/glossary/terms.yaml`): a term used before the unit that
//! teaches it, and a name given in one language only.

use std::collections::HashSet;
use std::sync::OnceLock;

use serde::Deserialize;

use super::Problem;
use super::located::Located;

/// One term: its Chinese and English forms and the unit that teaches it (0: none).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Term {
    /// The unit that teaches it; 0 for a name with no place in the order.
    pub unit: u32,
    /// Its Chinese forms, matched as written.
    pub zh: Vec<String>,
    /// Its English forms: whole words, any case, a trailing `*` for any ending.
    pub en: Vec<String>,
    /// Longer Chinese words that hold a form but are not the term (和棋盘 is 和 + 棋盘).
    #[serde(default)]
    pub zh_not: Vec<String>,
}

impl Term {
    /// Whether the Chinese text names this term.
    #[must_use]
    pub fn in_zh(&self, zh: &str) -> bool {
        let mut text = zh.to_owned();
        for not in &self.zh_not {
            text = text.replace(not.as_str(), "□");
        }
        self.zh.iter().any(|t| text.contains(t.as_str()))
    }

    /// Whether the English text names this term.
    #[must_use]
    pub fn in_en(&self, en: &str) -> bool {
        self.en.iter().any(|t| english_has(en, t))
    }
}

/// Whether `text` has the phrase `term` as whole words (any case; `term*` takes any ending).
///
/// ```
/// use chess_tutor_core::content::terms::english_has;
/// assert!(english_has("White castles long.", "castl*"));
/// assert!(english_has("It gives check!", "check"));
/// assert!(!english_has("It is checkmate.", "check"));
/// assert!(!english_has("A stalemate.", "mate"));
/// ```
#[must_use]
pub fn english_has(text: &str, term: &str) -> bool {
    let (term, open) = term.strip_suffix('*').map_or((term, false), |t| (t, true));
    let text = text.to_lowercase();
    let term = term.to_lowercase();
    let word = |c: char| c.is_alphanumeric() || c == '\'';
    text.match_indices(&term).any(|(i, _)| {
        let before_ok = !text[..i].chars().next_back().is_some_and(word);
        let after_ok = open || !text[i + term.len()..].chars().next().is_some_and(word);
        before_ok && after_ok
    })
}

/// The shipped list (`lessons/glossary/terms.yaml`).
pub const TERMS_SOURCE: &str = include_str!("../../../../lessons/glossary/terms.yaml");

/// Parses a term list.
///
/// # Errors
/// [`WordListError`]: the YAML message, with its line.
pub fn parse_terms(source: &str) -> Result<Vec<Term>, WordListError> {
    read_word_list(source)
}

/// A word list (the glossary, the term list) that does not parse.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct WordListError {
    /// The line the YAML reader stopped at (0 when it could not tell).
    pub line: usize,
    /// The YAML reader's message, without its snippet of the file.
    pub message: String,
}

/// Reads a YAML list of words, or says where it stopped.
pub(crate) fn read_word_list<T: serde::de::DeserializeOwned>(
    source: &str,
) -> Result<Vec<T>, WordListError> {
    serde_saphyr::from_str(source).map_err(|e| WordListError {
        line: e
            .location()
            .map_or(0, |l| usize::try_from(l.line()).unwrap_or(usize::MAX)),
        message: e.without_snippet().to_string(),
    })
}

/// The shipped terms (an error if the file does not parse: `check` reports it).
pub fn shipped_terms() -> &'static Result<Vec<Term>, WordListError> {
    static TERMS: OnceLock<Result<Vec<Term>, WordListError>> = OnceLock::new();
    TERMS.get_or_init(|| parse_terms(TERMS_SOURCE))
}

/// Whether the text points a learner to `unit` ("第12课", "unit 12").
fn points_to(zh: &str, en: &str, unit: u32) -> (bool, bool) {
    (
        zh.contains(&format!("第{unit}课")),
        english_has(en, &format!("unit {unit}")) || english_has(en, &format!("units {unit}")),
    )
}

/// A term named in a text of an earlier unit than the one that teaches it, with no pointer to
/// that unit in the text (or, in a lesson, in a text before it in the same lesson).
#[must_use]
pub fn used_before_their_unit(texts: &[Located<'_>], terms: &[Term]) -> Vec<Problem> {
    let mut problems = Vec::new();
    // (group, term index, language): glossed already in this lesson or item.
    let mut glossed: HashSet<(String, usize, bool)> = HashSet::new();
    // An item's texts are read together: a pointer anywhere in the item covers the item.
    for t in texts.iter().filter(|t| t.group.starts_with("item:")) {
        for (k, term) in terms.iter().enumerate() {
            let (zh, en) = points_to(&t.text.zh, &t.text.en, term.unit);
            if zh {
                glossed.insert((t.group.clone(), k, true));
            }
            if en {
                glossed.insert((t.group.clone(), k, false));
            }
        }
    }
    for t in texts {
        for (k, term) in terms.iter().enumerate() {
            if term.unit == 0 || t.unit >= term.unit {
                continue;
            }
            let (zh_points, en_points) = points_to(&t.text.zh, &t.text.en, term.unit);
            for (is_zh, named, points, form) in [
                (true, term.in_zh(&t.text.zh), zh_points, &term.zh[0]),
                (false, term.in_en(&t.text.en), en_points, &term.en[0]),
            ] {
                let key = (t.group.clone(), k, is_zh);
                if points {
                    glossed.insert(key.clone());
                }
                if named && !glossed.contains(&key) {
                    let (lang, pointer) = if is_zh {
                        ("zh", format!("第{}课", term.unit))
                    } else {
                        ("en", format!("unit {}", term.unit))
                    };
                    problems.push(Problem::at(
                        &t.file,
                        Some(t.line),
                        format!(
                            "{}: {lang}: “{form}” is taught in unit {}, but this is unit {}; say what it means and point to it ({pointer}), or say it without the term",
                            t.label, term.unit, t.unit
                        ),
                    ));
                }
            }
        }
    }
    problems
}

/// The names a Chinese text gives (叫“X”, 这叫X, 叫做X): the named words.
#[must_use]
pub fn names_given(zh: &str) -> Vec<String> {
    let mut out = Vec::new();
    for marker in ["叫“", "叫做“", "称为“"] {
        for (i, _) in zh.match_indices(marker) {
            let rest = &zh[i + marker.len()..];
            if let Some(end) = rest.find('”') {
                out.push(rest[..end].to_owned());
            }
        }
    }
    for marker in ["这叫", "就叫", "叫做", "称为"] {
        for (i, _) in zh.match_indices(marker) {
            let rest = &zh[i + marker.len()..];
            if rest.starts_with('“') {
                continue;
            }
            let name: String = rest
                .chars()
                .take_while(|c| !"，。；：、！？（）(),.;:!? ".contains(*c))
                .collect();
            if !name.is_empty() {
                out.push(name);
            }
        }
    }
    out
}

/// Where a Chinese text gives something a name, the English text must give it too: the name
/// must be a term of the list, and the English must name that term.
#[must_use]
pub fn names_in_one_language(texts: &[Located<'_>], terms: &[Term]) -> Vec<Problem> {
    let mut problems = Vec::new();
    for t in texts {
        for name in names_given(&t.text.zh) {
            // The term whose longest Chinese form the name holds (被将军 is 将军).
            let term = terms
                .iter()
                .filter_map(|term| {
                    let longest = term
                        .zh
                        .iter()
                        .filter(|z| name.contains(z.as_str()))
                        .map(|z| z.chars().count())
                        .max()?;
                    Some((longest, term))
                })
                .max_by_key(|(n, _)| *n)
                .map(|(_, term)| term);
            let message = match term {
                None => format!(
                    "{}: zh names “{name}”, which lessons/glossary/terms.yaml does not list: add it with its English name, or do not name it",
                    t.label
                ),
                Some(term) if !term.in_en(&t.text.en) => format!(
                    "{}: zh names “{name}”, but the English does not name it (one of: {})",
                    t.label,
                    term.en.join(", ")
                ),
                Some(_) => continue,
            };
            problems.push(Problem::at(&t.file, Some(t.line), message));
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::Text;
    use std::path::PathBuf;

    fn at<'a>(unit: u32, group: &str, text: &'a Text) -> Located<'a> {
        Located {
            file: PathBuf::from("lessons/quiz/05-queen.yaml"),
            line: 7,
            unit,
            group: group.to_owned(),
            label: "item `x` explanation".to_owned(),
            text,
        }
    }

    #[test]
    fn the_shipped_terms_parse() {
        let terms = shipped_terms().as_ref().expect("terms.yaml parses");
        assert!(
            terms
                .iter()
                .any(|t| t.zh.contains(&"将军".to_owned()) && t.unit == 12)
        );
    }

    /// The review's L27 and M8 (content review, 2026-12-03): the quiz said 将军 in unit 5 and
    /// 将死 in unit 6 with no word of what they are; English said "check" as early.
    #[test]
    fn a_term_before_its_unit_is_reported_unless_pointed_to() {
        let terms = shipped_terms().as_ref().unwrap();
        let early_check = Text::new(
            "对。后走到e4将军，黑王必须应将。",
            "True. The queen on e4 gives check.",
        );
        let found = used_before_their_unit(&[at(5, "item:x", &early_check)], terms);
        assert_eq!(found.len(), 2, "{found:?}");
        assert!(
            found[0].message.contains("“将军” is taught in unit 12"),
            "{found:?}"
        );
        assert!(found[1].message.contains("en: “check”"), "{found:?}");
        let mated = Text::new("王被将死，这盘棋就输了。", "It is lost.");
        let found = used_before_their_unit(&[at(6, "item:y", &mated)], terms);
        assert_eq!(found.len(), 1, "{found:?}");
        // With a pointer to the unit, the term is fine; so it is from its unit on.
        let glossed = Text::new(
            "对。后走到e4将军（攻击对方的王叫将军，第12课细讲）。",
            "True. The queen on e4 gives check (attacks the king; unit 12 tells more).",
        );
        assert!(used_before_their_unit(&[at(5, "item:x", &glossed)], terms).is_empty());
        assert!(used_before_their_unit(&[at(12, "item:x", &early_check)], terms).is_empty());
    }

    #[test]
    fn a_pointer_in_a_lesson_covers_the_steps_after_it() {
        let terms = shipped_terms().as_ref().unwrap();
        let first = Text::new(
            "小心逼和（逼和是和棋，第13课细讲）。",
            "Beware of stalemate (a draw; unit 13 tells more).",
        );
        let later = Text::new("这样是逼和，是和棋。", "That is stalemate, a draw.");
        let texts = [at(11, "lesson:p", &first), at(11, "lesson:p", &later)];
        assert!(used_before_their_unit(&texts, terms).is_empty());
        let texts = [at(11, "lesson:p", &later), at(11, "lesson:p", &first)];
        assert_eq!(used_before_their_unit(&texts, terms).len(), 4);
    }

    /// The review's L3: 用闪将得子，叫“抽将”, with no name in the English.
    #[test]
    fn a_name_given_in_one_language_only_is_reported() {
        let terms = shipped_terms().as_ref().unwrap();
        let l3 = Text::new(
            "马吃c5一边让车将军，一边吃掉黑后。用闪将得子，叫“抽将”。",
            "Nxc5 uncovers the rook's check and takes the queen. Winning material with a discovered check like this is a common tactic.",
        );
        let found = names_in_one_language(&[at(12, "lesson:c", &l3)], terms);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].message.contains("“抽将”"), "{found:?}");
        let both = Text::new(
            "黑车和黑象同时将军，这叫双将。",
            "Rook and bishop both check: a double check.",
        );
        assert!(names_in_one_language(&[at(12, "lesson:c", &both)], terms).is_empty());
        let en_silent = Text::new("这叫双将。", "Both check.");
        assert_eq!(
            names_in_one_language(&[at(12, "lesson:c", &en_silent)], terms).len(),
            1
        );
    }

    #[test]
    fn names_are_read_from_the_chinese() {
        assert_eq!(names_given("这叫双将。叫“送王”，"), ["送王", "双将"]);
        assert_eq!(names_given("这叫“蹩马腿”，马跳不出去"), ["蹩马腿"]);
    }
}
