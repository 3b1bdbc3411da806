//! An item's board: its FEN, and the moves played from it before the question.

use serde_saphyr::Spanned;

use super::checker::{Checker, line_of};
use super::claim::{self, Situation};
use super::item::QuizBoard;

impl Checker<'_> {
    pub(super) fn board(
        &mut self,
        fen: Option<&Spanned<String>>,
        moves: Option<&Spanned<Vec<Spanned<String>>>>,
    ) -> Option<QuizBoard> {
        let Some(fen) = fen else {
            if let Some(m) = moves {
                self.problem(line_of(m), "`moves` without a `fen` to play them from");
            }
            return None;
        };
        let pos = match claim::read_fen(&fen.value) {
            Ok(p) => p,
            Err(e) => {
                self.problem(line_of(fen), e.to_string());
                return None;
            }
        };
        let mut situation = Situation::new(pos);
        let mut played = Vec::new();
        for m in moves.map(|m| m.value.as_slice()).unwrap_or_default() {
            match claim::read_move(situation.position(), &m.value) {
                Ok(Ok(mv)) => {
                    played.push(mv.to_uci(shakmaty::CastlingMode::Standard).to_string());
                    // Legal by the referee's word, so the game accepts it.
                    let _ = situation.play(mv);
                }
                Ok(Err(reason)) => {
                    self.problem(
                        line_of(m),
                        format!(
                            "move `{}` in `moves` is not legal there ({})",
                            m.value,
                            reason.code()
                        ),
                    );
                    return None;
                }
                Err(e) => {
                    self.problem(line_of(m), format!("`moves`: {e}"));
                    return None;
                }
            }
        }
        Some(QuizBoard {
            fen: fen.value.trim().to_string(),
            moves: played,
            situation,
        })
    }
}
