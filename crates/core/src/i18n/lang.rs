//! The languages the bot speaks, and how a client's language code maps to one.

use std::fmt;
use std::str::FromStr;

/// The language of a learner.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    /// Simplified Chinese.
    #[default]
    Zh,
    /// Traditional Chinese (Taiwan, Hong Kong, Macau).
    #[serde(rename = "zh-hant")]
    ZhHant,
    /// English.
    En,
}

/// A language name this bot does not speak.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown language {0:?} (use zh, zh-hant or en)")]
pub struct UnknownLang(pub String);

impl Lang {
    /// The language for a client's language code (Telegram's `language_code`, an IETF tag
    /// such as `zh-hans`, `en-US`): `None` for a language the bot does not speak.
    ///
    /// ```
    /// use chess_tutor_core::i18n::Lang;
    /// assert_eq!(Lang::from_client("zh-hans"), Some(Lang::Zh));
    /// assert_eq!(Lang::from_client("zh-TW"), Some(Lang::ZhHant));
    /// assert_eq!(Lang::from_client("en-GB"), Some(Lang::En));
    /// assert_eq!(Lang::from_client("de"), None);
    /// ```
    #[must_use]
    pub fn from_client(code: &str) -> Option<Lang> {
        let code = code.trim().to_ascii_lowercase().replace('_', "-");
        let mut parts = code.split('-');
        match parts.next().unwrap_or("") {
            "zh" => {
                // The script wins (`zh-hant-cn`); else the region says which script is usual.
                let rest: Vec<&str> = parts.collect();
                if rest.contains(&"hant") {
                    Some(Lang::ZhHant)
                } else if rest.contains(&"hans") {
                    Some(Lang::Zh)
                } else if rest.iter().any(|r| matches!(*r, "tw" | "hk" | "mo")) {
                    Some(Lang::ZhHant)
                } else {
                    Some(Lang::Zh)
                }
            }
            "en" => Some(Lang::En),
            _ => None,
        }
    }

    /// Whether this is one of the Chinese languages (the same content, in either script).
    #[must_use]
    pub fn is_chinese(self) -> bool {
        matches!(self, Lang::Zh | Lang::ZhHant)
    }

    /// The BCP 47 tag of the language's catalogue (`zh-Hans`, `en`).
    #[must_use]
    pub fn tag(self) -> &'static str {
        match self {
            Lang::Zh => "zh-Hans",
            Lang::ZhHant => "zh-Hant",
            Lang::En => "en",
        }
    }
}

impl FromStr for Lang {
    type Err = UnknownLang;
    fn from_str(s: &str) -> Result<Lang, UnknownLang> {
        match s.trim().to_ascii_lowercase().as_str() {
            // The Simplified names as either script writes them (the Traditional help text
            // is converted from the Simplified one: `/lang 簡體`).
            "zh" | "zh-cn" | "zh-hans" | "cn" | "中文" | "简体" | "简体中文" | "簡體" | "簡体"
            | "簡體中文" | "simplified" => Ok(Lang::Zh),
            "zh-hant" | "zh-tw" | "zh-hk" | "zh-mo" | "tw" | "hk" | "繁體" | "繁体"
            | "繁體中文" | "繁体中文" | "traditional" => Ok(Lang::ZhHant),
            "en" | "en-us" | "en-gb" | "english" => Ok(Lang::En),
            other => Err(UnknownLang(other.to_owned())),
        }
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Lang::Zh => "zh",
            Lang::ZhHant => "zh-hant",
            Lang::En => "en",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn telegram_language_codes() {
        for (code, lang) in [
            ("zh-hans", Some(Lang::Zh)),
            ("zh-cn", Some(Lang::Zh)),
            ("zh", Some(Lang::Zh)),
            ("zh-hant", Some(Lang::ZhHant)),
            ("zh-tw", Some(Lang::ZhHant)),
            ("zh-HK", Some(Lang::ZhHant)),
            ("zh-mo", Some(Lang::ZhHant)),
            ("zh_Hant_HK", Some(Lang::ZhHant)),
            ("en", Some(Lang::En)),
            ("en-US", Some(Lang::En)),
            ("de", None),
            ("", None),
        ] {
            assert_eq!(Lang::from_client(code), lang, "{code}");
        }
    }

    #[test]
    fn a_language_round_trips_through_its_name_and_json() {
        for lang in [Lang::Zh, Lang::ZhHant, Lang::En] {
            assert_eq!(lang.to_string().parse::<Lang>(), Ok(lang));
            let json = serde_json::to_string(&lang).unwrap();
            assert_eq!(serde_json::from_str::<Lang>(&json).unwrap(), lang);
        }
        assert_eq!(serde_json::to_string(&Lang::Zh).unwrap(), "\"zh\"");
        assert_eq!(serde_json::to_string(&Lang::ZhHant).unwrap(), "\"zh-hant\"");
        assert!("klingon".parse::<Lang>().is_err());
    }
}
