//! The generator's questions: one on a topic, or an endless mix of topics.

use super::generator::Generator;
use super::topic::Topic;
use crate::content::quiz::{Answer, QuizItem, letter};

impl Generator {
    /// The next question on `topic`.
    pub fn item(&mut self, topic: Topic) -> QuizItem {
        let index = self.index;
        self.index += 1;
        let draft = match topic {
            Topic::MoveLegal => self.move_legal(),
            Topic::CanCastle => self.can_castle(),
            Topic::MateOrStalemate => self.mate_or_stalemate(),
            Topic::CanEitherWin => self.can_either_win(),
            Topic::InCheck => self.in_check(),
            Topic::MoveCount => self.move_count(),
        };
        draft.finish(self.seed, index)
    }
}

impl Iterator for Generator {
    type Item = QuizItem;

    /// The next question, on a topic chosen by the seed.
    fn next(&mut self) -> Option<QuizItem> {
        let topic = Topic::ALL[self.rng.below(Topic::ALL.len())];
        Some(self.item(topic))
    }
}

/// `count` mixed questions from `seed`.
///
/// ```
/// let items = chess_tutor_core::content::generate::generate(1, 5);
/// assert_eq!(items.len(), 5);
/// assert!(items.iter().all(|i| i.verify().is_ok()));
/// ```
#[must_use]
pub fn generate(seed: u64, count: usize) -> Vec<QuizItem> {
    Generator::new(seed).take(count).collect()
}

/// The letter of the right choice of a generated multiple-choice item (for display).
#[must_use]
pub fn answer_letter(item: &QuizItem) -> Option<char> {
    match &item.answer {
        Answer::MultipleChoice { correct, .. } => Some(letter(*correct)),
        Answer::TrueFalse { .. } => None,
    }
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::quiz::Claim;
    use shakmaty::Position;

    #[test]
    fn every_topic_verifies() {
        let mut g = Generator::new(11);
        for _ in 0..3 {
            for topic in Topic::ALL {
                let item = g.item(topic);
                assert!(item.verify().is_ok(), "{topic:?}: {:?}", item.verify());
                assert!(item.is_engine_checked());
                assert!(
                    item.question
                        .zh
                        .chars()
                        .any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c))
                );
            }
        }
    }

    /// Review 1 (quiz 2/5): "Can Black castle short right now? [True] [False]" was a question
    /// under true/false buttons, and its answer hung on castling rights a picture cannot show.
    /// Now every generated true/false item is a statement, and a castling one says the side
    /// still has the right (which its position really has), so only what the board shows is
    /// asked.
    #[test]
    fn generated_true_false_items_are_statements_and_castling_ones_state_the_right() {
        let mut g = Generator::new(5);
        let mut castles = (0, 0);
        for _ in 0..40 {
            for topic in Topic::ALL {
                let item = g.item(topic);
                if item.kind() != crate::content::quiz::QuizKind::TrueFalse {
                    continue;
                }
                for q in [&item.question.en, &item.question.zh] {
                    assert!(!q.ends_with('?') && !q.ends_with('？'), "{topic:?}: {q}");
                }
                if topic != Topic::CanCastle {
                    continue;
                }
                let pos = item
                    .board
                    .as_ref()
                    .expect("a castling item has a board")
                    .position();
                let side = match item.answer {
                    Answer::TrueFalse {
                        claim: Some(Claim::CanCastle { side }),
                        ..
                    } => side,
                    ref other => panic!("{other:?}"),
                };
                assert!(pos.castles().has(pos.turn(), side), "{}", item.question.en);
                assert!(
                    item.question.en.contains("have not moved yet")
                        && item.question.zh.contains("易位权还在"),
                    "{:?}",
                    item.question
                );
                if let Answer::TrueFalse { correct, .. } = item.answer {
                    if correct {
                        castles.0 += 1;
                    } else {
                        castles.1 += 1;
                    }
                }
            }
        }
        assert!(
            castles.0 > 0 && castles.1 > 0,
            "both answers occur: {castles:?}"
        );
    }

    /// Every learner-facing text of `items`, one line each, in a fixed order.
    fn texts(items: &[QuizItem]) -> String {
        use std::fmt::Write as _;
        let mut out = String::new();
        for item in items {
            let _ = writeln!(out, "# {}", item.id);
            let _ = writeln!(out, "q.zh {}", item.question.zh);
            let _ = writeln!(out, "q.en {}", item.question.en);
            if let Answer::MultipleChoice { choices, correct } = &item.answer {
                for c in choices {
                    let _ = writeln!(out, "c.zh {}", c.text.zh);
                    let _ = writeln!(out, "c.en {}", c.text.en);
                }
                let _ = writeln!(out, "correct {correct}");
            }
            let _ = writeln!(out, "x.zh {}", item.explanation.zh);
            let _ = writeln!(out, "x.en {}", item.explanation.en);
        }
        out
    }

    /// FNV-1a of a text (stable across Rust versions, unlike `DefaultHasher`).
    fn fnv(text: &str) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in text.bytes() {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        h
    }

    /// Pins every text the generator writes: this hash of the texts of `generate(7, 200)`
    /// (ids, questions, choices, explanations) was computed from the code before it was split
    /// into files and its sentences moved from `format!` calls into
    /// `locales/<lang>/generate.ftl`; neither move changed a byte. A deliberate change of
    /// wording (or of the generator) changes it: print `texts(&generate(7, 200))` before and
    /// after, read the diff, then write the new hash here.
    #[test]
    fn the_generated_texts_are_pinned() {
        assert_eq!(
            format!("{:016x}", fnv(&texts(&generate(7, 200)))),
            "d6848acbe83f8224"
        );
    }
}

/// Review 2026-12-06 M3: a unit-1 learner who sends /quiz got "象f8xb4是一步合法的棋" and
/// "Qd1、Qe2…". The generator's own words (questions, choices, its lists and examples) say
/// moves in words; the referee's sentences it quotes in explanations are not covered yet.
#[cfg(test)]
mod no_notation {
    use super::*;
    use crate::content::notation::{move_forms_in, notation_in};

    #[test]
    fn generated_questions_and_choices_show_no_notation() {
        let items = generate(7, 400);
        let mut found = Vec::new();
        for item in &items {
            let mut texts = vec![&item.question];
            if let Answer::MultipleChoice { choices, .. } = &item.answer {
                texts.extend(choices.iter().map(|c| &c.text));
            }
            for t in texts {
                for s in [&t.zh, &t.en] {
                    for n in notation_in(s).into_iter().chain(move_forms_in(s)) {
                        found.push(format!("{}: `{n}` in {s}", item.id));
                    }
                }
            }
        }
        assert!(found.is_empty(), "{}", found.join("\n"));
        // The count explanation lists squares, not moves.
        let counts: Vec<&QuizItem> = items.iter().filter(|i| i.id.ends_with("-count")).collect();
        assert!(!counts.is_empty());
        for item in counts {
            for s in [&item.explanation.zh, &item.explanation.en] {
                assert!(notation_in(s).is_empty(), "{}: {s}", item.id);
            }
        }
    }
}
