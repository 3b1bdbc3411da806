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
menu = 想做什么？课程：从棋盘开始学规则；杀棋题：练习N步杀；测验：规则问答；下棋：和老师下一盘。随时发送 /help 查看所有命令。
help =
    命令：
    /lessons 课程目录和进度
    /lesson 3 打开第3课
    /next 下一步
    /puzzle 杀棋题（/puzzle 2：两步杀）
    /hint 提示（先提示棋子，再提示格子，最后给出走法）
    /solution 答案
    /quiz 规则测验
    /play 和老师下一盘棋（/play 3：第3级），/pgn 上一盘的记录
    /explain FEN 走法 —— 判断任意局面里的一步棋
    /progress 我的进度和级别
    /board 再看一次棋盘
    /lang 简体、/lang 繁體 或 /lang en 切换语言
    /a11y 读屏用的文字模式：每个棋盘都用文字说出来；/where 马、/square e4、/scan e4、/moves

    走棋可以这样写：e2e4、e4、Nf3、马f3、O-O（短易位）、O-O-O（长易位）。
lang-set = 好的，现在用{$script}。

## The / menu of a chat client

command-lessons = 课程目录和进度
command-lesson = 继续学习当前的课
command-puzzle = 杀棋题
command-quiz = 规则测验
command-hint = 提示
command-board = 再看一次棋盘
command-progress = 我的进度和级别
command-lang = 切换语言
command-a11y = 读屏用的文字模式：用文字说出棋盘
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
button-spent = 这个按钮在这里已经没有用了。请用这条消息上的其他按钮。
already-answered = 这道题已经答过了。点“下一步 ▶”看下一题。
unread-move = 我没看懂“{$input}”这步棋。写法是棋子加上它要去的格子，比如：{$spelled}。
unread-move-no-example = 我没看懂“{$input}”这步棋。
unread-xiangqi = “{$input}”是中国象棋的记法。国际象棋不数路，也不说进、退、平，而是写棋子加上它要去的格子，比如：{$spelled}。
unread-cannon = 国际象棋里没有炮。写法是棋子加上它要去的格子，比如：{$spelled}。
nothing-to-do = 现在没有进行中的题目。选一个吧：
unreadable-answer = 我没看懂这个回答。请点按钮，或者写出答案：{$choices}。
answer-with-buttons = 这道题请用按钮回答：{$choices}。
explain-usage = 用法：/explain FEN 走法，例如 /explain rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 e4
question-missing = 这道题找不到了。

## Verdicts

right = 对了！
not-quite = 不对。
legal-but-missed = 这步棋是合法的，但没有完成任务。
touch-move-own = 摸子走子：你摸了{$square}的{$piece}，摸过的棋子只要能走，就必须走它（FIDE 4.3）。请走这个{$piece}。
touch-move-enemy = 摸子走子：你摸了对方{$square}的{$piece}，摸过的对方棋子只要能吃，就必须吃掉它（FIDE 4.3）。请吃掉这个{$piece}。
white-to-move = 白方走
black-to-move = 黑方走

## Lessons

no-lessons = 还没有课程。
lesson-heading = 第{$unit}课 {$title} · {$number}/{$steps}
course-done = 你已经学完了全部课程！可以用 /puzzle 练习杀棋，或用 /quiz 复习规则。
no-such-lesson = 没有这一课。课程编号是1到{$count}，发送 /lessons 查看目录。
read-then-next = 读完了就点“下一步”。
no-hint = 这一步没有提示。
no-solution = 这一步没有单独的答案。
move-solution = 答案：{$san}。{$why}
move-solution-in-words = 答案：{$said}{$why}
why-right = 这一步容易走错的地方：{$why}
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
tap-picked = 已选中{$square}的{$piece}。点它要去的格子（○ 可以走到，✖ 可以吃子），再点一次{$piece}就取消选择。
tap-picked-stuck = 已选中{$square}的{$piece}，可是它现在一步也不能走。点一个格子，我告诉你为什么不行；或者再点一次{$piece}取消选择。
tap-own-piece-first = 这个格子上没有你的棋子。请先点你自己的一个棋子。
promotion-queen = 后
promotion-rook = 车
promotion-bishop = 象
promotion-knight = 马
choose-promotion = 兵从{$from}走到{$to}，到了底线，必须升变。你想让它变成什么？后、车、象、马都可以。

## Puzzles

no-puzzles = 还没有杀棋题。
puzzle-caption = {$side}：{$mate_in}步杀（还剩{$left}步）
puzzle-level = {"\u000A"}级别：{$level}（积分 {$points}）
puzzle-mates = {$right}{$san} 将死！题目完成。
puzzle-keeps-mate = 好棋！{$san} 之后，对方最顽强的应法是 {$reply}。还剩{$left}步杀。
puzzle-mates-too-late = {$san} 也能将死，但要{$mate_in}步，题目要求{$within}步之内。对方这样应：{$defence}
puzzle-stalemates = {$san} 之后对方无子可动又没有被将军——逼和，是和棋，不是赢棋！
puzzle-try-again = {"\u000A"}再试一次，或点“提示”。
puzzle-counted-as-missed = 不过这道题在积分里记为没有独立解出：之前走错过一次，或者提示已经指出了格子。
no-mate-from-here = 这里找不到杀法了。
search-undecided-move = 在我的思考时间内，我没能算清{$san}之后还能不能强行将死，所以这步棋不算对也不算错。换一步试试，或者要个提示。
search-too-hard = 这个局面太复杂，在我的思考时间内算不出杀法。
hint-piece = 💡 用{$square}的{$piece}。
hint-square = 💡 {$from}的{$piece}走到{$to}。
hint-move = 💡 走 {$san}。
puzzle-tactics = 这道题用到的战术：{$names}。
puzzle-solution = 答案：{$line}

## Quiz

quiz-heading = 测验 {$asked}/{$round}
quiz-taught-in = （第{$unit}课会讲这个，先来看一看。）
quiz-round-done = 本轮答对 {$right}/{$round}。积分 {$delta}，现在是{$level}。

## Ladder and progress

unranked = 无级别
level = {$level}级
progress =
    课程：完成 {$steps_done}/{$steps} 步，{$lessons_done} 课。
    级别：{$level}（积分 {$points}）。
    测验：答对 {$quiz_right}，答错 {$quiz_wrong}。
progress-errors = {"\u000A"}常犯的规则错误：{$errors}
list-separator = ，
or-word = {" "}或{" "}

## The first hour: trying again, pauses, menus

try-again = 再试一次。
board-restored = 棋子已经放回原位，再试一次。
think-again = 不对，再想想。
quiz-wrong-answer = 不对。正确答案是：{$key}。
quiz-statement-true = 这句话是对的。
quiz-statement-false = 这句话是错的。
lesson-finished = 🎉 你学完了《{$title}》！
lesson-passed = 《{$title}》这一课走完了：完成 {$done}/{$steps} 步。没做的步可以随时用 /lesson {$unit} 回来做。
next-lesson-is = 下一课：第{$unit}课《{$title}》。
button-next-lesson = 下一课 ▶
button-xiangqi-first = 会下中国象棋？先看第{$unit}课 ▶
practice-done = 练好了！现在回到刚才的题。
course-map-legend = 课程目录（✅ 学完 · ▶ 正在学 · ▫️ 还没学）：
lesson-button = {$unit} {$title}
no-such-level = 没有“{$given}”这个级别：老师的级别是1到8，1最容易。写 /play 3 就是3级，也可以在下面选。
no-lesson-named = 没有叫“{$name}”的课。请写课号，例如 /lesson 7，或者发送 /lessons 看目录。

## Hints that climb: the piece, the square, the move

hint-capture = 💡 {$from}的{$piece}吃掉{$to}的{$captured}。
hint-more = （再点一次“提示”，我会告诉你更多。）
hint-last = （还不会就点“答案”。）

## The tap board

tap-retry = 再点一个棋子就能再走一次。
tap-squares-prompt = 点棋盘上的格子来选（再点一次取消），选好了点“✔ 完成”。也可以直接发格子名，用空格隔开。
tap-squares-picked = 已选：{$squares}
tap-squares-none = 还没有选格子。
button-done = ✔ 完成

## /explain

explain-needs-move = 这是一个局面（FEN）。请在后面加上要判断的一步棋，例如：/explain {$fen} e4

## Puzzles

puzzle-caption-rated = {$side}：{$mate_in}步杀（还剩{$left}步） · 难度 {$rating}
board-turned = （棋盘已经翻过来：黑方在下面）
puzzle-repeat = 🔁 这道题你做过了：这次是练习，不计分。
puzzle-no-such = 没有“{$given}”这道题。/puzzle 给你下一道题，/puzzle 1 到 /puzzle 4 给一道一步杀到四步杀的题，/puzzle 加上题号（比如 02jRN）给那一道题。
puzzle-review = 🔁 复习：这道题你上次没做出来。
mate-in-explained = {$mate_in}步杀：你走{$mate_in}步，把对方的王将死——王被将军，而且怎么走都躲不开。第{$unit}课专门讲将死。
button-learn-mate = 先学将死：第{$unit}课 ▶
puzzle-no-check = {$san} 没有将军，所以不可能是将死。
puzzle-check-answered = {$san} 将军了，但对方可以{$how}：{$defence}。
how-capture = 吃掉将军的{$piece}
how-block = 垫将
how-king = 把王走到{$square}
puzzle-escapes = 走 {$san} 之后，对方应 {$defence}，{$left}步之内就再也将不死了。
why-mate-check = 为什么是将死：{$king}被{$checker}将军。
why-mate-double = 为什么是将死：{$king}被{$checker}同时将军（双将），只能走王。
why-mate-covered = 王能去的格子（{$squares}）都被对方控制。
why-mate-own = {$squares}被自己的棋子占着。
why-mate-nowhere = 王身边没有一个空格能去。
why-mate-no-help = 将军的棋子吃不掉，中间也挡不住。
also-mates = 另外，{$moves}也能将死。
points-change = 积分 {$delta}（{$before} → {$after}，这道题的难度 {$rating}）。

## Progress

progress-puzzles = 杀棋题：做过 {$started} 道，其中 {$solved} 道是自己解出的（没看答案、没走错），待复习 {$to_review} 道。
progress-ladder = 积分怎么算：和老师下的每盘棋、每道杀棋题和每轮测验都算一盘棋，赢了加分、输了减分，对手越强加得越多。每100分升一级，从30级开始，1级最高。解出4道N步杀，就开始练N+1步杀。
rule-name = { $code ->
    [no_piece] 那里没有棋子
    [not_your_piece] 走了对方的棋子
    [own_piece_on_target] 吃自己的棋子
    [wrong_movement] 走法不对
    [path_blocked] 路被挡住
    [pawn_forward_capture] 兵向前吃子
    [pawn_diagonal_no_capture] 兵斜走却没有吃子
    [pawn_double_step_not_from_start] 兵不在原位却走两格
    [en_passant_expired] 吃过路兵的时机不对
    [promotion_piece_missing] 升变没选棋子
    [promotion_invalid_piece] 升变成王或兵
    [promotion_not_allowed] 不到底线却升变
    [king_into_check] 王走到被攻击的格子（送王）
    [pinned] 走开被牵制的棋子
    [en_passant_opens_rank] 吃过路兵让横线向王敞开
    [en_passant_opens_diagonal] 吃过路兵吃掉了挡住斜线的兵
    [still_in_check] 被将军时没有应将
    [double_check_king_must_move] 双将时没有走王
    [castling_king_moved] 王走动过还想易位
    [castling_rook_moved] 车走动过还想易位
    [castling_right_lost] 易位权已经没有了
    [castling_pieces_between] 王和车之间有棋子还想易位
    [castling_in_check] 被将军时易位
    [castling_through_check] 易位时王经过被攻击的格子
    [castling_into_check] 易位以后王落在被攻击的格子
    [game_over] 对局已经结束还在走棋
   *[other] {$code}
}
king-on = { $white ->
    [yes] 白王（{$square}）
   *[no] 黑王（{$square}）
}
piece-on = {$square}的{$piece}

## 课程里的基本杀法：对着最好的防守，几步之内将死。
mate-step-left = { $left ->
    [1] 只剩一步了：这一步必须将死。
   *[other] 还剩{$left}步。电脑会尽力防守。
}
mate-step-move = { $white ->
    [yes] 白方
   *[no] 黑方
}：{$piece}从{$from}走到{$to}。
mate-step-move-capture = { $white ->
    [yes] 白方
   *[no] 黑方
}：{$from}的{$piece}吃掉{$to}的{$captured}。
mate-step-keeps = 好棋！{$said}
mate-step-defence = 电脑应着。{$defence}
mate-step-stalemate = 逼和！这步棋之后{$side}没有被将军，却无子可动。这是和棋，不是赢棋。
mate-step-no-mate = 这步棋没有将死。{$defence}
mate-step-escapes = 这样{$left}步之内就将不死了，电脑会这样应着：{$defence}
mate-step-too-slow = 这步棋太慢了：从这里要{$mate_in}步才能将死，而你只剩{$left}步。
mate-step-taken-back = 这步棋已经收回，棋盘恢复原样，换一步试试。
mate-step-mated = 任务完成。
mate-step-solution = 答案（对方用最好的防守）：{"\u000A"}{$line}{"\u000A"}{$why}
mate-side = { $white ->
    [yes] 白方
   *[no] 黑方
}

## 和老师下一盘棋

game-under-way = 你有一盘棋还没下完，在这里。（想开新的一盘，先认输这一盘。）
game-paused = 你和老师的这盘棋先保留着：发送 /play 就能回来接着下。
game-setup = 和老师下一盘棋，难度第{$level}级（共8级）。{$about}
    建议你选第{$suggested}级。请选择执白还是执黑，或者在下面换一个难度。
level-about = { $level ->
    [1] 第1级的老师像刚学会走法的人：常常把棋子放在会被吃掉的地方。下棋时教练会随时指出你的失误，还可以悔一步棋。
    [2] 第2级的老师还会漏看很多，但看到没有保护的棋子会吃。下棋时教练会随时指出你的失误，还可以悔一步棋。
    [3] 第3级的老师会往前看一步，很少白送棋子。
    [4] 第4级的老师能看出简单的威胁和短的组合。
    [5] 第5级的老师像认真练棋的初学者。
    [6] 第6级的老师会往前算几步。
    [7] 第7级的老师像俱乐部棋手。
   *[other] 第8级的老师会尽全力下。
}
button-play = 下棋 ♟
button-play-white = ♔ 执白
button-play-black = ♚ 执黑
button-play-random = 🎲 随机
button-level = 难度{$level}
game-started = 新的一盘开始了，难度第{$level}级。你执{$side}。
tutor-opened = 老师先走了{$san}。
game-your-move = 轮到你走：直接输入走法（比如{$examples}），或者点“点按走子”。
game-your-move-typed = 轮到你走：直接输入走法（比如{$examples}）。
side-white = 白
side-black = 黑
game-caption = ♟ 和老师对局，第{$level}级 · 你执{$side}
button-claim-draw = 申请和棋 ½
button-offer-draw = 提和
button-resign = 认输
button-take-back = 悔棋 ↩
game-no-skipping = 下棋没有“下一步”：轮到你走棋。
game-no-solution = 下棋没有标准答案：请自己想一步。发送 /hint 可以得到这个局面的一条要点。
game-hint-in-check = 你的王正被将军：先应将——吃掉将军的棋子、垫将，或者把王走开。
game-hint-hanging = 看看你{$square}的{$piece}：它会被吃掉，而且保护不够。把它走开，或者保护它。
game-hint-free-capture = 看看{$square}的{$piece}：你可以把它白白吃掉。
game-hint-none = 现在没有棋子被白送。把还没走动的棋子走出来，并且保护好你的王。
game-you-played = 你走了{$san}。
tutor-answered = 老师走了{$san}。{$what}
game-you-are-in-check = ⚠ 你的王正被将军：必须应将。
claim-threefold-now = 这个局面已经在棋盘上出现了三次：你可以申请和棋（三次重复），也可以继续下。
claim-threefold-with = 如果你走{$san}，同一个局面就会第三次出现：你可以带着这步棋申请和棋（申请时这步棋就算走了），也可以继续下。
claim-fifty-now = 双方已经各走了五十步，其间没有吃子，也没有走兵：你可以申请和棋（五十回合规则），也可以继续下。
claim-fifty-with = 走{$san}就是双方没有吃子、没有走兵的第五十步：你可以带着这步棋申请和棋，也可以继续下。
no-claim = 现在不能申请和棋。三次重复要求同一个局面出现三次（这个局面出现了{$times}次）；五十回合规则要求双方各走五十步都没有吃子、没有走兵（现在是{$moves}步）。
resign-confirm = 真的要认输吗？认输算输一盘。
button-resign-yes = 是，认输
button-play-on = 不，继续下
draw-offer-too-soon = 老师刚刚拒绝了和棋：再走{$moves}步以后才能再提和。
draw-accepted = 你提和，老师同意了。
draw-declined-ahead = 老师不同意和棋：它的子力多{$points}分。继续下吧！
draw-declined-level = 老师不同意和棋：这盘棋还有很多可下的。继续下吧！
taken-back = 悔棋了：你上一步和老师的应着都退回去了。又轮到你走。
no-take-back = 现在不能悔棋：第1、2级每盘棋可以悔一次，而且要在你走了一步之后。
game-points = 积分：{$delta}（{$before} → {$after}）。级别：{$level}。
button-play-again = 再下一盘 ♟
button-pgn = PGN 📄
end-you-mate = 将死！你赢了。{$why}
end-tutor-mates = 将死：老师赢了。{$why}
end-stalemate = 逼和：{$side}方没有被将军，却无子可动。这盘棋是和棋。
end-dead-kings = 棋盘上只剩两个王：谁都不可能将死对方，所以是和棋（死局）。
end-dead-minor = 一个王加一个象或一个马，将不死单王：这盘棋是和棋（死局）。
end-dead-bishops = 只剩走同一种颜色格子的象：不可能将死，所以是和棋（死局）。
end-fivefold = 同一个局面已经第五次出现在棋盘上（{$moves}）：不用申请，这盘棋立即判和。
at-the-start = 开局时
after-move = {$said}之后
end-seventy-five = 双方各走了七十五步都没有吃子、没有走兵：不用申请，这盘棋立即判和。
end-threefold-claimed = 按三次重复申请和棋成功：同一个局面在{$moves}都出现过，而且轮到同一方走，易位权和吃过路兵的权利也相同。
end-fifty-claimed = 按五十回合规则申请和棋成功：双方各走了{$moves}步都没有吃子、没有走兵。
end-agreement = 双方同意，这盘棋是和棋。
end-you-resigned = 你认输了：老师赢了。
end-tutor-resigned = 老师认输了：你赢了。
coach-missed-mate = 教练：第{$number}回合你走了{$played}，其实你有{$mate_in}步杀，第一步是{$key}（绿色箭头）。
coach-missed-capture = 教练：第{$number}回合你走了{$played}，其实走{$capture}就能把对方的{$piece}白白吃掉（绿色箭头）。
coach-left-hanging = 教练：走了{$played}（第{$number}回合）以后，对方可以把你{$square}的{$piece}白白吃掉。每走一步之前，先看看对方能吃什么。
coach-may-take-back = 这一步可以悔棋（每盘棋一次）：按棋盘下面的“悔棋 ↩”。
coach-allowed-mate = 教练：走了{$played}（第{$number}回合）以后，对方走{$mate}就能立即将死你。每走一步之前，先看看对方能怎样将军。
review-heading = 复盘：这盘棋里代价最大的几步，代价大的在前：
review-line = · 第{$number}回合 {$played}：{$what}
review-lost = {$square}的{$piece}因此白白丢掉了，对方把它吃掉了。
review-left-hanging = 对方因此可以把{$square}的{$piece}白白吃掉（对方没有吃）。
review-allowed-mate = 对方因此可以一步将死你。
review-missed-mate = 其实你有{$mate_in}步杀。
review-missed-capture = 对方的{$piece}本来可以白白吃掉。
no-game-yet = 你还没有下过棋：发送 /play 开始。
pgn-learner = 学员
pgn-intro = 这是你这盘棋的PGN记录：复制到任何国际象棋网站（例如 lichess.org/paste）就能再看一遍。
progress-games = 和老师下的棋：{$played}盘（赢{$won}，和{$drawn}，输{$lost}）。
command-play = 和老师下一盘棋

## 和朋友下棋（用链接邀请）
progress-friend-games = 和朋友下的棋：{$played}盘（赢{$won}，和{$drawn}，输{$lost}）。
button-play-friend = 👥 和朋友下
button-play-friend-again = 👥 再和朋友下一盘
button-cancel-invitation = 撤回邀请
button-accept-draw = 同意和棋 ½
button-decline-draw = 不同意
button-claim-abandoned = 判我胜
duel-kept = 你和朋友的棋还在继续：发送 /play 可以再看棋盘。
duel-under-way = 你和朋友的棋正在进行。
duel-needs-telegram = 和朋友下棋要在 Telegram 上用这个机器人：朋友在自己和机器人的聊天里打开你的邀请链接。
duel-invitation = 把这个链接发给朋友：朋友打开链接以后，棋局就在你们各自的聊天里开始。你执白，先走。
    {$link}
    你们每人都用自己的语言收到消息，每一步都按规则检查。
duel-group-invitation = ♟ {$name}邀请群里的人下一盘棋。谁按“接受”谁执黑；{$name}执白，先走。
    每位棋手都用自己的语言收到消息，每一步都按规则检查。群里的人都可以观看。
duel-own-group-invitation = 这是你自己发出的邀请：要由群里的另一个人接受。
duel-for-player = 👤 给{$name}
duel-not-your-button = 这个按钮是给对手的。
duel-move-in-group = 在群里走棋时，请回复这条消息写上走法，这样机器人才能读到。
duel-not-your-game = 这是别人的棋局：按钮只给对局的两位棋手用。按“和朋友下”可以开始你自己的一盘。
button-accept-game = ✅ 接受对局
duel-invitation-gone = 这个邀请已经失效：棋局被撤回了，或者已经下完。请朋友再发一个链接，或者发送 /play。
duel-invitation-taken = 这个邀请已经被别人接受了。请朋友再发一个新链接。
duel-invitation-cancelled = 邀请已撤回：这个链接不会再开始棋局。
duel-one-at-a-time = 你已经在和朋友下一盘棋了：先下完（或者认输）。发送 /play 可以看到那盘棋。
duel-joined = 你加入了朋友的棋局。你执{$side}。
duel-friend-joined = 朋友已经加入：棋局开始。你执白。
duel-wait-for-friend = 现在轮到朋友走：朋友一走，你就会收到消息。
duel-waiting-for-join = 朋友还没有打开邀请：打开以后棋局才开始。
duel-caption = 👥 和朋友对局 · 你执{$side}
duel-may-claim-abandoned = 朋友已经{$days}天没有走棋了：你可以再等等，也可以按下面的按钮判自己胜。
duel-no-hints = 和朋友下棋时老师不给提示：这盘棋由你自己下。下完以后，教练会告诉你漏掉了什么。
duel-friend-played = 朋友走了{$san}。{$what}
duel-friend-played-bare = 朋友走了{$san}。
duel-offer-declined-by-move = 朋友走了一步棋，这就表示不同意你的和棋提议。
duel-claim-on-your-move = 只有轮到你走时才能要求判和。
duel-offer-stands = 你的和棋提议还有效：朋友还没有回答。
duel-you-offered = 你提议和棋：朋友可以同意、不同意，或者直接走一步（也表示不同意）。
duel-friend-offers = 朋友提议和棋。你可以同意、不同意，或者直接走一步（也表示不同意）。
duel-you-accepted = 你同意了朋友的和棋提议。
duel-friend-accepted = 朋友同意了你的和棋提议。
duel-you-declined = 你没有同意和棋。
duel-friend-declined = 朋友没有同意你的和棋提议：继续下。
duel-points-later = 积分：{$delta}，你下次发消息时记入 /progress。
pgn-friend = 朋友
end-friend-mates = 将死：朋友赢了。{$why}
end-you-resigned-friend = 你认输了：朋友赢了。
end-friend-resigned = 朋友认输了：你赢了。
end-you-abandoned = 你{$days}天没有走棋，朋友要求判胜：朋友赢了。
end-friend-abandoned = 朋友{$days}天没有走棋，这盘棋判你胜：你赢了。

## The board page (Mini App).
button-board-app = ♟ 棋盘
page-promote = 兵走到了底线：请选择它升变成什么。
page-waiting = 现在轮到朋友走。朋友走了以后，这里会显示出来。
page-no-task = 现在没有要走的棋。请在聊天里打开一课、一道杀棋题或一盘棋。
page-none-quiz = 聊天里有一道题在等你：请在聊天里回答。有棋要走的时候，棋盘会出现在这里。
page-none-lesson = 课的这一步在聊天里：请在那里阅读、回答，或者点“下一步”。到了要走棋的一步，棋盘就会出现在这里。
page-game-over = 这盘棋结束了，这是最后的局面。
page-stale = 你这步棋到达之前，棋盘已经变了（聊天里走了一步，或者对方走了棋）。这是现在的棋盘，请再走一次。
page-your-move = 轮到你走：拖动棋子，或者先点棋子再点格子。
page-text-mode = 聊天里用文字模式（每个棋盘也用文字说出来）
page-close = 关闭

## A class in a group chat: its teachers, its students, its quiz polls and the teacher's report.
class-only-in-groups = 班级是建在群聊里的：先把我加进你的群，再在群里发送 /class。
class-anonymous = 我认不出你是谁：你现在是以群的身份（匿名管理员）发言。请用你自己的身份再发一次。
class-admins-only = 只有这个群的管理员才能把它设为班级。
class-made = 这个群现在是一个班级了，{$teacher}是班级老师。
class-card = ♟ 班级「{$title}」· 班级老师：{$teachers} · { $students ->
    [0] 还没有学生
   *[other] 学生 {$students} 人
}
    同学们：按「加入班级」，接着在和我的私聊里上课、做杀棋题和测验。从加入那一刻起，你在那里做的都算进这个班级，班级老师能看到你的成绩。发送 /leave 可以退出班级，并删除你在班级里的记录。
class-link = 也可以打开这个链接：{$link}
class-teacher-help = 给班级老师：/classquiz 在群里发一道测验投票（/classquiz 7：出自第7课），/classquiz stop 结束投票；/class lang zh、zh-hant 或 en 设定班级语言；/class daily 07:30 每天在这个时间（UTC）发每日一题，/class daily off 停止；/top 显示班级排行榜；其他管理员发送 /class teach 就成为班级老师。请先和我私聊，测验的详细结果会发到私聊里；在私聊里发送 /report 可以看到每个学生的成绩。
class-none = 这个群还不是班级：请管理员发送 /class。
class-usage = /class 把这个群设为班级（管理员），/class teach 让你成为班级老师（管理员），/class lang zh、zh-hant 或 en 设定班级语言，/class daily 07:30 或 off 设定每日一题（班级老师）。
class-teacher-added = {$name}现在是这个班级的老师了。
class-already-teacher = 你已经是这个班级的老师了。
class-teach-admins-only = 只有这个群的管理员才能成为班级老师。
class-teachers-only = 只有班级老师才能这样做。
class-lang-set = 班级现在使用{$script}。
class-lang-usage = 请说明用哪种语言：/class lang zh、/class lang zh-hant 或 /class lang en。
class-joined = 你加入了班级「{$title}」。从现在起，你在这里上的课、做的杀棋题和被拒绝的走法都算进这个班级，班级老师能看到你的成绩（别人看不到）。发送 /leave 可以退出班级，并删除你在班级里的记录。
class-joined-toast = 你加入了「{$title}」。请在和我的私聊里上课：都会算进班级。
class-already-in = 你已经是这个班级的学生了。
class-you-teach = 你是这个班级的老师：老师不用以学生身份加入。
class-link-gone = 这个链接打不开任何班级。请向班级老师再要一次班级链接。
class-link-in-private = 请在和我的私聊里打开班级链接，不要在群里打开。
class-left = 你退出了「{$title}」。你在班级里的记录（成员身份、班级测验的回答）已经删除；你自己的学习进度仍然保留。
class-not-in = 你不是这个班级的学生。
class-in-none = 你没有加入任何班级。
class-which-to-leave = 你要退出哪个班级？
class-teacher-stays = 你是这个班级的老师；/leave 是给学生用的。
class-button-join = ✋ 加入班级
class-button-leave = 退出
class-button-leave-named = 退出「{$title}」
class-button-close = ⏹ 结束测验
class-quiz-board = 班级测验 · 第{$unit}课：先看棋盘，再回答下面的投票。
class-quiz-open = 还有一道测验没有结束：请先发送 /classquiz stop 或按它的「结束测验」按钮。
class-quiz-none-open = 这个班级现在没有进行中的测验。
class-quiz-no-item = 题库里没有能用班级语言做成 Telegram 投票的题目。
class-quiz-no-item-in-unit = 第{$unit}课里没有能用班级语言做成 Telegram 投票的题目。换一课试试，或者发送 /classquiz 随便出一道。
class-quiz-no-such-unit = 没有第{$unit}课：课程共有第1到第{$count}课。
class-quiz-usage = /classquiz 发一道测验投票，/classquiz 7 出自第7课，/classquiz stop 结束投票。
class-quiz-result = 测验结束：{$answered} 个回答中有 {$right} 个正确（班里共有 {$students} 名学生）。正确答案：{$answer}
class-quiz-breakdown = 班级「{$title}」刚结束的测验：
    {$question}
    正确答案：{$answer}
class-quiz-line-right = ✅ {$name}：{$answer}
class-quiz-line-wrong = ❌ {$name}：{$answer}
class-quiz-line-none = ▫️ {$name}：没有回答
class-quiz-most-wrong = 最常见的错误答案：{$answer}（{$count} 人）。
class-quiz-no-wrong = 没有人答错。
class-quiz-open-chat = {$name}，我不能先给你发私信，所以这次测验的详细结果（谁选了什么）没有发出。请打开和我的私聊，发送 /start：{$link}。从下一次测验起，详细结果就会发到那里。
class-quiz-open-chat-no-link = {$name}，我不能先给你发私信，所以这次测验的详细结果（谁选了什么）没有发出。请打开和我的私聊，发送 /start。从下一次测验起，详细结果就会发到那里。
class-report-teachers-only = 成绩报告只给班级老师看，而你没有任教的班级。要把一个群设为班级，请以管理员身份在群里发送 /class。
class-report-in-private = 成绩报告只发在班级老师和我的私聊里：请在私聊里发送 /report。
class-report-heading = 📋 班级「{$title}」· 学生 {$students} 人 · {$date}
class-report-no-students = 还没有学生加入。
class-report-line = {$number}. {$name}：学完 {$units} 课，课程步骤 {$steps} 步，班级测验答对 {$right} 题、答错 {$wrong} 题，自己解出杀棋题 {$solved} 道（没解出 {$missed} 道），最近活动：{$active}。
class-report-rules = {"   "}最常违反的规则：{$rules}
class-report-no-rules = {"   "}还没有被拒绝的走法。
class-report-tries-link = {"   "}在棋盘上看：{$command}
class-report-tries-heading = 🔎 {$number}. {$name}（班级「{$title}」）：最常违反的几条规则，每条最后一次违反时的局面，和学生当时看到的一样。
class-report-try-caption = {$number}. {$rule} ×{$count}。最后一次：{$why}
class-report-try-not-kept = {$number}. {$rule} ×{$count}。最后一次的局面没有保存（那是在开始保存局面之前）。
class-report-tries-none = {$name} 还没有被拒绝的走法。
class-report-no-such-student = { $students ->
    [0] 你的班级还没有学生。
   *[other] 你的报告里没有第 {$number} 号学生：学生编号是 1 到 {$students}。发送 /report 查看编号。
}
class-report-never = 从未
class-report-csv = 同样的成绩做成了 CSV 表格：
class-report-csv-header = 学生,学完的课,课程步骤,班级测验答对,班级测验答错,自己解出的杀棋题,没解出的杀棋题,规则1,次数,规则2,次数,规则3,次数,最近活动
class-daily-set = 每天 UTC 时间 {$time} 会在这里发每日一题。学生回复这道题、写出第一步棋来作答。/class daily off 停止。
class-daily-link = 也可以在和我的私聊里用棋盘来解（同样计分）：{$link}
class-daily-opened = 🧩 班级「{$title}」的每日一题。不用提示，走对第一步就为班级记分。
class-daily-practice = 🧩 班级「{$title}」的每日一题（练习：这次不计分）。
class-daily-none-today = 班级「{$title}」今天还没有发每日一题。
class-daily-off = 不再发每日一题了。
class-daily-usage = 请说明时间（UTC）：/class daily 07:30，或 /class daily off 停止。
class-daily-post = 🧩 每日一题——{$side}：{$mate_in}步杀。请回复这张图，写出第一步棋。
class-daily-wrong = {$san} 不对：走了之后没有{$mate_in}步内必杀。再试一步。
class-daily-stalemate = {$san} 是逼和，是和棋，不是赢棋。再试一步。
class-daily-solved = ✓ {$name} 解出来了（第{$place}个）
class-top-heading = 🏆 班级「{$title}」排行榜：
class-top-weekly = 🏆 班级「{$title}」这个星期的排行榜：
class-top-line = {$rank}. {$name}：{$points}分
class-top-how = 计分：班级测验答对一题 1 分，入班以来每学完一课 2 分，每日一题第一个解出 3 分、第二个 2 分、之后 1 分。
class-top-empty = 还没有学生加入。
class-top-in-group = 排行榜在班级群里看：请在群里发送 /top。
