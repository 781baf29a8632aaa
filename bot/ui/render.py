"""Views of a table as Discord embeds and buttons. Pure: no I/O, no state of its own.

What every game shares (the lobby, questions, the absent-player choice) is here; a game's own
board, hand, menus and report are in its module (``bot/ui/thegame.py`` and beside it), found by
``bot/ui/games.py``. Public messages never show a card from a hand; hands and menus are sent as
ephemeral messages to their owner.
"""

from __future__ import annotations

from datetime import datetime

import discord

from bot.ai import LEVELS
from bot.i18n import _, current, ngettext
from bot.tables import DailyStanding, Table, first_seat
from bot.ui.base import COLOUR, LOST_COLOUR, Message, Style, as_layout, cards, level_name, seat_line
from bot.ui.components import TableButton, view_of
from bot.ui.games import presentation


def options_line(table: Table) -> str:
    parts = [presentation(table.game).options_line(table)]
    if table.turn_timer:
        parts.append(_("turn timer {minutes} min").format(minutes=table.turn_timer // 60))
    else:
        parts.append(_("no turn timer"))
    return ", ".join(parts)


# ---- the lobby -------------------------------------------------------------------------------


def lobby(table: Table) -> Message:
    spec = table.spec
    embed = discord.Embed(title=_("{game}: a table is open").format(game=spec.title), colour=COLOUR)
    embed.description = _("{pitch}\nOptions: {options}.").format(
        pitch=_(presentation(table.game).pitch), options=options_line(table)
    )
    if table.daily:
        embed.description += "\n" + _(
            "**Deal of the day**: today's cards (UTC), the same for every table in every server with "
            "as many players and the same rules, beside the AI team's result on them. Each member "
            "plays each day's deal once."
        )
    seats = "\n".join(f"{i + 1}. {seat_line(table, i)}" for i in range(len(table.seats)))
    embed.add_field(
        name=_("Seats ({taken}/{most})").format(taken=len(table.seats), most=spec.max_players),
        value=seats,
        inline=False,
    )
    first = first_seat(table)
    embed.add_field(
        name=_("Goes first"),
        value=_("a seat drawn at random") if first is None else table.name(first),
        inline=False,
    )
    embed.set_footer(
        text=_(
            "The host starts the game. Decide together who goes first: whoever is chosen clicks "
            "I'll go first. AI seats play easy (plainly), normal or hard (the strongest). "
            "An idle lobby closes after 30 minutes."
        )
    )
    full = len(table.seats) >= spec.max_players
    view = view_of(
        TableButton("join", table.id, label=_("Join"), style=Style.success, disabled=full, row=0),
        TableButton("leave", table.id, label=_("Leave"), row=0),
        TableButton("start", table.id, label=_("Start"), style=Style.primary, row=0),
        TableButton("cancel", table.id, label=_("Cancel"), style=Style.danger, row=0),
        *(
            TableButton(
                "ai",
                table.id,
                0,
                level,
                label=_("Add AI seat: {level}").format(level=level_name(level)),
                disabled=full,
                row=1,
            )
            for level in LEVELS
        ),
        TableButton("first", table.id, 0, "me", label=_("I'll go first"), row=2),
        TableButton("first", table.id, 0, "random", label=_("Random first player"), row=2),
    )
    return as_layout(Message(embed=embed, view=view))


def lobby_closed(table: Table, why: str) -> Message:
    embed = discord.Embed(
        title=_("{game}: lobby closed").format(game=table.spec.title),
        description=why,
        colour=discord.Colour.light_grey(),
    )
    return as_layout(Message(embed=embed, view=None))


def lobby_started(table: Table) -> Message:
    names = ", ".join(seat_line(table, i) for i in range(len(table.seats)))
    embed = discord.Embed(
        title=_("{game}: the game has started").format(game=table.spec.title),
        description=_("Seats: {names}").format(names=names),
        colour=COLOUR,
    )
    return as_layout(Message(embed=embed, view=None))


# ---- a game's own views --------------------------------------------------------------------------


def board(table: Table) -> Message:
    return presentation(table.game).board(table)


def turn_notice(table: Table) -> str:
    return presentation(table.game).turn_notice(table)


def hand(table: Table, seat: int, note: str | None = None) -> Message:
    show = presentation(table.game).hand
    assert show is not None, "this game has no secret hand"
    return show(table, seat, note)


def final_report(table: Table, finished_at: datetime, strikes: dict[int, int] | None = None) -> Message:
    return presentation(table.game).final_report(table, finished_at, strikes)


def ordinal(n: int) -> str:
    """A rank as the current language writes it: 1st, 1., 1er, 1.º."""
    language = current()
    if language == "de":
        return f"{n}."
    if language == "es":
        return f"{n}.º"
    if language == "fr":
        return f"{n}er" if n == 1 else f"{n}e"
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def describe_deal(standing: DailyStanding) -> str:
    """Which deal of the day: its day (as the key writes it, 2026-11-12), players and rules."""
    key = standing.key
    rules = _("expert rules") if key.expert else _("basic rules")
    return ngettext(
        "The deal of {day} for {n} player, {rules}",
        "The deal of {day} for {n} players, {rules}",
        key.players,
    ).format(day=key.day, n=key.players, rules=rules)


def daily_text(standing: DailyStanding) -> str:
    """The deal of the day in the final report: the table beside the AI's par and every table that
    played the same cards so far, in every server."""
    left = cards(standing.cards_left)
    if standing.par is None:
        text = _("You left {cards}; the AI's par for these cards is not worked out yet.")
        lines = [text.format(cards=left)]
    else:
        text = _("You left {cards}; the AI team leaves {par} on these cards.")
        lines = [text.format(cards=left, par=standing.par)]
    if standing.rank is not None:
        share = max(1, -(-100 * standing.rank // standing.tables))
        lines.append(
            ngettext(
                "Your table ranks **{rank} of {n}** table that played this deal so far, across every "
                "server (top {share} %).",
                "Your table ranks **{rank} of {n}** tables that played this deal so far, across every "
                "server (top {share} %).",
                standing.tables,
            ).format(rank=ordinal(standing.rank), n=standing.tables, share=share)
        )
    lines.append(_("{deal}; see `/leaderboard show period:daily`.").format(deal=describe_deal(standing)))
    return "\n".join(lines)


# ---- questions ---------------------------------------------------------------------------------


def confirm(kind: str, table: Table, question: str, yes: str) -> Message:
    return ask(kind, question, yes, table.id, table.version)


def ask(kind: str, question: str, yes: str, table_id: int = 0, version: int = 0) -> Message:
    """A question with a red yes button and "Never mind"; the click's first argument says which."""
    embed = discord.Embed(description=question, colour=LOST_COLOUR)
    view = view_of(
        TableButton(kind, table_id, version, "yes", label=yes, style=Style.danger),
        TableButton(kind, table_id, version, "no", label=_("Never mind")),
    )
    return Message(embed=embed, view=view)


def absent_choice(table: Table) -> Message:
    state = table.state
    assert state is not None
    seat = table.seats[state.current]
    who = f"<@{seat.user_id}>" if seat.user_id else seat.shown
    turn = table.spec.turn_of(state)
    buttons = [
        TableButton("absent", table.id, 0, turn, "ai", label=_("Hand seat to AI"), style=Style.primary)
    ]
    if table.spec.leave is not None:
        text = _(
            "{who}'s turn timer has run out. The host or a moderator can remove the seat "
            "(its cards count as not laid) or hand it to an AI seat. Or simply wait."
        ).format(who=who)
        buttons.append(
            TableButton("absent", table.id, 0, turn, "remove", label=_("Remove seat"), style=Style.danger)
        )
    else:
        text = _(
            "{who}'s turn timer has run out. The host or a moderator can hand the seat to an AI seat, "
            "which plays on in their place. Or simply wait."
        ).format(who=who)
    view = view_of(*buttons)
    return Message(content=text, view=view)
