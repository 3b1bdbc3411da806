//! The callback data reader (button presses, forged or stale ones included) and the
//! invitation link's payload: no panic, and whatever is accepted encodes again within
//! Telegram's 64 bytes and reads back as the same thing.

use chess_tutor_core::tutor::{Action, DuelId, callback::MAX_CALLBACK_BYTES};

fn main() {
    afl::fuzz!(|data: &[u8]| {
        let Ok(text) = std::str::from_utf8(data) else {
            return;
        };
        if let Some(action) = Action::decode(text) {
            let again = action.encode();
            assert!(
                again.len() <= MAX_CALLBACK_BYTES,
                "{action:?} encodes as {again:?}"
            );
            assert_eq!(Action::decode(&again), Some(action), "{again:?}");
        }
        if let Some(id) = DuelId::from_payload(text) {
            assert_eq!(DuelId::from_payload(&id.payload()), Some(id));
        }
    });
}
