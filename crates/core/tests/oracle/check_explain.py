"""Independent oracle for the referee: python-chess judges every verdict chess-tutor gave.

Reads JSON lines {"fen", "from", "to", "promotion", "verdict"} (verdict = the `explain` JSON
object) and prints one line per disagreement, then a final "checked N" line.
"""
import json
import sys

import chess

PIECE = {"P": chess.PAWN, "N": chess.KNIGHT, "B": chess.BISHOP, "R": chess.ROOK, "Q": chess.QUEEN, "K": chess.KING}


def sq(name):
    return chess.parse_square(name)


def squares(reason, key):
    v = reason.get("squares", {}).get(key)
    if v is None:
        return []
    return [sq(s) for s in (v if isinstance(v, list) else [v])]


def judge(line):
    board = chess.Board(line["fen"])
    frm, to = sq(line["from"]), sq(line["to"])
    promo = PIECE[line["promotion"].upper()] if line["promotion"] else None
    verdict = line["verdict"]
    move = chess.Move(frm, to, promotion=promo)
    legal = move in board.legal_moves
    if legal != verdict["legal"]:
        return f"legality differs: python-chess says {legal}"
    if legal:
        after = board.copy()
        after.push(move)
        effects = set(verdict["effects"])
        if ("check" in effects) != after.is_check():
            return "check effect differs"
        if ("checkmate" in effects) != after.is_checkmate():
            return "checkmate effect differs"
        if ("stalemate" in effects) != after.is_stalemate():
            return "stalemate effect differs"
        if ("capture" in effects) != board.is_capture(move):
            return "capture effect differs"
        if ("castle" in effects) != board.is_castling(move):
            return "castle effect differs"
        if ("double_check" in effects) != (len(after.checkers()) == 2):
            return "double check effect differs"
        if verdict["san"] != board.san(move):
            return f"san differs: {board.san(move)}"
        return None
    reason = verdict["reason"]
    code = reason["code"]
    us = board.turn
    pseudo = move in board.pseudo_legal_moves
    piece = board.piece_at(frm)
    if board.is_game_over() != (code == "game_over"):
        return "game over differs"
    if code == "game_over":
        return None
    if code == "no_piece":
        return None if piece is None else "no_piece but a piece is there"
    if code == "not_your_piece":
        return None if piece and piece.color != us else "not_your_piece wrong"
    if piece is None or piece.color != us:
        return f"{code} for an empty/enemy square"
    if code in ("wrong_movement", "path_blocked", "pawn_forward_capture", "pawn_diagonal_no_capture",
                "pawn_double_step_not_from_start", "en_passant_expired", "own_piece_on_target"):
        # The pair breaks the piece's own rules: no promotion choice could make it pseudo-legal.
        for p in (None, chess.QUEEN):
            if chess.Move(frm, to, promotion=p) in board.pseudo_legal_moves:
                return f"{code} but python-chess finds it pseudo-legal"
        if code == "own_piece_on_target" and board.color_at(to) != us:
            return "own_piece_on_target: target not ours"
        if code == "path_blocked":
            (blocker,) = squares(reason, "blocker")
            if not (chess.between(frm, to) & board.occupied & chess.BB_SQUARES[blocker]):
                return "blocker is not between"
        if code == "en_passant_expired":
            (pawn,) = squares(reason, "pawn")
            if board.piece_type_at(pawn) != chess.PAWN or board.ep_square == to:
                return "en passant evidence wrong"
        return None
    if code in ("promotion_piece_missing", "promotion_invalid_piece"):
        return None if chess.Move(frm, to, promotion=chess.QUEEN) in board.pseudo_legal_moves else f"{code} but no promotion possible"
    if code == "promotion_not_allowed":
        return None if chess.Move(frm, to) in board.pseudo_legal_moves else "promotion_not_allowed but move not pseudo-legal"
    if code in ("king_into_check", "pinned", "still_in_check", "double_check_king_must_move"):
        if not pseudo:
            return f"{code} but python-chess says not pseudo-legal"
        after = board.copy()
        after.push(move)
        king = after.king(us)
        attackers = set(after.attackers(not us, king))
        if not attackers:
            return f"{code} but the king is safe after the move"
        if code == "king_into_check" and set(squares(reason, "attackers")) != attackers:
            return f"attackers differ: {sorted(attackers)}"
        if code == "pinned":
            (pinner,) = squares(reason, "pinner")
            if pinner not in attackers or board.is_check() and pinner in board.checkers():
                return "pinner does not pin"
        if code in ("still_in_check", "double_check_king_must_move"):
            if set(squares(reason, "checkers")) != set(board.checkers()):
                return "checkers differ"
            if (len(board.checkers()) == 2) != (code == "double_check_king_must_move"):
                return "double check differs"
        return None
    if code.startswith("castling"):
        side_king = to > frm
        has_right = board.has_kingside_castling_rights(us) if side_king else board.has_queenside_castling_rights(us)
        if code in ("castling_king_moved", "castling_rook_moved", "castling_right_lost"):
            return None if not has_right else f"{code} but python-chess keeps the right"
        if not has_right:
            return f"{code} without the right"
        if code == "castling_in_check":
            return None if board.is_check() else "castling_in_check while not in check"
        if code in ("castling_through_check", "castling_into_check"):
            (square,) = squares(reason, "square")
            if not board.is_attacked_by(not us, square):
                return "castling square not attacked"
            if set(squares(reason, "attackers")) != set(board.attackers(not us, square)):
                return "castling attackers differ"
            return None
        if code == "castling_pieces_between":
            return None if all(board.piece_at(s) for s in squares(reason, "blockers")) else "blockers empty"
        return None
    return f"unexpected code {code}"


def main():
    n = 0
    bad = 0
    for raw in sys.stdin:
        line = json.loads(raw)
        n += 1
        problem = judge(line)
        if problem:
            bad += 1
            if bad <= 20:
                print(f"MISMATCH {line['fen']} {line['from']}{line['to']}{line['promotion'] or ''}: {problem} :: {json.dumps(line['verdict'], ensure_ascii=False)}")
    print(f"checked {n}")


main()
