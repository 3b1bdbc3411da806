//! A thing the bot says, as a value: the Fluent message id and its named arguments.

use fluent_bundle::FluentArgs;

/// One thing the bot says, decided but not yet worded.
pub trait Message {
    /// The Fluent message id (`lesson-done`).
    fn id(&self) -> &'static str;
    /// The named arguments the wording may use.
    fn args(&self) -> FluentArgs<'_>;
}

/// Declares an enum of messages: each variant names its Fluent id and its fields, which are
/// passed to the wording as arguments of the same names. It also gives `samples()`, one value
/// of every variant (fields at their defaults), so that a test can word every message in
/// every language.
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
        #[derive(Debug, Clone, PartialEq)]
        $vis enum $name {
            $(
                $(#[$vmeta])*
                $variant $({ $($field: $ty),* })?
            ),*
        }

        impl $crate::i18n::Message for $name {
            fn id(&self) -> &'static str {
                match self {
                    $($name::$variant { .. } => $id),*
                }
            }

            #[allow(unused_mut, unused_variables)]
            fn args(&self) -> $crate::i18n::fluent::FluentArgs<'_> {
                let mut args = $crate::i18n::fluent::FluentArgs::new();
                match self {
                    $(
                        $name::$variant $({ $($field),* })? => {
                            $($(args.set(stringify!($field), $field.clone());)*)?
                        }
                    ),*
                }
                args
            }
        }

        impl $name {
            /// One value of every variant, fields at their defaults.
            #[allow(dead_code)]
            pub(crate) fn samples() -> Vec<$name> {
                vec![$($name::$variant $({ $($field: <$ty>::default()),* })?),*]
            }
        }
    };
}
