//! What reaches the tutor from a shell, and the commands a learner can type.

use serde::{Deserialize, Serialize};

use crate::rules::Lang;
use crate::rules::speech::Look;

/// Longest text the tutor reads; longer messages are answered with a short refusal and
/// change nothing.
pub const MAX_TEXT_CHARS: usize = 512;

/// One input from the learner (serialisable, so that a shell can keep inputs it has not
/// handled yet).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Input {
    /// A typed message (commands start with `/`).
    Text(String),
    /// A button press: the button's opaque data.
    Button(String),
    /// The chat was opened (Telegram's `/start`); `client_lang` is the client's language code.
    Start {
        /// The language code the learner's client reports (`zh-hans`, `en`, …), if any.
        client_lang: Option<String>,
    },
    /// A piece dropped on the board page (the Mini App): judged exactly as a typed move
    /// from one square to another, on the task the page showed.
    Drop(BoardDrop),
    /// The board page asks what to show: changes nothing.
    Look,
    /// A member's answer to a class's quiz poll (Telegram's `poll_answer`): the option
    /// chosen, or none when the vote was taken back. The sender is the
    /// [`super::Envelope::who`].
    PollAnswer {
        /// Telegram's id of the poll.
        poll: String,
        /// The option chosen (0-based); `None`: the vote was retracted.
        option: Option<u8>,
    },
    /// A class's timer: its puzzle of `day` (and the week's leaderboard) may be due.
    ClassTick {
        /// The class.
        class: super::classroom::ClassId,
        /// The day (days since 1970-01-01, UTC).
        day: i64,
    },
}

/// A piece dragged (or tapped, then its square) on the board page: from where, to where, and
/// the piece a pawn becomes when the learner chose one. Read once, at the edge, from the
/// page's squares; stored as UCI (`e7e8q`).
///
/// ```
/// use chess_tutor_core::tutor::input::BoardDrop;
/// let d: BoardDrop = "e7e8q".parse().unwrap();
/// assert_eq!(d.to_string(), "e7e8q");
/// assert!("e7e9".parse::<BoardDrop>().is_err());
/// assert!("e2e2".parse::<BoardDrop>().is_err());
/// ```
#[derive(
    Debug, Clone, PartialEq, Eq, serde_with::SerializeDisplay, serde_with::DeserializeFromStr,
)]
pub struct BoardDrop {
    /// The square the piece was taken from.
    pub from: shakmaty::Square,
    /// The square it was dropped on.
    pub to: shakmaty::Square,
    /// The piece a pawn becomes, when one was chosen (never a pawn or a king).
    pub promotion: Option<shakmaty::Role>,
    /// The version of the task the page showed when the piece was dropped: a drop on a board
    /// that changed meanwhile is not judged against another position. (Not part of the
    /// move's text.)
    pub seen: Option<super::page_view::PageVersion>,
}

/// A drop that does not read: the page sent something that is no pair of squares.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not a drop from one square to another: {0:?}")]
pub struct BadDrop(pub String);

impl BoardDrop {
    /// A drop from the page's parts: two squares (`e7`, `e8`) and an optional piece letter.
    ///
    /// # Errors
    ///
    /// A square that is none, the same square twice, or a piece that no pawn becomes.
    pub fn from_parts(from: &str, to: &str, promotion: Option<&str>) -> Result<BoardDrop, BadDrop> {
        let text = format!("{from}{to}{}", promotion.unwrap_or(""));
        let bad = || BadDrop(text.chars().take(16).collect());
        let from: shakmaty::Square = from.parse().map_err(|_| bad())?;
        let to: shakmaty::Square = to.parse().map_err(|_| bad())?;
        let promotion = match promotion {
            None | Some("") => None,
            Some(p) => {
                let mut chars = p.chars();
                let (Some(c), None) = (chars.next(), chars.next()) else {
                    return Err(bad());
                };
                match shakmaty::Role::from_char(c.to_ascii_lowercase()) {
                    Some(
                        role @ (shakmaty::Role::Queen
                        | shakmaty::Role::Rook
                        | shakmaty::Role::Bishop
                        | shakmaty::Role::Knight),
                    ) => Some(role),
                    _ => return Err(bad()),
                }
            }
        };
        if from == to {
            return Err(bad());
        }
        Ok(BoardDrop {
            from,
            to,
            promotion,
            seen: None,
        })
    }
}

impl BoardDrop {
    /// The same drop, made on the task of version `seen`.
    #[must_use]
    pub fn seen(mut self, seen: super::page_view::PageVersion) -> BoardDrop {
        self.seen = Some(seen);
        self
    }
}

impl std::fmt::Display for BoardDrop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if let Some(role) = self.promotion {
            write!(f, "{}", role.char())?;
        }
        Ok(())
    }
}

impl std::str::FromStr for BoardDrop {
    type Err = BadDrop;

    fn from_str(s: &str) -> Result<BoardDrop, BadDrop> {
        let bad = || BadDrop(s.chars().take(16).collect());
        if !s.is_ascii() || !(4..=5).contains(&s.len()) {
            return Err(bad());
        }
        let promotion = s.get(4..).filter(|p| !p.is_empty());
        BoardDrop::from_parts(&s[0..2], &s[2..4], promotion)
    }
}

/// The commands of the bot; their doc comments are the help text's source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// `/start`: welcome, and the language choice.
    Start,
    /// `/help`: what the bot can do.
    Help,
    /// `/lessons`: the course map with progress.
    Lessons,
    /// `/lesson <n>`: open unit n (1–19) or the lesson of that title (`/lesson 马`), or
    /// continue the current one.
    Lesson(LessonArg),
    /// `/next`: the next step.
    Next,
    /// `/puzzle`: a mate-in-N puzzle near the learner's level; `/puzzle 2` one of mate in 2
    /// (1–4), `/puzzle 02jRN` the puzzle of that id.
    Puzzle(PuzzleArg),
    /// `/hint`: a hint for the current task (a ladder: the piece, the square, the move).
    Hint,
    /// `/solution`: the answer to the current task.
    Solution,
    /// `/quiz`: a round of rule questions.
    Quiz,
    /// `/explain <FEN> <move>`: is this move legal here, and why.
    Explain(String),
    /// `/progress`: lessons done, level and points, rules to practise.
    Progress,
    /// `/lang 简体|繁體|en`: switch language.
    Lang(Option<Lang>),
    /// `/lang zh`: Chinese in the script the learner reads already (Simplified otherwise).
    LangChinese,
    /// `/board`: the current position again.
    Board,
    /// `/play [level]`: a game against the tutor (levels 1–8).
    Play(Option<u8>),
    /// `/play` with something that is no level (`/play 999`): said, then the levels offered.
    NoSuchLevel(String),
    /// `/start duel-N`: the invitation link of a game with a friend, opened.
    Join(super::state::DuelId),
    /// `/pgn`: the last game as PGN.
    Pgn,
    /// The commands of a class in a group chat (`/class`, `/classquiz`, `/leave`, `/report`,
    /// `/start class-N`).
    Class(super::classroom::ClassCommand),
    /// Text mode and the questions that replace looking at the board (`/a11y`, `/where`,
    /// `/square`, `/scan`, `/moves`).
    Access(AccessCommand),
    /// Anything else starting with `/`.
    Unknown(String),
}

/// Which puzzle `/puzzle` asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PuzzleArg {
    /// No argument: the next one for the learner.
    Next,
    /// A mate in this many moves (1–4).
    MateIn(u32),
    /// A puzzle by its id (`02jRN`), or a number that is no mate length: said when there is
    /// none.
    Id(String),
}

/// Which lesson `/lesson` asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LessonArg {
    /// No argument: the current one.
    Current,
    /// A unit number.
    Unit(u32),
    /// A word of a lesson's title (`马`, `castling`).
    Named(String),
}

impl Command {
    /// A command a learner may type without its slash (`help`, `帮助`): only words that are
    /// never an answer or a move.
    ///
    /// ```
    /// use chess_tutor_core::tutor::Command;
    /// assert_eq!(Command::parse_bare("Help"), Some(Command::Help));
    /// assert_eq!(Command::parse_bare("e4"), None);
    /// ```
    #[must_use]
    pub fn parse_bare(text: &str) -> Option<Command> {
        match text.trim().to_lowercase().as_str() {
            "help" | "帮助" | "幫助" | "?" | "？" | "menu" | "菜单" | "菜單" => {
                Some(Command::Help)
            }
            "lessons" | "课程" | "課程" | "目录" | "目錄" => Some(Command::Lessons),
            _ => None,
        }
    }

    /// Reads a command from a message; `None` when the message is not a command.
    ///
    /// ```
    /// use chess_tutor_core::tutor::Command;
    /// use chess_tutor_core::tutor::input::LessonArg;
    /// assert_eq!(Command::parse("/lesson 3"), Some(Command::Lesson(LessonArg::Unit(3))));
    /// assert_eq!(Command::parse("/lesson 马"), Some(Command::Lesson(LessonArg::Named("马".into()))));
    /// assert_eq!(Command::parse("/help@chess_tutor_bot"), Some(Command::Help));
    /// assert_eq!(Command::parse("e4"), None);
    /// use chess_tutor_core::tutor::input::PuzzleArg;
    /// assert_eq!(Command::parse("/puzzle 2"), Some(Command::Puzzle(PuzzleArg::MateIn(2))));
    /// assert_eq!(Command::parse("/puzzle 02jRN"), Some(Command::Puzzle(PuzzleArg::Id("02jRN".into()))));
    /// use chess_tutor_core::tutor::ClassCommand;
    /// assert_eq!(Command::parse("/report_12"), Some(Command::Class(ClassCommand::ReportStudent(12))));
    /// assert_eq!(Command::parse("/report_"), Some(Command::Unknown("report_".into())));
    /// ```
    #[must_use]
    pub fn parse(text: &str) -> Option<Command> {
        let text = text.trim();
        let rest = text.strip_prefix('/').or_else(|| text.strip_prefix('／'))?;
        let (word, arg) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        // Telegram appends the bot's name in groups: `/help@name`.
        let word = word.split('@').next().unwrap_or(word).to_ascii_lowercase();
        let arg = arg.trim();
        if let Some(command) = AccessCommand::parse(&word, arg) {
            return Some(Command::Access(command));
        }
        Some(match word.as_str() {
            "start" => match super::state::DuelId::from_payload(arg) {
                Some(id) => Command::Join(id),
                None => match super::classroom::ClassId::from_payload(arg) {
                    Some(id) => Command::Class(super::classroom::ClassCommand::JoinLink(id)),
                    None => match super::classroom::ClassId::from_daily_payload(arg) {
                        Some(id) => Command::Class(super::classroom::ClassCommand::DailyLink(id)),
                        None => Command::Start,
                    },
                },
            },
            "help" | "帮助" | "幫助" => Command::Help,
            "lessons" | "课程" | "課程" => Command::Lessons,
            "lesson" | "课" | "課" => Command::Lesson(match arg.parse::<u32>() {
                Ok(unit) => LessonArg::Unit(unit),
                Err(_) if arg.is_empty() => LessonArg::Current,
                Err(_) => LessonArg::Named(arg.chars().take(32).collect()),
            }),
            "next" | "下一步" => Command::Next,
            "puzzle" | "题" | "題" => Command::Puzzle(match arg.parse::<u32>() {
                _ if arg.is_empty() => PuzzleArg::Next,
                Ok(n) if (1..=4).contains(&n) => PuzzleArg::MateIn(n),
                _ => PuzzleArg::Id(arg.chars().take(16).collect()),
            }),
            "hint" | "提示" => Command::Hint,
            "solution" | "答案" => Command::Solution,
            "quiz" | "测验" | "測驗" => Command::Quiz,
            "explain" => Command::Explain(arg.to_owned()),
            "progress" | "进度" | "進度" => Command::Progress,
            "lang" | "language" | "语言" | "語言" => match arg.to_lowercase().as_str() {
                // Chinese without a script: the learner's own (Traditional stays Traditional).
                "zh" | "中文" | "chinese" => Command::LangChinese,
                _ => Command::Lang(arg.parse().ok()),
            },
            "board" | "棋盘" | "棋盤" => Command::Board,
            "play" | "下棋" | "对局" | "對局" => match arg.parse::<u8>() {
                _ if arg.is_empty() => Command::Play(None),
                Ok(level) if (1..=8).contains(&level) => Command::Play(Some(level)),
                _ => Command::NoSuchLevel(arg.chars().take(16).collect()),
            },
            "pgn" => Command::Pgn,
            "class" | "classquiz" | "leave" | "report" | "top" => {
                Command::Class(super::classroom::ClassCommand::parse(&word, arg))
            }
            // `/report_3`: the link form of `/report 3` in a report's text.
            student
                if student.strip_prefix("report_").is_some_and(|n| {
                    !n.is_empty() && n.len() <= 6 && n.bytes().all(|b| b.is_ascii_digit())
                }) && arg.is_empty() =>
            {
                Command::Class(super::classroom::ClassCommand::parse(
                    "report",
                    &student["report_".len()..],
                ))
            }
            _ => Command::Unknown(word),
        })
    }
}

/// The commands of text mode.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AccessCommand {
    /// `/a11y`: text mode on, or off again; `/a11y on` and `/a11y off` (the board page's
    /// switch) set it whatever it was.
    TextMode(Option<bool>),
    /// `/where PIECE`, `/square SQUARE`, `/scan SQUARE`: a question about the board.
    Look(Look),
    /// `/moves`: the moves played so far, in words.
    Moves,
}

impl AccessCommand {
    /// Reads a command word (after the slash, lower case) and its argument; `None` for a word
    /// that is none of these commands.
    ///
    /// ```
    /// use chess_tutor_core::tutor::AccessCommand;
    /// use chess_tutor_core::rules::speech::Look;
    /// assert_eq!(AccessCommand::parse("a11y", ""), Some(AccessCommand::TextMode(None)));
    /// assert_eq!(AccessCommand::parse("a11y", "on"), Some(AccessCommand::TextMode(Some(true))));
    /// assert_eq!(AccessCommand::parse("读屏", "关"), Some(AccessCommand::TextMode(Some(false))));
    /// assert_eq!(AccessCommand::parse("where", "马"), Some(AccessCommand::Look(Look::Where("马".into()))));
    /// assert_eq!(AccessCommand::parse("help", ""), None);
    /// ```
    #[must_use]
    pub fn parse(word: &str, arg: &str) -> Option<AccessCommand> {
        let arg = arg.chars().take(32).collect::<String>();
        Some(match word {
            "a11y" | "textmode" | "文字模式" | "读屏" | "讀屏" => {
                AccessCommand::TextMode(match arg.trim().to_lowercase().as_str() {
                    "on" | "开" | "開" | "打开" | "打開" => Some(true),
                    "off" | "关" | "關" | "关闭" | "關閉" => Some(false),
                    // Anything else turns it over, as the bare command does.
                    _ => None,
                })
            }
            "where" | "哪里" | "哪裡" | "在哪" => AccessCommand::Look(Look::Where(arg)),
            "square" | "格" | "格子" => AccessCommand::Look(Look::Square(arg)),
            "scan" | "看线" | "看線" => AccessCommand::Look(Look::Scan(arg)),
            "moves" | "棋谱" | "棋譜" | "着法" | "著法" => AccessCommand::Moves,
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_mode_commands_read_in_every_language() {
        assert_eq!(
            AccessCommand::parse("square", "e4"),
            Some(AccessCommand::Look(Look::Square("e4".into())))
        );
        assert_eq!(
            AccessCommand::parse("看線", "e4"),
            Some(AccessCommand::Look(Look::Scan("e4".into())))
        );
        assert_eq!(AccessCommand::parse("棋谱", ""), Some(AccessCommand::Moves));
        assert_eq!(
            AccessCommand::parse("读屏", ""),
            Some(AccessCommand::TextMode(None))
        );
        // A long argument is cut: it is only ever echoed in a short refusal.
        let Some(AccessCommand::Look(Look::Where(arg))) =
            AccessCommand::parse("where", &"x".repeat(600))
        else {
            panic!()
        };
        assert_eq!(arg.len(), 32);
    }
}
