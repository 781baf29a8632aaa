"""Bad clicks get a clear ephemeral answer and change nothing."""

from __future__ import annotations

import discord

from bot.games import thegame
from tests.e2e.helpers import board, button, buttons, open_table, show_hand, text_of, world


def forge(env, channel, custom_id: str, label: str = "Play") -> discord.Message:
    """A message in the channel carrying a button whose custom_id the test made up."""
    from simcord.results import to_discord_message

    message = env.backend.create_message(
        channel.id,
        env.bot.user.id,
        "forged",
        components=[
            {"type": 1, "components": [{"type": 2, "style": 1, "label": label, "custom_id": custom_id}]}
        ],
    )
    return to_discord_message(env, message)


def snapshot(table):
    state = table.state
    return (table.version, list(state.piles), [list(h) for h in state.hands], state.current, state.played)


async def test_someone_not_seated_is_refused(simcord_env):
    env = simcord_env
    _, channel, (ann, bob, dan) = world(env, "ann", "bob", "dan")
    table = await open_table(env, channel, ann, bob)
    before = snapshot(table)

    result = await dan.click(board(channel), label="Show my hand")
    assert result.ephemeral and "not seated" in result.response.content

    card = table.state.hands[0][0]
    forged = forge(env, channel, f"dh:play:{table.id}:{table.version}:{card}:1")
    await env.settle()
    result = await dan.click(forged, label="Play")
    assert result.ephemeral and "not seated" in result.response.content
    assert snapshot(table) == before


async def test_a_play_out_of_turn_is_refused(simcord_env):
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    table = await open_table(env, channel, ann, bob)
    before = snapshot(table)

    hand = await show_hand(bob, channel)
    assert "ann" in text_of(hand)  # "It is ann's turn"
    result = await bob.click(hand, label=str(table.state.hands[1][0]))
    assert result.ephemeral
    assert "It is ann's turn, not yours" in result.response.content

    card = table.state.hands[1][0]
    forged = forge(env, channel, f"dh:play:{table.id}:{table.version}:{card}:1")
    await env.settle()
    result = await bob.click(forged, label="Play")
    assert "It is ann's turn, not yours" in result.response.content
    assert snapshot(table) == before


async def test_forged_buttons_are_refused(simcord_env):
    env = simcord_env
    _, channel, (ann,) = world(env, "ann")
    table = await open_table(env, channel, ann)
    state = table.state
    before = snapshot(table)
    not_mine = next(c for c in range(2, 100) if c not in state.hands[0])
    cases = {
        f"dh:play:{table.id}:{table.version}:{not_mine}:1": f"Card {not_mine} is not in ann's hand",
        f"dh:play:{table.id}:{table.version}:{state.hands[0][0]}:7": "There is no pile 7",
        f"dh:zap:{table.id}:0": "not one of mine",
        f"dh:play:{table.id + 50}:0:10:1": "closed",
        f"dh:sig:{table.id}:0:2:shout": "not one of mine",
        # An action token that names no action, and one token too many.
        f"dh:act:{table.id}:{table.version}:zz": "not one of mine",
        f"dh:act:{table.id}:{table.version}:a:b:c": "not one of mine",
    }
    for custom_id, expected in cases.items():
        forged = forge(env, channel, custom_id)
        await env.settle()
        result = await ann.click(forged, label="Play")
        assert result.ephemeral, custom_id
        assert expected in result.response.content, (custom_id, result.response.content)
    assert snapshot(table) == before


async def test_a_card_that_does_not_fit_is_refused(simcord_env):
    env = simcord_env
    _, channel, (ann,) = world(env, "ann")
    table = await open_table(env, channel, ann)
    state = table.state
    # Lay the highest card on pile 1 so that most cards no longer fit there.
    high = max(state.hands[0])
    await env.bot.tables.act(table.id, ann.id, {"type": "play", "card": high, "pile": 1}, table.version)
    low = min(c for c in state.hands[0] if c < high and c != high - 10)
    before = snapshot(table)
    forged = forge(env, channel, f"dh:play:{table.id}:{table.version}:{low}:1")
    await env.settle()
    result = await ann.click(forged, label="Play")
    assert f"Card {low} may not go on pile 1 (ascending, top {high})" in result.response.content
    assert snapshot(table) == before


async def test_a_stale_hand_applies_nothing_and_shows_the_current_hand(simcord_env):
    env = simcord_env
    _, channel, (ann,) = world(env, "ann")
    table = await open_table(env, channel, ann)
    old_hand = await show_hand(ann, channel)
    fresh = await show_hand(ann, channel)
    first = table.state.hands[0][0]
    chosen = await ann.click(fresh, label=str(first))
    target = button(chosen.response, prefix=f"dh:act:{table.id}:", suffix=f":p{first}_1")
    await ann.click(chosen.response, custom_id=target["custom_id"])
    before = snapshot(table)

    second = table.state.hands[0][0]
    result = await ann.click(old_hand, label=str(second))
    assert snapshot(table) == before
    assert result.response.id == old_hand.id  # the same message, redrawn in place
    text = text_of(result.response)
    assert "table changed" in text and "Here is your hand now" in text
    labels = [b["label"] for b in buttons(result.response)]
    assert str(first) not in labels and str(second) in labels


async def test_pile_choice_offers_only_legal_piles(simcord_env):
    env = simcord_env
    _, channel, (ann,) = world(env, "ann")
    table = await open_table(env, channel, ann)
    state = table.state
    high = max(state.hands[0])
    await env.bot.tables.act(table.id, ann.id, {"type": "play", "card": high, "pile": 1}, table.version)
    card = min(state.hands[0])
    hand = await show_hand(ann, channel)
    chosen = await ann.click(hand, label=str(card))
    offered = [b["custom_id"] for b in buttons(chosen.response)]
    piles = sorted(int(cid.rsplit("_", 1)[1]) for cid in offered if cid.startswith("dh:act:"))
    legal = [p for p in (1, 2, 3, 4) if thegame.fits(card, p - 1, state.piles[p - 1])]
    assert piles == legal
    assert (1 in piles) == (card == high - 10)  # pile 1 now sits at the highest card
    cancel = await ann.click(chosen.response, label="Cancel")
    assert "Your turn" in text_of(cancel.response)


async def test_end_turn_before_the_minimum_is_not_offered_and_refused(simcord_env):
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    table = await open_table(env, channel, ann, bob)
    hand = await show_hand(ann, channel)
    assert button(hand, label="End turn")["disabled"] is True
    before = snapshot(table)
    forged = forge(env, channel, f"dh:end:{table.id}:{table.version}", label="End")
    await env.settle()
    result = await ann.click(forged, label="End")
    assert "Lay at least 2 cards before ending the turn" in result.response.content
    assert snapshot(table) == before
