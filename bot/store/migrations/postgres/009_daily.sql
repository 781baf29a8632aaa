-- The deal of the day (PostgreSQL's form of ../009_daily.sql): pars, entries and daily results.
CREATE TABLE daily_pars (
    day          TEXT    NOT NULL,           -- YYYY-MM-DD (UTC)
    players      INTEGER NOT NULL,
    expert       INTEGER NOT NULL,
    par          INTEGER NOT NULL,           -- cards the AI team leaves
    turns        INTEGER NOT NULL,
    record       TEXT    NOT NULL,           -- JSON: the AI's game, for python -m bot replay
    computed_at  TEXT    NOT NULL,
    PRIMARY KEY (day, players, expert)
);

CREATE TABLE daily_entries (
    day       TEXT    NOT NULL,
    players   INTEGER NOT NULL,
    expert    INTEGER NOT NULL,
    user_id   BIGINT  NOT NULL,
    table_id  BIGINT  NOT NULL,
    PRIMARY KEY (day, players, expert, user_id)
);

CREATE TABLE daily_results (
    table_id     BIGINT  PRIMARY KEY REFERENCES results (table_id) ON DELETE CASCADE,
    day          TEXT    NOT NULL,
    players      INTEGER NOT NULL,
    expert       INTEGER NOT NULL,
    guild_id     BIGINT  NOT NULL,
    cards_left   INTEGER NOT NULL,
    turns        INTEGER NOT NULL,
    finished_at  TEXT    NOT NULL
);
CREATE INDEX daily_results_deal ON daily_results (day, players, expert, cards_left, turns, finished_at);
