"""Views of a table as Discord embeds and buttons. Pure: no I/O, no state of its own.

Public messages (lobby, board, turn notice, final report) never show a card from a hand; only
``hand`` and ``pile_choice`` do, and those are sent as ephemeral messages to their owner.
"""

from __future__ import annotations

from datetime import datetime

import discord

from bot.ai import LEVELS
from bot.games import red_and_black, skipbo_junior, thegame
from bot.games.base import Status
from bot.tables import Table
from bot.ui import competitive
from bot.ui.base import COLOUR, LOST_COLOUR, WON_COLOUR, Message, Style, duration, plural, seat_line
from bot.ui.components import TableButton, view_of

ARROWS = ("⬆️", "⬆️", "⬇️", "⬇️")
SIGNAL_TEXT = {"dont_play": "please don't play here", "good_card": "has a good card for this pile"}
SIGNAL_EMOJI = {"dont_play": "🛑", "good_card": "👍"}


def options_line(table: Table) -> str:
    if table.game == skipbo_junior.NAME:
        parts = [competitive.sb_options_line(table)]
    elif table.game == red_and_black.NAME:
        parts = [competitive.rb_options_line(table)]
    else:
        hand, minimum = table.options.resolved(len(table.seats))  # type: ignore[attr-defined]
        parts = [f"hand of {hand}", f"at least {minimum} cards a turn while the draw pile lasts"]
    if table.turn_timer:
        parts.append(f"turn timer {table.turn_timer // 60} min")
    else:
        parts.append("no turn timer")
    return ", ".join(parts)


# ---- the lobby -------------------------------------------------------------------------------


PITCH = {
    thegame.NAME: "Everyone plays together against the deck: lay all 98 cards on the four piles.",
    skipbo_junior.NAME: "Everyone for themselves: be the first to empty your stockpile onto the shared piles "
    "(2 to 4 players).",
    red_and_black.NAME: "Four players, secret hands: collect two matched sequences and declare first "
    "(exactly 4 seats; AI seats can fill them).",
}


def lobby(table: Table) -> Message:
    spec = table.spec
    embed = discord.Embed(title=f"{spec.title}: a table is open", colour=COLOUR)
    embed.description = f"{PITCH[table.game]}\nOptions: {options_line(table)}."
    seats = "\n".join(f"{i + 1}. {seat_line(table, i)}" for i in range(len(table.seats)))
    embed.add_field(name=f"Seats ({len(table.seats)}/{spec.max_players})", value=seats, inline=False)
    embed.set_footer(
        text="The host starts the game. AI seats play easy (plainly), normal or hard (the strongest). "
        "An idle lobby closes after 30 minutes."
    )
    full = len(table.seats) >= spec.max_players
    view = view_of(
        TableButton("join", table.id, label="Join", style=Style.success, disabled=full, row=0),
        TableButton("leave", table.id, label="Leave", row=0),
        TableButton("start", table.id, label="Start", style=Style.primary, row=0),
        TableButton("cancel", table.id, label="Cancel", style=Style.danger, row=0),
        *(
            TableButton("ai", table.id, 0, level, label=f"Add AI seat: {level}", disabled=full, row=1)
            for level in LEVELS
        ),
    )
    return Message(embed=embed, view=view)


def lobby_closed(table: Table, why: str) -> Message:
    embed = discord.Embed(
        title=f"{table.spec.title}: lobby closed", description=why, colour=discord.Colour.light_grey()
    )
    return Message(embed=embed, view=None)


def lobby_started(table: Table) -> Message:
    names = ", ".join(seat_line(table, i) for i in range(len(table.seats)))
    embed = discord.Embed(
        title=f"{table.spec.title}: the game has started", description=f"Seats: {names}", colour=COLOUR
    )
    return Message(embed=embed, view=None)


# ---- the board -------------------------------------------------------------------------------


def board(table: Table) -> Message:
    if table.game == skipbo_junior.NAME:
        return competitive.sb_board(table)
    if table.game == red_and_black.NAME:
        return competitive.rb_board(table)
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
    embed.set_footer(text=f"{plural(view.cards_left, 'card')} not laid yet · table {table.id}")
    buttons = view_of(TableButton("hand", table.id, label="Show my hand", style=Style.primary))
    return Message(embed=embed, view=buttons)


def turn_notice(table: Table) -> str:
    if table.game == skipbo_junior.NAME:
        return competitive.sb_turn_notice(table)
    if table.game == red_and_black.NAME:
        return competitive.rb_turn_notice(table)
    state = table.state
    assert state is not None
    seat = table.seats[state.current]
    who = f"<@{seat.user_id}>" if seat.user_id is not None and not seat.ai else seat.name
    need = state.min_cards
    return f"{who}, it is your turn: lay at least {plural(need, 'card')}. Use **Show my hand** on the board."


# ---- a hand (ephemeral) ------------------------------------------------------------------------


def hand(table: Table, seat: int, note: str | None = None) -> Message:
    if table.game == red_and_black.NAME:
        return competitive.rb_hand(table, seat, note)
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
            "Pick a card; green ones fit a pile now."
        )
    else:
        lines.append(f"It is {table.name(public.current_player)}'s turn. Your cards:")
    piles = "  ".join(f"{ARROWS[i]}{top}" for i, top in enumerate(public.piles))
    lines.append(f"Piles: {piles}")
    embed = discord.Embed(description="\n".join(lines), colour=COLOUR)
    embed.set_author(name=f"Your hand: {plural(len(mine.hand), 'card')}")
    version = table.version
    buttons = []
    for k, card in enumerate(mine.hand):
        fits = card in mine.playable
        buttons.append(
            TableButton(
                "card",
                table.id,
                version,
                card,
                label=str(card),
                style=Style.success if fits else Style.secondary,
                disabled=state.is_over,
                row=k // 5,
            )
        )
    buttons.append(
        TableButton(
            "end",
            table.id,
            version,
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
                "play",
                table.id,
                version,
                card,
                pile,
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
                    "sig",
                    table.id,
                    version,
                    pile,
                    kind,
                    label=f"Pile {pile}: {words}",
                    style=lit if held == kind else Style.secondary,
                    row=pile - 1,
                    emoji=SIGNAL_EMOJI[kind],
                )
            )
        buttons.append(
            TableButton(
                "sig", table.id, version, pile, "clear", label="Clear", row=pile - 1, disabled=held is None
            )
        )
    buttons.append(
        TableButton("back", table.id, version, label="Back to my hand", style=Style.primary, row=4)
    )
    return Message(embed=embed, view=view_of(*buttons))


# ---- the end ---------------------------------------------------------------------------------


def final_report(table: Table, finished_at: datetime, strikes: dict[int, int] | None = None) -> Message:
    if table.game == skipbo_junior.NAME:
        return competitive.sb_final(table, finished_at)
    if table.game == red_and_black.NAME:
        return competitive.rb_final(table, finished_at)
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
    embed.set_footer(text=f"table {table.id} · /game export gives the full record")
    view = view_of(TableButton("rematch", table.id, label="Rematch", style=Style.success))
    return Message(embed=embed, view=view)


def confirm(kind: str, table: Table, question: str, yes: str) -> Message:
    return ask(kind, question, yes, table.id, table.version)


def ask(kind: str, question: str, yes: str, table_id: int = 0, version: int = 0) -> Message:
    """A question with a red yes button and "Never mind"; the click's first argument says which."""
    embed = discord.Embed(description=question, colour=LOST_COLOUR)
    view = view_of(
        TableButton(kind, table_id, version, "yes", label=yes, style=Style.danger),
        TableButton(kind, table_id, version, "no", label="Never mind"),
    )
    return Message(embed=embed, view=view)


def absent_choice(table: Table) -> Message:
    state = table.state
    assert state is not None
    seat = table.seats[state.current]
    who = f"<@{seat.user_id}>" if seat.user_id else seat.name
    turn = table.spec.turn_of(state)
    buttons = [TableButton("absent", table.id, 0, turn, "ai", label="Hand seat to AI", style=Style.primary)]
    if table.spec.leave is not None:
        text = (
            f"{who}'s turn timer has run out. The host or a moderator can remove the seat "
            "(its cards count as not laid) or hand it to an AI seat. Or simply wait."
        )
        buttons.append(
            TableButton("absent", table.id, 0, turn, "remove", label="Remove seat", style=Style.danger)
        )
    else:
        text = (
            f"{who}'s turn timer has run out. The host or a moderator can hand the seat to an AI seat, "
            "which plays on in their place. Or simply wait."
        )
    view = view_of(*buttons)
    return Message(content=text, view=view)
