//! Outlines taken from the embedded DejaVu Sans font: the chess pieces (U+2654–U+265F) and the
//! coordinate letters and digits. The font is compiled into the binary (the `dejavu` crate), so
//! a picture never depends on fonts installed on the machine, and the outlines go into the SVG
//! as plain paths, so no SVG viewer needs the font either.

use std::fmt::Write as _;
use std::sync::OnceLock;

use shakmaty::{Color, Role};
use ttf_parser::{Face, OutlineBuilder};

/// One glyph as SVG path data in font units (y pointing up), with its bounding box.
#[derive(Debug, Clone)]
pub(crate) struct Glyph {
    /// Every contour of the glyph.
    pub all: String,
    /// Only the outer contours (those inside no other): the glyph's silhouette.
    pub outer: String,
    /// Bounding box in font units: `(x_min, y_min, x_max, y_max)`.
    pub bbox: (f32, f32, f32, f32),
}

/// The glyphs the pictures need, read once from the embedded font.
#[derive(Debug)]
pub(crate) struct Glyphs {
    /// Font units per em.
    pub units_per_em: f32,
    /// The outline (white) piece glyphs K, Q, R, B, N, P: both colours are drawn from them
    /// (see `svg.rs`), so a black piece has exactly the white piece's shape.
    pub pieces: Vec<Glyph>,
    /// `a`–`h` then `1`–`8`, from the bold face.
    pub coords: Vec<Glyph>,
}

/// Index of a piece among the twelve: white king … white pawn, then black; `% 6` is its
/// index in [`Glyphs::pieces`].
pub(crate) fn piece_index(color: Color, role: Role) -> usize {
    let r = match role {
        Role::King => 0,
        Role::Queen => 1,
        Role::Rook => 2,
        Role::Bishop => 3,
        Role::Knight => 4,
        Role::Pawn => 5,
    };
    if color.is_white() { r } else { r + 6 }
}

/// The glyphs, parsed on first use.
pub(crate) fn glyphs() -> &'static Glyphs {
    static GLYPHS: OnceLock<Glyphs> = OnceLock::new();
    GLYPHS.get_or_init(load)
}

fn load() -> Glyphs {
    // The embedded fonts are fixed bytes: failing to parse them is a build defect, found by
    // every test that draws a board.
    let regular = Face::parse(dejavu::sans::regular(), 0).expect("embedded DejaVu Sans parses");
    let bold = Face::parse(dejavu::sans::bold(), 0).expect("embedded DejaVu Sans Bold parses");
    let pieces = ('\u{2654}'..='\u{2659}')
        .map(|c| outline(&regular, c))
        .collect();
    let coords = ('a'..='h')
        .chain('1'..='8')
        .map(|c| outline(&bold, c))
        .collect();
    Glyphs {
        units_per_em: f32::from(regular.units_per_em()),
        pieces,
        coords,
    }
}

fn outline(face: &Face<'_>, c: char) -> Glyph {
    let id = face
        .glyph_index(c)
        .unwrap_or_else(|| panic!("embedded font has a glyph for {c:?}"));
    let mut b = Contours::default();
    face.outline_glyph(id, &mut b);
    b.close_current();
    let boxes: Vec<_> = b.contours.iter().map(|c| c.bbox).collect();
    // How many other contours enclose contour `i` (judged by bounding boxes, which is exact
    // enough for these glyphs: a nested contour's box lies inside its parent's).
    let depth = |i: usize| {
        boxes
            .iter()
            .enumerate()
            .filter(|&(j, o)| {
                j != i
                    && o.0 <= boxes[i].0
                    && o.1 <= boxes[i].1
                    && o.2 >= boxes[i].2
                    && o.3 >= boxes[i].3
                    && *o != boxes[i]
            })
            .count()
    };
    let mut all = String::new();
    let mut outer = String::new();
    let mut bbox = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
    for (i, contour) in b.contours.iter().enumerate() {
        all.push_str(&contour.d);
        if depth(i) == 0 {
            outer.push_str(&contour.d);
        }
        bbox = (
            bbox.0.min(contour.bbox.0),
            bbox.1.min(contour.bbox.1),
            bbox.2.max(contour.bbox.2),
            bbox.3.max(contour.bbox.3),
        );
    }
    Glyph { all, outer, bbox }
}

#[derive(Debug)]
struct Contour {
    d: String,
    bbox: (f32, f32, f32, f32),
}

#[derive(Debug, Default)]
struct Contours {
    contours: Vec<Contour>,
    d: String,
    bbox: Option<(f32, f32, f32, f32)>,
}

impl Contours {
    fn point(&mut self, x: f32, y: f32) {
        let b = self.bbox.get_or_insert((x, y, x, y));
        *b = (b.0.min(x), b.1.min(y), b.2.max(x), b.3.max(y));
        // Font units are integers in TrueType outlines; write them without decimals.
        let _ = write!(self.d, "{} {} ", x.round(), y.round());
    }
    fn close_current(&mut self) {
        if let Some(bbox) = self.bbox.take() {
            let mut d = std::mem::take(&mut self.d);
            if !d.ends_with('Z') {
                d.push('Z');
            }
            self.contours.push(Contour { d, bbox });
        }
    }
}

impl OutlineBuilder for Contours {
    fn move_to(&mut self, x: f32, y: f32) {
        self.close_current();
        self.d.push('M');
        self.point(x, y);
    }
    fn line_to(&mut self, x: f32, y: f32) {
        self.d.push('L');
        self.point(x, y);
    }
    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        self.d.push('Q');
        self.point(x1, y1);
        self.point(x, y);
    }
    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        self.d.push('C');
        self.point(x1, y1);
        self.point(x2, y2);
        self.point(x, y);
    }
    fn close(&mut self) {
        self.d.push('Z');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_piece_and_coordinate_has_an_outline() {
        let g = glyphs();
        assert_eq!(g.pieces.len(), 6);
        assert_eq!(g.coords.len(), 16);
        for glyph in g.pieces.iter().chain(&g.coords) {
            assert!(glyph.all.starts_with('M'), "{glyph:?}");
            assert!(!glyph.outer.is_empty());
            assert!(glyph.bbox.2 > glyph.bbox.0 && glyph.bbox.3 > glyph.bbox.1);
        }
    }

    #[test]
    fn outline_glyphs_have_one_silhouette() {
        // Each outline glyph is one outer contour with holes and lines inside it.
        let g = glyphs();
        for role in Role::ALL {
            let w = &g.pieces[piece_index(Color::White, role)];
            assert!(w.outer.len() < w.all.len(), "{role:?}");
            assert_eq!(w.outer.matches('M').count(), 1, "{role:?}: one silhouette");
        }
        assert_eq!(piece_index(Color::Black, Role::Pawn), 11);
        assert_eq!(piece_index(Color::White, Role::Queen), 1);
    }
}
