-- Ratings (Glicko-2) per server, player and rated game: Fibonacci, Fibonacci cards, Fanorona
-- (both rule sets, vela rounds included).
--
-- Ratings are derived data: `ratings` and `rating_changes` can be rebuilt at any time from the
-- finished rated games, in `rating_order` (`fibonacci-bot ratings rebuild`).

-- Whether the players agreed to a rated game (`/challenge rated:`, true by default).
ALTER TABLE challenges ADD COLUMN rated BOOLEAN NOT NULL DEFAULT true;
-- Copied from the challenge when the game starts; a game against the bot is never rated.
ALTER TABLE games ADD COLUMN rated BOOLEAN NOT NULL DEFAULT true;
UPDATE challenges SET rated = false
    WHERE id IN (SELECT challenge_id FROM games WHERE ai_level IS NOT NULL);
UPDATE games SET rated = false WHERE ai_level IS NOT NULL;
ALTER TABLE games ADD CONSTRAINT games_ai_never_rated CHECK (ai_level IS NULL OR NOT rated);

-- The order in which finished games changed the ratings: taken in the transaction that ends the
-- game, once the players' rating rows are locked, so that two games of one player that end at
-- the same moment count in the order their updates were applied (and a rebuild follows it).
CREATE SEQUENCE games_rating_order;
ALTER TABLE games ADD COLUMN rating_order BIGINT UNIQUE;
ALTER TABLE games ADD CONSTRAINT games_rating_order_when_rated
    CHECK (rating_order IS NULL OR (rated AND outcome IS NOT NULL AND outcome <> 'aborted'));
-- Games that ended before this migration count in the order they ended.
UPDATE games SET rating_order = ordered.n
    FROM (SELECT id, row_number() OVER (ORDER BY finished_at, id) AS n FROM games
          WHERE rated AND outcome IS NOT NULL AND outcome <> 'aborted') AS ordered
    WHERE games.id = ordered.id;
SELECT setval('games_rating_order', COALESCE((SELECT max(rating_order) FROM games), 0) + 1, false);

-- One player's rating in one game of one server, as of their last rated game (the deviation's
-- growth since then is applied when it is read).
CREATE TABLE ratings (
    guild_id     BIGINT NOT NULL,
    game         TEXT NOT NULL CHECK (game IN ('fibonacci', 'fibonacci-cards', 'fanorona')),
    user_id      BIGINT NOT NULL,
    rating       DOUBLE PRECISION NOT NULL,
    deviation    DOUBLE PRECISION NOT NULL CHECK (deviation > 0),
    volatility   DOUBLE PRECISION NOT NULL CHECK (volatility > 0),
    games        INTEGER NOT NULL CHECK (games >= 0),
    wins         INTEGER NOT NULL CHECK (wins >= 0),
    losses       INTEGER NOT NULL CHECK (losses >= 0),
    draws        INTEGER NOT NULL CHECK (draws >= 0),
    last_game_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (guild_id, game, user_id),
    CHECK (games = wins + losses + draws)
);
CREATE INDEX ratings_board ON ratings (guild_id, game, rating DESC);

-- What each rated game did to each of its players' ratings (the profile's chart and last
-- results, the end-of-game message).
CREATE TABLE rating_changes (
    game_id          BIGINT NOT NULL REFERENCES games (id),
    user_id          BIGINT NOT NULL,
    guild_id         BIGINT NOT NULL,
    game             TEXT NOT NULL CHECK (game IN ('fibonacci', 'fibonacci-cards', 'fanorona')),
    opponent         BIGINT NOT NULL,
    rating_order     BIGINT NOT NULL,
    -- 1 for a win, 0.5 for a draw, 0 for a loss.
    score            DOUBLE PRECISION NOT NULL CHECK (score IN (0, 0.5, 1)),
    rating_before    DOUBLE PRECISION NOT NULL,
    deviation_before DOUBLE PRECISION NOT NULL,
    volatility_before DOUBLE PRECISION NOT NULL,
    rating_after     DOUBLE PRECISION NOT NULL,
    deviation_after  DOUBLE PRECISION NOT NULL,
    volatility_after DOUBLE PRECISION NOT NULL,
    rated_at         TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
CREATE INDEX rating_changes_player ON rating_changes (guild_id, user_id, game, rating_order);
