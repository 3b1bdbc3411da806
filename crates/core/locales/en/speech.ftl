# chess-tutor: the board said in words (text mode, for a screen reader), English.
# Which facts are said is decided in Rust (`rules::speech`, `draw::speech`, `tutor::access`);
# only the words are here. Squares (e4) arrive as they are written; pieces, sides and lists
# arrive already worded by the phrases of the first section.
# Every message here has a Chinese twin in ../zh-Hans/speech.ftl (a test checks it).

## Phrases

# A kind of piece, by how many there are: `rook`, `rooks`.
speech-pieces = { $role ->
    [king] { $count ->
        [one] king
       *[other] kings
    }
    [queen] { $count ->
        [one] queen
       *[other] queens
    }
    [rook] { $count ->
        [one] rook
       *[other] rooks
    }
    [bishop] { $count ->
        [one] bishop
       *[other] bishops
    }
    [knight] { $count ->
        [one] knight
       *[other] knights
    }
   *[pawn] { $count ->
        [one] pawn
       *[other] pawns
    }
}
# A piece with its colour: `white knight`.
speech-piece = { $color ->
    [white] white
   *[black] black
} { $piece }
# A piece with its colour and square: `the black bishop on b4`.
speech-piece-on = the { $color ->
    [white] white
   *[black] black
} { $piece } on { $square }
# Between the squares of one kind (`rooks a1 h1`), and between kinds (`king e1, queen d1`).
speech-square-sep = {" "}
speech-kind-sep = {", "}
# One kind of piece and its squares.
speech-kind = { $pieces } { $squares }

## The board

speech-to-move = { $side } to move.
speech-side = { $side }: { $kinds }.
speech-side-empty = { $side }: no pieces.
# A move on the board: `white knight g1 to f3`, `pawn e4 takes d5`.
speech-played = { $piece } { $from } { $capture ->
    [yes] takes
   *[other] to
} { $to }
speech-played-castle = { $castle ->
    [short] castles short
   *[long] castles long
}
speech-played-promotion = { $played }, promoted to a { $piece }
speech-played-en-passant = { $played } en passant
speech-played-check = { $played }, check
speech-played-mate = { $played }, checkmate
speech-last-move = Last move: { $played }.
speech-in-check = The { $color ->
    [white] white
   *[black] black
} king on { $square } is in check.

## What the picture marks

speech-arrow-move = Your move: { $played }.
speech-arrow-reply = The reply: { $played }.
speech-arrow-good = Moves shown: { $played }.
# Moves from one square to several: `white queen d4 to d8, h4 and a1`.
speech-moves-from = { $piece } { $from } to { $targets }
speech-attacks = Attack: { $attacker } attacks { $target }.
speech-pins = Pin: { $attacker } pins { $pinned } to { $king }.
speech-aims-through = Line of attack: { $attacker } aims at { $target } through { $between }.
speech-cannot-go-on = It cannot go on from { $from } to { $to }.
speech-marked = Marked: { $squares }.
speech-good-squares = Good squares: { $squares }.
speech-attackers = Attacking: { $squares }.
speech-in-the-way = In the way: { $squares }.
speech-crossed-out = Crossed out: { $squares }.
speech-can-go = It can go to: { $squares }.

## Looking without the picture: /where, /square, /scan, /moves

speech-where = { $color ->
    [white] White
   *[black] Black
} { $pieces }: { $squares }.
speech-where-none = { $side } has no { $pieces }.
speech-where-what = Which piece? For example /where knight, /where white rook or /where N.
speech-unknown-piece = I do not know the piece “{ $typed }”. Name a king, queen, rook, bishop, knight or pawn, as a word or a letter (K, Q, R, B, N, P), for example /where knight.
speech-square-piece = { $square }: { $piece }.
speech-square-empty = { $square } is empty.
speech-attacked-by = { $side } attacks it with: { $kinds }.
speech-attacked-by-none = { $side } does not attack it.
speech-which-square = Which square? Name it after the command, for example { $command } e4.
speech-not-a-square = “{ $typed }” is not a square. A square is a letter from a to h and a number from 1 to 8, for example { $command } e4.
speech-scan-from = The lines from { $square }:
speech-direction = { $dir ->
    [up] Up the file
    [down] Down the file
    [left] Left along the rank
    [right] Right along the rank
    [up-left] Up and left
    [up-right] Up and right
    [down-left] Down and left
   *[down-right] Down and right
}
speech-scan-piece = { $direction }: { $empty_count ->
    [0] { $piece } { $square }, right next to it.
   *[other] { $empty } empty, then { $piece } { $square }.
}
speech-scan-edge = { $direction }: { $empty } empty, up to the edge.
speech-move-number = Move { $number }:
speech-ply = { $side }: { $played }.
speech-no-moves = No moves have been played on this board yet.
speech-moves-left-out = (The first { $count } half-moves are left out.)
speech-no-board = There is no board right now. Open a lesson, a puzzle or a game first.

## Text mode

speech-mode-on = Text mode is on: every board is also said in words, and you type your moves (for example e2e4, Nf3 or knight to f3). To look at the board: /where knight, /square e4, /scan e4, /moves. Send /a11y again to turn text mode off.
speech-mode-off = Text mode is off: boards are pictures again, with the tap board.
speech-button-on = Text mode for screen readers
speech-button-off = Turn text mode off
speech-type-squares = Send the names of the squares, separated by spaces.
