//! The Telegram update reader on any bytes as a getUpdates answer and as one webhook update:
//! no panic, no hang. And a batch as a JSON writer writes it (the input read by serde_json and
//! written again) is read as serde_json reads it: each update exactly its element, with its
//! whole-number `update_id`, and `"ok": false` as the Bot API's refusal.

#[path = "../../src/telegram/updates.rs"]
mod updates;

use serde_json::Value;
use updates::{BatchError, split_batch, update_id};

fn main() {
    afl::fuzz!(|data: &[u8]| {
        let Ok(body) = std::str::from_utf8(data) else {
            return;
        };
        let _ = update_id(body);
        let _ = split_batch(body);
        let Ok(answer) = serde_json::from_str::<Value>(body) else {
            return;
        };
        let written = answer.to_string();
        let batch = split_batch(&written);
        match (answer.get("ok"), answer.get("result")) {
            (Some(Value::Bool(false)), _) => assert_eq!(batch, Err(BatchError::NotOk)),
            (Some(Value::Bool(true)), Some(Value::Array(items))) => {
                let batch = batch.unwrap_or_else(|e| panic!("{e}: {written}"));
                assert_eq!(batch.len(), items.len());
                for (update, item) in batch.iter().zip(items) {
                    assert_eq!(update.json, item.to_string());
                    assert_eq!(update.id, item.get("update_id").and_then(Value::as_i64));
                    assert_eq!(update.id, update_id(update.json));
                }
            }
            _ => assert!(batch.is_err(), "{written}"),
        }
    });
}
