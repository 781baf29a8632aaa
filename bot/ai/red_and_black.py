"""A baseline AI for Red and Black: keep the cards that come closest to two matched sequences.

It sees only its own hand, the discard pile's top and public counts. A hand is judged by how
many of its cards fit the best pair of sequences (colours aside), with the sequences' points as
a tie-break. It takes the discard when that improves its hand, discards the card it needs least,
declares whenever it can (with the discard that scores most), and in the final phase ends the
play unless the discard lets it win.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations_with_replacement

from bot.games.red_and_black import (
    KINDS,
    Declare,
    Discard,
    Draw,
    EndPlay,
    RedAndBlackState,
    name,
    rank,
    splits,
    winner_score,
)


@cache
def _pair_needs() -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every pair of sequences: rank counts needed and points (for tie-breaks)."""
    out = []
    for a, b in combinations_with_replacement(KINDS, 2):
        need = [0] * 10
        for r in (*a.ranks, *b.ranks):
            need[r] += 1
        if max(need) <= 8:
            out.append((tuple(need), a.points + b.points))
    return tuple(out)


def closeness(cards: list[int]) -> float:
    """How many cards sit in the best pair of sequences, plus a small share of its points."""
    have = [0] * 10
    for c in cards:
        have[rank(c)] += 1
    best = 0.0
    for need, points in _pair_needs():
        fit = 0
        for r in range(1, 10):
            n = need[r]
            if n:
                h = have[r]
                fit += n if h > n else h
        value = fit + points / 1000
        if value > best:
            best = value
    return best


def best_discard(cards: list[int], forbidden: int | None) -> tuple[float, int]:
    """The discard that leaves the closest hand: (closeness after, card)."""
    best: tuple[float, int] | None = None
    for card in sorted(set(cards)):
        if card == forbidden:
            continue
        rest = list(cards)
        rest.remove(card)
        score = (closeness(rest), -card)
        if best is None or score > (best[0], -best[1]):
            best = (score[0], card)
    assert best is not None
    return best


def next_action(state: RedAndBlackState, seat: int) -> Draw | Discard | Declare | EndPlay:
    """The seat's next move; the seat must be the one whose turn it is."""
    if state.current != seat or state.is_over:
        raise ValueError("it is not this seat's turn")
    hand = state.hands[seat]
    if state.phase == "draw":
        top = state.discards[-1] if state.discards else None
        if state.final_phase:
            if top is not None and _wins_with([*hand, top], top):
                return Draw(player=seat, source="discard")
            return EndPlay(player=seat)
        if top is not None:
            if _wins_with([*hand, top], top):
                return Draw(player=seat, source="discard")
            after, _ = best_discard([*hand, top], top)
            if after > closeness(hand) + 0.5 or not state.stock:
                return Draw(player=seat, source="discard")
        return Draw(player=seat, source="stock")
    wins = state.declarable(seat)
    if wins:

        def score(card: int) -> int:
            rest = list(hand)
            rest.remove(card)
            return winner_score(rest, state.round)[0]

        return Declare(player=seat, card=name(max(wins, key=score)))
    _, card = best_discard(hand, state.taken)
    return Discard(player=seat, card=name(card))


def _wins_with(cards: list[int], forbidden: int) -> bool:
    for card in set(cards):
        if card == forbidden:
            continue
        rest = list(cards)
        rest.remove(card)
        if splits(rest):
            return True
    return False


def play_turn(state: RedAndBlackState) -> None:
    """Play the current seat's whole turn: a draw, then a discard or a declaration."""
    seat = state.current
    deal = state.deal_index
    while not state.is_over and state.current == seat and state.deal_index == deal:
        before = len(state.history)
        state.apply(next_action(state, seat))
        if state.history[-1][0] in ("discard", "declare", "end_play") and len(state.history) > before:
            break
