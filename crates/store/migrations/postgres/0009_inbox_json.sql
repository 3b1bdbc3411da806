-- chess-tutor learner store, schema 9: the inbox keeps an update's text whatever it holds.
-- `jsonb` refuses the escape \u0000 (a text cannot hold a NUL), so one update with a NUL in a
-- message or a button's data made the write of its whole batch fail, again and again, and
-- nobody was answered. `json` keeps the text as it came, and reads back as text alike.
ALTER TABLE inbox ALTER COLUMN body TYPE json USING body::json;
