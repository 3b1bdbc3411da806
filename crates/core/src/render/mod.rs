//! Board pictures: a [`BoardView`] (pieces, orientation, last move, check, marks, arrows,
//! legal-move dots) drawn as SVG text ([`svg()`]) or as a PNG ([`png()`]).
//!
//! Everything a picture needs is in the binary: the pieces (the Cburnett set) and the
//! coordinate glyphs (DejaVu Sans Bold) are path data generated once by `scripts/glyphs.py`
//! into `glyph_paths.rs`, so no font is read at run time, none has to be installed, and an
//! SVG opens anywhere. Pictures hold no words; captions do.
//!
//! The board stands in a frame that carries the file letters and rank numbers, so no piece
//! or mark ever covers them. Arrows are drawn under the pieces, so a piece on an arrow's path
//! stays whole; marks and arrows mean the same in every picture (see [`marks`]).
//!
//! ```
//! use chess_tutor_core::render::{self, ArrowKind, BoardView, MarkKind};
//! use shakmaty::Square;
//!
//! // Why Nc5 is refused: the knight on e4 shields its king from the rook on e8.
//! let view = BoardView::from_fen("4r1k1/8/8/8/4N3/8/8/4K3 w - - 0 1")
//!     .unwrap()
//!     .with_mark(Square::E8, MarkKind::Attacker)
//!     .with_arrow(Square::E8, Square::E1, ArrowKind::Attack)
//!     .with_arrow(Square::E4, Square::C5, ArrowKind::Move);
//! let png = render::png(&view, 512).unwrap();
//! assert!(png.len() < 40_000);
//! ```
//!
//! The overlays that explain a refused move or a puzzle reply are made by [`crate::draw`].

mod glyph_paths;
mod glyphs;
pub mod layout;
pub mod marks;
mod paint;
pub mod palette;
mod png;
mod shapes;
mod svg;
pub mod view;

pub use marks::{Arrow, ArrowKind, Mark, MarkKind, Overlay};
pub use palette::{Palette, Rgb, Vision};
pub use png::{MAX_SIZE, MIN_SIZE, check_size, png, png_with};
pub use svg::{svg, svg_with};
pub use view::BoardView;

/// What can go wrong when a picture is asked for or drawn.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    /// The text is not a FEN (nor the board part of one).
    #[error("not a FEN: {0:?} ({1})")]
    BadFen(String, String),
    /// The text is not a square name like `e4`.
    #[error("not a square: {0:?} (a square is a file a–h and a rank 1–8, like e4)")]
    BadSquare(String),
    /// The text is not a move in UCI form like `e2e4`.
    #[error("not a move from one square to another: {0:?} (write it like e2e4)")]
    BadMove(String),
    /// The text names no kind of mark.
    #[error("not a kind of mark: {0:?} (one of attacker, forbidden, blocker, highlight, good)")]
    BadMarkKind(String),
    /// The text names no kind of arrow.
    #[error("not a kind of arrow: {0:?} (one of move, reply, attack, forbidden, good)")]
    BadArrowKind(String),
    /// The picture size is outside the drawable range.
    #[error("picture size {0} px is outside {min}..={max} px", min = MIN_SIZE, max = MAX_SIZE)]
    BadSize(u32),
    /// resvg could not read an SVG the pictures are made of (a defect).
    #[error("could not read the board's SVG")]
    Svg(#[from] resvg::usvg::Error),
    /// No pixmap of this size could be made (out of memory).
    #[error("could not make a {0}×{0} px picture")]
    Pixmap(u32),
    /// The PNG encoder failed (a defect).
    #[error("could not encode the PNG")]
    Encode(#[from] ::png::EncodingError),
}

/// Reads a square name (`e4`), with a [`RenderError`] that says what a square looks like.
///
/// # Errors
///
/// [`RenderError::BadSquare`] when the text is not a square.
pub fn parse_square(text: &str) -> Result<shakmaty::Square, RenderError> {
    text.trim()
        .to_ascii_lowercase()
        .parse()
        .map_err(|_| RenderError::BadSquare(text.to_owned()))
}

/// Reads a move as two squares (`e2e4`, also `e2-e4`; a promotion letter is ignored).
///
/// # Errors
///
/// [`RenderError::BadMove`] when the text is not two squares.
pub fn parse_squares(text: &str) -> Result<(shakmaty::Square, shakmaty::Square), RenderError> {
    let t: String = text
        .trim()
        .chars()
        .filter(|c| !matches!(c, '-' | 'x' | ' '))
        .collect::<String>()
        .to_ascii_lowercase();
    let bad = || RenderError::BadMove(text.to_owned());
    if !(t.len() == 4 || (t.len() == 5 && t.ends_with(['q', 'r', 'b', 'n']))) || !t.is_ascii() {
        return Err(bad());
    }
    let from = t[0..2].parse().map_err(|_| bad())?;
    let to = t[2..4].parse().map_err(|_| bad())?;
    Ok((from, to))
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Square;

    #[test]
    fn squares_and_moves_are_read_leniently_and_refused_clearly() {
        assert_eq!(parse_square(" E4 ").unwrap(), Square::E4);
        assert!(matches!(parse_square("i9"), Err(RenderError::BadSquare(_))));
        assert_eq!(parse_squares("e2e4").unwrap(), (Square::E2, Square::E4));
        assert_eq!(parse_squares("E2-E4").unwrap(), (Square::E2, Square::E4));
        assert_eq!(parse_squares("a7a8q").unwrap(), (Square::A7, Square::A8));
        for bad in ["e2", "e2e9", "Nf3", "", "e2e4e5", "é2e4"] {
            assert!(
                matches!(parse_squares(bad), Err(RenderError::BadMove(_))),
                "{bad}"
            );
        }
        let msg = RenderError::BadSquare("z1".into()).to_string();
        assert!(msg.contains("z1") && msg.contains("e4"), "{msg}");
    }
}
