//! A student's last tries, for their teacher (`/report 3`, or the `/report_3` link in the
//! report): for each of the three rules the student broke most, the last position in which
//! they broke it, drawn as they saw it when the move was refused (the reason's squares and
//! arrows) with the rule's sentence, in the class's language.
//!
//! The position and the move come from storage, so they are read and judged again here:
//! a stored try that no longer reads, or that the referee no longer refuses for that rule, is
//! said to be unavailable rather than drawn wrong.

use shakmaty::uci::UciMove;
use shakmaty::{Chess, Position};

use super::report::{for_a_teacher, top_rules};
use super::words::ClassSay;
use crate::draw;
use crate::render::BoardView;
use crate::rules::text::verdict_text;
use crate::rules::{self, Lang, Verdict};
use crate::tutor::classroom::{ClassContext, LastTry, StudentFigures};
use crate::tutor::cx::Cx;
use crate::tutor::reply::Reply;
use crate::tutor::words::RuleName;

/// `/report N`: the last tries of the report's student `number` (numbered on across the
/// classes the sender teaches, as in the report); refused in a group and to non-teachers.
pub fn student(cx: &mut Cx<'_>, ctx: &ClassContext, number: u32) {
    if !for_a_teacher(cx, ctx) {
        return;
    }
    let lang = cx.lang();
    let students: Vec<(&StudentFigures, Lang, &str)> = ctx
        .reports
        .iter()
        .flat_map(|r| {
            r.students
                .iter()
                .map(move |s| (s, r.class.lang, r.class.title.as_str()))
        })
        .collect();
    let found = usize::try_from(number)
        .ok()
        .and_then(|n| n.checked_sub(1))
        .and_then(|i| students.get(i));
    let Some(&(figures, lang, title)) = found else {
        cx.reply(Reply::text(
            ClassSay::ReportNoSuchStudent {
                number,
                students: students.len(),
            }
            .to(lang),
        ));
        return;
    };
    let name = figures.person.name.clone();
    let rules = top_rules(figures);
    if rules.is_empty() {
        cx.reply(Reply::text(ClassSay::ReportTriesNone { name }.to(lang)));
        return;
    }
    cx.reply(Reply::text(
        ClassSay::ReportTriesHeading {
            number,
            name,
            title: title.to_owned(),
        }
        .to(lang),
    ));
    for (i, (code, count)) in rules.iter().enumerate() {
        let rule = RuleName(code.clone());
        let last = figures.last_tries.iter().find(|t| &t.code == code);
        match last.and_then(|t| picture(t, lang)) {
            Some((view, why)) => cx.reply(Reply::board(
                view,
                ClassSay::ReportTryCaption {
                    number: i + 1,
                    rule,
                    count: *count,
                    why,
                }
                .to(lang),
            )),
            None => cx.reply(Reply::text(
                ClassSay::ReportTryNotKept {
                    number: i + 1,
                    rule,
                    count: *count,
                }
                .to(lang),
            )),
        }
    }
}

/// A stored try drawn again: the position from the learner's side with the reason's marks,
/// and the rule's sentence in `lang`; `None` when it does not read, or the referee does not
/// refuse it for the rule it was counted under.
fn picture(last: &LastTry, lang: Lang) -> Option<(BoardView, String)> {
    let pos: Chess = rules::parse_fen(&last.fen).ok()?;
    let UciMove::Normal {
        from,
        to,
        promotion,
    } = last.tried.parse::<UciMove>().ok()?
    else {
        return None;
    };
    let verdict = rules::explain_squares(&pos, from, to, promotion);
    let Verdict::Illegal(reason) = &verdict else {
        return None;
    };
    if last.code != reason.rule() {
        return None;
    }
    let view = BoardView::from_position(&pos)
        .with_orientation(pos.turn())
        .with_overlay(draw::reason(reason));
    Some((view, verdict_text(&pos, &verdict, &last.tried, lang)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tutor::classroom::Person;

    fn tried(code: &str, fen: &str, tried: &str) -> LastTry {
        LastTry {
            code: code.into(),
            fen: fen.to_owned(),
            tried: tried.to_owned(),
        }
    }

    /// The pinned pawn of the README's example: d2 may not move, the bishop on b4 pins it.
    const PINNED: &str = "r1bqk2r/pppp1ppp/2n2n2/4p3/NbP5/5N2/PP1PPPPP/R1BQKB1R w KQkq - 1 5";

    #[test]
    fn a_kept_try_is_drawn_with_its_reason_in_the_classs_language() {
        let (view, why) = picture(&tried("pinned", PINNED, "d2d4"), Lang::En).expect("drawn");
        assert!(why.contains("pinned by the bishop on b4"), "{why}");
        assert!(!view.arrows.is_empty() || !view.marks.is_empty());
        let (_, zh) = picture(&tried("pinned", PINNED, "d2d4"), Lang::Zh).expect("drawn");
        assert!(zh.contains("牵制"), "{zh}");
        // Black to move: drawn from Black's side.
        let black = "4k3/8/8/8/8/8/8/4K2R b K - 0 1";
        let (view, _) = picture(&tried("king_into_check", black, "e8h8"), Lang::En)
            .or_else(|| picture(&tried("wrong_movement", black, "e8e6"), Lang::En))
            .expect("drawn");
        assert_eq!(view.orientation, shakmaty::Color::Black);
    }

    #[test]
    fn a_try_that_does_not_read_or_is_no_longer_that_rule_is_not_drawn() {
        for bad in [
            tried("pinned", "not a fen", "d2d4"),
            tried("pinned", PINNED, "d2"),
            tried("pinned", PINNED, "e1g1"),
            // Legal there: nothing to show.
            tried("pinned", PINNED, "a2a3"),
            // Refused, but for another rule than it was counted under.
            tried("wrong_movement", PINNED, "d2d4"),
        ] {
            assert_eq!(picture(&bad, Lang::En), None, "{bad:?}");
        }
    }

    #[test]
    fn a_students_tries_are_found_by_their_number_across_classes() {
        use crate::tutor::classroom::{ClassId, ClassInfo, ClassReport};
        let student = |id, name: &str, rules: &[(&str, u32)], tries| StudentFigures {
            rules: rules.iter().map(|(c, n)| ((*c).into(), *n)).collect(),
            last_tries: tries,
            ..StudentFigures::new(Person {
                id,
                name: name.to_owned(),
            })
        };
        let class = |id, lang, students| ClassReport {
            class: ClassInfo {
                id: ClassId(id),
                chat: -id,
                title: format!("Club {id}"),
                lang,
                teachers: Vec::new(),
                students: Vec::new(),
                topic: None,
            },
            students,
        };
        let ctx = ClassContext {
            reports: vec![
                class(1, Lang::En, vec![student(10, "Ann", &[], Vec::new())]),
                class(
                    2,
                    Lang::Zh,
                    vec![student(
                        11,
                        "Bo",
                        &[("pinned", 4), ("path_blocked", 1)],
                        vec![tried("pinned", PINNED, "d2d4")],
                    )],
                ),
            ],
            ..ClassContext::default()
        };
        let run = |number: u32| {
            use crate::tutor::{Catalog, Input, Session};
            // No lesson or puzzle is needed to word a report.
            let catalog = Catalog::new(Vec::new(), Vec::new(), Vec::new());
            let session = Session {
                lang: Some(Lang::En),
                ..Session::default()
            };
            let input = Input::Text(format!("/report {number}"));
            crate::tutor::testing::run_class(session, input, ctx.clone(), &catalog).replies
        };
        let none = run(1);
        assert_eq!(none.len(), 1);
        assert!(none[0].text.contains("Ann"), "{}", none[0].text);
        let bo = run(2);
        assert_eq!(bo.len(), 3, "a heading and one message per rule");
        assert!(bo[0].text.contains("Bo"), "{}", bo[0].text);
        assert!(bo[1].board.is_some(), "the pinned pawn, drawn");
        assert!(
            bo[1].text.contains("牵制"),
            "in the class's language: {}",
            bo[1].text
        );
        assert!(bo[2].board.is_none(), "no position kept for that rule");
        for number in [0, 3, u32::MAX] {
            let out = run(number);
            assert_eq!(out.len(), 1);
            assert!(out[0].board.is_none());
        }
    }
}
