# chess-tutor：测验生成器出的题（`content::generate`）。简体中文的原文在 ../zh-Hans，繁体中文的 ../zh-Hant 由它转换生成。
# 用哪一句由 Rust 决定（`content::generate::wording::Line`），这里只有措辞。哪一方以 white / black 传入，
# 易位的方向以 short / long 传入，棋子（$role）由裁判的 piece 短语（rules.ftl）先说出名字再传入；
# 格子、走法（Nf3、O-O）、裁判自己的句子和列表都先写好再传入。
# 这里的每条消息在 ../en/generate.ftl 里都有对应的英文（有测试检查）。

## 句子里用到的短语

gen-side = { $side ->
    [white] 白方
   *[black] 黑方
}
# 句子中间的哪一方（英文里小写）。
gen-side-lower = { gen-side }
gen-castle = { $castle ->
    [short] 短易位（王翼易位，记作O-O）
   *[long] 长易位（后翼易位，记作O-O-O）
}
# 用格子说一个棋子；几个棋子用 gen-and 连起来。
gen-piece-on = { $square }的{ $role }
gen-and = 和
# 列表里走法之间的标点。
gen-comma = 、

## 这步棋合法吗？（对或错）

# $role、$from、$to：用文字说这步棋（不用记谱法：第1课的学员也可能遇到这道题）。
gen-move-legal = { gen-side }走。{ $from }的{ $role }现在可以走到{ $to }。
gen-move-legal-promote = { gen-side }走。{ $from }的兵现在可以走到{ $to }，升变为{ $promotion }。
gen-move-legal-castle = { gen-side }走。{ gen-side }现在可以{ gen-castle }。
# 举例用的一步棋，用文字说。
gen-move-words = { $from }的{ $role }走到{ $to }
# $code：这步棋既不合法也不是不合法时，裁判的判断。
gen-move-read-as = 裁判对这步棋的判断：{ $code }。

## 现在能易位吗？（对或错）

gen-castle-statement = { gen-side }走。{ gen-side }的王和{ $rook }的车都还没有走动过，易位权还在。{ gen-side }现在就可以{ gen-castle }。
# $legal：裁判对这次易位的说明。
gen-castle-legal = { $legal }易位权还在，王和车之间的格子是空的，王没有被将军，经过的格子和到达的格子也都没有受到攻击。
# $reason：裁判说明为什么不行。
gen-castle-illegal = 光有易位权还不够：{ $reason }
gen-castle-read-as = 裁判对{ $notation }的判断：{ $code }。

## 将死、逼和，还是都不是？（选择题）

gen-status-question = { gen-side }走。这个局面是将死、逼和，还是都不是？
gen-status-checkmate = 将死
gen-status-stalemate = 逼和
gen-status-neither = 都不是
# $checkers：正在将军的棋子（g7的后和a8的车）。
gen-checkmate-why = 将死。{ gen-side }正被{ $checkers }将军，而且没有任何合法的应将方法：不能吃掉将军的棋子，也不能垫将，王也无处可逃。对局到此结束。
gen-stalemate-why = 逼和。{ gen-side }没有被将军，却一步合法的棋也走不了，这是和棋，不是胜利。
# $example：一步合法的棋，用文字说（gen-move-words）。
gen-neither-in-check-why = 都不是。{ gen-side }被{ $checkers }将军，但还有合法的应将着法，例如{ $example }，所以不是将死。
gen-neither-why = 都不是。{ gen-side }没有被将军，而且还有合法的着法，例如{ $example }，对局继续。

## 还有一方能赢吗？（对或错）

gen-win-statement = 这个局面里，至少还有一方有可能将死对方赢棋。
gen-win-kings-only = 棋盘上只剩两个王，谁也不可能将死对方：子力不足，和棋。
gen-win-lone-minor = { gen-side }只有王和一个{ $role }，对方只剩一个王；王加单马或王加单象无论怎么走都无法将死对方：子力不足，和棋。
gen-win-bishops-one-colour = 除了王以外只剩象，而且所有的象都在同一种颜色的格子上，谁也无法将死对方：和棋。
gen-win-enough = 棋盘上还有足够的子力，至少有一方仍然存在将死对方的可能（哪怕需要对方走错），所以不是子力不足的和棋，对局继续。

## 走棋的一方正被将军吗？（对或错）

gen-check-statement = { gen-side }走。{ gen-side }的王正被将军。
gen-check-why = { $checkers }正在攻击{ gen-side }的王，{ gen-side }必须马上应将。
gen-double-check-why = { $checkers }正在攻击{ gen-side }的王（双将：只能走王），{ gen-side }必须马上应将。
gen-no-check-why = 没有任何对方棋子攻击{ gen-side }的王。

## 这个棋子有几步合法着法？（选择题）

gen-count-question = { gen-side }走。{ $square }的{ $role }有几步合法着法？
gen-count-none = { $square }的{ $role }现在一步也不能走。
# $moves：这些着法（SAN）。
gen-count-why = { $square }的{ $role }共有{ $count }步合法着法，可以走到：{ $moves }。
