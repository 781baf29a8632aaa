"""A baseline AI for Skip-Bo Junior: empty the stockpile first, and give the next player little.

Everything it reads is public: its own stockpile top, every hand stack and the building piles.
Each step it plays the stockpile top if it fits; otherwise it looks for a short run of hand cards
that makes the stockpile top fit, and plays the first card of it. When it must play without such
a run, it lays numbers before wilds and avoids opening a pile for the next player's stockpile top.
"""

from __future__ import annotations

from bot.games.skipbo_junior import PILES, STOCK, WILD, EndTurn, Play, SkipBoJuniorState

DEPTH = 5


def _needs(piles: list[int | None]) -> list[int]:
    """Per position, the value a card needs there: 1 on a free position."""
    return [1 if v is None else v + 1 for v in piles]


def _fits(card: int, need: int) -> bool:
    return card in (WILD, need)


def _run_to_stock(
    stacks: list[list[int]], piles: list[int | None], stock_top: int, depth: int
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


def next_action(state: SkipBoJuniorState, seat: int) -> Play | EndTurn:
    """The seat's next move: a Play, or EndTurn (only where the table lets a player stop)."""
    if state.current != seat or state.is_over:
        raise ValueError("it is not this seat's turn")
    piles = [state.pile_value(p) for p in range(1, PILES + 1)]
    needs = _needs(piles)
    stock = state.stocks[seat]
    if stock:
        top = stock[-1]
        # The stockpile top first, on the pile closest to done (a wild also fits a free place).
        fits = [p for p in range(PILES) if _fits(top, needs[p])]
        if fits:
            pile = max(fits, key=lambda p: piles[p] or 0)
            return Play(player=seat, source=STOCK, pile=pile + 1)
        run = _run_to_stock(state.slots[seat], piles, top, DEPTH)
        if run:
            slot, pile = run[0]
            return Play(player=seat, source=slot, pile=pile)
    nxt = (seat + 1) % state.players
    their_top = state.stocks[nxt][-1] if state.stocks[nxt] else None
    choices = []
    for source, pile in state.plays(seat):
        card = state.source_card(seat, source)
        value = needs[pile - 1]
        after = None if value == 10 else value
        gift = their_top is not None and their_top != WILD and after is not None and their_top == after + 1
        choices.append((gift, card == WILD, -value, source != STOCK, str(source), pile, source))
    if not choices:
        return EndTurn(player=seat)
    best = min(choices)
    if state.options.may_stop and best[0]:
        return EndTurn(player=seat)  # every play would open a pile for the next player
    return Play(player=seat, source=best[-1], pile=best[5])


def play_turn(state: SkipBoJuniorState) -> None:
    """Play the current seat's whole turn (simulations and tests)."""
    seat = state.current
    turn = state.turn
    while not state.is_over and state.current == seat and state.turn == turn:
        state.apply(next_action(state, seat))
