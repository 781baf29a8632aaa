"""The discord.py client: intents, the store, the table service, extensions, command sync."""

from __future__ import annotations

import logging

import discord
from discord.ext import commands

from bot.config import Settings
from bot.options import SettingsService
from bot.store import Store, open_store
from bot.tables import TableService

log = logging.getLogger(__name__)

# Deckhand never joins voice: no warning at every start about voice libraries it does not need.
discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False

EXTENSIONS: tuple[str, ...] = ("cogs.tables", "cogs.chatwatch", "cogs.community")


def intents() -> discord.Intents:
    wanted = discord.Intents.none()
    wanted.guilds = True
    wanted.guild_messages = True
    wanted.message_content = True
    return wanted


class Deckhand(commands.Bot):
    """The bot. It owns the settings, the store and the table service; cogs use them."""

    def __init__(self, settings: Settings, store: Store | None = None) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=intents(), help_command=None)
        self.settings = settings
        self.store = store or open_store(settings.database_url)
        # discord.utils.utcnow is the one clock: tests move it with simulated time.
        self.tables = TableService(self.store, clock=discord.utils.utcnow, turn_timer=settings.turn_timer)
        # Per-server options with channel overrides (moderators set them with /settings).
        self.guild_settings = SettingsService(self.store)

    async def setup_hook(self) -> None:
        await self.store.open()
        await self.tables.load()
        for name in EXTENSIONS:
            await self.load_extension(name)
        if self.settings.dev_guild_id:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def close(self) -> None:
        try:
            # Unloading stops the cogs' background work (board edits, AI seats, timers) before
            # the store closes, so no database call is left running when the loop ends.
            for name in EXTENSIONS:
                if name in self.extensions:
                    await self.unload_extension(name)
            await super().close()
        finally:
            self.tables.close()
            await self.store.close()

    async def on_ready(self) -> None:
        log.info("connected as %s to %d servers", self.user, len(self.guilds))


def run_bot(settings: Settings) -> int:
    token = settings.discord_token
    assert token is not None
    bot = Deckhand(settings)
    bot.run(token.get_secret_value(), log_handler=None)
    return 0
