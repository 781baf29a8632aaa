"""Several bot processes on one database: two table services that both believe they keep a table
(a rolling deploy, two processes given the same shard). Exactly one write wins each time, the
other is told that nothing changed, and a restart restores exactly the log. A finished game's
result counts once. A process reads at start-up only the tables of its own shards.

The tests that take `store_url` run on SQLite and on PostgreSQL; the ones that take
`postgres_url` are about what only PostgreSQL promises: the process that loaded a table last is
the only one whose writes to it are taken."""

from __future__ import annotations

import asyncio

import pytest

from bot.games.thegame import TheGameOptions
from bot.store import Store, StoreError, open_store
from bot.tables import PLAYING, SAVE_FAILED, StaleView, TableError, TableService
from tests.farm import next_move, open_table


async def opened(url: str, **shards) -> Store:
    store = open_store(url, **shards)
    await store.open()
    return store


async def service_on(url: str, **shards) -> TableService:
    service = TableService(await opened(url, **shards))
    await service.load()
    return service


def seen(table) -> tuple:
    s = table.state
    return (table.version, list(s.piles), [list(h) for h in s.hands], s.current, s.action_dicts())


async def close(*services: TableService) -> None:
    for service in services:
        service.close()
        await service.store.close()


async def test_two_processes_acting_on_one_table_exactly_one_write_wins_and_the_log_is_the_truth(store_url):
    first = TableService(await opened(store_url))
    for channel in (1, 2, 3):
        await open_table(first, channel, seed=channel)
    # A second process starts on the same database while the first one still runs.
    second = await service_on(store_url)
    try:
        written: list[tuple] = []
        for round_ in range(30):
            channel = 1 + round_ % 3
            a, b = first.in_channel(channel), second.in_channel(channel)
            assert a is not None and b is not None
            if b.status != PLAYING:
                break
            # Each process plays what its own view of the table allows, at the same moment.
            moves = [next_move(a), next_move(b)]
            outcomes = await asyncio.gather(
                first.act(a.id, *moves[0], a.version),
                second.act(b.id, *moves[1], b.version),
                return_exceptions=True,
            )
            wins = [i for i, o in enumerate(outcomes) if not isinstance(o, BaseException)]
            losses = [o for o in outcomes if isinstance(o, BaseException)]
            assert len(wins) == 1, outcomes
            winner = outcomes[wins[0]].table
            loser = (a, b)[1 - wins[0]]
            # The loser is told nothing of its was written: "could not save", or (SQLite, where both
            # may write) that the table changed, its table then following the log.
            if isinstance(losses[0], StaleView):
                assert not store_url.startswith("postgresql")
                assert loser.version == winner.version
            else:
                assert [type(o) for o in losses] == [TableError] and losses[0].message == SAVE_FAILED
            if store_url.startswith("postgresql"):
                assert wins == [1], "the process that loaded the table last is the one that writes"
            written.append((winner.id, winner.version - 1, moves[wins[0]][1]))
        assert len(written) == 30
    finally:
        await close(first, second)

    # What a fresh start reads is exactly what was acknowledged, in order, for every table.
    third = await service_on(store_url)
    try:
        for table_id in {t for t, _, _ in written}:
            stored = await third.store.load_table(table_id)
            assert stored is not None
            mine = [(seq, action) for t, seq, action in written if t == table_id]
            assert [seq for seq, _ in mine] == list(range(len(mine)))
            assert [{k: e[k] for k in a} for e, (_, a) in zip(stored.actions, mine, strict=True)] == [
                a for _, a in mine
            ]
            assert len(stored.actions) == len(mine)
    finally:
        await close(third)


async def test_a_finished_games_result_counts_once_when_it_is_written_twice_at_once(store_url):
    store = await opened(store_url)
    try:
        at = "2026-11-20T20:00:00+00:00"
        row = {
            "guild_id": 1,
            "channel_id": 10,
            "game": "the-game",
            "status": "playing",
            "host_id": 7,
            "options": {},
            "created_at": at,
            "updated_at": at,
        }
        table_id = await store.create_table(row, [{"user_id": 7, "name": "ann"}])
        result = {
            "guild_id": 1,
            "game": "the-game",
            "players": 1,
            "options": {},
            "status": "lost",
            "cards_left": 12,
            "turns": 40,
            "duration_s": 600.0,
            "seats": [{"user_id": 7, "name": "ann", "ai": False, "laid": 86}],
            "ended_by": None,
            "moderator_ended": False,
            "finished_at": at,
        }
        # Queued together: both in one transaction of the writer, the second sees the first's row.
        await asyncio.gather(
            store.finish_table(table_id, result, status="finished", finished_at=at),
            store.finish_table(table_id, result, status="finished", finished_at=at),
        )
        await store.finish_table(table_id, result, status="finished", finished_at=at)
        assert (await store.guild_stats(1, "the-game"))["games"] == 1
        [board] = await store.leaderboard(1, "the-game")
        assert (board.user_id, board.games) == (7, 1)
        assert (await store.member_stats(1, 7, "the-game"))["games"] == 1
    finally:
        await store.close()


# Discord's shard of a guild is (guild_id >> 22) % shard_count: here, with 4 shards, 0, 1, 2, 3, 0.
GUILDS = [4 << 22 | 5, 1 << 22, 2 << 22 | 7, 3 << 22, 8 << 22]


async def test_a_process_loads_only_the_tables_of_its_own_shards(store_url):
    maker = TableService(await opened(store_url))
    try:
        for channel, guild in enumerate(GUILDS, start=1):
            lobby = await maker.open_lobby(
                guild_id=guild, channel_id=channel, host_id=9, host_name="h", options=TheGameOptions()
            )
            assert lobby.id
    finally:
        await close(maker)
    mine = await service_on(store_url, shard_count=4, shard_ids=(0, 2))
    try:
        assert sorted(t.guild_id for t in mine.open_tables()) == sorted([GUILDS[0], GUILDS[2], GUILDS[4]])
    finally:
        await close(mine)
    rest = await service_on(store_url, shard_count=4, shard_ids=(3,))
    try:
        assert [t.guild_id for t in rest.open_tables()] == [GUILDS[3]]
    finally:
        await close(rest)


async def test_after_a_second_process_loads_a_table_the_first_one_can_change_nothing(postgres_url):
    old = TableService(await opened(postgres_url))
    lobby = await old.open_lobby(
        guild_id=1, channel_id=5, host_id=50, host_name="h", options=TheGameOptions()
    )
    await old.join(lobby.id, 51, "p")
    playing = await open_table(old, 6, seed=6)
    new = await service_on(postgres_url)  # the rolling deploy: the new process takes over
    try:
        # The old process's lobby, game and meta writes are all refused, and it is told so.
        for attempt in (
            old.start(lobby.id, 50, seed=1),
            old.join(lobby.id, 52, "q"),
            old.act(playing.id, *next_move(playing), playing.version),
        ):
            with pytest.raises(TableError) as refused:
                await attempt
            assert refused.value.message == SAVE_FAILED
        with pytest.raises(StoreError):
            await old.store.save_seats(lobby.id, [{"user_id": 53, "name": "r"}])
        # The new process deals with its own seed and plays on.
        await new.start(lobby.id, 50, seed=2)
        table = new.in_channel(6)
        assert table is not None
        await new.act(table.id, *next_move(table), table.version)
        expected = {t.id: seen(t) for t in new.open_tables()}
    finally:
        await close(old, new)
    again = await service_on(postgres_url)
    try:
        assert {t.id: seen(t) for t in again.open_tables()} == expected
        assert again.by_id(lobby.id).seed == 2
    finally:
        await close(again)


async def test_two_real_processes_racing_on_one_table_lose_nothing_and_write_nothing_twice(
    postgres_url, tmp_path
):
    """Two bot processes (real ones, each with its own connections) both load the same table and
    play it at once: every acknowledged action is in the log, at its number, and nothing else is."""
    import json
    import subprocess
    import sys
    from pathlib import Path

    setup = TableService(await opened(postgres_url))
    table = await open_table(setup, 1, seed=7)
    await close(setup)
    go = tmp_path / "go"
    driver = Path(__file__).with_name("pg_race_driver.py")
    procs = []
    for _ in range(2):
        proc = await asyncio.create_subprocess_exec(
            sys.executable,
            str(driver),
            postgres_url,
            str(go),
            "40",
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        assert proc.stdout is not None
        assert (await asyncio.wait_for(proc.stdout.readline(), 60)).strip() == b"loaded"
        procs.append(proc)
    go.touch()
    outputs = [await asyncio.wait_for(p.communicate(), 120) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], [err.decode()[-800:] for _, err in outputs]
    acknowledged: dict[int, dict] = {}
    refusals = 0
    for out, _ in outputs:
        for line in out.decode().splitlines():
            if line == "refused":
                refusals += 1
            elif line.startswith("ok "):
                _, seq, action = line.split(" ", 2)
                assert int(seq) not in acknowledged, "two processes were both told they wrote one event"
                acknowledged[int(seq)] = json.loads(action)
    assert acknowledged and refusals  # both played; one of them was told "nothing changed"

    store = await opened(postgres_url)
    try:
        stored = await store.load_table(table.id)
    finally:
        await store.close()
    log = [{k: v for k, v in a.items() if k != "player"} for a in stored.actions]
    assert {seq: log[seq] for seq in acknowledged} == acknowledged
    assert sorted(acknowledged) == list(range(len(log)))  # and nothing in the log that nobody was told
    # A restart restores exactly that log.
    again = await service_on(postgres_url)
    try:
        back = again.by_id(table.id)
        assert back is not None and back.version == len(log)
    finally:
        await close(again)


async def test_two_processes_play_the_same_deal_of_the_day_and_share_one_ranking(postgres_url):
    """Two bot processes on one database, each with a daily table in its own server: the same
    cards, the same par (worked out once), and both tables in one ranking of that deal."""
    import json
    import subprocess
    import sys
    from pathlib import Path

    driver = Path(__file__).with_name("pg_daily_driver.py")
    procs = [
        await asyncio.create_subprocess_exec(
            sys.executable,
            str(driver),
            postgres_url,
            str(guild),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        for guild in (41, 42)
    ]
    outputs = [await asyncio.wait_for(p.communicate(), 300) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], [err.decode()[-1500:] for _, err in outputs]
    one, two = (json.loads(out.decode().strip().splitlines()[-1]) for out, _ in outputs)
    assert one["seed"] == two["seed"] and one["hands"] == two["hands"]
    assert one["par"] is not None and one["par"] == two["par"]
    store = await opened(postgres_url)
    try:
        pars = await store._all(
            "SELECT par FROM daily_pars WHERE day = ? AND players = 2 AND expert = 0", (one["day"],)
        )
        ranking = await store.daily_ranking(one["day"], 2, False)
    finally:
        await store.close()
    assert [tuple(p) for p in pars] == [(one["par"],)]  # one par of the deal, the one both reports show
    assert sorted(r["guild_id"] for r in ranking) == [41, 42]
