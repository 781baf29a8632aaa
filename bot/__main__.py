"""The command line: run the bot, play a local table, replay a record, simulate, check chat messages."""

from __future__ import annotations

import argparse
import logging
import sys

from pydantic import ValidationError


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="deckhand", description="Deckhand, a Discord bot for card games.")
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("run", help="start the Discord bot (the default)")

    play = sub.add_parser("play", help="play a game at a local table in this terminal")
    play.add_argument(
        "--game",
        default="the-game",
        choices=("the-game", "skip-bo-junior", "red-and-black"),
        help="which game (default: the-game)",
    )
    play.add_argument(
        "--seats",
        help="comma-separated seats: a name (a person, hot seat) or 'ai', e.g. 'ann,ai,bob' (default: "
        "you alone in The Game, you and an AI in Skip-Bo Junior, you and three AIs in Red and Black)",
    )
    play.add_argument("--expert", action="store_true", help="at least 3 cards a turn")
    play.add_argument("--smaller-hands", action="store_true", help="one card fewer in every hand")
    play.add_argument("--hand-size", type=int, help="cards per hand, 1..8")
    play.add_argument("--min-cards", type=int, help="minimum cards per turn while the draw pile lasts, 1..4")
    play.add_argument("--stockpile", type=int, help="Skip-Bo Junior: stockpile size, 5..20 (default 10)")
    play.add_argument("--may-stop", action="store_true", help="Skip-Bo Junior: a player may end a turn early")
    play.add_argument("--to-300", action="store_true", help="Red and Black: play to 300 instead of 8 deals")
    play.add_argument(
        "--ai",
        metavar="LEVEL[,LEVEL...]",
        help="how the AI seats play: easy, normal (the default) or hard; several levels go to the AI "
        "seats in turn, e.g. 'hard,easy'",
    )
    play.add_argument("--seed", type=int, help="shuffle seed (default: random)")
    play.add_argument("--first", type=int, default=1, help="seat that starts, 1-based (default 1)")
    play.add_argument(
        "--save",
        metavar="PATH",
        help="save the game record to PATH at the end; - prints it on standard output "
        "(the table then talks on standard error)",
    )

    replay = sub.add_parser("replay", help="replay a game record and print the resulting state as JSON")
    replay.add_argument("record", help="path to a record (JSON), or - for standard input")

    sim = sub.add_parser("simulate", help="play many games with AI seats and report how the AI does")
    sim.add_argument("--game", default="the-game", help="the-game (default), skip-bo-junior or red-and-black")
    sim.add_argument(
        "--players",
        type=int,
        help="seats, all AI: The Game 1..5 (default 1), Skip-Bo Junior 2..4 (default 2), Red and Black 4",
    )
    sim.add_argument("--games", type=int, default=1000, help="how many games")
    sim.add_argument("--seed", type=int, default=0, help="seed of the run; game i is dealt from (seed, i)")
    sim.add_argument("--expert", action="store_true", help="The Game's expert rules: at least 3 cards a turn")
    sim.add_argument("--jobs", type=int, default=1, help="worker processes (the result does not change)")
    sim.add_argument(
        "--ai",
        metavar="LEVEL[,LEVEL...]",
        help="AI levels (easy, normal, hard) that fill the seats in turn, seats rotated, e.g. "
        "'hard,normal': each level's share of the wins with its 95 %% interval. Without it: The Game "
        "plays with planner (default) or baseline, the other games with their baseline (normal)",
    )
    sim.add_argument("--json", action="store_true", help="print one JSON object instead of text")

    daily = sub.add_parser(
        "daily",
        help="the deal of the day: the AI team's par and the record of its game (for python -m bot replay)",
    )
    daily.add_argument("--date", required=True, help="the day, YYYY-MM-DD (UTC)")
    daily.add_argument("--players", type=int, required=True, help="seats, 1..5")
    daily.add_argument("--expert", action="store_true", help="the expert rules: at least 3 cards a turn")
    daily.add_argument("--json", action="store_true", help="print one JSON object instead of text")

    move = sub.add_parser(
        "migrate-store",
        help="copy a SQLite database into an empty PostgreSQL database (for several shard processes)",
    )
    move.add_argument(
        "source", metavar="FROM", help="the SQLite database: sqlite:///data/deckhand.sqlite3 or a path"
    )
    move.add_argument(
        "target", metavar="TO", help="the PostgreSQL database: postgresql://user:password@host/db"
    )

    check = sub.add_parser(
        "check-message",
        help="read chat messages from standard input, one per line; write one JSON verdict per line",
    )
    check.add_argument(
        "--lang",
        default="en,de,fr,es",
        help="comma-separated languages for number words (default: en,de,fr,es)",
    )
    return parser


def _play(args: argparse.Namespace) -> int:
    from bot.local.command import play_command

    return play_command(args)


def _run() -> int:
    from bot.config import NO_TOKEN_HELP, Settings

    try:
        settings = Settings()
    except ValidationError as exc:
        print(f"deckhand: bad configuration: {exc}", file=sys.stderr)
        return 2
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if settings.discord_token is None:
        print(NO_TOKEN_HELP, file=sys.stderr)
        return 2
    from bot.app import run_bot

    return run_bot(settings)


def _migrate_store(source: str, target: str) -> int:
    import asyncio

    from bot.store.migrate import Refused, migrate_store

    try:
        counts = asyncio.run(migrate_store(source, target))
    except Refused as exc:
        print(f"migrate-store: refused, nothing was changed: {exc}", file=sys.stderr)
        return 1
    for table, rows in counts.items():
        print(f"{table:>20}: {rows:,} rows")
    print(f"copied {sum(counts.values()):,} rows; start the bot with DATABASE_URL set to the new database")
    return 0


def _daily(day: str, players: int, expert: bool, as_json: bool) -> int:
    import json

    from bot.daily import DealKey, parse_day, play_par, seed_of

    try:
        key = DealKey(parse_day(day), players, expert)
    except ValueError as exc:
        print(f"daily: {exc}", file=sys.stderr)
        return 2
    par = play_par(key)
    if as_json:
        out = {
            "date": key.day,
            "players": key.players,
            "expert": key.expert,
            "seed": seed_of(key),
            "par": par.cards_left,
            "turns": par.turns,
            "record": par.record,
        }
        print(json.dumps(out))
        return 0
    print(f"{key.describe().capitalize()}: the AI team leaves {par.cards_left} cards in {par.turns} turns.")
    print(f"seed {seed_of(key)}; the record of its game (check it with python -m bot replay -):")
    print(json.dumps(par.record))
    return 0


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.command == "daily":
        return _daily(args.date, args.players, args.expert, args.json)
    if args.command == "migrate-store":
        return _migrate_store(args.source, args.target)
    if args.command == "play":
        return _play(args)
    if args.command == "simulate":
        from bot.simulate import simulate_main

        return simulate_main(
            args.game, args.players, args.games, args.seed, args.expert, args.jobs, args.ai, args.json
        )
    if args.command == "check-message":
        from bot.chatfilter.cli import check_main

        return check_main(args.lang, sys.stdin.buffer, sys.stdout.buffer)
    if args.command == "replay":
        from bot.records import replay_main

        return replay_main(args.record)
    return _run()


if __name__ == "__main__":
    sys.exit(main())
