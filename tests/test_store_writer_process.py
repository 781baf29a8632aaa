"""The bad day of SQLite's writer process (bot/store/writer.py): it is killed while many tables play,
it dies after a commit before its answer is out, it dies in the middle of a batch, a write cannot be
sent to it, a Ctrl-C reaches it, its parent is killed. What does each caller hear, and what is in
the database?"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sqlite3
import subprocess
import sys
import time
from functools import partial
from pathlib import Path

import pytest

from bot.store import SqliteStore, StoreError
from bot.tables import PLAYING, TableService
from tests.farm import Farm, assert_logged_exactly, open_table, snapshot

# Units of work run in the writer's process: functions of this module, bound with partial.


def _insert(n: int, conn: sqlite3.Connection) -> None:
    conn.execute("INSERT INTO t VALUES (?)", (n,))


def _slow_insert(n: int, conn: sqlite3.Connection) -> None:
    time.sleep(1.6)  # longer than the watch's second between two looks
    conn.execute("INSERT INTO t VALUES (?)", (n,))


async def in_flight(writer) -> None:
    """Until the writer has a batch in flight (a fixed sleep could end first on a loaded runner)."""
    async with asyncio.timeout(10):
        while writer._sent is None:
            await asyncio.sleep(0.005)


def _lose_the_next_answer(conn: sqlite3.Connection) -> None:
    """The writer's process dies after this batch's COMMIT, before its answer is sent."""
    from bot import frames

    def die(message) -> bytes:
        os.kill(os.getpid(), signal.SIGKILL)
        raise AssertionError("not reached")

    frames.frame = die  # type: ignore[assignment]


def _returns_a_cursor(conn: sqlite3.Connection):
    conn.execute("INSERT INTO t VALUES (50)")
    return conn.execute("SELECT n FROM t")


def _die_now(conn: sqlite3.Connection) -> None:
    """The writer's process dies in the middle of the batch, before its COMMIT."""
    os.kill(os.getpid(), signal.SIGKILL)


async def opened(path: Path) -> SqliteStore:
    store = SqliteStore(str(path))
    await store.open()
    return store


@pytest.fixture
async def scratch(tmp_path):
    """An open store with a scratch table t (n INTEGER PRIMARY KEY) to write rows into."""
    store = await opened(tmp_path / "scratch.sqlite3")
    try:
        await store._write([("CREATE TABLE t (n INTEGER PRIMARY KEY)", ())])
        yield store
    finally:
        await store.close()


async def rows(store: SqliteStore) -> list[int]:
    async with store.db.execute("SELECT n FROM t ORDER BY n") as cur:
        return [r[0] for r in await cur.fetchall()]


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A child that died and was not reaped yet is a zombie, not a writer.
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(")")[-1].split()[0] != "Z"
    except OSError:
        return False


async def test_a_writer_killed_while_many_tables_play_loses_no_acknowledged_action_and_play_goes_on(tmp_path):
    store = await opened(tmp_path / "k.sqlite3")
    service = TableService(store)
    farm = Farm(service)
    channels = range(1, 41)
    for channel in channels:
        table = await open_table(service, channel, seed=channel)
        farm.acked[table.id] = []
    pids = [store._writer.pid]
    acked_after_kill: list[int] = []
    killed = asyncio.Event()

    async def killer() -> None:
        # Three times, at some moment of the play: the writer is killed with whatever it holds.
        try:
            for _ in range(3):
                await asyncio.sleep(0.1)
                pid = store._writer.pid
                assert pid is not None
                os.kill(pid, signal.SIGKILL)
                async with asyncio.timeout(10):
                    while store._writer.pid in (pid, None):
                        await asyncio.sleep(0.005)
                pids.append(store._writer.pid)
                acked_after_kill.append(sum(len(a) for a in farm.acked.values()))
        finally:
            killed.set()

    async def player(channel: int) -> None:
        while not killed.is_set():
            await farm.play(channel, 10, seed=channel)
        await farm.play(channel, 10, seed=channel)

    await asyncio.gather(*(player(c) for c in channels), killer())

    assert len(set(pids)) == 4, "the writer was killed three times and started again each time"
    acknowledged = sum(len(a) for a in farm.acked.values())
    assert acknowledged > acked_after_kill[-1], "play went on after the last kill"
    # A batch the killed writer had not committed is sent to the new one: no click is refused.
    assert farm.refused == {}
    in_memory = {t.id: snapshot(t) for t in service.open_tables() if t.status == PLAYING}
    await store.close()

    again = await opened(tmp_path / "k.sqlite3")
    try:
        # Every acknowledged action is in the log, in its place, and nothing that was refused.
        await assert_logged_exactly(again, farm.acked)
        restarted = TableService(again)
        await restarted.load()
        assert restarted.set_aside == []
        assert {t.id: snapshot(t) for t in restarted.open_tables() if t.status == PLAYING} == in_memory
    finally:
        await again.close()


async def test_a_batch_committed_before_the_writer_died_is_answered_as_written(scratch):
    """The answer was lost, not the batch: the callers are told what the database holds."""
    store = scratch
    first = store._writer.pid
    results = await asyncio.gather(
        store.run(partial(_insert, 1)),
        store.run(_lose_the_next_answer),
        store._write([("INSERT INTO t VALUES (2)", ())]),
        store.run(partial(_insert, 1)),  # fails alone: 1 is taken
        return_exceptions=True,
    )
    assert [isinstance(r, StoreError) for r in results] == [False, False, False, True]
    assert results[2] == [2], "a unit's value survives the lost answer"
    assert store._writer.pid != first
    assert await rows(store) == [1, 2]
    await store._write([("INSERT INTO t VALUES (3)", ())])
    assert await rows(store) == [1, 2, 3]


async def test_a_write_that_kills_its_writer_fails_alone_and_the_rest_of_its_batch_is_written(scratch):
    """A batch lost before its COMMIT is sent to the next writer once; lost again, its units are sent
    one by one, so only the one that kills the writer fails, and the store goes on."""
    store = scratch
    async with asyncio.timeout(60):
        results = await asyncio.gather(
            store.run(partial(_insert, 1)),
            store.run(_die_now),
            store.run(partial(_insert, 2)),
            return_exceptions=True,
        )
    assert [isinstance(r, StoreError) for r in results] == [False, True, False]
    assert "nothing was written" in str(results[1])
    assert await rows(store) == [1, 2]
    await store.run(partial(_insert, 3))
    assert await rows(store) == [1, 2, 3]


async def test_a_write_whose_value_cannot_be_sent_back_is_undone_alone(scratch):
    store = scratch
    async with asyncio.timeout(60):
        results = await asyncio.gather(
            store.run(partial(_insert, 1)),
            store.run(_returns_a_cursor),
            store.run(partial(_insert, 2)),
            return_exceptions=True,
        )
    assert [isinstance(r, StoreError) for r in results] == [False, True, False]
    assert "cannot be sent back" in str(results[1])
    assert await rows(store) == [1, 2]


async def test_when_no_new_writer_can_be_started_callers_hear_so_and_the_next_write_tries_again(
    scratch, monkeypatch
):
    from bot.store import writer

    store = scratch
    real = asyncio.create_subprocess_exec

    async def refused(*args, **kwargs):
        raise OSError(24, "Too many open files")

    monkeypatch.setattr(writer.asyncio, "create_subprocess_exec", refused)
    os.kill(store._writer.pid, signal.SIGKILL)
    async with asyncio.timeout(60):
        results = await asyncio.gather(
            store.run(partial(_insert, 1)), store.run(partial(_insert, 2)), return_exceptions=True
        )
    assert all(isinstance(r, StoreError) for r in results), results
    assert await rows(store) == []
    monkeypatch.setattr(writer.asyncio, "create_subprocess_exec", real)
    async with asyncio.timeout(60):
        await store.run(partial(_insert, 3))
    assert await rows(store) == [3]


async def test_a_write_that_cannot_be_sent_to_the_writer_fails_alone(scratch, caplog):
    store = scratch
    results = await asyncio.gather(
        store.run(partial(_insert, 1)),
        store.run(lambda conn: conn.execute("INSERT INTO t VALUES (5)")),
        store.run(partial(_insert, 2)),
        return_exceptions=True,
    )
    assert [isinstance(r, StoreError) for r in results] == [False, True, False]
    assert "cannot be sent to the writer" in str(results[1])
    assert await rows(store) == [1, 2]


async def test_ctrl_c_and_sigterm_do_not_cut_the_writer_short(tmp_path):
    """A terminal's Ctrl-C or a service manager's SIGTERM reaches the whole process group: the writer
    stops only when the bot closes the store, after the last batch."""
    store = await opened(tmp_path / "s.sqlite3")
    try:
        await store._write([("CREATE TABLE t (n INTEGER PRIMARY KEY)", ())])
        pid = store._writer.pid
        os.kill(pid, signal.SIGINT)
        os.kill(pid, signal.SIGTERM)
        await asyncio.sleep(0.2)
        await store.run(partial(_insert, 1))
        assert store._writer.pid == pid
        assert await rows(store) == [1]
    finally:
        await store.close()
    assert not alive(pid), "closing the store stops its writer"


DRIVER = """
import asyncio, sys
sys.path.insert(0, {root!r})
from bot.store import SqliteStore

async def main():
    store = SqliteStore({path!r})
    await store.open()
    print(store._writer.pid, flush=True)
    await asyncio.sleep(60)

asyncio.run(main())
"""


def test_a_killed_bot_leaves_no_writer_behind(tmp_path):
    root = str(Path(__file__).resolve().parents[1])
    code = DRIVER.format(root=root, path=str(tmp_path / "o.sqlite3"))
    bot = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    try:
        assert bot.stdout is not None
        writer = int(bot.stdout.readline())
        assert alive(writer)
    finally:
        bot.kill()
        bot.wait()
    deadline = time.monotonic() + 10
    while alive(writer) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not alive(writer), "the writer stops when its bot is gone"


async def test_a_writer_that_stops_answering_is_replaced_and_nothing_is_lost(scratch, monkeypatch):
    """A writer stuck (a stalled disk, a stopped process) is not dead: its pipe stays open. After
    ANSWER_TIMEOUT the store replaces it and asks the database what became of the batch."""
    from bot.store import writer

    # Long enough for the new writer to import this module (to run _insert) on a busy machine.
    monkeypatch.setattr(writer, "ANSWER_TIMEOUT", 2.0)
    store = scratch
    stuck = store._writer.pid
    os.kill(stuck, signal.SIGSTOP)
    async with asyncio.timeout(30):
        results = await asyncio.gather(
            store.run(partial(_insert, 1)), store.run(partial(_insert, 2)), return_exceptions=True
        )
    assert results == [None, None]
    assert store._writer.pid != stuck and not alive(stuck)
    assert await rows(store) == [1, 2]


async def test_a_writer_that_stops_answering_after_a_busy_spell_is_replaced_in_time(scratch, monkeypatch):
    """One watch looks at the batch in flight, whichever it is. After a spell of answered batches
    longer than ANSWER_TIMEOUT (the watch looks many times meanwhile), a writer that answers is
    kept; one that then stops answering is replaced, and nothing is lost."""
    from bot.store import writer

    monkeypatch.setattr(writer, "ANSWER_TIMEOUT", 0.5)
    store = scratch
    first = store._writer.pid
    n = 0
    started = time.monotonic()
    while time.monotonic() - started < 1.2:
        n += 1
        await store.run(partial(_insert, n))
        await asyncio.sleep(0.01)
    assert store._writer.pid == first, "a writer that answers is kept"

    async def longer_once_replaced() -> None:
        """The short timeout is for the stopped writer. Its successor imports this module to run
        _insert, which can take longer than 0.5 s on a busy machine: it gets the usual time."""
        while store._writer.pid == first:
            await asyncio.sleep(0.005)
        monkeypatch.setattr(writer, "ANSWER_TIMEOUT", 30.0)

    relax = asyncio.ensure_future(longer_once_replaced())
    os.kill(first, signal.SIGSTOP)
    async with asyncio.timeout(30):
        results = await asyncio.gather(
            store.run(partial(_insert, n + 1)), store.run(partial(_insert, n + 2)), return_exceptions=True
        )
    await relax
    assert results == [None, None]
    assert store._writer.pid != first and not alive(first)
    assert await rows(store) == list(range(1, n + 3))


async def test_a_store_closed_while_its_writer_is_stuck_ends_and_keeps_what_it_acknowledged(
    tmp_path, monkeypatch
):
    """The bot stops (or restarts) while its writer is stuck with a batch in flight: the close does
    not hang. The watch replaces the writer, the batch is recovered and written, then the store
    closes; every write that was acknowledged is in the file when it is opened again, and none that
    was refused. (Plain statements: a new writer runs them without importing anything more, so its
    first answer is not late.)"""
    from bot.store import writer

    def insert(n: int) -> list[tuple[str, tuple]]:
        return [("INSERT INTO t VALUES (?)", (n,))]

    path = tmp_path / "closing.sqlite3"
    store = await opened(path)
    stuck = None
    closed = False
    try:
        await store._write([("CREATE TABLE t (n INTEGER PRIMARY KEY)", ())])
        await store._write(insert(1))
        monkeypatch.setattr(writer, "ANSWER_TIMEOUT", 1.0)
        stuck = store._writer.pid
        os.kill(stuck, signal.SIGSTOP)
        writes = [asyncio.ensure_future(store._write(insert(n))) for n in (2, 3)]
        await asyncio.sleep(0.05)  # their batch is in flight to the stopped writer
        async with asyncio.timeout(30):
            await store.close()
            closed = True
            results = await asyncio.gather(*writes, return_exceptions=True)
        assert not alive(stuck)
        assert all(not isinstance(r, BaseException) or isinstance(r, StoreError) for r in results), results
        acknowledged = [1] + [
            n for n, r in zip((2, 3), results, strict=True) if not isinstance(r, BaseException)
        ]
        again = await opened(path)
        try:
            assert await rows(again) == acknowledged
            await again._write(insert(4))  # and the file takes writes again
            assert await rows(again) == [*acknowledged, 4]
        finally:
            await again.close()
    finally:
        if stuck is not None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(stuck, signal.SIGKILL)
        if not closed:
            await store.close()


async def test_a_jump_of_the_loops_clock_does_not_make_a_healthy_writer_look_stuck(scratch, monkeypatch):
    """The watch on the writer's answers measures real time. Clocks that jump an hour ahead (a
    simulated Discord's time travel) while a batch is in flight does not make that batch,
    sent a moment ago, look stuck: its writer is kept. (With the timeout on the loop's clock, as
    before, the writer was replaced.)"""
    store = scratch
    first = store._writer.pid
    await store.run(partial(_insert, 1))
    slow = asyncio.ensure_future(store.run(partial(_slow_insert, 2)))
    await in_flight(store._writer)
    # Both clocks a simulated Discord moves: the loop's, and time.monotonic.
    loop = asyncio.get_running_loop()
    clock, monotonic = loop.time, time.monotonic
    monkeypatch.setattr(loop, "time", lambda: clock() + 3600)
    monkeypatch.setattr(time, "monotonic", lambda: monotonic() + 3600)
    assert await slow is None
    results = await asyncio.gather(*(store.run(partial(_insert, n)) for n in range(3, 40)))
    assert results == [None] * 37
    assert store._writer.pid == first and alive(first)
    assert await rows(store) == list(range(1, 40))


async def test_the_watch_kills_only_the_batch_it_saw_still_waiting(scratch):
    """The watch's thread asks the loop to kill a writer; by the time the loop runs that, the batch
    it saw may have been answered, and another sent. Then nothing is killed. While the batch it saw
    is still in flight, the writer is killed, replaced, and the batch recovered."""
    store = scratch
    writer = store._writer
    first = writer.pid
    await store.run(partial(_insert, 1))
    writer._kill_stuck((writer._proc, 0.0))  # what the watch saw: answered since, nothing in flight
    slow = asyncio.ensure_future(store.run(partial(_slow_insert, 2)))
    await in_flight(writer)
    writer._kill_stuck((writer._proc, 0.0))  # a batch in flight, but not the one the watch saw
    await asyncio.sleep(0.1)
    assert writer.pid == first and alive(first)
    writer._kill_stuck(writer._sent)  # the one it saw, still waiting
    assert await slow is None
    assert writer.pid != first and not alive(first)
    assert await rows(store) == [1, 2]


def test_a_program_that_never_closes_its_store_still_ends(tmp_path):
    """A store nobody closed (a test, a crash path) must not keep the interpreter from ending: the
    writer's watch holds it only weakly, so it is collected, and with it its reader connection's
    thread, which the interpreter would wait for forever."""
    script = (
        "import asyncio, sys\n"
        "from bot.store import SqliteStore\n"
        "async def main():\n"
        f"    store = SqliteStore({str(tmp_path / 'never-closed.sqlite3')!r})\n"
        "    await store.open()\n"
        "    await store._write([('CREATE TABLE t (n INTEGER)', ())])\n"
        "asyncio.run(main())\n"
        "import gc\n"
        "gc.collect()  # as a long-running program's collector would, some time\n"
        "print('done', flush=True)\n"
    )
    root = Path(__file__).resolve().parents[1]
    ended = subprocess.run(
        [sys.executable, "-c", script], cwd=root, capture_output=True, text=True, timeout=30
    )
    assert ended.returncode == 0 and "done" in ended.stdout, ended.stderr


async def test_another_process_holding_the_write_lock_fails_the_batch_and_the_store_goes_on(scratch):
    """Someone opens the file by hand and keeps a write transaction open: after SQLite's busy
    timeout the waiting writes fail ("nothing changed"); once the lock is gone, writes succeed."""
    store = scratch
    other = sqlite3.connect(store.path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    async with asyncio.timeout(30):
        results = await asyncio.gather(
            store.run(partial(_insert, 1)), store.run(partial(_insert, 2)), return_exceptions=True
        )
    assert all(isinstance(r, StoreError) and "locked" in str(r) for r in results), results
    other.execute("ROLLBACK")
    other.close()
    await store.run(partial(_insert, 3))
    assert await rows(store) == [3]
