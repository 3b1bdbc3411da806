-- chess-tutor learner store, PostgreSQL schema 1.
-- Applied by `Store::open`; see src/store/mod.rs for what each table guarantees.

-- One row per learner: the tutor's session state and the number of applied inputs.
CREATE TABLE learners (
    id         BIGINT      PRIMARY KEY,        -- LearnerId: a Telegram chat id or a terminal id
    state      JSONB       NOT NULL,           -- written by the tutor
    version    BIGINT      NOT NULL,           -- 1 after the first applied input, +1 per input
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Progress events, append-only, written in the same transaction as the state they came with.
CREATE TABLE learner_events (
    seq        BIGINT      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    learner_id BIGINT      NOT NULL REFERENCES learners (id) ON DELETE CASCADE,
    version    BIGINT      NOT NULL,           -- the learner version that produced it
    kind       TEXT        NOT NULL,
    payload    JSONB       NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX learner_events_by_learner ON learner_events (learner_id, seq);

-- Update keys (e.g. Telegram update_id) already applied, so a replay is recognised.
-- Only the keys of the learner's last KEPT_UPDATE_KEYS inputs are kept (pruned by version).
CREATE TABLE applied_updates (
    learner_id BIGINT      NOT NULL REFERENCES learners (id) ON DELETE CASCADE,
    update_key BIGINT      NOT NULL,
    version    BIGINT      NOT NULL,
    applied_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (learner_id, update_key)
);
CREATE INDEX applied_updates_by_version ON applied_updates (learner_id, version);

-- Named counters of the shells, e.g. the Telegram long-polling offset.
CREATE TABLE offsets (
    key        TEXT        PRIMARY KEY,
    value      BIGINT      NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
