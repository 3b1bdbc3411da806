//! [`BoardView`] → SVG text. The drawing works on a fixed 800 × 800 canvas (100 units a square)
//! scaled to the asked size, so the text differs between sizes only in `width`/`height`, and
//! every number is written with at most two decimals (stable snapshots).

use std::fmt::Write as _;

use shakmaty::{Color, File, Rank, Square};

use super::glyphs::{Glyph, glyphs, piece_index};
use super::palette::{Palette, Rgb};
use super::view::{Arrow, BoardView, MarkKind};

/// Side of one square in SVG units.
const SQ: f32 = 100.0;
/// Gap between the tallest piece and the square's top and bottom edges.
const PIECE_PAD: f32 = 5.0;
/// Size of each kind of piece relative to the king (K, Q, R, B, N, P): the font draws all at
/// one height, but a learner tells a pawn from a king faster when it is smaller.
const PIECE_SIZE: [f32; 6] = [1.0, 0.97, 0.86, 0.93, 0.92, 0.8];
/// Height of the coordinate letters (an em, in SVG units).
const COORD_EM: f32 = 24.0;
/// Width of the white casing drawn on each side of a mark's or an arrow's line.
const HALO: f32 = 2.5;

/// Writes a number with at most two decimals and no trailing zeros.
fn n(v: f32) -> String {
    let s = format!("{v:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".into() } else { s.into() }
}

/// Top-left corner of a square on the canvas.
pub(crate) fn corner(sq: Square, orientation: Color) -> (f32, f32) {
    let (file, rank) = (u8::from(sq.file()), u8::from(sq.rank()));
    let (col, row) = match orientation {
        Color::White => (file, 7 - rank),
        Color::Black => (7 - file, rank),
    };
    (f32::from(col) * SQ, f32::from(row) * SQ)
}

fn centre(sq: Square, orientation: Color) -> (f32, f32) {
    let (x, y) = corner(sq, orientation);
    (x + SQ / 2.0, y + SQ / 2.0)
}

fn is_light(sq: Square) -> bool {
    (u8::from(sq.file()) + u8::from(sq.rank())) % 2 == 1
}

pub(crate) const PIECE_IDS: [&str; 12] = [
    "wK", "wQ", "wR", "wB", "wN", "wP", "bK", "bQ", "bR", "bB", "bN", "bP",
];

/// Draws `view` as an SVG document `size_px` pixels square, in the default [`Palette`].
#[must_use]
pub fn svg(view: &BoardView, size_px: u32) -> String {
    svg_with(view, size_px, &Palette::default())
}

/// Draws `view` as an SVG document `size_px` pixels square, in the given colours.
#[must_use]
pub fn svg_with(view: &BoardView, size_px: u32, palette: &Palette) -> String {
    let mut out = String::with_capacity(24 * 1024);
    header(&mut out, size_px);
    let mut used = [false; 12];
    for (_, piece) in view.board.clone() {
        used[piece_index(piece.color, piece.role)] = true;
    }
    out.push_str("<defs>");
    piece_defs(&mut out, used, palette);
    check_def(&mut out, view, palette);
    out.push_str("</defs>");
    squares(&mut out, view.orientation, palette);
    under_pieces(&mut out, view, palette);
    for (sq, piece) in view.board.clone() {
        let (x, y) = corner(sq, view.orientation);
        let _ = write!(
            out,
            r##"<use xlink:href="#{}" x="{}" y="{}"/>"##,
            PIECE_IDS[piece_index(piece.color, piece.role)],
            n(x),
            n(y)
        );
    }
    // Coordinates over the pieces, so a piece in a corner never hides them.
    if view.coordinates {
        coordinates(&mut out, view.orientation, palette);
    }
    over_pieces(&mut out, view, palette);
    out.push_str("</svg>\n");
    out
}

/// The layers of [`svg_with`], as separate SVG documents, for the PNG path: it keeps the
/// drawn squares, pieces and coordinates (which depend only on the size, the colours and the
/// orientation) and asks resvg only for what changes from picture to picture.
pub(crate) mod layer {
    use super::{
        BoardView, Color, Palette, check_def, coordinates, header, over_pieces, squares,
        under_pieces,
    };
    use std::fmt::Write as _;

    /// The empty board: the squares only (the same for both orientations).
    pub(crate) fn squares_doc(size_px: u32, palette: &Palette) -> String {
        let mut out = String::with_capacity(2048);
        header(&mut out, size_px);
        squares(&mut out, Color::White, palette);
        out + "</svg>\n"
    }

    /// The coordinates alone, on a transparent canvas.
    pub(crate) fn coordinates_doc(size_px: u32, orientation: Color, palette: &Palette) -> String {
        let mut out = String::with_capacity(8 * 1024);
        header(&mut out, size_px);
        coordinates(&mut out, orientation, palette);
        out + "</svg>\n"
    }

    /// What lies between the squares and the pieces (last move, check, framing marks), or
    /// `None` when there is nothing.
    pub(crate) fn under_doc(view: &BoardView, size_px: u32, palette: &Palette) -> Option<String> {
        let mut body = String::new();
        under_pieces(&mut body, view, palette);
        (!body.is_empty()).then(|| {
            let mut out = String::with_capacity(body.len() + 512);
            header(&mut out, size_px);
            let mut defs = String::new();
            check_def(&mut defs, view, palette);
            if !defs.is_empty() {
                let _ = write!(out, "<defs>{defs}</defs>");
            }
            out + &body + "</svg>\n"
        })
    }

    /// What lies over the pieces and the coordinates (crosses, rings, dots, arrows), or
    /// `None` when there is nothing.
    pub(crate) fn over_doc(view: &BoardView, size_px: u32, palette: &Palette) -> Option<String> {
        let mut body = String::new();
        over_pieces(&mut body, view, palette);
        (!body.is_empty()).then(|| {
            let mut out = String::with_capacity(body.len() + 256);
            header(&mut out, size_px);
            out + &body + "</svg>\n"
        })
    }
}

/// An SVG document with one piece filling a square `size_px` pixels wide.
pub(crate) fn piece_svg(index: usize, size_px: u32, palette: &Palette) -> String {
    let mut out = String::with_capacity(4 * 1024);
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="{size_px}" height="{size_px}" viewBox="0 0 100 100"><defs>"#
    );
    let mut used = [false; 12];
    used[index] = true;
    piece_defs(&mut out, used, palette);
    let _ = write!(
        out,
        r##"</defs><use xlink:href="#{}"/></svg>"##,
        PIECE_IDS[index]
    );
    out
}

fn header(out: &mut String, size_px: u32) {
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="{size_px}" height="{size_px}" viewBox="0 0 800 800">"#
    );
}

/// The squares: one light rectangle, every dark square in one path.
fn squares(out: &mut String, o: Color, palette: &Palette) {
    let _ = write!(
        out,
        r#"<rect width="800" height="800" fill="{}"/><path fill="{}" d=""#,
        palette.light, palette.dark
    );
    for sq in Square::ALL.into_iter().filter(|s| !is_light(*s)) {
        let (x, y) = corner(sq, o);
        let _ = write!(out, "M{} {}h100v100h-100z", n(x), n(y));
    }
    out.push_str(r#""/>"#);
}

/// Last-move tint, check glow and the marks that frame a square: under the pieces.
fn under_pieces(out: &mut String, view: &BoardView, palette: &Palette) {
    let o = view.orientation;
    if let Some((from, to)) = view.last_move {
        for sq in [from, to] {
            let (x, y) = corner(sq, o);
            let _ = write!(
                out,
                r#"<rect x="{}" y="{}" width="100" height="100" fill="{}" fill-opacity="{}"/>"#,
                n(x),
                n(y),
                palette.last_move,
                n(palette.last_move_alpha)
            );
        }
    }
    if let Some(king) = view.check {
        let (x, y) = corner(king, o);
        let _ = write!(
            out,
            r#"<rect x="{}" y="{}" width="100" height="100" fill="url(#check)"/>"#,
            n(x),
            n(y)
        );
    }
    for kind in [MarkKind::Highlight, MarkKind::Good, MarkKind::Attacker] {
        marks(out, view, kind, palette);
    }
}

/// Crosses, rings, dots and arrows: over the pieces.
fn over_pieces(out: &mut String, view: &BoardView, palette: &Palette) {
    for kind in [MarkKind::Blocker, MarkKind::Forbidden] {
        marks(out, view, kind, palette);
    }
    dots(out, view, palette);
    arrows(out, view, palette);
}

fn check_def(out: &mut String, view: &BoardView, p: &Palette) {
    if view.check.is_some() {
        let _ = write!(
            out,
            r#"<radialGradient id="check" r=".72"><stop offset="0" stop-color="{c}"/><stop offset=".55" stop-color="{c}"/><stop offset="1" stop-color="{c}" stop-opacity="0"/></radialGradient>"#,
            c = p.check
        );
    }
}

/// The piece drawings (`<g id="wK">` …) for the pieces marked in `used`.
fn piece_defs(out: &mut String, used: [bool; 12], p: &Palette) {
    let g = glyphs();
    // One scale for every piece (the tallest fills the square less `PIECE_PAD`), shrunk per
    // kind so that a pawn stays smaller than a king; each stands `PIECE_PAD` above the
    // square's bottom edge and is centred across it.
    let (ymin, ymax) = g.pieces.iter().fold((f32::MAX, f32::MIN), |(lo, hi), gl| {
        (lo.min(gl.bbox.1), hi.max(gl.bbox.3))
    });
    let base = (SQ - 2.0 * PIECE_PAD) / (ymax - ymin);
    for (i, id) in PIECE_IDS.iter().enumerate().filter(|(i, _)| used[*i]) {
        // Both colours are drawn from the outline (white) glyph.
        let gl = &g.pieces[i % 6];
        let scale = base * PIECE_SIZE[i % 6];
        let edge = 0.012 * g.units_per_em;
        let band = 0.09 * g.units_per_em;
        let tx = SQ / 2.0 - scale * (gl.bbox.0 + gl.bbox.2) / 2.0;
        let ty = SQ - PIECE_PAD + scale * ymin;
        let _ = write!(
            out,
            r#"<g id="{id}" transform="matrix({} 0 0 {} {} {})">"#,
            scale_str(scale),
            scale_str(-scale),
            n(tx),
            n(ty)
        );
        if i < 6 {
            // White: the silhouette filled light, then the outline and inner lines dark.
            let _ = write!(
                out,
                r#"<path fill="{}" d="{}"/><path fill="{}" fill-rule="evenodd" d="{}"/>"#,
                p.white_piece, gl.outer, p.white_piece_line, gl.all
            );
        } else {
            // Black: the white piece inverted, so both colours share one shape. The
            // silhouette is filled dark over a thin light edge (which keeps it off the dark
            // squares); the outline glyph is laid on it in light; then a dark band along the
            // inside of the silhouette covers the glyph's outer outline, leaving its inner
            // lines light.
            let _ = write!(
                out,
                r#"<clipPath id="{id}c"><path d="{}"/></clipPath><path fill="{}" stroke="{}" stroke-width="{}" stroke-linejoin="round" d="{}"/><path fill="{}" fill-rule="evenodd" d="{}"/><path fill="none" stroke="{}" stroke-width="{}" clip-path="url(#{id}c)" d="{}"/>"#,
                gl.outer,
                p.black_piece,
                p.black_piece_line,
                n(edge),
                gl.outer,
                p.black_piece_line,
                gl.all,
                p.black_piece,
                n(band),
                gl.outer
            );
        }
        out.push_str("</g>");
    }
}

/// Scale factors are small (≈ 0.05): four decimals keep the pieces exact.
fn scale_str(v: f32) -> String {
    let s = format!("{v:.5}");
    s.trim_end_matches('0').trim_end_matches('.').to_owned()
}

fn coordinates(out: &mut String, o: Color, p: &Palette) {
    let g = glyphs();
    let s = COORD_EM / g.units_per_em;
    let inset = 4.0;
    let glyph_at = |out: &mut String, gl: &Glyph, x: f32, y: f32, colour: Rgb| {
        // (x, y) is the glyph's baseline origin.
        let _ = write!(
            out,
            r#"<path fill="{colour}" transform="matrix({} 0 0 {} {} {})" d="{}"/>"#,
            scale_str(s),
            scale_str(-s),
            n(x),
            n(y),
            gl.all
        );
    };
    // Files along the bottom edge, at each square's lower right corner.
    let bottom_rank = o.fold_wb(Rank::First, Rank::Eighth);
    for file in File::ALL {
        let sq = Square::from_coords(file, bottom_rank);
        let gl = &g.coords[usize::from(u8::from(file))];
        let (x, y) = corner(sq, o);
        let colour = if is_light(sq) {
            p.coord_on_light
        } else {
            p.coord_on_dark
        };
        // The letter's lowest point sits `inset` above the square's bottom edge.
        glyph_at(
            out,
            gl,
            x + SQ - inset - s * gl.bbox.2,
            y + SQ - inset + s * gl.bbox.1,
            colour,
        );
    }
    // Ranks along the left edge, at each square's upper left corner.
    let left_file = o.fold_wb(File::A, File::H);
    for rank in Rank::ALL {
        let sq = Square::from_coords(left_file, rank);
        let gl = &g.coords[8 + usize::from(u8::from(rank))];
        let (x, y) = corner(sq, o);
        let colour = if is_light(sq) {
            p.coord_on_light
        } else {
            p.coord_on_dark
        };
        glyph_at(
            out,
            gl,
            x + inset - s * gl.bbox.0,
            y + inset + s * gl.bbox.3,
            colour,
        );
    }
}

fn marks(out: &mut String, view: &BoardView, kind: MarkKind, p: &Palette) {
    let o = view.orientation;
    let colour = p.mark(kind);
    for m in view.marks.iter().filter(|m| m.kind == kind) {
        let (x, y) = corner(m.square, o);
        let (cx, cy) = (x + SQ / 2.0, y + SQ / 2.0);
        let shape = match kind {
            MarkKind::Attacker | MarkKind::Highlight => format!(
                r#"<rect x="{}" y="{}" width="88" height="88" rx="8" fill="none" stroke-width="{{w}}" stroke="{{c}}"/>"#,
                n(x + 6.0),
                n(y + 6.0)
            ),
            MarkKind::Blocker | MarkKind::Good => format!(
                r#"<circle cx="{}" cy="{}" r="43" fill="none" stroke-width="{{w}}" stroke="{{c}}"/>"#,
                n(cx),
                n(cy)
            ),
            MarkKind::Forbidden => format!(
                r#"<path d="M{} {}l44 44m0 -44l-44 44" fill="none" stroke-linecap="round" stroke-width="{{w}}" stroke="{{c}}"/>"#,
                n(cx - 22.0),
                n(cy - 22.0)
            ),
        };
        let width = if kind == MarkKind::Forbidden {
            11.0
        } else {
            7.0
        };
        out.push_str(
            &shape
                .replace("{w}", &n(width + 2.0 * HALO))
                .replace("{c}", &p.halo.to_string()),
        );
        out.push_str(
            &shape
                .replace("{w}", &n(width))
                .replace("{c}", &colour.to_string()),
        );
    }
}

fn dots(out: &mut String, view: &BoardView, p: &Palette) {
    let o = view.orientation;
    for &sq in &view.dots {
        let (cx, cy) = centre(sq, o);
        if view.board.piece_at(sq).is_some() {
            let _ = write!(
                out,
                r#"<circle cx="{}" cy="{}" r="44" fill="none" stroke="{}" stroke-width="8" stroke-opacity="{}"/>"#,
                n(cx),
                n(cy),
                p.dot,
                n(p.dot_alpha)
            );
        } else {
            let _ = write!(
                out,
                r#"<circle cx="{}" cy="{}" r="15" fill="{}" fill-opacity="{}"/>"#,
                n(cx),
                n(cy),
                p.dot,
                n(p.dot_alpha)
            );
        }
    }
}

/// Shaft width, head length and head half-width of an arrow.
const SHAFT: f32 = 13.0;
const HEAD_LEN: f32 = 34.0;
const HEAD_HALF: f32 = 22.0;

fn arrows(out: &mut String, view: &BoardView, p: &Palette) {
    if view.arrows.is_empty() {
        return;
    }
    let shapes: Vec<(String, String, Rgb)> = view
        .arrows
        .iter()
        .filter(|a| a.from != a.to)
        .map(|a| {
            // An arrow pointing at a piece or a cross stops at the square's edge, so both stay
            // readable; one pointing at an empty square reaches nearly to its centre.
            let busy = view.board.piece_at(a.to).is_some()
                || view
                    .marks
                    .iter()
                    .any(|m| m.square == a.to && m.kind == MarkKind::Forbidden);
            let (shaft, head) = arrow_shape(a, view.orientation, if busy { 34.0 } else { 10.0 });
            (shaft, head, p.arrow(a.kind))
        })
        .collect();
    // Slightly less than fully opaque, so pieces under an arrow stay visible. The opacity is
    // set on each shape rather than on a group: a group would need an offscreen layer, which
    // costs resvg more than all the arrows. (Where a shaft runs into its head the two overlap
    // by two units; the overlap is 2 % more opaque, which does not show.)
    for (shaft, head, _) in &shapes {
        let _ = write!(
            out,
            r#"<path d="{shaft}" fill="none" stroke="{h}" stroke-opacity="{o}" stroke-width="{}" stroke-linejoin="round"/><path d="{head}" fill="{h}" fill-opacity="{o}" stroke="{h}" stroke-opacity="{o}" stroke-width="{}" stroke-linejoin="round"/>"#,
            n(SHAFT + 2.0 * HALO),
            n(2.0 * HALO),
            h = p.halo,
            o = ARROW_OPACITY,
        );
    }
    for (shaft, head, colour) in &shapes {
        let _ = write!(
            out,
            r#"<path d="{shaft}" fill="none" stroke="{colour}" stroke-opacity="{o}" stroke-width="{}" stroke-linejoin="round"/><path d="{head}" fill="{colour}" fill-opacity="{o}"/>"#,
            n(SHAFT),
            o = ARROW_OPACITY,
        );
    }
}

/// Opacity of arrows (and of their casing).
pub(crate) const ARROW_OPACITY: &str = ".85";

/// The shaft (a polyline) and the head (a triangle) of an arrow; knight moves bend once.
fn arrow_shape(a: &Arrow, o: Color, short_of_centre: f32) -> (String, String) {
    let (x0, y0) = centre(a.from, o);
    let (x1, y1) = centre(a.to, o);
    let df = (i32::from(u8::from(a.to.file())) - i32::from(u8::from(a.from.file()))).abs();
    let dr = (i32::from(u8::from(a.to.rank())) - i32::from(u8::from(a.from.rank()))).abs();
    // The knight's L: first the long leg, then the short one.
    let knee = if (df, dr) == (1, 2) || (df, dr) == (2, 1) {
        if (x1 - x0).abs() > (y1 - y0).abs() {
            Some((x1, y0))
        } else {
            Some((x0, y1))
        }
    } else {
        None
    };
    let (sx, sy) = knee.unwrap_or((x0, y0));
    let (dx, dy) = (x1 - sx, y1 - sy);
    let len = (dx * dx + dy * dy).sqrt();
    let (ux, uy) = (dx / len, dy / len);
    // The tip stops short of the centre so the target piece stays readable.
    let tip = (x1 - ux * short_of_centre, y1 - uy * short_of_centre);
    let base = (tip.0 - ux * HEAD_LEN, tip.1 - uy * HEAD_LEN);
    // Start a little off the centre of the moving piece.
    let start = if knee.is_some() {
        (x0, y0)
    } else {
        (x0 + ux * 12.0, y0 + uy * 12.0)
    };
    let mut shaft = format!("M{} {}", n(start.0), n(start.1));
    if let Some((kx, ky)) = knee {
        let _ = write!(shaft, "L{} {}", n(kx), n(ky));
    }
    // The shaft runs into the head a little, so no seam shows.
    let _ = write!(shaft, "L{} {}", n(base.0 + ux * 2.0), n(base.1 + uy * 2.0));
    let (px, py) = (-uy * HEAD_HALF, ux * HEAD_HALF);
    let head = format!(
        "M{} {}L{} {}L{} {}Z",
        n(tip.0),
        n(tip.1),
        n(base.0 + px),
        n(base.1 + py),
        n(base.0 - px),
        n(base.1 - py)
    );
    (shaft, head)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short_and_stable() {
        assert_eq!(n(100.0), "100");
        assert_eq!(n(12.5), "12.5");
        assert_eq!(n(1.0 / 3.0), "0.33");
        assert_eq!(n(-0.001), "0");
    }

    #[test]
    fn a1_is_bottom_left_for_white_and_top_right_for_black() {
        assert_eq!(corner(Square::A1, Color::White), (0.0, 700.0));
        assert_eq!(corner(Square::A1, Color::Black), (700.0, 0.0));
        assert_eq!(corner(Square::H8, Color::White), (700.0, 0.0));
    }

    #[test]
    fn square_colours() {
        assert!(!is_light(Square::A1));
        assert!(is_light(Square::H1));
        assert!(!is_light(Square::H8));
    }
}
