//! Everything the tutor itself says (menus, praise, prompts), as [`Say`] values: what to say is
//! decided here and in the activities; the words are in `locales/<lang>/tutor.ftl`. Rule
//! explanations come from `rules::text`; lesson, quiz and puzzle texts from the content.

use shakmaty::san::San;
use shakmaty::{Role, Square};

use crate::content::Text;
use crate::i18n::Lang;
use crate::rules::RuleCode;
pub(crate) use facts::{
    Delta, Example, IsWhite, LadderLevel, LevelAbout, Line, Lines, List, MateSide, Numbered,
    RuleName, RuleTimes, Said, Sentences, SideName, Spell, Squares, Stood, ToMove, in_words,
};

mod facts;

crate::messages! {
    /// One thing the tutor says. Each variant is one message of `tutor.ftl`, its fields that
    /// message's arguments: typed facts (squares, pieces, moves, counts, content texts,
    /// nested sentences), worded per language by their `Arg`. A `String` field is free text:
    /// what the learner typed, a name or a link, or words already worded elsewhere (said on
    /// the variant).
    pub(crate) enum Say {
        /// Glue around sentences already worded (`then`).
        TwoSentences { first: String, second: String } = "two-sentences",
        /// Glue around words already worded (`aside`).
        Aside { remark: String } = "aside",
        Welcome = "welcome",
        ChooseLanguage = "choose-language",
        Menu = "menu",
        Help = "help",
        LangSet { script: Lang } = "lang-set",
        CommandLessons = "command-lessons",
        CommandLesson = "command-lesson",
        CommandPuzzle = "command-puzzle",
        CommandQuiz = "command-quiz",
        CommandHint = "command-hint",
        CommandBoard = "command-board",
        CommandProgress = "command-progress",
        CommandLang = "command-lang",
        CommandHelp = "command-help",
        CommandA11y = "command-a11y",
        ButtonNext = "button-next",
        ButtonHint = "button-hint",
        ButtonSolution = "button-solution",
        ButtonLessons = "button-lessons",
        ButtonPuzzle = "button-puzzle",
        ButtonQuiz = "button-quiz",
        ButtonTapToMove = "button-tap-to-move",
        ButtonBoardApp = "button-board-app",
        PagePromote = "page-promote",
        PageWaiting = "page-waiting",
        PageNoTask = "page-no-task",
        PageNoneQuiz = "page-none-quiz",
        PageNoneLesson = "page-none-lesson",
        PageGameOver = "page-game-over",
        PageStale = "page-stale",
        PageYourMove = "page-your-move",
        PageTextMode = "page-text-mode",
        PageClose = "page-close",
        ButtonNextPuzzle = "button-next-puzzle",
        ButtonAnotherRound = "button-another-round",
        ButtonMenu = "button-menu",
        ButtonPractiseRule = "button-practise-rule",
        Yes = "yes",
        No = "no",
        True = "true-word",
        False = "false-word",
        TooLong = "too-long",
        /// The command as the learner typed it.
        UnknownCommand { word: String } = "unknown-command",
        StaleButton = "stale-button",
        ButtonSpent = "button-spent",
        AlreadyAnswered = "already-answered",
        /// `input`: what the learner typed, as they typed it (also below).
        UnreadMove { input: String, spelled: Example } = "unread-move",
        UnreadMoveNoExample { input: String } = "unread-move-no-example",
        UnreadXiangqi { input: String, spelled: Example } = "unread-xiangqi",
        UnreadCannon { input: String, spelled: Example } = "unread-cannon",
        NothingToDo = "nothing-to-do",
        /// The answers as their buttons show them, joined (`either`).
        UnreadableAnswer { choices: String } = "unreadable-answer",
        /// The answers as their buttons show them, joined (`either`).
        AnswerWithButtons { choices: String } = "answer-with-buttons",
        OrWord = "or-word",
        ExplainUsage = "explain-usage",
        QuestionMissing = "question-missing",
        Right = "right",
        NotQuite = "not-quite",
        LegalButMissed = "legal-but-missed",
        /// A legal move under touch-move that leaves the touched own piece unmoved.
        TouchMoveOwn { piece: Role, square: Square } = "touch-move-own",
        /// A legal move under touch-move that leaves the touched enemy piece untaken.
        TouchMoveEnemy { piece: Role, square: Square } = "touch-move-enemy",
        WhiteToMove = "white-to-move",
        BlackToMove = "black-to-move",
        NoLessons = "no-lessons",
        LessonHeading { unit: u32, title: Text, number: usize, steps: usize } = "lesson-heading",
        CourseDone = "course-done",
        NoSuchLesson { count: usize } = "no-such-lesson",
        ReadThenNext = "read-then-next",
        NoHint = "no-hint",
        NoSolution = "no-solution",
        MoveSolution { san: San, why: Text } = "move-solution",
        /// `said`: the referee's words for the move (`rules::text`, the lesson's own wording).
        MoveSolutionInWords { said: String, why: Text } = "move-solution-in-words",
        /// The step's explanation, trimmed.
        WhyRight { why: String } = "why-right",
        SquaresUnreadable = "squares-unreadable",
        SquaresMissing { count: usize } = "squares-missing",
        SquaresWrong { squares: Squares } = "squares-wrong",
        SquaresSolution { squares: Squares, why: Text } = "squares-solution",
        /// The answer's label and explanation, as the judged answer already words them.
        JudgeSolution { answer: String, why: String } = "judge-solution",
        DrawStalemate = "draw-stalemate",
        DrawInsufficientMaterial = "draw-insufficient-material",
        DrawThreefold = "draw-threefold",
        DrawFivefold = "draw-fivefold",
        DrawFiftyMoves = "draw-fifty-moves",
        DrawSeventyFiveMoves = "draw-seventy-five-moves",
        DrawNone = "draw-none",
        GameUnderWay = "game-under-way",
        GamePaused = "game-paused",
        GameSetup { level: u32, about: LevelAbout, suggested: u32 } = "game-setup",
        LevelAbout { level: u32 } = "level-about",
        ButtonPlay = "button-play",
        ButtonPlayWhite = "button-play-white",
        ButtonPlayBlack = "button-play-black",
        ButtonPlayRandom = "button-play-random",
        ButtonLevel { level: u32 } = "button-level",
        GameStarted { level: u32, side: SideName } = "game-started",
        TutorOpened { san: Said } = "tutor-opened",
        GameYourMove { examples: List<Said> } = "game-your-move",
        GameYourMoveTyped { examples: List<Said> } = "game-your-move-typed",
        SideWhite = "side-white",
        SideBlack = "side-black",
        GameCaption { level: u32, side: SideName } = "game-caption",
        ButtonClaimDraw = "button-claim-draw",
        ButtonOfferDraw = "button-offer-draw",
        ButtonResign = "button-resign",
        ButtonTakeBack = "button-take-back",
        GameNoSkipping = "game-no-skipping",
        GameNoSolution = "game-no-solution",
        GameHintInCheck = "game-hint-in-check",
        GameHintHanging { square: Square, piece: Option<Role> } = "game-hint-hanging",
        GameHintFreeCapture { square: Square, piece: Option<Role> } = "game-hint-free-capture",
        GameHintNone = "game-hint-none",
        GameYouPlayed { san: Said } = "game-you-played",
        /// `what`: the referee's words for the move (`rules::text::legal_in_words`).
        TutorAnswered { san: Said, what: String } = "tutor-answered",
        GameYouAreInCheck = "game-you-are-in-check",
        ClaimThreefoldNow = "claim-threefold-now",
        ClaimThreefoldWith { san: Said } = "claim-threefold-with",
        ClaimFiftyNow = "claim-fifty-now",
        ClaimFiftyWith { san: Said } = "claim-fifty-with",
        NoClaim { times: u32, moves: u32 } = "no-claim",
        ResignConfirm = "resign-confirm",
        ButtonResignYes = "button-resign-yes",
        ButtonPlayOn = "button-play-on",
        DrawOfferTooSoon { moves: u32 } = "draw-offer-too-soon",
        DrawAccepted = "draw-accepted",
        DrawDeclinedAhead { points: u32 } = "draw-declined-ahead",
        DrawDeclinedLevel = "draw-declined-level",
        TakenBack = "taken-back",
        NoTakeBack = "no-take-back",
        GamePoints { delta: Delta, before: i32, after: i32, level: LadderLevel } = "game-points",
        ButtonPlayAgain = "button-play-again",
        ButtonPgn = "button-pgn",
        EndYouMate { why: Sentences } = "end-you-mate",
        AtTheStart = "at-the-start",
        AfterMove { said: Option<Numbered> } = "after-move",
        EndTutorMates { why: Sentences } = "end-tutor-mates",
        EndStalemate { side: SideName } = "end-stalemate",
        EndDeadKings = "end-dead-kings",
        EndDeadMinor = "end-dead-minor",
        EndDeadBishops = "end-dead-bishops",
        EndFivefold { moves: List<Stood> } = "end-fivefold",
        EndSeventyFive = "end-seventy-five",
        EndThreefoldClaimed { moves: List<Stood> } = "end-threefold-claimed",
        EndFiftyClaimed { moves: u32 } = "end-fifty-claimed",
        EndAgreement = "end-agreement",
        EndYouResigned = "end-you-resigned",
        EndTutorResigned = "end-tutor-resigned",
        CoachMissedMate { number: u32, played: Said, mate_in: u32, key: Said } = "coach-missed-mate",
        CoachMissedCapture { number: u32, played: Said, capture: Said, piece: Option<Role> } = "coach-missed-capture",
        CoachLeftHanging { number: u32, played: Said, piece: Option<Role>, square: Square } = "coach-left-hanging",
        CoachAllowedMate { number: u32, played: Said, mate: Said } = "coach-allowed-mate",
        ReviewHeading = "review-heading",
        ReviewLine { number: u32, played: Said, what: Box<Say> } = "review-line",
        ReviewLost { piece: Option<Role>, square: Square } = "review-lost",
        ReviewLeftHanging { piece: Option<Role>, square: Square } = "review-left-hanging",
        ReviewAllowedMate = "review-allowed-mate",
        ReviewMissedMate { mate_in: u32 } = "review-missed-mate",
        ReviewMissedCapture { piece: Option<Role> } = "review-missed-capture",
        NoGameYet = "no-game-yet",
        PgnLearner = "pgn-learner",
        PgnIntro = "pgn-intro",
        ProgressGames { played: u32, won: u32, drawn: u32, lost: u32 } = "progress-games",
        ProgressFriendGames { played: u32, won: u32, drawn: u32, lost: u32 } = "progress-friend-games",
        ButtonPlayFriend = "button-play-friend",
        ButtonPlayFriendAgain = "button-play-friend-again",
        ButtonCancelInvitation = "button-cancel-invitation",
        ButtonAcceptDraw = "button-accept-draw",
        ButtonDeclineDraw = "button-decline-draw",
        ButtonClaimAbandoned = "button-claim-abandoned",
        DuelKept = "duel-kept",
        DuelUnderWay = "duel-under-way",
        DuelNeedsTelegram = "duel-needs-telegram",
        /// The link that joins the game.
        DuelInvitation { link: String } = "duel-invitation",
        /// A player's name.
        DuelGroupInvitation { name: String } = "duel-group-invitation",
        DuelOwnGroupInvitation = "duel-own-group-invitation",
        /// A player's name.
        DuelForPlayer { name: String } = "duel-for-player",
        DuelNotYourButton = "duel-not-your-button",
        DuelNotYourGame = "duel-not-your-game",
        DuelMoveInGroup = "duel-move-in-group",
        CoachMayTakeBack = "coach-may-take-back",
        ButtonAcceptGame = "button-accept-game",
        DuelInvitationGone = "duel-invitation-gone",
        DuelInvitationTaken = "duel-invitation-taken",
        DuelInvitationCancelled = "duel-invitation-cancelled",
        DuelOneAtATime = "duel-one-at-a-time",
        DuelJoined { side: SideName } = "duel-joined",
        DuelFriendJoined = "duel-friend-joined",
        DuelWaitForFriend = "duel-wait-for-friend",
        DuelWaitingForJoin = "duel-waiting-for-join",
        DuelCaption { side: SideName } = "duel-caption",
        DuelMayClaimAbandoned { days: u32 } = "duel-may-claim-abandoned",
        DuelNoHints = "duel-no-hints",
        /// `what`: the referee's words for the move (`rules::text::legal_in_words`).
        DuelFriendPlayed { san: Said, what: String } = "duel-friend-played",
        DuelFriendPlayedBare { san: Said } = "duel-friend-played-bare",
        DuelOfferDeclinedByMove = "duel-offer-declined-by-move",
        DuelClaimOnYourMove = "duel-claim-on-your-move",
        DuelOfferStands = "duel-offer-stands",
        DuelYouOffered = "duel-you-offered",
        DuelFriendOffers = "duel-friend-offers",
        DuelYouAccepted = "duel-you-accepted",
        DuelFriendAccepted = "duel-friend-accepted",
        DuelYouDeclined = "duel-you-declined",
        DuelFriendDeclined = "duel-friend-declined",
        DuelPointsLater { delta: Delta } = "duel-points-later",
        PgnFriend = "pgn-friend",
        EndFriendMates { why: Sentences } = "end-friend-mates",
        EndYouResignedFriend = "end-you-resigned-friend",
        EndFriendResigned = "end-friend-resigned",
        EndYouAbandoned { days: u32 } = "end-you-abandoned",
        EndFriendAbandoned { days: u32 } = "end-friend-abandoned",
        CommandPlay = "command-play",
        TapAPiece = "tap-a-piece",
        TapPicked { piece: Role, square: Square } = "tap-picked",
        TapPickedStuck { piece: Role, square: Square } = "tap-picked-stuck",
        TapOwnPieceFirst = "tap-own-piece-first",
        PromotionQueen = "promotion-queen",
        PromotionRook = "promotion-rook",
        PromotionBishop = "promotion-bishop",
        PromotionKnight = "promotion-knight",
        ChoosePromotion { from: Square, to: Square } = "choose-promotion",
        NoPuzzles = "no-puzzles",
        PuzzleCaption { side: ToMove, mate_in: u32, left: u32 } = "puzzle-caption",
        PuzzleLevel { level: LadderLevel, points: i32 } = "puzzle-level",
        PuzzleMates { right: Box<Say>, san: Said } = "puzzle-mates",
        PuzzleKeepsMate { san: Said, reply: Said, left: u32 } = "puzzle-keeps-mate",
        PuzzleMatesTooLate { san: Said, mate_in: u32, within: u32, defence: Line } = "puzzle-mates-too-late",
        PuzzleStalemates { san: Said } = "puzzle-stalemates",
        PuzzleTryAgain = "puzzle-try-again",
        PuzzleCountedAsMissed = "puzzle-counted-as-missed",
        NoMateFromHere = "no-mate-from-here",
        /// The search ran out of its budget before it could judge the learner's move: `san`
        /// is the move as the learner reads moves in a puzzle, the referee's words for it in
        /// a lesson's mate step.
        SearchUndecidedMove { san: String } = "search-undecided-move",
        /// The search ran out of its budget before it could find the mate (hint, solution).
        SearchTooHard = "search-too-hard",
        HintPiece { piece: Role, square: Square } = "hint-piece",
        HintSquare { piece: Role, from: Square, to: Square } = "hint-square",
        HintMove { san: Said } = "hint-move",
        PuzzleSolution { line: Line } = "puzzle-solution",
        PuzzleTactics { names: List<Text> } = "puzzle-tactics",
        QuizHeading { asked: u32, round: u32 } = "quiz-heading",
        QuizTaughtIn { unit: u32 } = "quiz-taught-in",
        QuizRoundDone { right: u32, round: u32, delta: Delta, level: LadderLevel } = "quiz-round-done",
        Unranked = "unranked",
        Level { level: u32 } = "level",
        Progress {
            steps_done: usize,
            steps: usize,
            lessons_done: usize,
            level: LadderLevel,
            points: i32,
            quiz_right: u32,
            quiz_wrong: u32,
        } = "progress",
        ProgressErrors { errors: List<RuleTimes> } = "progress-errors",
        ListSeparator = "list-separator",
        TryAgain = "try-again",
        BoardRestored = "board-restored",
        ThinkAgain = "think-again",
        /// The right answer's label, as the judged answer words it.
        QuizWrongAnswer { key: String } = "quiz-wrong-answer",
        QuizStatementTrue = "quiz-statement-true",
        QuizStatementFalse = "quiz-statement-false",
        LessonFinished { title: Text } = "lesson-finished",
        LessonPassed { title: Text, done: usize, steps: usize, unit: u32 } = "lesson-passed",
        NextLessonIs { unit: u32, title: Text } = "next-lesson-is",
        ButtonNextLesson = "button-next-lesson",
        ButtonXiangqiFirst { unit: u32 } = "button-xiangqi-first",
        PracticeDone = "practice-done",
        CourseMapLegend = "course-map-legend",
        LessonButton { unit: u32, title: Text } = "lesson-button",
        /// The name as the learner typed it.
        NoLessonNamed { name: String } = "no-lesson-named",
        /// `/play` with something that is no level, as the learner typed it.
        NoSuchLevel { given: String } = "no-such-level",
        HintCapture { piece: Role, from: Square, to: Square, captured: Role } = "hint-capture",
        HintMore = "hint-more",
        HintLast = "hint-last",
        TapRetry = "tap-retry",
        TapSquaresPrompt = "tap-squares-prompt",
        TapSquaresPicked { squares: Squares } = "tap-squares-picked",
        TapSquaresNone = "tap-squares-none",
        ButtonDone = "button-done",
        /// What the learner typed after `/explain`.
        ExplainNeedsMove { fen: String } = "explain-needs-move",
        PuzzleCaptionRated { side: ToMove, mate_in: u32, left: u32, rating: u32 } = "puzzle-caption-rated",
        BoardTurned = "board-turned",
        PuzzleReview = "puzzle-review",
        /// A puzzle asked for that the learner played before.
        PuzzleRepeat = "puzzle-repeat",
        /// `/puzzle` with what names no puzzle.
        PuzzleNoSuch { given: String } = "puzzle-no-such",
        MateInExplained { mate_in: u32, unit: u32 } = "mate-in-explained",
        ButtonLearnMate { unit: u32 } = "button-learn-mate",
        PuzzleNoCheck { san: Said } = "puzzle-no-check",
        PuzzleCheckAnswered { san: Said, how: Box<Say>, defence: Line } = "puzzle-check-answered",
        HowCapture { piece: Option<Role> } = "how-capture",
        HowBlock = "how-block",
        HowKing { square: Square } = "how-king",
        PuzzleEscapes { san: Said, defence: Line, left: u32 } = "puzzle-escapes",
        WhyMateCheck { king: Box<Say>, checker: Box<Say> } = "why-mate-check",
        WhyMateDouble { king: Box<Say>, checker: List<Say> } = "why-mate-double",
        WhyMateCovered { squares: List<Square>, count: usize } = "why-mate-covered",
        WhyMateOwn { squares: List<Square> } = "why-mate-own",
        WhyMateNowhere = "why-mate-nowhere",
        WhyMateNoHelp = "why-mate-no-help",
        AlsoMates { moves: List<Said> } = "also-mates",
        PointsChange { delta: Delta, before: i32, after: i32, rating: u32 } = "points-change",
        ProgressPuzzles { started: u32, solved: usize, to_review: usize } = "progress-puzzles",
        ProgressLadder = "progress-ladder",
        RuleName { code: RuleCode } = "rule-name",
        KingOn { white: IsWhite, square: Square } = "king-on",
        PieceOn { piece: Role, square: Square } = "piece-on",
        MateStepLeft { left: u32 } = "mate-step-left",
        MateStepMove { white: IsWhite, piece: Role, from: Square, to: Square } = "mate-step-move",
        MateStepMoveCapture { white: IsWhite, piece: Role, from: Square, to: Square, captured: Role } = "mate-step-move-capture",
        /// The referee's words for the learner's move (`rules::text::legal_in_words`).
        MateStepKeeps { said: String } = "mate-step-keeps",
        MateStepDefence { defence: Option<Box<Say>> } = "mate-step-defence",
        MateStepStalemate { side: MateSide } = "mate-step-stalemate",
        MateStepNoMate { defence: Option<Box<Say>> } = "mate-step-no-mate",
        MateStepEscapes { defence: Option<Box<Say>>, left: u32 } = "mate-step-escapes",
        MateStepTooSlow { mate_in: u32, left: u32 } = "mate-step-too-slow",
        MateStepTakenBack = "mate-step-taken-back",
        MateStepMated = "mate-step-mated",
        MateStepSolution { line: Lines, why: Text } = "mate-step-solution",
        MateSide { white: IsWhite } = "mate-side",
    }
}

/// Two sentences in a row: a space between them in English, none after Chinese punctuation.
pub fn then(lang: Lang, first: &str, second: &str) -> String {
    Say::TwoSentences {
        first: first.to_owned(),
        second: second.to_owned(),
    }
    .to(lang)
}

/// A remark in brackets after a sentence: `（白方走）` / ` (White to move)`.
pub fn aside(lang: Lang, remark: &str) -> String {
    Say::Aside {
        remark: remark.to_owned(),
    }
    .to(lang)
}

/// Items of a list, joined as the language joins them (`，` / `, `).
pub fn list(lang: Lang, items: &[String]) -> String {
    items.join(&Say::ListSeparator.to(lang))
}

/// A language's name in itself (as the language chooser's buttons show it): never converted
/// between the scripts.
pub fn language_name(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => "简体中文",
        Lang::ZhHant => "繁體中文",
        Lang::En => "English",
    }
}

pub fn choose_language() -> String {
    Say::ChooseLanguage.to(Lang::En)
}

/// The commands a chat client lists in its `/` menu, with their descriptions in `lang`
/// (Telegram's `setMyCommands`): (command without the slash, description).
#[must_use]
pub fn command_menu(lang: Lang) -> Vec<(&'static str, String)> {
    [
        ("lessons", Say::CommandLessons),
        ("lesson", Say::CommandLesson),
        ("puzzle", Say::CommandPuzzle),
        ("quiz", Say::CommandQuiz),
        ("play", Say::CommandPlay),
        ("hint", Say::CommandHint),
        ("board", Say::CommandBoard),
        ("progress", Say::CommandProgress),
        ("lang", Say::CommandLang),
        ("a11y", Say::CommandA11y),
        ("help", Say::CommandHelp),
    ]
    .into_iter()
    .map(|(command, say)| (command, say.to(lang)))
    .collect()
}

pub fn unknown_command(lang: Lang, word: &str) -> String {
    Say::UnknownCommand {
        word: crate::rules::text::displayable(word)
            .chars()
            .take(32)
            .collect(),
    }
    .to(lang)
}

/// A typed word that means "go on" where Next is what is offered (after an answer, under a
/// text to read): `好`, `ok`, `next`, `下一步`. Never an answer or a move.
pub fn is_next_word(text: &str) -> bool {
    let t = text
        .trim()
        .trim_end_matches(['!', '！', '.', '。', '~', '～'])
        .to_lowercase();
    matches!(
        t.as_str(),
        "next"
            | "n"
            | "ok"
            | "okay"
            | "k"
            | "go on"
            | "continue"
            | "next question"
            | "got it"
            | "👍"
            | "好"
            | "好的"
            | "好了"
            | "嗯"
            | "行"
            | "知道了"
            | "明白"
            | "明白了"
            | "懂了"
            | "下一步"
            | "下一题"
            | "下一題"
            | "下一个"
            | "下一個"
            | "继续"
            | "繼續"
    )
}

/// A typed word that claims a draw in a game (`claim`, `求和` is an offer, not a claim).
pub fn is_claim_word(text: &str) -> bool {
    matches!(
        text.trim().to_lowercase().as_str(),
        "claim" | "claim draw" | "/claim" | "申请和棋" | "申請和棋" | "要求和棋"
    )
}

/// A typed word that resigns a game (asked once before it counts).
pub fn is_resign_word(text: &str) -> bool {
    matches!(
        text.trim().to_lowercase().as_str(),
        "resign" | "/resign" | "认输" | "認輸"
    )
}

/// A typed word that offers a draw in a game (`draw?` too).
pub fn is_draw_offer_word(text: &str) -> bool {
    matches!(
        text.trim()
            .trim_end_matches(['?', '？', '!', '！', '.', '。'])
            .to_lowercase()
            .as_str(),
        "draw" | "offer draw" | "offer a draw" | "/draw" | "求和" | "提和" | "和棋" | "和棋吗"
    )
}

/// A typed word that takes the last move back in a game (where a take-back is allowed).
pub fn is_take_back_word(text: &str) -> bool {
    matches!(
        text.trim()
            .trim_end_matches(['?', '？', '!', '！', '.', '。'])
            .to_lowercase()
            .as_str(),
        "undo" | "take back" | "takeback" | "/undo" | "悔棋" | "悔一步" | "退一步"
    )
}

/// An answer that was not read, with the answers there are (`对 / 错`, `A, B or C`).
pub fn unreadable_answer(lang: Lang, choices: &[String]) -> String {
    Say::UnreadableAnswer {
        choices: either(lang, choices),
    }
    .to(lang)
}

/// `A, B or C` / `A、B或C`.
pub fn either(lang: Lang, items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{}{}{last}", list(lang, rest), Say::OrWord.to(lang)),
    }
}

/// A promotion piece's name on its button (only the four pieces a pawn may become).
pub fn promotion_piece(lang: Lang, role: Role) -> String {
    match role {
        Role::Rook => Say::PromotionRook,
        Role::Bishop => Say::PromotionBishop,
        Role::Knight => Say::PromotionKnight,
        Role::Queen | Role::King | Role::Pawn => Say::PromotionQueen,
    }
    .to(lang)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{LANGS, message_ids, try_tr};

    #[test]
    fn every_tutor_message_is_worded_in_every_language() {
        for lang in LANGS {
            for say in Say::samples() {
                if let Err(e) = say.try_to(lang) {
                    panic!("{e}");
                }
            }
        }
    }

    #[test]
    fn every_catalogue_message_is_said_somewhere() {
        let mut said: Vec<&str> = Say::samples().iter().map(Say::id).collect();
        // What is said about a class is in its own section (`class/words.rs`).
        said.extend(super::super::class::said());
        for lang in LANGS {
            for (file, id) in message_ids(lang) {
                if file.ends_with("tutor.ftl") {
                    assert!(said.contains(&id.as_str()), "{file}: `{id}` is never said");
                }
            }
        }
    }

    #[test]
    fn glue_follows_the_language() {
        assert_eq!(then(Lang::Zh, "对了！", "车走到e4。"), "对了！车走到e4。");
        assert_eq!(then(Lang::En, "Right!", "Re4."), "Right! Re4.");
        assert_eq!(aside(Lang::En, "White to move"), " (White to move)");
        assert_eq!(aside(Lang::Zh, "白方走"), "（白方走）");
        let items = ["a".to_owned(), "b".to_owned()];
        assert_eq!(list(Lang::En, &items), "a, b");
        assert_eq!(list(Lang::Zh, &items), "a，b");
    }

    #[test]
    fn a_wording_that_needs_a_missing_argument_is_an_error() {
        struct Bad;
        impl crate::i18n::Message for Bad {
            fn id(&self) -> &'static str {
                "lesson-done"
            }
            fn args(&self) -> crate::i18n::fluent::FluentArgs<'_> {
                crate::i18n::fluent::FluentArgs::new()
            }
        }
        assert!(try_tr(Lang::En, &Bad).is_err());
    }
}
