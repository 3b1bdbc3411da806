//! What a [`BoardView`] lays on the board, as a few plain shapes in canvas units: the
//! last-move tint, the check glow, marks, arrows and dots. `svg.rs` writes them as SVG text,
//! `png.rs` paints them straight onto the pixmap, so both pictures are one drawing.
//!
//! The shapes come in two layers. Under the pieces: tints, the glow, frames, green rings and
//! every arrow (so a piece on an arrow's path stays whole, and an arrow that runs through a
//! pinned piece is seen to go under it). Over the pieces: orange rings, red crosses and the
//! legal-move dots, which sit at a square's edge or on empty squares.

use shakmaty::Color;

use super::layout::{SQUARE, centre, corner};
use super::marks::{Arrow, ArrowKind, MarkKind};
use super::palette::{Palette, Rgb};
use super::view::BoardView;

/// Width of the white casing on each side of a mark's or an arrow's line.
pub(crate) const HALO: f32 = 0.03 * SQUARE;
/// Shaft width, head length and head half-width of an arrow.
const SHAFT: f32 = 0.14 * SQUARE;
const HEAD_LEN: f32 = 0.36 * SQUARE;
const HEAD_HALF: f32 = 0.24 * SQUARE;
/// Dashes and gaps of the part of a move that cannot be made.
const DASH: [f32; 2] = [0.2 * SQUARE, 0.12 * SQUARE];

/// A colour with an opacity.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Paint {
    pub colour: Rgb,
    pub opacity: f32,
}

impl Paint {
    fn solid(colour: Rgb) -> Self {
        Paint {
            colour,
            opacity: 1.0,
        }
    }
}

/// One shape, in canvas units.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Shape {
    /// A filled square.
    Square { x: f32, y: f32, fill: Paint },
    /// A square filled with a radial glow: solid to 55 % of the radius, then fading out.
    Glow {
        x: f32,
        y: f32,
        radius: f32,
        colour: Rgb,
    },
    /// A rounded frame inside a square (`inset` from its edges), stroked.
    Frame {
        x: f32,
        y: f32,
        inset: f32,
        radius: f32,
        width: f32,
        colour: Rgb,
    },
    /// A circle, stroked.
    Ring {
        cx: f32,
        cy: f32,
        r: f32,
        width: f32,
        stroke: Paint,
    },
    /// A disc, filled.
    Disc {
        cx: f32,
        cy: f32,
        r: f32,
        fill: Paint,
    },
    /// An open line through the points, stroked with round joins (and dashes, if any).
    Line {
        points: Vec<(f32, f32)>,
        width: f32,
        colour: Rgb,
        round_caps: bool,
        dash: Option<[f32; 2]>,
    },
    /// A closed polygon, filled, and stroked as wide as `outline` (0 for none) in the same
    /// colour.
    Polygon {
        points: Vec<(f32, f32)>,
        colour: Rgb,
        outline: f32,
    },
}

/// The shapes of a view: under the pieces and over them.
#[derive(Debug, Default)]
pub(crate) struct Layers {
    pub under: Vec<Shape>,
    pub over: Vec<Shape>,
}

/// The shapes `view` lays on the board, in drawing order.
pub(crate) fn layers(view: &BoardView, p: &Palette) -> Layers {
    let o = view.orientation;
    let mut l = Layers::default();
    if let Some((from, to)) = view.last_move {
        for sq in [from, to] {
            let (x, y) = corner(sq, o);
            l.under.push(Shape::Square {
                x,
                y,
                fill: Paint {
                    colour: p.last_move,
                    opacity: p.last_move_alpha,
                },
            });
        }
    }
    if let Some(king) = view.check {
        let (x, y) = corner(king, o);
        l.under.push(Shape::Glow {
            x,
            y,
            radius: 0.72 * SQUARE,
            colour: p.check,
        });
    }
    for kind in [MarkKind::Highlight, MarkKind::Good, MarkKind::Attacker] {
        marks(&mut l.under, view, kind, p);
    }
    arrows(&mut l.under, view, p, false);
    // An arrow of one square would lie under its two pieces: drawn over them instead.
    arrows(&mut l.over, view, p, true);
    for kind in [MarkKind::Blocker, MarkKind::Forbidden] {
        marks(&mut l.over, view, kind, p);
    }
    dots(&mut l.over, view, p);
    l
}

/// Each shape twice: first as wide as the halo in the halo's colour, then itself.
fn haloed(out: &mut Vec<Shape>, shape: Shape, halo: Rgb) {
    let casing = match &shape {
        Shape::Frame {
            x,
            y,
            inset,
            radius,
            width,
            ..
        } => Shape::Frame {
            x: *x,
            y: *y,
            inset: *inset,
            radius: *radius,
            width: width + 2.0 * HALO,
            colour: halo,
        },
        Shape::Ring {
            cx, cy, r, width, ..
        } => Shape::Ring {
            cx: *cx,
            cy: *cy,
            r: *r,
            width: width + 2.0 * HALO,
            stroke: Paint::solid(halo),
        },
        Shape::Line {
            points,
            width,
            round_caps,
            dash,
            ..
        } => Shape::Line {
            points: points.clone(),
            width: width + 2.0 * HALO,
            colour: halo,
            round_caps: *round_caps,
            dash: *dash,
        },
        Shape::Polygon {
            points, outline, ..
        } => Shape::Polygon {
            points: points.clone(),
            colour: halo,
            outline: outline + 2.0 * HALO,
        },
        Shape::Square { .. } | Shape::Glow { .. } | Shape::Disc { .. } => {
            out.push(shape);
            return;
        }
    };
    out.push(casing);
    out.push(shape);
}

fn marks(out: &mut Vec<Shape>, view: &BoardView, kind: MarkKind, p: &Palette) {
    let o = view.orientation;
    let colour = p.mark(kind);
    for m in view.marks.iter().filter(|m| m.kind == kind) {
        let (x, y) = corner(m.square, o);
        let (cx, cy) = centre(m.square, o);
        match kind {
            MarkKind::Attacker | MarkKind::Highlight => haloed(
                out,
                Shape::Frame {
                    x,
                    y,
                    inset: 0.075 * SQUARE,
                    radius: 0.08 * SQUARE,
                    width: 0.07 * SQUARE,
                    colour,
                },
                p.halo,
            ),
            MarkKind::Blocker | MarkKind::Good => haloed(
                out,
                Shape::Ring {
                    cx,
                    cy,
                    r: 0.43 * SQUARE,
                    width: 0.07 * SQUARE,
                    stroke: Paint::solid(colour),
                },
                p.halo,
            ),
            MarkKind::Forbidden => {
                // On an empty square a big cross; on a piece a small one on a white badge in
                // the corner, clear of the piece, so the piece stays readable.
                let on_piece = view.board.piece_at(m.square).is_some();
                let (cx, cy, half, width) = if on_piece {
                    (
                        x + 0.82 * SQUARE,
                        y + 0.18 * SQUARE,
                        0.085 * SQUARE,
                        0.075 * SQUARE,
                    )
                } else {
                    (cx, cy, 0.22 * SQUARE, 0.11 * SQUARE)
                };
                if on_piece {
                    out.push(Shape::Disc {
                        cx,
                        cy,
                        r: 0.17 * SQUARE,
                        fill: Paint::solid(p.halo),
                    });
                }
                // Both casings first, then both strokes: the second stroke's casing must not
                // cut the first stroke.
                let mut pair = Vec::new();
                for (dx, dy) in [(1.0, 1.0), (1.0, -1.0)] {
                    haloed(
                        &mut pair,
                        Shape::Line {
                            points: vec![
                                (cx - dx * half, cy - dy * half),
                                (cx + dx * half, cy + dy * half),
                            ],
                            width,
                            colour,
                            round_caps: true,
                            dash: None,
                        },
                        p.halo,
                    );
                }
                let strokes: Vec<Shape> = pair.iter().skip(1).step_by(2).cloned().collect();
                out.extend(pair.into_iter().step_by(2));
                out.extend(strokes);
            }
        }
    }
}

/// Radius of a legal-move dot: big enough to see at 360 px on either square.
const DOT: f32 = 0.17 * SQUARE;

fn dots(out: &mut Vec<Shape>, view: &BoardView, p: &Palette) {
    let o = view.orientation;
    let paint = Paint {
        colour: p.dot,
        opacity: p.dot_alpha,
    };
    for &sq in &view.dots {
        let (cx, cy) = centre(sq, o);
        if view.board.piece_at(sq).is_some() {
            haloed(
                out,
                Shape::Ring {
                    cx,
                    cy,
                    r: 0.44 * SQUARE,
                    width: 0.08 * SQUARE,
                    stroke: paint,
                },
                p.halo,
            );
        } else {
            // A white casing, then the dot: it reads on a dark square as on a light one.
            out.push(Shape::Disc {
                cx,
                cy,
                r: DOT + 2.0 * HALO,
                fill: Paint::solid(p.halo),
            });
            out.push(Shape::Disc {
                cx,
                cy,
                r: DOT,
                fill: paint,
            });
        }
    }
}

/// Whether an arrow goes to a square next to where it starts.
pub(crate) fn is_short(a: &Arrow) -> bool {
    let df = (i32::from(u8::from(a.to.file())) - i32::from(u8::from(a.from.file()))).abs();
    let dr = (i32::from(u8::from(a.to.rank())) - i32::from(u8::from(a.from.rank()))).abs();
    df.max(dr) == 1
}

fn arrows(out: &mut Vec<Shape>, view: &BoardView, p: &Palette, short: bool) {
    // Kinds in their drawing order, so the learner's move lies on top; every casing first,
    // so where two arrows cross neither is cut by the other's casing.
    let mut drawn: Vec<&Arrow> = view
        .arrows
        .iter()
        .filter(|a| a.from != a.to && is_short(a) == short)
        .collect();
    drawn.sort_by_key(|a| ArrowKind::ALL.iter().position(|k| *k == a.kind));
    let mut casings = Vec::new();
    let mut colours = Vec::new();
    for a in drawn {
        // A reply that lands where the learner's move went takes the piece that will be
        // there: it stops at the square's edge too, so the two heads do not overlap.
        let busy = view.board.piece_at(a.to).is_some()
            || view
                .marks
                .iter()
                .any(|m| m.square == a.to && m.kind == MarkKind::Forbidden)
            || (a.kind == ArrowKind::Reply
                && view
                    .arrows
                    .iter()
                    .any(|m| m.kind == ArrowKind::Move && m.to == a.to));
        let colour = p.arrow(a.kind);
        let mut pair = Vec::new();
        if a.kind == ArrowKind::Forbidden {
            // The way a piece cannot go: dashes to the centre of the square, where a red
            // cross usually stands; no head, as nothing gets there.
            haloed(
                &mut pair,
                Shape::Line {
                    points: vec![
                        centre(a.from, view.orientation),
                        centre(a.to, view.orientation),
                    ],
                    width: SHAFT,
                    colour,
                    round_caps: false,
                    dash: Some(DASH),
                },
                p.halo,
            );
        } else {
            // A knight's jump bends; the same squares tried by another piece (a queen sent
            // from d3 to e1) are a straight line: no path it could take is suggested.
            let bend = view
                .board
                .role_at(a.from)
                .is_none_or(|r| r == shakmaty::Role::Knight);
            let (shaft, head) = arrow_geometry(a, view.orientation, busy, bend);
            haloed(
                &mut pair,
                Shape::Line {
                    points: shaft,
                    width: SHAFT,
                    colour,
                    round_caps: true,
                    dash: None,
                },
                p.halo,
            );
            haloed(
                &mut pair,
                Shape::Polygon {
                    points: head.to_vec(),
                    colour,
                    outline: 0.0,
                },
                p.halo,
            );
        }
        let mut pair = pair.into_iter();
        while let (Some(casing), Some(shape)) = (pair.next(), pair.next()) {
            casings.push(casing);
            colours.push(shape);
        }
    }
    out.extend(casings);
    out.extend(colours);
}

/// An arrow's shaft (the points of a polyline) and head (a triangle).
pub(crate) type ArrowShape = (Vec<(f32, f32)>, [(f32, f32); 3]);

/// The shaft (a polyline from the centre of the from-square) and the head (a triangle) of an
/// arrow; knight moves bend once, the long leg first, when `bend`. An arrow at a piece (or a cross) stops
/// just inside its square's edge, where no piece is drawn; one at an empty square reaches
/// nearly to its centre.
pub(crate) fn arrow_geometry(a: &Arrow, o: Color, busy: bool, bend: bool) -> ArrowShape {
    let (x0, y0) = centre(a.from, o);
    let (x1, y1) = centre(a.to, o);
    if is_short(a) {
        return short_arrow((x0, y0), (x1, y1), busy);
    }
    let df = (i32::from(u8::from(a.to.file())) - i32::from(u8::from(a.from.file()))).abs();
    let dr = (i32::from(u8::from(a.to.rank())) - i32::from(u8::from(a.from.rank()))).abs();
    let knee = (bend && ((df, dr) == (1, 2) || (df, dr) == (2, 1))).then(|| {
        if (x1 - x0).abs() > (y1 - y0).abs() {
            (x1, y0)
        } else {
            (x0, y1)
        }
    });
    let (sx, sy) = knee.unwrap_or((x0, y0));
    let (dx, dy) = (x1 - sx, y1 - sy);
    let len = (dx * dx + dy * dy).sqrt();
    let (ux, uy) = (dx / len, dy / len);
    let back = if busy {
        // Distance from the centre to the square's edge along the arrow, less a little.
        0.5 * SQUARE / ux.abs().max(uy.abs()) - 0.08 * SQUARE
    } else {
        0.1 * SQUARE
    };
    let tip = (x1 - ux * back, y1 - uy * back);
    let base = (tip.0 - ux * HEAD_LEN, tip.1 - uy * HEAD_LEN);
    let mut shaft = vec![(x0, y0)];
    if let Some(k) = knee {
        shaft.push(k);
    }
    // The shaft runs a little into the head, so no seam shows.
    shaft.push((base.0 + ux * 0.02 * SQUARE, base.1 + uy * 0.02 * SQUARE));
    let (px, py) = (-uy * HEAD_HALF, ux * HEAD_HALF);
    let head = [tip, (base.0 + px, base.1 + py), (base.0 - px, base.1 - py)];
    (shaft, head)
}

/// An arrow to the next square, drawn over the pieces: from the edge of the piece it leaves
/// to the edge of the one it meets (or near the centre of an empty square), with a shorter
/// head, so that a shaft shows between the two pieces.
fn short_arrow((x0, y0): (f32, f32), (x1, y1): (f32, f32), busy: bool) -> ArrowShape {
    let (dx, dy) = (x1 - x0, y1 - y0);
    let len = (dx * dx + dy * dy).sqrt();
    let (ux, uy) = (dx / len, dy / len);
    let start = 0.24 * len;
    let tip = if busy { 0.74 * len } else { 0.9 * len };
    let head = 0.27 * SQUARE;
    let at = |d: f32| (x0 + ux * d, y0 + uy * d);
    let t = at(tip);
    let base = at(tip - head);
    let (px, py) = (-uy * 0.2 * SQUARE, ux * 0.2 * SQUARE);
    (
        vec![at(start), at(tip - head + 0.02 * SQUARE)],
        [t, (base.0 + px, base.1 + py), (base.0 - px, base.1 - py)],
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Square;

    /// Whether any shape lies on the square with this corner.
    fn touches(shapes: &[Shape], x: f32, y: f32) -> bool {
        shapes.iter().any(|s| match s {
            Shape::Square { x: sx, y: sy, .. }
            | Shape::Glow { x: sx, y: sy, .. }
            | Shape::Frame { x: sx, y: sy, .. } => *sx == x && *sy == y,
            Shape::Ring { cx, cy, .. } | Shape::Disc { cx, cy, .. } => {
                (*cx - x - SQUARE / 2.0).abs() < 1.0 && (*cy - y - SQUARE / 2.0).abs() < 1.0
            }
            Shape::Line { points, .. } | Shape::Polygon { points, .. } => points
                .iter()
                .any(|&(px, py)| px >= x && px <= x + SQUARE && py >= y && py <= y + SQUARE),
        })
    }

    fn view(fen: &str) -> BoardView {
        BoardView::from_fen(fen).unwrap()
    }

    #[test]
    fn arrows_lie_under_the_pieces_and_crosses_over_them() {
        let v = view("4r1k1/8/8/8/4N3/8/8/4K3 w - - 0 1")
            .with_arrow(Square::E8, Square::E1, ArrowKind::Attack)
            .with_mark(Square::C5, MarkKind::Forbidden)
            .with_mark(Square::F2, MarkKind::Blocker);
        let l = layers(&v, &Palette::default());
        assert!(l.under.iter().any(|s| matches!(s, Shape::Line { .. })));
        assert!(!l.over.iter().any(|s| matches!(s, Shape::Polygon { .. })));
        let (x, y) = corner(Square::C5, Color::White);
        assert!(touches(&l.over, x, y), "cross on c5");
        let (x, y) = corner(Square::F2, Color::White);
        assert!(touches(&l.over, x, y), "ring on f2");
    }

    #[test]
    fn an_arrow_at_a_piece_stops_at_its_square_and_one_at_an_empty_square_nearly_reaches_the_centre()
     {
        let o = Color::White;
        let at = |to: Square, busy: bool| {
            arrow_geometry(
                &Arrow {
                    from: Square::A1,
                    to,
                    kind: ArrowKind::Move,
                },
                o,
                busy,
                true,
            )
            .1[0]
        };
        let (cx, cy) = centre(Square::A5, o);
        let tip = at(Square::A5, true);
        assert_eq!(tip.0, cx);
        // Coming from below, the tip is just inside the square's bottom edge.
        assert!(
            tip.1 > cy + 0.4 * SQUARE && tip.1 < cy + 0.5 * SQUARE,
            "{tip:?}"
        );
        let tip = at(Square::A5, false);
        assert!((tip.1 - cy - 0.1 * SQUARE).abs() < 0.01);
        // Diagonal: inside the square's corner region.
        let (cx, cy) = centre(Square::D4, o);
        let tip = at(Square::D4, true);
        assert!(
            tip.0 < cx - 0.4 * SQUARE && tip.1 > cy + 0.4 * SQUARE,
            "{tip:?}"
        );
    }

    #[test]
    fn a_knight_arrow_bends_once_long_leg_first() {
        let (shaft, _) = arrow_geometry(
            &Arrow {
                from: Square::G1,
                to: Square::F3,
                kind: ArrowKind::Move,
            },
            Color::White,
            false,
            true,
        );
        assert_eq!(shaft.len(), 3);
        assert_eq!(shaft[1], centre(Square::G3, Color::White));
    }

    /// A11: the same squares tried by a queen are a straight arrow (a bend would suggest a
    /// path the queen could take).
    #[test]
    fn a_knight_shaped_try_by_another_piece_is_straight() {
        let v = view("4k3/8/8/8/8/3Q4/8/4K3 w - - 0 1").with_arrow(
            Square::D3,
            Square::E1,
            ArrowKind::Move,
        );
        let l = layers(&v, &Palette::default());
        let lines: Vec<&Vec<(f32, f32)>> = l
            .under
            .iter()
            .filter_map(|s| match s {
                Shape::Line { points, .. } => Some(points),
                _ => None,
            })
            .collect();
        assert!(!lines.is_empty());
        assert!(lines.iter().all(|p| p.len() == 2), "{lines:?}");
        let v = view("4k3/8/8/8/8/3N4/8/4K3 w - - 0 1").with_arrow(
            Square::D3,
            Square::E1,
            ArrowKind::Move,
        );
        let l = layers(&v, &Palette::default());
        assert!(
            l.under
                .iter()
                .any(|s| matches!(s, Shape::Line { points, .. } if points.len() == 3))
        );
    }

    /// C7a: an arrow to the next square is drawn over the pieces, with a shaft between them.
    #[test]
    fn a_one_square_arrow_is_drawn_over_the_pieces_with_a_shaft() {
        let v = view("r7/p7/8/8/8/8/8/8 w - - 0 1").with_arrow(
            Square::A8,
            Square::A7,
            ArrowKind::Attack,
        );
        let l = layers(&v, &Palette::default());
        assert!(!l.under.iter().any(|s| matches!(s, Shape::Polygon { .. })));
        let shaft = l
            .over
            .iter()
            .find_map(|s| match s {
                Shape::Line {
                    points, dash: None, ..
                } if points.len() == 2 => Some(points),
                _ => None,
            })
            .expect("a shaft over the pieces");
        let length = (shaft[1].1 - shaft[0].1).abs();
        assert!(length > 0.15 * SQUARE, "a shaft that shows: {length}");
        assert!(l.over.iter().any(|s| matches!(s, Shape::Polygon { .. })));
    }

    /// C7c: a red cross on a piece sits on a white badge in the square's corner, clear of
    /// the piece's middle.
    #[test]
    fn a_cross_on_a_piece_is_a_badge_in_the_corner() {
        let v = view("8/8/8/8/1p6/8/8/8 w - - 0 1").with_mark(Square::B4, MarkKind::Forbidden);
        let l = layers(&v, &Palette::default());
        let (x, y) = corner(Square::B4, Color::White);
        let badge = l
            .over
            .iter()
            .find_map(|s| match s {
                Shape::Disc { cx, cy, r, .. } => Some((*cx, *cy, *r)),
                _ => None,
            })
            .expect("a badge");
        let (cx, cy) = (x + SQUARE / 2.0, y + SQUARE / 2.0);
        let distance = ((badge.0 - cx).powi(2) + (badge.1 - cy).powi(2)).sqrt();
        assert!(
            distance - badge.2 > 0.25 * SQUARE,
            "the badge keeps off the middle"
        );
    }

    #[test]
    fn the_forbidden_part_is_dashed_and_nothing_else_is() {
        let v = view("8/8/8/8/8/8/P7/R7 w - - 0 1")
            .with_arrow(Square::A1, Square::A2, ArrowKind::Move)
            .with_arrow(Square::A2, Square::A5, ArrowKind::Forbidden);
        let l = layers(&v, &Palette::default());
        let p = Palette::default();
        // (The one-square move lies over the pieces, the forbidden slide under them.)
        let dashed: Vec<_> = l
            .under
            .iter()
            .chain(&l.over)
            .filter_map(|s| match s {
                Shape::Line { dash, colour, .. } => Some((dash.is_some(), *colour)),
                _ => None,
            })
            .collect();
        assert!(dashed.contains(&(true, p.forbidden)));
        assert!(dashed.contains(&(false, p.highlight)));
        assert!(!dashed.contains(&(true, p.highlight)));
    }

    #[test]
    fn without_check_there_is_no_glow() {
        let v = view("4k3/8/8/8/8/8/8/4R1K1 b - - 0 1");
        let glows = |v: &BoardView| {
            layers(v, &Palette::default())
                .under
                .iter()
                .filter(|s| matches!(s, Shape::Glow { .. }))
                .count()
        };
        assert_eq!(glows(&v), 1);
        assert_eq!(glows(&v.without_check()), 0);
    }
}
