//! Lessons: walking the course step by step. Each kind of step (explain, move, squares,
//! judge, quiz) builds its message and judges answers in its own file, and says whether the
//! learner is done with it; this file moves through the course (open, complete, pause
//! between lessons, come back after practice) and routes each input to the step's kind.
//!
//! A step is one message: it is shown once, and every answer inside the step updates it
//! (in Telegram the message is edited in place); a new message is sent only for a new step.

mod explain;
mod judge;
mod mate_step;
mod move_step;
mod page;
mod quiz_step;
mod squares;

use shakmaty::Square;

use crate::content::lesson::StepKind;
use crate::rules::{self, Verdict};

use super::activity::Activity;
use super::callback::Action;
use super::cx::Cx;
use super::move_task::{MoveTask, Refusal, TaskBoard, open_board, tap_square};
use super::reply::{Button, Event, Reply};
use super::state::{LessonState, Mode};
use super::words::{self, Say};
use page::{Outcome, StepMessage};

impl From<LessonState> for Mode {
    fn from(state: LessonState) -> Mode {
        Mode::Lesson(state)
    }
}

/// `/lessons`: the course map, each lesson a button with its title.
pub(super) fn course_map(cx: &mut Cx<'_>, current: Option<&LessonState>) {
    let lang = cx.lang();
    let current_lesson = current
        .and_then(|s| s.step(cx.catalog))
        .map(|(lesson, _)| lesson.id.clone());
    let mut lines = vec![cx.t(&Say::CourseMapLegend)];
    let mut buttons = Vec::new();
    let progress = &cx.session.progress;
    for lesson in cx.catalog.lessons() {
        let done = lesson
            .steps
            .iter()
            .filter(|s| progress.steps_done.contains(&s.id))
            .count();
        let mark = if progress.lessons_done.contains(&lesson.id) {
            "✅"
        } else if current_lesson.as_ref() == Some(&lesson.id) {
            "▶"
        } else {
            "▫️"
        };
        let title = lesson.title.get(lang);
        lines.push(format!(
            "{mark} {}. {title} ({done}/{})",
            lesson.unit,
            lesson.steps.len()
        ));
        let label = Say::LessonButton {
            unit: lesson.unit,
            title: lesson.title.clone(),
        }
        .to(lang);
        buttons.push(Button::new(label, &Action::Lesson(lesson.unit)));
    }
    let mut reply = Reply::text(lines.join("\n"));
    // Two a row: titles are short words, and a phone shows two of them side by side.
    for pair in buttons.chunks(2) {
        reply = reply.with_row(pair.to_vec());
    }
    cx.reply(reply);
}

/// The id of the lesson for learners who already play xiangqi.
const XIANGQI_LESSON: &str = "xiangqi";

/// Under the welcome: a learner who plays xiangqi may start with the unit made for them
/// (the last in the list), while it is not done.
pub(super) fn xiangqi_offer(cx: &Cx<'_>) -> Vec<Button> {
    let Some(lesson) = cx
        .catalog
        .lessons()
        .iter()
        .find(|l| l.id.as_str() == XIANGQI_LESSON)
    else {
        return Vec::new();
    };
    if cx.session.progress.lessons_done.contains(&lesson.id) {
        return Vec::new();
    }
    vec![Button::new(
        cx.t(&Say::ButtonXiangqiFirst { unit: lesson.unit }),
        &Action::Lesson(lesson.unit),
    )]
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
            let text = Say::CourseDone.to(cx.lang());
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
        None if cx.pressed() => {
            // Only a forged button names a unit the course does not have.
            let text = cx.t(&Say::NoSuchLesson {
                count: cx.catalog.lessons().len(),
            });
            cx.refuse(Reply::text(text));
            current
        }
        None => {
            // With the map's buttons, so that the next tap opens a real unit.
            let text = cx.t(&Say::NoSuchLesson {
                count: cx.catalog.lessons().len(),
            });
            cx.reply(Reply::text(text));
            let open = match &current {
                Mode::Lesson(state) => Some(state),
                _ => None,
            };
            course_map(cx, open);
            current
        }
    }
}

/// `/lesson 马`, `/lesson castling`: the lesson whose title (in any language) is, or
/// contains, that word; else how to open one.
pub(super) fn open_named(cx: &mut Cx<'_>, name: &str, current: Mode) -> Mode {
    let wanted = name.trim().to_lowercase();
    let langs = crate::i18n::LANGS;
    let found = cx
        .catalog
        .lessons()
        .iter()
        .find(|l| {
            langs
                .iter()
                .any(|&lang| l.title.get(lang).to_lowercase() == wanted)
        })
        .or_else(|| {
            cx.catalog.lessons().iter().find(|l| {
                langs
                    .iter()
                    .any(|&lang| l.title.get(lang).to_lowercase().contains(&wanted))
            })
        })
        .map(|l| l.unit);
    match found {
        Some(unit) if !wanted.is_empty() => open_unit(cx, unit, current),
        // `/lesson -1`, `/lesson 0`: a number, but no unit's.
        _ if wanted.parse::<i64>().is_ok() => {
            let text = cx.t(&Say::NoSuchLesson {
                count: cx.catalog.lessons().len(),
            });
            cx.reply(Reply::text(text));
            course_map(cx, None);
            current
        }
        _ => {
            let text = cx.t(&Say::NoLessonNamed {
                name: crate::rules::text::displayable(name)
                    .chars()
                    .take(20)
                    .collect(),
            });
            cx.reply(Reply::text(text));
            course_map(cx, None);
            current
        }
    }
}

/// Moves to the step with this flat index and shows it.
pub(super) fn open_step(cx: &mut Cx<'_>, index: usize) -> Mode {
    open_step_returning(cx, index, None)
}

/// `Practise this rule`: the practice step, then back to the step the learner left.
pub(super) fn practise(cx: &mut Cx<'_>, index: usize, from: Option<&LessonState>) -> Mode {
    let back = from.map(|s| s.step_id.clone());
    open_step_returning(cx, index, back)
}

fn open_step_returning(
    cx: &mut Cx<'_>,
    index: usize,
    return_to: Option<crate::content::StepId>,
) -> Mode {
    let Some((_, step)) = cx.catalog.step(index) else {
        // Only a forged review button names a step the catalogue does not have.
        let text = cx.t(&Say::NoSuchLesson {
            count: cx.catalog.lessons().len(),
        });
        cx.refuse(Reply::text(text));
        return Mode::Idle;
    };
    let state = LessonState {
        step: index,
        step_id: step.id.clone(),
        hints: 0,
        misses: 0,
        return_to,
        mate: None,
    };
    cx.next_nonce();
    cx.session.squares = None;
    state.present(cx);
    state.into()
}

/// Marks the step done (and its lesson, when it was the last one left) and moves on.
fn complete(cx: &mut Cx<'_>, state: &LessonState) -> Mode {
    let index = state.index(cx.catalog);
    let Some((_, step)) = cx.catalog.step(index) else {
        return Mode::Idle;
    };
    if cx.session.progress.steps_done.insert(step.id.clone()) {
        cx.event(Event::StepDone {
            step: step.id.clone(),
        });
    }
    if let Some(&(li, _)) = cx.catalog.steps().get(index)
        && let Some(lesson) = cx.catalog.lessons().get(li)
    {
        let progress = &mut cx.session.progress;
        let all_done = lesson
            .steps
            .iter()
            .all(|s| progress.steps_done.contains(&s.id));
        if all_done && progress.lessons_done.insert(lesson.id.clone()) {
            cx.event(Event::LessonDone {
                lesson: lesson.id.clone(),
            });
        }
    }
    if let Some(back) = &state.return_to
        && let Some(back) = cx.catalog.step_index(back.as_str())
    {
        let text = cx.t(&Say::PracticeDone);
        cx.reply(Reply::text(text));
        return open_step(cx, back);
    }
    advance(cx, index)
}

/// The step after `index`: in the same lesson, or a pause at the end of the lesson.
fn advance(cx: &mut Cx<'_>, index: usize) -> Mode {
    let here = cx.catalog.steps().get(index).map(|&(li, _)| li);
    let next = cx.catalog.steps().get(index + 1).map(|&(li, _)| li);
    match (here, next) {
        (Some(a), Some(b)) if a == b => open_step(cx, index + 1),
        (Some(a), _) => {
            pause(cx, a);
            Mode::Idle
        }
        (None, _) => Mode::Idle,
    }
}

/// Whether every step of the lesson at `index` (in the catalogue's list) is done.
fn lesson_complete(cx: &Cx<'_>, index: usize) -> bool {
    let done = &cx.session.progress.steps_done;
    cx.catalog
        .lessons()
        .get(index)
        .is_some_and(|l| l.steps.iter().all(|s| done.contains(&s.id)))
}

/// The lesson to go on to after the lesson at `index`: the first one after it in the list
/// that is not complete, else the first not complete from the start (a learner who took the
/// last unit first, as xiangqi players take unit 20, is sent back to where they were). `None`
/// when every other lesson is complete.
fn next_lesson(cx: &Cx<'_>, index: usize) -> Option<usize> {
    let count = cx.catalog.lessons().len();
    (index + 1..count)
        .chain(0..index)
        .find(|&i| !lesson_complete(cx, i))
}

/// The end of a lesson: what was done, what comes next, and the menu — the learner chooses.
/// The course is called finished only when every step of every lesson is done.
fn pause(cx: &mut Cx<'_>, lesson: usize) {
    let lang = cx.lang();
    let lessons = cx.catalog.lessons();
    let Some(this) = lessons.get(lesson) else {
        return;
    };
    let progress = &cx.session.progress;
    let done = this
        .steps
        .iter()
        .filter(|s| progress.steps_done.contains(&s.id))
        .count();
    let title = this.title.clone();
    let mut text = if done == this.steps.len() {
        cx.t(&Say::LessonFinished { title })
    } else {
        cx.t(&Say::LessonPassed {
            title,
            done,
            steps: this.steps.len(),
            unit: this.unit,
        })
    };
    let mut rows = Vec::new();
    match next_lesson(cx, lesson).and_then(|i| lessons.get(i)) {
        Some(next) => {
            text.push('\n');
            text.push_str(&cx.t(&Say::NextLessonIs {
                unit: next.unit,
                title: next.title.clone(),
            }));
            rows.push(vec![Button::new(
                cx.t(&Say::ButtonNextLesson),
                &Action::Lesson(next.unit),
            )]);
        }
        // Every other lesson is complete: the course is, unless this one has steps left
        // (its own text says how to come back to them).
        None if done == this.steps.len() => {
            text.push('\n');
            text.push_str(&Say::CourseDone.to(lang));
        }
        None => {}
    }
    rows.push(cx.menu_row());
    let mut reply = Reply::text(text);
    for row in rows {
        reply = reply.with_row(row);
    }
    cx.reply(reply);
}

/// A typed message in a question step that is not one of its answers. A move (`O-O`,
/// `exd6`) is judged by the referee on the question's board and explained there, the squares
/// drawn, as a try on the board; anything else is answered in words under the learner's
/// message, with the answer buttons.
fn question_text(
    cx: &mut Cx<'_>,
    state: &LessonState,
    message: StepMessage,
    pos: Option<&shakmaty::Chess>,
    text: &str,
    choices: &[String],
) {
    let lang = cx.lang();
    let verdict = pos.map(|pos| (pos, rules::explain(pos, text)));
    if let Some((pos, verdict)) = verdict
        && !matches!(verdict, Verdict::Unreadable)
    {
        // A legal move in the lesson's own words (no SAN before the notation unit).
        let mut note = match &verdict {
            Verdict::Legal(info) => move_step::move_words(pos, info, cx, state),
            _ => rules::text::verdict_text(pos, &verdict, text, lang),
        };
        note.push('\n');
        note.push_str(&cx.t(&Say::AnswerWithButtons {
            choices: words::either(lang, choices),
        }));
        let mut view = message.view.clone();
        if let (Some(v), Verdict::Illegal(reason)) = (view.take(), &verdict) {
            view = Some(v.with_overlay(crate::draw::reason(reason)));
        } else if let (Some(v), Verdict::Legal(info)) = (message.view.clone(), &verdict) {
            view = Some(match crate::draw::move_squares(&info.mv) {
                Some((from, to)) => v.with_arrow(from, to, crate::render::ArrowKind::Move),
                None => v,
            });
        }
        let mut message = message.with_note(&note);
        message.view = view;
        page::update(cx, message);
        return;
    }
    let note = words::unreadable_answer(lang, choices);
    page::unread(cx, message, &note);
}

impl LessonState {
    /// Where an outcome leads: the same step, or on.
    fn after(self, cx: &mut Cx<'_>, outcome: Outcome) -> Mode {
        match outcome {
            Outcome::Stay => self.into(),
            Outcome::Done => complete(cx, &self),
        }
    }

    /// The step is gone from the catalogue (content changed under a stored session).
    fn lost(cx: &mut Cx<'_>) -> Mode {
        cx.nothing_to_do();
        Mode::Idle
    }

    /// The step's own message, as first shown.
    fn message(&self, cx: &Cx<'_>) -> Option<StepMessage> {
        let (lesson, step) = self.step(cx.catalog)?;
        Some(match &step.kind {
            StepKind::Explain { scene, text } => {
                explain::message(cx, lesson, step, scene.as_ref(), text)
            }
            StepKind::Move(task) => move_step::message(cx, lesson, step, task),
            StepKind::Squares(task) => squares::message(cx, lesson, step, task),
            StepKind::Judge(task) => judge::message(cx, lesson, step, task),
            StepKind::Mate(task) => mate_step::message(cx, lesson, step, task, self),
            StepKind::Quiz { item } => quiz_step::message(cx, lesson, step, item),
        })
    }

    /// The board the step shows now, for the questions a learner asks instead of looking.
    pub(in crate::tutor) fn shown_board(&self, cx: &Cx<'_>) -> Option<crate::render::BoardView> {
        self.message(cx)?.view
    }

    /// Done: the squares picked on a squares step's tap board.
    pub(super) fn done(mut self, cx: &mut Cx<'_>) -> Mode {
        let Some((_, step)) = self.step(cx.catalog) else {
            return LessonState::lost(cx);
        };
        let (StepKind::Squares(task), Some(message)) = (&step.kind, self.message(cx)) else {
            cx.stale_button();
            return self.into();
        };
        let outcome = squares::done(&mut self, cx, message, task);
        self.after(cx, outcome)
    }
}

impl Activity for LessonState {
    fn present(&self, cx: &mut Cx<'_>) {
        match self.message(cx) {
            Some(message) => page::show(cx, message),
            None => cx.nothing_to_do(),
        }
    }

    fn text(mut self, cx: &mut Cx<'_>, text: &str) -> Mode {
        let (Some((_, step)), Some(message)) = (self.step(cx.catalog), self.message(cx)) else {
            return LessonState::lost(cx);
        };
        let lang = cx.lang();
        let outcome = match &step.kind {
            StepKind::Explain { .. } => explain::text(cx, message, text),
            StepKind::Move(task) => {
                let verdict = rules::explain(&task.position, text);
                return self.submit(cx, &task.position, verdict, text);
            }
            StepKind::Mate(task) => {
                let pos = mate_step::position(&self, task);
                let verdict = rules::explain(&pos, text);
                return self.submit(cx, &pos, verdict, text);
            }
            StepKind::Squares(task) => squares::text(&mut self, cx, message, task, text),
            StepKind::Judge(task) => match judge::read(lang, task, text) {
                Some(choice) => return self.answer(cx, choice),
                None => {
                    let choices = judge::answer_words(lang, task);
                    question_text(cx, &self, message, task.position.as_ref(), text, &choices);
                    Outcome::Stay
                }
            },
            StepKind::Quiz { item } => match quiz_step::read(cx, item, text) {
                Some(choice) => return self.answer(cx, choice),
                None => {
                    let choices = quiz_step::answer_words(cx, item);
                    let pos = quiz_step::position(cx, item);
                    question_text(cx, &self, message, pos.as_ref(), text, &choices);
                    Outcome::Stay
                }
            },
        };
        self.after(cx, outcome)
    }

    fn answer(mut self, cx: &mut Cx<'_>, choice: usize) -> Mode {
        let (Some((_, step)), Some(message)) = (self.step(cx.catalog), self.message(cx)) else {
            return LessonState::lost(cx);
        };
        let outcome = match &step.kind {
            StepKind::Judge(task) => judge::answer(&mut self, cx, message, task, choice),
            StepKind::Quiz { item } => quiz_step::answer(&mut self, cx, message, item, choice),
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
        if step.kind.is_task() {
            if let Some(back) = self
                .return_to
                .as_ref()
                .and_then(|b| cx.catalog.step_index(b.as_str()))
            {
                return open_step(cx, back);
            }
            advance(cx, self.index(cx.catalog))
        } else {
            complete(cx, &self)
        }
    }

    fn hint(mut self, cx: &mut Cx<'_>) -> Mode {
        let (Some((_, step)), Some(message)) = (self.step(cx.catalog), self.message(cx)) else {
            return LessonState::lost(cx);
        };
        self.hints = self.hints.saturating_add(1);
        let lang = cx.lang();
        let note = match &step.kind {
            StepKind::Move(task) => {
                move_step::hint(cx, message, task, self.hints);
                return self.into();
            }
            StepKind::Mate(task) => {
                mate_step::hint(cx, message, task, &self);
                return self.into();
            }
            StepKind::Squares(task) => format!("💡 {}", task.hint.get(lang)),
            StepKind::Judge(task) => format!("💡 {}", task.hint.get(lang)),
            StepKind::Explain { .. } | StepKind::Quiz { .. } => cx.t(&Say::NoHint),
        };
        page::update(cx, message.with_note(&note));
        self.into()
    }

    fn solution(self, cx: &mut Cx<'_>) -> Mode {
        let (Some((_, step)), Some(message)) = (self.step(cx.catalog), self.message(cx)) else {
            return LessonState::lost(cx);
        };
        match &step.kind {
            StepKind::Move(task) => move_step::solution(cx, &self, message, task),
            StepKind::Squares(task) => squares::solution(cx, message, task),
            StepKind::Judge(task) => judge::solution(cx, message, task),
            StepKind::Mate(task) => mate_step::solution(cx, message, task, &self),
            StepKind::Quiz { item } => quiz_step::solution(cx, message, item),
            StepKind::Explain { .. } => {
                let note = cx.t(&Say::NoSolution);
                page::update(cx, message.with_note(&note));
            }
        }
        self.into()
    }
}

impl MoveTask for LessonState {
    fn task_board(&self, cx: &Cx<'_>) -> Option<TaskBoard> {
        let (lesson, step) = self.step(cx.catalog)?;
        match &step.kind {
            StepKind::Move(task) => Some(move_step::board(cx, lesson, step, task)),
            StepKind::Mate(task) => Some(mate_step::board(cx, lesson, step, task, self)),
            _ => None,
        }
    }

    fn play(mut self, cx: &mut Cx<'_>, verdict: Verdict, input: &str) -> Mode {
        let Some((lesson, step)) = self.step(cx.catalog) else {
            return LessonState::lost(cx);
        };
        match &step.kind {
            StepKind::Mate(task) => {
                if let Verdict::Illegal(reason) = &verdict {
                    let pos = mate_step::position(&self, task);
                    return self.refuse(cx, &pos, reason, input);
                }
                let outcome =
                    mate_step::judge(&mut self, cx, (lesson, step), task, &verdict, input);
                self.after(cx, outcome)
            }
            StepKind::Move(task) => {
                let verdict =
                    move_step::as_the_task_piece(task, &verdict, input).unwrap_or(verdict);
                if let Verdict::Illegal(reason) = &verdict {
                    return self.refuse(cx, &task.position, reason, input);
                }
                let message = move_step::message(cx, lesson, step, task);
                let outcome = move_step::judge(&mut self, cx, message, task, &verdict, input);
                self.after(cx, outcome)
            }
            _ => {
                cx.stale_button();
                self.into()
            }
        }
    }

    fn show_refusal(mut self, cx: &mut Cx<'_>, refusal: Refusal) -> Mode {
        let Some((lesson, step)) = self.step(cx.catalog) else {
            return LessonState::lost(cx);
        };
        match &step.kind {
            StepKind::Move(task) => {
                let message = move_step::message(cx, lesson, step, task);
                move_step::refused(&mut self, cx, message, task, refusal);
            }
            StepKind::Mate(task) => {
                mate_step::refused(&mut self, cx, (lesson, step), task, refusal);
            }
            _ => cx.stale_button(),
        }
        self.into()
    }

    /// A squares step's message has its own tap board: a tap picks or drops a square.
    fn open_tap_board(self, cx: &mut Cx<'_>) -> Mode {
        match self.step(cx.catalog).map(|(_, s)| &s.kind) {
            Some(StepKind::Squares(_)) => {
                if let Some(message) = self.message(cx) {
                    page::update(cx, message);
                }
                self.into()
            }
            _ => open_board(self, cx),
        }
    }

    fn tap(self, cx: &mut Cx<'_>, square: Square) -> Mode {
        let Some((lesson, step)) = self.step(cx.catalog) else {
            return LessonState::lost(cx);
        };
        if let StepKind::Squares(task) = &step.kind {
            squares::toggle(cx, square);
            let message = squares::message(cx, lesson, step, task);
            page::update(cx, message);
            return self.into();
        }
        tap_square(self, cx, square)
    }
}
