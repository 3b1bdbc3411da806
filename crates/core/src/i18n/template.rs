//! Messages compiled once for direct substitution: the catalogues stay Fluent (a translator
//! edits only `.ftl` files), but a message made only of text, arguments, references to other
//! such messages and selections by an argument is worded without Fluent's general resolver.
//!
//! The referee words a sentence for every move it explains, often with several nested
//! phrases (`the rook on e8`, `White`), and Fluent's resolver costs a few hundred nanoseconds
//! a message. What a template does not cover (functions, terms, attributes, escapes, a plural
//! of a language it has no rule for) is left to Fluent, and so is any message whose arguments
//! do not fit (a missing argument, a number with a fraction): [`word`] then says `None`.
//!
//! A test words every message of every catalogue both ways, with every variant selected, and
//! requires the same text.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use fluent_syntax::ast;

use super::Lang;

/// One piece of a compiled message.
#[derive(Debug)]
enum Part {
    /// Text as it stands.
    Text(&'static str),
    /// Text of a string literal with escapes, unescaped.
    Unescaped(String),
    /// The argument of this name.
    Arg(&'static str),
    /// One of several patterns, chosen by the argument `selector`.
    Select {
        selector: &'static str,
        variants: Vec<(Key, Vec<Part>)>,
        default: usize,
    },
}

/// A variant's key: a name (`white`, or a plural category `one`), or a number (`[1]`).
#[derive(Debug)]
enum Key {
    Name(&'static str),
    Number(f64),
}

/// FNV-1a: message ids are short and trusted, so a cheap hash does (SipHash showed in the
/// referee's profile).
#[derive(Default)]
struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        let mut h = if self.0 == 0 {
            0xcbf2_9ce4_8422_2325
        } else {
            self.0
        };
        for b in bytes {
            h ^= u64::from(*b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        self.0 = h;
    }
}

/// References to other messages are followed this deep, then Fluent takes over.
const MAX_DEPTH: usize = 8;

/// The compiled messages of one language's catalogue.
pub(super) struct Templates {
    lang: Lang,
    messages: HashMap<String, Vec<Part>, BuildHasherDefault<Fnv>>,
}

/// A catalogue bundle that lives as long as the program (its messages are borrowed).
type Bundle = &'static FluentBundle<FluentResource>;

impl Templates {
    /// Compiles the messages `ids` of `bundle` (the catalogue of `lang`) that a template
    /// covers.
    pub(super) fn compile(
        lang: Lang,
        bundle: Bundle,
        ids: impl IntoIterator<Item = String>,
    ) -> Templates {
        let mut messages = HashMap::default();
        for id in ids {
            let Some(pattern) = bundle.get_message(&id).and_then(|m| m.value()) else {
                continue;
            };
            if let Some(parts) = compile(bundle, pattern, 0) {
                messages.insert(id, parts);
            }
        }
        Templates { lang, messages }
    }

    /// Words the message `id` from its template, or `None` when it has none or when `args`
    /// do not fit it (Fluent then words it, and reports what is wrong).
    pub(super) fn word(&self, id: &str, args: &FluentArgs<'_>) -> Option<String> {
        self.word_with(id, |name| {
            args.iter().find(|(k, _)| *k == name).map(|(_, v)| v)
        })
    }

    /// [`Templates::word`] with the arguments read by `arg`.
    pub(super) fn word_with<'a>(
        &self,
        id: &str,
        arg: impl Fn(&str) -> Option<&'a FluentValue<'a>>,
    ) -> Option<String> {
        let parts = self.messages.get(id)?;
        let mut out = String::with_capacity(96);
        write(self.lang, parts, &arg, &mut out)?;
        Some(out)
    }

    /// How many messages have a template.
    #[cfg(test)]
    pub(super) fn len(&self) -> usize {
        self.messages.len()
    }
}

fn compile(
    bundle: Bundle,
    pattern: &'static ast::Pattern<&'static str>,
    depth: usize,
) -> Option<Vec<Part>> {
    if depth > MAX_DEPTH {
        return None;
    }
    let mut parts = Vec::with_capacity(pattern.elements.len());
    for element in &pattern.elements {
        match element {
            ast::PatternElement::TextElement { value } => parts.push(Part::Text(value)),
            ast::PatternElement::Placeable { expression } => match expression {
                ast::Expression::Inline(inline) => {
                    parts.extend(inline_parts(bundle, inline, depth)?)
                }
                ast::Expression::Select { selector, variants } => {
                    let ast::InlineExpression::VariableReference { id } = selector else {
                        return None;
                    };
                    let mut compiled = Vec::with_capacity(variants.len());
                    let mut default = None;
                    for (i, variant) in variants.iter().enumerate() {
                        let key = match variant.key {
                            ast::VariantKey::Identifier { name } => Key::Name(name),
                            ast::VariantKey::NumberLiteral { value } => {
                                Key::Number(value.parse().ok()?)
                            }
                        };
                        if variant.default {
                            default = Some(i);
                        }
                        compiled.push((key, compile(bundle, &variant.value, depth + 1)?));
                    }
                    parts.push(Part::Select {
                        selector: id.name,
                        variants: compiled,
                        default: default?,
                    });
                }
            },
        }
    }
    Some(parts)
}

fn inline_parts(
    bundle: Bundle,
    inline: &'static ast::InlineExpression<&'static str>,
    depth: usize,
) -> Option<Vec<Part>> {
    match inline {
        ast::InlineExpression::VariableReference { id } => Some(vec![Part::Arg(id.name)]),
        ast::InlineExpression::MessageReference {
            id,
            attribute: None,
        } => {
            let pattern = bundle.get_message(id.name)?.value()?;
            compile(bundle, pattern, depth + 1)
        }
        // A string literal is its own text (`{ "" }`, `{ "{" }`, `{ "\u000A" }`).
        ast::InlineExpression::StringLiteral { value } if !value.contains('\\') => {
            Some(vec![Part::Text(value)])
        }
        ast::InlineExpression::StringLiteral { value } => {
            Some(vec![Part::Unescaped(unescape(value)?)])
        }
        _ => None,
    }
}

/// A Fluent string literal's text: `\\`, `\"` and `\uXXXX` / `\UXXXXXX` escapes.
fn unescape(literal: &str) -> Option<String> {
    let mut out = String::with_capacity(literal.len());
    let mut chars = literal.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        let digits = match chars.next()? {
            e @ ('\\' | '"') => {
                out.push(e);
                continue;
            }
            'u' => 4,
            'U' => 6,
            _ => return None,
        };
        let hex: String = chars.by_ref().take(digits).collect();
        if hex.len() != digits {
            return None;
        }
        out.push(char::from_u32(u32::from_str_radix(&hex, 16).ok()?)?);
    }
    Some(out)
}

fn write<'a>(
    lang: Lang,
    parts: &[Part],
    args: &impl Fn(&str) -> Option<&'a FluentValue<'a>>,
    out: &mut String,
) -> Option<()> {
    for part in parts {
        match part {
            Part::Text(text) => out.push_str(text),
            Part::Unescaped(text) => out.push_str(text),
            Part::Arg(name) => match args(name)? {
                FluentValue::String(text) => out.push_str(text),
                FluentValue::Number(n) => out.push_str(&whole(n.value)?.to_string()),
                _ => return None,
            },
            Part::Select {
                selector,
                variants,
                default,
            } => {
                let chosen = match args(selector)? {
                    FluentValue::String(text) => variants.iter().position(
                        |(key, _)| matches!(key, Key::Name(name) if *name == text.as_ref()),
                    ),
                    FluentValue::Number(n) => {
                        let category = plural(lang, n.value)?;
                        variants
                            .iter()
                            .position(|(key, _)| matches!(key, Key::Number(k) if *k == n.value))
                            .or_else(|| {
                                variants.iter().position(
                                    |(key, _)| matches!(key, Key::Name(name) if *name == category),
                                )
                            })
                    }
                    _ => return None,
                };
                let (_, pattern) = variants.get(chosen.unwrap_or(*default))?;
                write(lang, pattern, args, out)?;
            }
        }
    }
    Some(())
}

/// A whole number as Fluent writes it (no fraction digits); `None` for anything else.
fn whole(value: f64) -> Option<i64> {
    #[allow(clippy::cast_possible_truncation)]
    let n = value as i64;
    (value.fract() == 0.0 && value.abs() < 1e15).then_some(n)
}

/// The cardinal plural category of a whole number (CLDR): English says `one` for 1 only,
/// Chinese has no plural forms.
fn plural(lang: Lang, value: f64) -> Option<&'static str> {
    let n = whole(value)?;
    Some(match lang {
        Lang::En if n == 1 => "one",
        Lang::En | Lang::Zh | Lang::ZhHant => "other",
    })
}

#[cfg(test)]
mod tests {
    use super::super::catalogue::{LANGS, format_with_fluent, templates};
    use super::*;

    fn word(lang: Lang, id: &str, args: &FluentArgs<'_>) -> Option<String> {
        templates(lang).word(id, args)
    }

    /// The arguments a compiled message uses: plain ones, and selectors with their keys.
    fn arguments(
        parts: &[Part],
        plain: &mut Vec<&'static str>,
        selectors: &mut Vec<(&'static str, Vec<String>)>,
    ) {
        for part in parts {
            match part {
                Part::Text(_) | Part::Unescaped(_) => {}
                Part::Arg(name) => plain.push(name),
                Part::Select {
                    selector, variants, ..
                } => {
                    let keys = variants
                        .iter()
                        .map(|(key, _)| match key {
                            Key::Name(name) => (*name).to_owned(),
                            Key::Number(n) => format!("#{n}"),
                        })
                        .chain([
                            "unknown".to_owned(),
                            "#0".to_owned(),
                            "#1".to_owned(),
                            "#2".to_owned(),
                            "#7".to_owned(),
                        ])
                        .collect();
                    selectors.push((selector, keys));
                    for (_, pattern) in variants {
                        arguments(pattern, plain, selectors);
                    }
                }
            }
        }
    }

    #[test]
    fn every_compiled_message_is_worded_as_fluent_words_it_with_every_variant() {
        let mut compared = 0;
        for lang in LANGS {
            for (id, parts) in &templates(lang).messages {
                let (mut plain, mut selectors) = (Vec::new(), Vec::new());
                arguments(parts, &mut plain, &mut selectors);
                // Each selector in turn through each of its keys, the others at their first.
                let mut choices = vec![Vec::new()];
                for (s, (_, keys)) in selectors.iter().enumerate() {
                    for key in keys {
                        let mut choice: Vec<String> =
                            selectors.iter().map(|(_, k)| k[0].clone()).collect();
                        choice[s] = key.clone();
                        choices.push(choice);
                    }
                }
                for choice in choices {
                    let mut args = FluentArgs::new();
                    for name in &plain {
                        args.set(*name, format!("<{name}>"));
                    }
                    for (i, (name, _)) in selectors.iter().enumerate() {
                        let key = choice.get(i).map_or("", String::as_str);
                        match key.strip_prefix('#') {
                            Some(n) => args.set(*name, n.parse::<f64>().unwrap()),
                            None => args.set(*name, key.to_owned()),
                        }
                    }
                    let fast = word(lang, id, &args);
                    let fluent = format_with_fluent(lang, id, &args);
                    if let Some(fast) = fast {
                        assert_eq!(Ok(fast), fluent, "{} `{id}` with {choice:?}", lang.tag());
                        compared += 1;
                    }
                }
            }
        }
        assert!(compared > 500, "only {compared} wordings compared");
    }

    #[test]
    fn most_messages_have_a_template() {
        for lang in LANGS {
            let compiled = templates(lang).len();
            let all = super::super::message_ids(lang).len();
            assert!(
                compiled * 10 >= all * 9,
                "{}: {compiled} of {all} messages compiled",
                lang.tag()
            );
        }
    }

    #[test]
    fn a_missing_argument_is_left_to_fluent() {
        let args = FluentArgs::new();
        assert_eq!(word(Lang::En, "no-piece-on", &args), None);
        assert!(format_with_fluent(Lang::En, "no-piece-on", &args).is_err());
    }
}
