//! The coach: after a game, the few things a beginner most needs to see about their own
//! moves — a mate in 1 or 2 missed (proven by the mate search), the move that let the
//! opponent mate, a piece left hanging, a free capture missed — and during a game, a rule of
//! thumb for the position instead of a move.
//!
//! "Free" and "hanging" are meant as a beginner sees them: a piece attacked and not defended
//! at all, or attacked by a piece worth less. No exchange sequences are counted.

use shakmaty::{Chess, Color, Move, Position, Role, Square};

use super::record::Record;
use crate::search;

/// The usual values of the pieces, in pawns (the king is not counted).
pub use crate::rules::piece_value as value;

/// `color`'s material on the board, in pawns.
///
/// ```
/// use chess_tutor_core::game::coach::material;
/// use shakmaty::{Chess, Color};
/// assert_eq!(material(&Chess::default(), Color::White), 39);
/// ```
#[must_use]
pub fn material(pos: &Chess, color: Color) -> i32 {
    let board = pos.board();
    board
        .by_color(color)
        .into_iter()
        .filter_map(|sq| board.role_at(sq))
        .map(value)
        .sum()
}

/// Whether the piece on `square` can be taken for free by the side to move's opponent...
/// precisely: whether `by` attacks it and it is either undefended or attacked by a piece
/// worth less than it.
fn en_prise(pos: &Chess, square: Square, by: Color) -> bool {
    let board = pos.board();
    let Some(piece) = board.piece_at(square) else {
        return false;
    };
    if piece.role == Role::King || piece.color == by {
        return false;
    }
    let occupied = board.occupied();
    let attackers = board.attacks_to(square, by, occupied);
    if attackers.is_empty() {
        return false;
    }
    let defenders = board.attacks_to(square, piece.color, occupied);
    let cheapest = attackers
        .into_iter()
        .filter_map(|sq| board.role_at(sq))
        .map(value)
        .filter(|v| *v > 0)
        .min()
        .unwrap_or(0);
    defenders.is_empty() || (cheapest > 0 && cheapest < value(piece.role))
}

/// The best capture of a free piece the side to move has (the most valuable, worth at least
/// a knight, or any capture winning more than it risks), as a legal move.
fn free_capture(pos: &Chess, min_value: i32) -> Option<Move> {
    let mover = pos.turn();
    pos.legal_moves()
        .into_iter()
        .filter(|m| m.is_capture() && !m.is_en_passant())
        .filter(|m| {
            m.capture().is_some_and(|victim| value(victim) >= min_value)
                && en_prise(pos, m.to(), mover)
        })
        .max_by_key(|m| m.capture().map_or(0, value))
}

/// The learner's pieces the opponent could take for free now (`mover` owns them), most
/// valuable first.
fn hanging(pos: &Chess, owner: Color, min_value: i32) -> Vec<Square> {
    let board = pos.board();
    let mut squares: Vec<Square> = board
        .by_color(owner)
        .into_iter()
        .filter(|sq| board.role_at(*sq).is_some_and(|r| value(r) >= min_value))
        .filter(|sq| en_prise(pos, *sq, !owner))
        .collect();
    squares.sort_by_key(|sq| std::cmp::Reverse(board.role_at(*sq).map_or(0, value)));
    squares
}

/// A rule of thumb for the side to move, for `/hint` in a game (never the move itself).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hint {
    /// In check: answer it first (take, block or step away).
    InCheck,
    /// One of your pieces is attacked and not defended well enough.
    Hanging {
        /// Where it stands.
        square: Square,
    },
    /// An enemy piece can be taken for free.
    FreeCapture {
        /// Where it stands.
        square: Square,
    },
}

/// The rule of thumb that matters most in `pos`, if any.
///
/// ```
/// use chess_tutor_core::game::coach::{hint, Hint};
/// use chess_tutor_core::rules::parse_fen;
/// use shakmaty::Square;
/// // White can take the undefended black queen on d5.
/// let pos = parse_fen("4k3/8/8/3q4/8/2N5/8/4K3 w - - 0 1").unwrap();
/// assert_eq!(hint(&pos), Some(Hint::FreeCapture { square: Square::D5 }));
/// ```
#[must_use]
pub fn hint(pos: &Chess) -> Option<Hint> {
    if pos.is_check() {
        return Some(Hint::InCheck);
    }
    if let Some(capture) = free_capture(pos, 1) {
        return Some(Hint::FreeCapture {
            square: capture.to(),
        });
    }
    hanging(pos, pos.turn(), 1)
        .first()
        .map(|&square| Hint::Hanging { square })
}

/// One thing the coach says about one of the learner's moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Point {
    /// The ply of the learner's move (its index in the record's moves).
    pub ply: usize,
    /// What it was.
    pub kind: PointKind,
    /// What the move cost, in pawns: the material it gave away or let slip (a mate given or
    /// missed counts as the game, [`MATE_WEIGHT`]). The review is ranked by it.
    pub weight: i32,
}

/// The weight of a mate let in or missed: more than any material.
pub const MATE_WEIGHT: i32 = 100;

/// What the coach saw.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PointKind {
    /// A forced mate was there, and the move played was not one that keeps it.
    MissedMate {
        /// Mate in this many moves.
        mate_in: u32,
        /// A first move of the mate.
        key: Move,
    },
    /// After the move the opponent could mate at once.
    AllowedMate {
        /// The opponent's mating move.
        mate: Move,
    },
    /// After the move a piece of the learner's could be taken for free.
    LeftHanging {
        /// Where it stood.
        square: Square,
        /// The opponent's capture.
        taken_by: Move,
    },
    /// A free capture of a piece worth at least a knight was there and not taken.
    MissedCapture {
        /// The capture.
        capture: Move,
    },
}

impl PointKind {
    /// Among points of the same weight, lower is said first.
    fn rank(&self) -> u8 {
        match self {
            PointKind::AllowedMate { .. } => 0,
            PointKind::MissedMate { .. } => 1,
            PointKind::LeftHanging { .. } => 2,
            PointKind::MissedCapture { .. } => 3,
        }
    }
}

/// The longest mate the coach looks for.
const MATE_DEPTH: u32 = 2;

/// What the coach's mate search may spend on one move: a mate in two is found in far fewer
/// positions; a position too rich for it gets no note about mates.
const COACH_BUDGET: search::Budget = search::Budget::nodes(200_000);

/// What the review of a whole game may spend, however long the game: past it, the later
/// moves get no note about mates (the other notes need no search).
const REVIEW_NODES: u64 = 2_000_000;

/// The coach's points about `learner`'s moves in `record`, ranked by what each move cost
/// (a mate first, then the most material; then in the order of the game): at most one point
/// a move.
///
/// ```
/// use chess_tutor_core::game::{coach::{review, PointKind}, record::Record};
/// use shakmaty::Color;
/// // 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6?? 4. Qxf7# — Black's 3... Nf6 let the mate in.
/// let mut game = Record::default();
/// for m in ["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7"] {
///     let mv = game.read_uci(m).unwrap();
///     game.push(mv).unwrap();
/// }
/// let points = review(&game, Color::Black);
/// assert!(matches!(points[0].kind, PointKind::AllowedMate { .. }));
/// assert_eq!(points[0].ply, 5);
/// ```
#[must_use]
pub fn review(record: &Record, learner: Color) -> Vec<Point> {
    let mut points: Vec<Point> = Vec::new();
    let mut left = REVIEW_NODES;
    // The square of a piece last said to be left hanging, and the ply that left it.
    let mut hanging_since: Option<(Square, usize)> = None;
    for (ply, &played) in record.moves().iter().enumerate() {
        let before = &record.positions()[ply];
        if before.turn() != learner {
            continue;
        }
        let after = &record.positions()[ply + 1];
        let mut prover =
            search::Prover::new(search::Budget::nodes(COACH_BUDGET.max_nodes().min(left)));
        let point = judge_move(&mut prover, before, played, after, learner);
        left = left.saturating_sub(prover.nodes());
        if let Some((kind, weight)) = point {
            // The same piece left hanging move after move is one loss: its first move says it.
            let again = match &kind {
                PointKind::LeftHanging { square, .. } => {
                    let again = hanging_since == Some((*square, ply.saturating_sub(2)));
                    hanging_since = Some((*square, ply));
                    again && ply >= 2
                }
                _ => false,
            };
            if !again {
                points.push(Point { ply, kind, weight });
            }
        }
    }
    points.sort_by_key(|p| (std::cmp::Reverse(p.weight), p.kind.rank(), p.ply));
    points
}

/// The coach's point about the move at `ply` alone (during a game, right after it is played),
/// if there is one. `None` also for a ply the record does not have.
///
/// ```
/// use chess_tutor_core::game::{coach::{judge_ply, PointKind}, record::Record};
/// // 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6?? — Black's third move lets 4. Qxf7# in.
/// let mut game = Record::default();
/// for m in ["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6"] {
///     let mv = game.read_uci(m).unwrap();
///     game.push(mv).unwrap();
/// }
/// assert!(matches!(judge_ply(&game, 5).unwrap().kind, PointKind::AllowedMate { .. }));
/// assert!(judge_ply(&game, 0).is_none(), "1. e4 is fine");
/// assert!(judge_ply(&game, 6).is_none(), "not played yet");
/// ```
#[must_use]
pub fn judge_ply(record: &Record, ply: usize) -> Option<Point> {
    let played = *record.moves().get(ply)?;
    let before = &record.positions()[ply];
    let after = &record.positions()[ply + 1];
    let mut prover = search::Prover::new(COACH_BUDGET);
    judge_move(&mut prover, before, played, after, before.turn()).map(|(kind, weight)| Point {
        ply,
        kind,
        weight,
    })
}

/// What a move gains at once: the piece it takes, and a promotion's new piece (less the
/// pawn).
fn gain(mv: Move) -> i32 {
    mv.capture().map_or(0, value) + mv.promotion().map_or(0, |r| value(r) - 1)
}

/// What `mover` stands to lose after `mv` in `before`: the most valuable of their pieces the
/// opponent could then take for free, less what `mv` took. Negative when the move wins more
/// than it risks.
fn net_loss(before: &Chess, mv: Move, mover: Color) -> i32 {
    let mut after = before.clone();
    after.play_unchecked(mv);
    let board = after.board();
    let lost = hanging(&after, mover, 1)
        .first()
        .and_then(|sq| board.role_at(*sq))
        .map_or(0, value);
    lost - gain(mv)
}

/// The point about one move, with its weight.
fn judge_move(
    prover: &mut search::Prover,
    before: &Chess,
    played: Move,
    after: &Chess,
    learner: Color,
) -> Option<(PointKind, i32)> {
    let mate_weight = |mate_in: u32| MATE_WEIGHT - i32::try_from(mate_in).unwrap_or(0);
    if after.is_checkmate() {
        return None;
    }
    // A mate missed: the shortest forced mate, and the move played does not keep one as short.
    // When the budget cannot tell, the coach says nothing rather than something false.
    if let Ok(Some(mate_in)) = prover.shortest_mate(before, MATE_DEPTH) {
        let keeps = mate_in > 1
            && prover
                .defender_lost_within(after, mate_in - 1)
                .unwrap_or(true);
        if !keeps
            && let Ok(sol) = search::solve_with(prover, before, mate_in, true)
            && let Some(&key) = sol.keys.first()
        {
            return Some((PointKind::MissedMate { mate_in, key }, mate_weight(mate_in)));
        }
    }
    // The opponent mates at once.
    if let Some(mate) = after.legal_moves().into_iter().find(|&m| {
        let mut p = after.clone();
        p.play_unchecked(m);
        p.is_checkmate()
    }) {
        return Some((PointKind::AllowedMate { mate }, MATE_WEIGHT));
    }
    // A piece left for the taking: the move loses at least a minor piece for less, and
    // another move would have lost less. That covers a piece the move puts where it can be
    // taken, and one that was attacked already and is left there (the move did nothing
    // about it); a capture that wins more than it risks is no mistake, and neither is a
    // piece that could not be saved.
    let lost = net_loss(before, played, learner);
    if lost >= 3
        && let Some(&square) = hanging(after, learner, 3).first()
        && let Some(taken_by) = after
            .legal_moves()
            .into_iter()
            .filter(|m| m.to() == square && m.is_capture())
            .min_by_key(|m| value(m.role()))
    {
        let best = before
            .legal_moves()
            .into_iter()
            .map(|m| net_loss(before, m, learner))
            .min()
            .unwrap_or(lost);
        if best < lost {
            return Some((
                PointKind::LeftHanging { square, taken_by },
                lost - best.max(0),
            ));
        }
    }
    // A free piece not taken (a capture of one at least as valuable is as good).
    if let Some(capture) = free_capture(before, 3) {
        let free = capture.capture().map_or(0, value);
        if gain(played) < free && !after.is_check() {
            return Some((PointKind::MissedCapture { capture }, free - gain(played)));
        }
    }
    None
}

/// What the record shows became of the piece a [`PointKind::LeftHanging`] point at `ply` says
/// was left on `square`: the ply of the opponent's move that took it, if one did while it
/// still stood there. `None` when it was never taken (moved away, defended, the game ended):
/// then the coach may say only that it *could* be taken, never that it was lost.
///
/// ```
/// use chess_tutor_core::game::{coach::taken_at, record::Record};
/// use chess_tutor_core::rules::parse_fen;
/// use shakmaty::Square;
/// let start = parse_fen("4k3/8/7p/8/8/8/8/2B1K3 w - - 0 1").unwrap();
/// let left = Record::replay(start.clone(), &["c1g5", "e8d7"]).unwrap();
/// assert_eq!(taken_at(&left, 0, Square::G5), None);
/// let taken = Record::replay(start, &["c1g5", "h6g5"]).unwrap();
/// assert_eq!(taken_at(&taken, 0, Square::G5), Some(1));
/// ```
#[must_use]
pub fn taken_at(record: &Record, ply: usize, square: Square) -> Option<usize> {
    let owner = record.positions().get(ply)?.turn();
    let piece = record.positions().get(ply + 1)?.board().piece_at(square)?;
    for (k, mv) in record.moves().iter().enumerate().skip(ply + 1) {
        let pos = &record.positions()[k];
        if pos.board().piece_at(square) != Some(piece) {
            return None;
        }
        if pos.turn() != owner && mv.to() == square && mv.is_capture() && !mv.is_en_passant() {
            return Some(k);
        }
        if pos.turn() == owner && mv.from() == Some(square) {
            return None;
        }
    }
    None
}

/// Squares as a bitboard's list (for tests).
#[cfg(test)]
fn squares(b: shakmaty::Bitboard) -> Vec<Square> {
    b.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::parse_fen;

    fn record_from(fen: &str, moves: &[&str]) -> Record {
        let mut r = Record::from_position(parse_fen(fen).unwrap());
        for m in moves {
            let mv = crate::rules::explain(r.position(), m).legal_move().unwrap();
            r.push(mv).unwrap();
        }
        r
    }

    #[test]
    fn a_missed_mate_in_one_is_found_with_its_key() {
        // White has Ra8# and plays Kb2 instead.
        let r = record_from("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", &["Kf2"]);
        let points = review(&r, Color::White);
        match &points[0].kind {
            PointKind::MissedMate { mate_in: 1, key } => {
                assert_eq!(crate::rules::notation::san(r.start(), *key), "Ra8#");
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn playing_the_mate_is_no_point() {
        let r = record_from("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", &["Ra8#"]);
        assert!(review(&r, Color::White).is_empty());
    }

    #[test]
    fn a_piece_left_hanging_and_a_free_capture_missed() {
        // The white knight steps where the black pawn takes it.
        let r = record_from("4k3/8/8/3p4/8/4N3/8/4K3 w - - 0 1", &["Nc4"]);
        let points = review(&r, Color::White);
        assert!(
            matches!(
                points[0].kind,
                PointKind::LeftHanging {
                    square: Square::C4,
                    ..
                }
            ),
            "{points:?}"
        );
        // Black's queen on d5 can be taken by the knight; White plays a king move instead.
        let r3 = record_from("4k3/8/8/3q4/8/2N5/8/4K3 w - - 0 1", &["Kf2"]);
        let points = review(&r3, Color::White);
        assert!(
            points
                .iter()
                .any(|p| matches!(p.kind, PointKind::MissedCapture { .. })),
            "{points:?}"
        );
    }

    /// A8: a piece already attacked and left there by a move that does nothing about it is
    /// flagged (5.axb4?? leaves the queen on e5 to Bxe5; O-O leaves Nf3 to exf3).
    #[test]
    fn a_move_that_leaves_an_attacked_piece_to_be_taken_is_flagged() {
        let r = record_from("7k/6b1/8/4Q3/1n6/P7/8/4K3 w - - 0 1", &["axb4"]);
        let points = review(&r, Color::White);
        assert!(
            matches!(
                points.first().map(|p| &p.kind),
                Some(PointKind::LeftHanging {
                    square: Square::E5,
                    ..
                })
            ),
            "{points:?}"
        );
        assert_eq!(points[0].weight, 9 - 3, "the queen for a knight");
        let r = record_from(
            "r1bqkbnr/pppp1ppp/2n5/8/4p3/5N2/PPPPBPPP/RNBQK2R w KQkq - 0 4",
            &["O-O"],
        );
        let points = review(&r, Color::White);
        assert!(
            matches!(
                points.first().map(|p| &p.kind),
                Some(PointKind::LeftHanging {
                    square: Square::F3,
                    ..
                })
            ),
            "{points:?}"
        );
    }

    /// A8, the other side: a piece that could not be saved (every move loses as much) is no
    /// mistake of the move played.
    #[test]
    fn a_piece_that_cannot_be_saved_is_not_blamed_on_the_move() {
        // The black rook on a1 forks the white king (in check along the first rank) and the
        // knight on a8: the king must move, and the knight is lost whatever White plays.
        let r = record_from("N3k3/8/8/8/8/8/8/r3K3 w - - 0 1", &["Kf2"]);
        let points = review(&r, Color::White);
        assert!(
            !points
                .iter()
                .any(|p| matches!(p.kind, PointKind::LeftHanging { .. })),
            "{points:?}"
        );
    }

    /// A9: a capture that wins more than it risks is not a blunder (Rxb6 takes the queen; the
    /// rook can be taken back by the pawn).
    #[test]
    fn a_capture_that_wins_more_than_it_risks_is_not_flagged() {
        let r = record_from("4k3/p7/1q6/8/8/8/8/1R2K3 w - - 0 1", &["Rxb6"]);
        assert!(
            review(&r, Color::White).is_empty(),
            "{:?}",
            review(&r, Color::White)
        );
        // An even trade is none either: the bishop takes a knight and is taken back.
        let r = record_from("4k3/8/1p6/2n5/8/8/5B2/4K3 w - - 0 1", &["Bxc5"]);
        assert!(
            review(&r, Color::White).is_empty(),
            "{:?}",
            review(&r, Color::White)
        );
    }

    /// The same piece left hanging over several moves is said once, at the move that left it.
    #[test]
    fn a_piece_left_hanging_move_after_move_is_one_point() {
        // 1. Qxg5?? (the pawn on h6 takes back), then two moves that leave it there.
        let r = record_from(
            "rnbqkbnr/pppppp2/7p/6pQ/4P3/8/PPPP1PPP/RNB1KBNR w KQkq - 0 3",
            &["Qxg5", "a5", "d4", "c5", "Nf3"],
        );
        let points = review(&r, Color::White);
        let hung: Vec<usize> = points
            .iter()
            .filter(|p| {
                matches!(
                    p.kind,
                    PointKind::LeftHanging {
                        square: Square::G5,
                        ..
                    }
                )
            })
            .map(|p| p.ply)
            .collect();
        assert_eq!(hung, vec![0], "{points:?}");
    }

    /// A10: the review is ranked by what was lost: the queen given away at move 2 comes
    /// before the knight given away at move 1.
    #[test]
    fn the_review_is_ranked_by_what_was_lost() {
        let r = record_from(
            "4k3/8/2n5/3p4/8/4N3/8/Q3K3 w - - 0 1",
            &["Nc4", "Kf8", "Qa5"],
        );
        let points = review(&r, Color::White);
        let hung: Vec<(usize, i32)> = points.iter().map(|p| (p.ply, p.weight)).collect();
        assert_eq!(hung.first(), Some(&(2, 9)), "{points:?}");
        assert!(hung.contains(&(0, 3)), "{points:?}");
    }

    #[test]
    fn material_and_en_prise() {
        let pos = parse_fen("4k3/8/8/3q4/8/2N5/8/4K3 w - - 0 1").unwrap();
        assert_eq!(material(&pos, Color::White), 3);
        assert_eq!(material(&pos, Color::Black), 9);
        assert!(en_prise(&pos, Square::D5, Color::White));
        assert!(!en_prise(&pos, Square::C3, Color::Black));
        assert_eq!(squares(pos.board().queens()), vec![Square::D5]);
    }
}
