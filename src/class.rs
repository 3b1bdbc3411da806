//! The shell's side of a class: loading what a class input needs from the store (the tutor's
//! [`ClassContext`]) and turning the tutor's [`ClassWrite`]s into the store's [`ClassOp`]s.
//! Nothing is decided here: who may do what is the tutor's business.

use chess_tutor_core::rules::Lang;
use chess_tutor_core::tutor::{
    ClassContext, ClassId, ClassInfo, ClassNeed, ClassReport, ClassWrite, OpenQuiz, Person,
    REPORT_EVENTS, Role, Sender, StudentFigures,
};
use chess_tutor_store::{ClassOp, ClassRow, Store, StoreError};

/// Who sent a class input and where: what the Telegram shell knows beyond the input.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ClassOrigin {
    /// The person who sent it (their user id and first name), if a person did.
    pub sender: Option<(i64, String)>,
    /// Whether they administer the group chat it came from, when that was asked.
    pub admin: Option<bool>,
    /// The group chat it came from and its title; `None` in a private chat.
    pub group: Option<(i64, String)>,
}

/// What `need` asks for, loaded from the store; `fresh_id` is a new random id for anything
/// the input may create, `client_lang` the sender's client language.
///
/// # Errors
///
/// A store failure.
pub async fn load(
    store: &Store,
    need: ClassNeed,
    origin: &ClassOrigin,
    client_lang: Option<&str>,
    fresh_id: i64,
) -> Result<ClassContext, StoreError> {
    let sender = origin.sender.as_ref().map(|(id, name)| Sender {
        person: Person {
            id: *id,
            name: name.clone(),
        },
        admin: origin.admin,
        lang: client_lang.and_then(Lang::from_client),
    });
    let mut ctx = ClassContext {
        sender,
        fresh_id,
        group: origin.group.as_ref().map(|(chat, _)| *chat),
        title: origin.group.as_ref().map(|(_, title)| title.clone()),
        ..ClassContext::default()
    };
    let row = match (need, &origin.group) {
        (ClassNeed::ById(id), _) => store.class_by_id(id.0).await?,
        (_, Some((chat, _))) => store.class_of_chat(*chat).await?,
        (_, None) => None,
    };
    if let Some(row) = row {
        let class = info(store, row).await?;
        if need == ClassNeed::OfChat {
            if let Some(quiz) = store.open_quiz(class.id.0).await? {
                let answers = store.quiz_answers(quiz.id).await?;
                ctx.open_quiz = Some(OpenQuiz {
                    id: quiz.id,
                    item: quiz.item,
                    correct: u8::try_from(quiz.correct).unwrap_or(u8::MAX),
                    options: serde_json::from_value(quiz.options).unwrap_or_default(),
                    message: quiz.message.and_then(|m| i32::try_from(m).ok()),
                    answers: answers
                        .into_iter()
                        .filter_map(|(user, chosen)| Some((user, u8::try_from(chosen).ok()?)))
                        .collect(),
                });
            }
            ctx.asked = store.quizzes_asked(class.id.0).await?;
        }
        ctx.class = Some(class);
    }
    let wants_memberships = matches!(
        need,
        ClassNeed::Mine | ClassNeed::Report | ClassNeed::ById(_)
    );
    if wants_memberships && let Some((user, _)) = &origin.sender {
        for (row, member) in store.classes_of(*user).await? {
            let Some(role) = Role::parse(&member.role) else {
                continue;
            };
            let class = info(store, row).await?;
            if need == ClassNeed::Report && role == Role::Teacher {
                ctx.reports.push(report(store, &class).await?);
            }
            ctx.memberships.push((class, role));
        }
    }
    Ok(ctx)
}

/// A class with its members.
async fn info(store: &Store, row: ClassRow) -> Result<ClassInfo, StoreError> {
    let mut class = ClassInfo {
        id: ClassId(row.id),
        chat: row.chat,
        title: row.title,
        // A language this release does not know reads as the default.
        lang: row.lang.parse().unwrap_or_default(),
        teachers: Vec::new(),
        students: Vec::new(),
    };
    for member in store.class_members(row.id).await? {
        let person = Person {
            id: member.user,
            name: member.name,
        };
        match Role::parse(&member.role) {
            Some(Role::Teacher) => class.teachers.push(person),
            Some(Role::Student) => class.students.push(person),
            None => {}
        }
    }
    Ok(class)
}

/// The figures of each student of `class`, counted as the tutor says ([`StudentFigures::count`]).
///
/// # Errors
///
/// A store failure.
pub async fn report(store: &Store, class: &ClassInfo) -> Result<ClassReport, StoreError> {
    let figures = store.class_figures(class.id.0, &REPORT_EVENTS).await?;
    let students = figures
        .students
        .iter()
        .map(|m| {
            let mut s = StudentFigures::new(Person {
                id: m.user,
                name: m.name.clone(),
            });
            for t in figures.tallies.iter().filter(|t| t.user == m.user) {
                let n = u32::try_from(t.count).unwrap_or(u32::MAX);
                s.count(&t.kind, t.value.as_deref(), n);
            }
            let mut last = figures
                .active
                .iter()
                .find(|(u, _)| *u == m.user)
                .map(|(_, at)| *at);
            if let Some((_, right, wrong, at)) = figures.answers.iter().find(|a| a.0 == m.user) {
                s.quiz_right = u32::try_from(*right).unwrap_or(u32::MAX);
                s.quiz_wrong = u32::try_from(*wrong).unwrap_or(u32::MAX);
                last = last.max(Some(*at));
            }
            s.last_active_ms = last;
            s
        })
        .collect();
    Ok(ClassReport {
        class: class.clone(),
        students,
    })
}

/// The store's operation for each of the tutor's class changes.
#[must_use]
pub fn ops(writes: Vec<ClassWrite>) -> Vec<ClassOp> {
    writes
        .into_iter()
        .map(|w| match w {
            ClassWrite::Create {
                id,
                chat,
                title,
                lang,
                teacher,
            } => ClassOp::Create {
                id: id.0,
                chat,
                title,
                lang: lang.to_string(),
                teacher: (teacher.id, teacher.name),
            },
            ClassWrite::Join {
                class,
                person,
                role,
            } => ClassOp::Join {
                class: class.0,
                user: person.id,
                name: person.name,
                role: role.as_str().to_owned(),
            },
            ClassWrite::Leave { class, user } => ClassOp::Leave {
                class: class.0,
                user,
            },
            ClassWrite::SetLang { class, lang } => ClassOp::SetLang {
                class: class.0,
                lang: lang.to_string(),
            },
            ClassWrite::PostQuiz {
                id,
                class,
                item,
                correct,
                options,
            } => ClassOp::PostQuiz {
                id,
                class: class.0,
                item,
                correct: i64::from(correct),
                options: serde_json::json!(options),
            },
            ClassWrite::CloseQuiz { id } => ClassOp::CloseQuiz { id },
        })
        .collect()
}
