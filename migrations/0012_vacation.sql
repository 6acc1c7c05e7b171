-- Vacations (`/vacation days:`): each player has 30 vacation days per calendar year, across all
-- their games. While a vacation lasts no deadline of theirs runs: a game where it is their turn
-- has its clock stopped until the vacation ends, and a turn that comes back to them meanwhile
-- starts its clock when it ends.

-- The vacation in progress (or the last one), and whether a deadline that passes uses whole
-- vacation days instead of losing (`/settings auto-vacation:on`).
ALTER TABLE user_settings ADD COLUMN vacation_from TIMESTAMPTZ;
ALTER TABLE user_settings ADD COLUMN vacation_until TIMESTAMPTZ;
ALTER TABLE user_settings ADD COLUMN auto_vacation BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE user_settings ADD CONSTRAINT user_settings_vacation_whole
    CHECK ((vacation_from IS NULL) = (vacation_until IS NULL) AND vacation_until >= vacation_from);

-- Vacation days used, by user and calendar year (of the vacation's start, in UTC).
CREATE TABLE vacation_days (
    user_id BIGINT NOT NULL,
    year    SMALLINT NOT NULL,
    used    SMALLINT NOT NULL CHECK (used BETWEEN 0 AND 30),
    PRIMARY KEY (user_id, year)
);

-- A game's clock stopped for the vacation of its player to move, rather than by a pause both
-- players agreed to: it counts no paused days, and only the vacation's end restarts it.
ALTER TABLE games ADD COLUMN paused_for_vacation BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE games ADD CONSTRAINT games_vacation_is_a_pause
    CHECK (NOT paused_for_vacation OR paused_until IS NOT NULL);

-- A tournament says whether its games honour vacations (yes by default).
ALTER TABLE tournaments ADD COLUMN vacation BOOLEAN NOT NULL DEFAULT true;

-- A deadline passed with automatic vacation on: both players are told a vacation day was used.
ALTER TABLE notices DROP CONSTRAINT notices_kind_check;
ALTER TABLE notices ADD CONSTRAINT notices_kind_check
    CHECK (kind IN ('reminder', 'timeout', 'aborted', 'resumed', 'started', 'withdrawn',
                    'vacation'));
