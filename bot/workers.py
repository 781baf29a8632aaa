"""Work the bot's process hands to a process of its own, so that no table waits on it. No Discord here.

A thread would not do for work that is mostly Python: it holds the interpreter's lock for slices of
5 ms at a time, and the event loop, which answers every table's clicks, waits for it meanwhile. A
chart is about 200 ms of matplotlib (bot.charts); an AI seat's decision up to a few hundred ms of
search (bot.tables). Each kind of work has one `Worker`: one process (`python -m
bot.worker_process`, a new interpreter: a fork of a process with threads is not safe), started by
its first call and kept. Calls and answers go through its stdin and stdout as frames (bot.frames),
read and written by the event loop itself: no thread of the bot's process takes part (a pool of
processes keeps two, which take the interpreter's lock from the loop at every call).

Calls go into the process one at a time (the others wait their turn in the bot's process), so that
a call's timeout counts its own run only, and a process killed under one call costs no other call. A
turn that does not come within the caller's timeout is given up (the process is left to the call it
runs); a caller that gives up while its call runs leaves a new process to the next one.
Bad days: a process that died is replaced and the call made once more in the new one; a call not
done within its timeout is given up and its process killed (the next call starts another); the
process has a session of its own (a Ctrl-C at the bot's terminal is the bot's to handle; the bot
stops it) and ends by itself when the bot's process is gone (killed, say), rather than run on
alone. Whatever still fails is the caller's error: each caller has its way on without the work (a
report without its chart, the AI seat's decision made in the bot's process after all).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import pickle
import signal
import subprocess
import sys
import threading
import time
import traceback
import weakref
from collections.abc import Callable
from typing import Any, TypeVar

from bot import frames

T = TypeVar("T")
_ALL: weakref.WeakSet[Worker] = weakref.WeakSet()  # every Worker, for close_all

START_TIMEOUT = 60.0  # seconds for a new process to start and answer (a loaded machine's imports)
PARENT = "DECKHAND_WORKER_PARENT"  # the bot's pid, in a worker's environment: its watch looks for it
WATCH_EVERY = 0.5  # seconds between two looks of a worker's watch on the bot's process


class WorkerLost(RuntimeError):
    """The worker's process ended under a call, again in the new one; or it was stopped (close)."""


class WorkerError(RuntimeError):
    """What the process answered cannot be read here, or a value or error cannot be sent back."""


def close_all() -> None:
    """Stop every worker's process (the bot stopping: one that hangs would otherwise run on)."""
    for worker in list(_ALL):
        worker.close()


def _ready(function: Callable[..., Any]) -> bool:
    """The first call in a new process: it has started, and has imported the module of the function
    it is about to run (unpickling the function's reference imports it)."""
    return True


class _Lost(Exception):
    """The process's pipe ended (it died, or was killed)."""


class Worker:
    """One process for one kind of work (see the module's text)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._proc: _Process | None = None
        # One call in the process at a time; the others wait their turn here. So a call's timeout
        # measures that call alone (not the calls before it), and a process killed for one call never
        # takes others queued in it down with it. The lock and the process's pipes serve one event
        # loop only (a new loop, a restart in tests, starts a new process).
        self._turn: tuple[asyncio.AbstractEventLoop, asyncio.Lock] | None = None
        _ALL.add(self)

    async def run(self, timeout: float, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)`` in the worker's process (function and arguments must pickle: a
        module-level function, plain data; if they do not, pickle's error is raised here and nothing
        is sent). Raises TimeoutError when its turn has not come within `timeout` seconds (the process
        is left to the call before it), or when it has run `timeout` seconds (a new process's start
        is not counted: it has START_TIMEOUT of its own); WorkerLost when the process died twice
        under it, could not start, or was stopped by close(); or the function's own error. So a
        caller waits at most three times its timeout (its turn, its call, the call once more in a new
        process) and two starts."""
        call = frames.frame((function, args))
        lock = self._lock()
        try:
            async with asyncio.timeout(timeout):
                await lock.acquire()
        except TimeoutError:
            raise TimeoutError(f"the {self.name} process was busy for {timeout:g} s") from None
        try:
            return await self._call(timeout, call, function)
        finally:
            lock.release()

    def _lock(self) -> asyncio.Lock:
        loop = asyncio.get_running_loop()
        if self._turn is None or self._turn[0] is not loop:
            if self._proc is not None:
                self._drop(self._proc)
            self._turn = (loop, asyncio.Lock())
        return self._turn[1]

    async def _call(self, timeout: float, call: bytes, function: Callable[..., Any]) -> Any:
        for attempt in range(2):
            proc = self._proc
            if proc is not None and proc.ended():  # died while idle: nothing of this call was lost
                self._drop(proc)
                proc = None
            if proc is None:  # the process starts (its imports too) on a time of its own, not the call's
                proc = await self._start(function)
            try:
                proc.write(call)
                async with asyncio.timeout(timeout):
                    answer = await proc.answer()
            except TimeoutError:
                self._drop(proc)
                raise TimeoutError(f"the {self.name} process gave no answer in {timeout:g} s") from None
            except _Lost as lost:
                stopped = self._proc is not proc  # by close(), not by a death of its own: no retry
                self._drop(proc)
                if attempt or stopped:
                    raise WorkerLost(f"the {self.name} process {lost}") from None
                continue
            except BaseException:
                # The caller gave up (cancelled): its call may still run in the process, and the next
                # caller's would wait behind it on the next caller's time. A new process instead.
                self._drop(proc)
                raise
            return _result(answer)
        raise AssertionError("not reached")

    async def _start(self, function: Callable[..., Any]) -> _Process:
        proc = _Process.start(self.name)
        self._proc = proc
        try:
            proc.write(frames.frame((_ready, (function,))))
            async with asyncio.timeout(START_TIMEOUT):
                answer = await proc.answer()
        except (TimeoutError, _Lost):
            stopped = self._proc is not proc
            self._drop(proc)
            why = "was stopped" if stopped else "did not start"
            raise WorkerLost(f"the {self.name} process {why}") from None
        except BaseException:
            self._drop(proc)
            raise
        _result(answer)  # the function's module does not import there: its error, the process kept
        return proc

    def pids(self) -> list[int]:
        """The worker's process, if it runs now (none before the first call)."""
        proc = self._proc
        return [] if proc is None or proc.popen.poll() is not None else [proc.popen.pid]

    def close(self) -> None:
        """Stop the process (work under way is given up, its caller told so); a later call starts
        a new one."""
        if self._proc is not None:
            self._drop(self._proc)

    def _drop(self, proc: _Process) -> None:
        """Stop using a process that died, hangs or is not wanted any more."""
        if self._proc is proc:
            self._proc = None
        proc.end()


class _Process:
    """A worker's process, its two pipes read and written by one event loop on their raw file
    descriptors. Not asyncio's subprocesses, nor its pipe transports: those belong to their loop,
    and a process left by a loop now closed (tests start one loop after another) could not be ended
    without their complaints; a loop that is closed has let go of the descriptors already."""

    def __init__(self, popen: subprocess.Popen[bytes], loop: asyncio.AbstractEventLoop) -> None:
        assert popen.stdin is not None and popen.stdout is not None
        self.popen = popen
        self.loop = loop
        self.stdin = popen.stdin.fileno()
        self.stdout = popen.stdout.fileno()
        self.received = bytearray()  # what the process wrote and no answer took yet
        self.unsent = bytearray()  # what the pipe to the process did not take yet
        self.eof = False  # the process's end of its stdout is closed (it ended, or was killed)
        self.closed = False  # end() has let go of the pipes: their numbers may be someone else's now
        self.waiter: asyncio.Future[None] | None = None
        os.set_blocking(self.stdin, False)
        os.set_blocking(self.stdout, False)
        loop.add_reader(self.stdout, self._readable)

    @classmethod
    def start(cls, name: str) -> _Process:
        env = frames.child_env()
        env[PARENT] = str(os.getpid())
        try:
            popen = subprocess.Popen(
                [sys.executable, "-m", "bot.worker_process"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                env=env,
                start_new_session=True,  # a Ctrl-C at the bot's terminal never reaches it
            )
        except OSError as exc:  # too many open files, no memory for a process...
            raise WorkerLost(f"the {name} process cannot be started: {exc}") from exc
        try:
            return cls(popen, asyncio.get_running_loop())
        except BaseException:
            _end(popen)
            raise

    def ended(self) -> bool:
        return self.eof or self.popen.poll() is not None

    def write(self, data: bytes) -> None:
        if self.ended():
            raise _Lost("had ended")
        if self.unsent:  # the pipe is full: after what waits already
            self.unsent += data
            return
        try:
            sent = os.write(self.stdin, data)
        except BlockingIOError:
            sent = 0
        except OSError as exc:
            raise _Lost(f"could not be written to ({exc})") from exc
        if sent < len(data):
            self.unsent += data[sent:]
            self.loop.add_writer(self.stdin, self._writable)

    def _writable(self) -> None:
        try:
            sent = os.write(self.stdin, self.unsent)
        except BlockingIOError:
            return
        except OSError:  # the process is gone: its end of stdout closes too, and the reader sees it
            sent = len(self.unsent)
        del self.unsent[:sent]
        if not self.unsent:
            self.loop.remove_writer(self.stdin)

    def _readable(self) -> None:
        try:
            data = os.read(self.stdout, 1 << 16)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if data:
            self.received += data
        else:  # the process ended (it is waited for when it is next looked at, or ended)
            self.eof = True
            self.loop.remove_reader(self.stdout)
        waiter = self.waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    async def answer(self) -> bytes:
        """The body of the next frame from the process (frames.receive's, on the raw pipe)."""
        while True:
            received = self.received
            if len(received) >= frames.HEAD.size:
                (size,) = frames.HEAD.unpack_from(received)
                end = frames.HEAD.size + size
                if len(received) >= end:
                    body = bytes(received[frames.HEAD.size : end])
                    del received[:end]
                    return body
            if self.eof:
                raise _Lost("ended")
            self.waiter = self.loop.create_future()
            try:
                await self.waiter
            finally:
                self.waiter = None

    def end(self) -> None:
        """Kill the process and let go of its pipes; a call waiting on it sees their end. Once only:
        the pipes' numbers, free again, may be another's the next moment (a worker just started)."""
        if self.closed:
            return
        self.closed = True
        if not self.loop.is_closed():  # a closed loop has let go of them already
            self.loop.remove_reader(self.stdout)
            self.loop.remove_writer(self.stdin)
        self.unsent.clear()
        self.eof = True
        waiter = self.waiter
        if waiter is not None and not waiter.done():
            with contextlib.suppress(RuntimeError):  # its loop is closed: nobody waits any more
                waiter.set_result(None)
        _end(self.popen)


def _end(popen: subprocess.Popen[bytes]) -> None:
    """Kill a worker's process and close our ends of its pipes."""
    with contextlib.suppress(OSError):
        popen.kill()
    for pipe in (popen.stdin, popen.stdout):
        if pipe is not None:
            with contextlib.suppress(OSError):
                pipe.close()
    if popen.returncode is None:  # a thread waits for it to go (a short wait, but not the loop's)
        threading.Thread(target=popen.wait, name="worker-reap", daemon=True).start()


def _result(answer: bytes) -> Any:
    try:
        kind, value = pickle.loads(answer)
    except Exception as exc:  # the pipe is still in step: only this answer is lost
        raise WorkerError(f"an answer of the worker cannot be read here: {exc!r}") from exc
    if kind == "error":
        error, where = value
        error.__cause__ = WorkerError(f"in the worker's process:\n{where}")
        raise error
    return value


# ---- in the worker's process ----------------------------------------------------------------------


def child_main() -> int:
    """A worker's process: calls in on the stdin it had at start, answers out on the stdout it had
    at start. What the work prints goes to stderr, and what it reads is /dev/null, so that neither
    the work nor a process it starts can take a frame. It ends when the bot closes the pipe, or,
    watched by a thread, when the bot's process is gone, even in the middle of a call."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = int(os.environ.get(PARENT, "0"))
    if parent:
        threading.Thread(target=_watch_parent, args=(parent,), name="parent-watch", daemon=True).start()
    requests = os.fdopen(os.dup(0), "rb")
    answers = os.fdopen(os.dup(1), "wb")
    nothing = os.open(os.devnull, os.O_RDONLY)
    os.dup2(nothing, 0)
    os.close(nothing)
    os.dup2(2, 1)
    while True:
        try:
            call = frames.read_body(requests)
        except EOFError:  # the bot closed the pipe
            return 0
        answer = _answer(call)
        try:
            frames.send(answers, answer)
        except OSError:  # the bot is gone, or closed the pipe under the answer
            return 0
        except BaseException as exc:  # a value or an error that does not pickle (nothing was written)
            with contextlib.suppress(OSError):
                frames.send(answers, ("error", (WorkerError(f"the answer cannot be sent: {exc!r}"), "")))


def _answer(call: bytes) -> tuple[str, Any]:
    """Run one call; its value, or its error, whatever the error (a SystemExit deep in a library,
    an argument that cannot be read here): the process goes on to the next call."""
    try:
        function, args = pickle.loads(call)
        return ("ok", function(*args))
    except Exception as exc:
        return ("error", (exc, traceback.format_exc()))
    except BaseException as exc:  # not raised as itself in the bot's process
        return ("error", (WorkerError(f"{type(exc).__name__}: {exc}"), traceback.format_exc()))


def _watch_parent(parent: int) -> None:
    """The bot's process is gone (this one is someone else's child now): end at once."""
    while os.getppid() == parent:
        time.sleep(WATCH_EVERY)
    os._exit(0)
