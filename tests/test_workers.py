"""A worker process (bot.workers) used by several callers at once: a process that dies or hangs under
one call costs that call at most, never the calls waiting behind it."""

from __future__ import annotations

import asyncio
import gc
import os
import signal
import sys
import threading
import time
import warnings
from pathlib import Path

import pytest

from bot.workers import Worker, WorkerError, WorkerLost, close_all
from tests.test_charts import alive, ends_with_its_bot


def pid_after(seconds: float) -> int:
    """Run in the worker: its pid, after a while."""
    time.sleep(seconds)
    return os.getpid()


def marked_pid_after(mark: str, seconds: float) -> int:
    """Run in the worker: leaves `mark` once the call runs there, then as pid_after."""
    Path(mark).touch()
    return pid_after(seconds)


async def running(mark: Path) -> None:
    """Until the call that leaves `mark` runs in the process. A fixed sleep could end before it
    got there on a loaded runner, and the test would then try something else than it means to."""
    async with asyncio.timeout(30):
        while not mark.exists():
            await asyncio.sleep(0.01)


@pytest.fixture
def worker():
    w = Worker("test")
    yield w
    w.close()


async def test_a_new_process_starts_on_its_own_time_not_the_calls(worker):
    """A call's timeout is for the call: a new process's start (an interpreter and its imports, a good
    part of a second, more on a busy machine) does not count against it."""
    pid = await worker.run(0.05, os.getpid)
    assert pid != os.getpid()


async def test_the_start_includes_importing_what_the_first_call_runs(worker):
    from tests import slow_import  # a second to import, here and in the worker's process

    assert await worker.run(0.5, slow_import.pid) != os.getpid()


async def test_a_caller_that_gives_up_leaves_the_next_one_a_free_process(worker, tmp_path):
    first = await worker.run(30, pid_after, 0)
    call = asyncio.ensure_future(worker.run(30, marked_pid_after, str(tmp_path / "m"), 5))
    await running(tmp_path / "m")
    call.cancel()
    with pytest.raises(asyncio.CancelledError):
        await call
    assert await worker.run(2.0, pid_after, 0) != first, "not queued behind the abandoned call"


async def test_a_turn_that_does_not_come_in_time_is_given_up_and_the_busy_process_kept(worker, tmp_path):
    first = await worker.run(30, pid_after, 0)
    busy = asyncio.ensure_future(worker.run(30, marked_pid_after, str(tmp_path / "m"), 2))
    await running(tmp_path / "m")
    with pytest.raises(TimeoutError):
        await worker.run(0.3, pid_after, 0)
    assert await busy == first, "the call that was running finished, in the same process"


async def test_calls_made_at_once_are_all_answered_when_the_process_is_killed_under_them(worker, tmp_path):
    first = await worker.run(30, pid_after, 0)
    calls = [
        asyncio.ensure_future(worker.run(30, marked_pid_after, str(tmp_path / "m"), 1.0)) for _ in range(3)
    ]
    await running(tmp_path / "m")  # the first of them is running in the process
    os.kill(first, signal.SIGKILL)
    async with asyncio.timeout(60):
        pids = await asyncio.gather(*calls)
    assert first not in pids and len(set(pids)) == 1, "each call answered, by one new process"


async def test_a_call_that_hangs_costs_only_itself(worker, tmp_path):
    """The process stops (SIGSTOP) under one call while three more wait: that call times out, the
    waiting ones are answered by a new process, each within its own timeout."""
    first = await worker.run(30, pid_after, 0)
    stuck = asyncio.ensure_future(worker.run(1.0, marked_pid_after, str(tmp_path / "m"), 3))
    await running(tmp_path / "m")
    os.kill(first, signal.SIGSTOP)
    waiting = [asyncio.ensure_future(worker.run(20, pid_after, 0)) for _ in range(3)]
    async with asyncio.timeout(60):
        with pytest.raises(TimeoutError):
            await stuck
        pids = await asyncio.gather(*waiting)
    assert first not in pids and len(set(pids)) == 1
    async with asyncio.timeout(10):
        while alive(first):  # the stopped process was killed, not left behind
            await asyncio.sleep(0.05)


async def test_a_call_under_way_when_the_bot_stops_is_told_so_and_the_process_ends(worker, tmp_path):
    first = await worker.run(30, pid_after, 0)
    call = asyncio.ensure_future(worker.run(30, marked_pid_after, str(tmp_path / "m"), 30))
    await running(tmp_path / "m")
    os.kill(first, signal.SIGSTOP)  # hung: only a kill ends it
    close_all()
    async with asyncio.timeout(10):
        with pytest.raises(Exception) as raised:
            await call
        while alive(first):
            await asyncio.sleep(0.05)
    assert isinstance(raised.value, WorkerLost)
    assert await worker.run(30, pid_after, 0) != first, "a later call starts a new process"


def chatty(text: str) -> str:
    """Run in the worker: prints (to what was its stdout) before it answers."""
    print("a line of the work's own", flush=True)
    os.write(1, b"and one written straight to fd 1\n")
    return text.upper()


def unsendable() -> object:
    """Run in the worker: a value that does not pickle."""
    return lambda: None


class Unreadable:
    """Pickles in the worker; cannot be made again here (its reduce calls a function that refuses)."""

    def __reduce__(self):
        return (refuse, ())


def refuse() -> None:
    if os.environ.get("DECKHAND_WORKER_PARENT"):  # in the worker: fine
        return None
    raise ValueError("not here")


def unreadable() -> Unreadable:
    return Unreadable()


def fails(text: str) -> None:
    raise KeyError(text)


async def test_no_thread_of_the_bots_process_takes_part_in_a_call(worker):
    """The loop reads and writes the process's pipes itself: a pool of processes would keep two
    threads here, which take the interpreter's lock from the loop at every call."""
    before = {t.ident for t in threading.enumerate()}
    for _ in range(5):
        await worker.run(30, pid_after, 0)
    added = [t.name for t in threading.enumerate() if t.ident not in before]
    assert added == []


async def test_what_the_work_prints_does_not_get_in_the_way_of_its_answer(worker):
    assert await worker.run(30, chatty, "ok") == "OK"
    assert await worker.run(30, chatty, "again") == "AGAIN"


async def test_the_functions_error_comes_back_with_where_it_was_raised(worker):
    first = await worker.run(30, pid_after, 0)
    with pytest.raises(KeyError) as raised:
        await worker.run(30, fails, "no such card")
    assert raised.value.args == ("no such card",)
    assert "in fails" in str(raised.value.__cause__) and "raise KeyError(text)" in str(raised.value.__cause__)
    assert await worker.run(30, pid_after, 0) == first, "the process is kept"


async def test_an_answer_or_a_call_that_does_not_cross_fails_that_call_alone(worker):
    first = await worker.run(30, pid_after, 0)
    with pytest.raises(WorkerError, match="cannot be sent"):
        await worker.run(30, unsendable)
    with pytest.raises(WorkerError, match="cannot be read here"):
        await worker.run(30, unreadable)
    with pytest.raises(Exception, match="pickle"):
        await worker.run(30, pid_after, lambda: 0)  # an argument that does not pickle: nothing sent
    assert await worker.run(30, pid_after, 0) == first, "the same process, still in step"


def test_a_process_left_by_an_event_loop_now_closed_is_ended_by_the_next_loops_first_call(caplog):
    """Tests (and a restart) run one loop after another; the process of the loop before is ended
    quietly, and the new loop's call gets a process of its own."""
    w = Worker("test-loops")
    try:
        first = asyncio.run(w.run(30, pid_after, 0))
        with caplog.at_level("WARNING"):
            second = asyncio.run(w.run(30, pid_after, 0))
            deadline = time.monotonic() + 10
            while alive(first) and time.monotonic() < deadline:
                time.sleep(0.05)
        assert second != first and not alive(first)
        assert [r.getMessage() for r in caplog.records] == []
    finally:
        w.close()


def test_a_worker_busy_with_a_call_ends_when_the_bots_process_is_killed():
    """Killed in the middle of a call (SIGKILL, the OOM killer), the bot cannot stop its worker, and
    the worker is not reading its pipe: its watch ends it."""
    script = (
        "import asyncio, os, signal\n"
        "from bot.workers import Worker\n"
        "from tests.test_workers import pid_after\n"
        "async def main():\n"
        "    w = Worker('orphan')\n"
        "    await w.run(30, pid_after, 0)\n"
        "    print(w.pids()[0], flush=True)\n"
        "    call = asyncio.ensure_future(w.run(300, pid_after, 300))\n"
        "    await asyncio.sleep(0.3)\n"
        "    os.kill(os.getpid(), signal.SIGKILL)\n"
        "asyncio.run(main())\n"
    )
    assert ends_with_its_bot(script), "the worker outlived its bot"


def exits(code: int) -> None:
    """Run in the worker: what a library deep in the work might do."""
    sys.exit(code)


class RaisesWhenRead:
    """An argument that pickles here and raises EOFError when it is unpickled in the worker."""

    def __reduce__(self):
        return (truncated, ())


def truncated() -> None:
    raise EOFError("a truncated pickle inside the argument")


def reads_stdin() -> bytes:
    """Run in the worker: what the work reads from its stdin (not the calls meant for the worker)."""
    return sys.stdin.buffer.read()


def dies_once(mark: str) -> int:
    """Run in the worker: its process dies the first time (the mark is a file), answers the next."""
    if not os.path.exists(mark):
        Path(mark).touch()
        os.kill(os.getpid(), signal.SIGKILL)
    return os.getpid()


async def test_a_work_that_exits_fails_its_call_once_and_the_process_goes_on(worker, tmp_path):
    first = await worker.run(30, pid_after, 0)
    with pytest.raises(WorkerError, match="SystemExit: 3"):
        await worker.run(30, exits, 3)
    assert await worker.run(30, pid_after, 0) == first


async def test_an_argument_that_cannot_be_read_there_fails_its_call_alone(worker):
    first = await worker.run(30, pid_after, 0)
    with pytest.raises(EOFError, match="truncated pickle"):
        await worker.run(30, pid_after, RaisesWhenRead())
    assert await worker.run(30, pid_after, 0) == first, "the process was taken for gone"


async def test_the_work_reads_nothing_of_the_calls_meant_for_the_worker(worker):
    first = await worker.run(30, pid_after, 0)
    assert await worker.run(30, reads_stdin) == b""
    assert await worker.run(30, pid_after, 0) == first


async def test_a_process_that_died_while_idle_does_not_use_up_the_calls_second_try(worker, tmp_path):
    """Killed between two calls: the next call starts a new process without having lost anything,
    so if that one dies under it, it still has its try in another."""
    first = await worker.run(30, pid_after, 0)
    os.kill(first, signal.SIGKILL)
    while worker.pids():  # until it is gone for good (a zombie is not yet: its pipes may be open)
        await asyncio.sleep(0.01)
    pid = await worker.run(30, dies_once, str(tmp_path / "died"))
    assert pid != first and (tmp_path / "died").exists()


def test_a_process_of_a_closed_loop_is_ended_without_a_resource_warning():
    """Tests, and a bot started again in one process, run loops one after another."""
    w = Worker("test-warnings")
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        try:
            first = asyncio.run(w.run(30, pid_after, 0))
            asyncio.run(w.run(30, pid_after, 0))  # the first loop's process is ended here
            w.close()  # and this one after its loop is closed
            gc.collect()
        finally:
            w.close()
    assert [str(m.message) for m in seen if issubclass(m.category, ResourceWarning)] == []
    deadline = time.monotonic() + 10
    while alive(first) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not alive(first)


async def test_a_close_under_a_call_leaves_a_worker_started_the_next_moment_alone(tmp_path):
    """The stopped call's caller wakes after another worker has started on the pipes' numbers just
    freed: what it lets go of is only its own (the other's answer was never read, and it waited for
    its start's full time)."""
    a, b = Worker("test-a"), Worker("test-b")
    try:
        await a.run(30, pid_after, 0)
        stopped = asyncio.ensure_future(a.run(30, marked_pid_after, str(tmp_path / "m"), 5))
        await running(tmp_path / "m")
        other = asyncio.ensure_future(b.run(30, pid_after, 0))  # its first step comes after close()
        a.close()
        with pytest.raises(WorkerLost):
            await stopped
        async with asyncio.timeout(20):
            assert await other == b.pids()[0]
    finally:
        a.close()
        b.close()


async def test_a_close_while_the_process_starts_stops_it_and_tells_the_caller():
    """The bot stops while a worker's process is still importing what its first call runs: the call
    is told, and no process is left running for it."""
    from tests import slow_import  # a second to import, here and in the worker's process

    w = Worker("test-start")
    try:
        call = asyncio.ensure_future(w.run(30, slow_import.pid))
        while not w.pids():
            await asyncio.sleep(0.01)
        (starting,) = w.pids()
        await asyncio.sleep(0.2)
        w.close()
        with pytest.raises(WorkerLost, match="stopped"):
            await call
        assert w.pids() == []
        deadline = time.monotonic() + 10
        while alive(starting) and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        assert not alive(starting)
    finally:
        w.close()
