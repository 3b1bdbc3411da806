//! A quiz item as a native Telegram quiz poll: its question, options and explanation in one
//! language, each within the limits Telegram sets for polls; an item that does not fit in a
//! language is never posted in it, and `chess-tutor check` names it.

use crate::content::quiz::{Answer, QuizItem};
use crate::i18n::LANGS;
use crate::rules::Lang;
use crate::tutor::classroom::QuizPoll;
use crate::tutor::words::Say;

/// The longest poll question, in characters.
pub const MAX_QUESTION: usize = 300;
/// The longest poll option, in characters.
pub const MAX_OPTION: usize = 100;
/// The most options a poll has.
pub const MAX_OPTIONS: usize = 10;
/// The longest quiz explanation, in characters.
pub const MAX_EXPLANATION: usize = 200;
/// The most line feeds a quiz explanation holds.
pub const MAX_EXPLANATION_LINES: usize = 2;

/// Why an item cannot be a poll in one language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Misfit {
    /// The question is empty or longer than 300 characters (its length).
    Question(usize),
    /// Option `index` (0-based) is empty or longer than 100 characters (its length).
    Option {
        /// Which option.
        index: usize,
        /// Its length.
        length: usize,
    },
    /// Fewer than 2 options or more than 10 (how many).
    Options(usize),
    /// The explanation is longer than 200 characters (its length).
    Explanation(usize),
    /// The explanation has more than 2 line feeds (how many).
    ExplanationLines(usize),
}

impl std::fmt::Display for Misfit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Misfit::Question(n) => write!(f, "question of {n} characters (1–{MAX_QUESTION})"),
            Misfit::Option { index, length } => write!(
                f,
                "option {} of {length} characters (1–{MAX_OPTION})",
                crate::content::quiz::letter(*index)
            ),
            Misfit::Options(n) => write!(f, "{n} options (2–{MAX_OPTIONS})"),
            Misfit::Explanation(n) => {
                write!(
                    f,
                    "explanation of {n} characters (at most {MAX_EXPLANATION})"
                )
            }
            Misfit::ExplanationLines(n) => write!(
                f,
                "explanation with {n} line feeds (at most {MAX_EXPLANATION_LINES})"
            ),
        }
    }
}

/// A bank item that cannot be a poll in some language, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PollMisfit {
    /// The item's index in the list given.
    pub index: usize,
    /// Each language it does not fit in, with what does not fit.
    pub langs: Vec<(Lang, Vec<Misfit>)>,
}

impl std::fmt::Display for PollMisfit {
    /// `not usable as a Telegram quiz poll: en: explanation of 231 characters (at most 200)`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("not usable as a Telegram quiz poll:")?;
        for (i, (lang, misfits)) in self.langs.iter().enumerate() {
            let what: Vec<String> = misfits.iter().map(ToString::to_string).collect();
            let sep = if i == 0 { " " } else { "; " };
            write!(f, "{sep}{lang}: {}", what.join(", "))?;
        }
        Ok(())
    }
}

/// Length as Telegram counts it (UTF-16 code units: a character outside the basic plane
/// counts twice, never less than it may).
fn length(text: &str) -> usize {
    text.encode_utf16().count()
}

/// The poll of `item` in `lang`, for the class quiz `quiz`, or why it cannot be one.
///
/// # Errors
///
/// Every limit the item's texts break in `lang`.
pub fn poll_of(item: &QuizItem, lang: Lang, quiz: i64) -> Result<QuizPoll, Vec<Misfit>> {
    let question = item.question.get(lang).trim().to_owned();
    let (options, correct) = match &item.answer {
        Answer::TrueFalse { correct, .. } => (
            vec![Say::True.to(lang), Say::False.to(lang)],
            if *correct { 0 } else { 1 },
        ),
        Answer::MultipleChoice { choices, correct } => (
            choices
                .iter()
                .map(|c| c.text.get(lang).trim().to_owned())
                .collect(),
            *correct,
        ),
    };
    let explanation = item.explanation.get(lang).trim().to_owned();
    let mut misfits = Vec::new();
    if !(1..=MAX_QUESTION).contains(&length(&question)) {
        misfits.push(Misfit::Question(length(&question)));
    }
    if !(2..=MAX_OPTIONS).contains(&options.len()) {
        misfits.push(Misfit::Options(options.len()));
    }
    for (index, option) in options.iter().enumerate() {
        if !(1..=MAX_OPTION).contains(&length(option)) {
            misfits.push(Misfit::Option {
                index,
                length: length(option),
            });
        }
    }
    if length(&explanation) > MAX_EXPLANATION {
        misfits.push(Misfit::Explanation(length(&explanation)));
    }
    let lines = explanation.matches('\n').count();
    if lines > MAX_EXPLANATION_LINES {
        misfits.push(Misfit::ExplanationLines(lines));
    }
    match u8::try_from(correct) {
        Ok(correct) if misfits.is_empty() => Ok(QuizPoll {
            quiz,
            question,
            options,
            correct,
            explanation,
        }),
        _ => Err(misfits),
    }
}

/// The items of `items` that cannot be polls in some language, and why: what
/// `chess-tutor check` reports (an item that does not fit is never posted in that language;
/// it is no problem of the bank).
#[must_use]
pub fn poll_misfits(items: &[QuizItem]) -> Vec<PollMisfit> {
    items
        .iter()
        .enumerate()
        .filter_map(|(index, item)| {
            let langs: Vec<(Lang, Vec<Misfit>)> = LANGS
                .iter()
                .filter_map(|&lang| poll_of(item, lang, 0).err().map(|m| (lang, m)))
                .collect();
            (!langs.is_empty()).then_some(PollMisfit { index, langs })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::quiz::load_quiz_sources;

    fn item(yaml: &str) -> QuizItem {
        let (items, problems) = load_quiz_sources(&[("07-knight.yaml", yaml)]);
        assert!(problems.is_empty(), "{problems:?}");
        items.into_iter().next().unwrap()
    }

    const TRUE_FALSE: &str = r#"
- id: knight-corner
  unit: 7
  kind: true_false
  question: {zh: "角上的马只有两个格子可走。", en: "A knight in the corner has only two moves."}
  answer: false
  explanation: {zh: "a1的马能跳到b3和c2。", en: "From a1 the knight reaches b3 and c2."}
"#;

    #[test]
    fn a_true_false_item_is_a_poll_of_true_and_false_in_each_language() {
        let item = item(TRUE_FALSE);
        let poll = poll_of(&item, Lang::En, 9).unwrap();
        assert_eq!(poll.options, ["True", "False"]);
        assert_eq!((poll.correct, poll.quiz), (1, 9));
        assert_eq!(poll.explanation, "From a1 the knight reaches b3 and c2.");
        let zh = poll_of(&item, Lang::ZhHant, 9).unwrap();
        assert_eq!(zh.options, ["對", "錯"]);
        assert!(zh.question.contains("馬"), "{}", zh.question);
        assert!(poll_misfits(&[item]).is_empty());
    }

    #[test]
    fn each_limit_is_named_with_the_language_that_breaks_it() {
        let long = "x".repeat(201);
        let yaml = TRUE_FALSE.replace(
            "en: \"From a1 the knight reaches b3 and c2.\"",
            &format!("en: \"{long}\""),
        );
        let misfits = poll_misfits(&[item(&yaml)]);
        assert_eq!(misfits.len(), 1);
        assert_eq!(
            misfits[0].langs,
            [(Lang::En, vec![Misfit::Explanation(201)])]
        );
        assert_eq!(
            misfits[0].to_string(),
            "not usable as a Telegram quiz poll: en: explanation of 201 characters (at most 200)"
        );
        // Three line feeds are one too many; 200 characters are allowed.
        let lines = TRUE_FALSE.replace(
            "en: \"From a1 the knight reaches b3 and c2.\"",
            "en: \"a\\nb\\nc\\nd\"",
        );
        assert_eq!(
            poll_misfits(&[item(&lines)])[0].langs,
            [(Lang::En, vec![Misfit::ExplanationLines(3)])]
        );
        let exactly = TRUE_FALSE.replace(
            "en: \"From a1 the knight reaches b3 and c2.\"",
            &format!("en: \"{}\"", "y".repeat(200)),
        );
        assert!(poll_misfits(&[item(&exactly)]).is_empty());
        // An option over 100 characters, in Chinese only (an emoji counts twice).
        let choice = "♞😀".repeat(34);
        let mc = format!(
            r#"
- id: knight-count
  unit: 7
  kind: multiple_choice
  question: {{zh: "马有几种走法？", en: "How many moves?"}}
  choices:
    - {{zh: "{choice}", en: "2"}}
    - {{zh: "3", en: "3"}}
  answer: a
  explanation: {{zh: "两种。", en: "Two."}}
"#
        );
        let found = poll_misfits(&[item(&mc)]);
        assert_eq!(found.len(), 1);
        let langs: Vec<Lang> = found[0].langs.iter().map(|(l, _)| *l).collect();
        assert_eq!(langs, [Lang::Zh, Lang::ZhHant]);
        assert_eq!(
            found[0].langs[0].1,
            [Misfit::Option {
                index: 0,
                length: 102
            }]
        );
    }

    #[test]
    fn most_of_the_shipped_bank_fits_and_every_misfit_says_why() {
        let (items, problems) =
            crate::content::quiz::load_quiz_sources(crate::content::shipped::QUIZ);
        assert!(problems.is_empty());
        let misfits = poll_misfits(&items);
        assert!(
            misfits.len() < items.len() / 2,
            "{} of {}",
            misfits.len(),
            items.len()
        );
        for m in &misfits {
            assert!(!m.langs.is_empty());
            assert!(m.langs.iter().all(|(_, why)| !why.is_empty()));
        }
    }
}
