"""Snapshots let a restart replay only the events after them. They are a cache: whatever is wrong
with one (other rules, garbage, a hostile blob, ahead of the log), the table comes back from its log
exactly as it was, and nothing else happens. Each test runs on SQLite and on PostgreSQL."""

from __future__ import annotations

import pickle
import random

import pytest

from bot import snapshots
from bot.catalog import GAMES
from bot.games import red_and_black, skipbo_junior, thegame
from bot.store import Store, StoreError, open_store
from bot.store.base import Snapshot
from bot.tables import PLAYING, Table, TableService
from tests.farm import next_move

PLAYERS = {thegame.NAME: 3, skipbo_junior.NAME: 3, red_and_black.NAME: 4}
OUTPUT = {
    thegame.NAME: thegame.replay_output,
    skipbo_junior.NAME: skipbo_junior.replay_output,
    red_and_black.NAME: red_and_black.replay_output,
}
HOST = 500


async def opened(url: str) -> Store:
    store = open_store(url)
    await store.open()
    return store


async def deal(service: TableService, game: str, channel: int, seed: int) -> Table:
    spec = GAMES[game]
    table = await service.open_lobby(
        guild_id=1, channel_id=channel, host_id=HOST, host_name="host", options=spec.options(), game=game
    )
    for i in range(1, PLAYERS[game]):
        await service.join(table.id, HOST + i, f"p{i}")
    await service.start(table.id, HOST, seed=seed)
    return table


async def advance(service: TableService, table: Table, steps: int) -> None:
    """Whoever is on turn makes a legal move (signals too, never leaving), as a click sends it.
    The Game plays the smallest gap, so that its games last."""
    rng = random.Random(table.id * 1000 + table.version)
    for _ in range(steps):
        if table.status != PLAYING or table.state.is_over:
            return
        if table.game == thegame.NAME:
            user, action = next_move(table)
            if rng.random() < 0.2:
                action = {"type": "signal", "pile": rng.randint(1, 4), "signal": "dont_play"}
        else:
            choices = [
                (seat, a)
                for seat in range(len(table.seats))
                for a in table.state.legal_actions(seat)
                if a.type not in ("leave", "abandon")
            ]
            seat, chosen = rng.choice(choices)
            user, action = table.seats[seat].user_id, chosen.model_dump()
        await service.act(table.id, user, action, table.version)


def seen(table: Table) -> tuple:
    """Everything a restart must bring back."""
    return (table.version, table.rule_version, OUTPUT[table.game](table.state), table.state.action_dicts())


async def restarted(url: str) -> tuple[Store, TableService]:
    store = await opened(url)
    service = TableService(store)
    await service.load()
    return store, service


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize(("before", "after"), [(1, 0), (7, 5), (30, 1), (12, 12)])
async def test_a_snapshot_and_the_events_after_it_give_the_state_the_whole_log_gives(
    store_url, game, before, after
):
    path = store_url
    store = await opened(path)
    service = TableService(store)
    table = await deal(service, game, 1, seed=before * 31 + after)
    await advance(service, table, before)
    assert await service.save_snapshots() == 1
    await advance(service, table, after)
    assert table.status == PLAYING  # the game is still running after both parts
    expected = seen(table)
    await store.close()

    store, again = await restarted(path)
    try:
        back = again.in_channel(1)
        assert back is not None and seen(back) == expected
        assert back.snapshot_version == table.snapshot_version
        # The one restored from the snapshot plays on like the original.
        await advance(again, back, 3)
    finally:
        await store.close()

    # The same table read from its whole log, the snapshot taken away.
    store = await opened(path)
    await store._write([("DELETE FROM snapshots", ())])
    await store.close()
    store, whole = await restarted(path)
    try:
        assert seen(whole.in_channel(1)) == seen(back)
    finally:
        await store.close()


def hostile_blob() -> bytes:
    class Boom:
        def __reduce__(self):
            return (exec, ("import pathlib; pathlib.Path('PWNED').write_text('x')",))

    return pickle.dumps(Boom())


@pytest.mark.parametrize(
    "spoil",
    [
        pytest.param(lambda s: Snapshot(s.seq, s.rule_version, "another engine", s.state), id="other-rules"),
        pytest.param(lambda s: Snapshot(s.seq, s.rule_version, s.engine, b"garbage"), id="garbage"),
        pytest.param(lambda s: Snapshot(s.seq, s.rule_version, s.engine, hostile_blob()), id="hostile"),
        pytest.param(lambda s: Snapshot(s.seq + 5, s.rule_version, s.engine, s.state), id="ahead-of-log"),
        pytest.param(lambda s: Snapshot(s.seq - 2, s.rule_version, s.engine, s.state), id="behind-its-seq"),
        pytest.param(
            lambda s: Snapshot(s.seq, s.rule_version, s.engine, snapshots.dump([1, 2, 3])), id="not-a-state"
        ),
    ],
)
async def test_a_snapshot_that_does_not_fit_is_ignored_and_the_log_restores_the_table(
    store_url, tmp_path, monkeypatch, spoil
):
    monkeypatch.chdir(tmp_path)
    path = store_url
    store = await opened(path)
    service = TableService(store)
    table = await deal(service, thegame.NAME, 1, seed=4)
    other = await deal(service, thegame.NAME, 2, seed=5)
    await advance(service, table, 12)
    await advance(service, other, 12)
    await service.save_snapshots()
    await advance(service, table, 4)
    expected, expected_other = seen(table), seen(other)
    [row] = await store._all(
        "SELECT seq, rule_version, engine, state FROM snapshots WHERE table_id = ?", (table.id,)
    )
    good = Snapshot(*row)
    await store.save_snapshots({table.id: spoil(good)})
    await store.close()

    store, again = await restarted(path)
    try:
        assert again.set_aside == []
        assert seen(again.in_channel(1)) == expected
        assert seen(again.in_channel(2)) == expected_other
        assert not (tmp_path / "PWNED").exists()
    finally:
        await store.close()


async def test_snapshots_are_taken_in_the_tick_only_for_games_far_past_their_last_one(store_url):
    from bot.tables import SNAPSHOT_EVERY

    store = await opened(store_url)
    try:
        service = TableService(store)
        busy = await deal(service, thegame.NAME, 1, seed=2)
        quiet = await deal(service, thegame.NAME, 2, seed=3)
        await advance(service, busy, SNAPSHOT_EVERY)
        await advance(service, quiet, 3)
        await service.tick()
        rows = await store._all("SELECT table_id, seq FROM snapshots", ())
        assert [tuple(r) for r in rows] == [(busy.id, busy.version)]
    finally:
        await store.close()


async def test_a_finished_game_leaves_no_snapshot_behind(store_url):
    store = await opened(store_url)
    try:
        service = TableService(store)
        table = await deal(service, thegame.NAME, 1, seed=9)
        await advance(service, table, 10)
        await service.save_snapshots()
        await advance(service, table, 10_000)
        assert table.status != PLAYING
        assert (await store._all("SELECT COUNT(*) FROM snapshots", ()))[0][0] == 0
    finally:
        await store.close()


async def test_a_snapshot_that_could_not_be_written_leaves_the_older_one_and_the_log_restores_all(
    store_url, monkeypatch
):
    """The disk refuses the second snapshot: play goes on, and after a crash the table comes back
    from the first snapshot and the longer tail of events after it, exactly as it was."""
    path = store_url
    store = await opened(path)
    service = TableService(store)
    table = await deal(service, thegame.NAME, 1, seed=11)
    await advance(service, table, 6)
    assert await service.save_snapshots() == 1
    first = table.snapshot_version
    await advance(service, table, 6)

    async def refuse(snapshots):
        raise StoreError("disk full")

    monkeypatch.setattr(store, "save_snapshots", refuse)
    assert await service.save_snapshots() == 0  # nothing taken, nothing claimed
    assert table.snapshot_version == first
    monkeypatch.undo()
    await advance(service, table, 6)
    expected = seen(table)
    await store.close()  # a crash: no snapshot at the stop

    store, again = await restarted(path)
    try:
        back = again.in_channel(1)
        assert back is not None and seen(back) == expected and back.snapshot_version == first
    finally:
        await store.close()
