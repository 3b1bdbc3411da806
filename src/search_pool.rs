//! The steps that may search long (the engine's reply in a game, a puzzle's mate search, the
//! coach's review at a game's end) run on a few threads of their own:
//! `CHESS_TUTOR_SEARCH_THREADS`, by default one per core, each at a lower scheduling priority
//! (nice [`NICE`]). A lesson step, `/help` or a board picture never waits for a thread behind
//! a search, and on a busy machine the scheduler gives the cores to them first: a search only
//! slows down while something quicker wants the core, and games use every core otherwise.

use std::panic::AssertUnwindSafe;
use std::sync::{Mutex, OnceLock, mpsc};

/// The nice value of the search threads (0 is normal, 19 the lowest priority).
pub const NICE: i32 = 10;

type Job = Box<dyn FnOnce() + Send>;

/// How many search threads this process runs.
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

/// The queue the search threads take their jobs from, started on first use.
fn queue() -> &'static Mutex<mpsc::Sender<Job>> {
    static QUEUE: OnceLock<Mutex<mpsc::Sender<Job>>> = OnceLock::new();
    QUEUE.get_or_init(|| {
        let (sender, receiver) = mpsc::channel::<Job>();
        let receiver = std::sync::Arc::new(Mutex::new(receiver));
        for i in 0..threads() {
            let receiver = receiver.clone();
            let started = std::thread::Builder::new()
                .name(format!("search-{i}"))
                .spawn(move || {
                    lower_priority();
                    loop {
                        // The lock is let go before the job runs.
                        let job = match receiver.lock() {
                            Ok(jobs) => jobs.recv(),
                            Err(poisoned) => poisoned.into_inner().recv(),
                        };
                        match job {
                            Ok(job) => job(),
                            Err(_) => return,
                        }
                    }
                });
            if let Err(e) = started {
                tracing::error!(error = %e, "cannot start a search thread");
            }
        }
        Mutex::new(sender)
    })
}

/// Lowers this thread's priority to [`NICE`] (on Linux the nice value is a thread's own).
fn lower_priority() {
    let me = rustix::thread::gettid();
    if let Err(e) = rustix::process::setpriority_process(Some(me), NICE) {
        tracing::warn!(error = %e, "a search thread runs at normal priority");
    }
}

/// Runs `f` on a search thread and waits for it without holding an async worker. A panic in
/// `f` goes on in the caller, as if it had run there.
///
/// # Panics
///
/// When no search thread could be started (logged at start).
pub async fn run<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    let (done, result) = tokio::sync::oneshot::channel();
    let job: Job = Box::new(move || {
        let _ = done.send(std::panic::catch_unwind(AssertUnwindSafe(f)));
    });
    let sent = match queue().lock() {
        Ok(queue) => queue.send(job),
        Err(poisoned) => poisoned.into_inner().send(job),
    };
    assert!(sent.is_ok(), "the search threads are gone");
    match result.await {
        Ok(Ok(value)) => value,
        Ok(Err(panic)) => std::panic::resume_unwind(panic),
        Err(_) => panic!("a search thread stopped before answering"),
    }
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
        // Only the search thread is lowered: the caller keeps its priority.
        assert_eq!(nice_here().unwrap(), caller_before);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_panic_in_a_search_reaches_the_caller_and_the_threads_go_on() {
        let caught = tokio::spawn(run(|| panic!("boom"))).await;
        assert!(caught.is_err_and(|e| e.is_panic()));
        assert_eq!(run(|| 6 * 7).await, 42);
    }
}
