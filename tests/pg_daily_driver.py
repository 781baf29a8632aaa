"""One bot process of the two-process deal-of-the-day test: on a shared database it opens a daily
table of The Game in its own server, plays it to the end and prints, as JSON, what its players saw:
the seed, the hands dealt, the cards left and the AI's par."""

from __future__ import annotations

import asyncio
import json
import sys
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.daily import day_of  # noqa: E402
from bot.games.thegame import TheGameOptions  # noqa: E402
from bot.store import open_store  # noqa: E402
from bot.tables import PLAYING, TableService  # noqa: E402
from tests.farm import next_move  # noqa: E402

MOMENT = datetime(2026, 6, 21, 12, 0, tzinfo=UTC)  # both processes play the same day


async def main(url: str, guild: int) -> None:
    store = open_store(url)
    await store.open()
    service = TableService(store, clock=lambda: MOMENT)
    host, other = guild * 10 + 1, guild * 10 + 2
    table = await service.open_lobby(
        guild_id=guild,
        channel_id=guild * 100,
        host_id=host,
        host_name="host",
        options=TheGameOptions(),
        daily=True,
    )
    await service.join(table.id, other, "other")
    await service.start(table.id, host)
    dealt = [list(h) for h in table.state.hands]
    while table.status == PLAYING:
        user, action = next_move(table)
        await service.act(table.id, user, action, table.version)
    par = await service.pars.wait(table.daily_key, 120)
    print(
        json.dumps(
            {
                "day": day_of(MOMENT),
                "seed": table.seed,
                "hands": dealt,
                "left": table.state.cards_left,
                "par": None if par is None else par.cards_left,
            }
        )
    )
    service.close()
    await store.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
