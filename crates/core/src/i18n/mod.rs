//! What the bot says, worded per language. The decision of what to say is made in Rust, as a
//! language-neutral value (a [`Message`]: an id and named arguments); the words live in one
//! Fluent catalogue per language (`crates/core/locales/<lang>/*.ftl`), so a translator edits
//! text without touching Rust.
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

pub use catalogue::{LANGS, message_ids, tr, try_tr, word_direct};
pub use lang::{Lang, UnknownLang};
pub use message::Message;

/// The Fluent types a [`Message`] is built from.
pub mod fluent {
    pub use fluent_bundle::{FluentArgs, FluentValue};
}
