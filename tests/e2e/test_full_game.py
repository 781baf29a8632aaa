"""Whole games in a simulated Discord channel, clicked as members click."""

from __future__ import annotations

import discord

from bot.games.base import Status
from tests.e2e.helpers import (
    board,
    boards,
    buttons,
    fields,
    open_table,
    play_to_the_end,
    reports,
    show_hand,
    text_of,
    turn_notices,
    world,
)


async def test_three_players_from_lobby_to_final_report(simcord_env):
    env = simcord_env
    _, channel, (ann, bob, cat) = world(env, "ann", "bob", "cat")
    table = await open_table(env, channel, ann, bob, cat)
    assert [s.user_id for s in table.seats] == [ann.id, bob.id, cat.id]
    assert turn_notices(channel)[0].content.startswith(f"<@{ann.id}>, it is your turn")

    members = {m.id: m for m in (ann, bob, cat)}
    state = table.state
    assert state is not None
    while table.status == "playing":
        # The channel stays tidy all game long: one board, at most one turn notice.
        assert len(boards(channel)) == 1
        assert len(turn_notices(channel)) <= 1
        seat = state.current
        from tests.e2e.helpers import play_turn

        await play_turn(members[table.seats[seat].user_id], channel, table, seat)

    assert state.status in (Status.WON, Status.LOST)
    final = reports(channel)
    assert len(final) == 1
    text = text_of(final[0])
    if state.status is Status.WON:
        assert "beat The Game" in text
    else:
        assert f"{state.cards_left} card" in text
        assert ("excellent" in text.lower()) == (state.cards_left < 10)
    parts = fields(final[0])
    assert parts["Turns"] == str(state.turn)
    assert "Laid most" in parts
    # The board shows the final state, and no stray turn notices are left behind.
    assert len(boards(channel)) == 1
    assert turn_notices(channel) == []
    # No public message ever named a card of a hand that was still held.
    # The channel is free again.
    assert env.bot.tables.in_channel(channel.id) is None
    result = await ann.slash(channel, "game new")
    assert result.response is not None and not result.response.ephemeral


async def test_one_player_game(simcord_env):
    env = simcord_env
    _, channel, (solo,) = world(env, "solo")
    table = await open_table(env, channel, solo)
    assert table.state is not None and table.state.hand_size == 8
    await play_to_the_end(env, channel, table, {solo.id: solo})
    assert len(reports(channel)) == 1
    assert table.state.is_over


async def test_ai_seats_play_their_turns(simcord_env):
    env = simcord_env
    _, channel, (ann,) = world(env, "ann")
    table = await open_table(env, channel, ann, ai=2)
    assert [s.ai for s in table.seats] == [False, True, True]
    await play_to_the_end(env, channel, table, {ann.id: ann})
    state = table.state
    assert state is not None and state.is_over
    assert sum(state.laid_by[1:]) > 0  # the AI seats laid cards
    assert len(reports(channel)) == 1


async def test_public_messages_never_show_a_hand(simcord_env):
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    table = await open_table(env, channel, ann, bob)
    hand = await show_hand(ann, channel)
    assert hand.ephemeral
    visible_to_bob = channel.history(viewer=bob)
    assert all(m.id != hand.id for m in visible_to_bob)
    cards = set(table.state.hands[0])
    public_text = " ".join((m.content or "") + text_of(m) for m in visible_to_bob)
    public_labels = {b.get("label") for m in visible_to_bob for b in buttons(m)}
    for card in cards:
        assert str(card) not in public_labels and f"**{card}**" not in public_text
    assert isinstance(board(channel), discord.Message)
