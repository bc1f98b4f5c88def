-- Seasons and partnerships (issue 22, items 1 and 2). A server runs at most one season at a
-- time; a finished game belongs to the season running when it was recorded (games.season_id),
-- so a season's figures are its own games. Seasons never hold a member's id or name: their
-- ratings and pairs point at players rows, which forgetting a member empties.
--
-- ends_at: when the season ends by itself (Unix seconds; NULL: when a moderator ends it).
-- ended_at: when it ended (Unix seconds; NULL while it runs). announced: its final standings
-- were posted in channel_id (an end whose post was lost to a restart is posted again).
CREATE TABLE seasons (
    season_id {AUTO_ID},
    guild_id BIGINT NOT NULL,
    name TEXT NOT NULL,
    channel_id BIGINT NOT NULL,
    reset_fraction DOUBLE PRECISION NOT NULL CHECK (reset_fraction >= 0 AND reset_fraction <= 1),
    started_at BIGINT NOT NULL,
    ends_at BIGINT,
    ended_at BIGINT,
    announced INTEGER NOT NULL DEFAULT 0 CHECK (announced IN (0, 1)),
    UNIQUE (guild_id, name)
);

-- One running season per server, enforced by the database itself.
CREATE UNIQUE INDEX seasons_running ON seasons (guild_id) WHERE ended_at IS NULL;

ALTER TABLE games ADD COLUMN season_id BIGINT REFERENCES seasons (season_id);

CREATE INDEX games_season ON games (season_id, game_id);

-- A season's ratings, per track as in `ratings`: each member's all-time rating softly reset
-- when the season started, then updated by the season's games (games counts those only).
CREATE TABLE season_ratings (
    season_id BIGINT NOT NULL REFERENCES seasons (season_id),
    track TEXT NOT NULL,
    player_id BIGINT NOT NULL REFERENCES players (player_id),
    mu DOUBLE PRECISION NOT NULL,
    sigma DOUBLE PRECISION NOT NULL,
    games INTEGER NOT NULL,
    PRIMARY KEY (season_id, track, player_id)
) {WITHOUT_ROWID};

-- Two members who played a partnership game on the same side, rated as one entity: all-time
-- (season_id 0) and per season. first_player < second_player, so a pair has one row.
CREATE TABLE pair_ratings (
    guild_id BIGINT NOT NULL,
    season_id BIGINT NOT NULL,
    first_player BIGINT NOT NULL REFERENCES players (player_id),
    second_player BIGINT NOT NULL REFERENCES players (player_id),
    mu DOUBLE PRECISION NOT NULL,
    sigma DOUBLE PRECISION NOT NULL,
    games INTEGER NOT NULL,
    wins INTEGER NOT NULL,
    PRIMARY KEY (guild_id, season_id, first_player, second_player),
    CHECK (first_player < second_player)
) {WITHOUT_ROWID};
