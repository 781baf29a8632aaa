"""Engine benchmark: whole baseline-AI games per second on one core (CPU time, best of several
runs), and the cost of listing a seat's legal plays.

Run: python bench/engine.py [--games N]
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

from bot.ai.baseline import play_turn
from bot.games.thegame import new_game


def games_per_second(players: int, games: int, repeats: int) -> tuple[float, float]:
    """Best of ``repeats`` runs (as timeit does): other load on the machine only ever slows a run."""
    best = float("inf")
    left = 0
    for _ in range(repeats):
        start = time.process_time()
        left = 0
        for seed in range(games):
            state = new_game(players, seed=seed)
            while not state.is_over:
                play_turn(state)
            left += state.cards_left
        best = min(best, time.process_time() - start)
    return games / best, left / games


def legal_plays_microseconds(samples: int = 20000) -> tuple[float, float]:
    """Median and p99 microseconds to list the current seat's legal plays, over mid-game states."""
    states = []
    for seed in range(200):
        state = new_game(3, seed=seed)
        for _ in range(seed % 9):
            if state.is_over:
                break
            play_turn(state)
        states.append(state)
    timings = []
    clock = time.perf_counter_ns
    for i in range(samples):
        state = states[i % len(states)]
        t0 = clock()
        state.playable(state.current)
        timings.append((clock() - t0) / 1000)
    timings.sort()
    return statistics.median(timings), timings[int(len(timings) * 0.99)]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=2000, help="games per player count and run")
    parser.add_argument("--repeats", type=int, default=5, help="runs per player count; the best counts")
    args = parser.parse_args()
    rows = []
    for players in range(1, 6):
        rate, mean_left = games_per_second(players, args.games, args.repeats)
        rows.append(
            {"players": players, "games_per_second": round(rate), "mean_cards_left": round(mean_left, 2)}
        )
    med, p99 = legal_plays_microseconds()
    print(f"{'players':>7} | {'games/s (1 core)':>16} | {'mean cards left':>15}")
    print("-" * 46)
    for row in rows:
        print(f"{row['players']:>7} | {row['games_per_second']:>16} | {row['mean_cards_left']:>15}")
    overall = min(r["games_per_second"] for r in rows)
    print(f"\nlegal plays of a seat: median {med:.2f} µs, p99 {p99:.2f} µs")
    print(f"slowest player count: {overall} games/s (target >= 2000)")
    print(
        json.dumps(
            {
                "benchmark": "engine",
                "games_per_count": args.games,
                "repeats": args.repeats,
                "games_per_second": {str(r["players"]): r["games_per_second"] for r in rows},
                "min_games_per_second": overall,
                "legal_plays_us_median": round(med, 3),
                "legal_plays_us_p99": round(p99, 3),
            }
        )
    )


if __name__ == "__main__":
    main()
