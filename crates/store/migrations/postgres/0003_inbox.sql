-- chess-tutor learner store, PostgreSQL schema 3: the Telegram inbox.
-- Updates fetched by long polling are written here, in the transaction that moves the polling
-- offset past them, and removed once handled: Telegram can be told at once that they arrived
-- (so one slow chat does not hold back the fetching of everyone else's), and a crash loses
-- none of them (they are handled after the restart).
CREATE TABLE inbox (
    update_id   bigint      PRIMARY KEY,   -- Telegram's update_id
    body        jsonb       NOT NULL,      -- what the update asks
    received_at timestamptz NOT NULL DEFAULT now()
);
