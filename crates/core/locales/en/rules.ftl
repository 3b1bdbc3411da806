# chess-tutor: the referee's sentences (why a move is refused, what a legal move does), English.
# Which sentence applies is decided in Rust (`rules::text::Sentence`); only the words are here.
# Squares (e4), moves (Nf3) and what the learner typed arrive as arguments; pieces, sides and
# lists arrive already worded by the phrases in the first section.
# Every message here has a Chinese twin in ../zh-Hans/rules.ftl (a test checks it).

## Phrases used inside the sentences

# A piece's name; `other` is a piece of no known kind.
piece = { $role ->
    [king] king
    [queen] queen
    [rook] rook
    [bishop] bishop
    [knight] knight
    [pawn] pawn
   *[other] piece
}
side = { $color ->
    [white] White
   *[black] Black
}
# A piece named by its square, or a square with nothing on it.
piece-on-square = the { $piece } on { $square }
empty-square = the square { $square }
# Lists: `a, b and c`; choices: `a, or b`.
list-comma = {", "}
list-and = {" and "}
list-or = {", or "}
castling = { $side ->
    [short] castle short (O-O)
   *[long] castle long (O-O-O)
}
# Added to a castling refusal when the game shows the move that lost the right.
right-lost-with = {" "}That right was lost for good with { $san }, earlier in this game.

## A refused move

no-piece-on = There is no piece on { $from }. Start your move from a square where one of your pieces stands.
not-that-piece-on = There is no { $piece } on { $from }: your { $occupant } stands there. Name the piece that stands on the square you move from.
no-piece-to = You have no { $piece } that could go to { $to }.
not-your-piece = The { $piece } on { $from } belongs to { $owner }, and it is { $mover }'s turn: you may only move your own pieces.
own-piece-on-target = Your { $piece } cannot go to { $to }: your own { $occupant } stands there, and you may never capture your own pieces.
pawn-cannot-jump = Your pawn cannot jump over { $blocker }: for a two-square step both squares in front of it must be empty.
path-blocked = Your { $piece } cannot get from { $from } to { $to }: { $blocker } is in the way, and a { $piece } cannot jump over pieces (only the knight does, and the rook in castling, over its king).
pawn-forward-capture = The pawn on { $from } cannot move forward: a { $occupant } stands on { $to }. A pawn never captures straight ahead — it captures one square diagonally forward.
pawn-double-step-landing-blocked = The pawn on { $from } cannot go two squares to { $to }: a { $occupant } stands there. For the two-square step both squares in front of the pawn must be empty; here only { $middle }, right in front of it, is empty. A pawn never captures straight ahead.
pawn-diagonal-no-capture = The pawn on { $from } may move diagonally only to capture, and { $to } is empty.
pawn-double-step-not-from-start = A pawn may step two squares only on its first move, from its starting rank. The pawn on { $from } has already moved, so it goes one square at a time.
en-passant-expired = The pawn on { $from } cannot capture the pawn on { $pawn } en passant: that is allowed only on the very next move after the enemy pawn has made a two-square step to stand beside yours, and the pawn on { $pawn } did not just arrive that way.
promotion-piece-missing = Your pawn reaches the last rank on { $to }, so it must be promoted in the same move: say what it becomes — a queen, rook, bishop or knight, for example { $to }=Q.
promotion-invalid-piece = A pawn can be promoted only to a queen, rook, bishop or knight of its own colour — never to a { $chosen }.
promotion-not-on-last-rank = Only a pawn that reaches the last rank is promoted, and { $to } is not on the last rank: leave out the promotion piece.
promotion-not-a-pawn = Only pawns are promoted, and only on the last rank: your { $piece } cannot become another piece.
king-takes-protected = Your king cannot take { $target }: it is protected by { $defenders }, so your king would be in check there.
king-into-check = Your king cannot go to { $to }: that square is attacked by { $attackers }, and a king may never move into check.
king-into-check-by-king = { king-into-check } Two kings may never stand next to each other.
pinned = Your { $piece } on { $from } is pinned by { $pinner }: moving it would put your king on { $king } in check.
en-passant-opens-rank = The pawn on { $from } cannot capture en passant here: the capture would take both pawns, the one on { $from } and the one on { $captured }, off rank { $rank } at once, and { $attacker } would then attack your king on { $king }. The pawn is not pinned: its moves other than this capture are not limited by it.
en-passant-opens-diagonal = The pawn on { $from } cannot capture en passant here: the pawn on { $captured }, the one it would take, stands between { $attacker } and your king on { $king }. Once it is gone, { $attacker } would attack your king. The pawn on { $from } is not pinned: its moves other than this capture are not limited by it.
still-in-check = Your king on { $king } is in check from { $checker }, and this move does not answer it.
still-in-check-unblockable = { still-in-check } This check cannot be blocked: capture the checking piece or move the king.
still-in-check-blockable = { still-in-check } Capture the checking piece, block the line, or move the king.
double-check = Your king on { $king } is in double check, from { $checkers }. A block or a capture can stop only one of them, so the king itself must move.
castling-king-moved = You cannot { $castling }: your king is on { $king }, not on its starting square { $home }. Only a king that has never moved may castle.{ $lost }
castling-rook-moved = You cannot { $castling }: the rook from { $rook } has moved or been captured, and castling needs a king and a rook that have never moved.{ $lost }
castling-right-lost-earlier = You cannot { $castling }: this position gives you no right to castle on that side (even though your king and the rook on { $rook } stand at home). In a game the right is gone for good once the king or that rook has moved, even if it comes back.
castling-right-lost-by-move = You cannot { $castling }: your king or the rook on { $rook } has moved in this game, and coming back does not bring the right back.{ $lost }
castling-pieces-between = You cannot { $castling }: every square between your king and the rook must be empty, but { $blockers } { $blockers_count ->
        [one] is
       *[other] are
    } in the way.
castling-in-check = You cannot { $castling } while your king is in check: { $attackers } { $attackers_count ->
        [one] is
       *[other] are
    } checking it. Answer the check first.
castling-through-check = You cannot { $castling }: your king would pass over { $square }, which { $attackers } { $attackers_count ->
        [one] attacks
       *[other] attack
    }. The king may not cross an attacked square.
castling-into-check = You cannot { $castling }: your king would land on { $square }, which { $attackers } { $attackers_count ->
        [one] attacks
       *[other] attack
    }, and a king may never move into check.
game-over-checkmate = The game is already over: { $side } is checkmated.
game-over-stalemate = The game is already over: { $side } has no legal move and is not in check — stalemate, a draw.

## A move in the wrong shape for its piece

knight-shape = A knight moves in an L: two squares in one direction and then one to the side. { $from } to { $to } is not an L.
bishop-shape = A bishop moves only diagonally, and { $from } to { $to } is not a diagonal.
rook-shape = A rook moves only in straight lines along a rank or a file, and { $from } to { $to } is not a straight line.
queen-shape = A queen moves along ranks, files and diagonals, and { $from } to { $to } is none of these.
king-two-squares = A king moves one square at a time. It moves two squares only when castling, from its starting square — and your king on { $from } is not there.
king-too-far = A king moves only one square in any direction, and { $from } to { $to } is further.
same-square = A move must go to another square.
pawn-backwards = A pawn never moves backwards, and { $from } to { $to } goes back.
pawn-sideways = A pawn never moves sideways, and { $from } to { $to } is along the rank.
# A sideways step onto an enemy pawn that may just have stepped two squares.
pawn-sideways-en-passant = { pawn-sideways } If the pawn beside yours has just moved two squares, take it en passant: your pawn goes diagonally to { $behind }, the square it passed over.
pawn-too-far = A pawn moves one square forward (two from its starting square), so { $from } to { $to } is too far.
pawn-wrong-shape = A pawn moves straight ahead, and captures only one square diagonally forward; { $from } to { $to } is neither.

## A legal move

# `what` is one of the move-… clauses below.
legal = { $san } is legal: { $what }.
legal-plain = { $san } is legal.
move-castle-short = you castle short
move-castle-long = you castle long
move-piece = the { $piece } goes from { $from } to { $to }
# The same, as a sentence of its own, for a learner who has not met notation yet.
# Said of either player's castling (the learner's, the tutor's or a friend's).
moved-castle-short = The king castles short: it moves two squares towards its rook, and the rook moves to the square the king crossed.
moved-castle-long = The king castles long: it moves two squares towards its rook, and the rook moves to the square the king crossed.
moved-piece = The { $piece } goes from { $from } to { $to }.
# What else the move does, each added after the sentences before it.
captures = {" "}It captures the { $victim } on { $square }.
captures-en-passant = {" "}It captures the pawn on { $pawn } en passant.
promotes = {" "}The pawn becomes a { $piece }.
gives-check = {" "}Check!
gives-double-check = {" "}Double check!
gives-checkmate = {" "}Checkmate — the game is over.
gives-stalemate = {" "}{ $side } has no legal move and is not in check: stalemate, a draw.
gives-insufficient-material = {" "}Neither side can checkmate any more: the game is a draw.

## An input that fits several moves, or none

ambiguous = More than one { $piece } can go to { $to } (from { $froms }). Say which one{ $example }.
ambiguous-example = {" "}— for example { $from }{ $to }
which-move = That fits more than one move: { $moves }. Say which one{ $example }.
move-choice = the { $piece } on { $from } to { $to }
which-move-example = {" "}— for example { $from }{ $to }
which-castling = You can castle on either side here: say which — short (O-O) or long (O-O-O).
unreadable = I could not read "{ $input }" as a move. Write it like e2e4, e4, Nf3 or O-O (short castling).
# A game's ending, as the comment before the result in its PGN.
pgn-checkmate = { $winner } checkmates.
pgn-stalemate = { $stalemated } is stalemated: a draw (FIDE 5.2.1).
pgn-dead-position = Dead position: neither side can checkmate (FIDE 5.2.2).
pgn-fivefold = The same position for the fifth time (after plies { $plies }): drawn (FIDE 9.6.1).
pgn-seventy-five = 75 moves by each side without a capture or a pawn move: drawn (FIDE 9.6.2).
pgn-threefold = { $claimant } claims a draw by threefold repetition (after plies { $plies }; FIDE 9.2).
pgn-fifty = { $claimant } claims a draw under the fifty-move rule (FIDE 9.3).
pgn-agreement = Draw by agreement.
pgn-resignation = { $loser } resigns.
pgn-abandoned = { $loser } abandoned the game.
# A FEN that does not read.
fen-not-whole = That is not a whole FEN. A FEN has six parts, separated by spaces: where the pieces stand, whose move it is, the castling rights, the en passant square and two counters.
fen-impossible = That position cannot happen: for example a king is missing, a pawn stands on the first or last rank, or the side not to move is in check.
