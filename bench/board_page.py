#!/usr/bin/env python3
"""The board page's figures, through the real server on loopback (the terminal chat's page, a
game against the tutor at level 1):

- the page's weight gzipped (JS + CSS, pieces apart);
- a refused move through the API alone: p50/p99 of POST /api/move (N calls);
- in Debian's Chromium: p50/p99 from a drop on the board to the reason drawn (the page's own
  clock, `data-draw-ms`), over N refused drags, and for legal drags answered by the tutor.

    python3 bench/board_page.py [--bin target/release/chess-tutor] [--n 200]

Needs node, tests/browser/node_modules (npm ci --prefix tests/browser) and /usr/bin/chromium.
"""

import argparse
import gzip
import json
import pathlib
import statistics
import subprocess
import tempfile
import time
import urllib.request

REPO = pathlib.Path(__file__).resolve().parent.parent


def pct(values, p):
    values = sorted(values)
    k = min(len(values) - 1, max(0, round(p / 100 * (len(values) - 1))))
    return values[k]


def weight():
    web = REPO / "web"
    files = [web / "app.js", web / "app.css"] + sorted((web / "vendor").rglob("*.js")) + sorted(
        (web / "vendor").rglob("*.css")
    )
    code = sum(len(gzip.compress(f.read_bytes(), 9)) for f in files)
    pieces = sum(len(gzip.compress(f.read_bytes(), 9)) for f in (web / "pieces").glob("*.svg"))
    return code, pieces, [str(f.relative_to(REPO)) for f in files]


def call(base, method, path, token=None, body=None):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data, method=method)
    req.add_header("Content-Type", "application/json")
    if token:
        req.add_header("Authorization", "Bearer " + token)
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.load(r)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=str(REPO / "target/release/chess-tutor"))
    ap.add_argument("--n", type=int, default=200)
    args = ap.parse_args()

    code, pieces, files = weight()
    print(f"page weight gzipped: JS + CSS {code} bytes ({', '.join(files)}); pieces {pieces} bytes")

    tmp = pathlib.Path(tempfile.mkdtemp())
    err = open(tmp / "err", "w")
    chat = subprocess.Popen(
        [args.bin, "--data-dir", str(tmp), "chat", "--lang", "en"],
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=err,
        text=True,
    )
    feed = chat.stdin
    try:
        base = None
        for _ in range(200):
            text = (tmp / "err").read_text()
            if "http://" in text:
                base = "http://" + text.split("http://")[1].split("/app/")[0]
                break
            time.sleep(0.05)
        assert base, "the chat printed no page address"
        feed.write("/play 1\n1\n")
        feed.flush()
        token = call(base, "POST", "/api/session", body={"local": True})["token"]
        for _ in range(100):
            if (call(base, "GET", "/api/task", token).get("task") or {}).get("fen"):
                break
            time.sleep(0.05)

        # The API alone: a refused move changes nothing, so it can be repeated.
        api = []
        for _ in range(args.n):
            t0 = time.perf_counter()
            answer = call(base, "POST", "/api/move", token, {"from": "e1", "to": "e3"})
            api.append((time.perf_counter() - t0) * 1000)
            assert answer["result"] == "refused", answer
        print(
            f"API, refused move (n={len(api)}): p50 {statistics.median(api):.2f} ms, "
            f"p99 {pct(api, 99):.2f} ms"
        )

        # In the browser: refused drags, then legal ones answered by the tutor.
        legal = [["g1", "f3"], ["f3", "g1"]] * 5
        scenario = {
            "base_url": base,
            "cases": [
                {
                    "name": "refused",
                    "init_data": None,
                    "theme": "light",
                    "viewport": {"width": 360, "height": 640},
                    "screenshot": None,
                    "actions": [{"drag": ["e1", "e3"]} for _ in range(args.n)],
                },
                {
                    "name": "legal",
                    "init_data": None,
                    "theme": "light",
                    "viewport": {"width": 360, "height": 640},
                    "screenshot": None,
                    "actions": [{"drag": m} for m in legal],
                },
            ],
        }
        (tmp / "scenario.json").write_text(json.dumps(scenario))
        out = subprocess.run(
            ["node", str(REPO / "tests/browser/board.mjs"), str(tmp / "scenario.json")],
            capture_output=True,
            text=True,
            check=True,
        )
        answer = json.loads(out.stdout)
        for case in answer["cases"]:
            steps = [s for s in case["steps"] if s.get("answered")]
            ms = [s["draw_ms"] for s in steps if s.get("draw_ms") is not None]
            results = {s.get("result") for s in steps}
            print(
                f"browser, drop to answer drawn, {case['name']} (n={len(ms)}, results {sorted(r for r in results if r)}): "
                f"p50 {statistics.median(ms):.1f} ms, p99 {pct(ms, 99):.1f} ms"
            )
    finally:
        feed.write("/quit\n")
        feed.close()
        chat.wait(timeout=10)


if __name__ == "__main__":
    main()
