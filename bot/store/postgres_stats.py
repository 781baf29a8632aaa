"""Stats, leaderboards, moderator records, channel options and forgetting a member, in PostgreSQL.

The same queries as bot/store/sqlite_stats.py, in PostgreSQL's dialect. They read the database,
never a process's memory, so a leaderboard or a forget-me covers every shard.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from typing import Any

from bot.store.base import BoardRow
from bot.store.sqlite_stats import FORGOTTEN, StatsQueries
from bot.store.stats_common import CommonStatsQueries


class PgStatsQueries(CommonStatsQueries):
    """Needs `_all`, `_one` and `_write` (SQL with ``?`` marks) from the store it is mixed into."""

    _all: Callable[..., Awaitable[list[Any]]]
    _one: Callable[..., Awaitable[Any]]
    _write: Callable[..., Awaitable[list[None]]]

    async def leaderboard(
        self, guild_id: int, game: str, players: int | None = None, period: str = "all", now: str = ""
    ) -> list[BoardRow]:
        """Every member's totals on this server's boards, unsorted (see StatsQueries.leaderboard)."""
        player_sql = " AND players = ?" if players else ""
        player_arg = (players,) if players else ()
        if period in ("all", "year", "month"):
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
                "SELECT user_id, COUNT(*), SUM(won), SUM(cards_left), MIN(cards_left) FROM result_seats "
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
        reset = await self.last_reset(guild_id)
        start = max(x for x in (since, reset, "") if x is not None)
        rows = await self._all(
            "SELECT DISTINCT ON (players) players, cards_left, table_id, finished_at, seats FROM results "
            "WHERE guild_id = ? AND game = ? AND players BETWEEN 1 AND 5 AND finished_at >= ? "
            "ORDER BY players, cards_left, finished_at",
            (guild_id, game, start),
        )
        return {
            r[0]: {"cards_left": r[1], "table_id": r[2], "finished_at": r[3], "seats": json.loads(r[4])}
            for r in rows
        }

    async def member_stats(self, guild_id: int, user_id: int, game: str) -> dict[str, Any]:
        row = await self._one(
            "SELECT COUNT(*), COALESCE(SUM(won), 0), AVG(cards_left)::float8, MIN(cards_left), "
            "COALESCE(SUM(strikes), 0) FROM result_seats WHERE guild_id = ? AND user_id = ? AND game = ?",
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
        rows = await self._all(
            "SELECT DISTINCT ON (user_id) user_id, name FROM seats WHERE user_id = ANY(?::bigint[]) "
            "ORDER BY user_id, table_id DESC",
            (list(user_ids),),
        )
        return {r[0]: r[1] for r in rows}

    async def reset_leaderboard(self, guild_id: int, by: int, at: str) -> None:
        await self._write(
            [
                ("INSERT INTO leaderboard_resets (guild_id, at, by) VALUES (?, ?, ?)", (guild_id, at, by)),
                ("DELETE FROM member_totals WHERE guild_id = ?", (guild_id,)),
                ("DELETE FROM member_months WHERE guild_id = ?", (guild_id,)),
                *StatsQueries._mod_action_sql(guild_id, by, "leaderboard_reset", {}, at),
            ]
        )

    async def log_mod_action(
        self, guild_id: int, user_id: int, action: str, detail: dict[str, Any], at: str
    ) -> None:
        await self._write(StatsQueries._mod_action_sql(guild_id, user_id, action, detail, at))

    async def drop_channel_options(self, channel_id: int) -> None:
        await self._write([("DELETE FROM channel_options WHERE channel_id = ?", (channel_id,))])

    async def forget_member(self, user_id: int) -> int:
        """Anonymise a member everywhere, on every shard's tables. Returns games touched."""
        rows = await self._all(
            "SELECT DISTINCT r.table_id, r.seats FROM results r "
            "JOIN result_seats s ON s.table_id = r.table_id WHERE s.user_id = ?",
            (user_id,),
        )
        statements: list[tuple[str, tuple | list]] = []
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
