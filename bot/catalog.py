"""The games Deckhand hosts, behind one shape the table service uses. No Discord here.

Each entry says how to deal a game from options and a seed, read actions, let an AI seat move,
count turns, and turn a finished state into the result row that stats and leaderboards read.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, TypeAdapter

from bot.ai import DEFAULT_LEVEL
from bot.ai import red_and_black as rb_ai
from bot.ai import skipbo_junior as sb_ai
from bot.ai import thegame as tg_ai
from bot.games import red_and_black as rb
from bot.games import skipbo_junior as sb
from bot.games import thegame as tg
from bot.games.base import Status


@dataclass(frozen=True)
class SeatResult:
    won: bool
    measure: int  # lower is better: cards not laid, stockpile cards left, points behind the winner
    laid: int = 0
    score: int | None = None


@dataclass(frozen=True)
class Summary:
    status: Status
    won: bool  # The Game: the team won; the others: somebody won
    measure: int  # the table's own figure (The Game: cards not laid; the others: the best seat's)
    turns: int
    seats: tuple[SeatResult, ...]


@dataclass(frozen=True)
class GameSpec:
    name: str
    title: str
    key: str  # a short name for button ids
    min_players: int
    max_players: int
    cooperative: bool
    talk_rule: bool  # whether the chat rule keeper reads the channel
    measure: str  # what a seat's figure counts, for leaderboards ("cards left", ...)
    options: type[BaseModel]
    action: TypeAdapter
    deal: Callable[[int, Any, int, int], Any]  # players, options, seed, first seat -> state
    view: Callable[[Any, int], Any]  # state, seat -> what that seat may know
    ais: Mapping[str, Callable[[Any], Any]]  # level -> view -> action
    summary: Callable[[Any], Summary]
    abandon: Callable[[], Any]
    leave: Callable[[int], Any] | None  # None: a seat that leaves is handed to an AI seat
    encode: Callable[[dict], str]  # an action (without its seat) -> the token a button carries
    decode: Callable[[str], dict]  # a button's token -> the action (ValueError if it names none)
    turn_counter: str = "turn"  # the state's count of turns (a new deal does not reset it)
    excellent_below: int | None = None  # a table figure under this is excellent (stats charts mark it)
    free: tuple[str, ...] = ()  # action types a seat may take when it is not its turn

    def ai_action(self, state: Any, seat: int, level: str = DEFAULT_LEVEL) -> Any:
        """The action of an AI seat playing at `level`, decided from the seat's view alone."""
        return self.ais[level](self.view(state, seat))

    def turn_of(self, state: Any) -> int:
        """A number that grows with every turn of the game (a new deal does not reset it)."""
        return getattr(state, self.turn_counter)

    def free_actions(self) -> tuple[str, ...]:
        """Action types a seat may take when it is not its turn."""
        return self.free


# ---- The Game ----------------------------------------------------------------------------------


def _tg_deal(players: int, options: Any, seed: int, first: int) -> tg.TheGameState:
    return tg.new_game(players, options, seed=seed, first_player=first)


def _tg_summary(state: tg.TheGameState) -> Summary:
    result = state.result()
    won = result.status is Status.WON
    seats = tuple(SeatResult(won, result.cards_left, laid) for laid in result.laid_by)
    return Summary(result.status, won, result.cards_left, result.turns, seats)


# ---- Skip-Bo Junior ----------------------------------------------------------------------------


def _sb_deal(players: int, options: Any, seed: int, first: int) -> sb.SkipBoJuniorState:
    return sb.new_game(players, options, seed=seed, first_player=first)


def _sb_summary(state: sb.SkipBoJuniorState) -> Summary:
    result = state.result()
    seats = tuple(SeatResult(seat == result.winner, left) for seat, left in enumerate(result.stock_left))
    return Summary(result.status, result.winner is not None, min(result.stock_left), result.turns, seats)


# ---- Red and Black -----------------------------------------------------------------------------


def _rb_deal(players: int, options: Any, seed: int, first: int) -> rb.RedAndBlackState:
    # The first dealer sits to the right of the seat that is to start.
    return rb.new_game(options, seed=seed, first_dealer=(first - 1) % rb.PLAYERS)


def _rb_summary(state: rb.RedAndBlackState) -> Summary:
    result = state.result()
    best = max(result.totals)
    seats = tuple(
        SeatResult(s in result.winners, best - total, score=total) for s, total in enumerate(result.totals)
    )
    return Summary(result.status, bool(result.winners), 0, state.turns_total, seats)


GAMES: dict[str, GameSpec] = {
    tg.NAME: GameSpec(
        name=tg.NAME,
        title=tg.TITLE,
        key="tg",
        min_players=tg.MIN_PLAYERS,
        max_players=tg.MAX_PLAYERS,
        cooperative=True,
        talk_rule=True,
        measure="cards left",
        options=tg.TheGameOptions,
        action=tg.ACTION,
        deal=_tg_deal,
        view=tg.seat_view,
        ais=tg_ai.LEVELS,
        summary=_tg_summary,
        abandon=tg.Abandon,
        leave=lambda seat: tg.Leave(player=seat),
        encode=tg.encode_action,
        decode=tg.decode_action,
        free=("signal", "leave"),
        excellent_below=tg.EXCELLENT_BELOW,
    ),
    sb.NAME: GameSpec(
        name=sb.NAME,
        title=sb.TITLE,
        key="sbj",
        min_players=sb.MIN_PLAYERS,
        max_players=sb.MAX_PLAYERS,
        cooperative=False,
        talk_rule=False,
        measure="stockpile cards left",
        options=sb.SkipBoJuniorOptions,
        action=sb.ACTION,
        deal=_sb_deal,
        view=sb.seat_view,
        ais=sb_ai.LEVELS,
        summary=_sb_summary,
        abandon=sb.Abandon,
        leave=None,
        encode=sb.encode_action,
        decode=sb.decode_action,
    ),
    rb.NAME: GameSpec(
        name=rb.NAME,
        title=rb.TITLE,
        key="rb",
        min_players=rb.PLAYERS,
        max_players=rb.PLAYERS,
        cooperative=False,
        talk_rule=False,
        measure="points behind the winner",
        options=rb.RedAndBlackOptions,
        action=rb.ACTION,
        deal=_rb_deal,
        view=rb.seat_view,
        ais=rb_ai.LEVELS,
        summary=_rb_summary,
        abandon=rb.Abandon,
        leave=None,
        encode=rb.encode_action,
        decode=rb.decode_action,
        turn_counter="turns_total",
    ),
}
BY_KEY = {spec.key: spec for spec in GAMES.values()}


def spec(name: str) -> GameSpec:
    return GAMES[name]


def ai_decision(game: str, level: str, view: Any) -> Any:
    """An AI seat's action from its seat's view: what GameSpec.ai_action decides, as a module-level
    function of plain data, for the AI's process (bot.tables)."""
    return GAMES[game].ais[level](view)
