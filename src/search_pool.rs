//! The steps that may search long (the engine's reply in a game, a puzzle's mate search, the
//! coach's review at a game's end) run on a few threads of their own:
//! `CHESS_TUTOR_SEARCH_THREADS`, by default one per core, each under Linux's `SCHED_IDLE`
//! policy (see [`searches_idle`]; at nice [`NICE`] where that policy cannot be had, or with
//! `CHESS_TUTOR_SEARCH_POLICY=nice`). The pictures of those steps are drawn on as many threads
//! again, at a priority between (nice [`PICTURE_NICE`]): a picture never waits in line behind
//! the searches, and never takes a core from a lesson step or `/help`. A lesson step, `/help`
//! or a lesson's picture never waits for a thread behind a search, and on a busy machine the
//! scheduler gives the cores to them first: a search only runs while nothing quicker wants
//! the core, and games use every core otherwise.

use std::panic::AssertUnwindSafe;
use std::sync::OnceLock;

/// The nice value of the search threads (0 is normal, 19 the lowest priority).
pub const NICE: i32 = 10;

/// The nice value of the threads drawing the pictures of searching steps.
pub const PICTURE_NICE: i32 = 5;

type Job = Box<dyn FnOnce() + Send>;

/// How many search threads this process runs (and as many picture threads).
pub fn threads() -> usize {
    static THREADS: OnceLock<usize> = OnceLock::new();
    *THREADS.get_or_init(|| {
        std::env::var("CHESS_TUTOR_SEARCH_THREADS")
            .ok()
            .and_then(|v| v.trim().parse::<usize>().ok())
            .filter(|n| *n > 0)
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from))
    })
}

/// Whether the search threads run under Linux's `SCHED_IDLE` policy (the default), or only
/// at nice [`NICE`] (`CHESS_TUTOR_SEARCH_POLICY=nice`). Under `SCHED_IDLE` a search gets a core
/// only when nothing else wants it, and a step that wakes up takes the core from a search at
/// once; at nice 10 the scheduler still gives a search about a tenth of a busy core and may
/// let a waking step wait for the search's time slice, which is what made the tail of `/help`
/// beside games (docs/help-beside-games.md).
pub fn searches_idle() -> bool {
    static IDLE: OnceLock<bool> = OnceLock::new();
    *IDLE.get_or_init(|| {
        std::env::var("CHESS_TUTOR_SEARCH_POLICY")
            .map_or(true, |v| !v.trim().eq_ignore_ascii_case("nice"))
    })
}

/// Threads at one lowered priority taking jobs from one queue, started on first use.
struct Pool {
    name: &'static str,
    nice: i32,
    /// Whether the threads run under `SCHED_IDLE` when [`searches_idle`] says so.
    idle: bool,
    queue: OnceLock<flume::Sender<Job>>,
}

static SEARCHES: Pool = Pool {
    name: "search",
    nice: NICE,
    idle: true,
    queue: OnceLock::new(),
};

/// Every other step, at normal priority: a few threads that stay, instead of one blocking
/// thread per step in flight (hundreds under a burst, each with its stack).
static STEPS: Pool = Pool {
    name: "step",
    nice: 0,
    idle: false,
    queue: OnceLock::new(),
};

static PICTURES: Pool = Pool {
    name: "picture",
    nice: PICTURE_NICE,
    idle: false,
    queue: OnceLock::new(),
};

impl Pool {
    /// The queue the pool's threads take their jobs from: each thread waits on it itself, so
    /// no lock passes from thread to thread at each job.
    fn queue(&'static self) -> &'static flume::Sender<Job> {
        self.queue.get_or_init(|| {
            let (sender, receiver) = flume::unbounded::<Job>();
            for i in 0..threads() {
                let receiver = receiver.clone();
                let started = std::thread::Builder::new()
                    .name(format!("{}-{i}", self.name))
                    .spawn(move || {
                        // The policy first: setting it resets the nice value, which stays
                        // the fallback where the policy cannot be had.
                        if self.idle && searches_idle() {
                            only_when_idle();
                        }
                        if self.nice != 0 {
                            lower_priority(self.nice);
                        }
                        // Until every sender is gone (never, for these statics).
                        while let Ok(job) = receiver.recv() {
                            job();
                        }
                    });
                if let Err(e) = started {
                    tracing::error!(pool = self.name, error = %e, "cannot start a thread");
                }
            }
            sender
        })
    }

    /// Runs `f` on one of the pool's threads and waits for it without holding an async
    /// worker. A panic in `f` goes on in the caller, as if it had run there.
    async fn run<T: Send + 'static>(&'static self, f: impl FnOnce() -> T + Send + 'static) -> T {
        let (done, result) = tokio::sync::oneshot::channel();
        let job: Job = Box::new(move || {
            let _ = done.send(std::panic::catch_unwind(AssertUnwindSafe(f)));
        });
        assert!(
            self.queue().send(job).is_ok(),
            "the {} threads are gone",
            self.name
        );
        match result.await {
            Ok(Ok(value)) => value,
            Ok(Err(panic)) => std::panic::resume_unwind(panic),
            Err(_) => panic!("a {} thread stopped before answering", self.name),
        }
    }
}

/// Lowers this thread's priority to `nice` (on Linux the nice value is a thread's own).
fn lower_priority(nice: i32) {
    let me = rustix::thread::gettid();
    if let Err(e) = rustix::process::setpriority_process(Some(me), nice) {
        tracing::warn!(error = %e, nice, "a pool thread runs at normal priority");
    }
}

/// Puts this thread under `SCHED_IDLE`: it runs only on a core nothing else wants. An
/// unprivileged thread may always lower itself so; if it cannot, it stays at its nice value.
fn only_when_idle() {
    use thread_priority::{
        NormalThreadSchedulePolicy, ThreadPriority, ThreadSchedulePolicy,
        set_thread_priority_and_policy, thread_native_id,
    };
    let idle = ThreadSchedulePolicy::Normal(NormalThreadSchedulePolicy::Idle);
    if let Err(e) = set_thread_priority_and_policy(thread_native_id(), ThreadPriority::Min, idle) {
        tracing::warn!(error = ?e, "a search thread keeps the normal policy at a lower nice");
    }
}

/// Runs `f` on a search thread and waits for it without holding an async worker. A panic in
/// `f` goes on in the caller, as if it had run there.
///
/// # Panics
///
/// When no search thread could be started (logged at start).
pub async fn run<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    SEARCHES.run(f).await
}

/// Runs a step that does not search on a step thread (normal priority), as [`run`] does a
/// search.
///
/// # Panics
///
/// When no step thread could be started (logged at start).
pub async fn step<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    STEPS.run(f).await
}

/// Draws a picture of a searching step on a picture thread, as [`run`] does a search.
///
/// # Panics
///
/// When no picture thread could be started (logged at start).
pub async fn draw<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    PICTURES.run(f).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_search_runs_on_a_search_thread_at_a_lower_priority() {
        let nice_here = || rustix::process::getpriority_process(Some(rustix::thread::gettid()));
        let caller_before = nice_here().unwrap();
        let (name, nice) = run(move || {
            let name = std::thread::current().name().map(str::to_owned);
            (name, nice_here().unwrap())
        })
        .await;
        assert!(name.is_some_and(|n| n.starts_with("search-")));
        assert!(nice >= NICE, "nice {nice}");
        let policy = run(thread_priority::thread_schedule_policy).await.unwrap();
        let idle = thread_priority::ThreadSchedulePolicy::Normal(
            thread_priority::NormalThreadSchedulePolicy::Idle,
        );
        assert_eq!(policy == idle, searches_idle(), "{policy:?}");
        // Steps and pictures keep the normal policy.
        let step_policy = step(thread_priority::thread_schedule_policy).await.unwrap();
        assert_ne!(step_policy, idle);
        // Only the search thread is lowered: the caller keeps its priority.
        assert_eq!(nice_here().unwrap(), caller_before);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_picture_of_a_search_is_drawn_above_the_searches_and_below_the_rest() {
        let nice_here = || rustix::process::getpriority_process(Some(rustix::thread::gettid()));
        let caller = nice_here().unwrap();
        let (name, nice) = draw(move || {
            let name = std::thread::current().name().map(str::to_owned);
            (name, nice_here().unwrap())
        })
        .await;
        assert!(name.is_some_and(|n| n.starts_with("picture-")));
        assert!(nice >= PICTURE_NICE.max(caller), "nice {nice}");
        let search = run(move || nice_here().unwrap()).await;
        assert!(
            nice < search,
            "a picture ({nice}) above a search ({search})"
        );
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_panic_in_a_search_reaches_the_caller_and_the_threads_go_on() {
        let caught = tokio::spawn(run(|| panic!("boom"))).await;
        assert!(caught.is_err_and(|e| e.is_panic()));
        assert_eq!(run(|| 6 * 7).await, 42);
    }
}
