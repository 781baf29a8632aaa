"""The SQLite store: one file under data/, WAL mode, numbered SQL migrations.

Every write is a unit of the store's writer (bot/store/writer.py): it runs in a savepoint of its own,
fails alone, and is committed, together with the units waiting beside it, before the call returns.
So an action the table service reports as accepted survives a crash of the process, and a failed
write of one table never touches another's. Reads use their own connection (aiosqlite).
"""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
import tempfile
from collections.abc import Awaitable, Callable
from functools import partial
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from bot.store.base import Leftover, Snapshot, StoredTable, StoreError, leftover, meta_keys, stored_row
from bot.store.daily import DailyQueries, daily_result_row
from bot.store.sqlite_stats import StatsQueries
from bot.store.writer import Combiner, Writer

T = TypeVar("T")
CHECKPOINT_UNITS = 2000  # committed writes between two checkpoints of the write-ahead log

log = logging.getLogger(__name__)

# Columns of ``tables`` that callers may set, and those kept as JSON text.
TABLE_COLUMNS = frozenset(
    {
        "guild_id",
        "channel_id",
        "game",
        "status",
        "host_id",
        "options",
        "seed",
        "first_player",
        "turn_timer",
        "meta",
        "created_at",
        "started_at",
        "updated_at",
        "finished_at",
    }
)
JSON_COLUMNS = frozenset({"options", "meta"})


def migrations() -> list[tuple[int, str, str]]:
    """(number, name, SQL) of every migration file, in order."""
    out = []
    for entry in resources.files("bot.store").joinpath("migrations").iterdir():
        name = entry.name
        if name.endswith(".sql"):
            out.append((int(name.split("_", 1)[0]), name, entry.read_text(encoding="utf-8")))
    return sorted(out)


def shard_clause(shard_count: int | None, shard_ids: tuple[int, ...] | None) -> str:
    """The condition on ``guild_id`` for the tables of a process's shards ('' for all of them).
    Discord puts a guild on shard (guild_id >> 22) % shard_count."""
    if not shard_count or shard_ids is None:
        return ""
    ids = ", ".join(str(int(i)) for i in shard_ids)
    return f" AND ((guild_id >> 22) % {int(shard_count)}) IN ({ids})"


def _connect_writer(path: str) -> sqlite3.Connection:
    """The write connection, made in the writer's process. Transactions are begun by hand."""
    conn = sqlite3.connect(path, isolation_level=None)
    # NORMAL in WAL mode: a commit survives a crash of the process (not of the machine's power).
    # The writer never checkpoints; the store's checkpoint task does, off the commit path.
    for pragma in (
        "journal_mode=WAL",
        "synchronous=NORMAL",
        "foreign_keys=ON",
        "busy_timeout=5000",
        "wal_autocheckpoint=0",
    ):
        conn.execute(f"PRAGMA {pragma}").fetchall()
    return conn


def _migrate(numbered: list[tuple[int, str, str]], conn: sqlite3.Connection) -> None:
    """Apply the numbered migrations not applied yet (as one writer unit: all or nothing). They are
    read in the bot's process and handed over, so the writer applies exactly the bot's list."""
    conn.execute(
        "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL)"
    )
    done = {r[0] for r in conn.execute("SELECT version FROM schema_migrations")}
    for number, name, sql in numbered:
        if number in done:
            continue
        log.info("applying migration %s", name)
        for statement in _statements(sql):
            conn.execute(statement)
        conn.execute("INSERT INTO schema_migrations VALUES (?, ?)", (number, name))


def _statements(script: str) -> list[str]:
    """A migration file split into its statements (sqlite3 runs one statement per execute)."""
    out, current = [], ""
    for line in script.splitlines(keepends=True):
        current += line
        if sqlite3.complete_statement(current):
            if current.strip():
                out.append(current)
            current = ""
    if current.strip() and not all(
        part.strip().startswith("--") or not part.strip() for part in current.splitlines()
    ):
        raise ValueError(f"a migration ends inside a statement: {current[:80]!r}")
    return out


def _encoder(item_separator: str, key_separator: str) -> Callable[[Any], str]:
    """json.dumps with these separators and otherwise its defaults, made once: json.dumps and
    JSONEncoder.encode build a new C encoder (and a dict of markers) on every call. The values
    written here are dicts the program builds itself, so the check for cycles is left out."""
    make = getattr(json.encoder, "c_make_encoder", None)
    if make is None:  # no C accelerator: the standard encoder
        return json.JSONEncoder(separators=(item_separator, key_separator)).encode

    def default(o: Any) -> Any:
        raise TypeError(f"Object of type {type(o).__name__} is not JSON serializable")

    chunks = make(
        None,
        default,
        json.encoder.encode_basestring_ascii,
        None,
        key_separator,
        item_separator,
        False,
        False,
        True,
    )
    join = "".join

    def encode(o: Any) -> str:
        return join(chunks(o, 0))

    return encode


# The log's JSON, without spaces; and JSON columns as json.dumps writes them.
_compact = _encoder(",", ":")
_dumps = _encoder(", ", ": ")


def _encode(fields: dict[str, Any]) -> dict[str, Any]:
    unknown = set(fields) - TABLE_COLUMNS
    if unknown:
        raise ValueError(f"unknown table columns: {sorted(unknown)}")
    return {k: _dumps(v) if k in JSON_COLUMNS else v for k, v in fields.items()}


_INSERT_EVENT = "INSERT INTO events (table_id, seq, action, user_id, at) VALUES (?, ?, ?, ?, ?)"
_SET_META = "UPDATE tables SET meta = ? WHERE id = ?"


class _Appends:
    """Logged actions of many tables in a few statements: their events in multi-row INSERTs, the
    meta of those whose turn ended in one UPDATE ... FROM (VALUES ...) per chunk. The writer runs
    them in one savepoint (bot/store/writer.py): all of them are written, or none and each unit is
    run alone. Chunks have a power-of-two number of rows, so a few statements are prepared once."""

    LARGEST = 128  # rows per statement (5 parameters a row stays under SQLite's old limit of 999)

    def __init__(self) -> None:
        self._inserts: dict[int, str] = {}
        self._updates: dict[int, str] = {}

    def _insert(self, rows: int) -> str:
        sql = self._inserts.get(rows)
        if sql is None:
            sql = self._inserts[rows] = (
                "INSERT INTO events (table_id, seq, action, user_id, at) VALUES "
                + ", ".join(["(?, ?, ?, ?, ?)"] * rows)
            )
        return sql

    def _update(self, rows: int) -> str:
        sql = self._updates.get(rows)
        if sql is None:
            sql = self._updates[rows] = (
                "UPDATE tables SET meta = v.column2 FROM (VALUES "
                + ", ".join(["(?, ?)"] * rows)
                + ") AS v WHERE tables.id = v.column1"
            )
        return sql

    @classmethod
    def _chunks(cls, rows: list[tuple]) -> list[list[tuple]]:
        out, start = [], 0
        while start < len(rows):
            size = min(len(rows) - start, cls.LARGEST)
            size = 1 << (size.bit_length() - 1)
            out.append(rows[start : start + size])
            start += size
        return out

    def __reduce__(self) -> str:
        return "_APPENDS"  # crosses to the writer's process by name: one instance there too

    def run_one(self, conn: sqlite3.Connection, payload: tuple) -> None:
        event, meta = payload
        conn.execute(_INSERT_EVENT, event)
        if meta is not None:
            conn.execute(_SET_META, (meta[1], meta[0]))

    def run_many(self, conn: sqlite3.Connection, payloads: list[tuple]) -> None:
        for chunk in self._chunks([event for event, _ in payloads]):
            conn.execute(self._insert(len(chunk)), [v for event in chunk for v in event])
        metas = [meta for _, meta in payloads if meta is not None]
        for chunk in self._chunks(metas):
            conn.execute(self._update(len(chunk)), [v for meta in chunk for v in meta])


_APPENDS = _Appends()


# The units of work the store hands its writer. They run in the writer's process, so each is a
# function of this module (the connection comes last, after what functools.partial binds).


def _execute(sql: str, params: tuple | dict, conn: sqlite3.Connection) -> int | None:
    return conn.execute(sql, params).lastrowid


def _run_statements(statements: list[tuple[str, tuple | dict]], conn: sqlite3.Connection) -> list[int | None]:
    return [conn.execute(sql, params).lastrowid for sql, params in statements]


def _create_table(
    insert: tuple[str, dict[str, Any]], seats: list[dict[str, Any]], conn: sqlite3.Connection
) -> int:
    try:
        table_id = conn.execute(*insert).lastrowid
    except sqlite3.IntegrityError as exc:
        raise StoreError(f"a table is already open in this channel ({exc})") from exc
    assert table_id is not None
    for sql, params in SqliteStore._seat_statements(table_id, seats):
        conn.execute(sql, params)
    return table_id


def _append(event: tuple, update: tuple[str, tuple | dict], conn: sqlite3.Connection) -> None:
    conn.execute(_INSERT_EVENT, event)
    conn.execute(*update)


def _finish(
    table_id: int,
    statements: list[tuple[str, tuple | dict]],
    results: list[tuple[str, tuple | dict]],
    conn: sqlite3.Connection,
) -> None:
    for sql, params in statements:
        conn.execute(sql, params)
    # A result counts once towards the totals.
    if results and conn.execute("SELECT 1 FROM results WHERE table_id = ?", (table_id,)).fetchone():
        return
    for sql, params in results:
        conn.execute(sql, params)


def _save_snapshots(rows: list[tuple], conn: sqlite3.Connection) -> None:
    conn.executemany("INSERT OR REPLACE INTO snapshots VALUES (?, ?, ?, ?, ?)", rows)


def _drop_snapshots(keep_engine: str, conn: sqlite3.Connection) -> int:
    return conn.execute(
        "DELETE FROM snapshots WHERE engine != ? OR table_id NOT IN "
        "(SELECT id FROM tables WHERE status IN ('lobby', 'playing'))",
        (keep_engine,),
    ).rowcount


def _add_strike(row: tuple, conn: sqlite3.Connection) -> int | None:
    found = conn.execute(
        "INSERT INTO strikes (table_id, user_id, message_id, severity, action, at) "
        "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (table_id, message_id) DO NOTHING RETURNING id",
        row,
    ).fetchone()
    return found[0] if found else None


def _clear_strike(
    table_id: int, strike_id: int, by: int, channel_id: int, conn: sqlite3.Connection
) -> dict[str, Any] | None:
    conn.row_factory = sqlite3.Row
    try:
        row = conn.execute(
            "SELECT s.* FROM strikes s JOIN tables t ON t.id = s.table_id "
            "WHERE s.id = ? AND s.table_id = ? AND t.channel_id = ? AND s.cleared_by IS NULL",
            (strike_id, table_id, channel_id),
        ).fetchone()
    finally:
        conn.row_factory = None
    if row is None:
        return None
    conn.execute("UPDATE strikes SET cleared_by = ? WHERE id = ?", (by, strike_id))
    return dict(row)


# Adds one result to a row of running totals (member_totals, member_months).
_ADD_TOTALS = (
    "ON CONFLICT DO UPDATE SET games = games + 1, wins = wins + excluded.wins, "
    "cards_left_sum = cards_left_sum + excluded.cards_left_sum, best = MIN(best, excluded.best)"
)


class SqliteStore(DailyQueries, StatsQueries):
    """Writes go through one writer (bot/store/writer.py); reads use a connection of their own.

    One process per file. With shards, it reads at start-up only the tables of its shards' guilds."""

    dialect = "sqlite"

    def __init__(
        self, path: str, *, shard_count: int | None = None, shard_ids: tuple[int, ...] | None = None
    ) -> None:
        self.path = path
        self.shards = shard_clause(shard_count, shard_ids)
        self._db: aiosqlite.Connection | None = None
        self._writer: Writer | None = None
        self._scratch: tempfile.TemporaryDirectory[str] | None = None
        self._checkpoint: asyncio.Task[None] | None = None
        self._uncheckpointed = 0

    @property
    def db(self) -> aiosqlite.Connection:
        """The read connection."""
        if self._db is None:
            raise StoreError("the store is not open")
        return self._db

    async def open(self) -> None:
        path = self.path
        if path == ":memory:":
            # Reads and writes use separate connections, so "in memory" is a file that goes away.
            self._scratch = tempfile.TemporaryDirectory(prefix="deckhand-")
            path = str(Path(self._scratch.name) / "memory.sqlite3")
        else:
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        self._writer = Writer(partial(_connect_writer, path), on_commit=self._committed)
        await self._writer.start()
        await self._writer.run(partial(_migrate, migrations()))
        self._db = await aiosqlite.connect(path)
        self._db.row_factory = sqlite3.Row
        for pragma in ("busy_timeout=5000", "query_only=ON"):
            async with self._db.execute(f"PRAGMA {pragma}") as cur:
                await cur.fetchall()

    async def close(self) -> None:
        if self._checkpoint is not None:
            await asyncio.gather(self._checkpoint, return_exceptions=True)
            self._checkpoint = None
        if self._writer is not None:
            writer, self._writer = self._writer, None
            await writer.close()
        if self._db is not None:
            db, self._db = self._db, None
            await db.close()
        if self._scratch is not None:
            self._scratch.cleanup()
            self._scratch = None

    def _committed(self, units: int) -> None:
        """Every CHECKPOINT_UNITS committed units, copy the write-ahead log into the database.

        The writer never checkpoints (its commits would wait while it did); a passive checkpoint on
        the read connection never blocks it.
        """
        self._uncheckpointed += units
        if self._uncheckpointed < CHECKPOINT_UNITS or self._db is None:
            return
        if self._checkpoint is None or self._checkpoint.done():
            self._uncheckpointed = 0
            self._checkpoint = asyncio.get_running_loop().create_task(self._checkpoint_now())

    async def _checkpoint_now(self) -> None:
        try:
            async with self.db.execute("PRAGMA wal_checkpoint(PASSIVE)") as cur:
                await cur.fetchall()
        except (sqlite3.Error, StoreError) as exc:
            log.warning("WAL checkpoint failed: %s", exc)

    async def run(
        self,
        work: Callable[[sqlite3.Connection], T],
        *,
        one_statement: bool = False,
        combine: tuple[Combiner, Any, Any] | None = None,
    ) -> T:
        """Run `work` on the write connection in its own savepoint; StoreError if it failed. It runs
        in the writer's process: a module-level function, or a functools.partial of one."""
        if self._writer is None:
            raise StoreError("the store is not open")
        return await self._writer.run(work, one_statement=one_statement, combine=combine)

    async def _write(self, statements: list[tuple[str, tuple | dict]]) -> list[int | None]:
        """Run statements as one unit; StoreError (and nothing of them written) if one fails."""
        return await self.run(partial(_run_statements, statements), one_statement=len(statements) == 1)

    @staticmethod
    def _update_sql(table_id: int, fields: dict[str, Any]) -> tuple[str, dict]:
        enc = _encode(fields)
        sets = ", ".join(f"{k} = :{k}" for k in enc)
        return f"UPDATE tables SET {sets} WHERE id = :_id", {**enc, "_id": table_id}

    @staticmethod
    def _seat_statements(table_id: int, seats: list[dict[str, Any]]) -> list[tuple[str, tuple | dict]]:
        out: list[tuple[str, tuple | dict]] = [("DELETE FROM seats WHERE table_id = ?", (table_id,))]
        for i, s in enumerate(seats):
            out.append(
                (
                    "INSERT INTO seats (table_id, seat, user_id, name, ai, level) VALUES (?, ?, ?, ?, ?, ?)",
                    (table_id, i, s.get("user_id"), s["name"], int(bool(s.get("ai"))), s.get("level")),
                )
            )
        return out

    async def create_table(self, row: dict[str, Any], seats: list[dict[str, Any]]) -> int:
        enc = _encode(row)
        cols = ", ".join(enc)
        marks = ", ".join(f":{k}" for k in enc)
        return await self.run(
            partial(_create_table, (f"INSERT INTO tables ({cols}) VALUES ({marks})", enc), seats)
        )

    async def update_table(self, table_id: int, **fields: Any) -> None:
        await self._write([self._update_sql(table_id, fields)])

    async def patch_meta(self, table_id: int, values: dict[str, Any]) -> None:
        if not values:
            return
        paths = ", ".join(f"'$.{key}', json(?)" for key in meta_keys(values))
        params = (*(_dumps(value) for value in values.values()), table_id)
        await self._write([(f"UPDATE tables SET meta = json_set(meta, {paths}) WHERE id = ?", params)])

    async def save_seats(self, table_id: int, seats: list[dict[str, Any]], **fields: Any) -> None:
        statements = self._seat_statements(table_id, seats)
        if fields:
            statements.append(self._update_sql(table_id, fields))
        await self._write(statements)

    def append_action(
        self, table_id: int, seq: int, action: dict[str, Any], user_id: int | None, at: str, **fields: Any
    ) -> Awaitable[None]:
        """Log one action as event `seq` of the table (refused if that number is taken). Awaited by
        the caller; not a coroutine itself, so the click path waits on the writer's future directly,
        a Held one: the caller's cancellation neither withdraws nor forgets the write."""
        writer = self._writer
        if writer is None:
            raise StoreError("the store is not open")
        event = (table_id, seq, _compact(action), user_id, at)
        if not fields:  # written with its neighbours in the batch, or alone by _APPENDS.run_one
            return writer.submit(None, True, (_APPENDS, table_id, (event, None)), held=True)
        if len(fields) == 1 and "meta" in fields:  # a turn's end: its timer starts again
            meta = (table_id, _dumps(fields["meta"]))
            return writer.submit(None, False, (_APPENDS, table_id, (event, meta)), held=True)
        return writer.submit(partial(_append, event, self._update_sql(table_id, fields)), held=True)

    async def finish_table(self, table_id: int, result: dict[str, Any] | None, **fields: Any) -> None:
        statements: list[tuple[str, tuple | dict]] = [
            self._update_sql(table_id, fields),
            ("DELETE FROM snapshots WHERE table_id = ?", (table_id,)),
        ]
        results = self._result_statements(table_id, result) if result is not None else []
        await self.run(partial(_finish, table_id, statements, results))

    @staticmethod
    def _result_statements(table_id: int, result: dict[str, Any]) -> list[tuple[str, tuple | dict]]:
        """The result row, a row per seat (with its standing strikes) and the boards' running totals."""
        r = dict(result)
        daily = daily_result_row(table_id, r)
        r.pop("daily", None)
        # The Game: the team won. The competitive games say per seat who won, and give each seat
        # its own figure (stockpile cards left, points behind the winner) in place of cards left.
        r["won"] = int(bool(r.get("won", r["status"] == "won")))
        r["moderator_ended"] = int(bool(r.get("moderator_ended")))
        seats = r["seats"]
        r["options"] = json.dumps(r["options"])
        r["seats"] = json.dumps(seats)
        cols = ", ".join(r)
        marks = ", ".join(f":{k}" for k in r)
        out: list[tuple[str, tuple | dict]] = [
            (f"INSERT INTO results (table_id, {cols}) VALUES (:_id, {marks})", {**r, "_id": table_id}),
            (
                "INSERT INTO guild_totals VALUES (?, ?, 1, ?, ?, ?, ?, ?) "
                "ON CONFLICT (guild_id, game) DO UPDATE SET "
                "games = games + 1, wins = wins + excluded.wins, "
                "cards_left_sum = cards_left_sum + excluded.cards_left_sum, best = MIN(best, excluded.best), "
                "duration_sum = duration_sum + excluded.duration_sum, "
                "moderator_ended = moderator_ended + excluded.moderator_ended",
                (
                    r["guild_id"],
                    r["game"],
                    r["won"],
                    r["cards_left"],
                    r["cards_left"],
                    r["duration_s"],
                    r["moderator_ended"],
                ),
            ),
        ]
        month = r["finished_at"][:7]
        for i, seat in enumerate(seats):
            # A seat keeps its member for life: handed to the AI or left, the result is theirs.
            user_id = seat.get("user_id")
            seat_won = int(bool(seat.get("won", r["won"])))
            seat_left = int(seat.get("cards_left", r["cards_left"]))
            out.append(
                (
                    "INSERT INTO result_seats (table_id, seat, guild_id, game, players, user_id, ai, laid, "
                    "strikes, cards_left, won, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, "
                    "(SELECT COUNT(*) FROM strikes WHERE table_id = ? AND user_id = ? "
                    "AND cleared_by IS NULL), "
                    "?, ?, ?)",
                    (
                        table_id,
                        i,
                        r["guild_id"],
                        r["game"],
                        r["players"],
                        user_id,
                        int(bool(seat.get("ai"))),
                        seat.get("laid", 0),
                        table_id,
                        user_id,
                        seat_left,
                        seat_won,
                        r["finished_at"],
                    ),
                )
            )
            if user_id is None:
                continue
            totals = (seat_won, seat_left, seat_left)
            out.append(
                (
                    "INSERT INTO member_totals (guild_id, game, players, user_id, games, wins, "
                    f"cards_left_sum, best) VALUES (?, ?, ?, ?, 1, ?, ?, ?) {_ADD_TOTALS}",
                    (r["guild_id"], r["game"], r["players"], user_id, *totals),
                )
            )
            out.append(
                (
                    "INSERT INTO member_months (guild_id, game, players, user_id, month, games, wins, "
                    f"cards_left_sum, best) VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?) {_ADD_TOTALS}",
                    (r["guild_id"], r["game"], r["players"], user_id, month, *totals),
                )
            )
        if daily is not None:
            out.append(daily)
        return out

    async def _stored(self, rows: list[sqlite3.Row], snapshots: bool = False) -> list[StoredTable]:
        """Tables with their seats and logs, in a few queries however many there are. With
        `snapshots`, a table that has one comes with it and only the events after it."""
        if not rows:
            return []
        tables = {row["id"]: stored_row(dict(row), JSON_COLUMNS) for row in rows}
        ids = ",".join(str(i) for i in tables)  # integers from the database itself
        async with self.db.execute(
            f"SELECT * FROM seats WHERE table_id IN ({ids}) ORDER BY table_id, seat"
        ) as cur:
            for seat in await cur.fetchall():
                tables[seat["table_id"]].seats.append(dict(seat))
        if snapshots:
            async with self.db.execute(
                f"SELECT table_id, seq, rule_version, engine, state FROM snapshots WHERE table_id IN ({ids})"
            ) as cur:
                for table_id, seq, rule_version, engine, state in await cur.fetchall():
                    tables[table_id].snapshot = Snapshot(seq, rule_version, engine, bytes(state))
        unfit = self._read_logs(tables, await self._logs(ids, snapshots))
        if unfit:
            # A snapshot the log does not reach: those tables are read whole, without it.
            for table_id in unfit:
                tables[table_id].snapshot = None
            self._read_logs(tables, await self._logs(",".join(map(str, unfit)), False))
        return list(tables.values())

    async def _logs(self, ids: str, after_snapshots: bool) -> list[tuple[int, int, int, int, str]]:
        """Per table: (id, events read, first seq, last seq, the events as one JSON array). After
        a snapshot of n events, the events from n - 1 on: the one before it proves the log reaches it.
        One row and one parse per log, not per action. The subquery's order is the order of
        concatenation (SQLite does not flatten an ordered subquery into an aggregate)."""
        start = "COALESCE((SELECT s.seq - 1 FROM snapshots s WHERE s.table_id = e.table_id), 0)"
        async with self.db.execute(
            "SELECT table_id, COUNT(*), MIN(seq), MAX(seq), '[' || group_concat(action, ',') || ']' FROM "
            f"(SELECT e.table_id, e.seq, e.action FROM events e WHERE e.table_id IN ({ids}) "
            f"{f'AND e.seq >= {start} ' if after_snapshots else ''}ORDER BY e.table_id, e.seq) "
            "GROUP BY table_id"
        ) as cur:
            return list(await cur.fetchall())

    @staticmethod
    def _read_logs(tables: dict[int, StoredTable], logs: list[tuple[int, int, int, int, str]]) -> list[int]:
        """Fill in each table's actions; the ids of tables whose snapshot the log does not reach."""
        unfit = []
        seen = set()
        for table_id, count, first, last, text in logs:
            seen.add(table_id)
            table = tables[table_id]
            snap = table.snapshot
            if snap is not None and first != snap.seq - 1:
                unfit.append(table_id)
                continue
            start = 0 if snap is None else snap.seq - 1
            if first != start or last != first + count - 1:
                table.damage = f"its log has gaps ({count} events from {first} to {last})"
                continue
            try:
                actions = json.loads(text)
            except ValueError as exc:
                table.damage = f"its log is not JSON ({exc})"
                continue
            table.actions = actions if snap is None else actions[1:]
        # A snapshot with no event at all in the store is ahead of the log, too.
        unfit.extend(i for i, t in tables.items() if t.snapshot is not None and i not in seen)
        return unfit

    async def _tables_where(self, condition: str) -> list[StoredTable]:
        async with self.db.execute(f"SELECT * FROM tables WHERE {condition}{self.shards} ORDER BY id") as cur:
            rows = await cur.fetchall()
        return await self._stored(list(rows))

    async def open_tables(self) -> list[StoredTable]:
        async with self.db.execute(
            f"SELECT * FROM tables WHERE status IN ('lobby', 'playing'){self.shards} ORDER BY id"
        ) as cur:
            rows = await cur.fetchall()
        return await self._stored(list(rows), snapshots=True)

    async def save_snapshots(self, snapshots: dict[int, Snapshot]) -> None:
        rows = [(i, s.seq, s.rule_version, s.engine, s.state) for i, s in snapshots.items()]
        await self.run(partial(_save_snapshots, rows), one_statement=True)

    async def drop_snapshots(self, keep_engine: str) -> int:
        return await self.run(partial(_drop_snapshots, keep_engine), one_statement=True)

    async def unreported_tables(self) -> list[StoredTable]:
        """Finished games whose final report was not posted yet (the bot stopped in between)."""
        return await self._tables_where(
            "status = 'finished' AND started_at IS NOT NULL "
            "AND CASE WHEN json_valid(meta) THEN json_extract(meta, '$.reported') END IS NULL"
        )

    async def leftover_messages(self) -> list[Leftover]:
        async with self.db.execute(
            "SELECT id, guild_id, channel_id, meta FROM tables "
            "WHERE status IN ('finished', 'cancelled') AND CASE WHEN json_valid(meta) THEN "
            f"json_type(meta, '$.stale_msgs') = 'array' AND json_array_length(meta, '$.stale_msgs') > 0 END"
            f"{self.shards} ORDER BY id"
        ) as cur:
            rows = await cur.fetchall()
        found = (leftover(*row) for row in rows)
        return [f for f in found if f is not None]

    async def pending_results(self) -> list[StoredTable]:
        """Finished games whose result could not be written when they ended."""
        return await self._tables_where(
            "status = 'finished' "
            "AND CASE WHEN json_valid(meta) THEN json_extract(meta, '$.result_pending') END"
        )

    async def logged_at(self, table_id: int, seq: int) -> str | None:
        async with self.db.execute(
            "SELECT at FROM events WHERE table_id = ? AND seq = ?", (table_id, seq)
        ) as cur:
            row = await cur.fetchone()
        return None if row is None else row[0]

    async def load_table(self, table_id: int) -> StoredTable | None:
        async with self.db.execute("SELECT * FROM tables WHERE id = ?", (table_id,)) as cur:
            row = await cur.fetchone()
        return None if row is None else (await self._stored([row]))[0]

    async def last_finished_table(self, channel_id: int) -> StoredTable | None:
        async with self.db.execute(
            "SELECT * FROM tables WHERE channel_id = ? AND status = 'finished' AND started_at IS NOT NULL "
            "ORDER BY id DESC LIMIT 1",
            (channel_id,),
        ) as cur:
            row = await cur.fetchone()
        return None if row is None else (await self._stored([row]))[0]

    async def results(self, guild_id: int) -> list[dict[str, Any]]:
        async with self.db.execute(
            "SELECT * FROM results WHERE guild_id = ? ORDER BY finished_at", (guild_id,)
        ) as cur:
            rows = await cur.fetchall()
        out = []
        for r in rows:
            d = dict(r)
            d["options"] = json.loads(d["options"])
            d["seats"] = json.loads(d["seats"])
            out.append(d)
        return out

    # ---- what the bot keeps about itself ------------------------------------------------------

    async def get_state(self, key: str) -> str | None:
        async with self.db.execute("SELECT value FROM bot_state WHERE key = ?", (key,)) as cur:
            row = await cur.fetchone()
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

    # ---- server options and strikes ------------------------------------------------------------

    async def guild_options(self, guild_id: int) -> dict[str, Any]:
        async with self.db.execute(
            "SELECT options FROM guild_options WHERE guild_id = ?", (guild_id,)
        ) as cur:
            row = await cur.fetchone()
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
        """Record a strike; None if that message was struck already (an edit of a caught message)."""
        return await self.run(partial(_add_strike, (table_id, user_id, message_id, severity, action, at)))

    async def clear_strike(
        self, table_id: int, strike_id: int, by: int, *, channel_id: int
    ) -> dict[str, Any] | None:
        """Mark a strike a false alarm; returns it, or None if unknown, cleared already, or not a
        strike of a table in `channel_id` (a button pressed anywhere else clears nothing)."""
        return await self.run(partial(_clear_strike, table_id, strike_id, by, channel_id))

    async def strikes(self, table_id: int) -> dict[int, int]:
        """Standing strikes per user at a table (false alarms not counted)."""
        async with self.db.execute(
            "SELECT user_id, COUNT(*) FROM strikes WHERE table_id = ? AND cleared_by IS NULL "
            "GROUP BY user_id",
            (table_id,),
        ) as cur:
            return {r[0]: r[1] for r in await cur.fetchall()}
