-- Puzzles (`/puzzle`). The bank shipped under assets/puzzles/ is loaded into `puzzles` when the
-- bot starts: a new id is added, a known one keeps its rating (an id never changes its
-- position). Each puzzle has a Glicko-2 rating that its solvers move, as players do.
CREATE TABLE puzzles (
    id         TEXT PRIMARY KEY,
    -- The puzzle rating it counts for: the game's name (`fibonacci`, `fanorona`).
    game       TEXT NOT NULL,
    -- The game's configuration as its codec writes it, and the other fields of the bank's line.
    config     TEXT NOT NULL,
    position   TEXT NOT NULL,
    goal       TEXT NOT NULL,
    solutions  TEXT NOT NULL,
    grade      TEXT NOT NULL CHECK (grade IN ('easy', 'medium', 'hard')),
    rating     DOUBLE PRECISION NOT NULL,
    deviation  DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    -- First tries counted, and how many of them solved it.
    tries      INTEGER NOT NULL DEFAULT 0,
    solved     INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX puzzles_by_rating ON puzzles (game, rating);

-- A user's puzzle rating for one game (every server alike), and their streak of first tries
-- solved in a row.
CREATE TABLE puzzle_players (
    user_id     BIGINT NOT NULL,
    game        TEXT NOT NULL,
    rating      DOUBLE PRECISION NOT NULL,
    deviation   DOUBLE PRECISION NOT NULL,
    volatility  DOUBLE PRECISION NOT NULL,
    streak      INTEGER NOT NULL DEFAULT 0,
    best_streak INTEGER NOT NULL DEFAULT 0,
    tries       INTEGER NOT NULL DEFAULT 0,
    solved      INTEGER NOT NULL DEFAULT 0,
    updated_at  TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (user_id, game)
);

-- Every puzzle a user opened. The first time a user sees a puzzle it is rated, by its first
-- try: a turn that misses the goal, Give up, or opening another puzzle before answering counts
-- as a miss. A user has at most one puzzle open.
CREATE TABLE puzzle_attempts (
    id          BIGSERIAL PRIMARY KEY,
    user_id     BIGINT NOT NULL,
    puzzle_id   TEXT NOT NULL REFERENCES puzzles (id),
    opened_at   TIMESTAMPTZ NOT NULL,
    rated       BOOLEAN NOT NULL,
    -- The first try: true solved, false missed; NULL before any.
    first_try   BOOLEAN,
    -- The change of the user's rating the first try made (rated attempts only).
    rating_change DOUBLE PRECISION,
    solved_at   TIMESTAMPTZ,
    -- Solved, given up, or left for another puzzle.
    closed_at   TIMESTAMPTZ,
    -- The server whose daily puzzle this was opened from.
    daily_guild BIGINT
);
CREATE UNIQUE INDEX puzzle_attempts_open ON puzzle_attempts (user_id) WHERE closed_at IS NULL;
CREATE INDEX puzzle_attempts_seen ON puzzle_attempts (user_id, puzzle_id);
CREATE INDEX puzzle_attempts_daily ON puzzle_attempts (puzzle_id, daily_guild)
    WHERE daily_guild IS NOT NULL;

-- The daily puzzle of a server: the channel it is posted in at 12:00 UTC.
CREATE TABLE daily_puzzle_channels (
    guild_id   BIGINT PRIMARY KEY,
    channel_id BIGINT NOT NULL,
    set_by     BIGINT NOT NULL,
    set_at     TIMESTAMPTZ NOT NULL
);

-- Each day's post, owed from 12:00 UTC. A process claims it for a lease before posting, so two
-- processes post it once; one Discord refused is tried again after its lease, a few times.
CREATE TABLE daily_puzzle_posts (
    guild_id      BIGINT NOT NULL,
    day           DATE NOT NULL,
    channel_id    BIGINT NOT NULL,
    puzzle_id     TEXT NOT NULL REFERENCES puzzles (id),
    claimed_until TIMESTAMPTZ,
    attempts      INTEGER NOT NULL DEFAULT 0,
    posted_at     TIMESTAMPTZ,
    message_id    BIGINT,
    PRIMARY KEY (guild_id, day)
);
CREATE INDEX daily_puzzle_posts_owed ON daily_puzzle_posts (day) WHERE posted_at IS NULL;
