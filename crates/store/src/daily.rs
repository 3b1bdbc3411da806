//! A class's puzzle of the day: which classes are due, the day's post and its message, its
//! solvers in the order they solved it, and whether the week's leaderboard was posted. The
//! post, the week's and each solver are written by a step's commit ([`crate::ClassOp`]): a
//! day posted twice, or a place taken twice, is a conflict there, so each happens once.

use super::class::{CLASS_COLUMNS, ClassRow, ClassTuple, class_row};
use super::{Inner, Store, StoreError};

/// A day's puzzle of a class as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DailyRow {
    /// The class.
    pub class: i64,
    /// Days since 1970-01-01 UTC.
    pub day: i64,
    /// The puzzle posted.
    pub puzzle: String,
    /// The post, once Telegram said it.
    pub message: Option<i64>,
    /// Its solvers, first solver first.
    pub solvers: Vec<i64>,
}

impl Store {
    /// The classes whose puzzle of day `day` is due at `minute` (after midnight UTC) and not
    /// claimed yet.
    ///
    /// # Errors
    ///
    /// [`StoreError::Database`] when the database fails.
    pub async fn due_dailies(&self, day: i64, minute: i64) -> Result<Vec<ClassRow>, StoreError> {
        let sql = format!(
            "SELECT {CLASS_COLUMNS} FROM classes c
             WHERE daily_at IS NOT NULL AND daily_at <= $2 AND NOT EXISTS
                 (SELECT 1 FROM class_daily d WHERE d.class_id = c.id AND d.day = $1)
             ORDER BY id"
        );
        let rows: Vec<ClassTuple> = on_either!(self, |db| {
            sqlx::query_as(sqlx::AssertSqlSafe(sql.clone()))
                .bind(day)
                .bind(minute)
                .fetch_all(db.reader())
                .await?
        });
        Ok(rows.into_iter().map(class_row).collect())
    }

    /// Whether class `class`'s leaderboard of week `week` was posted.
    ///
    /// # Errors
    ///
    /// [`StoreError::Database`] when the database fails.
    pub async fn weekly_posted(&self, class: i64, week: i64) -> Result<bool, StoreError> {
        let n: i64 = on_either!(self, |db| {
            sqlx::query_scalar(
                "SELECT COUNT(*) FROM class_weekly WHERE class_id = $1 AND week = $2",
            )
            .bind(class)
            .bind(week)
            .fetch_one(db.reader())
            .await?
        });
        Ok(n > 0)
    }

    /// Notes the message that is class `class`'s puzzle of day `day`.
    ///
    /// # Errors
    ///
    /// [`StoreError::Database`] when the database fails.
    pub async fn set_daily_message(
        &self,
        class: i64,
        day: i64,
        message: i64,
    ) -> Result<(), StoreError> {
        on_either!(self, |db| {
            sqlx::query("UPDATE class_daily SET message_id = $3 WHERE class_id = $1 AND day = $2")
                .bind(class)
                .bind(day)
                .bind(message)
                .execute(db.writer())
                .await?;
        });
        Ok(())
    }

    /// Class `class`'s puzzle of day `day`, if it was posted, with its solvers.
    ///
    /// # Errors
    ///
    /// [`StoreError::Database`] when the database fails.
    pub async fn daily(&self, class: i64, day: i64) -> Result<Option<DailyRow>, StoreError> {
        let row: Option<(String, Option<i64>)> = on_either!(self, |db| {
            sqlx::query_as(
                "SELECT puzzle, message_id FROM class_daily WHERE class_id = $1 AND day = $2",
            )
            .bind(class)
            .bind(day)
            .fetch_optional(db.reader())
            .await?
        });
        let Some((puzzle, message)) = row else {
            return Ok(None);
        };
        let solvers: Vec<i64> = on_either!(self, |db| {
            sqlx::query_scalar(
                "SELECT user_id FROM class_daily_solvers
                 WHERE class_id = $1 AND day = $2 ORDER BY place",
            )
            .bind(class)
            .bind(day)
            .fetch_all(db.reader())
            .await?
        });
        Ok(Some(DailyRow {
            class,
            day,
            puzzle,
            message,
            solvers,
        }))
    }
}

#[cfg(test)]
mod tests {
    use crate::{ClassOp, Committed, LearnerId, SharedChange, Store};

    /// One step of learner `who` that writes `ops`: whether it was stored.
    async fn step(store: &Store, who: i64, ops: Vec<ClassOp>) -> Committed<()> {
        let snapshot = store.snapshot(LearnerId(who), None).await.unwrap();
        let version = snapshot.record.as_ref().map_or(0, |r| r.version);
        let mut change = SharedChange::alone(crate::Change {
            state: serde_json::json!({ "v": version }),
            events: Vec::new(),
            output: (),
            unsent: None,
        });
        change.class = ops;
        store.commit(&snapshot, None, change).await.unwrap()
    }

    async fn with_class(store: &Store) {
        let ops = vec![
            ClassOp::Create {
                id: 9,
                chat: -9,
                title: "C".into(),
                lang: "en".into(),
                topic: None,
                teacher: (1, "T".into()),
            },
            ClassOp::Join {
                class: 9,
                user: 5,
                name: "Ann".into(),
                role: "student".into(),
            },
            ClassOp::Join {
                class: 9,
                user: 6,
                name: "Bo".into(),
                role: "student".into(),
            },
            ClassOp::SetDaily {
                class: 9,
                at: Some(450),
            },
        ];
        assert_eq!(step(store, -9, ops).await, Committed::Done(()));
    }

    /// A day is posted once (a second post of it is a conflict), the week's board once, and
    /// each place among a day's solvers taken once: whoever commits second computes again.
    #[tokio::test]
    async fn a_day_is_posted_once_and_each_place_taken_once() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("s.sqlite3").display().to_string())
            .await
            .unwrap();
        with_class(&store).await;
        assert!(store.due_dailies(100, 449).await.unwrap().is_empty());
        assert_eq!(store.due_dailies(100, 450).await.unwrap().len(), 1);
        let post = |day| ClassOp::DailyPosted {
            class: 9,
            day,
            puzzle: "p1".into(),
        };
        let week = ClassOp::WeeklyPosted { class: 9, week: 14 };
        assert_eq!(
            step(&store, -9, vec![post(100), week.clone()]).await,
            Committed::Done(())
        );
        assert_eq!(step(&store, -9, vec![post(100)]).await, Committed::Conflict);
        assert_eq!(step(&store, -9, vec![week]).await, Committed::Conflict);
        assert!(store.weekly_posted(9, 14).await.unwrap());
        assert!(!store.weekly_posted(9, 15).await.unwrap());
        assert!(store.due_dailies(100, 600).await.unwrap().is_empty());
        store.set_daily_message(9, 100, 44).await.unwrap();
        let daily = store.daily(9, 100).await.unwrap().unwrap();
        assert_eq!((daily.puzzle.as_str(), daily.message), ("p1", Some(44)));
        let solved = |user, place, day| ClassOp::Solved {
            class: 9,
            day,
            user,
            place,
        };
        assert_eq!(
            step(&store, 6, vec![solved(6, 1, 100)]).await,
            Committed::Done(())
        );
        // Bo again, or Ann on Bo's place, or a day not posted: conflicts.
        assert_eq!(
            step(&store, 6, vec![solved(6, 2, 100)]).await,
            Committed::Conflict
        );
        assert_eq!(
            step(&store, 5, vec![solved(5, 1, 100)]).await,
            Committed::Conflict
        );
        assert_eq!(
            step(&store, 5, vec![solved(5, 1, 101)]).await,
            Committed::Conflict
        );
        assert_eq!(
            step(&store, 5, vec![solved(5, 2, 100)]).await,
            Committed::Done(())
        );
        assert_eq!(store.daily(9, 100).await.unwrap().unwrap().solvers, [6, 5]);
        let figures = store.class_figures(9, &[], &[]).await.unwrap();
        let mut solves = figures.solves.clone();
        solves.sort_unstable();
        assert_eq!(solves, [(5, 2), (6, 1)]);
        store.close().await;
    }
}
