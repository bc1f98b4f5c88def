-- Turn notifications (issue 11). Where a member wants to hear that it is their turn: 'dm'
-- (a new message in their DMs, the default when they have no row) or 'channel' (a mention
-- in the table's channel). Chosen with /spades pings; forgotten with /spades forgetme.
CREATE TABLE member_pings (
    user_id BIGINT NOT NULL PRIMARY KEY,
    pings TEXT NOT NULL CHECK (pings IN ('dm', 'channel'))
);

-- Each member's newest hand message in their DMs for a table, and the table's action count
-- (seq) when it was posted: after a restart that message is edited in place rather than a
-- new one sent, and a turn already announced by it is not announced again.
CREATE TABLE hand_messages (
    table_id BIGINT NOT NULL REFERENCES tables (table_id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL,
    message_id BIGINT NOT NULL,
    seq INTEGER NOT NULL,
    PRIMARY KEY (table_id, user_id)
) {WITHOUT_ROWID};
