-- Whether a game has conditional moves (issue 59): a turn that passes looks for replies only in
-- a game that has some. Kept by every statement that changes `premove_lines`, under the game's
-- row lock, so the row read `FOR UPDATE` by a move is exact (a subquery in that read would see
-- the statement's snapshot, from before a line added while the move waited for the lock).
ALTER TABLE games ADD COLUMN has_premoves boolean NOT NULL DEFAULT false;

UPDATE games g SET has_premoves = true
 WHERE EXISTS (SELECT 1 FROM premove_lines p WHERE p.game_id = g.id);
