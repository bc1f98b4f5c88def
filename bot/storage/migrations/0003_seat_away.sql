-- A member's seat marked away (a bot plays it until they come back) stays away after a
-- restart; seats stored before this default to present.

ALTER TABLE table_seats ADD COLUMN away INTEGER NOT NULL DEFAULT 0 CHECK (away IN (0, 1));
