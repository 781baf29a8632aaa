"""`python -m bot migrate-store FROM TO`: every row of a used SQLite database arrives in PostgreSQL
(tables, seats, events, snapshots, results, stats, options, strikes, moderator log), the bot
started on the copy restores every open table exactly, ids go on after the copied ones, and a
second run is refused without changing anything."""

from __future__ import annotations

import asyncio
import sqlite3

from bot.__main__ import main
from bot.store import open_store
from bot.store.migrate import TABLES
from bot.tables import PLAYING, TableService
from tests.farm import Farm, next_move
from tests.test_stats_store import GAME, make_results

AT = "2026-11-20T20:00:00+00:00"


async def used_sqlite(path) -> None:
    """A database as a season of play leaves it."""
    store = open_store(f"sqlite:///{path}")
    await store.open()
    service = TableService(store)
    farm = Farm(service)
    for channel in range(1, 9):
        await farm.play(channel, 30 + channel, seed=channel)
    await service.save_snapshots()
    for channel in (1, 2):  # logged past their snapshot
        table = service.in_channel(channel)
        await service.act(table.id, *next_move(table), table.version)
    for i, result in enumerate(make_results(25), start=1):
        row = {
            "guild_id": result["guild_id"],
            "channel_id": 1000 + i,
            "game": GAME,
            "status": "playing",
            "host_id": 1,
            "options": {},
            "created_at": AT,
            "updated_at": AT,
        }
        table_id = await store.create_table(
            row, [{"user_id": s["user_id"], "name": s["name"]} for s in result["seats"]]
        )
        if i % 5 == 0:
            user = result["seats"][0]["user_id"] or 1
            strike = await store.add_strike(table_id, user, 9000 + i, "high", "warn", AT)
            await store.clear_strike(table_id, strike, 77, channel_id=1000 + i)
            await store.add_strike(table_id, user, 9500 + i, "low", "delete", AT)
        if i == 1:  # a deal of the day: its entries, its par and its place in the ranking
            daily = {"day": "2026-11-20", "players": result["players"], "expert": False}
            await store.enter_daily(table_id, "2026-11-20", result["players"], False, [1])
            await store.save_daily_par("2026-11-20", result["players"], False, 3, 40, "{}", AT)
            result = {**result, "daily": daily}
        await store.finish_table(table_id, result, status="finished", finished_at=result["finished_at"])
    await store.set_guild_options(5, {"talk_rule": "warn"}, AT)
    await store.set_channel_options(5, 1001, {"turn_timer": 300}, AT)
    await store.log_mod_action(5, 77, "end_game", {"table_id": 3}, AT)
    await store.reset_leaderboard(6, 77, AT)
    await store.set_state("commands:global", "abc")
    await store.close()


def every_table(path) -> list[str]:
    """Every table of the SQLite schema (not the copy's own list, which could miss one)."""
    with sqlite3.connect(path) as db:
        rows = db.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        # The migrations' own list and the writer's note of its last batch (bot/store/writer.py)
        # are the store's bookkeeping, not data to copy.
        return sorted(r[0] for r in rows if r[0] not in ("schema_migrations", "_writer_outcomes"))


async def everything(url: str, tables: list[str]) -> dict[str, list[tuple]]:
    store = open_store(url)
    await store.open()
    try:
        out = {}
        for table in tables:
            rows = await store._all(f"SELECT * FROM {table}", ())
            out[table] = sorted(
                (tuple(v for k, v in dict(r).items() if k != "owner") for r in rows), key=repr
            )
        return out
    finally:
        await store.close()


def seen(table) -> tuple:
    s = table.state
    return (table.version, table.rule_version, list(s.piles), [list(h) for h in s.hands], s.current)


async def restored(url: str) -> dict[int, tuple]:
    store = open_store(url)
    await store.open()
    try:
        service = TableService(store)
        await service.load()
        assert service.set_aside == []
        return {t.id: seen(t) for t in service.open_tables() if t.status == PLAYING}
    finally:
        await store.close()


async def test_every_row_arrives_the_bot_restores_every_table_and_a_second_run_is_refused(
    tmp_path, postgres_url, capsys
):
    path = tmp_path / "old.sqlite3"
    await used_sqlite(path)
    source = f"sqlite:///{path}"
    tables = every_table(path)
    assert sorted(TABLES) == tables
    before = await everything(source, tables)
    assert all(before[t] for t in tables), [t for t in tables if not before[t]]

    assert await asyncio.to_thread(main, ["migrate-store", source, postgres_url]) == 0
    assert "copied" in capsys.readouterr().out
    assert await everything(postgres_url, tables) == before
    assert await restored(postgres_url) == await restored(source)

    assert await asyncio.to_thread(main, ["migrate-store", source, postgres_url]) == 1
    assert "refused, nothing was changed" in capsys.readouterr().err
    assert await everything(postgres_url, tables) == before

    # New rows take ids after the copied ones.
    store = open_store(postgres_url)
    await store.open()
    try:
        row = {"guild_id": 5, "channel_id": 4242, "game": GAME, "status": "lobby", "host_id": 1}
        table_id = await store.create_table({**row, "options": {}, "created_at": AT, "updated_at": AT}, [])
        assert table_id > max(r[0] for r in before["tables"])
    finally:
        await store.close()


def test_a_missing_source_is_refused(tmp_path, postgres_url, capsys):
    assert main(["migrate-store", str(tmp_path / "none.sqlite3"), postgres_url]) == 1
    assert "no SQLite database" in capsys.readouterr().err
