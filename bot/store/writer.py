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
from typing import Any, Protocol, TypeVar

from bot.store.base import StoreError

log = logging.getLogger(__name__)

T = TypeVar("T")
Work = Callable[[sqlite3.Connection], Any]


class Combiner(Protocol):
    """Writes the rows of many units of one kind in a few statements (a multi-row INSERT, say),
    where each unit alone would run statements of its own. Given the payloads of a run of such
    units, it writes all of them or raises."""

    def run_many(self, conn: sqlite3.Connection, payloads: list[Any]) -> None: ...


# The work, whether it runs exactly one statement, and (for a unit that may be written together
# with its neighbours of the same kind) its combiner, a key (two units of one key are never
# combined in one run) and its payload. Such a unit's value is None.
Unit = tuple[Work, bool, Combiner | None, Any, Any]

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

    async def run(
        self,
        work: Callable[[sqlite3.Connection], T],
        *,
        one_statement: bool = False,
        combine: tuple[Combiner, Any, Any] | None = None,
    ) -> T:
        """Run `work` in its own savepoint; return its value once it is committed.

        ``one_statement``: `work` runs exactly one statement. SQLite undoes a failed statement by
        itself, so such a unit needs no savepoint of its own.

        ``combine``: (combiner, key, payload) when `work` writes what the combiner can write for many
        units at once (its value then is None). Units of one combiner that stand next to each other
        in a batch, each key once, are written by the combiner inside one savepoint; if that fails,
        the savepoint is rolled back and each of them runs its own `work`, so a unit still fails
        alone and nothing else changes for its caller."""
        if self._conn is None:
            raise StoreError("the store is not open")
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        if combine is None:
            self._queue.append(((work, one_statement, None, None, None), future))
        else:
            self._queue.append(((work, one_statement, *combine), future))
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
        """In the writer's thread: one transaction, one savepoint per unit (or per run of units a
        combiner writes together), one COMMIT."""
        conn = self._conn
        assert conn is not None
        outcomes: list[tuple[bool, Any] | None] = [None] * len(works)
        pending = list(range(len(works)))
        combining = True
        while pending:
            try:
                if conn.in_transaction:  # left open by a batch that failed half-way: nothing of it holds
                    conn.execute("ROLLBACK")
                conn.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as exc:
                return [(False, StoreError(str(exc)))] * len(works)
            restart = False
            alone_until = 0  # units before this place in `pending` run alone (their run failed)
            n = 0
            while n < len(pending):
                index = pending[n]
                work, one_statement, combiner, _, _ = works[index]
                if combining and combiner is not None and n >= alone_until:
                    end = self._run_end(works, pending, n)
                    if end - n > 1:
                        run = pending[n:end]
                        try:
                            conn.execute("SAVEPOINT run")
                            combiner.run_many(conn, [works[i][4] for i in run])
                            conn.execute("RELEASE run")
                        except Exception as exc:
                            if not conn.in_transaction:
                                # The whole transaction is gone: run the batch again, every unit alone.
                                log.warning("a combined write ended the transaction (%r); writing alone", exc)
                                for i in pending:
                                    outcomes[i] = None
                                combining = False
                                restart = True
                                break
                            conn.execute("ROLLBACK TO run")
                            conn.execute("RELEASE run")
                            alone_until = end  # each of them again, alone: the one that fails fails alone
                            continue
                        for i in run:
                            outcomes[i] = (True, None)
                        n = end
                        continue
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
                    n += 1
                    continue
                if not one_statement:
                    conn.execute("RELEASE unit")
                outcomes[index] = (True, value)
                n += 1
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

    @staticmethod
    def _run_end(works: list[Unit], pending: list[int], start: int) -> int:
        """Where the run of units of one combiner that begins at `pending[start]` ends: at another
        kind of unit, or at a key seen in the run already."""
        combiner = works[pending[start]][2]
        keys = {works[pending[start]][3]}
        end = start + 1
        while end < len(pending):
            unit = works[pending[end]]
            if unit[2] is not combiner or unit[3] in keys:
                break
            keys.add(unit[3])
            end += 1
        return end


def _store_error(exc: Exception) -> StoreError:
    if isinstance(exc, StoreError):
        return exc
    if not isinstance(exc, sqlite3.Error | ValueError):
        log.error("a store write raised %r", exc, exc_info=exc)
    return StoreError(str(exc))
