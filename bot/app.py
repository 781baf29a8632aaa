"""The discord.py client: intents, the store, the table service, extensions, command sync."""

from __future__ import annotations

import gc
import hashlib
import json
import logging
import sys

import aiohttp
import discord
from discord.ext import commands

from bot import i18n, workers
from bot.config import Settings
from bot.options import SettingsService
from bot.store import Store, StoreError, open_store
from bot.tables import TableService
from bot.translator import CommandTranslator

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

    def __init__(
        self, settings: Settings, store: Store | None = None, *, freeze_heap: bool = False, **shards: object
    ) -> None:
        # Nothing the bot writes pings anyone unless that message names who it may ping (a member
        # named "<@someone>" or "@everyone" pings nobody).
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents(),
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            **shards,
        )
        self.settings = settings
        # With shards, the store reads at start-up only the tables of this process's guilds; clicks
        # and commands only come from them, so the table service holds no other table.
        self.store = store or open_store(
            settings.database_url, shard_count=settings.shard_count, shard_ids=settings.shard_ids
        )
        # discord.utils.utcnow is the one clock: tests move it with simulated time.
        self.tables = TableService(self.store, clock=discord.utils.utcnow, turn_timer=settings.turn_timer)
        # Per-server options with channel overrides (moderators set them with /settings).
        self.guild_settings = SettingsService(self.store)
        # Whether the end of setup_hook moves what start-up built out of the collector's sight (see
        # freeze_startup_heap). The process that runs the bot asks for it; a test suite that starts
        # many bots in one process does not, so what each leaves behind is still collected.
        self.freeze_heap = freeze_heap
        self.heap_frozen = False

    async def setup_hook(self) -> None:
        # Slash commands, their options and choices in every language Deckhand speaks.
        await self.tree.set_translator(CommandTranslator())
        await self.store.open()
        await self.tables.load()
        for name in EXTENSIONS:
            await self.load_extension(name)
        await self.sync_commands()
        # Once (setup_hook comes again only with a new login): before the gateway fills discord.py's
        # caches, which it clears and builds anew after a new session; frozen, the old ones would
        # stay in memory for good.
        if self.freeze_heap and not self.heap_frozen:
            self.heap_frozen = True
            log.info("start-up heap frozen: %d objects left out of garbage collection", freeze_startup_heap())

    async def sync_commands(self) -> bool:
        """Send the slash commands to Discord, from one process only (the one that runs shard 0) and
        only when they differ from the last ones sent (their hash is kept in the database).
        Whether they were sent."""
        guild = discord.Object(id=self.settings.dev_guild_id) if self.settings.dev_guild_id else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        if not self.settings.syncs_commands:
            log.info("slash commands are synced by the process that runs shard 0")
            return False
        # With their translations: a changed translation is a change to send.
        translator = self.tree.translator
        payload = [
            await command.get_translated_payload(self.tree, translator)
            if translator is not None
            else command.to_dict(self.tree)
            for command in self.tree.get_commands(guild=guild)
        ]
        digest = hashlib.sha256(json.dumps(payload, sort_keys=True, default=str).encode()).hexdigest()
        key = f"commands:{guild.id if guild is not None else 'global'}"
        if await self.store.get_state(key) == digest:
            log.info("slash commands unchanged since the last sync; not sent again")
            return False
        await self.tree.sync(guild=guild)
        try:
            await self.store.set_state(key, digest)
        except StoreError:
            log.warning("could not keep the hash of the synced commands; the next start syncs again")
        return True

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
            workers.close_all()  # the AI's and the charts' processes
            try:
                # Running games are kept as snapshots, so the next start replays nothing.
                await self.tables.save_snapshots()
            except Exception:
                log.exception("could not keep snapshots of the running games")
            await self.store.close()
            if self.heap_frozen:
                gc.unfreeze()
                self.heap_frozen = False

    async def on_ready(self) -> None:
        log.info("connected as %s to %d servers", self.user, len(self.guilds))


def freeze_startup_heap() -> int:
    """Collect once, then move every object left out of the cyclic garbage collector's reach
    (gc.freeze); returns how many.

    What start-up builds (modules, the store, the cogs, every restored table) lives as long as the
    process. Left in the oldest generation, every full collection walks all of it while every
    table's clicks wait: 120 ms with 10,000 restored tables (bench/store.py), growing with the
    tables. Frozen objects are still freed when nothing refers to them, but a reference cycle with
    a frozen object in it (and what only it holds) stays in memory until the process stops. Hence
    the moment: the end of setup_hook, before the gateway fills discord.py's caches (a guild and its
    channels refer to each other, and a new session replaces them all). Restored tables hold no
    cycle: 2,000 of them, frozen, then dropped, gave back all their memory (11 MB)."""
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()


class ShardedDeckhand(Deckhand, commands.AutoShardedBot):
    """The bot as one of several processes: an AutoShardedBot running the shards SHARD_IDS of
    SHARD_COUNT, sharing one PostgreSQL database with the others."""


def make_bot(settings: Settings, store: Store | None = None, *, freeze_heap: bool = False) -> Deckhand:
    """The bot these settings ask for: sharded when SHARD_COUNT is set."""
    if settings.sharded:
        shard_ids = list(settings.shard_ids) if settings.shard_ids is not None else None
        return ShardedDeckhand(
            settings, store, freeze_heap=freeze_heap, shard_count=settings.shard_count, shard_ids=shard_ids
        )
    return Deckhand(settings, store, freeze_heap=freeze_heap)


BAD_TOKEN = """\
Discord refused the token in DISCORD_TOKEN: it is wrong, was reset, or is a placeholder.
Copy the bot's token again (Developer Portal > your application > Bot > Reset Token) and put it
in the environment or in .env as DISCORD_TOKEN=... (the token alone, no quotes, no "Bot " before it)."""

NO_NETWORK = """\
Deckhand could not reach Discord ({error}).
Check this machine's network connection, proxy and firewall (it needs HTTPS to discord.com and
a WebSocket to gateway.discord.gg), then start it again."""


def run_bot(settings: Settings) -> int:
    """Run until stopped. 0 when stopped; 3 for a token Discord refuses; 4 when Discord is unreachable;
    5 when the compiled message catalogs are missing (the setup was not run)."""
    token = settings.discord_token
    assert token is not None
    missing = i18n.missing_catalogs()
    if missing:
        print(i18n.MISSING.format(files=", ".join(str(path) for path in missing)), file=sys.stderr)
        return 5
    bot = make_bot(settings, freeze_heap=True)
    try:
        bot.run(token.get_secret_value(), log_handler=None)
    except discord.LoginFailure:
        print(BAD_TOKEN, file=sys.stderr)
        return 3
    except (aiohttp.ClientConnectionError, OSError) as exc:
        print(NO_NETWORK.format(error=exc), file=sys.stderr)
        return 4
    return 0
