"""What every view of a table shares: colours, the message shape, seat names, counts.

Every word is written with ``_()``/``ngettext()`` in the current language (``bot.i18n``): the
cog sets it, the server's for what the channel sees, the member's for what only they see."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import aiohttp
import discord

from bot.i18n import N_, _, ngettext
from bot.tables import Table
from bot.ui.components import TableButton, view_of

# What a call to Discord can end in besides success: an error answer, or no answer in time.
DISCORD_FAULTS = (discord.HTTPException, TimeoutError, OSError, aiohttp.ClientError)

Style = discord.ButtonStyle
COLOUR = discord.Colour.from_rgb(46, 134, 171)
WON_COLOUR = discord.Colour.green()
LOST_COLOUR = discord.Colour.dark_red()


@dataclass
class Layout:
    """A Components V2 message: one container (its colour down the side) holding text blocks,
    separators and pictures, then rows of buttons.

    Text blocks follow one convention that readers (and tests) rely on: a block whose first line
    is a heading (``### Seats``) is a named part, its name the heading and its value the rest.
    Discord allows at most 40 components in such a message; ``build`` refuses more.
    """

    colour: discord.Colour | None = COLOUR
    blocks: list[tuple[Any, ...]] = field(default_factory=list)
    rows: list[list[TableButton]] = field(default_factory=list)

    def text(self, text: str) -> Layout:
        self.blocks.append(("text", text))
        return self

    def part(self, name: str, value: str) -> Layout:
        """A named part: a small heading and its text."""
        return self.text(f"### {name}\n{value}")

    def separator(self, large: bool = False) -> Layout:
        self.blocks.append(("separator", large))
        return self

    def gallery(self, url: str, description: str | None = None) -> Layout:
        self.blocks.append(("gallery", url, description))
        return self

    def row(self, *buttons: TableButton) -> Layout:
        self.rows.append(list(buttons))
        return self

    def build(self, buttons: bool = True) -> discord.ui.LayoutView:
        """The view to send; without its rows of buttons for a finished game's board."""
        ui = discord.ui
        box = ui.Container(accent_colour=self.colour)
        for kind, *args in self.blocks:
            if kind == "text":
                box.add_item(ui.TextDisplay(args[0]))
            elif kind == "separator":
                spacing = discord.SeparatorSpacing.large if args[0] else discord.SeparatorSpacing.small
                box.add_item(ui.Separator(spacing=spacing))
            elif kind == "gallery":
                url, description = args
                box.add_item(ui.MediaGallery(discord.MediaGalleryItem(url, description=description)))
        if buttons:
            for row in self.rows:
                box.add_item(ui.ActionRow(*row))
        view = ui.LayoutView(timeout=None)
        view.add_item(box)
        if view.total_children_count > 40:
            raise ValueError(f"{view.total_children_count} components: Discord allows 40")
        view.stop()  # every button is a DynamicItem: nothing needs the view once sent (see view_of)
        return view


@dataclass
class Message:
    """What to send or edit: content, one embed and the buttons; or a Components V2 layout.

    A message that once had a layout keeps it (Discord cannot take it back), so a layout message
    is edited only into another layout.
    """

    content: str | None = None
    embed: discord.Embed | None = None
    view: discord.ui.View | None = None
    layout: Layout | None = None
    buttons: bool = True

    def kwargs(self) -> dict:
        if self.layout is not None:
            # Content and embeds must be empty in a V2 message: clearing them also lets an older
            # embed message (a hand shown before an upgrade) become a layout.
            return {"content": None, "embed": None, "view": self.layout.build(self.buttons)}
        return {"content": self.content, "embed": self.embed, "view": self.view if self.buttons else None}

    def without_buttons(self) -> Message:
        self.buttons = False
        return self


def cards(n: int) -> str:
    """A number of cards, in the current language: "1 card", "2 Karten"."""
    return ngettext("{n} card", "{n} cards", n).format(n=n)


# The AI levels as people read them (the levels themselves are ids: easy, normal, hard).
LEVEL_NAMES = {"easy": N_("easy"), "normal": N_("normal"), "hard": N_("hard")}


def level_name(level: str | None) -> str:
    return _(LEVEL_NAMES[level]) if level in LEVEL_NAMES else str(level)


def seat_line(table: Table, seat: int) -> str:
    """A seat by its display name: mentions inside embeds do not ping and may not resolve."""
    s = table.seats[seat]
    if s.ai and s.user_id is not None:
        who = _("{name} (AI playing, {level})").format(name=s.name, level=level_name(s.level))
    elif s.ai:
        who = f"🤖 {s.shown} ({level_name(s.level)})"
    else:
        who = s.name
    return _("{seat} (host)").format(seat=who) if s.user_id == table.host_id and not s.ai else who


def duration(seconds: float) -> str:
    minutes = int(seconds // 60)
    if minutes < 1:
        return _("under a minute")
    hours, minutes = divmod(minutes, 60)
    if hours:
        return _("{hours} h {minutes} min").format(hours=hours, minutes=minutes)
    return ngettext("{n} minute", "{n} minutes", minutes).format(n=minutes)


def draw_cards(heads: list[str], values: list[str], feet: list[str] | None = None) -> str:
    """Piles drawn as a row of cards in a code block, so they line up on every screen: a label
    above each card, its value inside, an optional line below. Four cards take 27 characters, one
    line on a phone."""
    width = 6

    def line(cells: list[str]) -> str:
        return " ".join(f"{cell:^{width}}" for cell in cells).rstrip()

    rows = [line(heads), " ".join("┌────┐" for _ in values)]
    rows.append(" ".join(f"│{value:^4}│" for value in values))
    rows.append(" ".join("└────┘" for _ in values))
    if feet:
        rows.append(line(feet))
    return "```\n" + "\n".join(rows) + "\n```"


def as_layout(message: Message) -> Message:
    """An embed message laid out in Components V2, part for part: the title as a heading, the
    description, a run of short (inline) fields as one block of "name: value" lines, every other
    field as a named part, the image full width, the footer as small print, the buttons in their
    rows inside the same container."""
    embed = message.embed
    if embed is None or message.layout is not None:
        return message
    layout = Layout(colour=embed.colour)
    head = [f"## {embed.title}"] if embed.title else []
    if embed.author and embed.author.name:
        head.insert(0, f"### {embed.author.name}")
    if embed.description:
        head.append(embed.description)
    if head:
        layout.text("\n".join(head))
    inline: list[str] = []
    for f in embed.fields:
        if f.inline:
            if f.name.strip("\u200b") or f.value.strip("\u200b"):
                inline.append(f"**{f.name}**: {f.value}")
            continue
        if inline:
            layout.text("\n".join(inline))
            inline = []
        layout.part(f.name, f.value)
    if inline:
        layout.text("\n".join(inline))
    if embed.image and embed.image.url:
        layout.gallery(embed.image.url)
    if embed.footer and embed.footer.text:
        layout.text(f"-# {embed.footer.text}")
    if message.view is not None:
        rows: dict[int, list[TableButton]] = {}
        for item in message.view.children:
            rows.setdefault(item.row if item.row is not None else len(rows), []).append(item)  # type: ignore[arg-type]
        for _, row in sorted(rows.items()):
            for start in range(0, len(row), 5):
                layout.row(*row[start : start + 5])
    return Message(layout=layout, buttons=message.buttons)


def ended_early(table: Table) -> str:
    """A game's report title when the host or a moderator ended it before its end."""
    if table.ended_by:
        return _("The game was ended early by {who}.").format(who=f"<@{table.ended_by}>")
    return _("The game was ended early.")


def closing(embed: discord.Embed, table: Table, finished_at: datetime) -> Message:
    """What every final report ends with: the duration, the export hint and Rematch."""
    assert table.started_at is not None
    # Beside the other short figures at the top (the turns, who laid most), before the long parts.
    at = next((i for i, f in enumerate(embed.fields) if not f.inline), len(embed.fields))
    embed.insert_field_at(
        at, name=_("Duration"), value=duration((finished_at - table.started_at).total_seconds()), inline=True
    )
    embed.set_footer(text=_("/game export gives the full record of this game"))
    view = view_of(TableButton("rematch", table.id, label=_("Rematch"), style=Style.success))
    return Message(embed=embed, view=view)


@dataclass(frozen=True)
class Presentation:
    """How one game looks and is played at a Discord table: every game-specific piece of the
    Discord layer, so that the cog never asks which game a table plays."""

    pitch: str  # one line for the lobby, marked with N_ and translated where shown
    options_line: Callable[[Table], str]  # the game's options, in words
    board: Callable[[Table], Message]
    turn_notice: Callable[[Table], str]  # the text that pings the player whose turn it is
    hand: Callable[[Table, int, str | None], Message] | None  # None: no secret hand
    no_hand: str  # what asking for a hand answers where there is none (N_, translated where shown)
    final_report: Callable[[Table, datetime, dict[int, int] | None], Message]
    option_names: tuple[str, ...]  # the options of /game new that belong to this game
    command_options: Callable[[dict[str, Any], Any], Any]  # those options (and server defaults) -> model
    chart: Callable[[Table], Awaitable[bytes]] | None = None  # a PNG for the final report (bot.charts.draw)
    # Menus: button kind -> (table, seat, click) -> the message the clicked one becomes.
    menus: Mapping[str, Callable[[Table, int, Any], Message]] = field(default_factory=dict)
    # What the clicked message shows after an action, when not the hand (or the board it was on).
    after: Callable[[Table, int, dict], Message | None] | None = None
    # Buttons from before buttons carried tokens: kind -> (arguments -> action).
    legacy: Mapping[str, Callable[[tuple[str, ...]], dict]] = field(default_factory=dict)
