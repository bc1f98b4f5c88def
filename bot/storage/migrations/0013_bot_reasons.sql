-- Why a bot made each move (issue 24): its reasoning, stored with the action it chose, so
-- that /history can tell it in full once the hand is over, after a restart too. JSON of
-- ``bot.ai.reasons.Reason`` (its action as the engine's codec writes it); NULL for a
-- member's move and for moves stored before this.
ALTER TABLE actions ADD COLUMN reason_json TEXT;
