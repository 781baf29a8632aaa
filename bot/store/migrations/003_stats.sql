-- Stats and leaderboards: one row per seat of every result, running totals for the boards,
-- leaderboard resets, moderator actions and per-channel option overrides.
ALTER TABLE results ADD COLUMN won INTEGER NOT NULL DEFAULT 0;
ALTER TABLE results ADD COLUMN moderator_ended INTEGER NOT NULL DEFAULT 0;
UPDATE results SET won = (status = 'won');
CREATE INDEX results_best ON results (guild_id, game, players, cards_left, finished_at);

CREATE TABLE result_seats (
    table_id    INTEGER NOT NULL REFERENCES results (table_id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    guild_id    INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    players     INTEGER NOT NULL,
    user_id     INTEGER,                -- NULL for AI seats and for members who asked to be forgotten
    ai          INTEGER NOT NULL,
    laid        INTEGER NOT NULL,
    strikes     INTEGER NOT NULL DEFAULT 0,
    cards_left  INTEGER NOT NULL,
    won         INTEGER NOT NULL,
    finished_at TEXT    NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE INDEX result_seats_member ON result_seats (guild_id, user_id, finished_at);
CREATE INDEX result_seats_period ON result_seats (guild_id, game, finished_at, user_id, won, cards_left, players);

INSERT INTO result_seats (table_id, seat, guild_id, game, players, user_id, ai, laid, cards_left, won, finished_at)
SELECT r.table_id, CAST(s.key AS INTEGER), r.guild_id, r.game, r.players,
       CASE WHEN json_extract(s.value, '$.ai') THEN NULL ELSE json_extract(s.value, '$.user_id') END,
       COALESCE(json_extract(s.value, '$.ai'), 0), COALESCE(json_extract(s.value, '$.laid'), 0),
       r.cards_left, r.won, r.finished_at
FROM results r, json_each(r.seats) s;

-- Totals since the server's last leaderboard reset, per member, game and player count.
CREATE TABLE member_totals (
    guild_id        INTEGER NOT NULL,
    game            TEXT    NOT NULL,
    players         INTEGER NOT NULL,
    user_id         INTEGER NOT NULL,
    games           INTEGER NOT NULL,
    wins            INTEGER NOT NULL,
    cards_left_sum  INTEGER NOT NULL,
    best            INTEGER NOT NULL,
    PRIMARY KEY (guild_id, game, players, user_id)
);
INSERT INTO member_totals
SELECT guild_id, game, players, user_id, COUNT(*), SUM(won), SUM(cards_left), MIN(cards_left)
FROM result_seats WHERE user_id IS NOT NULL GROUP BY guild_id, game, players, user_id;

-- The same per calendar month ("YYYY-MM"), for this month's and this year's boards.
CREATE TABLE member_months (
    guild_id        INTEGER NOT NULL,
    game            TEXT    NOT NULL,
    players         INTEGER NOT NULL,
    user_id         INTEGER NOT NULL,
    month           TEXT    NOT NULL,
    games           INTEGER NOT NULL,
    wins            INTEGER NOT NULL,
    cards_left_sum  INTEGER NOT NULL,
    best            INTEGER NOT NULL,
    PRIMARY KEY (guild_id, game, month, players, user_id)
);
INSERT INTO member_months
SELECT guild_id, game, players, user_id, substr(finished_at, 1, 7), COUNT(*), SUM(won), SUM(cards_left),
       MIN(cards_left)
FROM result_seats WHERE user_id IS NOT NULL GROUP BY guild_id, game, players, user_id, substr(finished_at, 1, 7);

-- A server's totals over all its results (a leaderboard reset does not touch them).
CREATE TABLE guild_totals (
    guild_id         INTEGER NOT NULL,
    game             TEXT    NOT NULL,
    games            INTEGER NOT NULL,
    wins             INTEGER NOT NULL,
    cards_left_sum   INTEGER NOT NULL,
    best             INTEGER NOT NULL,
    duration_sum     REAL    NOT NULL,
    moderator_ended  INTEGER NOT NULL,
    PRIMARY KEY (guild_id, game)
);
INSERT INTO guild_totals
SELECT guild_id, game, COUNT(*), SUM(won), SUM(cards_left), MIN(cards_left), SUM(duration_s), SUM(moderator_ended)
FROM results GROUP BY guild_id, game;

CREATE TABLE leaderboard_resets (
    guild_id  INTEGER NOT NULL,
    at        TEXT    NOT NULL,
    by        INTEGER NOT NULL
);
CREATE INDEX leaderboard_resets_guild ON leaderboard_resets (guild_id, at);

-- Every moderator action: who, what, when.
CREATE TABLE mod_actions (
    id        INTEGER PRIMARY KEY,
    guild_id  INTEGER NOT NULL,
    user_id   INTEGER NOT NULL,
    action    TEXT    NOT NULL,
    detail    TEXT    NOT NULL DEFAULT '{}',
    at        TEXT    NOT NULL
);
CREATE INDEX mod_actions_guild ON mod_actions (guild_id, at);

CREATE TABLE channel_options (
    channel_id  INTEGER PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    options     TEXT    NOT NULL DEFAULT '{}',
    updated_at  TEXT    NOT NULL
);

-- Names for the boards: the latest name a member sat down with.
CREATE INDEX seats_user ON seats (user_id, table_id);
