-- The AI's expert level (issue 36): a game against the bot may be played at `expert`.

ALTER TABLE games DROP CONSTRAINT games_ai_level_check;
ALTER TABLE games ADD CONSTRAINT games_ai_level_check
    CHECK (ai_level IN ('easy', 'medium', 'hard', 'expert'));
