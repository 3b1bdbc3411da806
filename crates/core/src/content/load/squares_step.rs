//! A `squares` step: the squares a piece moves to or attacks, as the engine finds them.

use std::collections::BTreeSet;

use shakmaty::{Chess, Position, Square};

use super::check::{FileCheck, StepCtx, line_of};
use crate::content::lesson::{SquaresMode, SquaresTask, StepKind};
use crate::content::raw::RawStep;

impl FileCheck {
    pub(super) fn squares_task(&mut self, raw: &RawStep, ctx: &StepCtx<'_>) -> Option<StepKind> {
        let texts = self.texts(raw, ctx);
        let (scene, position) = self.scene(raw, ctx, true)?;
        let position = position?;
        let square_field = raw.square.as_ref()?;
        let Ok(square) = square_field.value.trim().parse::<Square>() else {
            self.at_step(
                ctx,
                line_of(square_field),
                format!("square: `{}` is not a square", square_field.value),
            );
            return None;
        };
        let mode_field = raw.mode.as_ref()?;
        let mode = match mode_field.value.as_str() {
            "moves" => SquaresMode::Moves,
            "attacks" => SquaresMode::Attacks,
            other => {
                self.at_step(
                    ctx,
                    line_of(mode_field),
                    format!("mode: `{other}` is neither `moves` nor `attacks`"),
                );
                return None;
            }
        };
        let answer = match true_squares(&position, square, mode) {
            Ok(answer) => answer,
            Err(e) => {
                self.at_step(ctx, line_of(square_field), e.to_string());
                return None;
            }
        };
        if let Some(given) = &raw.squares {
            let mut set = BTreeSet::new();
            for s in &given.value {
                match s.trim().parse::<Square>() {
                    Ok(sq) => {
                        set.insert(sq);
                    }
                    Err(_) => {
                        self.at_step(
                            ctx,
                            line_of(given),
                            format!("squares: `{s}` is not a square"),
                        );
                        return None;
                    }
                }
            }
            let truth: BTreeSet<Square> = answer.iter().copied().collect();
            if set != truth {
                let missing: Vec<String> =
                    truth.difference(&set).map(ToString::to_string).collect();
                let extra: Vec<String> = set.difference(&truth).map(ToString::to_string).collect();
                let mut parts = Vec::new();
                if !missing.is_empty() {
                    parts.push(format!("missing {}", missing.join(" ")));
                }
                if !extra.is_empty() {
                    parts.push(format!("wrongly listed {}", extra.join(" ")));
                }
                self.at_step(
                    ctx,
                    line_of(given),
                    format!("squares disagree with the engine: {}", parts.join("; ")),
                );
                return None;
            }
        }
        let (text, hint, why) = texts?;
        Some(StepKind::Squares(SquaresTask {
            scene,
            position,
            text,
            square,
            mode,
            answer,
            hint,
            why,
        }))
    }
}

/// The squares a piece can move to (legal moves; castling as the king's landing square) or
/// attacks, sorted a1, b1, … h8.
///
/// # Errors
/// [`SquareAsked`] when there is no piece on `square`, or (for moves) it is not that side's turn.
///
/// ```
/// use chess_tutor_core::content::{board::read_fen, load::true_squares, SquaresMode};
/// use shakmaty::Square;
/// // A knight in the corner reaches two squares.
/// let pos = read_fen("7k/8/8/8/8/8/8/N6K w - - 0 1").unwrap();
/// assert_eq!(true_squares(&pos, Square::A1, SquaresMode::Moves).unwrap(), vec![Square::C2, Square::B3]);
/// ```
pub fn true_squares(
    pos: &Chess,
    square: Square,
    mode: SquaresMode,
) -> Result<Vec<Square>, SquareAsked> {
    let Some(piece) = pos.board().piece_at(square) else {
        return Err(SquareAsked::Empty(square));
    };
    let mut set: BTreeSet<Square> = BTreeSet::new();
    match mode {
        SquaresMode::Attacks => set.extend(pos.board().attacks_from(square)),
        SquaresMode::Moves => {
            if piece.color != pos.turn() {
                return Err(SquareAsked::NotToMove(square));
            }
            for mv in pos.legal_moves() {
                if mv.from() == Some(square) {
                    let to = match mv.castling_side() {
                        Some(side) => side.king_to(piece.color),
                        None => mv.to(),
                    };
                    set.insert(to);
                }
            }
        }
    }
    Ok(set.into_iter().collect())
}

/// A squares step's `square` that the question cannot be asked about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SquareAsked {
    /// No piece stands there.
    #[error("square: there is no piece on {0}")]
    Empty(Square),
    /// Its moves are asked, but it belongs to the side not to move.
    #[error("square: the piece on {0} belongs to the side not to move")]
    NotToMove(Square),
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::board::read_fen;

    #[test]
    fn squares_in_order_and_castling_as_king_square() {
        let pos = read_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
        let sq = true_squares(&pos, Square::E1, SquaresMode::Moves).unwrap();
        assert_eq!(
            sq,
            vec![
                Square::D1,
                Square::F1,
                Square::G1,
                Square::D2,
                Square::E2,
                Square::F2
            ]
        );
        let attacks = true_squares(&pos, Square::H1, SquaresMode::Attacks).unwrap();
        assert!(
            attacks.contains(&Square::E1),
            "a rook attacks (defends) its own king's square"
        );
        assert!(true_squares(&pos, Square::A1, SquaresMode::Moves).is_err());
        assert!(true_squares(&pos, Square::E8, SquaresMode::Moves).is_err());
        assert!(true_squares(&pos, Square::E8, SquaresMode::Attacks).is_ok());
    }

    #[test]
    fn knight_counts_of_the_curriculum() {
        // 8 from the centre, 4 from the middle of an edge, 3 from b1, 2 from a corner.
        for (fen, sq, n) in [
            ("7k/8/8/8/3N4/8/8/7K w - - 0 1", Square::D4, 8),
            ("7k/8/8/8/N7/8/8/7K w - - 0 1", Square::A4, 4),
            ("7k/8/8/8/8/8/8/1N5K w - - 0 1", Square::B1, 3),
            ("7k/8/8/8/8/8/8/N6K w - - 0 1", Square::A1, 2),
        ] {
            let pos = read_fen(fen).unwrap();
            assert_eq!(
                true_squares(&pos, sq, SquaresMode::Moves).unwrap().len(),
                n,
                "{fen}"
            );
        }
    }
}
