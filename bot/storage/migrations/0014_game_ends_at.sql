-- When a game played for a time (house rule play_to time, 000:88) ends: Unix seconds, fixed
-- at the deal, so that a table restored after a restart keeps its deadline and the time the
-- bot was down counts; NULL: a game not played for a time.
ALTER TABLE tables ADD COLUMN ends_at BIGINT;
