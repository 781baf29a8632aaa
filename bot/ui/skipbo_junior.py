"""Skip-Bo Junior at a Discord table. Pure: no I/O.

Skip-Bo Junior has no secret hand: the board shows everything and carries the buttons of the
player whose turn it is.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import discord

from bot.games import skipbo_junior as sb
from bot.games.base import Status
from bot.tables import Table
from bot.ui.base import (
    COLOUR,
    LOST_COLOUR,
    WON_COLOUR,
    Message,
    Presentation,
    Style,
    as_layout,
    closing,
    draw_cards,
    plural,
    seat_line,
)
from bot.ui.components import TableButton, view_of

WILD_MARK = "★"


def sb_card(card: int) -> str:
    return WILD_MARK if card == sb.WILD else str(card)


def _stack(number: int, stack: tuple[int, ...]) -> str:
    """One side stack on a line of its own, bottom to top, its playable top card in bold."""
    if not stack:
        return f"Stack {number}: empty"
    *under, top = stack
    shown = [sb_card(c) for c in under[-5:]]
    more = "… " if len(under) > 5 else ""
    return f"Stack {number}: {more}{' · '.join([*shown, f'**{sb_card(top)}**'])} ← top"


def sb_options_line(table: Table) -> str:
    options: sb.SkipBoJuniorOptions = table.options  # type: ignore[assignment]
    stop = "a player may stop early" if options.may_stop else "play while anything fits"
    return f"stockpiles of {options.stockpile}, {stop}"


def sb_board(table: Table) -> Message:
    state: sb.SkipBoJuniorState = table.state
    view = state.public_view()
    embed = discord.Embed(title=f"Skip-Bo Junior: turn {view.turn}", colour=COLOUR)
    piles = draw_cards(
        [f"pile {pos + 1}" for pos in range(len(view.piles))],
        ["" if pile is None else str(len(pile)) for pile in view.piles],
        ["1 or ★" if pile is None else f"→ {len(pile) + 1}" for pile in view.piles],
    )
    embed.add_field(name="Building piles (top, then what comes next)", value=piles, inline=False)
    embed.add_field(
        name="Draw pile",
        value=f"{plural(view.draw_pile, 'card')} · {plural(view.completed, 'card')} from finished piles",
        inline=False,
    )
    for seat in range(len(table.seats)):
        marker = "▶️ " if seat == view.current_player and not state.is_over else ""
        top = view.stock_tops[seat]
        stock = (
            f"Stockpile **{sb_card(top)}** ({plural(view.stock_counts[seat], 'card')})"
            if top is not None
            else "Stockpile empty"
        )
        stacks = "\n".join(_stack(n, s) for n, s in enumerate(view.slots[seat], start=1))
        embed.add_field(name=f"{marker}{seat_line(table, seat)}", value=f"{stock}\n{stacks}", inline=False)
    embed.set_footer(text="★ is wild · stacks read bottom to top, the bold card is on top")
    return as_layout(Message(embed=embed, view=_sb_buttons(table)))


def _sb_buttons(table: Table) -> discord.ui.View | None:
    state: sb.SkipBoJuniorState = table.state
    if state.is_over or table.seats[state.current].ai:
        return None
    seat = state.current
    buttons = []
    free = next((p for p in range(1, sb.PILES + 1) if state.piles[p - 1] is None), None)
    for row, source in enumerate((sb.STOCK, 1, 2, 3)):
        card = state.source_card(seat, source)
        if card is None:
            continue
        where = "stockpile" if source == sb.STOCK else f"stack {source}"
        for pile in range(1, sb.PILES + 1):
            if not state.fits(card, pile):
                continue
            if state.piles[pile - 1] is None and pile != free:
                continue  # every empty place is the same: offer one
            target = "new pile" if state.piles[pile - 1] is None else f"pile {pile}"
            buttons.append(
                TableButton(
                    "act",
                    table.id,
                    table.version,
                    sb.encode_action({"type": "play", "source": source, "pile": pile}),
                    label=f"{sb_card(card)} from {where} → {target}",
                    style=Style.success if source == sb.STOCK else Style.primary,
                    row=row,
                )
            )
    if state.options.may_stop:
        buttons.append(TableButton("act", table.id, table.version, "e", label="End my turn", row=4))
    return view_of(*buttons) if buttons else None


def sb_turn_notice(table: Table) -> str:
    state: sb.SkipBoJuniorState = table.state
    seat = table.seats[state.current]
    who = f"<@{seat.user_id}>" if seat.user_id is not None and not seat.ai else seat.name
    return f"{who}, it is your turn: your three cards are dealt. Play with the buttons on the board."


def sb_final(table: Table, finished_at: datetime) -> Message:
    state: sb.SkipBoJuniorState = table.state
    result = state.result()
    if result.status is Status.WON:
        title, colour = f"{table.name(result.winner)} wins: their stockpile is empty!", WON_COLOUR  # type: ignore[arg-type]
    elif result.status is Status.ABANDONED:
        who = f" by <@{table.ended_by}>" if table.ended_by else ""
        title, colour = f"The game was ended early{who}.", LOST_COLOUR
    else:
        title, colour = "The game got stuck and ends without a winner.", LOST_COLOUR
    embed = discord.Embed(title="Skip-Bo Junior: final report", description=f"**{title}**", colour=colour)
    lines = []
    for place, seat in enumerate(result.standing(), start=1):
        lines.append(
            f"{place}. {seat_line(table, seat)}: {plural(result.stock_left[seat], 'stockpile card')} left"
        )
    embed.add_field(name="Standing", value="\n".join(lines), inline=False)
    embed.add_field(name="Turns", value=str(result.turns), inline=True)
    return closing(embed, table, finished_at)


# Buttons posted before buttons carried tokens: their kinds and arguments, as actions.
LEGACY = {
    "sb": lambda args: {
        "type": "play",
        "source": "stock" if args[0] == "s" else int(args[0]),
        "pile": int(args[1]),
    },
    "sbend": lambda args: {"type": "end_turn"},
}


def command_options(given: dict[str, Any], server: Any) -> sb.SkipBoJuniorOptions:
    return sb.SkipBoJuniorOptions(
        stockpile=given.get("stockpile") or 10, may_stop=bool(given.get("may_stop"))
    )


PRESENTATION = Presentation(
    pitch="Everyone for themselves: be the first to empty your stockpile onto the shared piles "
    "(2 to 4 players).",
    options_line=sb_options_line,
    board=sb_board,
    turn_notice=sb_turn_notice,
    hand=None,
    no_hand="Skip-Bo Junior has no secret hand: everything is on the board, "
    "and your buttons appear there on your turn.",
    final_report=lambda table, finished_at, strikes: sb_final(table, finished_at),
    legacy=LEGACY,
    option_names=("stockpile", "may_stop"),
    command_options=command_options,
)
