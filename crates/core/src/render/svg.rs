//! [`BoardView`] → SVG text. The drawing is made on the 512-unit canvas of [`super::layout`]
//! and scaled to the asked size, so the text differs between sizes only in `width`/`height`,
//! and every number is written with at most two decimals (stable snapshots).

use std::fmt::Write as _;

use shakmaty::{Color, File, Rank, Square};

use super::glyphs::{self, Cap, Ink, Join, PIECE_BOX, UNITS_PER_EM, piece_index};
use super::layout::{BOTTOM, CANVAS, COORD_EM, LEFT, SQUARE, TOP, cell, corner};
use super::palette::{Palette, Rgb};
use super::shapes::{Shape, layers};
use super::view::BoardView;

/// Writes a number with at most two decimals and no trailing zeros.
fn n(v: f32) -> String {
    // What `format!("{v:.2}")` with the zeros trimmed writes, without the float formatter
    // (its exact mode showed as the SVG's largest cost): an f32 times 100 is exact in an f64,
    // and the formatter rounds a tie to even.
    let hundredths = (f64::from(v) * 100.0).round_ties_even();
    if !hundredths.is_finite() || hundredths.abs() >= 1e15 {
        return n_by_formatter(v);
    }
    #[allow(clippy::cast_possible_truncation)]
    let hundredths = hundredths as i64;
    let sign = if hundredths < 0 { "-" } else { "" };
    let (whole, frac) = (hundredths.abs() / 100, hundredths.abs() % 100);
    match frac {
        0 if whole == 0 => "0".to_owned(),
        0 => format!("{sign}{whole}"),
        f if f % 10 == 0 => format!("{sign}{whole}.{}", f / 10),
        f => format!("{sign}{whole}.{f:02}"),
    }
}

/// Numbers as `format!("{v:.2}")` writes them, zeros trimmed (the reference for [`n`]).
fn n_by_formatter(v: f32) -> String {
    let s = format!("{v:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".into() } else { s.into() }
}

/// Scale factors: five decimals keep the pieces and glyphs exact.
fn scale_str(v: f32) -> String {
    let s = format!("{v:.5}");
    s.trim_end_matches('0').trim_end_matches('.').to_owned()
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
    header(&mut out, size_px, CANVAS);
    let mut used = [false; 12];
    for (_, piece) in &view.board {
        used[piece_index(piece.color, piece.role)] = true;
    }
    let layers = layers(view, palette);
    out.push_str("<defs>");
    let piece_scale = scale_str(SQUARE / PIECE_BOX);
    for (i, id) in PIECE_IDS.iter().enumerate().filter(|(i, _)| used[*i]) {
        let _ = write!(out, r#"<g id="{id}" transform="scale({piece_scale})">"#);
        piece_parts(&mut out, i, palette);
        out.push_str("</g>");
    }
    out.push_str("</defs>");
    board(&mut out, view.orientation, view.coordinates, palette);
    shapes(&mut out, &layers.under);
    for (sq, piece) in &view.board {
        let (x, y) = corner(sq, view.orientation);
        let _ = write!(
            out,
            r##"<use xlink:href="#{}" x="{}" y="{}"/>"##,
            PIECE_IDS[piece_index(piece.color, piece.role)],
            n(x),
            n(y)
        );
    }
    shapes(&mut out, &layers.over);
    out.push_str("</svg>\n");
    out
}

/// The parts of [`svg_with`] that `png.rs` has resvg draw once and keeps.
pub(crate) mod layer {
    use super::{Color, Palette, board, header, piece_parts};
    use crate::render::glyphs::PIECE_BOX;
    use crate::render::layout::CANVAS;

    /// The empty board in its frame, with the coordinates when `coordinates` is set.
    pub(crate) fn board_doc(
        size_px: u32,
        orientation: Color,
        coordinates: bool,
        palette: &Palette,
    ) -> String {
        let mut out = String::with_capacity(8 * 1024);
        header(&mut out, size_px, CANVAS);
        board(&mut out, orientation, coordinates, palette);
        out + "</svg>\n"
    }

    /// One piece in its box, one unit a pixel (to be drawn scaled).
    pub(crate) fn piece_doc(index: usize, palette: &Palette) -> String {
        let mut out = String::with_capacity(4 * 1024);
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        header(&mut out, PIECE_BOX as u32, PIECE_BOX);
        piece_parts(&mut out, index, palette);
        out + "</svg>\n"
    }

    /// Shapes alone, as a document (the tests hold the painter against resvg with it).
    #[cfg(test)]
    pub(crate) fn shapes_doc(size_px: u32, list: &[crate::render::shapes::Shape]) -> String {
        let mut out = String::new();
        header(&mut out, size_px, CANVAS);
        super::shapes(&mut out, list);
        out + "</svg>\n"
    }
}

fn header(out: &mut String, size_px: u32, canvas: f32) {
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="{size_px}" height="{size_px}" viewBox="0 0 {c} {c}">"#,
        c = n(canvas)
    );
}

/// The inks of a piece: white is a light body drawn in dark lines, black a dark body with
/// light inner lines.
fn ink(index: usize, ink: Ink, p: &Palette) -> Option<Rgb> {
    let (light, dark) = if index < 6 {
        (p.white_piece, p.white_piece_line)
    } else {
        (p.black_piece_line, p.black_piece)
    };
    match ink {
        Ink::None => None,
        Ink::Light => Some(light),
        Ink::Dark => Some(dark),
    }
}

/// The elements of one piece drawing, in piece-box units.
fn piece_parts(out: &mut String, index: usize, p: &Palette) {
    for part in glyphs::piece(index) {
        let _ = write!(out, r#"<path d="{}""#, part.d);
        match ink(index, part.fill, p) {
            Some(c) => {
                let _ = write!(out, r#" fill="{c}""#);
                if part.evenodd {
                    out.push_str(r#" fill-rule="evenodd""#);
                }
            }
            None => out.push_str(r#" fill="none""#),
        }
        if let Some(c) = ink(index, part.stroke, p) {
            let _ = write!(
                out,
                r#" stroke="{c}" stroke-width="{}" stroke-linecap="{}" stroke-linejoin="{}""#,
                n(part.width),
                match part.cap {
                    Cap::Butt => "butt",
                    Cap::Round => "round",
                },
                match part.join {
                    Join::Miter => "miter",
                    Join::Round => "round",
                }
            );
        }
        if let Some(t) = part.transform {
            let _ = write!(out, r#" transform="{t}""#);
        }
        out.push_str("/>");
    }
}

/// The frame, the squares and (if asked) the coordinates in the frame.
fn board(out: &mut String, o: Color, coordinates: bool, p: &Palette) {
    let side = 8.0 * SQUARE;
    let _ = write!(
        out,
        r#"<rect width="{c}" height="{c}" fill="{}"/><rect x="{}" y="{}" width="{s}" height="{s}" fill="{}"/><path fill="{}" d=""#,
        p.frame,
        n(LEFT),
        n(TOP),
        p.light,
        p.dark,
        c = n(CANVAS),
        s = n(side),
    );
    for sq in Square::ALL.into_iter().filter(|s| s.is_dark()) {
        let (x, y) = corner(sq, o);
        let _ = write!(out, "M{} {}h{q}v{q}h-{q}z", n(x), n(y), q = n(SQUARE));
    }
    out.push_str(r#""/>"#);
    if coordinates {
        coordinate_glyphs(out, o, p);
    }
}

/// The file letters under the board and the rank numbers to its left, each centred on its
/// square's column or row; the letters share one baseline.
fn coordinate_glyphs(out: &mut String, o: Color, p: &Palette) {
    let s = COORD_EM / UNITS_PER_EM;
    let _ = write!(out, r#"<g fill="{}">"#, p.coordinate);
    // Worded once: the float formatter's exact mode is slow, and every glyph has the scale.
    let (scale, flip) = (scale_str(s), scale_str(-s));
    let glyph_at = |out: &mut String, d: &str, x: f32, y: f32| {
        // (x, y) is the glyph's origin on its baseline; font units point up.
        let _ = write!(
            out,
            r#"<path transform="matrix({scale} 0 0 {flip} {} {})" d="{d}"/>"#,
            n(x),
            n(y),
        );
    };
    // One baseline for all letters, centring the band from the lowest descender to the
    // highest ascender in the bottom strip.
    let (low, high) = File::ALL.iter().fold((f32::MAX, f32::MIN), |(lo, hi), f| {
        let b = glyphs::file(*f).bbox;
        (lo.min(b.1), hi.max(b.3))
    });
    let strip_top = TOP + 8.0 * SQUARE;
    let baseline = strip_top + (BOTTOM - s * (high - low)) / 2.0 + s * high;
    for file in File::ALL {
        let g = glyphs::file(file);
        let (col, _) = cell(Square::from_coords(file, Rank::First), o);
        let cx = LEFT + (f32::from(col) + 0.5) * SQUARE;
        glyph_at(out, g.d, cx - s * (g.bbox.0 + g.bbox.2) / 2.0, baseline);
    }
    for rank in Rank::ALL {
        let g = glyphs::rank(rank);
        let (_, row) = cell(Square::from_coords(File::A, rank), o);
        let cy = TOP + (f32::from(row) + 0.5) * SQUARE;
        glyph_at(
            out,
            g.d,
            LEFT / 2.0 - s * (g.bbox.0 + g.bbox.2) / 2.0,
            cy + s * (g.bbox.1 + g.bbox.3) / 2.0,
        );
    }
    out.push_str("</g>");
}

/// Writes shapes as SVG elements.
fn shapes(out: &mut String, list: &[Shape]) {
    for shape in list {
        match shape {
            Shape::Square { x, y, fill } => {
                let _ = write!(
                    out,
                    r#"<rect x="{}" y="{}" width="{q}" height="{q}" fill="{}"{}/>"#,
                    n(*x),
                    n(*y),
                    fill.colour,
                    opacity("fill", fill.opacity),
                    q = n(SQUARE)
                );
            }
            Shape::Glow {
                x,
                y,
                radius,
                colour,
            } => {
                // Each glow has its own gradient, placed in canvas units.
                let id = format!("glow{}-{}", n(*x), n(*y)).replace('.', "_");
                let _ = write!(
                    out,
                    r#"<radialGradient id="{id}" gradientUnits="userSpaceOnUse" cx="{cx}" cy="{cy}" r="{}"><stop offset="0" stop-color="{colour}"/><stop offset=".55" stop-color="{colour}"/><stop offset="1" stop-color="{colour}" stop-opacity="0"/></radialGradient><rect x="{}" y="{}" width="{q}" height="{q}" fill="url(#{id})"/>"#,
                    n(*radius),
                    n(*x),
                    n(*y),
                    cx = n(x + SQUARE / 2.0),
                    cy = n(y + SQUARE / 2.0),
                    q = n(SQUARE)
                );
            }
            Shape::Frame {
                x,
                y,
                inset,
                radius,
                width,
                colour,
            } => {
                let _ = write!(
                    out,
                    r#"<rect x="{}" y="{}" width="{w}" height="{w}" rx="{}" fill="none" stroke="{colour}" stroke-width="{}"/>"#,
                    n(x + inset),
                    n(y + inset),
                    n(*radius),
                    n(*width),
                    w = n(SQUARE - 2.0 * inset)
                );
            }
            Shape::Ring {
                cx,
                cy,
                r,
                width,
                stroke,
            } => {
                let _ = write!(
                    out,
                    r#"<circle cx="{}" cy="{}" r="{}" fill="none" stroke="{}" stroke-width="{}"{}/>"#,
                    n(*cx),
                    n(*cy),
                    n(*r),
                    stroke.colour,
                    n(*width),
                    opacity("stroke", stroke.opacity)
                );
            }
            Shape::Disc { cx, cy, r, fill } => {
                let _ = write!(
                    out,
                    r#"<circle cx="{}" cy="{}" r="{}" fill="{}"{}/>"#,
                    n(*cx),
                    n(*cy),
                    n(*r),
                    fill.colour,
                    opacity("fill", fill.opacity)
                );
            }
            Shape::Line {
                points,
                width,
                colour,
                round_caps,
                dash,
            } => {
                let _ = write!(
                    out,
                    r#"<path d="{}" fill="none" stroke="{colour}" stroke-width="{}" stroke-linejoin="round" stroke-linecap="{}""#,
                    polyline(points, false),
                    n(*width),
                    if *round_caps { "round" } else { "butt" }
                );
                if let Some([on, off]) = dash {
                    let _ = write!(out, r#" stroke-dasharray="{} {}""#, n(*on), n(*off));
                }
                out.push_str("/>");
            }
            Shape::Polygon {
                points,
                colour,
                outline,
            } => {
                let _ = write!(
                    out,
                    r#"<path d="{}" fill="{colour}""#,
                    polyline(points, true)
                );
                if *outline > 0.0 {
                    let _ = write!(
                        out,
                        r#" stroke="{colour}" stroke-width="{}" stroke-linejoin="round""#,
                        n(*outline)
                    );
                }
                out.push_str("/>");
            }
        }
    }
}

fn opacity(what: &str, v: f32) -> String {
    if v >= 1.0 {
        String::new()
    } else {
        format!(r#" {what}-opacity="{}""#, n(v))
    }
}

fn polyline(points: &[(f32, f32)], closed: bool) -> String {
    let mut d = String::new();
    for (i, (x, y)) in points.iter().enumerate() {
        let _ = write!(d, "{}{} {}", if i == 0 { 'M' } else { 'L' }, n(*x), n(*y));
    }
    if closed {
        d.push('Z');
    }
    d
}

#[cfg(test)]
mod tests {
    #[test]
    fn numbers_are_written_as_the_float_formatter_writes_them() {
        let mut values: Vec<f32> = vec![
            0.0, -0.0, 0.005, -0.005, 0.015, 0.125, -0.125, 0.375, 2.5, 1e-9, -1e-9, 0.995, 99.995,
            1234.5,
        ];
        // Every hundredth and its neighbours over the board's range, ties among them.
        for i in -200_000..200_000 {
            #[allow(clippy::cast_precision_loss)]
            let v = i as f32 / 400.0;
            values.push(v);
            values.push(f32::from_bits(v.to_bits().wrapping_add(1)));
        }
        for v in values {
            assert_eq!(super::n(v), super::n_by_formatter(v), "{v:?}");
        }
    }

    use super::*;

    #[test]
    fn numbers_are_short_and_stable() {
        assert_eq!(n(100.0), "100");
        assert_eq!(n(12.5), "12.5");
        assert_eq!(n(1.0 / 3.0), "0.33");
        assert_eq!(n(-0.001), "0");
        assert_eq!(scale_str(58.0 / 45.0), "1.28889");
    }

    #[test]
    fn coordinates_follow_the_orientation() {
        let p = Palette::default();
        let mut white = String::new();
        coordinate_glyphs(&mut white, Color::White, &p);
        let mut black = String::new();
        coordinate_glyphs(&mut black, Color::Black, &p);
        // The glyph of "a" is written first; from White it is at the left, from Black at the
        // right.
        let x_of_first = |svg: &str| -> f32 {
            let m = svg.split("matrix(").nth(1).unwrap();
            m.split(' ').nth(4).unwrap().parse().unwrap()
        };
        assert!(x_of_first(&white) < LEFT + SQUARE);
        assert!(x_of_first(&black) > LEFT + 7.0 * SQUARE);
    }
}
