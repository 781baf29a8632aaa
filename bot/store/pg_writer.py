"""One writer per PostgreSQL store: the only connection of this process that writes.

The same contract as the SQLite writer (bot/store/writer.py): callers hand it a unit of work (an
async function of the connection); the units waiting at that moment share one transaction and one
COMMIT (group commit); a unit that fails is rolled back alone and its caller gets a StoreError;
nobody is answered before the COMMIT.

PostgreSQL ends a whole transaction at the first failed statement and a savepoint costs two round
trips, so a batch is first run without savepoints. If a unit fails, that attempt is rolled back
and the batch runs again with a savepoint around each unit, so the failure stays with its unit;
the next batches keep the savepoints for a while, as faults tend to come in runs. A unit may
raise only after it found that it must not write (a refused version), or by a failed statement.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import asyncpg

from bot.store.base import Held, StoreError
from bot.store.writer import fail_all, flush_ended, flush_queue

log = logging.getLogger(__name__)

T = TypeVar("T")
Work = Callable[[asyncpg.Connection], Awaitable[Any]]

CAREFUL_BATCHES = 16  # batches run with savepoints after one whose unit failed
# Faults of the connection itself: a COMMIT that meets one may or may not have been committed.
CONNECTION_FAULTS = (
    OSError,
    asyncpg.InterfaceError,
    asyncpg.PostgresConnectionError,
    asyncpg.exceptions.OperatorInterventionError,
)
# How long to ask after a COMMIT whose answer was lost while the server still has it in progress.
OUTCOME_WAIT = 5.0


class _UnitFailed(Exception):
    def __init__(self, index: int, error: BaseException) -> None:
        super().__init__(str(error))
        self.index = index
        self.error = error


class _CommitUnknown(Exception):
    """The connection failed at COMMIT: the transaction `xid` may have been committed or not."""

    def __init__(self, xid: int, pid: int, outcomes: list[tuple[bool, Any]], error: BaseException) -> None:
        super().__init__(str(error))
        self.xid = xid
        self.pid = pid  # the server process of that connection
        self.outcomes = outcomes
        self.error = error


class PgWriter:
    """The write connection and its queue; a flush runs while anything is queued."""

    def __init__(self, connect: Callable[[], Awaitable[asyncpg.Connection]]) -> None:
        self._connect = connect
        self._conn: asyncpg.Connection | None = None
        self._queue: deque[tuple[Work, asyncio.Future[Any]]] = deque()
        self._flush: asyncio.Task[None] | None = None
        self._careful = 0
        self._open = False

    async def start(self) -> None:
        self._conn = await self._connect()
        self._open = True

    async def run(self, work: Callable[[asyncpg.Connection], Awaitable[T]]) -> T:
        """Run `work` in the next transaction; return its value once that is committed."""
        return await self.submit(work)

    def submit(
        self, work: Callable[[asyncpg.Connection], Awaitable[Any]], *, held: bool = False
    ) -> asyncio.Future[Any]:
        """Queue `work` as `run` does and return the future of its outcome, for a caller that
        awaits it itself (no coroutine, no task between the caller and the writer); `held`: a
        future its waiter cannot cancel (bot.store.base.Held)."""
        if not self._open:
            raise StoreError("the store is not open")
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = Held(loop=loop) if held else loop.create_future()
        self._queue.append((work, future))
        if self._flush is None or self._flush.done():
            self._flush = asyncio.create_task(self._flushing(), name="store-writer")
            self._flush.add_done_callback(functools.partial(flush_ended, self))
        return future

    async def close(self) -> None:
        """Finish what was queued, then close the connection."""
        self._open = False
        try:
            if self._flush is not None:
                await asyncio.gather(self._flush, return_exceptions=True)
                self._flush = None
        finally:
            fail_all(self._queue, "the store is closed")
        if self._conn is not None:
            conn, self._conn = self._conn, None
            await conn.close()

    async def _flushing(self) -> None:
        # A fault of the connection: nothing of that batch is known to be written.
        await flush_queue(self._queue, self._commit, "the database connection failed")

    async def _connection(self) -> asyncpg.Connection:
        if self._conn is None or self._conn.is_closed():
            self._conn = await self._connect()
        return self._conn

    async def _commit(self, works: list[Work]) -> list[tuple[bool, Any]]:
        try:
            return await self._attempt(works)
        except _CommitUnknown as unknown:
            # The COMMIT went out and the connection failed before its answer came back: ask the
            # database, on a new connection, whether that transaction was committed. Its callers
            # then hear the truth: "saved" (their write is in) or "nothing changed".
            committed = await self._committed(unknown.xid, unknown.pid)
            if committed:
                log.warning("the answer to a COMMIT was lost (%s); it was committed", unknown.error)
                return unknown.outcomes
            why = "was not committed" if committed is False else "cannot be known to be committed"
            log.warning("the connection failed at a COMMIT (%s); it %s", unknown.error, why)
            return [(False, StoreError(f"the commit failed: {unknown.error}"))] * len(works)

    async def _attempt(self, works: list[Work]) -> list[tuple[bool, Any]]:
        conn = await self._connection()
        if self._careful == 0:
            try:
                return await self._all_at_once(conn, works)
            except _UnitFailed:
                self._careful = CAREFUL_BATCHES
            except (asyncpg.PostgresError, OSError, asyncpg.InterfaceError) as exc:
                return [(False, StoreError(f"the commit failed: {exc}"))] * len(works)
        self._careful -= 1
        return await self._one_by_one(conn, works)

    async def _committed(self, xid: int, pid: int) -> bool | None:
        """Whether the transaction `xid` was committed (`txid_status`, asked on a new connection);
        None when that cannot be found out (the database is out of reach). A transaction still in
        progress (its server process has not seen the connection go; the COMMIT may yet arrive)
        is ended first: its process `pid` is terminated, so that its outcome is final."""
        deadline = asyncio.get_running_loop().time() + OUTCOME_WAIT
        terminated = False
        while True:
            try:
                conn = await self._connection()
                status = await conn.fetchval("SELECT txid_status($1)", xid)
                if status == "in progress" and not terminated:
                    await conn.fetchval("SELECT pg_terminate_backend($1)", pid)
                    terminated = True
            except (StoreError, *CONNECTION_FAULTS, asyncpg.PostgresError) as exc:
                log.warning("cannot ask whether a COMMIT was committed: %s", exc)
                return None
            if status != "in progress":
                return {"committed": True, "aborted": False}.get(status)
            if asyncio.get_running_loop().time() > deadline:
                return None
            await asyncio.sleep(0.05)  # its process is ending the transaction

    @staticmethod
    async def _begin(conn: asyncpg.Connection) -> int:
        """BEGIN, and the transaction's id: what to ask about if the answer to its COMMIT is lost."""
        await conn.execute("BEGIN")
        return int(await conn.fetchval("SELECT txid_current()"))

    @staticmethod
    async def _commit_or_unknown(
        conn: asyncpg.Connection, xid: int, outcomes: list[tuple[bool, Any]]
    ) -> None:
        try:
            await conn.execute("COMMIT")
        except CONNECTION_FAULTS as exc:
            pid = conn.get_server_pid()
            if not conn.is_closed():
                conn.terminate()
            raise _CommitUnknown(xid, pid, outcomes, exc) from exc

    @classmethod
    async def _all_at_once(cls, conn: asyncpg.Connection, works: list[Work]) -> list[tuple[bool, Any]]:
        """No savepoints: any failure rolls the attempt back (_UnitFailed names the unit)."""
        values = []
        try:
            xid = await cls._begin(conn)
            for index, work in enumerate(works):
                try:
                    values.append(await work(conn))
                except Exception as exc:
                    raise _UnitFailed(index, exc) from exc
        except BaseException:
            await _rollback(conn)
            raise
        outcomes = [(True, value) for value in values]
        try:
            await cls._commit_or_unknown(conn, xid, outcomes)
        except _CommitUnknown:
            raise
        except BaseException:
            await _rollback(conn)
            raise
        return outcomes

    @classmethod
    async def _one_by_one(cls, conn: asyncpg.Connection, works: list[Work]) -> list[tuple[bool, Any]]:
        """A savepoint around each unit: a failed one is undone alone, the others are committed."""
        outcomes: list[tuple[bool, Any]] = []
        try:
            xid = await cls._begin(conn)
            for work in works:
                await conn.execute("SAVEPOINT unit")
                try:
                    value = await work(conn)
                except Exception as exc:
                    await conn.execute("ROLLBACK TO SAVEPOINT unit")
                    outcomes.append((False, _store_error(exc)))
                    continue
                await conn.execute("RELEASE SAVEPOINT unit")
                outcomes.append((True, value))
            await cls._commit_or_unknown(conn, xid, outcomes)
        except (asyncpg.PostgresError, OSError, asyncpg.InterfaceError) as exc:
            await _rollback(conn)
            failed = (False, StoreError(f"the commit failed: {exc}"))
            return [failed] * len(works)
        return outcomes


async def _rollback(conn: asyncpg.Connection) -> None:
    if conn.is_closed():
        return
    try:
        await conn.execute("ROLLBACK")
    except (asyncpg.PostgresError, OSError, asyncpg.InterfaceError):
        log.warning("rollback failed; the connection is closed and opened again")
        conn.terminate()


def _store_error(exc: BaseException) -> StoreError:
    if isinstance(exc, StoreError):
        return exc
    if not isinstance(exc, asyncpg.PostgresError | ValueError):
        log.error("a store write raised %r", exc, exc_info=exc)
    return StoreError(str(exc))
