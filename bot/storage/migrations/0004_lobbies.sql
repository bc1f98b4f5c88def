-- A lobby (a table not dealt yet) survives a restart too: one row per channel, replaced on
-- every change to its seats or message, and gone once it is dealt (in the same transaction
-- as its table's row) or closed. Its few seats are kept as JSON in the row.

CREATE TABLE lobbies (
    channel_id BIGINT NOT NULL PRIMARY KEY,
    guild_id BIGINT,
    host_id BIGINT,
    rules_json TEXT NOT NULL,
    message_id BIGINT,
    seats_json TEXT NOT NULL
);
