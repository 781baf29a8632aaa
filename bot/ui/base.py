"""What every view of a table shares: colours, the message shape, seat names, plurals."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import aiohttp
import discord

from bot.tables import Table
from bot.ui.components import TableButton, view_of

# What a call to Discord can end in besides success: an error answer, or no answer in time.
DISCORD_FAULTS = (discord.HTTPException, TimeoutError, OSError, aiohttp.ClientError)

Style = discord.ButtonStyle
COLOUR = discord.Colour.from_rgb(46, 134, 171)
WON_COLOUR = discord.Colour.green()
LOST_COLOUR = discord.Colour.dark_red()


@dataclass
class Message:
    """What to send or edit: content, one embed and the buttons."""

    content: str | None = None
    embed: discord.Embed | None = None
    view: discord.ui.View | None = None

    def kwargs(self) -> dict:
        return {"content": self.content, "embed": self.embed, "view": self.view}


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def seat_line(table: Table, seat: int) -> str:
    """A seat by its display name: mentions inside embeds do not ping and may not resolve."""
    s = table.seats[seat]
    if s.ai and s.user_id is not None:
        who = f"{s.name} (AI playing, {s.level})"
    elif s.ai:
        who = f"🤖 {s.name} ({s.level})"
    else:
        who = s.name
    return who + (" (host)" if s.user_id == table.host_id and not s.ai else "")


def duration(seconds: float) -> str:
    minutes = int(seconds // 60)
    if minutes < 1:
        return "under a minute"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes} min" if hours else plural(minutes, "minute")


def closing(embed: discord.Embed, table: Table, finished_at: datetime) -> Message:
    """What every final report ends with: the duration, the export hint and Rematch."""
    assert table.started_at is not None
    embed.add_field(
        name="Duration", value=duration((finished_at - table.started_at).total_seconds()), inline=True
    )
    embed.set_footer(text="/game export gives the full record of this game")
    view = view_of(TableButton("rematch", table.id, label="Rematch", style=Style.success))
    return Message(embed=embed, view=view)


@dataclass(frozen=True)
class Presentation:
    """How one game looks and is played at a Discord table: every game-specific piece of the
    Discord layer, so that the cog never asks which game a table plays."""

    pitch: str  # one line for the lobby
    options_line: Callable[[Table], str]  # the game's options, in words
    board: Callable[[Table], Message]
    turn_notice: Callable[[Table], str]  # the text that pings the player whose turn it is
    hand: Callable[[Table, int, str | None], Message] | None  # None: no secret hand
    no_hand: str  # what asking for a hand answers where there is none
    final_report: Callable[[Table, datetime, dict[int, int] | None], Message]
    option_names: tuple[str, ...]  # the options of /game new that belong to this game
    command_options: Callable[[dict[str, Any], Any], Any]  # those options (and server defaults) -> model
    chart: Callable[[Table], bytes] | None = None  # a PNG for the final report
    # Menus: button kind -> (table, seat, click) -> the message the clicked one becomes.
    menus: Mapping[str, Callable[[Table, int, Any], Message]] = field(default_factory=dict)
    # What the clicked message shows after an action, when not the hand (or the board it was on).
    after: Callable[[Table, int, dict], Message | None] | None = None
    # Buttons from before buttons carried tokens: kind -> (arguments -> action).
    legacy: Mapping[str, Callable[[tuple[str, ...]], dict]] = field(default_factory=dict)
