"""The one persistent button class. Its custom_id carries everything a click needs:

    dh:<kind>:<table id>:<version>[:<arg>[:<arg>]]

so buttons keep working after a restart: nothing about them lives only in memory. A button that
plays is of kind ``act`` and carries its action as one token in its game's own encoding (the
game's ``encode_action``); the cog that owns the tables decodes and checks it in one place (see
``cogs/tables.py``). A game's menus (The Game's card and signal panel) have kinds of their own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Protocol

import discord

from bot.i18n import _, using
from bot.translator import member_language

PREFIX = "dh"
TEMPLATE = re.compile(
    r"dh:(?P<kind>[a-z]+):(?P<table>\d{1,19}):(?P<version>\d{1,9})(?P<args>(?::[a-z0-9_]{1,20}){0,3})"
)


@dataclass(frozen=True)
class Click:
    """A parsed custom_id."""

    kind: str
    table_id: int
    version: int
    args: tuple[str, ...]

    def int_arg(self, index: int) -> int:
        """An argument that must be a number; a button that does not carry one is not ours."""
        from bot.tables import TableError

        try:
            return int(self.args[index])
        except (IndexError, ValueError):
            raise TableError(_("That button is not one of mine.")) from None


def custom_id(kind: str, table_id: int, version: int = 0, *args: object) -> str:
    text = ":".join([PREFIX, kind, str(table_id), str(version), *map(str, args)])
    if not TEMPLATE.fullmatch(text):
        raise ValueError(f"bad custom_id {text!r}")
    return text


def button_keys(components: list[dict[str, Any]]) -> set[tuple[str, int]]:
    """The (kind, table id) of each of our buttons in a message's components (Discord's JSON, at
    any depth): what tells one of our messages from another, whatever the versions it was drawn at."""
    keys = set()
    stack = list(components)
    while stack:
        component = stack.pop()
        match = TEMPLATE.fullmatch(component.get("custom_id") or "")
        if match is not None:
            keys.add((match["kind"], int(match["table"])))
        stack.extend(component.get("components") or ())
        if isinstance(component.get("accessory"), dict):
            stack.append(component["accessory"])
    return keys


class ClickHandler(Protocol):
    async def on_click(self, interaction: discord.Interaction, click: Click) -> None: ...


class TableButton(discord.ui.DynamicItem[discord.ui.Button], template=TEMPLATE):
    """Any Deckhand button. Registered once with ``bot.add_dynamic_items``."""

    def __init__(
        self,
        kind: str,
        table_id: int,
        version: int = 0,
        *args: object,
        label: str,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        disabled: bool = False,
        row: int | None = None,
        emoji: str | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=style,
                custom_id=custom_id(kind, table_id, version, *args),
                disabled=disabled,
                row=row,
                emoji=emoji,
            )
        )
        self.click = Click(kind, table_id, version, tuple(map(str, args)))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /
    ) -> TableButton:
        args = tuple(a for a in match["args"].split(":") if a)
        button = cls.__new__(cls)
        discord.ui.DynamicItem.__init__(button, item)
        button.click = Click(match["kind"], int(match["table"]), int(match["version"]), args)
        return button

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        handler: ClickHandler | None = interaction.client.get_cog("Tables")  # type: ignore[assignment]
        if handler is None:
            with using(member_language(interaction)):
                await interaction.response.send_message(
                    _("Tables are not available right now."), ephemeral=True
                )
            return
        await handler.on_click(interaction, self.click)


def view_of(*buttons: TableButton) -> discord.ui.View:
    """A view that only carries the buttons to Discord.

    Every button is a DynamicItem, found again by its custom_id, so discord.py need not keep the
    view: it is stopped before it is sent. A view still running would be stored per message
    forever, and each ephemeral hand would start a 15-minute timeout task.
    """
    view = discord.ui.View(timeout=None)
    for button in buttons:
        view.add_item(button)
    view.stop()
    return view
