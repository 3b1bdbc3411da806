//! A judge step: a question about a position (is it check? mate? which draw rule?), answered
//! with buttons or typed words.

use crate::content::judge::{Answer, DrawKind};
use crate::content::lesson::{JudgeTask, Lesson, Step};
use crate::rules::Lang;
use crate::tutor::callback::Action;
use crate::tutor::cx::Cx;
use crate::tutor::reply::{Button, Reply};
use crate::tutor::state::LessonState;
use crate::tutor::words::{self, Say};

use super::page::{Outcome, heading, miss, scene_view};

pub(super) fn present(cx: &mut Cx<'_>, lesson: &Lesson, step: &Step, task: &JudgeTask) {
    let lang = cx.lang();
    let n = cx.nonce();
    let choices = choices(lang, &task.answer);
    let mut reply = Reply::board(
        scene_view(&task.scene),
        format!("{}\n\n{}", heading(cx, lesson, step), task.text.get(lang)),
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

/// A typed answer: yes/no words for a yes/no question.
pub(super) fn read(task: &JudgeTask, text: &str) -> Option<usize> {
    let lower = text.to_lowercase();
    match (&task.answer, lower.as_str()) {
        (Answer::Yes(_), "yes" | "y" | "是" | "对" | "能" | "可以") => Some(0),
        (Answer::Yes(_), "no" | "n" | "否" | "不" | "不是" | "不能" | "不可以") => Some(1),
        _ => None,
    }
}

pub(super) fn answer(
    state: &mut LessonState,
    cx: &mut Cx<'_>,
    task: &JudgeTask,
    choice: usize,
) -> Outcome {
    let lang = cx.lang();
    if is_right(&task.answer, choice) {
        let msg = words::then(lang, &words::right(lang), task.why.get(lang));
        cx.reply(Reply::text(msg));
        Outcome::Done
    } else {
        let mut msg = words::not_quite(lang);
        miss(state, &mut msg, task.hint.get(lang), task.why.get(lang));
        cx.reply(Reply::text(msg));
        Outcome::Stay
    }
}

pub(super) fn solution(cx: &mut Cx<'_>, task: &JudgeTask) {
    let lang = cx.lang();
    let right = choices(lang, &task.answer)
        .into_iter()
        .find(|(i, _)| is_right(&task.answer, *i))
        .map(|(_, l)| l)
        .unwrap_or_default();
    let msg = Say::JudgeSolution {
        answer: right,
        why: task.why.get(lang).to_owned(),
    }
    .to(lang);
    cx.reply(Reply::text(msg));
}

/// The answers offered for a judge question: (index, label).
fn choices(lang: Lang, answer: &Answer) -> Vec<(usize, String)> {
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
    match kind {
        Some(DrawKind::Stalemate) => Say::DrawStalemate,
        Some(DrawKind::InsufficientMaterial) => Say::DrawInsufficientMaterial,
        Some(DrawKind::Threefold) => Say::DrawThreefold,
        Some(DrawKind::Fivefold) => Say::DrawFivefold,
        Some(DrawKind::FiftyMoves) => Say::DrawFiftyMoves,
        Some(DrawKind::SeventyFiveMoves) => Say::DrawSeventyFiveMoves,
        None => Say::DrawNone,
    }
    .to(lang)
}

fn is_right(answer: &Answer, choice: usize) -> bool {
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
