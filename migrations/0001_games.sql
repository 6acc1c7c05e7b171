-- The game service's tables. The move log (`moves`) is the truth; `games.position` is a copy of
-- the position the log replays to, checked on every load.
-- Discord snowflakes are stored as BIGINT (bit-for-bit from u64).

CREATE TABLE challenges (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    challenger  BIGINT NOT NULL,
    challenged  BIGINT NOT NULL,
    guild_id    BIGINT NOT NULL,
    channel_id  BIGINT NOT NULL,
    game        TEXT NOT NULL CHECK (game IN ('fibonacci', 'fanorona')),
    variant     TEXT CHECK (variant IN ('standard', 'cards')),
    group_rule  TEXT CHECK (group_rule IN ('same-category', 'any-friendly')),
    rule_set    TEXT CHECK (rule_set IN ('escale', 'standard')),
    vela        TEXT CHECK (vela IN ('white', 'black')),
    colour      TEXT NOT NULL
                CHECK (colour IN ('challenger-first', 'challenger-second', 'random')),
    -- The message that carries the challenge's buttons (in `channel_id`), once it is posted:
    -- its buttons are taken away when the challenge is answered by a typed command or expires.
    message_id  BIGINT,
    state       TEXT NOT NULL DEFAULT 'open'
                CHECK (state IN ('open', 'accepted', 'declined', 'cancelled', 'expired')),
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    answered_at TIMESTAMPTZ,
    CHECK (challenger <> challenged),
    CHECK ((state = 'open') = (answered_at IS NULL)),
    CHECK (
        (game = 'fibonacci' AND variant IS NOT NULL AND group_rule IS NOT NULL
            AND rule_set IS NULL AND vela IS NULL)
        OR (game = 'fanorona' AND variant IS NULL AND group_rule IS NULL AND rule_set IS NOT NULL)
    )
);

-- Expiry scans only the open challenges, oldest first.
CREATE INDEX challenges_open_created ON challenges (created_at) WHERE state = 'open';
CREATE INDEX challenges_open_guild ON challenges (guild_id) WHERE state = 'open';

CREATE TABLE games (
    id            BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    challenge_id  BIGINT NOT NULL UNIQUE REFERENCES challenges (id),
    guild_id      BIGINT NOT NULL,
    channel_id    BIGINT NOT NULL,
    game          TEXT NOT NULL CHECK (game IN ('fibonacci', 'fanorona')),
    variant       TEXT CHECK (variant IN ('standard', 'cards')),
    group_rule    TEXT CHECK (group_rule IN ('same-category', 'any-friendly')),
    rule_set      TEXT CHECK (rule_set IN ('escale', 'standard')),
    vela          TEXT CHECK (vela IN ('white', 'black')),
    -- Drives the cards variant's shuffles; never shown to anyone.
    seed          BIGINT NOT NULL,
    first_player  BIGINT NOT NULL,
    second_player BIGINT NOT NULL,
    position      TEXT NOT NULL,
    -- Bumped by every command that changes the game.
    version       INTEGER NOT NULL DEFAULT 0,
    outcome       TEXT CHECK (outcome IN ('won', 'resigned', 'draw', 'draw-agreed')),
    winner        SMALLINT CHECK (winner IN (0, 1)),
    win_reason    TEXT
                  CHECK (win_reason IN ('surrounded', 'cards-formation', 'all-captured',
                                        'no-legal-move')),
    draw_offer    SMALLINT CHECK (draw_offer IN (0, 1)),
    -- The message that carries the standing offer's buttons, once posted; cleared with the offer.
    draw_offer_message BIGINT,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    finished_at   TIMESTAMPTZ,
    CHECK (first_player <> second_player),
    CHECK ((outcome IS NULL) = (finished_at IS NULL)),
    CHECK (COALESCE(outcome IN ('won', 'resigned'), false) = (winner IS NOT NULL)),
    CHECK (COALESCE(outcome = 'won', false) = (win_reason IS NOT NULL)),
    CHECK (outcome IS NULL OR draw_offer IS NULL),
    CHECK (draw_offer IS NOT NULL OR draw_offer_message IS NULL),
    CHECK (
        (game = 'fibonacci' AND variant IS NOT NULL AND group_rule IS NOT NULL
            AND rule_set IS NULL AND vela IS NULL)
        OR (game = 'fanorona' AND variant IS NULL AND group_rule IS NULL AND rule_set IS NOT NULL)
    )
);

-- `history` finds a channel's latest game; `overview` a user's active games in a guild.
CREATE INDEX games_channel ON games (channel_id, id DESC);
CREATE INDEX games_active_guild ON games (guild_id) WHERE outcome IS NULL;

-- The move log. `kind = 'move'` rows are replayed through the engine (`end` included); the
-- other kinds record what the service decided (skipped turns, resignation, draw events).
CREATE TABLE moves (
    game_id   BIGINT NOT NULL REFERENCES games (id),
    ply       INTEGER NOT NULL CHECK (ply >= 1),
    turn      INTEGER NOT NULL CHECK (turn >= 1),
    side      SMALLINT NOT NULL CHECK (side IN (0, 1)),
    user_id   BIGINT NOT NULL,
    kind      TEXT NOT NULL
              CHECK (kind IN ('move', 'skip', 'resign', 'draw-offer', 'draw-accept',
                              'draw-decline', 'draw-withdraw')),
    notation  TEXT NOT NULL CHECK (length(notation) BETWEEN 1 AND 400),
    played_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (game_id, ply)
);

-- At most one active game or open challenge per channel: the primary key is the rule.
-- A claim points at exactly one of the two; it moves from the challenge to the game on
-- acceptance and is deleted when the challenge is answered or the game ends.
CREATE TABLE channel_claims (
    channel_id   BIGINT PRIMARY KEY,
    challenge_id BIGINT UNIQUE REFERENCES challenges (id),
    game_id      BIGINT UNIQUE REFERENCES games (id),
    claimed_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    CHECK (num_nonnulls(challenge_id, game_id) = 1)
);
