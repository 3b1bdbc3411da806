//! The puzzle of the day: the time a teacher sets, the puzzle a day gets, its post in the
//! class's language (with the week's leaderboard on the week's first day), a student's answer
//! judged (any move that keeps the forced mate is right), and each solver named with their
//! place. The shell decides nothing: its timer steps a [`Input::ClassTick`] for each class
//! whose time has come, under a key of that class and day, so that one replica's step posts
//! it; an answer is an input like any other, and a solve is stored in the step that found it.
//!
//! [`Input::ClassTick`]: crate::tutor::Input::ClassTick

use shakmaty::Position;

use super::who::{class_lang, taught_class};
use super::words::ClassSay;
use crate::content::Catalog;
use crate::content::puzzle::MatePuzzle;
use crate::render::BoardView;
use crate::rules::{self, Lang, Verdict, text::verdict_text};
use crate::search::defence::MoveJudgement;
use crate::tutor::classroom::{
    ClassContext, ClassId, ClassInfo, ClassWrite, DailyOpen, DailyTime, Receipt, Role,
};
use crate::tutor::cx::Cx;
use crate::tutor::effect::To;
use crate::tutor::reply::Reply;
use crate::tutor::spelling::Spell;
use crate::tutor::state::{DailyTag, Mode};
use crate::tutor::words::{Said, ToMove};

/// The longest mate a class's puzzle of the day asks for.
const DAILY_MATE_MAX: u32 = 2;

/// `/class daily HH:MM` or `/class daily off`: a teacher sets (or stops) the puzzle of the
/// day; a time that is none, or anyone else asking, changes nothing.
pub fn set(cx: &mut Cx<'_>, ctx: &ClassContext, time: Option<DailyTime>) {
    let lang = class_lang(cx, ctx);
    let Some(class) = taught_class(cx, ctx, lang) else {
        return;
    };
    let Some(time) = time else {
        cx.reply(Reply::text(ClassSay::DailyUsage.to(lang)));
        return;
    };
    cx.out.class(ClassWrite::SetDaily {
        class: class.id,
        at: time.minute(),
    });
    let say = match time {
        DailyTime::Off => ClassSay::DailyOff,
        DailyTime::At(_) => ClassSay::DailySet { time },
    };
    cx.reply(Reply::text(say.to(lang)));
}

/// The puzzles a day may get: mate in 1 or 2 from the catalogue, in its order.
fn pool(catalog: &Catalog) -> Vec<&MatePuzzle> {
    catalog
        .puzzles()
        .iter()
        .filter(|z| z.mate_in() <= DAILY_MATE_MAX)
        .collect()
}

/// The puzzle of day `day` (days since 1970-01-01, UTC) for class `class`: the same for
/// every replica that asks, another each day, classes on different ones.
#[must_use]
pub(crate) fn daily_puzzle(catalog: &Catalog, class: i64, day: i64) -> Option<&MatePuzzle> {
    let pool = pool(catalog);
    let n = i64::try_from(pool.len()).ok().filter(|n| *n > 0)?;
    let index = (day + class.rem_euclid(n)).rem_euclid(n);
    pool.get(usize::try_from(index).ok()?).copied()
}

/// The post of class `class`'s puzzle: its board and its task, in `lang`; with the bot's
/// username, also the link that opens it on a board in a student's private chat.
#[must_use]
pub(crate) fn daily_post(
    puzzle: &MatePuzzle,
    lang: Lang,
    class: ClassId,
    bot: Option<&str>,
) -> Reply {
    let pos = puzzle.position();
    let view = BoardView::from_position(pos).with_orientation(pos.turn());
    let mut text = ClassSay::DailyPost {
        side: ToMove(pos.turn()),
        mate_in: puzzle.mate_in(),
    }
    .to(lang);
    if let Some(bot) = bot {
        text.push('\n');
        text.push_str(
            &ClassSay::DailyLink {
                link: format!("https://t.me/{bot}?start={}", class.daily_payload()),
            }
            .to(lang),
        );
    }
    Reply::board(view, text)
}

/// `/start daily-N` in a private chat: the class's puzzle of today as a puzzle there, with
/// the tap board and the board page; a student's first right move counts for the class (see
/// [`ClassWrite::DailySolved`]). A teacher, or a student who solved it already, gets it for
/// practice; anyone else, or a link in a group, changes nothing.
pub fn open(cx: &mut Cx<'_>, ctx: &ClassContext, id: ClassId, mode: Mode) -> Mode {
    let lang = cx.lang();
    if ctx.group.is_some() {
        cx.reply(Reply::text(ClassSay::LinkInPrivate.to(lang)));
        return mode;
    }
    let Some(class) = ctx.class.as_ref().filter(|c| c.id == id) else {
        cx.reply(Reply::text(ClassSay::LinkGone.to(lang)));
        return mode;
    };
    let role = ctx.sender.as_ref().and_then(|s| class.role_of(s.person.id));
    let Some(role) = role else {
        cx.reply(Reply::text(ClassSay::NotIn.to(lang)));
        return mode;
    };
    let title = class.title.clone();
    let Some((daily, puzzle)) = ctx
        .daily
        .as_ref()
        .and_then(|d| Some((d, cx.catalog.puzzle(&d.puzzle)?)))
    else {
        cx.reply(Reply::text(ClassSay::DailyNoneToday { title }.to(lang)));
        return mode;
    };
    let counts = role == Role::Student
        && ctx
            .sender
            .as_ref()
            .is_none_or(|s| daily.place_of(s.person.id).is_none());
    let said = if counts {
        ClassSay::DailyOpened { title }
    } else {
        ClassSay::DailyPractice { title }
    };
    cx.reply(Reply::text(said.to(lang)));
    let tag = counts.then_some(DailyTag {
        class: id.0,
        day: daily.day,
    });
    super::super::puzzle::serve(cx, puzzle, false, tag)
}

/// What a message in the class's group says of the open puzzle of the day.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DailyAnswer {
    /// It reads as no move: not an answer (the shell handles it as any other message).
    NotAMove,
    /// A right first move: it mates, or keeps a forced mate in time.
    Right,
    /// A wrong (or illegal) move, and why, in a sentence.
    Wrong(String),
}

/// Judges `text` as an answer to `puzzle`: any key that keeps the forced mate is right.
#[must_use]
pub(crate) fn judge_answer(puzzle: &MatePuzzle, text: &str, lang: Lang) -> DailyAnswer {
    let pos = puzzle.position();
    let text = text.trim();
    let verdict = rules::explain(pos, text);
    let info = match &verdict {
        Verdict::Legal(info) => info.clone(),
        Verdict::Unreadable => return DailyAnswer::NotAMove,
        _ => return DailyAnswer::Wrong(verdict_text(pos, &verdict, text, lang)),
    };
    let spell = if lang == Lang::En {
        Spell::San
    } else {
        Spell::Both
    };
    let san = Said::new(pos, info.mv, spell);
    match super::super::mating::judge(pos, info.mv, puzzle.mate_in()) {
        Ok(judgement) if judgement.is_correct() => DailyAnswer::Right,
        Ok(MoveJudgement::Stalemates) => {
            DailyAnswer::Wrong(ClassSay::DailyStalemate { san }.to(lang))
        }
        _ => DailyAnswer::Wrong(
            ClassSay::DailyWrong {
                san,
                mate_in: puzzle.mate_in(),
            }
            .to(lang),
        ),
    }
}

/// What the group is told when `name` solved it, `place`th (1 is the first).
#[must_use]
pub(crate) fn solved_text(lang: Lang, name: &str, place: u32) -> String {
    ClassSay::DailySolved {
        name: name.to_owned(),
        place,
    }
    .to(lang)
}

/// A class's timer, on `day`: its puzzle of the day posted in its topic unless it was
/// already, and on the week's first post the week's leaderboard. Stepped on the class's
/// group under a key of the class and the day, so that two replicas' ticks post it once.
pub(crate) fn tick(cx: &mut Cx<'_>, id: ClassId, day: i64) {
    let Some(ctx) = cx.class.take() else {
        return;
    };
    let Some(class) = ctx.class.as_ref().filter(|c| c.id == id) else {
        return;
    };
    if ctx.daily.as_ref().is_some_and(|d| d.day == day) {
        return;
    }
    let Some(puzzle) = daily_puzzle(cx.catalog, id.0, day) else {
        return;
    };
    cx.out.class(ClassWrite::DailyPosted {
        class: id,
        day,
        puzzle: puzzle.id().clone(),
    });
    let post = daily_post(puzzle, class.lang, id, cx.bot_username())
        .with_receipt(Receipt::DailyPost { class: id, day });
    cx.out.post(To::posts_of(class), post);
    // The week's first puzzle comes with the leaderboard, posted once too.
    if !ctx.weekly_posted {
        cx.out.class(ClassWrite::WeeklyPosted {
            class: id,
            week: crate::tutor::classroom::week_of(day),
        });
        if let Some(report) = ctx.reports.iter().find(|r| r.class.id == id)
            && let Some(board) = super::top::weekly_post(report)
        {
            cx.out.post(To::posts_of(class), board);
        }
    }
}

/// A message in a class's group that replies to the post of its puzzle of today: judged as an
/// answer, right or wrong said in the group, a first right answer of a student stored with
/// their place. False when it replies to another message, reads as no move, or there is no
/// puzzle open there: the message is then handled as any other.
pub(crate) fn reply(cx: &mut Cx<'_>, text: &str) -> bool {
    let Some(ctx) = cx.class.as_ref() else {
        return false;
    };
    let (Some(class), Some(daily), Some(sender)) = (&ctx.class, &ctx.daily, &ctx.sender) else {
        return false;
    };
    let replies_to_post = daily.message.is_some() && daily.message == cx.given.envelope.reply_to;
    if !replies_to_post || ctx.group != Some(class.chat) {
        return false;
    }
    let Some(puzzle) = cx.catalog.puzzle(&daily.puzzle) else {
        return false;
    };
    let lang = class.lang;
    let said = match judge_answer(puzzle, text, lang) {
        DailyAnswer::NotAMove => return false,
        DailyAnswer::Wrong(why) => Some(why),
        DailyAnswer::Right => solved(class, daily, &sender.person.clone(), &mut |w| {
            cx.out.class(w);
        }),
    };
    if let Some(text) = said {
        cx.reply(Reply::text(text));
    }
    true
}

/// `person` found the first move of `daily`: their place stored (a student's first solution
/// only), and the words that name them; `None` when it does not count.
fn solved(
    class: &ClassInfo,
    daily: &DailyOpen,
    person: &crate::tutor::classroom::Person,
    write: &mut dyn FnMut(ClassWrite),
) -> Option<String> {
    if class.role_of(person.id) != Some(Role::Student) || daily.place_of(person.id).is_some() {
        return None;
    }
    let place = daily.next_place();
    write(ClassWrite::DailySolved {
        class: class.id,
        day: daily.day,
        user: person.id,
        place,
    });
    Some(solved_text(class.lang, &person.name, place))
}

/// The learner solved a class's puzzle of the day on a board in their private chat: stored
/// with their place in this step, and named in the class's group.
pub(crate) fn solved_in_private(cx: &mut Cx<'_>, id: ClassId, day: i64) {
    let Some(ctx) = cx.class.as_ref() else {
        return;
    };
    let Some(class) = ctx.class.as_ref().filter(|c| c.id == id) else {
        return;
    };
    let Some(daily) = ctx.daily.as_ref().filter(|d| d.day == day) else {
        return;
    };
    let Some(me) = cx
        .given
        .envelope
        .learner
        .or(ctx.sender.as_ref().map(|s| s.person.id))
    else {
        return;
    };
    // Named as the class knows them.
    let Some(person) = class.students.iter().find(|p| p.id == me).cloned() else {
        return;
    };
    let (class, daily) = (class.clone(), daily.clone());
    let mut writes = Vec::new();
    if let Some(text) = solved(&class, &daily, &person, &mut |w| writes.push(w)) {
        for w in writes {
            cx.out.class(w);
        }
        cx.out.post(To::posts_of(&class), Reply::text(text));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn catalog() -> &'static Catalog {
        static SHIPPED: std::sync::OnceLock<Catalog> = std::sync::OnceLock::new();
        SHIPPED.get_or_init(|| Catalog::shipped().expect("the shipped content loads"))
    }

    #[test]
    fn each_day_has_one_puzzle_every_replica_agrees_on() {
        let a = daily_puzzle(catalog(), 77, 20_000).unwrap();
        let b = daily_puzzle(catalog(), 77, 20_000).unwrap();
        let next = daily_puzzle(catalog(), 77, 20_001).unwrap();
        assert_eq!(a.id(), b.id());
        assert_ne!(a.id(), next.id());
        assert!(a.mate_in() <= DAILY_MATE_MAX);
    }

    #[test]
    fn every_key_is_right_and_a_wrong_move_says_why() {
        for day in 0..40 {
            let puzzle = daily_puzzle(catalog(), 5, day).unwrap();
            let pos = puzzle.position();
            for key in puzzle.keys() {
                let uci = key.to_uci(shakmaty::CastlingMode::Standard).to_string();
                assert_eq!(
                    judge_answer(puzzle, &uci, Lang::En),
                    DailyAnswer::Right,
                    "{}",
                    puzzle.id()
                );
            }
            assert_eq!(
                judge_answer(puzzle, "hello there", Lang::En),
                DailyAnswer::NotAMove
            );
            let wrong = pos.legal_moves().into_iter().find(|m| {
                !super::super::super::mating::judge(pos, *m, puzzle.mate_in())
                    .is_ok_and(|j| j.is_correct())
            });
            if let Some(m) = wrong {
                let uci = m.to_uci(shakmaty::CastlingMode::Standard).to_string();
                let DailyAnswer::Wrong(why) = judge_answer(puzzle, &uci, Lang::Zh) else {
                    panic!("{uci} in {}", puzzle.id());
                };
                assert!(!why.is_empty());
            }
        }
    }

    #[test]
    fn the_solvers_are_named_with_their_place() {
        assert_eq!(solved_text(Lang::En, "Ann", 1), "✓ Ann solved it (1st)");
        assert_eq!(solved_text(Lang::En, "Bo", 2), "✓ Bo solved it (2nd)");
        assert!(solved_text(Lang::Zh, "Ann", 1).contains("第1"));
    }
}
