"""What is PostgreSQL's own in the store: its writer (a failed unit stays alone, a failed COMMIT
answers nobody "saved", a lost connection costs one batch), and migrations that several processes
starting together apply once. The tests shared with SQLite take `store_url` in the other files."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

import asyncpg
import pytest

from bot.store import StoreError, open_store, postgres
from bot.store.postgres import PostgresStore, migrations
from bot.tables import TableError, TableService
from tests.farm import Farm, next_move, open_table

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
async def store(postgres_url):
    s = open_store(postgres_url)
    assert isinstance(s, PostgresStore)
    await s.open()
    await s._write([("CREATE TABLE t (n INTEGER PRIMARY KEY)", ())])
    yield s
    await s.close()


def insert(n: int):
    async def work(conn: asyncpg.Connection) -> None:
        await conn.execute("INSERT INTO t VALUES ($1)", n)

    return work


async def numbers(store: PostgresStore) -> list[int]:
    return [r[0] for r in await store._all("SELECT n FROM t ORDER BY n")]


async def test_a_failed_unit_in_a_batch_is_rolled_back_alone(store):
    async def broken(conn: asyncpg.Connection) -> None:
        await conn.execute("INSERT INTO t VALUES (100)")
        await conn.execute("INSERT INTO t VALUES (100)")  # fails: PostgreSQL ends the transaction

    results = await asyncio.gather(
        store.run(insert(1)), store.run(broken), store.run(insert(2)), return_exceptions=True
    )
    assert [isinstance(r, StoreError) for r in results] == [False, True, False]
    assert await numbers(store) == [1, 2]
    # Later batches (with savepoints for a while, then without) keep working.
    for n in range(3, 40):
        await store.run(insert(n))
    assert await numbers(store) == list(range(1, 40))


async def test_a_unit_that_refuses_after_writing_leaves_nothing_of_itself(store):
    async def refuses(conn: asyncpg.Connection) -> None:
        await conn.execute("INSERT INTO t VALUES (50)")
        raise StoreError("the version moved on")

    results = await asyncio.gather(
        store.run(insert(1)), store.run(refuses), store.run(insert(2)), return_exceptions=True
    )
    assert [isinstance(r, StoreError) for r in results] == [False, True, False]
    assert await numbers(store) == [1, 2]


async def test_a_failed_commit_fails_every_unit_of_the_batch(store):
    """Nobody is told "saved" when the COMMIT itself did not happen (a deferred check fails there)."""
    await store._write(
        [
            (
                "CREATE TABLE d (n INTEGER PRIMARY KEY, "
                "m INTEGER REFERENCES d (n) DEFERRABLE INITIALLY DEFERRED)",
                (),
            )
        ]
    )

    def row(n: int, m: int | None):
        async def work(conn: asyncpg.Connection) -> None:
            await conn.execute("INSERT INTO d VALUES ($1, $2)", n, m)

        return work

    results = await asyncio.gather(store.run(row(1, None)), store.run(row(2, 99)), return_exceptions=True)
    assert all(isinstance(r, StoreError) for r in results)
    assert (await store._all("SELECT COUNT(*) FROM d"))[0][0] == 0


async def test_a_lost_connection_fails_its_batch_only_and_the_writer_connects_again(store):
    await store.run(insert(1))

    async def cut(conn: asyncpg.Connection) -> None:
        await conn.execute("INSERT INTO t VALUES (2)")
        await store._all("SELECT pg_terminate_backend($1)", (conn.get_server_pid(),))
        await conn.execute("INSERT INTO t VALUES (3)")

    with pytest.raises(StoreError):
        await store.run(cut)
    await store.run(insert(4))
    assert await numbers(store) == [1, 4]


MIGRATE = """
import asyncio, sys
from bot.store.postgres import migrate
import asyncpg

async def main(url):
    conn = await asyncpg.connect(url)
    try:
        print(",".join(await migrate(conn)))
    finally:
        await conn.close()

asyncio.run(main(sys.argv[1]))
"""


async def test_migrations_started_by_several_processes_at_once_are_applied_once(postgres_url):
    processes = [
        await asyncio.create_subprocess_exec(
            sys.executable,
            "-c",
            MIGRATE,
            postgres_url,
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        for _ in range(3)
    ]
    outputs = [await p.communicate() for p in processes]
    assert [p.returncode for p in processes] == [0, 0, 0], [err.decode()[-800:] for _, err in outputs]
    applied = [out.decode().strip() for out, _ in outputs]
    names = [name for _, name, _ in migrations()]
    assert sorted(applied) == ["", "", ",".join(names)], "one process applied them all, the others none"
    store = open_store(postgres_url)
    await store.open()
    try:
        rows = await store._all("SELECT version FROM schema_migrations ORDER BY version")
        assert [r[0] for r in rows] == [number for number, _, _ in migrations()]
    finally:
        await store.close()


async def test_many_tables_play_through_one_writer_with_group_commit(postgres_url):
    """Units queued while a batch is in flight share the next COMMIT (far fewer commits than units)."""
    store = open_store(postgres_url)
    await store.open()
    try:
        before = (
            await store._all("SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()")
        )[0][0]
        farm = Farm(TableService(store))
        await asyncio.gather(*(farm.play(c, 20, seed=c) for c in range(1, 41)))
        await asyncio.sleep(0.6)  # the statistics collector reports every half second
        after = (
            await store._all("SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()")
        )[0][0]
        acked = sum(len(a) for a in farm.acked.values())
        assert acked == 40 * 20
        assert after - before < acked / 2, (after - before, acked)
    finally:
        await store.close()


def cut_at_commit(monkeypatch, conn: asyncpg.Connection, *, after: bool) -> list[int]:
    """The next COMMIT of `conn` meets a cut connection: `after` the server committed it (only its
    answer is lost), or before it reached the server. Returns a counter of the cuts."""
    cuts = [0]
    execute = asyncpg.Connection.execute

    async def cutting(self, query, *args, **kwargs):
        if self is conn and query == "COMMIT" and not cuts[0]:
            cuts[0] += 1
            if after:
                await execute(self, query, *args, **kwargs)
            self.terminate()
            raise asyncpg.exceptions.ConnectionDoesNotExistError(
                "connection was closed in the middle of operation"
            )
        return await execute(self, query, *args, **kwargs)

    monkeypatch.setattr(asyncpg.Connection, "execute", cutting)
    return cuts


@pytest.mark.parametrize("after", [True, False], ids=["answer lost", "commit lost"])
async def test_a_connection_cut_at_commit_tells_each_player_the_truth_and_every_table_plays_on(
    postgres_url, monkeypatch, after
):
    """Before, a COMMIT whose answer was lost was taken for one that failed: its players heard
    "nothing changed" though their actions were in the log, and their tables then refused every
    action (their number was taken) until a restart."""
    store = open_store(postgres_url)
    await store.open()
    try:
        service = TableService(store)
        tables = [await open_table(service, channel, seed=channel) for channel in range(1, 11)]
        cuts = cut_at_commit(monkeypatch, store._writer._conn, after=after)
        moves = [next_move(table) for table in tables]
        results = await asyncio.gather(
            *(
                service.act(t.id, user, action, t.version)
                for t, (user, action) in zip(tables, moves, strict=True)
            ),
            return_exceptions=True,
        )
        assert cuts == [1]
        for table, result in zip(tables, results, strict=True):
            logged = await store.load_table(table.id)
            assert len(logged.actions) == table.version  # memory and log agree
            if after:
                assert not isinstance(result, BaseException), result  # written, and told so
                assert table.version == 1
            else:
                assert isinstance(result, TableError) and "nothing changed" in result.said()
                assert table.version == 0
        for table in tables:  # every table takes its next action
            user, action = next_move(table)
            await service.act(table.id, user, action, table.version)
    finally:
        await store.close()


async def test_a_row_lock_held_elsewhere_refuses_that_tables_action_and_no_other(postgres_url, monkeypatch):
    """Another session holds one table's row (a forgotten transaction). Before, the writer waited
    for it with every table's writes behind it: no click anywhere was answered while it lasted."""
    monkeypatch.setattr(postgres, "LOCK_TIMEOUT", 0.5)
    store = open_store(postgres_url)
    await store.open()
    other = await asyncpg.connect(postgres_url)
    try:
        service = TableService(store)
        tables = [await open_table(service, channel, seed=channel) for channel in range(1, 11)]
        locked = tables[3]
        holding = other.transaction()
        await holding.start()
        await other.execute("SELECT 1 FROM tables WHERE id = $1 FOR UPDATE", locked.id)
        # The lock is let go after 5 s whatever happens (on the code before, the answers waited
        # for it); every answer must come while it is still held.
        released = asyncio.get_running_loop().call_later(5, lambda: asyncio.ensure_future(holding.rollback()))
        moves = [next_move(table) for table in tables]
        results = await asyncio.gather(
            *(service.act(t.id, u, a, t.version) for t, (u, a) in zip(tables, moves, strict=True)),
            return_exceptions=True,
        )
        assert not released.cancelled() and released.when() > asyncio.get_running_loop().time(), (
            "the answers waited for the lock"
        )
        released.cancel()
        for table, result in zip(tables, results, strict=True):
            if table is locked:
                assert isinstance(result, TableError) and "nothing changed" in result.said()
            else:
                assert not isinstance(result, BaseException), result
        await holding.rollback()
        user, action = next_move(locked)
        await service.act(locked.id, user, action, locked.version)  # and it plays once the lock is gone
    finally:
        await other.close()
        await store.close()


async def test_a_failed_start_of_a_batch_fails_that_batch_only(postgres_url, monkeypatch):
    """The batch's first statements (BEGIN, its transaction id) failing must not leave the writer's
    connection inside an aborted transaction, where every later batch would fail."""
    store = open_store(postgres_url)
    await store.open()
    try:
        await store._write([("CREATE TABLE t (n INTEGER PRIMARY KEY)", ())])
        fetchval = asyncpg.Connection.fetchval
        failures = [1]

        async def refusing(self, query, *args, **kwargs):
            if query == "SELECT txid_current()" and failures[0]:
                failures[0] -= 1
                query = "SELECT 1 / 0"  # fails in the server, as on a standby: the transaction aborts
            return await fetchval(self, query, *args, **kwargs)

        monkeypatch.setattr(asyncpg.Connection, "fetchval", refusing)
        with pytest.raises(StoreError):
            await store.run(insert(1))
        for n in range(2, 6):
            await store.run(insert(n))
        assert await numbers(store) == [2, 3, 4, 5]
    finally:
        await store.close()
