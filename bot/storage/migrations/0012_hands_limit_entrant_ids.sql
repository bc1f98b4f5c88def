-- A table's agreed number of hands (a game of a number of hands, as tournaments play), so
-- that a table restored after a restart still ends after them; NULL: to the target score.
ALTER TABLE tables ADD COLUMN hands_limit INTEGER;
