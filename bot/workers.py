"""Work the bot's process hands to a process of its own, so that no table waits on it. No Discord here.

A thread would not do for work that is mostly Python: it holds the interpreter's lock for slices of
5 ms at a time, and the event loop, which answers every table's clicks, waits for it meanwhile. A
chart is about 200 ms of matplotlib (bot.charts); an AI seat's decision up to a few hundred ms of
search (bot.tables). Each kind of work has one `Worker`: one process, started (spawned: a fork of a
process with threads is not safe) by its first call and kept.

Calls go into the process one at a time (the others wait their turn in the bot's process), so that
a call's timeout counts its own run only, and a process killed under one call costs no other call. A
turn that does not come within the caller's timeout is given up (the process is left to the call it
runs); a caller that gives up while its call runs leaves a new process to the next one.
Bad days: a process that died is replaced and the call made once more in the new one; a call not
done within its timeout is given up and its process killed (the next call starts another); the
process ignores Ctrl-C at the bot's terminal (the bot stops it) and ends by itself when the bot's
process is gone (killed, say), rather than run on alone. Whatever still fails is the caller's error:
each caller has its way on without the work (a report without its chart, the AI seat's decision made
in the bot's process after all).
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import multiprocessing.connection
import os
import signal
import threading
import weakref
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

T = TypeVar("T")
_ALL: weakref.WeakSet[Worker] = weakref.WeakSet()  # every Worker, for close_all


def close_all() -> None:
    """Stop every worker's process (the bot stopping: one that hangs would otherwise hold up the
    interpreter's exit, which waits for its pools)."""
    for worker in list(_ALL):
        worker.close()


def _start() -> None:
    """First thing in a worker process: a Ctrl-C at the bot's terminal is the bot's to handle, and
    the process ends as soon as the bot's process is gone, not left running alone."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = multiprocessing.parent_process()
    if parent is not None:

        def watch() -> None:
            multiprocessing.connection.wait([parent.sentinel])
            os._exit(0)

        threading.Thread(target=watch, name="parent-watch", daemon=True).start()


START_TIMEOUT = 60.0  # seconds for a new process to start and answer (a loaded machine's imports)


def _ready(function: Callable[..., Any]) -> bool:
    """The first call in a new process: it has started, and has imported the module of the function
    it is about to run (unpickling the function's reference imports it)."""
    return True


class Worker:
    """One process for one kind of work (see the module's text)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._pool: ProcessPoolExecutor | None = None
        # One call in the process at a time; the others wait their turn here. So a call's timeout
        # measures that call alone (not the calls before it), and a process killed for one call never
        # takes others queued in it down with it.
        self._turn: tuple[asyncio.AbstractEventLoop, asyncio.Lock] | None = None
        _ALL.add(self)

    async def run(self, timeout: float, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)`` in the worker's process (function and arguments must pickle: a
        module-level function, plain data). Raises TimeoutError when its turn has not come within
        `timeout` seconds (the process is left to the call before it), or when it has run `timeout`
        seconds (a new process's start is not counted: it has START_TIMEOUT of its own);
        BrokenProcessPool when the process died twice under it; or the function's own error. So a
        caller waits at most twice its timeout, plus a start."""
        lock = self._lock()
        try:
            async with asyncio.timeout(timeout):
                await lock.acquire()
        except TimeoutError:
            raise TimeoutError(f"the {self.name} process was busy for {timeout:g} s") from None
        try:
            return await self._run(timeout, function, args)
        finally:
            lock.release()

    def _lock(self) -> asyncio.Lock:
        loop = asyncio.get_running_loop()
        if self._turn is None or self._turn[0] is not loop:  # a lock serves one loop only
            self._turn = (loop, asyncio.Lock())
        return self._turn[1]

    async def _run(self, timeout: float, function: Callable[..., T], args: tuple) -> T:
        loop = asyncio.get_running_loop()
        for attempt in range(2):
            new = self._pool is None
            if new:
                self._pool = ProcessPoolExecutor(
                    max_workers=1, mp_context=multiprocessing.get_context("spawn"), initializer=_start
                )
            pool = self._pool
            assert pool is not None
            try:
                if new:  # the process starts (its imports too) on a time of its own, not the call's
                    async with asyncio.timeout(START_TIMEOUT):
                        await loop.run_in_executor(pool, _ready, function)
                async with asyncio.timeout(timeout):
                    return await loop.run_in_executor(pool, function, *args)
            except TimeoutError:
                self._drop(pool)
                raise
            except BrokenProcessPool:
                stopped = self._pool is not pool  # by close(), not by a death of its own: no retry
                self._drop(pool)
                if attempt or stopped:
                    raise
            except asyncio.CancelledError:
                task = asyncio.current_task()
                if task is not None and task.cancelling():
                    # The caller gave up: its call may still run in the process, and the next
                    # caller's would wait behind it on the next caller's time. A new process instead.
                    self._drop(pool)
                    raise
                # Not this caller's cancellation: the process was stopped under it (close()).
                raise BrokenProcessPool(f"the {self.name} process was stopped") from None
        raise AssertionError("not reached")

    def pids(self) -> list[int]:
        """The worker's process, if it runs now (none before the first call)."""
        pool = self._pool
        return [] if pool is None else list(getattr(pool, "_processes", None) or {})

    def close(self) -> None:
        """Stop the process (work under way is given up, its caller told so); a later call starts
        a new one."""
        if self._pool is not None:
            self._drop(self._pool)

    def _drop(self, pool: ProcessPoolExecutor) -> None:
        """Stop using a process that died or hangs."""
        if self._pool is pool:
            self._pool = None
        # A process that hangs is not ended by shutdown: kill it (the pool's own list of them; Python
        # 3.14 has terminate_workers for this).
        for process in list((getattr(pool, "_processes", None) or {}).values()):  # None once shut down
            with contextlib.suppress(OSError, ValueError):
                process.kill()
        pool.shutdown(wait=False, cancel_futures=True)
