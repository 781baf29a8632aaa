"""A hostile member: what one person can do to a server's channels, and what they cannot."""

from __future__ import annotations

import discord

from bot.tables import LOBBY, MAX_TABLES_PER_HOST, PLAYING


def bot_messages(env, channel) -> list[discord.Message]:
    return [m for m in channel.history() if m.author.id == env.bot.user.id]


async def test_one_member_cannot_fill_every_channel_with_tables(simcord_env):
    """A member who opens a table in channel after channel, starting some alone (The Game takes one
    player), gets one per channel up to the limit; the next is refused to them alone, naming the
    channels of their tables, and nothing is posted or stored for it. Once one of their lobbies is
    cancelled they may open another; a moderator setting up a game night is not held to the limit;
    others are not affected."""
    env = simcord_env
    guild = env.create_guild()
    troll, ann = (guild.add_member(env.create_user(n)) for n in ("troll", "ann"))
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    mod = guild.add_member(env.create_user("mod"), roles=[mods])
    channels = [guild.create_text_channel(f"table-{n}") for n in range(MAX_TABLES_PER_HOST + 2)]
    tables = env.bot.tables

    lobbies = []
    for channel in channels[:MAX_TABLES_PER_HOST]:
        opened = await troll.slash(channel, "game new")
        assert opened.response is not None and not opened.ephemeral
        lobbies.append(opened.response)
    await troll.click(lobbies[-1], label="Start")  # a game alone still counts
    assert tables.in_channel(channels[MAX_TABLES_PER_HOST - 1].id).status == PLAYING

    spare = channels[MAX_TABLES_PER_HOST]
    refused = await troll.slash(spare, "game new")
    assert refused.ephemeral
    said = refused.response.content
    assert f"{MAX_TABLES_PER_HOST} open tables" in said
    for channel in channels[:MAX_TABLES_PER_HOST]:
        assert f"<#{channel.id}>" in said
    assert bot_messages(env, spare) == []
    assert tables.in_channel(spare.id) is None
    stored = [t.row for t in await tables.store.open_tables() if t.row["host_id"] == troll.id]
    assert len(stored) == MAX_TABLES_PER_HOST and spare.id not in {r["channel_id"] for r in stored}
    hosted = [t for t in tables.open_tables() if t.host_id == troll.id]
    assert sorted(t.status for t in hosted) == sorted([LOBBY] * (MAX_TABLES_PER_HOST - 1) + [PLAYING])

    # Someone else still opens a table there.
    other = await ann.slash(spare, "game new")
    assert other.response is not None and not other.ephemeral
    assert tables.in_channel(spare.id).host_id == ann.id

    # One lobby cancelled: one more may be opened.
    await troll.click(lobbies[0], label="Cancel")
    assert tables.in_channel(channels[0].id) is None
    again = await troll.slash(channels[MAX_TABLES_PER_HOST + 1], "game new")
    assert again.response is not None and not again.ephemeral

    # A moderator is not held to it.
    for n in range(MAX_TABLES_PER_HOST + 1):
        opened = await mod.slash(guild.create_text_channel(f"night-{n}"), "game new")
        assert opened.response is not None and not opened.ephemeral
    assert sum(t.host_id == mod.id for t in tables.open_tables()) == MAX_TABLES_PER_HOST + 1


async def test_the_limit_holds_across_a_restart(simcord_env, settings):
    """Tables a member hosted before a restart (lobbies and a game alone) still count after it: the
    restarted bot refuses their next /game new, and frees a place once one of them is cancelled."""
    from bot.app import Deckhand

    env = simcord_env
    guild = env.create_guild()
    troll = guild.add_member(env.create_user("troll"))
    channels = [guild.create_text_channel(f"table-{n}") for n in range(MAX_TABLES_PER_HOST + 1)]
    lobbies = [(await troll.slash(c, "game new")).response for c in channels[:MAX_TABLES_PER_HOST]]
    await troll.click(lobbies[-1], label="Start")

    restarted = Deckhand(settings)
    await env.restart_bot(restarted)
    refused = await troll.slash(channels[-1], "game new")
    assert refused.ephemeral and f"{MAX_TABLES_PER_HOST} open tables" in refused.response.content
    assert bot_messages(env, channels[-1]) == []

    await troll.click(lobbies[0], label="Cancel")  # a lobby's button from before the restart
    opened = await troll.slash(channels[-1], "game new")
    assert opened.response is not None and not opened.ephemeral
    await env.settle()
    await restarted.store.close()
