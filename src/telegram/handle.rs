//! Handling one update to the end, whichever way it arrived (long polling or a webhook):
//! apply it once in effect, answer its button press, send the replies; retry a failing
//! store a few times; turn a panic or a final failure into an apology to that chat only.

use std::sync::Arc;
use std::time::Duration;

use chess_tutor_core::tutor::{Envelope, Group, Input, Person};
use chess_tutor_store::{Applied, Claim, LearnerId, StoreError};
use teloxide_core::requests::Requester;
use teloxide_core::types::{CallbackQueryId, ChatId, MessageId, ThreadId};
use tokio_util::sync::CancellationToken;

use super::Shell;
use super::flood::{Admission, FLOOD_NOTICE};
use super::inbound::Incoming;
use super::outbound::{
    Drawing, Place, answer_callback, answer_callback_with, deliver, is_passing, send_reply,
};
use crate::shell::{Arrival, Ask, KeptReplies, NoAdmins, apply};

/// How often an update whose handling fails in the store is tried before it is given up
/// with an apology.
pub const STORE_ATTEMPTS: u32 = 3;

/// What a learner reads when handling their update failed.
pub const APOLOGY: &str = "Sorry, something went wrong on my side with that message. Please try again.\n抱歉，处理这条消息时出了问题，请再试一次。";

/// How an update's handling ended.
#[derive(Debug)]
pub enum Ended {
    /// Handled (or given up with an apology): it may leave the inbox.
    Finished,
    /// Stopping cut the retries short: it stays in the inbox for the next start.
    Stopped,
    /// It cannot be decided yet (a poll answer that came before its poll was noted): nothing
    /// was stored; it is handed in again a moment later.
    Later(Box<Incoming>),
}

/// Handles one update to the end: retries a store failure a few times (it then stays in
/// order: the chat's next update waits), and turns a panic or a final failure into an
/// apology.
pub async fn supervise(
    shell: Arc<Shell>,
    id: i64,
    incoming: Incoming,
    stop: CancellationToken,
) -> Ended {
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
) -> Ended {
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
            Ok(Ok(Handled::Done)) => {
                shell.metrics.handled(since);
                return Ended::Finished;
            }
            Ok(Ok(Handled::Later)) => return Ended::Later(Box::new(incoming)),
            Ok(Err(e)) => {
                tracing::warn!(update_id = id, attempt, error = %e, "the store failed");
                if attempt >= STORE_ATTEMPTS {
                    tracing::error!(update_id = id, "given up after the store failed");
                    Box::pin(apologize(&shell, &incoming)).await;
                    shell.metrics.updates_failed.inc();
                    shell.metrics.handled(since);
                    return Ended::Finished;
                }
                tokio::select! {
                    () = tokio::time::sleep(Duration::from_secs(u64::from(attempt))) => {}
                    () = stop.cancelled() => return Ended::Stopped,
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
                return Ended::Finished;
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

/// What became of an update.
pub enum Handled {
    /// Applied (or nothing to apply).
    Done,
    /// Not decided yet: to be handed in again.
    Later,
}

impl Ask for Shell {
    /// Whether `user` administers group `chat`, as the Bot API says (`getChatMember`); no
    /// when it cannot say within a few seconds.
    async fn is_admin(&self, chat: i64, user: i64) -> bool {
        let Ok(id) = u64::try_from(user) else {
            return false;
        };
        let asked = super::outbound::call(self, "getChatMember", || {
            self.bot
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
}

/// An input in `chat` as the shell hands it to the tutor.
fn arrival_of(
    id: i64,
    incoming: Incoming,
) -> Option<(Arrival, Option<CallbackQueryId>, Option<MessageId>)> {
    match incoming {
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
            let thread = topic.map(|t| t.0.0);
            let arrival = Arrival {
                chat,
                member: member.map(|m| m.id),
                input,
                envelope: Envelope {
                    client_lang,
                    who: from.map(|m| Person {
                        id: m.id,
                        name: m.name,
                    }),
                    group: title.map(|title| Group {
                        id: chat,
                        title,
                        topic: thread,
                    }),
                    reply_to,
                    bot_username: super::inbound::own_username().map(str::to_owned),
                    ..Envelope::default()
                },
                key: Some(id),
                thread,
                friends: true,
            };
            Some((arrival, callback, pressed))
        }
        Incoming::PollAnswer {
            poll,
            user,
            options,
        } => {
            // One option, or none (the vote taken back): a quiz poll takes no more (an update
            // kept in the inbox before this was read at the edge says so here).
            let option = match options.as_slice() {
                [] => None,
                [one] => Some(*one),
                _ => {
                    tracing::info!(
                        update_id = id,
                        "a poll answer with several options, skipped"
                    );
                    return None;
                }
            };
            let arrival = Arrival {
                chat: user,
                member: None,
                input: Input::PollAnswer { poll, option },
                envelope: Envelope {
                    who: Some(Person {
                        id: user,
                        name: String::new(),
                    }),
                    ..Envelope::default()
                },
                key: Some(id),
                thread: None,
                friends: true,
            };
            Some((arrival, None, None))
        }
        _ => None,
    }
}

/// Handles one update: applies it (once in effect), answers its button press, sends the
/// replies.
async fn handle_update(
    shell: Arc<Shell>,
    id: i64,
    incoming: Incoming,
) -> Result<Handled, StoreError> {
    match incoming {
        Incoming::Skip(_) => Ok(Handled::Done),
        Incoming::AnswerOnly { callback, .. } => {
            answer_callback(&shell, &callback).await;
            Ok(Handled::Done)
        }
        Incoming::Resend { chat } => {
            // The sweep's second chance for replies the Bot API kept refusing, sent where
            // they were going. Another process's sweep may have taken them first.
            if let Some(kept) = unsent_replies(&shell, chat, id, Wait::No).await? {
                tracing::info!(
                    update_id = id,
                    chat_id = chat,
                    replies = kept.replies.len() + kept.posts.len(),
                    "trying again to send the replies left in the outbox"
                );
                send_kept(&shell, LearnerId(chat), id, &kept, None, Drawing::Quick).await;
            }
            Ok(Handled::Done)
        }
        incoming => {
            #[cfg(debug_assertions)]
            if let Incoming::Tutor { input, .. } = &incoming {
                fault::maybe_panic(input);
            }
            let Some((arrival, callback, pressed)) = arrival_of(id, incoming) else {
                return Ok(Handled::Done);
            };
            run(&shell, &arrival, callback.as_ref(), pressed).await
        }
    }
}

/// Applies one arrival (an update, a class's timer) and sends what it says.
pub async fn run(
    shell: &Arc<Shell>,
    arrival: &Arrival,
    callback: Option<&CallbackQueryId>,
    pressed: Option<MessageId>,
) -> Result<Handled, StoreError> {
    let id = arrival.key.unwrap_or_default();
    let here = Place {
        chat: ChatId(arrival.chat),
        topic: arrival.thread.map(|t| ThreadId(MessageId(t))),
    };
    // Each person's own flood limit, in a group too: one member pressing a button a hundred
    // times does not silence the others (the teacher's next command among them).
    if !matches!(
        arrival.input,
        Input::PollAnswer { .. } | Input::ClassTick { .. }
    ) {
        let person = arrival.member.unwrap_or(arrival.chat);
        let admission = shell.flood.admit(person, std::time::Instant::now());
        if admission != Admission::Allowed {
            // Over the limit: changes nothing; a press is still answered (the spinner
            // stops, with why), a message is answered once per flood.
            if let Some(callback) = callback {
                answer_callback_with(shell, callback, Some(FLOOD_NOTICE)).await;
            } else if admission == Admission::DroppedNotify {
                tracing::info!(chat_id = arrival.chat, person, "over the flood limit");
                let notice = chess_tutor_core::tutor::Reply::text(FLOOD_NOTICE);
                if let Err(e) = send_reply(shell, here, &notice).await {
                    tracing::warn!(chat_id = arrival.chat, error = %e, "cannot tell the chat to slow down");
                }
            }
            return Ok(Handled::Done);
        }
    }
    // Boxed, as the largest part of the handling's state (see `supervise`).
    let applied = Box::pin(apply(&shell.store, &shell.catalog, arrival, shell.as_ref())).await?;
    let (learner, kept, others, drawing) = match applied {
        Applied::Done(outcome) if outcome.later => {
            tracing::info!(update_id = id, "not decided yet: handed in again later");
            return Ok(Handled::Later);
        }
        Applied::Done(outcome) => (
            outcome.learner,
            outcome.kept,
            outcome.others,
            Drawing::after_step(outcome.searched),
        ),
        // Applied before, perhaps by a process that died before sending: what it did not
        // send is in the outbox (of the member who played, or of the chat).
        Applied::Duplicate => {
            let mut found = None;
            for learner in arrival.member.into_iter().chain([arrival.chat]) {
                if let Some(kept) = unsent_replies(shell, learner, id, Wait::ForTheOwner).await? {
                    found = Some((LearnerId(learner), kept));
                    break;
                }
            }
            let Some((learner, kept)) = found else {
                // Sent by whoever applied it, the press answered with it: answered once.
                return Ok(Handled::Done);
            };
            tracing::info!(
                update_id = id,
                replies = kept.replies.len() + kept.posts.len(),
                "sending the replies kept in the outbox"
            );
            // The other player's are swept from their outbox.
            (learner, kept, Vec::new(), Drawing::Quick)
        }
    };
    // A notice about the press itself (a stale button) is said on the button.
    let (toasts, replies): (Vec<_>, Vec<_>) = kept
        .replies
        .iter()
        .cloned()
        .partition(|r| r.toast && callback.is_some());
    if let Some(callback) = callback {
        let toast = toasts.first().map(|r| r.text.as_str());
        answer_callback_with(shell, callback, toast).await;
    }
    let kept = KeptReplies { replies, ..kept };
    if kept.is_empty() {
        if !toasts.is_empty() {
            shell.mark_sent(learner.0, id);
        }
    } else {
        #[cfg(debug_assertions)]
        fault::maybe_crash_before_sending(&kept);
        send_kept(shell, learner, id, &kept, pressed, drawing).await;
    }
    send_to_others(shell, id, others, drawing).await?;
    Ok(Handled::Done)
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
    input: Input,
    client_lang: Option<String>,
) -> Result<Option<chess_tutor_core::tutor::PageView>, StoreError> {
    let id = page_update_key();
    let arrival = page_arrival(chat, input, Some(id), client_lang);
    let Applied::Done(outcome) = apply(&shell.store, &shell.catalog, &arrival, &NoAdmins).await?
    else {
        return Ok(None);
    };
    let drawing = Drawing::after_step(outcome.searched);
    let page = outcome.page.clone();
    let shell = Arc::clone(shell);
    tokio::spawn(async move {
        if !outcome.kept.is_empty() {
            send_kept(&shell, outcome.learner, id, &outcome.kept, None, drawing).await;
        }
        if let Err(e) = send_to_others(&shell, id, outcome.others, drawing).await {
            tracing::warn!(update_id = id, error = %e, "the other player's replies wait for the sweep");
        }
    });
    Ok(page)
}

/// An input of the board page, as an input of the learner's own chat.
pub fn page_arrival(
    chat: i64,
    input: Input,
    key: Option<i64>,
    client_lang: Option<String>,
) -> Arrival {
    Arrival {
        envelope: Envelope {
            bot_username: super::inbound::own_username().map(str::to_owned),
            client_lang,
            ..Envelope::default()
        },
        key,
        friends: true,
        ..Arrival::private(chat, input)
    }
}

/// A key for an input from the board page: negative, so never a Telegram `update_id`, and
/// random, so two replicas never give the same one to one learner.
fn page_update_key() -> i64 {
    -crate::shell::random_id()
}

/// The replies of an update for other learners (the other player of a game, a teacher), in
/// their own chat or the group of a game played there: kept in their outbox under the same
/// update key, claimed, sent, marked sent. A failure leaves them to the sweep.
async fn send_to_others(
    shell: &Arc<Shell>,
    id: i64,
    others: Vec<LearnerId>,
    drawing: Drawing,
) -> Result<(), StoreError> {
    for other in others {
        // Claimed first: the sweep of another process may be sending them already.
        if let Some(kept) = unsent_replies(shell, other.0, id, Wait::No).await? {
            send_kept(shell, other, id, &kept, None, drawing).await;
        }
    }
    Ok(())
}

/// Sends what one outbox row keeps: the replies to their chat, then each post where it goes;
/// then marks them sent, or leaves them to the sweep for a passing failure.
async fn send_kept(
    shell: &Arc<Shell>,
    learner: LearnerId,
    id: i64,
    kept: &KeptReplies,
    pressed: Option<MessageId>,
    drawing: Drawing,
) {
    let place = Place {
        chat: ChatId(kept.chat.unwrap_or(learner.0)),
        topic: kept.thread.map(|t| ThreadId(MessageId(t))),
    };
    let mut deliveries: Vec<(Place, &chess_tutor_core::tutor::Reply, Option<MessageId>)> =
        kept.replies.iter().map(|r| (place, r, pressed)).collect();
    for (post, reply) in &kept.posts {
        let place = Place {
            chat: ChatId(post.chat),
            topic: post.thread.map(|t| ThreadId(MessageId(t))),
        };
        deliveries.push((place, reply, None));
    }
    send_all(shell, learner.0, id, &deliveries, drawing).await;
}

/// Sends an update's messages in order and marks them sent, or gives them up for a permanent
/// reason; a passing failure leaves them in the outbox for the sweep.
async fn send_all(
    shell: &Arc<Shell>,
    chat: i64,
    id: i64,
    deliveries: &[(Place, &chess_tutor_core::tutor::Reply, Option<MessageId>)],
    drawing: Drawing,
) {
    for (n, (place, reply, pressed)) in deliveries.iter().enumerate() {
        let left = u64::try_from(deliveries.len() - n).unwrap_or(u64::MAX);
        if let Err(e) = deliver(shell, *place, reply, *pressed, drawing).await {
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

/// Whether to wait for the replies another process holds (see [`unsent_replies`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Wait {
    /// Until its lease runs out: Telegram gave this process the update again, so the other
    /// may be dead.
    ForTheOwner,
    /// Not at all: a sweep's second try, which the holder (another sweep) is making.
    No,
}

/// The replies of an applied update still in the outbox, claimed for sending here. When
/// another process holds them (it applied the update a moment ago and may be sending them),
/// waits for it to finish or for its lease to run out.
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
    /// sending, when a message's text (a reply, or a post elsewhere) contains
    /// `CHESS_TUTOR_TEST_CRASH_BEFORE_SENDING`.
    pub fn maybe_crash_before_sending(kept: &crate::shell::KeptReplies) {
        let trigger = CRASH_ON.get_or_init(|| {
            std::env::var("CHESS_TUTOR_TEST_CRASH_BEFORE_SENDING")
                .ok()
                .filter(|t| !t.is_empty())
        });
        if let Some(trigger) = trigger
            && kept
                .replies
                .iter()
                .chain(kept.posts.iter().map(|(_, r)| r))
                .any(|r| r.text.contains(trigger.as_str()))
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
