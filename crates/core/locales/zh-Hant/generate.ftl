# Generated from ../zh-Hans by chess_tutor_core::i18n::hant: do not edit.
# chess-tutor：測驗生成器出的題（`content::generate`）。簡體中文的原文在 ../zh-Hans，繁體中文的 ../zh-Hant 由它轉換生成。
# 用哪一句由 Rust 決定（`content::generate::wording::Line`），這裡只有措辭。哪一方以 white / black 傳入，
# 易位的方向以 short / long 傳入，棋子（$role）由裁判的 piece 短語（rules.ftl）先說出名字再傳入；
# 格子、走法（Nf3、O-O）、裁判自己的句子和列表都先寫好再傳入。
# 這裡的每條訊息在 ../en/generate.ftl 裡都有對應的英文（有測試檢查）。

## 句子裡用到的短語

gen-side = { $side ->
    [white] 白方
   *[black] 黑方
}
# 句子中間的哪一方（英文裡小寫）。
gen-side-lower = { gen-side }
gen-castle = { $castle ->
    [short] 短易位（王翼易位，記作O-O）
   *[long] 長易位（后翼易位，記作O-O-O）
}
# 用格子說一個棋子；幾個棋子用 gen-and 連起來。
gen-piece-on = { $square }的{ $role }
gen-and = 和
# 列表裡走法之間的標點。
gen-comma = 、

## 這步棋合法嗎？（對或錯）

# $role、$from、$to：用文字說這步棋（不用記譜法：第1課的學員也可能遇到這道題）。
gen-move-legal = { gen-side }走。{ $from }的{ $role }現在可以走到{ $to }。
gen-move-legal-promote = { gen-side }走。{ $from }的兵現在可以走到{ $to }，升變為{ $promotion }。
gen-move-legal-castle = { gen-side }走。{ gen-side }現在可以{ gen-castle }。
# 舉例用的一步棋，用文字說。
gen-move-words = { $from }的{ $role }走到{ $to }
# $code：這步棋既不合法也不是不合法時，裁判的判斷。
gen-move-read-as = 裁判對這步棋的判斷：{ $code }。

## 現在能易位嗎？（對或錯）

gen-castle-statement = { gen-side }走。{ gen-side }的王和{ $rook }的車都還沒有走動過，易位權還在。{ gen-side }現在就可以{ gen-castle }。
# $legal：裁判對這次易位的說明。
gen-castle-legal = { $legal }易位權還在，王和車之間的格子是空的，王沒有被將軍，經過的格子和到達的格子也都沒有受到攻擊。
# $reason：裁判說明為什麼不行。
gen-castle-illegal = 光有易位權還不夠：{ $reason }
gen-castle-read-as = 裁判對{ $notation }的判斷：{ $code }。

## 將死、逼和，還是都不是？（選擇題）

gen-status-question = { gen-side }走。這個局面是將死、逼和，還是都不是？
gen-status-checkmate = 將死
gen-status-stalemate = 逼和
gen-status-neither = 都不是
# $checkers：正在將軍的棋子（g7的后和a8的車）。
gen-checkmate-why = 將死。{ gen-side }正被{ $checkers }將軍，而且沒有任何合法的應將方法：不能吃掉將軍的棋子，也不能墊將，王也無處可逃。對局到此結束。
gen-stalemate-why = 逼和。{ gen-side }沒有被將軍，卻一步合法的棋也走不了，這是和棋，不是勝利。
# $example：一步合法的棋，用文字說（gen-move-words）。
gen-neither-in-check-why = 都不是。{ gen-side }被{ $checkers }將軍，但還有合法的應將著法，例如{ $example }，所以不是將死。
gen-neither-why = 都不是。{ gen-side }沒有被將軍，而且還有合法的著法，例如{ $example }，對局繼續。

## 還有一方能贏嗎？（對或錯）

gen-win-statement = 這個局面裡，至少還有一方有可能將死對方贏棋。
gen-win-kings-only = 棋盤上只剩兩個王，誰也不可能將死對方：子力不足，和棋。
gen-win-lone-minor = { gen-side }只有王和一個{ $role }，對方只剩一個王；王加單馬或王加單象無論怎麼走都無法將死對方：子力不足，和棋。
gen-win-bishops-one-colour = 除了王以外只剩象，而且所有的象都在同一種顏色的格子上，誰也無法將死對方：和棋。
gen-win-enough = 棋盤上還有足夠的子力，至少有一方仍然存在將死對方的可能（哪怕需要對方走錯），所以不是子力不足的和棋，對局繼續。

## 走棋的一方正被將軍嗎？（對或錯）

gen-check-statement = { gen-side }走。{ gen-side }的王正被將軍。
gen-check-why = { $checkers }正在攻擊{ gen-side }的王，{ gen-side }必須馬上應將。
gen-double-check-why = { $checkers }正在攻擊{ gen-side }的王（雙將：只能走王），{ gen-side }必須馬上應將。
gen-no-check-why = 沒有任何對方棋子攻擊{ gen-side }的王。

## 這個棋子有幾步合法著法？（選擇題）

gen-count-question = { gen-side }走。{ $square }的{ $role }有幾步合法著法？
gen-count-none = { $square }的{ $role }現在一步也不能走。
# $moves：這些著法（SAN）。
gen-count-why = { $square }的{ $role }共有{ $count }步合法著法，可以走到：{ $moves }。
