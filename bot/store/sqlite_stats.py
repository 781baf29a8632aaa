"""Stats, leaderboards, moderator records, channel options and forgetting a member, in SQLite.

Mixed into SqliteStore. Leaderboards read the running totals (`member_totals`) when they cover all
time, and the per-seat rows (`result_seats`) for a period; both only count results after the
server's last leaderboard reset. Personal and server stats count every result.
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from typing import Any

import aiosqlite

from bot.store.base import BoardRow
from bot.store.stats_common import CommonStatsQueries

FORGOTTEN = "a former player"
# Every column that holds a member's id, each of which forget_member clears (0 or NULL stands for
# "a former player"); results.seats holds ids inside its JSON and is rewritten too. A test checks
# this list against the schema, so a new column of member ids cannot be forgotten by mistake.
MEMBER_COLUMNS = frozenset(
    {
        ("tables", "host_id"),
        ("seats", "user_id"),
        ("events", "user_id"),
        ("results", "ended_by"),
        ("result_seats", "user_id"),
        ("member_totals", "user_id"),
        ("member_months", "user_id"),
        ("strikes", "user_id"),
        ("strikes", "cleared_by"),
        ("leaderboard_resets", "by"),
        ("mod_actions", "user_id"),
        ("daily_entries", "user_id"),
    }
)


class StatsQueries(CommonStatsQueries):
    """Needs `db` and `_write` from the store it is mixed into."""

    db: aiosqlite.Connection

    async def _one(self, sql: str, params: tuple) -> Any:
        async with self.db.execute(sql, params) as cur:
            return await cur.fetchone()

    async def _all(self, sql: str, params: tuple) -> list[Any]:
        async with self.db.execute(sql, params) as cur:
            return list(await cur.fetchall())

    async def leaderboard(
        self, guild_id: int, game: str, players: int | None = None, period: str = "all", now: str = ""
    ) -> list[BoardRow]:
        """Every member's totals on this server's boards, unsorted.

        period: "all", or the calendar "year", "month" or "week" (from Monday 00:00) of `now`, an ISO
        timestamp in UTC. Every board only counts results since the server's last reset.
        """
        player_sql = " AND players = ?" if players else ""
        player_arg = (players,) if players else ()
        if period in ("all", "year", "month"):
            # Running totals: they only hold results since the last reset.
            table, where, args = "member_totals", "", ()
            if period != "all":
                table = "member_months"
                where, args = (
                    (" AND month >= ?", (now[:4] + "-01",))
                    if period == "year"
                    else (" AND month = ?", (now[:7],))
                )
            rows = await self._all(
                "SELECT user_id, SUM(games), SUM(wins), SUM(cards_left_sum), MIN(best) "
                f"FROM {table} WHERE guild_id = ? AND game = ?{where}{player_sql} GROUP BY user_id",
                (guild_id, game, *args, *player_arg),
            )
        elif period == "week":
            moment = datetime.fromisoformat(now)
            day = moment - timedelta(days=moment.weekday())
            monday = day.replace(hour=0, minute=0, second=0, microsecond=0)
            reset = await self.last_reset(guild_id)
            start = max(monday.isoformat(), reset) if reset else monday.isoformat()
            rows = await self._all(
                "SELECT user_id, COUNT(*), SUM(won), SUM(cards_left), MIN(cards_left) "
                "FROM result_seats INDEXED BY result_seats_period "
                f"WHERE guild_id = ? AND game = ? AND finished_at >= ?{player_sql} AND user_id IS NOT NULL "
                "GROUP BY user_id",
                (guild_id, game, start, *player_arg),
            )
        else:
            raise ValueError(f"unknown period {period!r}")
        return [BoardRow(r[0], r[1], r[2], r[3] / r[1], r[4]) for r in rows]

    async def best_results(
        self, guild_id: int, game: str, since: str | None = None
    ) -> dict[int, dict[str, Any]]:
        """The server's best result (fewest cards left) per player count."""
        reset = await self.last_reset(guild_id)
        start = max(x for x in (since, reset, "") if x is not None)
        out: dict[int, dict[str, Any]] = {}
        for players in range(1, 6):
            row = await self._one(
                "SELECT cards_left, table_id, finished_at, seats FROM results INDEXED BY results_best "
                "WHERE guild_id = ? AND game = ? AND players = ? AND finished_at >= ? "
                "ORDER BY cards_left, finished_at LIMIT 1",
                (guild_id, game, players, start),
            )
            if row is not None:
                out[players] = {
                    "cards_left": row[0],
                    "table_id": row[1],
                    "finished_at": row[2],
                    "seats": json.loads(row[3]),
                }
        return out

    async def member_stats(self, guild_id: int, user_id: int, game: str) -> dict[str, Any]:
        row = await self._one(
            "SELECT COUNT(*), COALESCE(SUM(won), 0), AVG(cards_left), MIN(cards_left), "
            "COALESCE(SUM(strikes), 0) "
            "FROM result_seats WHERE guild_id = ? AND user_id = ? AND game = ?",
            (guild_id, user_id, game),
        )
        mates = await self._all(
            "SELECT o.user_id, COUNT(*) AS n FROM result_seats m JOIN result_seats o "
            "ON o.table_id = m.table_id AND o.seat != m.seat "
            "WHERE m.guild_id = ? AND m.user_id = ? AND m.game = ? AND o.user_id IS NOT NULL "
            "GROUP BY o.user_id ORDER BY n DESC, o.user_id LIMIT 3",
            (guild_id, user_id, game),
        )
        return {
            "games": row[0],
            "wins": row[1],
            "average": row[2],
            "best": row[3],
            "strikes": row[4],
            "teammates": [(m[0], m[1]) for m in mates],
        }

    async def recent_results(
        self, guild_id: int, game: str, user_id: int | None = None, limit: int = 30
    ) -> list[tuple[str, int, int]]:
        """(finished_at, cards_left, players) of the latest games, oldest first."""
        if user_id is None:
            rows = await self._all(
                "SELECT finished_at, cards_left, players FROM results WHERE guild_id = ? AND game = ? "
                "ORDER BY finished_at DESC LIMIT ?",
                (guild_id, game, limit),
            )
        else:
            rows = await self._all(
                "SELECT finished_at, cards_left, players FROM result_seats "
                "WHERE guild_id = ? AND user_id = ? AND game = ? ORDER BY finished_at DESC LIMIT ?",
                (guild_id, user_id, game, limit),
            )
        return [(r[0], r[1], r[2]) for r in reversed(rows)]

    async def member_names(self, user_ids: list[int]) -> dict[int, str]:
        """The name each member last sat down with at a table."""
        names: dict[int, str] = {}
        for user_id in user_ids:
            row = await self._one(
                "SELECT name FROM seats WHERE user_id = ? ORDER BY table_id DESC LIMIT 1", (user_id,)
            )
            if row is not None:
                names[user_id] = row[0]
        return names

    async def reset_leaderboard(self, guild_id: int, by: int, at: str) -> None:
        """Boards start again from now; the results themselves are kept."""
        await self._write(
            [
                ("INSERT INTO leaderboard_resets (guild_id, at, by) VALUES (?, ?, ?)", (guild_id, at, by)),
                ("DELETE FROM member_totals WHERE guild_id = ?", (guild_id,)),
                ("DELETE FROM member_months WHERE guild_id = ?", (guild_id,)),
                *self._mod_action_sql(guild_id, by, "leaderboard_reset", {}, at),
            ]
        )

    @staticmethod
    def _mod_action_sql(
        guild_id: int, user_id: int, action: str, detail: dict[str, Any], at: str
    ) -> list[tuple[str, tuple]]:
        return [
            (
                "INSERT INTO mod_actions (guild_id, user_id, action, detail, at) VALUES (?, ?, ?, ?, ?)",
                (guild_id, user_id, action, json.dumps(detail), at),
            )
        ]

    async def log_mod_action(
        self, guild_id: int, user_id: int, action: str, detail: dict[str, Any], at: str
    ) -> None:
        await self._write(self._mod_action_sql(guild_id, user_id, action, detail, at))

    async def drop_channel_options(self, channel_id: int) -> None:
        """A deleted channel's overrides go with it."""
        await self._write([("DELETE FROM channel_options WHERE channel_id = ?", (channel_id,))])

    async def forget_member(self, user_id: int) -> int:
        """Anonymise a member everywhere: results, seats, logs and strikes. Returns games touched."""
        rows = await self._all(
            "SELECT DISTINCT r.table_id, r.seats FROM results r "
            "JOIN result_seats s ON s.table_id = r.table_id "
            "WHERE s.user_id = ?",
            (user_id,),
        )
        statements: list[tuple[str, tuple | dict]] = []
        for table_id, seats_json in rows:
            seats = json.loads(seats_json)
            for seat in seats:
                if seat.get("user_id") == user_id:
                    seat["user_id"] = None
                    seat["name"] = FORGOTTEN
            statements.append(
                ("UPDATE results SET seats = ? WHERE table_id = ?", (json.dumps(seats), table_id))
            )
        statements += [
            ("UPDATE result_seats SET user_id = NULL WHERE user_id = ?", (user_id,)),
            ("DELETE FROM member_totals WHERE user_id = ?", (user_id,)),
            ("DELETE FROM member_months WHERE user_id = ?", (user_id,)),
            ("DELETE FROM daily_entries WHERE user_id = ?", (user_id,)),
            ("UPDATE seats SET user_id = NULL, name = ? WHERE user_id = ?", (FORGOTTEN, user_id)),
            ("UPDATE events SET user_id = NULL WHERE user_id = ?", (user_id,)),
            ("UPDATE strikes SET user_id = 0 WHERE user_id = ?", (user_id,)),
            (
                "UPDATE tables SET host_id = 0 WHERE host_id = ? AND status IN ('finished', 'cancelled')",
                (user_id,),
            ),
            ("UPDATE results SET ended_by = NULL WHERE ended_by = ?", (user_id,)),
            ("UPDATE strikes SET cleared_by = 0 WHERE cleared_by = ?", (user_id,)),
            ("UPDATE leaderboard_resets SET by = 0 WHERE by = ?", (user_id,)),
            ("UPDATE mod_actions SET user_id = 0 WHERE user_id = ?", (user_id,)),
        ]
        await self._write(statements)
        return len(rows)
