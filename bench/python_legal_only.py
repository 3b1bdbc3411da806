"""python-chess answering only whether each from/to pair is legal (no reason), for comparison."""
import json
import sys
import time

import chess

lines = [json.loads(l) for l in sys.stdin]
boards = [(chess.Board(l["fen"]), l["move"]) for l in lines]
start = time.perf_counter()
for board, text in boards:
    try:
        mv = board.parse_san(text)
    except ValueError:
        try:
            mv = chess.Move.from_uci(text)
            _ = mv in board.legal_moves
        except ValueError:
            pass
elapsed = time.perf_counter() - start
print(f"python-chess legality only (FEN pre-parsed): {len(boards)/elapsed:,.0f} lines/s, {elapsed/len(boards)*1e6:.2f} us/line")
