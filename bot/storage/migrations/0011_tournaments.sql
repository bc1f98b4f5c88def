-- Tournaments that run themselves (issue 22): everything a tournament's state machine
-- holds (bot/competition/tournament.py), so that a restart or a kill -9 at any moment loses
-- nothing. The runner writes a tournament's rows in one transaction after each command,
-- before anyone is told. Settings are JSON (the organiser's choices, read back whole);
-- entrants, their players, rounds, matches and pending timers are rows.
CREATE TABLE tournaments (
    tournament_id {AUTO_ID},
    guild_id BIGINT NOT NULL,
    channel_id BIGINT NOT NULL,
    organiser_id BIGINT NOT NULL,
    name TEXT NOT NULL,
    settings_json TEXT NOT NULL,
    phase TEXT NOT NULL CHECK (phase IN ('signup', 'running', 'finished', 'cancelled')),
    paused INTEGER NOT NULL DEFAULT 0 CHECK (paused IN (0, 1)),
    -- Round robin's seeded order, fixed at the start; individuals left without a partner.
    order_json TEXT NOT NULL DEFAULT '[]',
    sat_out_json TEXT NOT NULL DEFAULT '[]',
    -- The sign-up / standings message and the Discord scheduled event, once posted.
    message_id BIGINT,
    event_id BIGINT,
    created_at TEXT NOT NULL DEFAULT {UTC_NOW}
);

-- Start-up restores the tournaments still to run.
CREATE INDEX tournaments_live ON tournaments (guild_id) WHERE phase IN ('signup', 'running');

-- An entrant (a pair, or one player before a tournament of individuals starts), in seed
-- order once the tournament runs.
CREATE TABLE tournament_entrants (
    tournament_id BIGINT NOT NULL REFERENCES tournaments (tournament_id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    accepted INTEGER NOT NULL CHECK (accepted IN (0, 1)),
    withdrawn INTEGER NOT NULL CHECK (withdrawn IN (0, 1)),
    PRIMARY KEY (tournament_id, position)
) {WITHOUT_ROWID};

CREATE TABLE tournament_players (
    tournament_id BIGINT NOT NULL REFERENCES tournaments (tournament_id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    slot INTEGER NOT NULL,
    user_id BIGINT NOT NULL,
    name TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    checked_in INTEGER NOT NULL CHECK (checked_in IN (0, 1)),
    PRIMARY KEY (tournament_id, position, slot)
) {WITHOUT_ROWID};

CREATE INDEX tournament_players_member ON tournament_players (user_id);

-- A round; seed: the one seed every table of a duplicate round deals from.
CREATE TABLE tournament_rounds (
    tournament_id BIGINT NOT NULL REFERENCES tournaments (tournament_id) ON DELETE CASCADE,
    round INTEGER NOT NULL,
    seed BIGINT,
    PRIMARY KEY (tournament_id, round)
) {WITHOUT_ROWID};

-- A match of a round: second_id NULL is a bye. table_id: the game's id in tables once dealt
-- (no foreign key: the game's own rows may be closed and kept apart from the tournament).
-- result_json: the match's result once known; deals_json: each hand's points (duplicate).
CREATE TABLE tournament_matches (
    tournament_id BIGINT NOT NULL,
    round INTEGER NOT NULL,
    board INTEGER NOT NULL,
    first_id TEXT NOT NULL,
    second_id TEXT,
    opened_at DOUBLE PRECISION,
    arrived_json TEXT NOT NULL DEFAULT '[]',
    started INTEGER NOT NULL DEFAULT 0 CHECK (started IN (0, 1)),
    table_id BIGINT,
    channel_id BIGINT,
    result_json TEXT,
    deals_json TEXT NOT NULL DEFAULT '[]',
    PRIMARY KEY (tournament_id, round, board),
    FOREIGN KEY (tournament_id, round) REFERENCES tournament_rounds (tournament_id, round)
        ON DELETE CASCADE
) {WITHOUT_ROWID};

CREATE INDEX tournament_matches_table ON tournament_matches (table_id);

-- A timer still to run out (check-in closing at the start, a match's no-show): armed
-- again after a restart, run at once if it ran out meanwhile.
CREATE TABLE tournament_timers (
    tournament_id BIGINT NOT NULL REFERENCES tournaments (tournament_id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('start', 'no_show')),
    due DOUBLE PRECISION NOT NULL,
    round INTEGER NOT NULL,
    board INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, kind, round, board)
) {WITHOUT_ROWID};
