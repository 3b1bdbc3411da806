-- chess-tutor learner store, PostgreSQL schema 5: games shared by two learners.
-- A game between two learners is one state that both players' inputs change. Each input
-- locks its learner (the advisory lock) and then the game's row (FOR UPDATE), always in that
-- order, so that the two players' updates, on any replicas, are applied one at a time and
-- in order.
CREATE TABLE games (
    id         BIGINT      PRIMARY KEY,        -- a random id, also in the invite link
    state      JSONB       NOT NULL,           -- written by the tutor
    version    BIGINT      NOT NULL,           -- 1 when created, +1 per change
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
