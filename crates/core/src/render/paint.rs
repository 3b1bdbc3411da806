//! Paints the shapes of `shapes.rs` straight onto a tiny-skia pixmap, the way resvg paints
//! their SVG (a test in `png.rs` holds the two side by side): a picture's marks and arrows
//! need no SVG text, no XML parse and no resvg tree.

use resvg::tiny_skia::{
    Color, FillRule, GradientStop, LineCap, LineJoin, Paint, Path, PathBuilder, Pixmap, Point,
    RadialGradient, Rect, SpreadMode, Stroke, StrokeDash, Transform,
};

use super::layout::SQUARE;
use super::palette::Rgb;
use super::shapes::Shape;

fn colour(c: Rgb, opacity: f32) -> Color {
    // In 0..=255 by the clamp.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let alpha = (opacity.clamp(0.0, 1.0) * 255.0).round() as u8;
    Color::from_rgba8(c.0, c.1, c.2, alpha)
}

fn solid(c: Rgb, opacity: f32) -> Paint<'static> {
    let mut paint = Paint::default();
    paint.set_color(colour(c, opacity));
    paint.anti_alias = true;
    paint
}

fn stroke(width: f32, cap: LineCap, dash: Option<[f32; 2]>) -> Stroke {
    Stroke {
        width,
        line_cap: cap,
        line_join: LineJoin::Round,
        dash: dash.and_then(|[on, off]| StrokeDash::new(vec![on, off], 0.0)),
        ..Stroke::default()
    }
}

fn polyline(points: &[(f32, f32)], closed: bool) -> Option<Path> {
    let mut pb = PathBuilder::new();
    let (&(x0, y0), rest) = points.split_first()?;
    pb.move_to(x0, y0);
    for &(x, y) in rest {
        pb.line_to(x, y);
    }
    if closed {
        pb.close();
    }
    pb.finish()
}

/// A rectangle with rounded corners (quarter circles drawn as cubics, as SVG renderers do).
fn rounded_rect(x: f32, y: f32, w: f32, h: f32, r: f32) -> Option<Path> {
    // Control-point distance of a cubic that follows a quarter circle.
    const K: f32 = 0.552_284_8;
    let k = r * K;
    let mut pb = PathBuilder::new();
    pb.move_to(x + r, y);
    pb.line_to(x + w - r, y);
    pb.cubic_to(x + w - r + k, y, x + w, y + r - k, x + w, y + r);
    pb.line_to(x + w, y + h - r);
    pb.cubic_to(x + w, y + h - r + k, x + w - r + k, y + h, x + w - r, y + h);
    pb.line_to(x + r, y + h);
    pb.cubic_to(x + r - k, y + h, x, y + h - r + k, x, y + h - r);
    pb.line_to(x, y + r);
    pb.cubic_to(x, y + r - k, x + r - k, y, x + r, y);
    pb.close();
    pb.finish()
}

/// Paints `list` onto `pixmap`, scaled from canvas units by `scale` pixels a unit.
pub(crate) fn paint(pixmap: &mut Pixmap, list: &[Shape], scale: f32) {
    let ts = Transform::from_scale(scale, scale);
    for shape in list {
        match shape {
            Shape::Square { x, y, fill } => {
                if let Some(rect) = Rect::from_xywh(*x, *y, SQUARE, SQUARE) {
                    pixmap.fill_rect(rect, &solid(fill.colour, fill.opacity), ts, None);
                }
            }
            Shape::Glow {
                x,
                y,
                radius,
                colour: c,
            } => {
                let centre = Point::from_xy(x + SQUARE / 2.0, y + SQUARE / 2.0);
                let stops = vec![
                    GradientStop::new(0.0, colour(*c, 1.0)),
                    GradientStop::new(0.55, colour(*c, 1.0)),
                    GradientStop::new(1.0, colour(*c, 0.0)),
                ];
                let shader = RadialGradient::new(
                    centre,
                    0.0,
                    centre,
                    *radius,
                    stops,
                    SpreadMode::Pad,
                    Transform::identity(),
                );
                if let (Some(shader), Some(rect)) =
                    (shader, Rect::from_xywh(*x, *y, SQUARE, SQUARE))
                {
                    let paint = Paint {
                        shader,
                        anti_alias: true,
                        ..Paint::default()
                    };
                    pixmap.fill_rect(rect, &paint, ts, None);
                }
            }
            Shape::Frame {
                x,
                y,
                inset,
                radius,
                width,
                colour: c,
            } => {
                let side = SQUARE - 2.0 * inset;
                if let Some(path) = rounded_rect(x + inset, y + inset, side, side, *radius) {
                    let s = stroke(*width, LineCap::Butt, None);
                    pixmap.stroke_path(&path, &solid(*c, 1.0), &s, ts, None);
                }
            }
            Shape::Ring {
                cx,
                cy,
                r,
                width,
                stroke: paint,
            } => {
                if let Some(path) = PathBuilder::from_circle(*cx, *cy, *r) {
                    let s = stroke(*width, LineCap::Butt, None);
                    pixmap.stroke_path(&path, &solid(paint.colour, paint.opacity), &s, ts, None);
                }
            }
            Shape::Disc { cx, cy, r, fill } => {
                if let Some(path) = PathBuilder::from_circle(*cx, *cy, *r) {
                    let paint = solid(fill.colour, fill.opacity);
                    pixmap.fill_path(&path, &paint, FillRule::Winding, ts, None);
                }
            }
            Shape::Line {
                points,
                width,
                colour: c,
                round_caps,
                dash,
            } => {
                if let Some(path) = polyline(points, false) {
                    let cap = if *round_caps {
                        LineCap::Round
                    } else {
                        LineCap::Butt
                    };
                    let s = stroke(*width, cap, *dash);
                    pixmap.stroke_path(&path, &solid(*c, 1.0), &s, ts, None);
                }
            }
            Shape::Polygon {
                points,
                colour: c,
                outline,
            } => {
                if let Some(path) = polyline(points, true) {
                    let paint = solid(*c, 1.0);
                    pixmap.fill_path(&path, &paint, FillRule::Winding, ts, None);
                    if *outline > 0.0 {
                        let s = stroke(*outline, LineCap::Butt, None);
                        pixmap.stroke_path(&path, &paint, &s, ts, None);
                    }
                }
            }
        }
    }
}
