-- A finished game stays its channel's table (shown over, with its Rematch) until the table
-- closes: a rematch, a new table in the channel, a stop, or idle closing. closed_at marks
-- that; start-up restores every table not closed, so a restart just after the last card
-- shows the game over again. The seats of a finished table stay until it closes.
ALTER TABLE tables ADD COLUMN closed_at TEXT;
UPDATE tables SET closed_at = finished_at WHERE finished_at IS NOT NULL;
CREATE INDEX tables_open ON tables (table_id) WHERE closed_at IS NULL;
