"""`python -m bot simulate`: many games of The Game with AI seats, and what they say about the AI.

Game i of a run with seed S is dealt from `game_seed(S, i)`, so a result does not depend on how
many worker processes share the games (`--jobs`). The win rate comes with a Wilson 95 % interval.
"""

from __future__ import annotations

import json
import math
import os
import sys
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from typing import TextIO

from bot.games.base import Status
from bot.games.shuffle import splitmix64
from bot.games.thegame import MAX_PLAYERS, NAME, TheGameOptions, new_game

AIS = ("planner", "baseline")
CHUNK = 250  # games per task handed to a worker


def game_seed(seed: int, index: int) -> int:
    """The deal of game `index`: the first SplitMix64 output of (seed, index) mixed together."""
    return next(splitmix64(seed * 0x100000001B3 + index)) >> 1  # 0 .. 2^63 - 1


def wilson(wins: int, games: int, z: float = 1.959963984540054) -> tuple[float, float]:
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    spread = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    low = 0.0 if wins == 0 else max(0.0, centre - spread)
    high = 1.0 if wins == games else min(1.0, centre + spread)
    return (low, high)


def _turn_function(ai: str) -> Callable:
    if ai == "baseline":
        from bot.ai.baseline import play_turn

        return play_turn
    if ai == "planner":
        from bot.ai.thegame import play_turn as plan_turn

        return plan_turn
    raise ValueError(f"unknown AI {ai!r}; choose from {', '.join(AIS)}")


def play_games(players: int, expert: bool, seed: int, ai: str, indexes: Iterable[int]) -> list[int]:
    """Cards left after each game (0 = won)."""
    turn = _turn_function(ai)
    options = TheGameOptions(expert=expert)
    out = []
    for index in indexes:
        state = new_game(players, options, seed=game_seed(seed, index))
        while not state.is_over:
            turn(state)
        result = state.result()
        out.append(0 if result.status is Status.WON else result.cards_left)
    return out


def _chunk(args: tuple[int, bool, int, str, int, int]) -> list[int]:
    players, expert, seed, ai, start, stop = args
    return play_games(players, expert, seed, ai, range(start, stop))


@dataclass
class Summary:
    game: str
    ai: str
    players: int
    expert: bool
    seed: int
    games: int
    wins: int
    win_rate: float
    win_rate_ci95: tuple[float, float]
    mean_cards_left: float
    share_under_10: float
    games_per_second: float


def simulate(
    players: int,
    games: int,
    seed: int = 0,
    expert: bool = False,
    jobs: int = 1,
    ai: str = AIS[0],
    progress: Callable[[int, int], None] | None = None,
) -> Summary:
    _turn_function(ai)  # refuse an unknown AI before starting workers
    tasks = [(players, expert, seed, ai, s, min(s + CHUNK, games)) for s in range(0, games, CHUNK)]
    left: list[int] = []
    started = time.perf_counter()
    if jobs <= 1:
        for task in tasks:
            left.extend(_chunk(task))
            if progress:
                progress(len(left), games)
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for part in pool.map(_chunk, tasks):  # in order, so the list is the same for any jobs
                left.extend(part)
                if progress:
                    progress(len(left), games)
    elapsed = time.perf_counter() - started
    wins = sum(1 for x in left if x == 0)
    return Summary(
        game=NAME,
        ai=ai,
        players=players,
        expert=expert,
        seed=seed,
        games=games,
        wins=wins,
        win_rate=wins / games if games else 0.0,
        win_rate_ci95=wilson(wins, games),
        mean_cards_left=sum(left) / games if games else 0.0,
        share_under_10=sum(1 for x in left if x < 10) / games if games else 0.0,
        games_per_second=games / elapsed if elapsed > 0 else float("inf"),
    )


def progress_bar(stream: TextIO) -> Callable[[int, int], None]:
    def show(done: int, total: int) -> None:
        width = 30
        filled = int(width * done / total) if total else width
        stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games")
        if done >= total:
            stream.write("\n")
        stream.flush()

    return show


def simulate_main(
    game: str, players: int, games: int, seed: int, expert: bool, jobs: int, ai: str, as_json: bool
) -> int:
    if game != NAME:
        print(f"simulate: unknown game {game!r}; choose {NAME}", file=sys.stderr)
        return 2
    if not 1 <= players <= MAX_PLAYERS:
        print(f"simulate: --players must be 1..{MAX_PLAYERS}", file=sys.stderr)
        return 2
    if games < 1 or jobs < 1:
        print("simulate: --games and --jobs must be at least 1", file=sys.stderr)
        return 2
    if ai not in AIS:
        print(f"simulate: unknown AI {ai!r}; choose from {', '.join(AIS)}", file=sys.stderr)
        return 2
    jobs = min(jobs, os.cpu_count() or 1, max(1, -(-games // CHUNK)))
    progress = progress_bar(sys.stderr) if sys.stderr.isatty() else None
    summary = simulate(players, games, seed, expert, jobs, ai, progress)
    if as_json:
        print(json.dumps(asdict(summary)))
        return 0
    low, high = summary.win_rate_ci95
    print(f"{NAME}, {players} player{'s' if players > 1 else ''}{', expert' if expert else ''}, AI {ai}")
    print(f"games: {summary.games} (seed {seed})")
    interval = f"95 % interval {100 * low:.2f} to {100 * high:.2f} %"
    print(f"won: {summary.wins} = {100 * summary.win_rate:.2f} % ({interval})")
    print(f"mean cards left: {summary.mean_cards_left:.2f}")
    print(f"fewer than 10 left: {100 * summary.share_under_10:.1f} %")
    print(f"speed: {summary.games_per_second:.0f} games/s")
    return 0
