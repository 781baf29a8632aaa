"""The deal of the day in The Game: one deck per UTC date, player count and rule set, for every
server and every process, and the par the planning AI leaves on it.

The deck comes from a seed that anyone can work out again (docs/records.md, "The deal of the
day"): the first 8 bytes of SHA-256 of ``deckhand-daily:YYYY-MM-DD:PLAYERS:basic|expert``, read
big-endian and halved (so it fits a signed 64-bit column), shuffled as any seed is. Seat 0 moves
first. The par is the cards the planner leaves when it plays every seat, each seat deciding from
its own view (the others' cards stay hidden; the seats talk through pile signals only).

`DailyPars` keeps the pars: read from the store, or worked out once off the event loop (a worker
process by default) and stored, so no table ever waits on one.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import multiprocessing
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any

from bot.ai.thegame import play_turn
from bot.games import thegame
from bot.games.thegame import TheGameOptions, TheGameState, new_game

log = logging.getLogger(__name__)

PREFIX = "deckhand-daily"
FIRST_PLAYER = 0


def rules_name(expert: bool) -> str:
    return "expert" if expert else "basic"


def parse_day(text: str) -> str:
    """A date as YYYY-MM-DD (ValueError with a clear message otherwise)."""
    try:
        day = date.fromisoformat(text) if len(text) == 10 else None
    except ValueError:
        day = None
    if day is None:
        raise ValueError(f"{text!r} is not a date; write it as YYYY-MM-DD, e.g. 2026-03-14")
    return day.isoformat()


def day_of(moment: datetime) -> str:
    """The UTC date of a moment, the day whose deal a table gets."""
    return moment.astimezone(UTC).date().isoformat()


@dataclass(frozen=True, slots=True)
class DealKey:
    """Which deal of the day: the date (UTC), the player count and the rule set."""

    day: str
    players: int
    expert: bool

    def __post_init__(self) -> None:
        parse_day(self.day)
        if not thegame.MIN_PLAYERS <= self.players <= thegame.MAX_PLAYERS:
            raise ValueError(f"the deal of the day is for 1 to 5 players, not {self.players}")

    @property
    def rules(self) -> str:
        return rules_name(self.expert)

    def describe(self) -> str:
        seats = "1 player" if self.players == 1 else f"{self.players} players"
        return f"the deal of {self.day} for {seats}, {self.rules} rules"


def seed_of(key: DealKey) -> int:
    """The deal's seed: stable across versions, machines and processes (docs/records.md)."""
    text = f"{PREFIX}:{key.day}:{key.players}:{key.rules}"
    return int.from_bytes(hashlib.sha256(text.encode("ascii")).digest()[:8], "big") >> 1


GAME = thegame.NAME  # the game whose deals are dealt by the day
FIXED = ("smaller_hands", "hand_size", "minimum")  # /game new options a daily deal keeps as usual


def command_options(expert: bool) -> TheGameOptions:
    """The options of a daily table: only the rule set (basic or expert) is chosen."""
    return TheGameOptions(expert=expert)


def options_of(key: DealKey) -> TheGameOptions:
    """A deal of the day is played with the usual hands and minimum of its rule set."""
    return TheGameOptions(expert=key.expert)


def deal(key: DealKey) -> TheGameState:
    return new_game(key.players, options_of(key), seed=seed_of(key), first_player=FIRST_PLAYER)


@dataclass(frozen=True, slots=True)
class Par:
    """What the AI team leaves on a deal, and the record of its game (replayable)."""

    key: DealKey
    cards_left: int
    turns: int
    record: dict[str, Any]


def play_par(key: DealKey) -> Par:
    """The planning AI plays every seat of the deal, each seat from its own view."""
    state = deal(key)
    while not state.is_over:
        play_turn(state)
    record = {**state.to_record(), "daily": key.day}
    return Par(key, state.cards_left, state.turn, record)


def _spawned_pool() -> Executor:
    # A process of its own: a par takes up to a second of CPU, which a thread would take from the
    # event loop (the GIL). Spawned, not forked: the bot's threads and sockets stay behind.
    return ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))


class DailyPars:
    """The pars of the deals of the day: from the store, or worked out once and stored.

    `ensure` starts the work in the background (once per deal in this process) and returns at
    once; `wait` gives the par when it is known within a time limit, else None."""

    def __init__(
        self,
        store: Any,
        *,
        compute: Callable[[DealKey], Par] = play_par,
        executor: Callable[[], Executor] = _spawned_pool,
    ) -> None:
        self.store = store
        self.compute = compute
        self._make_executor = executor
        self._executor: Executor | None = None
        self._work: dict[DealKey, asyncio.Task[Par | None]] = {}
        self._known: dict[DealKey, Par] = {}

    def use(self, compute: Callable[[DealKey], Par], executor: Callable[[], Executor]) -> None:
        """Work pars out otherwise (tests: a thread and a cache)."""
        self.compute, self._make_executor = compute, executor

    async def stored(self, key: DealKey) -> Par | None:
        known = self._known.get(key)
        if known is not None:
            return known
        row = await self.store.daily_par(key.day, key.players, key.expert)
        if row is None:
            return None
        par = Par(key, row["par"], row["turns"], json.loads(row["record"]))
        self._known[key] = par
        return par

    def ensure(self, key: DealKey) -> asyncio.Task[Par | None]:
        task = self._work.get(key)
        if task is None or (task.done() and (task.cancelled() or task.exception() or task.result() is None)):
            task = asyncio.get_running_loop().create_task(self._obtain(key), name=f"par {key}")
            self._work[key] = task
        return task

    async def _obtain(self, key: DealKey) -> Par | None:
        try:
            par = await self.stored(key)
            if par is not None:
                return par
            if self._executor is None:
                self._executor = self._make_executor()
            loop = asyncio.get_running_loop()
            par = await loop.run_in_executor(self._executor, self.compute, key)
            await self.store.save_daily_par(
                key.day,
                key.players,
                key.expert,
                par.cards_left,
                par.turns,
                json.dumps(par.record, separators=(",", ":")),
                datetime.now(UTC).isoformat(),
            )
            self._known[key] = par
            return par
        except Exception:
            log.exception("could not work out the par of %s", key.describe())
            return None

    async def wait(self, key: DealKey, timeout: float) -> Par | None:
        """The par, worked out if need be, or None when it is not known within `timeout` seconds."""
        task = self.ensure(key)
        try:
            return await asyncio.wait_for(asyncio.shield(task), timeout)
        except TimeoutError:
            return None

    def close(self) -> None:
        for task in self._work.values():
            task.cancel()
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
