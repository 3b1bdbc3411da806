//! The order in which the commits waiting for SQLite's one writer get it.
//!
//! A step that searched (the engine's answer in a game) took a quarter of a second to compute;
//! its commit waiting a few milliseconds more is not seen. A lesson step or `/help` took one
//! millisecond, and waiting behind ten game commits that finished searching together
//! (~70 ms, measured in `docs/help-beside-games.md`) is most of what its learner waits. So
//! quick commits go first, and a long one goes after at most [`QUICK_IN_A_ROW`] quick ones
//! while both wait: games are never starved.

use std::collections::VecDeque;
use std::sync::Mutex;

use tokio::sync::oneshot;

/// Which commits a commit waits behind for SQLite's writer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Lane {
    /// A step its learner waits on after a moment's computing (a lesson step, `/help`): ahead
    /// of the long ones.
    #[default]
    Quick,
    /// A step that searched long before committing (a game move against the tutor, a
    /// puzzle's mate search): behind the quick ones.
    Long,
}

/// How many quick commits go ahead of a waiting long one before it gets its turn.
pub const QUICK_IN_A_ROW: u32 = 4;

/// A lock handed to the waiting commits by lane (see the module's head).
#[derive(Debug, Default)]
pub(crate) struct Gate {
    state: Mutex<GateState>,
}

#[derive(Debug, Default)]
struct GateState {
    held: bool,
    quick: VecDeque<oneshot::Sender<()>>,
    long: VecDeque<oneshot::Sender<()>>,
    /// Quick turns given in a row while a long commit waited.
    quick_in_a_row: u32,
}

/// The turn at the writer; the next waiting commit gets it when this is dropped.
#[derive(Debug)]
pub(crate) struct Turn<'g> {
    gate: &'g Gate,
}

impl Drop for Turn<'_> {
    fn drop(&mut self) {
        self.gate.pass_on();
    }
}

/// A wait for a turn that may be dropped (its commit cancelled): a turn handed to it in the
/// meantime is passed on, never lost.
struct Waiting<'g> {
    gate: &'g Gate,
    granted: Option<oneshot::Receiver<()>>,
}

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        if let Some(mut granted) = self.granted.take() {
            granted.close();
            if granted.try_recv().is_ok() {
                self.gate.pass_on();
            }
        }
    }
}

impl Gate {
    /// Waits for the writer's turn in `lane`.
    pub(crate) async fn enter(&self, lane: Lane) -> Turn<'_> {
        let granted = {
            let mut s = self.state.lock().unwrap_or_else(|e| e.into_inner());
            if !s.held {
                s.held = true;
                return Turn { gate: self };
            }
            let (grant, granted) = oneshot::channel();
            match lane {
                Lane::Quick => s.quick.push_back(grant),
                Lane::Long => s.long.push_back(grant),
            }
            granted
        };
        let mut waiting = Waiting {
            gate: self,
            granted: Some(granted),
        };
        if let Some(granted) = waiting.granted.as_mut() {
            // The sender is only dropped once the gate is, which outlives every turn.
            let _ = granted.await;
        }
        waiting.granted = None;
        Turn { gate: self }
    }

    /// Hands the turn to the next waiting commit: a quick one, unless a long one has waited
    /// behind [`QUICK_IN_A_ROW`] of them; or frees the writer when none waits.
    fn pass_on(&self) {
        let mut s = self.state.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            let long_due = s.quick.is_empty() || s.quick_in_a_row >= QUICK_IN_A_ROW;
            let next = if long_due && !s.long.is_empty() {
                s.quick_in_a_row = 0;
                s.long.pop_front()
            } else if let Some(next) = s.quick.pop_front() {
                if !s.long.is_empty() {
                    s.quick_in_a_row += 1;
                }
                Some(next)
            } else {
                None
            };
            let Some(next) = next else {
                s.held = false;
                s.quick_in_a_row = 0;
                return;
            };
            // An error: its commit was dropped while waiting; then the next one.
            if next.send(()).is_ok() {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    /// Who got the turn, in order, when `lanes` all wait behind a held turn.
    async fn order(lanes: &[(u32, Lane)]) -> Vec<u32> {
        let gate = Arc::new(Gate::default());
        let got = Arc::new(Mutex::new(Vec::new()));
        let first = gate.enter(Lane::Quick).await;
        let mut waiting = Vec::new();
        for &(name, lane) in lanes {
            let (gate, got) = (gate.clone(), got.clone());
            waiting.push(tokio::spawn(async move {
                let _turn = gate.enter(lane).await;
                got.lock().unwrap().push(name);
            }));
            // Each is queued before the next is spawned.
            tokio::task::yield_now().await;
        }
        drop(first);
        for w in waiting {
            w.await.unwrap();
        }
        Arc::try_unwrap(got).unwrap().into_inner().unwrap()
    }

    #[tokio::test]
    async fn quick_commits_go_ahead_of_long_ones_which_still_get_every_fifth_turn() {
        use Lane::{Long, Quick};
        let lanes = [
            (1, Long),
            (2, Long),
            (3, Quick),
            (4, Quick),
            (5, Quick),
            (6, Quick),
            (7, Quick),
            (8, Quick),
        ];
        assert_eq!(order(&lanes).await, vec![3, 4, 5, 6, 1, 7, 8, 2]);
    }

    #[tokio::test]
    async fn alone_in_a_lane_each_goes_in_the_order_it_came() {
        let lanes: Vec<(u32, Lane)> = (1..=5).map(|n| (n, Lane::Long)).collect();
        assert_eq!(order(&lanes).await, vec![1, 2, 3, 4, 5]);
        let lanes: Vec<(u32, Lane)> = (1..=5).map(|n| (n, Lane::Quick)).collect();
        assert_eq!(order(&lanes).await, vec![1, 2, 3, 4, 5]);
    }

    #[tokio::test]
    async fn a_wait_dropped_after_its_turn_came_passes_the_turn_on() {
        let gate = Gate::default();
        let first = gate.enter(Lane::Quick).await;
        // Polled once, so queued; then the turn is handed to it, and it is dropped unpolled.
        let mut cancelled = Box::pin(gate.enter(Lane::Quick));
        assert!(futures_poll_once(cancelled.as_mut()).is_none());
        drop(first);
        drop(cancelled);
        // The writer is not left held by nobody.
        let again = tokio::time::timeout(std::time::Duration::from_secs(5), gate.enter(Lane::Long))
            .await
            .expect("the turn was passed on");
        drop(again);
    }

    /// Polls `f` once with a waker that does nothing.
    fn futures_poll_once<F: std::future::Future>(f: std::pin::Pin<&mut F>) -> Option<F::Output> {
        let waker = std::task::Waker::noop();
        let mut cx = std::task::Context::from_waker(waker);
        match f.poll(&mut cx) {
            std::task::Poll::Ready(v) => Some(v),
            std::task::Poll::Pending => None,
        }
    }
}
