"""The baseline AI for The Game: smallest gap first, the backwards trick before anything else.

It reads only what its seat may know: its own hand, the pile tops, the minimum in force and how
many cards it has laid this turn. After the minimum it lays extra cards only when they cost
nothing (a backwards trick or the very next number).
"""

from __future__ import annotations

from bot.games.base import Status
from bot.games.thegame import TheGameState

IN_PROGRESS = Status.IN_PROGRESS

PLAY = "play"
END_TURN = "end_turn"


def best_play(hand: list[int], piles: list[int]) -> tuple[int, int, int] | None:
    """(gap, card, pile index) of the cheapest legal play, or None. The trick has gap -10.

    Unrolled over the four piles (two ascending, then two descending): this is the hot loop of
    every simulation.
    """
    a1, a2, d1, d2 = piles
    best_g = 1000
    best_c = best_i = -1
    for c in hand:
        if c == a1 - 10:
            return (-10, c, 0)
        if c == a2 - 10:
            return (-10, c, 1)
        if c == d1 + 10:
            return (-10, c, 2)
        if c == d2 + 10:
            return (-10, c, 3)
        if c > a1 and c - a1 < best_g:
            best_g, best_c, best_i = c - a1, c, 0
        if c > a2 and c - a2 < best_g:
            best_g, best_c, best_i = c - a2, c, 1
        if c < d1 and d1 - c < best_g:
            best_g, best_c, best_i = d1 - c, c, 2
        if c < d2 and d2 - c < best_g:
            best_g, best_c, best_i = d2 - c, c, 3
    return None if best_i < 0 else (best_g, best_c, best_i)


def next_action(state: TheGameState, seat: int) -> tuple:
    """The seat's next move as a plain tuple: ("play", card, pile 1..4) or ("end_turn",)."""
    choice = best_play(state.hands[seat], state.piles)
    if choice is not None:
        g, card, i = choice
        if state.played < state.min_cards or g <= 1:
            return (PLAY, card, i + 1)
    return (END_TURN,)


def play_turn(state: TheGameState) -> None:
    """Let the baseline play the current seat's whole turn (used by simulations and AI seats)."""
    seat = state.current
    turn = state.turn
    hand = state.hands[seat]
    piles = state.piles
    while state.status is IN_PROGRESS and state.turn == turn:
        choice = best_play(hand, piles)
        if choice is not None and (state.played < state.min_cards or choice[0] <= 1):
            state.play(seat, choice[1], choice[2] + 1)
        else:
            state.end_turn(seat)
