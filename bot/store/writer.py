"""One writer per SQLite database: the only one who writes, in a process of its own.

Callers hand it a unit of work (a function of the connection). The writer takes every unit
waiting at that moment (up to MAX_BATCH) and runs each in its own SAVEPOINT inside one
transaction, then commits them together (group commit). A unit that fails is rolled back alone
and its caller gets a StoreError; the others are committed, and nobody is answered before that
COMMIT. Reads (other connections) never wait for it.

The connection lives in a child process (`python -m bot.store.writer_process`), so the SQLite work of a
batch runs beside the event loop on another core, not in turns with it under the interpreter lock.
A unit therefore crosses a pipe: it must pickle, which means a function defined at the top of a
module, or a ``functools.partial`` of one (the connection is passed last).

If the child dies while a batch is in flight, nobody is told anything it does not know: each batch
writes its own outcomes into the database inside its transaction (table ``_writer_outcomes``), so
the parent starts a new child, asks it whether that batch committed, and answers the callers with
what the database holds: their outcomes if it committed, "nothing was written" if it did not.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import os
import pickle
import secrets
import signal
import sqlite3
import sys
import threading
import time
import weakref
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any, Protocol, TypeVar

from bot import frames
from bot.store.base import Held, StoreError

log = logging.getLogger(__name__)

T = TypeVar("T")
Work = Callable[[sqlite3.Connection], Any]


class Combiner(Protocol):
    """Writes the rows of many units of one kind in a few statements (a multi-row INSERT, say),
    where each unit alone would run statements of its own. Given the payloads of a run of such
    units, it writes all of them or raises. It crosses to the writer's process by pickle, so an
    instance is best a module-level one that pickles by its name."""

    def run_many(self, conn: sqlite3.Connection, payloads: list[Any]) -> None: ...

    def run_one(self, conn: sqlite3.Connection, payload: Any) -> None:
        """What one unit of this kind writes when it is not written with others."""


# The work, whether it runs exactly one statement, and (for a unit that may be written together
# with its neighbours of the same kind) its combiner, a key (two units of one key are never
# combined in one run) and its payload. Such a unit's value is None, and its work may be None: the
# combiner's run_one then writes it when it runs alone.
Unit = tuple[Work | None, bool, Combiner | None, Any, Any]
Outcome = tuple[bool, Any]  # (True, value) or (False, StoreError)

MAX_BATCH = 256  # units per transaction: bounds the time one COMMIT keeps the queue waiting
SPAWN_TIMEOUT = 60.0  # seconds for a new writer process to open the database and say so
# Seconds a batch may go unanswered before its writer counts as lost (a stalled disk, a stopped
# process): it is killed and the database says what became of the batch, so this is safe to hit.
# Far above a slow commit, or SQLite's busy timeout of 5 s.
ANSWER_TIMEOUT = 30.0
OUTCOMES = "_writer_outcomes"  # the last committed batch's token and outcomes, for a lost answer


# ---- in the writer's process ----------------------------------------------------------------------


class Batches:
    """The write connection and what it does with a batch: one transaction, one savepoint per unit
    (or per run of units a combiner writes together), the batch's outcomes, one COMMIT."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        conn.execute(f"CREATE TABLE IF NOT EXISTS {OUTCOMES} (token INTEGER PRIMARY KEY, outcomes TEXT)")

    def lookup(self, token: int) -> list[Outcome] | None:
        """The outcomes of the batch `token` if it was committed (its answer was lost), else None."""
        row = self.conn.execute(f"SELECT outcomes FROM {OUTCOMES} WHERE token = ?", (token,)).fetchone()
        if row is None:
            return None
        kept = json.loads(row[0]) if row[0] is not None else None
        if kept is None:  # committed, but its values could not be kept: say so rather than guess
            return []
        return [(True, v) if ok else (False, StoreError(v)) for ok, v in kept]

    def commit(self, works: list[Unit], token: int = 0) -> list[Outcome]:
        conn = self.conn
        outcomes: list[Outcome | None] = [None] * len(works)
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
                    value = work(conn) if work is not None else combiner.run_one(conn, works[index][4])  # type: ignore[union-attr]
                    if not one_statement:
                        _sendable(value)  # a value that cannot go back undoes its unit, alone
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
                elif not _plain(value):
                    try:
                        _sendable(value)
                    except StoreError as exc:  # written (no savepoint of its own): its value is lost
                        log.error("%s; answered None", exc)
                        value = None
                outcomes[index] = (True, value)
                n += 1
            if restart:
                continue
            done = [o if o is not None else (False, StoreError("not run")) for o in outcomes]
            try:
                self._keep(token, done)
                conn.execute("COMMIT")
            except sqlite3.Error as exc:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                failed = (False, StoreError(f"the commit failed: {exc}"))
                return [failed if o[0] else o for o in done]
            return done
        return [o if o is not None else (False, StoreError("not run")) for o in outcomes]

    def _keep(self, token: int, outcomes: list[Outcome]) -> None:
        """Write the batch's outcomes in its own transaction, in place of the last batch's."""
        try:
            kept: str | None = json.dumps([(ok, v if ok else str(v)) for ok, v in outcomes])
        except (TypeError, ValueError):
            kept = None
        self.conn.execute(f"DELETE FROM {OUTCOMES}")
        self.conn.execute(f"INSERT INTO {OUTCOMES} VALUES (?, ?)", (token, kept))

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


def _plain(value: Any) -> bool:
    return value is None or type(value) in (int, str, float, bool, bytes)


def _sendable(value: Any) -> None:
    """Raise StoreError unless `value` can be sent back to the bot's process."""
    if _plain(value):
        return
    try:
        pickle.loads(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
    except Exception as exc:
        raise StoreError(f"the value of this write cannot be sent back from the writer: {exc!r}") from None


def _store_error(exc: Exception) -> StoreError:
    if type(exc) is StoreError:
        return exc
    if isinstance(exc, StoreError):  # a kind of its own: only if it crosses the pipe whole
        try:
            _sendable(exc)
            return exc
        except StoreError:
            return StoreError(str(exc))
    if not isinstance(exc, sqlite3.Error | ValueError):
        log.error("a store write raised %r", exc, exc_info=exc)
    return StoreError(str(exc))


def child_main() -> int:
    """The writer's process: frames in on stdin, answers out on the stdout it had at start (what
    the code inside prints goes to stderr). It stops when its parent closes the pipe, never on a
    signal meant for the parent's terminal or service, so a batch is never cut half-way by them."""
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, signal.SIG_IGN)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s (store writer): %(message)s")
    answers = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    requests = sys.stdin.buffer
    try:
        connect = frames.read(requests)
        batches = Batches(connect())
    except EOFError:
        return 0
    except Exception as exc:  # the database cannot be opened: say why, then stop
        frames.send(answers, ("error", f"{type(exc).__name__}: {exc}"))
        return 1
    frames.send(answers, ("ready", os.getpid()))
    while True:
        try:
            kind, token, payload = frames.read(requests)
        except EOFError:
            break
        if kind == "batch":
            frames.send(answers, batches.commit(payload, token))
        else:  # "lookup"
            frames.send(answers, batches.lookup(token))
    batches.conn.close()
    return 0


# ---- in the bot's process -------------------------------------------------------------------------

W = TypeVar("W")


def next_batch(queue: deque[tuple[W, asyncio.Future[Any]]]) -> list[tuple[W, asyncio.Future[Any]]]:
    """Up to MAX_BATCH units from the head of a writer's queue, without those whose caller is gone
    (cancelled before its unit was sent: withdrawn)."""
    batch = [queue.popleft() for _ in range(min(MAX_BATCH, len(queue)))]
    return [(unit, future) for unit, future in batch if not future.cancelled()]


def settle(batch: list[tuple[Any, asyncio.Future[Any]]], outcomes: list[Outcome]) -> None:
    """Answer each caller of a batch with its unit's outcome (one gone meanwhile is skipped)."""
    for (_, future), (ok, value) in zip(batch, outcomes, strict=True):
        if future.done():
            continue
        if ok:
            future.set_result(value)
        else:
            future.set_exception(value)


def fail_all(queue: deque[tuple[Any, asyncio.Future[Any]]], why: str) -> None:
    """Answer every caller still queued with StoreError(why)."""
    while queue:
        _, future = queue.popleft()
        if not future.done():
            future.set_exception(StoreError(why))


async def flush_queue(
    queue: deque[tuple[W, asyncio.Future[Any]]],
    commit: Callable[[list[W]], Awaitable[list[Outcome]]],
    failed: str,
    on_commit: Callable[[int], None] | None = None,
) -> None:
    """A writer's flush: commit batches from the head of the queue until it is empty. A fault of the
    writer itself fails that batch's callers (`failed`: what they hear) and the flush goes on;
    cancelled, it fails everyone still queued and stops. Nobody is left waiting."""
    while queue:
        batch = next_batch(queue)
        if not batch:
            continue
        try:
            outcomes = await commit([unit for unit, _ in batch])
        except BaseException as exc:
            log.exception("the store's writer failed")
            settle(batch, [(False, StoreError(f"{failed}: {exc!r}"))] * len(batch))
            if isinstance(exc, asyncio.CancelledError):
                fail_all(queue, "the store is closing")
                raise
            continue
        settle(batch, outcomes)
        if on_commit is not None:
            on_commit(len(batch))


def flush_ended(writer: Any, task: asyncio.Task[None]) -> None:
    """A flush task's done-callback (`writer` has ``_flush`` and ``_queue``): a flush that ended
    before its queue was empty (cancelled before its first step, so flush_queue never ran; or a
    fault of its own) leaves no caller waiting for ever. Only the writer's current flush counts:
    a newer one, started meanwhile by another unit, serves the queue itself."""
    queue = writer._queue
    if writer._flush is not task or not queue:
        return
    if task.cancelled():
        fail_all(queue, "the store's writer stopped")
        return
    exc = task.exception()
    if exc is not None:
        log.error("the store's writer stopped", exc_info=exc)
        fail_all(queue, f"the store's writer stopped: {exc!r}")


class _Lost(Exception):
    """The writer's process went away with a batch in flight."""


class Writer:
    """The writer's process, its queue and the callers' futures. No task runs while nothing is
    queued: the first unit that finds the queue idle starts a flush, which commits batch after
    batch until it is empty."""

    def __init__(
        self, connect: Callable[[], sqlite3.Connection], on_commit: Callable[[int], None] | None = None
    ) -> None:
        self._connect = connect  # sent to the child: it must pickle too
        self._on_commit = on_commit
        self._proc: asyncio.subprocess.Process | None = None
        self._open = False
        self._queue: deque[tuple[Unit, asyncio.Future[Any]]] = deque()
        self._flush: asyncio.Task[None] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        # The batch awaiting its answer (its process, when it was sent on the real clock), watched
        # by a thread (see _watch); the process it killed.
        self._sent: tuple[asyncio.subprocess.Process, float] | None = None
        self._hung: asyncio.subprocess.Process | None = None
        self._unwatched = threading.Event()  # set: the watch's thread stops

    @property
    def pid(self) -> int | None:
        """The writer process's id (None when it is not running)."""
        return None if self._proc is None else self._proc.pid

    async def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._proc = await self._spawn()
        self._open = True
        # The thread holds the writer only weakly: a store nobody closed must still be collected
        # (with it, its reader connection's thread, which the interpreter waits for at exit).
        threading.Thread(
            target=_watch, args=(weakref.ref(self), self._unwatched), name="store-writer-watch", daemon=True
        ).start()

    async def _spawn(self) -> asyncio.subprocess.Process:
        env = frames.child_env()
        try:
            # A session of its own: a Ctrl-C at the bot's terminal never reaches it (it stops when
            # the store closes its pipe, or by itself when the bot is gone).
            proc = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "bot.store.writer_process",
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                env=env,
                start_new_session=True,
            )
        except OSError as exc:  # too many open files, no memory for a process...
            raise StoreError(f"the store's writer process cannot be started: {exc}") from exc
        try:
            _write(proc, frames.frame(self._connect))
            answer = await _answer(proc, SPAWN_TIMEOUT)
        except (pickle.PicklingError, TypeError, AttributeError) as exc:
            await _stop(proc)
            raise StoreError(f"the writer's way to connect cannot be sent to it: {exc}") from exc
        except _Lost:
            await _stop(proc)
            raise StoreError("the store's writer process did not start") from None
        if answer[0] != "ready":
            await _stop(proc)
            raise StoreError(f"the store's writer could not open the database: {answer[1]}")
        return proc

    async def run(
        self,
        work: Callable[[sqlite3.Connection], T] | None,
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
        the savepoint is rolled back and each of them runs its own `work` (or, with no `work`, the
        combiner's run_one), so a unit still fails alone and nothing else changes for its caller."""
        return await self.submit(work, one_statement, combine)

    def submit(
        self,
        work: Callable[[sqlite3.Connection], Any] | None,
        one_statement: bool = False,
        combine: tuple[Combiner, Any, Any] | None = None,
        *,
        held: bool = False,
    ) -> asyncio.Future[Any]:
        """Queue a unit as `run` does and return the future of its outcome, for a caller on the
        click path that awaits it itself (one coroutine fewer between the answer and the click).
        A caller cancelled before its unit is sent to the database withdraws it; once it is sent,
        it is committed (or not) whatever the caller does. ``held``: the future is Held
        (bot.store.base): its caller cannot cancel it, so the unit is never withdrawn."""
        loop = self._loop
        if not self._open or loop is None:
            raise StoreError("the store is not open")
        future: asyncio.Future[Any] = Held(loop=loop) if held else loop.create_future()
        if combine is None:
            self._queue.append(((work, one_statement, None, None, None), future))
        else:
            self._queue.append(((work, one_statement, *combine), future))
        if self._flush is None or self._flush.done():
            self._flush = loop.create_task(self._flushing(), name="store-writer")
            self._flush.add_done_callback(functools.partial(flush_ended, self))
        return future

    async def close(self) -> None:
        """Finish what was queued, then let the writer's process close the connection and stop."""
        self._open = False
        try:
            if self._flush is not None:
                await asyncio.gather(self._flush, return_exceptions=True)
                self._flush = None
        finally:
            self._unwatched.set()
            fail_all(self._queue, "the store is closed")
        if self._proc is not None:
            proc, self._proc = self._proc, None
            if proc.stdin is not None:
                proc.stdin.close()
            try:
                await asyncio.wait_for(proc.wait(), 30)
            except TimeoutError:
                log.error("the store's writer did not stop; killing it")
                proc.kill()
                await proc.wait()

    async def _flushing(self) -> None:
        await flush_queue(self._queue, self._commit, "the store's writer failed", self._on_commit)

    async def _commit(self, units: list[Unit]) -> list[Outcome]:
        """Send one batch and wait for its outcomes. A unit that cannot be sent fails alone."""
        try:
            token, data = _batch(units)
        except Exception:
            return await self._commit_sendable(units)
        return await self._exchange(units, token, data)

    async def _commit_sendable(self, units: list[Unit]) -> list[Outcome]:
        """The batch did not pickle: fail the units that do not, send the others."""
        outcomes: list[Outcome | None] = [None] * len(units)
        for i, unit in enumerate(units):
            try:
                pickle.dumps(unit, protocol=pickle.HIGHEST_PROTOCOL)
            except Exception as exc:
                log.error("a store write cannot be sent to the writer: %r", exc)
                outcomes[i] = (False, StoreError(f"this write cannot be sent to the writer: {exc}"))
        sent = [i for i, o in enumerate(outcomes) if o is None]
        if sent:
            some = [units[i] for i in sent]
            answers = await self._exchange(some, *_batch(some))
            for i, answer in zip(sent, answers, strict=True):
                outcomes[i] = answer
        return [o for o in outcomes if o is not None]

    async def _exchange(
        self, units: list[Unit], token: int, data: bytes, again: bool = True
    ) -> list[Outcome]:
        count = len(units)
        try:
            if self._proc is None:  # the last one could not be started again: try once more
                self._proc = await self._spawn()
            _write(self._proc, data)
            outcomes: list[Outcome] = await self._answered(self._proc)
        except (_Lost, StoreError) as exc:
            kept = await self._recover(token, count, exc)
            if kept is not None:
                return kept
            if self._proc is None:
                return [(False, StoreError("the store's writer is down; nothing was written"))] * count
            if again:
                # Nothing of it was written: the new writer takes the batch as if it were new.
                log.warning("sending the lost batch of %d units to the new writer", count)
                return await self._exchange(units, *_batch(units), again=False)
            if count == 1:  # this unit kills the writer (or cannot be read there): it fails alone
                return [(False, StoreError("the store's writer stopped on this write; nothing was written"))]
            # Lost twice: one of its units kills the writer. Each is sent alone, so only that one fails.
            log.error("a batch of %d units was lost twice; sending its units one by one", count)
            out: list[Outcome] = []
            for unit in units:
                out += await self._exchange([unit], *_batch([unit]), again=False)
            return out
        if len(outcomes) != count:
            return [(False, StoreError("the writer's answer does not fit its batch"))] * count
        return outcomes

    async def _answered(self, proc: asyncio.subprocess.Process) -> Any:
        """The answer to the batch just sent. A writer that gives none in ANSWER_TIMEOUT seconds (a
        stopped process; a disk stall, if the process can be killed out of it) is killed by the
        watch (see _watch), so that the read ends and the batch is recovered like any other
        lost one."""
        self._sent = (proc, time.perf_counter())
        try:
            return await _answer(proc, None)
        except _Lost:
            if self._hung is proc:
                raise _Lost(f"no answer in {ANSWER_TIMEOUT:g} s") from None
            raise
        finally:
            self._sent = None

    def _look(self) -> bool:
        """One look of the watch (see _watch); False once the loop is closed."""
        sent, loop = self._sent, self._loop
        if sent is None or self._hung is sent[0] or loop is None:
            return True
        if time.perf_counter() - sent[1] >= ANSWER_TIMEOUT:
            try:
                loop.call_soon_threadsafe(self._kill_stuck, sent)
            except RuntimeError:  # the loop is closed: nothing is waiting any more
                return False
        return True

    def _kill_stuck(self, sent: tuple[asyncio.subprocess.Process, float]) -> None:
        """On the loop: kill the writer if the batch the watch saw is still the one in flight (it may
        have been answered since), through the process's own kill, which checks that the process
        is still there before it signals its pid."""
        proc = sent[0]
        if self._sent is not sent or self._hung is proc or proc.returncode is not None:
            return
        self._hung = proc
        log.error("the store's writer gave no answer in %g s; killing it", ANSWER_TIMEOUT)
        try:
            proc.kill()
        except ProcessLookupError:
            pass
        except Exception:  # the watch goes on whatever one kill does
            log.exception("could not kill the store's writer")

    async def _recover(self, token: int, count: int, why: Exception) -> list[Outcome] | None:
        """The writer's process went away with a batch in flight (or could not be started): start
        another and ask the database whether that batch was committed. Its outcomes if it was, None
        if nothing of it was written."""
        lost, self._proc = self._proc, None
        if lost is not None:
            log.error("the store's writer process stopped (%s); starting another", why)
            await _stop(lost, grace=1.0)
        try:
            proc = self._proc = await self._spawn()
            _write(proc, frames.frame(("lookup", token, None)))
            kept: list[Outcome] | None = await _answer(proc, ANSWER_TIMEOUT)
        except (_Lost, StoreError) as exc:
            if self._proc is not None:
                await _stop(self._proc)
            self._proc = None
            log.error("the store's writer cannot be started again: %s", exc)
            return [(False, StoreError(f"the store's writer is down: {exc}"))] * count
        if kept is not None and len(kept) != count:  # committed, but its values were not kept
            return [(False, StoreError("the store's writer stopped after writing; reload"))] * count
        return kept


def _watch(writer: weakref.ref[Writer], unwatched: threading.Event) -> None:
    """The watch on a writer's answers, in a thread of its own: every second (or tenth of
    ANSWER_TIMEOUT), it looks at the batch in flight; when one has waited ANSWER_TIMEOUT seconds,
    it asks the loop to kill its writer (see Writer._kill_stuck). It stops when the writer is
    closed or gone.

    Not a timer per batch: at a thousand batches a second, that is a thousand timers made and
    cancelled a second, and, until the loop sweeps them, as many dead ones in its queue of timers
    (a simulated Discord keeps each for its whole 30 s, and scans them all whenever it checks
    whether the bot is idle). Not one timer of the loop kept armed either: that is work the loop
    always has, and a simulated Discord moves its clock thirty seconds on to run it. The wait is
    measured on the real clock: `perf_counter`, which a simulated Discord leaves alone (it moves
    `time.monotonic` with its own clock, which a test may move an hour on in one step)."""
    while not unwatched.wait(min(1.0, ANSWER_TIMEOUT / 10)):
        alive = writer()
        if alive is None or not alive._look():
            return
        del alive


def _batch(units: list[Unit]) -> tuple[int, bytes]:
    """A new token and the frame that sends `units` under it."""
    token = secrets.randbits(62)
    return token, frames.frame(("batch", token, units))


async def _stop(proc: asyncio.subprocess.Process, grace: float = 0.0) -> None:
    """Wait for a writer process to end (killing it after `grace` seconds)."""
    if grace > 0:
        try:
            await asyncio.wait_for(proc.wait(), grace)
            return
        except TimeoutError:
            pass
    if proc.returncode is None:
        with contextlib.suppress(ProcessLookupError):
            proc.kill()
    await proc.wait()


def _write(proc: asyncio.subprocess.Process, data: bytes) -> None:
    stdin = proc.stdin
    if stdin is None or stdin.is_closing() or proc.returncode is not None:
        raise _Lost("its pipe is closed")
    try:
        stdin.write(data)
    except (BrokenPipeError, ConnectionResetError, RuntimeError) as exc:
        raise _Lost(str(exc)) from exc


async def _answer(proc: asyncio.subprocess.Process, timeout: float | None) -> Any:
    stdout = proc.stdout
    assert stdout is not None
    try:
        async with asyncio.timeout(timeout):
            data = await frames.receive(stdout)
    except (asyncio.IncompleteReadError, ConnectionResetError) as exc:
        raise _Lost("its process ended") from exc
    except TimeoutError as exc:
        raise _Lost(f"no answer in {timeout:g} s") from exc
    try:
        return pickle.loads(data)
    except Exception as exc:  # an answer that cannot be read is an answer lost: ask the database
        raise _Lost(f"its answer cannot be read ({exc!r})") from exc
