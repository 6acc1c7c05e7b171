-- The AI's reviews of finished games (`/review`): made once on the AI's thread, kept, and served
-- again at once. `settings` names the search that made a review, so that a stronger AI can tell
-- its own reviews from older ones.
CREATE TABLE reviews (
    game_id   BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    settings  TEXT NOT NULL,
    turns     INTEGER NOT NULL CHECK (turns >= 0),
    made_at   TIMESTAMPTZ NOT NULL
);

-- The turns a review reports, costliest first (`rank` 1). Evaluations are from the view of the
-- player who moved, larger being better: before the turn, after the turn played, after the
-- AI's better turn.
CREATE TABLE review_turns (
    game_id       BIGINT NOT NULL REFERENCES reviews (game_id) ON DELETE CASCADE,
    rank          SMALLINT NOT NULL CHECK (rank >= 1),
    turn          INTEGER NOT NULL CHECK (turn >= 1),
    side          SMALLINT NOT NULL CHECK (side IN (0, 1)),
    played        TEXT NOT NULL,
    better        TEXT NOT NULL,
    before        INTEGER NOT NULL,
    after_played  INTEGER NOT NULL,
    after_better  INTEGER NOT NULL,
    PRIMARY KEY (game_id, rank)
);
