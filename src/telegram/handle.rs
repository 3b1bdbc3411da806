//! Handling one update to the end, whichever way it arrived (long polling or a webhook):
//! apply it once in effect, answer its button press, send the replies; retry a failing
//! store a few times; turn a panic or a final failure into an apology to that chat only.

use std::sync::Arc;
use std::time::Duration;

use chess_tutor_store::{AnswerKept, Applied, Claim, LearnerId, StoreError};
use teloxide_core::requests::Requester;
use teloxide_core::types::{ChatId, MessageId, ThreadId};
use tokio_util::sync::CancellationToken;

use super::Shell;
use super::flood::{Admission, FLOOD_NOTICE};
use super::inbound::Incoming;
use super::outbound::{
    Drawing, Place, answer_callback, answer_callback_with, deliver, is_passing, send_reply,
};
use crate::shell::{KeptReplies, Origin, apply_from};

/// How often an update whose handling fails in the store is tried before it is given up
/// with an apology.
pub const STORE_ATTEMPTS: u32 = 3;

/// What a learner reads when handling their update failed.
pub const APOLOGY: &str = "Sorry, something went wrong on my side with that message. Please try again.\n抱歉，处理这条消息时出了问题，请再试一次。";

/// Handles one update to the end: retries a store failure a few times (it then stays in
/// order: the chat's next update waits), and turns a panic or a final failure into an
/// apology. Returns false only when stopping cut the retries short.
pub async fn supervise(
    shell: Arc<Shell>,
    id: i64,
    incoming: Incoming,
    stop: CancellationToken,
) -> bool {
    use tracing::Instrument as _;
    // One span per update: everything logged while handling it carries its id.
    let span = tracing::info_span!("update", update_id = id);
    supervise_in_span(shell, id, incoming, stop)
        .instrument(span)
        .await
}

async fn supervise_in_span(
    shell: Arc<Shell>,
    id: i64,
    incoming: Incoming,
    stop: CancellationToken,
) -> bool {
    use tracing::Instrument as _;
    let mut attempt = 1;
    let since = std::time::Instant::now();
    loop {
        // Its own task, so that a panic is caught at the join and the chat goes on. Boxed:
        // the handling is tens of kilobytes of state, which the task would otherwise copy
        // each time it is moved (spawned, polled to its end, read).
        let task = tokio::spawn(
            Box::pin(handle_update(shell.clone(), id, incoming.clone())).in_current_span(),
        );
        match task.await {
            Ok(Ok(())) => {
                shell.metrics.handled(since);
                return true;
            }
            Ok(Err(e)) => {
                tracing::warn!(update_id = id, attempt, error = %e, "the store failed");
                if attempt >= STORE_ATTEMPTS {
                    tracing::error!(update_id = id, "given up after the store failed");
                    Box::pin(apologize(&shell, &incoming)).await;
                    shell.metrics.updates_failed.inc();
                    shell.metrics.handled(since);
                    return true;
                }
                tokio::select! {
                    () = tokio::time::sleep(Duration::from_secs(u64::from(attempt))) => {}
                    () = stop.cancelled() => return false,
                }
                attempt += 1;
            }
            Err(e) => {
                let what = if e.is_panic() {
                    panic_message(e.into_panic())
                } else {
                    "cancelled".to_owned()
                };
                tracing::error!(update_id = id, panic = %what, "handling an update panicked");
                Box::pin(apologize(&shell, &incoming)).await;
                shell.metrics.updates_failed.inc();
                shell.metrics.handled(since);
                return true;
            }
        }
    }
}

fn panic_message(payload: Box<dyn std::any::Any + Send>) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_owned()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic without a message".to_owned()
    }
}

/// Tells the learner that their update failed, and answers its button press.
async fn apologize(shell: &Shell, incoming: &Incoming) {
    if matches!(
        incoming,
        Incoming::Resend { .. } | Incoming::PollAnswer { .. }
    ) {
        // Not the learner's message: the sweep tries again later; a poll answer is silent.
        return;
    }
    if let Incoming::Tutor {
        callback: Some(callback),
        ..
    }
    | Incoming::AnswerOnly { callback, .. } = incoming
    {
        answer_callback(shell, callback).await;
    }
    if let Some(chat) = incoming.chat() {
        let reply = chess_tutor_core::tutor::Reply::text(APOLOGY);
        let place = Place {
            chat: ChatId(chat),
            topic: incoming.topic(),
        };
        if let Err(e) = send_reply(shell, place, &reply).await {
            tracing::warn!(chat_id = chat, error = %e, "cannot apologize");
        }
    }
}

/// Handles one update: applies it (once in effect), answers its button press, sends the
/// replies.
async fn handle_update(shell: Arc<Shell>, id: i64, incoming: Incoming) -> Result<(), StoreError> {
    match incoming {
        Incoming::Skip(_) => Ok(()),
        Incoming::AnswerOnly { callback, .. } => {
            answer_callback(&shell, &callback).await;
            Ok(())
        }
        Incoming::Tutor {
            chat,
            input,
            callback,
            pressed,
            client_lang,
            topic,
            member,
            from,
            reply_to,
            title,
        } => {
            let mut place = Place {
                chat: ChatId(chat),
                topic,
            };
            #[cfg(debug_assertions)]
            fault::maybe_panic(&input);
            let admission = shell.flood.admit(chat, std::time::Instant::now());
            if admission != Admission::Allowed {
                // Over the limit: changes nothing; a press is still answered (the spinner
                // stops), a message is answered once per flood.
                if let Some(callback) = &callback {
                    answer_callback(&shell, callback).await;
                } else if admission == Admission::DroppedNotify {
                    tracing::info!(chat_id = chat, "over the flood limit");
                    let notice = chess_tutor_core::tutor::Reply::text(FLOOD_NOTICE);
                    if let Err(e) = send_reply(&shell, place, &notice).await {
                        tracing::warn!(chat_id = chat, error = %e, "cannot tell the chat to slow down");
                    }
                }
                return Ok(());
            }
            // A move sent in a class's group as a reply to today's puzzle post: an answer.
            // Only a reply: any other move there is the group's own (a lesson, a game played
            // there), and with Telegram's privacy mode a bot reads only replies anyway.
            if title.is_some()
                && let (chess_tutor_core::tutor::Input::Text(text), Some(who), Some(reply_to)) =
                    (&input, &from, reply_to)
                && !text.trim_start().starts_with('/')
                && super::daily::answer(&shell, chat, topic, who, reply_to, text).await?
            {
                return Ok(());
            }
            // A class's own business is answered in the forum topic the class was started
            // in, wherever in the group it was asked.
            if title.is_some()
                && input.is_class_post()
                && let Some(class) = shell.store.class_of_chat(chat).await?
            {
                place = Place::of_class(&class);
            }
            // A class's command that only the group's administrators may give: asked of the
            // group, for its sender.
            let admin = match &member {
                Some(m) if title.is_some() && input.asks_admin() => {
                    Some(is_admin(&shell, chat, m.id).await)
                }
                _ => None,
            };
            // The learner: the chat, or in a group the member, for their inputs as a player
            // of a game played there.
            let player = match member {
                Some(m) if member_plays(&shell, &m, &input, chat).await? => Some(m),
                _ => None,
            };
            let learner = player.as_ref().map_or(chat, |m| m.id);
            let class = crate::class::ClassOrigin {
                sender: from.map(|m| (m.id, m.name)),
                admin,
                group: title.map(|t| (chat, t)),
                topic: topic.map(|t| t.0.0),
            };
            let origin = Origin {
                update_key: Some(id),
                client_lang,
                thread: place.topic.map(|t| t.0.0),
                bot_username: super::inbound::own_username().map(str::to_owned),
                shared_games: true,
                room: player.as_ref().map(|_| chat),
                name: player.map(|m| m.name),
                class,
            };
            // Boxed, as the largest part of the handling's state (see `supervise`).
            let applied = Box::pin(apply_from(
                &shell.store,
                &shell.catalog,
                LearnerId(learner),
                input,
                &origin,
            ))
            .await?;
            let mut daily_solved = Vec::new();
            let (replies, others, drawing) = match applied {
                Applied::Done(outcome) => {
                    daily_solved = outcome.daily_solved;
                    (
                        outcome.replies,
                        outcome.others,
                        Drawing::after_step(outcome.searched),
                    )
                }
                // Applied before, perhaps by a process that died before sending: what it
                // did not send is in the outbox.
                Applied::Duplicate => {
                    match unsent_replies(&shell, learner, id, Wait::ForTheOwner).await? {
                        Some(KeptReplies { replies, .. }) => {
                            tracing::info!(
                                update_id = id,
                                replies = replies.len(),
                                "sending the replies kept in the outbox"
                            );
                            // The other player's are swept from their outbox.
                            (replies, Vec::new(), Drawing::Quick)
                        }
                        None => {
                            if let Some(callback) = &callback {
                                answer_callback(&shell, callback).await;
                            }
                            return Ok(());
                        }
                    }
                }
            };
            // A notice about the press itself (a stale button) is said on the button.
            let (toasts, replies): (Vec<_>, Vec<_>) = replies
                .into_iter()
                .partition(|r| r.toast && callback.is_some());
            if let Some(callback) = &callback {
                let toast = toasts.first().map(|r| r.text.as_str());
                answer_callback_with(&shell, callback, toast).await;
            }
            if replies.is_empty() {
                if !toasts.is_empty() {
                    shell.mark_sent(learner, id);
                }
            } else {
                #[cfg(debug_assertions)]
                fault::maybe_crash_before_sending(&replies);
                send_all(&shell, place, learner, id, &replies, pressed, drawing).await;
            }
            // The learner hears first; then the class's group names them.
            super::daily::announce_solves(&shell, learner, &daily_solved).await;
            send_to_others(&shell, id, others, drawing).await?;
            Ok(())
        }
        Incoming::PollAnswer {
            poll,
            user,
            options,
        } => {
            let chosen = options.first().map(|o| i64::from(*o));
            let mut kept = shell.store.record_answer(&poll, user, chosen).await?;
            if kept == AnswerKept::UnknownPoll {
                // The poll is noted as the quiz's just after Telegram answers sendPoll: a
                // very quick answer may come first.
                tokio::time::sleep(Duration::from_millis(500)).await;
                kept = shell.store.record_answer(&poll, user, chosen).await?;
            }
            // A poll that is no class quiz, a closed one, a voter who is no student: kept
            // nowhere, and nobody is told (a poll answer has no chat to answer in).
            tracing::info!(update_id = id, outcome = ?kept, "a poll answer");
            Ok(())
        }
        Incoming::Resend { chat } => {
            // The sweep's second chance for replies the Bot API kept refusing, sent to the
            // forum topic they answer. Another process's sweep may have taken them first.
            // `chat` is the learner; the replies of a game in a group go to the group.
            if let Some(KeptReplies {
                replies,
                thread,
                chat: to,
            }) = unsent_replies(&shell, chat, id, Wait::No).await?
            {
                tracing::info!(
                    update_id = id,
                    chat_id = chat,
                    replies = replies.len(),
                    "trying again to send the replies left in the outbox"
                );
                let place = Place {
                    chat: ChatId(to.unwrap_or(chat)),
                    topic: thread.map(|t| ThreadId(MessageId(t))),
                };
                send_all(&shell, place, chat, id, &replies, None, Drawing::Quick).await;
            }
            Ok(())
        }
    }
}

/// Whether `user` administers group `chat`, as the Bot API says (`getChatMember`); no when
/// it cannot say within a few seconds.
async fn is_admin(shell: &Shell, chat: i64, user: i64) -> bool {
    let Ok(id) = u64::try_from(user) else {
        return false;
    };
    let asked = super::outbound::call(shell, "getChatMember", || {
        shell
            .bot
            .get_chat_member(ChatId(chat), teloxide_core::types::UserId(id))
    });
    match tokio::time::timeout(Duration::from_secs(10), asked).await {
        Ok(Ok(member)) => member.kind.is_privileged(),
        Ok(Err(e)) => {
            tracing::warn!(chat_id = chat, error = %e, "getChatMember failed");
            false
        }
        Err(_) => {
            tracing::warn!(chat_id = chat, "getChatMember did not answer in time");
            false
        }
    }
}

/// Applies an input from the board page (a Mini App) for `chat`, the learner's private chat,
/// as an update of that chat: stored once with its replies kept in the outbox under a key of
/// its own, the replies sent to the chat (the task message updated) and to the other player
/// of a game with a friend. The page is answered at once; the sending goes on beside it (the
/// outbox keeps what fails for the sweep). Returns what the page shows, or `None` for a
/// replay.
///
/// # Errors
///
/// A store failure; nothing of the input is then stored.
pub async fn apply_from_page(
    shell: &Arc<Shell>,
    chat: i64,
    input: chess_tutor_core::tutor::Input,
) -> Result<Option<chess_tutor_core::tutor::PageView>, StoreError> {
    let id = page_update_key();
    let origin = Origin {
        update_key: Some(id),
        bot_username: super::inbound::own_username().map(str::to_owned),
        shared_games: true,
        ..Origin::default()
    };
    let Applied::Done(outcome) = apply_from(
        &shell.store,
        &shell.catalog,
        LearnerId(chat),
        input,
        &origin,
    )
    .await?
    else {
        return Ok(None);
    };
    let drawing = Drawing::after_step(outcome.searched);
    let daily_solved = outcome.daily_solved;
    let page = outcome.page;
    let (replies, others) = (outcome.replies, outcome.others);
    let shell = Arc::clone(shell);
    tokio::spawn(async move {
        let place = Place {
            chat: ChatId(chat),
            topic: None,
        };
        if !replies.is_empty() {
            send_all(&shell, place, chat, id, &replies, None, drawing).await;
        }
        super::daily::announce_solves(&shell, chat, &daily_solved).await;
        if let Err(e) = send_to_others(&shell, id, others, drawing).await {
            tracing::warn!(update_id = id, error = %e, "the other player's replies wait for the sweep");
        }
    });
    Ok(page)
}

/// A key for an input from the board page: negative, so never a Telegram `update_id`, and
/// random, so two replicas never give the same one to one learner.
fn page_update_key() -> i64 {
    -crate::shell::random_id()
}

/// Whether a group member's input is theirs as a player of a game in that group (see
/// [`chess_tutor_core::tutor::Request::plays_in_room`]), read from their session as stored.
async fn member_plays(
    shell: &Shell,
    member: &super::inbound::Member,
    input: &chess_tutor_core::tutor::Input,
    room: i64,
) -> Result<bool, StoreError> {
    use chess_tutor_core::tutor::{Request, Session};
    let session = match shell.store.load(LearnerId(member.id)).await? {
        None => Session::default(),
        // One that does not read is the member's to be told about in their own chat.
        Some(r) => match Session::from_stored(&r.state) {
            Ok(s) => s,
            Err(_) => return Ok(false),
        },
    };
    Ok(Request::plays_in_room(&session, input, room))
}

/// The replies of an update for the other player of a game between two learners, in their
/// own chat: kept in their outbox under the same update key, claimed, sent, marked sent. A
/// failure leaves them to the sweep.
async fn send_to_others(
    shell: &Arc<Shell>,
    id: i64,
    others: Vec<(LearnerId, Vec<chess_tutor_core::tutor::Reply>)>,
    drawing: Drawing,
) -> Result<(), StoreError> {
    for (other, _) in others {
        // Claimed first: the sweep of another process may be sending them already.
        if let Some(KeptReplies {
            replies,
            thread,
            chat,
        }) = unsent_replies(shell, other.0, id, Wait::No).await?
        {
            // Their own chat, or the group of a game played there.
            let place = Place {
                chat: ChatId(chat.unwrap_or(other.0)),
                topic: thread.map(|t| ThreadId(MessageId(t))),
            };
            send_all(shell, place, other.0, id, &replies, None, drawing).await;
        }
    }
    Ok(())
}

/// Sends an update's replies in order and marks them sent, or gives them up for a permanent
/// reason; a passing failure leaves them in the outbox for the sweep.
async fn send_all(
    shell: &Arc<Shell>,
    place: Place,
    chat: i64,
    id: i64,
    replies: &[chess_tutor_core::tutor::Reply],
    pressed: Option<teloxide_core::types::MessageId>,
    drawing: Drawing,
) {
    for (n, reply) in replies.iter().enumerate() {
        let left = u64::try_from(replies.len() - n).unwrap_or(u64::MAX);
        if let Err(e) = deliver(shell, place, reply, pressed, drawing).await {
            if is_passing(&e) {
                shell.metrics.replies_kept.inc_by(left);
                // Not given up: the outbox keeps them for a later attempt, by any process's
                // sweep (a claim this one kept renewing would hide them from every sweep).
                tracing::warn!(
                    update_id = id,
                    chat_id = chat,
                    error = %e,
                    "the replies stay in the outbox (the Bot API still fails)"
                );
                if let Err(e) = shell.store.release_claim(LearnerId(chat), id).await {
                    // Then they wait until this process stops renewing its claims.
                    tracing::warn!(update_id = id, error = %e, "cannot release the claim");
                }
                return;
            }
            tracing::error!(
                update_id = id,
                chat_id = chat,
                error = %e,
                "the replies are given up, for good"
            );
            shell.metrics.replies_given_up.inc_by(left);
            break;
        }
        shell.metrics.replies_sent.inc();
    }
    // Sent, or given up for a permanent reason (a blocked bot, a deleted chat, a request
    // Telegram refuses): either way not to be sent again.
    shell.mark_sent(chat, id);
}

/// The replies of an applied update still in the outbox, claimed for sending here. When
/// another process holds them (it applied the update a moment ago and may be sending them),
/// waits for it to finish or for its lease to run out.
/// Whether to wait for the replies another process holds (see [`unsent_replies`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Wait {
    /// Until its lease runs out: Telegram gave this process the update again, so the other
    /// may be dead.
    ForTheOwner,
    /// Not at all: a sweep's second try, which the holder (another sweep) is making.
    No,
}

async fn unsent_replies(
    shell: &Shell,
    chat: i64,
    id: i64,
    wait: Wait,
) -> Result<Option<KeptReplies>, StoreError> {
    // This process's own recent marks first, so that a replay of an update it answered a
    // moment ago does not find its replies still kept.
    shell.flush_sent().await;
    loop {
        match shell
            .store
            .claim_unsent(LearnerId(chat), id, shell.outbox_lease)
            .await?
        {
            Claim::Nothing => return Ok(None),
            Claim::HeldElsewhere(_) if wait == Wait::No => return Ok(None),
            Claim::HeldElsewhere(left) => {
                tokio::time::sleep(left.min(Duration::from_millis(200))).await;
            }
            Claim::Taken(kept) => {
                return match KeptReplies::read(kept) {
                    Ok(replies) => Ok(Some(replies)),
                    Err(e) => {
                        // Written by another version: better skipped than sent as nonsense.
                        tracing::warn!(update_id = id, error = %e, "the outbox entry does not read");
                        Ok(None)
                    }
                };
            }
        }
    }
}

/// Fault injection for the tests of the whole binary (debug builds only): a text equal to
/// `CHESS_TUTOR_TEST_PANIC` makes its update's handling panic.
#[cfg(debug_assertions)]
mod fault {
    use std::sync::OnceLock;

    use chess_tutor_core::tutor::Input;

    static PANIC_ON: OnceLock<Option<String>> = OnceLock::new();

    pub fn maybe_panic(input: &Input) {
        let trigger = PANIC_ON.get_or_init(|| {
            std::env::var("CHESS_TUTOR_TEST_PANIC")
                .ok()
                .filter(|t| !t.is_empty())
        });
        if let (Some(trigger), Input::Text(text)) = (trigger, input)
            && text == trigger
        {
            panic!("a panic injected by CHESS_TUTOR_TEST_PANIC");
        }
    }

    static CRASH_ON: OnceLock<Option<String>> = OnceLock::new();

    /// Ends the process at once (as `kill -9` would) after the commit and before the
    /// sending, when a reply's text contains `CHESS_TUTOR_TEST_CRASH_BEFORE_SENDING`.
    pub fn maybe_crash_before_sending(replies: &[chess_tutor_core::tutor::Reply]) {
        let trigger = CRASH_ON.get_or_init(|| {
            std::env::var("CHESS_TUTOR_TEST_CRASH_BEFORE_SENDING")
                .ok()
                .filter(|t| !t.is_empty())
        });
        if let Some(trigger) = trigger
            && replies.iter().any(|r| r.text.contains(trigger.as_str()))
        {
            std::process::abort();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn panic_messages_are_read() {
        assert_eq!(panic_message(Box::new("boom")), "boom");
        assert_eq!(panic_message(Box::new(String::from("bang"))), "bang");
        assert_eq!(panic_message(Box::new(3)), "a panic without a message");
    }
}
