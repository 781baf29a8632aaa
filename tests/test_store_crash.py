"""SIGKILL while many tables write at once: every acknowledged action is in the log, and a fresh
start-up restores every table. On SQLite and on PostgreSQL."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from bot.store import open_store
from bot.tables import TableService

DRIVER = Path(__file__).with_name("store_crash_driver.py")


@pytest.mark.slow
@pytest.mark.parametrize("kill_after", [50, 1500])
async def test_sigkill_mid_batch_loses_no_acknowledged_action(store_url, kill_after):
    proc = subprocess.Popen(
        [sys.executable, str(DRIVER), store_url],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=Path(__file__).resolve().parents[1],
    )
    acked: dict[int, int] = {}
    count = 0
    try:
        assert proc.stdout is not None
        for line in proc.stdout:
            if line.startswith("ack "):
                _, table_id, seq = line.split()
                acked[int(table_id)] = max(acked.get(int(table_id), -1), int(seq))
                count += 1
                if count >= kill_after:
                    break
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.wait(timeout=30)
    assert count >= kill_after, proc.stderr.read() if proc.stderr else ""

    store = open_store(store_url)
    await store.open()
    try:
        for table_id, seq in acked.items():
            stored = await store.load_table(table_id)
            assert stored is not None and len(stored.actions) > seq, (table_id, seq)
        service = TableService(store)
        loaded = await service.load()
        assert service.set_aside == []
        assert len([t for t in loaded if t.state is not None]) >= 32
    finally:
        await store.close()
