//! Who is waiting for a learner's task to change: the board pages this process holds open
//! (`GET /api/task?after=…`, a long poll), woken by the commits of this process.
//!
//! A commit here wakes the pages of every learner it wrote to (the learner, the other player
//! of a game, …) at once. A commit on another replica wakes nobody here: a page waiting here
//! looks again every [`RECHECK`] as well, so it follows within that time.
//!
//! Bounded: at most [`PER_LEARNER`] pages of one learner and [`Followers::cap`] in all wait at
//! once; a page beyond either is answered at once and asks again after its own pause.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, LazyLock, Mutex, PoisonError};
use std::time::Duration;

use tokio::sync::Notify;

/// How long one wait is held before it is answered with the task as it is.
pub const HOLD: Duration = Duration::from_secs(25);

/// How often a waiting page looks again, for a change another replica committed.
pub const RECHECK: Duration = Duration::from_secs(3);

/// Pages of one learner that may wait at once (a phone and a desktop, a reopened page).
pub const PER_LEARNER: usize = 4;

/// The process's followers.
pub static FOLLOWERS: LazyLock<Followers> = LazyLock::new(|| Followers::new(1_024));

/// The waiting pages, by learner.
#[derive(Debug)]
pub struct Followers {
    waiting: Mutex<HashMap<i64, Waiting>>,
    total: AtomicUsize,
    cap: AtomicUsize,
}

#[derive(Debug)]
struct Waiting {
    notify: Arc<Notify>,
    pages: usize,
}

/// One page's place among the followers; given back when dropped.
#[derive(Debug)]
pub struct Follow<'f> {
    followers: &'f Followers,
    learner: i64,
    notify: Arc<Notify>,
}

impl Followers {
    /// Followers of at most `cap` waiting pages.
    pub fn new(cap: usize) -> Followers {
        Followers {
            waiting: Mutex::new(HashMap::new()),
            total: AtomicUsize::new(0),
            cap: AtomicUsize::new(cap),
        }
    }

    /// How many pages may wait at once.
    pub fn cap(&self) -> usize {
        self.cap.load(Ordering::Relaxed)
    }

    /// Sets how many pages may wait at once (below the server's connection cap, so that
    /// waiting pages never keep a drop out).
    pub fn set_cap(&self, cap: usize) {
        self.cap.store(cap, Ordering::Relaxed);
    }

    /// How many pages wait now.
    pub fn waiting(&self) -> usize {
        self.total.load(Ordering::Relaxed)
    }

    /// The task of `learner` may have changed: wake their waiting pages.
    pub fn changed(&self, learner: i64) {
        let waiting = self.waiting.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(w) = waiting.get(&learner) {
            w.notify.notify_waiters();
        }
    }

    /// A place for one more page of `learner`, or `None` when the learner or the process has
    /// as many waiting as it may.
    pub fn follow(&self, learner: i64) -> Option<Follow<'_>> {
        let mut waiting = self.waiting.lock().unwrap_or_else(PoisonError::into_inner);
        if self.total.load(Ordering::Relaxed) >= self.cap() {
            return None;
        }
        let entry = waiting.entry(learner).or_insert_with(|| Waiting {
            notify: Arc::new(Notify::new()),
            pages: 0,
        });
        if entry.pages >= PER_LEARNER {
            return None;
        }
        entry.pages += 1;
        self.total.fetch_add(1, Ordering::Relaxed);
        Some(Follow {
            followers: self,
            learner,
            notify: entry.notify.clone(),
        })
    }
}

impl Follow<'_> {
    /// What wakes this page: created before the page looks, so that a change committed
    /// between the look and the wait is not missed.
    pub fn woken(&self) -> tokio::sync::futures::Notified<'_> {
        self.notify.notified()
    }
}

impl Drop for Follow<'_> {
    fn drop(&mut self) {
        let mut waiting = self
            .followers
            .waiting
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some(w) = waiting.get_mut(&self.learner) {
            w.pages -= 1;
            if w.pages == 0 {
                waiting.remove(&self.learner);
            }
        }
        self.followers.total.fetch_sub(1, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_change_wakes_the_learner_s_pages_and_nobody_else_s() {
        let f = Followers::new(10);
        let (ann, bo) = (f.follow(1).unwrap(), f.follow(2).unwrap());
        let (mut woken_ann, mut woken_bo) = (Box::pin(ann.woken()), Box::pin(bo.woken()));
        woken_ann.as_mut().enable();
        woken_bo.as_mut().enable();
        f.changed(1);
        assert!(
            tokio::time::timeout(Duration::from_millis(500), woken_ann)
                .await
                .is_ok()
        );
        assert!(
            tokio::time::timeout(Duration::from_millis(50), woken_bo)
                .await
                .is_err()
        );
    }

    #[test]
    fn pages_beyond_the_learner_s_or_the_process_s_bound_wait_not() {
        let f = Followers::new(6);
        let ann: Vec<_> = (0..PER_LEARNER).map(|_| f.follow(1).unwrap()).collect();
        assert!(f.follow(1).is_none(), "a fifth page of one learner");
        let bo = [f.follow(2).unwrap(), f.follow(3).unwrap()];
        assert_eq!(f.waiting(), 6);
        assert!(f.follow(4).is_none(), "the process is full");
        drop(ann);
        assert_eq!(f.waiting(), 2);
        assert!(f.follow(4).is_some());
        drop(bo);
        assert_eq!(f.waiting(), 0);
        assert!(f.waiting.lock().unwrap().is_empty(), "nothing kept");
    }
}
