//! The tutor as an opponent: a shallow alpha-beta search with a small evaluation, played at
//! one of eight [`Level`]s, from a beginner who has just learnt the moves to a club player.
//!
//! The choice is deterministic: the same position, level and seed give the same move, so the
//! tutor stays a pure function of its inputs. No clock: the work of a reply is bounded by a
//! depth and a node budget ([`Style`]), and chance comes from the seed alone (splitmix64).
//!
//! - [`eval`]: material, piece-square tables, the push of a lone king to the edge.
//! - [`search`]: alpha-beta with quiescence, move ordering and a transposition table.
//! - [`level`]: each level's depth, noise and blunders.

pub mod eval;
pub mod level;
pub mod search;

use shakmaty::{Chess, Move, Position};

pub use level::{Blunder, Level, LevelError, Style};

/// The tutor's move in `pos` at `level`; `seed` decides between moves the level finds equal
/// and when it blunders. `None` when there is no legal move.
#[must_use]
pub fn reply(pos: &Chess, level: Level, seed: u64) -> Option<Move> {
    reply_with_stats(pos, &[], level, seed).map(|r| r.mv)
}

/// A reply and how it was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reply {
    /// The move.
    pub mv: Move,
    /// Whether this was one of the level's deliberate blunders.
    pub blundered: bool,
    /// What the search did (all zero for a random blunder or a forced move).
    pub stats: search::Stats,
}

/// The tutor's move in `pos` at `level`, with how it was found. `earlier` holds the game's
/// positions before `pos` (oldest first; those since the last capture or pawn move are
/// enough): a move back into one of them counts as a draw. The same arguments always give the
/// same reply. `None` when there is no legal move.
#[must_use]
pub fn reply_with_stats(pos: &Chess, earlier: &[Chess], level: Level, seed: u64) -> Option<Reply> {
    reply_with_style(
        pos,
        earlier,
        &level.style(),
        seed ^ u64::from(level.number()).wrapping_mul(0xA076_1D64_78BD_642F),
    )
}

/// [`reply_with_stats`] with settings of one's own instead of a level's (to try settings out,
/// as the strength bench does).
#[must_use]
pub fn reply_with_style(pos: &Chess, earlier: &[Chess], style: &Style, seed: u64) -> Option<Reply> {
    let legal = pos.legal_moves();
    let first = *legal.first()?;
    if legal.len() == 1 {
        return Some(Reply {
            mv: first,
            blundered: false,
            stats: search::Stats::default(),
        });
    }
    // The seed and the position together: a caller that passes one seed for a whole game
    // still gets its blunders spread over the game.
    let mut state = seed ^ search::key(pos).rotate_left(23);
    let roll = search::splitmix64(&mut state) % 1000;
    let noise_seed = search::splitmix64(&mut state);
    let blundered = roll < u64::from(style.blunders_per_mille);
    let limits = match (blundered, style.blunder) {
        (true, Blunder::AnyMove) => {
            let i = (search::splitmix64(&mut state) % legal.len() as u64) as usize;
            return Some(Reply {
                mv: legal[i],
                blundered,
                stats: search::Stats::default(),
            });
        }
        (true, Blunder::Careless) => search::Limits {
            depth: 1,
            nodes: style.nodes,
            quiescence: false,
            noise: level::CARELESS_NOISE,
            noise_seed,
        },
        (false, _) => search::Limits {
            depth: style.depth,
            nodes: style.nodes,
            quiescence: style.quiescence,
            noise: style.noise,
            noise_seed,
        },
    };
    let earlier: Vec<u64> = earlier.iter().map(search::key).collect();
    let (mv, stats) = search::search(pos, &earlier, &limits)?;
    Some(Reply {
        mv,
        blundered,
        stats,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Chess {
        crate::rules::parse_fen(fen).unwrap()
    }

    fn uci(m: Move) -> String {
        crate::rules::notation::uci(m).to_string()
    }

    /// Positions reached by random play from the start, `n` of them, with their seeds.
    fn random_positions(n: usize) -> Vec<Chess> {
        let mut state = 12345;
        let mut out = Vec::new();
        while out.len() < n {
            let mut p = Chess::default();
            let plies = search::splitmix64(&mut state) % 120;
            for _ in 0..plies {
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves[(search::splitmix64(&mut state) % moves.len() as u64) as usize];
                p.play_unchecked(m);
            }
            out.push(p);
        }
        out
    }

    #[test]
    fn a_level_parses_back_from_its_text() {
        for level in Level::ALL {
            assert_eq!(level.to_string().parse::<Level>(), Ok(level));
        }
        assert_eq!(" 3 ".parse::<Level>(), Ok(Level::new(3).unwrap()));
        assert_eq!("0".parse::<Level>(), Err(LevelError));
        assert_eq!("9".parse::<Level>(), Err(LevelError));
        assert_eq!("two".parse::<Level>(), Err(LevelError));
        assert_eq!(Level::new(9), None);
        assert_eq!(Level::LOWEST.number(), 1);
        assert_eq!(Level::HIGHEST.number(), 8);
    }

    #[test]
    fn the_same_position_level_and_seed_give_the_same_move() {
        for (i, p) in random_positions(30).iter().enumerate() {
            for level in [Level::LOWEST, Level::new(4).unwrap(), Level::HIGHEST] {
                let seed = i as u64 * 7919;
                assert_eq!(reply(p, level, seed), reply(p, level, seed));
            }
        }
    }

    /// The search's exact work, pinned: a change meant only to make the engine faster (the
    /// evaluation's tables, the move ordering's kept buffer) must choose the same moves after
    /// the same nodes, or games and the strength figures would silently change. The snapshot
    /// was written by the engine before those changes.
    #[test]
    fn the_search_visits_the_same_nodes_and_chooses_the_same_moves() {
        let lines: Vec<String> = random_positions(24)
            .iter()
            .enumerate()
            .flat_map(|(i, p)| {
                [Level::new(5).unwrap(), Level::HIGHEST].map(|level| {
                    match reply_with_stats(p, &[], level, i as u64) {
                        Some(r) => format!(
                            "{} L{}: {} nodes {} depth {} score {}",
                            i,
                            level.number(),
                            r.mv.to_uci(shakmaty::CastlingMode::Standard),
                            r.stats.nodes,
                            r.stats.depth,
                            r.stats.score
                        ),
                        None => format!("{i} L{}: none", level.number()),
                    }
                })
            })
            .collect();
        insta::assert_snapshot!(lines.join("\n"));
    }

    #[test]
    fn the_seed_changes_the_lowest_levels_choice() {
        let p = Chess::default();
        let moves: std::collections::BTreeSet<String> = (0..40)
            .filter_map(|seed| reply(&p, Level::LOWEST, seed))
            .map(uci)
            .collect();
        assert!(moves.len() >= 4, "{moves:?}");
    }

    #[test]
    fn every_level_plays_a_legal_move_when_there_is_one() {
        for (i, p) in random_positions(120).iter().enumerate() {
            let level = Level::ALL[i % 8];
            match reply(p, level, i as u64) {
                Some(m) => assert!(p.is_legal(m), "{level}: {}", uci(m)),
                None => assert!(p.legal_moves().is_empty()),
            }
        }
    }

    #[test]
    fn there_is_no_reply_when_the_game_is_over() {
        let mated = pos("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
        assert_eq!(reply(&mated, Level::HIGHEST, 0), None);
        let stalemate = pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
        assert_eq!(reply(&stalemate, Level::LOWEST, 0), None);
    }

    #[test]
    fn from_level_three_up_a_mate_in_one_is_played() {
        let p = pos("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
        for level in &Level::ALL[2..] {
            for seed in 0..25 {
                let m = reply(&p, *level, seed).unwrap();
                assert_eq!(uci(m), "a1a8", "level {level} seed {seed}");
            }
        }
    }

    #[test]
    fn the_top_level_wins_a_hanging_queen() {
        let p = pos("rnb1kbnr/pppp1ppp/8/4p1q1/4P3/3P4/PPP2PPP/RNBQKBNR w KQkq - 1 3");
        for seed in 0..10 {
            assert_eq!(uci(reply(&p, Level::HIGHEST, seed).unwrap()), "c1g5");
        }
    }

    /// Whether the side that just moved left a piece where the other side wins it for nothing
    /// (a capture by a cheaper piece, or of a piece nobody defends), by a two-ply look.
    fn hangs_something(after: &Chess) -> bool {
        after.legal_moves().iter().any(|&m| {
            let Some(victim) = m.capture() else {
                return false;
            };
            if eval::value(victim) > eval::value(m.role()) {
                return true;
            }
            let mut next = after.clone();
            next.play_unchecked(m);
            !next.legal_moves().iter().any(|r| r.to() == m.to()) && victim != shakmaty::Role::Pawn
        })
    }

    #[test]
    fn the_lowest_level_sometimes_leaves_a_piece_hanging_and_the_top_level_rarely() {
        // A quiet middlegame where every piece is safe.
        let positions = [
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
            "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 1 5",
            "rnbqkb1r/ppp2ppp/4pn2/3p4/2PP4/2N5/PP2PPPP/R1BQKBNR w KQkq - 0 4",
        ];
        let mut low = 0;
        let mut high = 0;
        let mut tries = 0;
        for fen in positions {
            let p = pos(fen);
            for seed in 0..60 {
                tries += 1;
                for (level, count) in [(Level::LOWEST, &mut low), (Level::HIGHEST, &mut high)] {
                    let m = reply(&p, level, seed).unwrap();
                    let mut after = p.clone();
                    after.play_unchecked(m);
                    if hangs_something(&after) {
                        *count += 1;
                    }
                }
            }
        }
        assert!(
            low * 10 >= tries,
            "level 1 hung something {low} times in {tries}"
        );
        assert!(
            high * 20 <= tries,
            "level 8 hung something {high} times in {tries}"
        );
        assert!(low > 3 * high, "{low} vs {high}");
    }

    #[test]
    fn a_blunder_comes_up_at_about_the_level_s_rate() {
        let positions = random_positions(400);
        let level = Level::LOWEST;
        let blunders = positions
            .iter()
            .enumerate()
            .filter_map(|(i, p)| reply_with_stats(p, &[], level, i as u64))
            .filter(|r| r.blundered)
            .count();
        let rate = level.style().blunders_per_mille as usize;
        // About 400 * rate / 1000, give or take a wide margin (forced moves never blunder).
        assert!(blunders * 1000 >= 400 * rate / 2, "{blunders}");
        assert!(blunders * 1000 <= 400 * rate * 3 / 2, "{blunders}");
        let top = positions
            .iter()
            .enumerate()
            .filter_map(|(i, p)| reply_with_stats(p, &[], Level::HIGHEST, i as u64))
            .filter(|r| r.blundered)
            .count();
        assert_eq!(top, 0);
    }
}
