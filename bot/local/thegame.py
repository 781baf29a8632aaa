"""The Game at a terminal table: the board and hand as text, and the commands a person types."""

from __future__ import annotations

import argparse
from typing import Any

from bot.games import thegame
from bot.games.base import Status
from bot.games.thegame import TheGameOptions, TheGameState
from bot.local.base import Terminal, their, verb

HELP = """\
Commands:
  47 1              lay card 47 on pile 1 (piles 1 and 2 go up, 3 and 4 go down)
  end               end your turn (after the minimum) and draw
  signal 3 dont     ask the others not to play on pile 3   (also: good, clear)
  leave             leave the game (your cards count as not laid)
  quit              end the game for everyone (abandoned; asks first)
  help              this text"""

SIGNAL_WORDS = {
    "dont": "dont_play",
    "dont_play": "dont_play",
    "no": "dont_play",
    "good": "good_card",
    "good_card": "good_card",
    "clear": "clear",
    "off": "clear",
}
SIGNAL_LABELS = {"dont_play": "please don't play here", "good_card": "has a good card here"}
SIGNAL_WISHES = {"dont_play": "please keep it free", "good_card": "a good card for it"}


def pile_label(index: int) -> str:
    return f"pile {index + 1} {'up  ' if thegame.ASCENDING[index] else 'down'}"


def greeting(state: TheGameState, names: list[str]) -> str:
    return (
        f"The Game for {len(names)}: hand of {state.hand_size}, at least {state.min_cards_full} cards a turn."
    )


def render_board(state: TheGameState, names: list[str]) -> str:
    """The public board as text: piles, draw pile, hands' sizes, signals, whose turn."""
    view = state.public_view()
    lines = ["", "=" * 44]
    for i, top in enumerate(view.piles):
        marks = [f"{names[s.player]} {SIGNAL_LABELS[s.signal]}" for s in view.signals if s.pile == i + 1]
        extra = f"   [{'; '.join(marks)}]" if marks else ""
        lines.append(f"  {pile_label(i)}  top {top:>3}{extra}")
    lines.append(f"  draw pile: {view.draw_pile} card{'s' if view.draw_pile != 1 else ''}")
    seats = []
    for seat, name in enumerate(names):
        size = "left" if view.left[seat] else f"{view.hand_sizes[seat]} cards"
        arrow = "▶ " if seat == view.current_player and not state.is_over else ""
        seats.append(f"{arrow}{name} ({size})")
    lines.append("  seats: " + ", ".join(seats))
    if not state.is_over:
        name = names[view.current_player]
        lines.append(
            f"  turn {view.turn}: {name} {verb(name, 'has')} laid "
            f"{view.played_this_turn} of at least {view.min_cards}"
        )
    lines.append("=" * 44)
    return "\n".join(lines)


def render_hand(state: TheGameState, seat: int) -> str:
    view = state.private_view(seat)
    parts = []
    for card in view.hand:
        piles = view.playable.get(card)
        parts.append(f"{card}→{','.join(map(str, piles))}" if piles else f"{card}")
    end = "  (you may end your turn)" if view.can_end_turn else ""
    return "  your hand: " + "  ".join(parts) + end


def parse(line: str) -> dict[str, Any] | str:
    words = line.lower().split()
    head = words[0]
    if head in ("end", "e", "done"):
        return {"type": "end_turn"}
    if head == "leave":
        return {"type": "leave"}
    if head in ("signal", "s", "sig"):
        args = words[1:]
        if len(args) != 2 or not args[0].isdecimal() or args[1] not in SIGNAL_WORDS:
            return "Usage: signal PILE dont|good|clear, e.g. 'signal 3 dont'."
        return {"type": "signal", "pile": int(args[0]), "signal": SIGNAL_WORDS[args[1]]}
    if len(words) == 2 and all(w.isdecimal() for w in words):
        return {"type": "play", "card": int(words[0]), "pile": int(words[1])}
    return "I did not understand that. Type a card and a pile, e.g. '47 1', or 'help'."


def narrate(state: TheGameState, names: list[str], seat: int, action: Any, ai: bool) -> str | None:
    """An AI seat's every step is told; of a person's, only leaving (the board shows the rest)."""
    name = names[seat]
    match action:
        case thegame.Leave():
            return f"  {name} {verb(name, 'leaves')} the table; {their(name)} cards count as not laid."
        case _ if not ai:
            return None
        case thegame.Play():
            return f"  {name} lays {action.card} on pile {action.pile}"
        case thegame.SetSignal():
            wish = SIGNAL_WISHES.get(action.signal, "signal cleared")
            return f"  {name} signals on pile {action.pile}: {wish}"
        case _:
            return f"  {name} ends the turn"


def render_result(state: TheGameState, names: list[str]) -> str:
    left = state.cards_left
    if state.status is Status.WON:
        head = "You beat The Game: all 98 cards are laid!"
    elif state.status is Status.ABANDONED:
        head = f"The game was ended early with {left} cards not laid."
    else:
        verdict = " That is an excellent result." if left < thegame.EXCELLENT_BELOW else ""
        head = f"Game over: {left} card{'s' if left != 1 else ''} not laid.{verdict}"
    most = max(range(len(names)), key=lambda s: state.laid_by[s])
    return f"{head}\n  turns: {state.turn}; most cards laid: {names[most]} ({state.laid_by[most]})"


def closing(state: TheGameState, names: list[str]) -> str:
    return render_board(state, names) + "\n" + render_result(state, names)


def options(args: argparse.Namespace, players: int) -> TheGameOptions:
    return TheGameOptions(
        expert=args.expert,
        smaller_hands=args.smaller_hands,
        hand_size=args.hand_size,
        min_cards=args.min_cards,
    )


TERMINAL = Terminal(
    default_seats=("you",),
    greeting=greeting,
    help=HELP,
    board=render_board,
    hand=render_hand,
    parse=parse,
    narrate=narrate,
    result=closing,
    options=options,
)
