"""Skip-Bo Junior: competitive, build shared piles 1..10, first to empty their stockpile wins.

Rules as RULES.md section 2 fixes them. Everything is public except the stockpiles below their
top card. Cards are integers at every boundary: 1..10, and 0 for a wild. Building piles are
numbered 1..4 (positions on the table; a completed pile frees its position), hand slots 1..3.

A turn: one card is dealt onto each hand slot, then the player must keep playing while any play
is legal (a table may allow stopping early). The engine ends a turn by itself when no play is
left, so a record holds only the choices a player made.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from bot.games.base import IllegalAction, Player, Status
from bot.games.shuffle import derive_seed, shuffled
from bot.i18n import N_

NAME = "skip-bo-junior"
TITLE = "Skip-Bo Junior"
MIN_PLAYERS = 2
MAX_PLAYERS = 4
WILD = 0
TOP = 10
CARDS = tuple(sorted([v for v in range(1, 11) for _ in range(8)] + [WILD] * 16))
DECK_SIZE = len(CARDS)  # 96
PILES = 4
SLOTS = 3
TURN_CAP = 500
STOCK = "stock"

_STRICT = ConfigDict(extra="forbid", strict=True, frozen=True)


def card_name(card: int) -> str:
    return "wild" if card == WILD else str(card)


class SkipBoJuniorOptions(BaseModel):
    """Table options: the stockpile size (5..20 cards) and whether a player may stop early."""

    model_config = _STRICT

    stockpile: Annotated[int, Field(ge=5, le=20)] = 10
    may_stop: bool = False

    def check(self, players: int) -> None:
        if players * self.stockpile >= DECK_SIZE:
            raise ValueError(
                f"{players} stockpiles of {self.stockpile} cards need fewer than {DECK_SIZE} cards"
            )


Source = Literal["stock", 1, 2, 3]


class Play(BaseModel):
    model_config = _STRICT
    type: Literal["play"] = "play"
    player: int
    source: Source
    pile: int


class EndTurn(BaseModel):
    model_config = _STRICT
    type: Literal["end_turn"] = "end_turn"
    player: int


class Abandon(BaseModel):
    model_config = _STRICT
    type: Literal["abandon"] = "abandon"
    player: int | None = None


Action = Annotated[Play | EndTurn | Abandon, Field(discriminator="type")]
ACTION = TypeAdapter(Action)


@dataclass(frozen=True, slots=True)
class PublicView:
    """Everything on the table that anyone may see (all but the stockpiles below their tops)."""

    status: Status
    piles: tuple[tuple[int, ...] | None, ...]  # per position: the cards' values, bottom first
    draw_pile: int
    completed: int
    stock_tops: tuple[int | None, ...]
    stock_counts: tuple[int, ...]
    slots: tuple[tuple[tuple[int, ...], ...], ...]  # per seat, per slot: the stack, bottom first
    current_player: int
    turn: int
    winner: int | None
    may_stop: bool


@dataclass(frozen=True, slots=True)
class SeatView:
    """What one seat may know when it decides: the whole table but the stockpiles below their tops
    and the draw pile, whose cards it gets only as a multiset (``unseen``). An AI handed a view
    cannot learn the next stockpile card or the order of the draw pile."""

    seat: int
    status: Status
    current: int
    piles: tuple[int | None, ...]  # per position: the pile's value (its length), None when free
    stock_tops: tuple[int | None, ...]
    stock_counts: tuple[int, ...]
    slots: tuple[tuple[tuple[int, ...], ...], ...]  # per seat, per slot: the stack, bottom first
    draw_pile: int
    completed: int  # cards of finished piles waiting for a reshuffle
    unseen: tuple[int, ...]  # sorted: the stockpiles below their tops and the draw pile
    may_stop: bool
    turn: int

    @property
    def players(self) -> int:
        return len(self.stock_counts)


@dataclass(frozen=True, slots=True)
class Result:
    status: Status
    winner: int | None
    stock_left: tuple[int, ...]
    turns: int

    def standing(self) -> list[int]:
        """Seats from first to last: the winner, then fewest stockpile cards left."""
        return sorted(range(len(self.stock_left)), key=lambda s: (s != self.winner, self.stock_left[s], s))


class SkipBoJuniorState:
    """The whole game. Plain lists and ints inside; typed actions at ``apply``."""

    def __init__(
        self,
        players: int,
        options: SkipBoJuniorOptions,
        deck: list[int],
        first_player: int = 0,
        reshuffle_seed: int = 0,
        reshuffles: list[list[int]] | None = None,
    ) -> None:
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"Skip-Bo Junior takes 2 to 4 players, not {players}")
        options.check(players)
        if sorted(deck) != list(CARDS):
            raise ValueError("the deck must hold 8 of each card 1..10 and 16 wilds (0)")
        if not 0 <= first_player < players:
            raise ValueError(f"first_player must be a seat 0..{players - 1}")
        self.players = players
        self.options = options
        self.deck = list(deck)
        self.first_player = first_player
        self.reshuffle_seed = reshuffle_seed
        self.given_reshuffles = [list(r) for r in reshuffles or []]
        size = options.stockpile
        # A stockpile is kept with its top card last; deck[k*size] is seat k's top card.
        self.stocks = [list(reversed(self.deck[k * size : (k + 1) * size])) for k in range(players)]
        self.draw = list(reversed(self.deck[players * size :]))  # the next card is last
        self.slots: list[list[list[int]]] = [[[] for _ in range(SLOTS)] for _ in range(players)]
        # A building pile: the cards as laid (0 for a wild), its value is its length.
        self.piles: list[list[int] | None] = [None] * PILES
        self.pool: list[int] = []  # completed piles' cards, waiting for a reshuffle
        self.reshuffle_count = 0
        self.status = Status.IN_PROGRESS
        self.winner: int | None = None
        self.current = first_player
        self.turn = 0
        self.quiet_turns = 0  # turns in a row with no play and no card dealt
        self.turn_dealt = 0
        self.turn_played = 0
        self.history: list[tuple] = []
        self.left = [False] * players  # no seat leaves this game; an absent one is played by an AI
        if not self._start_turn(first_player):
            self._next_turn()

    # ---- reading -------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.status is not Status.IN_PROGRESS

    def source_card(self, seat: int, source: str | int) -> int | None:
        if source == STOCK:
            stock = self.stocks[seat]
            return stock[-1] if stock else None
        stack = self.slots[seat][source - 1]  # type: ignore[operator]
        return stack[-1] if stack else None

    def fits(self, card: int, pile: int) -> bool:
        """Whether ``card`` may go on pile position ``pile`` (1..4)."""
        cards = self.piles[pile - 1]
        if cards is None:
            return card in (1, WILD)
        return card == WILD or card == len(cards) + 1

    def plays(self, seat: int) -> list[tuple[str | int, int]]:
        """(source, pile) pairs legal for the seat if it were its turn."""
        out: list[tuple[str | int, int]] = []
        for source in (STOCK, 1, 2, 3):
            card = self.source_card(seat, source)
            if card is not None:
                out += [(source, pile) for pile in range(1, PILES + 1) if self.fits(card, pile)]
        return out

    def has_play(self, seat: int) -> bool:
        needs = {len(p) + 1 for p in self.piles if p is not None}
        if any(p is None for p in self.piles):
            needs.add(1)
        tops = [self.stocks[seat][-1]] if self.stocks[seat] else []
        tops += [s[-1] for s in self.slots[seat] if s]
        return any(c == WILD or c in needs for c in tops)

    def legal_actions(self, seat: int) -> list[Play | EndTurn]:
        if self.is_over or seat != self.current:
            return []
        out: list[Play | EndTurn] = [Play(player=seat, source=s, pile=p) for s, p in self.plays(seat)]  # type: ignore[arg-type]
        if self.options.may_stop:
            out.append(EndTurn(player=seat))
        return out

    def pile_value(self, pile: int) -> int | None:
        cards = self.piles[pile - 1]
        return None if cards is None else len(cards)

    def public_view(self) -> PublicView:
        return PublicView(
            status=self.status,
            piles=tuple(None if p is None else tuple(range(1, len(p) + 1)) for p in self.piles),
            draw_pile=len(self.draw),
            completed=len(self.pool),
            stock_tops=tuple(s[-1] if s else None for s in self.stocks),
            stock_counts=tuple(len(s) for s in self.stocks),
            slots=tuple(tuple(tuple(stack) for stack in seat) for seat in self.slots),
            current_player=self.current,
            turn=self.turn,
            winner=self.winner,
            may_stop=self.options.may_stop,
        )

    def private_view(self, seat: int) -> PublicView:
        """Nothing is secret from a seat that the public does not see: the stockpiles are hidden to all."""
        return self.public_view()

    def result(self) -> Result:
        return Result(self.status, self.winner, tuple(len(s) for s in self.stocks), self.turn)

    # ---- changing ------------------------------------------------------------------------

    def apply(self, action: Play | EndTurn | Abandon) -> None:
        match action:
            case Play():
                self.play(action.player, action.source, action.pile)
            case EndTurn():
                self.end_turn(action.player)
            case Abandon():
                self.abandon()

    def apply_record(self, raw: dict) -> None:
        """Apply an action in its record form without building a model (logs this program wrote)."""
        kind = raw["type"]
        if kind == "play":
            self.play(raw["player"], raw["source"], raw["pile"])
        elif kind == "end_turn":
            self.end_turn(raw["player"])
        elif kind == "abandon":
            self.abandon()
        else:
            raise IllegalAction(N_("there is no action {kind} in {title}"), kind=repr(kind), title=TITLE)

    def _require_turn(self, player: int) -> None:
        if self.status is not Status.IN_PROGRESS:
            raise IllegalAction(N_("the game is over ({status})"), status=self.status)
        if not 0 <= player < self.players:
            raise IllegalAction(
                N_("there is no seat {seat} at a table of {players}"), seat=player, players=self.players
            )
        if player != self.current:
            raise IllegalAction(
                N_("it is {current}'s turn, not {player}'s"),
                current=Player(self.current),
                player=Player(player),
            )

    def play(self, player: int, source: str | int, pile: int) -> None:
        """Lay the top card of ``source`` ("stock" or slot 1..3) on pile position ``pile`` (1..4)."""
        self._require_turn(player)
        if source != STOCK and source not in (1, 2, 3):
            raise IllegalAction(
                N_("there is no source {source}; play from 'stock' or a slot 1 to 3"), source=repr(source)
            )
        if not 1 <= pile <= PILES:
            raise IllegalAction(N_("there is no pile {pile}; piles are numbered 1 to 4"), pile=pile)
        card = self.source_card(player, source)
        if card is None:
            if source == STOCK:
                raise IllegalAction(N_("the stockpile is empty"))
            raise IllegalAction(N_("slot {slot} is empty"), slot=source)
        if not self.fits(card, pile):
            cards = self.piles[pile - 1]
            values = {"card": card_name(card), "slot": source, "pile": pile}
            if cards is None:
                if source == STOCK:
                    raise IllegalAction(
                        N_(
                            "{card} from the stockpile does not fit: "
                            "pile {pile} is empty (start it with a 1 or a wild)"
                        ),
                        **values,
                    )
                raise IllegalAction(
                    N_(
                        "{card} from slot {slot} does not fit: "
                        "pile {pile} is empty (start it with a 1 or a wild)"
                    ),
                    **values,
                )
            values["need"] = len(cards) + 1
            if source == STOCK:
                raise IllegalAction(
                    N_("{card} from the stockpile does not fit: pile {pile} needs a {need}"), **values
                )
            raise IllegalAction(
                N_("{card} from slot {slot} does not fit: pile {pile} needs a {need}"), **values
            )
        if source == STOCK:
            self.stocks[player].pop()
        else:
            self.slots[player][source - 1].pop()  # type: ignore[operator]
        cards = self.piles[pile - 1]
        if cards is None:
            cards = self.piles[pile - 1] = []
        cards.append(card)
        self.turn_played += 1
        self.history.append(("play", player, source, pile))
        if len(cards) == TOP:
            self.pool.extend(cards)
            self.piles[pile - 1] = None
        if source == STOCK and not self.stocks[player]:
            self.status = Status.WON
            self.winner = player
            return
        if not self.has_play(player):
            self._next_turn()

    def end_turn(self, player: int) -> None:
        """Stop early, where the table allows it (a turn with no play left ends by itself)."""
        self._require_turn(player)
        if not self.options.may_stop:
            raise IllegalAction(
                N_("you must keep playing while a card fits (this table does not allow stopping)")
            )
        self.history.append(("end_turn", player))
        self._next_turn()

    def abandon(self) -> None:
        if self.status is not Status.IN_PROGRESS:
            raise IllegalAction(N_("the game is over ({status})"), status=self.status)
        self.status = Status.ABANDONED
        self.history.append(("abandon",))

    def _next_turn(self) -> None:
        while True:
            if self.turn_played or self.turn_dealt:
                self.quiet_turns = 0
            else:
                self.quiet_turns += 1
            if self.quiet_turns >= self.players or self.turn >= TURN_CAP:
                self.status = Status.STALLED
                return
            if self._start_turn((self.current + 1) % self.players):
                return

    def _start_turn(self, seat: int) -> bool:
        """Deal onto the seat's three slots; True if the seat then has a play."""
        self.current = seat
        self.turn += 1
        self.turn_played = 0
        self.turn_dealt = 0
        for slot in self.slots[seat]:
            card = self._deal_one()
            if card is None:
                break
            slot.append(card)
            self.turn_dealt += 1
        return self.has_play(seat)

    def _deal_one(self) -> int | None:
        if not self.draw and self.pool:
            self._reshuffle()
        return self.draw.pop() if self.draw else None

    def _reshuffle(self) -> None:
        """The completed pool becomes the new draw pile; wilds lose their played value."""
        index = self.reshuffle_count
        self.reshuffle_count += 1
        pool = sorted(self.pool)
        if index < len(self.given_reshuffles):
            order = self.given_reshuffles[index]
            if sorted(order) != pool:
                raise IllegalAction(
                    N_("reshuffle {number} of the record does not hold the completed cards {cards}"),
                    number=index + 1,
                    cards=str(pool),
                )
        else:
            order = shuffled(pool, derive_seed(self.reshuffle_seed, index + 1))
        self.pool = []
        self.draw = list(reversed(order))
        self.history.append(("reshuffle", tuple(order)))

    # ---- records -------------------------------------------------------------------------

    def action_dicts(self) -> list[dict]:
        out: list[dict] = []
        for entry in self.history:
            if entry[0] == "play":
                out.append({"player": entry[1], "type": "play", "source": entry[2], "pile": entry[3]})
            elif entry[0] == "end_turn":
                out.append({"player": entry[1], "type": "end_turn"})
            elif entry[0] == "abandon":
                out.append({"type": "abandon"})
        return out

    def to_record(self) -> dict:
        return {
            "game": NAME,
            "players": self.players,
            "options": self.options.model_dump(),
            "first_player": self.first_player,
            "deck": list(self.deck),
            "reshuffles": [list(e[1]) for e in self.history if e[0] == "reshuffle"],
            "actions": self.action_dicts(),
        }


def seat_view(state: SkipBoJuniorState, seat: int) -> SeatView:
    """The view of ``seat`` (0-based): what an AI in that seat may read."""
    left = [0] * (TOP + 1)
    for card in CARDS:
        left[card] += 1
    seen: list[int] = [s[-1] for s in state.stocks if s]
    for stacks in state.slots:
        for stack in stacks:
            seen += stack
    for cards in state.piles:
        if cards is not None:
            seen += cards
    seen += state.pool
    for card in seen:
        left[card] -= 1
    return SeatView(
        seat=seat,
        status=state.status,
        current=state.current,
        piles=tuple(None if p is None else len(p) for p in state.piles),
        stock_tops=tuple(s[-1] if s else None for s in state.stocks),
        stock_counts=tuple(len(s) for s in state.stocks),
        slots=tuple(tuple(tuple(stack) for stack in stacks) for stacks in state.slots),
        draw_pile=len(state.draw),
        completed=len(state.pool),
        unseen=tuple(card for card in range(TOP + 1) for _ in range(left[card])),
        may_stop=state.options.may_stop,
        turn=state.turn,
    )


def new_game(
    players: int,
    options: SkipBoJuniorOptions | None = None,
    *,
    seed: int | None = None,
    deck: list[int] | None = None,
    first_player: int = 0,
    reshuffle_seed: int | None = None,
    reshuffles: list[list[int]] | None = None,
) -> SkipBoJuniorState:
    """Create a game from an explicit deck order or a seed (which also drives the reshuffles)."""
    if (seed is None) == (deck is None):
        raise ValueError("give exactly one of seed or deck")
    order = deck if deck is not None else shuffled(CARDS, seed)  # type: ignore[arg-type]
    base = seed if seed is not None else (reshuffle_seed or 0)
    return SkipBoJuniorState(players, options or SkipBoJuniorOptions(), order, first_player, base, reshuffles)


def replay_output(state: SkipBoJuniorState) -> dict:
    """The state in the shape ``python -m bot replay`` prints (without ``error``)."""
    result = state.result()
    return {
        "game": NAME,
        "status": state.status.value,
        "winner": state.winner,
        "standing": result.standing(),
        "stock_left": list(result.stock_left),
        "stock_tops": [s[-1] if s else None for s in state.stocks],
        "piles": [None if p is None else len(p) for p in state.piles],
        "slots": [[list(stack) for stack in seat] for seat in state.slots],
        "draw_pile": len(state.draw),
        "completed": len(state.pool),
        "reshuffles": state.reshuffle_count,
        "current_player": state.current,
        "turn": state.turn,
    }


# ---- buttons ---------------------------------------------------------------------------------
# A button carries its action as a short token: "ps_2" plays the stockpile top on pile 2, "p3_1"
# the top of side stack 3 on pile 1, "e" ends the turn. The seat comes from who clicked.


def encode_action(action: dict) -> str:
    kind = action["type"]
    if kind == "play":
        source = "s" if action["source"] == "stock" else action["source"]
        return f"p{source}_{action['pile']}"
    if kind == "end_turn":
        return "e"
    raise ValueError(f"no button carries {kind!r}")


def decode_action(token: str) -> dict:
    """The action a button's token names (without the seat); ValueError if it names none."""
    if token == "e":
        return {"type": "end_turn"}
    source, _, pile = token[1:].partition("_")
    if token[:1] == "p" and pile.isdigit() and (source == "s" or source.isdigit()):
        return {"type": "play", "source": "stock" if source == "s" else int(source), "pile": int(pile)}
    raise ValueError(f"{token!r} names no action of Skip-Bo Junior")
