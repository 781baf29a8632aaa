"""The lobby lets the players decide who goes first (RULES.md: the host, or decide together)."""

from __future__ import annotations

from bot.tables import first_seat
from tests.e2e.helpers import fields, open_lobby, world


def field(message, name: str) -> str:
    return fields(message)[name]


async def test_a_player_who_takes_the_first_turn_starts_the_game(simcord_env):
    env = simcord_env
    _, channel, (ann, bob, cat) = world(env, "ann", "bob", "cat")
    lobby = await open_lobby(env, channel, ann, bob, cat)
    assert field(lobby, "Goes first") == "ann"  # nobody chose: the host
    shown = await bob.click(lobby, label="I'll go first")
    assert field(shown.response, "Goes first") == "bob"
    await ann.click(lobby, label="Start")
    table = env.bot.tables.in_channel(channel.id)
    assert table.first_player == 1 and table.state.current == 1
    notices = [m for m in env.backend.messages[channel.id].values() if "it is your turn" in (m.content or "")]
    assert notices[-1].content.startswith(f"<@{bob.id}>")


async def test_a_random_first_player_and_a_chooser_who_leaves(simcord_env):
    env = simcord_env
    _, channel, (ann, bob, cat, dan) = world(env, "ann", "bob", "cat", "dan")
    lobby = await open_lobby(env, channel, ann, bob, cat)
    shown = await cat.click(lobby, label="Random first player")
    assert field(shown.response, "Goes first") == "a seat drawn at random"
    shown = await cat.click(lobby, label="I'll go first")
    assert field(shown.response, "Goes first") == "cat"
    shown = await cat.click(lobby, label="Leave")
    assert field(shown.response, "Goes first") == "ann"  # the one who chose is gone: the host again
    # Someone not seated cannot choose, and nothing changes.
    refused = await dan.click(lobby, label="I'll go first")
    assert "Only players seated" in refused.response.content
    table = env.bot.tables.in_channel(channel.id)
    assert first_seat(table) == 0 and table.meta["first"] == cat.id  # cat's choice, cat gone: the host
    await bob.click(lobby, label="Random first player")
    await ann.click(lobby, label="Start")
    table = env.bot.tables.in_channel(channel.id)
    assert table.first_player in (0, 1) and table.state.current == table.first_player
