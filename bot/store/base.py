"""What the table service needs from a store, independent of the database behind it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol


class StoreError(Exception):
    """The store could not do what was asked (disk full, locked, gone). Nothing was changed."""


@dataclass
class StoredTable:
    """A table as the store keeps it: its row, its seats and its event log."""

    row: dict[str, Any]
    seats: list[dict[str, Any]]
    actions: list[dict[str, Any]] = field(default_factory=list)


class Store(Protocol):
    async def open(self) -> None: ...

    async def close(self) -> None: ...

    async def create_table(self, row: dict[str, Any], seats: list[dict[str, Any]]) -> int: ...

    async def update_table(self, table_id: int, **fields: Any) -> None: ...

    async def save_seats(self, table_id: int, seats: list[dict[str, Any]], **fields: Any) -> None: ...

    async def append_action(
        self, table_id: int, seq: int, action: dict[str, Any], user_id: int | None, at: str, **fields: Any
    ) -> None: ...

    async def finish_table(self, table_id: int, result: dict[str, Any] | None, **fields: Any) -> None: ...

    async def open_tables(self) -> list[StoredTable]: ...

    async def load_table(self, table_id: int) -> StoredTable | None: ...

    async def last_finished_table(self, channel_id: int) -> StoredTable | None: ...

    async def guild_options(self, guild_id: int) -> dict[str, Any]: ...

    async def set_guild_options(self, guild_id: int, options: dict[str, Any], at: str) -> None: ...

    async def add_strike(
        self, table_id: int, user_id: int, message_id: int, severity: str, action: str, at: str
    ) -> int | None: ...

    async def clear_strike(self, table_id: int, strike_id: int, by: int) -> dict[str, Any] | None: ...

    async def strikes(self, table_id: int) -> dict[int, int]: ...
