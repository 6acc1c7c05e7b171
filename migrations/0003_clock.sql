-- Asynchronous play over days: per-turn clocks, reminders, pauses, timeouts, and the follow-ups
-- of a finished game (a rematch, a Fanorona vela round).
--
-- Rows written before this migration keep no clock (NULL): their players never agreed to one.

-- The time each turn allows, in seconds; NULL: no clock.
ALTER TABLE challenges ADD COLUMN clock_secs INTEGER CHECK (clock_secs > 0);
-- A challenge offered after game `follows` ended: a rematch, or the second (vela) round.
ALTER TABLE challenges ADD COLUMN follows BIGINT REFERENCES games (id);
ALTER TABLE challenges ADD COLUMN follow_kind TEXT CHECK (follow_kind IN ('rematch', 'vela'));
ALTER TABLE challenges ADD CONSTRAINT challenges_follow_pair
    CHECK ((follows IS NULL) = (follow_kind IS NULL));
-- One follow-up of each kind per game once offered; a declined or expired one may be offered again.
CREATE UNIQUE INDEX challenges_one_follow_up ON challenges (follows, follow_kind)
    WHERE follows IS NOT NULL AND state IN ('open', 'accepted');

ALTER TABLE games ADD COLUMN clock_secs INTEGER CHECK (clock_secs > 0);
-- The deadline of the turn in progress. NULL with no clock, while paused, and once the game is
-- over. Editing it by hand is honoured: the scheduler's wake-up time follows it (trigger below).
ALTER TABLE games ADD COLUMN deadline TIMESTAMPTZ;
-- When the clock of the turn in progress started (or restarted after a pause): a reminder that
-- would fall before it is not sent.
ALTER TABLE games ADD COLUMN turn_started_at TIMESTAMPTZ;
-- How many of the turn's reminders (24 hours, then 1 hour before the deadline) are dealt with.
ALTER TABLE games ADD COLUMN reminders_sent SMALLINT NOT NULL DEFAULT 0
    CHECK (reminders_sent BETWEEN 0 AND 2);
-- A pause: until when, since when, who asked for it, and what was left of the turn's time.
ALTER TABLE games ADD COLUMN paused_until TIMESTAMPTZ;
ALTER TABLE games ADD COLUMN paused_at TIMESTAMPTZ;
ALTER TABLE games ADD COLUMN paused_by SMALLINT CHECK (paused_by IN (0, 1));
ALTER TABLE games ADD COLUMN paused_left_secs INTEGER CHECK (paused_left_secs >= 0);
-- A standing request to pause, by side, for so many days.
ALTER TABLE games ADD COLUMN pause_offer SMALLINT CHECK (pause_offer IN (0, 1));
ALTER TABLE games ADD COLUMN pause_offer_days SMALLINT CHECK (pause_offer_days BETWEEN 1 AND 14);
-- Paused days used by each side (at most 14 each per game).
ALTER TABLE games ADD COLUMN pause_days_first SMALLINT NOT NULL DEFAULT 0
    CHECK (pause_days_first BETWEEN 0 AND 14);
ALTER TABLE games ADD COLUMN pause_days_second SMALLINT NOT NULL DEFAULT 0
    CHECK (pause_days_second BETWEEN 0 AND 14);
ALTER TABLE games ADD COLUMN follows BIGINT REFERENCES games (id);
ALTER TABLE games ADD COLUMN follow_kind TEXT CHECK (follow_kind IN ('rematch', 'vela'));
ALTER TABLE games ADD CONSTRAINT games_follow_pair CHECK ((follows IS NULL) = (follow_kind IS NULL));
ALTER TABLE games ADD CONSTRAINT games_pause_offer_days
    CHECK ((pause_offer IS NULL) = (pause_offer_days IS NULL));
ALTER TABLE games ADD CONSTRAINT games_pause_whole
    CHECK ((paused_until IS NULL) = (paused_at IS NULL)
           AND (paused_until IS NULL) = (paused_by IS NULL));
ALTER TABLE games ADD CONSTRAINT games_no_deadline_while_paused
    CHECK (paused_until IS NULL OR deadline IS NULL);
ALTER TABLE games ADD CONSTRAINT games_no_clock_when_over
    CHECK (outcome IS NULL OR (deadline IS NULL AND paused_until IS NULL AND pause_offer IS NULL));

-- Two more ways to end: on time (the player to move loses), and aborted (the player to move
-- never made a move: no winner, no result).
ALTER TABLE games DROP CONSTRAINT games_outcome_check;
ALTER TABLE games ADD CONSTRAINT games_outcome_check
    CHECK (outcome IN ('won', 'resigned', 'draw', 'draw-agreed', 'timeout', 'aborted'));
ALTER TABLE games DROP CONSTRAINT games_check2;
ALTER TABLE games ADD CONSTRAINT games_winner_iff_decided
    CHECK (COALESCE(outcome IN ('won', 'resigned', 'timeout'), false) = (winner IS NOT NULL));

ALTER TABLE moves DROP CONSTRAINT moves_kind_check;
ALTER TABLE moves ADD CONSTRAINT moves_kind_check
    CHECK (kind IN ('move', 'skip', 'resign', 'draw-offer', 'draw-accept', 'draw-decline',
                    'draw-withdraw', 'timeout', 'abort', 'pause-offer', 'pause-decline', 'pause',
                    'resume'));

-- When the scheduler next has something to do for a game: the end of a pause, the next
-- reminder that falls after the turn started, or the deadline. Kept by a trigger, so that any
-- change of the columns it follows (a deadline edited by hand included) moves it. The reminder
-- offsets (24 h, 1 h) are also in `app::clock::REMINDERS`.
ALTER TABLE games ADD COLUMN wake_at TIMESTAMPTZ;

CREATE FUNCTION games_wake_at() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    started TIMESTAMPTZ := COALESCE(NEW.turn_started_at, '-infinity');
BEGIN
    NEW.wake_at := CASE
        WHEN NEW.outcome IS NOT NULL THEN NULL
        WHEN NEW.paused_until IS NOT NULL THEN NEW.paused_until
        WHEN NEW.deadline IS NULL THEN NULL
        WHEN NEW.reminders_sent < 1 AND NEW.deadline - interval '24 hours' > started
            THEN NEW.deadline - interval '24 hours'
        WHEN NEW.reminders_sent < 2 AND NEW.deadline - interval '1 hour' > started
            THEN NEW.deadline - interval '1 hour'
        ELSE NEW.deadline
    END;
    RETURN NEW;
END
$$;

CREATE TRIGGER games_wake_at BEFORE INSERT OR UPDATE ON games
    FOR EACH ROW EXECUTE FUNCTION games_wake_at();

-- `/games` lists a player's last finished games in a guild.
CREATE INDEX games_finished_guild ON games (guild_id, finished_at DESC) WHERE outcome IS NOT NULL;

-- The scheduler's one query: the games whose wake-up time has come, earliest first.
CREATE INDEX games_wake ON games (wake_at) WHERE wake_at IS NOT NULL;

-- How each user wants to hear of their turn: in the game's channel, or by direct message.
CREATE TABLE user_settings (
    user_id BIGINT PRIMARY KEY,
    notify  TEXT NOT NULL DEFAULT 'channel' CHECK (notify IN ('channel', 'dm'))
);

-- The messages the scheduler owes (an outbox): written in the same transaction as the state
-- change that calls for them, then claimed with a lease, sent, and marked sent. A process that
-- dies between sending and marking leaves the lease to run out, and the message is sent again:
-- at least once.
CREATE TABLE notices (
    id            BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    game_id       BIGINT NOT NULL REFERENCES games (id),
    kind          TEXT NOT NULL CHECK (kind IN ('reminder', 'timeout', 'aborted', 'resumed')),
    -- The player a reminder is for, and the deadline it announces.
    user_id       BIGINT,
    deadline      TIMESTAMPTZ,
    created_at    TIMESTAMPTZ NOT NULL,
    claimed_until TIMESTAMPTZ,
    attempts      SMALLINT NOT NULL DEFAULT 0,
    sent_at       TIMESTAMPTZ
);
CREATE INDEX notices_pending ON notices (id) WHERE sent_at IS NULL;
