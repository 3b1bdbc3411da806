//! A teacher's quiz poll in the class's group: an item of the bank that fits a Telegram poll
//! in the class's language, posted (its board first, when it has one); then closed, with the
//! result for the group and, for the teacher in their private chat, who answered what and
//! the most common wrong answer.

use super::poll::poll_of;
use super::who::{class_lang, is_teacher, taught_class};
use super::words::ClassSay;
use crate::content::quiz::{QuizItem, QuizKind, letter};
use crate::rules::Lang;
use crate::tutor::callback::Action;
use crate::tutor::classroom::{ClassAct, ClassContext, ClassWrite, OpenQuiz, PollOp};
use crate::tutor::cx::Cx;
use crate::tutor::reply::{Button, Reply};
use crate::tutor::words;

/// `/classquiz [unit]`: a teacher posts the next quiz poll.
pub fn post(cx: &mut Cx<'_>, ctx: &ClassContext, unit: Option<u32>) {
    let lang = class_lang(cx, ctx);
    let Some(class) = taught_class(cx, ctx, lang) else {
        return;
    };
    if ctx.open_quiz.is_some() {
        cx.reply(Reply::text(ClassSay::QuizOpen.to(lang)));
        return;
    }
    let units = u32::try_from(cx.catalog.lessons().len()).unwrap_or(u32::MAX);
    if let Some(unit) = unit.filter(|u| *u == 0 || *u > units) {
        let text = ClassSay::QuizNoSuchUnit { unit, count: units }.to(lang);
        cx.reply(Reply::text(text));
        return;
    }
    let Some(item) = choose(cx.catalog.quiz(), unit, lang, &ctx.asked) else {
        let say = match unit {
            Some(unit) => ClassSay::QuizNoItemInUnit { unit },
            None => ClassSay::QuizNoItem,
        };
        cx.reply(Reply::text(say.to(lang)));
        return;
    };
    let Ok(poll) = poll_of(item, lang, ctx.fresh_id) else {
        // `choose` takes only items that fit.
        return;
    };
    if let Some(board) = &item.board {
        let caption = ClassSay::QuizBoard {
            unit: u32::from(item.unit),
        }
        .to(lang);
        cx.reply(Reply::board(crate::tutor::quiz::board_view(board), caption));
    }
    cx.out.class(ClassWrite::PostQuiz {
        id: poll.quiz,
        class: class.id,
        item: item.id.clone(),
        correct: poll.correct,
        options: poll.options.clone(),
    });
    let close = Button::new(
        ClassSay::ButtonClose.to(lang),
        &Action::Class(ClassAct::Close(poll.quiz)),
    );
    cx.reply(
        Reply::text(poll.question.clone())
            .with_poll(PollOp::Send(poll))
            .with_row(vec![close]),
    );
}

/// The item to ask: of the unit asked for (any unit without one), one that fits a poll in
/// `lang`; one the class was never asked first, else the one asked longest ago; in the
/// bank's order among equals.
pub(super) fn choose<'a>(
    bank: &'a [QuizItem],
    unit: Option<u32>,
    lang: Lang,
    asked: &[String],
) -> Option<&'a QuizItem> {
    bank.iter()
        .filter(|item| unit.is_none_or(|u| u32::from(item.unit) == u))
        .filter(|item| poll_of(item, lang, 0).is_ok())
        .min_by_key(|item| {
            asked
                .iter()
                .rposition(|a| *a == item.id)
                .map_or(0, |at| at + 1)
        })
}

/// `/classquiz stop`, or the poll's Close button: a teacher closes the open quiz.
pub fn close(cx: &mut Cx<'_>, ctx: &ClassContext, pressed: Option<i64>) {
    let lang = class_lang(cx, ctx);
    let refuse = |cx: &mut Cx<'_>, say: ClassSay, lang: Lang| {
        if cx.pressed() {
            cx.refuse(Reply::text(say.to(lang)).as_toast());
        } else {
            cx.reply(Reply::text(say.to(lang)));
        }
    };
    let Some(class) = ctx.class.as_ref().filter(|_| ctx.group.is_some()) else {
        let say = if ctx.group.is_some() {
            ClassSay::NoClass
        } else {
            ClassSay::OnlyInGroups
        };
        refuse(cx, say, lang);
        return;
    };
    if !is_teacher(ctx, class) {
        let lang = ctx.sender.as_ref().and_then(|s| s.lang).unwrap_or(lang);
        refuse(cx, ClassSay::TeachersOnly, lang);
        return;
    }
    let Some(open) = ctx
        .open_quiz
        .as_ref()
        .filter(|q| pressed.is_none_or(|id| q.id == id))
    else {
        refuse(cx, ClassSay::QuizNoneOpen, lang);
        return;
    };
    let item = cx.catalog.quiz_item(&open.item);
    let answer = label(item, open, open.correct);
    let students: Vec<i64> = class.students.iter().map(|p| p.id).collect();
    let answers: Vec<(i64, u8)> = open
        .answers
        .iter()
        .copied()
        .filter(|(user, _)| students.contains(user))
        .collect();
    let right = answers.iter().filter(|(_, o)| *o == open.correct).count();
    let mut text = ClassSay::QuizResult {
        right,
        answered: answers.len(),
        students: students.len(),
        answer: answer.clone(),
    }
    .to(lang);
    if let Some(item) = item {
        text.push_str("\n\n");
        text.push_str(item.explanation.get(lang));
    }
    let mut result = Reply::text(text);
    if let Some(message) = open.message {
        result = result.with_poll(PollOp::Stop { message });
    }
    cx.reply(result);
    cx.out.class(ClassWrite::CloseQuiz { id: open.id });
    // Who answered what, for the teacher who closed it, in their private chat.
    let mut lines = vec![
        ClassSay::QuizBreakdown {
            title: class.title.clone(),
            question: item.map(|i| i.question.clone()),
            answer,
        }
        .to(lang),
    ];
    for student in &class.students {
        let line = match answers.iter().find(|(u, _)| *u == student.id) {
            Some((_, o)) if *o == open.correct => ClassSay::QuizLineRight {
                name: student.name.clone(),
                answer: label(item, open, *o),
            },
            Some((_, o)) => ClassSay::QuizLineWrong {
                name: student.name.clone(),
                answer: label(item, open, *o),
            },
            None => ClassSay::QuizLineNone {
                name: student.name.clone(),
            },
        };
        lines.push(line.to(lang));
    }
    let wrong = most_common_wrong(&answers, open.correct);
    lines.push(String::new());
    lines.push(match wrong {
        Some((options, count)) => {
            let labels: Vec<String> = options.iter().map(|o| label(item, open, *o)).collect();
            ClassSay::QuizMostWrong {
                answer: words::either(lang, &labels),
                count,
            }
            .to(lang)
        }
        None => ClassSay::QuizNoWrong.to(lang),
    });
    let Some(teacher) = &ctx.sender else {
        return;
    };
    if teacher.has_chat == Some(false) {
        // Telegram would refuse it: the group is told how to get the next one instead.
        let name = teacher.person.name.clone();
        let say = match cx.bot_username() {
            Some(bot) => ClassSay::QuizOpenChat {
                name,
                link: format!("https://t.me/{bot}"),
            },
            None => ClassSay::QuizOpenChatNoLink { name },
        };
        cx.reply(Reply::text(say.to(lang)));
        return;
    }
    cx.tell(teacher.person.id, Reply::text(lines.join("\n")));
}

/// How option `option` of a quiz reads: `True`, or `B) text`.
fn label(item: Option<&QuizItem>, open: &OpenQuiz, option: u8) -> String {
    let text = open
        .options
        .get(usize::from(option))
        .cloned()
        .unwrap_or_default();
    if item.is_some_and(|i| i.kind() == QuizKind::TrueFalse) {
        text
    } else {
        format!(
            "{}) {text}",
            letter(usize::from(option)).to_ascii_uppercase()
        )
    }
}

/// The wrong option(s) chosen most often, and by how many; `None` when nobody answered
/// wrong. Several options when they tie, lowest first.
pub(super) fn most_common_wrong(answers: &[(i64, u8)], correct: u8) -> Option<(Vec<u8>, u32)> {
    let mut counts = std::collections::BTreeMap::<u8, u32>::new();
    for (_, option) in answers.iter().filter(|(_, o)| *o != correct) {
        *counts.entry(*option).or_default() += 1;
    }
    let most = *counts.values().max()?;
    let options = counts
        .into_iter()
        .filter(|(_, n)| *n == most)
        .map(|(o, _)| o)
        .collect();
    Some((options, most))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_most_common_wrong_answer_counts_only_wrong_answers_and_keeps_ties() {
        let answers = [(1, 0), (2, 2), (3, 2), (4, 1), (5, 1), (6, 0), (7, 0)];
        // 0 is right: 1 and 2 tie with two each.
        assert_eq!(most_common_wrong(&answers, 0), Some((vec![1, 2], 2)));
        assert_eq!(most_common_wrong(&answers, 1), Some((vec![0], 3)));
        assert_eq!(most_common_wrong(&[(1, 3), (2, 3)], 3), None);
        assert_eq!(most_common_wrong(&[], 0), None);
    }

    #[test]
    fn the_item_asked_is_never_asked_before_else_the_one_asked_longest_ago() {
        let (bank, _) = crate::content::quiz::load_quiz_sources(crate::content::shipped::QUIZ);
        let first = choose(&bank, Some(14), Lang::En, &[]).unwrap();
        assert_eq!(first.unit, 14);
        let asked = vec![first.id.clone()];
        let second = choose(&bank, Some(14), Lang::En, &asked).unwrap();
        assert_ne!(second.id, first.id);
        // Every item of the unit asked, the first one first, then the others: the first is next.
        let unit: Vec<String> = bank
            .iter()
            .filter(|i| i.unit == 14 && poll_of(i, Lang::En, 0).is_ok())
            .map(|i| i.id.clone())
            .collect();
        assert!(unit.len() >= 2);
        assert_eq!(
            choose(&bank, Some(14), Lang::En, &unit).unwrap().id,
            unit[0]
        );
        // Never an item that does not fit in the class's language.
        for lang in crate::i18n::LANGS {
            let mut asked = Vec::new();
            for _ in 0..bank.len() {
                let item = choose(&bank, None, lang, &asked).unwrap();
                assert!(poll_of(item, lang, 0).is_ok());
                asked.push(item.id.clone());
            }
        }
        assert!(choose(&bank, Some(99), Lang::En, &[]).is_none());
    }
}
