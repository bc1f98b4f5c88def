-- Server house rules and durable tables: a table is its rules, seed, first dealer and seats,
-- plus the ordered list of accepted actions, enough to rebuild the game by replay.

CREATE TABLE guild_rules (
    guild_id INTEGER PRIMARY KEY,
    rules_json TEXT NOT NULL
);

CREATE TABLE tables (
    table_id INTEGER PRIMARY KEY,
    guild_id INTEGER,
    channel_id INTEGER NOT NULL,
    host_id INTEGER,
    rules_json TEXT NOT NULL,
    seed INTEGER NOT NULL,
    dealer INTEGER NOT NULL,
    message_id INTEGER,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    finished_at TEXT
);

-- Start-up restores only the unfinished tables; this keeps that scan small.
CREATE INDEX tables_unfinished ON tables (table_id) WHERE finished_at IS NULL;

CREATE TABLE table_seats (
    table_id INTEGER NOT NULL REFERENCES tables (table_id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    user_id INTEGER,
    bot TEXT,
    PRIMARY KEY (table_id, seat)
) WITHOUT ROWID;

CREATE TABLE actions (
    table_id INTEGER NOT NULL REFERENCES tables (table_id) ON DELETE CASCADE,
    seq INTEGER NOT NULL CHECK (seq >= 1),
    action_json TEXT NOT NULL,
    PRIMARY KEY (table_id, seq)
) WITHOUT ROWID;
