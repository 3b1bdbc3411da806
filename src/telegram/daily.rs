//! A class's timer, in the Telegram shell: every few seconds (`CHESS_TUTOR_DAILY_CHECK_MS`,
//! default 30 s) the classes whose time of day has come and whose puzzle of today is not posted
//! yet are asked of the store, and each gets an [`Input::ClassTick`], stepped like any other
//! input on the class's group under a key of that day: whichever replica commits it first
//! posts the puzzle (and the week's leaderboard), through the outbox; the others' ticks are
//! replays. Nothing is decided here.

use std::sync::Arc;
use std::time::Duration;

use chess_tutor_core::tutor::{ClassId, Envelope, Group, Input};
use chess_tutor_store::StoreError;
use tokio_util::sync::CancellationToken;

use super::Shell;
use crate::shell::Arrival;

/// How often the due classes are looked for, unless `CHESS_TUTOR_DAILY_CHECK_MS` says.
const CHECK_EVERY: Duration = Duration::from_secs(30);

/// The update key of a class's timer on `day`: below every page's key (those are negative
/// 62-bit numbers) and every Telegram `update_id`, and the same on every replica, so that one
/// day's tick is applied once.
#[must_use]
pub fn tick_key(day: i64) -> i64 {
    i64::MIN + day.clamp(0, i64::from(u32::MAX))
}

/// Steps the classes' timers that are due, every check interval until `stop`.
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
        if let Err(e) = tick_due(&shell).await {
            tracing::warn!(error = %e, "cannot look for the puzzles of the day due");
        }
    }
}

/// One tick for each class whose puzzle of today is due.
async fn tick_due(shell: &Arc<Shell>) -> Result<(), StoreError> {
    let (day, minute) = crate::class::today();
    for class in shell.store.due_dailies(day, minute).await? {
        let arrival = Arrival {
            chat: class.chat,
            member: None,
            input: Input::ClassTick {
                class: ClassId(class.id),
                day,
            },
            envelope: Envelope {
                group: Some(Group {
                    id: class.chat,
                    title: class.title.clone(),
                    topic: class.topic.and_then(|t| i32::try_from(t).ok()),
                }),
                bot_username: super::inbound::own_username().map(str::to_owned),
                ..Envelope::default()
            },
            key: Some(tick_key(day)),
            thread: None,
            friends: false,
        };
        tracing::info!(class = class.id, day, "the class's timer");
        super::handle::run(shell, &arrival, None, None).await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_day_s_key_is_no_page_s_or_update_s() {
        for day in [0, 20_000, 1_000_000] {
            let key = tick_key(day);
            assert!(key < -(1 << 62), "below every page key: {key}");
        }
        assert_ne!(tick_key(20_000), tick_key(20_001));
    }
}
