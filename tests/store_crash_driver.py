"""Run by test_store_crash.py in its own process: 32 tables of The Game played at once through the
table service on a given database (a DATABASE_URL), forever. After every acknowledged action it prints
"ack TABLE SEQ"; the test kills the process with SIGKILL while group commits are in flight."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.store import open_store
from bot.tables import TableService
from tests.farm import Farm, open_table


class Printing(Farm):
    def on_ack(self, table_id: int, seq: int) -> None:
        sys.stdout.write(f"ack {table_id} {seq}\n")
        sys.stdout.flush()


async def main(url: str) -> None:
    store = open_store(url)
    await store.open()
    farm = Printing(TableService(store))
    for channel in range(1, 33):
        table = await open_table(farm.service, channel, seed=channel)
        farm.acked[table.id] = []
    print("ready", flush=True)
    while True:
        await asyncio.gather(*(farm.play(channel, 5, seed=channel) for channel in range(1, 33)))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
