-- chess-tutor learner store, SQLite schema 5: games shared by two learners.
-- A game between two learners is one state that both players' inputs change; on SQLite the
-- single writer (BEGIN IMMEDIATE) applies them one at a time.
CREATE TABLE games (
    id         INTEGER PRIMARY KEY,            -- a random id, also in the invite link
    state      TEXT    NOT NULL,               -- serde_json text written by the tutor
    version    INTEGER NOT NULL,               -- 1 when created, +1 per change
    created_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;
