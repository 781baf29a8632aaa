"""One writer per SQLite database: the only one who writes, on a connection of its own.

Callers hand it a unit of work (a function of the connection). The writer takes every unit
waiting at that moment (up to MAX_BATCH) and runs each in its own SAVEPOINT inside one
transaction, then commits them together (group commit). A unit that fails is rolled back alone
and its caller gets a StoreError; the others are committed, and nobody is answered before that
COMMIT. The connection lives in one thread of its own, so a batch costs one hop from the event
loop, and reads (other connections) never wait for it.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from bot.store.base import StoreError

log = logging.getLogger(__name__)

T = TypeVar("T")
Work = Callable[[sqlite3.Connection], Any]
Unit = tuple[Work, bool]  # the work and whether it runs exactly one statement

MAX_BATCH = 256  # units per transaction: bounds the time one COMMIT keeps the queue waiting


class Writer:
    """The write connection and its queue. No task runs while nothing is queued: the first unit
    that finds the queue idle starts a flush, which commits batch after batch until it is empty."""

    def __init__(
        self, connect: Callable[[], sqlite3.Connection], on_commit: Callable[[int], None] | None = None
    ) -> None:
        self._connect = connect
        self._on_commit = on_commit
        self._conn: sqlite3.Connection | None = None
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="store-writer")
        self._queue: deque[tuple[Unit, asyncio.Future[Any]]] = deque()
        self._flush: asyncio.Task[None] | None = None

    async def start(self) -> None:
        self._conn = await asyncio.get_running_loop().run_in_executor(self._thread, self._connect)

    async def run(self, work: Callable[[sqlite3.Connection], T], *, one_statement: bool = False) -> T:
        """Run `work` in its own savepoint; return its value once it is committed.

        ``one_statement``: `work` runs exactly one statement. SQLite undoes a failed statement by
        itself, so such a unit needs no savepoint of its own."""
        if self._conn is None:
            raise StoreError("the store is not open")
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._queue.append(((work, one_statement), future))
        if self._flush is None or self._flush.done():
            self._flush = asyncio.create_task(self._flushing(), name="store-writer")
        # A caller cancelled before its unit is sent to the database withdraws it; once it is sent,
        # it is committed (or not) whatever the caller does.
        return await future

    async def close(self) -> None:
        """Finish what was queued, then close the connection."""
        if self._flush is not None:
            await asyncio.gather(self._flush, return_exceptions=True)
            self._flush = None
        if self._conn is not None:
            conn, self._conn = self._conn, None
            await asyncio.get_running_loop().run_in_executor(self._thread, conn.close)
        self._thread.shutdown(wait=True)

    async def _flushing(self) -> None:
        loop = asyncio.get_running_loop()
        while self._queue:
            batch = [self._queue.popleft() for _ in range(min(MAX_BATCH, len(self._queue)))]
            batch = [(work, future) for work, future in batch if not future.cancelled()]
            if not batch:
                continue
            try:
                outcomes = await loop.run_in_executor(self._thread, self._commit, [w for w, _ in batch])
            except BaseException as exc:  # the thread itself failed: nothing is known to be written
                log.exception("the store's writer failed")
                outcomes = [(False, StoreError(str(exc)))] * len(batch)
            for (_, future), (ok, value) in zip(batch, outcomes, strict=True):
                if future.done():
                    continue
                if ok:
                    future.set_result(value)
                else:
                    future.set_exception(value)
            if self._on_commit is not None:
                self._on_commit(len(batch))

    def _commit(self, works: list[Unit]) -> list[tuple[bool, Any]]:
        """In the writer's thread: one transaction, one savepoint per unit, one COMMIT."""
        conn = self._conn
        assert conn is not None
        outcomes: list[tuple[bool, Any] | None] = [None] * len(works)
        pending = list(range(len(works)))
        while pending:
            try:
                if conn.in_transaction:  # left open by a batch that failed half-way: nothing of it holds
                    conn.execute("ROLLBACK")
                conn.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as exc:
                return [(False, StoreError(str(exc)))] * len(works)
            restart = False
            for n, index in enumerate(pending):
                work, one_statement = works[index]
                if not one_statement:
                    conn.execute("SAVEPOINT unit")
                try:
                    value = work(conn)
                except Exception as exc:
                    outcomes[index] = (False, _store_error(exc))
                    if not conn.in_transaction:
                        # SQLite rolled the whole transaction back (disk full, I/O error): run the
                        # units that had succeeded again, without the one that failed.
                        pending = [i for i in pending[:n] + pending[n + 1 :] if i != index]
                        for i in pending:
                            outcomes[i] = None
                        restart = True
                        break
                    if not one_statement:
                        conn.execute("ROLLBACK TO unit")
                        conn.execute("RELEASE unit")
                    continue
                if not one_statement:
                    conn.execute("RELEASE unit")
                outcomes[index] = (True, value)
            if restart:
                continue
            try:
                conn.execute("COMMIT")
            except sqlite3.Error as exc:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                failed = (False, StoreError(f"the commit failed: {exc}"))
                return [failed if o is not None and o[0] else o for o in outcomes]  # type: ignore[misc]
            break
        return [o if o is not None else (False, StoreError("not run")) for o in outcomes]


def _store_error(exc: Exception) -> StoreError:
    if isinstance(exc, StoreError):
        return exc
    if not isinstance(exc, sqlite3.Error | ValueError):
        log.error("a store write raised %r", exc, exc_info=exc)
    return StoreError(str(exc))
