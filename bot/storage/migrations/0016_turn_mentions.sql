-- Each member's live turn mention in a table's channel (/spades pings channel, or DMs
-- closed): the message to delete once the turn has passed, so that one live when the bot
-- stopped is deleted after the restart rather than left beside the next. Dropped when the
-- table closes, and by /spades forgetme.
CREATE TABLE turn_mentions (
    table_id BIGINT NOT NULL REFERENCES tables (table_id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL,
    message_id BIGINT NOT NULL,
    PRIMARY KEY (message_id)
) {WITHOUT_ROWID};
