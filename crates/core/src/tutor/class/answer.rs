//! A member's answer to a class's quiz poll: kept for the quiz when it is open, the member is
//! one of its class's students and the option is one of the quiz's; taken back when the vote
//! is. Nobody is told (a poll answer has no chat to answer in); the group reads the result when
//! a teacher closes the quiz.

use crate::tutor::classroom::{ClassWrite, Role};
use crate::tutor::cx::Cx;

/// What became of a poll answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kept {
    Answered,
    Retracted,
    UnknownPoll,
    Later,
    Closed,
    NotAStudent,
    BadOption,
}

/// A poll answer: `option` chosen (`None`: the vote taken back) by the sender.
pub(crate) fn poll_answer(cx: &mut Cx<'_>, option: Option<u8>) -> Kept {
    let Some(ctx) = cx.class.take() else {
        return Kept::UnknownPoll;
    };
    let Some(quiz) = &ctx.polled else {
        // Telegram names a poll only after it is sent: an answer may come before the shell
        // noted which quiz the poll is. It waits, for as long as such a quiz is that new.
        if ctx.poll_pending {
            cx.out.later();
            return Kept::Later;
        }
        return Kept::UnknownPoll;
    };
    if quiz.closed {
        return Kept::Closed;
    }
    let (Some(sender), Some(class)) = (&ctx.sender, &ctx.class) else {
        return Kept::NotAStudent;
    };
    let user = sender.person.id;
    if class.role_of(user) != Some(Role::Student) {
        return Kept::NotAStudent;
    }
    match option {
        None => {
            cx.out.class(ClassWrite::Retract {
                quiz: quiz.id,
                user,
            });
            Kept::Retracted
        }
        Some(chosen) if usize::from(chosen) < quiz.options => {
            cx.out.class(ClassWrite::Answer {
                quiz: quiz.id,
                user,
                chosen,
            });
            Kept::Answered
        }
        Some(_) => Kept::BadOption,
    }
}
