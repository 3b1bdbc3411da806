//! Lessons: walking the course step by step. Each kind of step (explain, move, squares,
//! judge, quiz) is judged in its own file and says whether the learner is done with it; this
//! file moves through the course (open, complete, advance) and routes each input to the
//! step's kind.

mod explain;
mod judge;
mod move_step;
mod page;
mod quiz_step;
mod squares;

use crate::content::lesson::StepKind;
use crate::rules::{self, Verdict};

use super::activity::{Activity, MoveTask, TaskBoard};
use super::callback::Action;
use super::cx::Cx;
use super::reply::{Button, Event, Reply};
use super::state::{LessonState, Mode};
use super::tap;
use super::words::{self, Say};
use page::Outcome;

impl From<LessonState> for Mode {
    fn from(state: LessonState) -> Mode {
        Mode::Lesson(state)
    }
}

/// `/lessons`: the course map.
pub(super) fn course_map(cx: &mut Cx<'_>) {
    let lang = cx.lang();
    let mut lines = vec![cx.t(&Say::CourseMapHeading)];
    let mut rows = Vec::new();
    let mut row = Vec::new();
    let progress = &cx.session.progress;
    for lesson in cx.catalog.lessons() {
        let done = lesson
            .steps
            .iter()
            .filter(|s| progress.steps_done.contains(&s.id))
            .count();
        let mark = if progress.lessons_done.contains(&lesson.id) {
            "✅"
        } else {
            "▫️"
        };
        lines.push(format!(
            "{mark} {}. {} ({done}/{})",
            lesson.unit,
            lesson.title.get(lang),
            lesson.steps.len()
        ));
        row.push(Button::new(
            lesson.unit.to_string(),
            &Action::Lesson(lesson.unit),
        ));
        if row.len() == 5 {
            rows.push(std::mem::take(&mut row));
        }
    }
    rows.push(row);
    let mut reply = Reply::text(lines.join("\n"));
    for r in rows {
        reply = reply.with_row(r);
    }
    cx.reply(reply);
}

/// `/lesson` without a number: the current step (`current`, when a lesson is under way), or
/// the first step not done.
pub(super) fn resume(cx: &mut Cx<'_>, current: Option<&LessonState>) -> Mode {
    if let Some(state) = current {
        return open_step(cx, state.index(cx.catalog));
    }
    let done = &cx.session.progress.steps_done;
    let first_open = cx
        .catalog
        .steps()
        .iter()
        .position(|&(li, si)| !done.contains(&cx.catalog.lessons()[li].steps[si].id));
    match first_open {
        Some(index) => open_step(cx, index),
        None if cx.catalog.steps().is_empty() => {
            let text = cx.t(&Say::NoLessons);
            cx.reply(Reply::text(text));
            Mode::Idle
        }
        None => {
            let text = words::course_done(cx.lang());
            let row = cx.menu_row();
            cx.reply(Reply::text(text).with_row(row));
            Mode::Idle
        }
    }
}

/// `/lesson n`. `current` is what the learner was doing, kept when there is no such lesson.
pub(super) fn open_unit(cx: &mut Cx<'_>, unit: u32, current: Mode) -> Mode {
    match cx.catalog.unit_start(unit) {
        Some(index) => open_step(cx, index),
        None => {
            let text = words::no_such_lesson(cx.lang(), cx.catalog.lessons().len());
            cx.reply(Reply::text(text));
            current
        }
    }
}

/// Moves to the step with this flat index and shows it.
pub(super) fn open_step(cx: &mut Cx<'_>, index: usize) -> Mode {
    let Some((_, step)) = cx.catalog.step(index) else {
        let text = words::no_such_lesson(cx.lang(), cx.catalog.lessons().len());
        cx.reply(Reply::text(text));
        return Mode::Idle;
    };
    let state = LessonState {
        step: index,
        step_id: step.id.clone(),
        hints: 0,
        misses: 0,
    };
    cx.next_nonce();
    state.present(cx);
    state.into()
}

/// Marks the step done (and its lesson, when it was the last one left) and moves on.
fn complete(cx: &mut Cx<'_>, index: usize) -> Mode {
    let Some((lesson, step)) = cx.catalog.step(index) else {
        return Mode::Idle;
    };
    let progress = &mut cx.session.progress;
    if progress.steps_done.insert(step.id.clone()) {
        cx.event(Event::StepDone {
            step: step.id.clone(),
        });
    }
    let progress = &mut cx.session.progress;
    let all_done = lesson
        .steps
        .iter()
        .all(|s| progress.steps_done.contains(&s.id));
    if all_done && progress.lessons_done.insert(lesson.id.clone()) {
        let title = lesson.title.get(cx.lang()).to_owned();
        cx.event(Event::LessonDone {
            lesson: lesson.id.clone(),
        });
        let text = words::lesson_done(cx.lang(), &title);
        cx.reply(Reply::text(text));
    }
    advance(cx, index)
}

/// The step after `index`, or the end of the course.
fn advance(cx: &mut Cx<'_>, index: usize) -> Mode {
    if index + 1 < cx.catalog.steps().len() {
        open_step(cx, index + 1)
    } else {
        let text = words::course_done(cx.lang());
        let row = cx.menu_row();
        cx.reply(Reply::text(text).with_row(row));
        Mode::Idle
    }
}

impl LessonState {
    /// Where an outcome leads: the same step, or the next one.
    fn after(self, cx: &mut Cx<'_>, outcome: Outcome) -> Mode {
        match outcome {
            Outcome::Stay => self.into(),
            Outcome::Done => {
                let index = self.index(cx.catalog);
                complete(cx, index)
            }
        }
    }

    /// The step is gone from the catalogue (content changed under a stored session).
    fn lost(cx: &mut Cx<'_>) -> Mode {
        cx.nothing_to_do();
        Mode::Idle
    }
}

impl Activity for LessonState {
    fn present(&self, cx: &mut Cx<'_>) {
        let Some((lesson, step)) = self.step(cx.catalog) else {
            cx.nothing_to_do();
            return;
        };
        match &step.kind {
            StepKind::Explain { scene, text } => {
                explain::present(cx, lesson, step, scene.as_ref(), text);
            }
            StepKind::Move(task) => {
                let board = move_step::board(cx, lesson, step, task);
                let mut reply =
                    Reply::board(board.view, board.caption).with_row(vec![tap::button(cx)]);
                for row in board.buttons {
                    reply = reply.with_row(row);
                }
                cx.reply(reply);
            }
            StepKind::Squares(task) => squares::present(cx, lesson, step, task),
            StepKind::Judge(task) => judge::present(cx, lesson, step, task),
            StepKind::Quiz { item } => quiz_step::present(cx, lesson, step, item),
        }
    }

    fn text(mut self, cx: &mut Cx<'_>, text: &str) -> Mode {
        let Some((_, step)) = self.step(cx.catalog) else {
            return LessonState::lost(cx);
        };
        let outcome = match &step.kind {
            StepKind::Explain { .. } => explain::text(cx, text),
            StepKind::Move(task) => {
                let verdict = rules::explain(&task.position, text);
                return tap::submit(self, cx, &task.position, verdict, text, false);
            }
            StepKind::Squares(task) => squares::text(&mut self, cx, task, text),
            StepKind::Judge(task) => match judge::read(task, text) {
                Some(choice) => return self.answer(cx, choice),
                None => {
                    let msg = words::unreadable_answer(cx.lang());
                    cx.reply(Reply::text(msg));
                    Outcome::Stay
                }
            },
            StepKind::Quiz { item } => match quiz_step::read(cx, item, text) {
                Some(choice) => return self.answer(cx, choice),
                None => {
                    quiz_step::unreadable(cx);
                    Outcome::Stay
                }
            },
        };
        self.after(cx, outcome)
    }

    fn answer(mut self, cx: &mut Cx<'_>, choice: usize) -> Mode {
        let Some((_, step)) = self.step(cx.catalog) else {
            return LessonState::lost(cx);
        };
        let outcome = match &step.kind {
            StepKind::Judge(task) => judge::answer(&mut self, cx, task, choice),
            StepKind::Quiz { item } => quiz_step::answer(cx, item, choice),
            _ => {
                cx.stale_button();
                Outcome::Stay
            }
        };
        self.after(cx, outcome)
    }

    /// Explain steps are done by reading them; tasks may be skipped.
    fn next(self, cx: &mut Cx<'_>) -> Mode {
        let Some((_, step)) = self.step(cx.catalog) else {
            return resume(cx, None);
        };
        let index = self.index(cx.catalog);
        if step.kind.is_task() {
            advance(cx, index)
        } else {
            complete(cx, index)
        }
    }

    fn hint(mut self, cx: &mut Cx<'_>) -> Mode {
        let Some((_, step)) = self.step(cx.catalog) else {
            return LessonState::lost(cx);
        };
        self.hints = self.hints.saturating_add(1);
        let lang = cx.lang();
        let text = match &step.kind {
            StepKind::Move(task) => {
                move_step::hint(cx, task, self.hints);
                return self.into();
            }
            StepKind::Squares(task) => task.hint.get(lang).to_owned(),
            StepKind::Judge(task) => task.hint.get(lang).to_owned(),
            StepKind::Explain { .. } | StepKind::Quiz { .. } => cx.t(&Say::NoHint),
        };
        cx.reply(Reply::text(format!("💡 {text}")));
        self.into()
    }

    fn solution(self, cx: &mut Cx<'_>) -> Mode {
        let Some((_, step)) = self.step(cx.catalog) else {
            return LessonState::lost(cx);
        };
        match &step.kind {
            StepKind::Move(task) => move_step::solution(cx, task),
            StepKind::Squares(task) => squares::solution(cx, task),
            StepKind::Judge(task) => judge::solution(cx, task),
            StepKind::Explain { .. } | StepKind::Quiz { .. } => {
                let msg = cx.t(&Say::NoSolution);
                cx.reply(Reply::text(msg));
            }
        }
        self.into()
    }
}

impl MoveTask for LessonState {
    fn task_board(&self, cx: &Cx<'_>) -> Option<TaskBoard> {
        let (lesson, step) = self.step(cx.catalog)?;
        let StepKind::Move(task) = &step.kind else {
            return None;
        };
        Some(move_step::board(cx, lesson, step, task))
    }

    fn play(mut self, cx: &mut Cx<'_>, verdict: Verdict, input: &str) -> Mode {
        let Some((_, step)) = self.step(cx.catalog) else {
            return LessonState::lost(cx);
        };
        let StepKind::Move(task) = &step.kind else {
            cx.stale_button();
            return self.into();
        };
        let outcome = move_step::judge(&mut self, cx, task, &verdict, input);
        self.after(cx, outcome)
    }
}
