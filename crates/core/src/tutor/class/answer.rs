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

#[cfg(test)]
mod tests {
    use crate::rules::Lang;
    use crate::tutor::classroom::{
        ClassContext, ClassId, ClassInfo, ClassWrite, Person, PolledQuiz, Sender,
    };
    use crate::tutor::testing::run_class;
    use crate::tutor::{Catalog, Input, Session};

    fn class() -> ClassInfo {
        ClassInfo {
            id: ClassId(7),
            chat: -7,
            title: "Club".into(),
            lang: Lang::En,
            teachers: vec![Person {
                id: 1,
                name: "T".into(),
            }],
            students: vec![Person {
                id: 5,
                name: "Ann".into(),
            }],
            topic: None,
        }
    }

    /// A poll answer of `voter` with option `option`, for a quiz of three options.
    fn answer(
        voter: i64,
        option: Option<u8>,
        polled: Option<PolledQuiz>,
        pending: bool,
    ) -> Vec<ClassWrite> {
        let ctx = ClassContext {
            sender: Some(Sender {
                person: Person {
                    id: voter,
                    name: String::new(),
                },
                admin: None,
                lang: None,
                has_chat: None,
            }),
            class: Some(class()),
            polled,
            poll_pending: pending,
            ..ClassContext::default()
        };
        let input = Input::PollAnswer {
            poll: "p".into(),
            option,
        };
        let seen = run_class(Session::default(), input, ctx, &Catalog::default());
        assert!(
            seen.replies.is_empty() && seen.others.is_empty(),
            "a poll answer is silent"
        );
        seen.class
    }

    fn open(closed: bool) -> Option<PolledQuiz> {
        Some(PolledQuiz {
            id: 40,
            options: 3,
            closed,
        })
    }

    #[test]
    fn a_student_s_answer_is_kept_and_taken_back_and_nobody_else_s() {
        assert_eq!(
            answer(5, Some(2), open(false), false),
            [ClassWrite::Answer {
                quiz: 40,
                user: 5,
                chosen: 2
            }]
        );
        assert_eq!(
            answer(5, None, open(false), false),
            [ClassWrite::Retract { quiz: 40, user: 5 }]
        );
        // The teacher, a stranger, an option the quiz has not, a closed quiz: nothing.
        assert!(answer(1, Some(0), open(false), false).is_empty());
        assert!(answer(9, Some(0), open(false), false).is_empty());
        assert!(answer(5, Some(3), open(false), false).is_empty());
        assert!(answer(5, Some(0), open(true), false).is_empty());
        // A poll no quiz is: nothing, unless a quiz's poll is not noted yet.
        assert!(answer(5, Some(0), None, false).is_empty());
    }

    #[test]
    fn an_answer_to_a_poll_not_noted_yet_is_handed_in_again_and_stores_nothing() {
        let ctx = ClassContext {
            poll_pending: true,
            ..ClassContext::default()
        };
        let request = crate::tutor::Request::new(
            Session::default(),
            Input::PollAnswer {
                poll: "p".into(),
                option: Some(0),
            },
            crate::tutor::Envelope::default(),
        )
        .with_class(crate::tutor::ClassLoaded {
            poll_pending: ctx.poll_pending,
            ..crate::tutor::ClassLoaded::default()
        });
        let t = crate::tutor::step(request, &Catalog::default());
        assert!(t.later());
        assert!(t.class_writes().is_empty());
        // A new voter's session is marked as one the bot may not write to.
        assert!(t.session.only_voted);
    }
}
