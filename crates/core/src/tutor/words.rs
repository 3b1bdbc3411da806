//! The tutor's own sentences (menus, praise, prompts), in both languages. Rule explanations
//! come from `rules::text`; lesson texts from the content.

use crate::rules::Lang;

/// Picks the sentence for `lang`.
pub fn say(lang: Lang, zh: &str, en: &str) -> String {
    match lang {
        Lang::Zh => zh.to_owned(),
        Lang::En => en.to_owned(),
    }
}

/// Two sentences in a row: a space between them in English, none after Chinese punctuation.
pub fn then(lang: Lang, first: &str, second: &str) -> String {
    match lang {
        Lang::Zh => format!("{first}{second}"),
        Lang::En => format!("{first} {second}"),
    }
}

/// A remark in brackets after a sentence: `（白方走）` / ` (White to move)`.
pub fn aside(lang: Lang, remark: &str) -> String {
    match lang {
        Lang::Zh => format!("（{remark}）"),
        Lang::En => format!(" ({remark})"),
    }
}

pub fn welcome(lang: Lang) -> String {
    say(
        lang,
        "欢迎来到国际象棋规则课！我会一步一步教你下棋的规则。每一步走不通的棋，我都会告诉你是哪条规则不允许，并在棋盘上标出关键的格子。",
        "Welcome to chess-tutor! I teach the rules of chess step by step. Whenever a move is not allowed, I tell you which rule forbids it and mark the squares that matter on the board.",
    )
}

pub fn choose_language() -> String {
    "请选择语言 / Choose your language:".to_owned()
}

pub fn menu(lang: Lang) -> String {
    say(
        lang,
        "想做什么？课程：从棋盘开始学规则；杀棋题：练习N步杀；测验：规则问答。随时发送 /help 查看所有命令。",
        "What would you like to do? Lessons: learn the rules from the board up. Puzzle: practise mate in N. Quiz: rule questions. Send /help at any time for every command.",
    )
}

pub fn help(lang: Lang) -> String {
    say(
        lang,
        "命令：\n/lessons 课程目录和进度\n/lesson 3 打开第3课\n/next 下一步\n/puzzle 杀棋题\n/hint 提示（先提示棋子，再提示格子，最后给出走法）\n/solution 答案\n/quiz 规则测验\n/explain FEN 走法 —— 判断任意局面里的一步棋\n/progress 我的进度和级别\n/board 再看一次棋盘\n/lang zh 或 /lang en 切换语言\n\n走棋可以这样写：e2e4、e4、Nf3、马f3、O-O（短易位）、O-O-O（长易位）。",
        "Commands:\n/lessons the course map and your progress\n/lesson 3 open unit 3\n/next the next step\n/puzzle a mate-in-N puzzle\n/hint a hint (first the piece, then the square, then the move)\n/solution the answer\n/quiz rule questions\n/explain FEN move — judge any move in any position\n/progress your progress and level\n/board the board again\n/lang zh or /lang en to switch language\n\nWrite moves like e2e4, e4, Nf3, O-O (castle short) or O-O-O (castle long).",
    )
}

/// The commands a chat client lists in its `/` menu, with their descriptions in `lang`
/// (Telegram's `setMyCommands`): (command without the slash, description).
#[must_use]
pub fn command_menu(lang: Lang) -> Vec<(&'static str, String)> {
    let rows: [(&str, &str, &str); 9] = [
        (
            "lessons",
            "课程目录和进度",
            "The course map and your progress",
        ),
        ("lesson", "继续学习当前的课", "Continue the current lesson"),
        ("puzzle", "杀棋题", "A mate-in-N puzzle"),
        ("quiz", "规则测验", "Rule questions"),
        ("hint", "提示", "A hint for the current task"),
        ("board", "再看一次棋盘", "The board again"),
        ("progress", "我的进度和级别", "Your progress and level"),
        ("lang", "切换语言", "Switch language"),
        ("help", "所有命令", "Every command"),
    ];
    rows.iter()
        .map(|(command, zh, en)| (*command, say(lang, zh, en)))
        .collect()
}

pub fn too_long(lang: Lang) -> String {
    say(
        lang,
        "这条消息太长了，我没有读。请发一步棋或一个命令（/help）。",
        "That message is too long, so I did not read it. Send a move or a command (/help).",
    )
}

pub fn unknown_command(lang: Lang, word: &str) -> String {
    let word: String = word.chars().take(32).collect();
    match lang {
        Lang::Zh => format!("我不认识命令 /{word}。发送 /help 查看所有命令。"),
        Lang::En => format!("I don't know the command /{word}. Send /help for the list."),
    }
}

pub fn stale_button(lang: Lang) -> String {
    say(
        lang,
        "这个按钮属于之前的题目，已经不能用了。请看最新的一条消息。",
        "That button belongs to an earlier question and no longer works. Please use the latest message.",
    )
}

pub fn nothing_to_do(lang: Lang) -> String {
    say(
        lang,
        "现在没有进行中的题目。选一个吧：",
        "There is no task in progress. Pick one:",
    )
}

pub fn right(lang: Lang) -> String {
    say(lang, "对了！", "Right!")
}

pub fn not_quite(lang: Lang) -> String {
    say(lang, "不对。", "Not quite.")
}

pub fn legal_but_missed(lang: Lang) -> String {
    say(
        lang,
        "这步棋是合法的，但没有完成任务。",
        "That move is legal, but it does not do the task.",
    )
}

pub fn lesson_done(lang: Lang, title: &str) -> String {
    match lang {
        Lang::Zh => format!("🎉 你学完了《{title}》！"),
        Lang::En => format!("🎉 You finished \"{title}\"!"),
    }
}

pub fn course_done(lang: Lang) -> String {
    say(
        lang,
        "你已经学完了全部课程！可以用 /puzzle 练习杀棋，或用 /quiz 复习规则。",
        "You have finished the whole course! Practise with /puzzle or review the rules with /quiz.",
    )
}

pub fn no_such_lesson(lang: Lang, count: usize) -> String {
    match lang {
        Lang::Zh => format!("没有这一课。课程编号是1到{count}，发送 /lessons 查看目录。"),
        Lang::En => format!(
            "There is no such lesson. Units are numbered 1 to {count}; send /lessons for the map."
        ),
    }
}

pub fn button_next(lang: Lang) -> String {
    say(lang, "下一步 ▶", "Next ▶")
}

pub fn button_hint(lang: Lang) -> String {
    say(lang, "提示 💡", "Hint 💡")
}

pub fn button_solution(lang: Lang) -> String {
    say(lang, "答案", "Solution")
}

pub fn button_lessons(lang: Lang) -> String {
    say(lang, "课程 📚", "Lessons 📚")
}

pub fn button_puzzle(lang: Lang) -> String {
    say(lang, "杀棋题 ♞", "Puzzle ♞")
}

pub fn button_quiz(lang: Lang) -> String {
    say(lang, "测验 ❓", "Quiz ❓")
}

pub fn yes(lang: Lang) -> String {
    say(lang, "是", "Yes")
}

pub fn no(lang: Lang) -> String {
    say(lang, "否", "No")
}

pub fn true_word(lang: Lang) -> String {
    say(lang, "对", "True")
}

pub fn false_word(lang: Lang) -> String {
    say(lang, "错", "False")
}

pub fn side_to_move(lang: Lang, white: bool) -> String {
    match (lang, white) {
        (Lang::Zh, true) => "白方走".into(),
        (Lang::Zh, false) => "黑方走".into(),
        (Lang::En, true) => "White to move".into(),
        (Lang::En, false) => "Black to move".into(),
    }
}

pub fn unreadable_answer(lang: Lang) -> String {
    say(
        lang,
        "我没看懂这个回答。请点按钮，或者回复选项的字母。",
        "I could not read that answer. Tap a button or reply with the letter of your choice.",
    )
}

pub fn button_tap_to_move(lang: Lang) -> String {
    say(lang, "👆 点按走子", "👆 Tap to move")
}

/// Under the tap board, nothing picked yet.
pub fn tap_a_piece(lang: Lang) -> String {
    say(
        lang,
        "👆 先点你的一个棋子，再点它要去的格子。",
        "👆 Tap one of your pieces, then the square it should go to.",
    )
}

/// Under the tap board, a piece picked.
pub fn tap_picked(lang: Lang, piece: &str, square: shakmaty::Square) -> String {
    match lang {
        Lang::Zh => format!(
            "已选中{square}的{piece}。点它要去的格子（• 可以走到，× 可以吃子），再点一次{piece}就取消选择。"
        ),
        Lang::En => format!(
            "The {piece} on {square} is picked. Tap where it should go (• it can move there, × it can capture there), or tap it again to put it back."
        ),
    }
}

/// Under the tap board, a piece picked that has no legal move.
pub fn tap_picked_stuck(lang: Lang, piece: &str, square: shakmaty::Square) -> String {
    match lang {
        Lang::Zh => format!(
            "已选中{square}的{piece}，可是它现在一步也不能走。点一个格子，我告诉你为什么不行；或者再点一次{piece}取消选择。"
        ),
        Lang::En => format!(
            "The {piece} on {square} is picked, but it has no legal move right now. Tap a square and I will tell you why, or tap it again to put it back."
        ),
    }
}

/// On the tap board after a tapped move that did not end the task.
pub fn tap_again(lang: Lang) -> String {
    say(
        lang,
        "👇 这步棋的回答在下面。想再试，就在这里重新点一个棋子。",
        "👇 The answer to that move is below. To try again, tap one of your pieces here.",
    )
}

/// A tap on an empty or enemy square with nothing picked.
pub fn tap_own_piece_first(lang: Lang) -> String {
    say(
        lang,
        "这个格子上没有你的棋子。请先点你自己的一个棋子。",
        "None of your pieces stands on that square. Tap one of your own pieces first.",
    )
}

/// A promotion piece's name on its button.
pub fn promotion_piece(lang: Lang, role: shakmaty::Role) -> &'static str {
    use shakmaty::Role;
    match (lang, role) {
        (Lang::Zh, role) => crate::rules::text::zh::piece(role),
        (Lang::En, Role::Queen) => "Queen",
        (Lang::En, Role::Rook) => "Rook",
        (Lang::En, Role::Bishop) => "Bishop",
        (Lang::En, Role::Knight) => "Knight",
        (Lang::En, Role::King) => "King",
        (Lang::En, Role::Pawn) => "Pawn",
    }
}

/// The question when a pawn reaches the last rank without a piece named.
pub fn choose_promotion(lang: Lang, from: shakmaty::Square, to: shakmaty::Square) -> String {
    match lang {
        Lang::Zh => format!(
            "兵从{from}走到{to}，到了底线，必须升变。你想让它变成什么？后、车、象、马都可以。"
        ),
        Lang::En => format!(
            "The pawn goes from {from} to {to}, the last rank, so it must be promoted. What should it become? A queen, rook, bishop or knight."
        ),
    }
}
