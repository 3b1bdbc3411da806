//! The learner ladder of the rule texts: unranked, then 30级 up to 1级, 100 points a level;
//! after each "game" points move from the loser to the winner by the texts' table. A solved
//! puzzle is a win against the puzzle's points, a failed one a loss; a quiz round is a game
//! against the learner's own level.

/// How a game ended, seen from the learner.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameResult {
    /// The learner won.
    Win,
    /// A draw.
    Draw,
    /// The learner lost.
    Loss,
}

/// Points the learner gains (positive) or loses (negative) after a game against an opponent
/// with `opponent` points, by the table of the rule texts.
///
/// ```
/// use chess_tutor_core::tutor::ladder::{exchange, GameResult};
/// // Equal players: 10 points change hands.
/// assert_eq!(exchange(500, 505, GameResult::Win), 10);
/// // The lower side wins against a much stronger one: half the difference.
/// assert_eq!(exchange(300, 500, GameResult::Win), 100);
/// // The higher side beats a much weaker one: nothing.
/// assert_eq!(exchange(800, 500, GameResult::Win), 0);
/// assert_eq!(exchange(800, 500, GameResult::Loss), -150);
/// ```
#[must_use]
pub fn exchange(learner: i32, opponent: i32, result: GameResult) -> i32 {
    let diff = (learner - opponent).abs();
    let learner_lower = learner < opponent;
    match result {
        GameResult::Draw => {
            let gain = if diff < 10 {
                0
            } else if diff < 100 {
                (10 + diff / 10) / 2
            } else {
                diff / 4
            };
            if learner_lower { gain } else { -gain }
        }
        GameResult::Win => winner_gain(diff, learner_lower || diff < 10),
        GameResult::Loss => -winner_gain(diff, !learner_lower || diff < 10),
    }
}

/// What the winner gains; `winner_lower` when the winner had fewer points (or about equal).
fn winner_gain(diff: i32, winner_lower: bool) -> i32 {
    if diff < 10 {
        10
    } else if winner_lower {
        if diff < 100 { 10 + diff / 10 } else { diff / 2 }
    } else if diff < 100 {
        // 10 − diff/12.5, in whole points.
        10 - (diff * 2) / 25
    } else if diff < 200 {
        2
    } else {
        0
    }
}

/// The level for `points` after at least one rated game: 30级 for 0–99 … 1级 from 2900.
#[must_use]
pub fn level(points: i32) -> u32 {
    let step = u32::try_from(points.max(0) / 100).unwrap_or(0);
    30u32.saturating_sub(step).max(1)
}

/// The ladder points of a puzzle with a Lichess-style rating (400 ≈ 0 points, +100 a level).
#[must_use]
pub fn puzzle_points(rating: Option<u32>) -> i32 {
    i32::try_from(rating.unwrap_or(1000)).unwrap_or(1000) - 400
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_of_the_rule_texts() {
        // Draws.
        assert_eq!(exchange(500, 505, GameResult::Draw), 0);
        assert_eq!(exchange(500, 550, GameResult::Draw), 7); // (10 + 5) / 2
        assert_eq!(exchange(550, 500, GameResult::Draw), -7);
        assert_eq!(exchange(300, 500, GameResult::Draw), 50);
        // The lower side wins.
        assert_eq!(exchange(500, 550, GameResult::Win), 15);
        assert_eq!(exchange(300, 500, GameResult::Win), 100);
        // The higher side wins.
        assert_eq!(exchange(550, 500, GameResult::Win), 6); // 10 − 50/12.5 = 6
        assert_eq!(exchange(650, 500, GameResult::Win), 2);
        assert_eq!(exchange(800, 500, GameResult::Win), 0);
        // Losses mirror the winner's gain.
        assert_eq!(exchange(500, 550, GameResult::Loss), -6);
        assert_eq!(exchange(550, 500, GameResult::Loss), -15);
        assert_eq!(exchange(500, 505, GameResult::Loss), -10);
    }

    #[test]
    fn levels() {
        assert_eq!(level(0), 30);
        assert_eq!(level(99), 30);
        assert_eq!(level(100), 29);
        assert_eq!(level(2900), 1);
        assert_eq!(level(10_000), 1);
        assert_eq!(level(-50), 30);
    }
}
