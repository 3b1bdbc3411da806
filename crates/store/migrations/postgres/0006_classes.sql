-- chess-tutor learner store, PostgreSQL schema 6: classes in group chats.
-- A class is a group chat with teachers and students (Telegram users, whose private chat with
-- the bot is their learner id). A student's own events count for the class from `joined_at`;
-- leaving deletes their membership and their class quiz answers (nothing else of theirs is
-- class data). Times are Unix milliseconds.
CREATE TABLE classes (
    id         BIGINT      PRIMARY KEY,        -- a random id, also in the class's link
    chat_id    BIGINT      NOT NULL UNIQUE,    -- the group chat
    title      TEXT        NOT NULL,           -- the group's title when the class was made
    lang       TEXT        NOT NULL,           -- zh, zh-hant or en
    created_at BIGINT      NOT NULL
);

CREATE TABLE class_members (
    class_id  BIGINT NOT NULL REFERENCES classes (id) ON DELETE CASCADE,
    user_id   BIGINT NOT NULL,                 -- a Telegram user (= their private chat's id)
    role      TEXT   NOT NULL CHECK (role IN ('teacher', 'student')),
    name      TEXT   NOT NULL,                 -- their first name, as their account gave it
    joined_at BIGINT NOT NULL,                 -- their work counts for the class from then
    PRIMARY KEY (class_id, user_id)
);
CREATE INDEX class_members_by_user ON class_members (user_id);

-- A quiz poll posted in a class; `poll_id` and `message_id` once Telegram said them.
CREATE TABLE class_quizzes (
    id         BIGINT PRIMARY KEY,             -- a random id, also in its Close button
    class_id   BIGINT NOT NULL REFERENCES classes (id) ON DELETE CASCADE,
    item       TEXT   NOT NULL,                -- the quiz bank item
    correct    BIGINT NOT NULL,                -- the right option, 0-based
    options    JSONB  NOT NULL,                -- the options as posted
    posted_at  BIGINT NOT NULL,
    poll_id    TEXT   UNIQUE,
    message_id BIGINT,
    closed_at  BIGINT                          -- NULL while answers are kept
);
CREATE INDEX class_quizzes_by_class ON class_quizzes (class_id, posted_at);

-- Each student's answer to a class quiz (the last one given).
CREATE TABLE class_answers (
    quiz_id     BIGINT NOT NULL REFERENCES class_quizzes (id) ON DELETE CASCADE,
    user_id     BIGINT NOT NULL,
    chosen      BIGINT NOT NULL,               -- the option, 0-based
    answered_at BIGINT NOT NULL,
    PRIMARY KEY (quiz_id, user_id)
);
CREATE INDEX class_answers_by_user ON class_answers (user_id);
