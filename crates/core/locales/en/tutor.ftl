# chess-tutor: what the tutor says (menus, praise, prompts), English.
# Rule explanations come from rules.ftl; lesson, quiz and puzzle texts from the content files.
# Every message here has a Chinese twin in ../zh-Hans/tutor.ftl (a test checks it).

## Glue between sentences

# Two sentences in a row, a space between them.
two-sentences = {$first} {$second}
# A remark in brackets after a sentence.
aside = {" "}({$remark})

## Welcome, menu, help

welcome = Welcome to chess-tutor! I teach the rules of chess step by step. Whenever a move is not allowed, I tell you which rule forbids it and mark the squares that matter on the board.
choose-language = 请选择语言 / 請選擇語言 / Choose your language:
menu = What would you like to do? Lessons: learn the rules from the board up. Puzzle: practise mate in N. Quiz: rule questions. Play: a game against the tutor. Send /help at any time for every command.
help =
    Commands:
    /lessons the course map and your progress
    /lesson 3 open unit 3
    /next the next step
    /puzzle a mate-in-N puzzle (/puzzle 2: a mate in 2)
    /hint a hint (first the piece, then the square, then the move)
    /solution the answer
    /quiz rule questions
    /play a game against the tutor (/play 3: at level 3), /pgn the last game
    /explain FEN move — judge any move in any position
    /progress your progress and level
    /board the board again
    /lang en, /lang 简体 or /lang 繁體 to switch language
    /a11y text mode for a screen reader: every board in words; /where knight, /square e4, /scan e4, /moves

    Write moves like e2e4, e4, Nf3, O-O (castle short) or O-O-O (castle long).
lang-set = OK, {$script} from now on.

## The / menu of a chat client

command-lessons = The course map and your progress
command-lesson = Continue the current lesson
command-puzzle = A mate-in-N puzzle
command-quiz = Rule questions
command-hint = A hint for the current task
command-board = The board again
command-progress = Your progress and level
command-lang = Switch language
command-a11y = Text mode for a screen reader: boards in words
command-help = Every command

## Buttons

button-next = Next ▶
button-hint = Hint 💡
button-solution = Solution
button-lessons = Lessons 📚
button-puzzle = Puzzle ♞
button-quiz = Quiz ❓
button-tap-to-move = 👆 Tap to move
button-next-puzzle = Next puzzle ▶
button-another-round = Another round ▶
button-menu = Menu
button-practise-rule = Practise this rule
yes = Yes
no = No
true-word = True
false-word = False

## Things that went wrong

too-long = That message is too long, so I did not read it. Send a move or a command (/help).
unknown-command = I don't know the command /{$word}. Send /help for the list.
stale-button = That button belongs to an earlier question and no longer works. Please use the latest message.
button-spent = That button has nothing more to do here. Use the other buttons on this message.
already-answered = You have answered this question. Tap Next ▶ for the next one.
unread-move = I could not read "{$input}" as a move. Write the piece and the square it goes to, for example {$spelled}.
unread-move-no-example = I could not read "{$input}" as a move.
unread-xiangqi = "{$input}" is xiangqi notation. Chess has no numbered files and no "forward" or "across": write the piece and the square it goes to, for example {$spelled}.
unread-cannon = Chess has no cannon. Write the piece and the square it goes to, for example {$spelled}.
nothing-to-do = There is no task in progress. Pick one:
unreadable-answer = I could not read that answer. Tap a button, or write {$choices}.
answer-with-buttons = This question is answered with the buttons: {$choices}.
explain-usage = Usage: /explain FEN move, e.g. /explain rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 e4
question-missing = That question is missing.

## Verdicts

right = Right!
not-quite = Not quite.
legal-but-missed = That move is legal, but it does not do the task.
touch-move-own = Touch-move: you touched your {$piece} on {$square}, and a touched piece must be moved if it can move (FIDE 4.3). Move that {$piece}.
touch-move-enemy = Touch-move: you touched the opponent's {$piece} on {$square}, and a touched piece of the opponent's must be captured if it can be (FIDE 4.3). Take that {$piece}.
white-to-move = White to move
black-to-move = Black to move

## Lessons

no-lessons = There are no lessons yet.
lesson-heading = Unit {$unit} {$title} · {$number}/{$steps}
course-done = You have finished the whole course! Practise with /puzzle or review the rules with /quiz.
no-such-lesson = There is no such lesson. Units are numbered 1 to {$count}; send /lessons for the map.
read-then-next = Tap Next when you have read it.
no-hint = There is no hint for this step.
no-solution = This step has no separate answer.
move-solution = Solution: {$san}. {$why}
move-solution-in-words = Solution: {$said} {$why}
why-right = The usual slips here: {$why}
squares-unreadable = I could not read that. Send square names separated by spaces, e.g. d1 d2 d3
squares-missing = {" "}{ $count ->
        [one] One square is
       *[other] {$count} squares are
    } missing.
squares-wrong = {" "}These are not right: {$squares}.
squares-solution = Solution: {$squares}. {$why}
judge-solution = Answer: {$answer}. {$why}
draw-stalemate = Stalemate
draw-insufficient-material = Insufficient material
draw-threefold = Threefold repetition
draw-fivefold = Fivefold repetition
draw-fifty-moves = Fifty-move rule
draw-seventy-five-moves = Seventy-five-move rule
draw-none = Not a draw

## The tap board

tap-a-piece = 👆 Tap one of your pieces, then the square it should go to.
tap-picked = The {$piece} on {$square} is picked. Tap where it should go (○ it can move there, ✖ it can capture there), or tap it again to put it back.
tap-picked-stuck = The {$piece} on {$square} is picked, but it has no legal move right now. Tap a square and I will tell you why, or tap it again to put it back.
tap-own-piece-first = None of your pieces stands on that square. Tap one of your own pieces first.
promotion-queen = Queen
promotion-rook = Rook
promotion-bishop = Bishop
promotion-knight = Knight
choose-promotion = The pawn goes from {$from} to {$to}, the last rank, so it must be promoted. What should it become? A queen, rook, bishop or knight.

## Puzzles

no-puzzles = There are no puzzles yet.
puzzle-caption = {$side}: mate in {$mate_in} ({$left} to go)
puzzle-level = {"\u000A"}Your level: {$level} ({$points} points)
puzzle-mates = {$right} {$san} is checkmate! Puzzle solved.
puzzle-keeps-mate = Good! After {$san}, the toughest defence is {$reply}. Mate in {$left} to go.
puzzle-mates-too-late = {$san} does mate, but only in {$mate_in} moves; the task is mate within {$within}. The defence: {$defence}
puzzle-stalemates = After {$san} the defender has no legal move and is not in check — stalemate, a draw, not a win!
puzzle-try-again = {"\u000A"}Try again, or tap Hint.
puzzle-counted-as-missed = On the ladder it counts as not solved alone: an earlier try missed, or a hint showed the square.
no-mate-from-here = There is no mate from here.
search-undecided-move = I could not work out within my thinking limit whether {$san} still forces mate, so it counts neither as right nor as wrong. Try another move, or ask for a hint.
search-too-hard = This position is too rich for me to work out the mate within my thinking limit.
hint-piece = 💡 Use the {$piece} on {$square}.
hint-square = 💡 The {$piece} on {$from} goes to {$to}.
hint-move = 💡 Play {$san}.
puzzle-tactics = Tactics in this puzzle: {$names}.
puzzle-solution = Solution: {$line}

## Quiz

quiz-heading = Quiz {$asked}/{$round}
quiz-taught-in = {" "}(Unit {$unit} teaches this: a question to look ahead.)
quiz-round-done = This round: {$right}/{$round} right. Points {$delta}; your level: {$level}.

## Ladder and progress

unranked = not ranked yet
level = {$level}
progress =
    Lessons: {$steps_done}/{$steps} steps, {$lessons_done} lessons done.
    Your level: {$level} ({$points} points).
    Quiz: {$quiz_right} right, {$quiz_wrong} wrong.
progress-errors = {"\u000A"}Rules you trip over most: {$errors}
list-separator = ,{" "}
or-word = {" "}or{" "}

## The first hour: trying again, pauses, menus

try-again = Try again.
board-restored = The piece is back on its square; try again.
think-again = Not quite; think again.
quiz-wrong-answer = Not quite: the answer is {$key}.
quiz-statement-true = The statement is true.
quiz-statement-false = The statement is false.
lesson-finished = 🎉 You finished "{$title}"!
lesson-passed = You have been through "{$title}": {$done} of {$steps} steps done. Come back to the others any time with /lesson {$unit}.
next-lesson-is = Next: unit {$unit}, "{$title}".
button-next-lesson = Next lesson ▶
button-xiangqi-first = Play xiangqi? Start with unit {$unit} ▶
practice-done = Well practised! Back to the task you were on.
course-map-legend = The course (✅ done · ▶ in progress · ▫️ not started):
lesson-button = {$unit} {$title}
no-such-level = There is no level "{$given}": the tutor plays at levels 1 to 8, 1 the gentlest. Write /play 3 for level 3, or choose below.
no-lesson-named = There is no lesson called "{$name}". Write its number, e.g. /lesson 7, or send /lessons for the map.

## Hints that climb: the piece, the square, the move

hint-capture = 💡 The {$piece} on {$from} takes the {$captured} on {$to}.
hint-more = (Tap Hint again for more.)
hint-last = (Still stuck? Tap Solution.)

## The tap board

tap-retry = Tap a piece to move again.
tap-squares-prompt = Tap the squares to pick them (tap again to drop one), then tap ✔ Done. Or send the square names, separated by spaces.
tap-squares-picked = Picked: {$squares}
tap-squares-none = No square picked yet.
button-done = ✔ Done

## /explain

explain-needs-move = That is a position (a FEN). Add the move to judge after it, e.g. /explain {$fen} e4

## Puzzles

puzzle-caption-rated = {$side}: mate in {$mate_in} ({$left} to go) · difficulty {$rating}
board-turned = {" "}(the board is turned: Black at the bottom)
puzzle-repeat = 🔁 You have played this puzzle before: this time it is practice, for no points.
puzzle-no-such = There is no puzzle “{$given}”. /puzzle gives the next one for you, /puzzle 1 to /puzzle 4 a mate in 1 to 4 moves, and /puzzle with a puzzle's id (as in 02jRN) that puzzle.
puzzle-review = 🔁 Review: you missed this one before.
mate-in-explained = Mate in {$mate_in}: with { $mate_in ->
        [one] one move
       *[other] {$mate_in} moves
    } of yours, checkmate the other king: it is in check and has no way out. Unit {$unit} teaches checkmate.
button-learn-mate = Learn checkmate: unit {$unit} ▶
puzzle-no-check = {$san} gives no check, so it cannot be mate.
puzzle-check-answered = {$san} gives check, but the defender can {$how}: {$defence}.
how-capture = take the checking {$piece}
how-block = block the check
how-king = move the king to {$square}
puzzle-escapes = After {$san} the defender answers {$defence}, and there is no mate within {$left} any more.
why-mate-check = Why it is mate: {$king} is in check from {$checker}.
why-mate-double = Why it is mate: {$king} is in check from {$checker} at once (a double check), so only a king move could help.
why-mate-covered = { $count ->
        [one] The one square the king could step to, {$squares}, is attacked.
       *[other] Every square the king could step to ({$squares}) is attacked.
    }
why-mate-own = {$squares}: taken by its own pieces.
why-mate-nowhere = The king has no empty square next to it.
why-mate-no-help = The checking piece can be neither taken nor blocked.
also-mates = {$moves} would also have mated.
points-change = Points {$delta} ({$before} → {$after}; this puzzle's difficulty is {$rating}).

## Progress

progress-puzzles = Puzzles: {$started} tried, {$solved} solved on your own (no solution, no wrong move), {$to_review} to review.
progress-ladder = How points work: every game against the tutor, every puzzle and every quiz round counts as a game; a win gains points and a loss costs some, more against a stronger opponent. Every 100 points is a level, from level 30 up to level 1. Solve 4 puzzles of mate in N and you move on to mate in N+1.
rule-name = { $code ->
    [no_piece] no piece there
    [not_your_piece] moving the opponent's piece
    [own_piece_on_target] taking your own piece
    [wrong_movement] a piece moving the wrong way
    [path_blocked] the way blocked
    [pawn_forward_capture] a pawn taking straight ahead
    [pawn_diagonal_no_capture] a pawn going diagonally without a capture
    [pawn_double_step_not_from_start] a pawn's double step away from its start
    [en_passant_expired] en passant at the wrong moment
    [promotion_piece_missing] promotion without a piece
    [promotion_invalid_piece] promotion to a king or a pawn
    [promotion_not_allowed] promotion before the last rank
    [king_into_check] the king onto an attacked square
    [pinned] moving a pinned piece
    [en_passant_opens_rank] an en passant capture that opens the rank to the king
    [en_passant_opens_diagonal] an en passant capture that takes away the pawn shielding the king
    [still_in_check] not answering check
    [double_check_king_must_move] not moving the king in a double check
    [castling_king_moved] castling after the king moved
    [castling_rook_moved] castling after the rook moved
    [castling_right_lost] castling without the right
    [castling_pieces_between] castling with pieces in between
    [castling_in_check] castling out of check
    [castling_through_check] castling through an attacked square
    [castling_into_check] castling into check
    [game_over] moving after the game ended
   *[other] {$code}
}
king-on = { $white ->
    [yes] the white king ({$square})
   *[no] the black king ({$square})
}
piece-on = the {$piece} on {$square}

## Basic-mate steps of a lesson: mate in a few moves against the best defence.
mate-step-left = { $left ->
    [1] One move left: this move must mate.
   *[other] {$left} moves left to mate. The computer defends as well as it can.
}
mate-step-move = { $white ->
    [yes] White
   *[no] Black
}: the {$piece} goes from {$from} to {$to}.
mate-step-move-capture = { $white ->
    [yes] White
   *[no] Black
}: the {$piece} on {$from} takes the {$captured} on {$to}.
mate-step-keeps = Good! {$said}
mate-step-defence = The computer answers. {$defence}
mate-step-stalemate = Stalemate! After that move {$side} has no legal move and is not in check. That is a draw, not a win.
mate-step-no-mate = That move is not checkmate. {$defence}
mate-step-escapes = Now there is no mate within {$left} moves any more; the computer would answer like this. {$defence}
mate-step-too-slow = That move is too slow: from here mate would take {$mate_in} moves, and you have {$left}.
mate-step-taken-back = The move is taken back and the board is as it was; try another move.
mate-step-mated = The task is done.
mate-step-solution = Solution, against the best defence:{"\u000A"}{$line}{"\u000A"}{$why}
mate-side = { $white ->
    [yes] White
   *[no] Black
}

## A game against the tutor

game-under-way = You have a game under way: here it is. (To start a new one, resign this one first.)
game-paused = Your game against the tutor is kept: send /play to go back to it.
game-setup = Play a game against the tutor at level {$level} of 8. {$about}
    Level {$suggested} is suggested for you. Choose your colour, or another level below.
level-about = { $level ->
    [1] At level 1 the tutor plays like someone who has just learnt the moves: it often leaves pieces where they can be taken. A coach points out your mistakes as you play, and you may take one move back.
    [2] At level 2 the tutor still overlooks a lot, but takes what is left hanging. A coach points out your mistakes as you play, and you may take one move back.
    [3] At level 3 the tutor looks one move ahead and rarely gives pieces away.
    [4] At level 4 the tutor sees simple threats and short combinations.
    [5] At level 5 the tutor plays like a keen club beginner.
    [6] At level 6 the tutor calculates a few moves deep.
    [7] At level 7 the tutor plays like a club player.
   *[other] At level 8 the tutor plays as well as it can.
}
button-play = Play ♟
button-play-white = ♔ White
button-play-black = ♚ Black
button-play-random = 🎲 Random
button-level = Level {$level}
game-started = A new game at level {$level}. You play {$side}.
tutor-opened = The tutor opened with {$san}.
game-your-move = Your move: type it ({$examples}) or use 👆 Tap to move.
game-your-move-typed = Your move: type it ({$examples}).
side-white = White
side-black = Black
game-caption = ♟ Game against the tutor, level {$level} · you play {$side}
button-claim-draw = Claim a draw ½
button-offer-draw = Offer a draw
button-resign = Resign
button-take-back = Take back ↩
game-no-skipping = A game has no next step: it goes on with your move.
game-no-solution = A game has no solution to show: find your own move. /hint gives a rule of thumb for this position.
game-hint-in-check = Your king is in check: first answer the check — take the checking piece, put a piece in between, or move the king.
game-hint-hanging = Look at your {$piece} on {$square}: it can be taken, and it is not defended well enough. Move it or defend it.
game-hint-free-capture = Look at the {$piece} on {$square}: you can take it for free.
game-hint-none = Nothing is hanging right now. Bring out a piece that has not moved yet, and keep your king safe.
game-you-played = You played {$san}.
tutor-answered = The tutor answered {$san}. {$what}
game-you-are-in-check = ⚠ Your king is in check: answer the check.
claim-threefold-now = This position has now stood on the board three times: you may claim a draw (threefold repetition), or play on.
claim-threefold-with = If you play {$san}, the same position stands on the board for the third time: you may claim a draw with that move (the move is played as part of the claim), or play on.
claim-fifty-now = Fifty moves each have been played without a capture or a pawn move: you may claim a draw (the fifty-move rule), or play on.
claim-fifty-with = With {$san} the fiftieth move each without a capture or a pawn move is played: you may claim a draw with that move, or play on.
no-claim = No draw can be claimed now. Threefold repetition needs the same position three times (this one has stood here { $times ->
    [one] once
   *[other] {$times} times
}); the fifty-move rule needs fifty moves each without a capture or a pawn move ({$moves} so far).
resign-confirm = Resign this game? It counts as a loss.
button-resign-yes = Yes, resign
button-play-on = No, play on
draw-offer-too-soon = The tutor has just declined a draw: you may offer again in {$moves} { $moves ->
    [one] move
   *[other] moves
}.
draw-accepted = You offered a draw and the tutor accepted.
draw-declined-ahead = The tutor declines the draw: it is {$points} { $points ->
    [one] point
   *[other] points
} of material ahead. Play on!
draw-declined-level = The tutor declines the draw: there is still plenty to play for. Play on!
taken-back = Taken back: your last move and the tutor's answer. It is your move again.
no-take-back = No move can be taken back now: levels 1 and 2 allow one take-back a game, after a move of yours.
game-points = Points: {$delta} ({$before} → {$after}); your level: {$level}.
button-play-again = Play again ♟
button-pgn = PGN 📄
end-you-mate = Checkmate! You win. {$why}
end-tutor-mates = Checkmate: the tutor wins. {$why}
end-stalemate = Stalemate: {$side} is not in check but has no legal move. The game is a draw.
end-dead-kings = Only the two kings are left: neither side can ever checkmate, so the game is drawn (a dead position).
end-dead-minor = A king and one bishop or knight cannot checkmate a lone king: the game is drawn (a dead position).
end-dead-bishops = Only bishops on squares of one colour are left: no checkmate is possible, so the game is drawn (a dead position).
end-fivefold = The same position has stood on the board for the fifth time ({$moves}): the game is drawn at once, without a claim.
at-the-start = at the start
after-move = after {$said}
end-seventy-five = Seventy-five moves each without a capture or a pawn move: the game is drawn at once, without a claim.
end-threefold-claimed = Draw claimed by threefold repetition: the same position stood on the board {$moves}, with the same side to move and the same castling and en passant rights.
end-fifty-claimed = Draw claimed under the fifty-move rule: {$moves} moves each without a capture or a pawn move.
end-agreement = The game is drawn by agreement.
end-you-resigned = You resigned: the tutor wins.
end-tutor-resigned = The tutor resigned: you win.
coach-missed-mate = Coach: at move {$number} you played {$played}, but you had mate in {$mate_in}, starting with {$key} (the green arrow).
coach-missed-capture = Coach: at move {$number} you played {$played}, but {$capture} would have taken the {$piece} for free (the green arrow).
coach-left-hanging = Coach: after {$played} (move {$number}) your {$piece} on {$square} can be taken for nothing. Before each move, check what your opponent can take.
coach-may-take-back = You may take this move back (once in this game): press Take back ↩ under the board.
coach-allowed-mate = Coach: after {$played} (move {$number}) your opponent could mate at once with {$mate}. Before each move, look at every check your opponent could give.
review-heading = Coach's review: the moves that cost you most in this game, the costliest first:
review-line = • Move {$number}, {$played}: {$what}
review-lost = it gave away your {$piece} on {$square}, and your opponent took it.
review-left-hanging = it left your {$piece} on {$square} for your opponent to take for nothing (it was not taken).
review-allowed-mate = it let your opponent mate at once.
review-missed-mate = you had a mate in {$mate_in} instead.
review-missed-capture = the {$piece} there was yours to take for free.
no-game-yet = You have not played a game yet: send /play.
pgn-learner = Learner
pgn-intro = Your game as PGN: copy it into any chess site (for example lichess.org/paste) to look at it again.
progress-games = Games against the tutor: {$played} (won {$won}, drawn {$drawn}, lost {$lost}).
command-play = A game against the tutor

## A game between two learners (a friend invited with a link)
progress-friend-games = Games against friends: {$played} (won {$won}, drawn {$drawn}, lost {$lost}).
button-play-friend = 👥 Play a friend
button-play-friend-again = 👥 Play a friend again
button-cancel-invitation = Withdraw the invitation
button-accept-draw = Accept the draw ½
button-decline-draw = Decline
button-claim-abandoned = Claim the game
duel-kept = Your game with your friend goes on: send /play to see the board again.
duel-under-way = Your game with your friend is under way.
duel-needs-telegram = A game with a friend needs the bot on Telegram: there your friend opens your invitation link in their own chat with the bot.
duel-invitation = Send this link to a friend: when they open it, the game begins in each of your chats. You play White, so you move first.
    {$link}
    Each of you gets every message in your own language, and every move is checked by the rules.
duel-group-invitation = ♟ {$name} invites someone here to a game. Whoever presses Accept plays Black; {$name} plays White and moves first.
    Each player is told everything in their own language, and every move is checked by the rules. Everyone here can watch.
duel-own-group-invitation = This is your own invitation: someone else here has to accept it.
duel-for-player = 👤 For {$name}
duel-not-your-button = This button is for the other player.
duel-move-in-group = In the group, send your move as a reply to this message, so that the bot reads it.
duel-not-your-game = This is someone else's game: its buttons are for its two players. Press Play a friend to start your own.
button-accept-game = ✅ Accept the game
duel-invitation-gone = This invitation is no longer open: the game was withdrawn or is over. Ask your friend for a new link, or send /play.
duel-invitation-taken = Someone else has already taken this invitation. Ask your friend for a new link.
duel-invitation-cancelled = The invitation is withdrawn: the link no longer opens a game.
duel-one-at-a-time = You are already in a game with a friend: finish it (or resign) first. Send /play to see it.
duel-joined = You joined your friend's game. You play {$side}.
duel-friend-joined = Your friend has joined: the game begins. You play White.
duel-wait-for-friend = Now it is your friend's move: you will get a message as soon as they play.
duel-waiting-for-join = Your friend has not opened the invitation yet: the game begins when they do.
duel-caption = 👥 Game against a friend · you play {$side}
duel-may-claim-abandoned = Your friend has not moved for { $days ->
    [one] a day
   *[other] {$days} days
}: you may wait, or claim the game with the button below.
duel-no-hints = In a game against a friend the tutor gives no hints: the game is yours to play. Afterwards the coach shows what you missed.
duel-friend-played = Your friend played {$san}. {$what}
duel-friend-played-bare = Your friend played {$san}.
duel-offer-declined-by-move = By playing a move your friend declined your draw offer.
duel-claim-on-your-move = A draw can be claimed only on your own move.
duel-offer-stands = Your draw offer stands: your friend has not answered yet.
duel-you-offered = You offered a draw: your friend may accept it, decline it, or decline it by playing a move.
duel-friend-offers = Your friend offers a draw. Accept it, decline it, or play a move (that declines it too).
duel-you-accepted = You accepted your friend's draw offer.
duel-friend-accepted = Your friend accepted your draw offer.
duel-you-declined = You declined the draw.
duel-friend-declined = Your friend declined your draw offer: play on.
duel-points-later = Points: {$delta}, counted in your /progress with your next message.
pgn-friend = Friend
end-friend-mates = Checkmate: your friend wins. {$why}
end-you-resigned-friend = You resigned: your friend wins.
end-friend-resigned = Your friend resigned: you win.
end-you-abandoned = You did not move for { $days ->
    [one] a day
   *[other] {$days} days
} and your friend claimed the game: your friend wins.
end-friend-abandoned = Your friend did not move for { $days ->
    [one] a day
   *[other] {$days} days
}, so the game is yours: you win.

## The board page (Mini App).
button-board-app = ♟ Board
page-promote = The pawn has reached the last rank: choose what it becomes.
page-waiting = Your friend is to move. Their move will appear here.
page-no-task = Nothing to move just now. Open a lesson, a puzzle or a game in the chat.
page-none-quiz = A question is waiting in the chat: answer it there. When there is a move to make, its board appears here.
page-none-lesson = This step of the lesson is in the chat: read it there, answer it or press Next. When a step asks for a move, its board appears here.
page-game-over = The game is over: here is how it ended.
page-stale = The board changed before your move arrived (a move in the chat, or your friend's). Here it is as it is now: try again.
page-your-move = Your move: drag a piece, or tap it and then a square.
page-text-mode = Text mode in the chat (every board also in words)
page-close = Close

## A class in a group chat: its teachers, its students, its quiz polls and the teacher's report.
class-only-in-groups = A class lives in a group chat: add me to your group, then send /class there.
class-anonymous = I cannot tell who you are: you are writing as the group (an anonymous administrator). Send this as yourself.
class-admins-only = Only an administrator of this group can make it a class.
class-made = This group is now a class, with {$teacher} as its teacher.
class-card = ♟ Class «{$title}» · teachers: {$teachers} · { $students ->
    [0] no students yet
    [one] 1 student
   *[other] {$students} students
}
    Students: press Join, then do lessons, puzzles and quizzes in your private chat with me. What you do there counts for the class from the moment you join, and its teachers see your figures. /leave leaves the class and deletes your class data.
class-link = Or open this link: {$link}
class-teacher-help = For teachers: /classquiz posts a quiz poll here (/classquiz 7: one from unit 7), /classquiz stop closes it; /class lang zh, zh-hant or en sets the class's language; /class daily 07:30 posts a puzzle of the day at that time (UTC), /class daily off stops it; /top shows the class's leaderboard; other administrators become teachers with /class teach. Open a private chat with me to get the quiz breakdowns there, and send /report there for each student's figures.
class-none = This group is not a class yet: an administrator sends /class.
class-usage = /class makes this group a class (administrators), /class teach makes you one of its teachers (administrators), /class lang zh, zh-hant or en sets its language, /class daily 07:30 or off its puzzle of the day (teachers).
class-teacher-added = {$name} is now a teacher of this class.
class-already-teacher = You are already a teacher of this class.
class-teach-admins-only = Only an administrator of this group can become a teacher of its class.
class-teachers-only = Only the class's teachers can do that.
class-lang-set = The class now speaks {$script}.
class-lang-usage = Say which language: /class lang zh, /class lang zh-hant or /class lang en.
class-joined = You joined the class «{$title}». From now on your lessons, puzzles and refused moves here count for it, and its teachers see your figures (nobody else does). /leave leaves the class and deletes your class data.
class-joined-toast = You joined «{$title}». Do your lessons in a private chat with me: they count for the class.
class-already-in = You are already a student of this class.
class-you-teach = You teach this class: a teacher does not join it as a student.
class-link-gone = This link opens no class. Ask your teacher for the class's link again.
class-link-in-private = Open the class link in your private chat with me, not in a group.
class-left = You left «{$title}». Your class data (membership, class quiz answers) is deleted; your own progress stays yours.
class-not-in = You are not a student of this class.
class-in-none = You are not a student of any class.
class-which-to-leave = Which class do you want to leave?
class-teacher-stays = You teach this class; /leave is for its students.
class-button-join = ✋ Join the class
class-button-leave = Leave
class-button-leave-named = Leave «{$title}»
class-button-close = ⏹ Close the quiz
class-quiz-board = Class quiz · unit {$unit}: look at the board, then answer the poll below.
class-quiz-open = A quiz is still open: close it first with /classquiz stop or its Close button.
class-quiz-none-open = No quiz is open in this class.
class-quiz-no-item = No question of the quiz bank fits in a Telegram poll in this class's language.
class-quiz-no-item-in-unit = No question of unit {$unit} fits in a Telegram poll in this class's language. Try another unit, or /classquiz for any.
class-quiz-no-such-unit = There is no unit {$unit}: the course has units 1 to {$count}.
class-quiz-usage = /classquiz posts a quiz poll, /classquiz 7 one from unit 7, /classquiz stop closes it.
class-quiz-result = Quiz closed: {$right} of {$answered} { $answered ->
    [one] answer
   *[other] answers
} right ({$students} { $students ->
    [one] student
   *[other] students
} in the class). The right answer: {$answer}
class-quiz-breakdown = Class «{$title}», the quiz just closed:
    {$question}
    Right answer: {$answer}
class-quiz-line-right = ✅ {$name}: {$answer}
class-quiz-line-wrong = ❌ {$name}: {$answer}
class-quiz-line-none = ▫️ {$name}: no answer
class-quiz-most-wrong = Most common wrong answer: {$answer} ({ $count ->
    [one] 1 student
   *[other] {$count} students
}).
class-quiz-no-wrong = Nobody answered wrong.
class-quiz-open-chat = {$name}, I cannot write to you first, so this quiz's breakdown (who answered what) was not sent. Open a private chat with me and send /start: {$link} — from the next quiz on, the breakdowns go there.
class-quiz-open-chat-no-link = {$name}, I cannot write to you first, so this quiz's breakdown (who answered what) was not sent. Open a private chat with me and send /start: from the next quiz on, the breakdowns go there.
class-report-teachers-only = Reports are for teachers, and you teach no class. To make a group a class, send /class there as one of its administrators.
class-report-in-private = I send reports only in a teacher's private chat with me: send /report there.
class-report-heading = 📋 Class «{$title}» · { $students ->
    [one] 1 student
   *[other] {$students} students
} · {$date}
class-report-no-students = No student has joined yet.
class-report-line = {$number}. {$name}: units done {$units}, lesson steps {$steps}, class quizzes {$right} right and {$wrong} wrong, puzzles solved alone {$solved} (missed {$missed}), last active {$active}.
class-report-rules = {"   "}Rules broken most: {$rules}
class-report-no-rules = {"   "}No refused move yet.
class-report-tries-link = {"   "}Where it happened, on the board: {$command}
class-report-tries-heading = 🔎 {$number}. {$name}, class «{$title}»: the last time each of the rules broken most was broken, on the board as the student saw it.
class-report-try-caption = {$number}. {$rule} ×{$count}. The last time: {$why}
class-report-try-not-kept = {$number}. {$rule} ×{$count}. The position of the last time was not kept (it came before positions were kept).
class-report-tries-none = {$name} has no refused move yet.
class-report-no-such-student = { $students ->
    [0] Your classes have no student yet.
   *[other] There is no student {$number} in your report: the students are numbered 1 to {$students}. Send /report to see the numbers.
}
class-report-never = never
class-report-csv = The same figures as a spreadsheet file (CSV):
class-report-csv-header = Student,Units done,Lesson steps,Class quiz right,Class quiz wrong,Puzzles solved alone,Puzzles missed,Rule 1,Times,Rule 2,Times,Rule 3,Times,Last active
class-daily-set = The puzzle of the day will be posted here every day at {$time} UTC. Students answer by replying to the puzzle with the first move. /class daily off stops it.
class-daily-link = Or solve it on a board in your private chat with me (it counts the same): {$link}
class-daily-opened = 🧩 The puzzle of the day of the class «{$title}». Your first right move counts for the class if you take no hint.
class-daily-practice = 🧩 The puzzle of the day of the class «{$title}», for practice: this time it does not count.
class-daily-none-today = The class «{$title}» has no puzzle of the day posted today yet.
class-daily-off = No more puzzle of the day.
class-daily-usage = Say when, in UTC: /class daily 07:30, or /class daily off to stop it.
class-daily-post = 🧩 Puzzle of the day — {$side}: mate in {$mate_in}. Reply to this picture with the first move.
class-daily-wrong = {$san} is not it: after it there is no forced mate in {$mate_in}. Try another move.
class-daily-stalemate = {$san} is stalemate, a draw, not a win. Try another move.
class-daily-solved = ✓ {$name} solved it ({ $place ->
    [1] 1st
    [2] 2nd
    [3] 3rd
   *[other] {$place}th
})
class-top-heading = 🏆 Class «{$title}», the top students:
class-top-weekly = 🏆 Class «{$title}», the leaderboard of the week:
class-top-line = {$rank}. {$name}: { $points ->
    [one] 1 point
   *[other] {$points} points
}
class-top-how = Points: 1 for each class quiz answered right, 2 for each unit finished since joining, 3 for solving the puzzle of the day first, 2 second, 1 later.
class-top-empty = No student has joined yet.
class-top-in-group = The leaderboard is shown in the class's group: send /top there.
