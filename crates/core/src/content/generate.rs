//! Endless position questions for the quiz mode, made and answered by the rules engine.
//!
//! A [`Generator`] is deterministic: the same seed (and the same list of start positions)
//! gives the same items, with no clock and no global random source. Positions come from
//! seeded random play (from the start position or from FENs passed in) and from random
//! endgame set-ups; every answer is computed by the referee and every item is returned as a
//! [`QuizItem`] whose claims [`QuizItem::verify`] can check again.
//!
//! ```
//! use chess_tutor_core::content::generate::{Generator, Topic};
//! let mut g = Generator::new(7);
//! let item = g.item(Topic::CanCastle);
//! assert!(item.verify().is_ok());
//! assert!(item.is_engine_checked());
//! // Same seed, same questions.
//! assert_eq!(Generator::new(7).item(Topic::CanCastle), item);
//! ```

use shakmaty::{
    Bitboard, Board, CastlingMode, CastlingSide, Chess, Color, EnPassantMode, FromSetup, Move,
    Piece, Position, Rank, Role, Setup, Square, attacks, fen::Fen, san::San,
};

use super::quiz::{Answer, Choice, Claim, Origin, QuizBoard, QuizItem, Situation, Text, letter};
use crate::rules::{
    self, DeadMaterial, Lang, PositionReport, Verdict,
    text::{self, en, zh},
};

/// A small, fast, seedable random source (SplitMix64). Not for cryptography.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rng(u64);

impl Rng {
    /// A generator in the state given by `seed`.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        Self(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`0` when `n` is `0`).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            return 0;
        }
        let n64 = u64::try_from(n).unwrap_or(u64::MAX);
        usize::try_from(self.next_u64() % n64).unwrap_or(0)
    }

    /// `true` with probability `num / den`.
    pub fn chance(&mut self, num: usize, den: usize) -> bool {
        self.below(den) < num
    }

    /// A random element of `items`, or `None` when it is empty.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        if items.is_empty() {
            None
        } else {
            items.get(self.below(items.len()))
        }
    }
}

/// The kinds of generated question.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Topic {
    /// "Ng1-f3 is legal here." (true/false), with the referee's reason when it is not.
    MoveLegal,
    /// "White keeps the right to castle long; White may castle long now." (true/false).
    CanCastle,
    /// "Checkmate, stalemate or neither?" (multiple choice).
    MateOrStalemate,
    /// "At least one side can still win." (true/false): dead positions by material.
    CanEitherWin,
    /// "The side to move is in check." (true/false).
    InCheck,
    /// "How many legal moves does the knight on g1 have?" (multiple choice).
    MoveCount,
}

impl Topic {
    /// Every topic, in a fixed order.
    pub const ALL: [Topic; 6] = [
        Topic::MoveLegal,
        Topic::CanCastle,
        Topic::MateOrStalemate,
        Topic::CanEitherWin,
        Topic::InCheck,
        Topic::MoveCount,
    ];
}

/// Makes position questions from a seed. Also an endless [`Iterator`] over mixed topics.
#[derive(Debug, Clone)]
pub struct Generator {
    seed: u64,
    rng: Rng,
    index: u64,
    starts: Vec<Chess>,
}

impl Generator {
    /// A generator whose random games start from the initial position.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        Self::with_positions(seed, Vec::new())
    }

    /// A generator whose random games start from one of `starts` (the initial position when
    /// the list is empty).
    #[must_use]
    pub fn with_positions(seed: u64, starts: Vec<Chess>) -> Self {
        Self {
            seed,
            rng: Rng::new(seed),
            index: 0,
            starts,
        }
    }

    /// A generator over FENs; unreadable FENs are returned as errors, nothing is dropped
    /// silently.
    ///
    /// # Errors
    ///
    /// The first FEN that is not a legal position, with the reason.
    pub fn with_fens<S: AsRef<str>>(seed: u64, fens: &[S]) -> Result<Self, String> {
        let starts = fens
            .iter()
            .map(|f| rules::parse_fen(f.as_ref()).map_err(|e| format!("{}: {e}", f.as_ref())))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Self::with_positions(seed, starts))
    }

    /// The next question on `topic`.
    pub fn item(&mut self, topic: Topic) -> QuizItem {
        let index = self.index;
        self.index += 1;
        let draft = match topic {
            Topic::MoveLegal => self.move_legal(),
            Topic::CanCastle => self.can_castle(),
            Topic::MateOrStalemate => self.mate_or_stalemate(),
            Topic::CanEitherWin => self.can_either_win(),
            Topic::InCheck => self.in_check(),
            Topic::MoveCount => self.move_count(),
        };
        draft.finish(self.seed, index)
    }

    /// A start position for random play.
    fn start(&mut self) -> Chess {
        self.rng.pick(&self.starts).cloned().unwrap_or_default()
    }

    /// Random legal play from a start position, `min..max` plies, stopping before the game
    /// ends.
    fn random_game(&mut self, min: usize, max: usize) -> Chess {
        let mut pos = self.start();
        let plies = min + self.rng.below(max.saturating_sub(min).max(1));
        for _ in 0..plies {
            let moves = pos.legal_moves();
            let Some(m) = self.rng.pick(&moves).copied() else {
                break;
            };
            let next = pos.clone().play(m).expect("legal move");
            if next.legal_moves().is_empty() {
                break;
            }
            pos = next;
        }
        pos
    }

    /// A random legal position with the kings and the given pieces.
    fn random_setup(&mut self, pieces: &[Piece], turn: Color) -> Option<Chess> {
        for _ in 0..200 {
            let mut board = Board::empty();
            let mut free: Vec<Square> = Square::ALL.to_vec();
            let mut take = |rng: &mut Rng, ok: &dyn Fn(Square) -> bool| -> Option<Square> {
                let options: Vec<usize> = (0..free.len()).filter(|i| ok(free[*i])).collect();
                let i = *rng.pick(&options)?;
                Some(free.swap_remove(i))
            };
            let any = |_: Square| true;
            let wk = take(&mut self.rng, &any)?;
            board.set_piece_at(wk, Color::White.king());
            let bk = take(&mut self.rng, &|sq: Square| wk.distance(sq) > 1)?;
            board.set_piece_at(bk, Color::Black.king());
            for p in pieces {
                let not_last = |sq: Square| sq.rank() != Rank::First && sq.rank() != Rank::Eighth;
                let sq = if p.role == Role::Pawn {
                    take(&mut self.rng, &not_last)?
                } else {
                    take(&mut self.rng, &any)?
                };
                board.set_piece_at(sq, *p);
            }
            let mut setup = Setup::empty();
            setup.board = board;
            setup.turn = turn;
            if let Ok(pos) = Chess::from_setup(setup, CastlingMode::Standard) {
                return Some(pos);
            }
        }
        None
    }

    fn move_legal(&mut self) -> Draft {
        let want_legal = self.rng.chance(1, 2);
        let mut pos = self.random_game(2, 60);
        let mut candidate = None;
        for _ in 0..20 {
            candidate = if want_legal {
                let moves = pos.legal_moves();
                self.rng.pick(&moves).map(|m| Candidate::from_move(*m))
            } else {
                let illegal = plausible_illegal(&pos);
                // Moves refused for the king's safety teach most: prefer them.
                let safety: Vec<Candidate> =
                    illegal.iter().filter(|c| c.pseudo_legal).cloned().collect();
                if !safety.is_empty() && self.rng.chance(1, 2) {
                    self.rng.pick(&safety).cloned()
                } else {
                    self.rng.pick(&illegal).cloned()
                }
            };
            if candidate.is_some() {
                break;
            }
            pos = self.random_game(2, 60);
        }
        let c = candidate.unwrap_or_else(|| Candidate::from_move(pos.legal_moves()[0]));
        let uci = c.uci();
        let verdict = rules::explain(&pos, &uci);
        let (long_en, long_zh) = c.long(pos.board());
        let side = pos.turn();
        let unit = match &verdict {
            Verdict::Illegal(r) if !c.castling && is_safety(r.code()) => 12,
            _ => unit_of(c.role, c.castling, c.promotion.is_some()),
        };
        let (en_why, zh_why) = match &verdict {
            Verdict::Legal(info) => (
                text::legal_text(&pos, info, Lang::En),
                text::legal_text(&pos, info, Lang::Zh),
            ),
            Verdict::Illegal(reason) => (
                text::reason_text(reason, pos.board(), Lang::En),
                text::reason_text(reason, pos.board(), Lang::Zh),
            ),
            other => (
                format!("The referee reads this move as {}.", other.code()),
                format!("裁判对这步棋的判断：{}。", other.code()),
            ),
        };
        Draft::true_false(
            "legal",
            unit,
            pos,
            Claim::LegalMove { mv: uci },
            Text::new(
                format!("{}走。{long_zh}是一步合法的棋。", zh_side(side)),
                format!("{} to move. {long_en} is a legal move here.", en_side(side)),
            ),
            Text::new(zh_why, en_why),
        )
    }

    fn can_castle(&mut self) -> Draft {
        let want = self.rng.chance(1, 2);
        let side = if self.rng.chance(1, 2) {
            CastlingSide::KingSide
        } else {
            CastlingSide::QueenSide
        };
        let mut pos = self.random_game(4, 40);
        for _ in 0..60 {
            let legal = !pos.castling_moves(side).is_empty();
            // A picture cannot show whether the king or the rook has moved before, so the
            // statement says the side still has the right, and what is asked is what the
            // board shows: check, attacked squares, pieces in between.
            let has_right = pos.castles().has(pos.turn(), side);
            if legal == want && has_right {
                break;
            }
            pos = self.random_game(4, 40);
        }
        if !pos.castles().has(pos.turn(), side) {
            // No game kept the right: the starting position keeps it for both sides (and
            // castling is refused there for the pieces in between).
            pos = Chess::default();
        }
        let turn = pos.turn();
        let notation = if side.is_king_side() { "O-O" } else { "O-O-O" };
        let (zh_side_name, en_side_name) = if side.is_king_side() {
            ("短易位（王翼易位，O-O）", "castle short (kingside, O-O)")
        } else {
            (
                "长易位（后翼易位，O-O-O）",
                "castle long (queenside, O-O-O)",
            )
        };
        let rook = pos.castles().rook(turn, side).unwrap_or_else(|| {
            let file = if side.is_king_side() {
                shakmaty::File::H
            } else {
                shakmaty::File::A
            };
            Square::from_coords(file, turn.backrank())
        });
        let verdict = rules::explain(&pos, notation);
        let (en_why, zh_why) = match &verdict {
            Verdict::Legal(info) => (
                format!(
                    "{} The right is still there, the squares between king and rook are empty, and the king is not in check, does not cross an attacked square and does not land on one.",
                    text::legal_text(&pos, info, Lang::En)
                ),
                format!(
                    "{}易位权还在，王和车之间的格子是空的，王没有被将军，经过的格子和到达的格子也都没有受到攻击。",
                    text::legal_text(&pos, info, Lang::Zh)
                ),
            ),
            Verdict::Illegal(reason) => (
                format!(
                    "The right alone is not enough: {}",
                    text::reason_text(reason, pos.board(), Lang::En)
                ),
                format!(
                    "光有易位权还不够：{}",
                    text::reason_text(reason, pos.board(), Lang::Zh)
                ),
            ),
            other => (
                format!("The referee reads {notation} as {}.", other.code()),
                format!("裁判对{notation}的判断：{}。", other.code()),
            ),
        };
        Draft::true_false(
            "castle",
            14,
            pos,
            Claim::CanCastle { side },
            Text::new(
                format!(
                    "{}走。{}的王和{rook}的车都还没有走动过，易位权还在。{}现在就可以{zh_side_name}。",
                    zh_side(turn),
                    zh_side(turn),
                    zh_side(turn)
                ),
                format!(
                    "{} to move. {}'s king and the rook on {rook} have not moved yet, so the right to castle is kept. {} may {en_side_name} right now.",
                    en_side(turn),
                    en_side(turn),
                    en_side(turn)
                ),
            ),
            Text::new(zh_why, en_why),
        )
    }

    fn mate_or_stalemate(&mut self) -> Draft {
        // 0 = checkmate, 1 = stalemate, 2 = neither.
        let want = self.rng.below(3);
        let mut found = None;
        for _ in 0..300 {
            let attacker = if self.rng.chance(1, 2) {
                Color::White
            } else {
                Color::Black
            };
            let sets: [&[Role]; 4] = [
                &[Role::Queen],
                &[Role::Rook],
                &[Role::Rook, Role::Rook],
                &[Role::Queen, Role::Bishop],
            ];
            let set = *self.rng.pick(&sets).expect("non-empty");
            let pieces: Vec<Piece> = set.iter().map(|r| r.of(attacker)).collect();
            let Some(pos) = self.random_setup(&pieces, attacker) else {
                continue;
            };
            let moves = pos.legal_moves();
            let fitting: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| {
                    let after = pos.clone().play(*m).expect("legal");
                    match want {
                        0 => after.is_checkmate(),
                        1 => after.is_stalemate(),
                        _ => !after.legal_moves().is_empty() && !after.is_insufficient_material(),
                    }
                })
                .collect();
            if let Some(m) = self.rng.pick(&fitting) {
                found = Some(pos.clone().play(*m).expect("legal"));
                break;
            }
        }
        let pos = found.unwrap_or_else(|| self.random_game(2, 40));
        let report = PositionReport::of(&pos);
        let side = pos.turn();
        let correct = if report.checkmate {
            0
        } else if report.stalemate {
            1
        } else {
            2
        };
        let checkers_en = squares_with(pos.board(), &report.checkers, Lang::En);
        let checkers_zh = squares_with(pos.board(), &report.checkers, Lang::Zh);
        let example = pos
            .legal_moves()
            .first()
            .map(|m| San::from_move(&pos, *m).to_string());
        let (zh_why, en_why) = match correct {
            0 => (
                format!(
                    "将死。{}正被{checkers_zh}将军，而且没有任何合法的应将方法：不能吃掉将军的棋子，不能垫子，王也无处可逃。对局到此结束。",
                    zh_side(side)
                ),
                format!(
                    "Checkmate. {} is in check from {checkers_en} and has no legal answer: the checking piece cannot be taken, the line cannot be blocked and the king has no safe square. The game is over.",
                    en_side(side)
                ),
            ),
            1 => (
                format!(
                    "逼和。{}没有被将军，却一步合法的棋也走不了，这是和棋，不是胜利。",
                    zh_side(side)
                ),
                format!(
                    "Stalemate. {} is not in check but has no legal move at all. That is a draw, not a win.",
                    en_side(side)
                ),
            ),
            _ => {
                let ex = example.unwrap_or_default();
                if report.in_check {
                    (
                        format!(
                            "都不是。{}被{checkers_zh}将军，但还有合法的应将着法，例如{ex}，所以不是将死。",
                            zh_side(side)
                        ),
                        format!(
                            "Neither. {} is in check from {checkers_en}, but has a legal answer, for example {ex}, so it is not checkmate.",
                            en_side(side)
                        ),
                    )
                } else {
                    (
                        format!(
                            "都不是。{}没有被将军，而且还有合法的着法，例如{ex}，对局继续。",
                            zh_side(side)
                        ),
                        format!(
                            "Neither. {} is not in check and still has legal moves, for example {ex}. The game goes on.",
                            en_side(side)
                        ),
                    )
                }
            }
        };
        let choices = vec![
            Choice {
                text: Text::new("将死", "Checkmate"),
                claim: Some(Claim::Checkmate),
            },
            Choice {
                text: Text::new("逼和", "Stalemate"),
                claim: Some(Claim::Stalemate),
            },
            Choice {
                text: Text::new("都不是", "Neither"),
                claim: Some(Claim::HasLegalMoves),
            },
        ];
        Draft {
            tag: "status",
            unit: if correct == 1 { 15 } else { 13 },
            pos,
            question: Text::new(
                format!("{}走。这个局面是将死、逼和，还是都不是？", zh_side(side)),
                format!(
                    "{} to move. Is this checkmate, stalemate, or neither?",
                    en_side(side)
                ),
            ),
            answer: Answer::MultipleChoice { choices, correct },
            explanation: Text::new(zh_why, en_why),
        }
    }

    fn can_either_win(&mut self) -> Draft {
        use Role::{Bishop, Knight, Pawn, Queen, Rook};
        // (white pieces, black pieces); bishops are placed by colour below.
        let sets: [(&[Role], &[Role]); 10] = [
            (&[], &[]),
            (&[Knight], &[]),
            (&[], &[Bishop]),
            (&[Bishop], &[Bishop]),
            (&[Bishop], &[Bishop]),
            (&[Knight], &[Knight]),
            (&[Knight, Knight], &[]),
            (&[Rook], &[]),
            (&[], &[Pawn]),
            (&[Bishop], &[Queen]),
        ];
        let (w, b) = *self.rng.pick(&sets).expect("non-empty");
        let mut pieces: Vec<Piece> = w.iter().map(|r| r.of(Color::White)).collect();
        pieces.extend(b.iter().map(|r| r.of(Color::Black)));
        let turn = if self.rng.chance(1, 2) {
            Color::White
        } else {
            Color::Black
        };
        let pos = self
            .random_setup(&pieces, turn)
            .or_else(|| self.random_setup(&[], turn))
            .unwrap_or_default();
        let report = PositionReport::of(&pos);
        let (zh_why, en_why) = match report.dead {
            Some(DeadMaterial::KingVsKing) => (
                "棋盘上只剩两个王，谁也不可能将死对方：子力不足，和棋。".to_string(),
                "Only the two kings are left, and a king alone can never give checkmate: a draw by insufficient material.".to_string(),
            ),
            Some(DeadMaterial::KingAndMinorVsKing { side, piece }) => (
                format!(
                    "{}只有王和一个{}，对方只剩一个王；王加单马或王加单象无论怎么走都无法将死对方：子力不足，和棋。",
                    zh_side(side),
                    zh::piece(piece)
                ),
                format!(
                    "{} has only a king and one {}, against a bare king. King and one knight or one bishop can never checkmate, whatever the moves: a draw by insufficient material.",
                    en_side(side),
                    en::piece(piece)
                ),
            ),
            Some(DeadMaterial::BishopsOnOneColour) => (
                "除了王以外只剩象，而且所有的象都在同一种颜色的格子上，谁也无法将死对方：和棋。".to_string(),
                "Besides the kings there are only bishops, all on squares of one colour, so no checkmate is possible for either side: a draw.".to_string(),
            ),
            None => (
                "棋盘上还有足够的子力，至少有一方仍然存在将死对方的可能（哪怕需要对方走错），所以不是子力不足的和棋，对局继续。".to_string(),
                "There is still enough material for a checkmate by at least one side (even if it needs the other side's help), so this is not a draw by insufficient material and the game goes on.".to_string(),
            ),
        };
        Draft::true_false(
            "win",
            16,
            pos,
            Claim::CanMate { by: None },
            Text::new(
                "这个局面里，至少还有一方有可能将死对方赢棋。",
                "In this position at least one side can still win by giving checkmate.",
            ),
            Text::new(zh_why, en_why),
        )
    }

    fn in_check(&mut self) -> Draft {
        let want = self.rng.chance(1, 2);
        let mut pos = self.random_game(2, 50);
        if want {
            // Finish with a checking move when the side to move has one.
            for _ in 0..30 {
                let checks: Vec<Move> = pos
                    .legal_moves()
                    .iter()
                    .copied()
                    .filter(|m| {
                        let after = pos.clone().play(*m).expect("legal");
                        after.is_check() && !after.legal_moves().is_empty()
                    })
                    .collect();
                if let Some(m) = self.rng.pick(&checks) {
                    pos = pos.clone().play(*m).expect("legal");
                    break;
                }
                pos = self.random_game(2, 50);
            }
        }
        let report = PositionReport::of(&pos);
        let side = pos.turn();
        let (zh_why, en_why) = if report.in_check {
            let en_by = squares_with(pos.board(), &report.checkers, Lang::En);
            let zh_by = squares_with(pos.board(), &report.checkers, Lang::Zh);
            let double = report.checkers.len() > 1;
            (
                format!(
                    "{zh_by}正在攻击{}的王{}，{}必须马上应将。",
                    zh_side(side),
                    if double {
                        "（双将：只能走王）"
                    } else {
                        ""
                    },
                    zh_side(side)
                ),
                format!(
                    "{en_by} attack{} the {} king{}, so {} must answer the check at once.",
                    if double { "" } else { "s" },
                    en_side(side).to_lowercase(),
                    if double {
                        " (a double check: only a king move helps)"
                    } else {
                        ""
                    },
                    en_side(side)
                ),
            )
        } else {
            (
                format!("没有任何对方棋子攻击{}的王。", zh_side(side)),
                format!(
                    "No enemy piece attacks the {} king.",
                    en_side(side).to_lowercase()
                ),
            )
        };
        Draft::true_false(
            "check",
            12,
            pos,
            Claim::InCheck,
            Text::new(
                format!("{}走。{}的王正被将军。", zh_side(side), zh_side(side)),
                format!(
                    "{} to move. The {} king is in check.",
                    en_side(side),
                    en_side(side).to_lowercase()
                ),
            ),
            Text::new(zh_why, en_why),
        )
    }

    fn move_count(&mut self) -> Draft {
        let mut pos = self.random_game(2, 40);
        let mut square = None;
        for _ in 0..30 {
            let legal = pos.legal_moves();
            // Mostly pieces that can move; now and then one that cannot (answer 0).
            let movable = self.rng.chance(4, 5);
            let ours: Vec<Square> = pos
                .us()
                .into_iter()
                .filter(|sq| legal.iter().any(|m| m.from() == Some(*sq)) == movable)
                .collect();
            if let Some(sq) = self.rng.pick(&ours) {
                square = Some(*sq);
                break;
            }
            pos = self.random_game(2, 40);
        }
        let sq = square.unwrap_or(Square::E1);
        let role = pos.board().role_at(sq).unwrap_or(Role::King);
        let moves: Vec<Move> = pos
            .legal_moves()
            .iter()
            .copied()
            .filter(|m| m.from() == Some(sq))
            .collect();
        let n = u32::try_from(moves.len()).unwrap_or(0);
        // The right count and three near misses, in random order.
        let mut counts = vec![n];
        for delta in [1i64, -1, 2, 3, -2, 4] {
            if counts.len() == 4 {
                break;
            }
            if let Ok(c) = u32::try_from(i64::from(n) + delta) {
                counts.push(c);
            }
        }
        for i in (1..counts.len()).rev() {
            let j = self.rng.below(i + 1);
            counts.swap(i, j);
        }
        let correct = counts.iter().position(|c| *c == n).unwrap_or(0);
        let choices = counts
            .iter()
            .map(|c| Choice {
                text: Text::new(c.to_string(), c.to_string()),
                claim: Some(Claim::LegalMoveCount {
                    square: Some(sq),
                    count: *c,
                }),
            })
            .collect();
        let list: Vec<String> = moves
            .iter()
            .map(|m| San::from_move(&pos, *m).to_string())
            .collect();
        let side = pos.turn();
        let (zh_why, en_why) = if moves.is_empty() {
            (
                format!("{sq}的{}现在一步也不能走。", zh::piece(role)),
                format!("The {} on {sq} has no legal move now.", en::piece(role)),
            )
        } else {
            (
                format!(
                    "{sq}的{}共有{n}步合法着法：{}。",
                    zh::piece(role),
                    list.join("、")
                ),
                format!(
                    "The {} on {sq} has {n} legal move{}: {}.",
                    en::piece(role),
                    if n == 1 { "" } else { "s" },
                    list.join(", ")
                ),
            )
        };
        Draft {
            tag: "count",
            unit: unit_of(role, false, false),
            pos,
            question: Text::new(
                format!(
                    "{}走。{sq}的{}有几步合法着法？",
                    zh_side(side),
                    zh::piece(role)
                ),
                format!(
                    "{} to move. How many legal moves does the {} on {sq} have?",
                    en_side(side),
                    en::piece(role)
                ),
            ),
            answer: Answer::MultipleChoice { choices, correct },
            explanation: Text::new(zh_why, en_why),
        }
    }
}

impl Iterator for Generator {
    type Item = QuizItem;

    /// The next question, on a topic chosen by the seed.
    fn next(&mut self) -> Option<QuizItem> {
        let topic = Topic::ALL[self.rng.below(Topic::ALL.len())];
        Some(self.item(topic))
    }
}

/// `count` mixed questions from `seed`.
///
/// ```
/// let items = chess_tutor_core::content::generate::generate(1, 5);
/// assert_eq!(items.len(), 5);
/// assert!(items.iter().all(|i| i.verify().is_ok()));
/// ```
#[must_use]
pub fn generate(seed: u64, count: usize) -> Vec<QuizItem> {
    Generator::new(seed).take(count).collect()
}

/// An item before it gets its id.
struct Draft {
    tag: &'static str,
    unit: u8,
    pos: Chess,
    question: Text,
    answer: Answer,
    explanation: Text,
}

impl Draft {
    fn true_false(
        tag: &'static str,
        unit: u8,
        pos: Chess,
        claim: Claim,
        question: Text,
        explanation: Text,
    ) -> Self {
        let situation = Situation::new(pos.clone());
        // The answer is the engine's judgement of the claim.
        let correct = claim.judge(&situation).is_ok_and(|f| f.holds);
        Self {
            tag,
            unit,
            pos,
            question,
            answer: Answer::TrueFalse {
                correct,
                claim: Some(claim),
            },
            explanation,
        }
    }

    fn finish(self, seed: u64, index: u64) -> QuizItem {
        let fen = Fen::from_position(&self.pos, EnPassantMode::Legal).to_string();
        QuizItem {
            id: format!("gen-{seed:x}-{index}-{}", self.tag),
            unit: self.unit,
            question: self.question,
            answer: self.answer,
            board: Some(QuizBoard {
                fen,
                moves: Vec::new(),
                situation: Situation::new(self.pos),
            }),
            explanation: self.explanation,
            origin: Origin::Generated { seed, index },
        }
    }
}

/// A move to ask about, legal or not.
#[derive(Debug, Clone)]
struct Candidate {
    role: Role,
    from: Square,
    to: Square,
    promotion: Option<Role>,
    castling: bool,
    /// Pseudo-legal (the piece may move so), refused only for the king's safety.
    pseudo_legal: bool,
}

impl Candidate {
    fn from_move(m: Move) -> Self {
        let castling = m.is_castle();
        let to = match m.castling_side() {
            Some(side) => Square::from_coords(side.king_to_file(), m.to().rank()),
            None => m.to(),
        };
        Self {
            role: m.role(),
            from: m.from().unwrap_or(Square::E1),
            to,
            promotion: m.promotion(),
            castling,
            pseudo_legal: true,
        }
    }

    fn uci(&self) -> String {
        let promo = self
            .promotion
            .map(|r| r.char().to_string())
            .unwrap_or_default();
        format!("{}{}{promo}", self.from, self.to)
    }

    /// Long notation in English and with the Chinese piece name (`Ng1-f3`, `马g1-f3`).
    fn long(&self, board: &Board) -> (String, String) {
        if self.castling {
            let n = if self.to.file() > self.from.file() {
                "O-O"
            } else {
                "O-O-O"
            };
            return (n.to_string(), n.to_string());
        }
        // A pawn's straight step is never written as a capture, even onto a piece.
        let straight_pawn = self.role == Role::Pawn && self.from.file() == self.to.file();
        let sep = if board.piece_at(self.to).is_some() && !straight_pawn {
            'x'
        } else {
            '-'
        };
        let promo_en = self
            .promotion
            .map(|r| format!("={}", r.upper_char()))
            .unwrap_or_default();
        let promo_zh = self
            .promotion
            .map(|r| format!("={}", zh::piece(r)))
            .unwrap_or_default();
        let (en_p, zh_p) = if self.role == Role::Pawn {
            (String::new(), String::new())
        } else {
            (
                self.role.upper_char().to_string(),
                zh::piece(self.role).to_string(),
            )
        };
        (
            format!("{en_p}{}{sep}{}{promo_en}", self.from, self.to),
            format!("{zh_p}{}{sep}{}{promo_zh}", self.from, self.to),
        )
    }
}

/// Moves a beginner might try that are not legal: the piece's own pattern on an empty board
/// (so blocked paths, own pieces and pins show up), pawn pushes and diagonals, and the king's
/// two-square step when the king is at home.
fn plausible_illegal(pos: &Chess) -> Vec<Candidate> {
    let legal = pos.legal_moves();
    let board = pos.board();
    let us = pos.turn();
    let mut out = Vec::new();
    for from in pos.us() {
        let Some(role) = board.role_at(from) else {
            continue;
        };
        let targets: Bitboard = match role {
            Role::Pawn => {
                let mut t = attacks::pawn_attacks(us, from);
                let dir: i32 = if us == Color::White { 8 } else { -8 };
                if let Some(one) = from.offset(dir) {
                    t.add(one);
                    if let Some(two) = one.offset(dir) {
                        t.add(two);
                    }
                }
                t
            }
            Role::King => {
                let mut t = attacks::king_attacks(from);
                for d in [-2, 2] {
                    if let Some(sq) = from.offset(d)
                        && sq.rank() == from.rank()
                    {
                        t.add(sq);
                    }
                }
                t
            }
            other => attacks::attacks(from, other.of(us), Bitboard::EMPTY),
        };
        for to in targets {
            let promotion = (role == Role::Pawn
                && to.rank() == us.fold_wb(Rank::Eighth, Rank::First))
            .then_some(Role::Queen);
            let is_legal = legal.iter().any(|m| {
                m.from() == Some(from)
                    && (m.to() == to
                        || m.castling_side().is_some_and(|s| {
                            Square::from_coords(s.king_to_file(), from.rank()) == to
                        }))
                    && m.promotion() == promotion
            });
            if is_legal {
                continue;
            }
            let candidate = Candidate {
                role,
                from,
                to,
                promotion,
                // Two squares sideways from the king's home square reads as castling.
                castling: role == Role::King
                    && from.distance(to) == 2
                    && from == Square::from_coords(shakmaty::File::E, us.backrank()),
                pseudo_legal: false,
            };
            // Only moves the referee reads as one clear illegal move.
            match rules::explain(pos, &candidate.uci()) {
                Verdict::Illegal(reason) => out.push(Candidate {
                    pseudo_legal: is_safety(reason.code()),
                    ..candidate
                }),
                Verdict::Legal(_) | Verdict::Ambiguous { .. } | Verdict::Unreadable => {}
            }
        }
    }
    out
}

fn is_safety(code: &str) -> bool {
    matches!(
        code,
        "king_into_check" | "pinned" | "still_in_check" | "double_check_king_must_move"
    ) || code.starts_with("castling_")
}

/// The curriculum unit that teaches how `role` moves (CURRICULUM.md).
fn unit_of(role: Role, castling: bool, promotion: bool) -> u8 {
    if castling {
        return 14;
    }
    if promotion {
        return 11;
    }
    match role {
        Role::Rook => 3,
        Role::Bishop => 4,
        Role::Queen => 5,
        Role::King => 6,
        Role::Knight => 7,
        Role::Pawn => 8,
    }
}

fn zh_side(c: Color) -> &'static str {
    match c {
        Color::White => "白方",
        Color::Black => "黑方",
    }
}

fn en_side(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// "the queen on g7 and the rook on a8" / "g7的后和a8的车".
fn squares_with(board: &Board, squares: &[Square], lang: Lang) -> String {
    let parts: Vec<String> = squares
        .iter()
        .map(|sq| {
            let role = board.role_at(*sq).unwrap_or(Role::Pawn);
            match lang {
                Lang::En => format!("the {} on {sq}", en::piece(role)),
                Lang::Zh | Lang::ZhHant => format!("{sq}的{}", zh::piece(role)),
            }
        })
        .collect();
    match lang {
        Lang::En => parts.join(" and "),
        Lang::Zh | Lang::ZhHant => parts.join("和"),
    }
}

/// The letter of the right choice of a generated multiple-choice item (for display).
#[must_use]
pub fn answer_letter(item: &QuizItem) -> Option<char> {
    match &item.answer {
        Answer::MultipleChoice { correct, .. } => Some(letter(*correct)),
        Answer::TrueFalse { .. } => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rng_is_deterministic_and_in_range() {
        let mut a = Rng::new(42);
        let mut b = Rng::new(42);
        for _ in 0..100 {
            let x = a.below(7);
            assert_eq!(x, b.below(7));
            assert!(x < 7);
        }
        assert_ne!(Rng::new(1).next_u64(), Rng::new(2).next_u64());
        assert_eq!(Rng::new(3).below(0), 0);
    }

    #[test]
    fn every_topic_verifies() {
        let mut g = Generator::new(11);
        for _ in 0..3 {
            for topic in Topic::ALL {
                let item = g.item(topic);
                assert!(item.verify().is_ok(), "{topic:?}: {:?}", item.verify());
                assert!(item.is_engine_checked());
                assert!(
                    item.question
                        .zh
                        .chars()
                        .any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c))
                );
            }
        }
    }

    /// Review 1 (quiz 2/5): "Can Black castle short right now? [True] [False]" was a question
    /// under true/false buttons, and its answer hung on castling rights a picture cannot show.
    /// Now every generated true/false item is a statement, and a castling one says the side
    /// still has the right (which its position really has), so only what the board shows is
    /// asked.
    #[test]
    fn generated_true_false_items_are_statements_and_castling_ones_state_the_right() {
        let mut g = Generator::new(5);
        let mut castles = (0, 0);
        for _ in 0..40 {
            for topic in Topic::ALL {
                let item = g.item(topic);
                if item.kind() != crate::content::quiz::QuizKind::TrueFalse {
                    continue;
                }
                for q in [&item.question.en, &item.question.zh] {
                    assert!(!q.ends_with('?') && !q.ends_with('？'), "{topic:?}: {q}");
                }
                if topic != Topic::CanCastle {
                    continue;
                }
                let pos = item
                    .board
                    .as_ref()
                    .expect("a castling item has a board")
                    .position();
                let side = match item.answer {
                    Answer::TrueFalse {
                        claim: Some(Claim::CanCastle { side }),
                        ..
                    } => side,
                    ref other => panic!("{other:?}"),
                };
                assert!(pos.castles().has(pos.turn(), side), "{}", item.question.en);
                assert!(
                    item.question.en.contains("have not moved yet")
                        && item.question.zh.contains("易位权还在"),
                    "{:?}",
                    item.question
                );
                if let Answer::TrueFalse { correct, .. } = item.answer {
                    if correct {
                        castles.0 += 1;
                    } else {
                        castles.1 += 1;
                    }
                }
            }
        }
        assert!(
            castles.0 > 0 && castles.1 > 0,
            "both answers occur: {castles:?}"
        );
    }

    #[test]
    fn illegal_candidates_are_illegal() {
        let pos = rules::parse_fen("4r1k1/8/8/8/4N3/8/8/4K3 w - - 0 1").unwrap();
        let c = plausible_illegal(&pos);
        assert!(
            c.iter().any(|c| c.from == Square::E4 && c.pseudo_legal),
            "pinned knight"
        );
        for cand in &c {
            assert!(matches!(
                rules::explain(&pos, &cand.uci()),
                Verdict::Illegal(_)
            ));
        }
    }

    #[test]
    fn fens_are_checked() {
        assert!(Generator::with_fens(1, &["not a fen"]).is_err());
        let mut g = Generator::with_fens(1, &["r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"]).unwrap();
        assert!(g.item(Topic::MoveLegal).verify().is_ok());
    }
}
