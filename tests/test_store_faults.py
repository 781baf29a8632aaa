"""The bad day of the store: one table's writes fail while many tables play, a unit of work fails
inside a batch, SQLite rolls a whole transaction back, a log no longer replays. The tests that take
`store_url` run on SQLite and on PostgreSQL (tests/conftest.py); the others are about SQLite's writer
(its PostgreSQL counterpart: tests/test_postgres_store.py)."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import AsyncIterator
from functools import partial

import pytest

from bot.store import SqliteStore, Store, StoreError, open_store
from bot.store.writer import Writer
from bot.tables import CANCELLED, PLAYING, TableService
from tests.farm import Farm, assert_logged_exactly, open_table, snapshot


async def opened(path) -> SqliteStore:
    store = SqliteStore(str(path))
    await store.open()
    return store


async def opened_url(url: str) -> Store:
    store = open_store(url)
    await store.open()
    return store


# Units of work run in the writer's process: functions of this module, bound with partial.


def _insert(n: int, conn: sqlite3.Connection) -> None:
    conn.execute("INSERT INTO t VALUES (?)", (n,))


def _execute(sql: str, conn: sqlite3.Connection):
    return conn.execute(sql).fetchall()


def insert(n: int):
    """A unit of work that writes one row of the scratch table t."""
    return partial(_insert, n)


def execute(sql: str):
    return partial(_execute, sql)


def broken(conn: sqlite3.Connection) -> None:
    conn.execute("INSERT INTO t VALUES (100)")
    raise sqlite3.OperationalError("disk I/O error")


def kills_the_transaction(conn: sqlite3.Connection) -> None:
    conn.execute("INSERT INTO t VALUES (100)")
    conn.execute("ROLLBACK")
    raise sqlite3.OperationalError("database or disk is full")


def breaks_the_savepoint(conn: sqlite3.Connection) -> None:
    conn.execute("INSERT INTO t VALUES (1)")
    conn.execute("RELEASE unit")  # its savepoint is gone: rolling it back fails too
    raise sqlite3.OperationalError("disk I/O error")


def deferred_keys(path: str) -> sqlite3.Connection:
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute(
        "CREATE TABLE t (n INTEGER PRIMARY KEY, m INTEGER REFERENCES t (n) DEFERRABLE INITIALLY DEFERRED)"
    )
    conn.execute("PRAGMA foreign_keys=ON")
    return conn


async def make_writes_fail(store, table_id: int) -> None:
    """A fault inside the database itself: every event insert of that one table is refused."""
    if store.dialect == "postgres":
        statements = [
            (
                "CREATE FUNCTION injected_fault() RETURNS trigger LANGUAGE plpgsql AS "
                "$$ BEGIN RAISE EXCEPTION 'injected fault: disk I/O error'; END $$",
                (),
            ),
            (
                f"CREATE TRIGGER fail_{table_id} BEFORE INSERT ON events FOR EACH ROW "
                f"WHEN (NEW.table_id = {table_id}) EXECUTE FUNCTION injected_fault()",
                (),
            ),
        ]
    else:
        statements = [
            (
                f"CREATE TRIGGER fail_{table_id} BEFORE INSERT ON events WHEN NEW.table_id = {table_id} "
                "BEGIN SELECT RAISE(ABORT, 'injected fault: disk I/O error'); END",
                (),
            )
        ]
    await store._write(statements)


async def test_one_tables_failing_writes_lose_nothing_of_the_others_and_the_next_start_restores_all(
    store_url,
):
    store = await opened_url(store_url)
    service = TableService(store)
    farm = Farm(service)
    channels = range(1, 65)
    # Deal every table first, then make one of them fail while all 64 play at once.
    for channel in channels:
        table = await open_table(service, channel, seed=channel)
        farm.acked[table.id] = []
    bad = service.in_channel(7)
    assert bad is not None
    await make_writes_fail(store, bad.id)
    bad_before = snapshot(bad)

    async def newcomer() -> None:
        # Other channels keep opening tables during the fault.
        for channel in range(500, 505):
            await asyncio.sleep(0)
            await open_table(service, channel, seed=channel)

    await asyncio.gather(*(farm.play(c, 40, seed=c) for c in channels), newcomer())

    assert farm.refused.get(bad.id, 0) == 40, "every action of the failing table was refused"
    assert snapshot(bad) == bad_before, "a refused action changed nothing in memory"
    assert not any(n for tid, n in farm.refused.items() if tid != bad.id), farm.refused
    acknowledged = sum(len(a) for a in farm.acked.values())
    assert acknowledged >= 63 * 40

    in_memory = {t.id: snapshot(t) for t in service.open_tables() if t.status == PLAYING}
    await store.close()

    # Every acknowledged action is in the log, in its place, and nothing else is.
    again = await opened_url(store_url)
    try:
        await assert_logged_exactly(again, farm.acked)
        # A fresh start-up restores every open table exactly as it was.
        restarted = TableService(again)
        await restarted.load()
        assert restarted.set_aside == []
        assert {t.id: snapshot(t) for t in restarted.open_tables() if t.status == PLAYING} == in_memory
        assert len(in_memory) == 64 + 5
    finally:
        await again.close()


async def test_a_failed_unit_in_a_batch_is_rolled_back_alone(tmp_path):
    store = await opened(tmp_path / "w.sqlite3")
    try:
        await store._write([("CREATE TABLE t (n INTEGER PRIMARY KEY)", ())])
        # Queued together, so they share one transaction.
        results = await asyncio.gather(
            store.run(insert(1)), store.run(broken), store.run(insert(2)), return_exceptions=True
        )
        assert isinstance(results[1], StoreError)
        assert not isinstance(results[0], BaseException) and not isinstance(results[2], BaseException)
        async with store.db.execute("SELECT n FROM t ORDER BY n") as cur:
            assert [r[0] for r in await cur.fetchall()] == [1, 2]
    finally:
        await store.close()


async def test_a_failed_single_statement_unit_leaves_nothing_of_itself_and_the_batch_is_written(tmp_path):
    """A one-statement unit runs without a savepoint: SQLite must undo all of the failed statement,
    even rows it had already inserted, and keep every other unit of the transaction."""
    store = await opened(tmp_path / "w.sqlite3")
    try:
        await store._write([("CREATE TABLE t (n INTEGER PRIMARY KEY)", ())])
        await store._write([("INSERT INTO t VALUES (7)", ())])
        # Inserts 5, 6, then collides on 7: the statement fails after writing two rows.
        collides = "INSERT INTO t SELECT value FROM (SELECT 5 AS value UNION ALL SELECT 6 UNION ALL SELECT 7)"
        results = await asyncio.gather(
            store.run(insert(1), one_statement=True),
            store.run(execute(collides), one_statement=True),
            store.run(insert(2), one_statement=True),
            store._write([(collides, ())]),
            store._write([("INSERT INTO t VALUES (3)", ())]),
            return_exceptions=True,
        )
        assert [isinstance(r, StoreError) for r in results] == [False, True, False, True, False]
        async with store.db.execute("SELECT n FROM t ORDER BY n") as cur:
            assert [r[0] for r in await cur.fetchall()] == [1, 2, 3, 7]
    finally:
        await store.close()


async def test_when_sqlite_rolls_back_the_whole_transaction_the_others_are_written_again(tmp_path):
    """Disk full or an I/O error can end the transaction, not only the statement."""
    store = await opened(tmp_path / "w.sqlite3")
    try:
        await store._write([("CREATE TABLE t (n INTEGER PRIMARY KEY)", ())])
        results = await asyncio.gather(
            store.run(insert(1)),
            store.run(insert(2)),
            store.run(kills_the_transaction),
            store.run(insert(3)),
            return_exceptions=True,
        )
        assert [isinstance(r, StoreError) for r in results] == [False, False, True, False]
        async with store.db.execute("SELECT n FROM t ORDER BY n") as cur:
            assert [r[0] for r in await cur.fetchall()] == [1, 2, 3]
    finally:
        await store.close()


async def test_a_failed_commit_fails_every_unit_of_the_batch(tmp_path):
    """Nobody is told "saved" when the COMMIT itself did not happen."""
    writer = Writer(partial(deferred_keys, str(tmp_path / "c.sqlite3")))
    await writer.start()
    try:
        # A deferred foreign key is checked at COMMIT: the whole batch fails there.
        results = await asyncio.gather(
            writer.run(execute("INSERT INTO t VALUES (1, NULL)")),
            writer.run(execute("INSERT INTO t VALUES (2, 99)")),
            return_exceptions=True,
        )
        assert all(isinstance(r, StoreError) for r in results)
        rows = await writer.run(execute("SELECT COUNT(*) FROM t"))
        assert rows == [(0,)]
    finally:
        await writer.close()


async def three_tables(store_url: str, moves: int) -> tuple[Store, TableService]:
    """Games in channels 1, 2 and 3, `moves` actions each, on a store opened for the test."""
    store = await opened_url(store_url)
    service = TableService(store)
    farm = Farm(service)
    for channel in (1, 2, 3):
        await farm.play(channel, moves, seed=channel)
    return store, service


@contextlib.asynccontextmanager
async def restarted_on(store_url: str) -> AsyncIterator[TableService]:
    """A fresh start on the same database: its service, loaded."""
    again = await opened_url(store_url)
    try:
        service = TableService(again)
        await service.load()
        yield service
    finally:
        await again.close()


async def test_a_log_that_does_not_replay_sets_one_table_aside_and_the_rest_start(store_url):
    store, service = await three_tables(store_url, 6)
    broken = service.in_channel(2)
    assert broken is not None
    await store._write(
        [
            (
                "UPDATE events SET action = ? WHERE table_id = ? AND seq = 3",
                ('{"type":"play","player":0,"card":1,"pile":1}', broken.id),
            )
        ]
    )
    await store.close()

    again = await opened_url(store_url)
    try:
        restarted = TableService(again)
        await restarted.load()
        assert [(s.table_id, s.channel_id) for s in restarted.set_aside] == [(broken.id, 2)]
        assert "IllegalAction" in restarted.set_aside[0].reason
        assert restarted.in_channel(1) is not None and restarted.in_channel(3) is not None
        assert restarted.in_channel(2) is None
        # Its log is kept for whoever wants to look; the channel is free for a new table.
        stored = await again.load_table(broken.id)
        assert stored is not None and len(stored.actions) == 6
        assert stored.row["status"] == CANCELLED and "set_aside" in stored.row["meta"]
        await open_table(restarted, 2)
    finally:
        await again.close()


@pytest.mark.parametrize("kind", ["not json", '{"no type": 1}'])
async def test_garbage_in_a_log_is_set_aside_too(store_url, kind):
    store = await opened_url(store_url)
    service = TableService(store)
    await Farm(service).play(1, 3)
    table = service.in_channel(1)
    assert table is not None
    await store._write([("UPDATE events SET action = ? WHERE table_id = ?", (kind, table.id))])
    await store.close()
    again = await opened_url(store_url)
    try:
        restarted = TableService(again)
        await restarted.load()
        assert [s.table_id for s in restarted.set_aside] == [table.id]
    finally:
        await again.close()


async def test_a_log_with_a_missing_event_is_set_aside(store_url):
    store = await opened_url(store_url)
    service = TableService(store)
    await Farm(service).play(1, 5)
    await Farm(service).play(2, 5, seed=2)
    table = service.in_channel(1)
    assert table is not None
    await store._write([("DELETE FROM events WHERE table_id = ? AND seq = 1", (table.id,))])
    await store.close()
    again = await opened_url(store_url)
    try:
        restarted = TableService(again)
        await restarted.load()
        assert [s.table_id for s in restarted.set_aside] == [table.id]
        assert "gaps" in restarted.set_aside[0].reason
        assert restarted.in_channel(2) is not None
    finally:
        await again.close()


async def test_a_batch_that_breaks_half_way_does_not_stop_the_next_ones(tmp_path):
    store = await opened(tmp_path / "w.sqlite3")
    try:
        await store._write([("CREATE TABLE t (n INTEGER PRIMARY KEY)", ())])
        with pytest.raises(StoreError):
            await store.run(breaks_the_savepoint)
        await store.run(insert(2))
        async with store.db.execute("SELECT n FROM t ORDER BY n") as cur:
            assert [r[0] for r in await cur.fetchall()] == [2]
    finally:
        await store.close()


async def test_a_flush_cancelled_before_it_runs_leaves_no_caller_waiting_and_a_newer_flush_writes_on(
    tmp_path,
):
    """As at the event loop's shutdown, which cancels every task at once: the writer's flush is
    cancelled before its first step, and another task's clean-up writes in the same turn (so a new
    flush starts). Every unit queued is written by the new flush; none waits for ever (a flush
    cancelled that early never settles its queue), none is failed by the old flush's end."""
    store = await opened(tmp_path / "w.sqlite3")
    try:
        await store._write([("CREATE TABLE t (n INTEGER PRIMARY KEY)", ())])
        writer = store._writer
        written_in_cleanup: list[asyncio.Future] = []

        async def cleans_up_with_a_write():
            try:
                await asyncio.sleep(3600)
            except asyncio.CancelledError:
                written_in_cleanup.append(writer.submit(insert(2)))
                raise

        other = asyncio.ensure_future(cleans_up_with_a_write())
        await asyncio.sleep(0)
        first = writer.submit(insert(1))
        writer._flush.cancel()
        other.cancel()
        await asyncio.wait_for(asyncio.gather(other, return_exceptions=True), 5)
        await asyncio.wait_for(asyncio.gather(first, *written_in_cleanup), 10)
        async with store.db.execute("SELECT n FROM t ORDER BY n") as cur:
            assert [r[0] for r in await cur.fetchall()] == [1, 2]
    finally:
        await store.close()


async def test_a_flush_cancelled_before_it_runs_with_nothing_after_it_fails_its_callers(tmp_path):
    """Nothing else writes: the callers of a flush cancelled before its first step hear that the
    writer stopped, at once, and the store writes on afterwards."""
    store = await opened(tmp_path / "w.sqlite3")
    try:
        await store._write([("CREATE TABLE t (n INTEGER PRIMARY KEY)", ())])
        writer = store._writer
        first = writer.submit(insert(1))
        writer._flush.cancel()
        with pytest.raises(StoreError, match="writer stopped"):
            await asyncio.wait_for(first, 5)
        await store.run(insert(3))
        async with store.db.execute("SELECT n FROM t ORDER BY n") as cur:
            assert [r[0] for r in await cur.fetchall()] == [3]
    finally:
        await store.close()


@pytest.mark.parametrize(
    ("column", "text", "why"),
    [
        ("meta", '{"board_msg": 1', "cannot be read"),
        ("options", "garbage", "cannot be read"),
        ("meta", "[1, 2]", "not a JSON object"),
    ],
)
async def test_a_tables_row_that_does_not_decode_sets_that_table_aside_and_the_rest_start(
    store_url, column, text, why
):
    """Before, one table's undecodable meta or options stopped the whole start-up: no table
    started at all."""
    store, service = await three_tables(store_url, 4)
    broken = service.in_channel(2)
    assert broken is not None
    await store._write([(f"UPDATE tables SET {column} = ? WHERE id = ?", (text, broken.id))])
    await store.close()
    async with restarted_on(store_url) as restarted:
        assert [(s.table_id, s.channel_id) for s in restarted.set_aside] == [(broken.id, 2)]
        assert why in restarted.set_aside[0].reason
        assert restarted.in_channel(1) is not None and restarted.in_channel(3) is not None
        await open_table(restarted, 2)  # the channel takes a new table


async def test_a_finished_games_meta_that_does_not_decode_stops_no_start_up(store_url):
    """The start-up also reads finished games (reports to post, results to write) by their meta."""
    store, service = await three_tables(store_url, 4)
    finished = service.in_channel(2)
    assert finished is not None
    await service.end(finished.id, finished.host_id)
    await store._write([("UPDATE tables SET meta = ? WHERE id = ?", ("{not json", finished.id))])
    await store.close()
    async with restarted_on(store_url) as restarted:
        assert restarted.in_channel(1) is not None and restarted.in_channel(3) is not None
        assert restarted.set_aside == []
