"""The table service: one table per channel, from lobby to final result. It knows no Discord.

A table holds seats (people and AI seats), options, the running game and a version number that
every button carries. Every change goes through the table's lock, is checked against the rules
engine, and is committed to the store before the caller learns that it was accepted. If the
store fails, the table is rebuilt from its log and the caller is told that nothing changed.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import re
import secrets
from collections.abc import Awaitable, Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from bot import snapshots, workers
from bot.ai import DEFAULT_LEVEL, LEVELS
from bot.catalog import GAMES, GameSpec, ai_decision
from bot.daily import DailyPars, DealKey, day_of, seed_of
from bot.games import thegame
from bot.games.base import IllegalAction, Player, Status
from bot.i18n import N_, Sentence, Text, _, ngettext
from bot.store import Store, StoredTable, StoreError
from bot.store.base import Held, Leftover, NotOwner, Snapshot

log = logging.getLogger(__name__)

LOBBY = "lobby"
PLAYING = "playing"
FINISHED = "finished"
CANCELLED = "cancelled"

LOBBY_IDLE = timedelta(minutes=30)
# Tables (lobbies and running games) one member may host on a server at once (moderators are not
# held to it): enough for a host who plays in a few channels, too few to fill a server's channels
# with lobbies and boards. MAX_LISTED of them are named in the refusal.
MAX_TABLES_PER_HOST = 3
MAX_LISTED = 5
DEFAULT_TURN_TIMER = 600
# A running game's state is kept as a snapshot once this many events were logged after the last one
# (at most SNAPSHOTS_PER_TICK tables a tick), and every game's at a clean stop: a restart then
# replays only the events after it.
SNAPSHOT_EVERY = 40
SNAPSHOTS_PER_TICK = 500
# The AI seats' process (one for every table of the bot's process; started by the first decision),
# and how long a decision may take there before the seat decides in the bot's process instead.
AI_PROCESS = workers.Worker("ai-seat")
AI_TIMEOUT = 10.0
SAVE_FAILED = N_("I could not save that, so nothing changed. Please try again in a moment.")
# The name the bot gives the AI seats it adds, as stored; shown in the reader's language.
AI_NAME = N_("AI {number}")
_AI_NAMED = re.compile(r"AI (\d+)")
# The end of a game as a refusal names it (the engines give a Status).
STATUS_NAMES = {
    Status.IN_PROGRESS: N_("in progress"),
    Status.WON: N_("won"),
    Status.LOST: N_("lost"),
    Status.ABANDONED: N_("abandoned"),
    Status.STALLED: N_("stalled"),
    Status.FINISHED: N_("finished"),
}


class TableError(Exception):
    """Something a user asked for that cannot be done; the message is for that user alone.

    The message is a message id (marked with ``N_()``) and its values, or a Text; ``said()`` gives
    it in the current language (the reader's), ``message`` and ``str()`` in English, for logs."""

    def __init__(self, message: str | Text, /, **values: Any) -> None:
        self.text = message if isinstance(message, Text) else Text(message, **values)
        self.message = self.text.english()
        super().__init__(self.message)

    def said(self) -> str:
        return self.text.said()


class StaleView(TableError):
    """A button drawn for an older state of the table was clicked; nothing was applied."""

    def __init__(self, table: Table) -> None:
        super().__init__(N_("The table changed since this was drawn, so nothing was played."))
        self.table = table


@dataclass
class Seat:
    user_id: int | None
    name: str
    ai: bool = False
    level: str = DEFAULT_LEVEL  # how strong the AI plays this seat, when it does

    @property
    def shown(self) -> str:
        """The seat's name as people read it: an AI seat the bot named ("AI 2") in the current
        language ("KI 2"); a person's name, or their seat handed to the AI, as it is."""
        named = _AI_NAMED.fullmatch(self.name) if self.ai and self.user_id is None else None
        return _(AI_NAME).format(number=named.group(1)) if named else self.name

    def row(self) -> dict[str, Any]:
        return {
            "user_id": self.user_id,
            "name": self.name,
            "ai": self.ai,
            "level": self.level if self.ai else None,
        }


@dataclass(eq=False)
class Table:
    id: int
    guild_id: int
    channel_id: int
    host_id: int
    options: BaseModel  # the game's options model
    seats: list[Seat]
    created_at: datetime
    updated_at: datetime
    status: str = LOBBY
    game: str = thegame.NAME
    seed: int | None = None
    first_player: int = 0
    turn_timer: int = DEFAULT_TURN_TIMER
    started_at: datetime | None = None
    finished_at: datetime | None = None
    state: Any = None  # the game's state, once dealt
    version: int = 0
    # The version of the last action that changed the cards (signals do not): a button drawn at
    # or after it is still current.
    rule_version: int = 0
    meta: dict[str, Any] = field(default_factory=dict)
    ended_by: int | None = None
    snapshot_version: int = 0  # the version of its last snapshot in the store (0: none)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock, repr=False)

    @property
    def spec(self) -> GameSpec:
        return GAMES[self.game]

    def seat_of(self, user_id: int) -> int | None:
        """The seat a person holds, or None. A seat handed to the AI still answers to its person."""
        for i, seat in enumerate(self.seats):
            if seat.user_id == user_id and not (self.state is not None and self.state.left[i]):
                return i
        return None

    def was_seated(self, user_id: int) -> bool:
        return any(s.user_id == user_id for s in self.seats)

    @property
    def current_seat(self) -> int | None:
        if self.state is None or self.state.is_over:
            return None
        return self.state.current

    def name(self, seat: int) -> str:
        """The seat's name as shown, in the current language (see Seat.shown)."""
        return self.seats[seat].shown

    def people(self) -> list[int]:
        """User ids of seated people still in the game (not handed to the AI, not left)."""
        out = []
        for i, s in enumerate(self.seats):
            if s.user_id is not None and not s.ai and not (self.state is not None and self.state.left[i]):
                out.append(s.user_id)
        return out

    def turn_started(self) -> datetime | None:
        raw = self.meta.get("turn_started")
        return datetime.fromisoformat(raw) if raw else None

    def turn_deadline(self) -> datetime | None:
        started = self.turn_started()
        if started is None or not self.turn_timer:
            return None
        return started + timedelta(seconds=self.turn_timer)

    @property
    def daily(self) -> bool:
        """Whether the table plays the deal of the day (its lobby was opened for it)."""
        return bool(self.meta.get("daily"))

    @property
    def daily_key(self) -> DealKey | None:
        """Which deal of the day the table was dealt, once it was dealt."""
        day = self.meta.get("daily_day")
        if not day:
            return None
        return DealKey(day, len(self.seats), bool(getattr(self.options, "expert", False)))

    def record(self) -> dict[str, Any]:
        """The game as a record (docs/records.md): what ``python -m bot replay`` reads."""
        assert self.state is not None
        record = self.state.to_record()
        key = self.daily_key
        return record if key is None else {**record, "daily": key.day}


def _deal_named(key: DealKey) -> str:
    """A deal of the day as a refusal names it, in the current language (DealKey.describe in English)."""
    rules = _("expert rules") if key.expert else _("basic rules")
    return ngettext(
        "the deal of {day} for {n} player, {rules}", "the deal of {day} for {n} players, {rules}", key.players
    ).format(day=key.day, n=key.players, rules=rules)


def _full(table: Table) -> TableError:
    seats = table.spec.max_players
    return TableError(
        Text.ngettext("The table is full ({n} seat).", "The table is full ({n} seats).", seats, n=seats)
    )


def _seat_name(table: Table, seat: int) -> Callable[[], str]:
    """A seat's name, said when the message is (an AI seat's in the reader's language)."""
    return functools.partial(Table.name, table, seat)


def _shown(table: Table, value: Any) -> Any:
    """A value of an engine's refusal as the reader gets it: a seat by its name, a status in words."""
    if isinstance(value, Player):
        return _seat_name(table, value.seat)
    if isinstance(value, Status):
        return Text(STATUS_NAMES[value])
    return value


@dataclass
class Outcome:
    """What an accepted action changed, so the caller knows what to show."""

    table: Table
    turn_changed: bool = False
    game_over: bool = False
    # What the caller's `meanwhile` drew of the table as the action left it, while its write was in
    # flight (see TableService.act); None if it was not drawn, or the table is not as drawn.
    drawn: Any = None


@dataclass(frozen=True)
class SetAside:
    """An open table whose log could not be replayed at start-up: kept in the store, not loaded."""

    table_id: int
    guild_id: int
    channel_id: int
    reason: str


@dataclass(frozen=True)
class DailyStanding:
    """How a finished daily table did: its cards left beside the AI's par (None while unknown), and
    its place among every table that played the deal so far (None when its result is not in)."""

    key: DealKey
    cards_left: int
    par: int | None
    rank: int | None
    tables: int


@dataclass
class TimerEvent:
    table: Table
    kind: str  # "lobby_expired", "reminder", "timeout" or "abandoned" (nobody left to play)


def first_seat(table: Table) -> int | None:
    """The seat chosen to go first in a lobby; None for a random seat. The host's seat when nobody
    chose, or when the chosen person has left the lobby."""
    chosen = table.meta.get("first")
    if chosen == "random":
        return None
    seat = table.seat_of(chosen) if isinstance(chosen, int) else None
    return seat if seat is not None else (table.seat_of(table.host_id) or 0)


# Per game: an action of a click in its record form when it plainly is one, without building a
# model (None: the game's action model validates it). See thegame.record_of.
_RECORDS: dict[str, Callable[[dict[str, Any], int], dict[str, Any] | None]] = {
    thegame.NAME: thegame.record_of
}


class _SnapshotUnfit(Exception):
    """A stored snapshot cannot be used: the table is read again from its whole log."""


@functools.cache
def _state_class(game: str) -> type:
    spec = GAMES[game]
    return type(spec.deal(spec.min_players, spec.options(), 1, 0))


def _rule_version(actions: list[dict[str, Any]], start: int, before: int) -> int:
    """The version of the last action that changed the cards, `actions` being events `start` on
    (`before`: that version as of `start`). Signals change no card, so buttons drawn before them
    are still current."""
    n = len(actions)
    while n and actions[n - 1]["type"] == "signal":
        n -= 1
    return start + n if n else before


T = TypeVar("T")


async def to_its_end(work: Awaitable[T]) -> tuple[asyncio.Future[T], bool]:
    """Wait for `work` (a write to the store, or a coroutine of them) to end, even through a
    cancellation of the waiting task: returns it ended, and whether the task was cancelled
    meanwhile, for the caller to raise once what it holds in memory matches what was written. A
    future is waited for as it is (no task of its own); a coroutine becomes a task. Should the work
    itself be cancelled (a task, at the event loop's shutdown), its result() raises CancelledError."""
    task = asyncio.current_task()
    before = task.cancelling() if task is not None else 0
    future = asyncio.ensure_future(work)
    while not future.done():
        try:
            # A store's write is Held (its waiter cannot cancel it); anything else is shielded
            # (a future and two callbacks more: about 8 µs, 7% of the plays a second of
            # bench/store.py; with asyncio.wait, a click waited 0.3 ms longer).
            await (future if isinstance(future, Held) else asyncio.shield(future))
        except asyncio.CancelledError:
            pass  # the waiting task's (the work goes on: counted below), or the work's own
        except Exception:
            if not future.done():
                raise
    return future, task is not None and task.cancelling() > before


def _draw_meanwhile(table: Table, seq: int, draw: Callable[[Table], Any], into: list[Any]) -> None:
    """`draw` the table as action `seq` leaves it, its write still in flight: the table shows the
    version that write gives it while it is drawn, and nothing else can run meanwhile. A fault of
    the drawing is logged and leaves nothing drawn: the caller draws again once the write is done."""
    if table.version != seq:  # not as the action left it (cannot happen under the table's lock)
        return
    table.version = seq + 1
    try:
        into.append(draw(table))
    except Exception:
        log.exception("table %s: could not draw the answer while its action was written", table.id)
    finally:
        table.version = seq


def _iso(moment: datetime) -> str:
    return (moment if moment.tzinfo is UTC else moment.astimezone(UTC)).isoformat()


def _parse(raw: str | None) -> datetime | None:
    return datetime.fromisoformat(raw) if raw else None


# The turn timer's keys in a table's meta (written with the action that starts a turn).
TIMER_KEYS = ("turn_started", "reminded", "expired", "notice_due")
# The keys of a table's meta that only the presentation writes (see TableService.meta_update).
MESSAGE_KEYS = (
    "board_msg",
    "board_posting",
    "board_first",
    "board_at",
    "board_version",
    "turn_msg",
    "notice_turn",
    "absent_msg",
    "lobby_msg",
    "stale_msgs",
    "reported",
)
_ABSENT = object()  # a meta key the table did not have (see _undo_of)


def _undo_of(meta: dict[str, Any], keys: Iterable[str]) -> dict[str, Any]:
    """What puts these keys of a meta back as they are now, a key it lacks included."""
    return {key: meta.get(key, _ABSENT) for key in keys}


def _undone(meta: dict[str, Any], undo: dict[str, Any]) -> dict[str, Any]:
    """The meta with the keys of `undo` put back (a key that was absent, removed)."""
    out = {**meta, **{key: value for key, value in undo.items() if value is not _ABSENT}}
    for key, value in undo.items():
        if value is _ABSENT:
            out.pop(key, None)
    return out


def _utcnow() -> datetime:
    return datetime.now(UTC)


class TableService:
    """All tables of the bot. Callers pass ids; the service owns locks, rules and the store."""

    def __init__(
        self,
        store: Store,
        *,
        clock: Callable[[], datetime] = _utcnow,
        turn_timer: int = DEFAULT_TURN_TIMER,
        lobby_idle: timedelta = LOBBY_IDLE,
    ) -> None:
        self.store = store
        self.clock = clock
        self.turn_timer = turn_timer
        self.lobby_idle = lobby_idle
        self._by_channel: dict[int, Table] = {}
        self._by_id: dict[int, Table] = {}
        self._opening: set[int] = set()
        self._opening_by: dict[tuple[int, int], int] = {}  # (guild, host) -> lobbies being opened
        # Where AI seats think when their process cannot (see _decide): a thread, so a long decision
        # does not hold the event loop up all at once.
        self._ai_thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ai-seat")
        self._closed = False  # close() was called: the bot is stopping
        # The AI's pars of the deals of the day, worked out in a process of their own.
        self.pars = DailyPars(store)
        self.set_aside: list[SetAside] = []
        self._pending_results: list[Table] = []  # finished, the result not written yet
        # Games whose last person left while the end could not be written: who left (see tick).
        self._abandon_due: dict[int, int] = {}
        # Finished games whose final report is still to be posted (found at start-up).
        self.unreported: list[Table] = []
        # Ended tables whose messages a failed delete left in the channel (found at start-up): only
        # their ids, channel and those messages are loaded (see _leftover_shell).
        self.leftovers: list[Table] = []

    def now(self) -> datetime:
        moment = self.clock()
        return moment if moment.tzinfo else moment.replace(tzinfo=UTC)

    # ---- finding tables ------------------------------------------------------------------

    def in_channel(self, channel_id: int) -> Table | None:
        return self._by_channel.get(channel_id)

    def by_id(self, table_id: int) -> Table | None:
        return self._by_id.get(table_id)

    def open_tables(self) -> list[Table]:
        return list(self._by_channel.values())

    def _require_channel(self, channel_id: int) -> Table:
        table = self._by_channel.get(channel_id)
        if table is None:
            raise TableError(N_("There is no table in this channel. Open one with `/game new`."))
        return table

    def _require_id(self, table_id: int) -> Table:
        table = self._by_id.get(table_id)
        if table is None:
            raise TableError(N_("That table is closed; its buttons no longer do anything."))
        return table

    # ---- start-up --------------------------------------------------------------------------

    async def load(self) -> list[Table]:
        """Rebuild every open table from the store (after a restart or a crash).

        A table whose log does not replay (damaged, or written by a program with other rules) is
        set aside: closed in the store with its log kept, and listed in ``set_aside`` so that its
        channel can be told. Every other table starts.
        """
        loaded = []
        try:
            await self.store.drop_snapshots(snapshots.engine_mark())
        except StoreError as exc:
            log.warning("could not drop old snapshots (%s); they are ignored", exc)
        for stored in await self.store.open_tables():
            try:
                table = self._from_stored(stored)
            except _SnapshotUnfit as unfit:
                log.warning(
                    "table %s: its snapshot is not used (%s); replaying its log", stored.row["id"], unfit
                )
                whole = await self.store.load_table(stored.row["id"])
                try:
                    if whole is None:
                        raise ValueError("it is gone from the store") from unfit
                    table = self._from_stored(whole)
                except Exception as exc:
                    await self._set_aside(whole or stored, exc)
                    continue
            except Exception as exc:
                await self._set_aside(stored, exc)
                continue
            self._by_channel[table.channel_id] = table
            self._by_id[table.id] = table
            loaded.append(table)
            if table.state is not None and table.state.is_over:
                # The deciding action was saved but the finish was not: finish it now, and show it.
                await self._finish(table)
                self.unreported.append(table)
        for stored in await self._finished_for("pending results", self.store.pending_results):
            try:
                self._pending_results.append(self._from_stored(stored))
            except Exception:
                log.exception(
                    "table %s: finished, but its log does not replay for its result", stored.row["id"]
                )
        for stored in await self._finished_for("final reports", self.store.unreported_tables):
            try:
                self.unreported.append(self._from_stored(stored))
            except Exception:
                log.exception(
                    "table %s: finished, but its log does not replay for the report", stored.row["id"]
                )
        reporting = {table.id for table in self.unreported}  # loaded whole: swept as themselves
        for left in await self._finished_for("messages left to delete", self.store.leftover_messages):
            if left.table_id not in reporting:
                self.leftovers.append(self._leftover_shell(left))
        log.info("loaded %d open tables; %d final reports to post", len(loaded), len(self.unreported))
        return loaded

    def _leftover_shell(self, left: Leftover) -> Table:
        """An ended table as far as deleting its leftover messages needs it: its ids and a meta
        holding only those messages, so that what meta_update saves of it is that list alone."""
        now = self.now()
        return Table(
            id=left.table_id,
            guild_id=left.guild_id,
            channel_id=left.channel_id,
            host_id=0,
            options=GAMES[thegame.NAME].options(),
            seats=[],
            created_at=now,
            updated_at=now,
            status=FINISHED,
            meta={"stale_msgs": list(left.message_ids)},
        )

    @staticmethod
    async def _finished_for(what: str, read: Callable[[], Awaitable[list[T]]]) -> list[T]:
        """Finished games with something left to do; none (and the reason logged) if they cannot
        be read, so that the open tables start all the same."""
        try:
            return await read()
        except Exception:
            log.exception("could not read the finished games' %s; they wait for the next start", what)
            return []

    async def _set_aside(self, stored: StoredTable, exc: Exception) -> None:
        row = stored.row
        reason = f"{type(exc).__name__}: {exc}"
        log.error(
            "table %s in channel %s cannot be restored and is set aside: %s",
            row["id"],
            row["channel_id"],
            reason,
        )
        kept = row.get("meta")
        meta = {**(kept if isinstance(kept, dict) else {}), "set_aside": reason}
        try:
            await self.store.update_table(row["id"], status=CANCELLED, meta=meta, updated_at=_iso(self.now()))
        except StoreError as write_error:
            log.error("table %s: could not mark it set aside: %s", row["id"], write_error)
        self.set_aside.append(SetAside(row["id"], row["guild_id"], row["channel_id"], reason))

    def _from_stored(self, stored: StoredTable) -> Table:
        if stored.damage is not None:
            raise ValueError(stored.damage)
        row = stored.row
        table = Table(
            id=row["id"],
            guild_id=row["guild_id"],
            channel_id=row["channel_id"],
            host_id=row["host_id"],
            options=GAMES[row["game"]].options.model_validate(row["options"]),
            seats=[
                Seat(s["user_id"], s["name"], bool(s["ai"]), s.get("level") or DEFAULT_LEVEL)
                for s in stored.seats
            ],
            created_at=datetime.fromisoformat(row["created_at"]),
            updated_at=datetime.fromisoformat(row["updated_at"]),
            status=row["status"],
            game=row["game"],
            seed=row["seed"],
            first_player=row["first_player"],
            turn_timer=row["turn_timer"],
            started_at=_parse(row["started_at"]),
            finished_at=_parse(row["finished_at"]),
            meta=row["meta"] or {},
        )
        if table.status != LOBBY:
            if stored.snapshot is not None:
                self._restore(table, stored.snapshot, stored.actions)
            else:
                self._replay(table, stored.actions)
        return table

    def _restore(self, table: Table, snap: Snapshot, tail: list[dict[str, Any]]) -> None:
        """The state of a snapshot, then the events after it. _SnapshotUnfit if it does not fit."""
        if snap.engine != snapshots.engine_mark():
            raise _SnapshotUnfit("it was taken with other rules")
        try:
            state = snapshots.load(snap.state)
            fits = type(state) is _state_class(table.game) and state.players == len(table.seats)
        except Exception as exc:
            raise _SnapshotUnfit(f"it does not read ({type(exc).__name__}: {exc})") from exc
        if not fits:
            raise _SnapshotUnfit("it holds another game")
        try:
            for raw in tail:
                state.apply_record(raw)
        except Exception as exc:
            raise _SnapshotUnfit(f"the events after it do not apply ({exc})") from exc
        table.state = state
        table.version = snap.seq + len(tail)
        table.rule_version = _rule_version(tail, snap.seq, snap.rule_version)
        table.snapshot_version = snap.seq

    def _replay(self, table: Table, actions: list[dict[str, Any]]) -> None:
        """Deal again and apply the log. The log is the store's own: actions are not re-validated
        as models, but every rule is checked (IllegalAction if the log does not fit the deal)."""
        assert table.seed is not None
        state = table.spec.deal(len(table.seats), table.options, table.seed, table.first_player)
        apply = state.apply_record
        for raw in actions:
            apply(raw)
        table.state = state
        table.version = len(actions)
        table.rule_version = _rule_version(actions, 0, 0)

    async def save_snapshots(self, every: int = 1, limit: int | None = None) -> int:
        """Keep a snapshot of each running game logged `every` events or more past its last one (at
        most `limit` tables). A table in the middle of an action is left for later. How many."""
        mark = snapshots.engine_mark()
        taken: dict[int, Snapshot] = {}
        for table in list(self._by_id.values()):
            if limit is not None and len(taken) >= limit:
                break
            state = table.state
            if (
                table.status != PLAYING
                or state is None
                or state.is_over
                or table.lock.locked()
                or table.version - table.snapshot_version < every
            ):
                continue
            taken[table.id] = Snapshot(table.version, table.rule_version, mark, snapshots.dump(state))
        if not taken:
            return 0
        try:
            await self.store.save_snapshots(taken)
        except StoreError as exc:
            log.warning("could not save %d snapshots: %s", len(taken), exc)
            return 0
        for table_id, snap in taken.items():
            table = self._by_id.get(table_id)
            if table is not None:
                table.snapshot_version = max(table.snapshot_version, snap.seq)
        return len(taken)

    # ---- the lobby -------------------------------------------------------------------------

    async def open_lobby(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host_id: int,
        host_name: str,
        options: BaseModel,
        turn_timer: int | None = None,
        game: str = thegame.NAME,
        daily: bool = False,
        limited: bool = True,
    ) -> Table:
        """A new lobby in the channel, hosted by `host_id`. ``limited``: the host may host at most
        MAX_TABLES_PER_HOST tables on the server at once (False for a moderator)."""
        if daily and game != thegame.NAME:
            raise TableError(N_("The deal of the day is a deal of {title} only."), title=thegame.TITLE)
        if channel_id in self._by_channel or channel_id in self._opening:
            raise TableError(N_("A table is already open in this channel. Join it, or use another channel."))
        opener = (guild_id, host_id)
        if limited:
            hosted = self._hosted(guild_id, host_id)
            count = len(hosted) + self._opening_by.get(opener, 0)
            if count >= MAX_TABLES_PER_HOST:
                shown = [f"<#{c}>" for c in hosted[:MAX_LISTED]] + (["…"] if len(hosted) > MAX_LISTED else [])
                raise TableError(
                    N_(
                        "You host {count} open tables on this server already ({channels}). Finish or "
                        "cancel one of them before you open another."
                    ),
                    count=count,
                    channels=", ".join(shown) or "…",
                )
        self._opening.add(channel_id)
        self._opening_by[opener] = self._opening_by.get(opener, 0) + 1
        try:
            now = self.now()
            table = Table(
                id=0,
                guild_id=guild_id,
                channel_id=channel_id,
                host_id=host_id,
                options=options,
                seats=[Seat(host_id, host_name)],
                created_at=now,
                updated_at=now,
                game=game,
                turn_timer=self.turn_timer if turn_timer is None else turn_timer,
                meta={"daily": True} if daily else {},
            )
            try:
                table.id = await self.store.create_table(self._row(table), [s.row() for s in table.seats])
            except StoreError as exc:
                log.warning("could not open a table in channel %s: %s", channel_id, exc)
                raise TableError(SAVE_FAILED) from exc
            self._by_channel[channel_id] = table
            self._by_id[table.id] = table
            if daily:
                self._pars_ahead(table)
            return table
        finally:
            self._opening.discard(channel_id)
            left = self._opening_by.pop(opener) - 1
            if left:
                self._opening_by[opener] = left

    def _hosted(self, guild_id: int, host_id: int | None) -> list[int]:
        """Channels of the server's tables (lobbies and running games) that `host_id` hosts."""
        return sorted(
            t.channel_id
            for t in self._by_channel.values()
            if t.guild_id == guild_id and t.host_id == host_id and t.status in (LOBBY, PLAYING)
        )

    def _row(self, table: Table) -> dict[str, Any]:
        return {
            "guild_id": table.guild_id,
            "channel_id": table.channel_id,
            "game": table.game,
            "status": table.status,
            "host_id": table.host_id,
            "options": table.options.model_dump(),
            "seed": table.seed,
            "first_player": table.first_player,
            "turn_timer": table.turn_timer,
            "meta": table.meta,
            "created_at": _iso(table.created_at),
            "started_at": _iso(table.started_at) if table.started_at else None,
            "updated_at": _iso(table.updated_at),
            "finished_at": _iso(table.finished_at) if table.finished_at else None,
        }

    def _lobby(self, table_id: int) -> Table:
        table = self._require_id(table_id)
        if table.status != LOBBY:
            raise TableError(N_("The game has already started; the lobby is closed."))
        return table

    async def _save_seats(self, table: Table, seats: list[Seat], **changes: Any) -> None:
        """Commit a change of seats; only then apply it to the table in memory."""
        now = self.now()
        fields = {"updated_at": _iso(now), **changes}
        try:
            await self.store.save_seats(table.id, [s.row() for s in seats], **fields)
        except StoreError as exc:
            log.warning("table %s: could not save the lobby: %s", table.id, exc)
            raise TableError(SAVE_FAILED) from exc
        table.seats = seats
        table.updated_at = now
        if "host_id" in changes:
            table.host_id = changes["host_id"]

    def _pars_ahead(self, table: Table) -> None:
        """Start working out today's pars for a daily lobby's rules at every count it may reach, so
        the final report finds its par ready; nothing waits on them."""
        day = day_of(self.now())
        expert = bool(getattr(table.options, "expert", False))
        for players in range(max(len(table.seats), 1), thegame.MAX_PLAYERS + 1):
            self.pars.ensure(DealKey(day, players, expert))

    async def _daily_refusal(self, key: DealKey, user_ids: list[int], table: Table) -> Text | None:
        """Who at this table has entered this deal already, said plainly; None when nobody has."""
        try:
            entered = await self.store.daily_entered(key.day, key.players, key.expert, user_ids)
        except StoreError as exc:
            log.warning("could not read the entries of %s: %s", key.describe(), exc)
            raise TableError(SAVE_FAILED) from exc
        if not entered:
            return None
        names = [s.name for s in table.seats if s.user_id in entered]
        deal = functools.partial(_deal_named, key)
        if len(user_ids) == 1 or not names:
            return Text(
                N_(
                    "You have already played {deal}: each member plays each day's deal once per player count "
                    "and rule set. A practice game on another deal is always open: `/game new` "
                    "without `daily`."
                ),
                deal=deal,
            )
        return Text.ngettext(
            "{names} has already played {deal}: each member plays each day's deal once per player count "
            "and rule set. A practice game on another deal is always open: `/game new` without `daily`.",
            "{names} have already played {deal}: each member plays each day's deal once per player count "
            "and rule set. A practice game on another deal is always open: `/game new` without `daily`.",
            len(names),
            names=", ".join(names),
            deal=deal,
        )

    async def join(self, table_id: int, user_id: int, name: str) -> Table:
        table = self._lobby(table_id)
        async with table.lock:
            self._lobby(table_id)
            if table.seat_of(user_id) is not None:
                raise TableError(N_("You are already seated at this table."))
            if len(table.seats) >= table.spec.max_players:
                raise _full(table)
            if table.daily:
                key = DealKey(day_of(self.now()), len(table.seats) + 1, bool(table.options.expert))  # type: ignore[attr-defined]
                refusal = await self._daily_refusal(key, [user_id], table)
                if refusal:
                    raise TableError(refusal)
            await self._save_seats(table, [*table.seats, Seat(user_id, name)])
        return table

    async def add_ai(self, table_id: int, user_id: int, level: str = DEFAULT_LEVEL) -> Table:
        if level not in LEVELS:
            raise TableError(
                N_("There is no AI level {level}; choose one of {levels}."),
                level=repr(level),
                levels=", ".join(LEVELS),
            )
        table = self._lobby(table_id)
        async with table.lock:
            self._lobby(table_id)
            if table.seat_of(user_id) is None:
                raise TableError(N_("Only players seated at this table can add AI seats."))
            if len(table.seats) >= table.spec.max_players:
                raise _full(table)
            number = sum(s.ai for s in table.seats) + 1
            await self._save_seats(
                table, [*table.seats, Seat(None, AI_NAME.format(number=number), ai=True, level=level)]
            )
        return table

    async def leave_lobby(self, table_id: int, user_id: int) -> Table:
        """Leave the lobby. When the host leaves, the next person who hosts fewer than
        MAX_TABLES_PER_HOST tables becomes host (handing lobbies on is no way around the limit);
        a lobby left with nobody who may host it closes."""
        table = self._lobby(table_id)
        async with table.lock:
            self._lobby(table_id)
            seat = table.seat_of(user_id)
            if seat is None:
                raise TableError(N_("You are not seated at this table."))
            seats = [s for i, s in enumerate(table.seats) if i != seat]
            people = [s for s in seats if not s.ai]
            if user_id == table.host_id:
                people = [
                    s for s in people if len(self._hosted(table.guild_id, s.user_id)) < MAX_TABLES_PER_HOST
                ]
            if not people:
                await self._cancel(table)
                return table
            changes = {}
            if user_id == table.host_id:
                changes["host_id"] = people[0].user_id
            await self._save_seats(table, seats, **changes)
        return table

    async def cancel(self, table_id: int, user_id: int, *, moderator: bool = False) -> Table:
        table = self._lobby(table_id)
        async with table.lock:
            self._lobby(table_id)
            if user_id != table.host_id and not moderator:
                raise TableError(N_("Only the host or a moderator can cancel this lobby."))
            await self._cancel(table)
        return table

    async def _close(self, table: Table, status: str, result: dict[str, Any] | None = None) -> None:
        """Write the table's end (and result), then free the channel. StoreError if the write fails."""
        now = self.now()
        await self.store.finish_table(
            table.id, result, status=status, finished_at=_iso(now), updated_at=_iso(now), meta=table.meta
        )
        table.status = status
        table.finished_at = now
        self._forget(table)

    async def _cancel(self, table: Table) -> None:
        try:
            await self._close(table, CANCELLED)
        except StoreError as exc:
            log.warning("table %s: could not close: %s", table.id, exc)
            raise TableError(SAVE_FAILED) from exc

    def _forget(self, table: Table) -> None:
        if self._by_channel.get(table.channel_id) is table:
            del self._by_channel[table.channel_id]
        self._by_id.pop(table.id, None)

    async def start(self, table_id: int, user_id: int, *, seed: int | None = None) -> Outcome:
        table = self._lobby(table_id)
        async with table.lock:
            self._lobby(table_id)
            if user_id != table.host_id:
                raise TableError(N_("Only the host can start the game."))
            spec = table.spec
            if len(table.seats) < spec.min_players:
                if spec.min_players == spec.max_players:
                    raise TableError(
                        Text.ngettext(
                            "{title} needs exactly {n} player; fill the empty seats with **Add AI seat**.",
                            "{title} needs exactly {n} players; fill the empty seats with **Add AI seat**.",
                            spec.min_players,
                            title=spec.title,
                            n=spec.min_players,
                        )
                    )
                raise TableError(
                    Text.ngettext(
                        "{title} needs at least {n} player; fill the empty seats with **Add AI seat**.",
                        "{title} needs at least {n} players; fill the empty seats with **Add AI seat**.",
                        spec.min_players,
                        title=spec.title,
                        n=spec.min_players,
                    )
                )
            await self._deal(table, seed)
        return Outcome(table, turn_changed=True, game_over=table.state is not None and table.state.is_over)

    async def choose_first(self, table_id: int, user_id: int, who: str) -> Table:
        """The players decide who goes first: ``who`` is "me" (the one who clicked) or "random".
        Anyone seated may choose; the last choice stands. Without one, the host starts."""
        if who not in ("me", "random"):
            raise TableError(N_("That button is not one of mine."))
        table = self._lobby(table_id)
        async with table.lock:
            self._lobby(table_id)
            if table.seat_of(user_id) is None:
                raise TableError(N_("Only players seated at this table can choose who goes first."))
            first = user_id if who == "me" else "random"
            meta = {**table.meta, "first": first}
            now = self.now()
            try:
                await self.store.update_table(table.id, meta=meta, updated_at=_iso(now))
            except StoreError as exc:
                raise TableError(SAVE_FAILED) from exc
            table.meta = {**table.meta, "first": first}  # with a message id saved meanwhile
            table.updated_at = now  # a choice keeps the lobby from closing as idle
        return table

    async def _deal(self, table: Table, seed: int | None) -> None:
        if table.daily:
            await self._deal_daily(table)
            return
        seed = secrets.randbits(63) if seed is None else seed
        chosen = first_seat(table)
        first = secrets.randbelow(len(table.seats)) if chosen is None else chosen
        await self._start_dealt(table, table.seats, seed, first, {})

    async def _deal_daily(self, table: Table) -> None:
        """The deal of the day: the seed comes from today's date (UTC), the player count and the rule
        set; the seats turn so that whoever goes first sits in seat 0, which moves first on every
        table and in the AI's par game. Every member seated is entered for the deal in the same step,
        once: a member who entered it already (here or in any server) is refused."""
        now = self.now()
        key = DealKey(day_of(now), len(table.seats), bool(table.options.expert))  # type: ignore[attr-defined]
        people = [s.user_id for s in table.seats if s.user_id is not None and not s.ai]
        refusal = await self._daily_refusal(key, people, table)
        if refusal:
            raise TableError(refusal)
        chosen = first_seat(table)
        first = secrets.randbelow(len(table.seats)) if chosen is None else chosen
        seats = table.seats[first:] + table.seats[:first]
        try:
            await self.store.enter_daily(table.id, key.day, key.players, key.expert, people)
        except StoreError as exc:
            log.warning("table %s: could not enter %s: %s", table.id, key.describe(), exc)
            raise TableError(SAVE_FAILED) from exc
        try:
            await self._start_dealt(table, seats, seed_of(key), 0, {"daily_day": key.day})
        except TableError:
            with contextlib.suppress(StoreError):
                await self.store.release_daily(table.id)
            raise
        self.pars.ensure(key)

    async def _start_dealt(
        self, table: Table, seats: list[Seat], seed: int, first: int, marks: dict[str, Any]
    ) -> None:
        state = table.spec.deal(len(seats), table.options, seed, first)
        now = self.now()
        timer = {"turn_started": _iso(now), "reminded": False, "expired": False, "notice_due": None, **marks}
        undo = _undo_of(table.meta, timer)
        table.meta = {**table.meta, **timer}  # as in _commit: in memory as it is handed to the store
        fields = {
            "status": PLAYING,
            "seed": seed,
            "first_player": first,
            "started_at": _iso(now),
            "updated_at": _iso(now),
            "meta": table.meta,
        }
        try:
            if seats is table.seats:
                await self.store.update_table(table.id, **fields)
            else:
                await self.store.save_seats(table.id, [s.row() for s in seats], **fields)
        except StoreError as exc:
            log.warning("table %s: could not start: %s", table.id, exc)
            table.meta = _undone(table.meta, undo)
            raise TableError(SAVE_FAILED) from exc
        table.seats = seats
        table.status = PLAYING
        table.seed = seed
        table.first_player = first
        table.state = state
        table.started_at = now
        table.updated_at = now

    # ---- playing ---------------------------------------------------------------------------

    def _playing(self, table_id: int) -> Table:
        table = self._require_id(table_id)
        if table.status != PLAYING or table.state is None:
            raise TableError(N_("This game is not running."))
        return table

    async def act(
        self,
        table_id: int,
        user_id: int,
        action: dict[str, Any],
        version: int | None,
        meanwhile: Callable[[Table], Any] | None = None,
    ) -> Outcome:
        """A seated person's play, end of turn or signal. ``version``: what the button was drawn for.

        ``meanwhile``: draws what the click is answered with (the player's new hand), from the table
        as the action leaves it. It is called once the write is on its way to the store and before
        its outcome is known, so the drawing and the store's commit run side by side; what it
        returns is the outcome's ``drawn``, and is thrown away if the write fails. It must not
        await, nor change the table."""
        table = self._playing(table_id)
        async with table.lock:
            table = self._playing(table_id)
            seat = table.seat_of(user_id)
            if seat is None:
                raise TableError(N_("You are not seated at this table, so you cannot play here."))
            if table.seats[seat].ai:
                raise TableError(N_("Your seat is being played by the AI now."))
            state = table.state
            assert state is not None
            kind = action.get("type")
            # Whose turn first: a player who is not on turn hears that, however old the button.
            if kind not in table.spec.free_actions() and seat != state.current:
                raise TableError(N_("It is {name}'s turn, not yours."), name=_seat_name(table, state.current))
            if version is not None and version < table.rule_version:
                raise StaleView(table)
            fast = _RECORDS.get(table.game)
            record = None if fast is None else fast(action, seat)
            if record is not None:  # plainly an action: checked by the rules alone, as a record
                return await self._commit(table, None, user_id, record, meanwhile)
            try:
                typed = table.spec.action.validate_python({**action, "player": seat})
            except ValidationError as exc:
                raise TableError(N_("That button is not one of mine.")) from exc
            return await self._commit(table, typed, user_id, meanwhile=meanwhile)

    def _explain(self, table: Table, exc: IllegalAction) -> Text:
        """A rules engine's refusal as a sentence for the reader: seats by their names, the game's
        end in words, in the reader's language."""
        values = {name: _shown(table, value) for name, value in exc.values.items()}
        if exc.plural is None:
            return Sentence(Text(exc.message, **values))
        return Sentence(Text.ngettext(exc.message, exc.plural, exc.count, **values))

    async def _commit(
        self,
        table: Table,
        action: Any,
        user_id: int | None,
        record: dict[str, Any] | None = None,
        meanwhile: Callable[[Table], Any] | None = None,
    ) -> Outcome:
        """Apply an action, write it to the log, and only then report it. Called under the lock.
        `action` is a typed action; or None, and `record` is the action in its record form.
        `meanwhile`: see act."""
        state = table.state
        assert state is not None
        turn_of = table.spec.turn_of
        turn_before = turn_of(state)
        try:
            if action is None:
                assert record is not None
                state.apply_record(record)
            else:
                state.apply(action)
        except IllegalAction as exc:
            raise TableError(self._explain(table, exc)) from exc
        if record is None:
            record = self._record_form(action)
        now = self.now()
        turn_changed = turn_of(state) != turn_before
        at = _iso(now)
        fields: dict[str, Any] = {}
        undo: dict[str, Any] = {}
        if turn_changed:
            # The turn timer starts again. The table's row is only written when its meta changes (the
            # version is the number of logged events). Meta changes in memory as it is handed to the
            # store, so a message id saved meanwhile is neither lost nor written back stale.
            timer = {"turn_started": at, "reminded": False, "expired": False, "notice_due": None}
            undo = _undo_of(table.meta, timer)
            table.meta = fields["meta"] = {**table.meta, **timer}
        seq = table.version
        # From here the table follows the write's outcome, whatever happens to the awaiting task: a
        # cancellation (the bot stopping, an AI seat's moves stopped) waits for the write to end and
        # for the table to match it (both under the lock), and is raised after.
        cancelled = False
        drawn: list[Any] = []
        try:
            write = self.store.append_action(table.id, seq, record, user_id, at, **fields)
            if meanwhile is not None and not state.is_over:
                # Drawn in a callback of its own, queued behind the store's step that sends the
                # write, while this task waits for the write's outcome (which cannot come before).
                asyncio.get_running_loop().call_soon(_draw_meanwhile, table, seq, meanwhile, drawn)
            written, cancelled = await to_its_end(write)
            written.result()
        except BaseException as exc:
            # Not written, or not known to be (the write's task cancelled at the loop's shutdown, a
            # fault of ours): back to the state before the action, the same deal and the actions
            # before it. A table behind its log is set right by the log at the next start; one
            # ahead of it (this action kept, its number not) would refuse every later action.
            self._replay(table, state.action_dicts()[:-1])
            table.meta = _undone(table.meta, undo)
            if not isinstance(exc, StoreError):
                raise
            log.warning("table %s: could not save action %s: %s", table.id, seq, exc)
            if cancelled:
                raise asyncio.CancelledError from exc
            # Another process keeps the table (its log is that process's now), or the log may
            # hold what this process was told failed: then the table follows its log.
            followed = None if isinstance(exc, NotOwner) else await self._follow_log(table, seq, record, at)
            if followed is None:
                raise TableError(SAVE_FAILED) from exc
            if followed == "moved":
                if table.state is not None and table.state.is_over:
                    finished, _stopped = await to_its_end(self._finish(table))
                    finished.result()
                raise StaleView(table) from exc
            # Only the answer was lost: this action is in the log, the table follows it.
            state = table.state
            assert state is not None
            if turn_changed:
                table.meta = {**table.meta, **timer}  # as written with it
            drawn.clear()  # drawn from the table before it followed its log
        table.version = seq + 1
        if record["type"] != "signal":
            table.rule_version = table.version
        table.updated_at = now
        over = state.is_over
        if over:
            finished, stopped = await to_its_end(self._finish(table))
            finished.result()
            cancelled = cancelled or stopped
        if cancelled:
            raise asyncio.CancelledError
        return Outcome(
            table, turn_changed=turn_changed or over, game_over=over, drawn=drawn[0] if drawn else None
        )

    async def _follow_log(self, table: Table, seq: int, record: dict[str, Any], at: str) -> str | None:
        """After a write reported failed: if the log holds more than the table in memory (the store
        could not tell that the write went in: its writer died with no new one to ask, an answer
        lost), the table is rebuilt from its log. "acked" if the log ends with this very write as
        event `seq` (the same action, logged at the same instant `at`: not another process's
        identical move); "moved" if it holds something else there (the player's click is then
        stale); None if the log does not go past the table (or cannot be read): the write failed.
        Without this, the action's number would stay taken in the log and every later action of
        the table be refused until a restart."""
        try:
            stored = await self.store.load_table(table.id)
            if stored is None or stored.damage is not None or len(stored.actions) <= seq:
                return None
            self._replay(table, stored.actions)
            logged = stored.row.get("meta") or {}
            # The turn timer as written with the log's last turn change.
            table.meta = {**table.meta, **{k: logged[k] for k in TIMER_KEYS if k in logged}}
            ours = (
                len(stored.actions) == seq + 1
                and stored.actions[seq] == json.loads(json.dumps(record))
                and await self.store.logged_at(table.id, seq) == at
            )
        except Exception:
            log.exception("table %s: could not read its log after a failed write", table.id)
            return None
        log.warning(
            "table %s: its log holds %d events, more than it was told were written; following it",
            table.id,
            len(stored.actions),
        )
        return "acked" if ours else "moved"

    @staticmethod
    def _record_form(action: Any) -> dict[str, Any]:
        out = action.model_dump()
        if out.get("type") == "abandon":
            return {"type": "abandon"}
        return out

    async def _finish(self, table: Table) -> None:
        """Record the result and free the channel. The result can be recomputed from the log: when
        its write fails, the table is closed without it and the result is written later."""
        try:
            await self._close(table, FINISHED, self.result_row(table, self.now()))
            return
        except StoreError as exc:
            log.warning("table %s: could not record the result (%s); closing it without", table.id, exc)
        table.meta = {**table.meta, "result_pending": True}
        try:
            await self._close(table, FINISHED)
        except StoreError:
            # The deciding action is saved: the channel is free in memory now, and the tick closes
            # the table in the store with its result (or the next start-up, from its log), which
            # then takes a new table in this channel again.
            log.exception("table %s: could not close the table either", table.id)
            table.status = FINISHED
            table.finished_at = self.now()
            self._forget(table)
        self._pending_results.append(table)

    async def _write_pending_results(self) -> None:
        """Results whose first write failed, written again from the finished state."""
        for table in list(self._pending_results):
            assert table.finished_at is not None
            before = table.meta
            table.meta = {key: value for key, value in before.items() if key != "result_pending"}
            at = _iso(table.finished_at)
            try:
                await self.store.finish_table(
                    table.id,
                    self.result_row(table, table.finished_at),
                    # closed in the store too, if its close failed with the result
                    status=FINISHED,
                    finished_at=at,
                    updated_at=at,
                    meta=table.meta,
                )
            except StoreError as exc:
                log.warning("table %s: the result still cannot be written: %s", table.id, exc)
                table.meta = {**table.meta, "result_pending": True}
                continue
            self._pending_results.remove(table)

    def result_row(self, table: Table, now: datetime) -> dict[str, Any]:
        state = table.state
        assert state is not None and table.started_at is not None
        summary = table.spec.summary(state)
        seats = []
        for seat, res in zip(table.seats, summary.seats, strict=True):
            row = {**seat.row(), "laid": res.laid, "won": res.won, "cards_left": res.measure}
            if res.score is not None:
                row["score"] = res.score
            seats.append(row)
        return {
            "guild_id": table.guild_id,
            "game": table.game,
            "players": len(table.seats),
            "options": table.options.model_dump(),
            "status": summary.status.value,
            "won": summary.won,
            "cards_left": summary.measure,
            "turns": summary.turns,
            "duration_s": (now - table.started_at).total_seconds(),
            "seats": seats,
            "ended_by": table.ended_by,
            "moderator_ended": bool(table.meta.get("moderator_ended")),
            "finished_at": _iso(now),
            **self._daily_result(table),
        }

    @staticmethod
    def _daily_result(table: Table) -> dict[str, Any]:
        key = table.daily_key
        if key is None:
            return {}
        return {"daily": {"day": key.day, "players": key.players, "expert": key.expert}}

    async def daily_standing(self, table: Table, wait: float = 20.0) -> DailyStanding | None:
        """A finished daily table beside the AI's par and every table that played its deal, across
        every server in the database. Waits up to `wait` seconds for a par still being worked out
        (only the final report waits; play never does)."""
        key = table.daily_key
        if key is None or table.state is None:
            return None
        par = await self.pars.wait(key, wait)
        ranking = await self.store.daily_ranking(key.day, key.players, key.expert)
        ids = [row["table_id"] for row in ranking]
        rank = ids.index(table.id) + 1 if table.id in ids else None
        cards = table.spec.summary(table.state).measure
        return DailyStanding(key, cards, None if par is None else par.cards_left, rank, len(ids))

    async def leave_game(self, table_id: int, user_id: int) -> Outcome:
        """A seated person leaves a running game.

        The Game (RULES.md): their cards count as not laid. The competitive games go on with an
        AI seat in their place.
        """
        table = self._playing(table_id)
        async with table.lock:
            table = self._playing(table_id)
            seat = table.seat_of(user_id)
            if seat is None:
                raise TableError(N_("You are not seated at this table."))
            leave = table.spec.leave
            if leave is None:
                if table.seats[seat].ai:
                    raise TableError(N_("Your seat is already played by the AI."))
                seats = list(table.seats)
                seats[seat] = Seat(seats[seat].user_id, seats[seat].name, ai=True)
                await self._save_seats(table, seats)
                outcome = Outcome(table, turn_changed=True)
            else:
                outcome = await self._commit(table, leave(seat), user_id)
            if not outcome.game_over:
                outcome = await self._after_person_left(table, user_id) or outcome
            return outcome

    async def _after_person_left(self, table: Table, user_id: int) -> Outcome | None:
        """The game's end when nobody is left to play with the AI seats; else a new host if needed."""
        people = table.people()
        if not people:
            try:
                return await self._abandon(table, user_id)
            except TableError:
                # The leave is written; the game's end is not. The tick ends it (see tick), so
                # the one who left is not told that nothing changed.
                log.warning("table %s: nobody is left, but its end could not be saved yet", table.id)
                self._abandon_due[table.id] = user_id
                return None
        if user_id == table.host_id:
            table.host_id = people[0]
            try:
                await self.store.update_table(table.id, host_id=table.host_id)
            except StoreError:
                log.exception("table %s: could not save the new host", table.id)
        return None

    async def end(self, table_id: int, user_id: int, *, moderator: bool = False) -> Outcome:
        """The host or a moderator ends a running game: it is abandoned, scored as cards not laid."""
        table = self._playing(table_id)
        async with table.lock:
            table = self._playing(table_id)
            if user_id != table.host_id and not moderator:
                raise TableError(N_("Only the host or a moderator can end this game."))
            # The result is marked as ended by a moderator when it is not the host who ends it.
            return await self._abandon(table, user_id, by_moderator=user_id != table.host_id)

    async def _abandon(self, table: Table, user_id: int, *, by_moderator: bool = False) -> Outcome:
        """Log the game's abandonment by `user_id`; who ended it is kept only if that is written."""
        version, ended_by = table.version, table.ended_by
        undo = _undo_of(table.meta, ["moderator_ended"])
        table.ended_by = user_id
        if by_moderator:
            table.meta = {**table.meta, "moderator_ended": True}
        try:
            return await self._commit(table, table.spec.abandon(), user_id)
        except BaseException:
            if table.version == version:  # not written: the game runs on as it was
                table.ended_by = ended_by
                table.meta = _undone(table.meta, undo)
            raise

    async def ai_step(self, table_id: int) -> Outcome | None:
        """One move of the AI seat whose turn it is; None if it is not an AI seat's turn."""
        table = self._by_id.get(table_id)
        if table is None or table.status != PLAYING or table.state is None:
            return None
        async with table.lock:
            state = table.state
            if table.status != PLAYING or state is None or state.is_over:
                return None
            seat = state.current
            if not table.seats[seat].ai:
                return None
            action = await self._decide(table, state, seat, table.seats[seat].level)
            return await self._commit(table, action, None)

    async def _decide(self, table: Table, state: Any, seat: int, level: str) -> Any:
        """The AI seat's action, decided in the AI's process (bot.workers) from the seat's view.

        Not in a thread: a decision is up to a few hundred ms of Python, and a thread holds the
        interpreter's lock 5 ms at a time, the event loop (every table's clicks) waiting meanwhile;
        AI seats deciding without pause made the loop wake up 2.1 ms late at the median, 0.7 ms with the
        process, as with no decision at all (bench/ai_seats.py).
        Called under the table's lock: nothing changes the state meanwhile. Should the process fail
        (busy with other tables' decisions past AI_TIMEOUT, a decision running past it, dead twice,
        not starting), the seat decides in the bot's process after all, in a thread: the game waits
        on the process at most three times AI_TIMEOUT (its turn, the decision, the decision again in
        a new process) and two starts."""
        view = table.spec.view(state, seat)
        try:
            return await AI_PROCESS.run(AI_TIMEOUT, ai_decision, table.game, level, view)
        except Exception as exc:
            if self._closed:  # the bot is stopping (its AI thread is gone): no move; the next start makes it
                raise asyncio.CancelledError from exc
            log.warning(
                "table %s: the AI's process failed (%r); the seat decides in the bot's process", table.id, exc
            )
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._ai_thread, table.spec.ai_action, state, seat, level)

    def close(self) -> None:
        """Stop the AI thread (a decision under way finishes first) and the pars' worker."""
        self._closed = True
        self._ai_thread.shutdown(wait=False, cancel_futures=True)
        self.pars.close()

    def ai_to_move(self, table_id: int) -> bool:
        table = self._by_id.get(table_id)
        return bool(
            table is not None
            and table.status == PLAYING
            and table.state is not None
            and not table.state.is_over
            and table.seats[table.state.current].ai
        )

    # ---- absent players --------------------------------------------------------------------

    async def tick(self) -> list[TimerEvent]:
        """Due timers: idle lobbies close, turn reminders at half time, and turn timeouts."""
        now = self.now()
        events: list[TimerEvent] = []
        if self._pending_results:
            await self._write_pending_results()
        await self.save_snapshots(SNAPSHOT_EVERY, SNAPSHOTS_PER_TICK)
        for table in list(self._by_channel.values()):
            if table.status == LOBBY:
                if table.daily:
                    self._pars_ahead(table)  # a lobby that waits past midnight gets the new day's
                if now - table.updated_at >= self.lobby_idle:
                    async with table.lock:
                        if table.status == LOBBY:
                            try:
                                await self._close(table, CANCELLED)
                            except StoreError:
                                log.warning("table %s: could not close the idle lobby", table.id)
                                continue
                            events.append(TimerEvent(table, "lobby_expired"))
                continue
            if table.id in self._abandon_due:
                # The last person left, and the game's end could not be written then: end it now.
                async with table.lock:
                    state = table.state
                    if table.status == PLAYING and state is not None and not state.is_over:
                        try:
                            await self._abandon(table, self._abandon_due[table.id])
                        except TableError:
                            continue
                        events.append(TimerEvent(table, "abandoned"))
                    del self._abandon_due[table.id]
                continue
            deadline = table.turn_deadline()
            if table.status != PLAYING or deadline is None or self.ai_to_move(table.id):
                continue
            started = table.turn_started()
            assert started is not None
            if now >= deadline:
                if not table.meta.get("expired") and await self._mark(
                    table, expired=True, reminded=True, notice_due="timeout"
                ):
                    events.append(TimerEvent(table, "timeout"))
            elif (
                now >= started + (deadline - started) / 2
                and not table.meta.get("reminded")
                and await self._mark(table, reminded=True, notice_due="reminder")
            ):
                events.append(TimerEvent(table, "reminder"))
        return events

    async def _mark(self, table: Table, **flags: Any) -> bool:
        """Save timer state. ``notice_due`` names the notice the channel is owed for this turn (a
        reminder, or the choice about an absent seat); the cog's presenter posts it, retrying while
        Discord fails and after a restart, then clears it. A new turn clears it too (see _commit)."""
        undo = _undo_of(table.meta, flags)
        table.meta = {**table.meta, **flags}
        try:
            await self.store.patch_meta(table.id, flags)
        except StoreError:
            log.exception("table %s: could not save timer state", table.id)
            if all(table.meta.get(key, _ABSENT) == value for key, value in flags.items()):
                table.meta = _undone(table.meta, undo)  # not if a new turn's timer replaced it meanwhile
            return False
        return True

    async def resolve_absent(
        self, table_id: int, user_id: int, turn: int, choice: str, *, moderator: bool = False
    ) -> Outcome | None:
        """After a turn timeout: remove the absent seat or hand it to an AI seat."""
        table = self._playing(table_id)
        async with table.lock:
            table = self._playing(table_id)
            state = table.state
            assert state is not None
            if user_id != table.host_id and not moderator:
                raise TableError(N_("Only the host or a moderator can decide about an absent player."))
            if table.spec.turn_of(state) != turn:
                raise TableError(N_("That turn is over already; nothing to decide."))
            deadline = table.turn_deadline()
            if deadline is None or self.now() < deadline:
                raise TableError(N_("The turn timer has not run out yet."))
            seat = state.current
            if table.seats[seat].ai:
                # Handed to the AI a moment ago (by another click on the same question): the AI's
                # move ends the turn, but until it does the choice is made.
                raise TableError(N_("That seat is played by the AI already; nothing to decide."))
            if choice == "remove":
                leave = table.spec.leave
                if leave is None:
                    raise TableError(
                        N_("In {title} a seat cannot be removed; hand it to the AI."), title=table.spec.title
                    )
                return await self._commit(table, leave(seat), user_id)
            if choice == "ai":
                seats = list(table.seats)
                seats[seat] = Seat(seats[seat].user_id, seats[seat].name, ai=True)
                await self._save_seats(table, seats)
                return None
            raise TableError(N_("That button is not one of mine."))

    # ---- after the game --------------------------------------------------------------------

    async def meta_update(self, table: Table, **values: Any) -> None:
        """Remember presentation state (message ids). A failure here costs a message, not a move.
        Written as a patch: these values and the table's other message keys as memory has them
        (so a message id whose own write failed is saved by the next one), never the keys the
        table service writes with its actions (the meta in memory may hold a turn's timer whose
        action is still on its way to the log, and may yet be refused)."""
        table.meta = {**table.meta, **values}
        patch = {key: table.meta[key] for key in MESSAGE_KEYS if key in table.meta}
        try:
            await self.store.patch_meta(table.id, {**patch, **values})
        except StoreError:
            log.warning("table %s: could not save message ids", table.id)

    async def rematch(
        self, finished_id: int, user_id: int, user_name: str, channel_id: int, *, moderator: bool = False
    ) -> Outcome:
        """A new game in the same channel with the same options. The people who played to the end
        and the AI seats sit down again; a chair whose member left the game (or whose seat went to
        the AI) or asked to be forgotten is open. With every chair taken the game is dealt at once;
        otherwise the rematch opens as a lobby, for others to join."""
        stored = await self.store.load_table(finished_id)
        if stored is None or stored.row["status"] != FINISHED:
            raise TableError(N_("That game cannot be played again."))
        if stored.row["channel_id"] != channel_id:
            raise TableError(N_("That button belongs to a table in another channel; nothing was done."))
        old = self._finished_from(stored)
        if not old.was_seated(user_id):
            raise TableError(N_("Only players from that game can start a rematch."))
        left = old.state.left if old.state is not None else [False] * len(old.seats)
        seats = []
        for seat, gone in zip(old.seats, left, strict=True):
            if seat.user_id == user_id:
                seats.append(Seat(user_id, user_name))
            elif seat.user_id is None and seat.ai:
                seats.append(Seat(None, seat.name, ai=True, level=seat.level))
            elif seat.user_id is not None and not seat.ai and not gone:
                seats.append(Seat(seat.user_id, seat.name))
        full = len(seats) == len(old.seats)
        table = await self.open_lobby(
            guild_id=old.guild_id,
            channel_id=old.channel_id,
            host_id=user_id,
            host_name=user_name,
            options=old.options,
            turn_timer=old.turn_timer,
            game=old.game,
            limited=not (full or moderator),  # dealt at once, it never stands as a lobby
        )
        async with table.lock:
            try:
                await self._save_seats(table, seats)
                if full:
                    await self._deal(table, None)
            except TableError:
                await self._cancel(table)
                raise
        return Outcome(table, turn_changed=table.status == PLAYING)

    async def export(self, channel_id: int) -> dict[str, Any]:
        """The record of the channel's last finished game. A running game's record would reveal hands."""
        running = self._by_channel.get(channel_id)
        if running is not None and running.status == PLAYING:
            raise TableError(
                N_(
                    "The game here is still running; its record would show every hand. "
                    "Export it after the end."
                )
            )
        stored = await self.store.last_finished_table(channel_id)
        if stored is None:
            raise TableError(N_("No game has finished in this channel yet."))
        return self._finished_from(stored).record()

    def _finished_from(self, stored: StoredTable) -> Table:
        """A finished game rebuilt from the store, for its record or a rematch. Its log can be
        damaged where start-up did not read it (a snapshot stood in for its beginning): then the
        one who asked is told so, and nothing is done."""
        try:
            return self._from_stored(stored)
        except Exception:
            log.exception("table %s: its log does not replay", stored.row.get("id"))
            raise TableError(N_("The record of that game is damaged, so it cannot be used.")) from None
