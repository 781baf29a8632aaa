"""The PostgreSQL store, for several bot processes (shards) sharing one database.

Behind the same interface as the SQLite store and with the same guarantees: every write is a unit
of the store's writer (bot/store/pg_writer.py), committed with the units waiting beside it before
the call returns, and a failed unit is undone alone. Reads use a small pool of their own.

Several processes may believe they own one table (a rolling deploy, two processes given the same
shard). The database decides: the process that opened or loaded a table last is its owner
(`tables.owner`), and every write to a table is taken only from its owner. An action is written
only as the next event of its table: event `seq` needs event `seq - 1` and a free `seq`. Any
other write is refused with a StoreError, which the table service turns into "nothing changed".

Migrations are the numbered files of migrations/postgres/, applied in one transaction under an
advisory lock, so processes that start together apply each of them once.
"""

from __future__ import annotations

import json
import logging
import re
import uuid
from collections.abc import Awaitable, Callable
from importlib import resources
from typing import Any, TypeVar

import asyncpg

from bot.store.base import (
    Leftover,
    NotOwner,
    Snapshot,
    StoredTable,
    StoreError,
    leftover,
    meta_keys,
    stored_row,
)
from bot.store.daily import DailyQueries, daily_result_row
from bot.store.pg_writer import PgWriter
from bot.store.postgres_stats import PgStatsQueries
from bot.store.sqlite import JSON_COLUMNS, SqliteStore, _compact, _dumps, _encode, shard_clause

T = TypeVar("T")
log = logging.getLogger(__name__)

# Any 64-bit number, the same in every process: the lock held while migrations are applied.
MIGRATION_LOCK = 0x6465636B68616E64  # "deckhand"
READ_POOL = 4
LOCK_TIMEOUT = 5.0  # seconds the writer waits for a row lock before the unit fails
NOT_OWNER = "this table is kept by another bot process now; nothing was written"
NOT_NEXT = "the table changed since this action was applied to it; nothing was written"


def migrations() -> list[tuple[int, str, str]]:
    """(number, name, SQL) of every PostgreSQL migration, in order."""
    folder = resources.files("bot.store").joinpath("migrations").joinpath("postgres")
    out = []
    for entry in folder.iterdir():
        if entry.name.endswith(".sql"):
            out.append((int(entry.name.split("_", 1)[0]), entry.name, entry.read_text(encoding="utf-8")))
    return sorted(out)


async def migrate(conn: asyncpg.Connection) -> list[str]:
    """Apply the migrations not applied yet, all in one transaction, under the advisory lock: a
    second process that starts at the same moment waits, then finds them applied. Their names."""
    applied = []
    async with conn.transaction():
        await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
        await conn.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL)"
        )
        done = {r[0] for r in await conn.fetch("SELECT version FROM schema_migrations")}
        for number, name, sql in migrations():
            if number in done:
                continue
            log.info("applying migration %s", name)
            await conn.execute(sql)
            await conn.execute("INSERT INTO schema_migrations VALUES ($1, $2)", number, name)
            applied.append(name)
    return applied


_MARK = re.compile(r"'[^']*'|\?")


def dollar(sql: str) -> str:
    """SQL written with ``?`` marks (as for SQLite) in PostgreSQL's numbered form ($1, $2, ...)."""
    count = 0

    def number(match: re.Match[str]) -> str:
        nonlocal count
        if match.group(0) != "?":
            return match.group(0)
        count += 1
        return f"${count}"

    return _MARK.sub(number, sql)


def _sets(fields: dict[str, Any], first: int) -> tuple[str, list[Any]]:
    """``a = $n, b = $n+1`` for the encoded fields, and their values."""
    enc = _encode(fields)
    sets = ", ".join(f"{column} = ${first + i}" for i, column in enumerate(enc))
    return sets, list(enc.values())


class PostgresStore(DailyQueries, PgStatsQueries):
    """Writes go through one writer connection; reads through a pool of their own."""

    dialect = "postgres"

    def __init__(
        self, url: str, *, shard_count: int | None = None, shard_ids: tuple[int, ...] | None = None
    ) -> None:
        self.url = url
        self.owner = uuid.uuid4().hex  # this process, as the owner of the tables it keeps
        self.shards = shard_clause(shard_count, shard_ids)
        self._pool: asyncpg.Pool | None = None
        self._writer: PgWriter | None = None

    async def _connect(self, **settings: str) -> asyncpg.Connection:
        try:
            return await asyncpg.connect(self.url, server_settings=settings or None)
        except (OSError, asyncpg.PostgresError) as exc:
            raise StoreError(f"cannot reach PostgreSQL: {exc}") from exc

    async def _connect_writer(self) -> asyncpg.Connection:
        # A row lock held elsewhere (another session's forgotten transaction) fails the unit that
        # waits for it after LOCK_TIMEOUT, as SQLite's busy timeout does: that table's action is
        # refused ("nothing changed") instead of every table's writes waiting behind it.
        return await self._connect(lock_timeout=f"{round(LOCK_TIMEOUT * 1000)}ms")

    async def open(self) -> None:
        conn = await self._connect()
        try:
            await migrate(conn)
        finally:
            await conn.close()
        self._writer = PgWriter(self._connect_writer)
        await self._writer.start()
        self._pool = await asyncpg.create_pool(self.url, min_size=1, max_size=READ_POOL)

    async def close(self) -> None:
        if self._writer is not None:
            writer, self._writer = self._writer, None
            await writer.close()
        if self._pool is not None:
            pool, self._pool = self._pool, None
            await pool.close()

    @property
    def pool(self) -> asyncpg.Pool:
        if self._pool is None:
            raise StoreError("the store is not open")
        return self._pool

    # ---- the writer, and SQL written with ? marks (tests and tools) ---------------------------

    async def run(self, work: Callable[[asyncpg.Connection], Awaitable[T]]) -> T:
        """Run `work` on the write connection, alone if it fails; StoreError if it did."""
        if self._writer is None:
            raise StoreError("the store is not open")
        return await self._writer.run(work)

    async def _write(self, statements: list[tuple[str, tuple | list]]) -> list[None]:
        """Statements with ``?`` marks run as one unit (nothing of them written if one fails)."""
        prepared = [(dollar(sql), list(params)) for sql, params in statements]

        async def work(conn: asyncpg.Connection) -> list[None]:
            for sql, params in prepared:
                await conn.execute(sql, *params)
            return [None] * len(prepared)

        return await self.run(work)

    async def _all(self, sql: str, params: tuple | list = ()) -> list[Any]:
        try:
            return list(await self.pool.fetch(dollar(sql), *params))
        except (OSError, asyncpg.PostgresError) as exc:
            raise StoreError(str(exc)) from exc

    async def _one(self, sql: str, params: tuple | list = ()) -> Any:
        rows = await self._all(sql, params)
        return rows[0] if rows else None

    async def _owned(self, conn: asyncpg.Connection, table_id: int, lock: str = "FOR SHARE") -> None:
        """StoreError unless this process owns the table. The row lock keeps it so until COMMIT: a
        claim by another process waits for this transaction, then sees what it wrote."""
        row = await conn.fetchrow(f"SELECT owner FROM tables WHERE id = $1 {lock}", table_id)
        if row is None:
            raise StoreError(f"there is no table {table_id}")
        if row[0] != self.owner:
            raise NotOwner(NOT_OWNER)

    # ---- tables ------------------------------------------------------------------------------

    async def create_table(self, row: dict[str, Any], seats: list[dict[str, Any]]) -> int:
        enc = _encode(row)
        cols = ", ".join([*enc, "owner"])
        marks = ", ".join(f"${i}" for i in range(1, len(enc) + 2))
        values = [*enc.values(), self.owner]
        seat_rows = self._seat_rows(seats)

        async def work(conn: asyncpg.Connection) -> int:
            table_id = await conn.fetchval(
                f"INSERT INTO tables ({cols}) VALUES ({marks}) ON CONFLICT (channel_id) "
                "WHERE status IN ('lobby', 'playing') DO NOTHING RETURNING id",
                *values,
            )
            if table_id is None:
                raise StoreError("a table is already open in this channel")
            await self._insert_seats(conn, table_id, seat_rows)
            return table_id

        return await self.run(work)

    @staticmethod
    def _seat_rows(seats: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
        return [
            (i, s.get("user_id"), s["name"], int(bool(s.get("ai"))), s.get("level"))
            for i, s in enumerate(seats)
        ]

    @staticmethod
    async def _insert_seats(conn: asyncpg.Connection, table_id: int, rows: list[tuple[Any, ...]]) -> None:
        if rows:
            seat, user_id, name, ai, level = (list(column) for column in zip(*rows, strict=True))
            await conn.execute(
                "INSERT INTO seats (table_id, seat, user_id, name, ai, level) "
                "SELECT $1, * FROM unnest($2::int[], $3::bigint[], $4::text[], $5::int[], $6::text[])",
                table_id,
                seat,
                user_id,
                name,
                ai,
                level,
            )

    async def _update(self, conn: asyncpg.Connection, table_id: int, fields: dict[str, Any]) -> None:
        sets, values = _sets(fields, 3)
        status = await conn.execute(
            f"UPDATE tables SET {sets} WHERE id = $1 AND owner = $2", table_id, self.owner, *values
        )
        if status == "UPDATE 0":
            raise NotOwner(NOT_OWNER)

    async def update_table(self, table_id: int, **fields: Any) -> None:
        _encode(fields)  # unknown columns are refused before anything is queued

        async def work(conn: asyncpg.Connection) -> None:
            await self._update(conn, table_id, fields)

        await self.run(work)

    async def patch_meta(self, table_id: int, values: dict[str, Any]) -> None:
        if not values:
            return
        meta_keys(values)
        patch = _dumps(values)

        async def work(conn: asyncpg.Connection) -> None:
            status = await conn.execute(
                "UPDATE tables SET meta = (meta::jsonb || $3::jsonb)::text WHERE id = $1 AND owner = $2",
                table_id,
                self.owner,
                patch,
            )
            if status == "UPDATE 0":
                raise NotOwner(NOT_OWNER)

        await self.run(work)

    async def save_seats(self, table_id: int, seats: list[dict[str, Any]], **fields: Any) -> None:
        _encode(fields)
        rows = self._seat_rows(seats)

        async def work(conn: asyncpg.Connection) -> None:
            await self._owned(conn, table_id, "FOR UPDATE")
            await conn.execute("DELETE FROM seats WHERE table_id = $1", table_id)
            await self._insert_seats(conn, table_id, rows)
            if fields:
                await self._update(conn, table_id, fields)

        await self.run(work)

    def append_action(
        self, table_id: int, seq: int, action: dict[str, Any], user_id: int | None, at: str, **fields: Any
    ) -> Awaitable[None]:
        """Log one action as event `seq`: only from the table's owner, only as its next event. Not a
        coroutine: the caller waits on the writer's future itself, which nothing but the writer
        settles (a task between them could be cancelled with the write half done)."""
        writer = self._writer
        if writer is None:
            raise StoreError("the store is not open")
        text = _compact(action)
        sets, values = _sets(fields, 7) if fields else ("", [])
        # One statement, one round trip: the owner's row locked (FOR SHARE), the event inserted if
        # its number is the next one, and the row's fields changed only if the event was written.
        sql = (
            "WITH mine AS (SELECT id FROM tables WHERE id = $1 AND owner = $2 FOR SHARE), "
            "ins AS (INSERT INTO events (table_id, seq, action, user_id, at) "
            "SELECT $1, $3, $4, $5, $6 FROM mine "
            "WHERE $3 = 0 OR EXISTS (SELECT 1 FROM events WHERE table_id = $1 AND seq = $3 - 1) "
            "ON CONFLICT DO NOTHING RETURNING seq)"
        )
        if sets:
            sql += f", upd AS (UPDATE tables SET {sets} WHERE id = $1 AND EXISTS (SELECT 1 FROM ins))"
        sql += " SELECT (SELECT count(*) FROM mine), (SELECT count(*) FROM ins)"
        args = (table_id, self.owner, seq, text, user_id, at, *values)

        async def work(conn: asyncpg.Connection) -> None:
            owned, written = await conn.fetchrow(sql, *args)
            if not owned:
                raise NotOwner(NOT_OWNER)
            if not written:
                raise StoreError(NOT_NEXT)

        return writer.submit(work, held=True)

    async def finish_table(self, table_id: int, result: dict[str, Any] | None, **fields: Any) -> None:
        _encode(fields)
        results = self._result_statements(table_id, result) if result is not None else None

        async def work(conn: asyncpg.Connection) -> None:
            await self._update(conn, table_id, fields)
            await conn.execute("DELETE FROM snapshots WHERE table_id = $1", table_id)
            if results is None:
                return
            (first_sql, first_args), rest = results[0], results[1:]
            # A result counts once: the totals only move when its row was written now.
            if await conn.fetchval(first_sql, *first_args) is None:
                return
            for sql, args in rest:
                await conn.execute(sql, *args)

        await self.run(work)

    @staticmethod
    def _result_statements(table_id: int, result: dict[str, Any]) -> list[tuple[str, list[Any]]]:
        """The result row (ON CONFLICT DO NOTHING RETURNING), its seats and the running totals."""
        r = dict(result)
        daily = daily_result_row(table_id, r)
        r.pop("daily", None)
        r["won"] = int(bool(r.get("won", r["status"] == "won")))
        r["moderator_ended"] = int(bool(r.get("moderator_ended")))
        seats = r["seats"]
        r["options"] = json.dumps(r["options"])
        r["seats"] = json.dumps(seats)
        cols = ", ".join(r)
        marks = ", ".join(f"${i}" for i in range(2, len(r) + 2))
        out: list[tuple[str, list[Any]]] = [
            (
                f"INSERT INTO results (table_id, {cols}) VALUES ($1, {marks}) "
                "ON CONFLICT (table_id) DO NOTHING RETURNING table_id",
                [table_id, *r.values()],
            ),
            (
                "INSERT INTO guild_totals AS g VALUES ($1, $2, 1, $3, $4, $4, $5, $6) "
                "ON CONFLICT (guild_id, game) DO UPDATE SET games = g.games + 1, "
                "wins = g.wins + excluded.wins, "
                "cards_left_sum = g.cards_left_sum + excluded.cards_left_sum, "
                "best = LEAST(g.best, excluded.best), duration_sum = g.duration_sum + excluded.duration_sum, "
                "moderator_ended = g.moderator_ended + excluded.moderator_ended",
                [
                    r["guild_id"],
                    r["game"],
                    r["won"],
                    r["cards_left"],
                    float(r["duration_s"]),
                    r["moderator_ended"],
                ],
            ),
        ]
        add = (
            "ON CONFLICT ({key}) DO UPDATE SET games = t.games + 1, wins = t.wins + excluded.wins, "
            "cards_left_sum = t.cards_left_sum + excluded.cards_left_sum, best = LEAST(t.best, excluded.best)"
        )
        month = r["finished_at"][:7]
        for i, seat in enumerate(seats):
            user_id = seat.get("user_id")
            seat_won = int(bool(seat.get("won", r["won"])))
            seat_left = int(seat.get("cards_left", r["cards_left"]))
            out.append(
                (
                    "INSERT INTO result_seats (table_id, seat, guild_id, game, players, user_id, ai, laid, "
                    "strikes, cards_left, won, finished_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, "
                    "(SELECT COUNT(*) FROM strikes WHERE table_id = $1 AND user_id = $6 "
                    "AND cleared_by IS NULL), $9, $10, $11)",
                    [
                        table_id,
                        i,
                        r["guild_id"],
                        r["game"],
                        r["players"],
                        user_id,
                        int(bool(seat.get("ai"))),
                        seat.get("laid", 0),
                        seat_left,
                        seat_won,
                        r["finished_at"],
                    ],
                )
            )
            if user_id is None:
                continue
            out.append(
                (
                    "INSERT INTO member_totals AS t (guild_id, game, players, user_id, games, wins, "
                    "cards_left_sum, best) VALUES ($1, $2, $3, $4, 1, $5, $6, $6) "
                    + add.format(key="guild_id, game, players, user_id"),
                    [r["guild_id"], r["game"], r["players"], user_id, seat_won, seat_left],
                )
            )
            out.append(
                (
                    "INSERT INTO member_months AS t (guild_id, game, players, user_id, month, games, wins, "
                    "cards_left_sum, best) VALUES ($1, $2, $3, $4, $5, 1, $6, $7, $7) "
                    + add.format(key="guild_id, game, month, players, user_id"),
                    [r["guild_id"], r["game"], r["players"], user_id, month, seat_won, seat_left],
                )
            )
        if daily is not None:
            out.append((dollar(daily[0]), list(daily[1])))
        return out

    # ---- reading tables ----------------------------------------------------------------------

    async def _stored(self, rows: list[asyncpg.Record], snapshots: bool = False) -> list[StoredTable]:
        """Tables with their seats and logs, in a few queries however many there are."""
        if not rows:
            return []
        tables = {
            row["id"]: stored_row({k: v for k, v in row.items() if k != "owner"}, JSON_COLUMNS)
            for row in rows
        }
        ids = list(tables)
        for seat in await self._all(
            "SELECT table_id, seat, user_id, name, ai, level FROM seats WHERE table_id = ANY(?::bigint[]) "
            "ORDER BY table_id, seat",
            (ids,),
        ):
            tables[seat["table_id"]].seats.append(dict(seat))
        if snapshots:
            for table_id, seq, rule_version, engine, state in await self._all(
                "SELECT table_id, seq, rule_version, engine, state FROM snapshots "
                "WHERE table_id = ANY(?::bigint[])",
                (ids,),
            ):
                tables[table_id].snapshot = Snapshot(seq, rule_version, engine, bytes(state))
        unfit = SqliteStore._read_logs(tables, await self._logs(ids, snapshots))
        if unfit:
            for table_id in unfit:
                tables[table_id].snapshot = None
            SqliteStore._read_logs(tables, await self._logs(unfit, False))
        return list(tables.values())

    async def _logs(self, ids: list[int], after_snapshots: bool) -> list[tuple[int, int, int, int, str]]:
        """Per table: (id, events read, first seq, last seq, the events as one JSON array); after a
        snapshot of n events, the events from n - 1 on (the one before it proves the log reaches it)."""
        after = (
            "LEFT JOIN snapshots s ON s.table_id = e.table_id WHERE e.seq >= COALESCE(s.seq - 1, 0) AND "
            if after_snapshots
            else "WHERE "
        )
        rows = await self._all(
            "SELECT e.table_id, COUNT(*), MIN(e.seq), MAX(e.seq), "
            "'[' || string_agg(e.action, ',' ORDER BY e.seq) || ']' "
            f"FROM events e {after}e.table_id = ANY(?::bigint[]) GROUP BY e.table_id",
            (ids,),
        )
        return [tuple(r) for r in rows]

    async def _claim(self, condition: str, snapshots: bool = False) -> list[StoredTable]:
        """Become the owner of this process's tables that match, and read them. A write of the
        previous owner in flight is finished first (its row lock); later ones are refused."""
        sql = f"UPDATE tables SET owner = $1 WHERE {condition}{self.shards} RETURNING *"

        async def work(conn: asyncpg.Connection) -> list[asyncpg.Record]:
            return list(await conn.fetch(sql, self.owner))

        rows = sorted(await self.run(work), key=lambda r: r["id"])
        return await self._stored(rows, snapshots=snapshots)

    async def open_tables(self) -> list[StoredTable]:
        """Lobbies and running games of this process's shards; this process becomes their owner."""
        return await self._claim("status IN ('lobby', 'playing')", snapshots=True)

    async def unreported_tables(self) -> list[StoredTable]:
        return await self._claim(
            "status = 'finished' AND started_at IS NOT NULL AND (meta::jsonb ->> 'reported') IS NULL"
        )

    async def leftover_messages(self) -> list[Leftover]:
        """This process becomes the owner of those tables: it saves what is left after deleting."""
        # The meta is read as text and decoded here: a cast to jsonb in the query would fail the
        # whole query on one row's meta that is not JSON (PostgreSQL 15 has no IS JSON test).
        sql = (
            "UPDATE tables SET owner = $1 WHERE status IN ('finished', 'cancelled') "
            "AND strpos(meta, '\"stale_msgs\"') > 0 "
            # an emptied list, in either spelling the stores write (a nonempty one never matches)
            "AND strpos(meta, '\"stale_msgs\": []') = 0 AND strpos(meta, '\"stale_msgs\":[]') = 0"
            f"{self.shards} "
            "RETURNING id, guild_id, channel_id, meta"
        )

        async def work(conn: asyncpg.Connection) -> list[asyncpg.Record]:
            return list(await conn.fetch(sql, self.owner))

        rows = sorted(await self.run(work), key=lambda r: r["id"])
        found = (leftover(r["id"], r["guild_id"], r["channel_id"], r["meta"]) for r in rows)
        return [f for f in found if f is not None]

    async def pending_results(self) -> list[StoredTable]:
        return await self._claim("status = 'finished' AND (meta::jsonb ->> 'result_pending') = 'true'")

    async def logged_at(self, table_id: int, seq: int) -> str | None:
        row = await self._one("SELECT at FROM events WHERE table_id = ? AND seq = ?", (table_id, seq))
        return None if row is None else row[0]

    async def load_table(self, table_id: int) -> StoredTable | None:
        row = await self._one("SELECT * FROM tables WHERE id = ?", (table_id,))
        return None if row is None else (await self._stored([row]))[0]

    async def last_finished_table(self, channel_id: int) -> StoredTable | None:
        row = await self._one(
            "SELECT * FROM tables WHERE channel_id = ? AND status = 'finished' AND started_at IS NOT NULL "
            "ORDER BY id DESC LIMIT 1",
            (channel_id,),
        )
        return None if row is None else (await self._stored([row]))[0]

    async def save_snapshots(self, snapshots: dict[int, Snapshot]) -> None:
        """One statement for all of them; only for tables this process owns."""
        ids = list(snapshots)
        columns = (
            [s.seq for s in snapshots.values()],
            [s.rule_version for s in snapshots.values()],
            [s.engine for s in snapshots.values()],
            [s.state for s in snapshots.values()],
        )

        async def work(conn: asyncpg.Connection) -> None:
            await conn.execute(
                "INSERT INTO snapshots (table_id, seq, rule_version, engine, state) "
                "SELECT u.* FROM unnest($1::bigint[], $2::int[], $3::int[], $4::text[], $5::bytea[]) "
                "AS u (table_id, seq, rule_version, engine, state) "
                "JOIN tables t ON t.id = u.table_id AND t.owner = $6 "
                "ON CONFLICT (table_id) DO UPDATE SET seq = excluded.seq, "
                "rule_version = excluded.rule_version, engine = excluded.engine, state = excluded.state",
                ids,
                *columns,
                self.owner,
            )

        await self.run(work)

    async def drop_snapshots(self, keep_engine: str) -> int:
        async def work(conn: asyncpg.Connection) -> int:
            status = await conn.execute(
                "DELETE FROM snapshots WHERE engine != $1 OR table_id NOT IN "
                "(SELECT id FROM tables WHERE status IN ('lobby', 'playing'))",
                keep_engine,
            )
            return int(status.split()[-1])

        return await self.run(work)

    async def results(self, guild_id: int) -> list[dict[str, Any]]:
        out = []
        for r in await self._all(
            "SELECT * FROM results WHERE guild_id = ? ORDER BY finished_at", (guild_id,)
        ):
            d = dict(r)
            d["options"] = json.loads(d["options"])
            d["seats"] = json.loads(d["seats"])
            out.append(d)
        return out

    # ---- shared facts of the bot processes ---------------------------------------------------

    async def get_state(self, key: str) -> str | None:
        row = await self._one("SELECT value FROM bot_state WHERE key = ?", (key,))
        return None if row is None else row[0]

    async def set_state(self, key: str, value: str) -> None:
        await self._write(
            [
                (
                    "INSERT INTO bot_state (key, value) VALUES (?, ?) "
                    "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                    (key, value),
                )
            ]
        )

    # ---- server options and strikes ----------------------------------------------------------

    async def guild_options(self, guild_id: int) -> dict[str, Any]:
        row = await self._one("SELECT options FROM guild_options WHERE guild_id = ?", (guild_id,))
        return json.loads(row[0]) if row else {}

    async def set_guild_options(self, guild_id: int, options: dict[str, Any], at: str) -> None:
        await self._write(
            [
                (
                    "INSERT INTO guild_options (guild_id, options, updated_at) VALUES (?, ?, ?) "
                    "ON CONFLICT (guild_id) DO UPDATE SET options = excluded.options, "
                    "updated_at = excluded.updated_at",
                    (guild_id, json.dumps(options), at),
                )
            ]
        )

    async def add_strike(
        self, table_id: int, user_id: int, message_id: int, severity: str, action: str, at: str
    ) -> int | None:
        async def work(conn: asyncpg.Connection) -> int | None:
            return await conn.fetchval(
                "INSERT INTO strikes (table_id, user_id, message_id, severity, action, at) "
                "VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (table_id, message_id) DO NOTHING RETURNING id",
                table_id,
                user_id,
                message_id,
                severity,
                action,
                at,
            )

        return await self.run(work)

    async def clear_strike(
        self, table_id: int, strike_id: int, by: int, *, channel_id: int
    ) -> dict[str, Any] | None:
        async def work(conn: asyncpg.Connection) -> dict[str, Any] | None:
            row = await conn.fetchrow(
                "SELECT s.* FROM strikes s JOIN tables t ON t.id = s.table_id "
                "WHERE s.id = $1 AND s.table_id = $2 AND t.channel_id = $3 AND s.cleared_by IS NULL "
                "FOR UPDATE OF s",
                strike_id,
                table_id,
                channel_id,
            )
            if row is None:
                return None
            await conn.execute("UPDATE strikes SET cleared_by = $1 WHERE id = $2", by, strike_id)
            return dict(row)

        return await self.run(work)

    async def strikes(self, table_id: int) -> dict[int, int]:
        rows = await self._all(
            "SELECT user_id, COUNT(*) FROM strikes WHERE table_id = ? AND cleared_by IS NULL "
            "GROUP BY user_id",
            (table_id,),
        )
        return {r[0]: r[1] for r in rows}
