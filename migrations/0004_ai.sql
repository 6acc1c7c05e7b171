-- Games against the bot itself: the AI's level and side, and when its turn is due.

ALTER TABLE games ADD COLUMN ai_level TEXT CHECK (ai_level IN ('easy', 'medium', 'hard'));
ALTER TABLE games ADD COLUMN ai_side SMALLINT CHECK (ai_side IN (0, 1));
ALTER TABLE games ADD CONSTRAINT games_ai_pair CHECK ((ai_level IS NULL) = (ai_side IS NULL));
-- When the AI should play: set when its turn starts, moved on by a lease while a process thinks
-- (so that a process that dies mid-thought leaves the turn to be played by the next look), NULL
-- when it is not the AI's turn.
ALTER TABLE games ADD COLUMN ai_due_at TIMESTAMPTZ;
ALTER TABLE games ADD CONSTRAINT games_ai_due_only_for_ai
    CHECK (ai_due_at IS NULL OR (ai_level IS NOT NULL AND outcome IS NULL));
CREATE INDEX games_ai_due ON games (ai_due_at) WHERE ai_due_at IS NOT NULL;
