-- chess-tutor learner store, SQLite schema 9: nothing to change. (PostgreSQL's inbox keeps its
-- text as `json` from schema 9 on, which holds the escape \u0000; SQLite's is text already.)
SELECT 1;
