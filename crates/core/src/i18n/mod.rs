//! What the bot says, worded per language. The decision of what to say is made in Rust, as a
//! language-neutral value (a [`Message`]: an id and named arguments); the words live in one
//! Fluent catalogue per language (`crates/core/locales/<lang>/*.ftl`), so a translator edits
//! text without touching Rust.
//!
//! The core declares what it says with one macro, [`messages!`](crate::messages): an enum whose
//! variants name their message ids and carry the facts as typed fields, each turned into the
//! argument of the same name by [`Arg`] in the language being worded (the tutor's `Say`, the
//! referee's `Sentence`, the quiz generator's `Line`). A single message can also implement
//! [`Message`] by hand:
//!
//! ```
//! use chess_tutor_core::i18n::{self, Lang, Message};
//! use chess_tutor_core::i18n::fluent::FluentArgs;
//!
//! struct Welcome;
//! impl Message for Welcome {
//!     fn id(&self) -> &'static str { "welcome" }
//!     fn args(&self) -> FluentArgs<'_> { FluentArgs::new() }
//! }
//! assert!(i18n::tr(Lang::En, &Welcome).starts_with("Welcome"));
//! assert!(i18n::tr(Lang::Zh, &Welcome).starts_with("欢迎"));
//! ```

mod catalogue;
pub mod hant;
mod lang;
mod message;
mod template;
mod typed;

pub use catalogue::{LANGS, WordingError, message_ids, tr, try_tr, word_direct};
pub use lang::{Lang, UnknownLang};
pub use message::Message;
#[cfg(test)]
pub(crate) use typed::Sample;
pub use typed::{Arg, Flat};

/// The Fluent types a [`Message`] is built from.
pub mod fluent {
    pub use fluent_bundle::{FluentArgs, FluentValue};
}
