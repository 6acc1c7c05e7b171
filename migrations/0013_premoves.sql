-- Conditional moves (`/premove line:`): "if they play X, I reply Y". A line is one player's
-- turns from the position it was set in: the opponent's turn, the player's reply, the opponent's
-- next turn, and so on. Each turn is kept with the position it leads to: when the opponent ends a
-- turn, lines are matched by that position, not by how the turn was written. Lines are read and
-- changed only under their game's row lock.
CREATE TABLE premove_lines (
    game_id   BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id   BIGINT NOT NULL,
    -- The order the lines were set in: where two lines meet a turn with different replies, the
    -- earlier one is played.
    line_no   INTEGER NOT NULL,
    turns     TEXT[] NOT NULL,
    positions TEXT[] NOT NULL,
    PRIMARY KEY (game_id, user_id, line_no),
    CONSTRAINT premove_lines_pairs CHECK (
        cardinality(turns) = cardinality(positions)
        AND cardinality(turns) BETWEEN 2 AND 20
        AND cardinality(turns) % 2 = 0
    )
);
