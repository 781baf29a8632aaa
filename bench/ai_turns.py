"""How long an AI seat at a table takes to decide, for The Game's planning AI.

A table asks the AI for one action at a time (the game spec's `ai_action`, around the planner's
`next_action`: a play, a signal or the end of the turn), shows it, pauses, and asks again. This
plays whole games that way for 1 to 5 players and times every call, and every turn (the sum of
its calls). Target (issue 6): each turn decided in under a second.

Run: python bench/ai_turns.py [--games 200] [--seed 2026]
Prints a table, then one JSON object with the figures as its last line.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.figures import percentile
from bot.catalog import spec
from bot.games.thegame import NAME, EndTurn, new_game
from bot.simulate import game_seed

TARGET_MS = 1000.0


def time_games(players: int, games: int, seed: int) -> tuple[list[float], list[float]]:
    """Milliseconds of every call for an action and of every whole turn."""
    ai_action = spec(NAME).ai_action
    calls: list[float] = []
    turns: list[float] = []
    for index in range(games):
        state = new_game(players, seed=game_seed(seed, index))
        turn_ms = 0.0
        while not state.is_over:
            seat = state.current
            start = time.perf_counter()
            action = ai_action(state, seat)
            spent = (time.perf_counter() - start) * 1000
            calls.append(spent)
            turn_ms += spent
            state.apply(action)
            if isinstance(action, EndTurn) or state.is_over:
                turns.append(turn_ms)
                turn_ms = 0.0
    return calls, turns


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rows = []
    print(
        f"{'players':>7} | {'turns':>6} | {'call p50 ms':>11} | {'call p99 ms':>11} | "
        f"{'turn p50 ms':>11} | {'turn p99 ms':>11} | {'turn max ms':>11}"
    )
    print("-" * 85)
    for players in range(1, 6):
        calls, turns = time_games(players, args.games, args.seed)
        row = {
            "players": players,
            "games": args.games,
            "turns": len(turns),
            "call_p50_ms": round(statistics.median(calls), 3),
            "call_p99_ms": round(percentile(calls, 0.99), 3),
            "turn_p50_ms": round(statistics.median(turns), 3),
            "turn_p99_ms": round(percentile(turns, 0.99), 3),
            "turn_max_ms": round(max(turns), 3),
        }
        rows.append(row)
        print(
            f"{players:>7} | {row['turns']:>6} | {row['call_p50_ms']:>11.2f} | {row['call_p99_ms']:>11.2f} | "
            f"{row['turn_p50_ms']:>11.2f} | {row['turn_p99_ms']:>11.2f} | {row['turn_max_ms']:>11.2f}"
        )
    slowest = max(r["turn_max_ms"] for r in rows)
    print(f"\nslowest turn {slowest:.1f} ms (target: every turn under {TARGET_MS:.0f} ms)")
    print(
        json.dumps(
            {
                "benchmark": "ai_turns",
                "seed": args.seed,
                "slowest_turn_ms": slowest,
                "meets_target": slowest < TARGET_MS,
                "rows": rows,
            }
        )
    )


if __name__ == "__main__":
    main()
