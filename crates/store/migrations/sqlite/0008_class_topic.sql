-- chess-tutor learner store, schema 8: the forum topic a class was started in.
-- `topic`: the message_thread_id of the topic (in a forum group) where `/class` was sent;
-- NULL: the group's main chat (no topics, or a forum's General topic). The class's own posts
-- (its puzzle of the day, its weekly leaderboard, the answers to its commands) go there.
ALTER TABLE classes ADD COLUMN topic INTEGER;
