"""Stats queries on a few hundred synthetic results, checked against values computed here, on SQLite
and on PostgreSQL."""

from __future__ import annotations

import random
from collections import defaultdict
from datetime import UTC, datetime, timedelta

import pytest

from bot.store import open_store

GUILD, OTHER_GUILD, GAME = 5, 6, "the-game"
MEMBERS = [100 + i for i in range(12)]


def make_results(n: int, seed: int = 3) -> list[dict]:
    rng = random.Random(seed)
    start = datetime(2026, 1, 1, tzinfo=UTC)
    out = []
    for i in range(n):
        players = rng.randint(1, 5)
        seats = []
        for user_id in rng.sample(MEMBERS, players):
            ai = rng.random() < 0.1
            name = "AI seat" if ai else f"p{user_id}"
            seats.append({"user_id": None if ai else user_id, "name": name, "ai": ai, "laid": 3})
        won = rng.random() < 0.15
        out.append(
            {
                "guild_id": GUILD if rng.random() < 0.9 else OTHER_GUILD,
                "game": GAME,
                "players": players,
                "options": {},
                "status": "won" if won else "lost",
                "cards_left": 0 if won else rng.randint(1, 70),
                "turns": 20,
                "duration_s": 600.0,
                "seats": seats,
                "ended_by": None,
                "moderator_ended": rng.random() < 0.05,
                "finished_at": (start + timedelta(hours=7 * i)).isoformat(),
            }
        )
    return out


@pytest.fixture
async def store(store_url):
    s = open_store(store_url)
    await s.open()
    results = make_results(300)
    for table_id, result in enumerate(results, start=1):
        at = result["finished_at"]
        row = {
            "guild_id": result["guild_id"],
            "channel_id": table_id,
            "game": GAME,
            "status": "playing",
            "host_id": 1,
            "options": {},
            "created_at": at,
            "updated_at": at,
        }
        seats = [
            {"user_id": seat["user_id"], "name": seat["name"], "ai": seat["ai"]} for seat in result["seats"]
        ]
        assert await s.create_table(row, seats) == table_id
        await s.finish_table(table_id, result, status="finished", finished_at=at, updated_at=at)
    s.expected = results  # type: ignore[attr-defined]
    yield s
    await s.close()


def expected_board(results, since="", until="9999", players=None):
    totals: dict[int, list[int]] = defaultdict(lambda: [0, 0, 0, 99])
    for r in results:
        if r["guild_id"] != GUILD or not (since <= r["finished_at"] < until):
            continue
        if players and r["players"] != players:
            continue
        for seat in r["seats"]:
            if seat["user_id"] is None:
                continue
            t = totals[seat["user_id"]]
            t[0] += 1
            t[1] += r["status"] == "won"
            t[2] += r["cards_left"]
            t[3] = min(t[3], r["cards_left"])
    return {u: (g, w, left / g, best) for u, (g, w, left, best) in totals.items()}


def as_dict(rows):
    return {r.user_id: (r.games, r.wins, pytest.approx(r.average), r.best) for r in rows}


async def test_leaderboards_match_the_results(store):
    results = store.expected
    last = results[-1]["finished_at"]
    assert as_dict(await store.leaderboard(GUILD, GAME)) == expected_board(results)
    assert as_dict(await store.leaderboard(GUILD, GAME, players=3)) == expected_board(results, players=3)
    month = last[:7]
    assert as_dict(await store.leaderboard(GUILD, GAME, period="month", now=last)) == expected_board(
        results, since=month
    )
    assert as_dict(await store.leaderboard(GUILD, GAME, period="year", now=last)) == expected_board(
        results, since=last[:4]
    )
    moment = datetime.fromisoformat(last)
    monday = (moment - timedelta(days=moment.weekday())).replace(hour=0, minute=0, second=0, microsecond=0)
    assert as_dict(await store.leaderboard(GUILD, GAME, period="week", now=last)) == expected_board(
        results, since=monday.isoformat()
    )


async def test_best_results_and_server_totals(store):
    results = [r for r in store.expected if r["guild_id"] == GUILD]
    best = await store.best_results(GUILD, GAME)
    for players in range(1, 6):
        mine = [r for r in results if r["players"] == players]
        assert best[players]["cards_left"] == min(r["cards_left"] for r in mine)
    totals = await store.guild_stats(GUILD, GAME)
    assert totals["games"] == len(results)
    assert totals["wins"] == sum(r["status"] == "won" for r in results)
    assert totals["average"] == pytest.approx(sum(r["cards_left"] for r in results) / len(results))
    assert totals["moderator_ended"] == sum(r["moderator_ended"] for r in results)


async def test_a_members_stats_and_teammates(store):
    member = MEMBERS[0]
    mine = [
        r
        for r in store.expected
        if r["guild_id"] == GUILD and any(s["user_id"] == member for s in r["seats"])
    ]
    stats = await store.member_stats(GUILD, member, GAME)
    assert stats["games"] == len(mine)
    assert stats["wins"] == sum(r["status"] == "won" for r in mine)
    assert stats["best"] == min(r["cards_left"] for r in mine)
    mates: dict[int, int] = defaultdict(int)
    for r in mine:
        for s in r["seats"]:
            if s["user_id"] not in (None, member):
                mates[s["user_id"]] += 1
    top = sorted(mates.items(), key=lambda kv: (-kv[1], kv[0]))[:3]
    assert stats["teammates"] == top
    recent = await store.recent_results(GUILD, GAME, member, limit=5)
    assert [r[1] for r in recent] == [r["cards_left"] for r in mine[-5:]]


async def test_a_reset_hides_old_results_from_the_boards_only(store):
    results = store.expected
    before = await store.member_stats(GUILD, MEMBERS[1], GAME)
    await store.reset_leaderboard(GUILD, by=1, at="2030-01-01T00:00:00+00:00")
    assert await store.leaderboard(GUILD, GAME) == []
    assert await store.best_results(GUILD, GAME) == {}
    assert await store.member_stats(GUILD, MEMBERS[1], GAME) == before
    assert (await store.guild_stats(GUILD, GAME))["games"] == sum(r["guild_id"] == GUILD for r in results)
    # Another server's boards are untouched.
    assert as_dict(await store.leaderboard(OTHER_GUILD, GAME)) != {}
    [action] = await store.mod_actions(GUILD)
    assert action["action"] == "leaderboard_reset" and action["user_id"] == 1


async def test_a_result_counts_once_even_if_written_again(store):
    results = store.expected
    before = as_dict(await store.leaderboard(GUILD, GAME))
    first = next(i for i, r in enumerate(results, start=1) if r["guild_id"] == GUILD)
    await store.finish_table(first, results[first - 1], status="finished")
    assert as_dict(await store.leaderboard(GUILD, GAME)) == before


async def test_forgetting_a_member_removes_their_id_and_name(store):
    member = MEMBERS[2]
    touched = await store.forget_member(member)
    assert touched > 0
    assert member not in {r.user_id for r in await store.leaderboard(GUILD, GAME)}
    assert (await store.member_stats(GUILD, member, GAME))["games"] == 0
    assert await store.member_names([member]) == {}
    rows = await store._all("SELECT COUNT(*) FROM result_seats WHERE user_id = ?", (member,))
    assert rows[0][0] == 0
    rows = await store._all("SELECT seats FROM results WHERE seats LIKE ?", (f"%p{member}%",))
    assert rows == []
    # The server's totals keep the games.
    assert (await store.guild_stats(GUILD, GAME))["games"] == sum(
        r["guild_id"] == GUILD for r in store.expected
    )


async def test_results_from_before_the_stats_migration_are_carried_over(store_url, monkeypatch):
    import json

    import bot.store.postgres as postgres_module
    import bot.store.sqlite as sqlite_module

    dialect = postgres_module if store_url.startswith("postgresql") else sqlite_module
    every = dialect.migrations()
    monkeypatch.setattr(dialect, "migrations", lambda: [m for m in every if m[0] < 3])
    old = open_store(store_url)
    await old.open()
    seats = [
        {"user_id": 7, "name": "ann", "ai": False, "laid": 30},
        {"user_id": None, "name": "AI seat", "ai": True, "laid": 20},
    ]
    for table_id, left in ((1, 12), (2, 0)):
        at = f"2026-03-0{table_id}T10:00:00+00:00"
        await old._write(
            [
                (
                    "INSERT INTO tables (id, guild_id, channel_id, game, status, host_id, options, "
                    "created_at, updated_at) VALUES (?, 9, ?, ?, 'finished', 7, '{}', ?, ?)",
                    (table_id, table_id, GAME, at, at),
                ),
                (
                    "INSERT INTO results (table_id, guild_id, game, players, options, status, cards_left, "
                    "turns, duration_s, seats, finished_at) VALUES (?, 9, ?, 2, '{}', ?, ?, 30, 600, ?, ?)",
                    (table_id, GAME, "won" if left == 0 else "lost", left, json.dumps(seats), at),
                ),
            ]
        )
    await old.close()
    monkeypatch.setattr(dialect, "migrations", lambda: every)
    store = open_store(store_url)
    await store.open()
    try:
        [row] = await store.leaderboard(9, GAME)
        assert (row.user_id, row.games, row.wins, row.average, row.best) == (7, 2, 1, 6.0, 0)
        assert (await store.guild_stats(9, GAME))["games"] == 2
        assert (await store.member_stats(9, 7, GAME))["games"] == 2
    finally:
        await store.close()
