"""One bot process of the two-process race test: it loads the open tables from the database, waits
for the go signal (a file), then plays as fast as it can on the table in channel 1, printing what
the store acknowledged ("ok <seq> <action json>") and what it refused ("refused")."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.store import open_store  # noqa: E402
from bot.tables import PLAYING, TableError, TableService  # noqa: E402
from tests.farm import next_move  # noqa: E402


async def main(url: str, go: Path, attempts: int) -> None:
    store = open_store(url)
    await store.open()
    service = TableService(store)
    await service.load()
    print("loaded", flush=True)
    while not go.exists():
        await asyncio.sleep(0.005)
    for _ in range(attempts):
        table = service.in_channel(1)
        if table is None or table.status != PLAYING:
            break
        user, action = next_move(table)
        seq = table.version
        try:
            await service.act(table.id, user, action, seq)
        except TableError:
            print("refused", flush=True)
            continue
        print("ok", seq, json.dumps(action, sort_keys=True), flush=True)
    service.close()
    await store.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], Path(sys.argv[2]), int(sys.argv[3])))
