//! What the shell remembers about messages it sent, so that it sends less: which message is
//! each chat's current task (an answer edits it in place instead of adding a new board), and
//! which pictures Telegram already holds (sent again by `file_id`, not uploaded again).
//!
//! Both are caches: losing them (a restart) only means a new message or a new upload.

use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::Mutex;

use teloxide_core::types::{FileId, MessageId};

/// How many chats' task messages, and how many pictures, are remembered at most; past that
/// the memory starts again (a cache, so that is safe).
const MAX_ENTRIES: usize = 100_000;

/// The board message of each chat's current task (the last message sent with
/// [`chess_tutor_core::tutor::Reply::task`]).
#[derive(Default)]
pub struct TaskMessages {
    by_chat: Mutex<HashMap<i64, (u32, MessageId)>>,
}

impl TaskMessages {
    /// Notes that `message` is the board message of task `nonce` in `chat`.
    pub fn remember(&self, chat: i64, nonce: u32, message: MessageId) {
        let mut map = self.by_chat.lock().unwrap_or_else(|e| e.into_inner());
        if map.len() >= MAX_ENTRIES && !map.contains_key(&chat) {
            map.clear();
        }
        map.insert(chat, (nonce, message));
    }

    /// The board message of task `nonce` in `chat`, if it is the chat's current task.
    pub fn find(&self, chat: i64, nonce: u32) -> Option<MessageId> {
        let map = self.by_chat.lock().unwrap_or_else(|e| e.into_inner());
        map.get(&chat)
            .filter(|(task, _)| *task == nonce)
            .map(|(_, message)| *message)
    }
}

/// The key of a picture: a hash of its PNG bytes (the same board drawn the same way gives the
/// same bytes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PictureKey(u64);

impl PictureKey {
    /// The key of these PNG bytes.
    pub fn of(png: &[u8]) -> PictureKey {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        png.len().hash(&mut h);
        png.hash(&mut h);
        PictureKey(h.finish())
    }
}

/// Pictures Telegram already holds, by their key: a lesson's boards cost one upload per bot,
/// not one per learner.
#[derive(Default)]
pub struct UploadedPictures {
    ids: Mutex<HashMap<PictureKey, FileId>>,
}

impl UploadedPictures {
    /// The `file_id` of a picture uploaded before.
    pub fn find(&self, key: PictureKey) -> Option<FileId> {
        self.ids
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&key)
            .cloned()
    }

    /// Notes the `file_id` Telegram gave a picture.
    pub fn remember(&self, key: PictureKey, id: FileId) {
        let mut map = self.ids.lock().unwrap_or_else(|e| e.into_inner());
        if map.len() >= MAX_ENTRIES {
            map.clear();
        }
        map.insert(key, id);
    }

    /// Forgets a `file_id` Telegram no longer accepts.
    pub fn forget(&self, key: PictureKey) {
        self.ids
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&key);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_task_message_is_found_only_for_the_current_task() {
        let tasks = TaskMessages::default();
        tasks.remember(7, 1, MessageId(10));
        assert_eq!(tasks.find(7, 1), Some(MessageId(10)));
        tasks.remember(7, 2, MessageId(11));
        assert_eq!(tasks.find(7, 1), None, "an older task is not edited");
        assert_eq!(tasks.find(7, 2), Some(MessageId(11)));
        assert_eq!(tasks.find(8, 2), None, "another chat's task");
    }

    #[test]
    fn the_same_picture_has_the_same_key_and_another_picture_another() {
        let a = PictureKey::of(b"\x89PNG one");
        assert_eq!(a, PictureKey::of(b"\x89PNG one"));
        assert_ne!(a, PictureKey::of(b"\x89PNG two"));
        let pictures = UploadedPictures::default();
        assert!(pictures.find(a).is_none());
        pictures.remember(a, FileId("abc".into()));
        assert_eq!(pictures.find(a), Some(FileId("abc".into())));
        pictures.forget(a);
        assert!(pictures.find(a).is_none());
    }
}
