//! SVG → PNG: resvg draws the SVG of [`super::svg`], layer by layer, then the picture is
//! stored with a palette of at most 256 colours (indexed PNG), about 20 KB at 512 px.
//!
//! Speed: the layers that depend only on the size, the colours and the orientation (the
//! squares, each kind of piece, the coordinates) are drawn by resvg once and kept; each
//! picture then asks resvg only for its tints, marks and arrows, and copies the rest into
//! place. A test checks that the result matches resvg drawing the whole SVG at once.
//!
//! Size: a board has a few flat colours plus the anti-aliased blends along edges; the palette
//! keeps the most frequent colours exactly and maps each rare blend to its nearest kept one.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use resvg::{tiny_skia, usvg};
use shakmaty::Color;

use super::RenderError;
use super::glyphs::piece_index;
use super::palette::{Palette, Rgb};
use super::svg::{corner, layer, piece_svg};
use super::view::BoardView;

/// The smallest picture [`png()`] draws, in pixels (4 px a square).
pub const MIN_SIZE: u32 = 32;
/// The largest picture [`png()`] draws, in pixels.
pub const MAX_SIZE: u32 = 4096;

/// Draws `view` as a PNG exactly `size_px` pixels square, in the default [`Palette`].
///
/// # Errors
///
/// [`RenderError::BadSize`] when `size_px` is outside [`MIN_SIZE`]`..=`[`MAX_SIZE`];
/// [`RenderError::Draw`] or [`RenderError::Encode`] if resvg or the PNG encoder fails (a
/// defect, not expected).
///
/// ```
/// use chess_tutor_core::render::{BoardView, png};
/// let view = BoardView::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
/// let bytes = png(&view, 256).unwrap();
/// assert_eq!(&bytes[1..4], b"PNG");
/// ```
pub fn png(view: &BoardView, size_px: u32) -> Result<Vec<u8>, RenderError> {
    png_with(view, size_px, &Palette::default())
}

/// Draws `view` as a PNG exactly `size_px` pixels square, in the given colours.
///
/// # Errors
///
/// As [`png()`].
pub fn png_with(view: &BoardView, size_px: u32, palette: &Palette) -> Result<Vec<u8>, RenderError> {
    check_size(size_px)?;
    // The layers of `svg_with`, from the bottom. What depends only on the size, the colours
    // and the orientation (squares, pieces, coordinates) is drawn by resvg once and kept;
    // resvg draws the rest (tints, marks, arrows) for each picture.
    let mut pixmap = (*board(size_px, palette)?).clone();
    if let Some(doc) = layer::under_doc(view, size_px, palette) {
        draw_onto(&doc, &mut pixmap)?;
    }
    let square = size_px as f32 / 8.0;
    for (sq, piece) in view.board.clone() {
        let sprite = sprite(piece_index(piece.color, piece.role), size_px, palette)?;
        let (x, y) = corner(sq, view.orientation);
        // Whole pixels: exact when the size is a multiple of 8, within half a pixel otherwise.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let (x, y) = (
            (x / 100.0 * square).round() as u32,
            (y / 100.0 * square).round() as u32,
        );
        blend(&mut pixmap, &sprite, x, y);
    }
    if view.coordinates {
        for patch in coordinates(size_px, view.orientation, palette)?.iter() {
            blend(&mut pixmap, &patch.pixels, patch.x, patch.y);
        }
    }
    if let Some(doc) = layer::over_doc(view, size_px, palette) {
        draw_onto(&doc, &mut pixmap)?;
    }
    encode_indexed(&pixmap)
}

/// A drawn part of a layer and where it goes.
struct Patch {
    x: u32,
    y: u32,
    pixels: tiny_skia::Pixmap,
}

/// Keeps at most this many entries per cache (a handful of sizes, palettes and
/// orientations); past that a cache starts afresh.
const KEPT: usize = 256;

type Cache<K, V> = OnceLock<Mutex<HashMap<K, Arc<V>>>>;

/// The value for `key`, made by `make` on the first call and kept.
fn cached<K: std::hash::Hash + Eq, V>(
    cache: &'static Cache<K, V>,
    key: K,
    make: impl FnOnce() -> Result<V, RenderError>,
) -> Result<Arc<V>, RenderError> {
    let map = cache.get_or_init(Mutex::default);
    // A panic elsewhere cannot leave the map half-changed: recover it.
    if let Some(v) = map.lock().unwrap_or_else(PoisonError::into_inner).get(&key) {
        return Ok(Arc::clone(v));
    }
    let value = Arc::new(make()?);
    let mut map = map.lock().unwrap_or_else(PoisonError::into_inner);
    if map.len() >= KEPT {
        map.clear();
    }
    map.insert(key, Arc::clone(&value));
    Ok(value)
}

/// The empty board of a size.
fn board(size_px: u32, palette: &Palette) -> Result<Arc<tiny_skia::Pixmap>, RenderError> {
    static BOARDS: Cache<(u32, Rgb, Rgb), tiny_skia::Pixmap> = OnceLock::new();
    cached(&BOARDS, (size_px, palette.light, palette.dark), || {
        rasterise(&layer::squares_doc(size_px, palette), size_px)
    })
}

/// The coordinates of a size and orientation, cut into one patch per square that has any.
fn coordinates(
    size_px: u32,
    orientation: Color,
    palette: &Palette,
) -> Result<Arc<Vec<Patch>>, RenderError> {
    static COORDS: Cache<(u32, Color, Rgb, Rgb), Vec<Patch>> = OnceLock::new();
    let key = (
        size_px,
        orientation,
        palette.coord_on_light,
        palette.coord_on_dark,
    );
    cached(&COORDS, key, || {
        let whole = rasterise(
            &layer::coordinates_doc(size_px, orientation, palette),
            size_px,
        )?;
        let side = size_px.div_ceil(8);
        let mut patches = Vec::new();
        for y in (0..size_px).step_by(side as usize) {
            for x in (0..size_px).step_by(side as usize) {
                let rect = tiny_skia::IntRect::from_xywh(
                    i32::try_from(x).unwrap_or(0),
                    i32::try_from(y).unwrap_or(0),
                    side.min(size_px - x),
                    side.min(size_px - y),
                )
                .ok_or_else(|| RenderError::Draw("empty patch".into()))?;
                let pixels = whole
                    .clone_rect(rect)
                    .ok_or_else(|| RenderError::Draw("patch outside the picture".into()))?;
                if pixels.pixels().iter().any(|p| p.alpha() > 0) {
                    patches.push(Patch { x, y, pixels });
                }
            }
        }
        Ok(patches)
    })
}

/// One piece drawn by resvg in a square of a `size_px` picture, kept.
fn sprite(
    index: usize,
    size_px: u32,
    palette: &Palette,
) -> Result<Arc<tiny_skia::Pixmap>, RenderError> {
    static SPRITES: Cache<(usize, u32, [Rgb; 4]), tiny_skia::Pixmap> = OnceLock::new();
    let colours = [
        palette.white_piece,
        palette.white_piece_line,
        palette.black_piece,
        palette.black_piece_line,
    ];
    cached(&SPRITES, (index, size_px, colours), || {
        let side = size_px.div_ceil(8);
        rasterise(&piece_svg(index, side, palette), side)
    })
}

/// Lays a premultiplied picture over the pixmap with its top-left corner at `(x, y)`
/// ("source over"), clipped to the pixmap: the blend tiny-skia does, without its general
/// pattern machinery.
fn blend(pixmap: &mut tiny_skia::Pixmap, sprite: &tiny_skia::Pixmap, x: u32, y: u32) {
    let (w, h) = (pixmap.width() as usize, pixmap.height() as usize);
    let (x, y) = (x as usize, y as usize);
    let (sw, sh) = (sprite.width() as usize, sprite.height() as usize);
    let cols = sw.min(w.saturating_sub(x));
    let dst = pixmap.data_mut();
    let src = sprite.data();
    for row in 0..sh.min(h.saturating_sub(y)) {
        let d = &mut dst[((y + row) * w + x) * 4..][..cols * 4];
        let s = &src[row * sw * 4..][..cols * 4];
        for (d, s) in d.chunks_exact_mut(4).zip(s.chunks_exact(4)) {
            let a = u32::from(s[3]);
            if a == 0 {
                continue;
            }
            if a == 255 {
                d.copy_from_slice(s);
                continue;
            }
            for c in 0..4 {
                // s + d·(255 − a)/255, rounded; never above 255 for premultiplied input.
                let v = u32::from(s[c]) + (u32::from(d[c]) * (255 - a) + 127) / 255;
                d[c] = u8::try_from(v.min(255)).unwrap_or(u8::MAX);
            }
        }
    }
}

/// Checks a picture size against [`MIN_SIZE`] and [`MAX_SIZE`].
///
/// # Errors
///
/// [`RenderError::BadSize`] when it is outside.
pub fn check_size(size_px: u32) -> Result<(), RenderError> {
    if (MIN_SIZE..=MAX_SIZE).contains(&size_px) {
        Ok(())
    } else {
        Err(RenderError::BadSize(size_px))
    }
}

/// PNG row filter and deflate level. Measured on the benchmark positions (512 px, zlib-rs
/// backend): the "up" filter turns the many repeated rows of a board into zeros, and deflate
/// level 1 then gives about 21 KB in about the time of the fastest encoder (which gives
/// 29 KB); level 2 saves 15 % more for 15 % more time.
const FILTER: ::png::Filter = ::png::Filter::Up;
const DEFLATE: ::png::DeflateCompression = ::png::DeflateCompression::Level(1);

fn options() -> &'static usvg::Options<'static> {
    static OPTIONS: OnceLock<usvg::Options<'static>> = OnceLock::new();
    OPTIONS.get_or_init(usvg::Options::default)
}

/// Draws an SVG document over what the pixmap already holds, scaled to fill it.
fn draw_onto(svg: &str, pixmap: &mut tiny_skia::Pixmap) -> Result<(), RenderError> {
    let tree =
        usvg::Tree::from_str(svg, options()).map_err(|e| RenderError::Draw(e.to_string()))?;
    let s = tree.size();
    let transform = tiny_skia::Transform::from_scale(
        pixmap.width() as f32 / s.width(),
        pixmap.height() as f32 / s.height(),
    );
    resvg::render(&tree, transform, &mut pixmap.as_mut());
    Ok(())
}

/// Draws a whole SVG document onto a new `size_px` square pixmap.
pub(crate) fn rasterise(svg: &str, size_px: u32) -> Result<tiny_skia::Pixmap, RenderError> {
    let mut pixmap = tiny_skia::Pixmap::new(size_px, size_px)
        .ok_or_else(|| RenderError::Draw(format!("no {size_px} px pixmap")))?;
    draw_onto(svg, &mut pixmap)?;
    Ok(pixmap)
}

/// Stores an opaque pixmap as an 8-bit indexed PNG.
fn encode_indexed(pixmap: &tiny_skia::Pixmap) -> Result<Vec<u8>, RenderError> {
    let (w, h) = (pixmap.width(), pixmap.height());
    // The board covers the whole canvas, so every pixel is opaque: a pixel's four bytes
    // (premultiplied RGBA with alpha 255, read as one number) name its colour.
    let word = |p: &[u8]| u32::from_be_bytes([p[0], p[1], p[2], p[3]]);
    // Alpha is forced to 255 in the key, so no colour is ever 0, the table's free mark.
    let key = |w: u32| w | 0xff;

    // Cut the picture into runs of one colour (boards are mostly flat) and count colours.
    let mut runs: Vec<(u32, u32)> = Vec::with_capacity(32 * 1024);
    let mut current = word(&pixmap.data()[..4]);
    let mut start = 0u32;
    for (i, px) in (0u32..).zip(pixmap.data().chunks_exact(4).map(word)) {
        if px != current {
            runs.push((key(current), i - start));
            current = px;
            start = i;
        }
    }
    runs.push((key(current), w * h - start));
    let mut counts = ColourTable::new();
    for &(c, n) in &runs {
        *counts.slot(c) += n;
    }

    let mut by_count: Vec<(u32, u32)> = counts.entries().collect();
    // Most frequent first; ties by colour so the output is deterministic.
    by_count.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let kept: Vec<u32> = by_count.iter().take(256).map(|&(c, _)| c).collect();

    // Reuse the table: each colour now maps to its palette index.
    let channels: Vec<[i32; 3]> = kept
        .iter()
        .map(|c| {
            let [r, g, b, _] = c.to_be_bytes().map(i32::from);
            [r, g, b]
        })
        .collect();
    for (i, &(c, _)) in by_count.iter().enumerate() {
        let index = if i < 256 { i } else { nearest(&channels, c) };
        // At most 255.
        *counts.slot(c) = u32::try_from(index).unwrap_or(0);
    }

    let mut data = Vec::with_capacity(pixmap.data().len() / 4);
    for &(c, n) in &runs {
        let index = u8::try_from(*counts.slot(c)).unwrap_or(0);
        data.resize(data.len() + n as usize, index);
    }

    let mut palette = Vec::with_capacity(kept.len() * 3);
    for c in &kept {
        palette.extend_from_slice(&c.to_be_bytes()[..3]);
    }

    let mut out = Vec::with_capacity(32 * 1024);
    let mut enc = ::png::Encoder::new(&mut out, w, h);
    enc.set_color(::png::ColorType::Indexed);
    enc.set_depth(::png::BitDepth::Eight);
    enc.set_palette(palette);
    enc.set_filter(FILTER);
    enc.set_deflate_compression(DEFLATE);
    let mut writer = enc
        .write_header()
        .map_err(|e| RenderError::Encode(e.to_string()))?;
    writer
        .write_image_data(&data)
        .map_err(|e| RenderError::Encode(e.to_string()))?;
    writer
        .finish()
        .map_err(|e| RenderError::Encode(e.to_string()))?;
    Ok(out)
}

/// A small open-addressing map from colour to a count (later, to a palette index): much
/// faster than a general hash map for the few thousand colours of a board picture.
struct ColourTable {
    keys: Vec<u32>,
    values: Vec<u32>,
    len: usize,
}

/// Marks a free slot: no colour is 0, as every colour's alpha byte is 255.
const FREE: u32 = 0;

impl ColourTable {
    fn new() -> Self {
        ColourTable {
            keys: vec![FREE; 1 << 14],
            values: vec![0; 1 << 14],
            len: 0,
        }
    }

    fn slot(&mut self, colour: u32) -> &mut u32 {
        if self.len * 2 >= self.keys.len() {
            self.grow();
        }
        let mask = self.keys.len() - 1;
        let mut i = (colour.wrapping_mul(0x9E37_79B1) >> 8) as usize & mask;
        loop {
            if self.keys[i] == colour {
                return &mut self.values[i];
            }
            if self.keys[i] == FREE {
                self.keys[i] = colour;
                self.len += 1;
                return &mut self.values[i];
            }
            i = (i + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let old: Vec<(u32, u32)> = self.entries().collect();
        let size = self.keys.len() * 2;
        self.keys = vec![FREE; size];
        self.values = vec![0; size];
        self.len = 0;
        for (k, v) in old {
            *self.slot(k) = v;
        }
    }

    fn entries(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        self.keys
            .iter()
            .zip(&self.values)
            .filter(|(k, _)| **k != FREE)
            .map(|(k, v)| (*k, *v))
    }
}

/// Index of the kept colour closest to `c` (squared distance in RGB). The distance and the
/// index are packed into one number (`distance << 8 | index`, distance < 2^18), so finding the
/// smallest is a plain minimum that the compiler vectorises.
fn nearest(kept: &[[i32; 3]], c: u32) -> usize {
    let [r, g, b, _] = c.to_be_bytes().map(i32::from);
    let best = kept
        .iter()
        .zip(0u32..)
        .map(|(k, i)| {
            let d = (r - k[0]).pow(2) + (g - k[1]).pow(2) + (b - k[2]).pow(2);
            (d.unsigned_abs() << 8) | i
        })
        .min()
        .unwrap_or(0);
    (best & 0xff) as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::svg::svg_with;
    use crate::render::view::{ArrowKind, MarkKind};
    use shakmaty::Square;

    fn decode(bytes: &[u8]) -> (u32, Vec<u8>) {
        let mut d = ::png::Decoder::new(std::io::Cursor::new(bytes));
        d.set_transformations(::png::Transformations::EXPAND);
        let mut r = d.read_info().unwrap();
        let mut buf = vec![0; r.output_buffer_size().unwrap()];
        let info = r.next_frame(&mut buf).unwrap();
        buf.truncate(info.buffer_size());
        (info.width, buf)
    }

    /// The layered, cached drawing gives the picture resvg draws from the whole SVG: at most
    /// a few pixels (along piece edges, where the quantised palette or half-pixel placement
    /// differ) are off by more than a little.
    #[test]
    fn layered_png_matches_the_whole_svg_drawn_by_resvg() {
        let p = Palette::default();
        let views = [
            BoardView::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
                .unwrap()
                .with_last_move(Square::E2, Square::E4),
            BoardView::from_fen("4r1k1/8/8/8/4N3/8/8/4K3 w - - 0 1")
                .unwrap()
                .flipped()
                .with_mark(Square::E8, MarkKind::Attacker)
                .with_mark(Square::C5, MarkKind::Forbidden)
                .with_arrow(Square::E8, Square::E1, ArrowKind::Attack)
                .with_arrow(Square::E4, Square::C5, ArrowKind::Move)
                .with_dots([Square::D6, Square::F6]),
        ];
        for (view, size) in views.iter().zip([512, 256]) {
            let (w, ours) = decode(&png_with(view, size, &p).unwrap());
            assert_eq!(w, size);
            let whole = rasterise(&svg_with(view, size, &p), size).unwrap();
            let mut far = 0;
            for (a, b) in ours.chunks_exact(3).zip(whole.data().chunks_exact(4)) {
                let d = (0..3).map(|c| a[c].abs_diff(b[c])).max().unwrap_or(0);
                if d > 24 {
                    far += 1;
                }
            }
            let total = (size * size) as usize;
            assert!(
                far * 1000 < total,
                "{far} of {total} pixels differ (size {size})"
            );
        }
    }

    #[test]
    fn few_colours_are_stored_exactly_and_many_are_mapped_to_the_nearest() {
        // 300 grey levels in a row: more than a palette holds.
        let mut pm = tiny_skia::Pixmap::new(300, 2).unwrap();
        for (i, px) in pm.data_mut().chunks_exact_mut(4).enumerate() {
            let x = u8::try_from((i % 300) * 255 / 299).unwrap();
            let v = if i < 300 { x } else { 7 };
            px.copy_from_slice(&[v, v, v, 255]);
        }
        let (_, rgb) = decode(&encode_indexed(&pm).unwrap());
        for (i, px) in rgb.chunks_exact(3).enumerate() {
            let want = u8::try_from((i % 300) * 255 / 299).unwrap();
            let want = if i < 300 { want } else { 7 };
            assert!(px[0].abs_diff(want) <= 2, "pixel {i}: {} for {want}", px[0]);
        }
        // Two colours: exact.
        let mut pm = tiny_skia::Pixmap::new(4, 4).unwrap();
        pm.fill(tiny_skia::Color::from_rgba8(10, 200, 30, 255));
        let (_, rgb) = decode(&encode_indexed(&pm).unwrap());
        assert!(rgb.chunks_exact(3).all(|p| p == [10, 200, 30]));
    }

    #[test]
    fn blending_a_sprite_is_source_over_and_clipped() {
        let mut base = tiny_skia::Pixmap::new(4, 4).unwrap();
        base.fill(tiny_skia::Color::from_rgba8(200, 100, 0, 255));
        let mut sprite = tiny_skia::Pixmap::new(3, 3).unwrap();
        // Half-transparent white, premultiplied: 128,128,128,128.
        sprite.fill(tiny_skia::Color::from_rgba8(255, 255, 255, 128));
        blend(&mut base, &sprite, 2, 2);
        let px = |x: usize, y: usize| base.data()[(y * 4 + x) * 4..][..4].to_vec();
        assert_eq!(px(0, 0), vec![200, 100, 0, 255], "untouched");
        let mixed = px(3, 3);
        assert!(
            mixed[0].abs_diff(228) <= 1 && mixed[1].abs_diff(178) <= 1,
            "{mixed:?}"
        );
        assert_eq!(mixed[3], 255);
    }
}
