-- A cache of each open table's game state at one point of its log, so that a restart replays only
-- the events after it. The event log stays the truth: a snapshot that does not fit is ignored.
CREATE TABLE snapshots (
    table_id INTEGER PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,          -- events applied to the state: 0 .. seq - 1
    rule_version INTEGER NOT NULL, -- events before the trailing signals
    engine TEXT NOT NULL,          -- the rules' code it was taken with; another engine replays
    state BLOB NOT NULL
);
