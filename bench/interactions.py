"""Interaction benchmark: bot-side milliseconds per card play, store commit included, with many
tables open at once in one simulated Discord (SimCord), beside a floor measured in the same run.

The floor is a bare discord.py button handler that commits one row to the same kind of store
(aiosqlite, WAL, a file) and edits its message: the part of a card play no game logic can avoid.
It is pressed beside every card play, in the same channel of the same simulated world, so both
carry the same simulator overhead; it is also measured alone in an empty world, for reference.
Two times per play: to the answer (from the button callback's start until Discord has the player's
new hand) and to the callback's return. A third, "bot side", is the callback's time less the time
spent inside the simulated Discord's request handling during it (SimCord checking and storing a
message, which real Discord does on its own machines), for the play and the floor alike; SimCord's
bookkeeping between tasks stays in it. The board, the turn notice, AI seats and a final report with
its chart are the table's presenter's work, done after the click is answered, so neither counts
them; a game-ending play is timed like any other.

The bot runs as run_bot starts it: what start-up built is frozen at the end of its setup_hook (see
bot.app.freeze_startup_heap). SimCord's own records of every request and event (for its failure
reports) are emptied between rounds of clicks, outside the timed callbacks. The time of the garbage
collections that ran while a timed callback was open is printed too, whatever set them off (the
click itself, or other work that ran during its waits). The floor in an empty world is a bare bot
of its own, without either: a reference only; the ratios use the floor in the same world.

Run: python bench/interactions.py [--tables 10] [--plays 500]
Prints a table, then one JSON object with the figures as its last line.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import aiosqlite
import discord
import simcord
import simcord.http.router as simcord_router
from discord.ext import commands

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.figures import percentile
from bot.app import Deckhand
from bot.config import Settings
from bot.games import thegame
from bot.ui.components import TableButton
from tests.e2e.helpers import button, open_table

# Seconds spent inside the simulated Discord's request handling, so far (see simulated_discord).
SIMULATED = [0.0]
# Seconds spent in garbage collections so far, and when the one running began (see collections).
COLLECTING = [0.0, 0.0]
# Milliseconds of garbage collection inside each timed card play and floor press.
PLAY_GC: list[float] = []
FLOOR_GC: list[float] = []


def collections(phase: str, info: dict[str, Any]) -> None:
    """A gc callback: adds up the time of every collection."""
    if phase == "start":
        COLLECTING[1] = time.perf_counter()
    else:
        COLLECTING[0] += time.perf_counter() - COLLECTING[1]


def simulated_discord() -> Any:
    """Time every REST request's handling inside SimCord (it runs in the bot's process, on its loop);
    returns the original handler, to put back."""
    original = simcord_router.dispatch

    def timed_dispatch(*args: Any, **kwargs: Any) -> Any:
        start = time.perf_counter()
        try:
            return original(*args, **kwargs)
        finally:
            SIMULATED[0] += time.perf_counter() - start

    simcord_router.dispatch = timed_dispatch
    return original


async def open_floor_db(path: Path) -> aiosqlite.Connection:
    db = await aiosqlite.connect(path)
    for pragma in ("journal_mode=WAL", "synchronous=NORMAL"):
        async with db.execute(f"PRAGMA {pragma}") as cur:
            await cur.fetchall()
    await db.execute("CREATE TABLE IF NOT EXISTS events (n INTEGER, at REAL)")
    await db.commit()
    return db


def floor_message(env: Any, channel: Any) -> discord.Message:
    from simcord.results import to_discord_message

    raw = env.backend.create_message(
        channel.id,
        env.bot.user.id,
        "start",
        components=[
            {"type": 1, "components": [{"type": 2, "style": 1, "label": "Press", "custom_id": "floor:0"}]}
        ],
    )
    return to_discord_message(env, raw)


def _is_card_play(click: Any) -> bool:
    """A click that plays a card of The Game: an "act" button whose action token is a play."""
    if click.kind != "act" or not click.args:
        return False
    try:
        return thegame.decode_action(click.args[0])["type"] == "play"
    except ValueError:
        return False


async def deckhand_plays(
    tables: int, plays: int, folder: Path
) -> tuple[list[float], list[float], list[float], list[float], list[float]]:
    """Card plays, and beside each one a floor press in the same channel of the same world."""
    settings = Settings(
        _env_file=None,
        database_url=f"sqlite:///{folder / 'deckhand.sqlite3'}",
        # No pauses: SimCord's clock stands still between clicks, so a timed pause would only wait
        # for the wall clock. Both run after the answer to the click and are not timed anyway.
        board_interval=0.0,
        ai_pause=0.0,
    )
    # As run_bot starts it: what start-up built is frozen at the end of setup_hook.
    bot = Deckhand(settings, freeze_heap=True)
    timings: list[float] = []
    answers: list[float] = []
    floor: list[float] = []
    bot_side: list[float] = []
    FloorButton.timings = floor
    FloorButton.bot_side = []
    FloorButton.db = await open_floor_db(folder / "floor-same-world.sqlite3")
    original = TableButton.callback

    answered: dict[int, float] = {}
    original_edit = discord.InteractionResponse.edit_message

    async def edit_and_note(self: discord.InteractionResponse, **kwargs: Any) -> Any:
        result = await original_edit(self, **kwargs)
        answered[id(self._parent)] = time.perf_counter()
        return result

    async def timed(self: TableButton, interaction: discord.Interaction) -> None:
        start, simulated, collected = time.perf_counter(), SIMULATED[0], COLLECTING[0]
        await original(self, interaction)
        if _is_card_play(self.click):
            elapsed = time.perf_counter() - start
            PLAY_GC.append((COLLECTING[0] - collected) * 1000)
            timings.append(elapsed * 1000)
            bot_side.append((elapsed - (SIMULATED[0] - simulated)) * 1000)
            answers.append((answered.pop(id(interaction), start) - start) * 1000)

    TableButton.callback = timed  # type: ignore[method-assign]
    discord.InteractionResponse.edit_message = edit_and_note  # type: ignore[method-assign]
    dispatch = simulated_discord()
    gc.callbacks.append(collections)
    try:
        async with simcord.run(bot) as env:
            bot.add_dynamic_items(FloorButton)
            guild = env.create_guild()
            seats = []
            for t in range(tables):
                channel = guild.create_text_channel(f"table-{t}")
                member = guild.add_member(env.create_user(f"player{t}"))
                table = await open_table(env, channel, member, ai=t % 3)
                board = next(m for m in channel.history() if m.id == table.meta["board_msg"])
                seats.append([member, channel, table, board, None, 0, floor_message(env, channel)])
            await env.settle()
            while len(timings) < plays:
                for entry in seats:
                    member, channel, table, board, hand, seen_turn, _ = entry
                    state = table.state
                    if state.is_over or state.current != 0:
                        continue
                    if hand is None or seen_turn != state.turn:
                        board_id = table.meta["board_msg"]
                        board = next(m for m in reversed(channel.history()) if m.id == board_id)
                        entry[3] = board
                        # A new turn: open the hand from the board, as a player does.
                        hand = (await member.click(board, label="Show my hand")).response
                        entry[5] = state.turn
                    options = state.playable(0)
                    if state.played >= state.min_cards or not options:
                        hand = (await member.click(hand, label="End turn")).response
                    else:
                        card, pile_index = options[0]
                        chosen = await member.click(hand, label=str(card))
                        target = button(
                            chosen.response, prefix=f"dh:act:{table.id}:", suffix=f":p{card}_{pile_index + 1}"
                        )
                        hand = (await member.click(chosen.response, custom_id=target["custom_id"])).response
                        entry[6] = (await member.click(entry[6], label="Press")).response
                    entry[4] = hand
                # SimCord keeps a copy of every request and event for its failure reports. Left to
                # grow (thousands of copied payloads), it was most of what a full collection walks
                # after the start-up heap is frozen, and made each one about 100 ms; real Discord
                # keeps such records on its own machines.
                env.backend.http_requests.clear()
                env.backend.transcript.clear()
                if all(e[2].state.is_over for e in seats):
                    break
    finally:
        gc.callbacks.remove(collections)
        simcord_router.dispatch = dispatch
        TableButton.callback = original  # type: ignore[method-assign]
        discord.InteractionResponse.edit_message = original_edit  # type: ignore[method-assign]
        await FloorButton.db.close()
        # SimCord's shutdown does not call bot.close(); close what it owns so its threads end.
        bot.tables.close()
        await bot.store.close()
        if bot.heap_frozen:
            gc.unfreeze()
    return timings, answers, floor, bot_side, FloorButton.bot_side


class FloorButton(discord.ui.DynamicItem[discord.ui.Button], template=r"floor:(?P<n>\d+)"):
    db: aiosqlite.Connection
    timings: list[float]
    bot_side: list[float]

    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label="Press", custom_id=f"floor:{n}"))
        self.n = n

    @classmethod
    async def from_custom_id(cls, interaction, item, match, /):  # type: ignore[override]
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        start, simulated, collected = time.perf_counter(), SIMULATED[0], COLLECTING[0]
        await self.db.execute("INSERT INTO events (n, at) VALUES (?, ?)", (self.n, time.time()))
        await self.db.commit()
        view = discord.ui.View(timeout=None)
        view.add_item(FloorButton(self.n + 1))
        await interaction.response.edit_message(content=f"pressed {self.n}", view=view)
        elapsed = time.perf_counter() - start
        FLOOR_GC.append((COLLECTING[0] - collected) * 1000)
        self.timings.append(elapsed * 1000)
        self.bot_side.append((elapsed - (SIMULATED[0] - simulated)) * 1000)


class FloorBot(commands.Bot):
    def __init__(self, path: Path) -> None:
        super().__init__(command_prefix="!", intents=discord.Intents.none())
        self.path = path

    async def setup_hook(self) -> None:
        FloorButton.db = await open_floor_db(self.path)
        self.add_dynamic_items(FloorButton)

    async def close(self) -> None:
        await FloorButton.db.close()
        await super().close()


async def floor_plays(tables: int, plays: int, folder: Path) -> list[float]:
    timings: list[float] = []
    FloorButton.timings = timings
    FloorButton.bot_side = []
    async with simcord.run(FloorBot(folder / "floor.sqlite3")) as env:
        guild = env.create_guild()
        entries = []
        for t in range(tables):
            channel = guild.create_text_channel(f"floor-{t}")
            member = guild.add_member(env.create_user(f"presser{t}"))
            entries.append([member, floor_message(env, channel)])
        await env.settle()
        while len(timings) < plays:
            for entry in entries:
                result = await entry[0].click(entry[1], label="Press")
                entry[1] = result.response
    # SimCord's shutdown does not call bot.close(): close the floor's database, or its thread
    # keeps the process alive.
    await FloorButton.db.close()
    return timings


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=20, help="tables open at once")
    parser.add_argument("--plays", type=int, default=500, help="card plays to time")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        ours, answers, beside, ours_bot, beside_bot = asyncio.run(
            deckhand_plays(args.tables, args.plays, Path(folder))
        )
        play_gc, beside_gc = list(PLAY_GC), list(FLOOR_GC)
        alone = asyncio.run(floor_plays(args.tables, len(ours), Path(folder)))
    rows = [
        ("card play, to answer", answers),
        ("card play, callback", ours),
        ("floor, same world", beside),
        ("floor, empty world", alone),
        ("card play, bot side", ours_bot),
        ("floor, bot side", beside_bot),
    ]
    print(f"{'handler':<22} | {'n':>6} | {'p50 ms':>7} | {'p99 ms':>7} | {'mean ms':>7}")
    print("-" * 60)
    figures = {}
    for name, values in rows:
        p50, p99, mean = statistics.median(values), percentile(values, 0.99), statistics.fmean(values)
        figures[name] = (p50, p99)
        print(f"{name:<22} | {len(values):>6} | {p50:>7.2f} | {p99:>7.2f} | {mean:>7.2f}")
    (a50, a99), (o50, o99), (f50, f99), (e50, e99), (b50, b99), (g50, g99) = (
        figures[name] for name, _ in rows
    )
    print(
        f"\nratio to the floor in the same world: answer p99 {a99 / f99:.2f}x, callback p50 "
        f"{o50 / f50:.2f}x, p99 {o99 / f99:.2f}x (target: every play's p99 within 2x the floor)"
    )
    print(
        f"bot side (less the simulated Discord's own request handling): p50 {b50 / g50:.2f}x, "
        f"p99 {b99 / g99:.2f}x the floor's"
    )
    print(
        f"garbage collections that ran during the timed callbacks: {statistics.fmean(play_gc):.2f} ms per "
        f"card play on average (during {sum(1 for t in play_gc if t > 0) / len(play_gc):.0%} of them), "
        f"{statistics.fmean(beside_gc):.2f} ms per floor press "
        f"(during {sum(1 for t in beside_gc if t > 0) / len(beside_gc):.0%})"
    )
    print(
        json.dumps(
            {
                "benchmark": "interactions",
                "tables": args.tables,
                "plays": len(ours),
                "answer_ms_p50": round(a50, 3),
                "answer_ms_p99": round(a99, 3),
                "answer_ratio_p99": round(a99 / f99, 3),
                "play_ms_p50": round(o50, 3),
                "play_ms_p99": round(o99, 3),
                "floor_ms_p50": round(f50, 3),
                "floor_ms_p99": round(f99, 3),
                "floor_empty_world_ms_p50": round(e50, 3),
                "floor_empty_world_ms_p99": round(e99, 3),
                "ratio_p50": round(o50 / f50, 3),
                "ratio_p99": round(o99 / f99, 3),
                "bot_side_play_ms_p50": round(b50, 3),
                "bot_side_play_ms_p99": round(b99, 3),
                "bot_side_floor_ms_p50": round(g50, 3),
                "bot_side_floor_ms_p99": round(g99, 3),
                "bot_side_ratio_p99": round(b99 / g99, 3),
                "gc_ms_mean_play": round(statistics.fmean(play_gc), 3),
                "gc_ms_mean_floor": round(statistics.fmean(beside_gc), 3),
            }
        )
    )


if __name__ == "__main__":
    main()
