-- A table's agreed number of hands (a game of a number of hands, as tournaments play), so
-- that a table restored after a restart still ends after them; NULL: to the target score.
ALTER TABLE tables ADD COLUMN hands_limit INTEGER;

-- A tournament entrant's own opaque id, which matches, results and the seeded order name.
-- Entrants stored before this have none: theirs is read, as before, from their players.
ALTER TABLE tournament_entrants ADD COLUMN entrant_id TEXT;
