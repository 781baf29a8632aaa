"""The baseline AI for The Game: smallest gap first, the backwards trick before anything else.

It reads only what its seat may know: its own hand, the pile tops, the minimum in force and how
many cards it has laid this turn. After the minimum it lays extra cards only when they cost
nothing (a backwards trick or the very next number).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right

from bot.games.base import Status
from bot.games.thegame import TheGameState

IN_PROGRESS = Status.IN_PROGRESS

PLAY = "play"
END_TURN = "end_turn"


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


def next_action(state: TheGameState, seat: int) -> tuple:
    """The seat's next move as a plain tuple: ("play", card, pile 1..4) or ("end_turn",)."""
    hand = state.hands[seat]
    if state.played < state.min_cards:
        choice = best_play(hand, state.piles)
        if choice is not None:
            return (PLAY, choice[1], choice[2] + 1)
        return (END_TURN,)
    free = free_play(hand, state.piles)
    if free is not None:
        return (PLAY, free[0], free[1] + 1)
    return (END_TURN,)


def play_turn(state: TheGameState) -> None:
    """Let the baseline play the current seat's whole turn (used by simulations and AI seats)."""
    seat = state.current
    hand = state.hands[seat]
    piles = state.piles
    play = state.play
    # The minimum: the cheapest play each time. The engine ends the game if none is left.
    while state.status is IN_PROGRESS and state.played < state.min_cards:
        choice = best_play(hand, piles)
        if choice is None:
            return
        play(seat, choice[1], choice[2] + 1)
    # Then only plays that cost nothing.
    while state.status is IN_PROGRESS:
        free = free_play(hand, piles)
        if free is None:
            state.end_turn(seat)
            return
        play(seat, free[0], free[1] + 1)
