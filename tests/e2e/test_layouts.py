"""The Components V2 layouts as a member reads them: The Game's board draws its piles as cards, a
hand puts each card's button beside where it fits, Discord's limits hold for the largest hand, and
a message posted before the layouts (an embed) becomes a layout when it is next drawn."""

from __future__ import annotations

import discord
from simcord.components import walk_components

from tests.e2e.helpers import (
    board,
    boards,
    buttons,
    components,
    fields,
    open_table,
    pile_tops,
    show_hand,
    text_of,
    world,
)

V2 = discord.MessageFlags(components_v2=True).value
ROW = 1
TEXT = 10


def count(message) -> int:
    return sum(1 for _ in walk_components(components(message)))


async def test_the_board_is_one_layout_with_the_piles_drawn_as_cards_under_their_direction(simcord_env):
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    table = await open_table(env, channel, ann, bob)
    state = table.state
    state.piles[:] = [12, 1, 77, 100]
    # A card laid by clicking redraws the board.
    hand = await show_hand(ann, channel)
    card, pile = state.playable(0)[0]
    chosen = await ann.click(hand, label=str(card))
    target = next(b for b in buttons(chosen.response) if b["custom_id"].endswith(f":p{card}_{pile + 1}"))
    await ann.click(chosen.response, custom_id=target["custom_id"])
    await env.settle()
    table_board = board(channel)
    assert table_board.flags.value & V2 and not table_board.embeds and not table_board.content
    assert pile_tops(table_board) == list(state.piles)
    drawing = text_of(table_board)
    assert "▲ 1" in drawing and "▲ 2" in drawing and "▼ 3" in drawing and "▼ 4" in drawing
    seats = fields(table_board)["Seats"].splitlines()
    assert seats == [
        f"{'▶️ ' if state.current == 0 else ''}ann (host): {len(state.hands[0])} cards",
        f"{'▶️ ' if state.current == 1 else ''}bob: {len(state.hands[1])} cards",
    ]
    assert [b["label"] for b in buttons(table_board)] == ["Show my hand"]
    assert len(boards(channel)) == 1


async def test_the_largest_hand_gives_every_card_its_places_and_its_button_within_discords_limit(simcord_env):
    env = simcord_env
    _, channel, (ann,) = world(env, "ann")
    table = await open_table(env, channel, ann, hand_size=8)
    hand = await show_hand(ann, channel)
    assert hand.flags.value & V2 and count(hand) <= 40
    cards = table.state.hands[0]
    assert len(cards) == 8
    # One line per card, in the hand's order, its words starting with the card...
    text = "\n".join(c["content"] for c in walk_components(components(hand)) if c.get("type") == TEXT)
    lines = [line for line in text.splitlines() if line.startswith("**") and "**:" in line]
    assert [line.split("**")[1] for line in lines] == [str(c) for c in cards]
    # ...and one button per card, in the same order, rows of at most five.
    rows = [c for c in walk_components(components(hand)) if c.get("type") == ROW]
    card_rows = [
        r for r in rows if all(b.get("custom_id", "").startswith("dh:card:") for b in r["components"])
    ]
    assert [b["label"] for r in card_rows for b in r["components"]] == [str(c) for c in cards]
    assert all(len(r["components"]) <= 5 for r in card_rows)
    # Thirteen components for six cards: the hand is small to redraw after every play.
    assert count(hand) <= 19
    # The signal panel, the largest menu, stays within the limit too.
    panel = await ann.click(hand, label="Pile signals")
    assert panel.response.flags.value & V2 and count(panel.response) <= 40


async def test_a_board_posted_before_the_layouts_becomes_a_layout_when_next_drawn(simcord_env):
    """An upgrade meets boards posted as embeds. Discord lets a message take the V2 flag when its
    content and embeds are cleared in the same edit; the game goes on on the same message."""
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    table = await open_table(env, channel, ann, bob)
    old = await env.bot.get_channel(channel.id).send(
        embed=discord.Embed(title="The Game: turn 1", description="an old board")
    )
    current = table.meta["board_msg"]
    await env.bot.tables.meta_update(table, board_msg=old.id)
    await env.bot.get_channel(channel.id).get_partial_message(current).delete()
    env.bot.get_cog("Tables").present(table)
    await env.settle()
    redrawn = next(m for m in channel.history() if m.id == old.id)
    assert redrawn.flags.value & V2 and not redrawn.embeds
    assert pile_tops(redrawn) == list(table.state.piles)
    assert len(boards(channel)) == 1
