"""Moderator powers stay in their own server, and every moderator action reaches /settings log."""

from __future__ import annotations

import discord
from simcord.results import to_discord_message

from bot.tables import LOBBY, PLAYING
from tests.e2e.helpers import button, buttons, open_lobby, open_table, text_of, title_of, world


def moderator(env, guild, name="mod"):
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    return guild.add_member(env.create_user(name), roles=[mods])


def relayed(env, channel, message):
    """The same buttons on a message in another channel: a forged or relayed click."""
    raw = env.backend.create_message(
        channel.id, env.bot.user.id, "relayed", components=[{"type": 1, "components": buttons(message)[:5]}]
    )
    return to_discord_message(env, raw)


async def logged(env, guild):
    return [a["action"] for a in await env.bot.store.mod_actions(guild.id)]


async def test_a_moderator_of_another_server_cannot_end_a_game_or_clear_a_strike_here(simcord_env):
    env = simcord_env
    guild_a, channel_a, (ann, bob) = world(env, "ann", "bob")
    table = await open_table(env, channel_a, ann, bob)
    sent = await bob.send(channel_a, "I have 47")
    assert sent is not None
    notice = next(m for m in channel_a.history() if "looked like sharing a card number" in m.content)

    guild_b = env.create_guild()
    channel_b = guild_b.create_text_channel("elsewhere")
    mod_b = moderator(env, guild_b)
    asked = await ann.slash(channel_a, "game end")  # the confirmation carries A's table id
    ended = await mod_b.click(relayed(env, channel_b, asked.response), label="End it")
    assert ended.ephemeral and "another channel" in ended.response.content
    assert table.status == PLAYING
    strike_button = button(notice, label="False alarm")
    cleared = await mod_b.click(relayed(env, channel_b, notice), custom_id=strike_button["custom_id"])
    assert cleared.ephemeral and "not one of this channel" in cleared.response.content
    assert await env.bot.store.strikes(table.id) == {bob.id: 1}
    assert await logged(env, guild_a) == [] and await logged(env, guild_b) == []


async def test_every_moderator_route_writes_one_log_entry(simcord_env):
    """The routes: close a lobby (its Cancel button, or /game end), end a game, decide about an
    absent seat, mark a false alarm, change a setting, reset the leaderboards."""
    env = simcord_env
    guild, channel, (ann, bob) = world(env, "ann", "bob")
    mod = moderator(env, guild)

    lobby = await open_lobby(env, channel, ann)
    await mod.click(lobby, label="Cancel")
    assert env.bot.tables.in_channel(channel.id) is None
    assert await logged(env, guild) == ["close_lobby"]

    await open_lobby(env, channel, ann)
    assert env.bot.tables.in_channel(channel.id).status == LOBBY
    asked = await mod.slash(channel, "game end")
    await mod.click(asked.response, label="End it")
    assert (await logged(env, guild))[0] == "close_lobby" and len(await logged(env, guild)) == 2

    table = await open_table(env, channel, ann, bob)
    await env.advance_time(601)  # ann's turn times out
    absent = next(m for m in channel.history() if buttons(m) and "Hand seat to AI" in str(buttons(m)))
    await mod.click(absent, label="Hand seat to AI")
    assert table.seats[0].ai
    assert (await logged(env, guild))[0] == "absent_seat"

    await bob.send(channel, "I have 47")
    notice = next(m for m in channel.history() if "looked like sharing a card number" in m.content)
    await mod.click(notice, label="False alarm")
    assert (await logged(env, guild))[0] == "false_alarm"

    asked = await mod.slash(channel, "game end")
    await mod.click(asked.response, label="End it")
    assert (await logged(env, guild))[0] == "end_game"

    await mod.slash(channel, "settings timer", minutes=5)
    actions = await logged(env, guild)
    assert actions[1:] == ["end_game", "false_alarm", "absent_seat", "close_lobby", "close_lobby"]
    assert len(actions) == 6 and actions[0] not in actions[1:], "the setting has its own entry"


async def test_a_deleted_table_channel_no_longer_keeps_tables_out(simcord_env):
    env = simcord_env
    guild, channel, (ann,) = world(env, "ann")
    mod = moderator(env, guild)
    only = guild.create_text_channel("tables-only")
    await mod.slash(only, "settings channels", action="add", channel=only)
    await mod.slash(only, "settings chat", mode="warn", channel=only)  # an override of that channel
    refused = await ann.slash(channel, "game new")
    assert refused.response.ephemeral and "open in" in refused.response.content
    env.backend.delete_channel(only.id)
    await env.settle()
    opened = await ann.slash(channel, "game new")
    assert not opened.response.ephemeral, "with its only table channel gone, tables open anywhere"
    assert (await env.bot.guild_settings.guild(guild.id)).table_channels == ()
    assert await env.bot.store.channel_options(only.id) == {}, "its overrides went with it"
    assert await logged(env, guild) == ["channel_settings", "settings"], "the clean-up is not logged"


async def test_a_rematch_after_a_member_was_forgotten_leaves_their_chair_open(simcord_env):
    from tests.e2e.helpers import reports

    env = simcord_env
    _, channel, (ann, bob, cat) = world(env, "ann", "bob", "cat")
    await open_table(env, channel, ann, bob, cat)
    asked = await ann.slash(channel, "game end")
    await ann.click(asked.response, label="End it")
    forget = await bob.slash(channel, "privacy forget-me")
    await bob.click(forget.response, label="Forget me")
    report = reports(channel)[0]
    rematch = await cat.click(report, label="Rematch")
    assert "opens as a lobby" in rematch.response.content
    lobby = env.bot.tables.in_channel(channel.id)
    assert lobby is not None and lobby.status == LOBBY
    assert [s.user_id for s in lobby.seats] == [ann.id, cat.id], "bob's chair is open"
    assert all("None" not in (m.content or "") + text_of(m) for m in channel.history())
    await bob.click(
        next(m for m in channel.history() if "a table is open" in title_of(m)),
        label="Join",
    )
    assert [s.user_id for s in lobby.seats] == [ann.id, cat.id, bob.id]


async def test_forget_me_reaches_the_moderator_log_and_a_seat_handed_to_the_ai_counts_in_stats(simcord_env):
    env = simcord_env
    guild, channel, (ann, bob) = world(env, "ann", "bob")
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    mod = guild.add_member(env.create_user("mod"), roles=[mods])
    other_mod = guild.add_member(env.create_user("mod2"), roles=[mods])
    lobby = await open_lobby(env, channel, ann, bob, ai=2, game="red-and-black")
    await ann.click(lobby, label="Start")
    # bob leaves: an AI seat plays on in his place, and the result still counts for his seat.
    asked = await bob.slash(channel, "game leave")
    await bob.click(asked.response, label="Leave the game")
    ended = await mod.slash(channel, "game end")
    await mod.click(ended.response, label="End it")
    stats = await ann.slash(channel, "stats", member=bob, game="red-and-black")
    assert {f.name: f.value for f in stats.response.embeds[0].fields}["Games"] == "1"

    forget = await mod.slash(channel, "privacy forget-me")
    await mod.click(forget.response, label="Forget me")
    log_view = await other_mod.slash(channel, "settings log")
    assert "a former moderator" in log_view.response.content
    assert f"<@{mod.id}>" not in log_view.response.content


async def test_a_deleted_moderator_role_is_cleaned_from_the_settings(simcord_env):
    env = simcord_env
    guild, channel, _ = world(env, "ann")
    mod = moderator(env, guild)
    helpers = guild.create_role("Helpers")
    await mod.slash(channel, "settings modrole", role=helpers)
    assert (await env.bot.guild_settings.guild(guild.id)).moderator_role == helpers.id
    env.backend.delete_role(guild.id, helpers.id)
    await env.settle()
    assert (await env.bot.guild_settings.guild(guild.id)).moderator_role is None
    shown = await mod.slash(channel, "settings show")
    assert str(helpers.id) not in str(shown.response.content) + str(
        [e.to_dict() for e in shown.response.embeds]
    )


async def test_a_table_channel_deleted_while_the_bot_was_away_leaves_the_list_when_next_used(simcord_env):
    env = simcord_env
    guild, channel, (ann,) = world(env, "ann")
    gone = 1_000_000_000_000_000_001  # a channel id the server no longer has
    await env.bot.guild_settings.update_guild(guild.id, {"table_channels": (gone,)}, 0, "2026-11-20T20:00:00")
    opened = await ann.slash(channel, "game new")
    assert not opened.response.ephemeral
    assert (await env.bot.guild_settings.guild(guild.id)).table_channels == ()
