"""The deal of the day in the store: pars, entries (a member plays each deal once) and the ranking
of every table that played a deal, across every server. Mixed into both stores: the SQL is written
with ``?`` marks, which the PostgreSQL store numbers."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import Any


class DailyQueries:
    """Needs `_all` and `_write` from the store it is mixed into."""

    _all: Callable[..., Awaitable[list[Any]]]
    _write: Callable[..., Awaitable[list[Any]]]

    async def daily_entered(self, day: str, players: int, expert: bool, user_ids: list[int]) -> list[int]:
        """Which of these members have entered this deal already (at any table, in any server)."""
        if not user_ids:
            return []
        marks = ", ".join("?" for _ in user_ids)
        rows = await self._all(
            "SELECT user_id FROM daily_entries WHERE day = ? AND players = ? AND expert = ? "
            f"AND user_id IN ({marks})",
            (day, players, int(expert), *user_ids),
        )
        found = {row[0] for row in rows}
        return [u for u in user_ids if u in found]

    async def enter_daily(
        self, table_id: int, day: str, players: int, expert: bool, user_ids: list[int]
    ) -> None:
        """Enter the members for this deal; StoreError (and nobody entered) if one already was."""
        await self._write(
            [
                (
                    "INSERT INTO daily_entries (day, players, expert, user_id, table_id) "
                    "VALUES (?, ?, ?, ?, ?)",
                    (day, players, int(expert), user_id, table_id),
                )
                for user_id in user_ids
            ]
        )

    async def release_daily(self, table_id: int) -> None:
        """A table that could not start gives its members' entries back."""
        await self._write([("DELETE FROM daily_entries WHERE table_id = ?", (table_id,))])

    async def daily_par(self, day: str, players: int, expert: bool) -> dict[str, Any] | None:
        rows = await self._all(
            "SELECT par, turns, record FROM daily_pars WHERE day = ? AND players = ? AND expert = ?",
            (day, players, int(expert)),
        )
        if not rows:
            return None
        par, turns, record = rows[0]
        return {"par": par, "turns": turns, "record": record}

    async def save_daily_par(
        self, day: str, players: int, expert: bool, par: int, turns: int, record: str, at: str
    ) -> None:
        """Keep a par; one that is there already stays (every process works out the same)."""
        await self._write(
            [
                (
                    "INSERT INTO daily_pars (day, players, expert, par, turns, record, computed_at) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                    (day, players, int(expert), par, turns, record, at),
                )
            ]
        )

    async def daily_ranking(
        self, day: str, players: int | None = None, expert: bool | None = None
    ) -> list[dict[str, Any]]:
        """Every finished table of the day's deals, best first within each deal: fewest cards left,
        then fewest turns, then the earlier finish."""
        where, args = "d.day = ?", [day]
        if players is not None:
            where += " AND d.players = ?"
            args.append(players)
        if expert is not None:
            where += " AND d.expert = ?"
            args.append(int(expert))
        rows = await self._all(
            "SELECT d.table_id, d.guild_id, d.players, d.expert, d.cards_left, d.turns, d.finished_at, "
            f"r.seats FROM daily_results d JOIN results r ON r.table_id = d.table_id WHERE {where} "
            "ORDER BY d.players, d.expert, d.cards_left, d.turns, d.finished_at, d.table_id",
            tuple(args),
        )
        return [
            {
                "table_id": r[0],
                "guild_id": r[1],
                "players": r[2],
                "expert": bool(r[3]),
                "cards_left": r[4],
                "turns": r[5],
                "finished_at": r[6],
                "seats": json.loads(r[7]),
            }
            for r in rows
        ]

    async def daily_member(self, user_id: int, since_day: str = "") -> list[dict[str, Any]]:
        """A member's daily games (any server) from `since_day` on, oldest first, each beside its par
        (None while it is not known)."""
        rows = await self._all(
            "SELECT d.day, d.players, d.expert, d.cards_left, p.par FROM daily_results d "
            "JOIN result_seats s ON s.table_id = d.table_id "
            "LEFT JOIN daily_pars p ON p.day = d.day AND p.players = d.players AND p.expert = d.expert "
            "WHERE s.user_id = ? AND d.day >= ? ORDER BY d.day, d.finished_at",
            (user_id, since_day),
        )
        return [
            {"day": r[0], "players": r[1], "expert": bool(r[2]), "cards_left": r[3], "par": r[4]}
            for r in rows
        ]


def daily_result_row(table_id: int, result: dict[str, Any]) -> tuple[str, tuple] | None:
    """The daily_results row of a finished daily game (``?`` marks), or None for another game."""
    daily = result.get("daily")
    if not daily:
        return None
    return (
        "INSERT INTO daily_results (table_id, day, players, expert, guild_id, cards_left, turns, "
        "finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (
            table_id,
            daily["day"],
            result["players"],
            int(bool(daily["expert"])),
            result["guild_id"],
            result["cards_left"],
            result["turns"],
            result["finished_at"],
        ),
    )
