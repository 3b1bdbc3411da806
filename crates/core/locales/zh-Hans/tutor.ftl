# chess-tutor: what the tutor says (menus, praise, prompts), Simplified Chinese (the source of ../zh-Hant).
# Rule explanations come from rules.ftl; lesson, quiz and puzzle texts from the content files.
# Every message here has an English twin in ../en/tutor.ftl (a test checks it).

## Glue between sentences

# Two sentences in a row: no space after Chinese punctuation.
two-sentences = {$first}{$second}
# A remark in brackets after a sentence.
aside = （{$remark}）

## Welcome, menu, help

welcome = 欢迎来到国际象棋规则课！我会一步一步教你下棋的规则。每一步走不通的棋，我都会告诉你是哪条规则不允许，并在棋盘上标出关键的格子。
choose-language = 请选择语言 / 請選擇語言 / Choose your language:
menu = 想做什么？课程：从棋盘开始学规则；杀棋题：练习N步杀；测验：规则问答。随时发送 /help 查看所有命令。
help =
    命令：
    /lessons 课程目录和进度
    /lesson 3 打开第3课
    /next 下一步
    /puzzle 杀棋题
    /hint 提示（先提示棋子，再提示格子，最后给出走法）
    /solution 答案
    /quiz 规则测验
    /explain FEN 走法 —— 判断任意局面里的一步棋
    /progress 我的进度和级别
    /board 再看一次棋盘
    /lang zh 或 /lang en 切换语言

    走棋可以这样写：e2e4、e4、Nf3、马f3、O-O（短易位）、O-O-O（长易位）。
lang-set = 好的，现在说中文。

## The / menu of a chat client

command-lessons = 课程目录和进度
command-lesson = 继续学习当前的课
command-puzzle = 杀棋题
command-quiz = 规则测验
command-hint = 提示
command-board = 再看一次棋盘
command-progress = 我的进度和级别
command-lang = 切换语言
command-help = 所有命令

## Buttons

button-next = 下一步 ▶
button-hint = 提示 💡
button-solution = 答案
button-lessons = 课程 📚
button-puzzle = 杀棋题 ♞
button-quiz = 测验 ❓
button-tap-to-move = 👆 点按走子
button-next-puzzle = 下一题 ▶
button-another-round = 再来一轮 ▶
button-menu = 菜单
button-practise-rule = 练一练这条规则
yes = 是
no = 否
true-word = 对
false-word = 错

## Things that went wrong

too-long = 这条消息太长了，我没有读。请发一步棋或一个命令（/help）。
unknown-command = 我不认识命令 /{$word}。发送 /help 查看所有命令。
stale-button = 这个按钮属于之前的题目，已经不能用了。请看最新的一条消息。
nothing-to-do = 现在没有进行中的题目。选一个吧：
unreadable-answer = 我没看懂这个回答。请点按钮，或者回复选项的字母。
explain-usage = 用法：/explain FEN 走法，例如 /explain rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 e4
bad-fen = 这个FEN读不了：{$error}
question-missing = 这道题找不到了。

## Verdicts

right = 对了！
not-quite = 不对。
legal-but-missed = 这步棋是合法的，但没有完成任务。
white-to-move = 白方走
black-to-move = 黑方走

## Lessons

course-map-heading = 课程目录（✅ 已学完）：
no-lessons = 还没有课程。
lesson-heading = 第{$unit}课 {$title} · {$number}/{$steps}
lesson-done = 🎉 你学完了《{$title}》！
course-done = 你已经学完了全部课程！可以用 /puzzle 练习杀棋，或用 /quiz 复习规则。
no-such-lesson = 没有这一课。课程编号是1到{$count}，发送 /lessons 查看目录。
read-then-next = 读完了就点“下一步”。
no-hint = 这一步没有提示。
no-solution = 这一步没有单独的答案。
move-solution = 答案：{$san}。{$why}
squares-prompt = 把格子名用空格隔开发给我，例如：d1 d2 d3
squares-unreadable = 我没看懂。请把格子名用空格隔开发给我，例如：d1 d2 d3
squares-missing = 还少了{$count}个格子。
squares-wrong = 这些格子不对：{$squares}。
squares-solution = 答案：{$squares}。{$why}
judge-solution = 答案：{$answer}。{$why}
draw-stalemate = 逼和
draw-insufficient-material = 子力不足
draw-threefold = 三次重复
draw-fivefold = 五次重复
draw-fifty-moves = 五十回合规则
draw-seventy-five-moves = 七十五回合规则
draw-none = 不是和棋

## The tap board

tap-a-piece = 👆 先点你的一个棋子，再点它要去的格子。
tap-picked = 已选中{$square}的{$piece}。点它要去的格子（• 可以走到，× 可以吃子），再点一次{$piece}就取消选择。
tap-picked-stuck = 已选中{$square}的{$piece}，可是它现在一步也不能走。点一个格子，我告诉你为什么不行；或者再点一次{$piece}取消选择。
tap-again = 👇 这步棋的回答在下面。想再试，就在这里重新点一个棋子。
tap-own-piece-first = 这个格子上没有你的棋子。请先点你自己的一个棋子。
promotion-queen = 后
promotion-rook = 车
promotion-bishop = 象
promotion-knight = 马
choose-promotion = 兵从{$from}走到{$to}，到了底线，必须升变。你想让它变成什么？后、车、象、马都可以。

## Puzzles

no-puzzles = 还没有杀棋题。
puzzle-missing = 这道题找不到了。
puzzle-caption = {$side}：{$mate_in}步杀（还剩{$left}步）{$rating}
puzzle-level = {"\u000A"}级别：{$level}（积分 {$points}）
puzzle-mates = {$right}{$san} 将死！题目完成。
puzzle-keeps-mate = 好棋！{$san} 之后，对方最顽强的应法是 {$reply}。还剩{$left}步杀。
puzzle-mates-too-late = {$san} 也能将死，但要{$mate_in}步，题目要求{$within}步之内。对方这样应：{$defence}
puzzle-stalemates = {$san} 之后对方无子可动又没有被将军——逼和，是和棋，不是赢棋！
puzzle-fails = {$san} 不行：对方可以这样逃脱：{$defence}
puzzle-try-again = {"\u000A"}再试一次，或点“提示”。
no-mate-from-here = 这里找不到杀法了。
hint-piece = 💡 用{$square}的{$piece}。
hint-square = 💡 {$from}的{$piece}走到{$to}。
hint-move = 💡 走 {$san}。
puzzle-solution = 答案：{$line}

## Quiz

quiz-heading = 测验 {$asked}/{$round}
quiz-verdict = {$verdict}（答案：{$key}）
    {$explanation}
quiz-round-done = 本轮答对 {$right}/{$round}。积分 {$delta}，现在是{$level}。

## Ladder and progress

unranked = 无级别
level = {$level}级
progress =
    课程：完成 {$steps_done}/{$steps} 步，{$lessons_done} 课。
    级别：{$level}（积分 {$points}）。
    杀棋题：解出 {$solved} 道，待复习 {$to_review} 道。
    测验：答对 {$quiz_right}，答错 {$quiz_wrong}。
progress-errors = {"\u000A"}常犯的规则错误：{$errors}
list-separator = ，
