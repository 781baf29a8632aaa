"""Deadlines: callbacks due a fixed delay after they were added, on one timer."""

from __future__ import annotations

import asyncio
import logging

from bot.deadlines import Deadlines


async def until(done, seconds: float = 5.0) -> None:
    """Wait for what the test expects, as long as a loaded machine may need, and no longer than
    a quiet one does: a fixed sleep raced the timers on a busy CI runner."""
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    while not done() and loop.time() < end:
        await asyncio.sleep(0.01)


async def test_each_callback_runs_once_its_delay_has_passed_and_a_cancelled_one_never():
    deadlines = Deadlines(0.05)
    loop = asyncio.get_running_loop()
    ran: list[tuple[int, float]] = []
    added = {}
    for n in range(200):
        added[n] = (deadlines.add(lambda n=n: ran.append((n, loop.time()))), loop.time())
        if n % 3:
            # cancelled in the same step it was added in: however slow the machine, it was
            # never due yet (a cancel a few sleeps later raced the 50 ms on a loaded CI runner)
            added[n][0].cancel()
        if n % 10 == 0:
            await asyncio.sleep(0.002)
    live = [n for n in range(200) if n % 3 == 0]
    await until(lambda: len(ran) >= len(live) and len(deadlines) == 0)
    assert [n for n, _ in ran] == live
    for n, at in ran:
        assert at >= added[n][1] + 0.05
    assert len(deadlines) == 0, "nothing is kept once its time has come"


async def test_a_failing_callback_is_logged_and_the_others_still_run(caplog):
    deadlines = Deadlines(0.01)
    ran: list[int] = []

    def fail() -> None:
        raise RuntimeError("boom")

    deadlines.add(lambda: ran.append(1))
    deadlines.add(fail)
    deadlines.add(lambda: ran.append(3))
    with caplog.at_level(logging.ERROR):
        await until(lambda: len(deadlines) == 0)
    assert ran == [1, 3]
    assert "a deadline's callback failed" in caplog.text


async def test_a_callback_may_add_another_deadline_which_keeps_its_own_delay():
    deadlines = Deadlines(0.03)
    loop = asyncio.get_running_loop()
    seen: list[float] = []

    def again() -> None:
        seen.append(loop.time())
        if len(seen) < 3:
            deadlines.add(again)

    start = loop.time()
    deadlines.add(again)
    await until(lambda: len(seen) == 3)
    assert len(seen) == 3
    assert seen[0] >= start + 0.03 and seen[1] >= seen[0] + 0.03 and seen[2] >= seen[1] + 0.03


async def test_closed_nothing_runs():
    deadlines = Deadlines(0.01)
    ran: list[int] = []
    deadlines.add(lambda: ran.append(1))
    deadlines.close()
    await asyncio.sleep(0.05)
    assert ran == []


async def test_once_every_deadline_is_cancelled_no_timer_is_left_armed():
    """An armed timer is work the loop still has: a simulated Discord waits for it before it calls
    the bot idle, so a click whose deadlines were all cancelled must leave none behind."""
    deadlines = Deadlines(5.0)
    loop = asyncio.get_running_loop()
    ours = [deadlines.add(lambda: None) for _ in range(3)]

    def armed() -> int:
        ours_armed = (getattr(h, "_callback", None) == deadlines._due for h in loop._scheduled)
        return sum(a and not h.cancelled() for a, h in zip(ours_armed, loop._scheduled, strict=True))

    assert armed() == 1, "one timer for three deadlines"
    for deadline in ours:
        deadline.cancel()
    assert armed() == 0
    assert len(deadlines) == 0


async def test_each_callback_runs_in_the_context_it_was_added_in():
    import contextvars

    language = contextvars.ContextVar("language", default="en")
    deadlines = Deadlines(0.01)
    seen: list[str] = []

    async def click(lang: str) -> None:
        language.set(lang)
        deadlines.add(lambda: seen.append(language.get()))

    for lang in ("de", "fr", "es"):
        await asyncio.create_task(click(lang))
    await until(lambda: len(seen) == 3)
    assert seen == ["de", "fr", "es"]


def test_a_deadline_of_a_loop_that_is_gone_is_cancelled_and_its_cancel_changes_nothing():
    deadlines = Deadlines(0.01)
    ran: list[str] = []

    async def add(name: str):
        return deadlines.add(lambda: ran.append(name))

    old = asyncio.run(add("old"))  # its loop ends before it is due
    loop = asyncio.new_event_loop()
    try:

        async def later() -> None:
            deadlines.add(lambda: ran.append("new"))
            assert old.cancelled, "a deadline of the loop that is gone never runs"
            old.cancel()  # and cancelling it does not touch the new loop's deadlines
            await asyncio.sleep(0.05)

        loop.run_until_complete(later())
    finally:
        loop.close()
    assert ran == ["new"]
