"""Red and Black at a terminal table. Hands are secret: a person's hand shows only in their own
turn, after the keyboard was handed over."""

from __future__ import annotations

import argparse
from typing import Any

from bot.games import red_and_black as rb
from bot.games.base import Status
from bot.local.base import Terminal, verb

HELP = """\
Commands:
  stock | discard     draw from the stock or take the top discard
  7R                  discard the 7 red (cards: rank 1..9 and R or B)
  declare 7R          discard the 7 red and show two matched sequences with the rest
  end                 in the final phase: end the play instead of drawing
  quit                end the game for everyone (asks first)"""

DRAW_WORDS = {"stock": "stock", "s": "stock", "discard": "discard", "d": "discard"}


def greeting(state: rb.RedAndBlackState, names: list[str]) -> str:
    length = "play to 300" if state.options.to_300 else f"{rb.DEALS} deals"
    return f"Red and Black: {length}, two matched sequences win a deal."


def render_board(state: rb.RedAndBlackState, names: list[str]) -> str:
    view = state.public_view()
    lines = ["", "=" * 52]
    lines.append(
        f"  deal {view.deal} of {rb.DEALS if not state.options.to_300 else 'to 300'}, "
        f"round {view.round}{', final phase' if view.final_phase else ''}; dealer {names[view.dealer]}"
    )
    lines.append(f"  stock: {view.stock}   discard pile: {view.discard_top or '—'} ({view.discard_count})")
    for seat, name in enumerate(names):
        arrow = "▶" if seat == view.current_player and not state.is_over else " "
        lines.append(f" {arrow} {name:<10} {view.hand_sizes[seat]:>2} cards   total {view.totals[seat]:>4}")
    lines.append("=" * 52)
    return "\n".join(lines)


def render_hand(state: rb.RedAndBlackState, seat: int) -> str:
    view = state.private_view(seat)
    text = "  your hand: " + " ".join(view.hand)
    if view.declarable:
        text += "\n  You can declare! Discard one of: " + ", ".join(view.declarable)
    return text


def parse(line: str) -> dict[str, Any] | str:
    words = line.split()
    head = words[0].lower()
    if len(words) == 1 and head in DRAW_WORDS:
        return {"type": "draw", "source": DRAW_WORDS[head]}
    if head == "end":
        return {"type": "end_play"}
    if head == "declare" and len(words) == 2:
        return {"type": "declare", "card": words[1].upper()}
    if len(words) == 1:
        return {"type": "discard", "card": words[0].upper()}
    return "I did not understand that. E.g. 'stock', 'discard', '7R', or 'help'."


def narrate(state: rb.RedAndBlackState, names: list[str], seat: int, action: Any, ai: bool) -> str | None:
    """An AI seat's every step is told; a person hears which card they drew."""
    match action:
        case rb.Draw() if not ai:
            return f"  You take {rb.name(state.hands[seat][-1])}."
        case _ if not ai:
            return None
        case rb.Draw(source="stock"):
            told = "draws from the stock"
        case rb.Draw():
            told = f"takes the discard {rb.name(state.hands[seat][-1])}"
        case rb.Discard():
            told = f"discards {action.card}"
        case rb.Declare():
            told = f"declares, discarding {action.card}!"
        case _:
            told = "ends the play"
    return f"  {names[seat]}: {told}"


def deal_text(deal: rb.DealScore, names: list[str]) -> str:
    if deal.winner is not None:
        name = names[deal.winner]
        head = f"Deal {deal.number}: {name} {verb(name, 'wins')} in round {deal.round}."
    else:
        head = f"Deal {deal.number} ends without a winner."
    rows = [
        f"  {names[s]:<10} {deal.scores[s]:>4}  {deal.shown[s] or 'no sequence'}" for s in range(rb.PLAYERS)
    ]
    return "\n".join([head, *rows])


def deal_reports(state: rb.RedAndBlackState, names: list[str], since: int) -> list[str]:
    return [deal_text(deal, names) for deal in state.deals[since:]]


def result_text(state: rb.RedAndBlackState, names: list[str]) -> str:
    result = state.result()
    table = "\n".join(f"  {names[s]:<10} {state.totals[s]:>4}" for s in result.standing())
    if state.status is Status.ABANDONED:
        return f"The game was ended early.\n{table}"
    winners = " and ".join(names[s] for s in result.winners)
    wins = verb(winners, "wins") if len(result.winners) == 1 else "win"
    return f"{winners} {wins} the game.\n{table}"


def options(args: argparse.Namespace, players: int) -> rb.RedAndBlackOptions:
    return rb.RedAndBlackOptions(to_300=args.to_300)


TERMINAL = Terminal(
    default_seats=("you", "ai", "ai", "ai"),
    greeting=greeting,
    help=HELP,
    board=render_board,
    hand=render_hand,
    parse=parse,
    narrate=narrate,
    result=result_text,
    options=options,
    deal_reports=deal_reports,
)
