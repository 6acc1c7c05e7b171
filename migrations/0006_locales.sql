-- The language each user and each server was last seen in (Discord's `locale` and
-- `guild_locale`, as the bot's language code), so that what the bot sends later without an
-- interaction (reminders, direct messages, the AI's moves, clock notices) keeps speaking it after
-- a restart.
CREATE TABLE locales (
    kind    TEXT NOT NULL CHECK (kind IN ('user', 'guild')),
    id      BIGINT NOT NULL,
    locale  TEXT NOT NULL,
    seen_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (kind, id)
);
