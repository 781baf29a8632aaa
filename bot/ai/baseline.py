"""The baseline AI for The Game: smallest gap first, the backwards trick before anything else.

It reads only its seat's view, and of it only its own hand, the pile tops, the minimum in force
and how many cards it has laid this turn. After the minimum it lays extra cards only when they
cost nothing (a backwards trick or the very next number). It is the easy level of The Game.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right

from bot.games.thegame import DECK_SIZE, EndTurn, Play, SeatView, TheGameState, seat_view


def best_play(cards: list[int], piles: list[int]) -> tuple[int, int, int] | None:
    """(gap, card, pile index) of the cheapest legal play from a sorted hand, or None. The trick
    has gap -10.

    This is the hot loop of every simulation: a backwards trick is a membership test, and the
    closest card above an ascending top (below a descending one) is a bisection of the hand, which
    the engine keeps sorted.
    """
    a1, a2, d1, d2 = piles
    if a1 - 10 in cards:
        return (-10, a1 - 10, 0)
    if a2 - 10 in cards:
        return (-10, a2 - 10, 1)
    if d1 + 10 in cards:
        return (-10, d1 + 10, 2)
    if d2 + 10 in cards:
        return (-10, d2 + 10, 3)
    n = len(cards)
    best: tuple[int, int, int] | None = None
    k = bisect_right(cards, a1)
    if k < n:
        best = (cards[k] - a1, cards[k], 0)
    k = bisect_right(cards, a2)
    if k < n and (best is None or cards[k] - a2 < best[0]):
        best = (cards[k] - a2, cards[k], 1)
    k = bisect_left(cards, d1) - 1
    if k >= 0 and (best is None or d1 - cards[k] < best[0]):
        best = (d1 - cards[k], cards[k], 2)
    k = bisect_left(cards, d2) - 1
    if k >= 0 and (best is None or d2 - cards[k] < best[0]):
        best = (d2 - cards[k], cards[k], 3)
    return best


def free_play(hand: list[int], piles: list[int]) -> tuple[int, int] | None:
    """(card, pile index) of a play that costs nothing, or None: a backwards trick first, then the
    very next number, piles in order. The same choice ``best_play`` makes when its gap is at most 1."""
    a1, a2, d1, d2 = piles
    for card, i in ((a1 - 10, 0), (a2 - 10, 1), (d1 + 10, 2), (d2 + 10, 3), (a1 + 1, 0), (a2 + 1, 1)):
        if card in hand:
            return card, i
    if d1 - 1 in hand:
        return d1 - 1, 2
    if d2 - 1 in hand:
        return d2 - 1, 3
    return None


def _steps(view: SeatView) -> tuple[list[tuple[int, int]], bool]:
    """The (card, pile index) plays of the seat's turn, and whether it then ends the turn (not when
    the game ends on the way)."""
    hand = list(view.hand)
    piles = list(view.piles)
    played = view.played
    laid = len(view.laid)
    steps: list[tuple[int, int]] = []
    # The minimum: the cheapest play each time. The engine ends the game if none is left.
    while played < view.min_cards:
        choice = best_play(hand, piles)
        if choice is None:
            return steps, False
        card, pile = choice[1], choice[2]
        hand.remove(card)
        piles[pile] = card
        steps.append((card, pile))
        played += 1
        if laid + len(steps) == DECK_SIZE:
            return steps, False
    # Then only plays that cost nothing.
    while (free := free_play(hand, piles)) is not None:
        hand.remove(free[0])
        piles[free[1]] = free[0]
        steps.append(free)
        if laid + len(steps) == DECK_SIZE:
            return steps, False
    return steps, True


def plan_turn(view: SeatView) -> list[Play | EndTurn]:
    """The actions the seat takes this turn, in order (fewer when the game ends on the way)."""
    steps, ends = _steps(view)
    out: list[Play | EndTurn] = [Play(player=view.seat, card=c, pile=p + 1) for c, p in steps]
    return [*out, EndTurn(player=view.seat)] if ends else out


def choose(view: SeatView) -> Play | EndTurn:
    """The seat's next action: the first of the turn it plans."""
    hand = list(view.hand)
    piles = list(view.piles)
    if view.played < view.min_cards:
        choice = best_play(hand, piles)
        if choice is not None:
            return Play(player=view.seat, card=choice[1], pile=choice[2] + 1)
        return EndTurn(player=view.seat)
    free = free_play(hand, piles)
    if free is not None:
        return Play(player=view.seat, card=free[0], pile=free[1] + 1)
    return EndTurn(player=view.seat)


def play_turn(state: TheGameState) -> None:
    """Play the current seat's whole turn (simulations): one view, the turn planned from it."""
    seat = state.current
    steps, ends = _steps(seat_view(state, seat))
    for card, pile in steps:
        state.play(seat, card, pile + 1)
    if ends:
        state.end_turn(seat)
