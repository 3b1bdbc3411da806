# Generated from ../zh-Hans by chess_tutor_core::i18n::hant: do not edit.
# chess-tutor: what the tutor says (menus, praise, prompts), Simplified Chinese (the source of ../zh-Hant).
# Rule explanations come from rules.ftl; lesson, quiz and puzzle texts from the content files.
# Every message here has an English twin in ../en/tutor.ftl (a test checks it).

## Glue between sentences

# Two sentences in a row: no space after Chinese punctuation.
two-sentences = {$first}{$second}
# A remark in brackets after a sentence.
aside = （{$remark}）

## Welcome, menu, help

welcome = 歡迎來到國際象棋規則課！我會一步一步教你下棋的規則。每一步走不通的棋，我都會告訴你是哪條規則不允許，並在棋盤上標出關鍵的格子。
choose-language = 請選擇語言 / 請選擇語言 / Choose your language:
menu = 想做什麼？課程：從棋盤開始學規則；殺棋題：練習N步殺；測驗：規則問答；下棋：和老師下一盤。隨時傳送 /help 查看所有命令。
help =
    命令：
    /lessons 課程目錄和進度
    /lesson 3 打開第3課
    /next 下一步
    /puzzle 殺棋題（/puzzle 2：兩步殺）
    /hint 提示（先提示棋子，再提示格子，最後給出走法）
    /solution 答案
    /quiz 規則測驗
    /play 和老師下一盤棋（/play 3：第3級），/pgn 上一盤的記錄
    /explain FEN 走法 —— 判斷任意局面裡的一步棋
    /progress 我的進度和級別
    /board 再看一次棋盤
    /lang 簡體、/lang 繁體 或 /lang en 切換語言
    /a11y 讀屏用的文字模式：每個棋盤都用文字說出來；/where 馬、/square e4、/scan e4、/moves

    走棋可以這樣寫：e2e4、e4、Nf3、馬f3、O-O（短易位）、O-O-O（長易位）。
lang-set = 好的，現在用{$script}。

## The / menu of a chat client

command-lessons = 課程目錄和進度
command-lesson = 繼續學習當前的課
command-puzzle = 殺棋題
command-quiz = 規則測驗
command-hint = 提示
command-board = 再看一次棋盤
command-progress = 我的進度和級別
command-lang = 切換語言
command-a11y = 讀屏用的文字模式：用文字說出棋盤
command-help = 所有命令

## Buttons

button-next = 下一步 ▶
button-hint = 提示 💡
button-solution = 答案
button-lessons = 課程 📚
button-puzzle = 殺棋題 ♞
button-quiz = 測驗 ❓
button-tap-to-move = 👆 點按走子
button-next-puzzle = 下一題 ▶
button-another-round = 再來一輪 ▶
button-menu = 選單
button-practise-rule = 練一練這條規則
yes = 是
no = 否
true-word = 對
false-word = 錯

## Things that went wrong

too-long = 這條訊息太長了，我沒有讀。請發一步棋或一個命令（/help）。
unknown-command = 我不認識命令 /{$word}。傳送 /help 查看所有命令。
stale-button = 這個按鈕屬於之前的題目，已經不能用了。請看最新的一條訊息。
button-spent = 這個按鈕在這裡已經沒有用了。請用這條訊息上的其他按鈕。
already-answered = 這道題已經答過了。點「下一步 ▶」看下一題。
unread-move = 我沒看懂「{$input}」這步棋。寫法是棋子加上它要去的格子，比如：{$spelled}。
unread-move-no-example = 我沒看懂「{$input}」這步棋。
unread-xiangqi = 「{$input}」是中國象棋的記法。國際象棋不數路，也不說進、退、平，而是寫棋子加上它要去的格子，比如：{$spelled}。
unread-cannon = 國際象棋裡沒有炮。寫法是棋子加上它要去的格子，比如：{$spelled}。
nothing-to-do = 現在沒有進行中的題目。選一個吧：
unreadable-answer = 我沒看懂這個回答。請點按鈕，或者寫出答案：{$choices}。
answer-with-buttons = 這道題請用按鈕回答：{$choices}。
explain-usage = 用法：/explain FEN 走法，例如 /explain rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 e4
question-missing = 這道題找不到了。

## Verdicts

right = 對了！
not-quite = 不對。
legal-but-missed = 這步棋是合法的，但沒有完成任務。
touch-move-own = 摸子走子：你摸了{$square}的{$piece}，摸過的棋子只要能走，就必須走它（FIDE 4.3）。請走這個{$piece}。
touch-move-enemy = 摸子走子：你摸了對方{$square}的{$piece}，摸過的對方棋子只要能吃，就必須吃掉它（FIDE 4.3）。請吃掉這個{$piece}。
white-to-move = 白方走
black-to-move = 黑方走

## Lessons

no-lessons = 還沒有課程。
lesson-heading = 第{$unit}課 {$title} · {$number}/{$steps}
course-done = 你已經學完了全部課程！可以用 /puzzle 練習殺棋，或用 /quiz 複習規則。
no-such-lesson = 沒有這一課。課程編號是1到{$count}，傳送 /lessons 查看目錄。
read-then-next = 讀完了就點「下一步」。
no-hint = 這一步沒有提示。
no-solution = 這一步沒有單獨的答案。
move-solution = 答案：{$san}。{$why}
move-solution-in-words = 答案：{$said}{$why}
why-right = 這一步容易走錯的地方：{$why}
squares-unreadable = 我沒看懂。請把格子名用空格隔開發給我，例如：d1 d2 d3
squares-missing = 還少了{$count}個格子。
squares-wrong = 這些格子不對：{$squares}。
squares-solution = 答案：{$squares}。{$why}
judge-solution = 答案：{$answer}。{$why}
draw-stalemate = 逼和
draw-insufficient-material = 子力不足
draw-threefold = 三次重複
draw-fivefold = 五次重複
draw-fifty-moves = 五十回合規則
draw-seventy-five-moves = 七十五回合規則
draw-none = 不是和棋

## The tap board

tap-a-piece = 👆 先點你的一個棋子，再點它要去的格子。
tap-picked = 已選中{$square}的{$piece}。點它要去的格子（○ 可以走到，✖ 可以吃子），再點一次{$piece}就取消選擇。
tap-picked-stuck = 已選中{$square}的{$piece}，可是它現在一步也不能走。點一個格子，我告訴你為什麼不行；或者再點一次{$piece}取消選擇。
tap-own-piece-first = 這個格子上沒有你的棋子。請先點你自己的一個棋子。
promotion-queen = 后
promotion-rook = 車
promotion-bishop = 象
promotion-knight = 馬
choose-promotion = 兵從{$from}走到{$to}，到了底線，必須升變。你想讓它變成什麼？后、車、象、馬都可以。

## Puzzles

no-puzzles = 還沒有殺棋題。
puzzle-caption = {$side}：{$mate_in}步殺（還剩{$left}步）
puzzle-level = {"\u000A"}級別：{$level}（積分 {$points}）
puzzle-mates = {$right}{$san} 將死！題目完成。
puzzle-keeps-mate = 好棋！{$san} 之後，對方最頑強的應法是 {$reply}。還剩{$left}步殺。
puzzle-mates-too-late = {$san} 也能將死，但要{$mate_in}步，題目要求{$within}步之內。對方這樣應：{$defence}
puzzle-stalemates = {$san} 之後對方無子可動又沒有被將軍——逼和，是和棋，不是贏棋！
puzzle-try-again = {"\u000A"}再試一次，或點「提示」。
puzzle-counted-as-missed = 不過這道題在積分裡記為沒有獨立解出：之前走錯過一次，或者提示已經指出了格子。
no-mate-from-here = 這裡找不到殺法了。
search-undecided-move = 在我的思考時間內，我沒能算清{$san}之後還能不能強行將死，所以這步棋不算對也不算錯。換一步試試，或者要個提示。
search-too-hard = 這個局面太複雜，在我的思考時間內算不出殺法。
hint-piece = 💡 用{$square}的{$piece}。
hint-square = 💡 {$from}的{$piece}走到{$to}。
hint-move = 💡 走 {$san}。
puzzle-tactics = 這道題用到的戰術：{$names}。
puzzle-solution = 答案：{$line}

## Quiz

quiz-heading = 測驗 {$asked}/{$round}
quiz-taught-in = （第{$unit}課會講這個，先來看一看。）
quiz-round-done = 本輪答對 {$right}/{$round}。積分 {$delta}，現在是{$level}。

## Ladder and progress

unranked = 無級別
level = {$level}級
progress =
    課程：完成 {$steps_done}/{$steps} 步，{$lessons_done} 課。
    級別：{$level}（積分 {$points}）。
    測驗：答對 {$quiz_right}，答錯 {$quiz_wrong}。
progress-errors = {"\u000A"}常犯的規則錯誤：{$errors}
list-separator = ，
or-word = {" "}或{" "}

## The first hour: trying again, pauses, menus

try-again = 再試一次。
board-restored = 棋子已經放回原位，再試一次。
think-again = 不對，再想想。
quiz-wrong-answer = 不對。正確答案是：{$key}。
quiz-statement-true = 這句話是對的。
quiz-statement-false = 這句話是錯的。
lesson-finished = 🎉 你學完了《{$title}》！
lesson-passed = 《{$title}》這一課走完了：完成 {$done}/{$steps} 步。沒做的步可以隨時用 /lesson {$unit} 回來做。
next-lesson-is = 下一課：第{$unit}課《{$title}》。
button-next-lesson = 下一課 ▶
button-xiangqi-first = 會下中國象棋？先看第{$unit}課 ▶
practice-done = 練好了！現在回到剛才的題。
course-map-legend = 課程目錄（✅ 學完 · ▶ 正在學 · ▫️ 還沒學）：
lesson-button = {$unit} {$title}
no-such-level = 沒有「{$given}」這個級別：老師的級別是1到8，1最容易。寫 /play 3 就是3級，也可以在下面選。
no-lesson-named = 沒有叫「{$name}」的課。請寫課號，例如 /lesson 7，或者傳送 /lessons 看目錄。

## Hints that climb: the piece, the square, the move

hint-capture = 💡 {$from}的{$piece}吃掉{$to}的{$captured}。
hint-more = （再點一次「提示」，我會告訴你更多。）
hint-last = （還不會就點「答案」。）

## The tap board

tap-retry = 再點一個棋子就能再走一次。
tap-squares-prompt = 點棋盤上的格子來選（再點一次取消），選好了點「✔ 完成」。也可以直接發格子名，用空格隔開。
tap-squares-picked = 已選：{$squares}
tap-squares-none = 還沒有選格子。
button-done = ✔ 完成

## /explain

explain-needs-move = 這是一個局面（FEN）。請在後面加上要判斷的一步棋，例如：/explain {$fen} e4

## Puzzles

puzzle-caption-rated = {$side}：{$mate_in}步殺（還剩{$left}步） · 難度 {$rating}
board-turned = （棋盤已經翻過來：黑方在下面）
puzzle-repeat = 🔁 這道題你做過了：這次是練習，不計分。
puzzle-no-such = 沒有「{$given}」這道題。/puzzle 給你下一道題，/puzzle 1 到 /puzzle 4 給一道一步殺到四步殺的題，/puzzle 加上題號（比如 02jRN）給那一道題。
puzzle-review = 🔁 複習：這道題你上次沒做出來。
mate-in-explained = {$mate_in}步殺：你走{$mate_in}步，把對方的王將死——王被將軍，而且怎麼走都躲不開。第{$unit}課專門講將死。
button-learn-mate = 先學將死：第{$unit}課 ▶
puzzle-no-check = {$san} 沒有將軍，所以不可能是將死。
puzzle-check-answered = {$san} 將軍了，但對方可以{$how}：{$defence}。
how-capture = 吃掉將軍的{$piece}
how-block = 墊將
how-king = 把王走到{$square}
puzzle-escapes = 走 {$san} 之後，對方應 {$defence}，{$left}步之內就再也將不死了。
why-mate-check = 為什麼是將死：{$king}被{$checker}將軍。
why-mate-double = 為什麼是將死：{$king}被{$checker}同時將軍（雙將），只能走王。
why-mate-covered = 王能去的格子（{$squares}）都被對方控制。
why-mate-own = {$squares}被自己的棋子佔著。
why-mate-nowhere = 王身邊沒有一個空格能去。
why-mate-no-help = 將軍的棋子吃不掉，中間也擋不住。
also-mates = 另外，{$moves}也能將死。
points-change = 積分 {$delta}（{$before} → {$after}，這道題的難度 {$rating}）。

## Progress

progress-puzzles = 殺棋題：做過 {$started} 道，其中 {$solved} 道是自己解出的（沒看答案、沒走錯），待複習 {$to_review} 道。
progress-ladder = 積分怎麼算：和老師下的每盤棋、每道殺棋題和每輪測驗都算一盤棋，贏了加分、輸了減分，對手越強加得越多。每100分升一級，從30級開始，1級最高。解出4道N步殺，就開始練N+1步殺。
rule-name = { $code ->
    [no_piece] 那裡沒有棋子
    [not_your_piece] 走了對方的棋子
    [own_piece_on_target] 吃自己的棋子
    [wrong_movement] 走法不對
    [path_blocked] 路被擋住
    [pawn_forward_capture] 兵向前吃子
    [pawn_diagonal_no_capture] 兵斜走卻沒有吃子
    [pawn_double_step_not_from_start] 兵不在原位卻走兩格
    [en_passant_expired] 吃過路兵的時機不對
    [promotion_piece_missing] 升變沒選棋子
    [promotion_invalid_piece] 升變成王或兵
    [promotion_not_allowed] 不到底線卻升變
    [king_into_check] 王走到被攻擊的格子（送王）
    [pinned] 走開被牽制的棋子
    [en_passant_opens_rank] 吃過路兵讓橫線向王敞開
    [en_passant_opens_diagonal] 吃過路兵吃掉了擋住斜線的兵
    [still_in_check] 被將軍時沒有應將
    [double_check_king_must_move] 雙將時沒有走王
    [castling_king_moved] 王走動過還想易位
    [castling_rook_moved] 車走動過還想易位
    [castling_right_lost] 易位權已經沒有了
    [castling_pieces_between] 王和車之間有棋子還想易位
    [castling_in_check] 被將軍時易位
    [castling_through_check] 易位時王經過被攻擊的格子
    [castling_into_check] 易位以後王落在被攻擊的格子
    [game_over] 對局已經結束還在走棋
   *[other] {$code}
}
king-on = { $white ->
    [yes] 白王（{$square}）
   *[no] 黑王（{$square}）
}
piece-on = {$square}的{$piece}

## 課程裡的基本殺法：對著最好的防守，幾步之內將死。
mate-step-left = { $left ->
    [1] 只剩一步了：這一步必須將死。
   *[other] 還剩{$left}步。電腦會盡力防守。
}
mate-step-move = { $white ->
    [yes] 白方
   *[no] 黑方
}：{$piece}從{$from}走到{$to}。
mate-step-move-capture = { $white ->
    [yes] 白方
   *[no] 黑方
}：{$from}的{$piece}吃掉{$to}的{$captured}。
mate-step-keeps = 好棋！{$said}
mate-step-defence = 電腦應著。{$defence}
mate-step-stalemate = 逼和！這步棋之後{$side}沒有被將軍，卻無子可動。這是和棋，不是贏棋。
mate-step-no-mate = 這步棋沒有將死。{$defence}
mate-step-escapes = 這樣{$left}步之內就將不死了，電腦會這樣應著：{$defence}
mate-step-too-slow = 這步棋太慢了：從這裡要{$mate_in}步才能將死，而你只剩{$left}步。
mate-step-taken-back = 這步棋已經收回，棋盤恢復原樣，換一步試試。
mate-step-mated = 任務完成。
mate-step-solution = 答案（對方用最好的防守）：{"\u000A"}{$line}{"\u000A"}{$why}
mate-side = { $white ->
    [yes] 白方
   *[no] 黑方
}

## 和老師下一盤棋

game-under-way = 你有一盤棋還沒下完，在這裡。（想開新的一盤，先認輸這一盤。）
game-paused = 你和老師的這盤棋先保留著：傳送 /play 就能回來接著下。
game-setup = 和老師下一盤棋，難度第{$level}級（共8級）。{$about}
    建議你選第{$suggested}級。請選擇執白還是執黑，或者在下面換一個難度。
level-about = { $level ->
    [1] 第1級的老師像剛學會走法的人：常常把棋子放在會被吃掉的地方。下棋時教練會隨時指出你的失誤，還可以悔一步棋。
    [2] 第2級的老師還會漏看很多，但看到沒有保護的棋子會吃。下棋時教練會隨時指出你的失誤，還可以悔一步棋。
    [3] 第3級的老師會往前看一步，很少白送棋子。
    [4] 第4級的老師能看出簡單的威脅和短的組合。
    [5] 第5級的老師像認真練棋的初學者。
    [6] 第6級的老師會往前算幾步。
    [7] 第7級的老師像俱樂部棋手。
   *[other] 第8級的老師會盡全力下。
}
button-play = 下棋 ♟
button-play-white = ♔ 執白
button-play-black = ♚ 執黑
button-play-random = 🎲 隨機
button-level = 難度{$level}
game-started = 新的一盤開始了，難度第{$level}級。你執{$side}。
tutor-opened = 老師先走了{$san}。
game-your-move = 輪到你走：直接輸入走法（比如{$examples}），或者點「點按走子」。
game-your-move-typed = 輪到你走：直接輸入走法（比如{$examples}）。
side-white = 白
side-black = 黑
game-caption = ♟ 和老師對局，第{$level}級 · 你執{$side}
button-claim-draw = 申請和棋 ½
button-offer-draw = 提和
button-resign = 認輸
button-take-back = 悔棋 ↩
game-no-skipping = 下棋沒有「下一步」：輪到你走棋。
game-no-solution = 下棋沒有標準答案：請自己想一步。傳送 /hint 可以得到這個局面的一條要點。
game-hint-in-check = 你的王正被將軍：先應將——吃掉將軍的棋子、墊將，或者把王走開。
game-hint-hanging = 看看你{$square}的{$piece}：它會被吃掉，而且保護不夠。把它走開，或者保護它。
game-hint-free-capture = 看看{$square}的{$piece}：你可以把它白白吃掉。
game-hint-none = 現在沒有棋子被白送。把還沒走動的棋子走出來，並且保護好你的王。
game-you-played = 你走了{$san}。
tutor-answered = 老師走了{$san}。{$what}
game-you-are-in-check = ⚠ 你的王正被將軍：必須應將。
claim-threefold-now = 這個局面已經在棋盤上出現了三次：你可以申請和棋（三次重複），也可以繼續下。
claim-threefold-with = 如果你走{$san}，同一個局面就會第三次出現：你可以帶著這步棋申請和棋（申請時這步棋就算走了），也可以繼續下。
claim-fifty-now = 雙方已經各走了五十步，其間沒有吃子，也沒有走兵：你可以申請和棋（五十回合規則），也可以繼續下。
claim-fifty-with = 走{$san}就是雙方沒有吃子、沒有走兵的第五十步：你可以帶著這步棋申請和棋，也可以繼續下。
no-claim = 現在不能申請和棋。三次重複要求同一個局面出現三次（這個局面出現了{$times}次）；五十回合規則要求雙方各走五十步都沒有吃子、沒有走兵（現在是{$moves}步）。
resign-confirm = 真的要認輸嗎？認輸算輸一盤。
button-resign-yes = 是，認輸
button-play-on = 不，繼續下
draw-offer-too-soon = 老師剛剛拒絕了和棋：再走{$moves}步以後才能再提和。
draw-accepted = 你提和，老師同意了。
draw-declined-ahead = 老師不同意和棋：它的子力多{$points}分。繼續下吧！
draw-declined-level = 老師不同意和棋：這盤棋還有很多可下的。繼續下吧！
taken-back = 悔棋了：你上一步和老師的應著都退回去了。又輪到你走。
no-take-back = 現在不能悔棋：第1、2級每盤棋可以悔一次，而且要在你走了一步之後。
game-points = 積分：{$delta}（{$before} → {$after}）。級別：{$level}。
button-play-again = 再下一盤 ♟
button-pgn = PGN 📄
end-you-mate = 將死！你贏了。{$why}
end-tutor-mates = 將死：老師贏了。{$why}
end-stalemate = 逼和：{$side}方沒有被將軍，卻無子可動。這盤棋是和棋。
end-dead-kings = 棋盤上只剩兩個王：誰都不可能將死對方，所以是和棋（死局）。
end-dead-minor = 一個王加一個象或一個馬，將不死單王：這盤棋是和棋（死局）。
end-dead-bishops = 只剩走同一種顏色格子的象：不可能將死，所以是和棋（死局）。
end-fivefold = 同一個局面已經第五次出現在棋盤上（{$moves}）：不用申請，這盤棋立即判和。
at-the-start = 開局時
after-move = {$said}之後
end-seventy-five = 雙方各走了七十五步都沒有吃子、沒有走兵：不用申請，這盤棋立即判和。
end-threefold-claimed = 按三次重複申請和棋成功：同一個局面在{$moves}都出現過，而且輪到同一方走，易位權和吃過路兵的權利也相同。
end-fifty-claimed = 按五十回合規則申請和棋成功：雙方各走了{$moves}步都沒有吃子、沒有走兵。
end-agreement = 雙方同意，這盤棋是和棋。
end-you-resigned = 你認輸了：老師贏了。
end-tutor-resigned = 老師認輸了：你贏了。
coach-missed-mate = 教練：第{$number}回合你走了{$played}，其實你有{$mate_in}步殺，第一步是{$key}（綠色箭頭）。
coach-missed-capture = 教練：第{$number}回合你走了{$played}，其實走{$capture}就能把對方的{$piece}白白吃掉（綠色箭頭）。
coach-left-hanging = 教練：走了{$played}（第{$number}回合）以後，對方可以把你{$square}的{$piece}白白吃掉。每走一步之前，先看看對方能吃什麼。
coach-may-take-back = 這一步可以悔棋（每盤棋一次）：按棋盤下面的「悔棋 ↩」。
coach-allowed-mate = 教練：走了{$played}（第{$number}回合）以後，對方走{$mate}就能立即將死你。每走一步之前，先看看對方能怎樣將軍。
review-heading = 復盤：這盤棋裡代價最大的幾步，代價大的在前：
review-line = · 第{$number}回合 {$played}：{$what}
review-lost = {$square}的{$piece}因此白白丟掉了，對方把它吃掉了。
review-left-hanging = 對方因此可以把{$square}的{$piece}白白吃掉（對方沒有吃）。
review-allowed-mate = 對方因此可以一步將死你。
review-missed-mate = 其實你有{$mate_in}步殺。
review-missed-capture = 對方的{$piece}本來可以白白吃掉。
no-game-yet = 你還沒有下過棋：傳送 /play 開始。
pgn-learner = 學員
pgn-intro = 這是你這盤棋的PGN記錄：複製到任何國際象棋網站（例如 lichess.org/paste）就能再看一遍。
progress-games = 和老師下的棋：{$played}盤（贏{$won}，和{$drawn}，輸{$lost}）。
command-play = 和老師下一盤棋

## 和朋友下棋（用連結邀請）
progress-friend-games = 和朋友下的棋：{$played}盤（贏{$won}，和{$drawn}，輸{$lost}）。
button-play-friend = 👥 和朋友下
button-play-friend-again = 👥 再和朋友下一盤
button-cancel-invitation = 撤回邀請
button-accept-draw = 同意和棋 ½
button-decline-draw = 不同意
button-claim-abandoned = 判我勝
duel-kept = 你和朋友的棋還在繼續：傳送 /play 可以再看棋盤。
duel-under-way = 你和朋友的棋正在進行。
duel-needs-telegram = 和朋友下棋要在 Telegram 上用這個機器人：朋友在自己和機器人的聊天裡打開你的邀請連結。
duel-invitation = 把這個連結發給朋友：朋友打開連結以後，棋局就在你們各自的聊天裡開始。你執白，先走。
    {$link}
    你們每人都用自己的語言收到訊息，每一步都按規則檢查。
duel-group-invitation = ♟ {$name}邀請群裡的人下一盤棋。誰按「接受」誰執黑；{$name}執白，先走。
    每位棋手都用自己的語言收到訊息，每一步都按規則檢查。群裡的人都可以觀看。
duel-own-group-invitation = 這是你自己發出的邀請：要由群裡的另一個人接受。
duel-for-player = 👤 給{$name}
duel-not-your-button = 這個按鈕是給對手的。
duel-move-in-group = 在群裡走棋時，請回覆這條訊息寫上走法，這樣機器人才能讀到。
duel-not-your-game = 這是別人的棋局：按鈕只給對局的兩位棋手用。按「和朋友下」可以開始你自己的一盤。
button-accept-game = ✅ 接受對局
duel-invitation-gone = 這個邀請已經失效：棋局被撤回了，或者已經下完。請朋友再發一個連結，或者傳送 /play。
duel-invitation-taken = 這個邀請已經被別人接受了。請朋友再發一個新連結。
duel-invitation-cancelled = 邀請已撤回：這個連結不會再開始棋局。
duel-one-at-a-time = 你已經在和朋友下一盤棋了：先下完（或者認輸）。傳送 /play 可以看到那盤棋。
duel-joined = 你加入了朋友的棋局。你執{$side}。
duel-friend-joined = 朋友已經加入：棋局開始。你執白。
duel-wait-for-friend = 現在輪到朋友走：朋友一走，你就會收到訊息。
duel-waiting-for-join = 朋友還沒有打開邀請：打開以後棋局才開始。
duel-caption = 👥 和朋友對局 · 你執{$side}
duel-may-claim-abandoned = 朋友已經{$days}天沒有走棋了：你可以再等等，也可以按下面的按鈕判自己勝。
duel-no-hints = 和朋友下棋時老師不給提示：這盤棋由你自己下。下完以後，教練會告訴你漏掉了什麼。
duel-friend-played = 朋友走了{$san}。{$what}
duel-friend-played-bare = 朋友走了{$san}。
duel-offer-declined-by-move = 朋友走了一步棋，這就表示不同意你的和棋提議。
duel-claim-on-your-move = 只有輪到你走時才能要求判和。
duel-offer-stands = 你的和棋提議還有效：朋友還沒有回答。
duel-you-offered = 你提議和棋：朋友可以同意、不同意，或者直接走一步（也表示不同意）。
duel-friend-offers = 朋友提議和棋。你可以同意、不同意，或者直接走一步（也表示不同意）。
duel-you-accepted = 你同意了朋友的和棋提議。
duel-friend-accepted = 朋友同意了你的和棋提議。
duel-you-declined = 你沒有同意和棋。
duel-friend-declined = 朋友沒有同意你的和棋提議：繼續下。
duel-points-later = 積分：{$delta}，你下次發訊息時記入 /progress。
pgn-friend = 朋友
end-friend-mates = 將死：朋友贏了。{$why}
end-you-resigned-friend = 你認輸了：朋友贏了。
end-friend-resigned = 朋友認輸了：你贏了。
end-you-abandoned = 你{$days}天沒有走棋，朋友要求判勝：朋友贏了。
end-friend-abandoned = 朋友{$days}天沒有走棋，這盤棋判你勝：你贏了。

## The board page (Mini App).
button-board-app = ♟ 棋盤
page-promote = 兵走到了底線：請選擇它升變成什麼。
page-waiting = 現在輪到朋友走。朋友走了以後，這裡會顯示出來。
page-no-task = 現在沒有要走的棋。請在聊天裡打開一課、一道殺棋題或一盤棋。
page-none-quiz = 聊天裡有一道題在等你：請在聊天裡回答。有棋要走的時候，棋盤會出現在這裡。
page-none-lesson = 課的這一步在聊天裡：請在那裡閱讀、回答，或者點「下一步」。到了要走棋的一步，棋盤就會出現在這裡。
page-game-over = 這盤棋結束了，這是最後的局面。
page-stale = 你這步棋到達之前，棋盤已經變了（聊天裡走了一步，或者對方走了棋）。這是現在的棋盤，請再走一次。
page-your-move = 輪到你走：拖動棋子，或者先點棋子再點格子。
page-text-mode = 聊天裡用文字模式（每個棋盤也用文字說出來）
page-close = 關閉

## A class in a group chat: its teachers, its students, its quiz polls and the teacher's report.
class-only-in-groups = 班級是建在群組裡的：先把我加進你的群，再在群裡傳送 /class。
class-anonymous = 我認不出你是誰：你現在是以群的身份（匿名管理員）發言。請用你自己的身份再發一次。
class-admins-only = 只有這個群的管理員才能把它設為班級。
class-made = 這個群現在是一個班級了，{$teacher}是班級老師。
class-card = ♟ 班級「{$title}」· 班級老師：{$teachers} · { $students ->
    [0] 還沒有學生
   *[other] 學生 {$students} 人
}
    同學們：按「加入班級」，接著在和我的私訊裡上課、做殺棋題和測驗。從加入那一刻起，你在那裡做的都算進這個班級，班級老師能看到你的成績。傳送 /leave 可以退出班級，並刪除你在班級裡的記錄。
class-link = 也可以打開這個連結：{$link}
class-teacher-help = 給班級老師：/classquiz 在群裡發一道測驗投票（/classquiz 7：出自第7課），/classquiz stop 結束投票；/class lang zh、zh-hant 或 en 設定班級語言；/class daily 07:30 每天在這個時間（UTC）發每日一題，/class daily off 停止；/top 顯示班級排行榜；其他管理員傳送 /class teach 就成為班級老師。請先和我私訊，測驗的詳細結果會發到私訊裡；在私訊裡傳送 /report 可以看到每個學生的成績。
class-none = 這個群還不是班級：請管理員傳送 /class。
class-usage = /class 把這個群設為班級（管理員），/class teach 讓你成為班級老師（管理員），/class lang zh、zh-hant 或 en 設定班級語言，/class daily 07:30 或 off 設定每日一題（班級老師）。
class-teacher-added = {$name}現在是這個班級的老師了。
class-already-teacher = 你已經是這個班級的老師了。
class-teach-admins-only = 只有這個群的管理員才能成為班級老師。
class-teachers-only = 只有班級老師才能這樣做。
class-lang-set = 班級現在使用{$script}。
class-lang-usage = 請說明用哪種語言：/class lang zh、/class lang zh-hant 或 /class lang en。
class-joined = 你加入了班級「{$title}」。從現在起，你在這裡上的課、做的殺棋題和被拒絕的走法都算進這個班級，班級老師能看到你的成績（別人看不到）。傳送 /leave 可以退出班級，並刪除你在班級裡的記錄。
class-joined-toast = 你加入了「{$title}」。請在和我的私訊裡上課：都會算進班級。
class-already-in = 你已經是這個班級的學生了。
class-you-teach = 你是這個班級的老師：老師不用以學生身份加入。
class-link-gone = 這個連結打不開任何班級。請向班級老師再要一次班級連結。
class-link-in-private = 請在和我的私訊裡打開班級連結，不要在群裡打開。
class-left = 你退出了「{$title}」。你在班級裡的記錄（成員身份、班級測驗的回答）已經刪除；你自己的學習進度仍然保留。
class-not-in = 你不是這個班級的學生。
class-in-none = 你沒有加入任何班級。
class-which-to-leave = 你要退出哪個班級？
class-teacher-stays = 你是這個班級的老師；/leave 是給學生用的。
class-button-join = ✋ 加入班級
class-button-leave = 退出
class-button-leave-named = 退出「{$title}」
class-button-close = ⏹ 結束測驗
class-quiz-board = 班級測驗 · 第{$unit}課：先看棋盤，再回答下面的投票。
class-quiz-open = 還有一道測驗沒有結束：請先傳送 /classquiz stop 或按它的「結束測驗」按鈕。
class-quiz-none-open = 這個班級現在沒有進行中的測驗。
class-quiz-no-item = 題庫裡沒有能用班級語言做成 Telegram 投票的題目。
class-quiz-no-item-in-unit = 第{$unit}課裡沒有能用班級語言做成 Telegram 投票的題目。換一課試試，或者傳送 /classquiz 隨便出一道。
class-quiz-no-such-unit = 沒有第{$unit}課：課程共有第1到第{$count}課。
class-quiz-usage = /classquiz 發一道測驗投票，/classquiz 7 出自第7課，/classquiz stop 結束投票。
class-quiz-result = 測驗結束：{$answered} 個回答中有 {$right} 個正確（班裡共有 {$students} 名學生）。正確答案：{$answer}
class-quiz-breakdown = 班級「{$title}」剛結束的測驗：
    {$question}
    正確答案：{$answer}
class-quiz-line-right = ✅ {$name}：{$answer}
class-quiz-line-wrong = ❌ {$name}：{$answer}
class-quiz-line-none = ▫️ {$name}：沒有回答
class-quiz-most-wrong = 最常見的錯誤答案：{$answer}（{$count} 人）。
class-quiz-no-wrong = 沒有人答錯。
class-quiz-open-chat = {$name}，我不能先給你發私信，所以這次測驗的詳細結果（誰選了什麼）沒有發出。請打開和我的私訊，傳送 /start：{$link}。從下一次測驗起，詳細結果就會發到那裡。
class-quiz-open-chat-no-link = {$name}，我不能先給你發私信，所以這次測驗的詳細結果（誰選了什麼）沒有發出。請打開和我的私訊，傳送 /start。從下一次測驗起，詳細結果就會發到那裡。
class-report-teachers-only = 成績報告只給班級老師看，而你沒有任教的班級。要把一個群設為班級，請以管理員身份在群裡傳送 /class。
class-report-in-private = 成績報告只發在班級老師和我的私訊裡：請在私訊裡傳送 /report。
class-report-heading = 📋 班級「{$title}」· 學生 {$students} 人 · {$date}
class-report-no-students = 還沒有學生加入。
class-report-line = {$number}. {$name}：學完 {$units} 課，課程步驟 {$steps} 步，班級測驗答對 {$right} 題、答錯 {$wrong} 題，自己解出殺棋題 {$solved} 道（沒解出 {$missed} 道），最近活動：{$active}。
class-report-rules = {"   "}最常違反的規則：{$rules}
class-report-no-rules = {"   "}還沒有被拒絕的走法。
class-report-tries-link = {"   "}在棋盤上看：{$command}
class-report-tries-heading = 🔎 {$number}. {$name}（班級「{$title}」）：最常違反的幾條規則，每條最後一次違反時的局面，和學生當時看到的一樣。
class-report-try-caption = {$number}. {$rule} ×{$count}。最後一次：{$why}
class-report-try-not-kept = {$number}. {$rule} ×{$count}。最後一次的局面沒有保存（那是在開始保存局面之前）。
class-report-tries-none = {$name} 還沒有被拒絕的走法。
class-report-no-such-student = { $students ->
    [0] 你的班級還沒有學生。
   *[other] 你的報告裡沒有第 {$number} 號學生：學生編號是 1 到 {$students}。傳送 /report 查看編號。
}
class-report-never = 從未
class-report-csv = 同樣的成績做成了 CSV 表格：
class-report-csv-header = 學生,學完的課,課程步驟,班級測驗答對,班級測驗答錯,自己解出的殺棋題,沒解出的殺棋題,規則1,次數,規則2,次數,規則3,次數,最近活動
class-daily-set = 每天 UTC 時間 {$time} 會在這裡發每日一題。學生回覆這道題、寫出第一步棋來作答。/class daily off 停止。
class-daily-link = 也可以在和我的私訊裡用棋盤來解（同樣計分）：{$link}
class-daily-opened = 🧩 班級「{$title}」的每日一題。不用提示，走對第一步就為班級記分。
class-daily-practice = 🧩 班級「{$title}」的每日一題（練習：這次不計分）。
class-daily-none-today = 班級「{$title}」今天還沒有發每日一題。
class-daily-off = 不再發每日一題了。
class-daily-usage = 請說明時間（UTC）：/class daily 07:30，或 /class daily off 停止。
class-daily-post = 🧩 每日一題——{$side}：{$mate_in}步殺。請回覆這張圖，寫出第一步棋。
class-daily-wrong = {$san} 不對：走了之後沒有{$mate_in}步內必殺。再試一步。
class-daily-stalemate = {$san} 是逼和，是和棋，不是贏棋。再試一步。
class-daily-solved = ✓ {$name} 解出來了（第{$place}個）
class-top-heading = 🏆 班級「{$title}」排行榜：
class-top-weekly = 🏆 班級「{$title}」這個星期的排行榜：
class-top-line = {$rank}. {$name}：{$points}分
class-top-how = 計分：班級測驗答對一題 1 分，入班以來每學完一課 2 分，每日一題第一個解出 3 分、第二個 2 分、之後 1 分。
class-top-empty = 還沒有學生加入。
class-top-in-group = 排行榜在班級群裡看：請在群裡傳送 /top。
