-- Tournaments: round-robin and Swiss events that a server runs by itself. The pairing rules and
-- the standings are computed by the program (src/tournament/) from these rows.

CREATE TABLE tournaments (
    id           BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    guild_id     BIGINT NOT NULL,
    -- The channel the event belongs to: its games run in threads under it.
    channel_id   BIGINT NOT NULL,
    creator      BIGINT NOT NULL,
    name         TEXT NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
    format       TEXT NOT NULL CHECK (format IN ('round-robin', 'swiss')),
    -- Swiss: the number of rounds.
    rounds       SMALLINT CHECK (rounds BETWEEN 2 AND 15),
    -- Round-robin: every pair meets twice, colours swapped.
    double_games BOOLEAN NOT NULL DEFAULT false,
    -- The games' rule options, as on challenges (the engine's `Config` text).
    options      TEXT NOT NULL
                 CHECK (options ~ '^[a-z][a-z0-9-]*( [a-z][a-z0-9-]*=[a-z0-9-]+)*$'),
    clock_secs   INTEGER CHECK (clock_secs > 0),
    rated        BOOLEAN NOT NULL,
    max_players  SMALLINT CHECK (max_players BETWEEN 3 AND 1000),
    state        TEXT NOT NULL DEFAULT 'open'
                 CHECK (state IN ('open', 'running', 'finished', 'cancelled')),
    -- The last round paired: 0 before the start; a round-robin pairs all its games as round 1.
    round        SMALLINT NOT NULL DEFAULT 0 CHECK (round >= 0),
    -- The announcement that carries the Join / Leave buttons, once posted.
    message_id   BIGINT,
    -- What the channel has been told: the last round whose pairings were posted, and the final
    -- standings. A process that moves the event on posts what is owed, claimed for a while
    -- (`announce_lease`) so that two processes do not both post it, and a restart posts it.
    announced_round SMALLINT NOT NULL DEFAULT 0,
    announced_end   BOOLEAN NOT NULL DEFAULT false,
    announce_lease  TIMESTAMPTZ,
    created_at   TIMESTAMPTZ NOT NULL,
    started_at   TIMESTAMPTZ,
    finished_at  TIMESTAMPTZ,
    CHECK ((format = 'swiss') = (rounds IS NOT NULL)),
    CHECK (format = 'round-robin' OR NOT double_games),
    CHECK ((state = 'open') = (started_at IS NULL) OR state = 'cancelled'),
    CHECK ((state IN ('finished', 'cancelled')) = (finished_at IS NOT NULL))
);
-- One event at a time per channel, until it ends.
CREATE UNIQUE INDEX tournaments_one_per_channel ON tournaments (channel_id)
    WHERE state IN ('open', 'running');
CREATE INDEX tournaments_guild ON tournaments (guild_id, id DESC);

CREATE TABLE tournament_players (
    tournament_id BIGINT NOT NULL REFERENCES tournaments (id),
    user_id       BIGINT NOT NULL,
    joined_at     TIMESTAMPTZ NOT NULL,
    -- The rating at the start of the event (seeding, and the last Swiss tiebreak).
    rating        DOUBLE PRECISION,
    withdrawn_at  TIMESTAMPTZ,
    PRIMARY KEY (tournament_id, user_id)
);
CREATE INDEX tournament_players_user ON tournament_players (user_id);

-- A Swiss round's bye (worth a point).
CREATE TABLE tournament_byes (
    tournament_id BIGINT NOT NULL REFERENCES tournaments (id),
    round         SMALLINT NOT NULL CHECK (round >= 1),
    user_id       BIGINT NOT NULL,
    PRIMARY KEY (tournament_id, round)
);

-- A game an event has paired. Pairing a round writes these rows (exactly once, under the
-- event's row lock); each then waits for a front end to open its thread and start its game,
-- claimed for a while (`claimed_until`) so that two bot processes do not both start it.
CREATE TABLE tournament_pairings (
    id             BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tournament_id  BIGINT NOT NULL REFERENCES tournaments (id),
    round          SMALLINT NOT NULL CHECK (round >= 1),
    board          SMALLINT NOT NULL CHECK (board >= 1),
    first_player   BIGINT NOT NULL,
    second_player  BIGINT NOT NULL,
    game_id        BIGINT UNIQUE REFERENCES games (id),
    claimed_until  TIMESTAMPTZ,
    CHECK (first_player <> second_player),
    UNIQUE (tournament_id, round, board)
);
CREATE INDEX tournament_pairings_waiting ON tournament_pairings (id) WHERE game_id IS NULL;

-- A contract that other checks read: the event a game belongs to (NULL outside one) and, in a
-- Swiss event, its round (from 1).
ALTER TABLE games ADD COLUMN tournament_id BIGINT REFERENCES tournaments (id);
ALTER TABLE games ADD COLUMN tournament_round SMALLINT CHECK (tournament_round >= 1);
ALTER TABLE games ADD CONSTRAINT games_round_in_tournament
    CHECK (tournament_round IS NULL OR tournament_id IS NOT NULL);
CREATE INDEX games_tournament ON games (tournament_id) WHERE tournament_id IS NOT NULL;
