"""Persistence behind one interface: SQLite (aiosqlite, the default) for one process, PostgreSQL
(asyncpg) for several shard processes sharing one database; see ``open_store``."""

from __future__ import annotations

from bot.store.base import Store, StoredTable, StoreError
from bot.store.sqlite import SqliteStore

POSTGRES_PREFIXES = ("postgresql://", "postgres://")


def open_store(
    url: str, *, shard_count: int | None = None, shard_ids: tuple[int, ...] | None = None
) -> Store:
    """The store for a DATABASE_URL: ``sqlite:///path`` (or ``sqlite:///:memory:``) or
    ``postgresql://user:password@host:port/database``. With shards, start-up reads only the tables
    of those shards' guilds."""
    prefix = "sqlite:///"
    if url.startswith(prefix):
        return SqliteStore(url[len(prefix) :], shard_count=shard_count, shard_ids=shard_ids)
    if url.startswith(POSTGRES_PREFIXES):
        from bot.store.postgres import PostgresStore

        return PostgresStore(url, shard_count=shard_count, shard_ids=shard_ids)
    raise ValueError(
        f"unsupported DATABASE_URL {url!r}: use sqlite:///path/to/file.sqlite3 "
        "or postgresql://user:password@host:5432/database"
    )


__all__ = ["SqliteStore", "Store", "StoreError", "StoredTable", "open_store"]
