//! What a picture draws over the board: marks on squares and arrows between them, each kind
//! with one meaning (and so one colour and shape), and an [`Overlay`] that holds a set of them.
//!
//! The drawing language, the same in every picture:
//! - a **blue arrow** is the learner's move (tried or to be made);
//! - a **magenta arrow** is the opponent's reply (a refutation, a defence);
//! - a **red arrow** is a line of attack (a pin, a check, an attacked square);
//! - a **dashed red line** is the part of a move that cannot be made (beyond a blocker);
//! - a **green arrow** is a good move (a hint, the solution);
//! - a **red frame** marks an enemy piece that matters (pinner, checker, attacker);
//! - a **red cross** marks a square the piece may not go to (or the king may not cross);
//! - an **orange ring** marks a piece in the way;
//! - a **blue frame** points at a square to look at; a **green ring** marks a good square.

use serde::{Deserialize, Serialize};
use serde_with::{DisplayFromStr, serde_as};
use shakmaty::Square;
use strum::{EnumString, IntoStaticStr};

use super::RenderError;

/// What a mark on a square means; each kind has its own colour and shape.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, IntoStaticStr, EnumString,
)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case", parse_err_ty = RenderError, parse_err_fn = bad_mark_kind)]
pub enum MarkKind {
    /// An enemy piece that attacks, pins or gives check: a red frame.
    Attacker,
    /// A square the piece may not go to, or the king may not cross: a red cross.
    Forbidden,
    /// A piece in the way: an orange ring.
    Blocker,
    /// A square to look at: a blue frame.
    Highlight,
    /// A good square (a goal, a right answer): a green ring.
    Good,
}

impl MarkKind {
    /// Every kind, in drawing order.
    pub const ALL: [MarkKind; 5] = [
        MarkKind::Highlight,
        MarkKind::Good,
        MarkKind::Blocker,
        MarkKind::Attacker,
        MarkKind::Forbidden,
    ];

    /// The kind's name as used on the command line and in JSON (`attacker`, …).
    #[must_use]
    pub fn name(self) -> &'static str {
        self.into()
    }
}

fn bad_mark_kind(s: &str) -> RenderError {
    RenderError::BadMarkKind(s.to_owned())
}

/// What an arrow means; each kind has its own colour (and the forbidden part its own dashes).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, IntoStaticStr, EnumString,
)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case", parse_err_ty = RenderError, parse_err_fn = bad_arrow_kind)]
pub enum ArrowKind {
    /// A line of attack: a pin, a check, an attack on a square (red).
    Attack,
    /// The learner's move: the one tried, or one to make (blue).
    Move,
    /// The opponent's reply: the move that refutes the learner's, or a defence (magenta).
    Reply,
    /// The part of a move that cannot be made, such as a slide beyond the piece that blocks
    /// it (a dashed red line without a head, to the centre of the square it cannot reach).
    Forbidden,
    /// A good move: a hint or the solution (green).
    Good,
}

impl ArrowKind {
    /// Every kind, in drawing order (the later on top).
    pub const ALL: [ArrowKind; 5] = [
        ArrowKind::Forbidden,
        ArrowKind::Attack,
        ArrowKind::Good,
        ArrowKind::Reply,
        ArrowKind::Move,
    ];

    /// The kind's name as used on the command line and in JSON (`move`, …).
    #[must_use]
    pub fn name(self) -> &'static str {
        self.into()
    }
}

fn bad_arrow_kind(s: &str) -> RenderError {
    RenderError::BadArrowKind(s.to_owned())
}

/// A mark on one square.
#[serde_as]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mark {
    /// The marked square.
    #[serde_as(as = "DisplayFromStr")]
    pub square: Square,
    /// What the mark means.
    pub kind: MarkKind,
}

/// An arrow from one square to another (knight moves are drawn as an L).
#[serde_as]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Arrow {
    /// Where the arrow starts.
    #[serde_as(as = "DisplayFromStr")]
    pub from: Square,
    /// Where it points.
    #[serde_as(as = "DisplayFromStr")]
    pub to: Square,
    /// What it means.
    pub kind: ArrowKind,
}

/// A set of marks and arrows to lay over a board, each at most once; add it to a view with
/// [`BoardView::with_overlay`](super::BoardView::with_overlay). The overlays that explain a
/// refused move or a puzzle reply are made in [`crate::draw`].
///
/// ```
/// use chess_tutor_core::render::{ArrowKind, MarkKind, Overlay};
/// use shakmaty::Square;
/// let mut o = Overlay::default();
/// o.mark(Square::E8, MarkKind::Attacker);
/// o.mark(Square::E8, MarkKind::Attacker);
/// o.arrow(Square::E8, Square::E1, ArrowKind::Attack);
/// o.arrow(Square::E4, Square::E4, ArrowKind::Move); // no arrow from a square to itself
/// assert_eq!((o.marks.len(), o.arrows.len()), (1, 1));
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Overlay {
    /// Marks on squares.
    pub marks: Vec<Mark>,
    /// Arrows.
    pub arrows: Vec<Arrow>,
}

impl Overlay {
    /// Adds a mark, unless the same one is there.
    pub fn mark(&mut self, square: Square, kind: MarkKind) {
        let m = Mark { square, kind };
        if !self.marks.contains(&m) {
            self.marks.push(m);
        }
    }

    /// Adds an arrow, unless the same one is there or it would go nowhere.
    pub fn arrow(&mut self, from: Square, to: Square, kind: ArrowKind) {
        let a = Arrow { from, to, kind };
        if from != to && !self.arrows.contains(&a) {
            self.arrows.push(a);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kind_names_round_trip_and_unknown_names_are_refused() {
        for k in MarkKind::ALL {
            assert_eq!(k.name().parse::<MarkKind>().unwrap(), k);
            let json = serde_json::to_string(&k).unwrap();
            assert_eq!(
                json,
                format!("\"{}\"", k.name()),
                "JSON and CLI names agree"
            );
        }
        for k in ArrowKind::ALL {
            assert_eq!(k.name().parse::<ArrowKind>().unwrap(), k);
            let json = serde_json::to_string(&k).unwrap();
            assert_eq!(
                json,
                format!("\"{}\"", k.name()),
                "JSON and CLI names agree"
            );
        }
        assert!(matches!(
            "purple".parse::<MarkKind>(),
            Err(RenderError::BadMarkKind(_))
        ));
        assert!(matches!(
            "wobbly".parse::<ArrowKind>(),
            Err(RenderError::BadArrowKind(_))
        ));
    }

    #[test]
    fn an_overlay_keeps_each_mark_and_arrow_once() {
        let mut o = Overlay::default();
        o.mark(Square::A1, MarkKind::Good);
        o.mark(Square::A1, MarkKind::Blocker);
        o.mark(Square::A1, MarkKind::Good);
        o.arrow(Square::A1, Square::A8, ArrowKind::Move);
        o.arrow(Square::A1, Square::A8, ArrowKind::Reply);
        o.arrow(Square::A1, Square::A8, ArrowKind::Move);
        o.arrow(Square::B2, Square::B2, ArrowKind::Good);
        assert_eq!(o.marks.len(), 2);
        assert_eq!(o.arrows.len(), 2);
    }
}
