-- The deal of the day: the AI's par per deal, who has entered which deal (a member plays each
-- deal once), and the finished daily games, ranked across every server.
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
    user_id   INTEGER NOT NULL,
    table_id  INTEGER NOT NULL,
    PRIMARY KEY (day, players, expert, user_id)
);

CREATE TABLE daily_results (
    table_id     INTEGER PRIMARY KEY REFERENCES results (table_id) ON DELETE CASCADE,
    day          TEXT    NOT NULL,
    players      INTEGER NOT NULL,
    expert       INTEGER NOT NULL,
    guild_id     INTEGER NOT NULL,
    cards_left   INTEGER NOT NULL,
    turns        INTEGER NOT NULL,
    finished_at  TEXT    NOT NULL
);
CREATE INDEX daily_results_deal ON daily_results (day, players, expert, cards_left, turns, finished_at);
