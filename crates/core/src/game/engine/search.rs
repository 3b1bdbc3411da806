//! The search: alpha-beta (principal variation search) deepened one ply at a time, captures
//! followed to the end (quiescence), moves ordered best-guess first (the table's move, captures
//! by most valuable victim and least valuable attacker, killer moves, then quiet moves by the
//! square they reach), a small transposition table, and a position met again on the line or in
//! the game, or the fiftieth quiet move, counted as a draw.
//!
//! The work is bounded by a depth and a node budget, never by a clock, so the same position
//! and limits always give the same move. At the root each move's score gets a fixed nudge (the
//! level's noise), drawn from the seed, and the search still finds the move with the best
//! nudged score exactly.

use shakmaty::zobrist::Zobrist64;
use shakmaty::{Chess, EnPassantMode, Move, Position, Role};

use super::eval::{evaluate, square_gain, value};

/// The score of a mate on the board; a mate in `n` plies scores `MATE - n`.
pub const MATE: i32 = 30_000;
const INF: i32 = 32_000;
/// Scores beyond this are mates.
const MATE_BOUND: i32 = MATE - 2 * MAX_PLY as i32;
const MAX_PLY: usize = 64;
/// How many captures in a row the quiescence search follows.
const MAX_QUIESCENCE: u8 = 12;

/// What one search may do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The full-width depth, in plies (at least 1).
    pub depth: u8,
    /// The most nodes the search visits; past it the deepest finished answer stands.
    pub nodes: u64,
    /// Whether captures are followed past the depth (without it the level looks no further
    /// than its depth and leaves pieces hanging).
    pub quiescence: bool,
    /// The largest nudge, in centipawns, added to a root move's score.
    pub noise: i32,
    /// Where the nudges come from.
    pub noise_seed: u64,
}

/// What a search did and found.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    /// Nodes visited.
    pub nodes: u64,
    /// The deepest iteration that finished (or that gave the move).
    pub depth: u8,
    /// The chosen move's score for the side to move, without its nudge (centipawns; mates
    /// near ±[`MATE`]).
    pub score: i32,
}

/// The position's key: its Zobrist hash (the same number the search computes move by move).
#[must_use]
pub fn key(pos: &Chess) -> u64 {
    pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
}

fn key_after(pos: &Chess, key: u64, m: Move, child: &Chess) -> u64 {
    pos.update_zobrist_hash(Zobrist64(key), m, EnPassantMode::Legal)
        .map_or_else(|| self::key(child), |z| z.0)
}

/// The splitmix64 step: a small, good-enough source of numbers from a seed.
#[must_use]
pub fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn move_code(m: Move) -> u64 {
    let from = m.from().map_or(64, |s| s.to_u32() as u64);
    let to = m.to().to_u32() as u64;
    let promotion = m.promotion().map_or(0, |r| r as u64);
    from | (to << 7) | (promotion << 14) | ((m.role() as u64) << 18)
}

/// The fixed nudge of a root move, in `-noise..=noise`.
fn nudge(limits: &Limits, m: Move) -> i32 {
    if limits.noise <= 0 {
        return 0;
    }
    let mut state = limits.noise_seed ^ move_code(m).wrapping_mul(0x2545_F491_4F6C_DD1D);
    let span = 2 * limits.noise as u64 + 1;
    (splitmix64(&mut state) % span) as i32 - limits.noise
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Debug, Clone, Copy)]
struct Entry {
    key: u64,
    mv: Option<Move>,
    score: i32,
    depth: i8,
    bound: Bound,
}

/// The rank of a piece for move ordering (pawn 1 to king 6).
fn rank(role: Role) -> i32 {
    role as i32
}

struct Searcher<'a> {
    limits: &'a Limits,
    nodes: u64,
    stopped: bool,
    table: Vec<Option<Entry>>,
    killers: [[Option<Move>; 2]; MAX_PLY],
    /// The keys of the game's earlier positions, then of the line being searched.
    line: Vec<u64>,
    /// The move ordering's buffer (each move with its guess), kept from node to node.
    scored: Vec<(i32, Move)>,
}

impl Searcher<'_> {
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.limits.nodes {
            self.stopped = true;
        }
        self.stopped
    }

    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.table.len() - 1)
    }

    fn probe(&self, key: u64) -> Option<Entry> {
        self.table[self.slot(key)].filter(|e| e.key == key)
    }

    fn store(&mut self, key: u64, entry: Entry) {
        let slot = self.slot(key);
        if self.table[slot].is_none_or(|old| old.key != key || old.depth <= entry.depth) {
            self.table[slot] = Some(entry);
        }
    }

    /// Whether the position (its key) stood on the board before, with the same side to move,
    /// since the last capture or pawn move.
    fn repeated(&self, key: u64, halfmoves: u32) -> bool {
        let n = self.line.len();
        let reach = (halfmoves as usize).min(n);
        (2..=reach)
            .step_by(2)
            .any(|back| self.line[n - back] == key)
    }

    /// Sorts the moves best first by the ordering's guess; equal guesses keep the generator's
    /// order (a stable sort), so the search visits the same nodes in the same order every
    /// time. Each move's guess is made once, in a buffer the search keeps: this runs at every
    /// node.
    fn order(&mut self, pos: &Chess, moves: &mut [Move], best: Option<Move>, ply: usize) {
        let killers = self.killers.get(ply).copied().unwrap_or([None; 2]);
        let turn = pos.turn();
        self.scored.clear();
        self.scored.extend(moves.iter().map(|&m| {
            let s = if Some(m) == best {
                1_000_000
            } else if let Some(victim) = m.capture() {
                100_000 + 16 * rank(victim) - rank(m.role())
            } else if m.promotion() == Some(Role::Queen) {
                90_000
            } else if Some(m) == killers[0] {
                80_000
            } else if Some(m) == killers[1] {
                79_000
            } else {
                match m.from() {
                    Some(from) => square_gain(m.role(), turn, from, m.to()),
                    None => 50,
                }
            };
            (s, m)
        }));
        self.scored.sort_by_key(|(s, _)| -s);
        for (slot, (_, m)) in moves.iter_mut().zip(&self.scored) {
            *slot = *m;
        }
    }

    fn negamax(
        &mut self,
        pos: &Chess,
        key: u64,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        if self.tick() {
            return 0;
        }
        if pos.halfmoves() >= 100
            || self.repeated(key, pos.halfmoves())
            || pos.is_insufficient_material()
        {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return evaluate(pos);
        }
        let in_check = pos.is_check();
        let depth = if in_check { depth.max(1) } else { depth };
        if depth <= 0 {
            return if self.limits.quiescence {
                self.quiescence(pos, ply, alpha, beta, 0)
            } else if pos.legal_moves().is_empty() {
                // Not in check (that extends the depth): stalemate.
                0
            } else {
                evaluate(pos)
            };
        }

        let entry = self.probe(key);
        if let Some(e) = entry
            && i32::from(e.depth) >= depth
        {
            let score = from_table(e.score, ply);
            match e.bound {
                Bound::Exact => return score,
                Bound::Lower if score >= beta => return score,
                Bound::Upper if score <= alpha => return score,
                _ => {}
            }
        }

        let mut moves = pos.legal_moves();
        if moves.is_empty() {
            return if in_check { -(MATE - ply as i32) } else { 0 };
        }
        self.order(pos, &mut moves, entry.and_then(|e| e.mv), ply);

        self.line.push(key);
        let alpha_start = alpha;
        let mut best = -INF;
        let mut best_move = None;
        for (i, &m) in moves.iter().enumerate() {
            let mut child = pos.clone();
            child.play_unchecked(m);
            let child_key = key_after(pos, key, m, &child);
            let quiet = !m.is_capture() && !m.is_promotion();
            let score = if i == 0 {
                -self.negamax(&child, child_key, depth - 1, ply + 1, -beta, -alpha)
            } else {
                let reduce = depth >= 3 && i >= 3 && quiet && !in_check && !child.is_check();
                let mut s = -self.negamax(
                    &child,
                    child_key,
                    depth - 1 - i32::from(reduce),
                    ply + 1,
                    -alpha - 1,
                    -alpha,
                );
                if s > alpha && reduce && !self.stopped {
                    s = -self.negamax(&child, child_key, depth - 1, ply + 1, -alpha - 1, -alpha);
                }
                if s > alpha && s < beta && !self.stopped {
                    s = -self.negamax(&child, child_key, depth - 1, ply + 1, -beta, -alpha);
                }
                s
            };
            if self.stopped {
                self.line.pop();
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(m);
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                if quiet && ply < MAX_PLY && self.killers[ply][0] != Some(m) {
                    self.killers[ply][1] = self.killers[ply][0];
                    self.killers[ply][0] = Some(m);
                }
                break;
            }
        }
        self.line.pop();

        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha_start {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.store(
            key,
            Entry {
                key,
                mv: best_move,
                score: to_table(best, ply),
                depth: depth.min(i32::from(i8::MAX)) as i8,
                bound,
            },
        );
        best
    }

    /// Captures (and queen promotions) only, until the position is quiet; every reply when in
    /// check.
    fn quiescence(&mut self, pos: &Chess, ply: usize, mut alpha: i32, beta: i32, q: u8) -> i32 {
        if self.tick() {
            return 0;
        }
        if ply >= MAX_PLY - 1 || q >= MAX_QUIESCENCE {
            return evaluate(pos);
        }
        let in_check = pos.is_check();
        let mut legal = pos.legal_moves();
        if in_check && legal.is_empty() {
            return -(MATE - ply as i32);
        }
        let mut best = -INF;
        if !in_check {
            let stand = evaluate(pos);
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
            legal.retain(|m| {
                m.capture()
                    .is_some_and(|victim| stand + value(victim) + 200 > alpha)
                    || m.promotion() == Some(Role::Queen)
            });
        }
        self.order(pos, &mut legal, None, MAX_PLY);
        for m in legal {
            let mut child = pos.clone();
            child.play_unchecked(m);
            let score = -self.quiescence(&child, ply + 1, -beta, -alpha, q + 1);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }
}

/// A mate score as the table keeps it: counted from the node, not from the root.
fn to_table(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_table(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// The best move in `pos` within `limits` (its nudged score the highest), and what the search
/// did; `earlier` holds the keys of the game's positions before `pos`, oldest first, so a move
/// back into one of them counts as a draw. `None` when there is no legal move.
#[must_use]
pub fn search(pos: &Chess, earlier: &[u64], limits: &Limits) -> Option<(Move, Stats)> {
    let mut legal = pos.legal_moves();
    let first = *legal.first()?;
    let root_key = key(pos);
    let table_size = (limits.nodes.clamp(1024, 1 << 16) as usize).next_power_of_two();
    let mut searcher = Searcher {
        limits,
        nodes: 0,
        stopped: false,
        table: vec![None; table_size],
        killers: [[None; 2]; MAX_PLY],
        line: earlier.to_vec(),
        scored: Vec::new(),
    };
    searcher.order(pos, &mut legal, None, 0);
    let children: Vec<(Move, Chess, u64, i32)> = legal
        .into_iter()
        .map(|m| {
            let mut child = pos.clone();
            child.play_unchecked(m);
            let k = key_after(pos, root_key, m, &child);
            (m, child, k, nudge(limits, m))
        })
        .collect();
    let mut order: Vec<usize> = (0..children.len()).collect();

    let mut best = (first, Stats::default());
    searcher.line.push(root_key);
    for depth in 1..=i32::from(limits.depth.max(1)) {
        // (index into children, nudged score, score)
        let mut found: Option<(usize, i32, i32)> = None;
        for &i in &order {
            let (_, child, child_key, nudge) = &children[i];
            let score = match found {
                None => -searcher.negamax(child, *child_key, depth - 1, 1, -INF, INF),
                Some((_, best_nudged, _)) => {
                    let alpha = (best_nudged - nudge).clamp(-INF + 1, INF - 1);
                    let s = -searcher.negamax(child, *child_key, depth - 1, 1, -alpha - 1, -alpha);
                    if s > alpha && !searcher.stopped {
                        -searcher.negamax(child, *child_key, depth - 1, 1, -INF, -alpha)
                    } else {
                        s
                    }
                }
            };
            if searcher.stopped {
                break;
            }
            if found.is_none_or(|(_, best_nudged, _)| score + nudge > best_nudged) {
                found = Some((i, score + nudge, score));
            }
        }
        if let Some((i, _, score)) = found {
            best = (
                children[i].0,
                Stats {
                    nodes: 0,
                    depth: depth as u8,
                    score,
                },
            );
            order.retain(|&j| j != i);
            order.insert(0, i);
            if score.abs() > MATE_BOUND && !searcher.stopped {
                break;
            }
        }
        if searcher.stopped {
            break;
        }
    }
    best.1.nodes = searcher.nodes;
    Some(best)
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::fen::Fen;

    fn pos(fen: &str) -> Chess {
        crate::rules::parse_fen(fen).unwrap()
    }

    fn uci(m: Move) -> String {
        crate::rules::notation::uci(m).to_string()
    }

    fn limits(depth: u8) -> Limits {
        Limits {
            depth,
            nodes: 200_000,
            quiescence: true,
            noise: 0,
            noise_seed: 0,
        }
    }

    #[test]
    fn the_incremental_key_is_the_key_from_scratch() {
        let mut state = 7;
        for _ in 0..20 {
            let mut p = Chess::default();
            let mut k = key(&p);
            for _ in 0..80 {
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves[(splitmix64(&mut state) % moves.len() as u64) as usize];
                let mut child = p.clone();
                child.play_unchecked(m);
                k = key_after(&p, k, m, &child);
                p = child;
                assert_eq!(
                    k,
                    key(&p),
                    "{}",
                    Fen::from_position(&p, EnPassantMode::Legal)
                );
            }
        }
    }

    #[test]
    fn finds_a_back_rank_mate() {
        let p = pos("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
        let (m, stats) = search(&p, &[], &limits(3)).unwrap();
        assert_eq!(uci(m), "a1a8");
        assert_eq!(stats.score, MATE - 1);
    }

    #[test]
    fn finds_a_mate_in_two() {
        // The rook roller: 1. Ra7 Kg8 2. Rb8#.
        let p = pos("7k/8/8/8/8/8/R7/1R4K1 w - - 0 1");
        let (m, stats) = search(&p, &[], &limits(4)).unwrap();
        assert_eq!(stats.score, MATE - 3, "{}", uci(m));
    }

    #[test]
    fn takes_a_hanging_queen() {
        let p = pos("rnb1kbnr/pppp1ppp/8/4p1q1/4P3/3P4/PPP2PPP/RNBQKBNR w KQkq - 1 3");
        let (m, _) = search(&p, &[], &limits(3)).unwrap();
        assert_eq!(uci(m), "c1g5");
    }

    #[test]
    fn does_not_take_a_defended_pawn_with_the_queen() {
        // The pawn on d5 is defended by the e6 pawn: Qxd5?? exd5.
        let p = pos("rnbqkbnr/ppp2ppp/4p3/3p4/8/5Q2/PPPPPPPP/RNB1KBNR w KQkq - 0 3");
        let (m, _) = search(&p, &[], &limits(2)).unwrap();
        assert_ne!(uci(m), "f3d5");
    }

    #[test]
    fn without_quiescence_a_shallow_search_grabs_a_defended_pawn() {
        let p = pos("rnbqkbnr/ppp2ppp/4p3/3p4/8/5Q2/PPPPPPPP/RNB1KBNR w KQkq - 0 3");
        let shallow = Limits {
            quiescence: false,
            ..limits(1)
        };
        let (m, _) = search(&p, &[], &shallow).unwrap();
        assert_eq!(uci(m), "f3d5");
    }

    #[test]
    fn a_shallow_search_does_not_stalemate_a_lone_king() {
        // Qf7?? and Qg6?? stalemate the king on h8; one ply without quiescence sees it.
        let p = pos("7k/8/5K2/8/8/8/8/6Q1 w - - 0 1");
        let shallow = Limits {
            quiescence: false,
            ..limits(1)
        };
        for seed in 0..20 {
            let l = Limits {
                noise: 200,
                noise_seed: seed,
                ..shallow
            };
            let (m, _) = search(&p, &[], &l).unwrap();
            let mut after = p.clone();
            after.play_unchecked(m);
            assert!(!after.is_stalemate(), "{}", uci(m));
        }
    }

    #[test]
    fn the_node_budget_holds() {
        let p = pos("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
        let tight = Limits {
            nodes: 3_000,
            ..limits(20)
        };
        let (m, stats) = search(&p, &[], &tight).unwrap();
        assert!(stats.nodes <= 3_000, "{}", stats.nodes);
        assert!(stats.depth >= 2, "{}", stats.depth);
        assert!(p.is_legal(m));
    }

    #[test]
    fn a_move_back_into_an_earlier_position_is_a_draw() {
        let p = pos("4k3/8/8/8/8/8/8/R3K3 w - - 60 80");
        let (_, alone) = search(&p, &[], &limits(2)).unwrap();
        assert!(alone.score > 300, "{}", alone.score);
        // Every move leads back to a position of the game (black to move in each): all draws.
        let mut earlier = Vec::new();
        for &m in &p.legal_moves() {
            let mut child = p.clone();
            child.play_unchecked(m);
            earlier.push(1);
            earlier.push(key(&child));
        }
        let (_, repeated) = search(&p, &earlier, &limits(2)).unwrap();
        assert_eq!(repeated.score, 0);
    }

    #[test]
    fn the_nudge_stays_within_the_noise() {
        let p = Chess::default();
        let l = Limits {
            noise: 30,
            noise_seed: 99,
            ..limits(1)
        };
        let nudges: Vec<i32> = p.legal_moves().iter().map(|&m| nudge(&l, m)).collect();
        assert!(nudges.iter().all(|n| (-30..=30).contains(n)));
        assert!(nudges.iter().any(|&n| n != nudges[0]));
    }

    #[test]
    fn the_nudged_choice_is_the_best_nudged_score_of_a_full_search() {
        // Check the windowed root against scoring every move with a full window.
        let p = pos("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
        for seed in 0..6 {
            let l = Limits {
                noise: 40,
                noise_seed: seed,
                quiescence: false,
                ..limits(2)
            };
            let (m, stats) = search(&p, &[], &l).unwrap();
            let mut best = (-INF, None);
            for &c in &p.legal_moves() {
                let mut child = p.clone();
                child.play_unchecked(c);
                let exact = Limits {
                    quiescence: false,
                    ..limits(1)
                };
                let score = match search(&child, &[], &exact) {
                    Some((_, s)) => -s.score,
                    None if child.is_checkmate() => MATE - 1,
                    None => 0,
                } + nudge(&l, c);
                if score > best.0 {
                    best = (score, Some(c));
                }
            }
            assert_eq!(Some(m), best.1, "seed {seed}: {} {}", uci(m), stats.score);
        }
    }
}
