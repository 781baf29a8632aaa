"""Chart benchmark: how late the bot's event loop wakes up while a chart is being drawn, with the
chart in a thread of the bot's process (as before) and in the chart process (bot.charts.draw, as
now), beside a floor measured in the same run: the same loop with no chart at all.

A task sleeps 0.5 ms again and again on the loop and notes how much later than asked it wakes: every
table's clicks wait the same way. Meanwhile the piles chart of a 40-turn game is drawn --charts
times, one after the other. Also the milliseconds per chart each way, and the objects in reference
cycles one chart leaves in the process that draws it (freed only by a full garbage collection).

Run: python bench/charts.py [--charts 6]
Prints a table, then one JSON object with the figures as its last line.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import random
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.figures import percentile
from bot import charts

TICK = 0.0005


def game(turns: int = 40, seed: int = 1) -> list[tuple[int, ...]]:
    rng = random.Random(seed)
    return [tuple(rng.randint(1, 100) for _ in range(4)) for _ in range(turns)]


async def lags_while(work: Callable[[], Awaitable[None]]) -> tuple[list[float], float]:
    """The ticker's lateness (ms) while `work` runs; and how long it ran (s)."""
    done = asyncio.Event()
    lags: list[float] = []

    async def ticker() -> None:
        while not done.is_set():
            start = time.perf_counter()
            await asyncio.sleep(TICK)
            lags.append((time.perf_counter() - start - TICK) * 1000)

    task = asyncio.create_task(ticker())
    start = time.perf_counter()
    await work()
    elapsed = time.perf_counter() - start
    done.set()
    await task
    return lags, elapsed


def lateness_table(
    rows: list[tuple[str, list[float], float | None]], count: int, unit: str
) -> dict[str, tuple[float, float, float]]:
    """Prints a row per way the work ran (name, the ticker's lateness, seconds the work took or None
    for the floor): wake-ups, lateness p50, p99 and max, ms per unit of work (`count` of them).
    Returns (p50, p99, max) by name."""
    heads = ("wake-ups", "late p50 ms", "p99 ms", "max ms", f"ms/{unit}")
    print(f"{'while':<20} | " + " | ".join(f"{h:>{max(len(h), 7)}}" for h in heads))
    print("-" * (68 + max(len(unit) + 3, 7)))
    figures = {}
    width = max(len(unit) + 3, 7)
    for name, lags, seconds in rows:
        p50, p99, worst = percentile(lags, 0.5), percentile(lags, 0.99), max(lags)
        per = "" if seconds is None else f"{seconds / count * 1000:.2f}"
        figures[name] = (p50, p99, worst)
        print(f"{name:<20} | {len(lags):>8} | {p50:>11.2f} | {p99:>7.2f} | {worst:>7.2f} | {per:>{width}}")
    return figures


def lateness_figures(figures: dict[str, tuple[float, float, float]]) -> dict[str, float]:
    """The JSON figures of lateness_table's three rows: the floor, the work in a thread, in a process."""
    (f50, f99, _), (t50, t99, tmax), (p50, p99, pmax) = figures.values()
    return {
        "floor_late_ms_p50": round(f50, 3),
        "floor_late_ms_p99": round(f99, 3),
        "thread_late_ms_p50": round(t50, 3),
        "thread_late_ms_p99": round(t99, 3),
        "thread_late_ms_max": round(tmax, 3),
        "process_late_ms_p50": round(p50, 3),
        "process_late_ms_p99": round(p99, 3),
        "process_late_ms_max": round(pmax, 3),
        "process_ratio_p99": round(p99 / f99, 3),
    }


def cycles_left_by_one_chart(tops: list[tuple[int, ...]]) -> int:
    gc.collect()
    gc.disable()
    try:
        charts.piles_chart(tops)
        gc.set_debug(gc.DEBUG_SAVEALL)
        gc.collect()
        return len(gc.garbage)
    finally:
        gc.garbage.clear()
        gc.set_debug(0)
        gc.enable()


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--charts", type=int, default=6, help="charts drawn one after the other, each way")
    args = parser.parse_args()
    tops = game()
    charts.piles_chart(tops)  # matplotlib's first chart pays for its caches: not timed
    await charts.draw(charts.piles_chart, tops)  # nor the chart process's start

    async def in_a_thread() -> None:
        for _ in range(args.charts):
            await asyncio.to_thread(charts.piles_chart, tops)

    async def in_the_chart_process() -> None:
        for _ in range(args.charts):
            await charts.draw(charts.piles_chart, tops)

    thread, thread_s = await lags_while(in_a_thread)
    process, process_s = await lags_while(in_the_chart_process)
    floor, _ = await lags_while(lambda: asyncio.sleep(max(thread_s, process_s)))
    cycles = cycles_left_by_one_chart(tops)

    rows = [
        ("no chart (floor)", floor, None),
        ("chart in a thread", thread, thread_s),
        ("chart process (now)", process, process_s),
    ]
    figures = lateness_table(rows, args.charts, "chart")
    print(f"\nobjects in reference cycles one chart leaves where it is drawn: {cycles:,}")
    (_, f99, _), (_, t99, _), (_, p99, _) = figures.values()
    met = "met" if p99 <= 2 * f99 else "not met"
    print(
        f"target: while a chart is drawn, the loop's p99 lateness within 2x the floor's: {met} "
        f"({p99 / f99:.2f}x; in a thread {t99 / f99:.1f}x)"
    )
    print(
        json.dumps(
            {
                "benchmark": "charts",
                "charts": args.charts,
                **lateness_figures(figures),
                "thread_ms_per_chart": round(thread_s / args.charts * 1000, 1),
                "process_ms_per_chart": round(process_s / args.charts * 1000, 1),
                "cycle_objects_per_chart": cycles,
            }
        )
    )


if __name__ == "__main__":
    asyncio.run(main())
