-- Tables (one open per channel), their seats, the event log and finished results.
CREATE TABLE tables (
    id            INTEGER PRIMARY KEY,
    guild_id      INTEGER NOT NULL,
    channel_id    INTEGER NOT NULL,
    game          TEXT    NOT NULL,
    status        TEXT    NOT NULL CHECK (status IN ('lobby', 'playing', 'finished', 'cancelled')),
    host_id       INTEGER NOT NULL,
    options       TEXT    NOT NULL,          -- JSON, the game's options model
    seed          INTEGER,                   -- the deck's seed (0 .. 2^63-1)
    first_player  INTEGER NOT NULL DEFAULT 0,
    version       INTEGER NOT NULL DEFAULT 0,
    turn_timer    INTEGER NOT NULL DEFAULT 600, -- seconds, 0 = off
    meta          TEXT    NOT NULL DEFAULT '{}', -- JSON: message ids and other presentation state
    created_at    TEXT    NOT NULL,
    started_at    TEXT,
    updated_at    TEXT    NOT NULL,
    finished_at   TEXT
);
-- At most one open table per channel.
CREATE UNIQUE INDEX tables_open_channel ON tables (channel_id) WHERE status IN ('lobby', 'playing');
CREATE INDEX tables_status ON tables (status);

CREATE TABLE seats (
    table_id  INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL,
    user_id   INTEGER,                       -- NULL for an AI seat that never had a person
    name      TEXT    NOT NULL,
    ai        INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (table_id, seat)
);

-- The event log: one row per accepted game action, in order.
CREATE TABLE events (
    table_id  INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seq       INTEGER NOT NULL,
    action    TEXT    NOT NULL,              -- JSON, the record form of the action
    user_id   INTEGER,                       -- who caused it (NULL for AI seats and timers)
    at        TEXT    NOT NULL,
    PRIMARY KEY (table_id, seq)
);

CREATE TABLE results (
    table_id     INTEGER PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
    guild_id     INTEGER NOT NULL,
    game         TEXT    NOT NULL,
    players      INTEGER NOT NULL,
    options      TEXT    NOT NULL,
    status       TEXT    NOT NULL,
    cards_left   INTEGER NOT NULL,
    turns        INTEGER NOT NULL,
    duration_s   REAL    NOT NULL,
    seats        TEXT    NOT NULL,           -- JSON list: {"user_id", "name", "ai", "laid"}
    ended_by     INTEGER,                    -- who ended it early (host or moderator), if anyone
    finished_at  TEXT    NOT NULL
);
CREATE INDEX results_guild ON results (guild_id, game, finished_at);
