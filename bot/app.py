"""The discord.py client: intents, extensions, command sync. Started by ``python -m bot``."""

from __future__ import annotations

import logging

import discord
from discord.ext import commands

from bot.config import Settings

log = logging.getLogger(__name__)

EXTENSIONS: tuple[str, ...] = ()


def intents() -> discord.Intents:
    wanted = discord.Intents.none()
    wanted.guilds = True
    wanted.guild_messages = True
    wanted.message_content = True
    return wanted


class Deckhand(commands.Bot):
    """The bot. It owns the settings; services hang off it as the features grow."""

    def __init__(self, settings: Settings) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=intents(), help_command=None)
        self.settings = settings

    async def setup_hook(self) -> None:
        for name in EXTENSIONS:
            await self.load_extension(name)
        if self.settings.dev_guild_id:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def on_ready(self) -> None:
        log.info("connected as %s to %d servers", self.user, len(self.guilds))


def run_bot(settings: Settings) -> int:
    token = settings.discord_token
    assert token is not None
    bot = Deckhand(settings)
    bot.run(token.get_secret_value(), log_handler=None)
    return 0
