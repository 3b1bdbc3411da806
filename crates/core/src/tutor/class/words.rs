//! Everything the tutor says about a class, as [`ClassSay`] messages; the words are in the
//! last section of `locales/<lang>/tutor.ftl`.

use crate::content::Text;
use chrono::{DateTime, NaiveDate};

use crate::i18n::Arg;
use crate::i18n::Lang;
use crate::i18n::fluent::FluentValue;
use crate::tutor::classroom::DailyTime;
use crate::tutor::words::{List, RuleName, RuleTimes, Said, ToMove};

crate::messages! {
    /// One thing said about a class. Each variant is one message of `tutor.ftl`, its fields
    /// that message's arguments.
    pub(crate) enum ClassSay {
        OnlyInGroups = "class-only-in-groups",
        Anonymous = "class-anonymous",
        AdminsOnly = "class-admins-only",
        Made { teacher: String } = "class-made",
        Card { title: String, teachers: String, students: usize } = "class-card",
        Link { link: String } = "class-link",
        TeacherHelp = "class-teacher-help",
        NoClass = "class-none",
        Usage = "class-usage",
        TeacherAdded { name: String } = "class-teacher-added",
        AlreadyTeacher = "class-already-teacher",
        TeachAdminsOnly = "class-teach-admins-only",
        TeachersOnly = "class-teachers-only",
        LangSet { script: Lang } = "class-lang-set",
        LangUsage = "class-lang-usage",
        Joined { title: String } = "class-joined",
        JoinedToast { title: String } = "class-joined-toast",
        AlreadyIn = "class-already-in",
        YouTeach = "class-you-teach",
        LinkGone = "class-link-gone",
        LinkInPrivate = "class-link-in-private",
        Left { title: String } = "class-left",
        NotIn = "class-not-in",
        InNone = "class-in-none",
        WhichToLeave = "class-which-to-leave",
        TeacherStays = "class-teacher-stays",
        ButtonJoin = "class-button-join",
        ButtonLeave = "class-button-leave",
        ButtonLeaveNamed { title: String } = "class-button-leave-named",
        ButtonClose = "class-button-close",
        QuizBoard { unit: u32 } = "class-quiz-board",
        QuizOpen = "class-quiz-open",
        QuizNoneOpen = "class-quiz-none-open",
        QuizNoItem = "class-quiz-no-item",
        QuizNoItemInUnit { unit: u32 } = "class-quiz-no-item-in-unit",
        QuizNoSuchUnit { unit: u32, count: u32 } = "class-quiz-no-such-unit",
        QuizUsage = "class-quiz-usage",
        QuizResult { right: usize, answered: usize, students: usize, answer: String } = "class-quiz-result",
        QuizBreakdown { title: String, question: Option<Text>, answer: String } = "class-quiz-breakdown",
        QuizLineRight { name: String, answer: String } = "class-quiz-line-right",
        QuizLineWrong { name: String, answer: String } = "class-quiz-line-wrong",
        QuizLineNone { name: String } = "class-quiz-line-none",
        QuizMostWrong { answer: String, count: u32 } = "class-quiz-most-wrong",
        QuizNoWrong = "class-quiz-no-wrong",
        QuizOpenChat { name: String, link: String } = "class-quiz-open-chat",
        QuizOpenChatNoLink { name: String } = "class-quiz-open-chat-no-link",
        ReportTeachersOnly = "class-report-teachers-only",
        ReportInPrivate = "class-report-in-private",
        ReportHeading { title: String, students: usize, date: Day } = "class-report-heading",
        ReportNoStudents = "class-report-no-students",
        ReportLine {
            number: usize,
            name: String,
            units: u32,
            steps: u32,
            right: u32,
            wrong: u32,
            solved: u32,
            missed: u32,
            active: LastActive,
        } = "class-report-line",
        ReportRules { rules: List<RuleTimes> } = "class-report-rules",
        ReportNoRules = "class-report-no-rules",
        ReportTriesLink { command: TriesCommand } = "class-report-tries-link",
        ReportTriesHeading { number: u32, name: String, title: String } = "class-report-tries-heading",
        ReportTryCaption { number: usize, rule: RuleName, count: u32, why: String } = "class-report-try-caption",
        ReportTryNotKept { number: usize, rule: RuleName, count: u32 } = "class-report-try-not-kept",
        ReportTriesNone { name: String } = "class-report-tries-none",
        ReportNoSuchStudent { number: u32, students: usize } = "class-report-no-such-student",
        ReportNever = "class-report-never",
        ReportCsv = "class-report-csv",
        ReportCsvHeader = "class-report-csv-header",
        DailySet { time: DailyTime } = "class-daily-set",
        DailyOff = "class-daily-off",
        DailyUsage = "class-daily-usage",
        DailyPost { side: ToMove, mate_in: u32 } = "class-daily-post",
        DailyWrong { san: Said, mate_in: u32 } = "class-daily-wrong",
        DailyStalemate { san: Said } = "class-daily-stalemate",
        TopHeading { title: String } = "class-top-heading",
        TopWeekly { title: String } = "class-top-weekly",
        TopLine { rank: usize, name: String, points: u32 } = "class-top-line",
        TopHow = "class-top-how",
        TopEmpty = "class-top-empty",
        TopInGroup = "class-top-in-group",
        DailySolved { name: String, place: u32 } = "class-daily-solved",
        DailyLink { link: String } = "class-daily-link",
        DailyOpened { title: String } = "class-daily-opened",
        DailyPractice { title: String } = "class-daily-practice",
        DailyNoneToday { title: String } = "class-daily-none-today",
    }
}

/// When a student was last active, as a date and time (UTC), or "never": from the
/// milliseconds since 1970 of the last activity.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct LastActive(pub Option<i64>);

impl LastActive {
    pub(crate) fn to(self, lang: Lang) -> String {
        self.0
            .and_then(DateTime::from_timestamp_millis)
            .map_or_else(
                || ClassSay::ReportNever.to(lang),
                |t| t.format("%Y-%m-%d %H:%M UTC").to_string(),
            )
    }
}

impl Arg for LastActive {
    fn value(&self, lang: Lang) -> FluentValue<'static> {
        FluentValue::from(self.to(lang))
    }
}

/// The day (UTC) a report is made (`2026-01-01`); nothing when the clock is not known.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Day(pub Option<NaiveDate>);

impl Arg for Day {
    fn value(&self, _: Lang) -> FluentValue<'static> {
        FluentValue::from(
            self.0
                .map(|d| d.format("%Y-%m-%d").to_string())
                .unwrap_or_default(),
        )
    }
}

/// The command that shows the `n`th student's last refused moves (`/report_3`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct TriesCommand(pub usize);

impl Arg for TriesCommand {
    fn value(&self, _: Lang) -> FluentValue<'static> {
        FluentValue::from(format!("/report_{}", self.0))
    }
}

#[cfg(test)]
mod samples {
    use super::*;
    use crate::i18n::Sample;

    impl Sample for LastActive {
        fn sample() -> Self {
            LastActive(Some(1_767_225_600_000))
        }
    }

    impl Sample for Day {
        fn sample() -> Self {
            Day(NaiveDate::from_ymd_opt(2026, 1, 1))
        }
    }

    impl Sample for TriesCommand {
        fn sample() -> Self {
            TriesCommand(3)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::LANGS;

    #[test]
    fn every_class_message_is_worded_in_every_language() {
        for lang in LANGS {
            for say in ClassSay::samples() {
                if let Err(e) = say.try_to(lang) {
                    panic!("{e}");
                }
            }
        }
    }

    #[test]
    fn the_csv_header_has_the_columns_of_a_row_in_every_language() {
        for lang in LANGS {
            let header = ClassSay::ReportCsvHeader.to(lang);
            assert_eq!(header.split(',').count(), 14, "{lang:?}: {header}");
        }
    }
}
