# Generated from ../zh-Hans by chess_tutor_core::i18n::hant: do not edit.
# chess-tutor：裁判的話（走法為什麼不行、合法的一步做了什麼）。簡體中文的原文在 ../zh-Hans，繁體中文的 ../zh-Hant 由它轉換生成。
# 用哪一句由 Rust 決定（`rules::text::Sentence`），這裡只有措辭；術語與 CURRICULUM.md 一致。
# 格子（e4）、走法（Nf3）和學員輸入的內容作為參數傳入；棋子、哪一方和列表由第一節的短語先寫好再傳入。
# 這裡的每條訊息在 ../en/rules.ftl 裡都有對應的英文（有測試檢查）。

## 句子裡用到的短語

# 棋子名；other 是不知道是什麼的棋子。
piece = { $role ->
    [king] 王
    [queen] 后
    [rook] 車
    [bishop] 象
    [knight] 馬
    [pawn] 兵
   *[other] 棋子
}
side = { $color ->
    [white] 白方
   *[black] 黑方
}
# 用格子說一個棋子，或一個空格。
piece-on-square = { $square }的{ $piece }
empty-square = { $square }格
# 列表：甲、乙和丙；選擇：甲，或乙。
list-comma = 、
list-and = 和
list-or = ，或
castling = { $side ->
    [short] 短易位（O-O）
   *[long] 長易位（O-O-O）
}
# 對局記錄裡有失去易位權利的那一步時，加在易位說明後面。
right-lost-with = 這一側的易位權利在本局走{ $san }時就已經永久失去了。

## 走法被拒絕

no-piece-on = { $from }格上沒有棋子。請從有你自己棋子的格子走起。
not-that-piece-on = { $from }上沒有{ $piece }，站在那裡的是你的{ $occupant }。請寫出起點格上那個棋子的名字。
no-piece-to = 你沒有可以走到{ $to }的{ $piece }。
not-your-piece = { $from }的{ $piece }是{ $owner }的，現在輪到{ $mover }走：你只能走自己的棋子。
own-piece-on-target = 你的{ $piece }不能走到{ $to }：那裡站著你自己的{ $occupant }，自己的棋子是不能吃的。
pawn-cannot-jump = 兵走兩格時，前面兩格都必須是空的：{ $blocker }擋在前面，兵不能跳過去。
path-blocked = 你的{ $piece }從{ $from }走不到{ $to }：路上有{ $blocker }擋著。{ $piece }不能跳過棋子（能跳過棋子的只有馬，還有王車易位時越過王的車）。
pawn-forward-capture = { $from }的兵不能向前走：{ $to }上有{ $occupant }擋著。兵不能直著吃子，只能向斜前方吃一格。
pawn-double-step-landing-blocked = { $from }的兵不能走兩格到{ $to }：{ $to }上有{ $occupant }。兵走兩格時，前面的兩個格子都必須是空的；這裡只有緊挨著的{ $middle }是空的。兵不能直著吃子。
pawn-diagonal-no-capture = { $from }的兵只有吃子時才能斜著走，而{ $to }是空格。
pawn-double-step-not-from-start = 兵只有第一步、還在原來的橫線上時才能走兩格。{ $from }的兵已經走過了，只能一次走一格。
en-passant-expired = { $from }的兵現在不能吃過路兵吃掉{ $pawn }的兵：只有對方的兵剛剛從原位一步走兩格、停在你的兵旁邊時，緊接著的下一步才可以吃；{ $pawn }的兵不是剛剛這樣走到那裡的。
promotion-piece-missing = 你的兵走到了底線{ $to }，必須在這一步同時升變：請說明升變成什麼——后、車、象或馬，例如 { $to }=Q。
promotion-invalid-piece = 兵只能升變為同色的后、車、象或馬，不能升變為{ $chosen }。
promotion-not-on-last-rank = 只有走到底線的兵才能升變，{ $to }不在底線上：不要寫升變的棋子。
promotion-not-a-pawn = 只有兵走到底線才能升變，你的{ $piece }不能變成別的棋子。
king-takes-protected = 你的王不能吃{ $target }：它受到{ $defenders }的保護，王吃過去就會被將軍。
king-into-check = 你的王不能走到{ $to }：那裡受到{ $attackers }的攻擊，王永遠不能走到被對方攻擊的格子上（這叫送王）。
king-into-check-by-king = { king-into-check }兩個王不能相鄰。
pinned = 你的{ $piece }（{ $from }）被{ $pinner }牽制：走開它，你的王（{ $king }）就會被將軍。
en-passant-opens-rank = { $from }的兵不能吃過路兵：這一吃會讓{ $from }和{ $captured }的兩個兵同時離開第{ $rank }橫線，{ $attacker }就會直接攻擊你的王（{ $king }）。這個兵並沒有被牽制：吃過路兵以外的走法不受這條限制。
en-passant-opens-diagonal = { $from }的兵不能吃過路兵：要被吃掉的{ $captured }兵正擋在{ $attacker }和你的王（{ $king }）之間的斜線上，它一被吃掉，{ $attacker }就會直接攻擊你的王。{ $from }的兵並沒有被牽制：吃過路兵以外的走法不受這條限制。
still-in-check = 你的王（{ $king }）正被{ $checker }將軍，這步棋沒有應將。
still-in-check-unblockable = { still-in-check }這個將軍無法墊將：只能吃掉將軍的棋子，或者把王走開。
still-in-check-blockable = { still-in-check }應將的辦法：吃掉將軍的棋子、墊將，或者把王走開。
double-check = 你的王（{ $king }）被雙將：{ $checkers }同時在將軍。墊將或吃子只能解決其中一個，所以只能走王。
castling-king-moved = 不能{ $castling }：你的王在{ $king }，不在原位{ $home }。只有從沒走動過的王才能王車易位。{ $lost }
castling-rook-moved = 不能{ $castling }：原來在{ $rook }的車已經走動過或被吃掉了，王車易位要求王和這個車都從沒走動過。{ $lost }
castling-right-lost-earlier = 不能{ $castling }：這個局面裡你沒有這一側的易位權利（王和{ $rook }的車雖然都在原位）。在對局中，王或這個車一旦走動過，這一側的易位權利就永久失去了，走回原位也不能恢復。
castling-right-lost-by-move = 不能{ $castling }：本局中你的王或{ $rook }的車已經走動過，回到原位也不能恢復易位的權利。{ $lost }
castling-pieces-between = 不能{ $castling }：王和車之間的格子必須全部是空的，但{ $blockers }擋在中間。
castling-in-check = 被將軍時不能{ $castling }：{ $attackers }正在將你的王。先應將。
castling-through-check = 不能{ $castling }：王要經過{ $square }，而{ $square }受到{ $attackers }的攻擊。王不能經過被攻擊的格子。
castling-into-check = 不能{ $castling }：王會落在{ $square }，而{ $square }受到{ $attackers }的攻擊，王永遠不能走到被對方攻擊的格子上。
game-over-checkmate = 這盤棋已經結束了：{ $side }被將死。
game-over-stalemate = 這盤棋已經結束了：{ $side }沒有被將軍，卻無子可動——這是逼和，和棋。

## 走法不合這個棋子的走法

knight-shape = 馬走「日」字：先朝一個方向走兩格，再向旁邊走一格。從{ $from }到{ $to }不是「日」字。
bishop-shape = 象只能斜著走，從{ $from }到{ $to }不在一條斜線上。
rook-shape = 車只能沿直線或橫線走，從{ $from }到{ $to }不在一條直線或橫線上。
queen-shape = 后可以沿直線、橫線和斜線走，但{ $from }和{ $to }既不在同一條直線或橫線上，也不在同一條斜線上。
king-two-squares = 王每次只走一格。只有王車易位時，王才從原位一次走兩格——而你的王在{ $from }，不在原位。
king-too-far = 王每次只能向任意方向走一格，從{ $from }到{ $to }太遠了。
same-square = 一步棋必須走到另一個格子。
pawn-backwards = 兵永遠不能後退，從{ $from }到{ $to }是往回走。
pawn-sideways = 兵不能橫著走，從{ $from }到{ $to }是沿橫線走。
# 橫走到對方的兵上，而那個兵可能剛剛走了兩格。
pawn-sideways-en-passant = { pawn-sideways }旁邊的兵如果剛剛一步走了兩格，可以吃過路兵：你的兵斜走到它剛剛越過的{ $behind }格。
pawn-too-far = 兵每次向前走一格（在原位時可以走兩格），從{ $from }到{ $to }走得太遠了。
pawn-wrong-shape = 兵只能直著向前走，吃子時向斜前方走一格；從{ $from }到{ $to }兩樣都不是。

## 合法的一步

# what 是下面某一條 move-… 短句。
legal = { $san } 合法：{ $what }
legal-plain = { $san } 合法。
move-castle-short = 短易位（王翼易位）。
move-castle-long = 長易位（后翼易位）。
move-piece = { $piece }從{ $from }走到{ $to }。
# 同樣的話單獨成句，給還沒學記譜法的學員。
moved-castle-short = { move-castle-short }
moved-castle-long = { move-castle-long }
moved-piece = { move-piece }
# 這一步另外做到的事，依次接在前面的句子後面。
captures = 吃掉{ $square }的{ $victim }。
captures-en-passant = 吃過路兵，吃掉{ $pawn }的兵。
promotes = 兵升變為{ $piece }。
gives-check = 將軍！
gives-double-check = 雙將！
gives-checkmate = 將死！對局結束。
gives-stalemate = { $side }沒有被將軍，卻無子可動：逼和，和棋。
gives-insufficient-material = 雙方都已無法將死對方（子力不足）：和棋。

## 輸入可以是幾步棋，或者看不懂

ambiguous = 有不止一個{ $piece }可以走到{ $to }（在{ $froms }）。請說明走哪一個{ $example }。
ambiguous-example = ，例如 { $from }{ $to }
which-move = 這可以是不止一步棋：{ $moves }。請說明是哪一步{ $example }。
move-choice = { $from }的{ $piece }走到{ $to }
which-move-example = ，例如寫 { $piece }{ $from }{ $to } 或 { $from }{ $to }
which-castling = 這裡兩邊都可以王車易位：請說明是短易位（O-O）還是長易位（O-O-O）。
unreadable = 我沒看懂「{ $input }」這步棋。請這樣寫：e2e4、e4、Nf3（或 馬f3）、O-O（短易位）。
# 對局怎樣結束：PGN 裡結果前的注釋。
pgn-checkmate = { $winner }將死對方。
pgn-stalemate = { $stalemated }被逼和：和棋（FIDE 5.2.1）。
pgn-dead-position = 死局：雙方都不可能將死對方（FIDE 5.2.2）。
pgn-fivefold = 同一局面第五次出現（在第{ $plies }個半回合之後）：和棋（FIDE 9.6.1）。
pgn-seventy-five = 雙方各走了75步，沒有吃子也沒有走兵：和棋（FIDE 9.6.2）。
pgn-threefold = { $claimant }按三次重複局面申請和棋（在第{ $plies }個半回合之後；FIDE 9.2）。
pgn-fifty = { $claimant }按五十回合規則申請和棋（FIDE 9.3）。
pgn-agreement = 雙方同意和棋。
pgn-resignation = { $loser }認輸。
pgn-abandoned = { $loser }放棄了對局。
# A FEN that does not read.
fen-not-whole = 這不是完整的FEN。FEN有六段，用空格隔開：棋子的位置、輪到哪一方、易位權、吃過路兵的格子、兩個計數。
fen-impossible = 這個局面不可能出現：比如少了王、兵站在底線，或者不該走棋的一方正被將軍。
