-- A member asked to take over a seat (issue 21): /spades sub asks, and the seat passes to
-- them only when they click Accept. A request is open until answered or until expires_at
-- (Unix seconds); whoever declined, or let a request run out, is not asked again in that
-- game. held_by is who held the seat when they were asked (NULL: a bot), so a seat that has
-- changed hands since is not handed over on an old request. The rows go with their table.
CREATE TABLE sub_requests (
    request_id {AUTO_ID},
    table_id BIGINT NOT NULL REFERENCES tables (table_id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    user_id BIGINT NOT NULL,
    held_by BIGINT,
    expires_at BIGINT NOT NULL,
    answer TEXT CHECK (answer IN ('accepted', 'declined'))
);

CREATE INDEX sub_requests_member ON sub_requests (user_id);
