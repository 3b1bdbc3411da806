#!/usr/bin/env python3
"""Side by side: our board pictures against python-chess SVG + cairosvg, same positions, one run.

    python3 bench/render_compare.py            # builds and runs `cargo bench --bench render`
    python3 bench/render_compare.py --no-bench # reuse the last criterion results

Needs `pip install chess cairosvg` (cairosvg needs the cairo library: `apt-get install
libcairo2`). Prints, for 512 px PNGs of the positions in benches/render.rs:
- our in-process median (criterion, `png_512/<i>`) and python-chess + cairosvg's in-process
  median (this script, `svg2png` after `chess.svg.board`), and their ratio;
- the median time of one `chess-tutor render` call (process start included);
- PNG sizes of both.
"""

import json
import pathlib
import re
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
RUNS = 30


def fens():
    text = (ROOT / "benches" / "render.rs").read_text()
    block = re.search(r"const FENS: \[&str; \d+\] = \[(.*?)\];", text, re.S).group(1)
    return re.findall(r'"([^"]+)"', block)


def criterion_median_ms(name):
    path = ROOT / "target" / "criterion" / name / "new" / "estimates.json"
    return json.loads(path.read_text())["median"]["point_estimate"] / 1e6


def python_chess(fen):
    import cairosvg
    import chess
    import chess.svg

    board = chess.Board(fen)
    times = []
    png = b""
    for _ in range(RUNS):
        t = time.perf_counter()
        svg = chess.svg.board(board, size=512)
        png = cairosvg.svg2png(bytestring=svg.encode(), output_width=512, output_height=512)
        times.append((time.perf_counter() - t) * 1e3)
    return statistics.median(times), len(png)


def our_binary(fen, out):
    exe = ROOT / "target" / "release" / "chess-tutor"
    times = []
    for _ in range(10):
        t = time.perf_counter()
        subprocess.run([exe, "render", "--fen", fen, "--size", "512", "-o", out], check=True)
        times.append((time.perf_counter() - t) * 1e3)
    return statistics.median(times), pathlib.Path(out).stat().st_size


def main():
    try:
        import cairosvg  # noqa: F401
        import chess  # noqa: F401
    except ImportError as e:
        sys.exit(f"needs python-chess and cairosvg ({e}): pip install chess cairosvg")
    positions = fens()
    if "--no-bench" not in sys.argv:
        subprocess.run(["cargo", "bench", "--bench", "render", "--", "png_512/"], cwd=ROOT, check=True)
    subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for i, fen in enumerate(positions):
            ours = criterion_median_ms(f"png_512/{i}")
            theirs, their_size = python_chess(fen)
            call, our_size = our_binary(fen, f"{tmp}/{i}.png")
            rows.append((i, ours, theirs, call, our_size, their_size))
    print(f"{'pos':>3} {'ours ms':>8} {'py+cairo ms':>11} {'ratio':>6} {'our CLI ms':>10} {'our B':>7} {'py B':>7}")
    for i, ours, theirs, call, our_size, their_size in rows:
        print(f"{i:>3} {ours:8.3f} {theirs:11.2f} {theirs / ours:6.1f} {call:10.2f} {our_size:7} {their_size:7}")
    med = lambda k: statistics.median(r[k] for r in rows)  # noqa: E731
    print(
        f"median: ours {med(1):.3f} ms, python-chess+cairosvg {med(2):.2f} ms, "
        f"ratio {med(2) / med(1):.1f}x; one CLI call {med(3):.2f} ms; "
        f"PNG {med(4)} B vs {med(5)} B"
    )


if __name__ == "__main__":
    main()
