# chess-tutor：裁判的话（走法为什么不行、合法的一步做了什么）。简体中文的原文在 ../zh-Hans，繁体中文的 ../zh-Hant 由它转换生成。
# 用哪一句由 Rust 决定（`rules::text::Sentence`），这里只有措辞；术语与 CURRICULUM.md 一致。
# 格子（e4）、走法（Nf3）和学员输入的内容作为参数传入；棋子、哪一方和列表由第一节的短语先写好再传入。
# 这里的每条消息在 ../en/rules.ftl 里都有对应的英文（有测试检查）。

## 句子里用到的短语

# 棋子名；other 是不知道是什么的棋子。
piece = { $role ->
    [king] 王
    [queen] 后
    [rook] 车
    [bishop] 象
    [knight] 马
    [pawn] 兵
   *[other] 棋子
}
side = { $color ->
    [white] 白方
   *[black] 黑方
}
# 用格子说一个棋子，或一个空格。
piece-on-square = { $square }的{ $piece }
empty-square = { $square }格
# 列表：甲、乙和丙；选择：甲，或乙。
list-comma = 、
list-and = 和
list-or = ，或
castling = { $side ->
    [short] 短易位（O-O）
   *[long] 长易位（O-O-O）
}
# 对局记录里有失去易位权利的那一步时，加在易位说明后面。
right-lost-with = 这一侧的易位权利在本局走{ $san }时就已经永久失去了。

## 走法被拒绝

no-piece-on = { $from }格上没有棋子。请从有你自己棋子的格子走起。
not-that-piece-on = { $from }上没有{ $piece }，站在那里的是你的{ $occupant }。请写出起点格上那个棋子的名字。
no-piece-to = 你没有可以走到{ $to }的{ $piece }。
not-your-piece = { $from }的{ $piece }是{ $owner }的，现在轮到{ $mover }走：你只能走自己的棋子。
own-piece-on-target = 你的{ $piece }不能走到{ $to }：那里站着你自己的{ $occupant }，自己的棋子是不能吃的。
pawn-cannot-jump = 兵走两格时，前面两格都必须是空的：{ $blocker }挡在前面，兵不能跳过去。
path-blocked = 你的{ $piece }从{ $from }走不到{ $to }：路上有{ $blocker }挡着。{ $piece }不能跳过棋子（能跳过棋子的只有马，还有王车易位时越过王的车）。
pawn-forward-capture = { $from }的兵不能向前走：{ $to }上有{ $occupant }挡着。兵不能直着吃子，只能向斜前方吃一格。
pawn-double-step-landing-blocked = { $from }的兵不能走两格到{ $to }：{ $to }上有{ $occupant }。兵走两格时，前面的两个格子都必须是空的；这里只有紧挨着的{ $middle }是空的。兵不能直着吃子。
pawn-diagonal-no-capture = { $from }的兵只有吃子时才能斜着走，而{ $to }是空格。
pawn-double-step-not-from-start = 兵只有第一步、还在原来的横线上时才能走两格。{ $from }的兵已经走过了，只能一次走一格。
en-passant-expired = { $from }的兵现在不能吃过路兵吃掉{ $pawn }的兵：只有对方的兵刚刚从原位一步走两格、停在你的兵旁边时，紧接着的下一步才可以吃；{ $pawn }的兵不是刚刚这样走到那里的。
promotion-piece-missing = 你的兵走到了底线{ $to }，必须在这一步同时升变：请说明升变成什么——后、车、象或马，例如 { $to }=Q。
promotion-invalid-piece = 兵只能升变为同色的后、车、象或马，不能升变为{ $chosen }。
promotion-not-on-last-rank = 只有走到底线的兵才能升变，{ $to }不在底线上：不要写升变的棋子。
promotion-not-a-pawn = 只有兵走到底线才能升变，你的{ $piece }不能变成别的棋子。
king-takes-protected = 你的王不能吃{ $target }：它受到{ $defenders }的保护，王吃过去就会被将军。
king-into-check = 你的王不能走到{ $to }：那里受到{ $attackers }的攻击，王永远不能走到被对方攻击的格子上（这叫送王）。
king-into-check-by-king = { king-into-check }两个王不能相邻。
pinned = 你的{ $piece }（{ $from }）被{ $pinner }牵制：走开它，你的王（{ $king }）就会被将军。
en-passant-opens-rank = { $from }的兵不能吃过路兵：这一吃会让{ $from }和{ $captured }的两个兵同时离开第{ $rank }横线，{ $attacker }就会直接攻击你的王（{ $king }）。这个兵并没有被牵制：吃过路兵以外的走法不受这条限制。
en-passant-opens-diagonal = { $from }的兵不能吃过路兵：要被吃掉的{ $captured }兵正挡在{ $attacker }和你的王（{ $king }）之间的斜线上，它一被吃掉，{ $attacker }就会直接攻击你的王。{ $from }的兵并没有被牵制：吃过路兵以外的走法不受这条限制。
still-in-check = 你的王（{ $king }）正被{ $checker }将军，这步棋没有应将。
still-in-check-unblockable = { still-in-check }这个将军无法垫将：只能吃掉将军的棋子，或者把王走开。
still-in-check-blockable = { still-in-check }应将的办法：吃掉将军的棋子、垫将，或者把王走开。
double-check = 你的王（{ $king }）被双将：{ $checkers }同时在将军。垫将或吃子只能解决其中一个，所以只能走王。
castling-king-moved = 不能{ $castling }：你的王在{ $king }，不在原位{ $home }。只有从没走动过的王才能王车易位。{ $lost }
castling-rook-moved = 不能{ $castling }：原来在{ $rook }的车已经走动过或被吃掉了，王车易位要求王和这个车都从没走动过。{ $lost }
castling-right-lost-earlier = 不能{ $castling }：这个局面里你没有这一侧的易位权利（王和{ $rook }的车虽然都在原位）。在对局中，王或这个车一旦走动过，这一侧的易位权利就永久失去了，走回原位也不能恢复。
castling-right-lost-by-move = 不能{ $castling }：本局中你的王或{ $rook }的车已经走动过，回到原位也不能恢复易位的权利。{ $lost }
castling-pieces-between = 不能{ $castling }：王和车之间的格子必须全部是空的，但{ $blockers }挡在中间。
castling-in-check = 被将军时不能{ $castling }：{ $attackers }正在将你的王。先应将。
castling-through-check = 不能{ $castling }：王要经过{ $square }，而{ $square }受到{ $attackers }的攻击。王不能经过被攻击的格子。
castling-into-check = 不能{ $castling }：王会落在{ $square }，而{ $square }受到{ $attackers }的攻击，王永远不能走到被对方攻击的格子上。
game-over-checkmate = 这盘棋已经结束了：{ $side }被将死。
game-over-stalemate = 这盘棋已经结束了：{ $side }没有被将军，却无子可动——这是逼和，和棋。

## 走法不合这个棋子的走法

knight-shape = 马走“日”字：先朝一个方向走两格，再向旁边走一格。从{ $from }到{ $to }不是“日”字。
bishop-shape = 象只能斜着走，从{ $from }到{ $to }不在一条斜线上。
rook-shape = 车只能沿直线或横线走，从{ $from }到{ $to }不在一条直线或横线上。
queen-shape = 后可以沿直线、横线和斜线走，但{ $from }和{ $to }既不在同一条直线或横线上，也不在同一条斜线上。
king-two-squares = 王每次只走一格。只有王车易位时，王才从原位一次走两格——而你的王在{ $from }，不在原位。
king-too-far = 王每次只能向任意方向走一格，从{ $from }到{ $to }太远了。
same-square = 一步棋必须走到另一个格子。
pawn-backwards = 兵永远不能后退，从{ $from }到{ $to }是往回走。
pawn-sideways = 兵不能横着走，从{ $from }到{ $to }是沿横线走。
# 横走到对方的兵上，而那个兵可能刚刚走了两格。
pawn-sideways-en-passant = { pawn-sideways }旁边的兵如果刚刚一步走了两格，可以吃过路兵：你的兵斜走到它刚刚越过的{ $behind }格。
pawn-too-far = 兵每次向前走一格（在原位时可以走两格），从{ $from }到{ $to }走得太远了。
pawn-wrong-shape = 兵只能直着向前走，吃子时向斜前方走一格；从{ $from }到{ $to }两样都不是。

## 合法的一步

# what 是下面某一条 move-… 短句。
legal = { $san } 合法：{ $what }
legal-plain = { $san } 合法。
move-castle-short = 短易位（王翼易位）。
move-castle-long = 长易位（后翼易位）。
move-piece = { $piece }从{ $from }走到{ $to }。
# 同样的话单独成句，给还没学记谱法的学员。
moved-castle-short = { move-castle-short }
moved-castle-long = { move-castle-long }
moved-piece = { move-piece }
# 这一步另外做到的事，依次接在前面的句子后面。
captures = 吃掉{ $square }的{ $victim }。
captures-en-passant = 吃过路兵，吃掉{ $pawn }的兵。
promotes = 兵升变为{ $piece }。
gives-check = 将军！
gives-double-check = 双将！
gives-checkmate = 将死！对局结束。
gives-stalemate = { $side }没有被将军，却无子可动：逼和，和棋。
gives-insufficient-material = 双方都已无法将死对方（子力不足）：和棋。

## 输入可以是几步棋，或者看不懂

ambiguous = 有不止一个{ $piece }可以走到{ $to }（在{ $froms }）。请说明走哪一个{ $example }。
ambiguous-example = ，例如 { $from }{ $to }
which-move = 这可以是不止一步棋：{ $moves }。请说明是哪一步{ $example }。
move-choice = { $from }的{ $piece }走到{ $to }
which-move-example = ，例如写 { $piece }{ $from }{ $to } 或 { $from }{ $to }
which-castling = 这里两边都可以王车易位：请说明是短易位（O-O）还是长易位（O-O-O）。
unreadable = 我没看懂“{ $input }”这步棋。请这样写：e2e4、e4、Nf3（或 马f3）、O-O（短易位）。
# 对局怎样结束：PGN 里结果前的注释。
pgn-checkmate = { $winner }将死对方。
pgn-stalemate = { $stalemated }被逼和：和棋（FIDE 5.2.1）。
pgn-dead-position = 死局：双方都不可能将死对方（FIDE 5.2.2）。
pgn-fivefold = 同一局面第五次出现（在第{ $plies }个半回合之后）：和棋（FIDE 9.6.1）。
pgn-seventy-five = 双方各走了75步，没有吃子也没有走兵：和棋（FIDE 9.6.2）。
pgn-threefold = { $claimant }按三次重复局面申请和棋（在第{ $plies }个半回合之后；FIDE 9.2）。
pgn-fifty = { $claimant }按五十回合规则申请和棋（FIDE 9.3）。
pgn-agreement = 双方同意和棋。
pgn-resignation = { $loser }认输。
pgn-abandoned = { $loser }放弃了对局。
# A FEN that does not read.
fen-not-whole = 这不是完整的FEN。FEN有六段，用空格隔开：棋子的位置、轮到哪一方、易位权、吃过路兵的格子、两个计数。
fen-impossible = 这个局面不可能出现：比如少了王、兵站在底线，或者不该走棋的一方正被将军。
