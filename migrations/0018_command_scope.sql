-- Where the bot last registered its slash commands, per application (issue 56): one server
-- (DISCORD_GUILD_ID) or every server (guild_id NULL). When a start registers them elsewhere,
-- the copies left in the old place are removed, so no command shows twice.

CREATE TABLE command_scopes (
    application_id bigint PRIMARY KEY,
    guild_id bigint,
    registered_at timestamptz NOT NULL DEFAULT now()
);
