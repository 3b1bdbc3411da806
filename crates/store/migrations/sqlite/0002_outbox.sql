-- chess-tutor learner store, SQLite schema 2: the reply outbox.
-- The replies an applied update produced, kept with its key until the shell has sent them,
-- so that a crash between the commit and the sending loses no reply: the update comes again
-- (it was not confirmed), is recognised as applied, and its unsent replies are sent then.
-- Whoever sends them holds a claim (a process id and a time in Unix milliseconds), so that two
-- replicas given the same update do not both send its replies.
ALTER TABLE applied_updates ADD COLUMN unsent TEXT;           -- serde_json text; NULL once sent
ALTER TABLE applied_updates ADD COLUMN claimed_by INTEGER;    -- the sending process's store id
ALTER TABLE applied_updates ADD COLUMN claimed_at INTEGER;    -- when it took them, Unix ms
