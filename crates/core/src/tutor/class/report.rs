//! The teacher's report: per student of each class they teach, what they did since they
//! joined (units, steps, class quiz answers, puzzles solved alone, the rules they broke most
//! often, when they were last active), in words and as a CSV file for a spreadsheet. Only
//! in the teacher's private chat, and only of their own classes.

use super::words::{ClassSay, Day, LastActive, TriesCommand};
use crate::rules::{Lang, RuleCode};
use crate::tutor::classroom::{ClassContext, ClassReport, StudentFigures, TOP_RULES};
use crate::tutor::cx::Cx;
use crate::tutor::reply::Reply;
use crate::tutor::words::Say;
use crate::tutor::words::{List, RuleTimes};

/// `/report`: each class the sender teaches, in words and as CSV; refused elsewhere.
pub fn send(cx: &mut Cx<'_>, ctx: &ClassContext) {
    if !for_a_teacher(cx, ctx) {
        return;
    }
    let day = Day(cx.now().map(|t| t.date_naive()));
    // Students are numbered on across the classes, so that `/report 3` names one.
    let mut first = 1;
    for report in &ctx.reports {
        let lang = report.class.lang;
        cx.reply(Reply::text(text(report, lang, day, first)));
        first += report.students.len();
        cx.reply(Reply::text(ClassSay::ReportCsv.to(lang)).with_document(
            format!("class-{}.csv", report.class.id.0),
            csv(report, lang),
        ));
    }
}

/// Whether a report may be given here: in a private chat, to a teacher (`ctx.reports` holds
/// the classes they teach); else the sender is told why not, and false.
pub(super) fn for_a_teacher(cx: &mut Cx<'_>, ctx: &ClassContext) -> bool {
    let lang = cx.lang();
    if ctx.group.is_some() {
        // Never in a group: students would read each other's figures.
        cx.reply(Reply::text(ClassSay::ReportInPrivate.to(lang)));
        return false;
    }
    if ctx.reports.is_empty() {
        cx.reply(Reply::text(ClassSay::ReportTeachersOnly.to(lang)));
        return false;
    }
    true
}

/// A student's most broken rules, most often first, at most [`TOP_RULES`].
pub(super) fn top_rules(figures: &StudentFigures) -> Vec<(RuleCode, u32)> {
    figures.most_broken()
}

/// A rule's name in `lang` (the catalogue's names of the refusal codes).
fn rule_name(code: &RuleCode, lang: Lang) -> String {
    Say::RuleName { code: code.clone() }.to(lang)
}

/// The report of one class in words, its students numbered from `first`.
pub(super) fn text(report: &ClassReport, lang: Lang, day: Day, first: usize) -> String {
    let mut out = vec![
        ClassSay::ReportHeading {
            title: report.class.title.clone(),
            students: report.students.len(),
            date: day,
        }
        .to(lang),
    ];
    if report.students.is_empty() {
        out.push(ClassSay::ReportNoStudents.to(lang));
    }
    for (i, s) in report.students.iter().enumerate() {
        out.push(String::new());
        out.push(
            ClassSay::ReportLine {
                number: first + i,
                name: s.person.name.clone(),
                units: s.units,
                steps: s.steps,
                right: s.quiz_right,
                wrong: s.quiz_wrong,
                solved: s.puzzles_solved,
                missed: s.puzzles_missed,
                active: LastActive(s.last_active_ms),
            }
            .to(lang),
        );
        let rules: Vec<RuleTimes> = top_rules(s)
            .into_iter()
            .map(|(code, n)| RuleTimes(code, n))
            .collect();
        if rules.is_empty() {
            out.push(ClassSay::ReportNoRules.to(lang));
        } else {
            out.push(ClassSay::ReportRules { rules: List(rules) }.to(lang));
            out.push(
                ClassSay::ReportTriesLink {
                    command: TriesCommand(first + i),
                }
                .to(lang),
            );
        }
    }
    out.join("\n")
}

/// One CSV field: quoted when it holds a comma, a quote or a line end; a text a spreadsheet
/// would run as a formula (`=`, `+`, `-`, `@` first) starts with `'`.
fn field(text: &str) -> String {
    let text = if text.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{text}")
    } else {
        text.to_owned()
    };
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text
    }
}

/// The report of one class as CSV (UTF-8 with a byte order mark, so that a spreadsheet reads
/// Chinese names right): a header, then a row per student.
pub(super) fn csv(report: &ClassReport, lang: Lang) -> String {
    let mut out = String::from("\u{feff}");
    out.push_str(&ClassSay::ReportCsvHeader.to(lang));
    out.push_str("\r\n");
    for s in &report.students {
        let mut row = vec![
            field(&s.person.name),
            s.units.to_string(),
            s.steps.to_string(),
            s.quiz_right.to_string(),
            s.quiz_wrong.to_string(),
            s.puzzles_solved.to_string(),
            s.puzzles_missed.to_string(),
        ];
        let rules = top_rules(s);
        for i in 0..TOP_RULES {
            match rules.get(i) {
                Some((code, n)) => {
                    row.push(field(&rule_name(code, lang)));
                    row.push(n.to_string());
                }
                None => {
                    row.push(String::new());
                    row.push(String::new());
                }
            }
        }
        row.push(field(&LastActive(s.last_active_ms).to(lang)));
        out.push_str(&row.join(","));
        out.push_str("\r\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rule;
    use crate::tutor::classroom::{ClassId, ClassInfo, Person};
    use chrono::NaiveDate;

    fn figures(name: &str, rules: &[(&str, u32)]) -> StudentFigures {
        StudentFigures {
            person: Person {
                id: 1,
                name: name.to_owned(),
            },
            steps: 12,
            units: 2,
            quiz_right: 3,
            quiz_wrong: 1,
            puzzles_solved: 4,
            puzzles_missed: 2,
            rules: rules.iter().map(|(c, n)| ((*c).into(), *n)).collect(),
            last_active_ms: Some(1_767_225_600_000),
            daily_points: 0,
            last_tries: Vec::new(),
        }
    }

    fn report(students: Vec<StudentFigures>) -> ClassReport {
        ClassReport {
            class: ClassInfo {
                id: ClassId(5),
                chat: -100,
                title: "Club".to_owned(),
                lang: Lang::En,
                teachers: Vec::new(),
                students: Vec::new(),
                topic: None,
            },
            students,
        }
    }

    #[test]
    fn the_three_rules_broken_most_are_named_most_often_first() {
        let s = figures(
            "Ann",
            &[
                ("pinned", 2),
                ("castling_through_check", 5),
                ("king_into_check", 2),
                ("path_blocked", 1),
            ],
        );
        assert_eq!(
            top_rules(&s),
            [
                (Rule::CastlingThroughCheck.into(), 5),
                (Rule::KingIntoCheck.into(), 2),
                (Rule::Pinned.into(), 2)
            ]
        );
        let en = text(
            &report(vec![s.clone()]),
            Lang::En,
            Day(NaiveDate::from_ymd_opt(2026, 1, 1)),
            4,
        );
        assert!(
            en.contains("castling through an attacked square ×5"),
            "{en}"
        );
        assert!(en.contains("last active 2026-01-01 00:00 UTC"), "{en}");
        assert!(en.contains("4. Ann"), "numbered from the first: {en}");
        assert!(en.contains("/report_4"), "its pictures' link: {en}");
        let zh = text(
            &report(vec![s]),
            Lang::ZhHant,
            Day(NaiveDate::from_ymd_opt(2026, 1, 1)),
            1,
        );
        assert!(zh.contains("易位時王經過被攻擊的格子 ×5"), "{zh}");
    }

    #[test]
    fn the_csv_has_a_row_per_student_and_no_formula_or_broken_field() {
        let rows = csv(
            &report(vec![
                figures("=cmd|' /C calc'!A0", &[("pinned", 1)]),
                figures("Li, \"Bo\"", &[]),
            ]),
            Lang::En,
        );
        let lines: Vec<&str> = rows.trim_end().split("\r\n").collect();
        assert_eq!(lines.len(), 3, "{rows}");
        assert!(lines[0].starts_with("\u{feff}Student,"), "{}", lines[0]);
        assert!(lines[1].starts_with("'=cmd"), "{}", lines[1]);
        assert!(lines[1].contains("moving a pinned piece,1"), "{}", lines[1]);
        assert!(lines[2].starts_with("\"Li, \"\"Bo\"\"\","), "{}", lines[2]);
        assert!(text(&report(Vec::new()), Lang::En, Day(None), 1).contains("No student"));
    }
}
