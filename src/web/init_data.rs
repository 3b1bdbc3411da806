//! Who opened the board page: Telegram's signed `initData`, checked as Telegram documents it
//! ("Validating data received via the Mini App"). The data-check string is every field but
//! `hash`, URL-decoded, sorted by key, as `key=value` lines; the secret key is
//! HMAC-SHA256 of the bot token under the key `WebAppData`; the hash is the HMAC-SHA256 of the
//! data-check string under the secret key, in hex. Compared in constant time, and refused when
//! older than [`MAX_AGE`].

use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;

/// How old an `initData` may be (its `auth_date`): a day, as a launch is a day's session.
pub const MAX_AGE: i64 = 24 * 60 * 60;

/// The longest `initData` read (Telegram's are well under 1 KiB).
pub const MAX_LEN: usize = 4096;

/// The learner an `initData` vouches for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Launch {
    /// The Telegram user id (their private chat with the bot has the same id).
    pub user: i64,
    /// The language their client reports, if any.
    pub language_code: Option<String>,
    /// When Telegram signed it (Unix seconds).
    pub auth_date: i64,
}

/// Why an `initData` is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InitDataError {
    /// Longer than [`MAX_LEN`].
    #[error("initData is too long")]
    TooLong,
    /// No `hash` field, or a field twice.
    #[error("initData has no hash, or a field twice")]
    Malformed,
    /// The hash is not the one the bot token gives: tampered, or signed for another bot.
    #[error("initData is not signed for this bot")]
    BadHash,
    /// `auth_date` missing, in the future, or older than [`MAX_AGE`].
    #[error("initData is stale")]
    Stale,
    /// No `user` with an id.
    #[error("initData names no user")]
    NoUser,
}

/// The secret key of a bot's `initData`: HMAC-SHA256 of the token under the key `WebAppData`.
#[must_use]
pub fn secret_key(bot_token: &str) -> [u8; 32] {
    let mut mac = <Hmac<Sha256> as KeyInit>::new_from_slice(b"WebAppData")
        .expect("HMAC takes any key length");
    mac.update(bot_token.as_bytes());
    mac.finalize().into_bytes().into()
}

/// The hash Telegram puts on `fields` (without `hash`), in hex.
#[must_use]
pub fn hash_of(secret: &[u8; 32], fields: &[(String, String)]) -> String {
    let mut sorted: Vec<&(String, String)> = fields.iter().collect();
    sorted.sort_by(|a, b| a.0.cmp(&b.0));
    let check = sorted
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join("\n");
    let mut mac =
        <Hmac<Sha256> as KeyInit>::new_from_slice(secret).expect("HMAC takes any key length");
    mac.update(check.as_bytes());
    hex(&mac.finalize().into_bytes())
}

/// Lower-case hex.
pub(crate) fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write as _;
    bytes.iter().fold(String::new(), |mut s, b| {
        let _ = write!(s, "{b:02x}");
        s
    })
}

/// Checks `init_data` (the query string `Telegram.WebApp.initData`) against the bot's
/// `secret` at time `now` (Unix seconds).
///
/// # Errors
///
/// Why it is refused; the caller answers 401 whatever the reason.
pub fn check(init_data: &str, secret: &[u8; 32], now: i64) -> Result<Launch, InitDataError> {
    if init_data.len() > MAX_LEN {
        return Err(InitDataError::TooLong);
    }
    let mut fields: Vec<(String, String)> = Vec::new();
    let mut hash = None;
    for (key, value) in url::form_urlencoded::parse(init_data.as_bytes()) {
        let duplicate = fields.iter().any(|(k, _)| *k == key) || (key == "hash" && hash.is_some());
        if duplicate {
            return Err(InitDataError::Malformed);
        }
        if key == "hash" {
            hash = Some(value.into_owned());
        } else {
            fields.push((key.into_owned(), value.into_owned()));
        }
    }
    let hash = hash.ok_or(InitDataError::Malformed)?;
    let expected = hash_of(secret, &fields);
    if !bool::from(subtle::ConstantTimeEq::ct_eq(
        expected.as_bytes(),
        hash.to_ascii_lowercase().as_bytes(),
    )) {
        return Err(InitDataError::BadHash);
    }
    let field = |name: &str| {
        fields
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    };
    let auth_date: i64 = field("auth_date")
        .and_then(|d| d.parse().ok())
        .ok_or(InitDataError::Stale)?;
    // A minute of clock skew between Telegram and this machine is forgiven.
    if auth_date > now + 60 || now - auth_date > MAX_AGE {
        return Err(InitDataError::Stale);
    }
    let user: serde_json::Value = field("user")
        .and_then(|u| serde_json::from_str(u).ok())
        .ok_or(InitDataError::NoUser)?;
    let id = user
        .get("id")
        .and_then(serde_json::Value::as_i64)
        .filter(|id| *id > 0)
        .ok_or(InitDataError::NoUser)?;
    Ok(Launch {
        user: id,
        language_code: user
            .get("language_code")
            .and_then(|l| l.as_str())
            .map(|l| l.chars().take(16).collect()),
        auth_date,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn signed(secret: &[u8; 32], fields: &[(&str, &str)]) -> String {
        let owned: Vec<(String, String)> = fields
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        let hash = hash_of(secret, &owned);
        let mut s = url::form_urlencoded::Serializer::new(String::new());
        for (k, v) in fields {
            s.append_pair(k, v);
        }
        s.append_pair("hash", &hash);
        s.finish()
    }

    const USER: &str = r#"{"id":7,"first_name":"Li","language_code":"zh-hant"}"#;

    #[test]
    fn a_launch_signed_for_this_bot_reads_with_its_user() {
        let secret = secret_key("42:TOKEN");
        let data = signed(
            &secret,
            &[
                ("query_id", "AAA"),
                ("user", USER),
                ("auth_date", "5000"),
                ("signature", "x"),
            ],
        );
        let launch = check(&data, &secret, 5100).unwrap();
        assert_eq!(launch.user, 7);
        assert_eq!(launch.language_code.as_deref(), Some("zh-hant"));
    }

    #[test]
    fn a_tampered_field_another_bot_or_a_missing_hash_is_refused() {
        let secret = secret_key("42:TOKEN");
        let data = signed(&secret, &[("user", USER), ("auth_date", "5000")]);
        let tampered = data.replace("%3A7%2C", "%3A8%2C");
        assert_ne!(tampered, data);
        assert_eq!(check(&tampered, &secret, 5000), Err(InitDataError::BadHash));
        assert_eq!(
            check(&data, &secret_key("43:TOKEN"), 5000),
            Err(InitDataError::BadHash)
        );
        let no_hash = data.split("&hash=").next().unwrap();
        assert_eq!(check(no_hash, &secret, 5000), Err(InitDataError::Malformed));
        let twice = format!("{data}&auth_date=5000");
        assert_eq!(check(&twice, &secret, 5000), Err(InitDataError::Malformed));
        assert_eq!(
            check(&"a".repeat(MAX_LEN + 1), &secret, 0),
            Err(InitDataError::TooLong)
        );
    }

    #[test]
    fn a_launch_older_than_a_day_or_from_the_future_is_stale() {
        let secret = secret_key("42:TOKEN");
        let data = signed(&secret, &[("user", USER), ("auth_date", "100000")]);
        assert!(check(&data, &secret, 100_000 + MAX_AGE).is_ok());
        assert_eq!(
            check(&data, &secret, 100_000 + MAX_AGE + 1),
            Err(InitDataError::Stale)
        );
        assert_eq!(
            check(&data, &secret, 100_000 - 61),
            Err(InitDataError::Stale)
        );
        let no_user = signed(&secret, &[("auth_date", "100000")]);
        assert_eq!(
            check(&no_user, &secret, 100_000),
            Err(InitDataError::NoUser)
        );
    }
}
