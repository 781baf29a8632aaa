"""A bot process killed with SIGKILL mid-game loses no accepted action."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from bot.app import Deckhand
from bot.store import SqliteStore
from tests.conftest import make_settings

DRIVER = Path(__file__).with_name("crash_driver.py")


@pytest.mark.slow
@pytest.mark.parametrize("kill_after", [3, 17])
async def test_sigkill_mid_game_loses_no_accepted_action(tmp_path, kill_after):
    db = tmp_path / "crash.sqlite3"
    proc = subprocess.Popen(
        [sys.executable, str(DRIVER), str(db)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    accepted = 0
    table_id = None
    try:
        assert proc.stdout is not None
        for line in proc.stdout:
            if line.startswith("table "):
                table_id = int(line.split()[1])
            elif line.startswith("accepted "):
                accepted = int(line.split()[1])
                if accepted >= kill_after:
                    break
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.wait(timeout=30)
    assert table_id is not None and accepted >= kill_after, proc.stderr.read() if proc.stderr else ""

    store = SqliteStore(str(db))
    await store.open()
    stored = await store.load_table(table_id)
    await store.close()
    assert len(stored.actions) >= accepted

    # A new bot on the same database picks the game up where the log ends.
    bot = Deckhand(make_settings(db))
    import simcord

    async with simcord.run(bot) as env:
        table = env.bot.tables.by_id(table_id)
        assert table is not None and table.version == len(stored.actions)
        assert table.state.cards_left == 98 - sum(a["type"] == "play" for a in stored.actions)
    await bot.store.close()
