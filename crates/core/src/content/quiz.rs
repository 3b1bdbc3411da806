//! The rule-quiz bank: true/false and multiple-choice questions in Chinese and English, loaded
//! from `lessons/quiz/*.yaml`, each optionally tied to a position whose claim the rules engine
//! checks against the answer key.
//!
//! The file format is documented in `lessons/quiz/README.md`. Loading never stops at the first
//! mistake: every problem is collected as a [`Problem`] with its file and line.
//!
//! ```
//! use chess_tutor_core::content::quiz::{self, Response};
//! let yaml = r#"
//! - id: knight-corner
//!   unit: 7
//!   kind: true_false
//!   fen: "4k3/8/8/8/8/8/8/N3K3 w - - 0 1"
//!   claim: {kind: legal_move_count, square: a1, count: 2}
//!   question: {zh: "角上的马只有两个格子可走。", en: "A knight in the corner has only two moves."}
//!   answer: true
//!   explanation: {zh: "a1的马只能跳到b3和c2。", en: "From a1 the knight reaches only b3 and c2."}
//! "#;
//! let (items, problems) = quiz::load_quiz_sources(&[("07-knight.yaml", yaml)]);
//! assert!(problems.is_empty(), "{problems:?}");
//! assert!(items[0].is_correct(Response::TrueFalse(true)));
//! assert!(items[0].is_engine_checked());
//! ```

pub mod claim;
mod raw;

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use serde_saphyr::Spanned;
use shakmaty::{CastlingSide, Chess, Color, Square};

pub use super::Text;
pub use claim::{Claim, ClaimError, Finding, Situation};

use super::Problem;
use raw::{RawAnswer, RawChoice, RawClaim, RawItem, RawText};

/// The two kinds of quiz item.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QuizKind {
    /// A statement the learner marks true or false.
    TrueFalse,
    /// A question with lettered choices, exactly one of them right.
    MultipleChoice,
}

impl QuizKind {
    /// The kind as written in YAML.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::TrueFalse => "true_false",
            Self::MultipleChoice => "multiple_choice",
        }
    }
}

/// One choice of a multiple-choice item.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    /// What the learner reads on the button.
    pub text: Text,
    /// For a position item, the claim this choice makes (true only for the right choice).
    pub claim: Option<Claim>,
}

/// The answer key of an item.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// A true/false statement.
    TrueFalse {
        /// Whether the statement is true.
        correct: bool,
        /// For a position item, the claim the statement makes about the position.
        claim: Option<Claim>,
    },
    /// Lettered choices.
    MultipleChoice {
        /// The choices, in order (`a`, `b`, …).
        choices: Vec<Choice>,
        /// Index of the right choice.
        correct: usize,
    },
}

/// A learner's answer to an item.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Response {
    /// True or false.
    TrueFalse(bool),
    /// The index of a choice (0 = `a`).
    Choice(usize),
}

/// The board of a position item: the FEN as written, moves played from it, and the result.
#[derive(Debug, Clone)]
pub struct QuizBoard {
    /// The FEN as written by the author (or produced by a generator).
    pub fen: String,
    /// Moves played from `fen` before the question (UCI), e.g. to make a repetition.
    pub moves: Vec<String>,
    /// The position, with its history, that the learner sees and the claims talk about.
    pub situation: Situation,
}

impl QuizBoard {
    /// The position the learner sees.
    #[must_use]
    pub fn position(&self) -> &Chess {
        self.situation.position()
    }
}

impl PartialEq for QuizBoard {
    fn eq(&self, other: &Self) -> bool {
        self.fen == other.fen && self.moves == other.moves
    }
}

impl Eq for QuizBoard {}

/// Where an item came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    /// A file of the bank, at a line.
    File {
        /// The file, as given to the loader.
        file: PathBuf,
        /// The line of the item's first key.
        line: Option<usize>,
    },
    /// Made by [`crate::content::generate`] from a seed.
    Generated {
        /// The generator's seed.
        seed: u64,
        /// The item's index in the generator's sequence.
        index: u64,
    },
}

/// One quiz question, validated: texts in both languages, an answer key that the engine has
/// confirmed where the item makes a claim about a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QuizItem {
    /// Stable id (progress is stored by it).
    pub id: String,
    /// The curriculum unit, 1..=19 (CURRICULUM.md).
    pub unit: u8,
    /// The question or statement.
    pub question: Text,
    /// The answer key (and the choices).
    pub answer: Answer,
    /// The board, for a position item.
    pub board: Option<QuizBoard>,
    /// Why the answer is what it is: one paragraph per language.
    pub explanation: Text,
    /// Where the item came from.
    pub origin: Origin,
}

impl QuizItem {
    /// True/false or multiple choice.
    #[must_use]
    pub fn kind(&self) -> QuizKind {
        match self.answer {
            Answer::TrueFalse { .. } => QuizKind::TrueFalse,
            Answer::MultipleChoice { .. } => QuizKind::MultipleChoice,
        }
    }

    /// Whether `response` is the right answer. A response of the wrong kind is wrong.
    #[must_use]
    pub fn is_correct(&self, response: Response) -> bool {
        match (&self.answer, response) {
            (Answer::TrueFalse { correct, .. }, Response::TrueFalse(r)) => *correct == r,
            (Answer::MultipleChoice { correct, .. }, Response::Choice(i)) => *correct == i,
            _ => false,
        }
    }

    /// Whether the item has a board and at least one claim that the engine checks.
    #[must_use]
    pub fn is_engine_checked(&self) -> bool {
        self.board.is_some()
            && match &self.answer {
                Answer::TrueFalse { claim, .. } => claim.is_some(),
                Answer::MultipleChoice { choices, .. } => choices.iter().any(|c| c.claim.is_some()),
            }
    }

    /// Judges every claim of the item again and compares with the answer key.
    ///
    /// # Errors
    ///
    /// A sentence for an author when the key disagrees with the engine or a claim cannot be
    /// judged.
    pub fn verify(&self) -> Result<(), String> {
        let Some(board) = &self.board else {
            return Ok(());
        };
        match &self.answer {
            Answer::TrueFalse {
                correct,
                claim: Some(claim),
            } => {
                let f = claim.judge(&board.situation).map_err(|e| e.to_string())?;
                if f.holds != *correct {
                    return Err(format!(
                        "answer is `{correct}`, but the engine finds the claim {} {}: {}",
                        claim.kind(),
                        if f.holds { "true" } else { "false" },
                        f.detail
                    ));
                }
            }
            Answer::TrueFalse { claim: None, .. } => {}
            Answer::MultipleChoice { choices, correct } => {
                for (i, c) in choices.iter().enumerate() {
                    let Some(claim) = &c.claim else { continue };
                    let f = claim.judge(&board.situation).map_err(|e| e.to_string())?;
                    if i == *correct && !f.holds {
                        return Err(format!(
                            "answer is `{}`, but the engine finds that choice's claim false: {}",
                            letter(i),
                            f.detail
                        ));
                    }
                    if i != *correct && f.holds {
                        return Err(format!(
                            "answer is `{}`, but choice `{}` is also true by the engine: {}",
                            letter(*correct),
                            letter(i),
                            f.detail
                        ));
                    }
                }
            }
        }
        Ok(())
    }
}

/// The letter of choice `i` (0 → `a`).
#[must_use]
pub fn letter(i: usize) -> char {
    u8::try_from(i)
        .ok()
        .filter(|i| *i < 26)
        .map_or('?', |i| char::from(b'a' + i))
}

/// The shipped bank, compiled into the binary by `build.rs`: `(path, contents)` for every
/// file of `lessons/quiz/`.
pub const SHIPPED: &[(&str, &str)] = super::shipped::QUIZ;

/// Loads the shipped bank ([`SHIPPED`]).
#[must_use]
pub fn shipped() -> (Vec<QuizItem>, Vec<Problem>) {
    load_quiz_sources(SHIPPED)
}

/// Loads every `*.yaml` file of the quiz folder (in name order), collecting all problems.
///
/// An unreadable folder or file is a problem too, never a panic.
#[must_use]
pub fn load_quiz_folder(folder: &super::files::Folder) -> (Vec<QuizItem>, Vec<Problem>) {
    let (sources, mut problems) = super::files::yaml_sources(folder, "quiz");
    let (items, more) = load_quiz_sources(&sources);
    problems.extend(more);
    (items, problems)
}

/// Loads quiz files given as `(path, contents)` pairs (embedded or read elsewhere),
/// collecting all problems, including ids used twice across files.
#[must_use]
pub fn load_quiz_sources<P: AsRef<Path>, S: AsRef<str>>(
    files: &[(P, S)],
) -> (Vec<QuizItem>, Vec<Problem>) {
    let mut items: Vec<QuizItem> = Vec::new();
    let mut problems = Vec::new();
    let mut seen: HashMap<String, (PathBuf, Option<usize>)> = HashMap::new();
    for (path, text) in files {
        let path = path.as_ref();
        let loaded = load_file(path, text.as_ref());
        let mut file_problems = loaded.problems;
        for (id, line) in loaded.ids {
            match seen.get(&id) {
                Some((f, l)) => {
                    let at = match l {
                        Some(l) => format!("{}:{l}", f.display()),
                        None => f.display().to_string(),
                    };
                    file_problems.push(Problem::at(
                        path,
                        line,
                        format!("id `{id}` is already used at {at}"),
                    ));
                }
                None => {
                    seen.insert(id, (path.to_path_buf(), line));
                }
            }
        }
        // Within a file, report in reading order.
        file_problems.sort_by_key(|p| p.line);
        items.extend(loaded.items);
        problems.extend(file_problems);
    }
    (items, problems)
}

/// Loads one quiz file's text. Items with problems are left out of the result.
#[must_use]
pub fn load_quiz_file(path: &Path, text: &str) -> (Vec<QuizItem>, Vec<Problem>) {
    load_quiz_sources(&[(path, text)])
}

/// One file's result, with every id and its line (for duplicates across files).
struct Loaded {
    items: Vec<QuizItem>,
    problems: Vec<Problem>,
    ids: Vec<(String, Option<usize>)>,
}

fn load_file(path: &Path, text: &str) -> Loaded {
    if let Some(message) = super::limits::too_large(text) {
        return Loaded {
            items: vec![],
            problems: vec![Problem::at(path, Some(1), message)],
            ids: vec![],
        };
    }
    let options = serde_saphyr::options! { with_snippet: false };
    let raw: Vec<Spanned<RawItem>> = match serde_saphyr::from_str_with_options(text, options) {
        Ok(r) => r,
        Err(e) => {
            let (line, msg) = super::limits::yaml_problem(&e);
            return Loaded {
                items: vec![],
                problems: vec![Problem::at(path, line, yaml_message(&msg))],
                ids: vec![],
            };
        }
    };
    let unit_from_name = path
        .file_name()
        .and_then(|n| n.to_str())
        .and_then(|n| n.split('-').next())
        .and_then(|n| n.parse::<i64>().ok());
    let ids = raw
        .iter()
        .filter_map(|r| r.value.id.as_ref().map(|id| (id.value.clone(), line_of(r))))
        .collect();
    let mut checker = Checker {
        file: path,
        problems: Vec::new(),
    };
    let items = raw
        .into_iter()
        .filter_map(|r| checker.item(r, unit_from_name))
        .collect();
    Loaded {
        items,
        problems: checker.problems,
        ids,
    }
}

/// serde-saphyr's message without its trailing location (the `Problem` carries the line).
fn yaml_message(msg: &str) -> String {
    let first = msg.lines().next().unwrap_or(msg).trim();
    let cut = first.find(" at line ").map_or(first, |i| &first[..i]);
    format!("YAML: {cut}")
}

fn line_of<T>(s: &Spanned<T>) -> Option<usize> {
    usize::try_from(s.referenced.line()).ok().filter(|l| *l > 0)
}

struct Checker<'a> {
    file: &'a Path,
    problems: Vec<Problem>,
}

impl Checker<'_> {
    fn problem(&mut self, line: Option<usize>, message: impl Into<String>) {
        self.problems.push(Problem::at(self.file, line, message));
    }

    fn item(&mut self, raw: Spanned<RawItem>, unit_from_name: Option<i64>) -> Option<QuizItem> {
        let item_line = line_of(&raw);
        let before = self.problems.len();
        let r = raw.value;

        let id = match &r.id {
            None => {
                self.problem(item_line, "item has no `id`");
                String::new()
            }
            Some(id) => {
                let ok = !id.value.is_empty()
                    && id
                        .value
                        .chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
                if !ok {
                    self.problem(
                        line_of(id),
                        format!(
                            "id `{}`: use lowercase letters, digits and `-` only",
                            id.value
                        ),
                    );
                }
                id.value.clone()
            }
        };
        let at = if id.is_empty() {
            "item".to_string()
        } else {
            format!("item `{id}`")
        };

        let unit = match &r.unit {
            None => {
                self.problem(
                    item_line,
                    format!("{at} has no `unit` (1..{})", super::MAX_UNIT),
                );
                0
            }
            Some(u) if !(1..=i64::from(super::MAX_UNIT)).contains(&u.value) => {
                self.problem(
                    line_of(u),
                    format!(
                        "unit {} is not a unit number (1..{})",
                        u.value,
                        super::MAX_UNIT
                    ),
                );
                0
            }
            Some(u) => {
                if let Some(n) = unit_from_name
                    && n != u.value
                {
                    self.problem(
                        line_of(u),
                        format!("unit {} in a file named for unit {n}", u.value),
                    );
                }
                u8::try_from(u.value).unwrap_or(0)
            }
        };

        let kind = match &r.kind {
            None => {
                self.problem(
                    item_line,
                    format!("{at} has no `kind` (true_false or multiple_choice)"),
                );
                None
            }
            Some(k) => match k.value.as_str() {
                "true_false" => Some(QuizKind::TrueFalse),
                "multiple_choice" => Some(QuizKind::MultipleChoice),
                other => {
                    self.problem(
                        line_of(k),
                        format!("unknown kind `{other}` (expected true_false or multiple_choice)"),
                    );
                    None
                }
            },
        };

        let question = self.text(r.question.as_ref(), "question", item_line);
        let explanation = self.text(r.explanation.as_ref(), "explanation", item_line);
        let board = self.board(r.fen.as_ref(), r.moves.as_ref());

        let answer = match kind {
            Some(QuizKind::TrueFalse) => self.true_false(&r, item_line, board.as_ref()),
            Some(QuizKind::MultipleChoice) => self.multiple_choice(&r, item_line, board.as_ref()),
            None => None,
        };

        if self.problems.len() > before {
            return None;
        }
        let item = QuizItem {
            id,
            unit,
            question: question?,
            answer: answer?,
            board,
            explanation: explanation?,
            origin: Origin::File {
                file: self.file.to_path_buf(),
                line: item_line,
            },
        };
        if let Err(msg) = item.verify() {
            let line = r.answer.as_ref().and_then(line_of).or(item_line);
            self.problem(line, msg);
            return None;
        }
        Some(item)
    }

    fn text(
        &mut self,
        raw: Option<&Spanned<RawText>>,
        field: &str,
        item_line: Option<usize>,
    ) -> Option<Text> {
        let Some(t) = raw else {
            self.problem(item_line, format!("`{field}` is missing"));
            return None;
        };
        self.pair(&t.value.zh, &t.value.en, line_of(t), field)
    }

    /// Checks a `zh` / `en` pair; `line` is where the text starts.
    fn pair(
        &mut self,
        zh: &Option<Spanned<String>>,
        en: &Option<Spanned<String>>,
        line: Option<usize>,
        field: &str,
    ) -> Option<Text> {
        let zh = match zh {
            Some(z) if !z.value.trim().is_empty() => {
                // Choices may be notation (`e4`, `Nf3`), the same in both languages.
                if !field.starts_with("choices") && !z.value.chars().any(is_han) {
                    self.problem(
                        line_of(z),
                        format!("`{field}.zh` has no Chinese characters"),
                    );
                }
                Some(z.value.trim().to_string())
            }
            Some(z) => {
                self.problem(line_of(z), format!("`{field}.zh` is empty"));
                None
            }
            None => {
                self.problem(line, format!("`{field}` has no `zh` text"));
                None
            }
        };
        let en = match en {
            Some(e) if !e.value.trim().is_empty() => {
                // English may quote the Chinese piece letters of notation (马f3), nothing else.
                let stray = e
                    .value
                    .chars()
                    .any(|c| is_han(c) && !"王后车象马兵".contains(c));
                if stray && !field.starts_with("choices") {
                    self.problem(
                        line_of(e),
                        format!("`{field}.en` contains Chinese characters"),
                    );
                }
                Some(e.value.trim().to_string())
            }
            Some(e) => {
                self.problem(line_of(e), format!("`{field}.en` is empty"));
                None
            }
            None => {
                self.problem(line, format!("`{field}` has no `en` text"));
                None
            }
        };
        Some(Text::new(zh?, en?))
    }

    fn board(
        &mut self,
        fen: Option<&Spanned<String>>,
        moves: Option<&Spanned<Vec<Spanned<String>>>>,
    ) -> Option<QuizBoard> {
        let Some(fen) = fen else {
            if let Some(m) = moves {
                self.problem(line_of(m), "`moves` without a `fen` to play them from");
            }
            return None;
        };
        let pos = match claim::read_fen(&fen.value) {
            Ok(p) => p,
            Err(msg) => {
                self.problem(line_of(fen), msg);
                return None;
            }
        };
        let mut situation = Situation::new(pos);
        let mut played = Vec::new();
        for m in moves.map(|m| m.value.as_slice()).unwrap_or_default() {
            match claim::read_move(situation.position(), &m.value) {
                Ok(Ok(mv)) => {
                    played.push(mv.to_uci(shakmaty::CastlingMode::Standard).to_string());
                    // Legal by the referee's word, so the game accepts it.
                    let _ = situation.play(mv);
                }
                Ok(Err(reason)) => {
                    self.problem(
                        line_of(m),
                        format!(
                            "move `{}` in `moves` is not legal there ({})",
                            m.value,
                            reason.code()
                        ),
                    );
                    return None;
                }
                Err(e) => {
                    self.problem(line_of(m), format!("`moves`: {e}"));
                    return None;
                }
            }
        }
        Some(QuizBoard {
            fen: fen.value.trim().to_string(),
            moves: played,
            situation,
        })
    }

    fn true_false(
        &mut self,
        r: &RawItem,
        item_line: Option<usize>,
        board: Option<&QuizBoard>,
    ) -> Option<Answer> {
        if let Some(c) = &r.choices {
            self.problem(line_of(c), "a true_false item has no `choices`");
        }
        let correct = match &r.answer {
            None => {
                self.problem(item_line, "`answer` is missing (true or false)");
                None
            }
            Some(a) => match &a.value {
                RawAnswer::Bool(b) => Some(*b),
                _ => {
                    self.problem(line_of(a), "a true_false item's answer is true or false");
                    None
                }
            },
        };
        let claim = match &r.claim {
            None => None,
            Some(c) => {
                if board.is_none() && r.fen.is_some() {
                    // The FEN's own problem is reported already.
                    self.claim(c)?;
                    return None;
                }
                if r.fen.is_none() {
                    self.problem(line_of(c), "a `claim` needs a `fen` to be judged on");
                }
                Some(self.claim(c)?)
            }
        };
        Some(Answer::TrueFalse {
            correct: correct?,
            claim,
        })
    }

    fn multiple_choice(
        &mut self,
        r: &RawItem,
        item_line: Option<usize>,
        board: Option<&QuizBoard>,
    ) -> Option<Answer> {
        if let Some(c) = &r.claim {
            self.problem(
                line_of(c),
                "a multiple_choice item puts its claims on the choices, not on the item",
            );
        }
        let Some(raw_choices) = &r.choices else {
            self.problem(item_line, "a multiple_choice item needs `choices`");
            return None;
        };
        let n = raw_choices.value.len();
        if !(2..=6).contains(&n) {
            self.problem(
                line_of(raw_choices),
                format!("{n} choices: give between 2 and 6"),
            );
        }
        let mut choices = Vec::new();
        let mut ok = true;
        for (i, c) in raw_choices.value.iter().enumerate() {
            match self.choice(c, i, r.fen.is_some(), board.is_some()) {
                Some(c) => choices.push(c),
                None => ok = false,
            }
        }
        let with_claims = choices.iter().filter(|c| c.claim.is_some()).count();
        if ok && with_claims != 0 && with_claims != choices.len() {
            self.problem(
                line_of(raw_choices),
                "give every choice a `claim`, or none: the engine must judge them all",
            );
        }
        let correct = match &r.answer {
            None => {
                self.problem(
                    item_line,
                    "`answer` is missing (the letter of the right choice)",
                );
                None
            }
            Some(a) => match &a.value {
                RawAnswer::Letter(l) => {
                    let l = l.trim().to_ascii_lowercase();
                    let idx = (l.len() == 1)
                        .then(|| l.as_bytes()[0].wrapping_sub(b'a'))
                        .map(usize::from)
                        .filter(|i| *i < n);
                    if idx.is_none() {
                        self.problem(
                            line_of(a),
                            format!(
                                "answer `{l}` is not one of the choices (a..{})",
                                letter(n.saturating_sub(1))
                            ),
                        );
                    }
                    idx
                }
                RawAnswer::Number(n) => {
                    self.problem(
                        line_of(a),
                        format!("answer `{n}`: write the letter of the right choice (a, b, …)"),
                    );
                    None
                }
                RawAnswer::Bool(_) => {
                    self.problem(
                        line_of(a),
                        "a multiple_choice item's answer is the letter of a choice (a, b, …)",
                    );
                    None
                }
            },
        };
        if !ok {
            return None;
        }
        Some(Answer::MultipleChoice {
            choices,
            correct: correct?,
        })
    }

    fn choice(
        &mut self,
        c: &Spanned<RawChoice>,
        i: usize,
        has_fen: bool,
        has_board: bool,
    ) -> Option<Choice> {
        let field = format!("choices[{}]", letter(i));
        let text = self.pair(&c.value.zh, &c.value.en, line_of(c), &field);
        let claim = match &c.value.claim {
            None => None,
            Some(cl) => {
                if !has_fen {
                    self.problem(line_of(cl), "a `claim` needs a `fen` to be judged on");
                }
                let claim = self.claim(cl)?;
                if has_fen && !has_board {
                    return None;
                }
                Some(claim)
            }
        };
        Some(Choice { text: text?, claim })
    }

    fn claim(&mut self, c: &Spanned<RawClaim>) -> Option<Claim> {
        let line = line_of(c);
        let rc = &c.value;
        let Some(kind) = &rc.kind else {
            self.problem(line, "claim has no `kind`");
            return None;
        };
        let k = kind.value.as_str();
        if !claim::CLAIM_KINDS.contains(&k) {
            self.problem(
                line_of(kind),
                format!(
                    "unknown claim kind `{k}` (one of: {})",
                    claim::CLAIM_KINDS.join(", ")
                ),
            );
            return None;
        }
        // Which arguments each kind takes.
        let (needs, allows): (&[&str], &[&str]) = match k {
            "legal_move" | "gives_check" | "gives_checkmate" | "gives_stalemate" => {
                (&["move"], &[])
            }
            "illegal_move" => (&["move"], &["reason"]),
            "can_castle" => (&["side"], &[]),
            "can_mate" => (&[], &["by"]),
            "legal_move_count" => (&["count"], &["square"]),
            "attacked" => (&["square", "by"], &[]),
            _ => (&[], &[]),
        };
        let given: [(&str, Option<usize>); 6] = [
            ("move", rc.mv.as_ref().and_then(line_of)),
            ("reason", rc.reason.as_ref().and_then(line_of)),
            ("side", rc.side.as_ref().and_then(line_of)),
            ("square", rc.square.as_ref().and_then(line_of)),
            ("count", rc.count.as_ref().and_then(line_of)),
            ("by", rc.by.as_ref().and_then(line_of)),
        ];
        let present = [
            rc.mv.is_some(),
            rc.reason.is_some(),
            rc.side.is_some(),
            rc.square.is_some(),
            rc.count.is_some(),
            rc.by.is_some(),
        ];
        let mut bad = false;
        for ((name, l), there) in given.iter().zip(present) {
            if there && !needs.contains(name) && !allows.contains(name) {
                self.problem(l.or(line), format!("claim `{k}` takes no `{name}`"));
                bad = true;
            }
            if !there && needs.contains(name) {
                self.problem(line, format!("claim `{k}` needs `{name}`"));
                bad = true;
            }
        }
        if bad {
            return None;
        }
        let mv = || {
            rc.mv
                .as_ref()
                .map(|m| m.value.trim().to_string())
                .unwrap_or_default()
        };
        let square = |me: &mut Self| -> Option<Option<Square>> {
            match &rc.square {
                None => Some(None),
                Some(s) => match s.value.trim().parse::<Square>() {
                    Ok(sq) => Some(Some(sq)),
                    Err(_) => {
                        me.problem(
                            line_of(s),
                            format!("`{}` is not a square (a1..h8)", s.value),
                        );
                        None
                    }
                },
            }
        };
        let color = |me: &mut Self| -> Option<Option<Color>> {
            match &rc.by {
                None => Some(None),
                Some(b) => match b.value.trim() {
                    "white" => Some(Some(Color::White)),
                    "black" => Some(Some(Color::Black)),
                    other => {
                        me.problem(line_of(b), format!("`by: {other}`: write white or black"));
                        None
                    }
                },
            }
        };
        Some(match k {
            "legal_move" => Claim::LegalMove { mv: mv() },
            "illegal_move" => {
                let reason = rc.reason.as_ref().map(|r| r.value.trim().to_string());
                if let (Some(r), Some(rs)) = (&reason, &rc.reason)
                    && !claim::REASON_CODES.contains(&r.as_str())
                {
                    self.problem(
                        line_of(rs),
                        format!(
                            "unknown reason code `{r}` (one of: {})",
                            claim::REASON_CODES.join(", ")
                        ),
                    );
                    return None;
                }
                Claim::IllegalMove { mv: mv(), reason }
            }
            "gives_check" => Claim::GivesCheck { mv: mv() },
            "gives_checkmate" => Claim::GivesCheckmate { mv: mv() },
            "gives_stalemate" => Claim::GivesStalemate { mv: mv() },
            "in_check" => Claim::InCheck,
            "double_check" => Claim::DoubleCheck,
            "checkmate" => Claim::Checkmate,
            "stalemate" => Claim::Stalemate,
            "has_legal_moves" => Claim::HasLegalMoves,
            "insufficient_material" => Claim::InsufficientMaterial,
            "threefold_repetition" => Claim::ThreefoldRepetition,
            "fifty_move_rule" => Claim::FiftyMoveRule,
            "can_castle" => {
                let s = rc.side.as_ref()?;
                let side = match s.value.trim() {
                    "king" => CastlingSide::KingSide,
                    "queen" => CastlingSide::QueenSide,
                    other => {
                        self.problem(line_of(s), format!("`side: {other}`: write king or queen"));
                        return None;
                    }
                };
                Claim::CanCastle { side }
            }
            "can_mate" => Claim::CanMate { by: color(self)? },
            "legal_move_count" => {
                let c = rc.count.as_ref()?;
                let Ok(count) = u32::try_from(c.value) else {
                    self.problem(
                        line_of(c),
                        format!("count {} is not a number of moves", c.value),
                    );
                    return None;
                };
                Claim::LegalMoveCount {
                    square: square(self)?,
                    count,
                }
            }
            "attacked" => Claim::Attacked {
                square: square(self)??,
                by: color(self)??,
            },
            _ => return None,
        })
    }
}

/// A CJK unified ideograph (the characters of Chinese text).
fn is_han(c: char) -> bool {
    matches!(c, '\u{4E00}'..='\u{9FFF}' | '\u{3400}'..='\u{4DBF}')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load(yaml: &str) -> (Vec<QuizItem>, Vec<Problem>) {
        load_quiz_sources(&[("t.yaml", yaml)])
    }

    const GOOD: &str = r#"
- id: rook-straight
  unit: 3
  kind: true_false
  question: {zh: "车可以斜走。", en: "A rook may move diagonally."}
  answer: false
  explanation: {zh: "车只走直线和横线。", en: "A rook moves along ranks and files only."}
"#;

    #[test]
    fn a_good_item_loads() {
        let (items, problems) = load(GOOD);
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(items.len(), 1);
        assert_eq!(items[0].kind(), QuizKind::TrueFalse);
        assert!(items[0].is_correct(Response::TrueFalse(false)));
        assert!(!items[0].is_correct(Response::TrueFalse(true)));
        assert!(!items[0].is_correct(Response::Choice(0)));
        assert!(!items[0].is_engine_checked());
    }

    #[test]
    fn duplicate_ids_across_files() {
        let (_, problems) = load_quiz_sources(&[("a.yaml", GOOD), ("b.yaml", GOOD)]);
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert_eq!(
            problems[0].to_string(),
            "b.yaml:2: id `rook-straight` is already used at a.yaml:2"
        );
    }

    #[test]
    fn unknown_field_is_a_yaml_problem_with_a_line() {
        let yaml = GOOD.replace("  answer: false", "  answr: false");
        let (items, problems) = load(&yaml);
        assert!(items.is_empty());
        assert_eq!(problems.len(), 1);
        assert_eq!(problems[0].line, Some(6), "{}", problems[0]);
        assert!(problems[0].message.contains("answr"), "{}", problems[0]);
    }

    #[test]
    fn every_problem_of_a_file_is_collected() {
        let yaml = r#"
- id: Bad Id
  unit: 100
  kind: true_false
  question: {en: "A rook may move diagonally."}
  answer: maybe
  explanation: {zh: "Rooks move straight.", en: "A rook moves along ranks and files only."}
"#;
        let (items, problems) = load(yaml);
        assert!(items.is_empty());
        let text: Vec<String> = problems.iter().map(ToString::to_string).collect();
        assert_eq!(
            text,
            [
                "t.yaml:2: id `Bad Id`: use lowercase letters, digits and `-` only",
                "t.yaml:3: unit 100 is not a unit number (1..99)",
                "t.yaml:5: `question` has no `zh` text",
                "t.yaml:6: a true_false item's answer is true or false",
                "t.yaml:7: `explanation.zh` has no Chinese characters",
            ]
        );
    }

    #[test]
    fn multiple_choice_claims_are_all_judged() {
        let yaml = r#"
- id: which-legal
  unit: 12
  kind: multiple_choice
  fen: "4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1"
  question: {zh: "哪一步合法？", en: "Which move is legal?"}
  choices:
    - {zh: "马c3", en: "Nc3", claim: {kind: legal_move, move: Nc3}}
    - {zh: "王d2", en: "Kd2", claim: {kind: legal_move, move: Kd2}}
  answer: b
  explanation: {zh: "e2的马被牵制。", en: "The knight on e2 is pinned."}
"#;
        let (items, problems) = load(yaml);
        assert!(problems.is_empty(), "{problems:?}");
        assert!(items[0].is_engine_checked());
        let wrong = yaml.replace("answer: b", "answer: a");
        let (_, problems) = load(&wrong);
        assert_eq!(problems.len(), 1);
        assert_eq!(problems[0].line, Some(10));
        assert!(
            problems[0].message.contains("answer is `a`"),
            "{}",
            problems[0]
        );
    }

    #[test]
    fn claim_arguments_are_checked() {
        let yaml = r#"
- id: c
  unit: 14
  kind: true_false
  fen: "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
  claim: {kind: can_castle, side: long, move: O-O}
  question: {zh: "白方可以长易位。", en: "White may castle long."}
  answer: true
  explanation: {zh: "可以。", en: "Yes."}
"#;
        let (_, problems) = load(yaml);
        let text: Vec<String> = problems.iter().map(|p| p.message.clone()).collect();
        assert_eq!(text, ["claim `can_castle` takes no `move`"]);
        let (_, problems) = load(&yaml.replace(", move: O-O", ""));
        assert_eq!(problems[0].message, "`side: long`: write king or queen");
        let (items, problems) = load(&yaml.replace("long, move: O-O", "queen"));
        assert!(problems.is_empty(), "{problems:?}");
        assert!(items[0].is_engine_checked());
    }

    #[test]
    fn missing_folder_is_a_problem_not_a_panic() {
        let missing = super::super::files::Folder {
            path: "/nonexistent/quiz".into(),
            unreadable: Some("No such file or directory".into()),
            files: Vec::new(),
        };
        let (items, problems) = load_quiz_folder(&missing);
        assert!(items.is_empty());
        assert_eq!(problems.len(), 1);
        assert!(
            problems[0]
                .message
                .starts_with("cannot read the quiz folder")
        );
    }
}
