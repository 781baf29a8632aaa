-- Small facts the bot processes share: the hash of the slash commands last synced with Discord.
CREATE TABLE bot_state (
    key    TEXT PRIMARY KEY,
    value  TEXT NOT NULL
);
-- PostgreSQL only (several processes): the process that loaded or opened a table last owns it and
-- is the only one whose writes to it are taken; another one's are refused ("nothing changed").
ALTER TABLE tables ADD COLUMN owner TEXT;
