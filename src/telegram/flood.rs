//! The per-learner flood limit: a token bucket per chat, so that one learner sending
//! hundreds of messages a second cannot take the bot's time from everyone else.
//!
//! Each chat may send [`FloodLimit::burst`] updates at once and then one per
//! [`FloodLimit::refill`]; what goes beyond is not applied (it changes nothing: the learner's
//! state is as if it was never sent) and is answered once per flood with a short notice.
//! A learner typing or tapping never meets it: the default allows 60 at once and one a second.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// What a learner reads when their messages are dropped by the flood limit.
pub const FLOOD_NOTICE: &str = "You are sending messages faster than I can read them: I skipped some. Please wait a few seconds.\n消息发得太快了，有些我跳过了。请稍等几秒再发。";

/// The limit's shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FloodLimit {
    /// Updates a chat may send at once.
    pub burst: u32,
    /// Time for one more update to be allowed.
    pub refill: Duration,
}

impl Default for FloodLimit {
    fn default() -> Self {
        FloodLimit {
            burst: 60,
            refill: Duration::from_secs(1),
        }
    }
}

/// What the limit says of one update.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Admission {
    /// Handle it.
    Allowed,
    /// Drop it, and tell the learner (the first drop of this flood).
    DroppedNotify,
    /// Drop it silently (the learner was told already).
    Dropped,
}

#[derive(Debug, Clone, Copy)]
struct Bucket {
    tokens: f64,
    at: Instant,
    told: bool,
}

/// The buckets of every chat seen lately.
#[derive(Debug)]
pub struct Flood {
    limit: FloodLimit,
    buckets: Mutex<HashMap<i64, Bucket>>,
}

/// Buckets kept before the full (idle) ones are forgotten.
const PRUNE_ABOVE: usize = 10_000;

impl Flood {
    /// No chat has sent anything yet.
    pub fn new(limit: FloodLimit) -> Flood {
        Flood {
            limit,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Takes one token from `chat`'s bucket at time `now`.
    pub fn admit(&self, chat: i64, now: Instant) -> Admission {
        let burst = f64::from(self.limit.burst.max(1));
        let per_token = self.limit.refill.as_secs_f64().max(1e-6);
        // A poisoned lock only means another update panicked mid-count: the counts are
        // still usable.
        let mut buckets = self.buckets.lock().unwrap_or_else(|e| e.into_inner());
        if buckets.len() > PRUNE_ABOVE {
            buckets.retain(|_, b| {
                b.tokens + now.saturating_duration_since(b.at).as_secs_f64() / per_token < burst
            });
        }
        let bucket = buckets.entry(chat).or_insert(Bucket {
            tokens: burst,
            at: now,
            told: false,
        });
        let earned = now.saturating_duration_since(bucket.at).as_secs_f64() / per_token;
        bucket.tokens = (bucket.tokens + earned).min(burst);
        bucket.at = now;
        if bucket.tokens >= 1.0 {
            bucket.tokens -= 1.0;
            // Told once per flood: once the learner is back under the limit, a new flood is
            // told again.
            if bucket.tokens >= 1.0 {
                bucket.told = false;
            }
            Admission::Allowed
        } else if bucket.told {
            Admission::Dropped
        } else {
            bucket.told = true;
            Admission::DroppedNotify
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limit(burst: u32, refill_ms: u64) -> Flood {
        Flood::new(FloodLimit {
            burst,
            refill: Duration::from_millis(refill_ms),
        })
    }

    #[test]
    fn a_burst_passes_then_one_notice_then_silence() {
        let flood = limit(3, 1000);
        let t = Instant::now();
        for _ in 0..3 {
            assert_eq!(flood.admit(7, t), Admission::Allowed);
        }
        assert_eq!(flood.admit(7, t), Admission::DroppedNotify);
        assert_eq!(flood.admit(7, t), Admission::Dropped);
        assert_eq!(flood.admit(7, t), Admission::Dropped);
        // Another chat is not touched.
        assert_eq!(flood.admit(8, t), Admission::Allowed);
    }

    #[test]
    fn tokens_come_back_with_time_and_never_beyond_the_burst() {
        let flood = limit(2, 100);
        let t = Instant::now();
        assert_eq!(flood.admit(1, t), Admission::Allowed);
        assert_eq!(flood.admit(1, t), Admission::Allowed);
        assert_eq!(flood.admit(1, t), Admission::DroppedNotify);
        let later = t + Duration::from_millis(100);
        assert_eq!(flood.admit(1, later), Admission::Allowed);
        assert_eq!(flood.admit(1, later), Admission::Dropped);
        // A long pause fills the bucket to the burst, not more.
        let much_later = later + Duration::from_secs(60);
        assert_eq!(flood.admit(1, much_later), Admission::Allowed);
        assert_eq!(flood.admit(1, much_later), Admission::Allowed);
        assert_eq!(flood.admit(1, much_later), Admission::DroppedNotify);
    }

    #[test]
    fn a_steady_learner_at_the_refill_rate_is_never_dropped() {
        let flood = limit(5, 1000);
        let t = Instant::now();
        for i in 0..500 {
            let at = t + Duration::from_millis(1000 * i);
            assert_eq!(flood.admit(3, at), Admission::Allowed, "message {i}");
        }
    }

    #[test]
    fn idle_chats_are_forgotten_when_there_are_many() {
        let flood = limit(2, 10);
        let t = Instant::now();
        for chat in 0..=PRUNE_ABOVE as i64 + 1 {
            flood.admit(chat, t);
        }
        flood.admit(-1, t + Duration::from_secs(1));
        let kept = flood.buckets.lock().unwrap().len();
        assert!(kept < 10, "{kept} buckets kept");
    }
}
