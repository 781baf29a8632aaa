"""The Game: cooperative, 98 cards (2..99) onto two ascending and two descending piles.

Rules as RULES.md section 1 fixes them. Piles are numbered 1..4 at the boundary (1 and 2 ascend
from 1, 3 and 4 descend from 100) and indexed 0..3 inside. The state keeps plain lists and ints
so that AI and simulation loops stay fast; options and actions are typed models at the edge.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from bot.games.base import IllegalAction, Player, Status
from bot.games.shuffle import shuffled
from bot.i18n import N_

NAME = "the-game"
TITLE = "The Game"
MIN_PLAYERS = 1
MAX_PLAYERS = 5
CARDS = tuple(range(2, 100))
DECK_SIZE = len(CARDS)
PILES = 4
ASCENDING = (True, True, False, False)
START_TOPS = (1, 1, 100, 100)
BACKWARDS_STEP = 10
EXCELLENT_BELOW = 10
SIGNALS = ("dont_play", "good_card")
_ALL_CARDS = frozenset(CARDS)

_IN_PROGRESS = Status.IN_PROGRESS
_STRICT = ConfigDict(extra="forbid", strict=True, frozen=True)


def default_hand_size(players: int, smaller: bool = False) -> int:
    size = 8 if players == 1 else 7 if players == 2 else 6
    return size - 1 if smaller else size


class TheGameOptions(BaseModel):
    """Table options. ``hand_size`` and ``min_cards`` win over the expert switches."""

    model_config = _STRICT

    expert: bool = False
    smaller_hands: bool = False
    hand_size: Annotated[int, Field(ge=1, le=8)] | None = None
    min_cards: Annotated[int, Field(ge=1, le=4)] | None = None

    def resolved(self, players: int) -> tuple[int, int]:
        """Hand size and minimum per turn (while the draw pile has cards) for a player count."""
        hand = self.hand_size or default_hand_size(players, self.smaller_hands)
        minimum = self.min_cards or (3 if self.expert else 2)
        return hand, minimum


class Play(BaseModel):
    model_config = _STRICT
    type: Literal["play"] = "play"
    player: int
    card: int
    pile: int


class EndTurn(BaseModel):
    model_config = _STRICT
    type: Literal["end_turn"] = "end_turn"
    player: int


class SetSignal(BaseModel):
    model_config = _STRICT
    type: Literal["signal"] = "signal"
    player: int
    pile: int
    signal: Literal["dont_play", "good_card", "clear"]


class Leave(BaseModel):
    model_config = _STRICT
    type: Literal["leave"] = "leave"
    player: int


class Abandon(BaseModel):
    model_config = _STRICT
    type: Literal["abandon"] = "abandon"
    player: int | None = None


Action = Annotated[Play | EndTurn | SetSignal | Leave | Abandon, Field(discriminator="type")]
ACTION = TypeAdapter(Action)

_SIGNAL_KINDS = frozenset({"dont_play", "good_card", "clear"})


def record_of(action: dict, player: int) -> dict | None:
    """The record form of a click's action at seat `player` when it plainly is one, as
    ``ACTION.validate_python({**action, "player": player}).model_dump()`` gives it, without building
    a model (the hot path of a click). None for anything else: the caller validates it with
    ``ACTION``, which says why it is refused. Ints are exact ints and strings exact strings, as the
    strict models want them."""
    if type(player) is not int:
        return None
    kind = action.get("type")
    n = len(action) - ("player" in action)
    if kind == "play":
        card, pile = action.get("card"), action.get("pile")
        if n == 3 and type(card) is int and type(pile) is int:
            return {"type": "play", "player": player, "card": card, "pile": pile}
    elif kind == "end_turn":
        if n == 1:
            return {"type": "end_turn", "player": player}
    elif kind == "signal":
        pile, signal = action.get("pile"), action.get("signal")
        if n == 3 and type(pile) is int and type(signal) is str and signal in _SIGNAL_KINDS:
            return {"type": "signal", "player": player, "pile": pile, "signal": signal}
    return None


@dataclass(frozen=True, slots=True)
class SignalView:
    pile: int
    player: int
    signal: str


@dataclass(frozen=True, slots=True)
class PublicView:
    """Everything every seat and onlooker may see."""

    status: Status
    piles: tuple[int, int, int, int]
    draw_pile: int
    hand_sizes: tuple[int, ...]
    left: tuple[bool, ...]
    current_player: int
    played_this_turn: int
    min_cards: int
    signals: tuple[SignalView, ...]
    turn: int
    cards_left: int


@dataclass(frozen=True, slots=True)
class Result:
    """How a finished (or running) game stands: what stats and the final report need."""

    status: Status
    cards_left: int
    turns: int
    laid_by: tuple[int, ...]

    @property
    def excellent(self) -> bool:
        return self.cards_left < EXCELLENT_BELOW


@dataclass(frozen=True, slots=True)
class PrivateView:
    """One seat's view: the public board plus its own hand and where each card may go."""

    seat: int
    hand: tuple[int, ...]
    playable: dict[int, tuple[int, ...]]
    can_end_turn: bool
    public: PublicView


@dataclass(frozen=True, slots=True)
class SeatView:
    """What one seat may know when it decides: the board, the cards laid, its own hand and the
    cards it has not seen as a set. Other hands and the draw pile's order are not in it, so an AI
    that is handed a view cannot read them."""

    seat: int
    status: Status
    hand: tuple[int, ...]  # sorted
    piles: tuple[int, int, int, int]
    laid: frozenset[int]  # cards on the piles
    unseen: frozenset[int]  # neither laid nor in this hand: the other hands and the draw pile
    hand_sizes: tuple[int, ...]
    left: tuple[bool, ...]
    current: int
    played: int  # cards laid this turn
    min_cards: int  # the minimum in force now
    min_cards_full: int  # the table's minimum while the draw pile has cards
    draw_pile: int
    signals: tuple[SignalView, ...]
    turn: int

    @property
    def players(self) -> int:
        return len(self.hand_sizes)


def fits(card: int, pile_index: int, top: int) -> bool:
    """Whether ``card`` may go on the pile at ``pile_index`` (0..3) whose top is ``top``."""
    if ASCENDING[pile_index]:
        return card > top or card == top - BACKWARDS_STEP
    return card < top or card == top + BACKWARDS_STEP


def gap(card: int, pile_index: int, top: int) -> int:
    """How far a play moves the pile's top: negative for the backwards trick."""
    return card - top if ASCENDING[pile_index] else top - card


class TheGameState:
    """A game in progress. Methods that change state refuse illegal actions with IllegalAction."""

    __slots__ = (
        "current",
        "deck",
        "first_player",
        "hand_size",
        "hands",
        "history",
        "laid",
        "laid_by",
        "left",
        "min_cards",
        "min_cards_full",
        "next_draw",
        "piles",
        "played",
        "players",
        "signals",
        "status",
        "turn",
    )

    def __init__(
        self, players: int, hand_size: int, min_cards: int, deck: list[int], first_player: int = 0
    ) -> None:
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"The Game takes 1 to 5 players, not {players}")
        if sorted(deck) != list(CARDS):
            raise ValueError("the deck must hold each card 2..99 exactly once")
        if not 0 <= first_player < players:
            raise ValueError(f"first_player must be a seat 0..{players - 1}")
        self.players = players
        self.hand_size = hand_size
        self.min_cards_full = min_cards
        # The minimum in force now: the table's while the draw pile has cards, else 1.
        self.min_cards = min_cards if players * hand_size < DECK_SIZE else 1
        self.first_player = first_player
        self.deck = list(deck)
        self.piles = list(START_TOPS)
        # Hands are kept sorted: order means nothing in the rules, and the AI bisects them.
        self.hands = [sorted(self.deck[i * hand_size : (i + 1) * hand_size]) for i in range(players)]
        self.next_draw = players * hand_size
        self.current = first_player
        self.played = 0
        self.status = Status.IN_PROGRESS
        self.left = [False] * players
        # (pile index, player) -> (signal, turn number when set)
        self.signals: dict[tuple[int, int], tuple[str, int]] = {}
        self.turn = 1
        self.laid = 0
        self.laid_by = [0] * players
        self.history: list[tuple] = []
        self._check_loss()

    # ---- reading the state -------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.status is not Status.IN_PROGRESS

    @property
    def draw_pile(self) -> int:
        return DECK_SIZE - self.next_draw

    @property
    def cards_left(self) -> int:
        return DECK_SIZE - self.laid

    def playable(self, seat: int) -> list[tuple[int, int]]:
        """(card, pile index) pairs the seat could lay right now if it were its turn."""
        piles = self.piles
        return [(c, i) for c in self.hands[seat] for i in range(PILES) if fits(c, i, piles[i])]

    def has_play(self, seat: int) -> bool:
        a1, a2, d1, d2 = self.piles
        lo = a1 if a1 < a2 else a2
        hi = d1 if d1 > d2 else d2
        for c in self.hands[seat]:
            if c > lo or c < hi or c == a1 - 10 or c == a2 - 10 or c == d1 + 10 or c == d2 + 10:
                return True
        return False

    def can_end_turn(self, seat: int) -> bool:
        return not self.is_over and seat == self.current and self.played >= self.min_cards

    def legal_actions(self, seat: int) -> list[Play | EndTurn | SetSignal | Leave]:
        """Every action the seat may take now, as typed models."""
        if self.is_over or not 0 <= seat < self.players or self.left[seat]:
            return []
        out: list[Play | EndTurn | SetSignal | Leave] = []
        if seat == self.current:
            out += [Play(player=seat, card=c, pile=i + 1) for c, i in self.playable(seat)]
            if self.played >= self.min_cards:
                out.append(EndTurn(player=seat))
        for i in range(PILES):
            held = self.signals.get((i, seat))
            for kind in SIGNALS:
                if held is None or held[0] != kind:
                    out.append(SetSignal(player=seat, pile=i + 1, signal=kind))
            if held is not None:
                out.append(SetSignal(player=seat, pile=i + 1, signal="clear"))
        out.append(Leave(player=seat))
        return out

    def public_view(self) -> PublicView:
        return PublicView(
            status=self.status,
            piles=tuple(self.piles),  # type: ignore[arg-type]
            draw_pile=self.draw_pile,
            hand_sizes=tuple(len(h) for h in self.hands),
            left=tuple(self.left),
            current_player=self.current,
            played_this_turn=self.played,
            min_cards=self.min_cards,
            signals=self.signal_views(),
            turn=self.turn,
            cards_left=self.cards_left,
        )

    def private_view(self, seat: int) -> PrivateView:
        playable: dict[int, tuple[int, ...]] = {}
        if seat == self.current and not self.is_over:
            for c, i in self.playable(seat):
                playable[c] = (*playable.get(c, ()), i + 1)
        return PrivateView(
            seat=seat,
            hand=tuple(self.hands[seat]),
            playable=playable,
            can_end_turn=self.can_end_turn(seat),
            public=self.public_view(),
        )

    def result(self) -> Result:
        return Result(self.status, self.cards_left, self.turn, tuple(self.laid_by))

    def signal_views(self) -> tuple[SignalView, ...]:
        return tuple(
            SignalView(pile=i + 1, player=p, signal=kind)
            for (i, p), (kind, _) in sorted(self.signals.items())
        )

    # ---- changing the state ------------------------------------------------------------

    def apply(self, action: Play | EndTurn | SetSignal | Leave | Abandon) -> None:
        """Apply a typed action (see ``ACTION``); raises IllegalAction and changes nothing if refused."""
        match action:
            case Play():
                self.play(action.player, action.card, action.pile)
            case EndTurn():
                self.end_turn(action.player)
            case SetSignal():
                self.signal(action.player, action.pile, action.signal)
            case Leave():
                self.leave(action.player)
            case Abandon():
                self.abandon()

    def apply_record(self, raw: dict) -> None:
        """Apply an action in its record form without building a model: for logs this program wrote
        itself (a restart replays thousands). The rules are checked all the same."""
        kind = raw["type"]
        if kind == "play":
            self.play(raw["player"], raw["card"], raw["pile"])
        elif kind == "end_turn":
            self.end_turn(raw["player"])
        elif kind == "signal":
            self.signal(raw["player"], raw["pile"], raw["signal"])
        elif kind == "leave":
            self.leave(raw["player"])
        elif kind == "abandon":
            self.abandon()
        else:
            raise IllegalAction(N_("there is no action {kind} in {title}"), kind=repr(kind), title=TITLE)

    def _require_running(self) -> None:
        if self.status is not Status.IN_PROGRESS:
            raise IllegalAction(N_("the game is over ({status})"), status=self.status)

    def _require_seated(self, player: int) -> None:
        if not 0 <= player < self.players:
            raise IllegalAction(
                N_("there is no seat {seat} at a table of {players}"), seat=player, players=self.players
            )
        if self.left[player]:
            raise IllegalAction(N_("{player} has left the game"), player=Player(player))

    def _require_turn(self, player: int) -> None:
        self._require_seated(player)
        if player != self.current:
            raise IllegalAction(
                N_("it is {current}'s turn, not {player}'s"),
                current=Player(self.current),
                player=Player(player),
            )

    def play(self, player: int, card: int, pile: int) -> None:
        """Lay ``card`` from the player's hand on pile ``pile`` (1..4)."""
        if self.status is _IN_PROGRESS and player == self.current and 0 < pile < 5:
            piles = self.piles
            top = piles[pile - 1]
            hand = self.hands[player]
            if ((card > top or card == top - 10) if pile < 3 else (card < top or card == top + 10)) and (
                card in hand
            ):
                hand.remove(card)
                piles[pile - 1] = card
                played = self.played = self.played + 1
                laid = self.laid = self.laid + 1
                self.laid_by[player] += 1
                self.history.append(("play", player, card, pile))
                if laid == 98:
                    self.status = Status.WON
                elif played < self.min_cards:
                    a1, a2, d1, d2 = piles
                    lo = a1 if a1 < a2 else a2
                    hi = d1 if d1 > d2 else d2
                    for c in hand:
                        if c > lo or c < hi or c == a1 - 10 or c == a2 - 10 or c == d1 + 10 or c == d2 + 10:
                            return
                    self.status = Status.LOST
                return
        self._refuse_play(player, card, pile)

    def _refuse_play(self, player: int, card: int, pile: int) -> None:
        self._require_running()
        self._require_turn(player)
        if not 1 <= pile <= PILES:
            raise IllegalAction(N_("there is no pile {pile}; piles are numbered 1 to 4"), pile=pile)
        if card not in self.hands[player]:
            raise IllegalAction(N_("card {card} is not in {player}'s hand"), card=card, player=Player(player))
        top = self.piles[pile - 1]
        if ASCENDING[pile - 1]:
            raise IllegalAction(
                N_("card {card} may not go on pile {pile} (ascending, top {top})"),
                card=card,
                pile=pile,
                top=top,
            )
        raise IllegalAction(
            N_("card {card} may not go on pile {pile} (descending, top {top})"), card=card, pile=pile, top=top
        )

    def end_turn(self, player: int) -> None:
        """End the turn once the minimum is laid: draw back to the hand size, pass clockwise."""
        if self.status is not Status.IN_PROGRESS or player != self.current:
            self._require_running()
            self._require_turn(player)
        if self.played < self.min_cards:
            need = self.min_cards
            raise IllegalAction.ngettext(
                "lay at least {need} card before ending the turn ({laid} laid so far)",
                "lay at least {need} cards before ending the turn ({laid} laid so far)",
                need,
                need=need,
                laid=self.played,
            )
        hand = self.hands[player]
        take = self.hand_size - len(hand)
        start = self.next_draw
        if take > 0 and start < 98:
            stop = start + take
            hand.extend(self.deck[start:stop])
            hand.sort()
            if stop >= 98:
                self.next_draw = 98
                self.min_cards = 1
            else:
                self.next_draw = stop
        if self.signals:
            turn = self.turn
            for key in [k for k, (_, since) in self.signals.items() if k[1] == player and since < turn]:
                del self.signals[key]
        self.history.append(("end_turn", player))
        self._pass_turn()

    def signal(self, player: int, pile: int, kind: str) -> None:
        """Set or clear the player's signal on a pile; it changes no rule state."""
        self._require_running()
        self._require_seated(player)
        if not 1 <= pile <= PILES:
            raise IllegalAction(N_("there is no pile {pile}; piles are numbered 1 to 4"), pile=pile)
        if kind == "clear":
            self.signals.pop((pile - 1, player), None)
        elif kind in SIGNALS:
            self.signals[(pile - 1, player)] = (kind, self.turn)
        else:
            raise IllegalAction(N_("unknown signal {kind}"), kind=repr(kind))
        self.history.append(("signal", player, pile, kind))

    def leave(self, player: int) -> None:
        """The seat leaves: its hand goes out of play; on its turn, the turn passes without a draw."""
        self._require_running()
        self._require_seated(player)
        self.left[player] = True
        self.history.append(("leave", player))
        if player == self.current:
            self._pass_turn()

    def abandon(self) -> None:
        """A host or moderator ends the game; it is scored as cards not laid."""
        self._require_running()
        self.status = Status.ABANDONED
        self.history.append(("abandon",))

    def _pass_turn(self) -> None:
        players = self.players
        hands = self.hands
        left = self.left
        for step in range(1, players + 1):
            seat = (self.current + step) % players
            if hands[seat] and not left[seat]:
                self.current = seat
                break
        else:
            # Nobody seated holds a card: the cards still out can never be laid.
            self.status = Status.LOST
            return
        self.played = 0
        self.turn += 1
        if not self.has_play(self.current):
            self.status = Status.LOST

    def _check_loss(self) -> None:
        if self.played < self.min_cards and not self.has_play(self.current):
            self.status = Status.LOST

    # ---- records -------------------------------------------------------------------------

    def action_dicts(self) -> list[dict]:
        """The accepted actions in record form."""
        out: list[dict] = []
        for entry in self.history:
            kind = entry[0]
            if kind == "play":
                out.append({"player": entry[1], "type": "play", "card": entry[2], "pile": entry[3]})
            elif kind == "signal":
                out.append({"player": entry[1], "type": "signal", "pile": entry[2], "signal": entry[3]})
            elif kind == "abandon":
                out.append({"type": "abandon"})
            else:
                out.append({"player": entry[1], "type": kind})
        return out

    def pile_tops_by_turn(self) -> list[tuple[int, int, int, int]]:
        """The four pile tops at the start and after every turn, for the final report's chart."""
        tops = list(START_TOPS)
        out = [tuple(tops)]
        for entry in self.history:
            if entry[0] == "play":
                tops[entry[3] - 1] = entry[2]  # piles are numbered 1..4
            elif entry[0] in ("end_turn", "abandon"):
                out.append(tuple(tops))
        if tuple(tops) != out[-1]:
            out.append(tuple(tops))  # the game ended inside a turn
        return out  # type: ignore[return-value]

    def to_record(self) -> dict:
        """The whole game as a record (see docs/records.md); replaying it gives this state."""
        return {
            "game": NAME,
            "players": self.players,
            "options": {"hand_size": self.hand_size, "min_cards": self.min_cards_full},
            "first_player": self.first_player,
            "deck": list(self.deck),
            "actions": self.action_dicts(),
        }


def seat_view(state: TheGameState, seat: int) -> SeatView:
    """The view of ``seat`` (0-based): what an AI in that seat may read."""
    hand = tuple(state.hands[seat])
    unseen = frozenset(state.deck[state.next_draw :]).union(
        *(h for s, h in enumerate(state.hands) if s != seat)
    )
    return SeatView(
        seat=seat,
        status=state.status,
        hand=hand,
        piles=tuple(state.piles),  # type: ignore[arg-type]
        laid=_ALL_CARDS.difference(unseen, hand),
        unseen=unseen,
        hand_sizes=tuple(len(h) for h in state.hands),
        left=tuple(state.left),
        current=state.current,
        played=state.played,
        min_cards=state.min_cards,
        min_cards_full=state.min_cards_full,
        draw_pile=state.draw_pile,
        signals=state.signal_views(),
        turn=state.turn,
    )


def new_game(
    players: int,
    options: TheGameOptions | None = None,
    *,
    seed: int | None = None,
    deck: list[int] | None = None,
    first_player: int = 0,
) -> TheGameState:
    """Create a game from options and either an explicit deck order or a seed."""
    if (seed is None) == (deck is None):
        raise ValueError("give exactly one of seed or deck")
    hand, minimum = (options or TheGameOptions()).resolved(players)
    order = deck if deck is not None else shuffled(CARDS, seed)  # type: ignore[arg-type]
    return TheGameState(players, hand, minimum, order, first_player)


def replay_output(state: TheGameState) -> dict:
    """The state in the shape ``python -m bot replay`` prints (without ``error``)."""
    return {
        "game": NAME,
        "status": state.status.value,
        "cards_left": state.cards_left,
        "piles": list(state.piles),
        "draw_pile": state.draw_pile,
        "hands": [list(h) for h in state.hands],
        "current_player": state.current,
        "played_this_turn": state.played,
        "min_cards": state.min_cards,
        "signals": [{"pile": s.pile, "player": s.player, "signal": s.signal} for s in state.signal_views()],
        "left": [p for p in range(state.players) if state.left[p]],
        "turn": state.turn,
        "laid_by": list(state.laid_by),
    }


# ---- buttons ---------------------------------------------------------------------------------
# A button carries its action as a short token (letters, digits and "_"): "p47_1" lays 47 on pile
# 1, "e" ends the turn, "s2_dont_play" sets a signal on pile 2. The seat comes from who clicked.


def encode_action(action: dict) -> str:
    kind = action["type"]
    if kind == "play":
        return f"p{action['card']}_{action['pile']}"
    if kind == "end_turn":
        return "e"
    if kind == "signal":
        return f"s{action['pile']}_{action['signal']}"
    raise ValueError(f"no button carries {kind!r}")


def decode_action(token: str) -> dict:
    """The action a button's token names (without the seat); ValueError if it names none."""
    head, rest = token[:1], token[1:]
    if head == "e" and not rest:
        return {"type": "end_turn"}
    first, _, second = rest.partition("_")
    if head == "p" and first.isdigit() and second.isdigit():
        return {"type": "play", "card": int(first), "pile": int(second)}
    if head == "s" and first.isdigit() and second in (*SIGNALS, "clear"):
        return {"type": "signal", "pile": int(first), "signal": second}
    raise ValueError(f"{token!r} names no action of {TITLE}")
