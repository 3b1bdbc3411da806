//! Spaced review of missed puzzles with FSRS (the `rs-fsrs` scheduler). The tutor reads no
//! clock: the shell passes the time of each input, and without one the simple queue of
//! [`super::state::Progress::review_queue`] is used instead.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use rs_fsrs::{Card, FSRS, Rating};

/// The card after a review at `now` rated `rating` (a new card when there was none).
#[must_use]
pub fn schedule(card: Option<Card>, now: DateTime<Utc>, rating: Rating) -> Card {
    let card = card.unwrap_or(Card {
        due: now,
        last_review: now,
        ..Card::default()
    });
    FSRS::default().next(card, now, rating).card
}

/// The puzzle whose review is due first at `now`, if any is due.
#[must_use]
pub fn due(reviews: &BTreeMap<String, Card>, now: DateTime<Utc>) -> Option<&str> {
    reviews
        .iter()
        .filter(|(_, card)| card.due <= now)
        .min_by_key(|(_, card)| card.due)
        .map(|(id, _)| id.as_str())
}

/// The time of an input, from Unix seconds.
#[must_use]
pub fn at(unix_seconds: i64) -> Option<DateTime<Utc>> {
    DateTime::from_timestamp(unix_seconds, 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missed_puzzle_comes_back_and_a_solved_review_goes_further_out() {
        let t0 = at(1_800_000_000).unwrap();
        let missed = schedule(None, t0, Rating::Again);
        assert!(missed.due > t0, "not due at once");
        assert!(
            missed.due < t0 + chrono::Duration::days(1),
            "due within a day: {}",
            missed.due
        );
        let mut reviews = BTreeMap::new();
        reviews.insert("p1".to_owned(), missed.clone());
        assert_eq!(due(&reviews, t0), None);
        let later = t0 + chrono::Duration::days(1);
        assert_eq!(due(&reviews, later), Some("p1"));
        let solved = schedule(Some(missed), later, Rating::Good);
        assert!(
            solved.due > later + chrono::Duration::hours(12),
            "{}",
            solved.due
        );
    }
}
