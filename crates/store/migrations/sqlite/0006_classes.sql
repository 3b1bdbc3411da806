-- chess-tutor learner store, SQLite schema 6: classes in group chats.
-- A class is a group chat with teachers and students (Telegram users, whose private chat with
-- the bot is their learner id). A student's own events count for the class from `joined_at`;
-- leaving deletes their membership and their class quiz answers (nothing else of theirs is
-- class data). Times are Unix milliseconds.
CREATE TABLE classes (
    id         INTEGER PRIMARY KEY,            -- a random id, also in the class's link
    chat_id    INTEGER NOT NULL UNIQUE,        -- the group chat
    title      TEXT    NOT NULL,               -- the group's title when the class was made
    lang       TEXT    NOT NULL,               -- zh, zh-hant or en
    created_at INTEGER NOT NULL
) STRICT;

CREATE TABLE class_members (
    class_id  INTEGER NOT NULL REFERENCES classes (id) ON DELETE CASCADE,
    user_id   INTEGER NOT NULL,                -- a Telegram user (= their private chat's id)
    role      TEXT    NOT NULL CHECK (role IN ('teacher', 'student')),
    name      TEXT    NOT NULL,                -- their first name, as their account gave it
    joined_at INTEGER NOT NULL,                -- their work counts for the class from then
    PRIMARY KEY (class_id, user_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX class_members_by_user ON class_members (user_id);

-- A quiz poll posted in a class; `poll_id` and `message_id` once Telegram said them.
CREATE TABLE class_quizzes (
    id         INTEGER PRIMARY KEY,            -- a random id, also in its Close button
    class_id   INTEGER NOT NULL REFERENCES classes (id) ON DELETE CASCADE,
    item       TEXT    NOT NULL,               -- the quiz bank item
    correct    INTEGER NOT NULL,               -- the right option, 0-based
    options    TEXT    NOT NULL,               -- serde_json list of the options as posted
    posted_at  INTEGER NOT NULL,
    poll_id    TEXT    UNIQUE,
    message_id INTEGER,
    closed_at  INTEGER                         -- NULL while answers are kept
) STRICT;
CREATE INDEX class_quizzes_by_class ON class_quizzes (class_id, posted_at);

-- Each student's answer to a class quiz (the last one given).
CREATE TABLE class_answers (
    quiz_id     INTEGER NOT NULL REFERENCES class_quizzes (id) ON DELETE CASCADE,
    user_id     INTEGER NOT NULL,
    chosen      INTEGER NOT NULL,              -- the option, 0-based
    answered_at INTEGER NOT NULL,
    PRIMARY KEY (quiz_id, user_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX class_answers_by_user ON class_answers (user_id);
