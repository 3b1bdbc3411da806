//! The generator and the positions it asks about: random legal play from a start position, and
//! random set-ups of a few pieces.

use shakmaty::{
    Board, CastlingMode, Chess, Color, FromSetup, Piece, Position, Rank, Role, Setup, Square,
};

use super::rng::Rng;
use crate::rules;

/// A FEN given to [`Generator::with_fens`] that is not a legal position.
#[derive(Debug, Clone, thiserror::Error)]
#[error("{fen}: {source}")]
pub struct StartError {
    /// The FEN as given.
    pub fen: String,
    /// Why it does not read.
    pub source: rules::FenError,
}

/// Makes position questions from a seed. Also an endless [`Iterator`] over mixed topics.
#[derive(Debug, Clone)]
pub struct Generator {
    pub(super) seed: u64,
    pub(super) rng: Rng,
    pub(super) index: u64,
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
    /// The first FEN that is not a legal position, with the referee's reason as its source.
    pub fn with_fens<S: AsRef<str>>(seed: u64, fens: &[S]) -> Result<Self, StartError> {
        let starts = fens
            .iter()
            .map(|f| {
                rules::parse_fen(f.as_ref()).map_err(|source| StartError {
                    fen: f.as_ref().to_owned(),
                    source,
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Self::with_positions(seed, starts))
    }

    /// A start position for random play.
    pub(super) fn start(&mut self) -> Chess {
        self.rng.pick(&self.starts).cloned().unwrap_or_default()
    }

    /// Random legal play from a start position, `min..max` plies, stopping before the game
    /// ends.
    pub(super) fn random_game(&mut self, min: usize, max: usize) -> Chess {
        let mut pos = self.start();
        let plies = min + self.rng.below(max.saturating_sub(min).max(1));
        for _ in 0..plies {
            let moves = pos.legal_moves();
            let Some(m) = self.rng.pick(&moves).copied() else {
                break;
            };
            let next = rules::after(&pos, m);
            if next.legal_moves().is_empty() {
                break;
            }
            pos = next;
        }
        pos
    }

    /// A random legal position with the kings and the given pieces.
    pub(super) fn random_setup(&mut self, pieces: &[Piece], turn: Color) -> Option<Chess> {
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::generate::Topic;

    #[test]
    fn fens_are_checked() {
        assert!(Generator::with_fens(1, &["not a fen"]).is_err());
        let mut g = Generator::with_fens(1, &["r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"]).unwrap();
        assert!(g.item(Topic::MoveLegal).verify().is_ok());
    }
}
