-- Server options (JSON, see bot/options.py) and the chat rule keeper's strikes.
CREATE TABLE guild_options (
    guild_id  INTEGER PRIMARY KEY,
    options   TEXT    NOT NULL DEFAULT '{}',
    updated_at TEXT   NOT NULL
);

-- One row per message the chat rule keeper caught during a game.
CREATE TABLE strikes (
    id          INTEGER PRIMARY KEY,
    table_id    INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    user_id     INTEGER NOT NULL,
    message_id  INTEGER NOT NULL,
    severity    TEXT    NOT NULL,
    action      TEXT    NOT NULL CHECK (action IN ('warn', 'delete')),
    at          TEXT    NOT NULL,
    cleared_by  INTEGER               -- who marked it a false alarm, if anyone
);
CREATE UNIQUE INDEX strikes_message ON strikes (table_id, message_id);
