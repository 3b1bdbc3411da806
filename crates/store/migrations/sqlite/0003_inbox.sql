-- chess-tutor learner store, SQLite schema 3: the Telegram inbox.
-- Updates fetched by long polling are written here, in the transaction that moves the polling
-- offset past them, and removed once handled: Telegram can be told at once that they arrived
-- (so one slow chat does not hold back the fetching of everyone else's), and a crash loses
-- none of them (they are handled after the restart).
CREATE TABLE inbox (
    update_id   INTEGER PRIMARY KEY,   -- Telegram's update_id
    body        TEXT    NOT NULL,      -- what the update asks, serde_json text
    received_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;
