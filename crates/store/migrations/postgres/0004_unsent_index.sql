-- chess-tutor learner store, schema 4: an index of the replies not yet sent, by the process
-- that holds them. A live process renews its claims often (so that a dead one's are free
-- quickly), and the health check counts the outbox: both read only these rows.
CREATE INDEX applied_updates_unsent ON applied_updates (claimed_by) WHERE unsent IS NOT NULL;
