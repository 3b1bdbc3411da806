//! A thing the bot says, as a value: the Fluent message id and its named arguments.

use fluent_bundle::FluentArgs;

/// One thing the bot says, decided but not yet worded.
pub trait Message {
    /// The Fluent message id (`lesson-done`).
    fn id(&self) -> &'static str;
    /// The named arguments the wording may use.
    fn args(&self) -> FluentArgs<'_>;
}
