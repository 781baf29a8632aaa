"""AI players for Red and Black, at three levels, deciding from a seat's view (``SeatView``).

A view holds the seat's own hand, the table and the deal's public history (every discard and every
card taken from the discard pile); other hands and the stock come only as the multiset of unseen
cards. Every level declares whenever it can and, in the final phase, ends the play unless the
discard lets it win.

- easy: keeps the cards that come closest to two matched sequences, takes the discard only when it
  wins with it, and declares with the lowest card it may discard (not the one that scores most).
- normal: the same judgement of a hand, also takes the discard when that improves the hand, and
  declares with the discard that scores most. A hand is judged by how many of its cards fit the
  best pair of sequences (colours aside), with the sequences' points as a tie-break.
- hard: remembers what was discarded and taken this deal, counts the copies of each rank still
  live, and values a hand by the points its sequences can still reach (see ``_Judge``). It takes
  the discard when the hand it makes is worth more than a card from the stock on average, and
  counts a rank the next seat has been taking dearer to discard.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import cache
from itertools import combinations_with_replacement

from bot.games.base import Status
from bot.games.red_and_black import (
    BLACK,
    KINDS,
    Declare,
    Discard,
    Draw,
    EndPlay,
    RedAndBlackState,
    SeatView,
    name,
    rank,
    seat_view,
    splits,
    winner_score,
)

Action = Draw | Discard | Declare | EndPlay


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


def closeness(cards: list[int] | tuple[int, ...]) -> float:
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


def _wins_with(cards: list[int], forbidden: int) -> bool:
    for card in set(cards):
        if card == forbidden:
            continue
        rest = list(cards)
        rest.remove(card)
        if splits(rest):
            return True
    return False


def _declarable(hand: list[int], taken: int | None) -> list[int]:
    """Cards the seat may discard now and win with the other 14."""
    out = []
    for card in sorted(set(hand)):
        if card == taken:
            continue
        rest = list(hand)
        rest.remove(card)
        if splits(rest):
            out.append(card)
    return out


def _declare(view: SeatView, hand: list[int], best: bool = True) -> Declare | None:
    """A declaration with the discard that scores most (else the lowest), if the seat can declare."""
    wins = _declarable(hand, view.taken)
    if not wins:
        return None
    if not best:
        return Declare(player=view.seat, card=name(wins[0]))

    def score(card: int) -> int:
        rest = list(hand)
        rest.remove(card)
        return winner_score(rest, view.round)[0]

    return Declare(player=view.seat, card=name(max(wins, key=score)))


def _check_turn(view: SeatView) -> None:
    if view.current != view.seat or view.status is not Status.IN_PROGRESS:
        raise ValueError("it is not this seat's turn")


def _choose(view: SeatView, plain: bool) -> Action:
    _check_turn(view)
    seat = view.seat
    hand = list(view.hand)
    if view.phase == "draw":
        top = view.discards[-1] if view.discards else None
        if view.final_phase:
            if top is not None and _wins_with([*hand, top], top):
                return Draw(player=seat, source="discard")
            return EndPlay(player=seat)
        if top is not None:
            if _wins_with([*hand, top], top):
                return Draw(player=seat, source="discard")
            if not view.stock:
                return Draw(player=seat, source="discard")
            if not plain:
                after, _ = best_discard([*hand, top], top)
                if after > closeness(hand) + 0.5:
                    return Draw(player=seat, source="discard")
        return Draw(player=seat, source="stock")
    declare = _declare(view, hand, best=not plain)
    if declare is not None:
        return declare
    _, card = best_discard(hand, view.taken)
    return Discard(player=seat, card=name(card))


def choose_easy(view: SeatView) -> Action:
    """The easy level."""
    return _choose(view, plain=True)


def choose(view: SeatView) -> Action:
    """The normal level."""
    return _choose(view, plain=False)


# ---- hard --------------------------------------------------------------------------------------

MISSING = 1.0  # the log-discount of a missing card that still has four live copies
FALLBACK = 1.5  # the weight of what the hand scores if another seat wins
FEED = 0.15  # the share of value given up to discard a rank the next seat has been taking


def known_hands(view: SeatView) -> list[list[int]]:
    """Per seat, the cards it is known to hold: those it took from the discard pile this deal and
    has not discarded since (cards of one rank and colour are alike)."""
    known: list[list[int]] = [[] for _ in view.hand_sizes]
    for kind, seat, card in view.history:
        if kind == "take":
            known[seat].append(card)
        elif kind == "discard" and card in known[seat]:
            known[seat].remove(card)
    return known


@cache
def _pairs(round_: int) -> tuple[tuple[tuple[tuple[int, int], ...], float], ...]:
    """Every pair of sequences as (rank, count) needs and the log of a win's score with it (colours
    aside), most valuable first."""
    out = []
    for a, b in combinations_with_replacement(KINDS, 2):
        need = [0] * 10
        for r in (*a.ranks, *b.ranks):
            need[r] += 1
        if max(need) > 8:
            continue
        base = (25 if round_ == 1 else 15) + (10 if a == b else 0) + a.points + b.points
        score = base * (1 + (not a.ascending) + (not b.ascending))
        out.append((tuple((r, need[r]) for r in range(1, 10) if need[r]), math.log(score)))
    return tuple(sorted(out, key=lambda p: -p[1]))


@cache
def _keeps() -> tuple[tuple[tuple[tuple[int, int], ...], float], ...]:
    """Every sequence and pair of sequences as (rank, count) needs and the log of what a seat that
    does not win scores with them (mixed colours), most valuable first."""
    out = []
    for group in [(k,) for k in KINDS] + list(combinations_with_replacement(KINDS, 2)):
        need = [0] * 10
        for kind in group:
            for r in kind.ranks:
                need[r] += 1
        if max(need) > 8:
            continue
        score = sum(5 + k.points for k in group) * (1 + sum(not k.ascending for k in group))
        out.append((tuple((r, need[r]) for r in range(1, 10) if need[r]), math.log(score)))
    return tuple(sorted(out, key=lambda p: -p[1]))


def _best(
    options: tuple[tuple[tuple[tuple[int, int], ...], float], ...],
    have: tuple[int, ...],
    cost: list[list[float]],
) -> float:
    """The best log-worth of `options` (sorted, most valuable first), each discounted for what it misses."""
    best = -math.inf
    for needs, worth in options:
        if worth <= best:
            break
        v = worth
        for r, n in needs:
            m = n - have[r]
            if m > 0:
                v -= cost[r][m]
                if v <= best:
                    break
        else:
            best = v
    return best


class _Judge:
    """What a hand is worth to this seat now, from what it remembers. Each pair of sequences is
    worth the points a win with it would score, discounted for every card still missing, the more
    the fewer live copies that card has (copies not in this hand, not in the discard pile and not
    known in another hand): a rank whose copies are all gone makes the pair worthless. To the best
    pair it adds, weighted by FALLBACK, the best of what the hand would score if another seat won
    (one or two sequences, discounted the same way)."""

    def __init__(self, view: SeatView) -> None:
        live = [0] * 10
        for card in view.unseen:
            live[rank(card)] += 1
        self.known = known_hands(view)
        for seat, cards in enumerate(self.known):
            if seat != view.seat:
                for card in cards:
                    live[rank(card)] -= 1
        self.live = [max(0, n) for n in live]
        # cost[r][m]: the log-discount of missing m cards of rank r
        self.cost = []
        for r in range(10):
            row = [0.0]
            for j in range(8):
                left = self.live[r] - j
                row.append(math.inf if left <= 0 else row[-1] + MISSING + math.log(4 / min(left, 4)))
            self.cost.append(row)
        self.pairs = _pairs(view.round)
        self.keeps = _keeps()
        self.memo: dict[tuple[int, ...], float] = {}

    def value(self, have: tuple[int, ...]) -> float:
        found = self.memo.get(have)
        if found is None:
            won = _best(self.pairs, have, self.cost)
            kept = _best(self.keeps, have, self.cost)
            found = self.memo[have] = math.exp(won) + FALLBACK * math.exp(kept)
        return found

    def best_discard(self, have: list[int], allowed: set[int] | None = None) -> float:
        """The value left by the best rank to discard (of `allowed`, else any) from rank counts."""
        best = 0.0
        for r in range(1, 10):
            if have[r] and (allowed is None or r in allowed):
                have[r] -= 1
                best = max(best, self.value(tuple(have)))
                have[r] += 1
        return best


def _ranks(cards: list[int]) -> list[int]:
    have = [0] * 10
    for c in cards:
        have[rank(c)] += 1
    return have


def _draw_hard(view: SeatView, hand: list[int]) -> Draw:
    """Take the discard when the hand it makes is worth more than a card from the stock, on average."""
    seat = view.seat
    top = view.discards[-1]
    judge = _Judge(view)
    have = _ranks(hand)
    have[rank(top)] += 1
    take = judge.best_discard(have, {rank(c) for c in hand if c != top})
    have[rank(top)] -= 1
    total = sum(judge.live)
    stock = 0.0
    for r in range(1, 10):
        if judge.live[r]:
            have[r] += 1
            stock += judge.live[r] / total * judge.best_discard(have)
            have[r] -= 1
    return Draw(player=seat, source="discard" if take > stock else "stock")


def _discard_hard(view: SeatView, hand: list[int]) -> Discard:
    """The card whose loss costs least, a rank the next seat collects counted dearer; of a rank,
    the colour this hand holds fewer of."""
    judge = _Judge(view)
    have = _ranks(hand)
    feeding = {rank(c) for c in judge.known[(view.seat + 1) % len(view.hand_sizes)]}
    best: tuple[float, int] | None = None
    for r in range(1, 10):
        cards = [c for c in hand if rank(c) == r and c != view.taken]
        if not cards:
            continue
        have[r] -= 1
        v = judge.value(tuple(have)) * (1 - FEED if r in feeding else 1)
        have[r] += 1
        if best is None or v > best[0]:
            best = (v, r)
    assert best is not None
    r = best[1]
    reds = sum(1 for c in hand if c == r)
    blacks = sum(1 for c in hand if c == r + BLACK)
    red_ok = reds and view.taken != r
    black_ok = blacks and view.taken != r + BLACK
    if red_ok and black_ok:
        colour_reds = sum(1 for c in hand if c < BLACK)
        card = r if (reds, colour_reds) <= (blacks, len(hand) - colour_reds) else r + BLACK
    else:
        card = r if red_ok else r + BLACK
    return Discard(player=view.seat, card=name(card))


def choose_hard(view: SeatView) -> Action:
    """The hard level: remembers the deal's discards and takes, and values hands by points."""
    _check_turn(view)
    seat = view.seat
    hand = list(view.hand)
    if view.phase == "draw":
        top = view.discards[-1] if view.discards else None
        if top is not None and _wins_with([*hand, top], top):
            return Draw(player=seat, source="discard")
        if view.final_phase:
            return EndPlay(player=seat)
        if top is None:
            return Draw(player=seat, source="stock")
        if not view.stock:
            return Draw(player=seat, source="discard")
        return _draw_hard(view, hand)
    declare = _declare(view, hand)
    if declare is not None:
        return declare
    return _discard_hard(view, hand)


LEVELS: dict[str, Callable[[SeatView], Action]] = {"easy": choose_easy, "normal": choose, "hard": choose_hard}


def next_action(state: RedAndBlackState, seat: int, level: str = "normal") -> Action:
    """For a caller that holds the whole state: the level's action on the seat's view. The seat must
    be the one whose turn it is."""
    return LEVELS[level](seat_view(state, seat))


def play_turn(state: RedAndBlackState, level: str = "normal") -> None:
    """Play the current seat's whole turn: a draw, then a discard or a declaration."""
    seat = state.current
    deal = state.deal_index
    while not state.is_over and state.current == seat and state.deal_index == deal:
        before = len(state.history)
        state.apply(next_action(state, seat, level))
        if state.history[-1][0] in ("discard", "declare", "end_play") and len(state.history) > before:
            break
