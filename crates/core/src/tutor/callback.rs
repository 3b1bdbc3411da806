//! Button data: a small codec, at most 64 bytes (Telegram's limit), bound to the question it
//! was made for. Every question the tutor asks gets a new `nonce`; a press whose nonce is not
//! the session's current one is stale (or forged) and changes nothing.

use shakmaty::{Color, Role, Square, uci::UciMove};

use crate::rules::Lang;

/// Telegram's limit for callback data.
pub const MAX_CALLBACK_BYTES: usize = 64;

/// What a button does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    /// Choose the language (valid at any time).
    Lang(Lang),
    /// Show the menu (valid at any time).
    Menu,
    /// Open a lesson by unit number (valid at any time).
    Lesson(u32),
    /// Start a puzzle (valid at any time).
    Puzzle,
    /// Start a quiz round (valid at any time).
    Quiz,
    /// Go on to the next step or question of the current task.
    Next(u32),
    /// A hint for the current task.
    Hint(u32),
    /// The solution of the current task.
    Solution(u32),
    /// Answer `choice` (0-based) to the current question.
    Answer {
        /// The question's nonce.
        nonce: u32,
        /// The chosen answer.
        choice: u8,
    },
    /// Practise again the step with this index in the catalogue.
    Review(u32),
    /// Show the tap board (one button per square) for the current move task.
    TapBoard(u32),
    /// A square of the tap board was tapped.
    Tap {
        /// The question's nonce.
        nonce: u32,
        /// The square tapped.
        square: Square,
    },
    /// Send the squares picked on a squares step's tap board.
    Done(u32),
    /// Play a promotion with the chosen piece.
    Promote {
        /// The question's nonce.
        nonce: u32,
        /// The pawn's square.
        from: Square,
        /// The square on the last rank.
        to: Square,
        /// The piece chosen: queen, rook, bishop or knight.
        role: Role,
    },
    /// Start a game against the tutor at this level (1–8), the learner playing this side
    /// (`None`: chosen for them). Valid at any time.
    Play {
        /// The tutor's level.
        level: u8,
        /// The learner's side, or a random one.
        side: Option<Color>,
    },
    /// The game setup at this level (valid at any time; 0: the level suggested for the learner).
    PlayLevel(u8),
    /// Claim a draw in the game.
    Claim(u32),
    /// Offer a draw in the game.
    OfferDraw(u32),
    /// Resign the game: asks whether the learner means it (a second press asks again).
    Resign(u32),
    /// Yes, resign: the answer to that question, and only to it (its own data, so that a
    /// double tap on Resign never confirms).
    ResignYes(u32),
    /// Take back the last move in the game.
    TakeBack(u32),
    /// Show the current task again as it was ("play on").
    Board(u32),
    /// The last game as PGN (valid at any time).
    Pgn,
    /// Invite a friend to a game (valid at any time).
    Invite,
    /// A button of a game between two learners: bound to that game and to the number of
    /// moves played when it was sent, not to the learner's question (the other player's
    /// moves come between), so a button of another game or an earlier move changes nothing.
    Duel {
        /// The game.
        game: i64,
        /// The plies played when the button was made.
        ply: u16,
        /// What it does.
        act: DuelAct,
        /// The player it was sent to, in a game played in a group chat (where both players
        /// see every button): the other player's press changes nothing. `None` in a
        /// player's own chat, and on a group's Accept button, which anyone may press.
        seat: Option<Color>,
    },
    /// A button of a class in a group chat (valid at any time: checked against the class).
    Class(super::classroom::ClassAct),
    /// Turn text mode on or off (valid at any time; pressed twice, it stays as asked).
    TextMode(bool),
}

/// What a button of a game between two learners does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DuelAct {
    /// Show the tap board for the learner's move.
    Tap,
    /// Claim a draw (threefold repetition or fifty moves).
    Claim,
    /// Offer a draw.
    Offer,
    /// Accept the draw the other player offered.
    Accept,
    /// Decline it.
    Decline,
    /// Resign (asks once).
    Resign,
    /// Yes, resign.
    ResignYes,
    /// Show the game again.
    Board,
    /// Claim the game of a player who has not moved for too long.
    Abandoned,
    /// Withdraw an invitation nobody has taken.
    Cancel,
    /// Take an invitation made in a group chat: the one who presses it plays.
    Join,
}

impl DuelAct {
    const ALL: [(DuelAct, char); 11] = [
        (DuelAct::Tap, 't'),
        (DuelAct::Claim, 'c'),
        (DuelAct::Offer, 'o'),
        (DuelAct::Accept, 'a'),
        (DuelAct::Decline, 'd'),
        (DuelAct::Resign, 'r'),
        (DuelAct::ResignYes, 'y'),
        (DuelAct::Board, 'b'),
        (DuelAct::Abandoned, 'x'),
        (DuelAct::Cancel, 'n'),
        (DuelAct::Join, 'j'),
    ];

    fn letter(self) -> char {
        Self::ALL
            .iter()
            .find(|(a, _)| *a == self)
            .map_or('b', |(_, c)| *c)
    }

    fn from_letter(c: char) -> Option<DuelAct> {
        Self::ALL.iter().find(|(_, l)| *l == c).map(|(a, _)| *a)
    }
}

/// The pieces a pawn may become, in the order they are offered.
pub const PROMOTION_ROLES: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

impl Action {
    /// The button data, at most [`MAX_CALLBACK_BYTES`] bytes.
    ///
    /// ```
    /// use chess_tutor_core::tutor::Action;
    /// let a = Action::Answer { nonce: 4_000_000_000, choice: 3 };
    /// let data = a.encode();
    /// assert!(data.len() <= 64);
    /// assert_eq!(Action::decode(&data), Some(a));
    /// assert_eq!(Action::decode("forged:data"), None);
    /// ```
    #[must_use]
    pub fn encode(&self) -> String {
        match self {
            Action::Lang(lang) => format!("l:{lang}"),
            Action::Menu => "m".into(),
            Action::Lesson(unit) => format!("s:{unit}"),
            Action::Puzzle => "p".into(),
            Action::Quiz => "q".into(),
            Action::Next(n) => format!("n:{n}"),
            Action::Hint(n) => format!("h:{n}"),
            Action::Solution(n) => format!("x:{n}"),
            Action::Answer { nonce, choice } => format!("a:{nonce}:{choice}"),
            Action::Review(i) => format!("r:{i}"),
            Action::TapBoard(n) => format!("t:{n}"),
            Action::Done(n) => format!("d:{n}"),
            Action::Tap { nonce, square } => format!("k:{nonce}:{square}"),
            Action::Promote {
                nonce,
                from,
                to,
                role,
            } => format!("u:{nonce}:{from}{to}{}", role.char()),
            Action::Play { level, side } => {
                let side = match side {
                    Some(Color::White) => "w",
                    Some(Color::Black) => "b",
                    None => "r",
                };
                format!("g:{level}:{side}")
            }
            Action::PlayLevel(level) => format!("v:{level}"),
            Action::Claim(n) => format!("c:{n}"),
            Action::OfferDraw(n) => format!("o:{n}"),
            Action::Resign(n) => format!("y:{n}"),
            Action::ResignYes(n) => format!("e:{n}"),
            Action::TakeBack(n) => format!("z:{n}"),
            Action::Board(n) => format!("b:{n}"),
            Action::Pgn => "f".into(),
            Action::Invite => "i".into(),
            Action::Duel {
                game,
                ply,
                act,
                seat,
            } => {
                let seat = match seat {
                    None => "",
                    Some(Color::White) => "w",
                    Some(Color::Black) => "b",
                };
                format!("w:{game}:{}{ply}{seat}", act.letter())
            }
            Action::Class(act) => match act {
                super::classroom::ClassAct::Join(id) => format!("C:j:{}", id.0),
                super::classroom::ClassAct::Leave(id) => format!("C:l:{}", id.0),
                super::classroom::ClassAct::Close(quiz) => format!("C:c:{quiz}"),
            },
            Action::TextMode(on) => format!("A:{}", u8::from(*on)),
        }
    }

    /// Reads button data; `None` for anything this codec did not make.
    #[must_use]
    pub fn decode(data: &str) -> Option<Action> {
        if data.len() > MAX_CALLBACK_BYTES {
            return None;
        }
        let mut parts = data.split(':');
        let tag = parts.next()?;
        let a = parts.next();
        let b = parts.next();
        if parts.next().is_some() {
            return None;
        }
        let num = |s: Option<&str>| s.and_then(|s| s.parse::<u32>().ok());
        let action = match (tag, a, b) {
            ("l", Some(l), None) => Action::Lang(l.parse().ok()?),
            ("m", None, None) => Action::Menu,
            ("s", _, None) => Action::Lesson(num(a)?),
            ("p", None, None) => Action::Puzzle,
            ("q", None, None) => Action::Quiz,
            ("n", _, None) => Action::Next(num(a)?),
            ("h", _, None) => Action::Hint(num(a)?),
            ("x", _, None) => Action::Solution(num(a)?),
            ("a", _, Some(c)) => Action::Answer {
                nonce: num(a)?,
                choice: c.parse().ok()?,
            },
            ("r", _, None) => Action::Review(num(a)?),
            ("t", _, None) => Action::TapBoard(num(a)?),
            ("d", _, None) => Action::Done(num(a)?),
            ("k", _, Some(sq)) => Action::Tap {
                nonce: num(a)?,
                square: Square::from_ascii(sq.as_bytes()).ok()?,
            },
            ("u", _, Some(mv)) => match mv.parse::<UciMove>().ok()? {
                UciMove::Normal {
                    from,
                    to,
                    promotion: Some(role),
                } if PROMOTION_ROLES.contains(&role)
                    && mv == format!("{from}{to}{}", role.char()) =>
                {
                    Action::Promote {
                        nonce: num(a)?,
                        from,
                        to,
                        role,
                    }
                }
                _ => return None,
            },
            ("g", Some(level), Some(side)) => Action::Play {
                level: level.parse().ok().filter(|l| (1..=8).contains(l))?,
                side: match side {
                    "w" => Some(Color::White),
                    "b" => Some(Color::Black),
                    "r" => None,
                    _ => return None,
                },
            },
            ("v", Some(level), None) => Action::PlayLevel(level.parse().ok().filter(|l| *l <= 8)?),
            ("c", _, None) => Action::Claim(num(a)?),
            ("o", _, None) => Action::OfferDraw(num(a)?),
            ("y", _, None) => Action::Resign(num(a)?),
            ("e", _, None) => Action::ResignYes(num(a)?),
            ("z", _, None) => Action::TakeBack(num(a)?),
            ("b", _, None) => Action::Board(num(a)?),
            ("f", None, None) => Action::Pgn,
            ("i", None, None) => Action::Invite,
            ("w", Some(game), Some(what)) => {
                let mut chars = what.chars();
                let act = DuelAct::from_letter(chars.next()?)?;
                let rest = chars.as_str();
                let (ply, seat) = match rest.strip_suffix('w') {
                    Some(ply) => (ply, Some(Color::White)),
                    None => match rest.strip_suffix('b') {
                        Some(ply) => (ply, Some(Color::Black)),
                        None => (rest, None),
                    },
                };
                // Digits only, as written: no sign, no spaces.
                if ply.is_empty() || !ply.bytes().all(|b| b.is_ascii_digit()) {
                    return None;
                }
                Action::Duel {
                    game: game.parse().ok().filter(|g: &i64| *g > 0)?,
                    ply: ply.parse().ok()?,
                    act,
                    seat,
                }
            }
            ("A", Some("1"), None) => Action::TextMode(true),
            ("A", Some("0"), None) => Action::TextMode(false),
            ("C", Some(what), Some(id)) => {
                use super::classroom::{ClassAct, ClassId};
                // Digits only, as written: a positive id.
                if id.is_empty() || !id.bytes().all(|b| b.is_ascii_digit()) {
                    return None;
                }
                let id: i64 = id.parse().ok().filter(|id: &i64| *id > 0)?;
                Action::Class(match what {
                    "j" => ClassAct::Join(ClassId(id)),
                    "l" => ClassAct::Leave(ClassId(id)),
                    "c" => ClassAct::Close(id),
                    _ => return None,
                })
            }
            _ => return None,
        };
        Some(action)
    }

    /// The nonce an action is bound to, for those that belong to one question.
    #[must_use]
    pub fn nonce(&self) -> Option<u32> {
        match self {
            Action::Next(n) | Action::Hint(n) | Action::Solution(n) => Some(*n),
            Action::Answer { nonce, .. }
            | Action::Tap { nonce, .. }
            | Action::Promote { nonce, .. } => Some(*nonce),
            Action::TapBoard(n) | Action::Done(n) => Some(*n),
            Action::Claim(n)
            | Action::OfferDraw(n)
            | Action::Resign(n)
            | Action::ResignYes(n)
            | Action::TakeBack(n)
            | Action::Board(n) => Some(*n),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_kinds() -> Vec<Action> {
        vec![
            Action::Lang(Lang::Zh),
            Action::Menu,
            Action::Lesson(19),
            Action::Puzzle,
            Action::Quiz,
            Action::Next(u32::MAX),
            Action::Hint(0),
            Action::Solution(7),
            Action::Answer {
                nonce: u32::MAX,
                choice: u8::MAX,
            },
            Action::Review(123),
            Action::TapBoard(u32::MAX),
            Action::Done(u32::MAX),
            Action::Tap {
                nonce: u32::MAX,
                square: Square::H8,
            },
            Action::Promote {
                nonce: u32::MAX,
                from: Square::A2,
                to: Square::B1,
                role: Role::Knight,
            },
            Action::Play {
                level: 8,
                side: Some(Color::Black),
            },
            Action::Play {
                level: 1,
                side: None,
            },
            Action::PlayLevel(3),
            Action::Claim(u32::MAX),
            Action::OfferDraw(1),
            Action::Resign(2),
            Action::ResignYes(2),
            Action::TakeBack(3),
            Action::Board(4),
            Action::Pgn,
            Action::Invite,
            Action::Duel {
                game: i64::MAX,
                ply: u16::MAX,
                act: DuelAct::ResignYes,
                seat: Some(Color::Black),
            },
            Action::Duel {
                game: 1,
                ply: 0,
                act: DuelAct::Tap,
                seat: None,
            },
            Action::TextMode(true),
            Action::TextMode(false),
        ]
    }

    #[test]
    fn every_duel_button_round_trips_and_junk_is_refused() {
        for (act, _) in DuelAct::ALL {
            for seat in [None, Some(Color::White), Some(Color::Black)] {
                let a = Action::Duel {
                    game: 4_611_686_018_427_387_903,
                    ply: 123,
                    act,
                    seat,
                };
                assert_eq!(Action::decode(&a.encode()), Some(a));
            }
        }
        // A button of a game in a private chat (no seat) reads as it did before seats.
        assert_eq!(
            Action::decode("w:7:r3"),
            Some(Action::Duel {
                game: 7,
                ply: 3,
                act: DuelAct::Resign,
                seat: None
            })
        );
        for junk in [
            "w",
            "w:1",
            "w:1:",
            "w:1:t",
            "w:1:q3",
            "w:0:t1",
            "w:-5:t1",
            "w:x:t1",
            "w:1:t-1",
            "w:1:t+1",
            "w:1:t 1",
            "w:1:t70000",
            "w:1:tw",
            "w:1:t3x",
            "w:1:t3wb",
            "w:1:tb3",
            "i:1",
        ] {
            assert_eq!(Action::decode(junk), None, "{junk:?}");
        }
    }

    #[test]
    fn every_action_round_trips_within_the_limit() {
        for action in all_kinds() {
            let data = action.encode();
            assert!(data.len() <= MAX_CALLBACK_BYTES, "{data}");
            assert_eq!(Action::decode(&data), Some(action), "{data}");
        }
        for square in Square::ALL {
            let tap = Action::Tap { nonce: 3, square };
            assert_eq!(Action::decode(&tap.encode()), Some(tap));
        }
        for role in PROMOTION_ROLES {
            let p = Action::Promote {
                nonce: 9,
                from: Square::E7,
                to: Square::E8,
                role,
            };
            assert_eq!(Action::decode(&p.encode()), Some(p));
        }
    }

    #[test]
    fn tap_actions_are_bound_to_their_question() {
        assert_eq!(Action::TapBoard(5).nonce(), Some(5));
        let tap = Action::Tap {
            nonce: 6,
            square: Square::E2,
        };
        assert_eq!(tap.nonce(), Some(6));
        let promote = Action::Promote {
            nonce: 7,
            from: Square::E7,
            to: Square::E8,
            role: Role::Queen,
        };
        assert_eq!(promote.nonce(), Some(7));
    }

    #[test]
    fn junk_tap_and_promotion_data_is_refused() {
        for junk in [
            "t",
            "t:",
            "t:x",
            "t:1:2",
            "k:1",
            "k:1:i9",
            "k:1:e9",
            "k:1:E2",
            "k::e2",
            "k:1:e2:e4",
            "k:-1:e2",
            "u:1:e7e8",
            "u:1:e7e8k",
            "u:1:e7e8p",
            "u:1:e7e8Q",
            "u:1:e7",
            "u:1:0000",
            "u:x:e7e8q",
            "u:4294967296:e7e8q",
            "g:0:w",
            "g:9:w",
            "g:3:x",
            "g:3",
            "v:9",
            "c:",
            "f:1",
        ] {
            assert_eq!(Action::decode(junk), None, "{junk:?}");
        }
    }
}
