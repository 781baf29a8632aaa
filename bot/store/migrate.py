"""`python -m bot migrate-store FROM TO`: copy a SQLite database into an empty PostgreSQL one.

Both are brought to the latest migration first. The copy is one transaction: every row of every
table, ids kept (the id sequences then continue after them), or nothing. It copies into an empty
database only: a second run, or a run into a database the bot already uses, is refused and
changes nothing.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import asyncpg

from bot.store.postgres import migrate
from bot.store.sqlite import SqliteStore

# Parents before children (foreign keys); every table of the schema but schema_migrations.
TABLES = (
    "tables",
    "seats",
    "events",
    "snapshots",
    "strikes",
    "results",
    "result_seats",
    "daily_results",
    "member_totals",
    "member_months",
    "guild_totals",
    "leaderboard_resets",
    "mod_actions",
    "guild_options",
    "channel_options",
    "bot_state",
    "daily_pars",
    "daily_entries",
)
IDENTITIES = (("tables", "id"), ("strikes", "id"), ("mod_actions", "id"))
COPY_LOCK = 0x6465636B636F7079  # one copy at a time into a database


class Refused(Exception):
    """The copy was not made; the message says why. Nothing was changed in the target."""


def sqlite_path(source: str) -> Path:
    path = Path(source.removeprefix("sqlite:///"))
    if not path.is_file():
        raise Refused(f"there is no SQLite database at {path}")
    return path


async def migrate_store(source: str, target: str) -> dict[str, int]:
    """Copy every row of the SQLite database `source` into the PostgreSQL database `target`; the
    number of rows per table. Refused unless every table of the target is empty."""
    if not target.startswith(("postgresql://", "postgres://")):
        raise Refused(f"the target must be a postgresql:// URL, not {target!r}")
    path = sqlite_path(source)
    sqlite_store = SqliteStore(str(path))
    await sqlite_store.open()  # the latest SQLite migrations, so both schemas match
    await sqlite_store.close()
    try:
        conn = await asyncpg.connect(target)
    except (OSError, asyncpg.PostgresError) as exc:
        raise Refused(f"cannot reach PostgreSQL: {exc}") from exc
    source_db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        await migrate(conn)
        async with conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1)", COPY_LOCK)
            busy = [t for t in TABLES if await conn.fetchval(f"SELECT EXISTS (SELECT 1 FROM {t})")]
            if busy:
                raise Refused(
                    f"the target database is not empty (rows in {', '.join(busy)}): migrate-store copies "
                    "into an empty database only, so it is not run twice over the same data"
                )
            counts = {table: await _copy(source_db, conn, table) for table in TABLES}
            for table, column in IDENTITIES:
                await conn.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table}', '{column}'), "
                    f"COALESCE((SELECT MAX({column}) FROM {table}), 0) + 1, false)"
                )
        return counts
    finally:
        source_db.close()
        await conn.close()


async def _copy(source: sqlite3.Connection, target: asyncpg.Connection, table: str) -> int:
    columns = await target.fetch(
        "SELECT column_name, data_type FROM information_schema.columns "
        "WHERE table_schema = current_schema() AND table_name = $1 AND column_name != 'owner' "
        "ORDER BY ordinal_position",
        table,
    )
    names = [c["column_name"] for c in columns]
    kinds = [_kind(c["data_type"]) for c in columns]
    quoted = ", ".join(f'"{n}"' for n in names)
    rows = source.execute(f"SELECT {quoted} FROM {table}").fetchall()
    records = [tuple(_as(kind, value) for kind, value in zip(kinds, row, strict=True)) for row in rows]
    if records:
        await target.copy_records_to_table(table, records=records, columns=names)
    return len(records)


def _kind(data_type: str) -> type:
    if data_type in ("bigint", "integer", "smallint"):
        return int
    if data_type in ("double precision", "real", "numeric"):
        return float
    if data_type == "bytea":
        return bytes
    return str


def _as(kind: type, value: Any) -> Any:
    return None if value is None else kind(value)
