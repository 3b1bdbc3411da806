-- chess-tutor learner store, SQLite schema 1.
-- Applied by `Store::open`; see src/store/mod.rs for what each table guarantees.

-- One row per learner: the tutor's session state (JSON text) and the number of applied inputs.
CREATE TABLE learners (
    id         INTEGER PRIMARY KEY,            -- LearnerId: a Telegram chat id or a terminal id
    state      TEXT    NOT NULL,               -- serde_json text written by the tutor
    version    INTEGER NOT NULL,               -- 1 after the first applied input, +1 per input
    created_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

-- Progress events, append-only, written in the same transaction as the state they came with.
CREATE TABLE learner_events (
    seq        INTEGER PRIMARY KEY AUTOINCREMENT,  -- global order; never reused
    learner_id INTEGER NOT NULL REFERENCES learners (id) ON DELETE CASCADE,
    version    INTEGER NOT NULL,                   -- the learner version that produced it
    kind       TEXT    NOT NULL,
    payload    TEXT    NOT NULL,                   -- serde_json text
    created_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;
CREATE INDEX learner_events_by_learner ON learner_events (learner_id, seq);

-- Update keys (e.g. Telegram update_id) already applied, so a replay is recognised.
-- Only the keys of the learner's last KEPT_UPDATE_KEYS inputs are kept (pruned by version).
CREATE TABLE applied_updates (
    learner_id INTEGER NOT NULL REFERENCES learners (id) ON DELETE CASCADE,
    update_key INTEGER NOT NULL,
    version    INTEGER NOT NULL,
    applied_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (learner_id, update_key)
) STRICT, WITHOUT ROWID;
CREATE INDEX applied_updates_by_version ON applied_updates (learner_id, version);

-- Named counters of the shells, e.g. the Telegram long-polling offset.
CREATE TABLE offsets (
    key        TEXT    PRIMARY KEY,
    value      INTEGER NOT NULL,
    updated_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT, WITHOUT ROWID;
