//! A class's puzzle of the day, in the Telegram shell: every few seconds (`CHESS_TUTOR_DAILY_CHECK_MS`,
//! default 30 s) the classes whose time has come are asked of the store; each day's post is
//! claimed there first, and only the replica whose claim took effect posts it. A student's
//! move typed in the group (or a reply to the post) is judged by the tutor; the first right
//! answer of each student is named with its place. The week's first puzzle comes with the
//! class's leaderboard, claimed by week the same way. Nothing is decided here.

use std::sync::Arc;
use std::time::Duration;

use chess_tutor_core::rules::Lang;
use chess_tutor_core::tutor::{self, DailyAnswer, Reply};
use chess_tutor_store::StoreError;
use teloxide_core::types::{ChatId, ThreadId};
use tokio_util::sync::CancellationToken;

use super::Shell;
use super::inbound::Member;
use super::outbound::{Place, send_reply};

/// How often the due classes are looked for, unless `CHESS_TUTOR_DAILY_CHECK_MS` says.
const CHECK_EVERY: Duration = Duration::from_secs(30);
/// 1970-01-05, the first Monday: weeks count from it.
const MONDAY: i64 = 4;

/// Posts the puzzles of the day that are due, every check interval until `stop`.
pub async fn run(shell: Arc<Shell>, stop: CancellationToken) {
    let every = std::env::var("CHESS_TUTOR_DAILY_CHECK_MS")
        .ok()
        .and_then(|ms| ms.trim().parse().ok())
        .map_or(CHECK_EVERY, Duration::from_millis);
    loop {
        tokio::select! {
            () = tokio::time::sleep(every) => {}
            () = stop.cancelled() => return,
        }
        if let Err(e) = post_due(&shell).await {
            tracing::warn!(error = %e, "cannot look for the puzzles of the day due");
        }
    }
}

/// Posts each due class's puzzle of today that this replica claims first.
async fn post_due(shell: &Shell) -> Result<(), StoreError> {
    let (day, minute) = crate::class::today();
    for class in shell.store.due_dailies(day, minute).await? {
        let Some(puzzle) = tutor::daily_puzzle(&shell.catalog, class.id, day) else {
            continue;
        };
        if !shell
            .store
            .claim_daily(class.id, day, puzzle.id().as_str())
            .await?
        {
            continue;
        }
        let lang: Lang = class.lang.parse().unwrap_or_default();
        let post = tutor::daily_post(
            puzzle,
            lang,
            tutor::ClassId(class.id),
            super::inbound::own_username(),
        );
        let place = Place::of_class(&class);
        tracing::info!(class = class.id, day, puzzle = %puzzle.id(), "posting the puzzle of the day");
        match send_reply(shell, place, &post).await {
            Ok(Some(sent)) => {
                let message = i64::from(sent.message.0);
                shell
                    .store
                    .set_daily_message(class.id, day, message)
                    .await?;
            }
            Ok(None) => {}
            // Claimed, so no other replica posts it: today's puzzle is lost for this class.
            Err(e) => {
                tracing::warn!(class = class.id, error = %e, "cannot post the puzzle of the day")
            }
        }
        // The week's first puzzle comes with the leaderboard, posted once too.
        let week = (day - MONDAY).div_euclid(7);
        if shell.store.claim_weekly(class.id, week).await? {
            let standing = crate::class::standing_of(&shell.store, class).await?;
            if let Some(post) = tutor::weekly_post(&standing)
                && let Err(e) = send_reply(shell, place, &post).await
            {
                tracing::warn!(error = %e, "cannot post the week's leaderboard");
            }
        }
    }
    Ok(())
}

/// A message `text` from `from` in group `chat`, replying to message `reply_to`, read as an
/// answer to its class's puzzle of today: said whether right or wrong, and true; false when it
/// replies to another message, is no move, or there is no puzzle open there (the message is
/// then handled as any other).
///
/// # Errors
///
/// A store failure.
pub async fn answer(
    shell: &Shell,
    chat: i64,
    topic: Option<ThreadId>,
    from: &Member,
    reply_to: i64,
    text: &str,
) -> Result<bool, StoreError> {
    let Some(class) = shell.store.class_of_chat(chat).await? else {
        return Ok(false);
    };
    let (day, _) = crate::class::today();
    let Some(daily) = shell
        .store
        .daily(class.id, day)
        .await?
        .filter(|d| d.message == Some(reply_to))
    else {
        return Ok(false);
    };
    let Some(puzzle) = daily
        .puzzle
        .parse()
        .ok()
        .and_then(|id| shell.catalog.puzzle(&id))
    else {
        return Ok(false);
    };
    let lang: Lang = class.lang.parse().unwrap_or_default();
    let said = match tutor::judge_answer(puzzle, text, lang) {
        DailyAnswer::NotAMove => return Ok(false),
        DailyAnswer::Wrong(why) => Some(why),
        DailyAnswer::Right => shell
            .store
            .record_solver(class.id, day, from.id)
            .await?
            .map(|place| tutor::solved_text(lang, &from.name, place)),
    };
    if let Some(text) = said {
        let place = Place {
            chat: ChatId(chat),
            topic,
        };
        if let Err(e) = send_reply(shell, place, &Reply::text(text)).await {
            tracing::warn!(chat_id = chat, error = %e, "cannot answer about the puzzle of the day");
        }
    }
    Ok(true)
}

/// Records `learner` among the solvers of each puzzle of the day they solved on a board in
/// their private chat (`solves`: class and day), and names them in the class's group with
/// their place, as an answer there would be. Once each: a second solution is not recorded.
/// A failure is logged; the step itself is stored already.
pub async fn announce_solves(shell: &Shell, learner: i64, solves: &[(i64, i64)]) {
    for &(class, day) in solves {
        if let Err(e) = announce_solve(shell, learner, class, day).await {
            tracing::warn!(class, error = %e, "cannot record a solution of the puzzle of the day");
        }
    }
}

async fn announce_solve(
    shell: &Shell,
    learner: i64,
    class: i64,
    day: i64,
) -> Result<(), StoreError> {
    let Some(place) = shell.store.record_solver(class, day, learner).await? else {
        return Ok(());
    };
    let Some(row) = shell.store.class_by_id(class).await? else {
        return Ok(());
    };
    let name = shell
        .store
        .class_members(class)
        .await?
        .into_iter()
        .find(|m| m.user == learner)
        .map(|m| m.name)
        .unwrap_or_default();
    let lang: Lang = row.lang.parse().unwrap_or_default();
    let text = tutor::solved_text(lang, &name, place);
    if let Err(e) = send_reply(shell, Place::of_class(&row), &Reply::text(text)).await {
        tracing::warn!(class, error = %e, "cannot name a solver of the puzzle of the day");
    }
    Ok(())
}
