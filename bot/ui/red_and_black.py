"""Red and Black at a Discord table. Pure: no I/O.

Red and Black keeps hands secret: the board shows only counts, the discard pile's top and the
scores; a hand is an ephemeral message for its owner.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import discord

from bot.games import red_and_black as rb
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
    cards,
    closing,
    ended_early,
    seat_line,
)
from bot.ui.components import TableButton, view_of

# Red: the heart emoji, red on light and dark themes alike. Black: the spade as text (U+FE0E asks
# for the text form), so it takes the text's colour, dark on a light theme and light on a dark one.
RED_MARK, BLACK_MARK = "♥️", "♠\ufe0e"


def rb_card(name: str) -> str:
    return f"{RED_MARK if name.endswith('R') else BLACK_MARK}{name[0]}"


def _sequence_line(kind: rb.Kind, missing: tuple[int, ...]) -> str:
    need = _("complete") if not missing else _("missing {ranks}").format(ranks=", ".join(map(str, missing)))
    return f"**{kind.label()}** ({need})"


def rb_options_line(table: Table) -> str:
    options: rb.RedAndBlackOptions = table.options  # type: ignore[assignment]
    return _("until someone has 300 at the end of a deal") if options.to_300 else _("8 deals")


def _score_table(table: Table, deals: tuple[rb.DealScore, ...], totals: tuple[int, ...]) -> str:
    names = [table.name(s)[:7] for s in range(rb.PLAYERS)]
    # The first column is as wide as its words in the current language ("deal", "sum"), 4 at least.
    deal, total = _("deal"), _("sum")
    width = max(4, len(deal), len(total))
    rows = [f"{deal:<{width}} " + "".join(f"{n:>8} " for n in names).rstrip()]
    for d in deals[-8:]:
        marks = "".join(f"{d.scores[s]:>8}{'*' if d.winner == s else ' '}" for s in range(rb.PLAYERS))
        rows.append(f"{d.number:>{width}} {marks}".rstrip())
    rows.append(f"{total:<{width}} " + "".join(f"{t:>8} " for t in totals).rstrip())
    return "```\n" + "\n".join(rows) + "\n```"


NO_WINNER = {
    "ended": N_("a player ended the play"),
    "stock": N_("the stock ran out twice"),
    "cap": N_("200 turns"),
}


def _deal_line(table: Table, deal: rb.DealScore) -> str:
    if deal.winner is None:
        how = _(NO_WINNER[deal.reason]) if deal.reason in NO_WINNER else deal.reason
        return _("Deal {number} ended without a winner ({why}).").format(number=deal.number, why=how)
    shown = deal.shown[deal.winner]
    return ngettext(
        "Deal {number}: **{name}** declared in round {round} with {shown} for **{n}** point.",
        "Deal {number}: **{name}** declared in round {round} with {shown} for **{n}** points.",
        deal.scores[deal.winner],
    ).format(
        number=deal.number,
        name=table.name(deal.winner),
        round=deal.round,
        shown=shown,
        n=deal.scores[deal.winner],
    )


def rb_board(table: Table) -> Message:
    state: rb.RedAndBlackState = table.state
    view = state.public_view()
    if state.options.to_300:
        title = _("{game}: deal {deal} to 300 · round {round}")
    else:
        title = _("{game}: deal {deal} of {deals} · round {round}")
    title = title.format(game=table.spec.title, deal=view.deal, deals=rb.DEALS, round=view.round)
    if view.final_phase:
        title += " · " + _("final phase")
    embed = discord.Embed(title=title, colour=COLOUR)
    top = rb_card(view.discard_top) if view.discard_top else "—"
    embed.add_field(name=_("Discard pile"), value=f"**{top}** ({cards(view.discard_count)})", inline=True)
    stock = _("used up: take the discard or end the play") if view.final_phase else cards(view.stock)
    embed.add_field(name=_("Stock"), value=stock, inline=True)
    embed.add_field(name=_("Dealer"), value=table.name(view.dealer), inline=True)
    seats = []
    for seat in range(rb.PLAYERS):
        marker = "▶️ " if seat == view.current_player and not state.is_over else ""
        doing = ""
        if seat == view.current_player and not state.is_over:
            doing = " · " + (_("drawing") if view.phase == rb.DRAW else _("has drawn, discarding"))
        seats.append(f"{marker}{seat_line(table, seat)}: {cards(view.hand_sizes[seat])}{doing}")
    embed.add_field(name=_("Seats"), value="\n".join(seats), inline=False)
    if view.deals:
        embed.add_field(name=_("Last deal"), value=_deal_line(table, view.deals[-1]), inline=False)
    embed.add_field(name=_("Scores"), value=_score_table(table, view.deals, view.totals), inline=False)
    embed.set_footer(text=_("Your hand is private: open it with My hand"))
    buttons = view_of(TableButton("hand", table.id, label=_("My hand"), style=Style.primary))
    return Message(embed=embed, view=buttons)


def rb_turn_notice(table: Table) -> str:
    state: rb.RedAndBlackState = table.state
    seat = table.seats[state.current]
    who = f"<@{seat.user_id}>" if seat.user_id is not None and not seat.ai else seat.shown
    prefix = ""
    if state.deals and state.turn == 0 and state.phase == rb.DRAW:
        prefix = _deal_line(table, state.deals[-1]) + " "
    if state.final_phase:
        ask = _("take the {card} from the discard pile or end the play").format(
            card=rb_card(rb.name(state.discards[-1]))
        )
    else:
        ask = _("draw from the stock or take the top discard")
    return prefix + _("{who}, it is your turn: {ask}. Use **My hand** on the board.").format(who=who, ask=ask)


def rb_hand(table: Table, seat: int, note: str | None = None) -> Message:
    state: rb.RedAndBlackState = table.state
    mine = state.private_view(seat)
    public = mine.public
    version = table.version
    lines = [f"*{note}*"] if note else []
    reds = " ".join(c[0] for c in mine.hand if c.endswith("R")) or "—"
    blacks = " ".join(c[0] for c in mine.hand if c.endswith("B")) or "—"
    red = _("red: **{cards}**").format(cards=reds)
    black = _("black: **{cards}**").format(cards=blacks)
    lines.append(f"{RED_MARK} {red}\n{BLACK_MARK} {black}")
    closest = rb.closest_pair([int(name[0]) for name in mine.hand])
    lines.append(
        _("Closest to: {sequences}").format(
            sequences=" · ".join(_sequence_line(kind, missing) for kind, missing in closest)
        )
    )
    my_turn = public.current_player == seat and not state.is_over
    buttons: list[TableButton] = []
    if state.is_over:
        lines.append(_("The game is over."))
    elif not my_turn:
        lines.append(_("It is {name}'s turn.").format(name=table.name(public.current_player)))
    elif public.phase == rb.DRAW:
        top = rb_card(public.discard_top) if public.discard_top else None
        lines.append(
            _("**Your turn.** Draw a card.") if not public.final_phase else _("**Your turn** (final phase).")
        )
        if mine.can_draw_stock:
            buttons.append(
                TableButton(
                    "act",
                    table.id,
                    version,
                    rb.encode_action({"type": "draw", "source": "stock"}),
                    label=_("Draw from the stock"),
                    style=Style.primary,
                    row=3,
                )
            )
        if mine.can_take_discard and top:
            buttons.append(
                TableButton(
                    "act",
                    table.id,
                    version,
                    rb.encode_action({"type": "draw", "source": "discard"}),
                    label=_("Take {card}").format(card=top),
                    style=Style.primary,
                    row=3,
                )
            )
        if mine.can_end_play:
            buttons.append(
                TableButton("act", table.id, version, "e", label=_("End the play"), style=Style.danger, row=3)
            )
    else:
        if mine.taken:
            discard = _("**Your turn.** Discard a card (not the {card} you just took).")
        else:
            discard = _("**Your turn.** Discard a card.")
        lines.append(discard.format(card=rb_card(mine.taken) if mine.taken else ""))
        if mine.declarable:
            lines.append("✨ " + _("**You can declare!** Your other 14 cards make two matched sequences."))
        for k, name in enumerate(sorted(set(mine.hand), key=lambda c: (c[1] != "R", c[0]))):
            buttons.append(
                TableButton(
                    "act",
                    table.id,
                    version,
                    rb.encode_action({"type": "discard", "card": name}),
                    # Both colours grey: red is not the "danger" style. Red shows its heart emoji,
                    # black its spade in the label's own colour.
                    label=name[0] if name.endswith("R") else f"{name[0]} {BLACK_MARK}",
                    emoji=RED_MARK if name.endswith("R") else None,
                    style=Style.secondary,
                    disabled=name not in mine.discardable,
                    row=k // 5,
                )
            )
        for name in mine.declarable[:4]:
            buttons.append(
                TableButton(
                    "act",
                    table.id,
                    version,
                    rb.encode_action({"type": "declare", "card": name}),
                    label=_("Declare, discarding {card}").format(card=name),
                    style=Style.success,
                    row=3,
                )
            )
    buttons.append(TableButton("refresh", table.id, version, label=_("Refresh"), row=4))
    embed = discord.Embed(description="\n".join(lines), colour=COLOUR)
    embed.set_author(
        name=_("Your hand: {cards} · deal {deal}, round {round}").format(
            cards=cards(len(mine.hand)), deal=public.deal, round=public.round
        )
    )
    return Message(embed=embed, view=view_of(*buttons))


def points(n: int) -> str:
    return ngettext("{n} point", "{n} points", n).format(n=n)


def rb_final(table: Table, finished_at: datetime) -> Message:
    state: rb.RedAndBlackState = table.state
    result = state.result()
    if result.status is Status.ABANDONED:
        title, colour = ended_early(table), LOST_COLOUR
    else:
        joiner = " " + _("and") + " "
        names = joiner.join(table.name(s) for s in result.winners)
        best = max(result.totals)
        title = ngettext(
            "{names} wins with {points} points!", "{names} win with {points} points!", len(result.winners)
        )
        title, colour = title.format(names=names, points=best), WON_COLOUR
    embed = discord.Embed(
        title=_("{game}: final standings").format(game=table.spec.title),
        description=f"**{title}**",
        colour=colour,
    )
    lines = [
        f"{place}. {seat_line(table, seat)}: " + points(result.totals[seat])
        for place, seat in enumerate(result.standing(), start=1)
    ]
    embed.add_field(name=_("Standings"), value="\n".join(lines), inline=False)
    embed.add_field(
        name=_("Deal by deal (* won the deal)"),
        value=_score_table(table, result.deals, result.totals),
        inline=False,
    )
    return closing(embed, table, finished_at)


def _legacy_card(args: tuple[str, ...]) -> str:
    return args[0].upper() if args else ""


# Buttons posted before buttons carried tokens: their kinds and arguments, as actions.
LEGACY = {
    "rbdraw": lambda args: {"type": "draw", "source": args[0] if args else ""},
    "rbdis": lambda args: {"type": "discard", "card": _legacy_card(args)},
    "rbdecl": lambda args: {"type": "declare", "card": _legacy_card(args)},
    "rbend": lambda args: {"type": "end_play"},
}


def command_options(given: dict[str, Any], server: Any) -> rb.RedAndBlackOptions:
    return rb.RedAndBlackOptions(to_300=bool(given.get("to_300")))


PRESENTATION = Presentation(
    pitch=N_(
        "Four players, secret hands: collect two matched sequences and declare first "
        "(exactly 4 seats; AI seats can fill them)."
    ),
    options_line=rb_options_line,
    board=rb_board,
    turn_notice=rb_turn_notice,
    hand=rb_hand,
    no_hand="",
    final_report=lambda table, finished_at, strikes: rb_final(table, finished_at),
    legacy=LEGACY,
    option_names=("to_300",),
    command_options=command_options,
)
