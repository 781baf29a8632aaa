"""Building The Game states with chosen hands and draw order."""

from __future__ import annotations

from bot.games.thegame import CARDS, TheGameOptions, TheGameState, new_game


def deck_with(hands: list[list[int]], draw: list[int] | None = None, rest: str = "ascending") -> list[int]:
    """A deck whose first blocks are ``hands``, then ``draw``, then every other card.

    The other cards follow ascending (or descending), so tests know what a draw brings.
    """
    head = [c for hand in hands for c in hand] + list(draw or [])
    assert len(set(head)) == len(head), "a card appears twice"
    others = [c for c in CARDS if c not in set(head)]
    if rest == "descending":
        others.reverse()
    return head + others


def game_with(
    hands: list[list[int]],
    draw: list[int] | None = None,
    *,
    min_cards: int | None = None,
    first_player: int = 0,
    expert: bool = False,
    rest: str = "ascending",
) -> TheGameState:
    sizes = {len(h) for h in hands}
    assert len(sizes) == 1, "every hand has the same size at the start"
    options = TheGameOptions(hand_size=sizes.pop(), min_cards=min_cards, expert=expert)
    return new_game(len(hands), options, deck=deck_with(hands, draw, rest), first_player=first_player)
