"""The running bot moves what start-up built out of the garbage collector's reach (a full collection
over 10,000 loaded tables stops every click for about 120 ms: bench/store.py), but not discord.py's
caches, which Discord can send anew; bots started by tests, many in one process, freeze
nothing."""

from __future__ import annotations

import gc

import discord
from simcord.backend import serializers
from simcord.env import Env

from bot.app import Deckhand, run_bot
from tests.conftest import make_settings


def tracked(thing: object) -> bool:
    """Whether the collector still walks this object (a frozen one is not among gc.get_objects)."""
    return any(o is thing for o in gc.get_objects())


async def test_the_running_bot_freezes_what_start_up_built_but_not_discords_caches(settings):
    assert gc.get_freeze_count() == 0
    bot = Deckhand(settings, freeze_heap=True)
    env = Env(bot)
    # The guild is there before the bot connects: READY and its GUILD_CREATE come at the start.
    guild = env.create_guild()
    guild.create_text_channel("game-night")
    try:
        await env.start()
        try:
            await env.settle()
            assert bot.heap_frozen and gc.get_freeze_count() > 0
            assert not tracked(bot.tables), "the table service, built at start-up, is frozen"
            assert not tracked(bot.get_cog("Tables")), "and the cogs"
            assert tracked(bot.get_guild(guild.id)), "discord.py's guild cache is not"
        finally:
            await env.shutdown()
        await bot.close()
        assert not bot.heap_frozen
        assert gc.get_freeze_count() == 0
    finally:
        gc.unfreeze()
        await bot.store.close()


async def test_guilds_discord_sends_again_leave_no_copy_of_the_old_ones_in_memory(settings):
    """After a new gateway session, every guild comes again in a GUILD_CREATE and discord.py builds
    new objects for it. The old ones (a guild and its channels refer
    to each other) must still be collected: frozen, they would stay for good."""
    bot = Deckhand(settings, freeze_heap=True)
    env = Env(bot)
    guild = env.create_guild()
    for n in range(5):
        guild.create_text_channel(f"table-{n}")
    try:
        await env.start()
        try:
            await env.settle()
            assert bot.heap_frozen
            first = id(bot.get_guild(guild.id))
            # The guild as a new session brings it (discord.py cleared its caches at READY): not
            # marked as coming back from unavailable, so discord.py builds a new object.
            payload = dict(serializers.guild_create_payload(env.backend, env.backend.guilds[guild.id]))
            payload.pop("unavailable", None)
            env.backend.emit("GUILD_CREATE", payload)
            await env.settle()
            assert id(bot.get_guild(guild.id)) != first, "discord.py built the guild anew"
            gc.collect()
            gc.unfreeze()  # what is frozen shows in gc.get_objects again (no collection runs here)
            bot.heap_frozen = False
            copies = [o for o in gc.get_objects() if isinstance(o, discord.Guild) and o.id == guild.id]
            assert len(copies) == 1
        finally:
            await env.shutdown()
    finally:
        gc.unfreeze()
        await bot.store.close()


async def test_a_bot_not_asked_to_freeze_leaves_every_object_to_the_collector(simcord_env):
    await simcord_env.settle()
    assert not simcord_env.bot.heap_frozen
    assert gc.get_freeze_count() == 0


def test_run_bot_starts_the_bot_that_freezes(tmp_path, monkeypatch):
    made = []
    original = Deckhand.__init__

    def init(self, *args, **kwargs):
        original(self, *args, **kwargs)
        made.append(self)

    async def login(self, token):
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setattr(Deckhand, "__init__", init)
    monkeypatch.setattr(discord.Client, "login", login)
    assert run_bot(make_settings(tmp_path / "bot.sqlite3", discord_token="x")) == 3
    assert [bot.freeze_heap for bot in made] == [True]
