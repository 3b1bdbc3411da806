# Generated from ../zh-Hans by chess_tutor_core::i18n::hant: do not edit.
# chess-tutor：用文字說出棋盤（文字模式，給讀屏軟件用），簡體中文。繁體中文的 ../zh-Hant 由它轉換生成。
# 說哪些內容由 Rust 決定（`rules::speech`、`draw::speech`、`tutor::access`），這裡只有措辭。
# 格子（e4）原樣傳入；棋子、哪一方和列表由第一節的短語先寫好再傳入。
# 這裡的每條訊息在 ../en/speech.ftl 裡都有對應的英文（有測試檢查）。

## 短語

# 一種棋子（中文不分單複數）。
speech-pieces = { $role ->
    [king] 王
    [queen] 后
    [rook] 車
    [bishop] 象
    [knight] 馬
   *[pawn] 兵
}
# 帶顏色的棋子：白馬。
speech-piece = { $color ->
    [white] 白
   *[black] 黑
}{ $piece }
# 帶顏色和格子的棋子：b4的黑象。
speech-piece-on = { $square }的{ $color ->
    [white] 白
   *[black] 黑
}{ $piece }
# 同一種棋子的格子之間（車a1、h1），不同種棋子之間（王e1，后d1）。
speech-square-sep = 、
speech-kind-sep = ，
# 一種棋子和它的格子。
speech-kind = { $pieces }{ $squares }

## 棋盤

speech-to-move = 輪到{ $side }走。
speech-side = { $side }：{ $kinds }。
speech-side-empty = { $side }：沒有棋子。
# 棋盤上的一步：白馬從g1走到f3，兵從e4吃d5。
speech-played = { $piece }從{ $from }{ $capture ->
    [yes] 吃{ $to }
   *[other] 走到{ $to }
}
speech-played-castle = { $castle ->
    [short] 短易位
   *[long] 長易位
}
speech-played-promotion = { $played }，升變為{ $piece }
speech-played-en-passant = { $played }，吃過路兵
speech-played-check = { $played }，將軍
speech-played-mate = { $played }，將死
speech-last-move = 上一步：{ $played }。
speech-in-check = { $square }的{ $color ->
    [white] 白
   *[black] 黑
}王正被將軍。

## 圖上標出的內容

speech-arrow-move = 你的走法：{ $played }。
speech-arrow-reply = 對方的應著：{ $played }。
speech-arrow-good = 標出的走法：{ $played }。
# 從一格走到幾格：白后從d4走到d8、h4和a1。
speech-moves-from = { $piece }從{ $from }走到{ $targets }
speech-attacks = { $attacker }攻擊{ $target }。
speech-pins = { $attacker }牽制著{ $pinned }，它擋在{ $king }前面。
speech-aims-through = { $attacker }隔著{ $between }對著{ $target }。
speech-cannot-go-on = 不能從{ $from }繼續走到{ $to }。
speech-marked = 標出的格子：{ $squares }。
speech-good-squares = 好的格子：{ $squares }。
speech-attackers = 進攻的棋子：{ $squares }。
speech-in-the-way = 擋路的：{ $squares }。
speech-crossed-out = 標了叉的：{ $squares }。
speech-can-go = 可以走到：{ $squares }。

## 不看圖也能看棋盤：/where、/square、/scan、/moves

speech-where = { $color ->
    [white] 白
   *[black] 黑
}{ $pieces }：{ $squares }。
speech-where-none = { $side }沒有{ $pieces }。
speech-where-what = 哪種棋子？例如 /where 馬、/where 白車 或 /where N。
speech-unknown-piece = 我不認識「{ $typed }」這個棋子。請寫王、后、車、象、馬或兵，也可以寫字母K、Q、R、B、N、P，例如 /where 馬。
speech-square-piece = { $square }：{ $piece }。
speech-square-empty = { $square }是空格。
speech-attacked-by = { $side }攻擊這一格的棋子：{ $kinds }。
speech-attacked-by-none = { $side }沒有棋子攻擊這一格。
speech-which-square = 哪一格？請寫在命令後面，例如 { $command } e4。
speech-not-a-square = 「{ $typed }」不是格子。格子是a到h的一個字母加1到8的一個數字，例如 { $command } e4。
speech-scan-from = 從{ $square }出發的各條線：
speech-direction = { $dir ->
    [up] 沿直線向上
    [down] 沿直線向下
    [left] 沿橫線向左
    [right] 沿橫線向右
    [up-left] 斜線左上
    [up-right] 斜線右上
    [down-left] 斜線左下
   *[down-right] 斜線右下
}
speech-scan-piece = { $direction }：{ $empty_count ->
    [0] 緊挨著就是{ $square }的{ $piece }。
   *[other] { $empty }是空的，然後是{ $square }的{ $piece }。
}
speech-scan-edge = { $direction }：{ $empty }是空的，一直到棋盤邊。
speech-move-number = 第{ $number }回合：
speech-ply = { $side }：{ $played }。
speech-no-moves = 這個棋盤上還沒有走過棋。
speech-moves-left-out = （前{ $count }步沒有列出。）
speech-no-board = 現在沒有棋盤。請先打開一課、一道殺棋題或一盤棋。

## 文字模式

speech-mode-on = 文字模式已打開：每個棋盤都會用文字說出來，走棋請直接輸入（例如 e2e4、馬f3 或 馬走到f3）。要看棋盤可以用：/where 馬、/square e4、/scan e4、/moves。再發一次 /a11y 就關閉文字模式。
speech-mode-off = 文字模式已關閉：棋盤又用圖片顯示，也可以點棋盤走棋。
speech-button-on = 讀屏用的文字模式
speech-button-off = 關閉文字模式
speech-type-squares = 請傳送這些格子的名字，用空格隔開。
