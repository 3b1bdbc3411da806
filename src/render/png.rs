//! SVG → PNG: resvg draws the SVG of [`super::svg`], then the picture is stored with a palette
//! of at most 256 colours (indexed PNG), which keeps a 512 px board around 20 KB.
//!
//! A board has a few flat colours plus the anti-aliased blends along edges; the palette keeps
//! the most frequent colours exactly and maps each rare blend to its nearest kept colour.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use resvg::{tiny_skia, usvg};

use super::RenderError;
use super::glyphs::piece_index;
use super::palette::{Palette, Rgb};
use super::svg::{corner, layers, piece_svg};
use super::view::BoardView;

/// The smallest picture [`png`] draws, in pixels (4 px a square).
pub const MIN_SIZE: u32 = 32;
/// The largest picture [`png`] draws, in pixels.
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
/// use chess_tutor::render::{BoardView, png};
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
/// As [`png`].
pub fn png_with(view: &BoardView, size_px: u32, palette: &Palette) -> Result<Vec<u8>, RenderError> {
    check_size(size_px)?;
    let layers = layers(view, size_px, palette);
    let mut pixmap = tiny_skia::Pixmap::new(size_px, size_px)
        .ok_or_else(|| RenderError::Draw(format!("no {size_px} px pixmap")))?;
    draw_onto(&layers.below, &mut pixmap)?;
    // The pieces: each kind is drawn by resvg once per size and kept, then copied into place.
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
    if let Some(above) = &layers.above {
        draw_onto(above, &mut pixmap)?;
    }
    encode_indexed(&pixmap)
}

/// Lays a premultiplied sprite over the pixmap with its top-left corner at `(x, y)`
/// ("source over"), clipped to the pixmap. Much faster than a general pattern fill, and the
/// same result.
fn blend(pixmap: &mut tiny_skia::Pixmap, sprite: &tiny_skia::Pixmap, x: u32, y: u32) {
    let (w, h) = (pixmap.width() as usize, pixmap.height() as usize);
    let (x, y) = (x as usize, y as usize);
    let side = sprite.width() as usize;
    let cols = side.min(w.saturating_sub(x));
    let dst = pixmap.data_mut();
    let src = sprite.data();
    for row in 0..side.min(h.saturating_sub(y)) {
        let d = &mut dst[((y + row) * w + x) * 4..][..cols * 4];
        let s = &src[row * side * 4..][..cols * 4];
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

/// Pieces already drawn, by (piece index, picture size, piece colours).
type SpriteKey = (usize, u32, [Rgb; 4]);

/// Keeps at most this many sprites (12 pieces in a handful of sizes and palettes).
const SPRITES_KEPT: usize = 256;

/// One piece drawn by resvg in a square of a `size_px` picture, cached.
fn sprite(
    index: usize,
    size_px: u32,
    palette: &Palette,
) -> Result<Arc<tiny_skia::Pixmap>, RenderError> {
    static SPRITES: OnceLock<Mutex<HashMap<SpriteKey, Arc<tiny_skia::Pixmap>>>> = OnceLock::new();
    let key = (
        index,
        size_px,
        [
            palette.white_piece,
            palette.white_piece_line,
            palette.black_piece,
            palette.black_piece_line,
        ],
    );
    let cache = SPRITES.get_or_init(Mutex::default);
    // A panic elsewhere cannot leave the map half-changed: recover it.
    if let Some(s) = cache
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .get(&key)
    {
        return Ok(Arc::clone(s));
    }
    let side = size_px.div_ceil(8);
    let mut pixmap = tiny_skia::Pixmap::new(side, side)
        .ok_or_else(|| RenderError::Draw(format!("no {side} px pixmap")))?;
    draw_onto(&piece_svg(index, side, palette), &mut pixmap)?;
    let sprite = Arc::new(pixmap);
    let mut map = cache.lock().unwrap_or_else(PoisonError::into_inner);
    if map.len() >= SPRITES_KEPT {
        map.clear();
    }
    map.insert(key, Arc::clone(&sprite));
    Ok(sprite)
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

/// PNG row filter and deflate level: measured on the benchmark positions, adaptive filtering
/// with a light deflate gives the best size for the time.
const FILTER: ::png::Filter = ::png::Filter::Adaptive;
const DEFLATE: ::png::DeflateCompression = ::png::DeflateCompression::FdeflateUltraFast;

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
#[doc(hidden)]
pub fn rasterise(svg: &str, size_px: u32) -> Result<tiny_skia::Pixmap, RenderError> {
    let mut pixmap = tiny_skia::Pixmap::new(size_px, size_px)
        .ok_or_else(|| RenderError::Draw(format!("no {size_px} px pixmap")))?;
    draw_onto(svg, &mut pixmap)?;
    Ok(pixmap)
}

/// Stores an opaque pixmap as an 8-bit indexed PNG.
pub(crate) fn encode_indexed(pixmap: &tiny_skia::Pixmap) -> Result<Vec<u8>, RenderError> {
    encode_indexed_with(pixmap, FILTER, DEFLATE)
}

#[doc(hidden)]
pub fn encode_indexed_with(
    pixmap: &tiny_skia::Pixmap,
    filter: ::png::Filter,
    deflate: ::png::DeflateCompression,
) -> Result<Vec<u8>, RenderError> {
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
    enc.set_filter(filter);
    enc.set_deflate_compression(deflate);
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
