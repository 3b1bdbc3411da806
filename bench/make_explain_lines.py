"""Writes N JSON lines {"fen", "move"} from random play: legal and illegal moves mixed."""
import json
import random
import sys

import chess

n = int(sys.argv[1])
rng = random.Random(7)
out = []
while len(out) < n:
    board = chess.Board()
    for _ in range(rng.randrange(0, 80)):
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(rng.choice(moves))
    fen = board.fen()
    for _ in range(10):
        if rng.random() < 0.5 and not board.is_game_over():
            mv = rng.choice(list(board.legal_moves))
            text = board.san(mv) if rng.random() < 0.5 else mv.uci()
        else:
            text = chess.square_name(rng.randrange(64)) + chess.square_name(rng.randrange(64))
        out.append(json.dumps({"fen": fen, "move": text}))
print("\n".join(out[:n]))
