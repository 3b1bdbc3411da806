//! The statements of a commit, written once for both databases. Their placeholders are
//! `$1, $2, …` (SQLite numbers `$NNN` parameters as PostgreSQL does); the two dialects differ
//! only in the words of [`Dialect`]: how a JSON text becomes a column value, and the time now.
//!
//! The commit itself ([`commit!`]) is one short transaction that writes what a step computed
//! outside it, if nothing changed since its snapshot: the update key not yet applied, the
//! learner's version and the shared game's version as they were read. It holds no lock while
//! the step computes; on SQLite it holds the file's one writer only for these statements.

use std::sync::LazyLock;

/// How one database says what the statements need.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Dialect {
    /// After a placeholder holding JSON text: `::jsonb` on PostgreSQL, nothing on SQLite.
    json: &'static str,
    /// The time now, as a column default writes it.
    now: &'static str,
    /// A time column (as `now` writes it) in Unix milliseconds; `{col}` is the column.
    epoch_ms: &'static str,
    /// One field of a JSON column, as text; `{col}` is the column, `{key}` the field's name
    /// (a placeholder).
    json_field: &'static str,
}

impl Dialect {
    /// `column` (a time as `now` writes it) in Unix milliseconds.
    pub(crate) fn epoch_ms(&self, column: &str) -> String {
        self.epoch_ms.replace("{col}", column)
    }

    /// The field named by the placeholder `key` of the JSON `column`, as text (a boolean
    /// reads `1`/`0` on SQLite, `true`/`false` on PostgreSQL).
    pub(crate) fn json_field(&self, column: &str, key: &str) -> String {
        self.json_field
            .replace("{col}", column)
            .replace("{key}", key)
    }
}

/// SQLite's words.
pub(crate) const SQLITE: Dialect = Dialect {
    json: "",
    now: "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')",
    epoch_ms: "CAST(ROUND((julianday({col}) - 2440587.5) * 86400000.0) AS INTEGER)",
    // A boolean reads `true`/`false`, as PostgreSQL's `->>` and serde_json write it.
    json_field: "(CASE json_type({col}, '$.' || {key}) WHEN 'true' THEN 'true' \
                 WHEN 'false' THEN 'false' ELSE CAST(json_extract({col}, '$.' || {key}) AS TEXT) END)",
};

/// PostgreSQL's words.
pub(crate) const POSTGRES: Dialect = Dialect {
    json: "::jsonb",
    now: "now()",
    epoch_ms: "CAST(EXTRACT(EPOCH FROM {col}) * 1000 AS BIGINT)",
    json_field: "({col} ->> {key})",
};

/// Every statement of a commit, worded for one dialect.
#[derive(Debug)]
pub(crate) struct Statements {
    /// `$1` learner, `$2` state, `$3` new version, `$4` the version read: one row when
    /// nobody changed the learner since.
    pub update_learner: String,
    /// `$1` learner, `$2` state: one row when the learner was still new.
    pub insert_learner: String,
    /// `$1` learner, `$2` version, `$3` kind, `$4` payload: the event's seq.
    pub insert_event: String,
    /// `$1` learner, `$2` kind, `$3` the value it is tallied under, `$4` its seq: one row for
    /// each class the learner is a member of.
    pub tally_event: String,
    /// `$1` learner, `$2` key, `$3` version, `$4` unsent, `$5` owner, `$6` claimed at: one
    /// row when the key was not applied yet.
    pub insert_applied: String,
    /// `$1` game, `$2` state: one row when no game has the id.
    pub insert_game: String,
    /// `$1` game, `$2` state, `$3` the version read: one row when nobody changed it since.
    pub update_game: String,
    /// `$1` game: its version now.
    pub game_version: String,
    /// `$1` other learner, `$2` key, `$3` unsent, `$4` owner, `$5` claimed at.
    pub insert_others: String,
    /// `$1` learner, `$2` the oldest version whose key is kept.
    pub prune: String,
    /// The statements of a step's class changes.
    pub class: ClassStatements,
}

impl Statements {
    fn worded(d: Dialect) -> Statements {
        let Dialect { json, now, .. } = d;
        Statements {
            update_learner: format!(
                "UPDATE learners SET state = $2{json}, version = $3, updated_at = {now}
                 WHERE id = $1 AND version = $4"
            ),
            insert_learner: format!(
                "INSERT INTO learners (id, state, version) VALUES ($1, $2{json}, 1)
                 ON CONFLICT (id) DO NOTHING"
            ),
            insert_event: format!(
                "INSERT INTO learner_events (learner_id, version, kind, payload)
                 VALUES ($1, $2, $3, $4{json}) RETURNING seq"
            ),
            // Counted once for each class the learner is in now: a member's tallies begin at
            // zero when they join and go when they leave, so they count what the member did
            // while in the class, as the events since `joined_at` would.
            tally_event:
                "INSERT INTO class_tallies (class_id, user_id, kind, value, count, last_seq)
                 SELECT class_id, user_id, $2, $3, 1, $4 FROM class_members WHERE user_id = $1
                 ON CONFLICT (class_id, user_id, kind, value) DO UPDATE
                 SET count = class_tallies.count + 1, last_seq = excluded.last_seq"
                    .into(),
            insert_applied: format!(
                "INSERT INTO applied_updates
                     (learner_id, update_key, version, unsent, claimed_by, claimed_at)
                 VALUES ($1, $2, $3, $4{json}, $5, $6)
                 ON CONFLICT (learner_id, update_key) DO NOTHING"
            ),
            insert_game: format!(
                "INSERT INTO games (id, state, version) VALUES ($1, $2{json}, 1)
                 ON CONFLICT (id) DO NOTHING"
            ),
            update_game: format!(
                "UPDATE games SET state = $2{json}, version = version + 1, updated_at = {now}
                 WHERE id = $1 AND version = $3"
            ),
            game_version: "SELECT version FROM games WHERE id = $1".into(),
            insert_others: format!(
                "INSERT INTO applied_updates
                     (learner_id, update_key, version, unsent, claimed_by, claimed_at)
                 SELECT id, $2, version, $3{json}, $4, $5 FROM learners WHERE id = $1
                 ON CONFLICT (learner_id, update_key) DO NOTHING"
            ),
            prune: "DELETE FROM applied_updates WHERE learner_id = $1 AND version <= $2".into(),
            class: ClassStatements::worded(json),
        }
    }
}

/// SQLite's statements.
pub(crate) static SQLITE_STATEMENTS: LazyLock<Statements> =
    LazyLock::new(|| Statements::worded(SQLITE));

/// PostgreSQL's statements.
pub(crate) static POSTGRES_STATEMENTS: LazyLock<Statements> =
    LazyLock::new(|| Statements::worded(POSTGRES));

/// The body of a commit, for either database: `$tx` an open write transaction, `$st` its
/// [`Statements`], then the snapshot, the update key, the change and the outbox owner.
/// `$change` is a `&SharedChange<T>` (tried again as it is when the database was busy).
/// Evaluates to `Result<Committed<()>, StoreError>`, having committed or rolled back.
macro_rules! commit {
    ($tx:ident, $st:expr, $snapshot:expr, $key:expr, $change:expr, $owner:expr) => {{
        use $crate::{Committed, Event, GameWrite, KEPT_UPDATE_KEYS, PRUNE_EVERY, SharedChange};
        let st = $st;
        let snapshot = $snapshot;
        let id = snapshot.learner;
        let key: Option<i64> = $key;
        let SharedChange {
            change,
            game: game_write,
            others,
            class: class_ops,
        } = $change;
        // Whether the update key was applied meanwhile is known from the key's own row,
        // written last (an input applied meanwhile also changed the version read, which is a
        // conflict first): no statement of its own before the writes.
        let conflict = 'write: {
            let state = serde_json::to_string(&change.state)?;
            let version = match &snapshot.record {
                Some(read) => {
                    let written = sqlx::query(st.update_learner.as_str())
                        .bind(id.0)
                        .bind(&state)
                        .bind(read.version + 1)
                        .bind(read.version)
                        .execute(&mut *$tx)
                        .await?;
                    if written.rows_affected() != 1 {
                        break 'write true;
                    }
                    read.version + 1
                }
                None => {
                    let written = sqlx::query(st.insert_learner.as_str())
                        .bind(id.0)
                        .bind(&state)
                        .execute(&mut *$tx)
                        .await?;
                    if written.rows_affected() != 1 {
                        break 'write true;
                    }
                    1
                }
            };
            // The shared game: written if it changed, else checked as read (the step's
            // replies were made from it).
            let read_game = snapshot.game.as_ref();
            match (&game_write, read_game) {
                (
                    Some(GameWrite {
                        id: game,
                        state,
                        created: true,
                    }),
                    _,
                ) => {
                    let written = sqlx::query(st.insert_game.as_str())
                        .bind(game.0)
                        .bind(serde_json::to_string(state)?)
                        .execute(&mut *$tx)
                        .await?;
                    if written.rows_affected() != 1 {
                        break 'write true;
                    }
                }
                (
                    Some(GameWrite {
                        id: game,
                        state,
                        created: false,
                    }),
                    read,
                ) => {
                    let Some(read_version) = read
                        .filter(|(read_id, _)| read_id == game)
                        .and_then(|(_, record)| record.as_ref().map(|r| r.version))
                    else {
                        break 'write true;
                    };
                    let written = sqlx::query(st.update_game.as_str())
                        .bind(game.0)
                        .bind(serde_json::to_string(state)?)
                        .bind(read_version)
                        .execute(&mut *$tx)
                        .await?;
                    if written.rows_affected() != 1 {
                        break 'write true;
                    }
                }
                (None, Some((game, read))) => {
                    let now: Option<i64> = sqlx::query_scalar(st.game_version.as_str())
                        .bind(game.0)
                        .fetch_optional(&mut *$tx)
                        .await?;
                    if now != read.as_ref().map(|r| r.version) {
                        break 'write true;
                    }
                }
                (None, None) => {}
            }
            for Event {
                kind,
                payload,
                tally,
            } in &change.events
            {
                let seq: i64 = sqlx::query_scalar(st.insert_event.as_str())
                    .bind(id.0)
                    .bind(version)
                    .bind(kind)
                    .bind(serde_json::to_string(payload)?)
                    .fetch_one(&mut *$tx)
                    .await?;
                if let Some(value) = tally {
                    sqlx::query(st.tally_event.as_str())
                        .bind(id.0)
                        .bind(kind)
                        .bind(value)
                        .bind(seq)
                        .execute(&mut *$tx)
                        .await?;
                }
            }
            // What the step changed in its classes; a class or a quiz whose random id is
            // taken, or a class made twice for one chat, is a conflict: computed again.
            for op in class_ops {
                if !$crate::sql::apply_op!($tx, &st.class, op) {
                    break 'write true;
                }
            }
            if let Some(key) = key {
                let unsent = change
                    .unsent
                    .as_ref()
                    .map(serde_json::to_string)
                    .transpose()?;
                let written = sqlx::query(st.insert_applied.as_str())
                    .bind(id.0)
                    .bind(key)
                    .bind(version)
                    .bind(unsent)
                    .bind(change.unsent.as_ref().map(|_| $owner))
                    .bind(change.unsent.as_ref().map(|_| $crate::now_ms()))
                    .execute(&mut *$tx)
                    .await?;
                if written.rows_affected() != 1 {
                    $tx.rollback().await?;
                    return Ok(Committed::Duplicate);
                }
                // The other player's replies, kept under this update key in their outbox.
                for (other, unsent) in others {
                    sqlx::query(st.insert_others.as_str())
                        .bind(other.0)
                        .bind(key)
                        .bind(serde_json::to_string(unsent)?)
                        .bind($owner)
                        .bind($crate::now_ms())
                        .execute(&mut *$tx)
                        .await?;
                }
            }
            if version % PRUNE_EVERY == 0 {
                sqlx::query(st.prune.as_str())
                    .bind(id.0)
                    .bind(version - KEPT_UPDATE_KEYS)
                    .execute(&mut *$tx)
                    .await?;
            }
            false
        };
        if conflict {
            $tx.rollback().await?;
            Ok(Committed::Conflict)
        } else {
            $tx.commit().await?;
            Ok(Committed::Done(()))
        }
    }};
}

pub(crate) use commit;

/// The statements of [`ClassOp`]s, worded for one dialect.
#[derive(Debug)]
pub(crate) struct ClassStatements {
    /// `$1` id, `$2` chat, `$3` title, `$4` lang, `$5` at: one row when both are free.
    pub create: String,
    /// `$1` class, `$2` user, `$3` role, `$4` name, `$5` at.
    pub join: String,
    /// `$1` class, `$2` user.
    pub leave_answers: String,
    /// `$1` class, `$2` user.
    pub leave_daily: String,
    /// `$1` class, `$2` user.
    pub leave_tallies: String,
    /// `$1` class, `$2` user.
    pub leave: String,
    /// `$1` class, `$2` minutes after midnight UTC (NULL: none).
    pub set_daily: String,
    /// `$1` class, `$2` lang.
    pub set_lang: String,
    /// `$1` id, `$2` class, `$3` item, `$4` correct, `$5` options, `$6` at.
    pub post_quiz: String,
    /// `$1` id, `$2` at.
    pub close_quiz: String,
    /// `$1` quiz, `$2` user, `$3` chosen, `$4` at: one row when the quiz is open.
    pub answer: String,
    /// `$1` quiz, `$2` user.
    pub retract: String,
    /// `$1` class, `$2` day, `$3` puzzle, `$4` at: one row when the day is not posted yet.
    pub daily_posted: String,
    /// `$1` class, `$2` week, `$3` at: one row when the week is not posted yet.
    pub weekly_posted: String,
    /// `$1` class, `$2` day, `$3` user, `$4` place, `$5` at: one row when the day is posted,
    /// the place free and the user not a solver yet.
    pub solved: String,
}

impl ClassStatements {
    /// The statements, `json` after a placeholder holding JSON text (see `sql::Dialect`).
    pub(crate) fn worded(json: &str) -> ClassStatements {
        ClassStatements {
            create: "INSERT INTO classes (id, chat_id, title, lang, created_at, topic)
                     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING"
                .into(),
            join: "INSERT INTO class_members (class_id, user_id, role, name, joined_at)
                   SELECT $1, $2, $3, $4, $5 WHERE EXISTS (SELECT 1 FROM classes WHERE id = $1)
                   ON CONFLICT (class_id, user_id) DO UPDATE SET name = excluded.name,
                       role = excluded.role"
                .into(),
            leave_answers: "DELETE FROM class_answers WHERE user_id = $2
                            AND quiz_id IN (SELECT id FROM class_quizzes WHERE class_id = $1)"
                .into(),
            leave_daily: "DELETE FROM class_daily_solvers WHERE class_id = $1 AND user_id = $2"
                .into(),
            leave_tallies: "DELETE FROM class_tallies WHERE class_id = $1 AND user_id = $2".into(),
            set_daily: "UPDATE classes SET daily_at = $2 WHERE id = $1".into(),
            leave: "DELETE FROM class_members WHERE class_id = $1 AND user_id = $2".into(),
            set_lang: "UPDATE classes SET lang = $2 WHERE id = $1".into(),
            post_quiz: format!(
                "INSERT INTO class_quizzes (id, class_id, item, correct, options, posted_at)
                 SELECT $1, $2, $3, $4, $5{json}, $6
                 WHERE EXISTS (SELECT 1 FROM classes WHERE id = $2)
                 ON CONFLICT DO NOTHING"
            ),
            close_quiz: "UPDATE class_quizzes SET closed_at = $2
                         WHERE id = $1 AND closed_at IS NULL"
                .into(),
            answer: "INSERT INTO class_answers (quiz_id, user_id, chosen, answered_at)
                     SELECT $1, $2, $3, $4 WHERE EXISTS
                         (SELECT 1 FROM class_quizzes WHERE id = $1 AND closed_at IS NULL)
                     ON CONFLICT (quiz_id, user_id) DO UPDATE
                     SET chosen = excluded.chosen, answered_at = excluded.answered_at"
                .into(),
            retract: "DELETE FROM class_answers WHERE quiz_id = $1 AND user_id = $2".into(),
            daily_posted: "INSERT INTO class_daily (class_id, day, puzzle, posted_at)
                           SELECT $1, $2, $3, $4 WHERE EXISTS (SELECT 1 FROM classes WHERE id = $1)
                           ON CONFLICT DO NOTHING"
                .into(),
            weekly_posted: "INSERT INTO class_weekly (class_id, week, posted_at)
                            SELECT $1, $2, $3 WHERE EXISTS (SELECT 1 FROM classes WHERE id = $1)
                            ON CONFLICT DO NOTHING"
                .into(),
            solved: "INSERT INTO class_daily_solvers (class_id, day, user_id, place, solved_at)
                     SELECT $1, $2, $3, $4, $5 WHERE EXISTS
                         (SELECT 1 FROM class_daily WHERE class_id = $1 AND day = $2)
                     ON CONFLICT DO NOTHING"
                .into(),
        }
    }
}

/// Writes one [`ClassOp`] in the open transaction `$tx` with the statements `$st`; evaluates
/// to whether it could (false: the step was computed from what has changed since).
macro_rules! apply_op {
    ($tx:ident, $st:expr, $op:expr) => {{
        use $crate::ClassOp;
        let st = $st;
        let at = $crate::now_ms();
        match $op {
            ClassOp::Create {
                id,
                chat,
                title,
                lang,
                topic,
                teacher: (teacher, name),
            } => {
                let made = sqlx::query(st.create.as_str())
                    .bind(id)
                    .bind(chat)
                    .bind(title)
                    .bind(lang)
                    .bind(at)
                    .bind(topic)
                    .execute(&mut *$tx)
                    .await?;
                if made.rows_affected() == 1 {
                    sqlx::query(st.join.as_str())
                        .bind(id)
                        .bind(teacher)
                        .bind("teacher")
                        .bind(name)
                        .bind(at)
                        .execute(&mut *$tx)
                        .await?;
                    true
                } else {
                    false
                }
            }
            ClassOp::Join {
                class,
                user,
                name,
                role,
            } => {
                sqlx::query(st.join.as_str())
                    .bind(class)
                    .bind(user)
                    .bind(role)
                    .bind(name)
                    .bind(at)
                    .execute(&mut *$tx)
                    .await?;
                true
            }
            ClassOp::Leave { class, user } => {
                sqlx::query(st.leave_answers.as_str())
                    .bind(class)
                    .bind(user)
                    .execute(&mut *$tx)
                    .await?;
                sqlx::query(st.leave_daily.as_str())
                    .bind(class)
                    .bind(user)
                    .execute(&mut *$tx)
                    .await?;
                sqlx::query(st.leave_tallies.as_str())
                    .bind(class)
                    .bind(user)
                    .execute(&mut *$tx)
                    .await?;
                sqlx::query(st.leave.as_str())
                    .bind(class)
                    .bind(user)
                    .execute(&mut *$tx)
                    .await?;
                true
            }
            ClassOp::SetDaily { class, at } => {
                sqlx::query(st.set_daily.as_str())
                    .bind(class)
                    .bind(at)
                    .execute(&mut *$tx)
                    .await?;
                true
            }
            ClassOp::SetLang { class, lang } => {
                sqlx::query(st.set_lang.as_str())
                    .bind(class)
                    .bind(lang)
                    .execute(&mut *$tx)
                    .await?;
                true
            }
            ClassOp::PostQuiz {
                id,
                class,
                item,
                correct,
                options,
            } => {
                let posted = sqlx::query(st.post_quiz.as_str())
                    .bind(id)
                    .bind(class)
                    .bind(item)
                    .bind(correct)
                    .bind(serde_json::to_string(options)?)
                    .bind(at)
                    .execute(&mut *$tx)
                    .await?;
                posted.rows_affected() == 1
            }
            ClassOp::CloseQuiz { id } => {
                sqlx::query(st.close_quiz.as_str())
                    .bind(id)
                    .bind(at)
                    .execute(&mut *$tx)
                    .await?;
                true
            }
            ClassOp::Answer { quiz, user, chosen } => {
                let kept = sqlx::query(st.answer.as_str())
                    .bind(quiz)
                    .bind(user)
                    .bind(chosen)
                    .bind(at)
                    .execute(&mut *$tx)
                    .await?;
                kept.rows_affected() == 1
            }
            ClassOp::Retract { quiz, user } => {
                sqlx::query(st.retract.as_str())
                    .bind(quiz)
                    .bind(user)
                    .execute(&mut *$tx)
                    .await?;
                true
            }
            ClassOp::DailyPosted { class, day, puzzle } => {
                let posted = sqlx::query(st.daily_posted.as_str())
                    .bind(class)
                    .bind(day)
                    .bind(puzzle)
                    .bind(at)
                    .execute(&mut *$tx)
                    .await?;
                posted.rows_affected() == 1
            }
            ClassOp::WeeklyPosted { class, week } => {
                let posted = sqlx::query(st.weekly_posted.as_str())
                    .bind(class)
                    .bind(week)
                    .bind(at)
                    .execute(&mut *$tx)
                    .await?;
                posted.rows_affected() == 1
            }
            ClassOp::Solved {
                class,
                day,
                user,
                place,
            } => {
                let solved = sqlx::query(st.solved.as_str())
                    .bind(class)
                    .bind(day)
                    .bind(user)
                    .bind(place)
                    .bind(at)
                    .execute(&mut *$tx)
                    .await?;
                solved.rows_affected() == 1
            }
        }
    }};
}

pub(crate) use apply_op;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_dialects_differ_only_in_their_words() {
        let (s, p) = (&*SQLITE_STATEMENTS, &*POSTGRES_STATEMENTS);
        assert_eq!(s.prune, p.prune);
        assert!(p.update_learner.contains("$2::jsonb") && p.update_learner.contains("now()"));
        assert!(!s.update_learner.contains("::jsonb") && s.update_learner.contains("strftime"));
        assert_eq!(
            s.insert_event.replace("$4", "$4::jsonb"),
            p.insert_event,
            "one statement, two words"
        );
    }
}
