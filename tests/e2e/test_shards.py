"""A shard process through SimCord: an AutoShardedBot running shard 0 of 2 on PostgreSQL loads and
shows only the tables of its own guilds, and plays in them as the single-process bot does."""

from __future__ import annotations

import pytest
from discord.ext import commands

from bot.app import make_bot
from bot.games.thegame import TheGameOptions
from bot.store import open_store
from bot.tables import TableService
from tests.conftest import make_settings
from tests.e2e.helpers import open_table

SHARD_0_GUILD, SHARD_1_GUILD = 10 << 22, 11 << 22  # (guild_id >> 22) % 2


@pytest.fixture
async def simcord_bot(postgres_url):
    # Before this process starts, another one left a lobby in a guild of each shard.
    store = open_store(postgres_url)
    await store.open()
    service = TableService(store)
    for channel, guild in ((501, SHARD_0_GUILD), (502, SHARD_1_GUILD)):
        await service.open_lobby(
            guild_id=guild, channel_id=channel, host_id=7, host_name="h", options=TheGameOptions()
        )
    await store.close()
    bot = make_bot(make_settings("unused", database_url=postgres_url, shard_count=2, shard_ids=(0,)))
    yield bot
    await bot.store.close()


async def test_a_shard_process_keeps_only_its_guilds_tables_and_plays_in_its_guilds(simcord_env):
    env = simcord_env
    bot = env.bot
    assert isinstance(bot, commands.AutoShardedBot) and bot.shard_ids == [0]
    assert [t.guild_id for t in bot.tables.open_tables()] == [SHARD_0_GUILD]

    guild = env.create_guild(shard_id=0)
    channel = guild.create_text_channel("game-night")
    ann, bob = (guild.add_member(env.create_user(name)) for name in ("ann", "bob"))
    table = await open_table(env, channel, ann, bob)
    assert table.guild_id == guild.id and (guild.id >> 22) % 2 == 0
    assert await bot.store.get_state("commands:global") is not None, "shard 0 synced the commands"
    stored = await bot.store.load_table(table.id)
    assert stored is not None and stored.row["status"] == "playing"
