"""The Game at a Discord table: its board, hand, menus and final report. Pure: no I/O.

The board and the final report are public and never show a card from a hand; the hand, the pile
choice and the signal panel are ephemeral messages for their owner.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import discord

from bot.charts import piles_chart
from bot.games import thegame
from bot.games.base import Status
from bot.tables import StaleView, Table, TableError
from bot.ui.base import (
    COLOUR,
    LOST_COLOUR,
    WON_COLOUR,
    Message,
    Presentation,
    Style,
    duration,
    plural,
    seat_line,
)
from bot.ui.components import Click, TableButton, view_of

ARROWS = ("⬆️", "⬆️", "⬇️", "⬇️")
SIGNAL_TEXT = {"dont_play": "please don't play here", "good_card": "has a good card for this pile"}
SIGNAL_EMOJI = {"dont_play": "🛑", "good_card": "👍"}


def options_line(table: Table) -> str:
    hand, minimum = table.options.resolved(len(table.seats))  # type: ignore[attr-defined]
    return f"hand of {hand}, at least {minimum} cards a turn while the draw pile lasts"


def board(table: Table) -> Message:
    state = table.state
    assert state is not None
    view = state.public_view()
    embed = discord.Embed(title=f"The Game: turn {view.turn}", colour=COLOUR)
    for i, top in enumerate(view.piles):
        direction = "up" if thegame.ASCENDING[i] else "down"
        lines = [f"**{top}**" if top not in (1, 100) else f"**{top}** (empty)"]
        for sig in view.signals:
            if sig.pile == i + 1:
                lines.append(
                    f"{SIGNAL_EMOJI[sig.signal]} {table.name(sig.player)}: {SIGNAL_TEXT[sig.signal]}"
                )
        embed.add_field(name=f"{ARROWS[i]} Pile {i + 1} · {direction}", value="\n".join(lines), inline=True)
        if i == 1:
            embed.add_field(name="\u200b", value="\u200b", inline=True)
    seats = []
    for i in range(len(table.seats)):
        marker = "▶️ " if i == view.current_player and not state.is_over else ""
        size = "left the game" if view.left[i] else plural(view.hand_sizes[i], "card")
        seats.append(f"{marker}{seat_line(table, i)}: {size}")
    embed.add_field(name="Seats", value="\n".join(seats), inline=False)
    embed.add_field(name="Draw pile", value=plural(view.draw_pile, "card"), inline=True)
    if not state.is_over:
        current = table.name(view.current_player)
        embed.add_field(
            name="This turn",
            value=f"{current} has laid {view.played_this_turn} of at least {view.min_cards}",
            inline=True,
        )
    embed.set_footer(text=f"{plural(view.cards_left, 'card')} not laid yet")
    buttons = view_of(TableButton("hand", table.id, label="Show my hand", style=Style.primary))
    return Message(embed=embed, view=buttons)


def turn_notice(table: Table) -> str:
    state = table.state
    assert state is not None
    seat = table.seats[state.current]
    who = f"<@{seat.user_id}>" if seat.user_id is not None and not seat.ai else seat.name
    need = state.min_cards
    return f"{who}, it is your turn: lay at least {plural(need, 'card')}. Use **Show my hand** on the board."


# ---- a hand (ephemeral) ------------------------------------------------------------------------

CLOSE = 3  # a gap this small (or the backwards trick) is a close fit


def _gaps(card: int, piles: tuple[int, ...], tops: tuple[int, ...]) -> list[tuple[int, int]]:
    """(gap, pile) for each pile the card fits, the best first: the trick's gap is negative."""
    return sorted((thegame.gap(card, pile - 1, tops[pile - 1]), pile) for pile in piles)


SHOWN_PLACES = 2  # per card, its best places: more is noise (early on every card fits everywhere)


def fit_line(card: int, piles: tuple[int, ...], tops: tuple[int, ...]) -> str:
    """Where one card may go and how much each place skips, best first: "**38**: ⬇️4 ↩ backwards
    trick · ⬆️1 gap 5"."""
    places = []
    for step, pile in _gaps(card, piles, tops)[:SHOWN_PLACES]:
        how = "↩ backwards trick" if step < 0 else f"gap {step}"
        places.append(f"{ARROWS[pile - 1]}{pile} {how}")
    return f"**{card}**: " + " · ".join(places)


def card_style(card: int, piles: tuple[int, ...], tops: tuple[int, ...]) -> discord.ButtonStyle:
    if not piles:
        return Style.secondary
    best = _gaps(card, piles, tops)[0][0]
    return Style.success if best < 0 or best <= CLOSE else Style.primary


def hand(table: Table, seat: int, note: str | None = None) -> Message:
    state = table.state
    assert state is not None
    mine = state.private_view(seat)
    public = mine.public
    my_turn = public.current_player == seat and not state.is_over
    lines = []
    if note:
        lines.append(f"*{note}*")
    if state.is_over:
        lines.append("The game is over.")
    elif my_turn:
        lines.append(
            f"**Your turn.** You have laid {public.played_this_turn} of at least {public.min_cards}. "
            "Green: a close fit or the trick · blue: a wider gap · grey: no fit."
        )
    else:
        lines.append(f"It is {table.name(public.current_player)}'s turn. Your cards:")
    piles = "  ".join(f"{ARROWS[i]}{top}" for i, top in enumerate(public.piles))
    lines.append(f"Piles: {piles}")
    if not state.is_over:
        fitting = [
            fit_line(card, mine.playable[card], public.piles) for card in mine.hand if card in mine.playable
        ]
        lines.append("**Where your cards fit**" if fitting else "None of your cards fits a pile now.")
        lines.extend(fitting)
    embed = discord.Embed(description="\n".join(lines), colour=COLOUR)
    embed.set_author(name=f"Your hand: {plural(len(mine.hand), 'card')}")
    version = table.version
    buttons = []
    for k, card in enumerate(mine.hand):
        buttons.append(
            TableButton(
                "card",
                table.id,
                version,
                card,
                label=str(card),
                style=card_style(card, mine.playable.get(card, ()), public.piles),
                disabled=state.is_over,
                row=k // 5,
            )
        )
    buttons.append(
        TableButton(
            "act",
            table.id,
            version,
            "e",
            label="End turn",
            style=Style.primary,
            disabled=not mine.can_end_turn,
            row=2,
        )
    )
    buttons.append(
        TableButton("sigmenu", table.id, version, label="Pile signals", row=2, disabled=state.is_over)
    )
    buttons.append(TableButton("refresh", table.id, version, label="Refresh", row=2))
    return Message(content=None, embed=embed, view=view_of(*buttons))


def pile_choice(table: Table, seat: int, card: int) -> Message:
    state = table.state
    assert state is not None
    mine = state.private_view(seat)
    piles = mine.playable.get(card, ())
    version = table.version
    embed = discord.Embed(description=f"Where should **{card}** go?", colour=COLOUR)
    buttons = []
    for pile in piles:
        top = state.piles[pile - 1]
        trick = " (backwards trick)" if thegame.gap(card, pile - 1, top) < 0 else ""
        buttons.append(
            TableButton(
                "act",
                table.id,
                version,
                thegame.encode_action({"type": "play", "card": card, "pile": pile}),
                label=f"Pile {pile} {ARROWS[pile - 1]} on {top}{trick}",
                style=Style.success,
            )
        )
    buttons.append(TableButton("back", table.id, version, label="Cancel", style=Style.secondary))
    return Message(embed=embed, view=view_of(*buttons))


def signal_panel(table: Table, seat: int) -> Message:
    state = table.state
    assert state is not None
    version = table.version
    mine = {s.pile: s.signal for s in state.signal_views() if s.player == seat}
    text = (
        "Tell the others about a pile without naming a number. "
        "A signal lasts until the end of your next turn."
    )
    embed = discord.Embed(description=text, colour=COLOUR)
    buttons = []
    kinds = (("dont_play", "don't play", Style.danger), ("good_card", "good card", Style.success))
    for pile in range(1, thegame.PILES + 1):
        held = mine.get(pile)
        for kind, words, lit in kinds:
            buttons.append(
                TableButton(
                    "act",
                    table.id,
                    version,
                    thegame.encode_action({"type": "signal", "pile": pile, "signal": kind}),
                    label=f"Pile {pile}: {words}",
                    style=lit if held == kind else Style.secondary,
                    row=pile - 1,
                    emoji=SIGNAL_EMOJI[kind],
                )
            )
        buttons.append(
            TableButton(
                "act",
                table.id,
                version,
                thegame.encode_action({"type": "signal", "pile": pile, "signal": "clear"}),
                label="Clear",
                row=pile - 1,
                disabled=held is None,
            )
        )
    buttons.append(
        TableButton("back", table.id, version, label="Back to my hand", style=Style.primary, row=4)
    )
    return Message(embed=embed, view=view_of(*buttons))


# ---- the end ---------------------------------------------------------------------------------


def final_report(table: Table, finished_at: datetime, strikes: dict[int, int] | None = None) -> Message:
    state = table.state
    assert state is not None and table.started_at is not None
    result = state.result()
    left = result.cards_left
    if result.status is Status.WON:
        title, colour = "You beat The Game! All 98 cards are laid.", WON_COLOUR
    elif result.status is Status.ABANDONED:
        who = f" by <@{table.ended_by}>" if table.ended_by else ""
        title, colour = f"The game was ended early{who}: {plural(left, 'card')} not laid.", LOST_COLOUR
    else:
        verdict = " An excellent result!" if result.excellent else ""
        title, colour = f"Game over: {plural(left, 'card')} not laid.{verdict}", LOST_COLOUR
    embed = discord.Embed(title="The Game: final report", description=f"**{title}**", colour=colour)
    embed.add_field(name="Turns", value=str(result.turns), inline=True)
    embed.add_field(
        name="Duration", value=duration((finished_at - table.started_at).total_seconds()), inline=True
    )
    best = max(range(len(table.seats)), key=lambda i: result.laid_by[i])
    embed.add_field(name="Laid most", value=f"{table.name(best)} ({result.laid_by[best]})", inline=True)
    laid = "\n".join(
        f"{seat_line(table, i)}: laid {result.laid_by[i]}" + (" (left)" if state.left[i] else "")
        for i in range(len(table.seats))
    )
    embed.add_field(name="Seats", value=laid, inline=False)
    if strikes:
        names = {s.user_id: s.name for s in table.seats if s.user_id is not None}
        lines = [
            f"{names.get(user_id, f'<@{user_id}>')}: {plural(count, 'strike')}"
            for user_id, count in sorted(strikes.items(), key=lambda kv: (-kv[1], names.get(kv[0], "")))
        ]
        embed.add_field(name="Talk rule", value="\n".join(lines), inline=False)
    embed.set_footer(text="/game export gives the full record of this game")
    view = view_of(TableButton("rematch", table.id, label="Rematch", style=Style.success))
    return Message(embed=embed, view=view)


# ---- menus, old buttons and the command's options -----------------------------------------------


def card_menu(table: Table, seat: int, click: Click) -> Message:
    """A card of the hand was picked: where may it go?"""
    card = click.int_arg(0)
    state = table.state
    assert state is not None
    if click.version < table.rule_version:
        raise StaleView(table)
    if state.current != seat:
        raise TableError(f"It is {table.name(state.current)}'s turn, not yours. Your hand will be ready.")
    if card not in state.hands[seat]:
        raise StaleView(table)
    if card not in state.private_view(seat).playable:
        raise TableError(f"{card} does not fit on any pile right now.")
    return pile_choice(table, seat, card)


def after(table: Table, seat: int, action: dict) -> Message | None:
    """A signal is set from the signal panel, which stays open; everything else shows the hand."""
    return signal_panel(table, seat) if action["type"] == "signal" else None


# Buttons posted before buttons carried tokens: their kinds and arguments, as actions.
LEGACY = {
    "play": lambda args: {"type": "play", "card": int(args[0]), "pile": int(args[1])},
    "end": lambda args: {"type": "end_turn"},
    "sig": lambda args: {"type": "signal", "pile": int(args[0]), "signal": args[1]},
}

OPTION_NAMES = ("expert", "smaller_hands", "hand_size", "minimum")


def command_options(given: dict[str, Any], server: Any) -> thegame.TheGameOptions:
    """What `/game new` leaves out comes from the server's defaults (`/settings defaults`)."""

    def pick(name: str, default: Any) -> Any:
        return default if given.get(name) is None else given[name]

    return thegame.TheGameOptions(
        expert=pick("expert", server.expert),
        smaller_hands=pick("smaller_hands", server.smaller_hands),
        hand_size=pick("hand_size", server.hand_size),
        min_cards=pick("minimum", server.min_cards),
    )


PRESENTATION = Presentation(
    pitch="Everyone plays together against the deck: lay all 98 cards on the four piles.",
    options_line=options_line,
    board=board,
    turn_notice=turn_notice,
    hand=hand,
    no_hand="",
    final_report=final_report,
    chart=lambda table: piles_chart(table.state.pile_tops_by_turn()),
    menus={"card": card_menu, "sigmenu": lambda table, seat, click: signal_panel(table, seat)},
    after=after,
    legacy=LEGACY,
    option_names=OPTION_NAMES,
    command_options=command_options,
)
