#!/usr/bin/env python3
"""Writes crates/core/src/render/glyph_paths.rs: the piece drawings and the coordinate glyphs
the board pictures need, as Rust data, so no font is parsed (or shipped whole) at run time.

    pip install chess fonttools          # python-chess 1.11 holds the Cburnett pieces as SVG
    apt-get install fonts-dejavu-core    # DejaVu Sans Bold, for the coordinates
    python3 scripts/glyphs.py [--font PATH] [--check]

- Pieces: the Cburnett set (Colin M.L. Burnett, Wikimedia Commons "Standard chess diagrams";
  GFDL, BSD and GPL, used here under the GPL), as python-chess ships it in `chess.svg.PIECES`.
  Every element is flattened to one `Part` (its inherited fill, stroke and line style resolved),
  and its two colours become two inks, so the palette paints both sides: `Light` is white's
  body and black's inner lines, `Dark` is white's outline and black's body.
- Coordinates: `a`-`h` and `1`-`8` of DejaVu Sans Bold (Bitstream Vera licence), as SVG path
  data in font units (y pointing up) with their bounding boxes.

`--check` writes nothing and exits 1 when the committed file differs from what it would write.
The output is formatted with rustfmt when it is on the PATH.
"""

import argparse
import hashlib
import pathlib
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "crates" / "core" / "src" / "render" / "glyph_paths.rs"
DEFAULT_FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"

# The order of the arrays in Rust: shakmaty's `Role` from the king down, as `piece_index` wants.
ROLES = "kqrbnp"
ROLE_NAMES = {"k": "king", "q": "queen", "r": "rook", "b": "bishop", "n": "knight", "p": "pawn"}

LIGHT = {"#fff", "#ffffff", "#ececec"}
DARK = {"#000", "#000000"}
INHERITED = ("fill", "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin", "fill-rule")


def ink(value):
    value = value.strip().lower()
    if value == "none":
        return "None"
    if value in LIGHT:
        return "Light"
    if value in DARK:
        return "Dark"
    sys.exit(f"unexpected colour {value!r} in a piece drawing")


def attributes(element, inherited):
    """The element's own presentation attributes and style over what it inherits."""
    attrs = dict(inherited)
    for name in INHERITED:
        if name in element.attrib:
            attrs[name] = element.attrib[name]
    for item in element.attrib.get("style", "").split(";"):
        if ":" in item:
            name, value = (s.strip() for s in item.split(":", 1))
            if name in INHERITED:
                attrs[name] = value
    return attrs


def circle_path(el):
    cx, cy, r = (float(el.attrib[k]) for k in ("cx", "cy", "r"))
    return f"M{num(cx - r)} {num(cy)}a{num(r)} {num(r)} 0 1 0 {num(2 * r)} 0a{num(r)} {num(r)} 0 1 0 {num(-2 * r)} 0z"


def num(v):
    s = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if s == "-0" else s


def parts(fragment):
    """Every drawn element of one piece, flattened: (d, fill, stroke, width, cap, join, evenodd,
    transform)."""
    root = ET.fromstring(fragment)
    # SVG's initial values.
    initial = {
        "fill": "#000",
        "stroke": "none",
        "stroke-width": "1",
        "stroke-linecap": "butt",
        "stroke-linejoin": "miter",
        "fill-rule": "nonzero",
    }
    out = []

    def walk(el, inherited):
        attrs = attributes(el, inherited)
        tag = el.tag.split("}")[-1]
        if tag == "g":
            for child in el:
                walk(child, attrs)
            return
        if tag == "path":
            d = el.attrib["d"]
        elif tag == "circle":
            d = circle_path(el)
        else:
            sys.exit(f"unexpected <{tag}> in a piece drawing")
        d = re.sub(r"\s+", " ", d).strip()
        out.append(
            (
                d,
                ink(attrs["fill"]),
                ink(attrs["stroke"]),
                float(attrs["stroke-width"]),
                {"butt": "Butt", "round": "Round"}[attrs["stroke-linecap"]],
                {"miter": "Miter", "round": "Round"}[attrs["stroke-linejoin"]],
                attrs["fill-rule"] == "evenodd",
                el.attrib.get("transform"),
            )
        )

    walk(root, initial)
    return out


def rust_str(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def piece_rust(name, fragment):
    lines = [f"&[ // {name}"]
    for d, fill, stroke, width, cap, join, evenodd, transform in parts(fragment):
        t = f"Some({rust_str(transform)})" if transform else "None"
        lines.append(
            f"Part {{ d: {rust_str(d)}, fill: Ink::{fill}, stroke: Ink::{stroke}, "
            f"width: {width!r}, cap: Cap::{cap}, join: Join::{join}, evenodd: {str(evenodd).lower()}, "
            f"transform: {t} }},"
        )
    lines.append("],")
    return "\n".join(lines)


def glyphs_rust(font_path):
    from fontTools.pens.boundsPen import BoundsPen
    from fontTools.pens.svgPathPen import SVGPathPen
    from fontTools.ttLib import TTFont

    font = TTFont(font_path)
    cmap = font.getBestCmap()
    glyph_set = font.getGlyphSet()
    out = {}
    for c in "abcdefgh12345678":
        name = cmap[ord(c)]
        pen = SVGPathPen(glyph_set, ntos=lambda v: num(v))
        glyph_set[name].draw(pen)
        bounds = BoundsPen(glyph_set)
        glyph_set[name].draw(bounds)
        x0, y0, x1, y1 = bounds.bounds
        out[c] = (pen.getCommands(), (x0, y0, x1, y1))
    version = font["name"].getDebugName(5)
    family = font["name"].getDebugName(4)
    return font["head"].unitsPerEm, out, f"{family}, {version}"


def generate(font_path):
    import chess
    import chess.svg

    font_bytes = pathlib.Path(font_path).read_bytes()
    units, coords, font_name = glyphs_rust(font_path)

    def glyph(c):
        d, (x0, y0, x1, y1) = coords[c]
        return f"Glyph {{ d: {rust_str(d)}, bbox: ({float(x0)!r}, {float(y0)!r}, {float(x1)!r}, {float(y1)!r}) }}, // {c}"

    white = "\n".join(piece_rust(f"white {ROLE_NAMES[r]}", chess.svg.PIECES[r.upper()]) for r in ROLES)
    black = "\n".join(piece_rust(f"black {ROLE_NAMES[r]}", chess.svg.PIECES[r]) for r in ROLES)
    files = "\n".join(glyph(c) for c in "abcdefgh")
    ranks = "\n".join(glyph(c) for c in "12345678")
    return f"""\
//! GENERATED by `scripts/glyphs.py` — do not edit by hand; run `python3 scripts/glyphs.py`
//! (it says what it needs) and commit the result.
//!
//! - The pieces: the Cburnett set by Colin M.L. Burnett (Wikimedia Commons, "Standard chess
//!   diagrams"), licensed by its author under the GFDL, the BSD licence and the GPL, used here
//!   under the GPL; read from python-chess {chess.__version__} (`chess.svg.PIECES`, GPL-3.0+).
//!   Drawn in a {PIECE_BOX}-unit square, y pointing down.
//! - The coordinates: glyphs of {font_name} (SHA-256 of the font file
//!   {hashlib.sha256(font_bytes).hexdigest()[:16]}…), under the Bitstream Vera
//!   licence with the DejaVu changes in the public domain; in font units, y pointing up.
//!
//! The licences are in `crates/core/src/render/LICENSE-pieces-and-glyphs.md`.

/// Which of a piece's two colours an element is painted in (or none).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Ink {{
    /// Not painted.
    None,
    /// White's outline and inner lines; black's body and outline.
    Dark,
    /// White's body; black's inner lines.
    Light,
}}

/// How a stroke ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Cap {{
    /// Square, at the end point.
    Butt,
    /// Rounded.
    Round,
}}

/// How a stroke turns a corner.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Join {{
    /// Pointed.
    Miter,
    /// Rounded.
    Round,
}}

/// One element of a piece drawing, with its style resolved.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Part {{
    /// SVG path data.
    pub d: &'static str,
    /// Fill.
    pub fill: Ink,
    /// Stroke.
    pub stroke: Ink,
    /// Stroke width, in drawing units.
    pub width: f32,
    /// Stroke ends.
    pub cap: Cap,
    /// Stroke corners.
    pub join: Join,
    /// Whether the fill rule is even-odd (else non-zero).
    pub evenodd: bool,
    /// An SVG transform of this element, if it has one.
    pub transform: Option<&'static str>,
}}

/// One coordinate glyph: SVG path data in font units (y up) and its bounding box
/// `(x_min, y_min, x_max, y_max)`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Glyph {{
    /// SVG path data.
    pub d: &'static str,
    /// Bounding box in font units.
    pub bbox: (f32, f32, f32, f32),
}}

/// Side of the square the pieces are drawn in.
pub(crate) const PIECE_BOX: f32 = {PIECE_BOX};

/// The white pieces: king, queen, rook, bishop, knight, pawn.
pub(crate) const WHITE: [&[Part]; 6] = [
{white}
];

/// The black pieces: king, queen, rook, bishop, knight, pawn.
pub(crate) const BLACK: [&[Part]; 6] = [
{black}
];

/// Font units per em of the coordinate glyphs.
pub(crate) const UNITS_PER_EM: f32 = {float(units)!r};

/// The file letters `a`–`h`.
pub(crate) const FILES: [Glyph; 8] = [
{files}
];

/// The rank digits `1`–`8`.
pub(crate) const RANKS: [Glyph; 8] = [
{ranks}
];
"""


PIECE_BOX = 45.0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--font", default=DEFAULT_FONT, help="DejaVu Sans Bold TTF")
    parser.add_argument("--check", action="store_true", help="compare, write nothing")
    args = parser.parse_args()
    try:
        import chess.svg  # noqa: F401
        import fontTools  # noqa: F401
    except ImportError as e:
        sys.exit(f"needs python-chess and fontTools ({e}): pip install chess fonttools")
    text = generate(args.font)
    rustfmt = shutil.which("rustfmt")
    if rustfmt:
        text = subprocess.run(
            [rustfmt, "--edition", "2024", "--emit", "stdout"],
            input=text,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    if args.check:
        same = OUT.exists() and OUT.read_text() == text
        print(f"{OUT.relative_to(ROOT)} is {'up to date' if same else 'STALE'}")
        sys.exit(0 if same else 1)
    OUT.write_text(text)
    print(f"wrote {OUT.relative_to(ROOT)} ({len(text)} bytes)")


if __name__ == "__main__":
    main()
