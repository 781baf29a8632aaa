"""The table service on its own: locking, versions, the store's faults, rebuilding from the log."""

from __future__ import annotations

import asyncio
import contextlib
from datetime import UTC, datetime, timedelta

import pytest

from bot.games.thegame import TheGameOptions
from bot.store import SqliteStore, StoreError, open_store
from bot.tables import PLAYING, StaleView, TableError, TableService


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 5, 1, 20, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


class FlakyStore(SqliteStore):
    """A store whose next writes of actions fail, as a full or vanished disk would."""

    fail_actions = 0

    async def append_action(self, *args, **kwargs):
        if self.fail_actions:
            self.fail_actions -= 1
            raise StoreError("disk I/O error")
        return await super().append_action(*args, **kwargs)


@pytest.fixture
async def store(tmp_path):
    s = FlakyStore(str(tmp_path / "t.sqlite3"))
    await s.open()
    yield s
    await s.close()


async def started(service: TableService, players: int = 2, seed: int = 7):
    table = await service.open_lobby(
        guild_id=1, channel_id=10, host_id=100, host_name="ann", options=TheGameOptions()
    )
    for i in range(1, players):
        await service.join(table.id, 100 + i, f"p{i}")
    await service.start(table.id, 100, seed=seed)
    return table


def snapshot(table):
    s = table.state
    return (table.version, list(s.piles), [list(h) for h in s.hands], s.current, s.played, s.turn)


async def test_two_racing_clicks_exactly_one_wins(store):
    service = TableService(store, clock=Clock())
    table = await started(service)
    card = table.state.hands[0][0]
    click = {"type": "play", "card": card, "pile": 1}
    results = await asyncio.gather(
        *(service.act(table.id, 100, click, table.version) for _ in range(2)), return_exceptions=True
    )
    wins = [r for r in results if not isinstance(r, BaseException)]
    losses = [r for r in results if isinstance(r, BaseException)]
    assert len(wins) == 1 and len(losses) == 1
    assert isinstance(losses[0], StaleView)
    assert table.version == 1 and table.state.piles[0] == card


async def test_racing_different_plays_on_one_version(store):
    service = TableService(store, clock=Clock())
    table = await started(service)
    a, b = table.state.hands[0][:2]
    version = table.version
    results = await asyncio.gather(
        service.act(table.id, 100, {"type": "play", "card": a, "pile": 3}, version),
        service.act(table.id, 100, {"type": "play", "card": b, "pile": 4}, version),
        return_exceptions=True,
    )
    assert sum(not isinstance(r, BaseException) for r in results) == 1
    assert table.version == 1
    stored = await store.load_table(table.id)
    assert len(stored.actions) == 1


async def test_a_failed_write_changes_nothing_and_says_so(store):
    service = TableService(store, clock=Clock())
    table = await started(service)
    before = snapshot(table)
    store.fail_actions = 1
    card = table.state.hands[0][0]
    with pytest.raises(TableError, match="could not save"):
        await service.act(table.id, 100, {"type": "play", "card": card, "pile": 1}, table.version)
    assert snapshot(table) == before
    # The same click works once the disk is back.
    await service.act(table.id, 100, {"type": "play", "card": card, "pile": 1}, table.version)
    assert table.version == 1


async def test_restart_rebuilds_tables_from_the_log(store, tmp_path):
    clock = Clock()
    service = TableService(store, clock=clock)
    table = await started(service, players=3)
    state = table.state
    for _ in range(2):
        card, pile = next(
            (c, p)
            for c in state.hands[0]
            for p in (1, 2, 3, 4)
            if state.playable(0) and (c, p - 1) in state.playable(0)
        )
        await service.act(table.id, 100, {"type": "play", "card": card, "pile": pile}, table.version)
    await service.act(table.id, 101, {"type": "signal", "pile": 2, "signal": "good_card"}, None)
    before = snapshot(table)

    again = TableService(store, clock=clock)
    await again.load()
    rebuilt = again.in_channel(10)
    assert rebuilt is not None and rebuilt.status == PLAYING
    assert snapshot(rebuilt) == before
    assert rebuilt.state.signal_views() == state.signal_views()
    assert [s.name for s in rebuilt.seats] == ["ann", "p1", "p2"]


async def test_one_table_per_channel(store):
    service = TableService(store, clock=Clock())
    await service.open_lobby(guild_id=1, channel_id=10, host_id=1, host_name="a", options=TheGameOptions())
    with pytest.raises(TableError, match="already open"):
        await service.open_lobby(
            guild_id=1, channel_id=10, host_id=2, host_name="b", options=TheGameOptions()
        )


async def test_lobby_rules(store):
    service = TableService(store, clock=Clock())
    table = await service.open_lobby(
        guild_id=1, channel_id=10, host_id=1, host_name="a", options=TheGameOptions()
    )
    with pytest.raises(TableError, match="already seated"):
        await service.join(table.id, 1, "a")
    for i in range(2, 6):
        await service.join(table.id, i, f"p{i}")
    with pytest.raises(TableError, match="full"):
        await service.join(table.id, 9, "late")
    with pytest.raises(TableError, match="Only the host"):
        await service.start(table.id, 2)
    await service.leave_lobby(table.id, 1)
    assert table.host_id == 2 and len(table.seats) == 4


async def test_timers_remind_at_half_time_then_time_out(store):
    clock = Clock()
    service = TableService(store, clock=clock, turn_timer=600)
    table = await started(service)
    assert await service.tick() == []
    clock.now += timedelta(seconds=301)
    assert [e.kind for e in await service.tick()] == ["reminder"]
    assert await service.tick() == []
    clock.now += timedelta(seconds=300)
    assert [e.kind for e in await service.tick()] == ["timeout"]
    assert await service.tick() == []
    with pytest.raises(TableError, match="Only the host"):
        await service.resolve_absent(table.id, 101, table.state.turn, "remove")
    await service.resolve_absent(table.id, 100, table.state.turn, "remove")
    assert table.state.left[0] and table.state.current == 1


@pytest.mark.parametrize("first", ["ai", "remove"])
async def test_an_absent_seat_decided_twice_at_once_takes_one_choice(store, first):
    """The host presses "Hand seat to AI" and a moderator "Remove seat" at the same moment: one
    choice is taken, the other refused. Handing a seat to the AI does not end the turn, so the
    removal that followed it used to be taken too: the seat both removed and marked an AI seat, in
    memory and in the store."""
    clock = Clock()
    service = TableService(store, clock=clock, turn_timer=600)
    table = await started(service)
    clock.now += timedelta(seconds=601)
    assert [e.kind for e in await service.tick()] == ["timeout"]
    turn, seat = table.state.turn, table.state.current
    second = "remove" if first == "ai" else "ai"
    results = await asyncio.gather(
        service.resolve_absent(table.id, 100, turn, first),
        service.resolve_absent(table.id, 999, turn, second, moderator=True),
        return_exceptions=True,
    )
    assert not isinstance(results[0], BaseException), results[0]
    assert isinstance(results[1], TableError), results[1]
    removed, handed = table.state.left[seat], table.seats[seat].ai
    assert (removed, handed) == ((False, True) if first == "ai" else (True, False))
    stored = await store.load_table(table.id)
    assert bool(stored.seats[seat]["ai"]) is handed
    assert len(stored.actions) == table.version


async def test_choosing_who_goes_first_when_the_store_fails_changes_nothing_and_says_so(store, monkeypatch):
    service = TableService(store)
    table = await service.open_lobby(
        guild_id=1, channel_id=10, host_id=100, host_name="ann", options=TheGameOptions()
    )
    await service.join(table.id, 101, "bob")

    async def refuse(*args, **kwargs):
        raise StoreError("disk I/O error")

    monkeypatch.setattr(store, "update_table", refuse)
    with pytest.raises(TableError, match="could not save"):
        await service.choose_first(table.id, 101, "me")
    assert "first" not in table.meta
    monkeypatch.undo()
    # Dealt as if nobody had chosen: the host starts.
    await service.start(table.id, 100, seed=3)
    assert table.first_player == 0 and table.state.current == 0


async def test_lobbies_opened_at_once_by_one_host_stop_at_the_limit(store):
    """Six /game new of one member in six channels at the same moment: the lobbies still being
    written count, so exactly the limit are opened, in the store too; another server is apart."""
    from bot.tables import MAX_TABLES_PER_HOST

    service = TableService(store, clock=Clock())

    def new(channel: int, guild: int = 1):
        return service.open_lobby(
            guild_id=guild, channel_id=channel, host_id=100, host_name="ann", options=TheGameOptions()
        )

    results = await asyncio.gather(*(new(c) for c in range(10, 16)), return_exceptions=True)
    opened = [r for r in results if not isinstance(r, BaseException)]
    refused = [r for r in results if isinstance(r, BaseException)]
    assert len(opened) == MAX_TABLES_PER_HOST
    assert all(isinstance(r, TableError) and "open tables" in r.message for r in refused)
    assert len(await store.open_tables()) == MAX_TABLES_PER_HOST
    assert (await new(20, guild=2)).guild_id == 2


async def test_a_full_rematch_is_dealt_even_when_its_clicker_hosts_lobbies_up_to_the_limit(store):
    """The lobby limit is about lobbies that stand waiting: a rematch with every chair taken is
    dealt at once, so it is not refused; a rematch that would open as a lobby is."""
    from bot.tables import LOBBY, MAX_TABLES_PER_HOST

    service = TableService(store, clock=Clock())
    table = await started(service, players=3)  # channel 10: ann (100), p1 (101), p2 (102)
    await service.end(table.id, 100)
    for channel in range(20, 20 + MAX_TABLES_PER_HOST):
        await service.open_lobby(
            guild_id=1, channel_id=channel, host_id=100, host_name="ann", options=TheGameOptions()
        )
    outcome = await service.rematch(table.id, 100, "ann", 10)
    assert outcome.table.status == PLAYING and outcome.table.host_id == 100

    await service.leave_game(outcome.table.id, 102)  # p2 leaves: the next rematch has an empty chair
    await service.end(outcome.table.id, 100)
    with pytest.raises(TableError, match="open tables"):
        await service.rematch(outcome.table.id, 100, "ann", 10)
    assert service.in_channel(10) is None
    # A moderator is not held to the limit, here either.
    lobby = await service.rematch(outcome.table.id, 100, "ann", 10, moderator=True)
    assert lobby.table.status == LOBBY and service.in_channel(10) is lobby.table


async def test_handing_lobbies_on_is_no_way_around_the_limit(store):
    """A host who leaves a lobby hands it to the next person who hosts fewer than the limit; when
    nobody seated may host it, the lobby closes. Two accounts cannot pile up lobbies this way."""
    from bot.tables import MAX_TABLES_PER_HOST

    service = TableService(store, clock=Clock())
    a, b = 100, 200
    handed = []
    for channel in range(10, 10 + 2 * MAX_TABLES_PER_HOST):
        table = await service.open_lobby(
            guild_id=1, channel_id=channel, host_id=a, host_name="a", options=TheGameOptions()
        )
        await service.join(table.id, b, "b")
        await service.leave_lobby(table.id, a)
        handed.append(table)
    hosts = [service.in_channel(t.channel_id) for t in handed]
    kept = [t for t in hosts if t is not None]
    assert len(kept) == MAX_TABLES_PER_HOST and all(t.host_id == b for t in kept)
    assert len(await store.open_tables()) == MAX_TABLES_PER_HOST


async def test_a_finished_game_frees_its_hosts_place(store):
    from bot.tables import MAX_TABLES_PER_HOST

    service = TableService(store, clock=Clock())
    table = await started(service, players=1)  # channel 10, running
    for channel in range(20, 20 + MAX_TABLES_PER_HOST - 1):
        await service.open_lobby(
            guild_id=1, channel_id=channel, host_id=100, host_name="ann", options=TheGameOptions()
        )
    with pytest.raises(TableError, match=f"{MAX_TABLES_PER_HOST} open tables"):
        await service.open_lobby(
            guild_id=1, channel_id=30, host_id=100, host_name="ann", options=TheGameOptions()
        )
    await service.end(table.id, 100)
    opened = await service.open_lobby(
        guild_id=1, channel_id=30, host_id=100, host_name="ann", options=TheGameOptions()
    )
    assert opened.host_id == 100


async def follows_its_log_and_plays_on(service, store, table, clock) -> None:
    """The table in memory is the one its log rebuilds, and the player on turn plays on."""
    again = TableService(store, clock=clock)
    await again.load()
    assert snapshot(again.in_channel(10)) == snapshot(table)
    card, pile = table.state.playable(0)[0]
    await service.act(table.id, 100, {"type": "play", "card": card, "pile": pile + 1}, table.version)
    assert table.version == again.in_channel(10).version + 1
    assert len((await store.load_table(table.id)).actions) == table.version


@pytest.fixture
async def on_a_real_store(store_url):
    """A game of two on SQLite and on PostgreSQL: (store, service, table, clock)."""
    store = open_store(store_url)
    await store.open()
    try:
        clock = Clock()
        service = TableService(store, clock=clock)
        yield store, service, await started(service), clock
    finally:
        await store.close()


@pytest.mark.parametrize("turns", range(10))
async def test_a_play_cancelled_on_its_way_to_the_log_leaves_the_table_as_its_log_says(
    on_a_real_store, turns
):
    """The task of a play cancelled at any moment (before it starts; before its write is sent;
    while the database has it; as it is answered): the table in memory is the table its log
    rebuilds, and the player's next play is taken. A task is cancelled when the bot stops, when an
    AI seat's moves are stopped, when the cog is unloaded. It used to leave the play in memory and
    the table's version behind its log, so that every later play was refused as "not saved"."""
    store, service, table, clock = on_a_real_store
    card, pile = table.state.playable(0)[0]
    play = service.act(table.id, 100, {"type": "play", "card": card, "pile": pile + 1}, table.version)
    task = asyncio.ensure_future(play)
    for _ in range(turns):
        await asyncio.sleep(0)
    finished_first = task.done()
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task
    # A cancellation in time reaches its task (once the table matches its log).
    assert task.cancelled() is not finished_first

    await follows_its_log_and_plays_on(service, store, table, clock)


@pytest.mark.parametrize("kind", ["a store's write (Held)", "any other future"])
async def test_a_write_waited_to_its_end_outlasts_any_number_of_cancellations(kind):
    from bot.store.base import Held
    from bot.tables import to_its_end

    loop = asyncio.get_running_loop()
    write = Held(loop=loop) if kind.endswith("(Held)") else loop.create_future()
    waiting = asyncio.ensure_future(to_its_end(write))
    for _ in range(3):
        await asyncio.sleep(0)
        waiting.cancel()
    await asyncio.sleep(0)
    assert not waiting.done() and not write.cancelled()  # the write is neither dropped nor given up
    write.set_exception(StoreError("disk I/O error"))
    ended, cancelled = await waiting
    assert ended is write and cancelled  # its outcome, and that the waiter was cancelled meanwhile
    with pytest.raises(StoreError):
        ended.result()


async def test_a_write_that_ends_unhindered_is_not_taken_for_a_cancellation():
    from bot.tables import to_its_end

    async def written():
        await asyncio.sleep(0)
        return 7

    ended, cancelled = await to_its_end(written())
    assert ended.result() == 7 and not cancelled


def held_writes(store, monkeypatch) -> list[asyncio.Future]:
    """The store's next action writes are futures the test settles by hand."""
    writes: list[asyncio.Future] = []

    def append_action(*args, **kwargs):
        writes.append(asyncio.get_running_loop().create_future())
        return writes[-1]

    monkeypatch.setattr(store, "append_action", append_action)
    return writes


async def held_play(store, monkeypatch):
    """A game of two whose next action writes the test settles by hand, the table as it is, and a
    play its first player may make: (service, table, snapshot, writes, play)."""
    service = TableService(store, clock=Clock())
    table = await started(service)
    before = snapshot(table)
    writes = held_writes(store, monkeypatch)
    card, pile = table.state.playable(0)[0]
    return service, table, before, writes, {"type": "play", "card": card, "pile": pile + 1}


@pytest.mark.parametrize(
    "ending", ["refused by the store", "cancelled itself", "failed with a fault of ours"]
)
async def test_a_cancelled_play_whose_write_does_not_succeed_is_undone(store, monkeypatch, ending):
    """The player's task is cancelled while the write is on its way, then the write fails: the
    table is as before the play (nothing of it in memory, the lock free), the task ends cancelled,
    and the same play is taken once the store works again."""
    service, table, before, writes, click = await held_play(store, monkeypatch)
    task = asyncio.ensure_future(service.act(table.id, 100, click, table.version))
    await asyncio.sleep(0)
    task.cancel()
    await asyncio.sleep(0)
    assert not task.done() and len(writes) == 1  # it waits for the write
    if ending == "refused by the store":
        writes[0].set_exception(StoreError("disk I/O error"))
    elif ending == "cancelled itself":
        writes[0].cancel()
    else:
        writes[0].set_exception(TypeError("not JSON serializable"))
    with pytest.raises(asyncio.CancelledError if ending != "failed with a fault of ours" else TypeError):
        await task
    assert snapshot(table) == before and not table.lock.locked()
    monkeypatch.undo()
    await service.act(table.id, 100, click, table.version)
    assert table.version == 1 and len((await store.load_table(table.id)).actions) == 1


async def test_a_play_and_the_stores_flush_cancelled_together_end_and_leave_the_table_as_its_log_says(
    on_a_real_store,
):
    """As at the event loop's shutdown (asyncio.run cancels every task at once): a play whose write
    is queued and the writer's flush that would send it, both cancelled before the flush's first
    step. The play's task ends (it waited for ever for a write nobody would settle), the table
    in memory is the one its log rebuilds, and the next play is taken."""
    store, service, table, clock = on_a_real_store
    card, pile = table.state.playable(0)[0]
    others = asyncio.all_tasks()
    task = asyncio.ensure_future(
        service.act(table.id, 100, {"type": "play", "card": card, "pile": pile + 1}, table.version)
    )
    await asyncio.sleep(0)
    started_now = asyncio.all_tasks() - others - {asyncio.current_task()}
    assert any(t.get_name() == "store-writer" for t in started_now)  # the play and the writer's flush
    for started_task in started_now:
        started_task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await asyncio.wait_for(asyncio.shield(task), 10)

    await follows_its_log_and_plays_on(service, store, table, clock)


@pytest.mark.parametrize("order", ["cancelled, then the writer killed", "the writer killed, then cancelled"])
async def test_a_play_cancelled_while_the_writer_process_dies_under_its_write_follows_the_log(
    tmp_path, order
):
    """Two bad days at once: the play's task is cancelled while its write is in the writer's
    process, and that process is killed (SIGKILL) before it answered (it is stopped first, so it
    cannot). The store starts another and asks it what became of the batch; the cancelled play
    waits for that, the table in memory is the one its log rebuilds, and the next play is taken."""
    import os
    import signal

    store = open_store(f"sqlite:///{tmp_path / 'killed.sqlite3'}")
    await store.open()
    try:
        clock = Clock()
        service = TableService(store, clock=clock)
        table = await started(service)
        card, pile = table.state.playable(0)[0]
        pid = store._writer.pid
        os.kill(pid, signal.SIGSTOP)
        task = asyncio.ensure_future(
            service.act(table.id, 100, {"type": "play", "card": card, "pile": pile + 1}, table.version)
        )
        while store._writer._sent is None:  # the batch is in the (stopped) writer's pipe
            await asyncio.sleep(0)
        if order.startswith("cancelled"):
            task.cancel()
            await asyncio.sleep(0.05)
            assert not task.done()  # it waits for the write's end
            os.kill(pid, signal.SIGKILL)
        else:
            os.kill(pid, signal.SIGKILL)
            task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.wait_for(asyncio.shield(task), 30)
        assert task.cancelled()
        assert store._writer.pid not in (pid, None)  # another writer took over
        await follows_its_log_and_plays_on(service, store, table, clock)
    finally:
        await store.close()


@pytest.mark.parametrize("who", ["the host", "a moderator"])
async def test_an_end_that_could_not_be_saved_leaves_no_mark_of_who_ended_it(store, who):
    """A refused end changes nothing: the game played on to its own end is not put down as ended
    by anyone (before, the refused end's "ended by" and "moderator ended" stayed in memory and
    went into the result)."""
    clock = Clock()
    service = TableService(store, clock=clock)
    table = await started(service, players=1)
    meta_before = dict(table.meta)
    ender = 100 if who == "the host" else 999
    store.fail_actions = 1
    with pytest.raises(TableError, match="could not save"):
        await service.end(table.id, ender, moderator=True)
    assert table.ended_by is None and table.meta == meta_before
    outcome = await service.end(table.id, 100)  # the host ends it, and this time it is written
    assert outcome.game_over
    stored = await store.load_table(table.id)
    assert "moderator_ended" not in stored.row["meta"]
    assert table.ended_by == 100


async def test_a_start_that_could_not_be_saved_leaves_the_meta_as_the_store_has_it(store, monkeypatch):
    service = TableService(store, clock=Clock())
    table = await service.open_lobby(
        guild_id=1, channel_id=10, host_id=100, host_name="ann", options=TheGameOptions()
    )
    before = dict(table.meta)

    async def refused(*args, **kwargs):
        raise StoreError("disk I/O error")

    monkeypatch.setattr(store, "update_table", refused)
    with pytest.raises(TableError, match="could not save"):
        await service.start(table.id, 100, seed=7)
    assert table.meta == before  # no timer keys left behind as None
    monkeypatch.undo()
    again = TableService(store, clock=Clock())
    await again.load()
    assert again.in_channel(10).meta == table.meta


def refuse_writes(store, monkeypatch, *, of_type: str | None = None, finish: bool = False) -> list[bool]:
    """While the returned switch is on, the store refuses the logging of actions of `of_type`
    (a trigger of the disk's), or every finish of a table."""
    on = [True]
    append, finish_table = store.append_action, store.finish_table

    def refused_append(table_id, seq, record, *args, **kwargs):
        if on[0] and record.get("type") == of_type:
            raise StoreError("disk I/O error")
        return append(table_id, seq, record, *args, **kwargs)

    async def refused_finish(*args, **kwargs):
        if on[0]:
            raise StoreError("disk I/O error")
        return await finish_table(*args, **kwargs)

    monkeypatch.setattr(store, "append_action", refused_append)
    if finish:
        monkeypatch.setattr(store, "finish_table", refused_finish)
    return on


async def test_the_last_person_leaving_is_not_told_nothing_changed_when_only_the_games_end_fails(
    store, monkeypatch
):
    service = TableService(store, clock=Clock())
    table = await service.open_lobby(
        guild_id=1, channel_id=10, host_id=100, host_name="ann", options=TheGameOptions()
    )
    await service.add_ai(table.id, 100)
    await service.start(table.id, 100, seed=7)
    switch = refuse_writes(store, monkeypatch, of_type="abandon")
    await service.leave_game(table.id, 100)  # the leave is written: no "nothing changed"
    stored = await store.load_table(table.id)
    assert stored.actions[-1]["type"] == "leave"
    switch[0] = False
    events = await service.tick()  # nobody is left: the tick ends the game
    assert [e.kind for e in events] == ["abandoned"]
    assert table.status != PLAYING and table.state.is_over
    assert (await store.load_table(table.id)).row["status"] == "finished"
    await service.open_lobby(
        guild_id=1, channel_id=10, host_id=101, host_name="bob", options=TheGameOptions()
    )


async def test_a_game_whose_close_failed_frees_its_channel_once_the_store_is_back(store, monkeypatch):
    clock = Clock()
    service = TableService(store, clock=clock)
    table = await started(service)
    switch = refuse_writes(store, monkeypatch, finish=True)
    outcome = await service.end(table.id, 100)  # the end is logged; closing the table fails
    assert outcome.game_over
    assert (await store.load_table(table.id)).row["status"] == "playing"
    switch[0] = False
    await service.tick()
    assert (await store.load_table(table.id)).row["status"] == "finished"
    lobby = await service.open_lobby(
        guild_id=1, channel_id=10, host_id=101, host_name="bob", options=TheGameOptions()
    )
    assert lobby.id != table.id
    # The result is written: a restart finds nothing of that game left to finish.
    assert table.id not in [t.row["id"] for t in await store.pending_results()]
    again = TableService(store, clock=clock)
    await again.load()
    assert again.in_channel(10).id == lobby.id


async def test_a_write_reported_failed_that_is_in_the_log_after_all_is_acknowledged_and_play_goes_on(
    on_a_real_store, monkeypatch
):
    """The store wrote the action but its caller heard it failed (a writer that died after its
    COMMIT with no new one to ask, an answer lost on the way). Before, the player heard "nothing
    changed", and the table then refused every action (its number taken) until a restart."""
    store, service, table, clock = on_a_real_store
    append = store.append_action
    lost = [1]

    async def written_then_lost(*args, **kwargs):
        await append(*args, **kwargs)
        if lost[0]:
            lost[0] -= 1
            raise StoreError("the store's writer is down")

    monkeypatch.setattr(store, "append_action", written_then_lost)
    card, pile = table.state.playable(0)[0]
    outcome = await service.act(table.id, 100, {"type": "play", "card": card, "pile": pile + 1}, 0)
    assert outcome.table.version == 1 and card in table.state.piles
    await follows_its_log_and_plays_on(service, store, table, clock)


async def test_a_write_that_failed_and_is_not_in_the_log_is_still_refused(on_a_real_store, monkeypatch):
    store, service, table, clock = on_a_real_store
    append = store.append_action
    calls = [0]

    def refused(*args, **kwargs):
        calls[0] += 1
        if calls[0] == 1:
            raise StoreError("disk I/O error")
        return append(*args, **kwargs)

    monkeypatch.setattr(store, "append_action", refused)
    before = snapshot(table)
    card, pile = table.state.playable(0)[0]
    with pytest.raises(TableError, match="could not save"):
        await service.act(table.id, 100, {"type": "play", "card": card, "pile": pile + 1}, 0)
    assert snapshot(table) == before
    await follows_its_log_and_plays_on(service, store, table, clock)


async def test_a_finished_game_whose_log_is_damaged_is_refused_clearly_by_export_and_rematch(store):
    """A log damaged where start-up did not read it (a snapshot stood in for its beginning) was
    found only by /game export and Rematch, which then failed with an error of ours."""
    service = TableService(store, clock=Clock())
    table = await started(service)
    card, pile = table.state.playable(0)[0]
    await service.act(table.id, 100, {"type": "play", "card": card, "pile": pile + 1}, table.version)
    await service.act(table.id, 101, {"type": "signal", "pile": 2, "signal": "good_card"}, None)
    await service.end(table.id, 100)
    await store._write([("DELETE FROM events WHERE table_id = ? AND seq = 1", (table.id,))])
    with pytest.raises(TableError, match="damaged"):
        await service.export(10)
    with pytest.raises(TableError, match="damaged"):
        await service.rematch(table.id, 100, "ann", 10)
    assert service.in_channel(10) is None  # and nothing was opened


async def test_a_table_left_behind_its_log_follows_it_at_its_next_action(on_a_real_store, monkeypatch):
    """An action written but reported failed, and the table's log could not be read back just
    then either: the table is behind its log. Its next action (another one) is refused by the
    store, and then the table follows its log; the player hears that the table changed, and plays
    on. Before, every later action of the table was refused until a restart."""
    store, service, table, clock = on_a_real_store
    append, load = store.append_action, store.load_table
    faults = {"append": 1, "load": 1}

    async def written_then_lost(*args, **kwargs):
        await append(*args, **kwargs)
        if faults["append"]:
            faults["append"] -= 1
            raise StoreError("the store's writer is down")

    async def unreadable(*args, **kwargs):
        if faults["load"]:
            faults["load"] -= 1
            raise StoreError("disk I/O error")
        return await load(*args, **kwargs)

    monkeypatch.setattr(store, "append_action", written_then_lost)
    monkeypatch.setattr(store, "load_table", unreadable)
    (first, pile), (second, other) = table.state.playable(0)[:2]
    with pytest.raises(TableError, match="could not save"):
        await service.act(table.id, 100, {"type": "play", "card": first, "pile": pile + 1}, 0)
    assert table.version == 0  # behind its log, which holds the play
    with pytest.raises(StaleView):
        await service.act(table.id, 100, {"type": "play", "card": second, "pile": other + 1}, 0)
    assert table.version == 1 and first in table.state.piles  # as the log says
    await follows_its_log_and_plays_on(service, store, table, clock)


def draws_of(table) -> tuple[list, object]:
    """A `meanwhile` for TableService.act that notes what it saw of the table, and the list of it."""
    seen: list = []

    def draw(drawn_table):
        seen.append((drawn_table.version, list(drawn_table.state.piles), list(drawn_table.state.hands[0])))
        return seen[-1]

    return seen, draw


async def test_the_answer_is_drawn_from_the_play_while_its_write_is_on_its_way(store, monkeypatch):
    """What a click is answered with is drawn while the play is written (so that the two run side
    by side), from the table as the play leaves it, at the version its buttons must carry; it is
    handed back only once the play is saved."""
    service = TableService(store, clock=Clock())
    table = await started(service)
    writes = held_writes(store, monkeypatch)
    card, pile = table.state.playable(0)[0]
    seen, draw = draws_of(table)
    task = asyncio.ensure_future(
        service.act(table.id, 100, {"type": "play", "card": card, "pile": pile + 1}, 0, draw)
    )
    for _ in range(3):
        await asyncio.sleep(0)
    assert len(writes) == 1 and not writes[0].done()
    assert len(seen) == 1, "drawn before the write's outcome is known"
    version, piles, hand = seen[0]
    assert version == 1 and piles[pile] == card and card not in hand
    assert table.version == 0, "the table shows the new version only while it is drawn"
    writes[0].set_result(None)
    outcome = await task
    assert outcome.drawn == seen[0] and table.version == 1


async def test_an_answer_drawn_for_a_play_that_could_not_be_saved_is_thrown_away(store, monkeypatch):
    service, table, before, writes, click = await held_play(store, monkeypatch)
    card, pile = click["card"], click["pile"] - 1
    seen, draw = draws_of(table)
    task = asyncio.ensure_future(service.act(table.id, 100, click, 0, draw))
    for _ in range(3):
        await asyncio.sleep(0)
    assert seen and seen[0][1][pile] == card  # drawn with the play in it...
    writes[0].set_exception(StoreError("disk I/O error"))
    with pytest.raises(TableError, match="could not save"):
        await task  # ...but the player hears nothing changed, and the table is as before
    assert snapshot(table) == before
    monkeypatch.undo()
    outcome = await service.act(table.id, 100, click, 0, draw)
    assert outcome.drawn == seen[-1] and seen[-1][0] == 1


async def test_a_fault_while_drawing_the_answer_does_not_stop_the_play(store, caplog):
    service = TableService(store, clock=Clock())
    table = await started(service)
    card, pile = table.state.playable(0)[0]

    def broken(drawn_table):
        raise KeyError("a message id")

    outcome = await service.act(table.id, 100, {"type": "play", "card": card, "pile": pile + 1}, 0, broken)
    assert outcome.drawn is None and table.version == 1 and card in table.state.piles
    assert "could not draw the answer" in caplog.text
    stored = await store.load_table(table.id)
    assert len(stored.actions) == 1


async def test_message_ids_saved_while_a_turn_ending_play_is_written_do_not_save_its_timer(
    on_a_real_store, monkeypatch
):
    """The presenter saves a message id while the play that ends a turn is on its way to the log;
    the disk then refuses the play. The table's row must keep the turn timer of the turn that goes
    on: before, the presenter's write carried the whole meta in memory, the refused play's new
    timer with it (and its cleared "notice owed"), and a restart then timed the wrong turn."""
    store, service, table, clock = on_a_real_store
    await service.meta_update(table, board_msg=111, notice_due="absent")
    stored = (await store.load_table(table.id)).row["meta"]
    assert stored["notice_due"] == "absent" and stored["board_msg"] == 111
    state = table.state
    while state.played < state.min_cards:
        card, pile = state.playable(0)[0]
        await service.act(table.id, 100, {"type": "play", "card": card, "pile": pile + 1}, table.version)
    # The turn timer and the notice as the store has them before the turn's end.
    before = {k: v for k, v in (await store.load_table(table.id)).row["meta"].items() if k != "board_msg"}
    clock.now += timedelta(minutes=3)
    writes = held_writes(store, monkeypatch)
    ending = asyncio.ensure_future(service.act(table.id, 100, {"type": "end_turn"}, table.version))
    for _ in range(3):
        await asyncio.sleep(0)
    assert len(writes) == 1 and table.meta["notice_due"] is None  # the new turn's timer, in memory
    await service.meta_update(table, board_msg=222)  # the presenter, meanwhile
    writes[0].set_exception(StoreError("disk I/O error"))
    with pytest.raises(TableError, match="could not save"):
        await ending
    stored = (await store.load_table(table.id)).row["meta"]
    assert stored["board_msg"] == 222, "the message id is saved"
    assert {k: v for k, v in stored.items() if k != "board_msg"} == before, "the refused turn's end is not"
    again = TableService(store, clock=clock)
    await again.load()
    restored = again.in_channel(10)
    assert (
        restored.meta["turn_started"] == table.meta["turn_started"]
        and restored.meta["notice_due"] == "absent"
    )


async def test_a_meta_patch_sets_its_keys_and_keeps_the_others(on_a_real_store):
    store, _service, table, _clock = on_a_real_store
    await store.patch_meta(table.id, {"board_msg": 5, "stale_msgs": [1, 2]})
    await store.patch_meta(table.id, {"board_msg": None})
    meta = (await store.load_table(table.id)).row["meta"]
    assert "board_msg" in meta and meta["board_msg"] is None
    assert meta["stale_msgs"] == [1, 2] and meta["turn_started"] == table.meta["turn_started"]
    with pytest.raises(ValueError, match="not a meta key"):
        await store.patch_meta(table.id, {"x', json('1'), '$.y": 1})


async def test_an_ended_tables_leftover_messages_are_found_at_the_next_start_and_what_is_deleted_saved(
    on_a_real_store, store_url
):
    """A finished game whose turn notice a failed delete left in the channel: the next start (here a
    second store, as another process would open it) finds that message, and after deleting it, saves
    what is left, keeping the rest of the meta. Not handed over as an ended table's: an open
    table's leftovers, a game whose report is still to be posted (it is loaded whole and swept as
    itself), a list without ids, an empty one; nor does a row whose meta is not JSON stop the rest."""
    store, service, table, _clock = on_a_real_store
    await service.end(table.id, 100)
    await store.patch_meta(table.id, {"reported": True, "stale_msgs": [11, 12]})

    async def lobby(channel: int):
        return await service.open_lobby(
            guild_id=1, channel_id=channel, host_id=channel, host_name="cy", options=TheGameOptions()
        )

    await store.patch_meta((await lobby(20)).id, {"stale_msgs": [21]})  # open: swept as such
    ended = {}
    for channel, stale in ((30, ["x"]), (40, []), (50, [51, None, "x", True])):
        ended[channel] = await lobby(channel)
        await service.cancel(ended[channel].id, channel)
        await store.patch_meta(ended[channel].id, {"stale_msgs": stale})
    broken = await lobby(60)
    await service.cancel(broken.id, 60)
    await store._write([("UPDATE tables SET meta = ? WHERE id = ?", ('{"stale_msgs": [61', broken.id))])
    unreported = await started(service, seed=8)  # channel 10 again, now that the first one ended
    await service.end(unreported.id, 100)
    await store.patch_meta(unreported.id, {"stale_msgs": [71]})
    later = open_store(store_url)
    await later.open()
    try:
        again = TableService(later, clock=Clock())
        await again.load()
        assert [(t.id, t.channel_id, t.meta) for t in again.leftovers] == [
            (table.id, 10, {"stale_msgs": [11, 12]}),
            (ended[50].id, 50, {"stale_msgs": [51]}),
        ]
        assert [(t.id, t.meta["stale_msgs"]) for t in again.unreported] == [(unreported.id, [71])]
        await again.meta_update(again.leftovers[0], stale_msgs=[12])
        meta = (await later.load_table(table.id)).row["meta"]
        assert meta["stale_msgs"] == [12] and meta["reported"] is True and "turn_started" in meta
    finally:
        await later.close()


async def test_a_message_id_whose_write_failed_is_saved_with_the_next_one(store, monkeypatch):
    """Meta is written as patches; a message id whose own patch failed still reaches the row with
    the presenter's next write (else a restart would edit a board that is gone and leave the live
    one in the channel)."""
    service = TableService(store, clock=Clock())
    table = await started(service)
    patch = store.patch_meta
    failures = [1]

    async def failing_once(table_id, values):
        if failures[0]:
            failures[0] -= 1
            raise StoreError("disk I/O error")
        return await patch(table_id, values)

    monkeypatch.setattr(store, "patch_meta", failing_once)
    await service.meta_update(table, board_msg=111, board_at="2026-05-01T20:00:00+00:00")
    assert (await store.load_table(table.id)).row["meta"].get("board_msg") != 111
    await service.meta_update(table, turn_msg=222)
    meta = (await store.load_table(table.id)).row["meta"]
    assert meta["board_msg"] == 111 and meta["turn_msg"] == 222


async def test_a_message_id_saved_while_a_first_player_is_chosen_is_kept(store, monkeypatch):
    service = TableService(store, clock=Clock())
    table = await service.open_lobby(
        guild_id=1, channel_id=10, host_id=100, host_name="ann", options=TheGameOptions()
    )
    await service.join(table.id, 101, "bob")
    update, gate = store.update_table, asyncio.Event()

    async def slow_update(*args, **kwargs):
        written = asyncio.ensure_future(update(*args, **kwargs))  # queued at once, answered late
        await gate.wait()
        return await written

    monkeypatch.setattr(store, "update_table", slow_update)
    choosing = asyncio.ensure_future(service.choose_first(table.id, 101, "me"))
    for _ in range(3):
        await asyncio.sleep(0)
    await service.meta_update(table, lobby_msg=555)  # the lobby's message, posted meanwhile
    gate.set()
    await choosing
    assert table.meta["lobby_msg"] == 555 and table.meta["first"] == 101
    again = TableService(store, clock=Clock())
    await again.load()
    assert again.in_channel(10).meta["lobby_msg"] == 555
