//! Lessons: presenting steps, judging moves, squares, answers; hints and solutions.

use shakmaty::{Chess, Color, Position, Square};

use super::callback::Action;
use super::reply::{Button, Event, Reply};
use super::state::{Mode, QuizRef};
use super::step::Cx;
use super::tap::{self, TaskBoard};
use super::{quiz, words};
use crate::content::judge::{Answer, DrawKind};
use crate::content::lesson::{Scene, Step, StepKind};
use crate::render::overlay::{Overlay, move_squares};
use crate::render::{BoardView, MarkKind};
use crate::rules::{self, Lang, Verdict, text::verdict_text};

/// Misses after which the "why" text is shown along with the hint.
const MISSES_FOR_WHY: u8 = 2;
/// Illegal attempts of one rule after which its practice step is offered.
const ERRORS_FOR_REVIEW: u32 = 3;

fn current(cx: &Cx<'_>) -> Option<usize> {
    match &cx.s.mode {
        Mode::Lesson { step, step_id, .. } => {
            // The catalogue may have changed since the session was stored: the id wins.
            cx.catalog.step_index(step_id).or(Some(*step))
        }
        _ => None,
    }
}

fn current_step<'c>(cx: &Cx<'c>) -> Option<(usize, &'c Step)> {
    let index = current(cx)?;
    let catalog = cx.catalog;
    catalog.step(index).map(|(_, step)| (index, step))
}

/// `/lessons`: the course map.
pub fn course_map(cx: &mut Cx<'_>) {
    let lang = cx.lang();
    let mut lines = vec![cx.say("课程目录（✅ 已学完）：", "The course (✅ done):")];
    let mut rows = Vec::new();
    let mut row = Vec::new();
    for lesson in &cx.catalog.lessons {
        let done = lesson
            .steps
            .iter()
            .filter(|s| cx.s.progress.steps_done.contains(s.id.as_str()))
            .count();
        let mark = if cx.s.progress.lessons_done.contains(lesson.id.as_str()) {
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

/// `/lesson` without a number: the current step, or the first step not done.
pub fn resume(cx: &mut Cx<'_>) {
    if let Some(index) = current(cx) {
        open_step(cx, index);
        return;
    }
    let done = &cx.s.progress.steps_done;
    let first_open = cx
        .catalog
        .steps
        .iter()
        .position(|&(li, si)| !done.contains(cx.catalog.lessons[li].steps[si].id.as_str()));
    match first_open {
        Some(index) => open_step(cx, index),
        None if cx.catalog.steps.is_empty() => {
            let text = cx.say("还没有课程。", "There are no lessons yet.");
            cx.reply(Reply::text(text));
        }
        None => {
            let text = words::course_done(cx.lang());
            let row = cx.menu_row();
            cx.reply(Reply::text(text).with_row(row));
        }
    }
}

/// `/lesson n`.
pub fn open_unit(cx: &mut Cx<'_>, unit: u32) {
    match cx.catalog.unit_start(unit) {
        Some(index) => open_step(cx, index),
        None => {
            let text = words::no_such_lesson(cx.lang(), cx.catalog.lessons.len());
            cx.reply(Reply::text(text));
        }
    }
}

/// Moves to a step and shows it.
pub fn open_step(cx: &mut Cx<'_>, index: usize) {
    let Some((_, step)) = cx.catalog.step(index) else {
        let text = words::no_such_lesson(cx.lang(), cx.catalog.lessons.len());
        cx.reply(Reply::text(text));
        return;
    };
    cx.s.mode = Mode::Lesson {
        step: index,
        step_id: step.id.to_string(),
        hints: 0,
        misses: 0,
    };
    cx.next_nonce();
    present(cx);
}

fn scene_view(scene: &Scene) -> BoardView {
    let fen = scene.fen.to_string();
    let mut view = BoardView::from_fen(&fen)
        .unwrap_or_else(|_| BoardView::new(scene.fen.as_setup().board.clone()));
    if scene.fen.as_setup().turn == Color::Black {
        view = view.with_orientation(Color::Black);
    }
    for &sq in &scene.marks {
        view = view.with_mark(sq, MarkKind::Highlight);
    }
    for &(from, to) in &scene.arrows {
        view = view.with_arrow(from, to, crate::render::ArrowKind::Good);
    }
    view
}

fn task_buttons(cx: &Cx<'_>, with_solution: bool) -> Vec<Button> {
    let lang = cx.lang();
    let n = cx.s.nonce;
    let mut row = vec![Button::new(words::button_hint(lang), &Action::Hint(n))];
    if with_solution {
        row.push(Button::new(
            words::button_solution(lang),
            &Action::Solution(n),
        ));
    }
    row.push(Button::new(words::button_next(lang), &Action::Next(n)));
    row
}

fn heading(cx: &Cx<'_>, index: usize) -> String {
    let lang = cx.lang();
    let Some((lesson, _)) = cx.catalog.step(index) else {
        return String::new();
    };
    let pos = lesson
        .steps
        .iter()
        .position(|s| Some(s.id.as_str()) == cx.catalog.step(index).map(|(_, s)| s.id.as_str()))
        .unwrap_or(0);
    match lang {
        Lang::Zh => format!(
            "第{}课 {} · {}/{}",
            lesson.unit,
            lesson.title.get(lang),
            pos + 1,
            lesson.steps.len()
        ),
        Lang::En => format!(
            "Unit {} {} · {}/{}",
            lesson.unit,
            lesson.title.get(lang),
            pos + 1,
            lesson.steps.len()
        ),
    }
}

/// Shows the current step.
pub fn present(cx: &mut Cx<'_>) {
    let Some((index, step)) = current_step(cx) else {
        return;
    };
    let lang = cx.lang();
    let head = heading(cx, index);
    let n = cx.s.nonce;
    match &step.kind {
        StepKind::Explain { scene, text } => {
            let body = format!("{head}\n\n{}", text.get(lang));
            let reply = match scene {
                Some(scene) => Reply::board(scene_view(scene), body),
                None => Reply::text(body),
            };
            cx.reply(reply.with_row(vec![Button::new(
                words::button_next(lang),
                &Action::Next(n),
            )]));
        }
        StepKind::Move(_) => {
            let Some(board) = move_board(cx) else {
                return;
            };
            let mut reply = Reply::board(board.view, board.caption).with_row(vec![tap::button(cx)]);
            for row in board.buttons {
                reply = reply.with_row(row);
            }
            cx.reply(reply);
        }
        StepKind::Squares(task) => {
            let prompt = cx.say(
                "把格子名用空格隔开发给我，例如：d1 d2 d3",
                "Send the squares separated by spaces, e.g. d1 d2 d3",
            );
            let view = scene_view(&task.scene).with_mark(task.square, MarkKind::Highlight);
            let row = task_buttons(cx, true);
            cx.reply(
                Reply::board(view, format!("{head}\n\n{}\n{prompt}", task.text.get(lang)))
                    .with_row(row),
            );
        }
        StepKind::Judge(task) => {
            let choices = judge_choices(lang, &task.answer);
            let mut reply = Reply::board(
                scene_view(&task.scene),
                format!("{head}\n\n{}", task.text.get(lang)),
            );
            for chunk in choices.chunks(3) {
                reply = reply.with_row(
                    chunk
                        .iter()
                        .map(|(i, label)| {
                            Button::new(
                                label.clone(),
                                &Action::Answer {
                                    nonce: n,
                                    choice: u8::try_from(*i).unwrap_or(u8::MAX),
                                },
                            )
                        })
                        .collect(),
                );
            }
            cx.reply(reply.with_row(vec![Button::new(
                words::button_hint(lang),
                &Action::Hint(n),
            )]));
        }
        StepKind::Quiz { item } => {
            let id = item.clone();
            quiz::present_item(cx, &QuizRef::Lesson { id }, Some(head));
        }
    }
}

/// The current step's board when it asks for a move: what the tap board shows.
pub(super) fn move_board(cx: &Cx<'_>) -> Option<TaskBoard> {
    let (index, step) = current_step(cx)?;
    let StepKind::Move(task) = &step.kind else {
        return None;
    };
    let lang = cx.lang();
    let side = words::side_to_move(lang, task.position.turn() == Color::White);
    Some(TaskBoard {
        pos: task.position.clone(),
        view: scene_view(&task.scene),
        caption: format!(
            "{}\n\n{}{}",
            heading(cx, index),
            task.text.get(lang),
            words::aside(lang, &side)
        ),
        buttons: vec![task_buttons(cx, true)],
    })
}

/// The answers offered for a judge question: (index, label).
fn judge_choices(lang: Lang, answer: &Answer) -> Vec<(usize, String)> {
    match answer {
        Answer::Yes(_) => vec![(0, words::yes(lang)), (1, words::no(lang))],
        Answer::Draw(_) => {
            let mut v: Vec<(usize, String)> = DrawKind::ALL
                .iter()
                .enumerate()
                .map(|(i, k)| (i, draw_name(lang, Some(*k))))
                .collect();
            v.push((DrawKind::ALL.len(), draw_name(lang, None)));
            v
        }
    }
}

fn draw_name(lang: Lang, kind: Option<DrawKind>) -> String {
    let (zh, en) = match kind {
        Some(DrawKind::Stalemate) => ("逼和", "Stalemate"),
        Some(DrawKind::InsufficientMaterial) => ("子力不足", "Insufficient material"),
        Some(DrawKind::Threefold) => ("三次重复", "Threefold repetition"),
        Some(DrawKind::Fivefold) => ("五次重复", "Fivefold repetition"),
        Some(DrawKind::FiftyMoves) => ("五十回合规则", "Fifty-move rule"),
        Some(DrawKind::SeventyFiveMoves) => ("七十五回合规则", "Seventy-five-move rule"),
        None => ("不是和棋", "Not a draw"),
    };
    words::say(lang, zh, en)
}

fn choice_is_right(answer: &Answer, choice: usize) -> bool {
    match answer {
        Answer::Yes(yes) => (choice == 0) == *yes,
        Answer::Draw(kind) => {
            let index = kind.map_or(DrawKind::ALL.len(), |k| {
                DrawKind::ALL
                    .iter()
                    .position(|x| *x == k)
                    .unwrap_or(usize::MAX)
            });
            index == choice
        }
    }
}

/// Marks the current step done and moves on.
fn complete(cx: &mut Cx<'_>, index: usize) {
    let Some((lesson, step)) = cx.catalog.step(index) else {
        return;
    };
    let (lesson_id, step_id) = (lesson.id.to_string(), step.id.to_string());
    if cx.s.progress.steps_done.insert(step_id.clone()) {
        cx.event(Event::StepDone { step: step_id });
    }
    let all_done = lesson
        .steps
        .iter()
        .all(|s| cx.s.progress.steps_done.contains(s.id.as_str()));
    if all_done && cx.s.progress.lessons_done.insert(lesson_id.clone()) {
        let title = lesson.title.get(cx.lang()).to_owned();
        cx.event(Event::LessonDone { lesson: lesson_id });
        let text = words::lesson_done(cx.lang(), &title);
        cx.reply(Reply::text(text));
    }
    advance(cx, index);
}

fn advance(cx: &mut Cx<'_>, index: usize) {
    if index + 1 < cx.catalog.steps.len() {
        open_step(cx, index + 1);
    } else {
        cx.s.mode = Mode::Idle;
        let text = words::course_done(cx.lang());
        let row = cx.menu_row();
        cx.reply(Reply::text(text).with_row(row));
    }
}

/// `/next`: explain steps are done by reading them; tasks may be skipped.
pub fn next(cx: &mut Cx<'_>) {
    let Some((index, step)) = current_step(cx) else {
        resume(cx);
        return;
    };
    if step.kind.is_task() {
        advance(cx, index);
    } else {
        complete(cx, index);
    }
}

/// A typed message during a lesson.
pub fn text(cx: &mut Cx<'_>, text: &str) {
    let Some((index, step)) = current_step(cx) else {
        return;
    };
    match &step.kind {
        StepKind::Explain { .. } => {
            let lower = text.to_lowercase();
            if ["next", "n", "ok", "下一步", "好", "继续"].contains(&lower.as_str()) {
                complete(cx, index);
            } else {
                let lang = cx.lang();
                let n = cx.s.nonce;
                let msg = cx.say("读完了就点“下一步”。", "Tap Next when you have read it.");
                cx.reply(Reply::text(msg).with_row(vec![Button::new(
                    words::button_next(lang),
                    &Action::Next(n),
                )]));
            }
        }
        StepKind::Move(task) => {
            let verdict = rules::explain(&task.position, text);
            tap::submit(cx, &task.position, verdict, text, false);
        }
        StepKind::Squares(task) => {
            let Some(given) = read_squares(text) else {
                let msg = cx.say(
                    "我没看懂。请把格子名用空格隔开发给我，例如：d1 d2 d3",
                    "I could not read that. Send square names separated by spaces, e.g. d1 d2 d3",
                );
                cx.reply(Reply::text(msg));
                return;
            };
            let missing: Vec<Square> = task
                .answer
                .iter()
                .copied()
                .filter(|s| !given.contains(s))
                .collect();
            let extra: Vec<Square> = given
                .iter()
                .copied()
                .filter(|s| !task.answer.contains(s))
                .collect();
            if missing.is_empty() && extra.is_empty() {
                let msg = words::right(cx.lang());
                cx.reply(Reply::text(msg));
                complete(cx, index);
                return;
            }
            let lang = cx.lang();
            let names = |v: &[Square]| {
                v.iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            let mut msg = words::not_quite(lang);
            if !missing.is_empty() {
                msg.push_str(&match lang {
                    Lang::Zh => format!("还少了{}个格子。", missing.len()),
                    Lang::En => format!(" {} square(s) are missing.", missing.len()),
                });
            }
            if !extra.is_empty() {
                msg.push_str(&match lang {
                    Lang::Zh => format!("这些格子不对：{}。", names(&extra)),
                    Lang::En => format!(" These are not right: {}.", names(&extra)),
                });
            }
            let mut view = scene_view(&task.scene).with_mark(task.square, MarkKind::Highlight);
            for &sq in &extra {
                view = view.with_mark(sq, MarkKind::Forbidden);
            }
            miss(cx, &mut msg, task.hint.get(lang), task.why.get(lang));
            cx.reply(Reply::board(view, msg));
        }
        StepKind::Judge(task) => {
            let lower = text.to_lowercase();
            let choice = match (&task.answer, lower.as_str()) {
                (Answer::Yes(_), "yes" | "y" | "是" | "对" | "能" | "可以") => Some(0),
                (Answer::Yes(_), "no" | "n" | "否" | "不" | "不是" | "不能" | "不可以") => {
                    Some(1)
                }
                _ => None,
            };
            match choice {
                Some(c) => answer(cx, c),
                None => {
                    let msg = words::unreadable_answer(cx.lang());
                    cx.reply(Reply::text(msg));
                }
            }
        }
        StepKind::Quiz { .. } => quiz::text(cx, text),
    }
}

/// Reads `d1 d2, d3` into squares; `None` when any word is not a square.
fn read_squares(text: &str) -> Option<Vec<Square>> {
    let mut out = Vec::new();
    for word in text.split(|c: char| c.is_whitespace() || matches!(c, ',' | '，' | '、' | ';')) {
        if word.is_empty() {
            continue;
        }
        let sq: Square = word.to_ascii_lowercase().parse().ok()?;
        if !out.contains(&sq) {
            out.push(sq);
        }
    }
    (!out.is_empty()).then_some(out)
}

/// Adds the hint (and after a few misses the "why") to a message, and counts the miss.
fn miss(cx: &mut Cx<'_>, msg: &mut String, hint: &str, why: &str) {
    if let Mode::Lesson { misses, .. } = &mut cx.s.mode {
        *misses = misses.saturating_add(1);
        let misses = *misses;
        msg.push_str("\n💡 ");
        msg.push_str(hint);
        if misses >= MISSES_FOR_WHY {
            msg.push('\n');
            msg.push_str(why);
        }
    }
}

/// A move (typed or tapped, already read by the referee) for the current move step.
pub(super) fn play(cx: &mut Cx<'_>, verdict: Verdict, input: &str) {
    let Some((index, step)) = current_step(cx) else {
        return;
    };
    let StepKind::Move(task) = &step.kind else {
        let msg = words::stale_button(cx.lang());
        cx.reply(Reply::text(msg));
        return;
    };
    judge_move(cx, index, &task.position, verdict, input);
}

fn judge_move(cx: &mut Cx<'_>, index: usize, pos: &Chess, verdict: Verdict, input: &str) {
    let Some((_, step)) = cx.catalog.step(index) else {
        return;
    };
    let StepKind::Move(task) = &step.kind else {
        return;
    };
    let lang = cx.lang();
    match &verdict {
        Verdict::Legal(info) => {
            let mut after = pos.clone();
            after.play_unchecked(info.mv);
            let mut view = BoardView::from_position(&after).with_orientation(pos.turn());
            if let Some((from, to)) = move_squares(&info.mv) {
                view = view.with_last_move(from, to);
            }
            if task.goal.is_met(pos, info.mv, &after) {
                let msg = words::then(
                    lang,
                    &words::right(lang),
                    &rules::text::legal_text(pos, info, lang),
                );
                cx.reply(Reply::board(view, msg));
                complete(cx, index);
            } else {
                let mut msg = words::then(
                    lang,
                    &words::legal_but_missed(lang),
                    &rules::text::legal_text(pos, info, lang),
                );
                miss(cx, &mut msg, task.hint.get(lang), task.why.get(lang));
                cx.reply(Reply::board(view, msg));
            }
        }
        Verdict::Illegal(reason) => {
            let mut msg = verdict_text(pos, &verdict, input, lang);
            let code = reason.code().to_owned();
            *cx.s.progress.rule_errors.entry(code.clone()).or_insert(0) += 1;
            cx.event(Event::IllegalMove { code: code.clone() });
            miss(cx, &mut msg, task.hint.get(lang), task.why.get(lang));
            let view = BoardView::from_position(pos)
                .with_orientation(pos.turn())
                .with_overlay(Overlay::for_reason(reason));
            let mut reply = Reply::board(view, msg);
            if let Some(row) = review_offer(cx, &code, index) {
                reply = reply.with_row(row);
            }
            cx.reply(reply);
        }
        Verdict::Ambiguous { .. } | Verdict::Unreadable => {
            let msg = verdict_text(pos, &verdict, input, lang);
            cx.reply(Reply::text(msg));
        }
    }
}

/// After repeated illegal attempts of one rule, offer the step that practises it (once).
fn review_offer(cx: &mut Cx<'_>, code: &str, current: usize) -> Option<Vec<Button>> {
    let count = *cx.s.progress.rule_errors.get(code)?;
    if count < ERRORS_FOR_REVIEW || cx.s.progress.reviews_offered.contains(code) {
        return None;
    }
    let step = cx.catalog.practice_step(code).filter(|s| *s != current)?;
    cx.s.progress.reviews_offered.insert(code.to_owned());
    let label = cx.say("练一练这条规则", "Practise this rule");
    Some(vec![Button::new(
        label,
        &Action::Review(u32::try_from(step).ok()?),
    )])
}

/// An answer button (or typed answer) for a judge step or a lesson's quiz step.
pub fn answer(cx: &mut Cx<'_>, choice: usize) {
    let Some((index, step)) = current_step(cx) else {
        return;
    };
    match &step.kind {
        StepKind::Judge(task) => {
            let lang = cx.lang();
            if choice_is_right(&task.answer, choice) {
                let msg = words::then(lang, &words::right(lang), task.why.get(lang));
                cx.reply(Reply::text(msg));
                complete(cx, index);
            } else {
                let mut msg = words::not_quite(lang);
                miss(cx, &mut msg, task.hint.get(lang), task.why.get(lang));
                cx.reply(Reply::text(msg));
            }
        }
        StepKind::Quiz { item } => {
            let id = item.clone();
            if quiz::judge_item(cx, &QuizRef::Lesson { id }, choice) {
                complete(cx, index);
            }
        }
        _ => {
            let msg = words::stale_button(cx.lang());
            cx.reply(Reply::text(msg));
        }
    }
}

/// `/hint` in a lesson.
pub fn hint(cx: &mut Cx<'_>) {
    let Some((_, step)) = current_step(cx) else {
        return;
    };
    let lang = cx.lang();
    let hints = match &mut cx.s.mode {
        Mode::Lesson { hints, .. } => {
            *hints = hints.saturating_add(1);
            *hints
        }
        _ => 1,
    };
    let text = match &step.kind {
        StepKind::Move(task) => {
            // The second hint shows the piece to move.
            if hints >= 2
                && let Some(from) = task.expected.first().and_then(|m| m.from())
            {
                let view = scene_view(&task.scene).with_mark(from, MarkKind::Highlight);
                cx.reply(Reply::board(view, format!("💡 {}", task.hint.get(lang))));
                return;
            }
            task.hint.get(lang).to_owned()
        }
        StepKind::Squares(task) => task.hint.get(lang).to_owned(),
        StepKind::Judge(task) => task.hint.get(lang).to_owned(),
        StepKind::Explain { .. } | StepKind::Quiz { .. } => {
            cx.say("这一步没有提示。", "There is no hint for this step.")
        }
    };
    cx.reply(Reply::text(format!("💡 {text}")));
}

/// `/solution` in a lesson.
pub fn solution(cx: &mut Cx<'_>) {
    let Some((_, step)) = current_step(cx) else {
        return;
    };
    let lang = cx.lang();
    match &step.kind {
        StepKind::Move(task) => {
            let Some(mv) = task.expected.first() else {
                return;
            };
            let san = shakmaty::san::San::from_move(&task.position, *mv).to_string();
            let mut view = scene_view(&task.scene);
            if let Some((from, to)) = move_squares(mv) {
                view = view.with_arrow(from, to, crate::render::ArrowKind::Good);
            }
            let msg = match lang {
                Lang::Zh => format!("答案：{san}。{}", task.why.get(lang)),
                Lang::En => format!("Solution: {san}. {}", task.why.get(lang)),
            };
            cx.reply(Reply::board(view, msg));
        }
        StepKind::Squares(task) => {
            let view = scene_view(&task.scene)
                .with_mark(task.square, MarkKind::Highlight)
                .with_dots(task.answer.clone());
            let names: Vec<String> = task.answer.iter().map(ToString::to_string).collect();
            let msg = match lang {
                Lang::Zh => format!("答案：{}。{}", names.join(" "), task.why.get(lang)),
                Lang::En => format!("Solution: {}. {}", names.join(" "), task.why.get(lang)),
            };
            cx.reply(Reply::board(view, msg));
        }
        StepKind::Judge(task) => {
            let right = judge_choices(lang, &task.answer)
                .into_iter()
                .find(|(i, _)| choice_is_right(&task.answer, *i))
                .map(|(_, l)| l)
                .unwrap_or_default();
            let msg = match lang {
                Lang::Zh => format!("答案：{right}。{}", task.why.get(lang)),
                Lang::En => format!("Answer: {right}. {}", task.why.get(lang)),
            };
            cx.reply(Reply::text(msg));
        }
        StepKind::Explain { .. } | StepKind::Quiz { .. } => {
            let msg = cx.say(
                "这一步没有单独的答案。",
                "This step has no separate answer.",
            );
            cx.reply(Reply::text(msg));
        }
    }
}

/// A typed answer to a lesson's quiz step.
pub fn answer_text(cx: &mut Cx<'_>, text: &str) {
    let Some((_, step)) = current_step(cx) else {
        return;
    };
    let StepKind::Quiz { item } = &step.kind else {
        return;
    };
    let Some(q) = cx.catalog.quiz_item(item) else {
        return;
    };
    match quiz::read_answer(q, text) {
        Some(choice) => answer(cx, choice),
        None => {
            let msg = words::unreadable_answer(cx.lang());
            cx.reply(Reply::text(msg));
        }
    }
}
