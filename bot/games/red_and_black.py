"""Red and Black: four players, secret hands, two matched sequences of seven cards win a deal.

Rules as RULES.md section 3 fixes them. 72 cards: ranks 1..9, four red and four black of each.
Cards are written ``"7R"`` / ``"7B"`` at every boundary; inside they are ints (rank, plus 10 for
black) so that hands are cheap to count. Seats are 0..3 clockwise.

A deal: 14 cards each, one at a time from the dealer's left; the 57th card starts the discard
pile, the last 15 are the stock. A turn is a draw (stock or discard) and then a discard, or a
declaration of two matched sequences. The stock runs out twice at most; see ``discard``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import combinations_with_replacement
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from bot.games.base import IllegalAction, Player, Status
from bot.games.shuffle import derive_seed, shuffled
from bot.i18n import N_

NAME = "red-and-black"
TITLE = "Red and Black"
PLAYERS = 4
MIN_PLAYERS = MAX_PLAYERS = PLAYERS
HAND = 14
RANKS = range(1, 10)
BLACK = 10
DEALS = 8
TARGET = 300
MAX_DEALS_TO_TARGET = 50  # Deckhand's own guard: a game played to 300 ends after 50 deals at most
TURN_CAP = 200
STOCK_SIZE = 15

_STRICT = ConfigDict(extra="forbid", strict=True, frozen=True)


def code(name: str) -> int:
    """'7R' -> 7, '7B' -> 17; ValueError for anything else."""
    if len(name) != 2 or name[0] not in "123456789" or name[1] not in "RB":
        raise ValueError(f"{name!r} is not a card; cards are written 1R..9R and 1B..9B")
    return int(name[0]) + (BLACK if name[1] == "B" else 0)


def name(card: int) -> str:
    return f"{card % BLACK}{'B' if card > BLACK else 'R'}"


def rank(card: int) -> int:
    return card % BLACK


CARD_NAMES = tuple(f"{r}{c}" for r in RANKS for c in "RB")
CARDS = tuple(sorted(code(n) for n in CARD_NAMES for _ in range(4)))  # 72

# ---- matched sequences -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Kind:
    """A matched sequence: ascending from ``start`` (1..6) or descending from ``start`` (4..9)."""

    ascending: bool
    start: int

    @property
    def ranks(self) -> tuple[int, ...]:
        s = self.start
        if self.ascending:
            return (s, s + 1, s + 2, s + 3, s + 2, s + 1, s)
        return (s, s - 1, s - 2, s - 3, s - 2, s - 1, s)

    @property
    def points(self) -> int:
        """2 x the lowest card (ascending) or 2 x the highest (descending): 2 x start both ways."""
        return 2 * self.start

    def label(self) -> str:
        return "-".join(map(str, self.ranks))


KINDS = tuple([Kind(True, a) for a in range(1, 7)] + [Kind(False, h) for h in range(4, 10)])


def _rank_counts(ranks) -> tuple[int, ...]:
    counts = [0] * 10
    for r in ranks:
        counts[r] += 1
    return tuple(counts)


_KIND_COUNTS = {k: _rank_counts(k.ranks) for k in KINDS}


@cache
def _pairs_by_counts() -> dict[tuple[int, ...], tuple[tuple[Kind, Kind], ...]]:
    """Rank counts of 14 cards -> every pair of sequences that uses exactly those ranks."""
    out: dict[tuple[int, ...], list[tuple[Kind, Kind]]] = {}
    for a, b in combinations_with_replacement(KINDS, 2):
        key = tuple(x + y for x, y in zip(_KIND_COUNTS[a], _KIND_COUNTS[b], strict=True))
        if max(key) <= 8:
            out.setdefault(key, []).append((a, b))
    return {k: tuple(v) for k, v in out.items()}


def _multiplier(kinds) -> int:
    return 1 + sum(not k.ascending for k in kinds)


def splits(cards: list[int]) -> tuple[tuple[Kind, Kind], ...]:
    """Every way 14 cards form two matched sequences (colours aside)."""
    if len(cards) != HAND:
        return ()
    return _pairs_by_counts().get(_rank_counts(rank(c) for c in cards), ())


def closest_pair(ranks: list[int]) -> tuple[tuple[Kind, tuple[int, ...]], tuple[Kind, tuple[int, ...]]]:
    """The two disjoint sequences a hand is closest to, each with the ranks it still misses: the
    pair whose 14 cards the hand holds most of (colours aside), then the one worth more."""
    held = _rank_counts(ranks)
    best: tuple[int, int, Kind, Kind] | None = None
    for a, b in combinations_with_replacement(KINDS, 2):
        need = [x + y for x, y in zip(_KIND_COUNTS[a], _KIND_COUNTS[b], strict=True)]
        have = sum(min(h, n) for h, n in zip(held, need, strict=True))
        worth = (a.points + b.points) * _multiplier((a, b))
        if best is None or (have, worth) > best[:2]:
            best = (have, worth, a, b)
    assert best is not None
    _, _, a, b = best
    left = list(held)
    out = []
    for kind in (a, b):  # the hand's cards go to the first sequence, then to the second
        missing = []
        for r in kind.ranks:
            if left[r]:
                left[r] -= 1
            else:
                missing.append(r)
        out.append((kind, tuple(sorted(missing))))
    return out[0], out[1]


def winner_score(cards: list[int], round_: int) -> tuple[int, tuple[Kind, Kind]]:
    """The winner's score for the 14 cards shown, and the split it counts (the highest)."""
    options = splits(cards)
    if not options:
        raise ValueError("these 14 cards do not form two matched sequences")
    one_colour = len({c > BLACK for c in cards}) == 1
    best: tuple[int, tuple[Kind, Kind]] | None = None
    for a, b in options:
        total = (25 if round_ == 1 else 15) + (10 if one_colour else 0) + (10 if a == b else 0)
        total = (total + a.points + b.points) * _multiplier((a, b))
        if best is None or total > best[0]:
            best = (total, (a, b))
    return best  # type: ignore[return-value]


def _fits(need: list[tuple[Kind, str]], red: list[int], black: list[int]) -> bool:
    """Whether sequences with colour demands ('R', 'B' or 'M' for any) fit in the counts."""
    for r in RANKS:
        want_r = want_b = want_any = 0
        for kind, colour in need:
            n = _KIND_COUNTS[kind][r]
            if colour == "R":
                want_r += n
            elif colour == "B":
                want_b += n
            else:
                want_any += n
        if want_r > red[r] or want_b > black[r] or want_r + want_b + want_any > red[r] + black[r]:
            return False
    return True


def other_score(cards: list[int]) -> tuple[int, tuple[tuple[Kind, str], ...]]:
    """A non-winner's score: the best 0, 1 or 2 disjoint sequences in the cards.

    Each sequence scores 10 in one colour ('R'/'B'), 5 mixed ('M'), plus its points; the total is
    doubled for one descending sequence and tripled for two.
    """
    red = [0] * 10
    black = [0] * 10
    for c in cards:
        (black if c > BLACK else red)[rank(c)] += 1
    singles = [(k, col) for k in KINDS for col in "RBM" if _fits([(k, col)], red, black)]
    best: tuple[int, tuple[tuple[Kind, str], ...]] = (0, ())

    def value(chosen) -> int:
        base = sum((10 if col != "M" else 5) + k.points for k, col in chosen)
        return base * _multiplier([k for k, _ in chosen])

    for i, one in enumerate(singles):
        if value([one]) > best[0]:
            best = (value([one]), (one,))
        for two in singles[i:]:
            pair = [one, two]
            v = value(pair)
            if v > best[0] and _fits(pair, red, black):
                best = (v, (one, two))
    return best


# ---- options and actions -------------------------------------------------------------------


class RedAndBlackOptions(BaseModel):
    """``to_300``: play until someone has 300 at the end of a deal, instead of 8 deals."""

    model_config = _STRICT

    to_300: bool = False


class Draw(BaseModel):
    model_config = _STRICT
    type: Literal["draw"] = "draw"
    player: int
    source: Literal["stock", "discard"]


class Discard(BaseModel):
    model_config = _STRICT
    type: Literal["discard"] = "discard"
    player: int
    card: str


class Declare(BaseModel):
    model_config = _STRICT
    type: Literal["declare"] = "declare"
    player: int
    card: str


class EndPlay(BaseModel):
    model_config = _STRICT
    type: Literal["end_play"] = "end_play"
    player: int


class Abandon(BaseModel):
    model_config = _STRICT
    type: Literal["abandon"] = "abandon"
    player: int | None = None


Action = Annotated[Draw | Discard | Declare | EndPlay | Abandon, Field(discriminator="type")]
ACTION = TypeAdapter(Action)

DRAW, DISCARD, WAITING = "draw", "discard", "waiting"


@dataclass(frozen=True, slots=True)
class DealScore:
    """How one deal ended and what each seat scored."""

    number: int  # 1-based
    dealer: int
    winner: int | None
    round: int
    reason: str  # "declared", "ended" (a player ended the play), "stock" (out twice), "cap"
    scores: tuple[int, ...]
    shown: tuple[str, ...]  # per seat: the sequences that scored, e.g. "4-5-6-7-6-5-4 red"


@dataclass(frozen=True, slots=True)
class PublicView:
    status: Status
    deal: int  # 1-based
    dealer: int
    current_player: int
    phase: str
    round: int
    final_phase: bool
    stock: int
    discard_top: str | None
    discard_count: int
    hand_sizes: tuple[int, ...]
    totals: tuple[int, ...]
    deals: tuple[DealScore, ...]
    turn: int


@dataclass(frozen=True, slots=True)
class PrivateView:
    seat: int
    hand: tuple[str, ...]
    taken: str | None
    can_draw_stock: bool
    can_take_discard: bool
    can_end_play: bool
    discardable: tuple[str, ...]
    declarable: tuple[str, ...]  # discards after which the other 14 win
    public: PublicView


@dataclass(frozen=True, slots=True)
class SeatView:
    """What one seat may know when it decides: its own hand, the table, and what everyone saw
    happen in this deal: every discard and every card taken from the discard pile, in order.
    ``unseen`` holds the cards it cannot see now (the other hands and the stock) as a multiset;
    other hands and the stock's order are not in it, so an AI handed a view cannot read them."""

    seat: int
    status: Status
    deal: int  # 0-based
    dealer: int
    current: int
    phase: str
    round: int
    final_phase: bool
    hand: tuple[int, ...]  # sorted card codes
    taken: int | None  # the card this seat just took from the discard pile
    stock: int
    discards: tuple[int, ...]  # the discard pile, oldest first
    hand_sizes: tuple[int, ...]
    totals: tuple[int, ...]
    turn: int
    history: tuple[tuple[str, int, int], ...]  # ("stock" | "take" | "discard", seat, card; 0 unknown)
    unseen: tuple[int, ...]  # sorted: every card but this hand and the discard pile


@dataclass(frozen=True, slots=True)
class Result:
    status: Status
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    deals: tuple[DealScore, ...]

    def standing(self) -> list[int]:
        return sorted(range(len(self.totals)), key=lambda s: (-self.totals[s], s))


def deal_order(seed: int, deal_index: int) -> list[int]:
    """The card order of deal ``deal_index`` (0-based) for a seeded game."""
    return shuffled(CARDS, derive_seed(seed, deal_index))


class RedAndBlackState:
    def __init__(
        self,
        options: RedAndBlackOptions,
        *,
        seed: int | None = None,
        decks: list[list[int]] | None = None,
        first_dealer: int = 0,
    ) -> None:
        if (seed is None) == (decks is None):
            raise ValueError("give exactly one of seed or decks")
        for d in decks or []:
            if sorted(d) != list(CARDS):
                raise ValueError("each deck must hold four of every card 1R..9R and 1B..9B (72 cards)")
        if not 0 <= first_dealer < PLAYERS:
            raise ValueError("first_dealer must be a seat 0..3")
        self.players = PLAYERS
        self.options = options
        self.seed = seed
        self.decks = [list(d) for d in decks or []]
        self.first_dealer = first_dealer
        self.status = Status.IN_PROGRESS
        self.totals = [0] * PLAYERS
        self.deals: list[DealScore] = []
        self.history: list[tuple] = []
        self.deal_index = 0
        self.hands: list[list[int]] = [[] for _ in range(PLAYERS)]
        self.stock: list[int] = []
        self.discards: list[int] = []
        self.dealer = first_dealer
        self.current = (first_dealer + 1) % PLAYERS
        self.phase = WAITING
        self.round = 1
        self.taken: int | None = None
        self.drew_stock = False
        self.last_drawer: int | None = None
        self.turn = 0
        self.turns_total = 0  # turns over all deals
        self.left = [False] * PLAYERS  # no seat leaves this game; an absent one is played by an AI
        self._start_deal()

    # ---- reading -------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.status is not Status.IN_PROGRESS

    @property
    def final_phase(self) -> bool:
        return self.last_drawer is not None

    def declarable(self, seat: int) -> list[int]:
        """Cards the seat may discard now and win with the other 14."""
        if self.phase != DISCARD or seat != self.current or self.is_over:
            return []
        hand = self.hands[seat]
        out = []
        for card in sorted(set(hand)):
            if card == self.taken:
                continue
            rest = list(hand)
            rest.remove(card)
            if splits(rest):
                out.append(card)
        return out

    def discardable(self, seat: int) -> list[int]:
        if self.phase != DISCARD or seat != self.current or self.is_over:
            return []
        return [c for c in sorted(set(self.hands[seat])) if c != self.taken]

    def legal_actions(self, seat: int) -> list:
        if self.is_over or seat != self.current or self.phase == WAITING:
            return []
        if self.phase == DRAW:
            out: list = []
            if self.stock:
                out.append(Draw(player=seat, source="stock"))
            if self.discards:
                out.append(Draw(player=seat, source="discard"))
            if self.final_phase:
                out.append(EndPlay(player=seat))
            return out
        win = set(self.declarable(seat))
        return [Discard(player=seat, card=name(c)) for c in self.discardable(seat)] + [
            Declare(player=seat, card=name(c)) for c in sorted(win)
        ]

    def public_view(self) -> PublicView:
        return PublicView(
            status=self.status,
            # The deal being played; once the last deal is scored, that last one (not one more).
            deal=self.deal_index + (self.status is not Status.FINISHED),
            dealer=self.dealer,
            current_player=self.current,
            phase=self.phase,
            round=self.round,
            final_phase=self.final_phase,
            stock=len(self.stock),
            discard_top=name(self.discards[-1]) if self.discards else None,
            discard_count=len(self.discards),
            hand_sizes=tuple(len(h) for h in self.hands),
            totals=tuple(self.totals),
            deals=tuple(self.deals),
            turn=self.turn,
        )

    def private_view(self, seat: int) -> PrivateView:
        mine = seat == self.current and not self.is_over
        return PrivateView(
            seat=seat,
            hand=tuple(name(c) for c in sorted(self.hands[seat])),
            taken=name(self.taken) if mine and self.taken is not None else None,
            can_draw_stock=mine and self.phase == DRAW and bool(self.stock),
            can_take_discard=mine and self.phase == DRAW and bool(self.discards),
            can_end_play=mine and self.phase == DRAW and self.final_phase,
            discardable=tuple(name(c) for c in self.discardable(seat)),
            declarable=tuple(name(c) for c in self.declarable(seat)),
            public=self.public_view(),
        )

    def result(self) -> Result:
        best = max(self.totals)
        winners = (
            tuple(s for s in range(PLAYERS) if self.totals[s] == best)
            if self.status is Status.FINISHED
            else ()
        )
        return Result(self.status, tuple(self.totals), winners, tuple(self.deals))

    # ---- changing ------------------------------------------------------------------------

    def apply(self, action) -> None:
        match action:
            case Draw():
                self.draw(action.player, action.source)
            case Discard():
                self.discard(action.player, self._card(action.card))
            case Declare():
                self.declare(action.player, self._card(action.card))
            case EndPlay():
                self.end_play(action.player)
            case Abandon():
                self.abandon()

    def apply_record(self, raw: dict) -> None:
        """Apply an action in its record form without building a model (logs this program wrote)."""
        kind = raw["type"]
        if kind == "draw":
            self.draw(raw["player"], raw["source"])
        elif kind == "discard":
            self.discard(raw["player"], self._card(raw["card"]))
        elif kind == "declare":
            self.declare(raw["player"], self._card(raw["card"]))
        elif kind == "end_play":
            self.end_play(raw["player"])
        elif kind == "abandon":
            self.abandon()
        else:
            raise IllegalAction(N_("there is no action {kind} in {title}"), kind=repr(kind), title=TITLE)

    @staticmethod
    def _card(text: str) -> int:
        try:
            return code(text)
        except ValueError:
            raise IllegalAction(
                N_("{card} is not a card; cards are written 1R..9R and 1B..9B"), card=repr(text)
            ) from None

    def _require(self, player: int, phase: str) -> None:
        if self.status is not Status.IN_PROGRESS:
            raise IllegalAction(N_("the game is over ({status})"), status=self.status)
        if self.phase == WAITING:
            raise IllegalAction(
                N_("the record gives no card order for deal {deal}"), deal=self.deal_index + 1
            )
        if not 0 <= player < PLAYERS:
            raise IllegalAction(N_("there is no seat {seat}; seats are 0 to 3"), seat=player)
        if player != self.current:
            raise IllegalAction(
                N_("it is {current}'s turn, not {player}'s"),
                current=Player(self.current),
                player=Player(player),
            )
        if self.phase != phase:
            if phase == DISCARD:
                raise IllegalAction(N_("draw a card first"))
            raise IllegalAction(N_("you have drawn; now discard a card"))

    def draw(self, player: int, source: str) -> None:
        self._require(player, DRAW)
        if source == "stock":
            if not self.stock:
                raise IllegalAction(N_("the stock is used up: take the discard or end the play"))
            card = self.stock.pop()
            self.drew_stock = True
            self.taken = None
        elif source == "discard":
            if not self.discards:
                raise IllegalAction(N_("the discard pile is empty"))
            card = self.discards.pop()
            self.drew_stock = False
            self.taken = card
        else:
            raise IllegalAction(N_("draw from 'stock' or 'discard', not {source}"), source=repr(source))
        self.hands[player].append(card)
        self.phase = DISCARD
        self.history.append(("draw", player, source))

    def _take_out(self, player: int, card: int, declare: bool) -> None:
        hand = self.hands[player]
        if card not in hand:
            raise IllegalAction(
                N_("{card} is not in {player}'s hand"), card=name(card), player=Player(player)
            )
        if card == self.taken and declare:
            raise IllegalAction(
                N_("{card} was just taken from the discard pile; declare with another card"), card=name(card)
            )
        if card == self.taken:
            raise IllegalAction(
                N_("{card} was just taken from the discard pile; discard another card"), card=name(card)
            )

    def discard(self, player: int, card: int) -> None:
        self._require(player, DISCARD)
        self._take_out(player, card, declare=False)
        self.hands[player].remove(card)
        self.history.append(("discard", player, name(card)))
        if not self.stock and self.drew_stock and self.round == 1:
            # First stock out: the discards, oldest on top, become the stock; this discard starts anew.
            self.stock = list(reversed(self.discards))
            self.discards = [card]
            self.round = 2
        else:
            self.discards.append(card)
            if not self.stock and self.drew_stock and self.round == 2 and self.last_drawer is None:
                self.last_drawer = player  # second stock out: the final phase begins
        self.turn += 1
        self.turns_total += 1
        if self.turn >= TURN_CAP:
            self._end_deal(None, "cap")
            return
        self._next(player)

    def declare(self, player: int, card: int) -> None:
        self._require(player, DISCARD)
        self._take_out(player, card, declare=True)
        rest = list(self.hands[player])
        rest.remove(card)
        if not splits(rest):
            raise IllegalAction(N_("the other 14 cards do not form two matched sequences"))
        self.hands[player] = rest
        self.discards.append(card)
        self.turn += 1
        self.turns_total += 1
        self.history.append(("declare", player, name(card)))
        self._end_deal(player, "declared")

    def end_play(self, player: int) -> None:
        self._require(player, DRAW)
        if not self.final_phase:
            raise IllegalAction(N_("the play may be ended only after the stock has run out twice"))
        self.history.append(("end_play", player))
        self.turns_total += 1
        self._end_deal(None, "ended")

    def abandon(self) -> None:
        if self.status is not Status.IN_PROGRESS:
            raise IllegalAction(N_("the game is over ({status})"), status=self.status)
        self.status = Status.ABANDONED
        self.history.append(("abandon",))

    def _next(self, player: int) -> None:
        nxt = (player + 1) % PLAYERS
        if self.last_drawer is not None and nxt == self.last_drawer:
            self._end_deal(None, "stock")
            return
        self.current = nxt
        self.phase = DRAW
        self.taken = None
        self.drew_stock = False

    # ---- deals ---------------------------------------------------------------------------

    def _start_deal(self) -> None:
        self.dealer = (self.first_dealer + self.deal_index) % PLAYERS
        self.current = (self.dealer + 1) % PLAYERS
        self.round = 1
        self.taken = None
        self.drew_stock = False
        self.last_drawer = None
        self.turn = 0
        if self.seed is not None:
            order = deal_order(self.seed, self.deal_index)
        elif self.deal_index < len(self.decks):
            order = self.decks[self.deal_index]
        else:
            self.hands = [[] for _ in range(PLAYERS)]
            self.stock, self.discards = [], []
            self.phase = WAITING
            return
        self.hands = [[] for _ in range(PLAYERS)]
        for i in range(PLAYERS * HAND):
            self.hands[(self.dealer + 1 + i) % PLAYERS].append(order[i])
        self.discards = [order[PLAYERS * HAND]]
        self.stock = list(reversed(order[PLAYERS * HAND + 1 :]))  # the next card is last
        self.phase = DRAW

    def _end_deal(self, winner: int | None, reason: str) -> None:
        scores = []
        shown = []
        for seat in range(PLAYERS):
            if seat == winner:
                value, pair = winner_score(self.hands[seat], self.round)
                scores.append(value)
                shown.append(", ".join(k.label() for k in pair))
            else:
                value, chosen = other_score(self.hands[seat])
                scores.append(value)
                colours = {"R": "red", "B": "black", "M": "mixed"}
                shown.append(", ".join(f"{k.label()} {colours[c]}" for k, c in chosen))
        for seat, value in enumerate(scores):
            self.totals[seat] += value
        self.deals.append(
            DealScore(
                self.deal_index + 1, self.dealer, winner, self.round, reason, tuple(scores), tuple(shown)
            )
        )
        self.history.append(("deal_end",))
        self.deal_index += 1
        if self.options.to_300:
            over = max(self.totals) >= TARGET or self.deal_index >= MAX_DEALS_TO_TARGET
        else:
            over = self.deal_index >= DEALS
        if over:
            self.status = Status.FINISHED
            self.phase = WAITING
            return
        self._start_deal()

    # ---- records -------------------------------------------------------------------------

    def action_dicts(self) -> list[dict]:
        out: list[dict] = []
        for entry in self.history:
            kind = entry[0]
            if kind == "draw":
                out.append({"player": entry[1], "type": "draw", "source": entry[2]})
            elif kind in ("discard", "declare"):
                out.append({"player": entry[1], "type": kind, "card": entry[2]})
            elif kind == "end_play":
                out.append({"player": entry[1], "type": "end_play"})
            elif kind == "abandon":
                out.append({"type": "abandon"})
        return out

    def to_record(self) -> dict:
        cards = (
            {"seed": self.seed}
            if self.seed is not None
            else {"decks": [[name(c) for c in d] for d in self.decks]}
        )
        return {
            "game": NAME,
            "players": PLAYERS,
            "options": self.options.model_dump(),
            "first_dealer": self.first_dealer,
            **cards,
            "actions": self.action_dicts(),
        }


def _deal_events(state: RedAndBlackState) -> tuple[tuple[str, int, int], ...]:
    """The public events of the deal in progress, with the card of every take (the top of the
    discard pile at that moment), found by walking the deal's history from its first discard."""
    start = len(state.history)
    while start and state.history[start - 1][0] != "deal_end":
        start -= 1
    if state.seed is not None:
        first = _first_discard(state.seed, state.deal_index)
    else:
        first = state.decks[state.deal_index][PLAYERS * HAND]
    pile = [first]
    stock = STOCK_SIZE
    drew_stock = False
    round_ = 1
    out: list[tuple[str, int, int]] = []
    for entry in state.history[start:]:
        kind, seat = entry[0], entry[1]
        if kind == "draw" and entry[2] == "stock":
            stock -= 1
            drew_stock = True
            out.append(("stock", seat, 0))
        elif kind == "draw":
            drew_stock = False
            out.append(("take", seat, pile.pop()))
        elif kind == "discard":
            card = code(entry[2])
            out.append(("discard", seat, card))
            if not stock and drew_stock and round_ == 1:
                stock, pile, round_ = len(pile), [card], 2
            else:
                pile.append(card)
    return tuple(out)


@cache
def _first_discard(seed: int, deal_index: int) -> int:
    return deal_order(seed, deal_index)[PLAYERS * HAND]


def seat_view(state: RedAndBlackState, seat: int) -> SeatView:
    """The view of ``seat`` (0..3): what an AI in that seat may read."""
    left = [0] * (2 * BLACK)
    for card in CARDS:
        left[card] += 1
    hand = tuple(sorted(state.hands[seat]))
    for card in (*hand, *state.discards):
        left[card] -= 1
    return SeatView(
        seat=seat,
        status=state.status,
        deal=state.deal_index,
        dealer=state.dealer,
        current=state.current,
        phase=state.phase,
        round=state.round,
        final_phase=state.final_phase,
        hand=hand,
        taken=state.taken if seat == state.current else None,
        stock=len(state.stock),
        discards=tuple(state.discards),
        hand_sizes=tuple(len(h) for h in state.hands),
        totals=tuple(state.totals),
        turn=state.turn,
        history=_deal_events(state) if state.phase != WAITING else (),
        unseen=tuple(card for card in range(2 * BLACK) for _ in range(left[card])),
    )


def new_game(
    options: RedAndBlackOptions | None = None,
    *,
    seed: int | None = None,
    decks: list[list[int]] | None = None,
    first_dealer: int = 0,
) -> RedAndBlackState:
    return RedAndBlackState(
        options or RedAndBlackOptions(), seed=seed, decks=decks, first_dealer=first_dealer
    )


def replay_output(state: RedAndBlackState) -> dict:
    result = state.result()
    return {
        "game": NAME,
        "status": state.status.value,
        "totals": list(state.totals),
        "winners": list(result.winners),
        "standing": result.standing(),
        "deals": [
            {
                "deal": d.number,
                "dealer": d.dealer,
                "winner": d.winner,
                "round": d.round,
                "ended_by": d.reason,
                "scores": list(d.scores),
                "sequences": list(d.shown),
            }
            for d in state.deals
        ],
        "deal": state.deal_index + 1 if not state.is_over else len(state.deals),
        "phase": state.phase,
        "round": state.round,
        "final_phase": state.final_phase,
        "current_player": state.current,
        "stock": len(state.stock),
        "discard_pile": [name(c) for c in state.discards],
        "hands": [[name(c) for c in sorted(h)] for h in state.hands],
        "turn": state.turn,
    }


# ---- buttons ---------------------------------------------------------------------------------
# A button carries its action as a short token: "ds" / "dd" draw from the stock / the discard
# pile, "x7r" discards a red 7, "w7r" declares with it, "e" ends the play. The seat comes from who
# clicked.

_DRAW = {"ds": "stock", "dd": "discard"}


def encode_action(action: dict) -> str:
    kind = action["type"]
    if kind == "draw":
        return "d" + action["source"][0]
    if kind in ("discard", "declare"):
        return ("x" if kind == "discard" else "w") + action["card"].lower()
    if kind == "end_play":
        return "e"
    raise ValueError(f"no button carries {kind!r}")


def decode_action(token: str) -> dict:
    """The action a button's token names (without the seat); ValueError if it names none."""
    if token == "e":
        return {"type": "end_play"}
    if token in _DRAW:
        return {"type": "draw", "source": _DRAW[token]}
    card = token[1:].upper()
    if token[:1] in ("x", "w") and card in CARD_NAMES:
        return {"type": "discard" if token[0] == "x" else "declare", "card": card}
    raise ValueError(f"{token!r} names no action of Red and Black")
