//! The class commands and buttons: what each needs loaded, who may do what, and what becomes
//! of the class.

use super::who::{class_lang, group_class, taught_class};
use super::words::ClassSay;
use super::{daily, quizzes, report, top, tries};
use crate::rules::Lang;
use crate::tutor::callback::Action;
use crate::tutor::classroom::{
    ClassAct, ClassCommand, ClassContext, ClassId, ClassInfo, ClassWrite, Role,
};
use crate::tutor::cx::Cx;

use crate::tutor::reply::{Button, Reply};
use crate::tutor::state::Mode;
use crate::tutor::words;

/// A class command.
pub fn command(cx: &mut Cx<'_>, command: ClassCommand, mode: Mode) -> Mode {
    let Some(ctx) = cx.class.take() else {
        // A shell without classes (the terminal chat).
        let text = ClassSay::OnlyInGroups.to(cx.lang());
        cx.reply(Reply::text(text));
        return mode;
    };
    if let ClassCommand::DailyLink(id) = command {
        return daily::open(cx, &ctx, id, mode);
    }
    match command {
        ClassCommand::Open => open(cx, &ctx),
        ClassCommand::Teach => teach(cx, &ctx),
        ClassCommand::Lang(lang) => set_lang(cx, &ctx, lang),
        ClassCommand::Usage => {
            let lang = class_lang(cx, &ctx);
            cx.reply(Reply::text(ClassSay::Usage.to(lang)));
        }
        ClassCommand::Daily(time) => daily::set(cx, &ctx, time),
        ClassCommand::Quiz(unit) => quizzes::post(cx, &ctx, unit),
        ClassCommand::QuizUsage => {
            let lang = class_lang(cx, &ctx);
            cx.reply(Reply::text(ClassSay::QuizUsage.to(lang)));
        }
        ClassCommand::Stop => quizzes::close(cx, &ctx, None),
        ClassCommand::Leave => leave(cx, &ctx, None),
        ClassCommand::Report => report::send(cx, &ctx),
        ClassCommand::ReportStudent(number) => tries::student(cx, &ctx, number),
        ClassCommand::Top => top::show(cx, &ctx),
        ClassCommand::JoinLink(id) => join_by_link(cx, &ctx, id),
        ClassCommand::DailyLink(_) => {}
    }
    mode
}

/// A class's button.
pub fn act(cx: &mut Cx<'_>, act: ClassAct) {
    let Some(ctx) = cx.class.take() else {
        cx.stale_button();
        return;
    };
    match act {
        ClassAct::Join(id) => join_by_button(cx, &ctx, id),
        ClassAct::Leave(id) => leave(cx, &ctx, Some(id)),
        ClassAct::Close(quiz) => quizzes::close(cx, &ctx, Some(quiz)),
    }
}

/// The language to tell the sender something of their own in: in a group, their client's
/// (else the class's); in their private chat, theirs.
fn sender_lang(cx: &Cx<'_>, ctx: &ClassContext, class: &ClassInfo) -> Lang {
    match ctx.group {
        Some(_) => ctx
            .sender
            .as_ref()
            .and_then(|s| s.lang)
            .unwrap_or(class.lang),
        None => cx.lang(),
    }
}

/// Says `text`: on the pressed button as a notice (a press changes nothing then), or as a
/// message.
fn tell(cx: &mut Cx<'_>, text: String) {
    if cx.pressed() {
        cx.refuse(Reply::text(text).as_toast());
    } else {
        cx.reply(Reply::text(text));
    }
}

/// The class's card: who teaches it, how many students, how to join, the buttons.
pub(super) fn card(cx: &Cx<'_>, class: &ClassInfo) -> Reply {
    let lang = class.lang;
    let names: Vec<String> = class.teachers.iter().map(|p| p.name.clone()).collect();
    let mut text = ClassSay::Card {
        title: class.title.clone(),
        teachers: words::list(lang, &names),
        students: class.students.len(),
    }
    .to(lang);
    if let Some(bot) = cx.bot_username() {
        text.push('\n');
        text.push_str(
            &ClassSay::Link {
                link: format!("https://t.me/{bot}?start={}", class.id.payload()),
            }
            .to(lang),
        );
    }
    Reply::text(text).with_row(vec![
        Button::new(
            ClassSay::ButtonJoin.to(lang),
            &Action::Class(ClassAct::Join(class.id)),
        ),
        Button::new(
            ClassSay::ButtonLeave.to(lang),
            &Action::Class(ClassAct::Leave(class.id)),
        ),
    ])
}

/// `/class`: the class's card, or (an administrator, in a group that is no class yet) a new
/// class with its sender as its teacher.
fn open(cx: &mut Cx<'_>, ctx: &ClassContext) {
    let lang = class_lang(cx, ctx);
    let Some(group) = ctx.group else {
        cx.reply(Reply::text(ClassSay::OnlyInGroups.to(lang)));
        return;
    };
    if let Some(class) = &ctx.class {
        let reply = card(cx, class);
        cx.reply(reply);
        if ctx
            .sender
            .as_ref()
            .is_some_and(|s| class.role_of(s.person.id) == Some(Role::Teacher))
        {
            cx.reply(Reply::text(ClassSay::TeacherHelp.to(class.lang)));
        }
        return;
    }
    let Some(sender) = &ctx.sender else {
        cx.reply(Reply::text(ClassSay::Anonymous.to(lang)));
        return;
    };
    if sender.admin != Some(true) {
        cx.reply(Reply::text(ClassSay::AdminsOnly.to(lang)));
        return;
    }
    let class = ClassInfo {
        id: ClassId(ctx.fresh_id),
        chat: group,
        title: ctx.title.clone().unwrap_or_default(),
        lang,
        teachers: vec![sender.person.clone()],
        students: Vec::new(),
        topic: ctx.topic,
    };
    cx.out.class(ClassWrite::Create {
        id: class.id,
        chat: group,
        title: class.title.clone(),
        lang,
        topic: ctx.topic,
        teacher: sender.person.clone(),
    });
    let made = ClassSay::Made {
        teacher: sender.person.name.clone(),
    }
    .to(lang);
    let mut reply = card(cx, &class);
    reply.text = format!("{made}\n\n{}", reply.text);
    cx.reply(reply);
    cx.reply(Reply::text(ClassSay::TeacherHelp.to(lang)));
}

/// `/class teach`: an administrator of the group becomes a teacher of its class.
fn teach(cx: &mut Cx<'_>, ctx: &ClassContext) {
    let lang = class_lang(cx, ctx);
    let Some(class) = group_class(cx, ctx, lang, ClassSay::OnlyInGroups) else {
        return;
    };
    let Some(sender) = &ctx.sender else {
        cx.reply(Reply::text(ClassSay::Anonymous.to(lang)));
        return;
    };
    let say = if class.role_of(sender.person.id) == Some(Role::Teacher) {
        ClassSay::AlreadyTeacher
    } else if sender.admin != Some(true) {
        ClassSay::TeachAdminsOnly
    } else {
        cx.out.class(ClassWrite::Join {
            class: class.id,
            person: sender.person.clone(),
            role: Role::Teacher,
        });
        ClassSay::TeacherAdded {
            name: sender.person.name.clone(),
        }
    };
    cx.reply(Reply::text(say.to(lang)));
}

/// `/class lang X`: a teacher sets the class's language.
fn set_lang(cx: &mut Cx<'_>, ctx: &ClassContext, lang: Option<Lang>) {
    let said = class_lang(cx, ctx);
    let Some(class) = taught_class(cx, ctx, said) else {
        return;
    };
    let Some(lang) = lang else {
        cx.reply(Reply::text(ClassSay::LangUsage.to(said)));
        return;
    };
    cx.out.class(ClassWrite::SetLang {
        class: class.id,
        lang,
    });
    let text = ClassSay::LangSet { script: lang }.to(lang);
    cx.reply(Reply::text(text));
}

/// The Join button under the class's card, pressed by a member of its group.
fn join_by_button(cx: &mut Cx<'_>, ctx: &ClassContext, id: ClassId) {
    // The button of this group's class, and no other (a forged id changes nothing).
    let Some(class) = ctx.class.as_ref().filter(|c| c.id == id) else {
        cx.stale_button();
        return;
    };
    let lang = sender_lang(cx, ctx, class);
    let Some(sender) = &ctx.sender else {
        cx.refuse(Reply::text(ClassSay::Anonymous.to(lang)).as_toast());
        return;
    };
    match class.role_of(sender.person.id) {
        Some(Role::Student) => tell(cx, ClassSay::AlreadyIn.to(lang)),
        Some(Role::Teacher) => tell(cx, ClassSay::YouTeach.to(lang)),
        None => {
            cx.out.class(ClassWrite::Join {
                class: class.id,
                person: sender.person.clone(),
                role: Role::Student,
            });
            let text = ClassSay::JoinedToast {
                title: class.title.clone(),
            }
            .to(lang);
            cx.reply(Reply::text(text).as_toast());
        }
    }
}

/// `/start class-N`: the class's link, opened in the student's private chat.
fn join_by_link(cx: &mut Cx<'_>, ctx: &ClassContext, id: ClassId) {
    let lang = cx.lang();
    if ctx.group.is_some() {
        cx.reply(Reply::text(ClassSay::LinkInPrivate.to(lang)));
        return;
    }
    let Some(class) = ctx.class.as_ref().filter(|c| c.id == id) else {
        cx.reply(Reply::text(ClassSay::LinkGone.to(lang)));
        return;
    };
    let Some(sender) = &ctx.sender else {
        cx.reply(Reply::text(ClassSay::Anonymous.to(lang)));
        return;
    };
    let say = match class.role_of(sender.person.id) {
        Some(Role::Student) => ClassSay::AlreadyIn,
        Some(Role::Teacher) => ClassSay::YouTeach,
        None => {
            cx.out.class(ClassWrite::Join {
                class: class.id,
                person: sender.person.clone(),
                role: Role::Student,
            });
            ClassSay::Joined {
                title: class.title.clone(),
            }
        }
    };
    let row = cx.menu_row();
    cx.reply(Reply::text(say.to(lang)).with_row(row));
}

/// `/leave` (in the class's group, or in a private chat), or a Leave button: the student
/// leaves, and their class data goes with them.
fn leave(cx: &mut Cx<'_>, ctx: &ClassContext, which: Option<ClassId>) {
    let lang = class_lang(cx, ctx);
    if ctx.sender.is_none() {
        tell(cx, ClassSay::Anonymous.to(lang));
        return;
    }
    let membership = |id: ClassId| ctx.memberships.iter().find(|(c, _)| c.id == id);
    let target = match (which, ctx.group) {
        (Some(id), _) => membership(id),
        (None, Some(_)) => match &ctx.class {
            Some(class) => membership(class.id),
            None => {
                cx.reply(Reply::text(ClassSay::NoClass.to(lang)));
                return;
            }
        },
        (None, None) => {
            let studying: Vec<&ClassInfo> = ctx
                .memberships
                .iter()
                .filter(|(_, r)| *r == Role::Student)
                .map(|(c, _)| c)
                .collect();
            match studying.as_slice() {
                [] => {
                    cx.reply(Reply::text(ClassSay::InNone.to(lang)));
                    return;
                }
                [one] => membership(one.id),
                many => {
                    let mut reply = Reply::text(ClassSay::WhichToLeave.to(lang));
                    for class in many {
                        reply = reply.with_row(vec![Button::new(
                            ClassSay::ButtonLeaveNamed {
                                title: class.title.clone(),
                            }
                            .to(lang),
                            &Action::Class(ClassAct::Leave(class.id)),
                        )]);
                    }
                    cx.reply(reply);
                    return;
                }
            }
        }
    };
    // In a group, only the class of that group.
    let target = target.filter(|(c, _)| ctx.group.is_none_or(|g| c.chat == g));
    let Some((class, role)) = target else {
        let lang = ctx
            .sender
            .as_ref()
            .and_then(|s| s.lang.filter(|_| ctx.group.is_some()))
            .unwrap_or(lang);
        tell(cx, ClassSay::NotIn.to(lang));
        return;
    };
    let lang = sender_lang(cx, ctx, class);
    if *role == Role::Teacher {
        tell(cx, ClassSay::TeacherStays.to(lang));
        return;
    }
    let user = ctx.sender.as_ref().map_or(0, |s| s.person.id);
    cx.out.class(ClassWrite::Leave {
        class: class.id,
        user,
    });
    let text = ClassSay::Left {
        title: class.title.clone(),
    }
    .to(lang);
    if cx.pressed() && ctx.group.is_some() {
        cx.reply(Reply::text(text).as_toast());
    } else {
        cx.reply(Reply::text(text));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tutor::classroom::ClassNeed;
    use crate::tutor::classroom::{OpenQuiz, Person, PollOp, Sender};
    use crate::tutor::testing::Seen;
    use crate::tutor::{Catalog, Input, Session};

    const GROUP: i64 = -100_042;

    fn catalog() -> &'static Catalog {
        static SHIPPED: std::sync::OnceLock<Catalog> = std::sync::OnceLock::new();
        SHIPPED.get_or_init(|| Catalog::shipped().expect("the shipped content loads"))
    }

    fn person(id: i64, name: &str) -> Person {
        Person {
            id,
            name: name.to_owned(),
        }
    }

    fn sender(id: i64, name: &str, admin: Option<bool>) -> Option<Sender> {
        Some(Sender {
            person: person(id, name),
            admin,
            lang: Some(Lang::En),
            has_chat: None,
        })
    }

    fn class(students: &[(i64, &str)]) -> ClassInfo {
        ClassInfo {
            id: ClassId(77),
            chat: GROUP,
            title: "Chess club".to_owned(),
            lang: Lang::En,
            teachers: vec![person(1, "Teacher")],
            students: students.iter().map(|(id, n)| person(*id, n)).collect(),
            topic: None,
        }
    }

    fn in_group(ctx: ClassContext) -> ClassContext {
        ClassContext {
            group: Some(GROUP),
            title: Some("Chess club".to_owned()),
            fresh_id: 555,
            ..ctx
        }
    }

    /// One input with `ctx` loaded, in English.
    fn run(input: Input, ctx: ClassContext) -> Seen {
        let session = Session {
            lang: Some(Lang::En),
            ..Session::default()
        };
        crate::tutor::testing::run_class(session, input, ctx, catalog())
    }

    fn need_of(input: &Input) -> Option<ClassNeed> {
        crate::tutor::testing::need_of(input.clone())
    }

    fn text(t: &str) -> Input {
        Input::Text(t.to_owned())
    }

    fn press(act: ClassAct) -> Input {
        Input::Button(Action::Class(act).encode())
    }

    #[test]
    fn each_input_says_what_it_needs_and_only_making_and_teaching_ask_for_an_admin() {
        assert_eq!(need_of(&text("/class")), Some(ClassNeed::OfChat));
        assert_eq!(need_of(&text("/classquiz 7")), Some(ClassNeed::OfChat));
        assert_eq!(need_of(&text("/leave")), Some(ClassNeed::Mine));
        assert_eq!(need_of(&text("/report")), Some(ClassNeed::Report));
        assert_eq!(
            need_of(&text("/start class-9")),
            Some(ClassNeed::ById(ClassId(9)))
        );
        assert_eq!(
            need_of(&press(ClassAct::Join(ClassId(9)))),
            Some(ClassNeed::Mine)
        );
        assert_eq!(need_of(&text("/help")), None);
        assert_eq!(need_of(&text(&format!("/class {}", "x".repeat(600)))), None);
        // Forged class buttons do not read.
        for forged in [
            "C:j:-5",
            "C:x:5",
            "C:j:5:6",
            "C:j:",
            "C:c:99999999999999999999",
        ] {
            assert_eq!(Action::decode(forged), None, "{forged}");
        }
    }

    #[test]
    fn only_an_administrator_makes_a_class_and_becomes_its_teacher() {
        let refused = run(
            text("/class"),
            in_group(ClassContext {
                sender: sender(2, "Ann", Some(false)),
                ..ClassContext::default()
            }),
        );
        assert!(refused.class.is_empty());
        assert!(refused.replies[0].text.contains("Only an administrator"));
        let anonymous = run(text("/class"), in_group(ClassContext::default()));
        assert!(anonymous.class.is_empty());
        let made = run(
            text("/class"),
            in_group(ClassContext {
                sender: sender(1, "Teacher", Some(true)),
                topic: Some(42),
                ..ClassContext::default()
            }),
        );
        assert_eq!(
            made.class,
            [ClassWrite::Create {
                id: ClassId(555),
                chat: GROUP,
                title: "Chess club".to_owned(),
                lang: Lang::En,
                topic: Some(42),
                teacher: person(1, "Teacher"),
            }]
        );
        assert!(made.replies[0].text.contains("This group is now a class"));
        let join = Action::Class(ClassAct::Join(ClassId(555))).encode();
        assert!(
            made.replies[0]
                .buttons
                .iter()
                .flatten()
                .any(|b| b.data == join)
        );
        // In a private chat, no class is made.
        let private = run(
            text("/class"),
            ClassContext {
                sender: sender(1, "Teacher", Some(true)),
                ..ClassContext::default()
            },
        );
        assert!(private.class.is_empty());
        // Another administrator becomes a teacher; a member who is none does not.
        let with_class = |id, admin| {
            in_group(ClassContext {
                sender: sender(id, "Bo", admin),
                class: Some(class(&[])),
                ..ClassContext::default()
            })
        };
        let taught = run(text("/class teach"), with_class(3, Some(true)));
        assert_eq!(
            taught.class,
            [ClassWrite::Join {
                class: ClassId(77),
                person: person(3, "Bo"),
                role: Role::Teacher
            }]
        );
        assert!(
            run(text("/class teach"), with_class(3, Some(false)))
                .class
                .is_empty()
        );
        // The language: its teachers only.
        let set = run(text("/class lang zh-hant"), with_class(1, None));
        assert_eq!(
            set.class,
            [ClassWrite::SetLang {
                class: ClassId(77),
                lang: Lang::ZhHant
            }]
        );
        assert!(
            set.replies[0].text.contains("繁體中文"),
            "{}",
            set.replies[0].text
        );
        assert!(
            run(text("/class lang en"), with_class(3, None))
                .class
                .is_empty()
        );
    }

    #[test]
    fn only_a_teacher_sets_the_puzzle_of_the_day_and_a_bad_time_changes_nothing() {
        let ctx = |id| {
            in_group(ClassContext {
                sender: sender(id, "Bo", None),
                class: Some(class(&[(5, "Cy")])),
                ..ClassContext::default()
            })
        };
        let set = run(text("/class daily 07:30"), ctx(1));
        assert_eq!(
            set.class,
            [ClassWrite::SetDaily {
                class: ClassId(77),
                at: Some(450)
            }]
        );
        assert!(set.replies[0].text.contains("07:30 UTC"));
        let off = run(text("/class daily off"), ctx(1));
        assert_eq!(
            off.class,
            [ClassWrite::SetDaily {
                class: ClassId(77),
                at: None
            }]
        );
        for bad in ["/class daily 25:00", "/class daily 7", "/class daily"] {
            let t = run(text(bad), ctx(1));
            assert!(t.class.is_empty(), "{bad}");
            assert!(t.replies[0].text.contains("/class daily 07:30"), "{bad}");
        }
        let student = run(text("/class daily 07:30"), ctx(5));
        assert!(student.class.is_empty());
        assert!(
            student.replies[0]
                .text
                .contains("Only the class's teachers")
        );
    }

    #[test]
    fn the_top_is_most_points_first_in_the_group_only() {
        use crate::tutor::classroom::{ClassReport, StudentFigures};
        let c = class(&[(5, "Cy"), (6, "Di"), (7, "Ed")]);
        let figures = |id, name: &str, quiz, units, daily| {
            let mut s = StudentFigures::new(person(id, name));
            (s.quiz_right, s.units, s.daily_points) = (quiz, units, daily);
            s
        };
        let report = ClassReport {
            class: c.clone(),
            students: vec![
                figures(5, "Cy", 1, 0, 0),
                figures(6, "Di", 0, 1, 3),
                figures(7, "Ed", 2, 0, 0),
            ],
        };
        assert_eq!(need_of(&text("/top")), Some(ClassNeed::Top));
        let top = run(
            text("/top"),
            in_group(ClassContext {
                sender: sender(5, "Cy", None),
                class: Some(c.clone()),
                reports: vec![report],
                ..ClassContext::default()
            }),
        );
        assert!(top.class.is_empty());
        let said = &top.replies[0].text;
        let at = |needle: &str| said.find(needle).unwrap_or_else(|| panic!("{said}"));
        assert!(at("1. Di: 5 points") < at("2. Ed: 2 points"));
        assert!(at("2. Ed: 2 points") < at("3. Cy: 1 point"));
        let private = run(
            text("/top"),
            ClassContext {
                sender: sender(5, "Cy", None),
                ..ClassContext::default()
            },
        );
        assert!(private.replies[0].text.contains("send /top there"));
    }

    #[test]
    fn a_forged_or_repeated_join_changes_nothing_and_a_join_is_a_notice() {
        let ctx = |id| {
            in_group(ClassContext {
                sender: sender(id, "Ann", None),
                class: Some(class(&[(5, "Cy")])),
                ..ClassContext::default()
            })
        };
        let joined = run(press(ClassAct::Join(ClassId(77))), ctx(2));
        assert_eq!(
            joined.class,
            [ClassWrite::Join {
                class: ClassId(77),
                person: person(2, "Ann"),
                role: Role::Student
            }]
        );
        assert!(joined.replies[0].toast && !joined.refused);
        // Another class's id, or a student pressing again: refused, nothing written.
        let forged = run(press(ClassAct::Join(ClassId(78))), ctx(2));
        assert!(forged.refused && forged.class.is_empty());
        let again = run(press(ClassAct::Join(ClassId(77))), ctx(5));
        assert!(again.refused && again.class.is_empty());
        assert!(again.replies[0].text.contains("already"));
    }

    #[test]
    fn a_student_leaves_and_a_teacher_stays() {
        let c = class(&[(5, "Cy")]);
        let ctx = |id| ClassContext {
            sender: sender(id, "Cy", None),
            memberships: vec![(c.clone(), c.role_of(id).unwrap_or(Role::Student))],
            ..ClassContext::default()
        };
        let left = run(text("/leave"), ctx(5));
        assert_eq!(
            left.class,
            [ClassWrite::Leave {
                class: ClassId(77),
                user: 5
            }]
        );
        assert!(left.replies[0].text.contains("deleted"));
        assert!(run(text("/leave"), ctx(1)).class.is_empty());
        let none = run(
            text("/leave"),
            ClassContext {
                sender: sender(9, "Di", None),
                ..ClassContext::default()
            },
        );
        assert!(none.class.is_empty());
        assert!(none.replies[0].text.contains("not a student of any class"));
    }

    #[test]
    fn a_teacher_posts_a_poll_and_closing_it_tells_the_group_and_the_teacher() {
        let c = class(&[(5, "Cy"), (6, "Di"), (7, "Ed")]);
        let ctx = |id, open: Option<OpenQuiz>| {
            in_group(ClassContext {
                sender: sender(id, "X", None),
                class: Some(c.clone()),
                open_quiz: open,
                ..ClassContext::default()
            })
        };
        assert!(run(text("/classquiz"), ctx(5, None)).class.is_empty());
        let posted = run(text("/classquiz 14"), ctx(1, None));
        let Some(ClassWrite::PostQuiz {
            id,
            item,
            correct,
            options,
            ..
        }) = posted.class.first().cloned()
        else {
            panic!("{:?}", posted.class)
        };
        assert_eq!(id, 555);
        let poll = posted
            .replies
            .iter()
            .find_map(|r| match &r.poll {
                Some(PollOp::Send(p)) => Some(p.clone()),
                _ => None,
            })
            .expect("a poll");
        assert_eq!((poll.correct, &poll.options), (correct, &options));
        assert_eq!(catalog().quiz_item(&item).unwrap().unit, 14);
        // A unit that is none, and a second quiz while one is open: said, nothing posted.
        assert!(run(text("/classquiz 99"), ctx(1, None)).class.is_empty());
        let wrong = u8::try_from((usize::from(correct) + 1) % options.len()).unwrap();
        let open = OpenQuiz {
            id,
            item: item.clone(),
            correct,
            options: options.clone(),
            message: Some(321),
            // Cy right, Di wrong, Ed silent; 8 is no student (left, or never joined).
            answers: vec![(5, correct), (6, wrong), (8, wrong)],
        };
        assert!(
            run(text("/classquiz"), ctx(1, Some(open.clone())))
                .class
                .is_empty()
        );
        // Only a teacher closes it, and only the open quiz's button does.
        let by_student = run(press(ClassAct::Close(id)), ctx(5, Some(open.clone())));
        assert!(by_student.refused && by_student.class.is_empty());
        let stale = run(press(ClassAct::Close(id + 1)), ctx(1, Some(open.clone())));
        assert!(stale.refused && stale.class.is_empty());
        // A teacher who never wrote to the bot: no breakdown Telegram would refuse; the
        // group is told how to get the next one.
        let mut no_chat = ctx(1, Some(open.clone()));
        if let Some(s) = no_chat.sender.as_mut() {
            s.has_chat = Some(false);
        }
        let unreachable = run(text("/classquiz stop"), no_chat);
        assert_eq!(unreachable.class, [ClassWrite::CloseQuiz { id }]);
        assert!(unreachable.others.is_empty(), "{:?}", unreachable.others);
        assert!(
            unreachable.replies[1]
                .text
                .contains("I cannot write to you first"),
            "{}",
            unreachable.replies[1].text
        );
        let closed = run(text("/classquiz stop"), ctx(1, Some(open)));
        assert_eq!(closed.class, [ClassWrite::CloseQuiz { id }]);
        let result = &closed.replies[0];
        assert_eq!(result.poll, Some(PollOp::Stop { message: 321 }));
        assert!(
            result.text.contains("1 of 2 answers right (3 students"),
            "{}",
            result.text
        );
        assert_eq!(closed.others.len(), 1);
        let (teacher, told) = &closed.others[0];
        assert_eq!(*teacher, 1);
        let breakdown = &told[0].text;
        assert!(
            breakdown.contains("✅ Cy") && breakdown.contains("❌ Di"),
            "{breakdown}"
        );
        assert!(breakdown.contains("▫️ Ed: no answer"), "{breakdown}");
        assert!(
            breakdown.contains("Most common wrong answer"),
            "{breakdown}"
        );
    }

    #[test]
    fn a_report_is_for_teachers_in_their_private_chat_only() {
        let refused = run(
            text("/report"),
            ClassContext {
                sender: sender(5, "Cy", None),
                ..ClassContext::default()
            },
        );
        assert!(refused.replies[0].text.contains("Reports are for teachers"));
        assert!(refused.replies.iter().all(|r| r.document.is_none()));
        let report = crate::tutor::classroom::ClassReport {
            class: class(&[]),
            students: Vec::new(),
        };
        let in_group_refused = run(
            text("/report"),
            in_group(ClassContext {
                sender: sender(1, "Teacher", None),
                reports: vec![report.clone()],
                ..ClassContext::default()
            }),
        );
        assert!(
            in_group_refused
                .replies
                .iter()
                .all(|r| r.document.is_none())
        );
        let sent = run(
            text("/report"),
            ClassContext {
                sender: sender(1, "Teacher", None),
                reports: vec![report],
                ..ClassContext::default()
            },
        );
        assert!(sent.replies[0].text.contains("Class «Chess club»"));
        assert!(sent.replies[1].document.is_some());
    }

    /// The puzzle of the day on a board in a private chat: opened by its link for a student
    /// (counted), a teacher or a student who solved it (practice), refused to anyone else and
    /// in a group; its first right move, without a hint, asks the shell to record the solver
    /// once; after a hint or the solution nothing is recorded.
    #[test]
    fn the_puzzle_of_the_day_opens_on_a_board_in_private_and_its_first_right_move_counts_once() {
        use crate::tutor::classroom::DailyOpen;
        use crate::tutor::state::Mode;
        let day = 20_000;
        let puzzle = super::daily::daily_puzzle(catalog(), 77, day).unwrap();
        let key = puzzle.keys()[0]
            .to_uci(shakmaty::CastlingMode::Standard)
            .to_string();
        let link = || text(&format!("/start {}", ClassId(77).daily_payload()));
        let ctx = |who: i64, solved: bool| ClassContext {
            sender: sender(who, "Ann", None),
            class: Some(class(&[(2, "Ann")])),
            daily: Some(DailyOpen {
                day,
                puzzle: puzzle.id().clone(),
                message: None,
                solvers: if solved { vec![who] } else { Vec::new() },
            }),
            ..ClassContext::default()
        };
        let tag_of = |t: &Seen| match &t.session.mode {
            Mode::Puzzle(p) => Some(p.daily),
            _ => None,
        };
        // A student: counted.
        let opened = run(link(), ctx(2, false));
        assert!(opened.replies[0].text.contains("counts for the class"));
        assert_eq!(
            tag_of(&opened),
            Some(Some(crate::tutor::state::DailyTag { class: 77, day }))
        );
        assert!(opened.replies[1].board.is_some(), "the puzzle's board");
        let tapped = opened.replies[1]
            .buttons
            .iter()
            .flatten()
            .any(|b| matches!(Action::decode(&b.data), Some(Action::TapBoard(_))));
        assert!(tapped, "with the tap board");
        // Its key: recorded once, whatever comes after.
        // Each input of the puzzle under way loads the class's day, as the shell would.
        let step = |session: crate::tutor::Session, input: Input| {
            crate::tutor::testing::run_with(session, input, ctx(2, false), catalog(), false)
        };
        let solved = step(opened.session.clone(), text(&key));
        assert_eq!(
            solved.class,
            [ClassWrite::DailySolved {
                class: ClassId(77),
                day,
                user: 2,
                place: 1,
            }]
        );
        assert!(
            solved
                .replies
                .iter()
                .any(|r| r.text.contains("Ann solved it (1st)")),
            "named in the group: {:?}",
            solved.replies
        );
        let again = step(solved.session.clone(), text("/hint"));
        assert!(again.class.is_empty());
        // A hint first: practice from then on.
        let hinted = step(opened.session.clone(), text("/hint"));
        let after_hint = step(hinted.session, text(&key));
        assert!(after_hint.class.is_empty(), "{:?}", after_hint.class);
        let shown = step(opened.session.clone(), text("/solution"));
        assert!(shown.class.is_empty());
        // A teacher, or a student who solved it: practice.
        for (who, solved) in [(1, false), (2, true)] {
            let practice = run(link(), ctx(who, solved));
            assert!(practice.replies[0].text.contains("for practice"));
            assert_eq!(tag_of(&practice), Some(None));
        }
        // Anyone else, no puzzle today, a link in a group: nothing opens.
        let stranger = run(link(), ctx(9, false));
        assert!(stranger.replies[0].text.contains("not a student"));
        let none = run(
            link(),
            ClassContext {
                daily: None,
                ..ctx(2, false)
            },
        );
        assert!(
            none.replies[0]
                .text
                .contains("no puzzle of the day posted today")
        );
        let grouped = run(link(), in_group(ctx(2, false)));
        assert!(grouped.replies[0].text.contains("private chat"));
        for t in [stranger, none, grouped] {
            assert_eq!(tag_of(&t), None, "no puzzle opened");
            assert!(t.class.is_empty());
        }
    }
}
