"""The running bot moves what start-up built out of the garbage collector's reach (a full collection
over 10,000 loaded tables stops every click for about 120 ms: bench/store.py); bots started by
tests, many in one process, do not."""

from __future__ import annotations

import gc

import discord
import simcord

from bot.app import Deckhand, run_bot
from tests.conftest import make_settings


async def test_the_running_bot_freezes_its_start_up_heap_once_and_thaws_it_when_it_closes(settings):
    assert gc.get_freeze_count() == 0
    bot = Deckhand(settings, freeze_heap=True)
    try:
        async with simcord.run(bot) as env:
            await env.settle()
            assert bot.heap_frozen
            frozen = gc.get_freeze_count()
            # Its modules, discord.py's state, the store and the tables: many thousands of objects.
            assert frozen > 10_000
            # READY again (a reconnect): nothing more is frozen.
            await bot.on_ready()
            assert gc.get_freeze_count() == frozen
        await bot.close()
        assert not bot.heap_frozen
        assert gc.get_freeze_count() == 0
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
