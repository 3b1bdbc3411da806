#!/usr/bin/env python3
"""Writes web/pieces/{w,b}{K,Q,R,B,N,P}.svg: the twelve piece drawings of the board page.

    pip install chess          # python-chess 1.11 holds the Cburnett pieces as SVG
    python3 scripts/web_pieces.py [--check]

The drawings are the Cburnett set (Colin M.L. Burnett, Wikimedia Commons "Standard chess
diagrams"; GFDL, BSD and GPL, used here under the GPL version 2 or later), exactly as
python-chess's `chess.svg.piece()` writes them, shapes and colours unchanged; only the unused
`xlink` namespace is dropped and a size is added, so a browser draws them crisply as CSS
backgrounds. web/pieces/LICENSE.md says where they come from.

`--check` writes nothing and exits 1 when a committed file differs from what it would write.
"""

import argparse
import pathlib
import sys

import chess
import chess.svg

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "web" / "pieces"

XLINK = ' xmlns:xlink="http://www.w3.org/1999/xlink"'


def svg_of(piece: chess.Piece) -> str:
    text = chess.svg.piece(piece)
    text = text.replace(XLINK, "")
    text = text.replace('viewBox="0 0 45 45"', 'width="45" height="45" viewBox="0 0 45 45"', 1)
    return text + "\n"


def files() -> dict[str, str]:
    out = {}
    for color, prefix in ((chess.WHITE, "w"), (chess.BLACK, "b")):
        for piece_type in chess.PIECE_TYPES:
            piece = chess.Piece(piece_type, color)
            name = f"{prefix}{piece.symbol().upper()}.svg"
            out[name] = svg_of(piece)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare, write nothing")
    args = parser.parse_args()
    wanted = files()
    if args.check:
        stale = [
            name
            for name, text in wanted.items()
            if not (OUT / name).is_file() or (OUT / name).read_text(encoding="utf-8") != text
        ]
        for name in stale:
            print(f"web/pieces/{name} differs from what scripts/web_pieces.py writes", file=sys.stderr)
        return 1 if stale else 0
    OUT.mkdir(parents=True, exist_ok=True)
    for name, text in wanted.items():
        (OUT / name).write_text(text, encoding="utf-8")
    print(f"wrote {len(wanted)} pieces to {OUT.relative_to(ROOT)} (python-chess {chess.__version__})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
