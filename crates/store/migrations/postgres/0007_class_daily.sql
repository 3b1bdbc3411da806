-- chess-tutor learner store, schema 7: a class's puzzle of the day.
-- `daily_at`: the minute after midnight UTC it is posted at; NULL: none. A row of
-- `class_daily` is the claim of one day's post, inserted (ON CONFLICT DO NOTHING) by whichever
-- replica comes first: that one alone posts it. Its solvers are class data: a student who
-- leaves takes theirs along. Times are Unix milliseconds; `day` counts days since 1970-01-01
-- UTC.
ALTER TABLE classes ADD COLUMN daily_at BIGINT;

CREATE TABLE class_daily (
    class_id   BIGINT NOT NULL REFERENCES classes (id) ON DELETE CASCADE,
    day        BIGINT NOT NULL,
    puzzle     TEXT    NOT NULL,               -- the puzzle posted
    message_id BIGINT,                             -- the post, once Telegram said it
    posted_at  BIGINT NOT NULL,
    PRIMARY KEY (class_id, day)
);

-- Each student who solved a day's puzzle, once.
CREATE TABLE class_daily_solvers (
    class_id  BIGINT NOT NULL,
    day       BIGINT NOT NULL,
    user_id   BIGINT NOT NULL,
    place     BIGINT NOT NULL,                    -- 1: the first to solve it
    solved_at BIGINT NOT NULL,
    PRIMARY KEY (class_id, day, user_id),
    UNIQUE (class_id, day, place),
    FOREIGN KEY (class_id, day) REFERENCES class_daily (class_id, day) ON DELETE CASCADE
);
CREATE INDEX class_daily_solvers_by_user ON class_daily_solvers (user_id);

-- The claim of one week's leaderboard post (with the week's first puzzle of the day), made
-- as the day's is; `week` counts Monday-to-Sunday weeks since 1970-01-05 (a Monday), UTC.
CREATE TABLE class_weekly (
    class_id  BIGINT NOT NULL REFERENCES classes (id) ON DELETE CASCADE,
    week      BIGINT NOT NULL,
    posted_at BIGINT NOT NULL,
    PRIMARY KEY (class_id, week)
);
