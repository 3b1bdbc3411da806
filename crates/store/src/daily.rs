//! A class's puzzle of the day: which classes are due, the day's claim (one statement,
//! written once: the replica whose insert took effect posts), its post's message, and its
//! solvers, each once; the week's leaderboard post, claimed the same way.

use super::class::{CLASS_COLUMNS, ClassRow, ClassTuple, class_row};
use super::{Inner, Store, StoreError, now_ms};

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
}

/// How often a solver tries the next free place when others took it at the same moment.
const SOLVER_TRIES: usize = 8;

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

    /// Claims the post of class `class`'s puzzle of day `day` (`puzzle`): true for the one
    /// caller whose claim took effect, who alone posts it.
    ///
    /// # Errors
    ///
    /// [`StoreError::Database`] when the database fails.
    pub async fn claim_daily(
        &self,
        class: i64,
        day: i64,
        puzzle: &str,
    ) -> Result<bool, StoreError> {
        let at = now_ms();
        let done = on_either!(self, |db| {
            sqlx::query(
                "INSERT INTO class_daily (class_id, day, puzzle, posted_at)
                 SELECT $1, $2, $3, $4 WHERE EXISTS (SELECT 1 FROM classes WHERE id = $1)
                 ON CONFLICT DO NOTHING",
            )
            .bind(class)
            .bind(day)
            .bind(puzzle)
            .bind(at)
            .execute(db.writer())
            .await?
            .rows_affected()
        });
        Ok(done == 1)
    }

    /// Claims the leaderboard post of class `class` for week `week`: true for the one caller
    /// whose claim took effect, who alone posts it.
    ///
    /// # Errors
    ///
    /// [`StoreError::Database`] when the database fails.
    pub async fn claim_weekly(&self, class: i64, week: i64) -> Result<bool, StoreError> {
        let at = now_ms();
        let done = on_either!(self, |db| {
            sqlx::query(
                "INSERT INTO class_weekly (class_id, week, posted_at)
                 SELECT $1, $2, $3 WHERE EXISTS (SELECT 1 FROM classes WHERE id = $1)
                 ON CONFLICT DO NOTHING",
            )
            .bind(class)
            .bind(week)
            .bind(at)
            .execute(db.writer())
            .await?
            .rows_affected()
        });
        Ok(done == 1)
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

    /// Class `class`'s puzzle of day `day`, if it was posted.
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
        Ok(row.map(|(puzzle, message)| DailyRow {
            class,
            day,
            puzzle,
            message,
        }))
    }

    /// Whether `user` is among the solvers of class `class`'s puzzle of day `day`.
    ///
    /// # Errors
    ///
    /// [`StoreError::Database`] when the database fails.
    pub async fn solved_daily(&self, class: i64, day: i64, user: i64) -> Result<bool, StoreError> {
        let row: Option<(i64,)> = on_either!(self, |db| {
            sqlx::query_as(
                "SELECT place FROM class_daily_solvers
                 WHERE class_id = $1 AND day = $2 AND user_id = $3",
            )
            .bind(class)
            .bind(day)
            .bind(user)
            .fetch_optional(db.reader())
            .await?
        });
        Ok(row.is_some())
    }

    /// Notes that student `user` solved class `class`'s puzzle of day `day`: their place
    /// among its solvers (1: the first) when this is their first solution, `None` when they
    /// had solved it already, the day has no puzzle or they are no student of the class.
    ///
    /// # Errors
    ///
    /// [`StoreError::Database`] when the database fails.
    pub async fn record_solver(
        &self,
        class: i64,
        day: i64,
        user: i64,
    ) -> Result<Option<u32>, StoreError> {
        let at = now_ms();
        // The next place, taken by one statement; a solver who took it at the same moment
        // makes this one try the place after.
        for _ in 0..SOLVER_TRIES {
            let place: Option<i64> = on_either!(self, |db| {
                let added = sqlx::query(
                    "INSERT INTO class_daily_solvers (class_id, day, user_id, place, solved_at)
                     SELECT $1, $2, $3,
                            (SELECT COUNT(*) + 1 FROM class_daily_solvers
                             WHERE class_id = $1 AND day = $2), $4
                     WHERE EXISTS (SELECT 1 FROM class_daily WHERE class_id = $1 AND day = $2)
                       AND EXISTS (SELECT 1 FROM class_members
                                   WHERE class_id = $1 AND user_id = $3 AND role = 'student')
                     ON CONFLICT DO NOTHING",
                )
                .bind(class)
                .bind(day)
                .bind(user)
                .bind(at)
                .execute(db.writer())
                .await?
                .rows_affected();
                let mine: Option<(i64, i64)> = sqlx::query_as(
                    "SELECT place, solved_at FROM class_daily_solvers
                     WHERE class_id = $1 AND day = $2 AND user_id = $3",
                )
                .bind(class)
                .bind(day)
                .bind(user)
                .fetch_optional(db.writer())
                .await?;
                match mine {
                    Some((place, _)) if added == 1 => Some(place),
                    // Solved before, or no such day or student: nothing to say.
                    Some(_) => return Ok(None),
                    None if added == 0 && !self.may_solve(class, day, user).await? => {
                        return Ok(None);
                    }
                    None => None,
                }
            });
            if let Some(place) = place {
                return Ok(Some(u32::try_from(place).unwrap_or(u32::MAX)));
            }
        }
        Ok(None)
    }

    /// Each student of class `class` with the points of the puzzles of the day they solved:
    /// 3 for the first solver of a day, 2 the second, 1 any later.
    ///
    /// # Errors
    ///
    /// [`StoreError::Database`] when the database fails.
    pub async fn daily_points(&self, class: i64) -> Result<Vec<(i64, i64)>, StoreError> {
        Ok(on_either!(self, |db| {
            sqlx::query_as(
                "SELECT s.user_id,
                        CAST(SUM(CASE s.place WHEN 1 THEN 3 WHEN 2 THEN 2 ELSE 1 END) AS BIGINT)
                 FROM class_daily_solvers s JOIN class_members m
                     ON m.class_id = s.class_id AND m.user_id = s.user_id AND m.role = 'student'
                 WHERE s.class_id = $1
                 GROUP BY s.user_id ORDER BY s.user_id",
            )
            .bind(class)
            .fetch_all(db.reader())
            .await?
        }))
    }

    /// Whether `user` is a student of class `class` and its day `day` has a puzzle.
    async fn may_solve(&self, class: i64, day: i64, user: i64) -> Result<bool, StoreError> {
        let n: i64 = on_either!(self, |db| {
            sqlx::query_scalar(
                "SELECT COUNT(*) FROM class_daily d JOIN class_members m
                     ON m.class_id = d.class_id AND m.user_id = $3 AND m.role = 'student'
                 WHERE d.class_id = $1 AND d.day = $2",
            )
            .bind(class)
            .bind(day)
            .bind(user)
            .fetch_one(db.reader())
            .await?
        });
        Ok(n > 0)
    }
}

#[cfg(test)]
mod tests {
    use crate::{ClassOp, Store};

    async fn with_class(store: &Store) {
        store
            .apply_shared(crate::LearnerId(-9), None, None, |_, _| {
                let mut change = crate::SharedChange::alone(crate::Change {
                    state: serde_json::json!({}),
                    events: Vec::new(),
                    output: (),
                    unsent: None,
                });
                change.class = vec![
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
                change
            })
            .await
            .unwrap();
    }

    #[tokio::test]
    async fn a_day_is_claimed_once_and_each_student_solves_it_once() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("s.sqlite3").display().to_string())
            .await
            .unwrap();
        with_class(&store).await;
        assert!(store.due_dailies(100, 449).await.unwrap().is_empty());
        assert_eq!(store.due_dailies(100, 450).await.unwrap().len(), 1);
        assert!(store.claim_daily(9, 100, "p1").await.unwrap());
        assert!(!store.claim_daily(9, 100, "p1").await.unwrap());
        assert!(store.claim_weekly(9, 14).await.unwrap());
        assert!(!store.claim_weekly(9, 14).await.unwrap());
        assert!(store.due_dailies(100, 600).await.unwrap().is_empty());
        store.set_daily_message(9, 100, 44).await.unwrap();
        let daily = store.daily(9, 100).await.unwrap().unwrap();
        assert_eq!((daily.puzzle.as_str(), daily.message), ("p1", Some(44)));
        assert_eq!(store.record_solver(9, 100, 6).await.unwrap(), Some(1));
        assert_eq!(store.record_solver(9, 100, 6).await.unwrap(), None);
        assert_eq!(store.record_solver(9, 100, 5).await.unwrap(), Some(2));
        // The teacher, and a day without a puzzle: nothing.
        assert_eq!(store.record_solver(9, 100, 1).await.unwrap(), None);
        assert_eq!(store.record_solver(9, 101, 5).await.unwrap(), None);
        assert!(store.claim_daily(9, 101, "p2").await.unwrap());
        assert_eq!(store.record_solver(9, 101, 5).await.unwrap(), Some(1));
        assert_eq!(store.daily_points(9).await.unwrap(), [(5, 2 + 3), (6, 3)]);
        store.close().await;
    }
}
