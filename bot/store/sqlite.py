"""The SQLite store (aiosqlite): one file under data/, WAL mode, numbered SQL migrations.

Every write is one transaction that is committed before the call returns, so an action the
table service reports as accepted survives a crash of the process.
"""

from __future__ import annotations

import contextlib
import json
import logging
import sqlite3
from importlib import resources
from pathlib import Path
from typing import Any

import aiosqlite

from bot.store.base import StoredTable, StoreError
from bot.store.sqlite_stats import StatsQueries

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
        "version",
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


def _encode(fields: dict[str, Any]) -> dict[str, Any]:
    unknown = set(fields) - TABLE_COLUMNS
    if unknown:
        raise ValueError(f"unknown table columns: {sorted(unknown)}")
    return {k: json.dumps(v) if k in JSON_COLUMNS else v for k, v in fields.items()}


def _decode(row: sqlite3.Row) -> dict[str, Any]:
    out = dict(row)
    for key in JSON_COLUMNS:
        if key in out and out[key] is not None:
            out[key] = json.loads(out[key])
    return out


# Adds one result to a row of running totals (member_totals, member_months).
_ADD_TOTALS = (
    "ON CONFLICT DO UPDATE SET games = games + 1, wins = wins + excluded.wins, "
    "cards_left_sum = cards_left_sum + excluded.cards_left_sum, best = MIN(best, excluded.best)"
)


class SqliteStore(StatsQueries):
    def __init__(self, path: str) -> None:
        self.path = path
        self._db: aiosqlite.Connection | None = None

    @property
    def db(self) -> aiosqlite.Connection:
        if self._db is None:
            raise StoreError("the store is not open")
        return self._db

    async def open(self) -> None:
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._db = await aiosqlite.connect(self.path)
        self._db.row_factory = sqlite3.Row
        # NORMAL in WAL mode: a commit survives a crash of the process (not of the machine's power).
        for pragma in ("journal_mode=WAL", "synchronous=NORMAL", "foreign_keys=ON", "busy_timeout=5000"):
            async with self._db.execute(f"PRAGMA {pragma}") as cur:
                await cur.fetchall()
        await self._migrate()

    async def close(self) -> None:
        if self._db is not None:
            await self._db.close()
            self._db = None

    async def _migrate(self) -> None:
        db = self.db
        await db.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL)"
        )
        await db.commit()
        async with db.execute("SELECT version FROM schema_migrations") as cur:
            done = {r[0] for r in await cur.fetchall()}
        for number, name, sql in migrations():
            if number in done:
                continue
            log.info("applying migration %s", name)
            await db.executescript(
                f"BEGIN;\n{sql}\nINSERT INTO schema_migrations VALUES ({number}, '{name}');\nCOMMIT;"
            )

    async def _write(self, statements: list[tuple[str, tuple | dict]]) -> list[int | None]:
        """Run statements in one transaction; StoreError (and nothing written) if it fails."""
        db = self.db
        ids: list[int | None] = []
        try:
            for sql, params in statements:
                cur = await db.execute(sql, params)
                ids.append(cur.lastrowid)
            await db.commit()
        except (sqlite3.Error, ValueError) as exc:
            try:
                await db.rollback()
            except sqlite3.Error:
                log.exception("rollback failed")
            raise StoreError(str(exc)) from exc
        return ids

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
                    "INSERT INTO seats (table_id, seat, user_id, name, ai) VALUES (?, ?, ?, ?, ?)",
                    (table_id, i, s.get("user_id"), s["name"], int(bool(s.get("ai")))),
                )
            )
        return out

    async def create_table(self, row: dict[str, Any], seats: list[dict[str, Any]]) -> int:
        enc = _encode(row)
        cols = ", ".join(enc)
        marks = ", ".join(f":{k}" for k in enc)
        db = self.db
        try:
            cur = await db.execute(f"INSERT INTO tables ({cols}) VALUES ({marks})", enc)
            table_id = cur.lastrowid
            assert table_id is not None
            for sql, params in self._seat_statements(table_id, seats):
                await db.execute(sql, params)
            await db.commit()
        except sqlite3.IntegrityError as exc:
            await db.rollback()
            raise StoreError(f"a table is already open in this channel ({exc})") from exc
        except sqlite3.Error as exc:
            await db.rollback()
            raise StoreError(str(exc)) from exc
        return table_id

    async def update_table(self, table_id: int, **fields: Any) -> None:
        await self._write([self._update_sql(table_id, fields)])

    async def save_seats(self, table_id: int, seats: list[dict[str, Any]], **fields: Any) -> None:
        statements = self._seat_statements(table_id, seats)
        if fields:
            statements.append(self._update_sql(table_id, fields))
        await self._write(statements)

    async def append_action(
        self, table_id: int, seq: int, action: dict[str, Any], user_id: int | None, at: str, **fields: Any
    ) -> None:
        statements: list[tuple[str, tuple | dict]] = [
            (
                "INSERT INTO events (table_id, seq, action, user_id, at) VALUES (?, ?, ?, ?, ?)",
                (table_id, seq, json.dumps(action), user_id, at),
            )
        ]
        if fields:
            statements.append(self._update_sql(table_id, fields))
        await self._write(statements)

    async def finish_table(self, table_id: int, result: dict[str, Any] | None, **fields: Any) -> None:
        statements: list[tuple[str, tuple | dict]] = [self._update_sql(table_id, fields)]
        if result is not None:
            async with self.db.execute("SELECT 1 FROM results WHERE table_id = ?", (table_id,)) as cur:
                recorded = await cur.fetchone() is not None
            if not recorded:  # a result counts once towards the totals
                statements.extend(self._result_statements(table_id, result))
        await self._write(statements)

    @staticmethod
    def _result_statements(table_id: int, result: dict[str, Any]) -> list[tuple[str, tuple | dict]]:
        """The result row, a row per seat (with its standing strikes) and the boards' running totals."""
        r = dict(result)
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
            user_id = None if seat.get("ai") else seat.get("user_id")
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
        return out

    async def _stored(self, row: sqlite3.Row) -> StoredTable:
        db = self.db
        table = _decode(row)
        async with db.execute("SELECT * FROM seats WHERE table_id = ? ORDER BY seat", (table["id"],)) as cur:
            seats = [dict(r) for r in await cur.fetchall()]
        async with db.execute(
            "SELECT action FROM events WHERE table_id = ? ORDER BY seq", (table["id"],)
        ) as cur:
            actions = [json.loads(r[0]) for r in await cur.fetchall()]
        return StoredTable(table, seats, actions)

    async def open_tables(self) -> list[StoredTable]:
        async with self.db.execute(
            "SELECT * FROM tables WHERE status IN ('lobby', 'playing') ORDER BY id"
        ) as cur:
            rows = await cur.fetchall()
        return [await self._stored(r) for r in rows]

    async def load_table(self, table_id: int) -> StoredTable | None:
        async with self.db.execute("SELECT * FROM tables WHERE id = ?", (table_id,)) as cur:
            row = await cur.fetchone()
        return None if row is None else await self._stored(row)

    async def last_finished_table(self, channel_id: int) -> StoredTable | None:
        async with self.db.execute(
            "SELECT * FROM tables WHERE channel_id = ? AND status = 'finished' AND started_at IS NOT NULL "
            "ORDER BY id DESC LIMIT 1",
            (channel_id,),
        ) as cur:
            row = await cur.fetchone()
        return None if row is None else await self._stored(row)

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
        db = self.db
        try:
            async with db.execute(
                "INSERT INTO strikes (table_id, user_id, message_id, severity, action, at) "
                "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (table_id, message_id) DO NOTHING RETURNING id",
                (table_id, user_id, message_id, severity, action, at),
            ) as cur:
                row = await cur.fetchone()
            await db.commit()
        except sqlite3.Error as exc:
            with contextlib.suppress(sqlite3.Error):
                await db.rollback()
            raise StoreError(str(exc)) from exc
        return row[0] if row else None

    async def clear_strike(self, table_id: int, strike_id: int, by: int) -> dict[str, Any] | None:
        """Mark a strike a false alarm; returns it, or None if unknown or cleared already."""
        async with self.db.execute(
            "SELECT * FROM strikes WHERE id = ? AND table_id = ? AND cleared_by IS NULL",
            (strike_id, table_id),
        ) as cur:
            row = await cur.fetchone()
        if row is None:
            return None
        await self._write([("UPDATE strikes SET cleared_by = ? WHERE id = ?", (by, strike_id))])
        return dict(row)

    async def strikes(self, table_id: int) -> dict[int, int]:
        """Standing strikes per user at a table (false alarms not counted)."""
        async with self.db.execute(
            "SELECT user_id, COUNT(*) FROM strikes WHERE table_id = ? AND cleared_by IS NULL "
            "GROUP BY user_id",
            (table_id,),
        ) as cur:
            return {r[0]: r[1] for r in await cur.fetchall()}
