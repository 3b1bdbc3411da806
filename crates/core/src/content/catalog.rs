//! Everything the tutor can teach: lessons (with a flat list of steps), the quiz bank and the
//! puzzles, plus the index from a rule (reason code) to the step that practises it.

use std::collections::HashMap;

use crate::content::PuzzleId;
use crate::content::lesson::{Lesson, Step, StepKind};
use crate::content::puzzle::{self, MatePuzzle};
use crate::content::quiz::QuizItem;
use crate::content::{Problem, load, quiz};
use crate::rules::Rule;

/// The loaded, validated content. Its indexes are built from it once, so it can only be made
/// whole ([`Catalog::new`]) and read.
#[derive(Debug, Clone, Default)]
pub struct Catalog {
    lessons: Vec<Lesson>,
    steps: Vec<(usize, usize)>,
    quiz: Vec<QuizItem>,
    puzzles: Vec<MatePuzzle>,
    puzzle_by_id: HashMap<PuzzleId, usize>,
    quiz_by_id: HashMap<String, usize>,
    step_by_id: HashMap<String, usize>,
    practice: HashMap<Rule, usize>,
}

impl Catalog {
    /// A catalogue from loaded content.
    #[must_use]
    pub fn new(lessons: Vec<Lesson>, quiz: Vec<QuizItem>, mut puzzles: Vec<MatePuzzle>) -> Catalog {
        let mut steps = Vec::new();
        for (li, lesson) in lessons.iter().enumerate() {
            for si in 0..lesson.steps.len() {
                steps.push((li, si));
            }
        }
        puzzles.sort_by_key(|p| (p.rating().unwrap_or(1500), p.mate_in()));
        let puzzle_by_id = puzzles
            .iter()
            .enumerate()
            .map(|(i, p)| (p.id().clone(), i))
            .collect();
        let quiz_by_id = quiz
            .iter()
            .enumerate()
            .map(|(i, q)| (q.id.clone(), i))
            .collect();
        let mut cat = Catalog {
            lessons,
            steps,
            quiz,
            puzzles,
            puzzle_by_id,
            quiz_by_id,
            step_by_id: HashMap::new(),
            practice: HashMap::new(),
        };
        for (i, &(li, si)) in cat.steps.iter().enumerate() {
            let step = &cat.lessons[li].steps[si];
            cat.step_by_id.insert(step.id.to_string(), i);
            // A move task whose foreseen wrong tries break a rule practises that rule.
            if let StepKind::Move(task) = &step.kind {
                for wrong in &task.wrong {
                    if let Some(reason) = &wrong.reason {
                        cat.practice.entry(reason.rule()).or_insert(i);
                    }
                }
            }
        }
        cat
    }

    /// The content shipped inside the binary.
    ///
    /// # Errors
    ///
    /// Every problem found, should the shipped content be broken (the tests prevent it).
    pub fn shipped() -> Result<Catalog, Vec<Problem>> {
        let (lessons, mut problems) = load::load_lessons_from(super::shipped::LESSONS);
        let (items, quiz_problems) = quiz::load_quiz_sources(super::shipped::QUIZ);
        problems.extend(quiz_problems);
        let puzzles = super::shipped::puzzles()
            .and_then(|raw| puzzle::read_all(&raw))
            .map_err(|p| {
                let mut all = problems.clone();
                all.extend(p);
                all
            })?;
        if problems.is_empty() {
            Ok(Catalog::new(lessons, items, puzzles))
        } else {
            Err(problems)
        }
    }

    /// Content from an author's folders (`lessons/`, `lessons/quiz/`, `puzzles/`), as the
    /// binary read them.
    ///
    /// # Errors
    ///
    /// Every problem found.
    pub fn from_course(course: &super::files::Course) -> Result<Catalog, Vec<Problem>> {
        let (lessons, mut problems) = load::load_lessons(&course.lessons);
        let (items, quiz_problems) = quiz::load_quiz_folder(&course.quiz);
        problems.extend(quiz_problems);
        let puzzles = match puzzle::load_folder(&course.puzzles) {
            Ok(sets) => {
                let raw: Vec<_> = sets.into_iter().flat_map(|s| s.puzzles).collect();
                puzzle::read_all(&raw).unwrap_or_else(|p| {
                    problems.extend(p);
                    Vec::new()
                })
            }
            Err(p) => {
                problems.extend(p);
                Vec::new()
            }
        };
        if !problems.is_empty() {
            return Err(problems);
        }
        Ok(Catalog::new(lessons, items, puzzles))
    }

    /// Lessons in course order.
    #[must_use]
    pub fn lessons(&self) -> &[Lesson] {
        &self.lessons
    }

    /// Every step as (lesson index, step index), in course order: a step's place in this list
    /// is its flat index.
    #[must_use]
    pub fn steps(&self) -> &[(usize, usize)] {
        &self.steps
    }

    /// The quiz bank.
    #[must_use]
    pub fn quiz(&self) -> &[QuizItem] {
        &self.quiz
    }

    /// Puzzles, easiest first, each read once when the catalogue was made.
    #[must_use]
    pub fn puzzles(&self) -> &[MatePuzzle] {
        &self.puzzles
    }

    /// The step at a flat index, with its lesson.
    #[must_use]
    pub fn step(&self, index: usize) -> Option<(&Lesson, &Step)> {
        let &(li, si) = self.steps.get(index)?;
        Some((&self.lessons[li], &self.lessons[li].steps[si]))
    }

    /// The flat index of a step id.
    #[must_use]
    pub fn step_index(&self, id: &str) -> Option<usize> {
        self.step_by_id.get(id).copied()
    }

    /// The flat index of the first step of the lesson for `unit`.
    #[must_use]
    pub fn unit_start(&self, unit: u32) -> Option<usize> {
        let li = self.lessons.iter().position(|l| l.unit == unit)?;
        self.steps.iter().position(|&(l, _)| l == li)
    }

    /// A quiz item of the bank by id.
    #[must_use]
    pub fn quiz_item(&self, id: &str) -> Option<&QuizItem> {
        self.quiz.get(*self.quiz_by_id.get(id)?)
    }

    /// A puzzle by id.
    #[must_use]
    pub fn puzzle(&self, id: &PuzzleId) -> Option<&MatePuzzle> {
        self.puzzles.get(*self.puzzle_by_id.get(id)?)
    }

    /// The step that practises `rule`, if any.
    #[must_use]
    pub fn practice_step(&self, rule: Rule) -> Option<usize> {
        self.practice.get(&rule).copied()
    }
}
