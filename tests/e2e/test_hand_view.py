"""What a hand of The Game tells its player: which cards fit now, on which piles, how much each
place skips, the backwards trick marked; button colours that tell close fits from wide ones."""

from __future__ import annotations

from tests.e2e.helpers import button, buttons, open_lobby, open_table, show_hand, text_of, the_board, world

GREEN, BLUE, GREY = 3, 1, 2


async def test_the_hand_says_where_each_card_fits_and_by_how_much(simcord_env):
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    table = await open_table(env, channel, ann, bob)
    state = table.state
    # A position laid out for the test: piles up from 80 and 90, down from 20 and 15.
    state.piles[:] = [80, 90, 20, 15]
    state.hands[0][:] = sorted([50, 70, 85, 14, 25, 60])
    hand = await show_hand(ann, channel)
    text = text_of(hand)
    assert "**14**: ⬇️4 gap 1 · ⬇️3 gap 6" in text
    assert "**25**: ⬇️4 ↩ backwards trick" in text
    assert "**70**: ⬆️1 ↩ backwards trick" in text
    assert "**85**: ⬆️1 gap 5" in text
    assert "**50**: no pile now" in text and "**60**: no pile now" in text  # they fit nowhere
    styles = {card: button(hand, label=str(card))["style"] for card in (14, 25, 70, 85, 50, 60)}
    assert styles == {14: GREEN, 25: GREEN, 70: GREEN, 85: BLUE, 50: GREY, 60: GREY}


async def test_a_hand_where_nothing_fits_says_so(simcord_env):
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    table = await open_table(env, channel, ann, bob)
    state = table.state
    state.piles[:] = [80, 90, 20, 15]
    state.hands[1][:] = [50, 55, 60]
    hand = await show_hand(bob, channel)
    assert "None of your cards fits a pile now." in text_of(hand)


async def test_red_and_black_cards_read_on_light_and_dark_themes(simcord_env):
    """Red cards show a red heart, black ones a text spade (the theme's text colour); no card
    button wears the red "danger" style."""
    from bot.games import red_and_black as rb

    env = simcord_env
    _, channel, (ann,) = world(env, "ann")
    lobby = await open_lobby(env, channel, ann, ai=3, game="red-and-black")
    await ann.click(lobby, label="Start")
    table = env.bot.tables.in_channel(channel.id)
    state = table.state
    while state.current != 0:
        await env.advance_time(5)
        await env.settle()
    hand = await ann.click(the_board(channel, "Red and Black: deal"), label="My hand")
    text = text_of(hand.response)
    assert "♥️ red:" in text and "♠\ufe0e black:" in text and "⬛" not in text
    # The two sequences the hand is closest to, and what each still misses.
    (first, _), (second, _) = rb.closest_pair([rb.rank(c) for c in state.hands[0]])
    assert f"Closest to: **{first.label()}**" in text and f"**{second.label()}**" in text
    drawn = await ann.click(hand.response, label="Draw from the stock")
    cards = [b for b in buttons(drawn.response) if b["custom_id"].split(":")[-1].startswith("x")]
    assert cards and all(b["style"] == GREY for b in cards)
    for b in cards:
        name = b["custom_id"].split(":")[-1][1:].upper()
        if name.endswith("R"):
            assert b["emoji"]["name"] == "♥️" and b["label"] == name[0]
        else:
            assert "emoji" not in b and b["label"] == f"{name[0]} ♠\ufe0e"
    assert state.phase == rb.DISCARD
