-- The members told in a table's channel that their DMs are closed (issue 21): each is told
-- once per table, across restarts. Dropped with the table's hand messages when it closes,
-- and by /spades forgetme.
CREATE TABLE dms_closed_notices (
    table_id BIGINT NOT NULL REFERENCES tables (table_id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL,
    PRIMARY KEY (table_id, user_id)
) {WITHOUT_ROWID};
