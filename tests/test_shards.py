"""Shard settings and command sync: SHARD_COUNT and SHARD_IDS make the bot an AutoShardedBot that
runs those shards; only the process running shard 0 syncs the slash commands, and only when they
changed since the last sync (whatever process did it: the hash is in the database)."""

from __future__ import annotations

import pytest
from discord.ext import commands
from pydantic import ValidationError

from bot.app import EXTENSIONS, Deckhand, make_bot
from bot.config import Settings
from tests.conftest import make_settings


def test_shard_ids_are_a_comma_list_within_the_shard_count(monkeypatch):
    monkeypatch.setenv("DATABASE_URL", "postgresql://deckhand@db/deckhand")
    monkeypatch.setenv("SHARD_COUNT", "4")
    monkeypatch.setenv("SHARD_IDS", "1, 3")
    settings = Settings(_env_file=None)
    assert (settings.shard_count, settings.shard_ids, settings.syncs_commands) == (4, (1, 3), False)
    for bad in ("4", "0,0", "one"):
        monkeypatch.setenv("SHARD_IDS", bad)
        with pytest.raises(ValidationError):
            Settings(_env_file=None)
    monkeypatch.delenv("SHARD_COUNT")
    monkeypatch.setenv("SHARD_IDS", "0")
    with pytest.raises(ValidationError, match="SHARD_COUNT"):
        Settings(_env_file=None)


def test_some_of_the_shards_on_an_sqlite_file_are_refused(monkeypatch, tmp_path):
    """Other processes would have to write the same file: SQLite takes one writer per file."""
    with pytest.raises(ValidationError, match="PostgreSQL"):
        make_settings(tmp_path / "a.sqlite3", shard_count=4, shard_ids=(0, 2))
    every = make_settings(tmp_path / "a.sqlite3", shard_count=2, shard_ids=(0, 1))  # one process: fine
    assert every.shard_ids == (0, 1)


def test_with_shards_the_bot_is_an_auto_sharded_bot_running_those_shards(tmp_path):
    sharded = make_bot(
        make_settings(
            "unused", database_url="postgresql://deckhand@db/deckhand", shard_count=4, shard_ids=(0, 2)
        )
    )
    assert isinstance(sharded, commands.AutoShardedBot) and isinstance(sharded, Deckhand)
    assert (sharded.shard_count, sharded.shard_ids) == (4, [0, 2])
    plain = make_bot(make_settings(tmp_path / "b.sqlite3"))
    assert not isinstance(plain, commands.AutoShardedBot)


async def bot_with_commands(url: str, **shards) -> tuple[Deckhand, list[int]]:
    bot = make_bot(make_settings("unused", database_url=url, **shards))
    await bot.store.open()
    for name in EXTENSIONS:
        await bot.load_extension(name)
    # This bot never logs in: its timer would wait for a connection that never comes.
    bot.get_cog("Tables").ticker.cancel()
    sent: list[int] = []

    async def sync(*, guild=None):
        sent.append(1)
        return []

    bot.tree.sync = sync  # type: ignore[method-assign]
    return bot, sent


async def close(bot: Deckhand) -> None:
    """Unload the cogs (their timers stop: this bot never logs in), then close the store."""
    for name in EXTENSIONS:
        await bot.unload_extension(name)
    await bot.store.close()


async def test_commands_are_synced_once_per_change_and_only_by_the_process_running_shard_0(store_url):
    if store_url.startswith("sqlite"):
        # Shard processes share PostgreSQL; on an SQLite file, some of the shards are refused.
        with pytest.raises(ValidationError, match="PostgreSQL"):
            make_settings("unused", database_url=store_url, shard_count=2, shard_ids=(0,))
        return
    first, sent = await bot_with_commands(store_url, shard_count=2, shard_ids=(0,))
    try:
        assert await first.sync_commands() is True
        assert await first.sync_commands() is False, "unchanged: not sent again"
    finally:
        await close(first)
    # Another process (a restart, a second shard process) finds the same hash in the database.
    again, sent_again = await bot_with_commands(store_url, shard_count=2, shard_ids=(0,))
    other, sent_other = await bot_with_commands(store_url, shard_count=2, shard_ids=(1,))
    try:
        assert await again.sync_commands() is False
        assert await other.sync_commands() is False
        # A changed command tree is sent, once.
        again.tree.remove_command("game")
        assert await again.sync_commands() is True
        assert await again.sync_commands() is False
    finally:
        await close(again)
        await close(other)
    assert (len(sent), len(sent_again), len(sent_other)) == (1, 1, 0)
