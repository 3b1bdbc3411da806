//! Which commits a commit may wait behind for SQLite's one writer.
//!
//! A step that searched (the engine's answer in a game) took a quarter of a second to compute;
//! its commit waiting a few milliseconds more is not seen. A lesson step or `/help` took one
//! millisecond, and its learner waits on its commit. Searches often end together, and their
//! commits (a game's record, its events, its kept replies) then all queued for the writer
//! ahead of the next `/help`: ten of them were ~70 ms (`docs/help-beside-games.md`). So the
//! commits of steps that searched queue for the writer one at a time: a quick commit waits
//! behind at most one of them, and they still go in the order they came.

/// Which commits a commit may wait behind for SQLite's writer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Lane {
    /// A step its learner waits on after a moment's computing (a lesson step, `/help`): it
    /// queues for the writer at once.
    #[default]
    Quick,
    /// A step that searched long before committing (a game move against the tutor, a
    /// puzzle's mate search): it queues only once the long commit before it is done.
    Long,
}
