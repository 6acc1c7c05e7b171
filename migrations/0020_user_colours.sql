-- The colours a player's own pictures are drawn in (issue 58): `/settings colours:`. Pictures
-- that everyone sees keep the default palette, which every colour vision tells apart.
ALTER TABLE user_settings ADD COLUMN colours TEXT NOT NULL DEFAULT 'standard'
    CHECK (colours IN ('standard', 'colour-blind'));
