//! Proving puzzles: replay the stored line, and make the search agree on N and on every key.

use std::collections::BTreeSet;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use shakmaty::{Chess, Position};

use super::reading::{check_last_move, read_fen, read_move, uci};
use super::{Puzzle, PuzzleProblem, PuzzleSet};
use crate::search::{Budget, MAX_MATE, Prover, solve_with};

/// Replays a solution line of a mate in `n`: legal, `2n - 1` moves, mate on the last move and
/// not before. Returns the problems as messages.
pub(crate) fn check_line(pos: &Chess, line: &[String], n: u32) -> Vec<String> {
    let mut problems = Vec::new();
    let want = usize::try_from(2 * n - 1).unwrap_or(usize::MAX);
    if line.len() != want {
        problems.push(format!(
            "solution has {} moves; a mate in {n} has {want}",
            line.len()
        ));
    }
    let mut pos = pos.clone();
    for (i, text) in line.iter().enumerate() {
        if pos.is_game_over() {
            problems.push(format!(
                "solution[{i}]: {text} comes after the game is over"
            ));
            return problems;
        }
        match read_move(&pos, text) {
            Ok(m) => pos.play_unchecked(m),
            Err(e) => {
                problems.push(format!("solution[{i}]: {e}"));
                return problems;
            }
        }
    }
    if !pos.is_checkmate() {
        problems.push("solution does not end in checkmate".to_owned());
    }
    problems
}

/// Proves one puzzle: its FEN, N, the stored line (legal, mating in exactly N), the last move,
/// and the search's verdict (mate in exactly N, with exactly the stored keys). Returns every
/// problem found; an empty list means the puzzle is sound.
#[must_use]
pub fn verify(p: &Puzzle) -> Vec<PuzzleProblem> {
    verify_within(p, Budget::CHECK)
}

/// [`verify`] with the search limited to `budget` (the same for every puzzle of a check).
#[must_use]
pub fn verify_within(p: &Puzzle, budget: Budget) -> Vec<PuzzleProblem> {
    let at = |message: String| {
        PuzzleProblem::at(
            p.file.clone(),
            p.line,
            format!("puzzle {}: {message}", p.id),
        )
    };
    let mut problems = Vec::new();
    let pos = match read_fen(&p.fen) {
        Ok(pos) => pos,
        Err(e) => return vec![at(format!("fen: {e}"))],
    };
    if p.mate_in == 0 || p.mate_in > MAX_MATE {
        return vec![at(format!(
            "mate_in must be between 1 and {MAX_MATE}, not {}",
            p.mate_in
        ))];
    }
    if p.source.trim().is_empty() {
        problems.push(at("source is empty".to_owned()));
    }
    if let Some(last) = &p.last_move
        && let Err(e) = check_last_move(&pos, last)
    {
        problems.push(at(format!("last_move: {e}")));
    }
    problems.extend(
        check_line(&pos, &p.solution, p.mate_in)
            .into_iter()
            .map(&at),
    );

    let mut prover = Prover::new(budget);
    let found = match solve_with(&mut prover, &pos, p.mate_in, false) {
        Ok(found) => found,
        Err(out) => {
            problems.push(at(format!(
                "mate in {}: {out}; the tutor could not judge a learner's moves here either",
                p.mate_in
            )));
            return problems;
        }
    };
    match found.mate_in {
        None => problems.push(at(format!("the search finds no mate in {}", p.mate_in))),
        Some(k) if k != p.mate_in => problems.push(at(format!(
            "the search finds a mate in {k}, shorter than mate_in {}",
            p.mate_in
        ))),
        Some(_) => {
            let found_keys: BTreeSet<String> = found.keys.iter().map(|&m| uci(m)).collect();
            let stored: BTreeSet<String> = p.keys.iter().cloned().collect();
            for missing in found_keys.difference(&stored) {
                problems.push(at(format!("key {missing} is missing from keys")));
            }
            for extra in stored.difference(&found_keys) {
                problems.push(at(format!(
                    "{extra} is listed as a key but does not force mate"
                )));
            }
            if p.multiple_keys != (found_keys.len() > 1) {
                problems.push(at(format!(
                    "multiple_keys is {} but the puzzle has {} key(s)",
                    p.multiple_keys,
                    found_keys.len()
                )));
            }
            if let Some(first) = p.solution.first()
                && !found_keys.contains(first)
            {
                problems.push(at(format!("the solution starts with {first}, not a key")));
            }
            problems.extend(
                check_line_keeps_mate(&mut prover, &pos, &p.solution, p.mate_in)
                    .into_iter()
                    .map(&at),
            );
        }
    }
    // A puzzle `check` passes is one the catalogue reads (its id, too).
    if problems.is_empty()
        && let Err(problem) = super::MatePuzzle::read(p)
    {
        problems.push(problem);
    }
    problems
}

/// Every learner move of the stored line must keep a mate within the moves left.
fn check_line_keeps_mate(prover: &mut Prover, pos: &Chess, line: &[String], n: u32) -> Vec<String> {
    let mut pos = pos.clone();
    for (i, text) in line.iter().enumerate() {
        let Ok(m) = read_move(&pos, text) else {
            return Vec::new(); // reported by check_line
        };
        let left = n.saturating_sub(u32::try_from(i / 2).unwrap_or(u32::MAX));
        if i % 2 == 0 {
            match prover.mates_within(&pos, left) {
                Ok(true) => {}
                Ok(false) => {
                    return vec![format!(
                        "solution[{i}]: before {text} there is no mate in {left} any more"
                    )];
                }
                Err(out) => return vec![format!("solution[{i}]: before {text}: {out}")],
            }
        }
        pos.play_unchecked(m);
    }
    Vec::new()
}

/// Runs `f` over `items` on every core, keeping the order of the results. `progress` is called
/// with (done, total) after each item, from the worker threads.
pub fn par_map<T, R, F>(
    items: &[T],
    f: F,
    progress: Option<&(dyn Fn(usize, usize) + Sync)>,
) -> Vec<R>
where
    T: Sync,
    R: Send,
    F: Fn(&T) -> R + Sync,
{
    let total = items.len();
    let threads = std::thread::available_parallelism()
        .map_or(1, std::num::NonZeroUsize::get)
        .min(total.max(1));
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let results: Mutex<Vec<(usize, R)>> = Mutex::new(Vec::with_capacity(total));
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut local = Vec::new();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(item) = items.get(i) else { break };
                    local.push((i, f(item)));
                    let finished = done.fetch_add(1, Ordering::Relaxed) + 1;
                    if let Some(report) = progress {
                        report(finished, total);
                    }
                }
                if let Ok(mut all) = results.lock() {
                    all.extend(local);
                }
            });
        }
    });
    let mut all = results
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    all.sort_by_key(|(i, _)| *i);
    all.into_iter().map(|(_, r)| r).collect()
}

/// Proves every puzzle of `sets` in parallel (std threads, one per core), with an optional
/// progress callback `(done, total)`. Returns every problem, in file order; empty when all
/// puzzles are sound.
#[must_use]
pub fn verify_all(
    sets: &[PuzzleSet],
    progress: Option<&(dyn Fn(usize, usize) + Sync)>,
) -> Vec<PuzzleProblem> {
    let mut problems = Vec::new();
    for set in sets {
        if set.source.trim().is_empty() {
            problems.push(PuzzleProblem::at(&set.file, None, "source is empty"));
        }
        if set.licence.trim().is_empty() {
            problems.push(PuzzleProblem::at(&set.file, None, "licence is empty"));
        }
    }
    let puzzles: Vec<&Puzzle> = sets.iter().flat_map(|s| &s.puzzles).collect();
    problems.extend(
        par_map(&puzzles, |p| verify(p), progress)
            .into_iter()
            .flatten(),
    );
    problems
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn back_rank() -> Puzzle {
        Puzzle {
            id: "t1".into(),
            fen: "6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1".into(),
            last_move: None,
            mate_in: 1,
            solution: vec!["e1e8".into()],
            keys: vec!["e1e8".into()],
            multiple_keys: false,
            rating: None,
            themes: vec![],
            themes_zh: vec![],
            source: "test".into(),
            game: None,
            file: PathBuf::from("t.yaml"),
            line: Some(3),
        }
    }

    #[test]
    fn sound_puzzle_has_no_problem() {
        assert_eq!(verify(&back_rank()), vec![]);
    }

    /// Whatever `check` passes, the catalogue reads: an id the tutor cannot keep is a problem
    /// even when the mate is sound.
    #[test]
    fn a_sound_mate_under_an_id_the_catalogue_cannot_read_is_a_problem() {
        let mut p = back_rank();
        p.id = "two words".into();
        let problems = verify(&p);
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(problems[0].to_string().contains("id:"), "{}", problems[0]);
    }

    /// A puzzle with `mate_in: 8` on a middlegame made `check` run without end.
    #[test]
    fn a_mate_too_long_for_the_budget_is_a_problem_at_the_puzzles_line() {
        let mut p = back_rank();
        p.fen = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8".into();
        p.mate_in = 8;
        p.solution = vec!["a2a3".into()];
        p.keys = vec!["a2a3".into()];
        let problems = verify_within(&p, Budget::nodes(30_000));
        let said: Vec<String> = problems.iter().map(ToString::to_string).collect();
        assert!(
            said.iter()
                .any(|s| s.starts_with("t.yaml:3:")
                    && s.contains("not proven within the search budget")),
            "{said:?}"
        );
    }

    #[test]
    fn wrong_n_bad_line_and_bad_keys_are_reported() {
        let mut p = back_rank();
        p.mate_in = 2;
        p.solution = vec!["e1e8".into(), "g8h7".into()];
        let problems = verify(&p);
        let text: Vec<String> = problems.iter().map(ToString::to_string).collect();
        assert!(
            text.iter().any(|t| t.contains("mate in 1, shorter")),
            "{text:?}"
        );
        assert!(
            text.iter().all(|t| t.starts_with("t.yaml:3: puzzle t1:")),
            "{text:?}"
        );

        let mut p = back_rank();
        p.keys = vec!["e1e7".into()];
        let text: Vec<String> = verify(&p).iter().map(ToString::to_string).collect();
        assert!(
            text.iter().any(|t| t.contains("key e1e8 is missing")),
            "{text:?}"
        );
        assert!(
            text.iter().any(|t| t.contains("e1e7 is listed as a key")),
            "{text:?}"
        );

        let mut p = back_rank();
        p.fen = "not a fen".into();
        assert!(verify(&p)[0].message.contains("not a valid FEN"));

        let mut p = back_rank();
        p.solution = vec!["e1e9".into()];
        assert!(verify(&p).iter().any(|x| x.message.contains("not a move")));
    }

    #[test]
    fn last_move_must_fit_the_board() {
        let mut p = back_rank();
        p.fen = "6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1".into();
        p.last_move = Some("h7h6".into());
        assert!(verify(&p).iter().any(|x| x.message.contains("last_move")));
        p.last_move = Some("f8g8".into());
        assert_eq!(verify(&p), vec![]);
    }

    #[test]
    fn par_map_keeps_order_and_reports_progress() {
        let items: Vec<u32> = (0..100).collect();
        let calls = AtomicUsize::new(0);
        let progress = |_done: usize, total: usize| {
            assert_eq!(total, 100);
            calls.fetch_add(1, Ordering::Relaxed);
        };
        let out = par_map(&items, |x| x * 2, Some(&progress));
        assert_eq!(out, items.iter().map(|x| x * 2).collect::<Vec<_>>());
        assert_eq!(calls.load(Ordering::Relaxed), 100);
    }
}
