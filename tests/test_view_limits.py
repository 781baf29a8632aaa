"""Every view of every game stays inside what Discord accepts, at every step of whole games: at
most 40 components in a Components V2 message, 4,000 characters of text, at most 5 buttons in a
row and 25 in a classic message, labels of at most 80 characters. A view over a limit is refused
by Discord, and the board or hand would stop updating in the middle of a game."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import discord
import pytest
from simcord.components import walk_components

from bot.catalog import GAMES
from bot.tables import PLAYING, Seat, Table
from bot.ui import render
from bot.ui.base import as_layout
from bot.ui.components import Click
from bot.ui.games import presentation

START = datetime(2026, 11, 23, 20, 0, tzinfo=UTC)
# The most seats each game takes, where views are largest (and a hand of 8 in The Game).
SEATS = {"the-game": 5, "skip-bo-junior": 4, "red-and-black": 4}


def check(message: render.Message) -> None:
    kwargs = message.kwargs()
    view = kwargs["view"]
    if view is None:
        return
    payload = view.to_components()
    items = list(walk_components(payload))
    if isinstance(view, discord.ui.LayoutView):
        assert kwargs["content"] is None and kwargs["embed"] is None
        assert len(items) <= 40, f"{len(items)} components"
        text = sum(len(c["content"]) for c in items if c.get("type") == 10)
        assert text <= 4000, f"{text} characters of text"
    else:
        assert sum(1 for c in items if c.get("type") == 2) <= 25
    for row in (c for c in items if c.get("type") == 1):
        assert 1 <= len(row["components"]) <= 5
    for button in (c for c in items if c.get("type") == 2):
        assert len(button.get("label") or "") <= 80
        assert len(button["custom_id"]) <= 100


def table_of(game: str, seats: int, seed: int) -> Table:
    spec = GAMES[game]
    options = spec.options(hand_size=8) if game == "the-game" else spec.options()
    table = Table(
        id=2**40 + seed,
        guild_id=1,
        channel_id=2,
        host_id=100,
        options=options,
        seats=[Seat(user_id=100 + i, name=f"player-with-a-long-name-{i}") for i in range(seats)],
        created_at=START,
        updated_at=START,
        status=PLAYING,
        game=game,
        seed=seed,
        started_at=START,
    )
    table.state = spec.deal(seats, options, seed, 0)
    return table


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("seed", [3, 4])
def test_every_view_of_a_whole_game_stays_within_discords_limits(game, seed):
    table = table_of(game, SEATS[game], seed)
    spec, shown = GAMES[game], presentation(game)
    state = table.state
    check(render.lobby(table))
    steps = 0
    while not state.is_over and steps < 3000:
        check(render.board(table))
        if shown.hand is not None:
            for seat in range(len(table.seats)):
                check(render.hand(table, seat, note="Your hand changed: here it is now."))
        if game == "the-game":  # the menus a hand opens: a card's pile choice, the signal panel
            seat = state.current
            fits = state.private_view(seat).playable
            card = next((c for c in state.hands[seat] if c in fits), None)
            for kind, menu in shown.menus.items():
                if card is not None or kind != "card":
                    check(menu(table, seat, Click(kind, table.id, table.version, (str(card),))))
        state.apply(spec.ai_action(state, state.current))
        table.version += 1
        table.rule_version = table.version
        steps += 1
    assert state.is_over and steps > 20, "the AI played a whole game"
    table.finished_at = START + timedelta(hours=2)
    check(render.board(table).without_buttons())
    report = render.final_report(table, table.finished_at, {100: 3, 101: 1})
    check(as_layout(report))
