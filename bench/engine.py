"""Engine benchmark: whole baseline-AI games per second on one core (CPU time, best of several
runs), and the cost of listing a seat's legal plays. The Game by player count; Skip-Bo Junior
(2 to 4 players) and Red and Black (whole 8-deal games) with their baseline AIs.

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

from bot.ai import red_and_black as rb_ai
from bot.ai import skipbo_junior as sb_ai
from bot.ai.baseline import play_turn
from bot.games import red_and_black as rb
from bot.games import skipbo_junior as sb
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


def other_games_per_second(game: str, players: int, games: int, repeats: int) -> float:
    """Whole games per second of Skip-Bo Junior or Red and Black, every seat the baseline AI."""
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        for seed in range(games):
            if game == sb.NAME:
                state: object = sb.new_game(players, seed=seed)
                while not state.is_over:  # type: ignore[attr-defined]
                    sb_ai.play_turn(state)  # type: ignore[arg-type]
            else:
                state = rb.new_game(seed=seed)
                while not state.is_over:  # type: ignore[attr-defined]
                    rb_ai.play_turn(state)  # type: ignore[arg-type]
        best = min(best, time.process_time() - start)
    return games / best


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
    parser.add_argument("--other-games", type=int, default=200, help="Skip-Bo Junior games per count and run")
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
    others = {
        f"skip-bo-junior/{n}": other_games_per_second(sb.NAME, n, args.other_games, 3) for n in (2, 3, 4)
    }
    others["red-and-black/4"] = other_games_per_second(rb.NAME, 4, max(args.other_games // 10, 5), 3)
    print(f"\n{'game/players':>18} | {'games/s (1 core)':>16}")
    print("-" * 37)
    for name, rate in others.items():
        print(f"{name:>18} | {rate:>16.1f}")
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
                "other_games_per_second": {k: round(v, 1) for k, v in others.items()},
            }
        )
    )


if __name__ == "__main__":
    main()
