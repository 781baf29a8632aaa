"""What the table service needs from a store, independent of the database behind it."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Awaitable, Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol


class StoreError(Exception):
    """The store could not do what was asked (disk full, locked, gone). Nothing was changed."""


class NotOwner(StoreError):
    """A write refused because another bot process keeps the table now (PostgreSQL's shards)."""


class Held(asyncio.Future):  # type: ignore[type-arg]
    """The outcome of a write that nobody but the writer ends: its waiter's cancellation does not
    cancel it (``cancel`` refuses, as a done future's does). A task cancelled while it awaits one
    is woken when the write has ended, with the CancelledError, and can still read the outcome:
    what it holds in memory can follow what was written before it stops. Awaited as it is, with no
    ``asyncio.shield`` (a future and two callbacks more per action, about 8 µs)."""

    def cancel(self, msg: Any = None) -> bool:
        return False


@dataclass(frozen=True, slots=True)
class Snapshot:
    """A table's game state after its first `seq` events, in the form `bot.snapshots` writes."""

    seq: int
    rule_version: int
    engine: str
    state: bytes


@dataclass
class StoredTable:
    """A table as the store keeps it: its row, its seats and its event log. With a snapshot,
    `actions` holds only the events after it."""

    row: dict[str, Any]
    seats: list[dict[str, Any]]
    actions: list[dict[str, Any]] = field(default_factory=list)
    damage: str | None = None  # why the log could not be read, if it could not
    snapshot: Snapshot | None = None


@dataclass(frozen=True)
class Leftover:
    """An ended table's messages that are still to be deleted."""

    table_id: int
    guild_id: int
    channel_id: int
    message_ids: list[int]


def leftover(table_id: int, guild_id: int, channel_id: int, meta: Any) -> Leftover | None:
    """A row's leftover messages, from its meta (JSON text), or None if it lists none. What is not
    a message id in that list is passed over, the ids beside it are not."""
    try:
        ids = json.loads(meta).get("stale_msgs") if isinstance(meta, str) else None
    except (ValueError, AttributeError):
        return None
    if not isinstance(ids, list):
        return None
    ids = [i for i in ids if type(i) is int and i > 0]
    return Leftover(table_id, guild_id, channel_id, ids) if ids else None


def stored_row(row: dict[str, Any], json_columns: Iterable[str]) -> StoredTable:
    """A table's row with its JSON columns (objects) decoded. A column that does not decode (the
    file damaged, or edited by hand) damages that table alone: it is read as None, the others as
    they are, and the reason kept, so that start-up sets the table aside and every other starts."""
    out = dict(row)
    damage = []
    for key in json_columns:
        if out.get(key) is None:
            continue
        try:
            out[key] = json.loads(out[key])
            if not isinstance(out[key], dict):
                raise ValueError("not a JSON object")
        except ValueError as exc:
            out[key] = None
            damage.append(f"its {key} cannot be read ({exc})")
    return StoredTable(out, [], damage="; ".join(damage) or None)


@dataclass(frozen=True, slots=True)
class BoardRow:
    """One member's line on a leaderboard."""

    user_id: int
    games: int
    wins: int
    average: float  # cards left per game
    best: int


class Store(Protocol):
    async def open(self) -> None: ...

    async def close(self) -> None: ...

    async def create_table(self, row: dict[str, Any], seats: list[dict[str, Any]]) -> int: ...

    async def update_table(self, table_id: int, **fields: Any) -> None: ...

    async def patch_meta(self, table_id: int, values: dict[str, Any]) -> None:
        """Set these keys of a table's meta and leave its other keys as they are stored: a write of
        some keys never carries others that are only in memory (a turn's timer whose action is
        still being written, say, and may yet be refused)."""
        ...

    async def save_seats(self, table_id: int, seats: list[dict[str, Any]], **fields: Any) -> None: ...

    def append_action(
        self, table_id: int, seq: int, action: dict[str, Any], user_id: int | None, at: str, **fields: Any
    ) -> Awaitable[None]: ...

    async def finish_table(self, table_id: int, result: dict[str, Any] | None, **fields: Any) -> None: ...

    async def open_tables(self) -> list[StoredTable]:
        """Lobbies and running games; a game with a snapshot comes with the events after it."""
        ...

    async def save_snapshots(self, snapshots: dict[int, Snapshot]) -> None:
        """Keep each table's latest snapshot (one unit: all or none)."""
        ...

    async def seated_at_open_table(self, user_id: int) -> bool:
        """Whether the member holds a seat at an open table in any guild (on any shard)."""
        ...

    async def drop_snapshots(self, keep_engine: str) -> int:
        """Forget snapshots taken with another engine than `keep_engine`; how many there were."""
        ...

    async def unreported_tables(self) -> list[StoredTable]: ...

    async def leftover_messages(self) -> list[Leftover]:
        """Ended tables (finished, cancelled, set aside) whose meta still lists messages a failed
        delete left in the channel (`stale_msgs`), with those ids; the tables' logs are not read."""
        ...

    async def pending_results(self) -> list[StoredTable]: ...

    async def load_table(self, table_id: int) -> StoredTable | None: ...

    async def logged_at(self, table_id: int, seq: int) -> str | None:
        """The time stamp event `seq` of the table was logged with; None if there is none."""
        ...

    async def last_finished_table(self, channel_id: int) -> StoredTable | None: ...

    async def guild_options(self, guild_id: int) -> dict[str, Any]: ...

    async def set_guild_options(self, guild_id: int, options: dict[str, Any], at: str) -> None: ...

    async def add_strike(
        self, table_id: int, user_id: int, message_id: int, severity: str, action: str, at: str
    ) -> int | None: ...

    async def clear_strike(
        self, table_id: int, strike_id: int, by: int, *, channel_id: int
    ) -> dict[str, Any] | None: ...

    async def strikes(self, table_id: int) -> dict[int, int]: ...

    # Stats and leaderboards (see bot/store/sqlite_stats.py for what each counts).
    async def leaderboard(
        self, guild_id: int, game: str, players: int | None = None, period: str = "all", now: str = ""
    ) -> list[BoardRow]: ...

    async def best_results(
        self, guild_id: int, game: str, since: str | None = None
    ) -> dict[int, dict[str, Any]]: ...

    async def member_stats(self, guild_id: int, user_id: int, game: str) -> dict[str, Any]: ...

    async def guild_stats(self, guild_id: int, game: str) -> dict[str, Any]: ...

    async def recent_results(
        self, guild_id: int, game: str, user_id: int | None = None, limit: int = 30
    ) -> list[tuple[str, int, int]]: ...

    async def member_names(self, user_ids: list[int]) -> dict[int, str]: ...

    async def reset_leaderboard(self, guild_id: int, by: int, at: str) -> None: ...

    async def log_mod_action(
        self, guild_id: int, user_id: int, action: str, detail: dict[str, Any], at: str
    ) -> None: ...

    async def mod_actions(self, guild_id: int, limit: int = 20) -> list[dict[str, Any]]: ...

    async def channel_options(self, channel_id: int) -> dict[str, Any]: ...

    async def drop_channel_options(self, channel_id: int) -> None: ...

    async def set_channel_options(
        self, guild_id: int, channel_id: int, options: dict[str, Any], at: str
    ) -> None: ...

    async def forget_member(self, user_id: int) -> int: ...

    # The deal of the day (see bot/store/daily.py).
    async def daily_entered(self, day: str, players: int, expert: bool, user_ids: list[int]) -> list[int]: ...

    async def enter_daily(
        self, table_id: int, day: str, players: int, expert: bool, user_ids: list[int]
    ) -> None: ...

    async def release_daily(self, table_id: int) -> None: ...

    async def daily_par(self, day: str, players: int, expert: bool) -> dict[str, Any] | None: ...

    async def save_daily_par(
        self, day: str, players: int, expert: bool, par: int, turns: int, record: str, at: str
    ) -> None: ...

    async def daily_ranking(
        self, day: str, players: int | None = None, expert: bool | None = None
    ) -> list[dict[str, Any]]: ...

    async def daily_member(self, user_id: int, since_day: str = "") -> list[dict[str, Any]]: ...

    # What the bot keeps about itself, shared by its processes (the synced commands' hash).
    async def get_state(self, key: str) -> str | None: ...

    async def set_state(self, key: str, value: str) -> None: ...


META_KEY = re.compile(r"[a-z_][a-z0-9_]{0,63}")


def meta_keys(values: dict[str, Any]) -> list[str]:
    """The keys of a meta patch, each a plain name (they go into a JSON path unquoted)."""
    for key in values:
        if not META_KEY.fullmatch(key):
            raise ValueError(f"not a meta key: {key!r}")
    return list(values)
