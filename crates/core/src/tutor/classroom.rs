//! A class in a group chat, as values: what a shell loads for a class input
//! ([`ClassContext`], asked for by [`ClassNeed`]), and what the tutor asks it to store
//! ([`ClassWrite`]) and to send besides words ([`PollOp`]). The decisions are in `class/`;
//! this file only names things, so that every part of the tutor may speak of a class.

use serde::{Deserialize, Serialize};

use crate::rules::{Lang, RuleCode};

/// The start of a class link's payload (`/start class-N`).
const PAYLOAD: &str = "class-";
/// The start of the payload of the link to a class's puzzle of the day (`/start daily-N`).
const DAILY_PAYLOAD: &str = "daily-";

/// A class: a random positive id (also in the link students open to join).
///
/// ```
/// use chess_tutor_core::tutor::ClassId;
/// let id = ClassId::from_payload("class-12345").unwrap();
/// assert_eq!(id.payload(), "class-12345");
/// assert_eq!(ClassId::from_payload("class--1"), None);
/// assert_eq!(ClassId::from_payload("duel-1"), None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct ClassId(pub i64);

impl ClassId {
    /// The `/start` payload of the class's link.
    #[must_use]
    pub fn payload(self) -> String {
        format!("{PAYLOAD}{}", self.0)
    }

    /// Reads a class link's payload: digits only, a positive id.
    #[must_use]
    pub fn from_payload(text: &str) -> Option<ClassId> {
        Self::after(text, PAYLOAD)
    }

    /// The `/start` payload of the link to the class's puzzle of the day, solved on a board in
    /// the student's private chat.
    ///
    /// ```
    /// use chess_tutor_core::tutor::ClassId;
    /// assert_eq!(ClassId(7).daily_payload(), "daily-7");
    /// assert_eq!(ClassId::from_daily_payload("daily-7"), Some(ClassId(7)));
    /// assert_eq!(ClassId::from_daily_payload("class-7"), None);
    /// ```
    #[must_use]
    pub fn daily_payload(self) -> String {
        format!("{DAILY_PAYLOAD}{}", self.0)
    }

    /// Reads the payload of a link to a class's puzzle of the day.
    #[must_use]
    pub fn from_daily_payload(text: &str) -> Option<ClassId> {
        Self::after(text, DAILY_PAYLOAD)
    }

    /// A positive id in digits after `prefix`.
    fn after(text: &str, prefix: &str) -> Option<ClassId> {
        let digits = text.trim().strip_prefix(prefix)?;
        if digits.is_empty() || digits.len() > 19 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        digits.parse().ok().filter(|id| *id > 0).map(ClassId)
    }
}

/// What a member of a class is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// Runs the class: posts quizzes, reads the report.
    Teacher,
    /// Their work in their private chat with the bot counts for the class.
    Student,
}

impl Role {
    /// The role as stored (`teacher`, `student`).
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Teacher => "teacher",
            Role::Student => "student",
        }
    }

    /// A stored role; `None` for anything else.
    #[must_use]
    pub fn parse(text: &str) -> Option<Role> {
        match text {
            "teacher" => Some(Role::Teacher),
            "student" => Some(Role::Student),
            _ => None,
        }
    }
}

/// A person: their Telegram user id (also their private chat with the bot) and first name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Person {
    /// Their user id.
    pub id: i64,
    /// Their first name, as their account gives it.
    pub name: String,
}

/// Who sent a class input: a person (an anonymous admin is none), and whether the chat says
/// they are one of its administrators (asked only for the commands that need it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sender {
    /// The person.
    pub person: Person,
    /// Whether they administer the chat the input came from, when the shell asked.
    pub admin: Option<bool>,
    /// The language their client reports, if the tutor speaks it (a notice on a button
    /// they pressed in a group is worded in it).
    pub lang: Option<Lang>,
    /// Whether they ever wrote to the bot, so that it may write to them in a private chat
    /// (Telegram refuses a bot's first message), when the shell asked.
    #[serde(default)]
    pub has_chat: Option<bool>,
}

/// A class as stored, with its members.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClassInfo {
    /// Its id.
    pub id: ClassId,
    /// The group chat that is the class.
    pub chat: i64,
    /// The group's title when the class was made.
    pub title: String,
    /// The language of what the bot says to the class and its teachers about it.
    pub lang: Lang,
    /// Its teachers, in the order they became teachers.
    pub teachers: Vec<Person>,
    /// Its students, in the order they joined.
    pub students: Vec<Person>,
    /// The forum topic the class was started in, where its posts go (`None`: the main chat).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub topic: Option<i32>,
}

impl ClassInfo {
    /// The role of `user` in this class, if any.
    #[must_use]
    pub fn role_of(&self, user: i64) -> Option<Role> {
        if self.teachers.iter().any(|p| p.id == user) {
            Some(Role::Teacher)
        } else if self.students.iter().any(|p| p.id == user) {
            Some(Role::Student)
        } else {
            None
        }
    }
}

/// A quiz poll posted in a class and not closed yet, with the students' answers so far.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpenQuiz {
    /// Its id (the store's, drawn when it was posted).
    pub id: i64,
    /// The bank item it asks.
    pub item: String,
    /// The right option (0-based).
    pub correct: u8,
    /// The options as posted.
    pub options: Vec<String>,
    /// The poll's message in the group, once Telegram said which it is.
    pub message: Option<i32>,
    /// Each student's answer: (user, option).
    pub answers: Vec<(i64, u8)>,
}

/// One student's figures since they joined a class, for the teacher's report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StudentFigures {
    /// The student.
    pub person: Person,
    /// Lesson steps done (each step once).
    pub steps: u32,
    /// Units (lessons) finished (each once).
    pub units: u32,
    /// Class quiz answers, right.
    pub quiz_right: u32,
    /// Class quiz answers, wrong.
    pub quiz_wrong: u32,
    /// Puzzles solved alone (without a mistake or the solution).
    pub puzzles_solved: u32,
    /// Puzzles missed (a mistake, or the solution asked for).
    pub puzzles_missed: u32,
    /// Refused moves by reason code, each with how often.
    pub rules: Vec<(RuleCode, u32)>,
    /// When they were last active (Unix milliseconds), if ever.
    pub last_active_ms: Option<i64>,
    /// Points from the puzzles of the day they solved (3 the first solver, 2 the second, 1
    /// any later).
    pub daily_points: u32,
    /// The last refused move of each rule they broke, as kept with its event; loaded only
    /// for a student's pictures (`/report 3`), and absent for refusals stored before the
    /// position was kept.
    #[serde(default)]
    pub last_tries: Vec<LastTry>,
}

/// The last refused move of one rule by one student: the position and the move, as kept with
/// the refusal's event ([`super::Event::IllegalMove`]). Read from storage: checked again by the
/// referee before it is shown.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LastTry {
    /// The rule's code.
    pub code: RuleCode,
    /// The position (FEN).
    pub fen: String,
    /// The move tried (UCI squares, and the promotion piece).
    pub tried: String,
}

/// The events a class's report counts (see [`super::Event`]), each with the field that
/// tells them apart: the step, the lesson, the refusal's code, whether the puzzle was solved.
pub const REPORT_EVENTS: [(&str, &str); 4] = [
    ("step_done", "step"),
    ("lesson_done", "lesson"),
    ("illegal_move", "code"),
    ("puzzle_result", "solved"),
];

/// The kinds of [`REPORT_EVENTS`] a report counts by how many different values were seen
/// (the steps and units done, not how often): the store may give them as one count a member.
pub const REPORT_DISTINCT: [&str; 2] = ["step_done", "lesson_done"];

impl StudentFigures {
    /// A student's figures before anything is counted.
    #[must_use]
    pub fn new(person: Person) -> StudentFigures {
        StudentFigures {
            person,
            steps: 0,
            units: 0,
            quiz_right: 0,
            quiz_wrong: 0,
            puzzles_solved: 0,
            puzzles_missed: 0,
            rules: Vec::new(),
            last_active_ms: None,
            daily_points: 0,
            last_tries: Vec::new(),
        }
    }

    /// Counts `n` events of `kind` whose field of [`REPORT_EVENTS`] reads `value` (a
    /// boolean as `true`/`1` or `false`/`0`): a step or a lesson once whatever `n` is, a
    /// refusal by its code, a puzzle solved or missed. A step or a lesson without a value
    /// is `n` different ones ([`REPORT_DISTINCT`]).
    ///
    /// ```
    /// use chess_tutor_core::rules::Rule;
    /// use chess_tutor_core::tutor::{Person, StudentFigures};
    /// let mut s = StudentFigures::new(Person { id: 1, name: "Ann".into() });
    /// s.count("step_done", Some("rook-1"), 3);
    /// s.count("illegal_move", Some("pinned"), 2);
    /// s.count("puzzle_result", Some("1"), 4);
    /// s.count("puzzle_result", Some("false"), 1);
    /// assert_eq!((s.steps, s.puzzles_solved, s.puzzles_missed), (1, 4, 1));
    /// s.count("step_done", None, 5);
    /// assert_eq!(s.steps, 6);
    /// assert_eq!(s.rules, [(Rule::Pinned.into(), 2)]);
    /// ```
    pub fn count(&mut self, kind: &str, value: Option<&str>, n: u32) {
        match (kind, value) {
            ("step_done", Some(_)) => self.steps += 1,
            ("lesson_done", Some(_)) => self.units += 1,
            ("step_done", None) => self.steps += n,
            ("lesson_done", None) => self.units += n,
            ("illegal_move", Some(code)) => {
                let code = RuleCode::read(code);
                match self.rules.iter_mut().find(|(c, _)| *c == code) {
                    Some((_, count)) => *count += n,
                    None => self.rules.push((code, n)),
                }
            }
            ("puzzle_result", Some("true" | "1")) => self.puzzles_solved += n,
            ("puzzle_result", Some("false" | "0")) => self.puzzles_missed += n,
            _ => {}
        }
    }
}

/// How many of a student's most broken rules a report names (and shows on the board).
pub const TOP_RULES: usize = 3;

impl StudentFigures {
    /// The rules broken most often, most often first (by code among equals), at most
    /// [`TOP_RULES`].
    ///
    /// ```
    /// use chess_tutor_core::tutor::{Person, StudentFigures};
    /// let mut s = StudentFigures::new(Person { id: 1, name: "Ann".into() });
    /// for (code, n) in [("pinned", 2), ("path_blocked", 5), ("king_into_check", 2), ("wrong_movement", 1)] {
    ///     s.count("illegal_move", Some(code), n);
    /// }
    /// let codes: Vec<String> = s.most_broken().into_iter().map(|(c, _)| c.to_string()).collect();
    /// assert_eq!(codes, ["path_blocked", "king_into_check", "pinned"]);
    /// ```
    #[must_use]
    pub fn most_broken(&self) -> Vec<(RuleCode, u32)> {
        let mut rules: Vec<(RuleCode, u32)> =
            self.rules.iter().filter(|(_, n)| *n > 0).cloned().collect();
        rules.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        rules.truncate(TOP_RULES);
        rules
    }
}

/// A class and its students' figures.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClassReport {
    /// The class.
    pub class: ClassInfo,
    /// Its students, in the order they joined.
    pub students: Vec<StudentFigures>,
}

/// What the shell loaded for a class input, as its [`ClassNeed`] asked
/// ([`super::Request::with_class`]): rows of the store, and what Telegram said of the sender.
/// Who may do what with them is decided in the tutor.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClassLoaded {
    /// Whether the sender administers the group chat, when the input asked
    /// ([`super::Needs::ask_admin`]).
    pub admin: Option<bool>,
    /// Whether the sender ever wrote to the bot in a private chat (so that it may write to
    /// them there: Telegram refuses a bot's first message), when the input needs it.
    pub has_chat: Option<bool>,
    /// The class the input is about (the group's, the one a link names, a poll's), if stored.
    pub class: Option<ClassInfo>,
    /// That class's open quiz, if any.
    pub open_quiz: Option<OpenQuiz>,
    /// The bank items that class has been asked, oldest first.
    pub asked: Vec<String>,
    /// Every class the sender belongs to, with their role.
    pub memberships: Vec<(ClassInfo, Role)>,
    /// The stored figures of every class the sender teaches (for `/report`), or of the
    /// group's class (for `/top` and the week's leaderboard): counted by the tutor.
    pub figures: Vec<ClassRows>,
    /// The class's puzzle of today, once posted.
    pub daily: Option<DailyOpen>,
    /// Whether the class's leaderboard of this week was posted ([`ClassNeed::Tick`]).
    pub weekly_posted: bool,
    /// The class quiz a poll answer is for ([`ClassNeed::Poll`]), if a quiz is that poll.
    pub polled: Option<PolledQuiz>,
    /// A class quiz was posted a moment ago and Telegram's name for its poll is not noted
    /// yet: a poll answer for a poll no quiz is may be for that one.
    pub poll_pending: bool,
}

/// A class's figures as the store keeps them: rows to be counted ([`ClassRows::report`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClassRows {
    /// The class, with its members.
    pub class: ClassInfo,
    /// Each member's events of the kinds of [`REPORT_EVENTS`] since they joined, tallied by
    /// the value of the kind's field.
    pub tallies: Vec<Tally>,
    /// Each member's class quiz answers, tallied by the option chosen and the quiz's right one.
    pub answers: Vec<AnswerTally>,
    /// When each member was last active in their own chat: (user, Unix ms).
    pub active: Vec<(i64, i64)>,
    /// Each puzzle of the day a member solved: (user, their place among its solvers).
    pub solves: Vec<(i64, u32)>,
    /// Members' last refused move of each rule they broke, as kept with its event, for their
    /// pictures.
    pub tries: Vec<(i64, LastTry)>,
}

/// How often one member's events of one kind carried one value of the counted field.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    /// The member.
    pub user: i64,
    /// The event kind.
    pub kind: String,
    /// The field's value as text (`None`: the event has no such field).
    pub value: Option<String>,
    /// How many such events.
    pub count: u32,
}

/// How often one member chose one option of class quizzes whose right option was another (or
/// the same).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AnswerTally {
    /// The member.
    pub user: i64,
    /// The option chosen.
    pub chosen: i64,
    /// The right option of the quizzes.
    pub correct: i64,
    /// How many answers.
    pub count: u32,
    /// When the last of them was given (Unix ms).
    pub last_ms: i64,
}

/// Points for the first, second and any later solver of a class's puzzle of the day.
const DAILY_POINTS: [u32; 3] = [3, 2, 1];

impl ClassRows {
    /// The class's report: its students' figures, counted as the tutor counts them (only the
    /// class's students, each answer right when it is the quiz's right option, each puzzle of
    /// the day 3, 2 or 1 points by place).
    #[must_use]
    pub fn report(&self) -> ClassReport {
        let students = self
            .class
            .students
            .iter()
            .map(|person| {
                let user = person.id;
                let mut s = StudentFigures::new(person.clone());
                for t in self.tallies.iter().filter(|t| t.user == user) {
                    s.count(&t.kind, t.value.as_deref(), t.count);
                }
                let mut last = self
                    .active
                    .iter()
                    .find(|(u, _)| *u == user)
                    .map(|(_, at)| *at);
                for a in self.answers.iter().filter(|a| a.user == user) {
                    if a.chosen == a.correct {
                        s.quiz_right = s.quiz_right.saturating_add(a.count);
                    } else {
                        s.quiz_wrong = s.quiz_wrong.saturating_add(a.count);
                    }
                    last = last.max(Some(a.last_ms));
                }
                s.last_active_ms = last;
                s.daily_points = self
                    .solves
                    .iter()
                    .filter(|(u, _)| *u == user)
                    .map(|(_, place)| daily_points(*place))
                    .sum();
                s.last_tries = self
                    .tries
                    .iter()
                    .filter(|(u, _)| *u == user)
                    .map(|(_, t)| t.clone())
                    .collect();
                s
            })
            .collect();
        ClassReport {
            class: self.class.clone(),
            students,
        }
    }
}

/// The points of a puzzle of the day solved `place`th (1: the first).
///
/// ```
/// use chess_tutor_core::tutor::daily_points;
/// assert_eq!((daily_points(1), daily_points(2), daily_points(3), daily_points(40)), (3, 2, 1, 1));
/// ```
#[must_use]
pub fn daily_points(place: u32) -> u32 {
    let at = usize::try_from(place.saturating_sub(1)).unwrap_or(usize::MAX);
    DAILY_POINTS[at.min(DAILY_POINTS.len() - 1)]
}

/// The class quiz a poll is, as stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PolledQuiz {
    /// The quiz.
    pub id: i64,
    /// How many options it has.
    pub options: usize,
    /// Whether it is closed.
    pub closed: bool,
}

/// What a class input is decided from: who sent it and where (from the [`super::Envelope`]),
/// and what the shell loaded ([`ClassLoaded`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct ClassContext {
    /// Who sent the input.
    pub sender: Option<Sender>,
    /// A fresh random positive id for what the input may create (a class, a quiz).
    pub fresh_id: i64,
    /// The group chat the input came from, if it came from one (else a private chat).
    pub group: Option<i64>,
    /// That group's title.
    pub title: Option<String>,
    /// The forum topic the input came from in that group (`None`: its main chat).
    pub topic: Option<i32>,
    /// The class the input is about (the group's, or the one a link names), if stored.
    pub class: Option<ClassInfo>,
    /// That class's open quiz, if any.
    pub open_quiz: Option<OpenQuiz>,
    /// The bank items that class has been asked, oldest first.
    pub asked: Vec<String>,
    /// Every class the sender belongs to, with their role.
    pub memberships: Vec<(ClassInfo, Role)>,
    /// The figures of every class the sender teaches (for `/report`), or of the group's
    /// class (for `/top`).
    pub reports: Vec<ClassReport>,
    /// The class's puzzle of today, once posted ([`ClassNeed::Daily`]).
    pub daily: Option<DailyOpen>,
    /// Whether the class's leaderboard of this week was posted.
    pub weekly_posted: bool,
    /// The quiz a poll answer is for.
    pub polled: Option<PolledQuiz>,
    /// A quiz's poll is not noted yet.
    pub poll_pending: bool,
}

/// A class's puzzle of today, as posted.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DailyOpen {
    /// The day (days since 1970-01-01, UTC).
    pub day: i64,
    /// The puzzle posted.
    pub puzzle: crate::content::PuzzleId,
    /// The message it was posted as, once Telegram said which.
    pub message: Option<i64>,
    /// Who solved it, first solver first.
    pub solvers: Vec<i64>,
}

impl DailyOpen {
    /// The place `user` solved it in (1: the first), if they did.
    #[must_use]
    pub fn place_of(&self, user: i64) -> Option<u32> {
        let at = self.solvers.iter().position(|u| *u == user)?;
        u32::try_from(at + 1).ok()
    }

    /// The place the next solver takes.
    #[must_use]
    pub fn next_place(&self) -> u32 {
        u32::try_from(self.solvers.len() + 1).unwrap_or(u32::MAX)
    }
}

/// What the shell notes once a message is sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Receipt {
    /// The message is the post of class `class`'s puzzle of `day`: answers reply to it.
    DailyPost {
        /// The class.
        class: ClassId,
        /// The day.
        day: i64,
    },
}

/// What a class input needs the shell to load ([`ClassLoaded`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClassNeed {
    /// The class of the group chat the input came from (with its open quiz, and the items
    /// it has been asked).
    OfChat,
    /// The class a link names.
    ById(ClassId),
    /// The classes the sender belongs to.
    Mine,
    /// The classes the sender belongs to, and the report of those they teach.
    Report,
    /// As [`ClassNeed::Report`], with each student's last refused move of each rule
    /// ([`StudentFigures::last_tries`]).
    ReportTries,
    /// The class a link names, with its puzzle of `day` (today) ([`ClassLoaded::daily`]).
    Daily {
        /// The class.
        class: ClassId,
        /// Today (days since 1970-01-01, UTC).
        day: i64,
    },
    /// The class of a puzzle of the day under way in a private chat, with that day's puzzle
    /// and its solvers: a right move counts for the class.
    Solving {
        /// The class.
        class: ClassId,
        /// The day of the puzzle.
        day: i64,
    },
    /// The class of the group chat a message came from, with its puzzle of `day` (today):
    /// the message replies to another, perhaps to that puzzle's post.
    DailyReply {
        /// Today.
        day: i64,
    },
    /// A class's timer: the class, its puzzle of `day` if posted, whether the leaderboard of
    /// `week` was posted, and its members' figures.
    Tick {
        /// The class.
        class: ClassId,
        /// The day the timer ticks on.
        day: i64,
        /// Its week (weeks since the first Monday of 1970).
        week: i64,
    },
    /// The class quiz a poll answer is for (Telegram's poll id), with its class; and, when no
    /// quiz is that poll, whether one posted since `pending_since` (Unix ms) has no poll noted
    /// yet ([`ClassLoaded::poll_pending`]).
    Poll {
        /// Telegram's poll id.
        poll: String,
        /// Quizzes posted since then may still be waiting for their poll's id.
        pending_since: i64,
    },
    /// The class of the group chat the input came from, with its students' figures (in
    /// [`ClassLoaded::reports`]) and their points of the puzzles of the day.
    Top,
}

/// What a class input asks the shell to store, in the transaction of the step.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum ClassWrite {
    /// A new class in `chat`, `teacher` its first teacher.
    Create {
        /// The new class's id.
        id: ClassId,
        /// The group chat.
        chat: i64,
        /// The group's title.
        title: String,
        /// The class's language.
        lang: Lang,
        /// The forum topic it is started in, where its posts go (`None`: the main chat).
        topic: Option<i32>,
        /// Its first teacher.
        teacher: Person,
    },
    /// `person` joins `class` as `role` (a student who becomes a teacher keeps nothing of
    /// the student: the role is replaced).
    Join {
        /// The class.
        class: ClassId,
        /// Who.
        person: Person,
        /// As what.
        role: Role,
    },
    /// `user` leaves `class`: their membership and every answer they gave in it are deleted.
    Leave {
        /// The class.
        class: ClassId,
        /// Who.
        user: i64,
    },
    /// The class's language changes.
    SetLang {
        /// The class.
        class: ClassId,
        /// Its new language.
        lang: Lang,
    },
    /// A quiz poll is posted in the class.
    PostQuiz {
        /// The quiz's id (also in the poll's Close button).
        id: i64,
        /// The class.
        class: ClassId,
        /// The bank item.
        item: String,
        /// The right option (0-based).
        correct: u8,
        /// The options as posted.
        options: Vec<String>,
    },
    /// The quiz is closed: later answers are not kept.
    CloseQuiz {
        /// The quiz.
        id: i64,
    },
    /// The time of the class's puzzle of the day changes.
    SetDaily {
        /// The class.
        class: ClassId,
        /// Minutes after midnight UTC; `None`: no puzzle of the day.
        at: Option<u16>,
    },
    /// `user` found the first move of the class's puzzle of `day`, `place`th (a place
    /// taken meanwhile by another solver is a conflict: the step is computed again).
    DailySolved {
        /// The class.
        class: ClassId,
        /// The day.
        day: i64,
        /// The student.
        user: i64,
        /// Their place among its solvers (1: the first).
        place: u32,
    },
    /// The class's puzzle of `day` is posted (once: a day posted meanwhile is a conflict).
    DailyPosted {
        /// The class.
        class: ClassId,
        /// The day.
        day: i64,
        /// The puzzle.
        puzzle: crate::content::PuzzleId,
    },
    /// The class's leaderboard of `week` is posted.
    WeeklyPosted {
        /// The class.
        class: ClassId,
        /// Weeks since the first Monday of 1970.
        week: i64,
    },
    /// `user` answered quiz `quiz` with option `chosen` (in place of an earlier answer); a
    /// quiz closed meanwhile is a conflict.
    Answer {
        /// The quiz.
        quiz: i64,
        /// The student.
        user: i64,
        /// The option (0-based).
        chosen: u8,
    },
    /// `user` took their answer to quiz `quiz` back.
    Retract {
        /// The quiz.
        quiz: i64,
        /// The student.
        user: i64,
    },
}

/// 1970-01-05, the first Monday: weeks count from it.
const MONDAY: i64 = 4;

/// The week of `day` (weeks since the first Monday of 1970): a class's leaderboard is posted
/// once a week, with the week's first puzzle of the day.
#[must_use]
pub(crate) fn week_of(day: i64) -> i64 {
    (day - MONDAY).div_euclid(7)
}

/// When a class's puzzle of the day is posted, as a teacher said it.
///
/// ```
/// use chess_tutor_core::tutor::DailyTime;
/// assert_eq!(DailyTime::parse("7:05"), Some(DailyTime::At(425)));
/// assert_eq!(DailyTime::parse("off"), Some(DailyTime::Off));
/// assert_eq!(DailyTime::parse("24:00"), None);
/// assert_eq!(DailyTime::parse("7:5"), None);
/// assert_eq!(DailyTime::At(425).to_string(), "07:05");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DailyTime {
    /// At this many minutes after midnight UTC (below 1440).
    At(u16),
    /// No puzzle of the day.
    Off,
}

impl DailyTime {
    /// Reads `HH:MM` (UTC, 00:00–23:59) or `off`; `None` for anything else.
    #[must_use]
    pub fn parse(text: &str) -> Option<DailyTime> {
        let text = text.trim().to_lowercase();
        if matches!(text.as_str(), "off" | "stop" | "关" | "關") {
            return Some(DailyTime::Off);
        }
        let (h, m) = text.split_once(':')?;
        let digits = |s: &str, n: std::ops::RangeInclusive<usize>| {
            n.contains(&s.len()) && s.bytes().all(|b| b.is_ascii_digit())
        };
        if !digits(h, 1..=2) || !digits(m, 2..=2) {
            return None;
        }
        let (h, m): (u16, u16) = (h.parse().ok()?, m.parse().ok()?);
        (h < 24 && m < 60).then_some(DailyTime::At(h * 60 + m))
    }

    /// The minutes after midnight UTC; `None` when off.
    #[must_use]
    pub fn minute(self) -> Option<u16> {
        match self {
            DailyTime::At(m) => Some(m),
            DailyTime::Off => None,
        }
    }
}

/// A time of day for a class's puzzle (`07:05`), as a message's argument.
impl crate::i18n::Arg for DailyTime {
    fn value(&self, _: Lang) -> crate::i18n::fluent::FluentValue<'static> {
        crate::i18n::fluent::FluentValue::from(self.to_string())
    }
}

#[cfg(test)]
impl crate::i18n::Sample for DailyTime {
    fn sample() -> Self {
        DailyTime::At(425)
    }
}

impl std::fmt::Display for DailyTime {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DailyTime::At(m) => write!(f, "{:02}:{:02}", m / 60, m % 60),
            DailyTime::Off => f.write_str("off"),
        }
    }
}

/// A native quiz poll to post (a Telegram `sendPoll` of type quiz, not anonymous), as the
/// class's language words it; every text within Telegram's limits.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuizPoll {
    /// The class quiz it is (the shell tells the store which poll became it).
    pub quiz: i64,
    /// The question, 1–300 characters.
    pub question: String,
    /// The options, 2–10, each 1–100 characters.
    pub options: Vec<String>,
    /// The right option (0-based).
    pub correct: u8,
    /// Shown to whoever answers wrong, 0–200 characters, at most 2 line feeds.
    pub explanation: String,
}

/// A poll a reply posts or closes, besides its words.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PollOp {
    /// Post this quiz poll (the reply's text is not sent; its buttons go under the poll).
    Send(QuizPoll),
    /// Close the poll in this message of the chat (Telegram then shows its result); the
    /// reply's text follows as a message of its own.
    Stop {
        /// The poll's message.
        message: i32,
    },
}

/// A class command, as typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClassCommand {
    /// `/class`: makes the group a class (an administrator), or shows the class.
    Open,
    /// `/class teach`: an administrator becomes one of the class's teachers.
    Teach,
    /// `/class lang zh|zh-hant|en`: the class's language (`None`: not a language).
    Lang(Option<Lang>),
    /// `/class` with anything else: how to use it.
    Usage,
    /// `/class daily HH:MM|off`: a teacher sets the puzzle of the day (`None`: no time).
    Daily(Option<DailyTime>),
    /// `/classquiz [unit]`: a teacher posts a quiz poll (from that unit).
    Quiz(Option<u32>),
    /// `/classquiz` with something that is no unit.
    QuizUsage,
    /// `/classquiz stop`: a teacher closes the open quiz.
    Stop,
    /// `/leave`: a student leaves the class.
    Leave,
    /// `/report`: a teacher's report of their classes, in their private chat.
    Report,
    /// `/report 3` (or `/report_3`, a command Telegram makes a link of): the last refused move
    /// of each rule the report's student 3 broke most, on the board.
    ReportStudent(u32),
    /// `/top`: the class's leaderboard, in its group.
    Top,
    /// `/start class-N`: the class's link, opened.
    JoinLink(ClassId),
    /// `/start daily-N`: the link to a class's puzzle of the day, opened in a private chat.
    DailyLink(ClassId),
}

impl ClassCommand {
    /// Reads a class command: its word (`class`, `classquiz`, `leave`, `report`) and what
    /// follows it.
    ///
    /// ```
    /// use chess_tutor_core::tutor::ClassCommand;
    /// use chess_tutor_core::rules::Lang;
    /// assert_eq!(ClassCommand::parse("class", ""), ClassCommand::Open);
    /// assert_eq!(ClassCommand::parse("class", "lang zh-hant"), ClassCommand::Lang(Some(Lang::ZhHant)));
    /// assert_eq!(ClassCommand::parse("classquiz", "7"), ClassCommand::Quiz(Some(7)));
    /// assert_eq!(ClassCommand::parse("classquiz", "STOP"), ClassCommand::Stop);
    /// assert_eq!(ClassCommand::parse("classquiz", "x"), ClassCommand::QuizUsage);
    /// assert_eq!(ClassCommand::parse("report", "3"), ClassCommand::ReportStudent(3));
    /// assert_eq!(ClassCommand::parse("report", ""), ClassCommand::Report);
    /// ```
    #[must_use]
    pub fn parse(word: &str, arg: &str) -> ClassCommand {
        let arg = arg.trim();
        let (first, rest) = arg.split_once(char::is_whitespace).unwrap_or((arg, ""));
        let first = first.to_lowercase();
        match word {
            "classquiz" => match first.as_str() {
                "" => ClassCommand::Quiz(None),
                "stop" | "close" | "停" | "结束" | "結束" => ClassCommand::Stop,
                unit => match unit.parse::<u32>() {
                    Ok(unit) if rest.trim().is_empty() => ClassCommand::Quiz(Some(unit)),
                    _ => ClassCommand::QuizUsage,
                },
            },
            "leave" => ClassCommand::Leave,
            "report" => match first.parse::<u32>() {
                Ok(number) if rest.trim().is_empty() => ClassCommand::ReportStudent(number),
                _ => ClassCommand::Report,
            },
            "top" => ClassCommand::Top,
            _ => match first.as_str() {
                "" => ClassCommand::Open,
                "teach" | "teacher" => ClassCommand::Teach,
                "lang" | "language" => ClassCommand::Lang(rest.trim().parse().ok()),
                "daily" => ClassCommand::Daily(DailyTime::parse(rest)),
                _ => ClassCommand::Usage,
            },
        }
    }
}

/// What a class's button does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClassAct {
    /// Join the class (a member of its group presses it).
    Join(ClassId),
    /// Leave the class.
    Leave(ClassId),
    /// Close the class's quiz (its teachers only).
    Close(i64),
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The report counts the events as the tutor stores them: each kind, with its field.
    #[test]
    fn the_counted_events_are_the_tutors_with_their_fields() {
        use crate::tutor::Event;
        let events = [
            Event::StepDone {
                step: "rook-moves".parse().unwrap(),
            },
            Event::LessonDone {
                lesson: "rook".parse().unwrap(),
            },
            Event::IllegalMove {
                code: crate::rules::Rule::Pinned.into(),
                fen: None,
                tried: None,
            },
            Event::PuzzleResult {
                puzzle: "p1".parse().unwrap(),
                solved: true,
                points: 3,
            },
        ];
        for (event, (kind, field)) in events.iter().zip(REPORT_EVENTS) {
            assert_eq!(event.kind(), kind);
            let stored = serde_json::to_value(event).unwrap();
            assert!(!stored[field].is_null(), "{stored}");
        }
    }

    #[test]
    fn a_class_link_reads_back_and_nothing_else_does() {
        for id in [1, 42, i64::MAX] {
            assert_eq!(
                ClassId::from_payload(&ClassId(id).payload()),
                Some(ClassId(id))
            );
        }
        for bad in [
            "class-",
            "class-0",
            "class-+5",
            "class- 5",
            "class-99999999999999999999",
            "duel-5",
        ] {
            assert_eq!(ClassId::from_payload(bad), None, "{bad}");
        }
        assert_eq!(Role::parse(Role::Teacher.as_str()), Some(Role::Teacher));
        assert_eq!(Role::parse("admin"), None);
    }
}
