//! The Telegram shell: the only module that knows teloxide (docs/architecture.md).
//!
//! It owns its update loop instead of teloxide's dispatcher (see issue 7 for why): long
//! polling with `getUpdates` ([`poll`]: a fetched batch is confirmed only once it is kept in
//! the store's inbox) or a webhook server ([`webhook`]: 200 only once the update is handled);
//! each update's effect stored with its `update_id` in one transaction
//! ([`crate::shell::apply_input`]) together with its replies (the outbox, until sent); one
//! chat's updates in order and different chats in parallel; a panic in one update caught and
//! answered with an apology; every Bot API call retried after a 429; a per-learner flood
//! limit ([`flood`]).
//!
//! The token is secret: [`Shell`] is not `Debug` (teloxide's `Bot` would print it), and the
//! log blanks it out of every line ([`crate::logging::hide`], given the token before the shell
//! starts), so that an error quoting a request URL can be logged as it is.

pub mod daily;
pub mod flood;
pub mod handle;
pub mod inbound;
pub mod introduce;
pub mod memory;
pub mod metrics;
pub mod ops;
pub mod outbound;
pub mod poll;
mod shell;
pub mod updates;
pub mod webhook;

pub use shell::{OFFSET_KEY, Shell};

/// The updates the bot asks Telegram for (`getUpdates` and `setWebhook`): messages, button
/// presses, and the answers to its classes' quiz polls.
pub const ALLOWED_UPDATES: [teloxide_core::types::AllowedUpdate; 3] = [
    teloxide_core::types::AllowedUpdate::Message,
    teloxide_core::types::AllowedUpdate::CallbackQuery,
    teloxide_core::types::AllowedUpdate::PollAnswer,
];
