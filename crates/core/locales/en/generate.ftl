# chess-tutor: the questions the quiz generator makes (`content::generate`), English.
# Which sentence applies is decided in Rust (`content::generate::wording::Line`); only the words
# are here. A side arrives as `white` or `black`, a castling side as `short` or `long`; a piece
# ($role) arrives already named, as the referee's `piece` phrase (rules.ftl) names it; squares,
# moves (Nf3, O-O), the referee's own sentences and lists arrive already written.
# Every message here has a Chinese twin in ../zh-Hans/generate.ftl (a test checks it).

## Phrases used inside the sentences

gen-side = { $side ->
    [white] White
   *[black] Black
}
# The side inside a sentence: `the white king`.
gen-side-lower = { $side ->
    [white] white
   *[black] black
}
gen-castle = { $castle ->
    [short] castle short (kingside, written O-O)
   *[long] castle long (queenside, written O-O-O)
}
# A piece named by its square; several are joined by `gen-and`.
gen-piece-on = the { $role } on { $square }
gen-and = {" and "}
# Between the moves of a list.
gen-comma = {", "}

## Is this move legal? (true or false)

# $role, $from, $to: the move in words (never in notation: a unit-1 learner may be asked).
gen-move-legal = { gen-side } to move. The { $role } on { $from } may move to { $to } now.
gen-move-legal-promote = { gen-side } to move. The pawn on { $from } may move to { $to } now and become a { $promotion }.
gen-move-legal-castle = { gen-side } to move. { gen-side } may { gen-castle } now.
# A move in words, as an example.
gen-move-words = the { $role } on { $from } to { $to }
# $code: how the referee reads the move, when it is neither legal nor illegal.
gen-move-read-as = The referee reads this move as { $code }.

## May the side to move castle now? (true or false)

gen-castle-statement = { gen-side } to move. { gen-side }'s king and the rook on { $rook } have not moved yet, so the right to castle is kept. { gen-side } may { gen-castle } right now.
# $legal: the referee's sentence for the castling.
gen-castle-legal = { $legal } The right is still there, the squares between king and rook are empty, and the king is not in check, does not cross an attacked square and does not land on one.
# $reason: the referee's sentence for the refusal.
gen-castle-illegal = The right alone is not enough: { $reason }
gen-castle-read-as = The referee reads { $notation } as { $code }.

## Checkmate, stalemate or neither? (multiple choice)

gen-status-question = { gen-side } to move. Is this checkmate, stalemate, or neither?
gen-status-checkmate = Checkmate
gen-status-stalemate = Stalemate
gen-status-neither = Neither
# $checkers: the checking pieces (the queen on g7 and the rook on a8).
gen-checkmate-why = Checkmate. { gen-side } is in check from { $checkers } and has no legal answer: the checking piece cannot be taken, the line cannot be blocked and the king has no safe square. The game is over.
gen-stalemate-why = Stalemate. { gen-side } is not in check but has no legal move at all. That is a draw, not a win.
# $example: a legal move, in words (gen-move-words).
gen-neither-in-check-why = Neither. { gen-side } is in check from { $checkers }, but has a legal answer, for example { $example }, so it is not checkmate.
gen-neither-why = Neither. { gen-side } is not in check and still has legal moves, for example { $example }. The game goes on.

## Can either side still win? (true or false)

gen-win-statement = In this position at least one side can still win by giving checkmate.
gen-win-kings-only = Only the two kings are left, and a king alone can never give checkmate: a draw by insufficient material.
gen-win-lone-minor = { gen-side } has only a king and one { $role }, against a bare king. King and one knight or one bishop can never checkmate, whatever the moves: a draw by insufficient material.
gen-win-bishops-one-colour = Besides the kings there are only bishops, all on squares of one colour, so no checkmate is possible for either side: a draw.
gen-win-enough = There is still enough material for a checkmate by at least one side (even if it needs the other side's help), so this is not a draw by insufficient material and the game goes on.

## Is the side to move in check? (true or false)

gen-check-statement = { gen-side } to move. The { gen-side-lower } king is in check.
gen-check-why = { $checkers } attacks the { gen-side-lower } king, so { gen-side } must answer the check at once.
gen-double-check-why = { $checkers } attack the { gen-side-lower } king (a double check: only a king move helps), so { gen-side } must answer the check at once.
gen-no-check-why = No enemy piece attacks the { gen-side-lower } king.

## How many legal moves does this piece have? (multiple choice)

gen-count-question = { gen-side } to move. How many legal moves does the { $role } on { $square } have?
gen-count-none = The { $role } on { $square } has no legal move now.
# $moves: the moves, in SAN.
gen-count-why = The { $role } on { $square } has { $count } legal { $count ->
        [one] move
       *[other] moves
    }, to: { $moves }.
