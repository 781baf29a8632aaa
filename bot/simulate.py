"""`python -m bot simulate`: many games with AI seats, and what they say about the AI.

Game i of a run with seed S is dealt from `game_seed(S, i)`, so a result does not depend on how
many worker processes share the games (`--jobs`). The Game is played together: its win rate comes
with a Wilson 95 % interval. Skip-Bo Junior and Red and Black are contests between AI seats that
seat 0 opens: each seat's share of the wins shows what moving first is worth, and Red and Black's
points per deal show how far apart the seats end.

With AI levels (`--ai hard,normal`) the levels fill the seats in turn and every deal is played once
per rotation of them, so each level sits in each seat equally often on the same cards: the report
gives each level's share of the wins with its interval beside its fair share (and in Red and Black
its points per deal; in The Game, played together, the table's win rate and the cards each level
lays). Every AI decides from its seat's view, as at a table.
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
from typing import Any, TextIO

from bot.ai import LEVELS
from bot.catalog import GAMES
from bot.games import red_and_black
from bot.games.base import Status
from bot.games.shuffle import splitmix64
from bot.games.thegame import NAME, TheGameOptions, new_game

AIS = ("planner", "baseline")
CONTEST_AIS = ("baseline",)  # Skip-Bo Junior and Red and Black have one AI each
CHUNK = 250  # games per task handed to a worker
# A game of Red and Black (8 deals) takes as long as dozens of the others: smaller tasks keep
# every worker busy to the end and the progress bar moving.
CHUNKS = {red_and_black.NAME: 10}


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


Contest = tuple[tuple[int, ...], tuple[int, ...], int]  # winners, points by seat, deals played


def play_contests(game: str, players: int, seed: int, indexes: Iterable[int]) -> list[Contest]:
    """Per game: the winning seats, each seat's points (empty where the game keeps no score) and
    the deals it took; seat 0 moves first."""
    spec = GAMES[game]
    options = spec.options()
    out = []
    for index in indexes:
        state = spec.deal(players, options, game_seed(seed, index), 0)
        while not state.is_over:
            state.apply(spec.ai_action(state, state.current))
        seats = spec.summary(state).seats
        winners = tuple(s for s, seat in enumerate(seats) if seat.won)
        scored = seats[0].score is not None  # only Red and Black keeps scores, deal by deal
        points = tuple(seat.score or 0 for seat in seats) if scored else ()
        out.append((winners, points, len(state.deals) if scored else 0))
    return out


def _contest_chunk(args: tuple[str, int, int, int, int]) -> list[Contest]:
    game, players, seed, start, stop = args
    return play_contests(game, players, seed, range(start, stop))


def _run(
    work: Callable[[Any], list],
    tasks: list,
    games: int,
    jobs: int,
    progress: Callable[[int, int], None] | None,
) -> list:
    """Results of every task in task order, whatever the number of worker processes."""
    out: list = []
    if jobs <= 1:
        for task in tasks:
            out.extend(work(task))
            if progress:
                progress(len(out), games)
        return out
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for part in pool.map(work, tasks):  # in order, so the list is the same for any jobs
            out.extend(part)
            if progress:
                progress(len(out), games)
    return out


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
    started = time.perf_counter()
    left: list[int] = _run(_chunk, tasks, games, jobs, progress)
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


@dataclass
class ContestSummary:
    game: str
    ai: str
    players: int
    seed: int
    games: int
    win_share: list[float]  # by seat; k seats sharing a win get 1/k of it each
    no_winner: float  # the share of games nobody won (a stalled Skip-Bo Junior)
    points_per_deal: list[float] | None  # by seat, for a game that keeps scores
    games_per_second: float


def simulate_game(
    game: str,
    players: int,
    games: int,
    seed: int = 0,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> ContestSummary:
    """Skip-Bo Junior or Red and Black with every seat played by the game's AI."""
    chunk = CHUNKS.get(game, CHUNK)
    tasks = [(game, players, seed, s, min(s + chunk, games)) for s in range(0, games, chunk)]
    started = time.perf_counter()
    played: list[Contest] = _run(_contest_chunk, tasks, games, jobs, progress)
    elapsed = time.perf_counter() - started
    wins = [0.0] * players
    points = [0] * players
    deals = 0
    for winners, scores, dealt in played:
        for seat in winners:
            wins[seat] += 1 / len(winners)
        for seat, score in enumerate(scores):
            points[seat] += score
        deals += dealt
    return ContestSummary(
        game=game,
        ai=CONTEST_AIS[0],
        players=players,
        seed=seed,
        games=games,
        win_share=[w / games for w in wins],
        no_winner=sum(1 for winners, _, _ in played if not winners) / games,
        points_per_deal=[p / deals for p in points] if deals else None,
        games_per_second=games / elapsed if elapsed > 0 else float("inf"),
    )


def lineup(levels: list[str], players: int) -> list[str]:
    """The levels of seats 0..players-1 before rotation: the given levels in turn."""
    return [levels[s % len(levels)] for s in range(players)]


LevelGame = tuple[tuple[int, ...], tuple[int, ...], int, tuple[int, ...], int]
# winners, points by seat, deals, cards laid by seat (The Game), cards left (The Game)


def play_level_games(
    game: str,
    players: int,
    levels: list[str],
    seed: int,
    indexes: Iterable[int],
    expert: bool = False,
    timings: dict[str, list[float]] | None = None,
) -> list[LevelGame]:
    """Game i: the deal of `game_seed(seed, i // players)` with the lineup turned by i % players
    (seat s plays the lineup's level (s + i) % players). Results are by seat. With `timings`, the
    seconds of every decision (the view and the choice, as a table asks) go to its level's list."""
    spec = GAMES[game]
    options = spec.options(expert=True) if expert else spec.options()
    seats = lineup(levels, players)
    out = []
    for index in indexes:
        turn = index % players
        ais = [spec.ais[seats[(s + turn) % players]] for s in range(players)]
        state = spec.deal(players, options, game_seed(seed, index // players), 0)
        clock = (
            [timings.setdefault(seats[(s + turn) % players], []) for s in range(players)]
            if timings is not None
            else None
        )
        while not state.is_over:
            seat = state.current
            if clock is None:
                state.apply(ais[seat](spec.view(state, seat)))
                continue
            started = time.perf_counter()
            action = ais[seat](spec.view(state, seat))
            clock[seat].append(time.perf_counter() - started)
            state.apply(action)
        summary = spec.summary(state)
        winners = tuple(s for s, seat in enumerate(summary.seats) if seat.won)
        scored = summary.seats[0].score is not None
        points = tuple(seat.score or 0 for seat in summary.seats) if scored else ()
        deals = len(state.deals) if scored else 0
        left = summary.measure if spec.cooperative else 0
        out.append((winners, points, deals, tuple(seat.laid for seat in summary.seats), left))
    return out


def _level_chunk(args: tuple[str, int, list[str], int, int, int, bool]) -> list[LevelGame]:
    game, players, levels, seed, start, stop, expert = args
    return play_level_games(game, players, levels, seed, range(start, stop), expert)


@dataclass
class LevelResult:
    level: str
    seats: int  # seats of this level at every table
    fair_share: float
    win_share: float  # contests: the share of all games this level's seats won (a shared win split)
    win_share_ci95: tuple[float, float]
    points_per_deal: float | None  # Red and Black: per seat of this level
    laid_per_seat: float | None  # The Game: cards laid per seat of this level


@dataclass
class LevelSummary:
    game: str
    players: int
    expert: bool
    ai: list[str]  # the lineup: levels of seats 0.. before rotation
    seed: int
    games: int
    levels: list[LevelResult]
    no_winner: float
    team_wins: int | None  # The Game: games the table won together
    team_win_rate_ci95: tuple[float, float] | None
    mean_cards_left: float | None
    games_per_second: float


def simulate_levels(
    game: str,
    players: int,
    levels: list[str],
    games: int,
    seed: int = 0,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
    expert: bool = False,
) -> LevelSummary:
    """Any game with AI seats at the given levels (filling the seats in turn), seats rotated."""
    spec = GAMES[game]
    chunk = CHUNKS.get(game, CHUNK)
    tasks = [(game, players, levels, seed, s, min(s + chunk, games), expert) for s in range(0, games, chunk)]
    started = time.perf_counter()
    played: list[LevelGame] = _run(_level_chunk, tasks, games, jobs, progress)
    elapsed = time.perf_counter() - started
    seats = lineup(levels, players)
    wins: dict[str, float] = dict.fromkeys(seats, 0.0)
    points: dict[str, int] = dict.fromkeys(seats, 0)
    seat_deals: dict[str, int] = dict.fromkeys(seats, 0)
    laid: dict[str, int] = dict.fromkeys(seats, 0)
    for index, (winners, scores, deals, laid_by, _) in enumerate(played):
        turn = index % players
        level_of = [seats[(s + turn) % players] for s in range(players)]
        if not spec.cooperative:
            for seat in winners:
                wins[level_of[seat]] += 1 / len(winners)
        for seat, score in enumerate(scores):
            points[level_of[seat]] += score
            seat_deals[level_of[seat]] += deals
        for seat, cards in enumerate(laid_by):
            laid[level_of[seat]] += cards
    results = []
    for level in dict.fromkeys(seats):
        count = seats.count(level)
        results.append(
            LevelResult(
                level=level,
                seats=count,
                fair_share=count / players,
                win_share=wins[level] / games,
                win_share_ci95=wilson(wins[level], games),  # type: ignore[arg-type]
                points_per_deal=points[level] / seat_deals[level] if seat_deals[level] else None,
                laid_per_seat=laid[level] / (count * games) if spec.cooperative else None,
            )
        )
    team = sum(1 for g in played if g[0]) if spec.cooperative else None
    return LevelSummary(
        game=game,
        players=players,
        expert=expert,
        ai=seats,
        seed=seed,
        games=games,
        levels=results,
        no_winner=0.0 if spec.cooperative else sum(1 for g in played if not g[0]) / games,
        team_wins=team,
        team_win_rate_ci95=wilson(team, games) if team is not None else None,
        mean_cards_left=sum(g[4] for g in played) / games if spec.cooperative else None,
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


def _levels(ai: str) -> list[str] | None:
    """The levels of `--ai easy,normal,...`, or None if it is not a list of levels."""
    levels = [part.strip() for part in ai.split(",")]
    return levels if all(level in LEVELS for level in levels) else None


def _refusal(
    game: str, players: int | None, games: int, expert: bool, jobs: int, ai: str | None
) -> str | None:
    """What is wrong with the command line, if anything."""
    if game not in GAMES:
        return f"unknown game {game!r}; choose from {', '.join(GAMES)}"
    spec = GAMES[game]
    if players is not None and not spec.min_players <= players <= spec.max_players:
        low, high = spec.min_players, spec.max_players
        return f"--players must be {low}" if low == high else f"--players must be {low}..{high}"
    if games < 1 or jobs < 1:
        return "--games and --jobs must be at least 1"
    # The co-operative game's own simulator knows its AIs by their old names too.
    ais = AIS if spec.cooperative else CONTEST_AIS
    if ai is not None and ai not in ais and not _levels(ai):
        return (
            f"unknown AI {ai!r} for {game}; choose levels from {', '.join(LEVELS)} "
            f"(comma-separated, one per seat in turn), or {' or '.join(ais)}"
        )
    if expert and "expert" not in spec.options.model_fields:
        having = [g.title for g in GAMES.values() if "expert" in g.options.model_fields]
        return f"--expert is a rule of {' and '.join(having)} only"
    return None


def simulate_main(
    game: str,
    players: int | None,
    games: int,
    seed: int,
    expert: bool,
    jobs: int,
    ai: str | None,
    as_json: bool,
) -> int:
    """The ``simulate`` command; ``players`` and ``ai`` default to the game's fewest seats and first AI."""
    problem = _refusal(game, players, games, expert, jobs, ai)
    if problem:
        print(f"simulate: {problem}", file=sys.stderr)
        return 2
    players = players or GAMES[game].min_players
    jobs = min(jobs, os.cpu_count() or 1, max(1, -(-games // CHUNKS.get(game, CHUNK))))
    progress = progress_bar(sys.stderr) if sys.stderr.isatty() else None
    levels = _levels(ai) if ai is not None else None
    if levels is not None:
        summary = simulate_levels(game, players, levels, games, seed, jobs, progress, expert)
        return _report_levels(summary, as_json)
    if not GAMES[game].cooperative:
        return _report_contest(simulate_game(game, players, games, seed, jobs, progress), as_json)
    ai = ai or AIS[0]
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


def _report_contest(summary: ContestSummary, as_json: bool) -> int:
    if as_json:
        print(json.dumps(asdict(summary)))
        return 0
    print(f"{summary.game}, {summary.players} players, AI {summary.ai}")
    print(f"games: {summary.games} (seed {summary.seed}); seat 0 starts the game")
    for seat, share in enumerate(summary.win_share):
        points = summary.points_per_deal
        extra = f", {points[seat]:.1f} points per deal" if points is not None else ""
        print(f"seat {seat}: {100 * share:.2f} % of the wins{extra}")
    if summary.no_winner:
        print(f"no winner: {100 * summary.no_winner:.2f} %")
    print(f"speed: {summary.games_per_second:.0f} games/s")
    return 0


def _report_levels(summary: LevelSummary, as_json: bool) -> int:
    if as_json:
        print(json.dumps(asdict(summary)))
        return 0
    players = summary.players
    expert = ", expert" if summary.expert else ""
    print(f"{summary.game}, {players} player{'s' if players > 1 else ''}{expert}, AI {', '.join(summary.ai)}")
    print(f"games: {summary.games} (seed {summary.seed}); seats rotated, each deal played in every rotation")
    if summary.team_wins is not None and summary.team_win_rate_ci95 is not None:
        low, high = summary.team_win_rate_ci95
        rate = summary.team_wins / summary.games
        interval = f"95 % interval {100 * low:.2f} to {100 * high:.2f} %"
        print(f"won together: {summary.team_wins} = {100 * rate:.2f} % ({interval})")
        print(f"mean cards left: {summary.mean_cards_left:.2f}")
    for r in summary.levels:
        seats = f"{r.seats} seat{'s' if r.seats > 1 else ''}"
        if r.laid_per_seat is not None:
            print(f"{r.level}: {seats}, {r.laid_per_seat:.1f} cards laid per seat")
            continue
        low, high = r.win_share_ci95
        extra = f", {r.points_per_deal:.1f} points per deal" if r.points_per_deal is not None else ""
        print(
            f"{r.level}: {seats}, won {100 * r.win_share:.2f} % (95 % interval {100 * low:.2f} to "
            f"{100 * high:.2f} %; fair share {100 * r.fair_share:.1f} %){extra}"
        )
    if summary.no_winner:
        print(f"no winner: {100 * summary.no_winner:.2f} %")
    print(f"speed: {summary.games_per_second:.1f} games/s")
    return 0
