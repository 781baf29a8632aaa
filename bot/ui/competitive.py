"""Boards, hands and reports of Skip-Bo Junior and Red and Black. Pure: no I/O.

Skip-Bo Junior has no secret hand: the board shows everything and carries the buttons of the
player whose turn it is. Red and Black keeps hands secret: the board shows only counts, the
discard pile's top and the scores; a hand is an ephemeral message for its owner.
"""

from __future__ import annotations

from datetime import datetime

import discord

from bot.games import red_and_black as rb
from bot.games import skipbo_junior as sb
from bot.games.base import Status
from bot.tables import Table
from bot.ui.base import COLOUR, LOST_COLOUR, WON_COLOUR, Message, Style, duration, plural, seat_line
from bot.ui.components import TableButton, view_of

WILD_MARK = "★"
RED_MARK, BLACK_MARK = "🟥", "⬛"


# ---- Skip-Bo Junior ------------------------------------------------------------------------------


def sb_card(card: int) -> str:
    return WILD_MARK if card == sb.WILD else str(card)


def _stack(stack: tuple[int, ...]) -> str:
    """A hand stack bottom to top, its playable top card in bold."""
    if not stack:
        return "—"
    *under, top = stack
    shown = [sb_card(c) for c in under[-5:]]
    more = "… " if len(under) > 5 else ""
    return more + " ".join([*shown, f"**{sb_card(top)}**"])


def sb_options_line(table: Table) -> str:
    options: sb.SkipBoJuniorOptions = table.options  # type: ignore[assignment]
    stop = "a player may stop early" if options.may_stop else "play while anything fits"
    return f"stockpiles of {options.stockpile}, {stop}"


def sb_board(table: Table) -> Message:
    state: sb.SkipBoJuniorState = table.state
    view = state.public_view()
    embed = discord.Embed(title=f"Skip-Bo Junior: turn {view.turn}", colour=COLOUR)
    piles = "   ".join(
        f"**{pos + 1}:** {'—' if pile is None else f'**{len(pile)}** → {len(pile) + 1}'}"
        for pos, pile in enumerate(view.piles)
    )
    embed.add_field(
        name="Building piles (top → next)", value=f"{piles}\nA **1** or ★ starts a pile.", inline=False
    )
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
        stacks = "  │  ".join(_stack(s) for s in view.slots[seat])
        embed.add_field(
            name=f"{marker}{seat_line(table, seat)}", value=f"{stock}\nStacks: {stacks}", inline=False
        )
    embed.set_footer(
        text=f"★ is wild · stacks read bottom to top, the bold card is on top · table {table.id}"
    )
    return Message(embed=embed, view=_sb_buttons(table))


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
                    "sb",
                    table.id,
                    table.version,
                    "s" if source == sb.STOCK else source,
                    pile,
                    label=f"{sb_card(card)} from {where} → {target}",
                    style=Style.success if source == sb.STOCK else Style.primary,
                    row=row,
                )
            )
    if state.options.may_stop:
        buttons.append(TableButton("sbend", table.id, table.version, label="End my turn", row=4))
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
    return _closing(embed, table, finished_at)


def _closing(embed: discord.Embed, table: Table, finished_at: datetime) -> Message:
    """What every final report ends with: the duration, the export hint and Rematch."""
    assert table.started_at is not None
    embed.add_field(
        name="Duration", value=duration((finished_at - table.started_at).total_seconds()), inline=True
    )
    embed.set_footer(text=f"table {table.id} · /game export gives the full record")
    view = view_of(TableButton("rematch", table.id, label="Rematch", style=Style.success))
    return Message(embed=embed, view=view)


# ---- Red and Black -------------------------------------------------------------------------------


def rb_card(name: str) -> str:
    return f"{RED_MARK if name.endswith('R') else BLACK_MARK}{name[0]}"


def rb_options_line(table: Table) -> str:
    options: rb.RedAndBlackOptions = table.options  # type: ignore[assignment]
    return "until someone has 300 at the end of a deal" if options.to_300 else "8 deals"


def _score_table(table: Table, deals: tuple[rb.DealScore, ...], totals: tuple[int, ...]) -> str:
    names = [table.name(s)[:7] for s in range(rb.PLAYERS)]
    rows = ["deal " + "".join(f"{n:>8} " for n in names).rstrip()]
    for d in deals[-8:]:
        marks = "".join(f"{d.scores[s]:>8}{'*' if d.winner == s else ' '}" for s in range(rb.PLAYERS))
        rows.append(f"{d.number:>4} {marks}".rstrip())
    rows.append("sum  " + "".join(f"{t:>8} " for t in totals).rstrip())
    return "```\n" + "\n".join(rows) + "\n```"


def _deal_line(table: Table, deal: rb.DealScore) -> str:
    if deal.winner is None:
        how = {"ended": "a player ended the play", "stock": "the stock ran out twice", "cap": "200 turns"}
        return f"Deal {deal.number} ended without a winner ({how.get(deal.reason, deal.reason)})."
    shown = deal.shown[deal.winner]
    return (
        f"Deal {deal.number}: **{table.name(deal.winner)}** declared in round {deal.round} with "
        f"{shown} for **{deal.scores[deal.winner]}** points."
    )


def rb_board(table: Table) -> Message:
    state: rb.RedAndBlackState = table.state
    view = state.public_view()
    of = "to 300" if state.options.to_300 else f"of {rb.DEALS}"
    title = f"Red and Black: deal {view.deal} {of} · round {view.round}"
    if view.final_phase:
        title += " · final phase"
    embed = discord.Embed(title=title, colour=COLOUR)
    top = rb_card(view.discard_top) if view.discard_top else "—"
    embed.add_field(
        name="Discard pile", value=f"**{top}** ({plural(view.discard_count, 'card')})", inline=True
    )
    stock = "used up: take the discard or end the play" if view.final_phase else plural(view.stock, "card")
    embed.add_field(name="Stock", value=stock, inline=True)
    embed.add_field(name="Dealer", value=table.name(view.dealer), inline=True)
    seats = []
    for seat in range(rb.PLAYERS):
        marker = "▶️ " if seat == view.current_player and not state.is_over else ""
        doing = ""
        if seat == view.current_player and not state.is_over:
            doing = " · drawing" if view.phase == rb.DRAW else " · has drawn, discarding"
        seats.append(f"{marker}{seat_line(table, seat)}: {plural(view.hand_sizes[seat], 'card')}{doing}")
    embed.add_field(name="Seats", value="\n".join(seats), inline=False)
    if view.deals:
        embed.add_field(name="Last deal", value=_deal_line(table, view.deals[-1]), inline=False)
    embed.add_field(name="Scores", value=_score_table(table, view.deals, view.totals), inline=False)
    embed.set_footer(text=f"Your hand is private: open it with My hand · table {table.id}")
    buttons = view_of(TableButton("hand", table.id, label="My hand", style=Style.primary))
    return Message(embed=embed, view=buttons)


def rb_turn_notice(table: Table) -> str:
    state: rb.RedAndBlackState = table.state
    seat = table.seats[state.current]
    who = f"<@{seat.user_id}>" if seat.user_id is not None and not seat.ai else seat.name
    prefix = ""
    if state.deals and state.turn == 0 and state.phase == rb.DRAW:
        prefix = _deal_line(table, state.deals[-1]) + " "
    if state.final_phase:
        ask = f"take the {rb_card(rb.name(state.discards[-1]))} from the discard pile or end the play"
    else:
        ask = "draw from the stock or take the top discard"
    return f"{prefix}{who}, it is your turn: {ask}. Use **My hand** on the board."


def rb_hand(table: Table, seat: int, note: str | None = None) -> Message:
    state: rb.RedAndBlackState = table.state
    mine = state.private_view(seat)
    public = mine.public
    version = table.version
    lines = [f"*{note}*"] if note else []
    reds = " ".join(c[0] for c in mine.hand if c.endswith("R")) or "—"
    blacks = " ".join(c[0] for c in mine.hand if c.endswith("B")) or "—"
    lines.append(f"{RED_MARK} red: **{reds}**\n{BLACK_MARK} black: **{blacks}**")
    my_turn = public.current_player == seat and not state.is_over
    buttons: list[TableButton] = []
    if state.is_over:
        lines.append("The game is over.")
    elif not my_turn:
        lines.append(f"It is {table.name(public.current_player)}'s turn.")
    elif public.phase == rb.DRAW:
        top = rb_card(public.discard_top) if public.discard_top else None
        lines.append(
            "**Your turn.** Draw a card." if not public.final_phase else "**Your turn** (final phase)."
        )
        if mine.can_draw_stock:
            buttons.append(
                TableButton(
                    "rbdraw",
                    table.id,
                    version,
                    "stock",
                    label="Draw from the stock",
                    style=Style.primary,
                    row=3,
                )
            )
        if mine.can_take_discard and top:
            buttons.append(
                TableButton(
                    "rbdraw", table.id, version, "discard", label=f"Take {top}", style=Style.primary, row=3
                )
            )
        if mine.can_end_play:
            buttons.append(
                TableButton("rbend", table.id, version, label="End the play", style=Style.danger, row=3)
            )
    else:
        taken = f" (not the {rb_card(mine.taken)} you just took)" if mine.taken else ""
        lines.append(f"**Your turn.** Discard a card{taken}.")
        if mine.declarable:
            lines.append("✨ **You can declare!** Your other 14 cards make two matched sequences.")
        for k, name in enumerate(sorted(set(mine.hand), key=lambda c: (c[1] != "R", c[0]))):
            buttons.append(
                TableButton(
                    "rbdis",
                    table.id,
                    version,
                    name.lower(),
                    label=name[0],
                    emoji=RED_MARK if name.endswith("R") else BLACK_MARK,
                    style=Style.danger if name.endswith("R") else Style.secondary,
                    disabled=name not in mine.discardable,
                    row=k // 5,
                )
            )
        for name in mine.declarable[:4]:
            buttons.append(
                TableButton(
                    "rbdecl",
                    table.id,
                    version,
                    name.lower(),
                    label=f"Declare, discarding {name}",
                    style=Style.success,
                    row=3,
                )
            )
    buttons.append(TableButton("refresh", table.id, version, label="Refresh", row=4))
    embed = discord.Embed(description="\n".join(lines), colour=COLOUR)
    embed.set_author(
        name=f"Your hand: {plural(len(mine.hand), 'card')} · deal {public.deal}, round {public.round}"
    )
    return Message(embed=embed, view=view_of(*buttons))


def rb_final(table: Table, finished_at: datetime) -> Message:
    state: rb.RedAndBlackState = table.state
    result = state.result()
    if result.status is Status.ABANDONED:
        who = f" by <@{table.ended_by}>" if table.ended_by else ""
        title, colour = f"The game was ended early{who}.", LOST_COLOUR
    else:
        names = " and ".join(table.name(s) for s in result.winners)
        title, colour = (
            f"{names} win{'s' if len(result.winners) == 1 else ''} with {max(result.totals)} points!",
            WON_COLOUR,
        )
    embed = discord.Embed(title="Red and Black: final standings", description=f"**{title}**", colour=colour)
    lines = [
        f"{place}. {seat_line(table, seat)}: {result.totals[seat]} points"
        for place, seat in enumerate(result.standing(), start=1)
    ]
    embed.add_field(name="Standings", value="\n".join(lines), inline=False)
    embed.add_field(
        name="Deal by deal (* won the deal)",
        value=_score_table(table, result.deals, result.totals),
        inline=False,
    )
    return _closing(embed, table, finished_at)
