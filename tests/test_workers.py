"""A worker process (bot.workers) used by several callers at once: a process that dies or hangs under
one call costs that call at most, never the calls waiting behind it."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from concurrent.futures.process import BrokenProcessPool

import pytest

from bot.workers import Worker, close_all
from tests.test_charts import alive


def pid_after(seconds: float) -> int:
    """Run in the worker: its pid, after a while."""
    time.sleep(seconds)
    return os.getpid()


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


async def test_a_caller_that_gives_up_leaves_the_next_one_a_free_process(worker):
    first = await worker.run(30, pid_after, 0)
    call = asyncio.ensure_future(worker.run(30, pid_after, 5))
    await asyncio.sleep(0.3)
    call.cancel()
    with pytest.raises(asyncio.CancelledError):
        await call
    assert await worker.run(2.0, pid_after, 0) != first, "not queued behind the abandoned call"


async def test_a_turn_that_does_not_come_in_time_is_given_up_and_the_busy_process_kept(worker):
    first = await worker.run(30, pid_after, 0)
    busy = asyncio.ensure_future(worker.run(30, pid_after, 2))
    await asyncio.sleep(0.2)
    with pytest.raises(TimeoutError):
        await worker.run(0.3, pid_after, 0)
    assert await busy == first, "the call that was running finished, in the same process"


async def test_calls_made_at_once_are_all_answered_when_the_process_is_killed_under_them(worker):
    first = await worker.run(30, pid_after, 0)
    calls = [asyncio.ensure_future(worker.run(30, pid_after, 1.0)) for _ in range(3)]
    await asyncio.sleep(0.2)  # the first of them is running in the process
    os.kill(first, signal.SIGKILL)
    async with asyncio.timeout(60):
        pids = await asyncio.gather(*calls)
    assert first not in pids and len(set(pids)) == 1, "each call answered, by one new process"


async def test_a_call_that_hangs_costs_only_itself(worker):
    """The process stops (SIGSTOP) under one call while three more wait: that call times out, the
    waiting ones are answered by a new process, each within its own timeout."""
    first = await worker.run(30, pid_after, 0)
    stuck = asyncio.ensure_future(worker.run(1.0, pid_after, 3))
    await asyncio.sleep(0.2)
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


async def test_a_call_under_way_when_the_bot_stops_is_told_so_and_the_process_ends(worker):
    first = await worker.run(30, pid_after, 0)
    call = asyncio.ensure_future(worker.run(30, pid_after, 30))
    await asyncio.sleep(0.2)
    os.kill(first, signal.SIGSTOP)  # hung: only a kill ends it
    close_all()
    async with asyncio.timeout(10):
        with pytest.raises(Exception) as raised:
            await call
        while alive(first):
            await asyncio.sleep(0.05)
    assert isinstance(raised.value, BrokenProcessPool)
    assert await worker.run(30, pid_after, 0) != first, "a later call starts a new process"
