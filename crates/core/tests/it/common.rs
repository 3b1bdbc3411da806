//! Helpers shared by integration tests.
#![allow(dead_code)]

use shakmaty::{Chess, Position};

/// A tiny deterministic PRNG (xorshift64*), so tests need no clock and no global RNG.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A position reached by `plies` random legal moves from the start (stopping early at game end).
pub fn random_position(rng: &mut Rng, plies: usize) -> Chess {
    let mut pos = Chess::default();
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len())];
        pos.play_unchecked(mv);
    }
    pos
}
