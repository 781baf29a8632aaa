"""How long the deal of the day's par takes, for every player count and both rule sets, and
whether working it out holds the event loop up.

A par is one game of the planning AI on the day's deal (every seat deciding from its own view).
For each player count and rule set this times `play_par` over several dates, beside a floor
measured in the same run: the same deals dealt and played by the simple baseline AI (what any
par costs at least: dealing, the rules engine and a cheap decision per card). Then it works out
a fresh day's ten pars the way the bot does (`DailyPars`, a spawned worker process) while a
ticker on the event loop measures how late it runs: a table never waits on a par.

Run: python bench/daily.py [--dates 20] [--start 2026-01-01]
Prints a table, then one JSON object with the figures as its last line.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
from datetime import date, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.figures import percentile
from bot.ai.baseline import play_turn as baseline_turn
from bot.daily import DailyPars, DealKey, deal, play_par

LOOP_TICK = 0.01  # seconds between two ticks of the event loop's probe


def floor_game(key: DealKey) -> int:
    state = deal(key)
    while not state.is_over:
        baseline_turn(state)
    return state.cards_left


def timed(work: Any, key: DealKey) -> float:
    start = time.perf_counter()
    work(key)
    return (time.perf_counter() - start) * 1000


class MemoryStore:
    """Just what DailyPars asks of a store."""

    def __init__(self) -> None:
        self.pars: dict[tuple[str, int, bool], dict[str, Any]] = {}

    async def daily_par(self, day: str, players: int, expert: bool) -> dict[str, Any] | None:
        return self.pars.get((day, players, expert))

    async def save_daily_par(
        self, day: str, players: int, expert: bool, par: int, turns: int, record: str, at: str
    ) -> None:
        self.pars.setdefault((day, players, expert), {"par": par, "turns": turns, "record": record})


async def loop_lag(day: str) -> dict[str, float]:
    """A day's ten pars through DailyPars (a spawned process), while a probe on the loop measures
    how late each of its ticks comes."""
    pars = DailyPars(MemoryStore())
    late: list[float] = []
    done = False

    async def probe() -> None:
        while not done:
            start = time.perf_counter()
            await asyncio.sleep(LOOP_TICK)
            late.append((time.perf_counter() - start - LOOP_TICK) * 1000)

    ticker = asyncio.create_task(probe())
    start = time.perf_counter()
    keys = [DealKey(day, n, e) for e in (False, True) for n in range(1, 6)]
    results = await asyncio.gather(*(pars.ensure(k) for k in keys))
    wall = time.perf_counter() - start
    done = True
    await ticker
    pars.close()
    assert all(r is not None for r in results)
    return {
        "ten_pars_s": round(wall, 2),
        "loop_late_p99_ms": round(percentile(late, 0.99), 2),
        "loop_late_max_ms": round(max(late), 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--dates", type=int, default=20)
    parser.add_argument("--start", default="2026-01-01")
    args = parser.parse_args()
    first = date.fromisoformat(args.start)
    days = [(first + timedelta(days=i)).isoformat() for i in range(args.dates)]
    print(f"The deal of the day's par over {len(days)} dates from {days[0]} (ms per par, one core)")
    print(
        f"{'players':>7} | {'rules':>6} | {'par p50':>7} | {'par p99':>7} | {'floor p50':>9} | "
        f"{'x floor':>7} | {'mean par':>8}"
    )
    print("-" * 70)
    rows = []
    for expert in (False, True):
        for players in range(1, 6):
            keys = [DealKey(d, players, expert) for d in days]
            par_ms = [timed(play_par, k) for k in keys]
            floor_ms = [timed(floor_game, k) for k in keys]
            mean_par = sum(play_par(k).cards_left for k in keys[:5]) / 5
            p50, p99, floor = percentile(par_ms, 0.5), percentile(par_ms, 0.99), percentile(floor_ms, 0.5)
            rules = "expert" if expert else "basic"
            rows.append(
                {
                    "players": players,
                    "rules": rules,
                    "par_p50_ms": round(p50, 1),
                    "par_p99_ms": round(p99, 1),
                    "floor_p50_ms": round(floor, 2),
                    "times_floor": round(p50 / floor, 1),
                }
            )
            print(
                f"{players:>7} | {rules:>6} | {p50:>7.0f} | {p99:>7.0f} | {floor:>9.1f} | "
                f"{p50 / floor:>7.1f} | {mean_par:>8.1f}"
            )
    lag = asyncio.run(loop_lag((first + timedelta(days=400)).isoformat()))
    print(
        f"\na new day's ten pars through the bot's worker process: {lag['ten_pars_s']} s; meanwhile the "
        f"event loop ran at most {lag['loop_late_max_ms']} ms late (p99 {lag['loop_late_p99_ms']} ms)"
    )
    slowest = max(r["par_p99_ms"] for r in rows)
    print(
        json.dumps(
            {"benchmark": "daily", "dates": len(days), "slowest_par_p99_ms": slowest, "by_deal": rows, **lag}
        )
    )


if __name__ == "__main__":
    main()
