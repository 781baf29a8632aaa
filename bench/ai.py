"""AI benchmark: how often each AI wins The Game, by player count, against published figures.

For each player count 1..5 every AI plays the same 10,000 deals (seed 2026, game i dealt from
(seed, i), as `python -m bot simulate` does). The table shows the win rate with its Wilson 95 %
interval and the mean cards left, beside the best published win rates of computer players
(issue 6): the target is the interval's lower end above the published figure, and fewer than 5
cards left on average for 2 to 5 players.

Run: python bench/ai.py [--games 10000] [--seed 2026] [--jobs 2] [--ai baseline,...] [--players 1,3]
Prints a table, then one JSON object with the figures as its last line.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.simulate import AIS, simulate

PUBLISHED = {1: 0.118, 2: 0.24, 3: 0.10, 4: 0.112, 5: 0.123}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--ai", default=",".join(AIS), help=f"comma-separated, from {', '.join(AIS)}")
    parser.add_argument("--players", default="1,2,3,4,5", help="comma-separated player counts")
    args = parser.parse_args()
    ais = [a for a in args.ai.split(",") if a]
    counts = [int(n) for n in args.players.split(",") if n]
    if any(n not in PUBLISHED for n in counts):
        parser.error("--players: counts from 1 to 5")
    rows = []
    print(
        f"{'AI':<10} | {'players':>7} | {'won %':>6} | {'95 % interval':>15} | {'published':>9} | "
        f"{'low > it':>8} | {'mean left':>9} | {'target':>6} | {'games/s':>7}"
    )
    print("-" * 101)
    for ai in ais:
        for players in counts:
            s = simulate(players, args.games, args.seed, jobs=args.jobs, ai=ai)
            low, high = s.win_rate_ci95
            # The target: the interval's low end above the published rate, and (2 to 5 players)
            # fewer than 5 cards left on average.
            beats_rate = low > PUBLISHED[players]
            beats = beats_rate and (players == 1 or s.mean_cards_left < 5)
            rows.append(
                {
                    "ai": ai,
                    "players": players,
                    "games": s.games,
                    "win_rate": round(s.win_rate, 4),
                    "win_rate_ci95": [round(low, 4), round(high, 4)],
                    "published": PUBLISHED[players],
                    "mean_cards_left": round(s.mean_cards_left, 2),
                    "share_under_10": round(s.share_under_10, 4),
                    "beats_published_rate": beats_rate,
                    "beats_target": beats,
                    "games_per_second": round(s.games_per_second, 1),
                }
            )
            interval = f"{100 * low:>6.2f} to {100 * high:>5.2f}"
            print(
                f"{ai:<10} | {players:>7} | {100 * s.win_rate:>6.2f} | {interval} | "
                f"{100 * PUBLISHED[players]:>9.1f} | {'yes' if beats_rate else 'no':>8} | "
                f"{s.mean_cards_left:>9.2f} | {'met' if beats else 'no':>6} | {s.games_per_second:>7.0f}"
            )
    print(json.dumps({"benchmark": "ai", "games_per_count": args.games, "seed": args.seed, "rows": rows}))


if __name__ == "__main__":
    main()
