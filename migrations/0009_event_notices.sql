-- Two more kinds of notice in the outbox, written in the transaction that makes them owed, so a
-- restart or a second process posts each once: 'started' (a tournament game's first board in its
-- thread) and 'withdrawn' (a game lost because a player withdrew from its tournament).
ALTER TABLE notices DROP CONSTRAINT notices_kind_check;
ALTER TABLE notices ADD CONSTRAINT notices_kind_check
    CHECK (kind IN ('reminder', 'timeout', 'aborted', 'resumed', 'started', 'withdrawn'));

-- The games in progress of the tournaments' players who withdrew are found by the scheduler
-- through this index (few rows: the tournament games in progress).
CREATE INDEX games_tournament_open ON games (tournament_id) WHERE tournament_id IS NOT NULL AND outcome IS NULL;
