//! For the tutor's own unit tests: a transition seen by kind (what the chat of the input is
//! told, what others are told, the class's writes), and a class input stepped with what a test
//! says was loaded.

use super::classroom::{
    AnswerTally, ClassContext, ClassLoaded, ClassNeed, ClassReport, ClassRows, ClassWrite, Tally,
};
use super::effect::Transition;
use super::effect::{Effect, To};
use super::page_view::PageView;
use super::reply::{Event, Reply};
use super::request::{Envelope, Group, Request};
use super::state::Session;
use super::{Catalog, Input, needs, step};

/// A transition, by kind.
#[derive(Debug)]
pub(crate) struct Seen {
    pub replies: Vec<Reply>,
    pub others: Vec<(i64, Vec<Reply>)>,
    pub events: Vec<Event>,
    pub class: Vec<ClassWrite>,
    pub page: Option<PageView>,
    pub refused: bool,
    pub session: Session,
}

impl Seen {
    pub(crate) fn of(t: Transition) -> Seen {
        let mut seen = Seen {
            replies: Vec::new(),
            others: Vec::new(),
            events: Vec::new(),
            class: Vec::new(),
            page: None,
            refused: t.refused,
            session: t.session,
        };
        for effect in t.effects {
            match effect {
                // What a class posts is said where the input came from, for these tests.
                Effect::Say {
                    to: To::Here | To::Class { .. },
                    reply,
                } => seen.replies.push(reply),
                Effect::Say {
                    to: To::Learner(learner) | To::Room { learner, .. },
                    reply,
                } => match seen.others.iter_mut().find(|(l, _)| *l == learner) {
                    Some((_, replies)) => replies.push(reply),
                    None => seen.others.push((learner, vec![reply])),
                },
                Effect::Event(event) => seen.events.push(event),
                Effect::Class(write) => seen.class.push(write),
                Effect::Page(view) => seen.page = Some(view),
                Effect::Game(_) | Effect::Later => {}
            }
        }
        seen
    }
}

/// What a class need asks of `input` from a group.
pub(crate) fn need_of(input: Input) -> Option<ClassNeed> {
    let envelope = Envelope {
        group: Some(Group {
            id: -1,
            title: String::new(),
            topic: None,
        }),
        ..Envelope::default()
    };
    needs(&Request::new(Session::default(), input, envelope)).class
}

/// The rows a report is counted from, for a report a test wrote as figures.
pub(crate) fn rows_of(report: &ClassReport) -> ClassRows {
    let mut class = report.class.clone();
    class.students = report.students.iter().map(|s| s.person.clone()).collect();
    let mut rows = ClassRows {
        class,
        tallies: Vec::new(),
        answers: Vec::new(),
        active: Vec::new(),
        solves: Vec::new(),
        tries: Vec::new(),
    };
    for s in &report.students {
        let user = s.person.id;
        let tally = |kind: &str, value: String, count: u32| Tally {
            user,
            kind: kind.to_owned(),
            value: Some(value),
            count,
        };
        for n in 0..s.steps {
            rows.tallies
                .push(tally("step_done", format!("step-{n}"), 1));
        }
        for n in 0..s.units {
            rows.tallies
                .push(tally("lesson_done", format!("unit-{n}"), 1));
        }
        for (code, n) in &s.rules {
            rows.tallies
                .push(tally("illegal_move", code.to_string(), *n));
        }
        rows.tallies
            .push(tally("puzzle_result", "true".into(), s.puzzles_solved));
        rows.tallies
            .push(tally("puzzle_result", "false".into(), s.puzzles_missed));
        let last = s.last_active_ms.unwrap_or(0);
        for (chosen, count) in [(0, s.quiz_right), (1, s.quiz_wrong)] {
            rows.answers.push(AnswerTally {
                user,
                chosen,
                correct: 0,
                count,
                last_ms: last,
            });
        }
        if let Some(at) = s.last_active_ms {
            rows.active.push((user, at));
        }
        // Points as places: 3 the first solver, 2 the second, 1 any later.
        let mut points = s.daily_points;
        while points >= 3 {
            rows.solves.push((user, 1));
            points -= 3;
        }
        match points {
            2 => rows.solves.push((user, 2)),
            1 => rows.solves.push((user, 3)),
            _ => {}
        }
        for t in &s.last_tries {
            rows.tries.push((user, t.clone()));
        }
    }
    rows
}

/// One class input from `session`, with `ctx` as what was known and loaded (its sender's
/// client reads English).
pub(crate) fn run_class(
    session: Session,
    input: Input,
    ctx: ClassContext,
    catalog: &Catalog,
) -> Seen {
    run_with(session, input, ctx, catalog, true)
}

/// One input from `session`, with `ctx` as what was known and, if it is a class input, loaded.
pub(crate) fn run_with(
    session: Session,
    input: Input,
    ctx: ClassContext,
    catalog: &Catalog,
    class_input: bool,
) -> Seen {
    let envelope = Envelope {
        client_lang: ctx
            .sender
            .as_ref()
            .and_then(|s| s.lang)
            .map(|l| l.tag().to_owned()),
        who: ctx.sender.as_ref().map(|s| s.person.clone()),
        group: ctx.group.map(|id| Group {
            id,
            title: ctx.title.clone().unwrap_or_default(),
            topic: ctx.topic,
        }),
        fresh_id: Some(ctx.fresh_id),
        ..Envelope::default()
    };
    let loaded = ClassLoaded {
        admin: ctx.sender.as_ref().and_then(|s| s.admin),
        has_chat: ctx.sender.as_ref().and_then(|s| s.has_chat),
        class: ctx.class,
        open_quiz: ctx.open_quiz,
        asked: ctx.asked,
        memberships: ctx.memberships,
        figures: ctx.reports.iter().map(rows_of).collect(),
        daily: ctx.daily,
        weekly_posted: ctx.weekly_posted,
        polled: ctx.polled,
        poll_pending: ctx.poll_pending,
    };
    let request = Request::new(session, input, envelope);
    let needed = needs(&request).class.is_some();
    if class_input {
        assert!(needed, "a class input");
    }
    let request = if needed {
        request.with_class(loaded)
    } else {
        request
    };
    Seen::of(step(request, catalog))
}
