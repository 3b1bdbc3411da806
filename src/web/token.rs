//! The page's session token: who the learner is, until when, signed with a key every replica
//! derives from the bot token (so any replica can check a token another one issued). The
//! `initData` is checked once per launch; every later call carries this token.

use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;

/// How long a token lasts (seconds).
pub const LIFETIME: i64 = 60 * 60;

/// The key tokens are signed with.
#[derive(Clone)]
pub struct TokenKey([u8; 32]);

impl TokenKey {
    /// The key of a bot: derived from its token, the same on every replica.
    #[must_use]
    pub fn for_bot(bot_token: &str) -> TokenKey {
        let mut mac = <Hmac<Sha256> as KeyInit>::new_from_slice(b"chess-tutor board page token")
            .expect("HMAC takes any key length");
        mac.update(bot_token.as_bytes());
        TokenKey(mac.finalize().into_bytes().into())
    }

    /// A key of this process alone (the terminal chat's page).
    #[must_use]
    pub fn random() -> TokenKey {
        use std::hash::{BuildHasher, Hasher};
        let mut key = [0u8; 32];
        for chunk in key.chunks_mut(8) {
            let mut h = std::collections::hash_map::RandomState::new().build_hasher();
            h.write_u128(
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_nanos()),
            );
            chunk.copy_from_slice(&h.finish().to_le_bytes());
        }
        TokenKey(key)
    }

    fn sign(&self, body: &str) -> String {
        let mut mac =
            <Hmac<Sha256> as KeyInit>::new_from_slice(&self.0).expect("HMAC takes any key length");
        mac.update(body.as_bytes());
        super::init_data::hex(&mac.finalize().into_bytes())
    }

    /// A token for `learner`, issued at `now` (Unix seconds), with the language code their
    /// client gave at the login (kept when it is 1–16 letters and dashes): the page of a
    /// learner the bot has not met yet speaks it on every call, not only the first.
    #[must_use]
    pub fn issue(&self, learner: i64, now: i64, client_lang: Option<&str>) -> String {
        let mut body = format!("{learner}.{}", now + LIFETIME);
        if let Some(code) = client_lang.filter(|c| is_language_code(c)) {
            body.push('.');
            body.push_str(code);
        }
        let sig = self.sign(&body);
        format!("{body}.{sig}")
    }

    /// The learner of a token this key signed that has not expired at `now`, and the
    /// client's language code it holds.
    #[must_use]
    pub fn check(&self, token: &str, now: i64) -> Option<(i64, Option<String>)> {
        if token.len() > 128 {
            return None;
        }
        let (body, sig) = token.rsplit_once('.')?;
        let expected = self.sign(body);
        if !bool::from(subtle::ConstantTimeEq::ct_eq(
            expected.as_bytes(),
            sig.as_bytes(),
        )) {
            return None;
        }
        let mut parts = body.split('.');
        let (learner, until, code) = (parts.next()?, parts.next()?, parts.next());
        let until: i64 = until.parse().ok()?;
        (now <= until && parts.next().is_none()).then_some(())?;
        Some((learner.parse().ok()?, code.map(str::to_owned)))
    }
}

/// A client's language code as Telegram gives it (`en`, `zh-hans`, `pt-BR`).
fn is_language_code(code: &str) -> bool {
    (1..=16).contains(&code.len()) && code.bytes().all(|b| b.is_ascii_alphabetic() || b == b'-')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_reads_on_any_replica_of_the_bot_until_it_expires() {
        let a = TokenKey::for_bot("1:T");
        let b = TokenKey::for_bot("1:T");
        let t = a.issue(42, 1000, None);
        assert_eq!(b.check(&t, 1000 + LIFETIME), Some((42, None)));
        assert_eq!(b.check(&t, 1001 + LIFETIME), None);
        assert_eq!(TokenKey::for_bot("2:T").check(&t, 1000), None);
    }

    #[test]
    fn a_token_changed_in_any_part_is_refused() {
        let key = TokenKey::for_bot("1:T");
        let t = key.issue(42, 1000, None);
        let other = t.replacen("42.", "43.", 1);
        assert_eq!(key.check(&other, 1000), None);
        let longer = t.replacen(&format!(".{}", 1000 + LIFETIME), ".99999999999", 1);
        assert_eq!(key.check(&longer, 1000), None);
        assert_eq!(key.check("", 1000), None);
        assert_eq!(key.check("42.1.", 1000), None);
        assert_ne!(
            TokenKey::random().issue(42, 1, None),
            TokenKey::random().issue(42, 1, None)
        );
        let en = key.issue(42, 1000, Some("en"));
        assert_eq!(key.check(&en, 1000), Some((42, Some("en".to_owned()))));
        assert_eq!(key.check(&en.replacen(".en.", ".zh.", 1), 1000), None);
    }

    #[test]
    fn a_language_code_that_is_not_one_is_left_out_of_the_token() {
        let key = TokenKey::for_bot("1:T");
        for bad in ["", "e.n", "en x", "a-very-long-language-code"] {
            let t = key.issue(42, 1000, Some(bad));
            assert_eq!(key.check(&t, 1000), Some((42, None)), "{bad:?}");
        }
    }
}
