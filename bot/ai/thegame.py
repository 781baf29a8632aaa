"""A planning AI for The Game: whole turns, cheap extras, and pile signals as people use them.

It decides from its seat's view (``SeatView``): its hand, the pile tops, the signals, the laid
cards, the cards it has not seen, the draw pile count and the minimum in force. Each turn it
searches the orders in which it could lay the cards it must lay and takes the cheapest, so a card
that opens a trick for another is found. A play costs the cards it skips that are not laid yet,
three times as much for a card that no other pile can take any more; a backwards trick gains the
cards it opens again. To the cost of a plan it adds a share of what the cards it keeps would skip
on the piles it leaves. Piles another player asked to keep free cost a little extra. Alone, it
plans one card beyond the minimum. At a table the cheapest plans are compared once more by what
the next seat will likely pay for its own minimum on the piles each plan leaves: the expected
cost of the cheapest cards of a hand dealt at random from the cards this seat has not seen.
Alone, it takes the same measure for a hand of its own size, which keeps the piles open for the
cards still to come. After the minimum it lays one more card at a time while that card's cost,
plus what it changes in that same expectation, stays at about nothing: a card laid now is one
nobody has to step over later, and a free card that takes the place another card still needs is
kept. At the end of its turn it marks the piles where it holds a card that fits closely ("please
don't play here"), which the others read.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable
from functools import lru_cache
from math import comb
from typing import NamedTuple

from bot.ai import baseline
from bot.games.base import Status
from bot.games.thegame import (
    DECK_SIZE,
    EndTurn,
    Play,
    SeatView,
    SetSignal,
    TheGameState,
    fits,
    seat_view,
)

IN_PROGRESS = Status.IN_PROGRESS
TRICK = -10
DONT = "dont_play"


class Weights:
    """The planner's knobs, kept together so simulations can compare settings (bench/ai.py
    measures them)."""

    reserved = 1  # extra cost of a play on a pile another player asked to keep free
    extra_gap = 0.5  # after the minimum, lay a card whose cost (next seat's change included) is at most this
    extra_gap_solo = 0  # the same alone
    extra_gap_endgame = 0  # the same once the draw pile is empty
    signal_gap = 2  # mark a pile when a card fits it within this gap (or by the trick)
    per_pile = 3  # cards tried per pile and step of the search
    hand_weight = 0.15  # weight of what the cards kept would waste on the piles left behind
    stranded = 100  # the waste counted for a kept card that fits no pile
    alive = True  # measure a gap in cards not laid yet (rather than in numbers)
    dead = 3.0  # with alive: the cost of skipping a card no other pile can take
    solo_lookahead = 1  # alone: plan this many cards beyond the minimum (and lay only the minimum)
    next_weight = 2.0  # at a table: weight of the next seat's expected cost (plans and extra cards)
    solo_next = 1.5  # alone: the same for a hand of this seat's size dealt at random
    next_top = 8  # the cheapest plans compared by that expectation
    next_stranded = 30  # the cost counted there for an unseen card that fits no pile


def potential(hand: list[int], piles: list[int], w: type[Weights], live: list[int] | None = None) -> float:
    """What the kept cards would waste on these piles: each card at its cheapest pile.

    With ``live`` (live[x]: cards below x not laid yet) the waste counts cards, not numbers."""
    if not w.hand_weight:
        return 0.0
    if live is not None:
        return w.hand_weight * _live_potential(hand, piles, w, live)
    a1, a2, d1, d2 = piles
    total = 0
    for c in hand:
        best = w.stranded
        for top in (a1, a2):
            if c == top - 10:
                best = TRICK
                break
            if top < c < top + best:
                best = c - top
        if best != TRICK:
            for top in (d1, d2):
                if c == top + 10:
                    best = TRICK
                    break
                if top - best < c < top:
                    best = top - c
        total += best
    return w.hand_weight * total


def _gap(card: int, pile: int, top: int) -> int | None:
    """Numbers a play wastes; TRICK for the backwards trick; None if it is not legal."""
    if pile < 2:
        if card == top - 10:
            return TRICK
        return card - top if card > top else None
    if card == top + 10:
        return TRICK
    return top - card if card < top else None


def _live_potential(hand: list[int], piles: list[int], w: type[Weights], live: list[int]) -> float:
    a1, a2, d1, d2 = piles
    total = 0.0
    for c in hand:
        best = float(w.stranded)
        for top in (a1, a2):
            if c == top - 10:
                best = -1.0
                break
            if c > top:
                best = min(best, live[c] - live[top + 1])
        if best >= 0:
            for top in (d1, d2):
                if c == top + 10:
                    best = -1.0
                    break
                if c < top:
                    best = min(best, live[top] - live[c + 1])
        total += best
    return total


def _live(laid: bytearray) -> list[int]:
    out = [0] * 102
    count = 0
    for x in range(102):
        out[x] = count
        if 2 <= x <= 99 and not laid[x]:
            count += 1
    return out


def _reach_of_others(piles: list[int]) -> tuple[tuple[int, int], ...]:
    """Per pile, what the other piles can still take: cards above the first number or below the
    second. A card skipped outside both is dead."""
    a1, a2, d1, d2 = piles
    return ((a2, max(d1, d2)), (a1, max(d1, d2)), (min(a1, a2), d2), (min(a1, a2), d1))


def _skip_cost(lo: int, hi: int, pile: int, piles: list[int], laid: bytearray, dead: float) -> float:
    """The cost of skipping the cards lo..hi-1 on one pile: 1 for each card not laid yet, and
    ``dead`` for one that no other pile can take any more."""
    lo_up, hi_down = _reach_of_others(piles)[pile]
    cost = 0.0
    for x in range(lo, hi):
        if not laid[x]:
            cost += 1 if (x > lo_up or x < hi_down) else dead
    return cost


def _candidates(
    hand: list[int],
    piles: list[int],
    per_pile: int,
    laid: bytearray | None = None,
    dead: float = 3,
    first_pile: int = 0,
) -> list[tuple[float, int, int]]:
    """(gap, card, pile) of the closest cards on every pile and every trick.

    With ``laid`` a gap counts only the cards that could still have been laid (more for one that
    no other pile takes), and a trick gains the cards it opens again.
    """
    out: list[tuple[float, int, int]] = []
    for i in range(first_pile, 4):
        top = piles[i]
        if i < 2:
            if top - 10 in hand:
                gain = TRICK if laid is None else -1 - sum(not laid[x] for x in range(top - 9, top))
                out.append((gain, top - 10, i))
            k = bisect_right(hand, top)
            for c in hand[k : k + per_pile]:
                out.append((c - top if laid is None else _skip_cost(top + 1, c, i, piles, laid, dead), c, i))
        else:
            if top + 10 in hand:
                gain = TRICK if laid is None else -1 - sum(not laid[x] for x in range(top + 1, top + 10))
                out.append((gain, top + 10, i))
            k = bisect_left(hand, top)
            for c in hand[max(0, k - per_pile) : k][::-1]:
                out.append((top - c if laid is None else _skip_cost(c + 1, top, i, piles, laid, dead), c, i))
    return out


def plan(
    hand: list[int],
    piles: list[int],
    need: int,
    reserved: frozenset[int],
    w: type[Weights] = Weights,
    laid: bytearray | None = None,
    live: list[int] | None = None,
    first_pile: int = 0,
) -> tuple[int, list[tuple[int, int]]] | None:
    """The cheapest way to lay `need` cards: (cost, [(card, pile index), ...]) or None.

    Plays on different piles do not change each other's gaps (only, at times, whether a skipped
    card counts as dead), so only orders that go from pile to pile in index order are searched
    (``first_pile`` is where this step may start)."""
    if need <= 0:
        return (potential(hand, piles, w, live), [])
    best: tuple[int, list[tuple[int, int]]] | None = None
    for gap, card, pile in _candidates(hand, piles, w.per_pile, laid, w.dead, first_pile):
        cost = gap + (w.reserved if pile in reserved and gap > 1 else 0)
        if best is not None and cost >= best[0] + 10 * need:
            continue
        rest_hand = hand.copy()
        rest_hand.remove(card)
        rest_piles = piles.copy()
        rest_piles[pile] = card
        rest = plan(rest_hand, rest_piles, need - 1, reserved, w, laid, live, pile)
        if rest is None:
            continue
        total = cost + rest[0]
        if best is None or total < best[0]:
            best = (total, [(card, pile), *rest[1]])
    return best


@lru_cache(maxsize=4096)
def _order_weights(n: int, h: int, need: int) -> tuple[float, ...]:
    """For values v1 <= ... <= vn and a hand of h of them drawn at random: the chance that v_i is
    among the hand's `need` smallest, for each i (hypergeometric order statistics)."""
    h = min(h, n)
    total = comb(n, h)
    return tuple(
        sum(comb(i - 1, j) * comb(n - i, h - 1 - j) for j in range(min(need, i, h))) / total
        for i in range(1, n + 1)
    )


def _skip_prefixes(piles: list[int], laid: bytearray, dead: float) -> list[list[float]]:
    """Per pile, prefix sums of what skipping each card there costs, as `_skip_cost` counts it."""
    out = []
    for lo_up, hi_down in _reach_of_others(piles):
        pre = [0.0] * 102
        acc = 0.0
        for x in range(102):
            pre[x] = acc
            if 2 <= x <= 99 and not laid[x]:
                acc += 1 if (x > lo_up or x < hi_down) else dead
        out.append(pre)
    return out


def card_costs(
    piles: list[int], cards: list[int], laid: bytearray, dead: float, stranded: float
) -> list[float]:
    """What laying each card at its cheapest pile would skip (-1 for a backwards trick, `stranded`
    for a card no pile takes)."""
    prefixes = _skip_prefixes(piles, laid, dead)
    out = []
    for c in cards:
        best = stranded
        for i in range(4):
            top = piles[i]
            pre = prefixes[i]
            if i < 2:
                if c == top - 10:
                    best = -1.0
                    break
                if c > top and pre[c] - pre[top + 1] < best:
                    best = pre[c] - pre[top + 1]
            else:
                if c == top + 10:
                    best = -1.0
                    break
                if c < top and pre[top] - pre[c + 1] < best:
                    best = pre[top] - pre[c + 1]
        out.append(best)
    return out


def next_cost(
    piles: list[int], unseen: list[int], laid: bytearray, hand_size: int, need: int, w: type[Weights]
) -> float:
    """The expected cost of the `need` cheapest cards of a hand of `hand_size` cards dealt at
    random from `unseen`, each counted at its cheapest pile: what the next seat will likely pay."""
    if not unseen or hand_size <= 0 or need <= 0:
        return 0.0
    costs = sorted(card_costs(piles, unseen, laid, w.dead, w.next_stranded))
    return sum(c * p for c, p in zip(costs, _order_weights(len(costs), hand_size, need), strict=True))


def _leaves(
    hand: list[int],
    piles: list[int],
    need: int,
    reserved: frozenset[int],
    w: type[Weights],
    laid: bytearray | None,
    live: list[int] | None,
    out: list[tuple[float, list[tuple[int, int]], list[int]]],
    first_pile: int = 0,
    cost: float = 0.0,
    steps: tuple[tuple[int, int], ...] = (),
) -> None:
    """Every plan the search of `plan` considers, without its pruning: (cost, steps, piles after)."""
    if need <= 0:
        out.append((cost + potential(hand, piles, w, live), list(steps), piles))
        return
    for gap, card, pile in _candidates(hand, piles, w.per_pile, laid, w.dead, first_pile):
        rest_hand = hand.copy()
        rest_hand.remove(card)
        rest_piles = piles.copy()
        rest_piles[pile] = card
        step_cost = gap + (w.reserved if pile in reserved and gap > 1 else 0)
        _leaves(
            rest_hand,
            rest_piles,
            need - 1,
            reserved,
            w,
            laid,
            live,
            out,
            pile,
            cost + step_cost,
            (*steps, (card, pile)),
        )


class _NextSeat(NamedTuple):
    """What this seat may know of the seat that plays after it: the size of its hand, the minimum
    it must lay, the cards this seat has not seen (its hand is dealt from them) and the weight of
    what it will likely pay."""

    hand_size: int
    need: int
    unseen: list[int]
    weight: float


class _Turn:
    """One seat's turn played out on paper from its view: the planner lays its cards here, as it
    would at the table, and reads back the actions it took. It keeps the engine's rules of a turn:
    the 98th card wins, and a seat stuck below its minimum loses."""

    __slots__ = (
        "actions",
        "draw_pile",
        "hand",
        "hand_sizes",
        "laid_count",
        "left",
        "min_cards",
        "min_cards_full",
        "piles",
        "played",
        "players",
        "seat",
        "signals",
        "status",
    )

    def __init__(self, view: SeatView) -> None:
        self.seat = view.seat
        self.players = view.players
        self.hand = list(view.hand)
        self.piles = list(view.piles)
        self.played = view.played
        self.min_cards = view.min_cards
        self.min_cards_full = view.min_cards_full
        self.draw_pile = view.draw_pile
        self.hand_sizes = view.hand_sizes
        self.left = view.left
        self.signals = {(s.pile - 1, s.player): s.signal for s in view.signals}
        self.laid_count = len(view.laid)
        self.status = view.status
        self.actions: list[Play | SetSignal | EndTurn] = []

    def play(self, card: int, pile: int) -> None:
        hand, piles = self.hand, self.piles
        hand.remove(card)
        piles[pile] = card
        self.played += 1
        self.laid_count += 1
        self.actions.append(Play(player=self.seat, card=card, pile=pile + 1))
        if self.laid_count == DECK_SIZE:
            self.status = Status.WON
        elif self.played < self.min_cards and not any(fits(c, i, piles[i]) for c in hand for i in range(4)):
            self.status = Status.LOST

    def signal(self, pile: int, kind: str) -> None:
        if kind == "clear":
            self.signals.pop((pile, self.seat), None)
        else:
            self.signals[(pile, self.seat)] = kind
        self.actions.append(SetSignal(player=self.seat, pile=pile + 1, signal=kind))  # type: ignore[arg-type]

    def end_turn(self) -> None:
        self.actions.append(EndTurn(player=self.seat))


def _next_seat(turn: _Turn, laying: int, laid: bytearray, w: type[Weights]) -> _NextSeat | None:
    """The next seat after this one lays `laying` more cards this turn (alone: this seat again,
    with a hand dealt at random); None when nobody follows."""
    n = turn.players
    seat = turn.seat
    # The seat that plays next, as the engine passes the turn.
    following = (
        seat
        if n == 1
        else next((s for k in range(1, n) if turn.hand_sizes[s := (seat + k) % n] and not turn.left[s]), None)
    )
    if following is None:
        return None
    draw_after = turn.draw_pile - (turn.played + laying)
    hand = turn.hand
    # The cards a plan lays come from this hand, so every plan leaves the same cards unseen.
    return _NextSeat(
        hand_size=len(hand) if following == seat else turn.hand_sizes[following],
        need=turn.min_cards_full if draw_after > 0 else 1,
        unseen=[c for c in range(2, 100) if not laid[c] and c not in hand],
        weight=w.next_weight if n > 1 else w.solo_next,
    )


def _next_price(
    nxt: _NextSeat, piles: list[int], steps: list[tuple[int, int]], laid: bytearray, w: type[Weights]
) -> float:
    """The weighted expected cost for the next seat once `steps` are laid and the piles are `piles`."""
    after = bytearray(laid)
    for card, _ in steps:
        after[card] = 1
    return nxt.weight * next_cost(piles, nxt.unseen, after, nxt.hand_size, nxt.need, w)


def plan_for_next(
    turn: _Turn,
    need: int,
    reserved: frozenset[int],
    w: type[Weights],
    laid: bytearray,
    live: list[int] | None,
) -> tuple[float, list[tuple[int, int]]] | None:
    """The cheapest plans for `need` cards, compared again with what the next seat will likely
    pay for its own minimum on the piles each leaves (`next_cost`): at a table, a turn that
    leaves the piles bad for the others is not cheap. Alone, the same measure for a hand dealt
    at random says how open the piles stay for the cards still to come."""
    plans: list[tuple[float, list[tuple[int, int]], list[int]]] = []
    _leaves(turn.hand, turn.piles, need, reserved, w, laid, live, plans)
    if not plans:
        return None
    plans.sort(key=lambda p: p[0])
    nxt = _next_seat(turn, need, laid, w)
    if nxt is None or len(plans) == 1:
        return plans[0][0], plans[0][1]
    best: tuple[float, list[tuple[int, int]]] | None = None
    for cost, steps, piles in plans[: w.next_top]:
        total = cost + _next_price(nxt, piles, steps, laid, w)
        if best is None or total < best[0]:
            best = (total, steps)
    return best


def extra_for_next(
    turn: _Turn,
    reserved: frozenset[int],
    w: type[Weights],
    laid: bytearray | None,
    live: list[int] | None,
) -> tuple[float, tuple[int, int]] | None:
    """After the minimum: the card whose cost, plus what laying it changes in the next seat's
    expected cost, is lowest, as (that sum, (card, pile)); None if no card fits.

    A card laid now is one nobody has to step over later, so it can lower what the next seat
    pays; a card that blocks the piles the next seat likely needs raises it. Both count. Without
    the laid cards, a next seat or a weight for it, the card's own cost decides alone."""
    hand = turn.hand
    piles = turn.piles
    plans: list[tuple[float, list[tuple[int, int]], list[int]]] = []
    _leaves(hand, piles, 1, reserved, w, laid, live, plans)
    if not plans:
        return None
    kept = potential(hand, piles, w, live)
    nxt = None if laid is None else _next_seat(turn, 1, laid, w)
    if nxt is not None and not nxt.weight:
        nxt = None
    now = 0.0 if nxt is None else _next_price(nxt, piles, [], laid, w)  # type: ignore[arg-type]
    best: tuple[float, tuple[int, int]] | None = None
    for cost, steps, after in plans:
        total = cost - kept + (0.0 if nxt is None else _next_price(nxt, after, steps, laid, w) - now)  # type: ignore[arg-type]
        if best is None or total < best[0]:
            best = (total, steps[0])
    return best


def _play_turn(turn: _Turn, w: type[Weights], laid_cards: frozenset[int]) -> None:
    """Play the seat's whole turn on paper, then mark its piles and end the turn."""
    seat = turn.seat
    hand = turn.hand
    piles = turn.piles
    reserved = frozenset(i for (i, p), kind in turn.signals.items() if p != seat and kind == DONT)
    laid: bytearray | None = None
    if w.alive:
        laid = bytearray(102)
        for card in laid_cards:
            laid[card] = 1
    live = _live(laid) if laid is not None and w.hand_weight else None

    def lay(card: int, pile: int) -> None:
        nonlocal live
        turn.play(card, pile)
        if laid is not None:
            laid[card] = 1
            live = _live(laid) if live is not None else None

    while turn.status is IN_PROGRESS and turn.played < turn.min_cards:
        # If fewer cards fit than the minimum, lay them one by one: the engine ends the game
        # as soon as the seat is stuck.
        need = turn.min_cards - turn.played
        found = None
        if w.solo_lookahead and turn.players == 1:
            # Alone, plan a card beyond the minimum, so the cards laid now leave a good next one
            # (at a table of several this plays worse: the next card is often another's to lay).
            # Only the plan's first card is laid before planning again, as a table asking for one
            # action at a time would do.
            if w.solo_next and laid is not None:
                found = plan_for_next(turn, need + w.solo_lookahead, reserved, w, laid, live)
            else:
                found = plan(hand, piles, need + w.solo_lookahead, reserved, w, laid, live)
            if found is not None:
                need = 1
        if w.next_weight and turn.players > 1 and laid is not None:
            found = plan_for_next(turn, need, reserved, w, laid, live)
        found = (
            found
            or plan(hand, piles, need, reserved, w, laid, live)
            or plan(hand, piles, 1, reserved, w, laid, live)
        )
        if found is None:
            return
        for card, pile in found[1][:need]:
            lay(card, pile)
            if turn.status is not IN_PROGRESS:
                return
    if turn.draw_pile <= 0:
        limit = w.extra_gap_endgame
    else:
        limit = w.extra_gap if turn.players > 1 else w.extra_gap_solo
    while turn.status is IN_PROGRESS:
        extra = extra_for_next(turn, reserved, w, laid, live)
        if extra is None or extra[0] > limit:
            break
        lay(*extra[1])
    if turn.status is not IN_PROGRESS:
        return
    _signal(turn, w)
    turn.end_turn()


def _signal(turn: _Turn, w: type[Weights]) -> None:
    hand = turn.hand
    piles = turn.piles
    for i in range(4):
        close = any((g := _gap(c, i, piles[i])) is not None and g <= w.signal_gap for c in hand)
        mine = turn.signals.get((i, turn.seat))
        if close and mine != DONT:
            turn.signal(i, DONT)
        elif not close and mine is not None:
            turn.signal(i, "clear")


def plan_turn(view: SeatView, w: type[Weights] | None = None) -> list[Play | SetSignal | EndTurn]:
    """The actions the seat takes this turn, in order, if nothing else happens in between: its
    plays, its pile signals and the end of the turn (fewer when the game ends on the way)."""
    if view.current != view.seat or view.status is not IN_PROGRESS:
        raise ValueError("it is not this seat's turn")
    turn = _Turn(view)
    _play_turn(turn, w or Weights, view.laid)
    return turn.actions


def choose(view: SeatView, w: type[Weights] | None = None) -> Play | SetSignal | EndTurn:
    """The seat's next action: the first step of the turn it plans (see `plan_turn`)."""
    actions = plan_turn(view, w)
    return actions[0] if actions else EndTurn(player=view.seat)  # stuck: the engine ended the game


def next_action(state: TheGameState, seat: int) -> Play | SetSignal | EndTurn:
    """For a caller that holds the whole state: the action of `choose` on the seat's view."""
    return choose(seat_view(state, seat))


def play_turn(state: TheGameState, w: type[Weights] | None = None) -> None:
    """Play the current seat's whole turn on the state, deciding from its view alone."""
    seat = state.current
    turn = state.turn
    while not state.is_over and state.current == seat and state.turn == turn:
        state.apply(choose(seat_view(state, seat), w))


# The planner is the strongest player The Game has and sits at tables today: it is both normal and
# hard. Easy is the baseline, a teammate that lays the cheapest card and keeps no watch on others.
LEVELS: dict[str, Callable[[SeatView], Play | SetSignal | EndTurn]] = {
    "easy": baseline.choose,
    "normal": choose,
    "hard": choose,
}
