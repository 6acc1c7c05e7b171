-- Time banks (`/challenge clock:10d+36h`): a clock "A+B" gives each player a bank of A, which
-- their own turns spend; after each of their turns B is added, never above A. The bank's size A
-- is `clock_secs`, as for a fixed clock; `clock_increment_secs` is B, and NULL for a fixed time
-- per turn (every row written before this migration).
ALTER TABLE challenges ADD COLUMN clock_increment_secs INTEGER CHECK (clock_increment_secs > 0);
ALTER TABLE challenges ADD CONSTRAINT challenges_increment_has_clock
    CHECK (clock_increment_secs IS NULL OR clock_secs IS NOT NULL);
ALTER TABLE tournaments ADD COLUMN clock_increment_secs INTEGER CHECK (clock_increment_secs > 0);
ALTER TABLE tournaments ADD CONSTRAINT tournaments_increment_has_clock
    CHECK (clock_increment_secs IS NULL OR clock_secs IS NOT NULL);
ALTER TABLE games ADD COLUMN clock_increment_secs INTEGER CHECK (clock_increment_secs > 0);

-- Each player's bank in seconds: what it held when their last turn ended, B included (the whole
-- bank before their first turn). `games.deadline` keeps its meaning, the deadline of the turn in
-- progress: the start of the turn plus the bank of the player to move.
ALTER TABLE games ADD COLUMN bank_first_secs INTEGER CHECK (bank_first_secs >= 0);
ALTER TABLE games ADD COLUMN bank_second_secs INTEGER CHECK (bank_second_secs >= 0);
ALTER TABLE games ADD CONSTRAINT games_bank_iff_increment
    CHECK ((clock_increment_secs IS NULL) = (bank_first_secs IS NULL)
           AND (clock_increment_secs IS NULL) = (bank_second_secs IS NULL)
           AND (clock_increment_secs IS NULL OR clock_secs IS NOT NULL));
