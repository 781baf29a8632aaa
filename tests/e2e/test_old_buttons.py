"""Buttons posted before buttons carried their action as a token (dh:play, dh:end, dh:sig, dh:sb,
dh:rbdraw, dh:rbdis, dh:rbdecl, dh:rbend) still play after an upgrade, through the same checks."""

from __future__ import annotations

from bot.games import red_and_black as rb
from bot.games import thegame
from tests.e2e.helpers import open_lobby, open_table, world
from tests.e2e.test_refusals import forge


async def test_old_the_game_buttons_play_signal_and_end_the_turn(simcord_env):
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    table = await open_table(env, channel, ann, bob)
    state = table.state
    for _ in range(2):
        card, pile = next(
            (c, p) for c in state.hands[0] for p in range(4) if thegame.fits(c, p, state.piles[p])
        )
        old = forge(env, channel, f"dh:play:{table.id}:{table.version}:{card}:{pile + 1}")
        result = await ann.click(old, label="Play")
        assert result.acknowledged and state.piles[pile] == card and card not in state.hands[0]
    signal = forge(env, channel, f"dh:sig:{table.id}:{table.version}:3:dont_play", label="Signal")
    await bob.click(signal, label="Signal")
    assert [(s.player, s.pile, s.signal) for s in state.signal_views()] == [(1, 3, "dont_play")]
    end = forge(env, channel, f"dh:end:{table.id}:{table.version}", label="End")
    await ann.click(end, label="End")
    assert state.current == 1 and table.version == 4


async def test_an_old_skip_bo_junior_board_button_plays(simcord_env):
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    lobby = await open_lobby(env, channel, ann, bob, game="skip-bo-junior")
    await ann.click(lobby, label="Start")
    table = env.bot.tables.in_channel(channel.id)
    state = table.state
    seat = state.current
    member = ann if seat == 0 else bob
    source, pile = next(iter(state.plays(seat)))
    old = forge(
        env, channel, f"dh:sb:{table.id}:{table.version}:{'s' if source == 'stock' else source}:{pile}"
    )
    result = await member.click(old, label="Play")
    assert result.acknowledged and table.version == 1


async def test_old_red_and_black_buttons_draw_and_discard(simcord_env):
    env = simcord_env
    _, channel, (ann,) = world(env, "ann")
    lobby = await open_lobby(env, channel, ann, ai=3, game="red-and-black")
    await ann.click(lobby, label="Start")
    table = env.bot.tables.in_channel(channel.id)
    state = table.state
    await env.settle()
    while state.current != 0:  # the AI seats before ann
        await env.advance_time(5)
        await env.settle()
    assert state.phase == rb.DRAW
    draw = forge(env, channel, f"dh:rbdraw:{table.id}:{table.version}:stock", label="Draw")
    await ann.click(draw, label="Draw")
    assert state.phase == rb.DISCARD and len(state.hands[0]) == 15
    card = state.private_view(0).discardable[0]
    discard = forge(env, channel, f"dh:rbdis:{table.id}:{table.version}:{card.lower()}", label="Discard")
    await ann.click(discard, label="Discard")
    mine = [a for a in state.action_dicts() if a.get("player") == 0]
    assert mine[-2:] == [
        {"type": "draw", "player": 0, "source": "stock"},
        {"type": "discard", "player": 0, "card": card},
    ]
