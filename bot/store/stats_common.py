"""The stats queries whose SQL reads the same in SQLite and in PostgreSQL: each store's query class
takes them from here, beside its own `_all`, `_one` and `_write` (placeholders written `?`)."""

from __future__ import annotations

import json
from typing import Any


class CommonStatsQueries:
    """Needs `_all(sql, params)`, `_one(sql, params)` and `_write(statements)` from the store."""

    async def channel_options(self, channel_id: int) -> dict[str, Any]:
        row = await self._one("SELECT options FROM channel_options WHERE channel_id = ?", (channel_id,))
        return json.loads(row[0]) if row else {}

    async def guild_stats(self, guild_id: int, game: str) -> dict[str, Any]:
        row = await self._one(
            "SELECT games, wins, cards_left_sum, best, duration_sum, moderator_ended FROM guild_totals "
            "WHERE guild_id = ? AND game = ?",
            (guild_id, game),
        )
        members = await self._one(
            "SELECT COUNT(DISTINCT user_id) FROM member_totals WHERE guild_id = ? AND game = ?",
            (guild_id, game),
        )
        if row is None:
            return {
                "games": 0,
                "wins": 0,
                "average": None,
                "best": None,
                "hours": 0.0,
                "moderator_ended": 0,
                "members_on_board": 0,
            }
        return {
            "games": row[0],
            "wins": row[1],
            "average": row[2] / row[0],
            "best": row[3],
            "hours": row[4] / 3600,
            "moderator_ended": row[5],
            "members_on_board": members[0],
        }

    async def last_reset(self, guild_id: int) -> str | None:
        row = await self._one("SELECT MAX(at) FROM leaderboard_resets WHERE guild_id = ?", (guild_id,))
        return row[0] if row else None

    async def mod_actions(self, guild_id: int, limit: int = 20) -> list[dict[str, Any]]:
        rows = await self._all(
            "SELECT user_id, action, detail, at FROM mod_actions WHERE guild_id = ? ORDER BY id DESC LIMIT ?",
            (guild_id, limit),
        )
        return [{"user_id": r[0], "action": r[1], "detail": json.loads(r[2]), "at": r[3]} for r in rows]

    async def seated_at_open_table(self, user_id: int) -> bool:
        """Whether the member holds a seat at a lobby or a running game anywhere: every guild's,
        every shard's tables (forget-me asks before it forgets)."""
        rows = await self._all(
            "SELECT 1 FROM seats s JOIN tables t ON t.id = s.table_id "
            "WHERE s.user_id = ? AND t.status IN ('lobby', 'playing') LIMIT 1",
            (user_id,),
        )
        return bool(rows)

    async def set_channel_options(
        self, guild_id: int, channel_id: int, options: dict[str, Any], at: str
    ) -> None:
        await self._write(
            [
                (
                    "INSERT INTO channel_options (channel_id, guild_id, options, updated_at) "
                    "VALUES (?, ?, ?, ?) "
                    "ON CONFLICT (channel_id) DO UPDATE SET options = excluded.options, "
                    "updated_at = excluded.updated_at",
                    (channel_id, guild_id, json.dumps(options), at),
                )
            ]
        )
