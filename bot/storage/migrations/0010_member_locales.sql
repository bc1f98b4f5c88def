-- Languages (issue 23). A member's: the Discord locale of their latest interaction (seen),
-- so their DMs and turn notices are in it, and the one they chose with /spades language
-- (chosen; NULL: follow Discord). Dropped by /spades forgetme. A server's: the language of
-- its channels' table messages, when it chose one over its Discord locale.
CREATE TABLE member_locales (
    user_id BIGINT NOT NULL PRIMARY KEY,
    seen TEXT,
    chosen TEXT
);

CREATE TABLE guild_locales (
    guild_id BIGINT NOT NULL PRIMARY KEY,
    locale TEXT NOT NULL
);
