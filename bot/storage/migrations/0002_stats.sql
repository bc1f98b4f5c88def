-- Finished games for stats, ratings and history. Members are rows of `players`, so that
-- forgetting a member clears one row and leaves their games counted but anonymous.

CREATE TABLE players (
    player_id {AUTO_ID},
    user_id BIGINT UNIQUE,
    name TEXT
);

-- game_id follows the order games finished in (streaks and history read it that way).
CREATE TABLE games (
    game_id {AUTO_ID},
    table_id BIGINT NOT NULL UNIQUE REFERENCES tables (table_id),
    guild_id BIGINT,
    players INTEGER NOT NULL,
    team_size INTEGER NOT NULL,
    mode TEXT NOT NULL CHECK (mode IN ('partnership', 'cutthroat')),
    preset TEXT NOT NULL,
    stopped INTEGER NOT NULL CHECK (stopped IN (0, 1)),
    winner INTEGER,
    hands INTEGER NOT NULL,
    finished_at TEXT NOT NULL DEFAULT {UTC_NOW}
);

CREATE INDEX games_guild ON games (guild_id, game_id);

CREATE TABLE game_teams (
    game_id BIGINT NOT NULL REFERENCES games (game_id) ON DELETE CASCADE,
    team INTEGER NOT NULL,
    score INTEGER NOT NULL,
    bags INTEGER NOT NULL,
    PRIMARY KEY (game_id, team)
) {WITHOUT_ROWID};

-- A seat is a member (player_id) or a bot (bot is its level, bot_name its name).
CREATE TABLE game_seats (
    game_id BIGINT NOT NULL REFERENCES games (game_id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    team INTEGER NOT NULL,
    player_id BIGINT REFERENCES players (player_id),
    bot TEXT,
    bot_name TEXT,
    won INTEGER NOT NULL CHECK (won IN (0, 1)),
    PRIMARY KEY (game_id, seat),
    CHECK ((player_id IS NULL) <> (bot IS NULL))
) {WITHOUT_ROWID};

CREATE INDEX game_seats_player ON game_seats (player_id, game_id);

-- The full score of each hand (the engine's HandScored event as JSON), for breakdowns.
CREATE TABLE hands (
    game_id BIGINT NOT NULL REFERENCES games (game_id) ON DELETE CASCADE,
    hand_number INTEGER NOT NULL,
    result_json TEXT NOT NULL,
    PRIMARY KEY (game_id, hand_number)
) {WITHOUT_ROWID};

-- One row per seat and hand, with its side's figures: what per-member stats add up.
CREATE TABLE hand_seats (
    game_id BIGINT NOT NULL REFERENCES games (game_id) ON DELETE CASCADE,
    hand_number INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    bid INTEGER,
    blind INTEGER NOT NULL,
    nil INTEGER NOT NULL,
    nil_made INTEGER,
    tricks INTEGER NOT NULL,
    side_made INTEGER,
    side_bags INTEGER NOT NULL,
    side_points INTEGER NOT NULL,
    PRIMARY KEY (game_id, hand_number, seat)
) {WITHOUT_ROWID};

-- Skill ratings per server and track ('all', 'partnership', 'cutthroat').
CREATE TABLE ratings (
    guild_id BIGINT NOT NULL,
    track TEXT NOT NULL,
    player_id BIGINT NOT NULL REFERENCES players (player_id),
    mu DOUBLE PRECISION NOT NULL,
    sigma DOUBLE PRECISION NOT NULL,
    games INTEGER NOT NULL,
    PRIMARY KEY (guild_id, track, player_id)
) {WITHOUT_ROWID};

-- A server's leaderboard counts only games after its last reset.
CREATE TABLE leaderboard_resets (
    guild_id BIGINT NOT NULL PRIMARY KEY,
    after_game_id BIGINT NOT NULL
);
