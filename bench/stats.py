"""Stats benchmark: leaderboard and stats queries against 100,000 results in the SQLite store.

All results belong to one server (the worst case for its boards): 300 members, three years of
games, 1 to 5 players, some AI seats. They are loaded with the store's own result statements, so
the per-seat rows and running totals are the ones the bot writes. Each query runs through the
store (aiosqlite) as the bot calls it; the figure is wall-clock milliseconds per call.

Run: python bench/stats.py [--results 100000] [--repeat 20]
Prints a table, then one JSON object with the figures as its last line.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.store.sqlite import SqliteStore

GUILD = 1
GAME = "the-game"
TARGET_MS = 50.0


def synthetic_results(count: int, seed: int = 7):
    rng = random.Random(seed)
    members = [10_000 + i for i in range(300)]
    start = datetime(2024, 1, 1, tzinfo=UTC)
    step = timedelta(days=3 * 365) / count
    for n in range(count):
        players = rng.choice((1, 2, 2, 3, 3, 3, 4, 4, 5))
        people = rng.sample(members, players)
        seats = []
        for user_id in people:
            ai = rng.random() < 0.08
            seats.append({"user_id": None if ai else user_id, "name": f"m{user_id}", "ai": ai, "laid": 0})
        won = rng.random() < 0.06
        left = 0 if won else rng.randint(1, 60)
        finished = start + step * n
        yield (
            n + 1,
            {
                "guild_id": GUILD,
                "game": GAME,
                "players": players,
                "options": {},
                "status": "won" if won else "lost",
                "cards_left": left,
                "turns": rng.randint(10, 60),
                "duration_s": rng.uniform(300, 3600),
                "seats": seats,
                "ended_by": None,
                "moderator_ended": False,
                "finished_at": finished.isoformat(),
            },
        )


def load(path: Path, count: int) -> None:
    db = sqlite3.connect(path)
    db.execute("PRAGMA foreign_keys=ON")
    db.execute("BEGIN")
    for table_id, result in synthetic_results(count):
        db.execute(
            "INSERT INTO tables (id, guild_id, channel_id, game, status, host_id, options, created_at, "
            "updated_at) VALUES (?, ?, ?, ?, 'finished', 0, '{}', ?, ?)",
            (table_id, GUILD, table_id, GAME, result["finished_at"], result["finished_at"]),
        )
        for sql, params in SqliteStore._result_statements(table_id, result):
            db.execute(sql, params)
    db.commit()
    db.execute("ANALYZE")
    db.close()


async def run(path: Path, repeat: int) -> dict[str, list[float]]:
    store = SqliteStore(str(path))
    await store.open()
    now = datetime(2026, 12, 31, 12, tzinfo=UTC).isoformat()  # the last day of the synthetic results
    member = 10_007
    queries = {
        "leaderboard, all time": lambda: store.leaderboard(GUILD, GAME),
        "leaderboard, 3 players": lambda: store.leaderboard(GUILD, GAME, players=3),
        "leaderboard, this week": lambda: store.leaderboard(GUILD, GAME, period="week", now=now),
        "leaderboard, this month": lambda: store.leaderboard(GUILD, GAME, period="month", now=now),
        "leaderboard, this year": lambda: store.leaderboard(GUILD, GAME, period="year", now=now),
        "best result per player count": lambda: store.best_results(GUILD, GAME),
        "stats of a member": lambda: store.member_stats(GUILD, member, GAME),
        "stats of the server": lambda: store.guild_stats(GUILD, GAME),
        "recent results of a member": lambda: store.recent_results(GUILD, GAME, member),
        "recent results of the server": lambda: store.recent_results(GUILD, GAME),
    }
    timings: dict[str, list[float]] = {}
    try:
        for name, query in queries.items():
            await query()  # warm the page cache
            samples = []
            for _ in range(repeat):
                start = time.perf_counter()
                await query()
                samples.append((time.perf_counter() - start) * 1000)
            timings[name] = samples
    finally:
        await store.close()
    return timings


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--results", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "stats.sqlite3"
        asyncio.run(_migrate(path))
        started = time.perf_counter()
        load(path, args.results)
        loaded = time.perf_counter() - started
        timings = asyncio.run(run(path, args.repeat))
    print(f"{args.results} results loaded in {loaded:.1f} s")
    print(f"{'query':<32} | {'median ms':>9} | {'max ms':>7}")
    print("-" * 55)
    figures = {}
    for name, samples in timings.items():
        median, worst = statistics.median(samples), max(samples)
        figures[name] = {"median_ms": round(median, 2), "max_ms": round(worst, 2)}
        print(f"{name:<32} | {median:>9.2f} | {worst:>7.2f}")
    slowest = max(f["median_ms"] for f in figures.values())
    print(f"\nslowest median {slowest:.2f} ms (target: each <= {TARGET_MS:.0f} ms)")
    print(
        json.dumps(
            {"benchmark": "stats", "results": args.results, "slowest_median_ms": slowest, "queries": figures}
        )
    )


async def _migrate(path: Path) -> None:
    store = SqliteStore(str(path))
    await store.open()
    await store.close()


if __name__ == "__main__":
    main()
