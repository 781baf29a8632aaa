-- A cache of each open table's game state at one point of its log (see ../006_snapshots.sql).
CREATE TABLE snapshots (
    table_id     BIGINT  PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
    seq          INTEGER NOT NULL,
    rule_version INTEGER NOT NULL,
    engine       TEXT    NOT NULL,
    state        BYTEA   NOT NULL
);
