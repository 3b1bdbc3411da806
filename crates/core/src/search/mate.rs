//! The mate-in-N prover: an AND/OR search over "the attacker mates within `n` moves".
//!
//! At an attacker node (OR) one move must force mate; at a defender node (AND) every reply must
//! still lose. Results are stored in a transposition table keyed by shakmaty's Zobrist hash, as
//! two bounds per position: "mate within `k` is proven" and "no mate within `k`". Attacker
//! moves are tried checks first, then captures and promotions; defender moves start with the
//! reply that refuted a sibling (a killer), then captures, king moves and checks.
//!
//! Draw rules that need a game history (repetition, the fifty-move rule) play no part: a
//! mate-in-N problem is a claim about the position alone. Stalemate is a draw, so a move that
//! stalemates never mates.
//!
//! Every prover has a [`Budget`]: the positions it may visit in its life (and, for a command
//! line, a caller's stop). Past it every question is answered [`OutOfBudget`], never by a
//! guess: what was proven before stays in the table, and nothing half-searched is stored.
//!
//! ```
//! use chess_tutor_core::search::{Budget, Prover};
//! use shakmaty::{Chess, CastlingMode, fen::Fen};
//!
//! // Back-rank mate: Re8#.
//! let pos: Chess = "6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1".parse::<Fen>().unwrap()
//!     .into_position(CastlingMode::Standard).unwrap();
//! let mut prover = Prover::new(Budget::TUTOR);
//! assert_eq!(prover.mates_within(&pos, 1), Ok(true));
//! assert_eq!(prover.shortest_mate(&pos, 3), Ok(Some(1)));
//!
//! // A rich middlegame and a long mate: the budget answers, not the clock.
//! let rich: Chess = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"
//!     .parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap();
//! let mut small = Prover::new(Budget::nodes(10_000));
//! assert!(small.shortest_mate(&rich, 8).is_err());
//! ```

use std::collections::HashMap;
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Arc;

use shakmaty::zobrist::Zobrist64;
use shakmaty::{Bitboard, Chess, EnPassantMode, Move, Position, Role, attacks};

/// The longest mate the prover accepts; longer requests are treated as this many moves.
pub const MAX_MATE: u32 = 32;

/// Above this many stored positions the table is emptied (deterministically) before growing on.
const TABLE_LIMIT: usize = 1 << 22;

/// Mixed into the key of defender nodes, so that the two kinds of node never share an entry.
const DEFENDER_SALT: u64 = 0x9e37_79b9_7f4a_7c15;

/// What is known about one position: mate within `mate_within` attacker moves is proven (0:
/// nothing proven), and no mate within `no_mate_within` moves (0: nothing known).
#[derive(Debug, Clone, Copy, Default)]
struct Bounds {
    mate_within: u8,
    no_mate_within: u8,
}

/// The Zobrist hash is already uniform: use it as the table's hash directly.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8) | u64::from(b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

type Table = HashMap<u64, Bounds, BuildHasherDefault<KeyHasher>>;

/// How much a [`Prover`] may do in its life: positions visited, and optionally a caller's
/// stop (a clock, for a command line), asked every few thousand positions.
#[derive(Clone)]
pub struct Budget {
    nodes: u64,
    stop: Option<Arc<dyn Fn() -> bool + Send + Sync>>,
}

impl Budget {
    /// What the tutor spends on one answer (a judged move, a hint, a solution): about 0.4 s
    /// of one core when spent whole (`cargo bench --bench worst_input`), and 75 times what the
    /// hungriest judgement of any shipped puzzle's first move needs (6,673 positions).
    pub const TUTOR: Budget = Budget::nodes(500_000);

    /// What `check` spends on one puzzle or one mate step: the same for every machine, so a
    /// puzzle that passes here passes everywhere; about 4 s of one core when spent whole, and
    /// 44 times what proving the hungriest shipped puzzle needs (113,830 positions).
    pub const CHECK: Budget = Budget::nodes(5_000_000);

    /// At most `nodes` positions visited, and no other stop.
    #[must_use]
    pub const fn nodes(nodes: u64) -> Budget {
        Budget { nodes, stop: None }
    }

    /// The same, and stop as soon as `stop` says so (asked every 4,096 positions).
    #[must_use]
    pub fn or_when(mut self, stop: impl Fn() -> bool + Send + Sync + 'static) -> Budget {
        self.stop = Some(Arc::new(stop));
        self
    }

    /// The positions this budget allows.
    #[must_use]
    pub fn max_nodes(&self) -> u64 {
        self.nodes
    }
}

impl fmt::Debug for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Budget")
            .field("nodes", &self.nodes)
            .field("stop", &self.stop.is_some())
            .finish()
    }
}

/// The prover's budget ran out before the question was answered: nothing is known either way.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OutOfBudget {
    /// Positions visited when it ran out.
    pub nodes: u64,
}

impl fmt::Display for OutOfBudget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "not proven within the search budget ({} positions)",
            self.nodes
        )
    }
}

impl std::error::Error for OutOfBudget {}

/// A mate-in-N prover with its transposition table, node counter and budget.
///
/// Results depend only on the positions asked, never on a clock (unless the budget's own stop
/// reads one): the same questions in the same order give the same answers and the same node
/// counts. Keep one prover for related questions about one puzzle (the table makes the later
/// ones cheap); its answers stay correct for any position, whoever is to move.
pub struct Prover {
    table: Table,
    nodes: u64,
    killers: Vec<Option<Move>>,
    budget: Budget,
    out: bool,
}

impl std::fmt::Debug for Prover {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Prover")
            .field("table_len", &self.table.len())
            .field("nodes", &self.nodes)
            .field("budget", &self.budget)
            .finish_non_exhaustive()
    }
}

/// The hash of a position as the prover keys it.
pub(crate) fn hash_of(pos: &Chess) -> u64 {
    pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
}

/// The position after `m` and its hash, updated incrementally when shakmaty can.
pub(crate) fn play_hashed(pos: &Chess, hash: u64, m: Move) -> (Chess, u64) {
    let next_hash = pos.update_zobrist_hash(Zobrist64(hash), m, EnPassantMode::Legal);
    let mut child = pos.clone();
    child.play_unchecked(m);
    let next_hash = next_hash.map_or_else(|| hash_of(&child), |z| z.0);
    (child, next_hash)
}

// A rough value of a piece, for ordering captures.
use crate::rules::piece_value as value;

/// Whether `pos` is checkmate, given that its side to move is in check.
fn no_legal_moves(pos: &Chess) -> bool {
    pos.legal_moves().is_empty()
}

/// What it takes to give check to the side not to move, worked out once per position so that
/// each move is tested with a few bit operations.
pub(crate) struct CheckTest {
    /// For each role, the squares from which a piece of ours of that role attacks their king.
    squares: [Bitboard; 6],
    /// Our pieces that alone stand between one of our line pieces and their king.
    discoverers: Bitboard,
    king: Option<shakmaty::Square>,
}

impl CheckTest {
    /// Prepares the test for the side to move in `pos`.
    pub(crate) fn new(pos: &Chess) -> Self {
        let board = pos.board();
        let us = pos.turn();
        let Some(king) = board.king_of(!us) else {
            return Self {
                squares: [Bitboard::EMPTY; 6],
                discoverers: Bitboard::EMPTY,
                king: None,
            };
        };
        let occupied = board.occupied();
        let bishop = attacks::bishop_attacks(king, occupied);
        let rook = attacks::rook_attacks(king, occupied);
        let squares = [
            attacks::pawn_attacks(!us, king),
            attacks::knight_attacks(king),
            bishop,
            rook,
            bishop | rook,
            Bitboard::EMPTY,
        ];
        let ours = board.by_color(us);
        let snipers = ours
            & ((board.rooks_and_queens() & attacks::rook_attacks(king, Bitboard::EMPTY))
                | (board.bishops_and_queens() & attacks::bishop_attacks(king, Bitboard::EMPTY)));
        let mut discoverers = Bitboard::EMPTY;
        for sniper in snipers {
            let between = attacks::between(king, sniper) & occupied;
            if between.count() == 1 {
                discoverers |= between & ours;
            }
        }
        Self {
            squares,
            discoverers,
            king: Some(king),
        }
    }

    /// Whether the legal move `m` in `pos` (the position this test was made for) gives check.
    ///
    /// A line piece that checks from `to` cannot have been standing between `to` and the king
    /// (it would be giving check already), so the squares worked out before the move stay
    /// right for ordinary moves. Promotions, castling and en passant are played out.
    pub(crate) fn gives_check(&self, pos: &Chess, m: Move) -> bool {
        let Some(king) = self.king else {
            return false;
        };
        match m {
            Move::Normal {
                role,
                from,
                to,
                promotion: None,
                ..
            } => {
                self.squares[usize::from(role) - 1].contains(to)
                    || (self.discoverers.contains(from) && !attacks::aligned(from, to, king))
            }
            _ => {
                let mut child = pos.clone();
                child.play_unchecked(m);
                child.is_check()
            }
        }
    }
}

fn depth(n: u32) -> u8 {
    u8::try_from(n.min(MAX_MATE)).unwrap_or(u8::MAX)
}

impl Prover {
    /// A prover with an empty table and `budget` to spend.
    #[must_use]
    pub fn new(budget: Budget) -> Self {
        Self {
            table: Table::default(),
            nodes: 0,
            killers: Vec::new(),
            budget,
            out: false,
        }
    }

    /// Positions visited so far (every attacker and defender node, table hits included).
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Counts one position; `None` once the budget is spent (and from then on).
    fn visit(&mut self) -> Option<()> {
        self.nodes += 1;
        if self.nodes > self.budget.nodes
            || (self.nodes.is_multiple_of(4096)
                && self.budget.stop.as_ref().is_some_and(|stop| stop()))
        {
            self.out = true;
        }
        (!self.out).then_some(())
    }

    fn answer<T>(&self, found: Option<T>) -> Result<T, OutOfBudget> {
        found.ok_or(OutOfBudget { nodes: self.nodes })
    }

    /// Whether the side to move in `pos` can force mate within `n` of its own moves.
    ///
    /// `n = 0` is always `false`; `n` above [`MAX_MATE`] counts as [`MAX_MATE`].
    ///
    /// # Errors
    ///
    /// [`OutOfBudget`] when the budget ran out first (now or before).
    pub fn mates_within(&mut self, pos: &Chess, n: u32) -> Result<bool, OutOfBudget> {
        let n = depth(n);
        if n == 0 {
            return Ok(false);
        }
        let found = if self.out {
            None
        } else {
            self.attack(pos, hash_of(pos), n, 0)
        };
        self.answer(found)
    }

    /// Whether, with the side to move in `pos` defending, the other side mates within `n`
    /// of its own moves whatever the defender plays. A position that is already checkmate
    /// counts as mated (within any `n`, even 0); stalemate counts as escaped.
    ///
    /// # Errors
    ///
    /// [`OutOfBudget`] when the budget ran out first (now or before).
    pub fn defender_lost_within(&mut self, pos: &Chess, n: u32) -> Result<bool, OutOfBudget> {
        if pos.is_checkmate() {
            return Ok(true);
        }
        let n = depth(n);
        if n == 0 {
            return Ok(false);
        }
        let found = if self.out {
            None
        } else {
            self.defend(pos, hash_of(pos), n, 0)
        };
        self.answer(found)
    }

    /// The shortest forced mate for the side to move, within `max_n` moves, by iterative
    /// deepening.
    ///
    /// # Errors
    ///
    /// [`OutOfBudget`] when the budget ran out first.
    pub fn shortest_mate(&mut self, pos: &Chess, max_n: u32) -> Result<Option<u32>, OutOfBudget> {
        for n in 1..=max_n.min(MAX_MATE) {
            if self.mates_within(pos, n)? {
                return Ok(Some(n));
            }
        }
        Ok(None)
    }

    /// With the side to move in `pos` defending: the number of attacker moves the attacker
    /// needs to mate at most (`Some(0)` if `pos` is already checkmate), looking no further than
    /// `max_n`; `None` if the defender escapes that long.
    ///
    /// # Errors
    ///
    /// [`OutOfBudget`] when the budget ran out first.
    pub fn longest_resistance(
        &mut self,
        pos: &Chess,
        max_n: u32,
    ) -> Result<Option<u32>, OutOfBudget> {
        for n in 0..=max_n.min(MAX_MATE) {
            if self.defender_lost_within(pos, n)? {
                return Ok(Some(n));
            }
        }
        Ok(None)
    }

    fn probe(&self, key: u64, n: u8) -> Option<bool> {
        let b = self.table.get(&key)?;
        if b.mate_within != 0 && n >= b.mate_within {
            Some(true)
        } else if n <= b.no_mate_within {
            Some(false)
        } else {
            None
        }
    }

    fn store(&mut self, key: u64, n: u8, mates: bool) {
        if self.table.len() >= TABLE_LIMIT {
            self.table.clear();
        }
        let b = self.table.entry(key).or_default();
        if mates {
            if b.mate_within == 0 || n < b.mate_within {
                b.mate_within = n;
            }
        } else if n > b.no_mate_within {
            b.no_mate_within = n;
        }
    }

    fn killer(&self, ply: usize) -> Option<Move> {
        self.killers.get(ply).copied().flatten()
    }

    fn set_killer(&mut self, ply: usize, m: Move) {
        if self.killers.len() <= ply {
            self.killers.resize(ply + 1, None);
        }
        self.killers[ply] = Some(m);
    }

    /// Attacker to move: can it mate within `n` (≥ 1) moves? `None` when the budget ran out
    /// (then nothing about this position is stored).
    fn attack(&mut self, pos: &Chess, hash: u64, n: u8, ply: usize) -> Option<bool> {
        self.visit()?;
        if let Some(known) = self.probe(hash, n) {
            return Some(known);
        }
        if pos.has_insufficient_material(pos.turn()) {
            self.store(hash, n, false);
            return Some(false);
        }
        let moves = pos.legal_moves();
        let checks = CheckTest::new(pos);
        if n == 1 {
            // Only a check can mate at once.
            for &m in &moves {
                if checks.gives_check(pos, m) {
                    let mut child = pos.clone();
                    child.play_unchecked(m);
                    if no_legal_moves(&child) {
                        self.store(hash, 1, true);
                        return Some(true);
                    }
                }
            }
            self.store(hash, 1, false);
            return Some(false);
        }

        let killer = self.killer(ply);
        let mut ordered: Vec<(i32, Move)> = moves
            .iter()
            .map(|&m| {
                let mut score = 0;
                if checks.gives_check(pos, m) {
                    score += 1000;
                }
                if let Some(captured) = m.capture() {
                    score += 100 + 10 * value(captured) - value(m.role());
                }
                if let Some(promoted) = m.promotion() {
                    score += 50 + 10 * value(promoted);
                }
                if Some(m) == killer {
                    score += 500;
                }
                (score, m)
            })
            .collect();
        // Deterministic: the same input always sorts the same way.
        ordered.sort_unstable_by_key(|c| std::cmp::Reverse(c.0));
        for (_, m) in ordered {
            let (child, child_hash) = play_hashed(pos, hash, m);
            if self.defend(&child, child_hash, n - 1, ply + 1)? {
                self.set_killer(ply, m);
                self.store(hash, n, true);
                return Some(true);
            }
        }
        self.store(hash, n, false);
        Some(false)
    }

    /// Defender to move, attacker to mate within `n` (≥ 1) more moves: does every reply lose?
    /// `None` when the budget ran out (then nothing about this position is stored).
    fn defend(&mut self, pos: &Chess, hash: u64, n: u8, ply: usize) -> Option<bool> {
        self.visit()?;
        let key = hash ^ DEFENDER_SALT;
        if let Some(known) = self.probe(key, n) {
            return Some(known);
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            // Checkmate was caught by the attacker; no moves and no check is stalemate.
            let mated = pos.is_check();
            self.store(key, n, mated);
            return Some(mated);
        }
        let killer = self.killer(ply);
        let mut ordered: Vec<(i32, Move)> = moves
            .iter()
            .map(|&m| {
                let mut score = 0;
                if Some(m) == killer {
                    score += 10_000;
                }
                if let Some(captured) = m.capture() {
                    score += 1000 + 10 * value(captured) - value(m.role());
                }
                if m.role() == Role::King {
                    score += 500;
                }
                if m.is_promotion() {
                    score += 300;
                }
                (score, m)
            })
            .collect();
        // Pick the best remaining reply each time: usually the first one refutes.
        for i in 0..ordered.len() {
            let mut best = i;
            for j in i + 1..ordered.len() {
                if ordered[j].0 > ordered[best].0 {
                    best = j;
                }
            }
            ordered.swap(i, best);
            let m = ordered[i].1;
            let (child, child_hash) = play_hashed(pos, hash, m);
            if !self.attack(&child, child_hash, n, ply + 1)? {
                self.set_killer(ply, m);
                self.store(key, n, false);
                return Some(false);
            }
        }
        self.store(key, n, true);
        Some(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Chess {
        crate::rules::parse_fen(fen).unwrap()
    }

    #[test]
    fn back_rank_mate_in_one() {
        let p = pos("6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1");
        let mut prover = Prover::new(Budget::TUTOR);
        assert_eq!(prover.shortest_mate(&p, 4), Ok(Some(1)));
        assert!(prover.nodes() > 0);
    }

    #[test]
    fn lone_king_never_mates() {
        let p = pos("8/8/8/4k3/8/8/8/4K3 w - - 0 1");
        assert_eq!(Prover::new(Budget::TUTOR).shortest_mate(&p, 3), Ok(None));
    }

    #[test]
    fn stalemate_is_not_mate() {
        // Black to move has no move and is not in check.
        let p = pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
        assert_eq!(
            Prover::new(Budget::TUTOR).defender_lost_within(&p, 3),
            Ok(false)
        );
        let mated = pos("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
        assert_eq!(
            Prover::new(Budget::TUTOR).defender_lost_within(&mated, 0),
            Ok(true)
        );
    }

    #[test]
    fn table_answers_agree_with_fresh_search() {
        let p = pos("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
        let mut warm = Prover::new(Budget::TUTOR);
        assert_eq!(warm.shortest_mate(&p, 2), Ok(Some(1)));
        for n in 1..=2 {
            assert_eq!(
                warm.mates_within(&p, n),
                Prover::new(Budget::TUTOR).mates_within(&p, n)
            );
        }
    }

    #[test]
    fn gives_check_agrees_with_playing_the_move() {
        let fens = [
            "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
            "4k3/8/8/8/1b6/8/3B4/4K2R w K - 0 1",
            "5k2/8/8/8/8/8/8/R3K2R w KQ - 0 1",
            "3k4/8/8/8/8/8/3B4/3RK3 w - - 0 1",
            "8/8/8/K2pP2q/8/8/8/7k w - d6 0 1",
            "k7/4P3/8/8/8/8/8/4K3 w - - 0 1",
            "4k3/8/8/8/8/8/8/1R2K3 w - - 0 1",
            "8/8/8/8/8/8/4p3/k3K1Q1 b - - 0 1",
            "7k/8/5N2/8/3B4/8/8/K7 w - - 0 1",
            "6k1/8/8/3R4/8/8/8/K2Q4 w - - 0 1",
        ];
        for fen in fens {
            let p = pos(fen);
            for m in p.legal_moves() {
                let mut child = p.clone();
                child.play_unchecked(m);
                let test = CheckTest::new(&p);
                assert_eq!(test.gives_check(&p, m), child.is_check(), "{fen} {m:?}");
            }
        }
    }

    #[test]
    fn gives_check_agrees_along_random_games() {
        // A fixed linear congruential sequence picks the moves: repeatable, no dependency.
        let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
        let mut tested = 0;
        for _game in 0..40 {
            let mut p = Chess::default();
            for _ply in 0..120 {
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let test = CheckTest::new(&p);
                for &m in &moves {
                    let mut child = p.clone();
                    child.play_unchecked(m);
                    assert_eq!(test.gives_check(&p, m), child.is_check(), "{m:?}");
                    tested += 1;
                }
                seed = seed
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                let pick = usize::try_from(seed >> 33).unwrap() % moves.len();
                p.play_unchecked(moves[pick]);
            }
        }
        assert!(tested > 10_000);
    }

    #[test]
    fn zero_moves_never_mate() {
        let p = pos("6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1");
        assert_eq!(Prover::new(Budget::TUTOR).mates_within(&p, 0), Ok(false));
    }

    /// `solve --mate 8` on a middlegame ran for hours: the budget now answers.
    #[test]
    fn a_long_mate_on_a_rich_position_runs_out_of_budget_and_says_so() {
        let rich = pos("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
        let mut prover = Prover::new(Budget::nodes(50_000));
        let out = prover.shortest_mate(&rich, 8).unwrap_err();
        assert!(out.nodes > 50_000 && out.nodes <= 50_001, "{out:?}");
        // Spent is spent: later questions are answered the same way, even easy ones.
        assert!(prover.mates_within(&rich, 1).is_err());
        // A caller's stop is heard too.
        let mut stopped = Prover::new(Budget::nodes(u64::MAX).or_when(|| true));
        assert!(stopped.shortest_mate(&rich, 8).is_err());
        assert!(stopped.nodes() <= 4096);
    }

    /// Nothing half-searched is stored: a prover that ran out answers like a fresh one when
    /// given a new budget's worth of table (the proven bounds it kept stay true).
    #[test]
    fn running_out_stores_nothing_false() {
        let p = pos("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
        for budget in [10, 50, 200, 1_000, 5_000] {
            let mut small = Prover::new(Budget::nodes(budget));
            let _ = small.shortest_mate(&p, 3);
            let table = std::mem::take(&mut small.table);
            let mut reused = Prover::new(Budget::TUTOR);
            reused.table = table;
            assert_eq!(reused.shortest_mate(&p, 3), Ok(Some(1)), "{budget}");
            assert_eq!(
                reused.mates_within(&p, 1),
                Prover::new(Budget::TUTOR).mates_within(&p, 1)
            );
        }
    }
}
