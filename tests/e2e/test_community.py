"""Stats, leaderboards, settings and privacy, used by members and moderators through SimCord."""

from __future__ import annotations

import sys

import discord

from bot.store.base import StoreError
from bot.store.sqlite import SqliteStore
from bot.ui import thegame as thegame_ui
from bot.workers import WorkerLost
from tests.e2e.helpers import open_table, pictures, reports, title_of

PNG = b"\x89PNG\r\n\x1a\n"


def world(env, *names):
    guild = env.create_guild()
    channel = guild.create_text_channel("game-night")
    members = [guild.add_member(env.create_user(n)) for n in names]
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    mod = guild.add_member(env.create_user("mod"), roles=[mods])
    return guild, channel, members, mod


async def end_game(channel, host):
    asked = await host.slash(channel, "game end")
    await host.click(asked.response, label="End it")


async def seed_results(env, guild, people, rows):
    """Finished games written through the store as the bot writes them: (cards_left, seat indexes)."""
    store = env.bot.store
    for n, (left, seated) in enumerate(rows):
        table_id = 10_000 + n
        at = f"2026-11-{10 + n % 10:02d}T20:00:00+00:00"
        seats = [{"user_id": people[i].id, "name": people[i].name, "ai": False, "laid": 1} for i in seated]
        await store._write(
            [
                (
                    "INSERT INTO tables (id, guild_id, channel_id, game, status, host_id, options, "
                    "created_at, updated_at) VALUES (?, ?, ?, 'the-game', 'playing', ?, '{}', ?, ?)",
                    (table_id, guild.id, table_id, seats[0]["user_id"], at, at),
                ),
                *[
                    (
                        "INSERT INTO seats (table_id, seat, user_id, name, ai) VALUES (?, ?, ?, ?, 0)",
                        (table_id, i, s["user_id"], s["name"]),
                    )
                    for i, s in enumerate(seats)
                ],
            ]
        )
        result = {
            "guild_id": guild.id,
            "game": "the-game",
            "players": len(seats),
            "options": {},
            "status": "won" if left == 0 else "lost",
            "cards_left": left,
            "turns": 30,
            "duration_s": 900.0,
            "seats": seats,
            "ended_by": None,
            "moderator_ended": False,
            "finished_at": at,
        }
        await store.finish_table(table_id, result, status="finished", finished_at=at, updated_at=at)
    assert isinstance(store, SqliteStore)


def ranking(message) -> list[str]:
    field = next(f for f in message.embeds[0].fields if f.name == "Ranking")
    return [line.split("**")[1] for line in field.value.split("\n") if "**" in line]


async def test_a_finished_game_counts_in_stats_with_a_chart(simcord_env):
    env = simcord_env
    _, channel, (ann, bob), _ = world(env, "ann", "bob")
    await open_table(env, channel, ann, bob)
    await end_game(channel, ann)
    report = reports(channel)[0]
    (picture,) = pictures(report)  # the chart, shown from the report's own attachment
    assert picture.endswith("/piles.png") and report.attachments[0].filename == "piles.png"
    assert (await report.attachments[0].read()).startswith(PNG)
    mine = await bob.slash(channel, "stats", member=ann)
    embed = mine.response.embeds[0]
    fields = {f.name: f.value for f in embed.fields}
    assert embed.title == "ann: The Game"
    assert fields["Games"] == "1" and fields["Won"] == "0 (0%)"
    assert fields["Favourite teammates"] == "bob (1 game together)"
    chart = await mine.response.attachments[0].read()
    assert chart.startswith(PNG) and 5_000 < len(chart) < 300_000
    server = await bob.slash(channel, "stats")
    fields = {f.name: f.value for f in server.response.embeds[0].fields}
    assert fields["Games"] == "1"
    assert fields["Players on the board"] == "2"


async def test_the_leaderboard_ranks_pages_and_sorts(simcord_env):
    env = simcord_env
    guild, channel, people, _ = world(env, *[f"p{i:02d}" for i in range(12)])
    # p00 wins twice, p01 once; everyone plays four 3-player games with p00 and p01.
    rows = [(0, (0, 1, 2)), (0, (0, 3, 4)), (5, (1, 5, 6))]
    rows += [(20 + i, (i % 12, (i + 1) % 12, (i + 2) % 12)) for i in range(2, 14)]
    await seed_results(env, guild, people, rows)
    shown = await people[5].slash(channel, "leaderboard show")
    board = shown.response
    assert title_of(board) == "Leaderboard: The Game"
    totals = {}
    for left, seated in rows:
        for i in seated:
            games, wins, cards = totals.get(i, (0, 0, 0))
            totals[i] = (games + 1, wins + (left == 0), cards + left)
    expected = sorted(
        totals, key=lambda i: (-totals[i][1], totals[i][2] / totals[i][0], -totals[i][0], people[i].id)
    )
    assert ranking(board) == [people[i].name for i in expected[:10]]
    assert ranking(board)[0] == "p00"
    assert board.embeds[0].footer.text == "page 1 of 2"
    best = next(f for f in board.embeds[0].fields if f.name == "Best result by player count")
    assert best.value.startswith("3 players: **0** cards left")
    nxt = await people[5].click(board, label="▶")
    assert ranking(nxt.response) == [people[i].name for i in expected[10:]]
    assert nxt.response.embeds[0].footer.text == "page 2 of 2"
    by_average = await people[5].click(nxt.response, label="By average")
    averages = [
        float(line.split(": ")[1].split(" ")[0])
        for line in by_average.response.embeds[0].fields[0].value.split("\n")
    ]
    assert averages == sorted(averages)
    only_two = await people[5].slash(channel, "leaderboard show", players=2)
    assert "No games yet." in only_two.response.embeds[0].fields[0].value


async def test_a_leaderboard_for_a_player_count_the_game_cannot_have_is_refused_to_the_asker(simcord_env):
    env = simcord_env
    guild, channel, people, _ = world(env, "ann")
    await seed_results(env, guild, people, [(0, (0,))])
    before = len(channel.history())
    asked = await people[0].slash(channel, "leaderboard show", game="skip-bo-junior", players=5)
    assert asked.ephemeral
    assert asked.response.content == "Skip-Bo Junior is played by 2 to 4 players."
    asked = await people[0].slash(channel, "leaderboard show", game="red-and-black", players=2)
    assert asked.ephemeral
    assert asked.response.content == "Red and Black is played by 4 players only."
    # A count the game can have is a leaderboard, as before, and nothing public came of the refusals.
    assert len(channel.history()) == before
    fine = await people[0].slash(channel, "leaderboard show", game="skip-bo-junior", players=3)
    assert not fine.ephemeral and title_of(fine.response) == "Leaderboard: Skip-Bo Junior"


async def test_a_leaderboard_reset_needs_a_moderator_and_keeps_stats(simcord_env):
    env = simcord_env
    guild, channel, (ann, bob), mod = world(env, "ann", "bob")
    await seed_results(env, guild, [ann, bob], [(3, (0, 1)), (0, (0, 1))])
    refused = await ann.slash(channel, "leaderboard reset")
    assert refused.ephemeral and "Only moderators" in refused.response.content
    asked = await mod.slash(channel, "leaderboard reset")
    done = await mod.click(asked.response, label="Reset")
    assert "starts again" in done.response.content
    board = await ann.slash(channel, "leaderboard show")
    assert "No games yet." in board.response.embeds[0].fields[0].value
    stats = await ann.slash(channel, "stats", member=ann)
    assert {f.name: f.value for f in stats.response.embeds[0].fields}["Games"] == "2"
    log = await mod.slash(channel, "settings log")
    assert "leaderboard reset" in log.response.content


async def test_settings_apply_to_new_tables_and_are_logged(simcord_env):
    env = simcord_env
    guild, channel, (ann, bob), mod = world(env, "ann", "bob")
    other = guild.create_text_channel("general")
    assert "settings timer" not in ann.available_commands(channel)
    await mod.slash(channel, "settings timer", minutes=3)
    await mod.slash(channel, "settings defaults", expert=True)
    shown = await mod.slash(channel, "settings channels", action="add", channel=channel)
    assert f"<#{channel.id}>" in shown.response.content
    refused = await ann.slash(other, "game new")
    assert refused.ephemeral and "Tables on this server open in" in refused.response.content
    table = await open_table(env, channel, ann, bob)
    assert table.turn_timer == 180
    assert table.options.expert is True
    # A channel override beats the server's setting.
    await mod.slash(channel, "settings chat", mode="warn", channel=channel)
    settings = await mod.slash(channel, "settings show", channel=channel)
    assert "chat rule keeper: **warn**" in settings.response.content
    log = await mod.slash(channel, "settings log")
    lines = log.response.content.split("\n")
    assert len(lines) == 4 and all(mod.mention in line for line in lines)
    assert lines[0].endswith(f"channel settings (in <#{channel.id}>, chat mode: warn)")
    assert lines[-1].endswith("settings (turn timer: 3)")


async def test_a_moderator_role_can_end_a_game_and_is_logged(simcord_env):
    env = simcord_env
    guild, channel, (ann, bob), mod = world(env, "ann", "bob")
    helpers = guild.create_role("Game Night Helpers")
    helper = guild.add_member(env.create_user("helper"), roles=[helpers])
    await open_table(env, channel, ann, bob)
    refused = await helper.slash(channel, "game end")
    assert refused.ephemeral and "Only the host or a moderator" in refused.response.content
    await mod.slash(channel, "settings modrole", role=helpers)
    asked = await helper.slash(channel, "game end")
    await helper.click(asked.response, label="End it")
    assert len(reports(channel)) == 1
    log = await mod.slash(channel, "settings log")
    assert "end game" in log.response.content
    stats = await ann.slash(channel, "stats")
    assert {f.name: f.value for f in stats.response.embeds[0].fields}["Ended by a moderator"] == "1"


async def test_forget_me_anonymises_results_but_not_while_seated(simcord_env):
    env = simcord_env
    guild, channel, (ann, bob), _ = world(env, "ann", "bob")
    await seed_results(env, guild, [ann, bob], [(0, (0, 1))])
    await open_table(env, channel, ann, bob)
    asked = await ann.slash(channel, "privacy forget-me")
    refused = await ann.click(asked.response, label="Forget me")
    assert "Leave it first" in refused.response.content
    await end_game(channel, ann)
    asked = await ann.slash(channel, "privacy forget-me")
    done = await ann.click(asked.response, label="Forget me")
    assert "no longer name you" in done.response.content
    board = await bob.slash(channel, "leaderboard show")
    text = "\n".join(f.value for f in board.response.embeds[0].fields)
    assert "ann" not in text and "a former player" in text
    stats = await bob.slash(channel, "stats", member=ann)
    assert {f.name: f.value for f in stats.response.embeds[0].fields}["Games"] == "0"


async def test_settings_granted_by_the_server_still_need_a_moderator(simcord_env):
    env = simcord_env
    guild, channel, (ann,), mod = world(env, "ann")
    helpers = guild.create_role("Game Night Helpers")
    helper = guild.add_member(env.create_user("helper"), roles=[helpers])
    # The server lets ann and the helpers see /settings (Server Settings > Integrations).
    settings = next(c for c in await env.bot.tree.fetch_commands() if c.name == "settings")
    guild.set_command_permissions(settings, {ann: True, helpers: True})
    refused = await ann.slash(channel, "settings timer", minutes=5)
    assert refused.ephemeral and "Only moderators" in refused.response.content
    await mod.slash(channel, "settings modrole", role=helpers)
    saved = await helper.slash(channel, "settings timer", minutes=5)
    assert "turn timer: **5 min**" in saved.response.content
    missing = await helper.slash(channel, "settings channels", action="add")
    assert missing.ephemeral and "Name the channel" in missing.response.content
    shown = await helper.slash(channel, "settings show")
    assert "tables open in: **any channel**" in shown.response.content


async def test_without_the_chart_process_the_final_report_and_stats_still_go_out(simcord_env, monkeypatch):
    """The chart process cannot start or keeps dying: the final report and /stats go out without
    their charts; nothing waits for them."""
    env = simcord_env

    async def broken(*args):
        raise WorkerLost("the chart process ended")

    monkeypatch.setattr(thegame_ui, "draw", broken)
    monkeypatch.setattr(sys.modules["cogs.community"], "draw", broken)
    _, channel, (ann, bob), _ = world(env, "ann", "bob")
    await open_table(env, channel, ann, bob)
    await end_game(channel, ann)
    report = reports(channel)[0]
    assert not report.attachments and not pictures(report)
    mine = await bob.slash(channel, "stats", member=ann)
    assert mine.response.embeds[0].title == "ann: The Game"
    assert not mine.response.attachments


def told(result) -> str:
    return " ".join(
        [result.response.content if result.response else ""] + [f.content for f in result.followups]
    )


async def test_a_saved_reset_forget_or_setting_whose_answer_failed_is_said_to_have_gone_through(simcord_env):
    """Only Discord's taking of the answer fails (once): the reset, the forgetting and the setting
    are saved, so the one who asked hears that it went through, not "please try again" (a
    moderator who tried again logged a second reset)."""
    env = simcord_env
    guild, channel, (ann, bob), mod = world(env, "ann", "bob")
    await seed_results(env, guild, [ann, bob], [(0, (0, 1))])
    callback = "/interactions/*/*/callback"

    asked = await mod.slash(channel, "leaderboard reset")
    env.inject_error("POST", callback, status=500, times=1)
    reset = await mod.click(asked.response, label="Reset")
    asked = await ann.slash(channel, "privacy forget-me")
    env.inject_error("POST", callback, status=500, times=1)
    forgot = await ann.click(asked.response, label="Forget me")
    env.inject_error("POST", callback, status=500, times=1)
    timer = await mod.slash(channel, "settings timer", minutes=7)
    assert all("injected" in str(getattr(e, "original", e)) for e in env.errors)
    env.errors.clear()  # the command's refused answer reaches discord.py's error handler too

    for result in (reset, forgot, timer):
        assert "That went through" in told(result) and "try again" not in told(result), told(result)
        assert "The game is safe" not in told(result) and "table's message" not in told(result)
    board = await bob.slash(channel, "leaderboard show")
    assert "No games yet." in board.response.embeds[0].fields[0].value
    stats = await bob.slash(channel, "stats", member=ann)
    assert {f.name: f.value for f in stats.response.embeds[0].fields}["Games"] == "0"
    assert "7 min" in (await mod.slash(channel, "settings show")).response.content


async def test_a_setting_whose_log_entry_cannot_be_written_is_saved_and_in_force(simcord_env, monkeypatch):
    """The setting is written, then its entry in the moderators' log is refused: the setting stands
    and is in force at once, and the moderator hears it was saved (before, they were told to try
    again while the saved value waited for a restart to take effect)."""
    env = simcord_env
    _, channel, (ann, bob), mod = world(env, "ann", "bob")

    async def refused(*args, **kwargs):
        raise StoreError("disk I/O error")

    monkeypatch.setattr(env.bot.store, "log_mod_action", refused)
    saved = await mod.slash(channel, "settings timer", minutes=7)
    assert saved.response.content.startswith("Saved.") and "try again" not in saved.response.content
    table = await open_table(env, channel, ann, bob)
    assert table.turn_timer == 7 * 60


async def test_a_community_fault_is_apologised_for_without_speaking_of_a_game(simcord_env, monkeypatch):
    """A leaderboard whose answer Discord refuses, a reset the store refuses: nothing was saved,
    so "please try again"; but no game is involved, so not "the game is safe"."""
    env = simcord_env
    _, channel, (ann,), mod = world(env, "ann")
    env.inject_error("POST", "/interactions/*/*/callback", status=500, times=1)
    shown = await ann.slash(channel, "leaderboard show")
    env.errors.clear()

    async def refused(*args, **kwargs):
        raise StoreError("disk I/O error")

    monkeypatch.setattr(env.bot.store, "reset_leaderboard", refused)
    asked = await mod.slash(channel, "leaderboard reset")
    reset = await mod.click(asked.response, label="Reset")
    for result in (shown, reset):
        assert "please try again" in told(result) and "game" not in told(result), told(result)
