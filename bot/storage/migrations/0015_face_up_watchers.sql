-- The members who watched a game with every hand face up (house rule allow_watching
-- face_up): never seated in that game, across restarts. Dropped when the table closes, and
-- by /spades forgetme.
CREATE TABLE face_up_watchers (
    table_id BIGINT NOT NULL REFERENCES tables (table_id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL,
    PRIMARY KEY (table_id, user_id)
) {WITHOUT_ROWID};
