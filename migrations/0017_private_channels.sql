-- Games in DMs and group DMs (issue 35): channels the bot is not in and reaches only through
-- interactions (a DM between users, a group DM, a channel of a server where only a user
-- installed the app), and notices Discord would not deliver by DM, shown to their player at
-- their next interaction with the bot.

CREATE TABLE interaction_channels (
    channel_id bigint PRIMARY KEY,
    marked_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE held_notices (
    id bigserial PRIMARY KEY,
    user_id bigint NOT NULL,
    text text NOT NULL CHECK (length(text) BETWEEN 1 AND 2000),
    held_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX held_notices_user ON held_notices (user_id, id);
