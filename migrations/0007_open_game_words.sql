-- A new game brings its own words: its win reasons (`games.win_reason`) and its ratings
-- (`ratings.game`, `rating_changes.game`) are the engine's codecs, as the games' options
-- already are (0002). The lists of 0001 and 0005 would make every new game a migration; a
-- format check stays, and the program refuses a word it cannot read.

ALTER TABLE games DROP CONSTRAINT games_win_reason_check;
ALTER TABLE games ADD CONSTRAINT games_win_reason_word
    CHECK (win_reason ~ '^[a-z][a-z0-9]*(-[a-z0-9]+)*$');

ALTER TABLE ratings DROP CONSTRAINT ratings_game_check;
ALTER TABLE ratings ADD CONSTRAINT ratings_game_word
    CHECK (game ~ '^[a-z][a-z0-9]*(-[a-z0-9]+)*$');

ALTER TABLE rating_changes DROP CONSTRAINT rating_changes_game_check;
ALTER TABLE rating_changes ADD CONSTRAINT rating_changes_game_word
    CHECK (game ~ '^[a-z][a-z0-9]*(-[a-z0-9]+)*$');
