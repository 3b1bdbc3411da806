//! The Fluent catalogues, compiled into the binary: one bundle per language, built once.

use std::sync::LazyLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource};

use super::template::Templates;
use super::{Lang, Message};

/// Every language, in the order of [`Lang`].
pub const LANGS: [Lang; 3] = [Lang::Zh, Lang::ZhHant, Lang::En];

/// The catalogue files of each language: (file name, contents).
fn sources(lang: Lang) -> &'static [(&'static str, &'static str)] {
    match lang {
        Lang::Zh => &[
            (
                "zh-Hans/tutor.ftl",
                include_str!("../../locales/zh-Hans/tutor.ftl"),
            ),
            (
                "zh-Hans/rules.ftl",
                include_str!("../../locales/zh-Hans/rules.ftl"),
            ),
            (
                "zh-Hans/generate.ftl",
                include_str!("../../locales/zh-Hans/generate.ftl"),
            ),
            (
                "zh-Hans/speech.ftl",
                include_str!("../../locales/zh-Hans/speech.ftl"),
            ),
        ],
        Lang::ZhHant => &[
            (
                "zh-Hant/tutor.ftl",
                include_str!("../../locales/zh-Hant/tutor.ftl"),
            ),
            (
                "zh-Hant/rules.ftl",
                include_str!("../../locales/zh-Hant/rules.ftl"),
            ),
            (
                "zh-Hant/generate.ftl",
                include_str!("../../locales/zh-Hant/generate.ftl"),
            ),
            (
                "zh-Hant/speech.ftl",
                include_str!("../../locales/zh-Hant/speech.ftl"),
            ),
        ],
        Lang::En => &[
            ("en/tutor.ftl", include_str!("../../locales/en/tutor.ftl")),
            ("en/rules.ftl", include_str!("../../locales/en/rules.ftl")),
            (
                "en/generate.ftl",
                include_str!("../../locales/en/generate.ftl"),
            ),
            ("en/speech.ftl", include_str!("../../locales/en/speech.ftl")),
        ],
    }
}

struct Catalogues {
    bundles: Vec<(Lang, FluentBundle<FluentResource>)>,
}

fn build(lang: Lang) -> FluentBundle<FluentResource> {
    let tag = lang
        .tag()
        .parse()
        .unwrap_or_else(|_| unic_langid::LanguageIdentifier::default());
    let mut bundle = FluentBundle::new_concurrent(vec![tag]);
    // The words go into chat messages as they are: no Unicode isolation marks around values.
    bundle.set_use_isolating(false);
    for (file, text) in sources(lang) {
        // A broken catalogue file is a build defect that `tests/i18n.rs` reports; what parses
        // of it is still used.
        let resource = match FluentResource::try_new((*text).to_owned()) {
            Ok(r) => r,
            Err((r, errors)) => {
                debug_assert!(false, "{file}: {errors:?}");
                r
            }
        };
        if let Err(errors) = bundle.add_resource(resource) {
            debug_assert!(false, "{file}: {errors:?}");
        }
    }
    bundle
}

static CATALOGUES: LazyLock<Catalogues> = LazyLock::new(|| Catalogues {
    bundles: LANGS.iter().map(|&lang| (lang, build(lang))).collect(),
});

pub(super) fn bundle(lang: Lang) -> &'static FluentBundle<FluentResource> {
    &CATALOGUES
        .bundles
        .iter()
        .find(|(l, _)| *l == lang)
        .unwrap_or(&CATALOGUES.bundles[0])
        .1
}

static TEMPLATES: LazyLock<Vec<Templates>> = LazyLock::new(|| {
    LANGS
        .iter()
        .map(|&lang| {
            let ids = message_ids(lang).into_iter().map(|(_, id)| id);
            Templates::compile(lang, bundle(lang), ids)
        })
        .collect()
});

/// The compiled messages of `lang` (in the order of [`LANGS`]).
pub(super) fn templates(lang: Lang) -> &'static Templates {
    let index = LANGS.iter().position(|l| *l == lang).unwrap_or(0);
    &TEMPLATES[index]
}

/// Words the message `id` of `lang` from its compiled template, reading each argument with
/// `arg`; `None` when the message has no template or the arguments do not fit it (word it
/// with [`tr`] then). For callers that word a message very often.
pub fn word_direct<'a>(
    lang: Lang,
    id: &str,
    arg: impl Fn(&str) -> Option<&'a fluent_bundle::FluentValue<'a>>,
) -> Option<String> {
    templates(lang).word_with(id, arg)
}

/// Why a message could not be worded: a gap in a catalogue, found by the tests that word every
/// message in every language (at run time [`tr`] falls back instead).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WordingError {
    /// The language's catalogue has no message with this id.
    #[error("{lang}: no message `{id}`", lang = .lang.tag())]
    Missing {
        /// The catalogue's language.
        lang: Lang,
        /// The message id.
        id: String,
    },
    /// The wording uses what the message does not give (an argument, another message).
    #[error("{lang}: `{id}`: {errors}", lang = .lang.tag())]
    Fluent {
        /// The catalogue's language.
        lang: Lang,
        /// The message id.
        id: String,
        /// Fluent's resolver errors, as it writes them.
        errors: String,
    },
}

/// Words `message` in `lang`, or says what went wrong: the message is missing from the
/// catalogue, or its wording uses an argument the message does not give.
///
/// # Errors
///
/// [`WordingError`] naming the missing message or the Fluent errors.
pub fn try_tr(lang: Lang, message: &impl Message) -> Result<String, WordingError> {
    format(lang, message.id(), &message.args())
}

fn format(lang: Lang, id: &str, args: &FluentArgs<'_>) -> Result<String, WordingError> {
    if let Some(text) = templates(lang).word(id, args) {
        return Ok(text);
    }
    format_with_fluent(lang, id, args)
}

/// Words a message with Fluent's own resolver (what [`super::template`] must agree with).
pub(super) fn format_with_fluent(
    lang: Lang,
    id: &str,
    args: &FluentArgs<'_>,
) -> Result<String, WordingError> {
    let bundle = bundle(lang);
    let pattern = bundle
        .get_message(id)
        .and_then(|m| m.value())
        .ok_or_else(|| WordingError::Missing {
            lang,
            id: id.to_owned(),
        })?;
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, Some(args), &mut errors);
    if errors.is_empty() {
        Ok(text.into_owned())
    } else {
        Err(WordingError::Fluent {
            lang,
            id: id.to_owned(),
            errors: format!("{errors:?}"),
        })
    }
}

/// Words `message` in `lang`. Every message is in every catalogue (a test words each one in
/// each language); should one still be missing, the English wording is used, and failing
/// that the message id.
#[must_use]
pub fn tr(lang: Lang, message: &impl Message) -> String {
    try_tr(lang, message)
        .or_else(|_| try_tr(Lang::En, message))
        .unwrap_or_else(|_| message.id().to_owned())
}

/// The ids of every message in `lang`'s catalogue files, with the file each is in.
#[must_use]
pub fn message_ids(lang: Lang) -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    for (file, text) in sources(lang) {
        for line in text.lines() {
            // A message starts at the beginning of a line: `id =` (terms start with `-`).
            let Some((id, _)) = line.split_once(" =") else {
                continue;
            };
            if !id.is_empty()
                && id.starts_with(|c: char| c.is_ascii_alphabetic())
                && id
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
            {
                out.push((*file, id.to_owned()));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    /// The Traditional catalogue is the Simplified one converted (`super::super::hant`), so a
    /// change of the Simplified wording must be carried over: run
    /// `UPDATE_ZH_HANT=1 cargo test -p chess-tutor-core zh_hant_catalogue` to write it anew,
    /// then read the diff.
    #[test]
    fn the_zh_hant_catalogue_is_the_conversion_of_zh_hans() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("locales");
        for ((hans_file, hans), (hant_file, hant)) in
            sources(Lang::Zh).iter().zip(sources(Lang::ZhHant))
        {
            let header =
                "# Generated from ../zh-Hans by chess_tutor_core::i18n::hant: do not edit.\n";
            let expected = format!("{header}{}", super::super::hant::to_traditional(hans));
            if std::env::var_os("UPDATE_ZH_HANT").is_some() {
                std::fs::write(dir.join(hant_file), &expected).unwrap();
                continue;
            }
            assert!(
                *hant == expected,
                "{hant_file} is not the conversion of {hans_file}: run \
                 UPDATE_ZH_HANT=1 cargo test -p chess-tutor-core zh_hant_catalogue"
            );
        }
    }

    #[test]
    fn every_language_has_the_same_messages() {
        let ids = |lang| {
            let mut v: Vec<String> = message_ids(lang).into_iter().map(|(_, id)| id).collect();
            v.sort();
            v
        };
        let en = ids(Lang::En);
        assert!(en.len() > 50, "{} messages", en.len());
        for lang in LANGS {
            assert_eq!(ids(lang), en, "{}", lang.tag());
        }
    }
}
