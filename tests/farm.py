"""Many tables of The Game played at once through the table service, as the fault tests, the crash
driver and bench/store.py need them: open, deal, and play legal moves for whoever is on turn."""

from __future__ import annotations

import bisect
from dataclasses import dataclass, field
from typing import Any

from bot.games.thegame import TheGameOptions
from bot.tables import PLAYING, Table, TableError, TableService

FIRST_USER = 1_000


def person(table: Table, seat: int) -> int:
    user_id = table.seats[seat].user_id
    assert user_id is not None
    return user_id


async def open_table(service: TableService, channel_id: int, *, players: int = 2, seed: int = 1) -> Table:
    """A dealt table of The Game in `channel_id`, seated by people numbered from the channel."""
    host = FIRST_USER + channel_id * 10
    table = await service.open_lobby(
        guild_id=1, channel_id=channel_id, host_id=host, host_name=f"h{channel_id}", options=TheGameOptions()
    )
    for i in range(1, players):
        await service.join(table.id, host + i, f"p{channel_id}-{i}")
    await service.start(table.id, host, seed=seed)
    return table


def next_move(table: Table) -> tuple[int, dict[str, Any]]:
    """Who is on turn and a legal action: the smallest-gap play until the minimum, then end turn."""
    state = table.state
    assert state is not None and not state.is_over
    seat = state.current
    if state.played >= state.min_cards or not state.has_play(seat):
        return person(table, seat), {"type": "end_turn"}
    hand = state.hands[seat]  # sorted
    best: tuple[int, int, int] | None = None  # (gap, card, pile index)
    for pile, top in enumerate(state.piles):
        if pile < 2:  # ascending: the smallest card above the top, or the trick 10 below it
            trick, above = top - 10, bisect.bisect_right(hand, top)
            card = trick if trick in hand else (hand[above] if above < len(hand) else None)
        else:
            trick, below = top + 10, bisect.bisect_left(hand, top) - 1
            card = trick if trick in hand else (hand[below] if below >= 0 else None)
        if card is not None and (best is None or abs(card - top) < best[0]):
            best = (abs(card - top), card, pile)
    assert best is not None
    return person(table, seat), {"type": "play", "card": best[1], "pile": best[2] + 1}


@dataclass
class Farm:
    """Tables in channels 1..n; every acknowledged action is kept per table id, in log order."""

    service: TableService
    acked: dict[int, list[dict[str, Any]]] = field(default_factory=dict)
    refused: dict[int, int] = field(default_factory=dict)

    async def play(self, channel_id: int, moves: int, *, players: int = 2, seed: int = 1) -> None:
        """Play `moves` actions in the channel, dealing a new table whenever a game ends."""
        table = self.service.in_channel(channel_id)
        for _ in range(moves):
            if table is None or table.status != PLAYING:
                try:
                    table = await open_table(self.service, channel_id, players=players, seed=seed)
                except TableError:
                    self.refused[channel_id] = self.refused.get(channel_id, 0) + 1
                    table = self.service.in_channel(channel_id)
                    continue
                self.acked.setdefault(table.id, [])
                seed += 1
            user, action = next_move(table)
            try:
                outcome = await self.service.act(table.id, user, action, table.version)
            except TableError:
                self.refused[table.id] = self.refused.get(table.id, 0) + 1
                continue
            self.acked[table.id].append({**action, "seq": outcome.table.version - 1})
            self.on_ack(table.id, outcome.table.version - 1)

    def on_ack(self, table_id: int, seq: int) -> None:
        """Called after every acknowledged action (the crash driver prints it)."""


def same_action(logged: dict[str, Any], acked: dict[str, Any]) -> bool:
    return all(logged.get(k) == v for k, v in acked.items() if k != "seq")


def snapshot(table: Table) -> tuple:
    """What a player could see change of a dealt table: its version, the piles, hands and turn."""
    s = table.state
    assert s is not None
    return (table.version, table.rule_version, list(s.piles), [list(h) for h in s.hands], s.current, s.played)


async def assert_logged_exactly(store: Any, acked: dict[int, list[dict[str, Any]]]) -> None:
    """Every acknowledged action is in the store's log, in its place, and nothing else is."""
    for table_id, actions in acked.items():
        stored = await store.load_table(table_id)
        assert stored is not None
        assert len(stored.actions) == len(actions), table_id
        for logged, ack in zip(stored.actions, actions, strict=True):
            assert same_action(logged, ack), (table_id, logged, ack)
