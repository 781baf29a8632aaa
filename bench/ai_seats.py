"""AI seat benchmark: how late the bot's event loop wakes up while AI seats decide without pause, with
the decisions in a thread of the bot's process (as before) and in the AI's process (bot.tables'
AI_PROCESS, as now), beside a floor measured in the same run: the same loop with no decision at all.

A task sleeps 0.5 ms again and again on the loop and notes how much later than asked it wakes (every
table's clicks wait the same way; bench/charts.py's ticker). Meanwhile the positions below are
decided one after the other, --rounds times: games of every kind at the "hard" level, from the deal to
the end, as the AI seats of busy tables ask. Also the milliseconds per decision each way: the process
adds the round trip of the seat's view and the action.

Run: python bench/ai_seats.py [--rounds 2]
Prints a table, then one JSON object with the figures as its last line.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.charts import lags_while, lateness_figures, lateness_table
from bot import tables
from bot.catalog import GAMES, ai_decision

LEVEL = "hard"


def positions(per_game: int = 60) -> list[tuple[str, Any, int]]:
    """(game, state, seat) before each AI move of a few games of each kind, three seats."""
    out: list[tuple[str, Any, int]] = []
    for name, spec in GAMES.items():
        seed = 1
        taken = 0
        while taken < per_game:
            state = spec.deal(3, spec.options(), seed, 0)
            while not state.is_over and taken < per_game:
                out.append((name, _copy(spec, seed, state), state.current))
                state.apply(spec.ai_action(state, state.current, LEVEL))
                taken += 1
            seed += 1
    return out


def _copy(spec: Any, seed: int, state: Any) -> Any:
    """The state as it stands, dealt again and replayed (states are changed in place)."""
    again = spec.deal(3, spec.options(), seed, 0)
    for record in state.action_dicts():
        again.apply_record(record)
    return again


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=2, help="times every position is decided, each way")
    args = parser.parse_args()
    where = positions()
    decisions = len(where) * args.rounds
    thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ai-seat")
    loop = asyncio.get_running_loop()
    name, state, seat = where[0]
    await tables.AI_PROCESS.run(30, ai_decision, name, LEVEL, GAMES[name].view(state, seat))  # its start

    async def in_a_thread() -> None:
        for _ in range(args.rounds):
            for name, state, seat in where:
                await loop.run_in_executor(thread, GAMES[name].ai_action, state, seat, LEVEL)

    async def in_the_ai_process() -> None:
        for _ in range(args.rounds):
            for name, state, seat in where:
                view = GAMES[name].view(state, seat)
                await tables.AI_PROCESS.run(30, ai_decision, name, LEVEL, view)

    in_thread, thread_s = await lags_while(in_a_thread)
    in_process, process_s = await lags_while(in_the_ai_process)
    floor, _ = await lags_while(lambda: asyncio.sleep(max(thread_s, process_s)))
    thread.shutdown()
    tables.AI_PROCESS.close()

    rows = [
        ("no decision (floor)", floor, None),
        ("AI in a thread", in_thread, thread_s),
        ("AI process (now)", in_process, process_s),
    ]
    figures = lateness_table(rows, decisions, "decision")
    (_, f99, _), (_, t99, _), (_, p99, _) = figures.values()
    met = "met" if p99 <= 2 * f99 else "not met"
    print(f"\n{len(where)} positions ({', '.join(GAMES)}), {decisions} decisions each way at level {LEVEL!r}")
    print(
        f"target: while AI seats decide, the loop's p99 lateness within 2x the floor's: {met} "
        f"({p99 / f99:.2f}x; in a thread {t99 / f99:.1f}x)"
    )
    print(
        json.dumps(
            {
                "benchmark": "ai_seats",
                "decisions": decisions,
                **lateness_figures(figures),
                "thread_ms_per_decision": round(thread_s / decisions * 1000, 3),
                "process_ms_per_decision": round(process_s / decisions * 1000, 3),
            }
        )
    )


if __name__ == "__main__":
    asyncio.run(main())
