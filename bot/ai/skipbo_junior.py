"""AI players for Skip-Bo Junior, at three levels, deciding from a seat's view (``SeatView``).

Everything they read is public: the stockpile tops, every hand stack and the building piles; the
cards below the stockpile tops and in the draw pile come only as a multiset (``unseen``).

- easy: plays its stockpile top when it fits; otherwise its wilds first, then its numbers, each
  on the lowest pile it fits. It never looks ahead.
- normal: empties the stockpile first and gives the next player little. Each step it plays the
  stockpile top if it fits; otherwise it looks for a short run of hand cards that makes the
  stockpile top fit, and plays the first card of it. When it must play without such a run, it
  lays numbers before wilds and avoids opening a pile for the next player's stockpile top.
- hard: plans the whole turn (see ``_TurnSearch``).
"""

from __future__ import annotations

from collections.abc import Callable

from bot.games.base import Status
from bot.games.skipbo_junior import (
    PILES,
    STOCK,
    TOP,
    WILD,
    EndTurn,
    Play,
    SeatView,
    SkipBoJuniorState,
    seat_view,
)

DEPTH = 5
Action = Play | EndTurn


def _needs(piles: list[int | None]) -> list[int]:
    """Per position, the value a card needs there: 1 on a free position."""
    return [1 if v is None else v + 1 for v in piles]


def _fits(card: int, need: int) -> bool:
    return card in (WILD, need)


def _source_card(view: SeatView, source: str | int) -> int | None:
    if source == STOCK:
        return view.stock_tops[view.seat]
    stack = view.slots[view.seat][source - 1]  # type: ignore[operator]
    return stack[-1] if stack else None


def _plays(view: SeatView) -> list[tuple[str | int, int]]:
    """(source, pile 1..4) pairs legal for the seat, in the engine's order."""
    needs = _needs(list(view.piles))
    out: list[tuple[str | int, int]] = []
    for source in (STOCK, 1, 2, 3):
        card = _source_card(view, source)
        if card is not None:
            out += [(source, p + 1) for p in range(PILES) if _fits(card, needs[p])]
    return out


def _check_turn(view: SeatView) -> None:
    if view.current != view.seat or view.status is not Status.IN_PROGRESS:
        raise ValueError("it is not this seat's turn")


# ---- easy --------------------------------------------------------------------------------------


def choose_easy(view: SeatView) -> Action:
    """The stockpile top on the first pile it fits; otherwise a hand card: wilds first, on the
    lowest pile (a free place first), then numbers the same way. No look ahead, no eye on the
    next seat."""
    _check_turn(view)
    plays = _plays(view)
    if not plays:
        return EndTurn(player=view.seat)
    stock = [play for play in plays if play[0] == STOCK]
    if stock:
        source, pile = stock[0]
    else:
        source, pile = min(plays, key=lambda p: (_source_card(view, p[0]) != WILD, view.piles[p[1] - 1] or 0))
    return Play(player=view.seat, source=source, pile=pile)  # type: ignore[arg-type]


# ---- normal ------------------------------------------------------------------------------------


def _run_to_stock(
    stacks: tuple[tuple[int, ...], ...] | list[list[int]], piles: list[int | None], stock_top: int, depth: int
) -> list | None:
    """A list of (slot, pile) hand plays after which the stockpile top fits, or None."""
    needs = _needs(piles)
    if any(_fits(stock_top, n) for n in needs):
        return []
    if depth == 0:
        return None
    for slot, stack in enumerate(stacks):
        if not stack:
            continue
        card = stack[-1]
        for pile, need in enumerate(needs):
            if not _fits(card, need):
                continue
            value = need
            new_piles = list(piles)
            new_piles[pile] = None if value == 10 else value
            new_stacks = [list(s) for s in stacks]
            new_stacks[slot].pop()
            rest = _run_to_stock(new_stacks, new_piles, stock_top, depth - 1)
            if rest is not None:
                return [(slot + 1, pile + 1), *rest]
    return None


def choose(view: SeatView) -> Action:
    """The normal level: a Play, or EndTurn (only where the table lets a player stop)."""
    _check_turn(view)
    seat = view.seat
    piles = list(view.piles)
    needs = _needs(piles)
    top = view.stock_tops[seat]
    if top is not None:
        # The stockpile top first, on the pile closest to done (a wild also fits a free place).
        fits = [p for p in range(PILES) if _fits(top, needs[p])]
        if fits:
            pile = max(fits, key=lambda p: piles[p] or 0)
            return Play(player=seat, source=STOCK, pile=pile + 1)
        run = _run_to_stock(view.slots[seat], piles, top, DEPTH)
        if run:
            slot, pile = run[0]
            return Play(player=seat, source=slot, pile=pile)
    their_top = view.stock_tops[(seat + 1) % view.players]
    choices = []
    for source, pile in _plays(view):
        card = _source_card(view, source)
        value = needs[pile - 1]
        after = None if value == 10 else value
        gift = their_top is not None and their_top != WILD and after is not None and their_top == after + 1
        choices.append((gift, card == WILD, -value, source != STOCK, str(source), pile, source))
    if not choices:
        return EndTurn(player=seat)
    best = min(choices)
    if view.may_stop and best[0]:
        return EndTurn(player=seat)  # every play would open a pile for the next player
    return Play(player=seat, source=best[-1], pile=best[5])  # type: ignore[arg-type]


# ---- hard --------------------------------------------------------------------------------------

STOCK_POINTS = 100.0  # a stockpile card played this turn
WIN_POINTS = 1e6  # the last stockpile card played
GIFT = 60.0  # when the turn ends, the next seat's stockpile top fits a pile at once
LATER_GIFT = 0.5  # the share of that for the seat after it (three or four players)
CHANCE_DEPTH = 1  # how many unknown stockpile cards the search looks past


class _TurnSearch:
    """Every order of plays of one turn, searched to its end: the best expected value of a turn
    from a position (stack heights, building piles, stockpile top and count).

    A play of the stockpile top scores STOCK_POINTS and shows an unknown card: for the next
    CHANCE_DEPTH of them the search takes the mean over the values it may have (odds from the
    unseen multiset); beyond that it plays on with hand cards only. A turn ends when nothing fits
    (or when the seat stops, where the table allows it); it costs GIFT if the next seat's
    stockpile top then fits a pile. Piles are a sorted tuple of values, 0 for a free place, so
    positions that differ only in where a pile lies are searched once.
    """

    def __init__(self, view: SeatView) -> None:
        seat = view.seat
        n = view.players
        self.stacks = view.slots[seat]
        self.may_stop = view.may_stop
        counts = [0] * (TOP + 1)
        for card in view.unseen:
            counts[card] += 1
        total = len(view.unseen)
        self.odds = [(v, counts[v] / total) for v in range(TOP + 1) if counts[v]]
        self.others = [(view.stock_tops[(seat + k) % n], w) for k, w in ((1, 1.0), (2, LATER_GIFT)) if k < n]
        self.memo: dict[tuple, float] = {}

    def moves(
        self, lens: tuple[int, ...], piles: tuple[int, ...], top: int | None
    ) -> list[tuple[str | int, int, tuple[int, ...], tuple[int, ...]]]:
        """(source, value of the pile played on, stack heights after, piles after) of every play
        that leads somewhere different."""
        out = []
        for source in (STOCK, 1, 2, 3):
            if source == STOCK:
                card = top
            else:
                height = lens[source - 1]  # type: ignore[operator]
                card = self.stacks[source - 1][height - 1] if height else None  # type: ignore[operator]
            if card is None:
                continue
            targets = sorted(set(piles)) if card == WILD else ([card - 1] if card - 1 in piles else [])
            for value in targets:
                after = list(piles)
                after.remove(value)
                after.append(0 if value + 1 == TOP else value + 1)
                after.sort()
                if source == STOCK:
                    heights = lens
                else:
                    rest = list(lens)
                    rest[source - 1] -= 1  # type: ignore[operator]
                    heights = tuple(rest)
                out.append((source, value, heights, tuple(after)))
        return out

    def play_value(
        self,
        source: str | int,
        lens: tuple[int, ...],
        piles: tuple[int, ...],
        top: int | None,
        count: int,
        depth: int,
    ) -> float:
        """The value of the turn once a play from `source` led to (`lens`, `piles`)."""
        if source != STOCK:
            return self.value(lens, piles, top, count, depth)
        if count == 1:
            return WIN_POINTS
        if depth <= 0:
            return STOCK_POINTS + self.value(lens, piles, None, count - 1, 0)
        return STOCK_POINTS + sum(p * self.value(lens, piles, v, count - 1, depth - 1) for v, p in self.odds)

    def value(
        self, lens: tuple[int, ...], piles: tuple[int, ...], top: int | None, count: int, depth: int
    ) -> float:
        key = (lens, piles, top, count, depth)
        found = self.memo.get(key)
        if found is not None:
            return found
        best: float | None = None
        for source, _, heights, after in self.moves(lens, piles, top):
            v = self.play_value(source, heights, after, top, count, depth)
            if best is None or v > best:
                best = v
        if best is None or self.may_stop:
            end = self.end(piles)
            best = end if best is None else max(best, end)
        self.memo[key] = best
        return best

    def end(self, piles: tuple[int, ...]) -> float:
        """The value of ending the turn with these piles: what it gives the next seats."""
        cost = 0.0
        for their_top, weight in self.others:
            if their_top is not None and their_top != WILD and their_top - 1 in piles:
                cost += GIFT * weight
        return -cost


def choose_hard(view: SeatView) -> Action:
    """The hard level: the first play of the best turn `_TurnSearch` finds."""
    _check_turn(view)
    seat = view.seat
    search = _TurnSearch(view)
    lens = tuple(len(s) for s in view.slots[seat])
    piles = tuple(sorted(0 if v is None else v for v in view.piles))
    top = view.stock_tops[seat]
    count = view.stock_counts[seat]
    best: tuple[float, str | int, int] | None = None
    for source, value, heights, after in search.moves(lens, piles, top):
        v = search.play_value(source, heights, after, top, count, CHANCE_DEPTH)
        if best is None or v > best[0] + 1e-9:
            best = (v, source, value)
    if best is None or (view.may_stop and search.end(piles) > best[0] + 1e-9):
        return EndTurn(player=seat)
    _, source, value = best
    pile = next(p for p, v in enumerate(view.piles) if (v or 0) == value)
    return Play(player=seat, source=source, pile=pile + 1)  # type: ignore[arg-type]


LEVELS: dict[str, Callable[[SeatView], Action]] = {"easy": choose_easy, "normal": choose, "hard": choose_hard}


def next_action(state: SkipBoJuniorState, seat: int, level: str = "normal") -> Action:
    """For a caller that holds the whole state: the level's action on the seat's view."""
    return LEVELS[level](seat_view(state, seat))


def play_turn(state: SkipBoJuniorState, level: str = "normal") -> None:
    """Play the current seat's whole turn (simulations and tests)."""
    seat = state.current
    turn = state.turn
    while not state.is_over and state.current == seat and state.turn == turn:
        state.apply(next_action(state, seat, level))
