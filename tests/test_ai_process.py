"""AI seats decide in a process of their own (bot.tables.AI_PROCESS), and a game never waits on it: a
process that dies is replaced, one that hangs or cannot be had leaves the decision to the bot's
process."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import time

import pytest

from bot import tables as tables_module
from bot.catalog import GAMES, GameSpec
from bot.games.thegame import TheGameOptions
from bot.store import SqliteStore
from bot.tables import PLAYING, TableService
from bot.workers import Worker, close_all
from tests import ai_helpers
from tests.test_charts import alive


@pytest.fixture
async def store(tmp_path):
    s = SqliteStore(str(tmp_path / "t.sqlite3"))
    await s.open()
    yield s
    await s.close()


@pytest.fixture
def worker(monkeypatch):
    """A fresh AI process for each test, stopped after it."""
    w = Worker("ai-seat-test")
    monkeypatch.setattr(tables_module, "AI_PROCESS", w)
    yield w
    w.close()


@pytest.fixture
def here(monkeypatch):
    """The seats of the decisions made in this process (in the AI thread)."""
    made = []
    original = GameSpec.ai_action

    def counted(self, state, seat, level="normal"):
        made.append(seat)
        return original(self, state, seat, level)

    monkeypatch.setattr(GameSpec, "ai_action", counted)
    return made


async def ai_table(service: TableService, ais: int = 2, channel: int = 10):
    table = await service.open_lobby(
        guild_id=1, channel_id=channel, host_id=100 + channel, host_name="ann", options=TheGameOptions()
    )
    for _ in range(ais):
        await service.add_ai(table.id, 100 + channel, "hard")
    await service.start(table.id, 100 + channel, seed=11)
    return table


async def a_decision_hanging(service: TableService):
    """An AI table at an AI seat's turn, and that seat's decision (ai_decision is hanging_once),
    sent to the AI's process, where it hangs."""
    table = await ai_table(service)
    while table.state.current == 0:  # to a seat the store knows as an AI seat
        await ai_moves(service, table, 1)
    mark = ai_helpers.hang_mark(os.getpid())
    mark.touch()
    try:
        deciding = asyncio.ensure_future(service.ai_step(table.id))
        async with asyncio.timeout(30):
            while mark.exists():  # the decision has reached the process, and hangs there
                await asyncio.sleep(0.02)
    finally:
        mark.unlink(missing_ok=True)
    return table, deciding


async def ai_moves(service: TableService, table, count: int) -> list[int]:
    """Let the AI seats move `count` times (the host's turns are played by the AI too, as if they
    had left the seat to it); the versions the table reached."""
    versions = []
    for _ in range(count):
        state = table.state
        if state.is_over:
            break
        if not table.seats[state.current].ai:
            table.seats[state.current].ai = True
        assert await service.ai_step(table.id) is not None
        versions.append(table.version)
    return versions


async def test_ai_seats_decide_in_another_process_with_the_same_decisions(store, worker, here):
    service = TableService(store)
    table = await ai_table(service)
    await ai_moves(service, table, 12)
    assert here == [], "no decision was made in the bot's process"
    assert len(worker.pids()) == 1 and worker.pids()[0] != os.getpid()
    # The same moves as the bot's process chooses: deal again, and at each logged action ask
    # ai_action here what the seat on turn plays.
    spec = GAMES[table.game]
    again = spec.deal(len(table.seats), table.options, table.seed, table.first_player)
    logged = table.state.action_dicts()
    assert len(logged) == 12
    for record in logged:
        assert TableService._record_form(spec.ai_action(again, again.current, "hard")) == record
        again.apply_record(record)
    service.close()


async def test_a_killed_ai_process_is_replaced_and_the_seat_moves_on(store, worker, here):
    service = TableService(store)
    table = await ai_table(service)
    await ai_moves(service, table, 2)
    (first,) = worker.pids()
    os.kill(first, signal.SIGKILL)
    async with asyncio.timeout(10):
        while alive(first):
            await asyncio.sleep(0.01)
    before = table.version
    await ai_moves(service, table, 3)
    assert table.version == before + 3
    assert here == [] and worker.pids() != [first]
    service.close()


async def test_a_hung_ai_process_is_given_up_and_the_seat_decides_here(store, worker, here, monkeypatch):
    service = TableService(store)
    table = await ai_table(service)
    await ai_moves(service, table, 1)
    (first,) = worker.pids()
    os.kill(first, signal.SIGSTOP)
    monkeypatch.setattr(tables_module, "AI_TIMEOUT", 1.0)
    started = time.monotonic()
    before = table.version
    await ai_moves(service, table, 1)
    assert table.version == before + 1 and len(here) == 1, "decided in the bot's process"
    assert time.monotonic() - started < 8
    async with asyncio.timeout(10):
        while alive(first):  # the stopped process was killed, not left behind
            await asyncio.sleep(0.05)
    # The next decision goes to a new process again.
    monkeypatch.setattr(tables_module, "AI_TIMEOUT", 30.0)
    await ai_moves(service, table, 1)
    assert len(here) == 1 and worker.pids() and worker.pids()[0] != first
    assert table.status == PLAYING or table.state.is_over
    service.close()


async def test_without_an_ai_process_the_seats_decide_here(store, worker, here, monkeypatch):
    async def cannot(*args, **kwargs):
        raise OSError("no process can be started here")

    monkeypatch.setattr(worker, "run", cannot)
    service = TableService(store)
    table = await ai_table(service)
    before = table.version
    await ai_moves(service, table, 4)
    assert table.version == before + 4 and len(here) == 4
    service.close()


async def test_when_the_ai_process_hangs_every_tables_ai_seat_still_moves(store, worker, here, monkeypatch):
    """Three tables' AI seats ask at once while the process is stopped: the one whose decision was
    in it decides here after the timeout; the others, answered by a new process or (their turn not
    come in time) here too, all move; the next decision goes to a new process."""
    service = TableService(store)
    tables = [await ai_table(service, channel=c) for c in (10, 11, 12)]
    for table in tables:
        if not table.seats[table.state.current].ai:
            table.seats[table.state.current].ai = True
    await service.ai_step(tables[0].id)
    (first,) = worker.pids()
    os.kill(first, signal.SIGSTOP)
    monkeypatch.setattr(tables_module, "AI_TIMEOUT", 1.0)
    before = [t.version for t in tables]
    for table in tables:
        if not table.seats[table.state.current].ai:
            table.seats[table.state.current].ai = True
    async with asyncio.timeout(60):
        outcomes = await asyncio.gather(*(service.ai_step(t.id) for t in tables))
    assert all(o is not None for o in outcomes)
    assert [t.version for t in tables] == [v + 1 for v in before]
    assert 1 <= len(here) <= 3
    made_here = len(here)
    monkeypatch.setattr(tables_module, "AI_TIMEOUT", 30.0)
    await ai_moves(service, tables[0], 1)
    assert len(here) == made_here and worker.pids() and worker.pids()[0] != first
    service.close()


async def test_a_stop_while_a_decision_hangs_in_the_process_logs_nothing_and_the_next_start_plays_on(
    store, worker, here, monkeypatch
):
    """The bot stops (its tasks cancelled) while an AI seat's decision hangs in the AI's process. Nothing
    of that decision is logged; the service started next from the same file has the seat decide
    again at once, in a new process (not behind the abandoned call), and a third start finds the
    same log."""
    monkeypatch.setattr(tables_module, "ai_decision", ai_helpers.hanging_once)
    service = TableService(store)
    table, deciding = await a_decision_hanging(service)
    (hung,) = worker.pids()
    logged = table.version
    deciding.cancel()
    with pytest.raises(asyncio.CancelledError):
        await deciding
    service.close()

    again = TableService(store)
    await again.load()
    table = again.in_channel(10)
    assert table.version == logged, "nothing of the abandoned decision was logged"
    started = time.monotonic()
    assert await again.ai_step(table.id) is not None
    assert time.monotonic() - started < 5, "not queued behind the abandoned call"
    assert table.version == logged + 1 and here == []
    assert worker.pids() and worker.pids()[0] != hung
    async with asyncio.timeout(10):
        while alive(hung):
            await asyncio.sleep(0.05)
    again.close()

    third = TableService(store)
    await third.load()
    assert third.in_channel(10).version == logged + 1
    assert third.in_channel(10).state.action_dicts() == table.state.action_dicts()
    third.close()


async def test_the_bot_closing_while_a_decision_hangs_ends_the_decision_quietly_and_logs_nothing(
    store, worker, here, monkeypatch, caplog
):
    """Deckhand.close() stops the AI thread and then the AI's process while a seat's decision hangs
    there (the bot's tasks not cancelled yet): the decision ends at once without a move, and the
    next start from the same file has the seat decide."""
    monkeypatch.setattr(tables_module, "ai_decision", ai_helpers.hanging_once)
    service = TableService(store)
    table, deciding = await a_decision_hanging(service)
    logged = table.version
    with caplog.at_level("WARNING"):
        service.close()  # as Deckhand.close() does: the tables' thread, then every worker
        close_all()
        async with asyncio.timeout(5):
            outcome = await asyncio.gather(deciding, return_exceptions=True)
    assert table.version == logged and here == [], f"no move made at the stop: {outcome}"
    assert [r for r in caplog.records if r.levelno >= logging.ERROR] == []
    assert isinstance(outcome[0], asyncio.CancelledError), "it ends as the stop's, not as a failure"
    assert not any("decides in the bot's process" in r.getMessage() for r in caplog.records)

    again = TableService(store)
    await again.load()
    assert again.in_channel(10).version == logged
    assert await again.ai_step(again.in_channel(10).id) is not None
    assert again.in_channel(10).version == logged + 1
    again.close()
