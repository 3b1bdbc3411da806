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
menu = What would you like to do? Lessons: learn the rules from the board up. Puzzle: practise mate in N. Quiz: rule questions. Send /help at any time for every command.
help =
    Commands:
    /lessons the course map and your progress
    /lesson 3 open unit 3
    /next the next step
    /puzzle a mate-in-N puzzle
    /hint a hint (first the piece, then the square, then the move)
    /solution the answer
    /quiz rule questions
    /explain FEN move — judge any move in any position
    /progress your progress and level
    /board the board again
    /lang zh or /lang en to switch language

    Write moves like e2e4, e4, Nf3, O-O (castle short) or O-O-O (castle long).
lang-set = OK, English from now on.

## The / menu of a chat client

command-lessons = The course map and your progress
command-lesson = Continue the current lesson
command-puzzle = A mate-in-N puzzle
command-quiz = Rule questions
command-hint = A hint for the current task
command-board = The board again
command-progress = Your progress and level
command-lang = Switch language
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
nothing-to-do = There is no task in progress. Pick one:
unreadable-answer = I could not read that answer. Tap a button or reply with the letter of your choice.
explain-usage = Usage: /explain FEN move, e.g. /explain rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 e4
bad-fen = I cannot read that FEN: {$error}
question-missing = That question is missing.

## Verdicts

right = Right!
not-quite = Not quite.
legal-but-missed = That move is legal, but it does not do the task.
white-to-move = White to move
black-to-move = Black to move

## Lessons

course-map-heading = The course (✅ done):
no-lessons = There are no lessons yet.
lesson-heading = Unit {$unit} {$title} · {$number}/{$steps}
lesson-done = 🎉 You finished "{$title}"!
course-done = You have finished the whole course! Practise with /puzzle or review the rules with /quiz.
no-such-lesson = There is no such lesson. Units are numbered 1 to {$count}; send /lessons for the map.
read-then-next = Tap Next when you have read it.
no-hint = There is no hint for this step.
no-solution = This step has no separate answer.
move-solution = Solution: {$san}. {$why}
squares-prompt = Send the squares separated by spaces, e.g. d1 d2 d3
squares-unreadable = I could not read that. Send square names separated by spaces, e.g. d1 d2 d3
squares-missing = {" "}{$count} square(s) are missing.
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
tap-picked = The {$piece} on {$square} is picked. Tap where it should go (• it can move there, × it can capture there), or tap it again to put it back.
tap-picked-stuck = The {$piece} on {$square} is picked, but it has no legal move right now. Tap a square and I will tell you why, or tap it again to put it back.
tap-again = 👇 The answer to that move is below. To try again, tap one of your pieces here.
tap-own-piece-first = None of your pieces stands on that square. Tap one of your own pieces first.
promotion-queen = Queen
promotion-rook = Rook
promotion-bishop = Bishop
promotion-knight = Knight
choose-promotion = The pawn goes from {$from} to {$to}, the last rank, so it must be promoted. What should it become? A queen, rook, bishop or knight.

## Puzzles

no-puzzles = There are no puzzles yet.
puzzle-missing = That puzzle is missing.
puzzle-caption = {$side}: mate in {$mate_in} ({$left} to go){$rating}
puzzle-level = {"\u000A"}Level: {$level} ({$points} points)
puzzle-mates = {$right} {$san} is checkmate! Puzzle solved.
puzzle-keeps-mate = Good! After {$san}, the toughest defence is {$reply}. Mate in {$left} to go.
puzzle-mates-too-late = {$san} does mate, but only in {$mate_in} moves; the task is mate within {$within}. The defence: {$defence}
puzzle-stalemates = After {$san} the defender has no legal move and is not in check — stalemate, a draw, not a win!
puzzle-fails = {$san} does not work: the defence escapes with {$defence}
puzzle-try-again = {"\u000A"}Try again, or tap Hint.
no-mate-from-here = There is no mate from here.
hint-piece = 💡 Use the {$piece} on {$square}.
hint-square = 💡 The {$piece} on {$from} goes to {$to}.
hint-move = 💡 Play {$san}.
puzzle-solution = Solution: {$line}

## Quiz

quiz-heading = Quiz {$asked}/{$round}
quiz-verdict = {$verdict} (Answer: {$key})
    {$explanation}
quiz-round-done = This round: {$right}/{$round} right. Points {$delta}; you are now {$level}.

## Ladder and progress

unranked = unranked
level = level {$level} (级)
progress =
    Lessons: {$steps_done}/{$steps} steps, {$lessons_done} lessons done.
    Level: {$level} ({$points} points).
    Puzzles: {$solved} solved, {$to_review} to review.
    Quiz: {$quiz_right} right, {$quiz_wrong} wrong.
progress-errors = {"\u000A"}Rules you trip over most: {$errors}
list-separator = ,{" "}
