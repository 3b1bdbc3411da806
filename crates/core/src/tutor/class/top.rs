//! `/top`: the class's leaderboard in its group, from each student's points since they
//! joined ([`points`]).

use super::who::{class_lang, group_class};
use super::words::ClassSay;
use crate::rules::Lang;
use crate::tutor::classroom::{ClassContext, ClassReport, StudentFigures};
use crate::tutor::cx::Cx;
use crate::tutor::reply::Reply;

/// How many students the leaderboard names.
const SHOWN: usize = 10;
/// Points for each lesson (unit) finished since joining.
const PER_UNIT: u32 = 2;

/// A student's points: 1 for each class quiz answered right, 2 for each unit finished, and
/// for each puzzle of the day solved 3 (the first solver), 2 (the second) or 1 (any later).
///
/// ```
/// use chess_tutor_core::tutor::{Person, StudentFigures, class_points};
/// let mut s = StudentFigures::new(Person { id: 1, name: "Ann".into() });
/// (s.quiz_right, s.units, s.daily_points) = (4, 1, 3);
/// assert_eq!(class_points(&s), 9);
/// ```
#[must_use]
pub fn points(s: &StudentFigures) -> u32 {
    s.quiz_right
        .saturating_add(s.units.saturating_mul(PER_UNIT))
        .saturating_add(s.daily_points)
}

/// `/top` in a class's group: its top students, most points first (then in the order they
/// joined).
pub fn show(cx: &mut Cx<'_>, ctx: &ClassContext) {
    let lang = class_lang(cx, ctx);
    let Some(class) = group_class(cx, ctx, lang, ClassSay::TopInGroup) else {
        return;
    };
    let Some(report) = ctx.reports.iter().find(|r| r.class.id == class.id) else {
        cx.reply(Reply::text(ClassSay::TopEmpty.to(lang)));
        return;
    };
    let heading = ClassSay::TopHeading {
        title: class.title.clone(),
    };
    let text = board(report, lang, &heading).unwrap_or_else(|| ClassSay::TopEmpty.to(lang));
    cx.reply(Reply::text(text));
}

/// The leaderboard under `heading`: the top students, most points first (among equals, the
/// order they joined), and how points are counted; `None` without students.
fn board(report: &ClassReport, lang: Lang, heading: &ClassSay) -> Option<String> {
    let mut ranked: Vec<(u32, &StudentFigures)> =
        report.students.iter().map(|s| (points(s), s)).collect();
    // Stable: among equals, the order they joined.
    ranked.sort_by_key(|(points, _)| std::cmp::Reverse(*points));
    if ranked.is_empty() {
        return None;
    }
    let mut text = heading.to(lang);
    for (n, (points, s)) in ranked.iter().take(SHOWN).enumerate() {
        text.push('\n');
        text.push_str(
            &ClassSay::TopLine {
                rank: n + 1,
                name: s.person.name.clone(),
                points: *points,
            }
            .to(lang),
        );
    }
    text.push('\n');
    text.push_str(&ClassSay::TopHow.to(lang));
    Some(text)
}

/// The week's leaderboard a class's group gets with the week's first puzzle of the day, in
/// the class's language; `None` when it has no student yet.
#[must_use]
pub fn weekly_post(report: &ClassReport) -> Option<Reply> {
    let lang = report.class.lang;
    let heading = ClassSay::TopWeekly {
        title: report.class.title.clone(),
    };
    board(report, lang, &heading).map(Reply::text)
}
