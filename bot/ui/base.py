"""What every view of a table shares: colours, the message shape, seat names, plurals."""

from __future__ import annotations

from dataclasses import dataclass

import aiohttp
import discord

from bot.tables import Table

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
