//! An item's answer key: true or false, or the letter of one of its choices, each choice with
//! its claim.

use serde_saphyr::Spanned;

use super::checker::{Checker, line_of};
use super::item::{Answer, Choice, QuizBoard, letter};
use super::raw::{RawAnswer, RawChoice, RawItem};

impl Checker<'_> {
    pub(super) fn true_false(
        &mut self,
        r: &RawItem,
        item_line: Option<usize>,
        board: Option<&QuizBoard>,
    ) -> Option<Answer> {
        if let Some(c) = &r.choices {
            self.problem(line_of(c), "a true_false item has no `choices`");
        }
        let correct = match &r.answer {
            None => {
                self.problem(item_line, "`answer` is missing (true or false)");
                None
            }
            Some(a) => match &a.value {
                RawAnswer::Bool(b) => Some(*b),
                _ => {
                    self.problem(line_of(a), "a true_false item's answer is true or false");
                    None
                }
            },
        };
        let claim = match &r.claim {
            None => None,
            Some(c) => {
                if board.is_none() && r.fen.is_some() {
                    // The FEN's own problem is reported already.
                    self.claim(c)?;
                    return None;
                }
                if r.fen.is_none() {
                    self.problem(line_of(c), "a `claim` needs a `fen` to be judged on");
                }
                Some(self.claim(c)?)
            }
        };
        Some(Answer::TrueFalse {
            correct: correct?,
            claim,
        })
    }

    pub(super) fn multiple_choice(
        &mut self,
        r: &RawItem,
        item_line: Option<usize>,
        board: Option<&QuizBoard>,
    ) -> Option<Answer> {
        if let Some(c) = &r.claim {
            self.problem(
                line_of(c),
                "a multiple_choice item puts its claims on the choices, not on the item",
            );
        }
        let Some(raw_choices) = &r.choices else {
            self.problem(item_line, "a multiple_choice item needs `choices`");
            return None;
        };
        let n = raw_choices.value.len();
        if !(2..=6).contains(&n) {
            self.problem(
                line_of(raw_choices),
                format!("{n} choices: give between 2 and 6"),
            );
        }
        let mut choices = Vec::new();
        let mut ok = true;
        for (i, c) in raw_choices.value.iter().enumerate() {
            match self.choice(c, i, r.fen.is_some(), board.is_some()) {
                Some(c) => choices.push(c),
                None => ok = false,
            }
        }
        let with_claims = choices.iter().filter(|c| c.claim.is_some()).count();
        if ok && with_claims != 0 && with_claims != choices.len() {
            self.problem(
                line_of(raw_choices),
                "give every choice a `claim`, or none: the engine must judge them all",
            );
        }
        let correct = match &r.answer {
            None => {
                self.problem(
                    item_line,
                    "`answer` is missing (the letter of the right choice)",
                );
                None
            }
            Some(a) => match &a.value {
                RawAnswer::Letter(l) => {
                    let l = l.trim().to_ascii_lowercase();
                    let idx = (l.len() == 1)
                        .then(|| l.as_bytes()[0].wrapping_sub(b'a'))
                        .map(usize::from)
                        .filter(|i| *i < n);
                    if idx.is_none() {
                        self.problem(
                            line_of(a),
                            format!(
                                "answer `{l}` is not one of the choices (a..{})",
                                letter(n.saturating_sub(1))
                            ),
                        );
                    }
                    idx
                }
                RawAnswer::Number(n) => {
                    self.problem(
                        line_of(a),
                        format!("answer `{n}`: write the letter of the right choice (a, b, …)"),
                    );
                    None
                }
                RawAnswer::Bool(_) => {
                    self.problem(
                        line_of(a),
                        "a multiple_choice item's answer is the letter of a choice (a, b, …)",
                    );
                    None
                }
            },
        };
        if !ok {
            return None;
        }
        Some(Answer::MultipleChoice {
            choices,
            correct: correct?,
        })
    }

    pub(super) fn choice(
        &mut self,
        c: &Spanned<RawChoice>,
        i: usize,
        has_fen: bool,
        has_board: bool,
    ) -> Option<Choice> {
        let field = format!("choices[{}]", letter(i));
        let text = self.pair(&c.value.zh, &c.value.en, line_of(c), &field);
        let claim = match &c.value.claim {
            None => None,
            Some(cl) => {
                if !has_fen {
                    self.problem(line_of(cl), "a `claim` needs a `fen` to be judged on");
                }
                let claim = self.claim(cl)?;
                if has_fen && !has_board {
                    return None;
                }
                Some(claim)
            }
        };
        Some(Choice { text: text?, claim })
    }
}

#[cfg(test)]
mod tests {
    use crate::content::Problem;
    use crate::content::quiz::{QuizItem, load_quiz_sources};

    fn load(yaml: &str) -> (Vec<QuizItem>, Vec<Problem>) {
        load_quiz_sources(&[("t.yaml", yaml)])
    }

    #[test]
    fn multiple_choice_claims_are_all_judged() {
        let yaml = r#"
- id: which-legal
  unit: 12
  kind: multiple_choice
  fen: "4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1"
  question: {zh: "哪一步合法？", en: "Which move is legal?"}
  choices:
    - {zh: "马c3", en: "Nc3", claim: {kind: legal_move, move: Nc3}}
    - {zh: "王d2", en: "Kd2", claim: {kind: legal_move, move: Kd2}}
  answer: b
  explanation: {zh: "e2的马被牵制。", en: "The knight on e2 is pinned."}
"#;
        let (items, problems) = load(yaml);
        assert!(problems.is_empty(), "{problems:?}");
        assert!(items[0].is_engine_checked());
        let wrong = yaml.replace("answer: b", "answer: a");
        let (_, problems) = load(&wrong);
        assert_eq!(problems.len(), 1);
        assert_eq!(problems[0].line, Some(10));
        assert!(
            problems[0].message.contains("answer is `a`"),
            "{}",
            problems[0]
        );
    }
}
