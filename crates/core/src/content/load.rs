//! From YAML files to validated [`Lesson`]s, collecting every problem with its file and line.
//!
//! A file that does not fit the schema (a YAML syntax error, an unknown field, a goal that
//! is not one of the predicates) stops at its first such error; every other check runs on
//! every step of every file, so one `check` run lists all that is wrong.

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};

use serde_saphyr::Spanned;
use shakmaty::{Chess, EnPassantMode, Position, Setup, Square, fen::Fen};

use super::board::{MoveRead, parse_fen, read_fen, read_move};
use super::judge::{Answer, Ask, DrawKind, play_line, settle, settle_in};
use super::lesson::{
    JudgeTask, Lesson, LessonId, MateTask, MoveTask, Scene, SquaresMode, SquaresTask, Step, StepId,
    StepKind, WrongTry,
};
use super::problem::Problem;
use super::raw::{RawLesson, RawStep, RawText};
use super::text::Text;
use crate::rules::Game;

/// The fewest steps a learner must *do* (not only read) in each lesson.
pub const MIN_TASKS_PER_LESSON: usize = 4;

/// Loads every `NN-name.yaml` file directly inside the lesson folder (sub-folders such as
/// `quiz/` are left to their own loaders).
///
/// Returns the lessons that passed every check, in unit order, and every problem found. A
/// lesson with any problem is left out of the list.
#[must_use]
pub fn load_lessons(folder: &super::files::Folder) -> (Vec<Lesson>, Vec<Problem>) {
    let (files, mut problems) = super::files::yaml_sources(folder, "lesson");
    if files.is_empty() && problems.is_empty() {
        problems.push(Problem::at(
            &folder.path,
            None,
            "no lesson files (`NN-name.yaml`) in this folder",
        ));
    }
    let (lessons, mut more) = load_lessons_from(&files);
    problems.append(&mut more);
    (lessons, problems)
}

/// Loads lessons from `(path, contents)` pairs, for content compiled into the binary. Paths
/// name the files in problems and give the unit by their `NN-` prefix.
///
/// ```
/// use chess_tutor_core::content::load_lessons_from;
/// let yaml = "id: demo\nunit: 1\ntitle: {zh: 演示, en: Demo}\nsteps:\n  - id: demo-1\n    kind: explain\n    text: {en: Hello}\n";
/// let (lessons, problems) = load_lessons_from(&[("lessons/01-demo.yaml", yaml)]);
/// assert!(lessons.is_empty());
/// assert_eq!(problems[0].to_string(), "lessons/01-demo.yaml:7: step `demo-1`: text: `zh` is missing");
/// ```
#[must_use]
pub fn load_lessons_from<P: AsRef<Path>, S: AsRef<str>>(
    files: &[(P, S)],
) -> (Vec<Lesson>, Vec<Problem>) {
    let mut problems = Vec::new();
    let mut lessons: Vec<Lesson> = Vec::new();
    for (path, text) in files {
        let path = path.as_ref();
        let mut file = FileCheck {
            file: path.to_path_buf(),
            problems: Vec::new(),
        };
        if let Some(lesson) = file.lesson(text.as_ref())
            && file.problems.is_empty()
        {
            lessons.push(lesson);
        }
        problems.append(&mut file.problems);
    }
    cross_check(&lessons, &mut problems);
    lessons.sort_by_key(|l| l.unit);
    (lessons, problems)
}

/// Checks that need every lesson at once: ids unique across files, one file per unit.
fn cross_check(lessons: &[Lesson], problems: &mut Vec<Problem>) {
    let mut lesson_ids: HashMap<&LessonId, &Path> = HashMap::new();
    let mut units: HashMap<u32, &Path> = HashMap::new();
    let mut step_ids: HashMap<&StepId, &Path> = HashMap::new();
    for lesson in lessons {
        if let Some(other) = lesson_ids.insert(&lesson.id, &lesson.file) {
            problems.push(Problem::at(
                &lesson.file,
                Some(1),
                format!(
                    "lesson id `{}` is also used by {}",
                    lesson.id,
                    other.display()
                ),
            ));
        }
        if let Some(other) = units.insert(lesson.unit, &lesson.file) {
            problems.push(Problem::at(
                &lesson.file,
                Some(1),
                format!("unit {} is also taught by {}", lesson.unit, other.display()),
            ));
        }
        for step in &lesson.steps {
            if let Some(other) = step_ids.insert(&step.id, &lesson.file) {
                problems.push(Problem::at(
                    &lesson.file,
                    Some(step.line),
                    format!("step id `{}` is also used in {}", step.id, other.display()),
                ));
            }
        }
    }
}

/// The unit number in a file name such as `03-rook.yaml`.
fn unit_of(path: &Path) -> Option<u32> {
    let name = path.file_name()?.to_str()?;
    let (num, rest) = name.split_once('-')?;
    if num.is_empty() || !num.bytes().all(|b| b.is_ascii_digit()) || rest.is_empty() {
        return None;
    }
    num.parse().ok()
}

/// Removes serde-saphyr's " at line N, column M" tail: the line is reported separately.
fn strip_location(message: &str) -> &str {
    match message.rfind(" at line ") {
        Some(i) if message[i..].contains(", column ") => &message[..i],
        _ => message,
    }
}

fn line_of<T>(s: &Spanned<T>) -> usize {
    usize::try_from(s.referenced.line()).unwrap_or(0)
}

/// The allowed and required fields of each step kind.
fn fields_of(kind: &str) -> Option<(&'static [&'static str], &'static [&'static str])> {
    Some(match kind {
        "explain" => (
            &["board", "marks", "arrows", "last_move", "text"],
            &["text"],
        ),
        "move" => (
            &[
                "board",
                "marks",
                "arrows",
                "last_move",
                "text",
                "goal",
                "expected",
                "wrong",
                "wrong_reasons",
                "hint",
                "why",
            ],
            &["board", "text", "goal", "expected", "wrong", "hint", "why"],
        ),
        "squares" => (
            &[
                "board",
                "marks",
                "arrows",
                "last_move",
                "text",
                "square",
                "mode",
                "squares",
                "hint",
                "why",
            ],
            &["board", "text", "square", "mode", "hint", "why"],
        ),
        "judge" => (
            &[
                "board",
                "marks",
                "arrows",
                "last_move",
                "text",
                "ask",
                "move",
                "history",
                "answer",
                "hint",
                "why",
            ],
            &["board", "text", "ask", "answer", "hint", "why"],
        ),
        "mate" => (
            &[
                "board",
                "marks",
                "arrows",
                "last_move",
                "text",
                "moves",
                "hint",
                "why",
            ],
            &["board", "text", "moves", "hint", "why"],
        ),
        "quiz" => (&["quiz"], &["quiz"]),
        _ => return None,
    })
}

/// The step kinds, as named in YAML.
pub const STEP_KINDS: [&str; 6] = ["explain", "move", "squares", "judge", "mate", "quiz"];

/// The longest mate a `mate` step may ask for: the basic mates a beginner plays out.
pub const MAX_MATE_STEP: u32 = 5;

struct FileCheck {
    file: PathBuf,
    problems: Vec<Problem>,
}

/// Where in a step a problem is: its id, for the message.
struct StepCtx<'a> {
    id: &'a str,
    line: usize,
}

impl FileCheck {
    fn report(&mut self, line: usize, message: impl Into<String>) {
        let line = (line > 0).then_some(line);
        self.problems
            .push(Problem::at(self.file.clone(), line, message.into()));
    }

    fn at_step(&mut self, step: &StepCtx<'_>, line: usize, message: impl AsRef<str>) {
        let line = if line > 0 { line } else { step.line };
        self.report(line, format!("step `{}`: {}", step.id, message.as_ref()));
    }

    fn lesson(&mut self, source: &str) -> Option<Lesson> {
        if let Some(message) = super::limits::too_large(source) {
            self.report(1, message);
            return None;
        }
        let raw: RawLesson = match serde_saphyr::from_str(source) {
            Ok(raw) => raw,
            Err(e) => {
                let (line, message) = super::limits::yaml_problem(&e);
                self.report(line.unwrap_or(0), strip_location(&message).to_owned());
                return None;
            }
        };
        let unit_from_name = unit_of(&self.file);
        match unit_from_name {
            None => self.report(
                1,
                "the file name must start with the unit number, as in `03-rook.yaml`",
            ),
            Some(n) if n != raw.unit.value => self.report(
                line_of(&raw.unit),
                format!(
                    "unit {} does not match the file name's prefix {n}",
                    raw.unit.value
                ),
            ),
            Some(_) => {}
        }
        if !(1..=super::MAX_UNIT).contains(&raw.unit.value) {
            self.report(
                line_of(&raw.unit),
                format!(
                    "unit {} is not a unit number 1–{} (the file's two-digit prefix)",
                    raw.unit.value,
                    super::MAX_UNIT
                ),
            );
        }
        let id = match raw.id.value.parse::<LessonId>() {
            Ok(id) => Some(id),
            Err(e) => {
                self.report(line_of(&raw.id), format!("id: {e}"));
                None
            }
        };
        let title = self.text_field(Some(&raw.title), "title", 1, None);
        let mut steps = Vec::new();
        let mut seen: HashMap<String, usize> = HashMap::new();
        for raw_step in &raw.steps.value {
            let line = line_of(&raw_step.id);
            if let Some(first) = seen.insert(raw_step.id.value.clone(), line) {
                self.report(
                    line,
                    format!(
                        "step id `{}` is used twice in this file (first on line {first})",
                        raw_step.id.value
                    ),
                );
            }
            if let Some(step) = self.step(raw_step) {
                steps.push(step);
            }
        }
        if raw.steps.value.is_empty() {
            self.report(line_of(&raw.steps), "the lesson has no steps");
        }
        let tasks = raw
            .steps
            .value
            .iter()
            .filter(|s| s.kind.value != "explain")
            .count();
        if tasks < MIN_TASKS_PER_LESSON {
            self.report(
                line_of(&raw.steps),
                format!(
                    "the lesson has {tasks} tasks; each lesson needs at least {MIN_TASKS_PER_LESSON} steps the learner does"
                ),
            );
        }
        Some(Lesson {
            id: id?,
            unit: raw.unit.value,
            title: title?,
            file: self.file.clone(),
            steps,
        })
    }

    /// A learner-facing text: both languages present and non-empty, the Chinese one in
    /// Chinese.
    fn text_field(
        &mut self,
        raw: Option<&Spanned<RawText>>,
        name: &str,
        fallback_line: usize,
        step: Option<&StepCtx<'_>>,
    ) -> Option<Text> {
        let say = |this: &mut Self, line: usize, msg: String| match step {
            Some(s) => this.at_step(s, line, msg),
            None => this.report(line, msg),
        };
        let Some(raw) = raw else {
            say(self, fallback_line, format!("{name} is missing"));
            return None;
        };
        let line = line_of(raw);
        let zh = raw.value.zh.as_deref().map(str::trim).unwrap_or_default();
        let en = raw.value.en.as_deref().map(str::trim).unwrap_or_default();
        let mut ok = true;
        for (lang, value) in [("zh", zh), ("en", en)] {
            if value.is_empty() {
                say(self, line, format!("{name}: `{lang}` is missing"));
                ok = false;
            }
        }
        if !zh.is_empty() && !zh.chars().any(is_cjk) {
            say(
                self,
                line,
                format!("{name}: the `zh` text has no Chinese in it"),
            );
            ok = false;
        }
        ok.then(|| Text::new(zh, en))
    }

    fn step(&mut self, raw: &RawStep) -> Option<Step> {
        let ctx = StepCtx {
            id: &raw.id.value,
            line: line_of(&raw.id),
        };
        let id = match raw.id.value.parse::<StepId>() {
            Ok(id) => Some(id),
            Err(e) => {
                self.at_step(&ctx, ctx.line, e.to_string());
                None
            }
        };
        let kind = raw.kind.value.as_str();
        let Some((allowed, required)) = fields_of(kind) else {
            self.at_step(
                &ctx,
                line_of(&raw.kind),
                format!(
                    "unknown step kind `{kind}`; the kinds are {}",
                    STEP_KINDS.join(", ")
                ),
            );
            return None;
        };
        let present = raw.present_fields();
        let mut shape_ok = true;
        for (name, line) in &present {
            if !allowed.contains(name) {
                let line = usize::try_from(*line).unwrap_or(0);
                self.at_step(
                    &ctx,
                    line,
                    format!("`{name}` does not belong in a {kind} step"),
                );
                shape_ok = false;
            }
        }
        for name in required {
            if !present.iter().any(|(n, _)| n == name) {
                self.at_step(&ctx, ctx.line, format!("a {kind} step needs `{name}`"));
                shape_ok = false;
            }
        }
        if !shape_ok {
            return None;
        }
        let kind = match kind {
            "explain" => self.explain(raw, &ctx),
            "move" => self.move_task(raw, &ctx),
            "squares" => self.squares_task(raw, &ctx),
            "judge" => self.judge_task(raw, &ctx),
            "mate" => self.mate_task(raw, &ctx),
            _ => self.quiz(raw, &ctx),
        }?;
        Some(Step {
            id: id?,
            line: ctx.line,
            kind,
        })
    }

    fn texts(&mut self, raw: &RawStep, ctx: &StepCtx<'_>) -> Option<(Text, Text, Text)> {
        let text = self.text_field(raw.text.as_ref(), "text", ctx.line, Some(ctx));
        let hint = self.text_field(raw.hint.as_ref(), "hint", ctx.line, Some(ctx));
        let why = self.text_field(raw.why.as_ref(), "why", ctx.line, Some(ctx));
        Some((text?, hint?, why?))
    }

    /// The board a step shows, with its marks and arrows; `legal` asks for a playable
    /// position (everything but a `legal_position` question).
    fn scene(
        &mut self,
        raw: &RawStep,
        ctx: &StepCtx<'_>,
        legal: bool,
    ) -> Option<(Scene, Option<Chess>)> {
        let board = raw.board.as_ref()?;
        let line = line_of(board);
        let mut ok = true;
        let (fen, position) = if legal {
            match read_fen(&board.value) {
                Ok(pos) => (parse_fen(&board.value).ok(), Some(pos)),
                Err(e) => {
                    self.at_step(ctx, line, format!("board: {e}"));
                    (None, None)
                }
            }
        } else {
            match parse_fen(&board.value) {
                Ok(fen) => (Some(fen), None),
                Err(e) => {
                    self.at_step(ctx, line, format!("board: {e}"));
                    (None, None)
                }
            }
        };
        let mut marks = Vec::new();
        if let Some(list) = &raw.marks {
            for s in &list.value {
                match s.trim().parse::<Square>() {
                    Ok(sq) => marks.push(sq),
                    Err(_) => {
                        self.at_step(ctx, line_of(list), format!("marks: `{s}` is not a square"));
                        ok = false;
                    }
                }
            }
        }
        let mut arrows = Vec::new();
        if let Some(list) = &raw.arrows {
            for s in &list.value {
                let s = s.trim();
                let parsed = (s.len() == 4 && s.is_ascii())
                    .then(|| {
                        Some((
                            s[..2].parse::<Square>().ok()?,
                            s[2..].parse::<Square>().ok()?,
                        ))
                    })
                    .flatten();
                match parsed {
                    Some(pair) => arrows.push(pair),
                    None => {
                        self.at_step(
                            ctx,
                            line_of(list),
                            format!("arrows: `{s}` is not an arrow such as `e2e4`"),
                        );
                        ok = false;
                    }
                }
            }
        }
        let fen = fen?;
        let last_move = match &raw.last_move {
            Some(field) => match written_last_move(fen.as_setup(), &field.value) {
                Ok(pair) => Some(pair),
                Err(message) => {
                    self.at_step(ctx, line_of(field), format!("last_move: {message}"));
                    ok = false;
                    None
                }
            },
            None => double_step_before(fen.as_setup()),
        };
        ok.then_some((
            Scene {
                fen,
                marks,
                arrows,
                last_move,
            },
            position,
        ))
    }

    fn explain(&mut self, raw: &RawStep, ctx: &StepCtx<'_>) -> Option<StepKind> {
        let scene = if raw.board.is_some() {
            Some(self.scene(raw, ctx, true)?.0)
        } else {
            if raw.marks.is_some() || raw.arrows.is_some() {
                self.at_step(ctx, ctx.line, "marks and arrows need a `board`");
                return None;
            }
            None
        };
        let text = self.text_field(raw.text.as_ref(), "text", ctx.line, Some(ctx))?;
        Some(StepKind::Explain { scene, text })
    }

    fn move_task(&mut self, raw: &RawStep, ctx: &StepCtx<'_>) -> Option<StepKind> {
        let texts = self.texts(raw, ctx);
        let (scene, position) = self.scene(raw, ctx, true)?;
        let position = position?;
        let goal_field = raw.goal.as_ref()?;
        let goal = &goal_field.value;
        if position.legal_moves().is_empty() {
            self.at_step(
                ctx,
                line_of(raw.board.as_ref()?),
                "board: the side to move has no legal move",
            );
            return None;
        }
        let mut ok = true;
        let expected_field = raw.expected.as_ref()?;
        if expected_field.value.is_empty() {
            self.at_step(
                ctx,
                line_of(expected_field),
                "expected: give at least one move",
            );
            ok = false;
        }
        let mut expected = Vec::new();
        for item in &expected_field.value {
            let line = line_of(item);
            match read_move(&position, &item.value) {
                MoveRead::Legal(mv) => {
                    let after = position.clone().play(mv).expect("legal move");
                    if goal.is_met(&position, mv, &after) {
                        expected.push(mv);
                    } else {
                        self.at_step(
                            ctx,
                            line,
                            format!("expected move `{}` does not reach the goal", item.value),
                        );
                        ok = false;
                    }
                }
                MoveRead::Illegal(reason) => {
                    self.at_step(
                        ctx,
                        line,
                        format!(
                            "expected move `{}` is illegal here ({})",
                            item.value,
                            reason.code()
                        ),
                    );
                    ok = false;
                }
                MoveRead::Unreadable(why) => {
                    self.at_step(
                        ctx,
                        line,
                        format!("expected move `{}` is not a move here: {why}", item.value),
                    );
                    ok = false;
                }
            }
        }
        let wrong_field = raw.wrong.as_ref()?;
        if wrong_field.value.is_empty() {
            self.at_step(
                ctx,
                line_of(wrong_field),
                "wrong: give at least one plausible wrong move",
            );
            ok = false;
        }
        let mut wrong = Vec::new();
        for item in &wrong_field.value {
            let line = line_of(item);
            match read_move(&position, &item.value) {
                MoveRead::Legal(mv) => {
                    let after = position.clone().play(mv).expect("legal move");
                    if goal.is_met(&position, mv, &after) {
                        self.at_step(
                            ctx,
                            line,
                            format!("wrong move `{}` actually reaches the goal", item.value),
                        );
                        ok = false;
                    } else {
                        wrong.push(WrongTry {
                            input: item.value.clone(),
                            mv: Some(mv),
                            reason: None,
                        });
                    }
                }
                MoveRead::Illegal(reason) => {
                    let declared = raw
                        .wrong_reasons
                        .as_ref()
                        .and_then(|m| m.value.get(item.value.trim()));
                    match declared {
                        // An illegal try must say which rule the author expects the referee
                        // to name, so that the step's `why` cannot contradict the engine.
                        None => {
                            self.at_step(
                                ctx,
                                line,
                                format!(
                                    "wrong move `{}` is illegal ({}): declare the reason the `why` relies on, `wrong_reasons: {{{}: {}}}`",
                                    item.value,
                                    reason.code(),
                                    item.value.trim(),
                                    reason.code()
                                ),
                            );
                            ok = false;
                        }
                        Some(code) if code != reason.code() => {
                            self.at_step(
                                ctx,
                                line_of(raw.wrong_reasons.as_ref().expect("declared")),
                                format!(
                                    "wrong move `{}`: wrong_reasons says `{code}`, but the referee's reason is `{}`",
                                    item.value,
                                    reason.code()
                                ),
                            );
                            ok = false;
                        }
                        Some(_) => {}
                    }
                    wrong.push(WrongTry {
                        input: item.value.clone(),
                        mv: None,
                        reason: Some(reason),
                    });
                }
                MoveRead::Unreadable(why) => {
                    self.at_step(
                        ctx,
                        line,
                        format!("wrong move `{}` is not a move here: {why}", item.value),
                    );
                    ok = false;
                }
            }
        }
        if let Some(reasons) = &raw.wrong_reasons {
            for key in reasons.value.keys() {
                if !wrong_field.value.iter().any(|w| w.value.trim() == key) {
                    self.at_step(
                        ctx,
                        line_of(reasons),
                        format!("wrong_reasons: `{key}` is not one of the `wrong` moves"),
                    );
                    ok = false;
                } else if wrong
                    .iter()
                    .any(|w| w.input.trim() == key && w.mv.is_some())
                {
                    self.at_step(
                        ctx,
                        line_of(reasons),
                        format!("wrong_reasons: `{key}` is a legal move; only illegal tries have a reason"),
                    );
                    ok = false;
                }
            }
        }
        let (text, hint, why) = texts?;
        ok.then(|| {
            StepKind::Move(MoveTask {
                scene,
                position,
                text,
                goal: goal.clone(),
                expected,
                wrong,
                hint,
                why,
            })
        })
    }

    fn squares_task(&mut self, raw: &RawStep, ctx: &StepCtx<'_>) -> Option<StepKind> {
        let texts = self.texts(raw, ctx);
        let (scene, position) = self.scene(raw, ctx, true)?;
        let position = position?;
        let square_field = raw.square.as_ref()?;
        let Ok(square) = square_field.value.trim().parse::<Square>() else {
            self.at_step(
                ctx,
                line_of(square_field),
                format!("square: `{}` is not a square", square_field.value),
            );
            return None;
        };
        let mode_field = raw.mode.as_ref()?;
        let mode = match mode_field.value.as_str() {
            "moves" => SquaresMode::Moves,
            "attacks" => SquaresMode::Attacks,
            other => {
                self.at_step(
                    ctx,
                    line_of(mode_field),
                    format!("mode: `{other}` is neither `moves` nor `attacks`"),
                );
                return None;
            }
        };
        let answer = match true_squares(&position, square, mode) {
            Ok(answer) => answer,
            Err(message) => {
                self.at_step(ctx, line_of(square_field), message);
                return None;
            }
        };
        if let Some(given) = &raw.squares {
            let mut set = BTreeSet::new();
            for s in &given.value {
                match s.trim().parse::<Square>() {
                    Ok(sq) => {
                        set.insert(sq);
                    }
                    Err(_) => {
                        self.at_step(
                            ctx,
                            line_of(given),
                            format!("squares: `{s}` is not a square"),
                        );
                        return None;
                    }
                }
            }
            let truth: BTreeSet<Square> = answer.iter().copied().collect();
            if set != truth {
                let missing: Vec<String> =
                    truth.difference(&set).map(ToString::to_string).collect();
                let extra: Vec<String> = set.difference(&truth).map(ToString::to_string).collect();
                let mut parts = Vec::new();
                if !missing.is_empty() {
                    parts.push(format!("missing {}", missing.join(" ")));
                }
                if !extra.is_empty() {
                    parts.push(format!("wrongly listed {}", extra.join(" ")));
                }
                self.at_step(
                    ctx,
                    line_of(given),
                    format!("squares disagree with the engine: {}", parts.join("; ")),
                );
                return None;
            }
        }
        let (text, hint, why) = texts?;
        Some(StepKind::Squares(SquaresTask {
            scene,
            position,
            text,
            square,
            mode,
            answer,
            hint,
            why,
        }))
    }

    fn judge_task(&mut self, raw: &RawStep, ctx: &StepCtx<'_>) -> Option<StepKind> {
        let texts = self.texts(raw, ctx);
        let ask_field = raw.ask.as_ref()?;
        let Some(ask) = Ask::from_code(&ask_field.value, raw.mv.as_ref().map(|m| m.value.as_str()))
        else {
            let message = if ask_field.value == "move_legal" {
                "ask: `move_legal` needs a `move`".to_owned()
            } else {
                format!(
                    "ask: unknown question `{}`; the questions are {}",
                    ask_field.value,
                    Ask::CODES.join(", ")
                )
            };
            self.at_step(ctx, line_of(ask_field), message);
            return None;
        };
        if let (Some(mv), false) = (&raw.mv, matches!(ask, Ask::MoveLegal { .. })) {
            self.at_step(ctx, line_of(mv), "`move` belongs only to `ask: move_legal`");
            return None;
        }
        let legal_board = ask != Ask::LegalPosition;
        if !legal_board && raw.history.is_some() {
            self.at_step(
                ctx,
                ctx.line,
                "`history` cannot go with `ask: legal_position`",
            );
            return None;
        }
        if let (Some(_), Some(last)) = (&raw.history, &raw.last_move) {
            self.at_step(
                ctx,
                line_of(last),
                "`last_move` cannot go with `history`: the history's last move is tinted",
            );
            return None;
        }
        let (mut scene, start) = self.scene(raw, ctx, legal_board)?;
        let answer_field = raw.answer.as_ref()?;
        let given = match parse_answer(&ask, &answer_field.value) {
            Ok(a) => a,
            Err(message) => {
                self.at_step(ctx, line_of(answer_field), message);
                return None;
            }
        };
        let mut history_text = Vec::new();
        let (position, truth) = if let Some(start) = start {
            let game = match &raw.history {
                Some(h) => match play_line(&start, &h.value) {
                    Ok((game, played)) => {
                        let mut pos = start.clone();
                        for mv in &played {
                            history_text.push(super::board::san_of(&pos, *mv));
                            pos.play_unchecked(*mv);
                        }
                        scene.last_move = played.last().and_then(|mv| {
                            let from = mv.from()?;
                            // Castling is drawn as the king's two squares.
                            let to = match mv.castling_side() {
                                Some(side) => Square::from_coords(side.king_to_file(), from.rank()),
                                None => mv.to(),
                            };
                            Some((from, to))
                        });
                        game
                    }
                    Err((i, text)) => {
                        self.at_step(
                            ctx,
                            line_of(h),
                            format!("history: move {} `{text}` is not legal there", i + 1),
                        );
                        return None;
                    }
                },
                None => Game::new(start),
            };
            if raw.history.is_some() {
                scene.fen = Fen::from_position(game.position(), EnPassantMode::Legal);
            }
            let truth = settle_in(&game, &ask);
            (Some(game.position().clone()), truth)
        } else {
            let board = raw.board.as_ref()?;
            let truth = settle(&board.value, &ask);
            (read_fen(&board.value).ok(), truth)
        };
        let truth = match truth {
            Ok(t) => t,
            Err(e) => {
                self.at_step(ctx, line_of(ask_field), e.to_string());
                return None;
            }
        };
        if truth != given {
            self.at_step(
                ctx,
                line_of(answer_field),
                format!(
                    "answer `{}` is wrong: the engine says `{}`",
                    answer_field.value,
                    answer_code(truth)
                ),
            );
            return None;
        }
        let (text, hint, why) = texts?;
        Some(StepKind::Judge(JudgeTask {
            scene,
            position,
            history: history_text,
            text,
            ask,
            answer: truth,
            hint,
            why,
        }))
    }

    /// A mate against the best defence: the board is legal and the mate search proves that
    /// the side to move forces mate in exactly `moves` moves (not fewer: the count the learner
    /// is told must be the real one).
    fn mate_task(&mut self, raw: &RawStep, ctx: &StepCtx<'_>) -> Option<StepKind> {
        let texts = self.texts(raw, ctx);
        let (scene, position) = self.scene(raw, ctx, true)?;
        let position = position?;
        let moves_field = raw.moves.as_ref()?;
        let moves = moves_field.value;
        let line = line_of(moves_field);
        if position.is_game_over() {
            self.at_step(
                ctx,
                line_of(raw.board.as_ref()?),
                "board: the game is already over (mate or stalemate), there is nothing to play",
            );
            return None;
        }
        if !(1..=MAX_MATE_STEP).contains(&moves) {
            self.at_step(
                ctx,
                line,
                format!("moves: {moves} is not a mate length 1–{MAX_MATE_STEP}"),
            );
            return None;
        }
        let mut prover = crate::search::Prover::new(crate::search::Budget::CHECK);
        match prover.shortest_mate(&position, moves) {
            Err(out) => {
                self.at_step(
                    ctx,
                    line,
                    format!(
                        "moves: a mate in {moves} is {out}; a learner's moves could not be judged either: shorten the mate or simplify the board"
                    ),
                );
                return None;
            }
            Ok(None) => {
                self.at_step(
                    ctx,
                    line,
                    format!(
                        "moves: the side to move cannot force mate within {moves} moves (the mate search finds none)"
                    ),
                );
                return None;
            }
            Ok(Some(k)) if k < moves => {
                self.at_step(
                    ctx,
                    line,
                    format!(
                        "moves: the side to move mates in {k}, faster than the {moves} stated; write `moves: {k}`"
                    ),
                );
                return None;
            }
            Ok(Some(_)) => {}
        }
        let (text, hint, why) = texts?;
        Some(StepKind::Mate(MateTask {
            scene,
            position,
            text,
            moves,
            hint,
            why,
        }))
    }

    fn quiz(&mut self, raw: &RawStep, ctx: &StepCtx<'_>) -> Option<StepKind> {
        let item = raw.quiz.as_ref()?;
        if item.value.trim().is_empty() {
            self.at_step(ctx, line_of(item), "quiz: the item id is empty");
            return None;
        }
        Some(StepKind::Quiz {
            item: item.value.trim().to_owned(),
        })
    }
}

/// Reads a judge answer as written: `yes`/`no` (or `true`/`false`), or for `draw` a draw rule
/// or `none`.
/// A step's `last_move` as written (`d7d5`): two squares, the first empty and the second
/// holding a piece of the side that just moved.
fn written_last_move(setup: &Setup, text: &str) -> Result<(Square, Square), String> {
    let text = text.trim();
    let pair = (text.len() == 4 && text.is_ascii())
        .then(|| {
            Some((
                text[..2].parse::<Square>().ok()?,
                text[2..].parse::<Square>().ok()?,
            ))
        })
        .flatten()
        .ok_or_else(|| format!("`{text}` is not two squares such as `d7d5`"))?;
    let (from, to) = pair;
    if setup.board.piece_at(from).is_some() {
        return Err(format!("{from} is not empty, so no piece has just left it"));
    }
    match setup.board.piece_at(to) {
        Some(piece) if piece.color != setup.turn => Ok(pair),
        Some(_) => Err(format!(
            "the piece on {to} belongs to the side to move, which did not make the last move"
        )),
        None => Err(format!("{to} is empty, so no piece has just arrived there")),
    }
}

/// The double pawn step a FEN's en passant square records (`d6` with White to move: d7–d5).
fn double_step_before(setup: &Setup) -> Option<(Square, Square)> {
    let ep = setup.ep_square?;
    let mover = !setup.turn;
    let from = ep.offset(mover.fold_wb(-8, 8))?;
    let to = ep.offset(mover.fold_wb(8, -8))?;
    let pawn_there = setup.board.piece_at(to) == Some(mover.pawn());
    (pawn_there && setup.board.piece_at(from).is_none()).then_some((from, to))
}

fn parse_answer(ask: &Ask, text: &str) -> Result<Answer, String> {
    let text = text.trim();
    if *ask == Ask::Draw {
        if text == "none" {
            return Ok(Answer::Draw(None));
        }
        return DrawKind::from_code(text)
            .map(|k| Answer::Draw(Some(k)))
            .ok_or_else(|| {
                format!(
                    "answer: `{text}` is not a draw rule; use none, {}",
                    DrawKind::ALL.map(DrawKind::code).join(", ")
                )
            });
    }
    match text {
        "yes" | "true" => Ok(Answer::Yes(true)),
        "no" | "false" => Ok(Answer::Yes(false)),
        _ => Err(format!("answer: `{text}` is neither `yes` nor `no`")),
    }
}

fn answer_code(answer: Answer) -> &'static str {
    match answer {
        Answer::Yes(true) => "yes",
        Answer::Yes(false) => "no",
        Answer::Draw(None) => "none",
        Answer::Draw(Some(k)) => k.code(),
    }
}

/// The squares a piece can move to (legal moves; castling as the king's landing square) or
/// attacks, sorted a1, b1, … h8.
///
/// # Errors
/// A message when there is no piece on `square`, or (for moves) it is not that side's turn.
///
/// ```
/// use chess_tutor_core::content::{board::read_fen, load::true_squares, SquaresMode};
/// use shakmaty::Square;
/// // A knight in the corner reaches two squares.
/// let pos = read_fen("7k/8/8/8/8/8/8/N6K w - - 0 1").unwrap();
/// assert_eq!(true_squares(&pos, Square::A1, SquaresMode::Moves).unwrap(), vec![Square::C2, Square::B3]);
/// ```
pub fn true_squares(pos: &Chess, square: Square, mode: SquaresMode) -> Result<Vec<Square>, String> {
    let Some(piece) = pos.board().piece_at(square) else {
        return Err(format!("square: there is no piece on {square}"));
    };
    let mut set: BTreeSet<Square> = BTreeSet::new();
    match mode {
        SquaresMode::Attacks => set.extend(pos.board().attacks_from(square)),
        SquaresMode::Moves => {
            if piece.color != pos.turn() {
                return Err(format!(
                    "square: the piece on {square} belongs to the side not to move"
                ));
            }
            for mv in pos.legal_moves() {
                if mv.from() == Some(square) {
                    let to = match mv.castling_side() {
                        Some(side) => side.king_to(piece.color),
                        None => mv.to(),
                    };
                    set.insert(to);
                }
            }
        }
    }
    Ok(set.into_iter().collect())
}

fn is_cjk(c: char) -> bool {
    matches!(c, '\u{4E00}'..='\u{9FFF}' | '\u{3400}'..='\u{4DBF}')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problems(yaml: &str) -> Vec<String> {
        load_lessons_from(&[("lessons/01-test.yaml", yaml)])
            .1
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    const HEAD: &str = "id: test\nunit: 1\ntitle: {zh: 测试, en: Test}\nsteps:\n";

    #[test]
    fn squares_in_order_and_castling_as_king_square() {
        let pos = read_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
        let sq = true_squares(&pos, Square::E1, SquaresMode::Moves).unwrap();
        assert_eq!(
            sq,
            vec![
                Square::D1,
                Square::F1,
                Square::G1,
                Square::D2,
                Square::E2,
                Square::F2
            ]
        );
        let attacks = true_squares(&pos, Square::H1, SquaresMode::Attacks).unwrap();
        assert!(
            attacks.contains(&Square::E1),
            "a rook attacks (defends) its own king's square"
        );
        assert!(true_squares(&pos, Square::A1, SquaresMode::Moves).is_err());
        assert!(true_squares(&pos, Square::E8, SquaresMode::Moves).is_err());
        assert!(true_squares(&pos, Square::E8, SquaresMode::Attacks).is_ok());
    }

    #[test]
    fn knight_counts_of_the_curriculum() {
        // 8 from the centre, 4 from the middle of an edge, 3 from b1, 2 from a corner.
        for (fen, sq, n) in [
            ("7k/8/8/8/3N4/8/8/7K w - - 0 1", Square::D4, 8),
            ("7k/8/8/8/N7/8/8/7K w - - 0 1", Square::A4, 4),
            ("7k/8/8/8/8/8/8/1N5K w - - 0 1", Square::B1, 3),
            ("7k/8/8/8/8/8/8/N6K w - - 0 1", Square::A1, 2),
        ] {
            let pos = read_fen(fen).unwrap();
            assert_eq!(
                true_squares(&pos, sq, SquaresMode::Moves).unwrap().len(),
                n,
                "{fen}"
            );
        }
    }

    #[test]
    fn a_minimal_lesson_loads() {
        let yaml = format!(
            "{HEAD}{}",
            (1..=4)
                .map(|i| format!(
                    "  - id: q{i}\n    kind: judge\n    board: 4k3/8/8/8/8/8/8/4K2R w K - 0 1\n    text: {{zh: 将军吗, en: Check?}}\n    ask: check\n    answer: no\n    hint: {{zh: 看王, en: Look at the king}}\n    why: {{zh: 没有攻击, en: Nothing attacks it}}\n"
                ))
                .collect::<String>()
        );
        let (lessons, problems) = load_lessons_from(&[("lessons/01-test.yaml", yaml)]);
        assert_eq!(problems, vec![]);
        assert_eq!(lessons.len(), 1);
        assert_eq!(lessons[0].steps.len(), 4);
        assert_eq!(lessons[0].tasks().count(), 4);
        assert_eq!(lessons[0].steps[1].line, 13);
    }

    /// The scene of a one-step explain lesson on `board`, with `extra` lines in the step.
    fn explain_scene(board: &str, extra: &str) -> (Option<Scene>, Vec<String>) {
        let yaml = format!(
            "{HEAD}  - id: e\n    kind: explain\n    board: {board}\n{extra}    text: {{zh: 看棋盘, en: Look}}\n{}",
            (1..=4)
                .map(|i| format!(
                    "  - id: q{i}\n    kind: judge\n    board: 4k3/8/8/8/8/8/8/4K2R w K - 0 1\n    text: {{zh: 第{i}题：将军吗, en: Check {i}?}}\n    ask: check\n    answer: no\n    hint: {{zh: 看王, en: Look at the king}}\n    why: {{zh: 没有攻击, en: Nothing attacks it}}\n"
                ))
                .collect::<String>()
        );
        let (lessons, problems) = load_lessons_from(&[("lessons/01-test.yaml", yaml)]);
        let problems = problems
            .into_iter()
            .map(|p| p.to_string())
            .filter(|p| !p.contains("tasks"))
            .collect();
        let scene = lessons.first().and_then(|l| match &l.steps[0].kind {
            StepKind::Explain { scene, .. } => scene.clone(),
            _ => None,
        });
        (scene, problems)
    }

    #[test]
    fn an_en_passant_square_tints_the_double_step_that_made_it() {
        // Lesson 10's board: Black has just played d7-d5 next to the white pawn on e5.
        let (scene, problems) = explain_scene("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "");
        assert_eq!(problems, Vec::<String>::new());
        assert_eq!(scene.unwrap().last_move, Some((Square::D7, Square::D5)));
        let (scene, _) = explain_scene("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1", "");
        assert_eq!(scene.unwrap().last_move, Some((Square::E2, Square::E4)));
        let (scene, _) = explain_scene("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 2", "");
        assert_eq!(
            scene.unwrap().last_move,
            None,
            "no en passant square, no last move"
        );
    }

    #[test]
    fn a_written_last_move_is_tinted_when_the_board_agrees() {
        let board = "4k3/8/8/8/8/5n2/8/4K3 w - - 0 1";
        let (scene, problems) = explain_scene(board, "    last_move: g1f3\n");
        assert_eq!(problems, Vec::<String>::new());
        assert_eq!(scene.unwrap().last_move, Some((Square::G1, Square::F3)));
        for (written, says) in [
            ("e1f3", "e1 is not empty"),
            ("g1f2", "f2 is empty"),
            ("f3g1", "f3 is not empty"),
            ("g1e1", "belongs to the side to move"),
            ("Nf3", "not two squares"),
        ] {
            let (_, problems) = explain_scene(board, &format!("    last_move: {written}\n"));
            assert!(
                problems.len() == 1 && problems[0].contains(says),
                "{written}: {problems:?}"
            );
        }
    }

    /// A rook drill whose wrong tries are `wrong` with `reasons` (YAML flow map or empty).
    fn rook_drill(wrong: &str, reasons: &str) -> Vec<String> {
        let yaml = format!(
            "{HEAD}  - id: r\n    kind: move\n    board: 7k/8/8/8/R7/8/8/7K w - - 0 1\n    text: {{zh: 走车, en: Move}}\n    goal: {{piece_on: {{square: e4, piece: R}}}}\n    expected: [Re4]\n    wrong: [{wrong}]\n{reasons}    hint: {{zh: 横走, en: Along}}\n    why: {{zh: 车走直线, en: Straight}}\n"
        );
        problems(&yaml)
            .into_iter()
            .filter(|p| !p.contains("tasks"))
            .collect()
    }

    #[test]
    fn an_illegal_wrong_try_without_a_declared_reason_is_a_problem() {
        // Rb5 is a diagonal step for a rook: illegal, and the step does not say why.
        let undeclared = rook_drill("Rb5", "");
        assert_eq!(undeclared.len(), 1, "{undeclared:?}");
        assert!(
            undeclared[0].starts_with("lessons/01-test.yaml:")
                && undeclared[0].contains("wrong move `Rb5` is illegal (wrong_movement)")
                && undeclared[0].contains("wrong_reasons: {Rb5: wrong_movement}"),
            "{undeclared:?}"
        );
        // The line is the wrong try's own line (the `wrong:` list, line 11 of the file).
        let line: usize = undeclared[0].split(':').nth(1).unwrap().parse().unwrap();
        assert_eq!(line, 11, "{undeclared:?}");
        // Declared, the same step loads; a legal try still needs no reason.
        assert!(rook_drill("Rb5", "    wrong_reasons: {Rb5: wrong_movement}\n").is_empty());
        assert!(rook_drill("Ra5", "").is_empty());
    }

    #[test]
    fn an_illegal_wrong_try_declares_the_referees_reason() {
        // Rb5 is a diagonal step: illegal for a rook, and not because of a pin.
        let contradicted = rook_drill("Rb5", "    wrong_reasons: {Rb5: pinned}\n");
        assert_eq!(contradicted.len(), 1, "{contradicted:?}");
        assert!(
            contradicted[0].contains("the referee's reason is"),
            "{contradicted:?}"
        );
        let code = contradicted[0].rsplit('`').nth(1).unwrap().to_owned();
        assert!(rook_drill("Rb5", &format!("    wrong_reasons: {{Rb5: {code}}}\n")).is_empty());
        // A legal wrong try has no reason to declare.
        let legal = rook_drill("Ra5", "    wrong_reasons: {Ra5: pinned}\n");
        assert!(
            legal.iter().any(|p| p.contains("is a legal move")),
            "{legal:?}"
        );
    }

    fn mate_step(board: &str, moves: u32) -> Vec<String> {
        problems(&format!(
            "{HEAD}  - id: m\n    kind: mate\n    board: {board}\n    text: {{zh: 将死黑王, en: Mate}}\n    moves: {moves}\n    hint: {{zh: 用后, en: Queen}}\n    why: {{zh: 赶到边上, en: Edge}}\n"
        ))
    }

    #[test]
    fn a_mate_step_is_proven_by_the_mate_search() {
        // Black king a8, white king c6 (the box is closed): 1. Kc7 Ka7 2. Ra1# — mate in 2.
        let good = mate_step("k7/8/2K5/8/8/8/8/1R6 w - - 0 1", 2);
        assert!(
            good.iter().all(|p| p.contains("tasks")),
            "only the lesson's task count is wrong: {good:?}"
        );
        let fillers: String = (0..3)
            .map(|i| format!(
                "  - id: q{i}\n    kind: judge\n    board: 4k3/8/8/8/8/8/8/4K2R w K - 0 1\n    text: {{zh: 第{i}题：将军吗, en: Check {i}?}}\n    ask: check\n    answer: no\n    hint: {{zh: 看王, en: Look at the king}}\n    why: {{zh: 没有攻击, en: Nothing attacks it}}\n"
            ))
            .collect();
        let loaded = load_lessons_from(&[(
            "lessons/01-test.yaml",
            format!(
                "{HEAD}  - id: m\n    kind: mate\n    board: k7/8/2K5/8/8/8/8/1R6 w - - 0 1\n    text: {{zh: 将死黑王, en: Mate}}\n    moves: 2\n    hint: {{zh: 用车, en: Rook}}\n    why: {{zh: 等一步, en: Wait}}\n{fillers}"
            ),
        )]);
        assert!(loaded.1.is_empty(), "{:?}", loaded.1);
        let step = &loaded.0.first().expect("the lesson loads").steps[0];
        let StepKind::Mate(task) = &step.kind else {
            panic!("{:?}", step.kind)
        };
        assert_eq!(task.moves, 2);
        // Not a mate in 1: the search finds no mate that fast.
        let slow = mate_step("k7/8/2K5/8/8/8/8/1R6 w - - 0 1", 1);
        assert!(
            slow.contains(&"lessons/01-test.yaml:9: step `m`: moves: the side to move cannot force mate within 1 moves (the mate search finds none)".to_owned()),
            "{slow:?}"
        );
    }

    #[test]
    fn a_mate_step_faster_than_stated_is_reported() {
        // Ra1... no: Rb1-b8 is not mate, but the king and rook mate in 2; stated 4.
        let p = mate_step("k7/8/2K5/8/8/8/8/1R6 w - - 0 1", 4);
        assert!(
            p.contains(&"lessons/01-test.yaml:9: step `m`: moves: the side to move mates in 2, faster than the 4 stated; write `moves: 2`".to_owned()),
            "{p:?}"
        );
    }

    #[test]
    fn a_mate_step_on_an_impossible_board_or_a_finished_game_is_reported() {
        // The side not to move is in check.
        let p = mate_step("k7/R7/8/8/8/8/8/K7 w - - 0 1", 1);
        assert!(
            p.iter()
                .any(|m| m.starts_with("lessons/01-test.yaml:7: step `m`: board:")),
            "{p:?}"
        );
        // Already stalemate: nothing to play.
        let p = mate_step("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1", 1);
        assert!(
            p.contains(&"lessons/01-test.yaml:7: step `m`: board: the game is already over (mate or stalemate), there is nothing to play".to_owned()),
            "{p:?}"
        );
        // A mate step needs its number of moves.
        let p = problems(&format!(
            "{HEAD}  - id: m\n    kind: mate\n    board: k7/8/2K5/8/8/8/8/1R6 w - - 0 1\n    text: {{zh: 将死, en: Mate}}\n    hint: {{zh: 用车, en: Rook}}\n    why: {{zh: 等一步, en: Wait}}\n"
        ));
        assert!(
            p.contains(&"lessons/01-test.yaml:5: step `m`: a mate step needs `moves`".to_owned()),
            "{p:?}"
        );
    }

    #[test]
    fn too_few_tasks_and_misplaced_fields() {
        let yaml = format!(
            "{HEAD}  - id: a\n    kind: explain\n    text: {{zh: 你好, en: Hello}}\n    goal: checkmate\n"
        );
        let p = problems(&yaml);
        assert!(
            p.contains(
                &"lessons/01-test.yaml:8: step `a`: `goal` does not belong in a explain step"
                    .to_owned()
            ),
            "{p:?}"
        );
        assert!(p.iter().any(|m| m.contains("has 0 tasks")), "{p:?}");
    }

    #[test]
    fn chinese_must_be_chinese() {
        let yaml =
            format!("{HEAD}  - id: a\n    kind: explain\n    text: {{zh: Hello, en: Hello}}\n");
        let p = problems(&yaml);
        assert!(
            p.iter()
                .any(|m| m.ends_with("text: the `zh` text has no Chinese in it")),
            "{p:?}"
        );
    }

    #[test]
    fn answers_are_read_strictly() {
        assert_eq!(parse_answer(&Ask::Check, "yes"), Ok(Answer::Yes(true)));
        assert_eq!(parse_answer(&Ask::Check, "false"), Ok(Answer::Yes(false)));
        assert!(parse_answer(&Ask::Check, "maybe").is_err());
        assert_eq!(parse_answer(&Ask::Draw, "none"), Ok(Answer::Draw(None)));
        assert_eq!(
            parse_answer(&Ask::Draw, "fifty_moves"),
            Ok(Answer::Draw(Some(DrawKind::FiftyMoves)))
        );
        assert!(parse_answer(&Ask::Draw, "yes").is_err());
    }

    #[test]
    fn file_names_give_units() {
        assert_eq!(unit_of(Path::new("lessons/03-rook.yaml")), Some(3));
        assert_eq!(unit_of(Path::new("rook.yaml")), None);
        assert_eq!(unit_of(Path::new("x3-rook.yaml")), None);
    }
}
