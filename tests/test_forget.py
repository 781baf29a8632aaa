"""Forget-me forgets everywhere: every column that holds a member id is covered, a seat handed to
the AI keeps its member (so it is found), and the moderator log forgets its moderators. On SQLite
and on PostgreSQL."""

from __future__ import annotations

import pytest

from bot.store import open_store
from bot.store.sqlite_stats import FORGOTTEN, MEMBER_COLUMNS

MEMBER = 4242
AT = "2026-11-20T20:00:00+00:00"


def looks_like_a_member(column: str) -> bool:
    return column in ("user_id", "host_id", "by") or column.endswith("_by")


@pytest.fixture
async def store(store_url):
    s = open_store(store_url)
    await s.open()
    yield s
    await s.close()


async def test_every_column_that_holds_member_ids_is_forgotten(store):
    if store.dialect == "postgres":
        columns = await store._all(
            "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public'", ()
        )
    else:
        columns = [
            (table, column[1])
            for (table,) in await store._all("SELECT name FROM sqlite_master WHERE type = 'table'", ())
            for column in await store._all(f"PRAGMA table_info({table})", ())
        ]
    found = {(table, column) for table, column in columns if looks_like_a_member(column)}
    assert found == MEMBER_COLUMNS, "a new column of member ids must be covered by forget_member"


async def test_forget_me_leaves_no_trace_in_results_seats_strikes_or_the_moderator_log(store):
    row = {
        "guild_id": 1,
        "channel_id": 10,
        "game": "red-and-black",
        "status": "playing",
        "host_id": 7,
        "options": {},
        "meta": {},
        "created_at": AT,
        "updated_at": AT,
    }
    table_id = await store.create_table(row, [{"user_id": MEMBER, "name": "mia", "ai": True}])
    strike = await store.add_strike(table_id, 7, 99, "high", "warn", AT)
    await store.clear_strike(table_id, strike, MEMBER, channel_id=10)
    await store.log_mod_action(1, MEMBER, "end_game", {"table_id": table_id}, AT)
    await store.reset_leaderboard(1, MEMBER, AT)
    result = {
        "guild_id": 1,
        "game": "red-and-black",
        "players": 4,
        "options": {},
        "status": "won",
        "won": True,
        "cards_left": 0,
        "turns": 80,
        "duration_s": 900.0,
        # Mia left and an AI seat played on in her place: the seat is still hers.
        "seats": [{"user_id": MEMBER, "name": "mia", "ai": True, "laid": 0, "won": True, "cards_left": 0}]
        + [
            {"user_id": None, "name": f"AI {i}", "ai": True, "laid": 0, "won": False, "cards_left": 40}
            for i in (1, 2, 3)
        ],
        "ended_by": MEMBER,
        "moderator_ended": False,
        "finished_at": AT,
    }
    await store.finish_table(table_id, result, status="finished", finished_at=AT)
    assert (await store.member_stats(1, MEMBER, "red-and-black"))["games"] == 1, "the seat counts for her"

    await store.forget_member(MEMBER)
    for table, column in sorted(MEMBER_COLUMNS):
        rows = await store._all(f"SELECT COUNT(*) FROM {table} WHERE {column} = ?", (MEMBER,))
        assert rows[0][0] == 0, f"{table}.{column} still names the member"
    seats = await store._all("SELECT seats FROM results WHERE table_id = ?", (table_id,))
    assert "mia" not in seats[0][0] and FORGOTTEN in seats[0][0]
    assert all(entry["user_id"] == 0 for entry in await store.mod_actions(1))


async def test_forget_me_asks_the_database_whether_the_member_is_seated_anywhere(store):
    """Another shard's process holds the table: only the database knows the member is seated."""
    row = {
        "guild_id": 2,
        "channel_id": 20,
        "game": "the-game",
        "status": "lobby",
        "host_id": MEMBER,
        "options": {},
        "meta": {},
        "created_at": AT,
        "updated_at": AT,
    }
    assert not await store.seated_at_open_table(MEMBER)
    table_id = await store.create_table(row, [{"user_id": MEMBER, "name": "mia", "ai": False}])
    assert await store.seated_at_open_table(MEMBER)
    assert not await store.seated_at_open_table(MEMBER + 1)
    await store.finish_table(table_id, None, status="cancelled", updated_at=AT)
    assert not await store.seated_at_open_table(MEMBER)
