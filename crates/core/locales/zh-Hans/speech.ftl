# chess-tutor：用文字说出棋盘（文字模式，给读屏软件用），简体中文。繁体中文的 ../zh-Hant 由它转换生成。
# 说哪些内容由 Rust 决定（`rules::speech`、`draw::speech`、`tutor::access`），这里只有措辞。
# 格子（e4）原样传入；棋子、哪一方和列表由第一节的短语先写好再传入。
# 这里的每条消息在 ../en/speech.ftl 里都有对应的英文（有测试检查）。

## 短语

# 一种棋子（中文不分单复数）。
speech-pieces = { $role ->
    [king] 王
    [queen] 后
    [rook] 车
    [bishop] 象
    [knight] 马
   *[pawn] 兵
}
# 带颜色的棋子：白马。
speech-piece = { $color ->
    [white] 白
   *[black] 黑
}{ $piece }
# 带颜色和格子的棋子：b4的黑象。
speech-piece-on = { $square }的{ $color ->
    [white] 白
   *[black] 黑
}{ $piece }
# 同一种棋子的格子之间（车a1、h1），不同种棋子之间（王e1，后d1）。
speech-square-sep = 、
speech-kind-sep = ，
# 一种棋子和它的格子。
speech-kind = { $pieces }{ $squares }

## 棋盘

speech-to-move = 轮到{ $side }走。
speech-side = { $side }：{ $kinds }。
speech-side-empty = { $side }：没有棋子。
# 棋盘上的一步：白马从g1走到f3，兵从e4吃d5。
speech-played = { $piece }从{ $from }{ $capture ->
    [yes] 吃{ $to }
   *[other] 走到{ $to }
}
speech-played-castle = { $castle ->
    [short] 短易位
   *[long] 长易位
}
speech-played-promotion = { $played }，升变为{ $piece }
speech-played-en-passant = { $played }，吃过路兵
speech-played-check = { $played }，将军
speech-played-mate = { $played }，将死
speech-last-move = 上一步：{ $played }。
speech-in-check = { $square }的{ $color ->
    [white] 白
   *[black] 黑
}王正被将军。

## 图上标出的内容

speech-arrow-move = 你的走法：{ $played }。
speech-arrow-reply = 对方的应着：{ $played }。
speech-arrow-good = 标出的走法：{ $played }。
# 从一格走到几格：白后从d4走到d8、h4和a1。
speech-moves-from = { $piece }从{ $from }走到{ $targets }
speech-attacks = { $attacker }攻击{ $target }。
speech-pins = { $attacker }牵制着{ $pinned }，它挡在{ $king }前面。
speech-aims-through = { $attacker }隔着{ $between }对着{ $target }。
speech-cannot-go-on = 不能从{ $from }继续走到{ $to }。
speech-marked = 标出的格子：{ $squares }。
speech-good-squares = 好的格子：{ $squares }。
speech-attackers = 进攻的棋子：{ $squares }。
speech-in-the-way = 挡路的：{ $squares }。
speech-crossed-out = 标了叉的：{ $squares }。
speech-can-go = 可以走到：{ $squares }。

## 不看图也能看棋盘：/where、/square、/scan、/moves

speech-where = { $color ->
    [white] 白
   *[black] 黑
}{ $pieces }：{ $squares }。
speech-where-none = { $side }没有{ $pieces }。
speech-where-what = 哪种棋子？例如 /where 马、/where 白车 或 /where N。
speech-unknown-piece = 我不认识“{ $typed }”这个棋子。请写王、后、车、象、马或兵，也可以写字母K、Q、R、B、N、P，例如 /where 马。
speech-square-piece = { $square }：{ $piece }。
speech-square-empty = { $square }是空格。
speech-attacked-by = { $side }攻击这一格的棋子：{ $kinds }。
speech-attacked-by-none = { $side }没有棋子攻击这一格。
speech-which-square = 哪一格？请写在命令后面，例如 { $command } e4。
speech-not-a-square = “{ $typed }”不是格子。格子是a到h的一个字母加1到8的一个数字，例如 { $command } e4。
speech-scan-from = 从{ $square }出发的各条线：
speech-direction = { $dir ->
    [up] 沿直线向上
    [down] 沿直线向下
    [left] 沿横线向左
    [right] 沿横线向右
    [up-left] 斜线左上
    [up-right] 斜线右上
    [down-left] 斜线左下
   *[down-right] 斜线右下
}
speech-scan-piece = { $direction }：{ $empty_count ->
    [0] 紧挨着就是{ $square }的{ $piece }。
   *[other] { $empty }是空的，然后是{ $square }的{ $piece }。
}
speech-scan-edge = { $direction }：{ $empty }是空的，一直到棋盘边。
speech-move-number = 第{ $number }回合：
speech-ply = { $side }：{ $played }。
speech-no-moves = 这个棋盘上还没有走过棋。
speech-moves-left-out = （前{ $count }步没有列出。）
speech-no-board = 现在没有棋盘。请先打开一课、一道杀棋题或一盘棋。

## 文字模式

speech-mode-on = 文字模式已打开：每个棋盘都会用文字说出来，走棋请直接输入（例如 e2e4、马f3 或 马走到f3）。要看棋盘可以用：/where 马、/square e4、/scan e4、/moves。再发一次 /a11y 就关闭文字模式。
speech-mode-off = 文字模式已关闭：棋盘又用图片显示，也可以点棋盘走棋。
speech-button-on = 读屏用的文字模式
speech-button-off = 关闭文字模式
speech-type-squares = 请发送这些格子的名字，用空格隔开。
