-- Small facts the bot keeps: the hash of the slash commands last synced with Discord.
CREATE TABLE bot_state (
    key    TEXT PRIMARY KEY,
    value  TEXT NOT NULL
);
