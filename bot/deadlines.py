"""Many callbacks, each due a fixed delay after it was added, on one timer of the event loop.

A click sets two deadlines (tell Discord the answer is coming; show the board if the answer is
late) and nearly always cancels both a few milliseconds later. A timer of the loop for each is
made, queued and cancelled for nothing, and a cancelled timer stays in the loop's queue until it
is swept. Here the deadlines of one delay come due in the order they were added, so a queue holds
them and a single timer waits for the oldest; a cancelled one is only marked, and dropped when its
time comes. Nothing here knows about Discord.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
from collections import deque
from collections.abc import Callable

log = logging.getLogger(__name__)


class Deadline:
    """One callback's place in the queue; ``cancel`` before it is due, and it never runs."""

    __slots__ = ("callback", "context", "owner", "when")

    def __init__(self, owner: Deadlines, when: float, callback: Callable[[], object]) -> None:
        self.owner = owner
        self.when = when
        self.callback: Callable[[], object] | None = callback
        self.context = contextvars.copy_context()  # it runs in its own caller's context, as call_later's

    def cancel(self) -> None:
        if self.callback is not None:
            self.callback = None
            self.owner._cancelled()

    @property
    def cancelled(self) -> bool:
        return self.callback is None


class Deadlines:
    """Callbacks run ``delay`` seconds after they were added (by the loop's clock), unless
    cancelled first. A callback that raises is logged; the others still run."""

    def __init__(self, delay: float) -> None:
        self.delay = delay
        self._queue: deque[Deadline] = deque()
        self._timer: asyncio.TimerHandle | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._running = False
        self._live = 0  # deadlines queued and not cancelled

    def add(self, callback: Callable[[], object]) -> Deadline:
        loop = asyncio.get_running_loop()
        if loop is not self._loop:  # a new loop (a restart in tests): what the old one held is gone
            self.close()
            self._loop = loop
        deadline = Deadline(self, loop.time() + self.delay, callback)
        self._queue.append(deadline)
        self._live += 1
        if self._timer is None and not self._running:
            self._timer = loop.call_at(deadline.when, self._due)
        return deadline

    def __len__(self) -> int:
        """Deadlines queued, cancelled ones included until their time comes."""
        return len(self._queue)

    def _due(self) -> None:
        self._timer = None
        loop = self._loop
        assert loop is not None
        now = loop.time()
        queue = self._queue
        self._running = True  # a callback that adds a deadline does not arm a timer of its own
        try:
            while queue and (queue[0].cancelled or queue[0].when <= now):
                deadline = queue.popleft()
                callback = deadline.callback
                if callback is None:
                    continue
                deadline.callback = None
                self._live -= 1
                try:
                    deadline.context.run(callback)
                except Exception:
                    log.exception("a deadline's callback failed")
        finally:
            self._running = False
        if queue and self._timer is None:
            self._timer = loop.call_at(queue[0].when, self._due)

    def _cancelled(self) -> None:
        """With no live deadline left, the timer goes too: an armed timer is work the loop still
        has to do (a simulated Discord waits for it before it calls the bot idle)."""
        self._live -= 1
        if self._live == 0:
            self._reset()

    def _reset(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self._queue.clear()
        self._live = 0

    def close(self) -> None:
        """Drop everything queued; nothing runs any more."""
        for deadline in self._queue:
            deadline.callback = None
        self._reset()
