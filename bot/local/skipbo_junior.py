"""Skip-Bo Junior at a terminal table. Nothing is secret, so people at one keyboard need not hand
it over."""

from __future__ import annotations

import argparse
from typing import Any

from bot.games import skipbo_junior as sb
from bot.games.base import Status
from bot.local.base import Terminal, their, verb

HELP = """\
Commands:
  s 2        play the top of your stockpile on pile 2
  1 3        play the top of hand stack 1 on pile 3 (stacks 1..3, piles 1..4)
  end        end your turn early (only if the table allows it)
  quit       end the game for everyone (asks first)
A turn ends by itself when nothing of yours fits."""

STOCK_WORDS = ("s", "stock")


def card_label(card: int) -> str:
    return "★" if card == sb.WILD else str(card)


def greeting(state: sb.SkipBoJuniorState, names: list[str]) -> str:
    return f"Skip-Bo Junior for {len(names)}: stockpiles of {state.options.stockpile}."


def render_board(state: sb.SkipBoJuniorState, names: list[str]) -> str:
    view = state.public_view()
    lines = ["", "=" * 52]
    piles = [("—" if p is None else str(len(p))) for p in view.piles]
    lines.append("  building piles: " + "   ".join(f"{i + 1}:[{v}]" for i, v in enumerate(piles)))
    lines.append(f"  draw pile: {view.draw_pile}   finished piles waiting: {view.completed}")
    for seat, name in enumerate(names):
        arrow = "▶" if seat == view.current_player and not state.is_over else " "
        top = view.stock_tops[seat]
        stock = f"stockpile {view.stock_counts[seat]:>2} (top {card_label(top) if top is not None else '—'})"
        stacks = "  ".join(
            f"{i + 1}:{card_label(s[-1]) if s else '—'}{f' (+{len(s) - 1})' if len(s) > 1 else ''}"
            for i, s in enumerate(view.slots[seat])
        )
        lines.append(f" {arrow} {name:<10} {stock}   stacks {stacks}")
    lines.append("=" * 52)
    return "\n".join(lines)


def parse(line: str) -> dict[str, Any] | str:
    words = line.lower().split()
    if words[0] in ("end", "e"):
        return {"type": "end_turn"}
    if len(words) == 2 and words[1].isdecimal() and (words[0] in STOCK_WORDS or words[0].isdecimal()):
        if words[0] in STOCK_WORDS:
            return {"type": "play", "source": sb.STOCK, "pile": int(words[1])}
        source = int(words[0])
        if not 1 <= source <= sb.SLOTS:
            return f"Not allowed: there is no source {source}; play from the stockpile (s) or a stack 1 to 3."
        return {"type": "play", "source": source, "pile": int(words[1])}
    return "I did not understand that. E.g. 's 1' (stockpile on pile 1), '2 3', or 'help'."


def narrate(state: sb.SkipBoJuniorState, names: list[str], seat: int, action: Any, ai: bool) -> str | None:
    """An AI seat's plays are told; a person's show on the board drawn before the next input."""
    if not ai:
        return None
    if isinstance(action, sb.EndTurn):
        return f"  {names[seat]}: ends the turn"
    where = "the stockpile" if action.source == sb.STOCK else f"stack {action.source}"
    return f"  {names[seat]}: plays from {where} on pile {action.pile}"


def result_text(state: sb.SkipBoJuniorState, names: list[str]) -> str:
    if state.status is Status.WON:
        name = names[state.winner]  # type: ignore[index]
        return f"{name} {verb(name, 'wins')}: {their(name)} stockpile is empty!"
    left = ", ".join(f"{names[s]} {n}" for s, n in enumerate(state.result().stock_left))
    if state.status is Status.ABANDONED:
        return f"The game was ended early. Stockpile cards left: {left}."
    return f"The game is stuck and ends without a winner. Stockpile cards left: {left}."


def closing(state: sb.SkipBoJuniorState, names: list[str]) -> str:
    return render_board(state, names) + "\n" + result_text(state, names)


def options(args: argparse.Namespace, players: int) -> sb.SkipBoJuniorOptions:
    chosen = sb.SkipBoJuniorOptions(stockpile=args.stockpile or 10, may_stop=args.may_stop)
    chosen.check(players)
    return chosen


TERMINAL = Terminal(
    default_seats=("you", "ai"),
    greeting=greeting,
    help=HELP,
    board=render_board,
    hand=None,
    parse=parse,
    narrate=narrate,
    result=closing,
    options=options,
    board_each_ai_turn=True,
)
