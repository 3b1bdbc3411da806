//! Reading a Bot API answer one update at a time, so that one update nobody can read (JSON
//! nested deeper than any reader allows, an escaped lone surrogate in a name, a kind of update
//! that did not exist when this was written) never makes the whole batch unreadable: the other
//! updates are handled and the bad one is skipped with its id, so that the polling offset moves
//! past it.
//!
//! The scanner here does not build values: it finds where each update begins and ends, and the
//! top-level `update_id` of one. It keeps no stack (a counter of open brackets is enough to find
//! the end of a value), so no nesting depth can exhaust it, and it looks at each byte a bounded
//! number of times. It depends on nothing but `std` and `thiserror`, so a fuzz target can take the
//! file as it is (`fuzz/src/lib.rs`; CI compiles it there): reading an update as teloxide's type
//! is [`super::inbound::parse_update`].

/// Why an update is skipped when it does not read (its id and size are logged, never its text).
pub const UNREADABLE: &str = "an update that does not read";

/// One update of a batch as Telegram sent it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RawUpdate<'a> {
    /// Its top-level `update_id`, when there is one that is a whole number.
    pub id: Option<i64>,
    /// Its JSON text, exactly as sent.
    pub json: &'a str,
}

/// Why a body is not a batch of updates at all.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum BatchError {
    /// The body is not a JSON object with an `ok` and a `result` array.
    #[error("the answer is not a batch of updates ({bytes} bytes)")]
    NotABatch {
        /// The body's size (its text is never shown: it holds learners' messages).
        bytes: usize,
    },
    /// The Bot API answered `"ok": false`.
    #[error("the Bot API answered ok=false")]
    NotOk,
}

/// Splits a `getUpdates` answer (`{"ok":true,"result":[…]}`) into its updates, without reading
/// them.
///
/// # Errors
///
/// [`BatchError`] when the body is not such an answer.
pub fn split_batch(body: &str) -> Result<Vec<RawUpdate<'_>>, BatchError> {
    let not_a_batch = BatchError::NotABatch { bytes: body.len() };
    let mut s = Scanner::new(body);
    let mut ok = None;
    let mut result = None;
    s.object(|s, key| {
        match key {
            b"ok" => ok = Some(s.literal()?),
            b"result" => result = Some(s.array_items()?),
            _ => s.skip_value()?,
        }
        Some(())
    })
    .ok_or(not_a_batch)?;
    s.whitespace();
    if !s.at_end() {
        return Err(not_a_batch);
    }
    match (ok, result) {
        (Some(b"false"), _) => Err(BatchError::NotOk),
        (Some(b"true"), Some(items)) => Ok(items
            .into_iter()
            .map(|(start, end)| {
                let json = &body[start..end];
                RawUpdate {
                    id: update_id(json),
                    json,
                }
            })
            .collect()),
        _ => Err(not_a_batch),
    }
}

/// The top-level `update_id` of one update's JSON (as a webhook POST carries it), when it is
/// an object with a whole-number `update_id`.
#[must_use]
pub fn update_id(json: &str) -> Option<i64> {
    let mut s = Scanner::new(json);
    let mut id = None;
    s.object(|s, key| {
        if key == b"update_id" {
            let text = s.literal()?;
            // Only digits (and a sign): `1e3` or `7.0` are no update id.
            if text.iter().all(|b| b.is_ascii_digit() || *b == b'-') {
                id = std::str::from_utf8(text).ok()?.parse().ok();
            }
        } else {
            s.skip_value()?;
        }
        Some(())
    })?;
    id
}

/// A cursor over JSON text that finds where values begin and end.
struct Scanner<'a> {
    b: &'a [u8],
    i: usize,
}

impl<'a> Scanner<'a> {
    fn new(text: &'a str) -> Self {
        Scanner {
            b: text.as_bytes(),
            i: 0,
        }
    }

    fn at_end(&self) -> bool {
        self.i >= self.b.len()
    }

    fn peek(&self) -> Option<u8> {
        self.b.get(self.i).copied()
    }

    fn whitespace(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.i += 1;
        }
    }

    fn expect(&mut self, byte: u8) -> Option<()> {
        self.whitespace();
        (self.peek()? == byte).then(|| self.i += 1)
    }

    /// A string's raw bytes between its quotes (escapes left as written).
    fn string(&mut self) -> Option<&'a [u8]> {
        self.expect(b'"')?;
        let start = self.i;
        loop {
            match self.peek()? {
                b'"' => break,
                b'\\' => self.i += 2,
                _ => self.i += 1,
            }
        }
        let end = self.i;
        self.i += 1;
        self.b.get(start..end)
    }

    /// A number, `true`, `false` or `null`, as written.
    fn literal(&mut self) -> Option<&'a [u8]> {
        self.whitespace();
        let start = self.i;
        while let Some(c) = self.peek() {
            if matches!(c, b',' | b'}' | b']' | b' ' | b'\t' | b'\n' | b'\r' | b'"') {
                break;
            }
            self.i += 1;
        }
        (self.i > start).then(|| &self.b[start..self.i])
    }

    /// Skips one value of any depth, counting brackets instead of keeping a stack.
    fn skip_value(&mut self) -> Option<()> {
        self.whitespace();
        match self.peek()? {
            b'"' => self.string().map(|_| ()),
            b'{' | b'[' => {
                let mut depth = 0_usize;
                loop {
                    match self.peek()? {
                        b'"' => {
                            self.string()?;
                            continue;
                        }
                        b'{' | b'[' => depth += 1,
                        b'}' | b']' => {
                            depth -= 1;
                            if depth == 0 {
                                self.i += 1;
                                return Some(());
                            }
                        }
                        _ => {}
                    }
                    self.i += 1;
                }
            }
            _ => self.literal().map(|_| ()),
        }
    }

    /// Reads an object, handing each key to `member`, which must read the member's value.
    fn object(&mut self, mut member: impl FnMut(&mut Self, &'a [u8]) -> Option<()>) -> Option<()> {
        self.expect(b'{')?;
        self.whitespace();
        if self.peek()? == b'}' {
            self.i += 1;
            return Some(());
        }
        loop {
            let key = self.string()?;
            self.expect(b':')?;
            member(self, key)?;
            self.whitespace();
            match self.peek()? {
                b',' => self.i += 1,
                b'}' => {
                    self.i += 1;
                    return Some(());
                }
                _ => return None,
            }
            self.whitespace();
        }
    }

    /// Reads an array, returning where each item begins and ends.
    fn array_items(&mut self) -> Option<Vec<(usize, usize)>> {
        self.expect(b'[')?;
        let mut items = Vec::new();
        self.whitespace();
        if self.peek()? == b']' {
            self.i += 1;
            return Some(items);
        }
        loop {
            self.whitespace();
            let start = self.i;
            self.skip_value()?;
            items.push((start, self.i));
            self.whitespace();
            match self.peek()? {
                b',' => self.i += 1,
                b']' => {
                    self.i += 1;
                    return Some(items);
                }
                _ => return None,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_batch_is_split_into_its_updates_with_their_ids() {
        let body = r#" {"ok" : true, "result":[
            {"update_id":1,"message":{"text":"a ] } \" [ {"}},
            {"message":{"text":"no id"},"x":[1,2,{"update_id":9}]},
            {"update_id":-3},
            {"update_id":"7"}, {"update_id":7.5}, 42
        ]} "#;
        let updates = split_batch(body).unwrap();
        let ids: Vec<Option<i64>> = updates.iter().map(|u| u.id).collect();
        assert_eq!(ids, [Some(1), None, Some(-3), None, None, None]);
        assert!(updates[0].json.starts_with("{\"update_id\":1"));
        assert!(updates[0].json.ends_with("{\"}}"));
        assert_eq!(updates[5].json, "42");
    }

    #[test]
    fn nesting_deeper_than_any_reader_allows_does_not_stop_the_others() {
        let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
        let body = format!(
            r#"{{"ok":true,"result":[{{"update_id":5,"message":{{"x":{deep}}}}},{{"update_id":6,"message":{{"text":"\ud800"}}}}]}}"#
        );
        let updates = split_batch(&body).unwrap();
        assert_eq!(updates.len(), 2);
        assert_eq!((updates[0].id, updates[1].id), (Some(5), Some(6)));
        // The whole batch is beyond serde_json's nesting limit: that is why this reader exists.
        assert!(serde_json::from_str::<serde_json::Value>(&body).is_err());
    }

    #[test]
    fn what_is_not_a_batch_is_refused_with_its_size_only() {
        for body in [
            "",
            "garbage",
            "{",
            r#"{"ok":true}"#,
            r#"{"ok":true,"result":{}}"#,
            r#"{"ok":true,"result":[1,]}"#,
            r#"{"ok":true,"result":[{"a":"unterminated}]}"#,
            r#"{"ok":true,"result":[]} trailing"#,
            r#"{"ok":true,"result":[[[]]"#,
        ] {
            assert_eq!(
                split_batch(body),
                Err(BatchError::NotABatch { bytes: body.len() }),
                "{body:?}"
            );
        }
        assert_eq!(
            split_batch(r#"{"ok":false,"error_code":409}"#),
            Err(BatchError::NotOk)
        );
        assert_eq!(split_batch(r#"{"ok":true,"result":[]}"#), Ok(Vec::new()));
        let secret = r#"{"ok":true,"result":[{"update_id":1,"message":{"text":"my secret"}"#;
        assert!(
            !split_batch(secret)
                .unwrap_err()
                .to_string()
                .contains("secret")
        );
    }

    #[test]
    fn an_update_id_is_read_from_the_top_level_only() {
        assert_eq!(
            update_id(r#"{"message":{"update_id":3},"update_id":4}"#),
            Some(4)
        );
        assert_eq!(update_id(r#"{"message":{"update_id":3}}"#), None);
        assert_eq!(update_id(r#"{"update_id":1e3}"#), None);
        assert_eq!(update_id(r#"{"update_id":99999999999999999999}"#), None);
        assert_eq!(update_id("[1]"), None);
        assert_eq!(update_id(""), None);
    }
}
