"""Shared fixtures: a Deckhand bot on a fresh SQLite file, ready for SimCord."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.app import Deckhand
from bot.config import Settings


def make_settings(db: Path, **overrides) -> Settings:
    values = {
        "discord_token": None,
        "database_url": f"sqlite:///{db}",
        "board_interval": 0.0,
        "ai_pause": 0.0,
        "tick_seconds": 15.0,
        "turn_timer": 600,
    }
    values.update(overrides)
    return Settings(_env_file=None, **values)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "deckhand.sqlite3"


@pytest.fixture
def settings(db_path: Path) -> Settings:
    return make_settings(db_path)


@pytest.fixture
async def simcord_bot(settings: Settings) -> AsyncIterator[Deckhand]:
    bot = Deckhand(settings)
    yield bot
    # SimCord's teardown cancels the bot's tasks but does not call bot.close(); the store's
    # connection thread would otherwise outlive the test.
    await bot.store.close()
