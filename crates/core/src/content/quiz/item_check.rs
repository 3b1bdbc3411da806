//! One item as written: its id, unit and kind, then its texts, board and answer, and at last
//! the engine's judgement of its claims.

use serde_saphyr::Spanned;

use super::checker::{Checker, line_of};
use super::item::{Origin, QuizItem, QuizKind};
use super::raw::RawItem;
use crate::content::MAX_UNIT;

impl Checker<'_> {
    pub(super) fn item(
        &mut self,
        raw: Spanned<RawItem>,
        unit_from_name: Option<i64>,
    ) -> Option<QuizItem> {
        let item_line = line_of(&raw);
        let before = self.problems.len();
        let r = raw.value;

        let id = match &r.id {
            None => {
                self.problem(item_line, "item has no `id`");
                String::new()
            }
            Some(id) => {
                let ok = !id.value.is_empty()
                    && id
                        .value
                        .chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
                if !ok {
                    self.problem(
                        line_of(id),
                        format!(
                            "id `{}`: use lowercase letters, digits and `-` only",
                            id.value
                        ),
                    );
                }
                id.value.clone()
            }
        };
        let at = if id.is_empty() {
            "item".to_string()
        } else {
            format!("item `{id}`")
        };

        let unit = match &r.unit {
            None => {
                self.problem(item_line, format!("{at} has no `unit` (1..{})", MAX_UNIT));
                0
            }
            Some(u) if !(1..=i64::from(MAX_UNIT)).contains(&u.value) => {
                self.problem(
                    line_of(u),
                    format!("unit {} is not a unit number (1..{})", u.value, MAX_UNIT),
                );
                0
            }
            Some(u) => {
                if let Some(n) = unit_from_name
                    && n != u.value
                {
                    self.problem(
                        line_of(u),
                        format!("unit {} in a file named for unit {n}", u.value),
                    );
                }
                u8::try_from(u.value).unwrap_or(0)
            }
        };

        let kind = match &r.kind {
            None => {
                self.problem(
                    item_line,
                    format!("{at} has no `kind` (true_false or multiple_choice)"),
                );
                None
            }
            Some(k) => match k.value.as_str() {
                "true_false" => Some(QuizKind::TrueFalse),
                "multiple_choice" => Some(QuizKind::MultipleChoice),
                other => {
                    self.problem(
                        line_of(k),
                        format!("unknown kind `{other}` (expected true_false or multiple_choice)"),
                    );
                    None
                }
            },
        };

        let question = self.text(r.question.as_ref(), "question", item_line);
        let explanation = self.text(r.explanation.as_ref(), "explanation", item_line);
        let board = self.board(r.fen.as_ref(), r.moves.as_ref());

        let answer = match kind {
            Some(QuizKind::TrueFalse) => self.true_false(&r, item_line, board.as_ref()),
            Some(QuizKind::MultipleChoice) => self.multiple_choice(&r, item_line, board.as_ref()),
            None => None,
        };

        if self.problems.len() > before {
            return None;
        }
        let item = QuizItem {
            id,
            unit,
            question: question?,
            answer: answer?,
            board,
            explanation: explanation?,
            origin: Origin::File {
                file: self.file.to_path_buf(),
                line: item_line,
            },
        };
        if let Err(msg) = item.verify() {
            let line = r.answer.as_ref().and_then(line_of).or(item_line);
            self.problem(line, msg.to_string());
            return None;
        }
        Some(item)
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
    fn every_problem_of_a_file_is_collected() {
        let yaml = r#"
- id: Bad Id
  unit: 100
  kind: true_false
  question: {en: "A rook may move diagonally."}
  answer: maybe
  explanation: {zh: "Rooks move straight.", en: "A rook moves along ranks and files only."}
"#;
        let (items, problems) = load(yaml);
        assert!(items.is_empty());
        let text: Vec<String> = problems.iter().map(ToString::to_string).collect();
        assert_eq!(
            text,
            [
                "t.yaml:2: id `Bad Id`: use lowercase letters, digits and `-` only",
                "t.yaml:3: unit 100 is not a unit number (1..99)",
                "t.yaml:5: `question` has no `zh` text",
                "t.yaml:6: a true_false item's answer is true or false",
                "t.yaml:7: `explanation.zh` has no Chinese characters",
            ]
        );
    }
}
