"""Shared fixtures: a Deckhand bot on a fresh SQLite file, ready for SimCord; the store tests'
databases, on SQLite and on a throwaway PostgreSQL that the session starts by itself."""

from __future__ import annotations

import functools
import os
from collections.abc import AsyncIterator, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from bot.app import Deckhand
from bot.config import Settings
from bot.daily import DailyPars, DealKey, Par, play_par
from tests.pg_server import MISSING, SKIP_ENV, PgServer, find_binaries


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


@functools.cache
def cached_par(key: DealKey) -> Par:
    """The AI's par of a deal of the day, worked out once per test session."""
    return play_par(key)


def fast_pars(pars: DailyPars) -> None:
    """Pars worked out in a thread and kept for the session, not in a spawned process each test."""
    pars.use(cached_par, lambda: ThreadPoolExecutor(max_workers=1, thread_name_prefix="par"))


@pytest.fixture
async def simcord_bot(settings: Settings) -> AsyncIterator[Deckhand]:
    bot = Deckhand(settings)
    fast_pars(bot.tables.pars)
    yield bot
    # SimCord's teardown cancels the bot's tasks but does not call bot.close(); the store's
    # connection thread would otherwise outlive the test.
    await bot.store.close()


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PgServer]:
    """One PostgreSQL server for the whole session, started on first use (about a second)."""
    if os.environ.get(SKIP_ENV) == "1":
        pytest.skip(f"{SKIP_ENV}=1: the store tests on PostgreSQL are skipped")
    binaries = find_binaries()
    if binaries is None:
        # `make test` installs the server where it can (scripts/ensure-postgres); where it cannot,
        # these tests are skipped and pytest's summary says which and why.
        pytest.skip(MISSING)
    server = PgServer(binaries)
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(params=["sqlite", "postgres"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A DATABASE_URL of a fresh, empty database, once per backend."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'store.sqlite3'}"
    server: PgServer = request.getfixturevalue("postgres_server")
    return server.new_database()


@pytest.fixture
def postgres_url(postgres_server: PgServer) -> str:
    """A fresh, empty PostgreSQL database (for the tests of several processes)."""
    return postgres_server.new_database()
