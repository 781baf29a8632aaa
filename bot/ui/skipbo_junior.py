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
from bot.i18n import N_, _, ngettext
from bot.tables import Table
from bot.ui.base import (
    COLOUR,
    LOST_COLOUR,
    WON_COLOUR,
    Message,
    Presentation,
    Style,
    as_layout,
    cards,
    closing,
    draw_cards,
    ended_early,
    seat_line,
)
from bot.ui.components import TableButton, view_of

WILD_MARK = "★"


def sb_card(card: int) -> str:
    return WILD_MARK if card == sb.WILD else str(card)


def _stack(number: int, stack: tuple[int, ...]) -> str:
    """One side stack on a line of its own, bottom to top, its playable top card in bold."""
    if not stack:
        return _("Stack {number}: empty").format(number=number)
    *under, top = stack
    shown = [sb_card(c) for c in under[-5:]]
    more = "… " if len(under) > 5 else ""
    cards_shown = more + " · ".join([*shown, f"**{sb_card(top)}**"])
    return _("Stack {number}: {cards} ← top").format(number=number, cards=cards_shown)


def sb_options_line(table: Table) -> str:
    options: sb.SkipBoJuniorOptions = table.options  # type: ignore[assignment]
    stop = _("a player may stop early") if options.may_stop else _("play while anything fits")
    return _("stockpiles of {n}, {stop}").format(n=options.stockpile, stop=stop)


def sb_board(table: Table) -> Message:
    state: sb.SkipBoJuniorState = table.state
    view = state.public_view()
    embed = discord.Embed(
        title=_("{game}: turn {turn}").format(game=table.spec.title, turn=view.turn), colour=COLOUR
    )
    piles = draw_cards(
        [_("pile {n}").format(n=pos + 1) for pos in range(len(view.piles))],
        ["" if pile is None else str(len(pile)) for pile in view.piles],
        [_("1 or ★") if pile is None else f"→ {len(pile) + 1}" for pile in view.piles],
    )
    embed.add_field(name=_("Building piles (top, then what comes next)"), value=piles, inline=False)
    embed.add_field(
        name=_("Draw pile"),
        value=_("{cards} · {finished} from finished piles").format(
            cards=cards(view.draw_pile), finished=cards(view.completed)
        ),
        inline=False,
    )
    for seat in range(len(table.seats)):
        marker = "▶️ " if seat == view.current_player and not state.is_over else ""
        top = view.stock_tops[seat]
        stock = (
            _("Stockpile **{card}** ({cards})").format(
                card=sb_card(top), cards=cards(view.stock_counts[seat])
            )
            if top is not None
            else _("Stockpile empty")
        )
        stacks = "\n".join(_stack(n, s) for n, s in enumerate(view.slots[seat], start=1))
        embed.add_field(name=f"{marker}{seat_line(table, seat)}", value=f"{stock}\n{stacks}", inline=False)
    embed.set_footer(text=_("★ is wild · stacks read bottom to top, the bold card is on top"))
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
        where = _("stockpile") if source == sb.STOCK else _("stack {n}").format(n=source)
        for pile in range(1, sb.PILES + 1):
            if not state.fits(card, pile):
                continue
            if state.piles[pile - 1] is None and pile != free:
                continue  # every empty place is the same: offer one
            target = _("new pile") if state.piles[pile - 1] is None else _("pile {n}").format(n=pile)
            buttons.append(
                TableButton(
                    "act",
                    table.id,
                    table.version,
                    sb.encode_action({"type": "play", "source": source, "pile": pile}),
                    label=_("{card} from {where} → {target}").format(
                        card=sb_card(card), where=where, target=target
                    ),
                    style=Style.success if source == sb.STOCK else Style.primary,
                    row=row,
                )
            )
    if state.options.may_stop:
        buttons.append(TableButton("act", table.id, table.version, "e", label=_("End my turn"), row=4))
    return view_of(*buttons) if buttons else None


def sb_turn_notice(table: Table) -> str:
    state: sb.SkipBoJuniorState = table.state
    seat = table.seats[state.current]
    who = f"<@{seat.user_id}>" if seat.user_id is not None and not seat.ai else seat.shown
    return _(
        "{who}, it is your turn: your three cards are dealt. Play with the buttons on the board."
    ).format(who=who)


def sb_final(table: Table, finished_at: datetime) -> Message:
    state: sb.SkipBoJuniorState = table.state
    result = state.result()
    if result.status is Status.WON:
        winner = table.name(result.winner)  # type: ignore[arg-type]
        title, colour = _("{name} wins: their stockpile is empty!").format(name=winner), WON_COLOUR
    elif result.status is Status.ABANDONED:
        title, colour = ended_early(table), LOST_COLOUR
    else:
        title, colour = _("The game got stuck and ends without a winner."), LOST_COLOUR
    embed = discord.Embed(
        title=_("{game}: final report").format(game=table.spec.title),
        description=f"**{title}**",
        colour=colour,
    )
    lines = []
    for place, seat in enumerate(result.standing(), start=1):
        left = result.stock_left[seat]
        lines.append(
            f"{place}. {seat_line(table, seat)}: "
            + ngettext("{n} stockpile card left", "{n} stockpile cards left", left).format(n=left)
        )
    embed.add_field(name=_("Standing"), value="\n".join(lines), inline=False)
    embed.add_field(name=_("Turns"), value=str(result.turns), inline=True)
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
    pitch=N_(
        "Everyone for themselves: be the first to empty your stockpile onto the shared piles "
        "(2 to 4 players)."
    ),
    options_line=sb_options_line,
    board=sb_board,
    turn_notice=sb_turn_notice,
    hand=None,
    no_hand=N_(
        "Skip-Bo Junior has no secret hand: everything is on the board, "
        "and your buttons appear there on your turn."
    ),
    final_report=lambda table, finished_at, strikes: sb_final(table, finished_at),
    legacy=LEGACY,
    option_names=("stockpile", "may_stop"),
    command_options=command_options,
)
