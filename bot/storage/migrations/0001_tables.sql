-- Server house rules and durable tables: a table is its rules, seed, first dealer and seats,
-- plus the ordered list of accepted actions, enough to rebuild the game by replay.
--
-- Every migration is written once for SQLite and PostgreSQL: BIGINT for Discord ids, seeds
-- and row ids (SQLite keeps it as its 64-bit INTEGER), INTEGER for small numbers and 0/1
-- flags. The few words the two spell differently stand in braces, filled in by
-- bot/storage/db.py: AUTO_ID (a row id the database assigns), WITHOUT_ROWID, UTC_NOW.

CREATE TABLE guild_rules (
    guild_id BIGINT NOT NULL PRIMARY KEY,
    rules_json TEXT NOT NULL
);

CREATE TABLE tables (
    table_id {AUTO_ID},
    guild_id BIGINT,
    channel_id BIGINT NOT NULL,
    host_id BIGINT,
    rules_json TEXT NOT NULL,
    seed BIGINT NOT NULL,
    dealer INTEGER NOT NULL,
    message_id BIGINT,
    created_at TEXT NOT NULL DEFAULT {UTC_NOW},
    finished_at TEXT
);

-- Start-up restores only the unfinished tables; this keeps that scan small.
CREATE INDEX tables_unfinished ON tables (table_id) WHERE finished_at IS NULL;

CREATE TABLE table_seats (
    table_id BIGINT NOT NULL REFERENCES tables (table_id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    user_id BIGINT,
    bot TEXT,
    PRIMARY KEY (table_id, seat)
) {WITHOUT_ROWID};

CREATE TABLE actions (
    table_id BIGINT NOT NULL REFERENCES tables (table_id) ON DELETE CASCADE,
    seq INTEGER NOT NULL CHECK (seq >= 1),
    action_json TEXT NOT NULL,
    PRIMARY KEY (table_id, seq)
) {WITHOUT_ROWID};
