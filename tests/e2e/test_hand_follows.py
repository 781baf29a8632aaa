"""An open hand follows the game: when a player's turn comes, the hand they have open is redrawn
without a click, and only theirs."""

from __future__ import annotations

from bot.games import thegame
from tests.e2e.helpers import board, open_table, text_of, world


def text(result) -> str:
    """What the hand says under its heading ("Your hand: 6 cards")."""
    heading, _, rest = text_of(result.response).partition("\n")
    assert heading.startswith("### Your hand")
    return rest


async def lay_and_end(member, hand_result, table, seat):
    """Lay the minimum from the open hand and end the turn, all by clicks on that one message."""
    state = table.state
    for _ in range(state.min_cards):
        card, pile = next(
            (c, p) for c in state.hands[seat] for p in range(4) if thegame.fits(c, p, state.piles[p])
        )
        chosen = await member.click(hand_result.response, label=str(card))
        await member.click(chosen.response, custom_id=f"dh:act:{table.id}:{table.version}:p{card}_{pile + 1}")
    await member.click(hand_result.response, label="End turn")


async def test_the_hand_someone_has_open_is_redrawn_when_their_turn_comes(simcord_env):
    env = simcord_env
    _, channel, (ann, bob, cat) = world(env, "ann", "bob", "cat")
    table = await open_table(env, channel, ann, bob, cat)
    ann_hand = await ann.click(board(channel), label="Show my hand")
    bob_hand = await bob.click(board(channel), label="Show my hand")
    cat_hand = await cat.click(board(channel), label="Show my hand")
    assert text(ann_hand).startswith("**Your turn.**")
    assert text(bob_hand).startswith("It is ann's turn") and text(cat_hand).startswith("It is ann's turn")
    cat_before = text_of(cat_hand.response)

    await lay_and_end(ann, ann_hand, table, 0)
    await env.settle()
    # Bob's turn: his open hand says so, with his cards to choose from, and nobody clicked it.
    assert table.state.current == 1
    assert text(bob_hand).startswith("**Your turn.**")
    assert all(f"**{card}**:" in text(bob_hand) for card in table.state.hands[1])
    # Cat's hand is not touched until her own turn.
    assert text_of(cat_hand.response) == cat_before

    await lay_and_end(bob, bob_hand, table, 1)
    await env.settle()
    assert table.state.current == 2 and text(cat_hand).startswith("**Your turn.**")


async def test_a_hand_that_can_no_longer_be_edited_does_not_stop_the_game(simcord_env):
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    table = await open_table(env, channel, ann, bob)
    ann_hand = await ann.click(board(channel), label="Show my hand")
    await bob.click(board(channel), label="Show my hand")
    # Discord refuses every edit of an interaction's message (the hand was dismissed, say).
    env.inject_error("PATCH", "/webhooks/*", status=404, code=10008, times=50)
    await lay_and_end(ann, ann_hand, table, 0)
    await env.settle()
    assert table.state.current == 1
    refused = [r for r in env.backend.http_requests if r.method == "PATCH" and "/webhooks/" in r.path]
    assert refused  # the bot did try to redraw bob's hand, and was refused
    notices = [m for m in env.backend.messages[channel.id].values() if "it is your turn" in (m.content or "")]
    assert notices and f"<@{bob.id}>" in notices[-1].content
