-- A game's rule options in one column, written and read by the engine's one codec
-- (`Config`'s text: the game, then `name=value` for each option set, e.g.
-- `fibonacci variant=cards group=same-category`, `fanorona rules=escale vela=white`).
-- A new game or option needs no new column or CHECK: the program refuses a text it cannot read.
-- Existing rows are converted from the five columns of 0001, which go.

ALTER TABLE challenges ADD COLUMN options TEXT;
UPDATE challenges SET options = CASE game
    WHEN 'fibonacci' THEN 'fibonacci variant=' || variant || ' group=' || group_rule
    ELSE 'fanorona rules=' || rule_set || COALESCE(' vela=' || vela, '')
END;
ALTER TABLE challenges ALTER COLUMN options SET NOT NULL;
-- Dropping the columns drops the CHECKs on them, the per-game one included.
ALTER TABLE challenges
    DROP COLUMN game, DROP COLUMN variant, DROP COLUMN group_rule, DROP COLUMN rule_set,
    DROP COLUMN vela;
ALTER TABLE challenges ADD CONSTRAINT challenges_options_text
    CHECK (options ~ '^[a-z][a-z0-9-]*( [a-z][a-z0-9-]*=[a-z0-9-]+)*$');

ALTER TABLE games ADD COLUMN options TEXT;
UPDATE games SET options = CASE game
    WHEN 'fibonacci' THEN 'fibonacci variant=' || variant || ' group=' || group_rule
    ELSE 'fanorona rules=' || rule_set || COALESCE(' vela=' || vela, '')
END;
ALTER TABLE games ALTER COLUMN options SET NOT NULL;
ALTER TABLE games
    DROP COLUMN game, DROP COLUMN variant, DROP COLUMN group_rule, DROP COLUMN rule_set,
    DROP COLUMN vela;
ALTER TABLE games ADD CONSTRAINT games_options_text
    CHECK (options ~ '^[a-z][a-z0-9-]*( [a-z][a-z0-9-]*=[a-z0-9-]+)*$');
