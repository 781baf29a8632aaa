"""Run by test_crash.py in its own process: plays The Game by clicking, forever, on a given
database, and prints "accepted N" after every click the bot has acknowledged (N: the table's
version then). The test kills this process with SIGKILL at some moment in between."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import simcord

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.app import Deckhand
from tests.conftest import make_settings
from tests.e2e.helpers import button, open_table, show_hand


async def main(db: str) -> None:
    async with simcord.run(Deckhand(make_settings(Path(db)))) as env:
        guild = env.create_guild()
        channel = guild.create_text_channel("crash")
        ann = guild.add_member(env.create_user("ann"))
        table = await open_table(env, channel, ann)
        print(f"table {table.id}", flush=True)
        state = table.state
        while not state.is_over:
            hand = await show_hand(ann, channel)
            card, pile_index = state.playable(0)[0]
            chosen = await ann.click(hand, label=str(card))
            target = button(
                chosen.response, prefix=f"dh:act:{table.id}:", suffix=f":p{card}_{pile_index + 1}"
            )
            result = await ann.click(chosen.response, custom_id=target["custom_id"])
            assert result.acknowledged
            print(f"accepted {table.version}", flush=True)
            if state.played >= state.min_cards and not state.is_over:
                await ann.click(result.response, label="End turn")
                print(f"accepted {table.version}", flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
