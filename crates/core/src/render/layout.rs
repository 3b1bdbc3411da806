//! Where things are in a picture: every picture is drawn on one 512 × 512 canvas (one unit a
//! pixel at 512 px, the size the bot sends) and scaled to the size asked for.
//!
//! The board stands in a frame: a wide strip on the left for the rank numbers and one at the
//! bottom for the file letters, and a thin edge at the top and on the right. At 512 px a square
//! is 58 px and the coordinates are 32 px glyphs (digits about 23 px tall), so on a phone that
//! shows the picture 360 px wide they are about 16 px tall, and no piece or mark can cover
//! them.
//!
//! ```
//! use chess_tutor_core::render::layout;
//! use shakmaty::{Color, Square};
//! // From White's side a1 is the bottom-left square; from Black's it is the top-right one.
//! assert_eq!(layout::corner(Square::A1, Color::White), (38.0, 416.0));
//! assert_eq!(layout::corner(Square::A1, Color::Black), (444.0, 10.0));
//! ```

use shakmaty::{Color, Square};

/// Side of the canvas, in drawing units.
pub const CANVAS: f32 = 512.0;
/// Side of one square.
pub const SQUARE: f32 = 58.0;
/// Width of the frame on the left (the rank numbers).
pub const LEFT: f32 = 38.0;
/// Height of the frame at the top.
pub const TOP: f32 = 10.0;
/// Width of the frame on the right.
pub const RIGHT: f32 = CANVAS - LEFT - 8.0 * SQUARE;
/// Height of the frame at the bottom (the file letters).
pub const BOTTOM: f32 = CANVAS - TOP - 8.0 * SQUARE;
/// Size (an em) of the coordinate glyphs: twice the 15.4 px of the pictures before the frame.
pub const COORD_EM: f32 = 32.0;

/// The display column and row of a square (0..8 from the top left) seen from `orientation`.
#[must_use]
pub fn cell(sq: Square, orientation: Color) -> (u8, u8) {
    let (file, rank) = (u8::from(sq.file()), u8::from(sq.rank()));
    match orientation {
        Color::White => (file, 7 - rank),
        Color::Black => (7 - file, rank),
    }
}

/// Top-left corner of a square on the canvas.
#[must_use]
pub fn corner(sq: Square, orientation: Color) -> (f32, f32) {
    let (col, row) = cell(sq, orientation);
    (
        LEFT + f32::from(col) * SQUARE,
        TOP + f32::from(row) * SQUARE,
    )
}

/// Centre of a square on the canvas.
#[must_use]
pub fn centre(sq: Square, orientation: Color) -> (f32, f32) {
    let (x, y) = corner(sq, orientation);
    (x + SQUARE / 2.0, y + SQUARE / 2.0)
}

/// Canvas units to pixels for a picture `size_px` wide.
#[must_use]
pub fn scale(size_px: u32) -> f32 {
    size_px as f32 / CANVAS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_fills_the_canvas_less_its_frame() {
        const {
            assert!(LEFT + 8.0 * SQUARE + RIGHT == CANVAS);
            assert!(TOP + 8.0 * SQUARE + BOTTOM == CANVAS);
            // Room for the coordinates, and an edge on the other two sides.
            assert!(LEFT >= COORD_EM && BOTTOM >= COORD_EM);
            assert!(RIGHT > 0.0 && TOP > 0.0);
        }
        // A square is a whole number of pixels at the bot's 512 px and at 256 px.
        for size in [512, 256] {
            let q = SQUARE * scale(size);
            assert_eq!(q, q.round(), "{size} px");
        }
    }

    #[test]
    fn flipping_turns_the_board_round() {
        for sq in Square::ALL {
            let (c, r) = cell(sq, Color::White);
            assert_eq!(cell(sq, Color::Black), (7 - c, 7 - r), "{sq}");
        }
        assert_eq!(corner(Square::H8, Color::White), (LEFT + 7.0 * SQUARE, TOP));
        assert_eq!(
            centre(Square::E4, Color::White),
            (LEFT + 4.5 * SQUARE, TOP + 4.5 * SQUARE)
        );
    }
}
