#!/usr/bin/env python3
"""Benchmark: `chess-tutor solve --batch --first` beside Stockfish (`go mate N`, one thread,
64 MB hash) on the shared Lichess mate-in-1..4 set, in one run.

Both programs run as one long-lived process each and get the positions one at a time,
interleaved (ours, then Stockfish, position by position), so machine noise hits both alike.
Per position we time, from this script, the wall time from sending the request to:
  - ours:      the JSON answer line (`--first`: the shortest mate and its first key proven);
  - Stockfish: the first `score mate` line (its time to a mate score) and `bestmove`.
A second process of ours without `--first` (every key proven, main line of longest
resistance) is timed the same way. Startup is measured separately.

Usage (from the repository root, after `cargo build --release`):
    python3 bench/solve_vs_stockfish.py [--data ../shared/data/lichess-mate] [--stockfish PATH]
Needs python-chess (`pip install chess`) and Stockfish (`apt-get install stockfish`).
"""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time

import chess


def positions(data_dir):
    out = []
    for n in range(1, 5):
        with open(os.path.join(data_dir, f"mate-in-{n}.json")) as f:
            for p in json.load(f)["puzzles"]:
                board = chess.Board(p["fen"])
                board.push_uci(p["moves"][0])  # the learner's task starts after moves[0]
                out.append((p["id"], board.fen(), n))
    return out


class Ours:
    def __init__(self, binary, first):
        args = [binary, "solve", "--batch"] + (["--first"] if first else [])
        t = time.perf_counter()
        self.proc = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.started = t

    def solve(self, fen, n):
        t = time.perf_counter()
        self.proc.stdin.write(json.dumps({"fen": fen, "mate": n}) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        dt = time.perf_counter() - t
        return dt, json.loads(line)

    def close(self):
        self.proc.stdin.close()
        self.proc.wait()


class Stockfish:
    def __init__(self, path):
        t = time.perf_counter()
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.wait_for("uciok")
        self.send("setoption name Threads value 1")
        self.send("setoption name Hash value 64")
        self.send("isready")
        self.wait_for("readyok")
        self.startup = time.perf_counter() - t
        self.version = "?"

    def send(self, cmd):
        self.proc.stdin.write(cmd + "\n")
        self.proc.stdin.flush()

    def wait_for(self, prefix):
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("stockfish stopped")
            if line.startswith(prefix):
                return line

    def mate(self, fen, n):
        self.send("ucinewgame")
        self.send("isready")
        self.wait_for("readyok")
        self.send(f"position fen {fen}")
        t = time.perf_counter()
        self.send(f"go mate {n}")
        to_mate, mate = None, None
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("stockfish stopped")
            if " score mate " in line:
                k = int(line.split(" score mate ")[1].split()[0])
                if to_mate is None and k > 0:
                    to_mate = time.perf_counter() - t
                mate = k
            if line.startswith("bestmove"):
                return to_mate, time.perf_counter() - t, mate, line.split()[1]

    def close(self):
        self.send("quit")
        self.proc.wait()


def ms(x):
    return f"{1000 * x:.2f}"


def summary(times):
    s = sorted(times)
    p95 = s[min(len(s) - 1, int(round(0.95 * (len(s) - 1))))]
    return statistics.median(s), p95, sum(s)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(here)
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", default=os.path.join(root, "..", "shared", "data", "lichess-mate"))
    ap.add_argument("--binary", default=os.path.join(root, "target", "release", "chess-tutor"))
    ap.add_argument("--stockfish", default=shutil.which("stockfish") or "/usr/games/stockfish")
    args = ap.parse_args()
    if not os.path.exists(args.data):
        args.data = "/work/shared/data/lichess-mate"
    pos = positions(args.data)

    t0 = time.perf_counter()
    sf = Stockfish(args.stockfish)
    first = Ours(args.binary, first=True)
    full = Ours(args.binary, first=False)
    # Startup of ours: one trivial request.
    t = time.perf_counter()
    first.solve("6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1", 1)
    ours_startup = time.perf_counter() - first.started
    full.solve("6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1", 1)

    rows = []
    wrong = []
    for pid, fen, n in pos:
        t_first, a = first.solve(fen, n)
        t_full, b = full.solve(fen, n)
        to_mate, to_best, sf_mate, sf_best = sf.mate(fen, n)
        if a.get("mate_in") != n or b.get("mate_in") != n:
            wrong.append((pid, "ours", a, b))
        if sf_mate != n or to_mate is None:
            wrong.append((pid, "stockfish", sf_mate))
        rows.append((n, t_first, t_full, to_mate if to_mate is not None else to_best, to_best, a.get("nodes"), b.get("nodes")))
    first.close()
    full.close()
    sf.close()
    wall = time.perf_counter() - t0

    print(f"positions: {len(pos)} (shared Lichess mate-in-1..4 set), one run, interleaved")
    print(f"startup: ours {ms(ours_startup)} ms, stockfish {ms(sf.startup)} ms")
    print()
    print("  N  count | ours --first med / p95 | stockfish to mate score med / p95 | to bestmove med | ours full proof med / p95 | nodes --first / full (median)")
    totals = [0.0, 0.0, 0.0, 0.0]
    for n in range(1, 5):
        r = [x for x in rows if x[0] == n]
        f_med, f_p95, f_sum = summary([x[1] for x in r])
        u_med, u_p95, u_sum = summary([x[2] for x in r])
        s_med, s_p95, s_sum = summary([x[3] for x in r])
        b_med, _, b_sum = summary([x[4] for x in r])
        totals[0] += f_sum
        totals[1] += s_sum
        totals[2] += b_sum
        totals[3] += u_sum
        nf = statistics.median([x[5] for x in r])
        nu = statistics.median([x[6] for x in r])
        print(f"  {n}  {len(r):5d} | {ms(f_med):>8} / {ms(f_p95):>7} ms | {ms(s_med):>12} / {ms(s_p95):>7} ms          | {ms(b_med):>9} ms   | {ms(u_med):>9} / {ms(u_p95):>7} ms     | {nf:.0f} / {nu:.0f}")
    print()
    print(f"total wall time over all positions (request to answer, summed):")
    print(f"  ours solve --batch --first:      {totals[0]:.3f} s (+ {ms(ours_startup)} ms startup)")
    print(f"  stockfish to its mate score:     {totals[1]:.3f} s")
    print(f"  stockfish to bestmove:           {totals[2]:.3f} s")
    print(f"  ours full proofs (all keys):     {totals[3]:.3f} s")
    print(f"whole benchmark run: {wall:.1f} s")
    if wrong:
        print(f"DISAGREEMENTS: {len(wrong)}", wrong[:5])
        sys.exit(1)
    print("every answer: mate in exactly N (ours, both modes, and Stockfish)")


if __name__ == "__main__":
    main()
