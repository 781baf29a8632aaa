"""The deal of the day through a simulated Discord: two servers get the same cards and the same
par and share one ranking; a member plays each day's deal once; forget-me takes them out of it."""

from __future__ import annotations

import discord

from bot.daily import DealKey, seed_of
from bot.games import thegame
from tests.e2e.helpers import fields, open_lobby, play_to_the_end, reports

PAR_LINE = "the AI team leaves"


def server(env, name, *people):
    guild = env.create_guild(name=name)
    channel = guild.create_text_channel("game-night")
    members = [guild.add_member(env.create_user(n)) for n in people]
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    mod = guild.add_member(env.create_user(f"{name}-mod"), roles=[mods])
    return guild, channel, members, mod


async def start_daily(env, channel, host, *others, **options):
    lobby = await open_lobby(env, channel, host, *others, daily=True, **options)
    started = await host.click(lobby, label="Start")
    return env.bot.tables.in_channel(channel.id), started


async def end_game(channel, host):
    asked = await host.slash(channel, "game end")
    await host.click(asked.response, label="End it")


def daily_field(channel) -> str:
    (report,) = reports(channel)
    return fields(report)["Deal of the day"]


def daily_lines(message) -> list[str]:
    return [line for f in message.embeds[0].fields for line in f.value.split("\n") if "**" in line]


async def test_two_servers_play_the_same_cards_beside_one_par_and_share_one_ranking(simcord_env):
    env = simcord_env
    _, north, (ann, bob), north_mod = server(env, "North", "ann", "bob")
    _, south, (cat, dan), _ = server(env, "South", "cat", "dan")
    await north_mod.slash(north, "settings daily", show_name=True)

    first, _ = await start_daily(env, north, ann, bob)
    second, _ = await start_daily(env, south, cat, dan)
    key = first.daily_key
    assert key is not None and key == second.daily_key == DealKey(key.day, 2, False)
    # The same cards, dealt from the day's documented seed, in both servers.
    assert first.seed == second.seed == seed_of(key)
    assert first.state.deck == second.state.deck
    assert first.state.hands == second.state.hands and first.state.current == second.state.current == 0

    await play_to_the_end(env, north, first, {ann.id: ann, bob.id: bob})
    await end_game(south, cat)

    par = (await env.bot.tables.pars.stored(key)).cards_left
    north_text, south_text = daily_field(north), daily_field(south)
    assert f"You left {first.state.cards_left} card" in north_text
    assert (
        f"{PAR_LINE} {par} on these cards" in north_text and f"{PAR_LINE} {par} on these cards" in south_text
    )
    assert "ranks **1st of 1**" in north_text and "(top 100 %)" in north_text
    assert "ranks **2nd of 2**" in south_text  # the abandoned table left every card it held

    # One ranking, seen alike from both servers; South did not allow its name, North did.
    boards = [await m.slash(c, "leaderboard show", period="daily") for m, c in ((bob, north), (dan, south))]
    for board in boards:
        assert f"par: {par}" in board.response.embeds[0].fields[0].name
        lines = daily_lines(board.response)
        assert lines[0].startswith("` 1.` **ann, bob** · North:")
        assert lines[1].startswith("` 2.` **cat, dan** · a server:")
    assert daily_lines(boards[0].response) == daily_lines(boards[1].response)


async def test_a_member_plays_the_days_deal_once_and_may_practise_on_any_other(simcord_env):
    env = simcord_env
    _, channel, (ann,), _ = server(env, "Home", "ann")
    table, _ = await start_daily(env, channel, ann)
    await end_game(channel, ann)
    day = table.daily_key.day

    lobby = await open_lobby(env, channel, ann, daily=True)
    refused = await ann.click(lobby, label="Start")
    assert refused.ephemeral
    text = refused.response.content
    assert f"You have already played the deal of {day} for 1 player, basic rules" in text
    assert "once" in text
    assert env.bot.tables.in_channel(channel.id).status == "lobby", "nothing was dealt"
    await ann.click(lobby, label="Cancel")
    # The expert deal and another player count are other deals; a practice game is always open.
    expert, _ = await start_daily(env, channel, ann, expert=True)
    assert expert.daily_key == DealKey(day, 1, True)
    await end_game(channel, ann)
    practice = await open_lobby(env, channel, ann)
    await ann.click(practice, label="Start")
    dealt = env.bot.tables.in_channel(channel.id)
    assert dealt.status == "playing" and dealt.daily_key is None


async def test_a_daily_lobby_refuses_a_member_at_the_door_and_names_them_at_the_start(simcord_env):
    env = simcord_env
    _, channel, (ann, bob, cat, dan), _ = server(env, "Home", "ann", "bob", "cat", "dan")
    await start_daily(env, channel, ann, bob)
    await end_game(channel, ann)
    lobby = await open_lobby(env, channel, cat, daily=True)
    refused = await bob.click(lobby, label="Join")  # a second seat: bob's 2-player deal again
    assert refused.ephemeral and "You have already played the deal of" in refused.response.content
    assert [s.user_id for s in env.bot.tables.in_channel(channel.id).seats] == [cat.id]
    # Seated for a 3-player deal, ann is named when a leaver makes it her 2-player deal again.
    await dan.click(lobby, label="Join")
    await ann.click(lobby, label="Join")
    await dan.click(lobby, label="Leave")
    refused = await cat.click(lobby, label="Start")
    assert refused.ephemeral
    assert "ann has already played the deal of" in refused.response.content
    assert "for 2 players" in refused.response.content
    assert env.bot.tables.in_channel(channel.id).status == "lobby"


async def test_daily_options_are_checked_before_anything_opens(simcord_env):
    env = simcord_env
    _, channel, (ann,), _ = server(env, "Home", "ann")
    for options, words in (
        ({"hand_size": 5}, "leave out `hand_size`"),
        ({"game": "skip-bo-junior"}, "a deal of The Game only"),
    ):
        refused = await ann.slash(channel, "game new", daily=True, **options)
        assert refused.ephemeral and words in refused.response.content
        assert env.bot.tables.in_channel(channel.id) is None


async def test_forget_me_takes_the_member_out_of_the_daily_ranking(simcord_env):
    env = simcord_env
    _, channel, (ann, bob), _ = server(env, "Home", "ann", "bob")
    await start_daily(env, channel, ann)
    await end_game(channel, ann)
    board = await bob.slash(channel, "leaderboard show", period="daily")
    assert daily_lines(board.response)[0].startswith("` 1.` **ann** · a server:")

    asked = await ann.slash(channel, "privacy forget-me")
    await ann.click(asked.response, label="Forget me")
    board = await bob.slash(channel, "leaderboard show", period="daily")
    text = "\n".join(daily_lines(board.response))
    assert "ann" not in text and "**a former player**" in text
    entries = await env.bot.store._all("SELECT COUNT(*) FROM daily_entries WHERE user_id = ?", (ann.id,))
    assert entries[0][0] == 0


async def test_stats_show_daily_games_against_par_with_a_chart(simcord_env):
    env = simcord_env
    _, channel, (ann,), _ = server(env, "Home", "ann")
    table, _ = await start_daily(env, channel, ann)
    await end_game(channel, ann)
    par = (await env.bot.tables.pars.stored(table.daily_key)).cards_left
    stats = await ann.slash(channel, "stats", member=ann)
    daily = stats.response.embeds[1]
    fields = {f.name: f.value for f in daily.fields}
    assert daily.title == "ann: deals of the day"
    assert fields["Played"] == "1"
    assert fields["Against par"] == f"{thegame.DECK_SIZE - table.state.laid - par:+.1f} cards on average"
    assert fields["At or better than par"] == "0 of 1 (0%)"
    assert daily.image.url == "attachment://daily.png"
