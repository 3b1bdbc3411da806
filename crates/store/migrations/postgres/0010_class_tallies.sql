-- chess-tutor learner store, PostgreSQL schema 10: a class's report reads counts, not events.
-- Each event a class's report counts is tallied, as it is stored, for each class its learner
-- is a member of then: by kind and by the value the report tells it apart by (a step's id, a
-- refusal's code, whether a puzzle was solved), with the seq of the last such event. The
-- events themselves are kept as before. A member's tallies go when they leave the class.
CREATE TABLE class_tallies (
    class_id BIGINT NOT NULL REFERENCES classes (id) ON DELETE CASCADE,
    user_id  BIGINT NOT NULL,
    kind     TEXT   NOT NULL,
    value    TEXT   NOT NULL,
    count    BIGINT NOT NULL,
    last_seq BIGINT NOT NULL,                  -- the last event so counted
    PRIMARY KEY (class_id, user_id, kind, value)
);

-- The tallies of the events stored before, counted as the report counted them until now
-- (each member's events since they joined). The kinds and fields are the report's of this
-- release (the tutor's REPORT_EVENTS); later events are tallied by the tutor's word.
INSERT INTO class_tallies (class_id, user_id, kind, value, count, last_seq)
SELECT class_id, user_id, kind, value, COUNT(*), MAX(seq) FROM (
    SELECT m.class_id, m.user_id, e.kind, e.seq,
           e.payload ->> f.field AS value
    FROM class_members m
    JOIN learner_events e ON e.learner_id = m.user_id
    JOIN (VALUES ('step_done', 'step'), ('lesson_done', 'lesson'), ('illegal_move', 'code'),
                 ('puzzle_result', 'solved')) AS f (kind, field) ON f.kind = e.kind
    WHERE CAST(EXTRACT(EPOCH FROM e.created_at) * 1000 AS BIGINT) >= m.joined_at
) AS counted
WHERE value IS NOT NULL
GROUP BY class_id, user_id, kind, value;
