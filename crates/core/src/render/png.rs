//! [`BoardView`] → PNG, stored with a palette of at most 256 colours (indexed PNG), about
//! 20 KB at 512 px.
//!
//! Speed: what depends only on the size, the colours and the orientation (the framed board
//! with its coordinates, each kind of piece) is drawn by resvg once and kept; a picture then
//! copies those into place and paints its own tints, marks and arrows straight onto the pixels
//! (`paint.rs`), with no SVG text in between. A test checks that the result matches resvg
//! drawing the whole SVG of [`super::svg`] at once. Each thread keeps its last picture's
//! pixmap and encoder buffers (about 1.6 MB at 512 px) for the next one, as fresh megabytes
//! from the allocator cost more in page faults than the drawing.
//!
//! Size: a board has a few flat colours plus the anti-aliased blends along edges; the palette
//! keeps the most frequent colours exactly and maps each rare blend to its nearest kept one.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use resvg::{tiny_skia, usvg};
use shakmaty::Color;

use super::RenderError;
use super::glyphs::{PIECE_BOX, piece_index};
use super::layout::{self, SQUARE, corner};
use super::paint::paint;
use super::palette::{Palette, Rgb};
use super::shapes::layers;
use super::svg::layer;
use super::view::BoardView;

/// The smallest picture [`png()`] draws, in pixels (about 4 px a square).
pub const MIN_SIZE: u32 = 32;
/// The largest picture [`png()`] draws, in pixels.
pub const MAX_SIZE: u32 = 4096;

/// Draws `view` as a PNG exactly `size_px` pixels square, in the default [`Palette`].
///
/// # Errors
///
/// [`RenderError::BadSize`] when `size_px` is outside [`MIN_SIZE`]`..=`[`MAX_SIZE`];
/// [`RenderError::Svg`], [`RenderError::Pixmap`] or [`RenderError::Encode`] if resvg, the
/// memory or the PNG encoder fails (a defect, not expected).
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
    SCRATCH.with_borrow_mut(|scratch| {
        let pixmap = draw_into(view, size_px, palette, &mut scratch.pixmap)?;
        let out = encode_indexed(pixmap, &mut scratch.buffers);
        if size_px > KEEP_SCRATCH_UP_TO {
            *scratch = Scratch::default();
        }
        out
    })
}

/// Pictures up to this size leave their buffers to the thread's next picture.
const KEEP_SCRATCH_UP_TO: u32 = 1024;

/// The buffers of one picture, kept by each thread for its next one: a fresh megabyte from
/// the allocator costs more in page faults than drawing and encoding the picture (measured
/// with `cargo bench --bench render`: about half the time of a 512 px board).
#[derive(Default)]
struct Scratch {
    pixmap: Option<tiny_skia::Pixmap>,
    buffers: Buffers,
}

/// The encoder's working space.
#[derive(Default)]
struct Buffers {
    runs: Vec<(u32, u32)>,
    data: Vec<u8>,
    counts: Option<ColourTable>,
}

thread_local! {
    static SCRATCH: std::cell::RefCell<Scratch> = std::cell::RefCell::default();
}

/// Draws the picture into the pixmap in `slot` (made there, or remade, if it is not the
/// right size): the kept board, the shapes under the pieces, the kept pieces, the shapes
/// over them.
fn draw_into<'a>(
    view: &BoardView,
    size_px: u32,
    palette: &Palette,
    slot: &'a mut Option<tiny_skia::Pixmap>,
) -> Result<&'a tiny_skia::Pixmap, RenderError> {
    let scale = layout::scale(size_px);
    let board = board(size_px, view.orientation, view.coordinates, palette)?;
    let fits = slot
        .as_ref()
        .is_some_and(|p| p.width() == size_px && p.height() == size_px);
    if !fits {
        *slot = None;
    }
    let pixmap = slot.get_or_insert_with(|| (*board).clone());
    if fits {
        pixmap.data_mut().copy_from_slice(board.data());
    }
    let shapes = layers(view, palette);
    paint(pixmap, &shapes.under, scale);
    for (sq, piece) in &view.board {
        let sprite = sprite(piece_index(piece.color, piece.role), size_px, palette)?;
        let (x, y) = corner(sq, view.orientation);
        // Whole pixels: exact when a square is a whole number of pixels (512 px, 256 px),
        // within half a pixel otherwise.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let (x, y) = ((x * scale).round() as u32, (y * scale).round() as u32);
        blend(pixmap, &sprite, x, y);
    }
    paint(pixmap, &shapes.over, scale);
    Ok(pixmap)
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

/// The empty board of a size and orientation in its frame, with or without coordinates.
fn board(
    size_px: u32,
    orientation: Color,
    coordinates: bool,
    palette: &Palette,
) -> Result<Arc<tiny_skia::Pixmap>, RenderError> {
    type Key = (u32, Color, bool, [Rgb; 4]);
    static BOARDS: Cache<Key, tiny_skia::Pixmap> = OnceLock::new();
    let colours = [
        palette.light,
        palette.dark,
        palette.frame,
        palette.coordinate,
    ];
    cached(
        &BOARDS,
        (size_px, orientation, coordinates, colours),
        || {
            let doc = layer::board_doc(size_px, orientation, coordinates, palette);
            let mut pixmap = new_pixmap(size_px, size_px)?;
            draw_onto(&doc, &mut pixmap, tiny_skia::Transform::identity())?;
            Ok(pixmap)
        },
    )
}

/// One piece drawn by resvg the size of a square of a `size_px` picture, kept.
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
        let side = SQUARE * layout::scale(size_px);
        // Whole pixels, at least the square.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let px = side.ceil() as u32;
        let mut pixmap = new_pixmap(px, px)?;
        let s = side / PIECE_BOX;
        draw_onto(
            &layer::piece_doc(index, palette),
            &mut pixmap,
            tiny_skia::Transform::from_scale(s, s),
        )?;
        Ok(pixmap)
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

fn new_pixmap(w: u32, h: u32) -> Result<tiny_skia::Pixmap, RenderError> {
    tiny_skia::Pixmap::new(w, h).ok_or(RenderError::Pixmap(w.max(h)))
}

/// Draws an SVG document over what the pixmap holds, `transform` from its pixels (a
/// document `width` pixels wide fills a pixmap as wide with the identity).
fn draw_onto(
    svg: &str,
    pixmap: &mut tiny_skia::Pixmap,
    transform: tiny_skia::Transform,
) -> Result<(), RenderError> {
    let tree = usvg::Tree::from_str(svg, options())?;
    resvg::render(&tree, transform, &mut pixmap.as_mut());
    Ok(())
}

/// Draws a whole SVG document onto a new `size_px` square pixmap.
#[cfg(test)]
pub(crate) fn rasterise(svg: &str, size_px: u32) -> Result<tiny_skia::Pixmap, RenderError> {
    let mut pixmap = new_pixmap(size_px, size_px)?;
    draw_onto(svg, &mut pixmap, tiny_skia::Transform::identity())?;
    Ok(pixmap)
}

/// Stores an opaque pixmap as an 8-bit indexed PNG.
fn encode_indexed(
    pixmap: &tiny_skia::Pixmap,
    buffers: &mut Buffers,
) -> Result<Vec<u8>, RenderError> {
    let (w, h) = (pixmap.width(), pixmap.height());
    // The board covers the whole canvas, so every pixel is opaque: a pixel's four bytes
    // (premultiplied RGBA with alpha 255, read as one number) name its colour.
    let word = |p: &[u8]| u32::from_be_bytes([p[0], p[1], p[2], p[3]]);
    // Alpha is forced to 255 in the key, so no colour is ever 0, the table's free mark.
    let key = |w: u32| w | 0xff;

    // Cut the picture into runs of one colour (boards are mostly flat) and count colours.
    let runs = &mut buffers.runs;
    runs.clear();
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
    let counts = buffers.counts.get_or_insert_with(ColourTable::new);
    counts.clear();
    for &(c, n) in runs.iter() {
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

    let data = &mut buffers.data;
    data.clear();
    for &(c, n) in runs.iter() {
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
    let mut writer = enc.write_header()?;
    writer.write_image_data(data)?;
    writer.finish()?;
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
                // A cleared table keeps old values: a new key starts at 0.
                self.values[i] = 0;
                self.len += 1;
                return &mut self.values[i];
            }
            i = (i + 1) & mask;
        }
    }

    /// Empties the table, keeping its room.
    fn clear(&mut self) {
        self.keys.fill(FREE);
        self.len = 0;
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
    use crate::render::marks::{ArrowKind, MarkKind};
    use crate::render::svg::{layer::shapes_doc, svg_with};
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

    /// Pixels (of `a`, RGB, and `b`, premultiplied RGBA) that differ by more than a little.
    fn far_apart(a: &[u8], b: &[u8]) -> usize {
        a.chunks_exact(3)
            .zip(b.chunks_exact(4))
            .filter(|(a, b)| (0..3).map(|c| a[c].abs_diff(b[c])).max().unwrap_or(0) > 24)
            .count()
    }

    fn views() -> [BoardView; 3] {
        [
            BoardView::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
                .unwrap()
                .with_last_move(Square::E2, Square::E4),
            BoardView::from_fen("4r1k1/8/8/8/4N3/8/8/4K3 w - - 0 1")
                .unwrap()
                .flipped()
                .with_mark(Square::E8, MarkKind::Attacker)
                .with_mark(Square::C5, MarkKind::Forbidden)
                .with_mark(Square::E4, MarkKind::Forbidden)
                .with_mark(Square::G8, MarkKind::Blocker)
                .with_mark(Square::A1, MarkKind::Highlight)
                .with_mark(Square::B1, MarkKind::Good)
                .with_arrow(Square::E8, Square::E1, ArrowKind::Attack)
                .with_arrow(Square::E4, Square::C5, ArrowKind::Move)
                .with_arrow(Square::G8, Square::G2, ArrowKind::Reply)
                .with_arrow(Square::A8, Square::A2, ArrowKind::Forbidden)
                .with_arrow(Square::H1, Square::H7, ArrowKind::Good)
                .with_dots([Square::D6, Square::F6, Square::G8]),
            BoardView::from_fen("4k3/8/8/8/8/8/8/4R1K1 b - - 0 1").unwrap(),
        ]
    }

    /// The layered, cached drawing gives the picture resvg draws from the whole SVG: at most
    /// a few pixels (along piece edges, where the quantised palette or half-pixel placement
    /// differ) are off by more than a little.
    #[test]
    fn layered_png_matches_the_whole_svg_drawn_by_resvg() {
        let p = Palette::default();
        for size in [512, 256] {
            for view in views() {
                let (w, ours) = decode(&png_with(&view, size, &p).unwrap());
                assert_eq!(w, size);
                let whole = rasterise(&svg_with(&view, size, &p), size).unwrap();
                let far = far_apart(&ours, whole.data());
                let total = (size * size) as usize;
                assert!(
                    far * 1000 < total,
                    "{far} of {total} pixels differ (size {size})"
                );
            }
        }
    }

    /// The painter draws each kind of shape as resvg draws its SVG: tints, glow, frames,
    /// rings, crosses, dots, solid and dashed arrows.
    #[test]
    fn painted_shapes_match_resvg_drawing_their_svg() {
        let p = Palette::default();
        for view in views() {
            let shapes = layers(&view, &p);
            for list in [&shapes.under, &shapes.over] {
                let mut painted = tiny_skia::Pixmap::new(512, 512).unwrap();
                painted.fill(tiny_skia::Color::WHITE);
                let mut drawn = painted.clone();
                paint(&mut painted, list, 1.0);
                draw_onto(
                    &shapes_doc(512, list),
                    &mut drawn,
                    tiny_skia::Transform::identity(),
                )
                .unwrap();
                let rgb: Vec<u8> = painted
                    .data()
                    .chunks_exact(4)
                    .flat_map(|px| [px[0], px[1], px[2]])
                    .collect();
                let far = far_apart(&rgb, drawn.data());
                assert!(far < 200, "{far} pixels differ");
            }
        }
    }

    /// The buffers a thread keeps between pictures change nothing: each picture's bytes are
    /// those of fresh buffers, whatever was drawn before (a reused colour table once kept
    /// the previous picture's counts).
    #[test]
    fn reused_buffers_encode_exactly_as_fresh_ones() {
        let p = Palette::default();
        let fresh: Vec<Vec<u8>> = views()
            .iter()
            .map(|v| {
                let mut slot = None;
                let pm = draw_into(v, 512, &p, &mut slot).unwrap();
                encode_indexed(pm, &mut Buffers::default()).unwrap()
            })
            .collect();
        let (mut slot, mut buffers) = (None, Buffers::default());
        for _ in 0..2 {
            for (v, want) in views().iter().zip(&fresh) {
                let pm = draw_into(v, 512, &p, &mut slot).unwrap();
                assert!(encode_indexed(pm, &mut buffers).unwrap() == *want);
                // Through the thread's own scratch, with another size in between.
                assert!(png_with(v, 512, &p).unwrap() == *want);
                png_with(v, 200, &p).unwrap();
            }
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
        let (_, rgb) = decode(&encode_indexed(&pm, &mut Buffers::default()).unwrap());
        for (i, px) in rgb.chunks_exact(3).enumerate() {
            let want = u8::try_from((i % 300) * 255 / 299).unwrap();
            let want = if i < 300 { want } else { 7 };
            assert!(px[0].abs_diff(want) <= 2, "pixel {i}: {} for {want}", px[0]);
        }
        // Two colours: exact.
        let mut pm = tiny_skia::Pixmap::new(4, 4).unwrap();
        pm.fill(tiny_skia::Color::from_rgba8(10, 200, 30, 255));
        let (_, rgb) = decode(&encode_indexed(&pm, &mut Buffers::default()).unwrap());
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
