//! Classes in group chats: their members, their quiz polls and the members' answers, and the
//! rows a teacher's report is counted from. The store reads and writes rows and decides
//! nothing: who is a student, which answer is right and what a solve is worth are the tutor's
//! to say. The caller names the event kinds a report counts, and the field of each that tells
//! them apart.
//!
//! A step's class changes ([`crate::ClassOp`]), a poll answer among them, are written by
//! [`crate::Store::commit`] in the step's own transaction (their statements are in `sql.rs`);
//! a poll's id, once Telegram said it, is noted when it is sent ([`crate::Store::set_quiz_poll`]).

use super::{Inner, LearnerId, Store, StoreError, parse_payload};

/// A class as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClassRow {
    /// Its id.
    pub id: i64,
    /// Its group chat.
    pub chat: i64,
    /// The group's title when it was made.
    pub title: String,
    /// Its language.
    pub lang: String,
    /// The forum topic it was started in (`None`: the group's main chat), where its posts go.
    pub topic: Option<i64>,
}

/// A member of a class as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MemberRow {
    /// The class.
    pub class: i64,
    /// The user.
    pub user: i64,
    /// `teacher` or `student`.
    pub role: String,
    /// Their first name.
    pub name: String,
    /// When they joined (Unix ms).
    pub joined_at: i64,
}

/// A class quiz as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct QuizRow {
    /// Its id.
    pub id: i64,
    /// The class.
    pub class: i64,
    /// The bank item.
    pub item: String,
    /// The right option.
    pub correct: i64,
    /// The options as posted.
    pub options: serde_json::Value,
    /// The poll's message, once known.
    pub message: Option<i64>,
}

/// How often one member's events of one kind carried one value of the counted field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tally {
    /// The member.
    pub user: i64,
    /// The event kind.
    pub kind: String,
    /// The field's value as text (`None`: the event has no such field).
    pub value: Option<String>,
    /// How many such events.
    pub count: i64,
    /// The last of them (its `seq`), for [`Store::class_events`].
    pub last: i64,
}

/// What a class's report is counted from: its members' events since each joined, their class
/// quiz answers, when each was last active and the puzzles of the day they solved.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ClassFigures {
    /// The members' events of the kinds asked for, since each joined.
    pub tallies: Vec<Tally>,
    /// The members' class quiz answers, by option chosen and the quiz's right option.
    pub answers: Vec<AnswerRow>,
    /// When each member was last active in their own chat (Unix ms).
    pub active: Vec<(i64, i64)>,
    /// Each puzzle of the day a member solved: (user, place).
    pub solves: Vec<(i64, i64)>,
}

/// How often one member chose one option of the class's quizzes with one right option.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnswerRow {
    /// The member.
    pub user: i64,
    /// The option chosen.
    pub chosen: i64,
    /// The quizzes' right option.
    pub correct: i64,
    /// How many such answers.
    pub count: i64,
    /// When the last of them was given (Unix ms).
    pub last: i64,
}

/// The class quiz a poll is, as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct PolledRow {
    /// The quiz.
    pub quiz: QuizRow,
    /// Whether it is closed.
    pub closed: bool,
}

pub(crate) type ClassTuple = (i64, i64, String, String, Option<i64>);

/// A class's columns, in the order of [`ClassTuple`].
pub(crate) const CLASS_COLUMNS: &str = "id, chat_id, title, lang, topic";
type MemberTuple = (i64, i64, String, String, i64);

impl Store {
    fn dialect(&self) -> &'static crate::sql::Dialect {
        match self.inner {
            Inner::Sqlite(_) => &crate::sql::SQLITE,
            Inner::Postgres(_) => &crate::sql::POSTGRES,
        }
    }

    /// The class of group chat `chat`, if it is one.
    ///
    /// # Errors
    ///
    /// [`StoreError::Database`] when the database fails.
    pub async fn class_of_chat(&self, chat: i64) -> Result<Option<ClassRow>, StoreError> {
        self.class_where("chat_id", chat).await
    }

    /// The class `id`, if stored.
    ///
    /// # Errors
    ///
    /// [`StoreError::Database`] when the database fails.
    pub async fn class_by_id(&self, id: i64) -> Result<Option<ClassRow>, StoreError> {
        self.class_where("id", id).await
    }

    /// The class whose `column` (a unique one: `id` or `chat_id`) is `value`, if any.
    async fn class_where(
        &self,
        column: &'static str,
        value: i64,
    ) -> Result<Option<ClassRow>, StoreError> {
        let sql = format!("SELECT {CLASS_COLUMNS} FROM classes WHERE {column} = $1");
        let row: Option<ClassTuple> = on_either!(self, |db| {
            sqlx::query_as(sqlx::AssertSqlSafe(sql.clone()))
                .bind(value)
                .fetch_optional(db.reader())
                .await?
        });
        Ok(row.map(class_row))
    }

    /// The members of class `class`, in the order they joined.
    ///
    /// # Errors
    ///
    /// [`StoreError::Database`] when the database fails.
    pub async fn class_members(&self, class: i64) -> Result<Vec<MemberRow>, StoreError> {
        let rows: Vec<MemberTuple> = on_either!(self, |db| {
            sqlx::query_as(
                "SELECT class_id, user_id, role, name, joined_at FROM class_members
                 WHERE class_id = $1 ORDER BY joined_at, user_id",
            )
            .bind(class)
            .fetch_all(db.reader())
            .await?
        });
        Ok(rows.into_iter().map(member_row).collect())
    }

    /// The classes `user` belongs to, each with their membership.
    ///
    /// # Errors
    ///
    /// [`StoreError::Database`] when the database fails.
    pub async fn classes_of(&self, user: i64) -> Result<Vec<(ClassRow, MemberRow)>, StoreError> {
        type Row = (i64, i64, String, String, Option<i64>, String, String, i64);
        let rows: Vec<Row> = on_either!(self, |db| {
            sqlx::query_as(
                "SELECT c.id, c.chat_id, c.title, c.lang, c.topic, m.role, m.name, m.joined_at
                 FROM class_members m JOIN classes c ON c.id = m.class_id
                 WHERE m.user_id = $1 ORDER BY m.joined_at, c.id",
            )
            .bind(user)
            .fetch_all(db.reader())
            .await?
        });
        Ok(rows
            .into_iter()
            .map(|(id, chat, title, lang, topic, role, name, joined_at)| {
                (
                    ClassRow {
                        id,
                        chat,
                        title,
                        lang,
                        topic,
                    },
                    MemberRow {
                        class: id,
                        user,
                        role,
                        name,
                        joined_at,
                    },
                )
            })
            .collect())
    }

    /// The open quiz of class `class` (the latest posted, not closed), if any.
    ///
    /// # Errors
    ///
    /// [`StoreError::CorruptEvent`] when its options are not JSON; [`StoreError::Database`]
    /// when the database fails.
    pub async fn open_quiz(&self, class: i64) -> Result<Option<QuizRow>, StoreError> {
        type Row = (i64, i64, String, i64, String, Option<i64>);
        let row: Option<Row> = on_either!(self, |db| {
            sqlx::query_as(
                "SELECT id, class_id, item, correct, CAST(options AS TEXT), message_id
                 FROM class_quizzes WHERE class_id = $1 AND closed_at IS NULL
                 ORDER BY posted_at DESC, id LIMIT 1",
            )
            .bind(class)
            .fetch_optional(db.reader())
            .await?
        });
        row.map(|(id, class, item, correct, options, message)| {
            Ok(QuizRow {
                id,
                class,
                item,
                correct,
                options: parse_payload(LearnerId(0), id, &options)?,
                message,
            })
        })
        .transpose()
    }

    /// The bank items class `class` has been asked, oldest first.
    ///
    /// # Errors
    ///
    /// [`StoreError::Database`] when the database fails.
    pub async fn quizzes_asked(&self, class: i64) -> Result<Vec<String>, StoreError> {
        Ok(on_either!(self, |db| {
            sqlx::query_scalar(
                "SELECT item FROM class_quizzes WHERE class_id = $1 ORDER BY posted_at, id",
            )
            .bind(class)
            .fetch_all(db.reader())
            .await?
        }))
    }

    /// The answers to quiz `quiz`: (user, option).
    ///
    /// # Errors
    ///
    /// [`StoreError::Database`] when the database fails.
    pub async fn quiz_answers(&self, quiz: i64) -> Result<Vec<(i64, i64)>, StoreError> {
        Ok(on_either!(self, |db| {
            sqlx::query_as(
                "SELECT user_id, chosen FROM class_answers WHERE quiz_id = $1
                 ORDER BY answered_at, user_id",
            )
            .bind(quiz)
            .fetch_all(db.reader())
            .await?
        }))
    }

    /// Notes which Telegram poll (and message) quiz `quiz` became, once it was sent.
    ///
    /// # Errors
    ///
    /// [`StoreError::Database`] when the database fails.
    pub async fn set_quiz_poll(
        &self,
        quiz: i64,
        poll: &str,
        message: i64,
    ) -> Result<(), StoreError> {
        on_either!(self, |db| {
            sqlx::query("UPDATE class_quizzes SET poll_id = $2, message_id = $3 WHERE id = $1")
                .bind(quiz)
                .bind(poll)
                .bind(message)
                .execute(db.writer())
                .await?;
        });
        Ok(())
    }

    /// The class quiz that Telegram poll `poll` is, if one is.
    ///
    /// # Errors
    ///
    /// [`StoreError::CorruptEvent`] when its options are not JSON; [`StoreError::Database`]
    /// when the database fails.
    pub async fn quiz_of_poll(&self, poll: &str) -> Result<Option<PolledRow>, StoreError> {
        type Row = (i64, i64, String, i64, String, Option<i64>, Option<i64>);
        let row: Option<Row> = on_either!(self, |db| {
            sqlx::query_as(
                "SELECT id, class_id, item, correct, CAST(options AS TEXT), message_id, closed_at
                 FROM class_quizzes WHERE poll_id = $1",
            )
            .bind(poll)
            .fetch_optional(db.reader())
            .await?
        });
        row.map(|(id, class, item, correct, options, message, closed)| {
            Ok(PolledRow {
                quiz: QuizRow {
                    id,
                    class,
                    item,
                    correct,
                    options: parse_payload(LearnerId(0), id, &options)?,
                    message,
                },
                closed: closed.is_some(),
            })
        })
        .transpose()
    }

    /// Whether a class quiz posted since `since` (Unix ms) has no poll noted yet: Telegram
    /// names a poll only once it is sent, so an answer to it may come first.
    ///
    /// # Errors
    ///
    /// [`StoreError::Database`] when the database fails.
    pub async fn quiz_poll_pending(&self, since: i64) -> Result<bool, StoreError> {
        let n: i64 = on_either!(self, |db| {
            sqlx::query_scalar(
                "SELECT COUNT(*) FROM class_quizzes
                 WHERE poll_id IS NULL AND closed_at IS NULL AND posted_at >= $1",
            )
            .bind(since)
            .fetch_one(db.reader())
            .await?
        });
        Ok(n > 0)
    }

    /// What the report of class `class` is counted from, for each of its members: the
    /// tallies of their events of the kinds in `counted` (kept as each event was stored, see
    /// [`Event::tally`](crate::Event::tally)), by the value the report tells them apart by
    /// (`("illegal_move", "code")`: how often each code); their class quiz answers, by option
    /// chosen and right option; when each was last active; the places of the puzzles of the
    /// day they solved. A kind in `distinct` comes as one tally a member, without a value:
    /// how many different values its events had. It reads counts, not events: as fast after
    /// a year as on the first day.
    ///
    /// # Errors
    ///
    /// [`StoreError::Database`] when the database fails.
    pub async fn class_figures(
        &self,
        class: i64,
        counted: &[(&str, &str)],
        distinct: &[&str],
    ) -> Result<ClassFigures, StoreError> {
        let d = self.dialect();
        let tallies: Vec<(i64, String, Option<String>, i64, i64)> = if counted.is_empty() {
            Vec::new()
        } else {
            // $2, $3, … the kinds; then the distinct ones (none: a NULL that matches none).
            let kinds: Vec<String> = (0..counted.len()).map(|i| format!("${}", i + 2)).collect();
            let distinct_at: Vec<String> = (0..distinct.len().max(1))
                .map(|i| format!("${}", counted.len() + i + 2))
                .collect();
            let distinct_at = distinct_at.join(", ");
            let sql = format!(
                "SELECT t.user_id, t.kind,
                        CASE WHEN t.kind IN ({distinct_at}) THEN NULL ELSE t.value END AS v,
                        CAST(CASE WHEN t.kind IN ({distinct_at}) THEN COUNT(*)
                                  ELSE SUM(t.count) END AS BIGINT),
                        MAX(t.last_seq)
                 FROM class_tallies t
                 JOIN class_members m ON m.class_id = t.class_id AND m.user_id = t.user_id
                 WHERE t.class_id = $1 AND t.kind IN ({})
                 GROUP BY t.user_id, t.kind, v",
                kinds.join(", "),
            );
            on_either!(self, |db| {
                let mut query = sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())).bind(class);
                for (kind, _) in counted {
                    query = query.bind(*kind);
                }
                if distinct.is_empty() {
                    query = query.bind(None::<String>);
                }
                for kind in distinct {
                    query = query.bind(*kind);
                }
                query.fetch_all(db.reader()).await?
            })
        };
        let answers: Vec<(i64, i64, i64, i64, i64)> = on_either!(self, |db| {
            sqlx::query_as(
                "SELECT a.user_id, a.chosen, q.correct, COUNT(*), MAX(a.answered_at)
                 FROM class_answers a JOIN class_quizzes q ON q.id = a.quiz_id
                 JOIN class_members m ON m.class_id = q.class_id AND m.user_id = a.user_id
                 WHERE q.class_id = $1
                 GROUP BY a.user_id, a.chosen, q.correct",
            )
            .bind(class)
            .fetch_all(db.reader())
            .await?
        });
        let active_sql = format!(
            "SELECT l.id, {} FROM learners l JOIN class_members m ON m.user_id = l.id
             WHERE m.class_id = $1",
            d.epoch_ms("l.updated_at")
        );
        let active: Vec<(i64, i64)> = on_either!(self, |db| {
            sqlx::query_as(sqlx::AssertSqlSafe(active_sql.clone()))
                .bind(class)
                .fetch_all(db.reader())
                .await?
        });
        let solves: Vec<(i64, i64)> = on_either!(self, |db| {
            sqlx::query_as(
                "SELECT s.user_id, s.place FROM class_daily_solvers s
                 JOIN class_members m ON m.class_id = s.class_id AND m.user_id = s.user_id
                 WHERE s.class_id = $1 ORDER BY s.day, s.place",
            )
            .bind(class)
            .fetch_all(db.reader())
            .await?
        });
        Ok(ClassFigures {
            tallies: tallies
                .into_iter()
                .map(|(user, kind, value, count, last)| Tally {
                    user,
                    kind,
                    value,
                    count,
                    last,
                })
                .collect(),
            answers: answers
                .into_iter()
                .map(|(user, chosen, correct, count, last)| AnswerRow {
                    user,
                    chosen,
                    correct,
                    count,
                    last,
                })
                .collect(),
            active,
            solves,
        })
    }
}

impl Store {
    /// Counts class `class`'s tallies again from the stored events, in place of those kept:
    /// each member's events of the kinds in `counted` since they joined, by the value of the
    /// field `counted` names for each kind. What the tallies kept as events were stored must
    /// equal this (a test holds it); an operator may run it after restoring events by hand.
    /// Returns how many tally rows the class has now.
    ///
    /// # Errors
    ///
    /// [`StoreError::Database`] when the database fails (nothing is then changed).
    pub async fn recount_class(
        &self,
        class: i64,
        counted: &[(&str, &str)],
    ) -> Result<u64, StoreError> {
        let d = self.dialect();
        if counted.is_empty() {
            return Ok(0);
        }
        // $2, $4, … the kinds; $3, $5, … their fields.
        let kinds: Vec<String> = (0..counted.len())
            .map(|i| format!("${}", 2 * i + 2))
            .collect();
        let cases: String = (0..counted.len())
            .map(|i| {
                format!(
                    " WHEN ${} THEN {}",
                    2 * i + 2,
                    d.json_field("e.payload", &format!("${}", 2 * i + 3))
                )
            })
            .collect();
        let sql = format!(
            "INSERT INTO class_tallies (class_id, user_id, kind, value, count, last_seq)
             SELECT class_id, user_id, kind, value, COUNT(*), MAX(seq) FROM (
                 SELECT m.class_id, m.user_id, e.kind, e.seq,
                        CASE e.kind{cases} END AS value
                 FROM class_members m JOIN learner_events e ON e.learner_id = m.user_id
                 WHERE m.class_id = $1 AND e.kind IN ({})
                   AND {} >= m.joined_at
             ) AS counted
             WHERE value IS NOT NULL
             GROUP BY class_id, user_id, kind, value",
            kinds.join(", "),
            d.epoch_ms("e.created_at"),
        );
        on_either!(self, |db| {
            let mut tx = db.writer().begin().await?;
            sqlx::query("DELETE FROM class_tallies WHERE class_id = $1")
                .bind(class)
                .execute(&mut *tx)
                .await?;
            let mut query = sqlx::query(sqlx::AssertSqlSafe(sql.clone())).bind(class);
            for (kind, field) in counted {
                query = query.bind(*kind).bind(*field);
            }
            let written = query.execute(&mut *tx).await?.rows_affected();
            tx.commit().await?;
            Ok::<u64, StoreError>(written)
        })
    }
}

impl Store {
    /// The payloads (JSON text, as stored) of the events `seqs` of the members `users` of
    /// class `class` (each with its learner and `seq`), of the kinds in `kinds`: what a report
    /// shows of one event, such as the position of a student's last refused move
    /// ([`Tally::last`]). An event of anyone else (not one of `users`, or not a member) is
    /// never read, whatever `seqs` holds. At most 1,000 at once.
    ///
    /// # Errors
    ///
    /// [`StoreError::Database`] when the database fails.
    pub async fn class_events(
        &self,
        class: i64,
        users: &[i64],
        kinds: &[&str],
        seqs: &[i64],
    ) -> Result<Vec<(i64, i64, String)>, StoreError> {
        let seqs = &seqs[..seqs.len().min(1_000)];
        let users = &users[..users.len().min(1_000)];
        if seqs.is_empty() || kinds.is_empty() || users.is_empty() {
            return Ok(Vec::new());
        }
        let marks = |from: usize, n: usize| -> String {
            (0..n)
                .map(|i| format!("${}", from + i))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let sql = format!(
            "SELECT e.learner_id, e.seq, CAST(e.payload AS TEXT) FROM learner_events e
             JOIN class_members m ON m.user_id = e.learner_id
             WHERE m.class_id = $1 AND e.learner_id IN ({}) AND e.kind IN ({})
               AND e.seq IN ({})",
            marks(2, users.len()),
            marks(2 + users.len(), kinds.len()),
            marks(2 + users.len() + kinds.len(), seqs.len()),
        );
        Ok(on_either!(self, |db| {
            let mut query = sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())).bind(class);
            for user in users {
                query = query.bind(*user);
            }
            for kind in kinds {
                query = query.bind(*kind);
            }
            for seq in seqs {
                query = query.bind(*seq);
            }
            query.fetch_all(db.reader()).await?
        }))
    }
}

pub(crate) fn class_row((id, chat, title, lang, topic): ClassTuple) -> ClassRow {
    ClassRow {
        id,
        chat,
        title,
        lang,
        topic,
    }
}

fn member_row((class, user, role, name, joined_at): MemberTuple) -> MemberRow {
    MemberRow {
        class,
        user,
        role,
        name,
        joined_at,
    }
}
