"""Persistence behind one interface. SQLite (aiosqlite) is the default; see ``open_store``."""

from __future__ import annotations

from bot.store.base import Store, StoredTable, StoreError
from bot.store.sqlite import SqliteStore


def open_store(url: str) -> Store:
    """The store for a DATABASE_URL. Only ``sqlite:///path`` (or ``sqlite:///:memory:``) for now."""
    prefix = "sqlite:///"
    if url.startswith(prefix):
        return SqliteStore(url[len(prefix) :])
    raise ValueError(f"unsupported DATABASE_URL {url!r}: use sqlite:///path/to/file.sqlite3")


__all__ = ["SqliteStore", "Store", "StoreError", "StoredTable", "open_store"]
