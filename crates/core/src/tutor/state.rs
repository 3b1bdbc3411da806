//! The learner's session: language, what they are doing now (each activity's own state), and
//! their progress. Stored as JSON by the shell after every input; every value is typed and
//! checked once when a stored session is read ([`Session::from_stored`]).

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use serde::{Deserialize, Serialize};
use serde_with::{DisplayFromStr, serde_as};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Square};

use crate::content::{LessonId, PuzzleId, QuizId, StepId};
use crate::game::engine::Level;
use crate::game::record::{Ending, Record};
use crate::rules::{Lang, RuleCode};

/// The format of a stored [`Session`] that this release writes (see [`Session::to_stored`]).
/// Stored sessions without a format tag are format 1, which this release reads as they are.
pub const SESSION_FORMAT: u32 = 1;

/// A stored session that this release cannot read. The stored value must then be kept as it
/// is (never overwritten by a fresh session): it holds the learner's progress.
#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    /// The stored value is not a session of any format this release knows.
    #[error("the stored session does not read as format {format}: {source}")]
    Unreadable {
        /// The format it claimed (or 1 when it had no tag).
        format: u32,
        /// What serde said.
        #[source]
        source: serde_json::Error,
    },
    /// The stored session is of a newer format than this release knows (a rollback).
    #[error("the stored session is of format {found}, newer than this release's {SESSION_FORMAT}")]
    TooNew {
        /// The format found.
        found: u32,
    },
}

/// Everything the tutor remembers about one learner.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Session {
    /// The learner's language, once known.
    pub lang: Option<Lang>,
    /// What the learner is doing now.
    pub mode: Mode,
    /// What the learner has done.
    pub progress: Progress,
    /// Increases with every question asked; buttons carry it (see [`super::callback`]).
    pub nonce: u32,
    /// The piece picked on the tap board, if any (see [`super::tap`]).
    pub tap: Option<TapSelection>,
    /// The squares picked so far on the tap board of a "name every square" step.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub squares: Option<PickedSquares>,
    /// A game against the tutor kept aside while the learner does something else.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub paused_game: Option<GameState>,
    /// The game against a friend this learner is seated at, until its result is counted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub duel: Option<DuelSeat>,
    /// Known only from answers to a class's quiz polls: this person never wrote to the bot in
    /// a private chat, so the bot may not write to them there (Telegram refuses a bot's first
    /// message). Cleared by their first input there.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub only_voted: bool,
    /// Text mode (`/a11y`): every board is also said in words, moves are typed, and no reply
    /// needs a picture or the tap board (see [`super::access`]). Sessions stored before it
    /// existed read as off, and a session with it off is stored as before.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub text_mode: bool,
    /// The buttons of the last step that showed any (its tap board aside): a label typed
    /// instead of pressed does what its button does. Sessions stored before it existed read
    /// with none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub offered: Vec<Offered>,
}

/// A button as it was shown: its label, and the data its press sends.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Offered {
    /// What the learner read.
    pub label: String,
    /// The encoded action.
    pub data: String,
}

/// Squares picked on the tap board of a squares step; like [`TapSelection`], bound to the
/// question's nonce.
#[serde_as]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PickedSquares {
    /// The question's nonce.
    pub nonce: u32,
    /// The squares, in the order picked (stored by name).
    #[serde_as(as = "Vec<DisplayFromStr>")]
    pub squares: Vec<Square>,
}

/// A piece picked on the tap board. It belongs to one question: once the nonce moves on it
/// is forgotten, so a new task never starts with an old selection.
#[serde_as]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TapSelection {
    /// The question's nonce.
    pub nonce: u32,
    /// The square of the picked piece (stored by name, `e2`).
    #[serde_as(as = "DisplayFromStr")]
    pub square: Square,
}

impl Session {
    /// Reads a stored session.
    ///
    /// # Errors
    ///
    /// [`SessionError`] when the value is not a session this release can read; the caller
    /// keeps the stored value untouched.
    ///
    /// ```
    /// use chess_tutor_core::tutor::Session;
    /// let s = Session::from_stored(&serde_json::json!({"lang": "en", "nonce": 4}))?;
    /// assert_eq!(s.nonce, 4);
    /// assert!(Session::from_stored(&serde_json::json!({"nonce": "four"})).is_err());
    /// # Ok::<_, chess_tutor_core::tutor::SessionError>(())
    /// ```
    pub fn from_stored(value: &serde_json::Value) -> Result<Session, SessionError> {
        let format = value
            .get("format")
            .and_then(serde_json::Value::as_u64)
            .map_or(1, |f| u32::try_from(f).unwrap_or(u32::MAX));
        if format > SESSION_FORMAT {
            return Err(SessionError::TooNew { found: format });
        }
        Session::deserialize(value).map_err(|source| SessionError::Unreadable { format, source })
    }

    /// The session as this release stores it.
    #[must_use]
    pub fn to_stored(&self) -> serde_json::Value {
        // A Session is plain data (strings, numbers, maps with string keys): it always
        // serialises.
        let mut value = serde_json::to_value(self).unwrap_or(serde_json::Value::Null);
        if let Some(map) = value.as_object_mut() {
            map.insert("format".to_owned(), SESSION_FORMAT.into());
        }
        value
    }

    /// The language to speak (Chinese until the learner chooses).
    #[must_use]
    pub fn lang(&self) -> Lang {
        self.lang.unwrap_or_default()
    }

    /// The squares picked on a squares step's tap board for the current question.
    #[must_use]
    pub fn picked_squares(&self) -> &[Square] {
        self.squares
            .as_ref()
            .filter(|p| p.nonce == self.nonce)
            .map_or(&[], |p| p.squares.as_slice())
    }

    /// The square picked on the tap board for the current question.
    #[must_use]
    pub fn tap_selection(&self) -> Option<Square> {
        self.tap
            .as_ref()
            .filter(|t| t.nonce == self.nonce)
            .map(|t| t.square)
    }
}

/// What the learner is doing: one variant per activity, each carrying its own state.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(tag = "mode", rename_all = "snake_case")]
pub enum Mode {
    /// Nothing in particular: the menu.
    #[default]
    Idle,
    /// A lesson step.
    Lesson(LessonState),
    /// A mate-in-N puzzle.
    Puzzle(PuzzleState),
    /// A quiz round.
    Quiz(QuizState),
    /// A game against the tutor.
    Game(GameState),
    /// A game against a friend: the game itself is shared, in [`Session::duel`]'s game.
    Duel,
}

/// The start of an invitation link's payload (`/start duel-N`).
const PAYLOAD: &str = "duel-";
/// A game between two learners: a random positive id, also in the invitation link.
///
/// ```
/// use chess_tutor_core::tutor::DuelId;
/// let id = DuelId::from_payload("duel-12345").unwrap();
/// assert_eq!(id.payload(), "duel-12345");
/// assert_eq!(DuelId::from_payload("duel--1"), None);
/// assert_eq!(DuelId::from_payload("hello"), None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct DuelId(pub i64);

impl DuelId {
    /// The `/start` payload of the invitation link.
    #[must_use]
    pub fn payload(self) -> String {
        format!("{PAYLOAD}{}", self.0)
    }

    /// Reads an invitation link's payload.
    #[must_use]
    pub fn from_payload(text: &str) -> Option<DuelId> {
        let digits = text.trim().strip_prefix(PAYLOAD)?;
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        digits.parse().ok().filter(|n| *n > 0).map(DuelId)
    }
}

/// What a session keeps of its game with a friend.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct DuelSeat {
    /// The game.
    pub game: DuelId,
    /// The learner's side in it.
    pub side: Side,
    /// The group chat the game is played in (both players' messages go there); none for a
    /// game played in each player's own chat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub room: Option<i64>,
}

/// A side of the board, as it is stored (`white`, `black`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// White.
    White,
    /// Black.
    Black,
}

impl Side {
    /// The colour.
    #[must_use]
    pub fn color(self) -> shakmaty::Color {
        match self {
            Side::White => shakmaty::Color::White,
            Side::Black => shakmaty::Color::Black,
        }
    }
}

impl From<shakmaty::Color> for Side {
    fn from(color: shakmaty::Color) -> Side {
        match color {
            shakmaty::Color::White => Side::White,
            shakmaty::Color::Black => Side::Black,
        }
    }
}

/// A game against the tutor under way.
#[serde_as]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameState {
    /// The tutor's level.
    #[serde_as(as = "DisplayFromStr")]
    pub level: Level,
    /// The learner's side.
    pub learner: Side,
    /// The moves so far (replayed through the referee when the session is read).
    pub record: Record,
    /// Take-backs left in this game.
    pub takebacks_left: u8,
    /// The ply at which the tutor last declined a draw offer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub declined_at: Option<usize>,
    /// The seed of the tutor's choices in this game.
    pub seed: u64,
    /// The learner pressed Resign once and is asked to confirm.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub resigning: bool,
}

/// The last finished game, for `/pgn`.
#[serde_as]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FinishedGame {
    /// The moves.
    pub record: Record,
    /// How it ended.
    pub ending: Ending,
    /// The tutor's level.
    #[serde_as(as = "DisplayFromStr")]
    pub level: Level,
    /// The learner's side.
    pub learner: Side,
    /// The day it ended (`YYYY.MM.DD`), when the shell gave the time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    /// Played against a friend, not the tutor (`level` then means nothing).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub friend: bool,
    /// Its end was the learner's last news: nothing was asked or answered in the chat since.
    /// While it is, the board page shows how the game ended. False in sessions stored before.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub just_ended: bool,
}

/// Games against the tutor, counted.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct GameCounts {
    /// Games finished.
    pub played: u32,
    /// Won.
    pub won: u32,
    /// Drawn.
    pub drawn: u32,
    /// Lost.
    pub lost: u32,
}

/// Where the learner is in the course.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LessonState {
    /// The step's index in the catalogue's step list.
    pub step: usize,
    /// The step's id (to find it again if the catalogue changes).
    pub step_id: StepId,
    /// Hints given for this step.
    pub hints: u8,
    /// Wrong answers so far.
    pub misses: u8,
    /// The step to come back to once this one is done, when it was opened to practise a
    /// rule broken there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub return_to: Option<StepId>,
    /// A mate step under way: the position after the learner's moves and the defence's
    /// replies (absent before the first move, and in every other kind of step).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mate: Option<MatePlay>,
}

/// A mate step of a lesson under way, after at least one move of the learner.
#[serde_as]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatePlay {
    /// The position now, the learner to move.
    pub fen: StoredPosition,
    /// Moves the learner still has to mate in.
    pub moves_left: u32,
    /// The defence's last reply, to tint.
    #[serde_as(as = "Option<DisplayFromStr>")]
    pub last_move: Option<UciMove>,
}

/// A puzzle under way.
#[serde_as]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PuzzleState {
    /// The puzzle's id.
    pub id: PuzzleId,
    /// The position now (after the defender's replies).
    pub fen: StoredPosition,
    /// Moves the learner still has to mate in.
    pub moves_left: u32,
    /// Hint rung reached (0 = none, 1 = the piece, 2 = the square, 3 = the move).
    pub hints: u8,
    /// Whether the result was already counted (a mistake, or the solution seen).
    pub decided: bool,
    /// The last move on the board, to tint.
    #[serde_as(as = "Option<DisplayFromStr>")]
    pub last_move: Option<UciMove>,
    /// What the result did to the points, once counted: said when the puzzle ends, not in
    /// the middle of it (after a mistake or the second hint the learner still plays on).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scored: Option<Scored>,
    /// A class's puzzle of the day, opened from its post: the first right move, without a
    /// hint, counts for the class (then this is cleared, so it counts once).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub daily: Option<DailyTag>,
}

/// Which class's puzzle of which day a puzzle under way is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct DailyTag {
    /// The class's id.
    pub class: i64,
    /// The day (days since 1970-01-01, UTC).
    pub day: i64,
}

/// The points a puzzle's result moved, kept until the puzzle ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scored {
    /// Points before the result.
    pub before: i32,
    /// Points after it.
    pub after: i32,
    /// The puzzle's rating (the opponent's strength on the ladder).
    pub rating: u32,
    /// Whether it was the learner's first rated game (the ladder is then explained).
    pub first_game: bool,
    /// Whether it was counted as solved (a mistake or the second hint counts it missed,
    /// even when the learner goes on to mate).
    pub solved: bool,
}

/// A quiz round under way.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuizState {
    /// The current question.
    pub item: QuizRef,
    /// Questions asked in this round (including the current one).
    pub asked: u32,
    /// Right answers in this round.
    pub right: u32,
    /// Whether the current question was answered.
    pub answered: bool,
    /// The answer given (0-based), once answered: its verdict is shown again to a learner
    /// who types or presses something else before Next.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub choice: Option<u8>,
}

/// A quiz question, by reference: a bank item id, or a generator seed and topic.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "from", rename_all = "snake_case")]
pub enum QuizRef {
    /// An item of the bank.
    Bank {
        /// The item's id.
        id: QuizId,
    },
    /// A generated item.
    Generated {
        /// The generator's seed.
        seed: u64,
        /// The topic's index in `Topic::ALL`.
        topic: u8,
    },
    /// A lesson's quiz step: the bank item, inside a lesson.
    Lesson {
        /// The item's id.
        id: QuizId,
    },
}

/// A legal position, stored as its FEN and checked when read: a stored session with a broken
/// position does not read (it is kept and reported, never replaced).
#[derive(Clone)]
pub struct StoredPosition(Chess);

impl StoredPosition {
    /// The position.
    #[must_use]
    pub fn position(&self) -> &Chess {
        &self.0
    }

    fn fen(&self) -> Fen {
        Fen::from_position(&self.0, EnPassantMode::Legal)
    }
}

impl From<Chess> for StoredPosition {
    fn from(pos: Chess) -> StoredPosition {
        StoredPosition(pos)
    }
}

impl fmt::Debug for StoredPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "StoredPosition({})", self.fen())
    }
}

/// Two stored positions are equal when they are written the same (move counters included,
/// unlike shakmaty's equality of repeated positions).
impl PartialEq for StoredPosition {
    fn eq(&self, other: &StoredPosition) -> bool {
        self.fen() == other.fen()
    }
}

impl Eq for StoredPosition {}

impl Serialize for StoredPosition {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&self.fen())
    }
}

impl<'de> Deserialize<'de> for StoredPosition {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let fen: Fen = Fen::deserialize(d)?;
        fen.into_position(CastlingMode::Standard)
            .map(StoredPosition)
            .map_err(serde::de::Error::custom)
    }
}

/// What the learner has done, kept for good.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Progress {
    /// Completed lesson steps, by id.
    pub steps_done: BTreeSet<StepId>,
    /// Completed lessons, by id.
    pub lessons_done: BTreeSet<LessonId>,
    /// Illegal attempts per reason code (`IllegalReason::code`): the rules to practise.
    pub rule_errors: BTreeMap<RuleCode, u32>,
    /// Reason codes whose review was already offered.
    pub reviews_offered: BTreeSet<RuleCode>,
    /// Ladder points.
    pub points: i32,
    /// Rated games played (puzzles and quiz rounds).
    pub rated_games: u32,
    /// Puzzles solved, by id.
    pub puzzles_solved: BTreeSet<PuzzleId>,
    /// Puzzles missed and due for review, oldest first (used when the shell gives no time).
    pub review_queue: Vec<PuzzleId>,
    /// Review cards of missed puzzles, by puzzle id: when each is due again.
    pub reviews: BTreeMap<PuzzleId, super::review::ReviewCard>,
    /// Puzzles started (to pick a fresh one and to space the reviews).
    pub puzzles_started: u32,
    /// Quiz answers.
    pub quiz_right: u32,
    /// Quiz answers that were wrong.
    pub quiz_wrong: u32,
    /// Quiz items answered, by id (bank items only).
    pub quiz_seen: BTreeSet<QuizId>,
    /// The puzzle played last, not to be served again straight away.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_puzzle: Option<PuzzleId>,
    /// Games against the tutor.
    #[serde(skip_serializing_if = "GameCounts::is_none")]
    pub games: GameCounts,
    /// Games against friends, counted.
    #[serde(default, skip_serializing_if = "GameCounts::is_none")]
    pub friend_games: GameCounts,
    /// The last finished game (for `/pgn`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_game: Option<FinishedGame>,
}

impl GameCounts {
    fn is_none(&self) -> bool {
        self.played == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_session_stored_before_tap_to_move_still_loads() {
        let old = r#"{"lang":"en","mode":{"mode":"idle"},"nonce":7}"#;
        let s: Session = serde_json::from_str(old).unwrap();
        assert_eq!(s.nonce, 7);
        assert_eq!(s.tap, None);
        assert_eq!(s.tap_selection(), None);
    }

    #[test]
    fn a_pick_belongs_to_its_question() {
        let mut s = Session {
            nonce: 3,
            tap: Some(TapSelection {
                nonce: 3,
                square: Square::E2,
            }),
            ..Session::default()
        };
        assert_eq!(s.tap_selection(), Some(Square::E2));
        s.nonce = 4;
        assert_eq!(s.tap_selection(), None, "a new question forgets the pick");
    }

    #[test]
    fn a_damaged_stored_square_does_not_read() {
        let stored = serde_json::json!({"nonce": 3, "tap": {"nonce": 3, "square": "z9"}});
        assert!(Session::from_stored(&stored).is_err());
    }

    #[test]
    fn a_puzzle_state_is_stored_as_before() {
        let stored = serde_json::json!({
            "mode": "puzzle", "id": "02jRN",
            "fen": "8/1R3pk1/6p1/1p1N2Kp/5P1P/8/1r4P1/8 b - - 0 51",
            "moves_left": 1, "hints": 1, "decided": false, "last_move": "f3f4"
        });
        let mode: Mode = serde_json::from_value(stored.clone()).unwrap();
        let Mode::Puzzle(p) = &mode else {
            panic!("{mode:?}")
        };
        assert_eq!(p.last_move, Some("f3f4".parse().unwrap()));
        assert_eq!(serde_json::to_value(&mode).unwrap(), stored);
    }

    #[test]
    fn an_impossible_stored_position_does_not_read() {
        let stored = serde_json::json!({
            "mode": {"mode": "puzzle", "id": "x", "fen": "8/8/8/8/8/8/8/8 w - - 0 1",
                     "moves_left": 1, "hints": 0, "decided": false, "last_move": null}
        });
        let err = Session::from_stored(&stored).unwrap_err();
        assert!(
            matches!(err, SessionError::Unreadable { format: 1, .. }),
            "{err}"
        );
    }

    #[test]
    fn a_mate_step_under_way_is_stored_and_an_older_lesson_state_still_loads() {
        let old = serde_json::json!({
            "mode": "lesson", "step": 3, "step_id": "mate-kr-wait", "hints": 0, "misses": 1
        });
        let Mode::Lesson(state) = serde_json::from_value::<Mode>(old.clone()).unwrap() else {
            panic!("a lesson")
        };
        assert_eq!(state.mate, None);
        assert_eq!(
            serde_json::to_value(Mode::Lesson(state.clone())).unwrap(),
            old,
            "a lesson state without a mate under way is stored as before"
        );
        let pos: Chess = "8/k1K5/8/8/8/8/8/1R6 w - - 2 2"
            .parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap();
        let playing = LessonState {
            mate: Some(MatePlay {
                fen: pos.into(),
                moves_left: 1,
                last_move: Some("a8a7".parse().unwrap()),
            }),
            ..state
        };
        let stored = serde_json::to_value(Mode::Lesson(playing.clone())).unwrap();
        assert_eq!(stored["mate"]["fen"], "8/k1K5/8/8/8/8/8/1R6 w - - 2 2");
        assert_eq!(stored["mate"]["last_move"], "a8a7");
        assert_eq!(
            serde_json::from_value::<Mode>(stored).unwrap(),
            Mode::Lesson(playing)
        );
    }

    #[test]
    fn a_newer_format_is_refused_not_guessed() {
        let stored = serde_json::json!({"format": 99, "nonce": 1});
        assert!(matches!(
            Session::from_stored(&stored),
            Err(SessionError::TooNew { found: 99 })
        ));
    }
}
