//! Messages with typed arguments: the one way the core declares what it says. An enum made by
//! [`messages!`](crate::messages) names, per variant, the Fluent message id and the facts the
//! message names, as typed fields; each field becomes the argument of the same name through
//! [`Arg`], in the language being worded (a piece's name, a side's words), and the message is
//! worded from a [`Flat`] list of those arguments.

use std::borrow::Cow;

use fluent_bundle::{FluentArgs, FluentValue};

use super::{Lang, Message, tr, word_direct};

/// A message id with its arguments in one language, ready to be worded.
#[derive(Debug, Clone)]
pub struct Flat {
    id: &'static str,
    args: Vec<(Cow<'static, str>, FluentValue<'static>)>,
}

impl Flat {
    /// The message `id`, without arguments yet.
    #[must_use]
    pub fn new(id: &'static str) -> Flat {
        Flat {
            id,
            args: Vec::new(),
        }
    }

    /// The same with the argument `name` set to `value`.
    #[must_use]
    pub fn with(mut self, name: &'static str, value: impl Into<FluentValue<'static>>) -> Flat {
        self.push(name, value);
        self
    }

    /// Sets the argument `name` to `value`.
    pub fn push(
        &mut self,
        name: impl Into<Cow<'static, str>>,
        value: impl Into<FluentValue<'static>>,
    ) {
        self.args.push((name.into(), value.into()));
    }

    /// The words in `lang` (see [`tr`] for a message missing from the catalogue).
    #[must_use]
    pub fn to(&self, lang: Lang) -> String {
        // The arguments as they are, without building Fluent's own argument list first: the
        // referee words a sentence for every move it explains.
        word_direct(lang, self.id, |name| {
            self.args
                .iter()
                .find(|(n, _)| n.as_ref() == name)
                .map(|(_, v)| v)
        })
        .unwrap_or_else(|| tr(lang, self))
    }
}

impl Message for Flat {
    fn id(&self) -> &'static str {
        self.id
    }

    fn args(&self) -> FluentArgs<'_> {
        let mut args = FluentArgs::with_capacity(self.args.len());
        for (name, value) in &self.args {
            // Lent, not copied: the message is worded while its facts live.
            let value = match value {
                FluentValue::String(text) => FluentValue::String(Cow::Borrowed(text.as_ref())),
                other => other.clone(),
            };
            args.set(name.as_ref(), value);
        }
        args
    }
}

/// A fact a message names, and how it becomes the message's argument in a language. Text and
/// numbers are implemented here; the chess types (a square, a piece, a side) where their words
/// are, in `rules::text`.
pub trait Arg {
    /// The argument's value in `lang`.
    fn value(&self, lang: Lang) -> FluentValue<'static>;

    /// Sets the argument `name` in `flat`: by default to [`Arg::value`]; a list may set more
    /// (`<name>_count`, for the plural of the words around it).
    fn set(&self, name: &'static str, lang: Lang, flat: &mut Flat) {
        flat.push(name, self.value(lang));
    }
}

/// Text as it is, the same in every language (a move `Nf3`, a name, words already worded).
impl Arg for String {
    fn value(&self, _: Lang) -> FluentValue<'static> {
        FluentValue::from(self.clone())
    }
}

/// Text as it is, the same in every language.
impl Arg for &'static str {
    fn value(&self, _: Lang) -> FluentValue<'static> {
        FluentValue::from(*self)
    }
}

/// Text as it is, the same in every language.
impl Arg for Cow<'static, str> {
    fn value(&self, _: Lang) -> FluentValue<'static> {
        FluentValue::from(self.clone())
    }
}

macro_rules! number_args {
    ($($ty:ty),*) => {
        $(
            /// A number (a count, a level), for the plural rules of the language.
            impl Arg for $ty {
                fn value(&self, _: Lang) -> FluentValue<'static> {
                    FluentValue::from(*self)
                }
            }
        )*
    };
}

number_args!(u8, u16, u32, u64, usize, i8, i16, i32, i64, isize);

/// Some value of a field type, for the tests that word every message in every language.
#[cfg(test)]
pub(crate) trait Sample {
    fn sample() -> Self;
}

#[cfg(test)]
impl Sample for String {
    fn sample() -> Self {
        "Nf3".to_owned()
    }
}

#[cfg(test)]
macro_rules! number_samples {
    ($($ty:ty),*) => {
        $(
            impl Sample for $ty {
                fn sample() -> Self {
                    2
                }
            }
        )*
    };
}

#[cfg(test)]
number_samples!(u32, usize, i32);

/// Declares an enum of messages: each variant names its Fluent message id and its fields, which
/// become the message's arguments of the same names, each through [`Arg`](crate::i18n::Arg) in
/// the language being worded. It gives:
///
/// - `id()`, the message id of a value;
/// - `flat(lang)`, the message with its arguments in `lang` (a [`Flat`](crate::i18n::Flat));
/// - `to(lang)`, the words, and `try_to(lang)`, the words or what is missing from the
///   catalogue;
/// - in tests, `samples()`: one value of every variant, each field a
///   `Sample`, so that a test can word every message in every language.
#[macro_export]
#[doc(hidden)]
macro_rules! messages {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $(
                $(#[$vmeta:meta])*
                $variant:ident $({ $($field:ident : $ty:ty),* $(,)? })? = $id:literal
            ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, PartialEq, Eq)]
        $vis enum $name {
            $(
                $(#[$vmeta])*
                $variant $({ $(#[allow(missing_docs)] $field: $ty),* })?
            ),*
        }

        #[allow(dead_code)]
        impl $name {
            /// The message id in the catalogue.
            #[must_use]
            pub fn id(&self) -> &'static str {
                match self {
                    $($name::$variant { .. } => $id),*
                }
            }

            /// The message with its arguments in `lang`, ready to be worded.
            #[must_use]
            // A message enum whose variants carry no facts sets no argument.
            #[allow(unused_variables, unused_mut)]
            pub fn flat(&self, lang: $crate::i18n::Lang) -> $crate::i18n::Flat {
                let mut flat = $crate::i18n::Flat::new(self.id());
                match self {
                    $(
                        $name::$variant $({ $($field),* })? => {
                            $($(
                                $crate::i18n::Arg::set($field, stringify!($field), lang, &mut flat);
                            )*)?
                        }
                    ),*
                }
                flat
            }

            /// The words in `lang`.
            #[must_use]
            pub fn to(&self, lang: $crate::i18n::Lang) -> String {
                self.flat(lang).to(lang)
            }

            /// The words in `lang`, or what is missing from the catalogue.
            ///
            /// # Errors
            ///
            /// [`WordingError`]($crate::i18n::WordingError) naming the missing message or
            /// the Fluent errors.
            pub fn try_to(
                &self,
                lang: $crate::i18n::Lang,
            ) -> Result<String, $crate::i18n::WordingError> {
                $crate::i18n::try_tr(lang, &self.flat(lang))
            }

            /// One value of every variant.
            #[cfg(test)]
            pub(crate) fn samples() -> Vec<$name> {
                vec![$($name::$variant $({
                    $($field: <$ty as $crate::i18n::Sample>::sample()),*
                })?),*]
            }
        }
    };
}
