"""``python -m bot play``: from the command line's words to a local table, checked before it starts."""

from __future__ import annotations

import argparse
import random
import sys
from typing import TextIO

from pydantic import ValidationError

from bot.ai import LEVELS
from bot.catalog import GAMES
from bot.local.games import TERMINALS
from bot.local.loop import LocalTable, play_main


def play_command(
    args: argparse.Namespace,
    stdin: TextIO = sys.stdin,
    stdout: TextIO = sys.stdout,
    stderr: TextIO = sys.stderr,
) -> int:
    """Exit 2 with one line on ``stderr`` for seats or options the game does not take."""
    spec, terminal = GAMES[args.game], TERMINALS[args.game]
    if args.seats is None:
        seats = list(terminal.default_seats)
    else:
        seats = [s.strip() for s in args.seats.split(",") if s.strip()]
    low, high = spec.min_players, spec.max_players
    if not low <= len(seats) <= high:
        need = f"{low}" if low == high else f"{low} to {high}"
        print(f"play: {spec.title} takes {need} seats, not {len(seats)}", file=stderr)
        return 2
    levels = [level.strip() for level in args.ai.split(",")] if args.ai else None
    if levels is not None and any(level not in LEVELS for level in levels):
        print(f"play: --ai takes levels from {', '.join(LEVELS)}, e.g. 'hard' or 'hard,easy'", file=stderr)
        return 2
    if not 1 <= args.first <= len(seats):
        print(f"play: --first must be a seat 1..{len(seats)}", file=stderr)
        return 2
    try:
        options = terminal.options(args, len(seats))
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors())
        print(f"play: bad option: {problems}", file=stderr)
        return 2
    except ValueError as exc:
        print(f"play: bad option: {exc}", file=stderr)
        return 2
    seed = args.seed if args.seed is not None else random.SystemRandom().getrandbits(63)
    # With --save -, standard output carries the record alone, ready for a pipe into `replay -`.
    talk = stderr if args.save == "-" else stdout
    table = LocalTable(
        args.game,
        seats,
        options,
        seed=seed,
        first_player=args.first - 1,
        stdin=stdin,
        stdout=talk,
        ai_levels=levels,
    )
    return play_main(table, save=args.save, ask_to_save=stdin.isatty, record_out=stdout)
