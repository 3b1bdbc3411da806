//! A lesson's quiz step: an item of the quiz bank, asked inside the lesson. A wrong answer is
//! tried again (the answer is given only when asked for, with Solution); nothing here counts
//! as a quiz answer.

use crate::content::QuizId;
use crate::content::lesson::{Lesson, Step};
use crate::tutor::callback::Action;
use crate::tutor::cx::Cx;
use crate::tutor::quiz;
use crate::tutor::reply::{Button, Reply};
use crate::tutor::state::{LessonState, QuizRef};
use crate::tutor::words::Say;

use super::page::{Outcome, StepMessage, heading, update};

fn item(id: &str) -> Option<QuizRef> {
    Some(QuizRef::Lesson {
        id: id.parse::<QuizId>().ok()?,
    })
}

/// The step's message: the question, its answers, and Solution to see the answer.
pub(super) fn message(cx: &Cx<'_>, lesson: &Lesson, step: &Step, id: &str) -> StepMessage {
    let head = heading(cx, lesson, step);
    let reply = item(id).and_then(|item| quiz::item_message(cx, &item, Some(head.clone())));
    let Some(Reply {
        text,
        board,
        mut buttons,
        ..
    }) = reply
    else {
        return StepMessage {
            view: None,
            caption: format!("{head}\n\n{}", cx.t(&Say::QuestionMissing)),
            rows: Vec::new(),
            squares: Vec::new(),
            note: None,
        };
    };
    let n = cx.nonce();
    buttons.push(vec![
        Button::new(cx.t(&Say::ButtonSolution), &Action::Solution(n)),
        Button::new(cx.t(&Say::ButtonNext), &Action::Next(n)),
    ]);
    StepMessage {
        view: board,
        caption: text,
        rows: buttons,
        squares: Vec::new(),
        note: None,
    }
}

pub(super) fn answer(
    state: &mut LessonState,
    cx: &mut Cx<'_>,
    message: StepMessage,
    id: &str,
    choice: usize,
) -> Outcome {
    let Some(judged) = item(id)
        .filter(|item| quiz::offers(cx, item, choice))
        .and_then(|item| quiz::judge(cx, &item, choice))
    else {
        cx.stale_button();
        return Outcome::Stay;
    };
    let note = judged.verdict(cx.lang(), false);
    if judged.correct {
        update(cx, message.closed().with_note(&note));
        Outcome::Done
    } else {
        state.misses = state.misses.saturating_add(1);
        update(cx, message.with_note(&note));
        Outcome::Stay
    }
}

/// `/solution`: the answer and why.
pub(super) fn solution(cx: &mut Cx<'_>, message: StepMessage, id: &str) {
    let Some(item) = item(id) else {
        return;
    };
    let Some(judged) = quiz::judge(cx, &item, usize::MAX) else {
        return;
    };
    let note = cx.t(&Say::JudgeSolution {
        answer: judged.key,
        why: judged.explanation,
    });
    update(cx, message.with_note(&note));
}

/// The answers as a learner may write them.
pub(super) fn answer_words(cx: &Cx<'_>, id: &str) -> Vec<String> {
    item(id).map_or_else(Vec::new, |item| quiz::answer_words(cx, &item))
}

/// The position of the item's board, when it has one.
pub(super) fn position(cx: &Cx<'_>, id: &str) -> Option<shakmaty::Chess> {
    quiz::item_position(cx, &item(id)?)
}

/// A typed answer: read as the item's answer words, letters, numbers or choice texts.
pub(super) fn read(cx: &Cx<'_>, id: &str, text: &str) -> Option<usize> {
    quiz::read_item_answer(cx, &item(id)?, text)
}
