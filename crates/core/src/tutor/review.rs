//! Spaced review of missed puzzles with FSRS (the `rs-fsrs` scheduler). The tutor reads no
//! clock: the shell passes the time of each input, and without one the simple queue of
//! [`super::state::Progress::review_queue`] is used instead.
//!
//! The stored card is our own type ([`ReviewCard`]), written exactly as rs-fsrs 1.2 wrote its
//! `Card`, so that an update of the scheduler cannot change what a stored session looks like.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use rs_fsrs::{Card, FSRS, Rating};
use serde::{Deserialize, Serialize};

use crate::content::PuzzleId;

/// Where a card is in its learning, as FSRS sees it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum ReviewState {
    /// Never reviewed.
    #[default]
    New,
    /// Being learnt.
    Learning,
    /// Learnt, reviewed at growing intervals.
    Review,
    /// Forgotten again, being relearnt.
    Relearning,
}

/// When a missed puzzle is due again, and what FSRS needs to schedule the next review.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ReviewCard {
    /// When it is due.
    pub due: DateTime<Utc>,
    /// FSRS stability.
    pub stability: f64,
    /// FSRS difficulty.
    pub difficulty: f64,
    /// Days since the last review at the last review.
    pub elapsed_days: i64,
    /// Days scheduled at the last review.
    pub scheduled_days: i64,
    /// Reviews so far.
    pub reps: i32,
    /// Times forgotten.
    pub lapses: i32,
    /// Where the card is in its learning.
    pub state: ReviewState,
    /// The last review.
    pub last_review: DateTime<Utc>,
}

impl From<Card> for ReviewCard {
    fn from(c: Card) -> ReviewCard {
        ReviewCard {
            due: c.due,
            stability: c.stability,
            difficulty: c.difficulty,
            elapsed_days: c.elapsed_days,
            scheduled_days: c.scheduled_days,
            reps: c.reps,
            lapses: c.lapses,
            state: match c.state {
                rs_fsrs::State::New => ReviewState::New,
                rs_fsrs::State::Learning => ReviewState::Learning,
                rs_fsrs::State::Review => ReviewState::Review,
                rs_fsrs::State::Relearning => ReviewState::Relearning,
            },
            last_review: c.last_review,
        }
    }
}

impl From<ReviewCard> for Card {
    fn from(c: ReviewCard) -> Card {
        Card {
            due: c.due,
            stability: c.stability,
            difficulty: c.difficulty,
            elapsed_days: c.elapsed_days,
            scheduled_days: c.scheduled_days,
            reps: c.reps,
            lapses: c.lapses,
            state: match c.state {
                ReviewState::New => rs_fsrs::State::New,
                ReviewState::Learning => rs_fsrs::State::Learning,
                ReviewState::Review => rs_fsrs::State::Review,
                ReviewState::Relearning => rs_fsrs::State::Relearning,
            },
            last_review: c.last_review,
        }
    }
}

/// The card after a review at `now` rated `rating` (a new card when there was none).
#[must_use]
pub fn schedule(card: Option<ReviewCard>, now: DateTime<Utc>, rating: Rating) -> ReviewCard {
    let card = card.map_or(
        Card {
            due: now,
            last_review: now,
            ..Card::default()
        },
        Card::from,
    );
    FSRS::default().next(card, now, rating).card.into()
}

/// The puzzle whose review is due first at `now`, if any is due.
#[must_use]
pub fn due(reviews: &BTreeMap<PuzzleId, ReviewCard>, now: DateTime<Utc>) -> Option<&PuzzleId> {
    reviews
        .iter()
        .filter(|(_, card)| card.due <= now)
        .min_by_key(|(_, card)| card.due)
        .map(|(id, _)| id)
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
        let p1: PuzzleId = "p1".parse().unwrap();
        reviews.insert(p1.clone(), missed.clone());
        assert_eq!(due(&reviews, t0), None);
        let later = t0 + chrono::Duration::days(1);
        assert_eq!(due(&reviews, later), Some(&p1));
        let solved = schedule(Some(missed), later, Rating::Good);
        assert!(
            solved.due > later + chrono::Duration::hours(12),
            "{}",
            solved.due
        );
    }

    #[test]
    fn a_card_is_stored_exactly_as_rs_fsrs_stored_it() {
        let t0 = at(1_800_000_000).unwrap();
        let theirs = FSRS::default()
            .next(
                Card {
                    due: t0,
                    last_review: t0,
                    ..Card::default()
                },
                t0,
                Rating::Again,
            )
            .card;
        let ours = ReviewCard::from(theirs.clone());
        assert_eq!(
            serde_json::to_value(&ours).unwrap(),
            serde_json::to_value(&theirs).unwrap()
        );
        let back: ReviewCard =
            serde_json::from_value(serde_json::to_value(&theirs).unwrap()).unwrap();
        assert_eq!(back, ours);
        assert_eq!(Card::from(back), theirs);
    }
}
