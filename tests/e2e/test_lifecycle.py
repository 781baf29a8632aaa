"""Restarts, Discord faults, timers, leaving, ending, exporting, rematches, threads, lost channels."""

from __future__ import annotations

import json

import discord
import pytest
from simcord.builders import ChannelHandle

from bot.app import Deckhand
from bot.games.base import Status
from bot.records import parse_record, replay
from bot.store import SqliteStore
from bot.tables import TableService
from tests.e2e.helpers import (
    board,
    boards,
    button,
    buttons,
    fields,
    open_lobby,
    open_table,
    pile_tops,
    play_to_the_end,
    play_turn,
    reports,
    show_hand,
    text_of,
    title_of,
    turn_notices,
    world,
)


def pile_values(message: discord.Message) -> list[str]:
    return [str(top) for top in pile_tops(message)]


async def play_first_card(member, hand, table):
    card = table.state.hands[table.seat_of(member.id)][0]
    chosen = await member.click(hand, label=str(card))
    target = button(chosen.response, prefix=f"dh:act:{table.id}:")
    return await member.click(chosen.response, custom_id=target["custom_id"])


async def test_restart_mid_game_old_buttons_still_work(simcord_env, settings):
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    table = await open_table(env, channel, ann, bob)
    result = await play_first_card(ann, await show_hand(ann, channel), table)
    hand = result.response
    version = table.version
    piles = list(table.state.piles)

    restarted = Deckhand(settings)
    await env.restart_bot(restarted)
    reloaded = env.bot.tables.in_channel(channel.id)
    assert reloaded is not None and reloaded is not table
    assert reloaded.version == version and reloaded.state.piles == piles

    # The hand message from before the restart still plays.
    card = reloaded.state.hands[0][0]
    chosen = await ann.click(hand, label=str(card))
    target = button(chosen.response, prefix=f"dh:act:{reloaded.id}:")
    await ann.click(chosen.response, custom_id=target["custom_id"])
    assert reloaded.version == version + 1
    end = await ann.click(chosen.response, label="End turn")
    assert end.acknowledged and reloaded.state.current == 1
    # And the board's button from before the restart still shows a hand.
    bob_hand = await show_hand(bob, channel)
    assert "Your turn" in text_of(bob_hand)
    await play_to_the_end(env, channel, reloaded, {ann.id: ann, bob.id: bob})
    assert len(reports(channel)) == 1
    # SimCord's teardown does not close a bot; close the second one's store as its process would.
    await env.settle()
    await restarted.store.close()


async def test_a_clean_stop_keeps_each_running_game_as_a_snapshot_for_the_next_start(simcord_env, settings):
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    table = await open_table(env, channel, ann, bob)
    await play_first_card(ann, await show_hand(ann, channel), table)
    expected = (table.version, list(table.state.piles), [list(h) for h in table.state.hands])
    await env.settle()
    await env.bot.close()

    store = SqliteStore(settings.database_url.removeprefix("sqlite:///"))
    await store.open()
    try:
        async with store.db.execute("SELECT table_id, seq FROM snapshots") as cur:
            assert [tuple(r) for r in await cur.fetchall()] == [(table.id, table.version)]
        service = TableService(store)
        await service.load()
        back = service.in_channel(channel.id)
        assert back is not None and back.snapshot_version == table.version
        assert (back.version, back.state.piles, back.state.hands) == expected
    finally:
        await store.close()


async def test_board_edits_failing_do_not_stop_the_game(simcord_env):
    env = simcord_env
    _, channel, (ann,) = world(env, "ann")
    table = await open_table(env, channel, ann)
    env.inject_error("PATCH", f"/channels/{channel.id}/messages/*", status=500, times=3)
    hand = await show_hand(ann, channel)
    result = await play_first_card(ann, hand, table)
    assert result.acknowledged and table.version == 1  # the play went through
    await env.advance_time(60)  # the board retries with back-off
    assert pile_values(board(channel)) == [str(p) for p in table.state.piles]


async def test_turn_timer_reminds_then_lets_the_host_hand_the_seat_to_ai(simcord_env):
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    table = await open_table(env, channel, ann, bob)
    await play_turn(ann, channel, table, 0)
    assert table.state.current == 1

    await env.advance_time(310)
    notices = [m for m in channel.history() if "half of your turn time" in m.content]
    assert len(notices) == 1 and f"<@{bob.id}>" in notices[0].content
    assert turn_notices(channel) == []  # the reminder replaced the turn notice

    await env.advance_time(300)
    absent = [m for m in channel.history() if "turn timer has run out" in m.content]
    assert len(absent) == 1
    refused = await bob.click(absent[0], label="Hand seat to AI")
    assert "Only the host or a moderator" in refused.response.content
    turn = table.state.turn
    await ann.click(absent[0], label="Hand seat to AI")
    assert table.seats[1].ai
    assert table.state.turn > turn or table.state.is_over  # the AI played bob's turn
    if not table.state.is_over:
        assert table.state.current == 0


async def test_turn_timer_remove_seat(simcord_env):
    env = simcord_env
    _, channel, (ann, bob, cat) = world(env, "ann", "bob", "cat")
    table = await open_table(env, channel, ann, bob, cat)
    await play_turn(ann, channel, table, 0)
    await env.advance_time(601)
    absent = [m for m in channel.history() if "turn timer has run out" in m.content][-1]
    await ann.click(absent, label="Remove seat")
    assert table.state.left[1]
    assert table.state.current == 2
    seats = fields(board(channel))["Seats"]
    assert "bob: left the game" in seats


async def test_idle_lobby_closes_after_thirty_minutes(simcord_env):
    env = simcord_env
    _, channel, (ann,) = world(env, "ann")
    result = await ann.slash(channel, "game new")
    await env.advance_time(29 * 60)
    assert env.bot.tables.in_channel(channel.id) is not None
    await env.advance_time(2 * 60)
    assert env.bot.tables.in_channel(channel.id) is None
    lobby = next(m for m in channel.history() if m.id == result.response.id)
    assert title_of(lobby) == "The Game: lobby closed"
    assert buttons(lobby) == []


async def test_leave_during_the_game_and_the_host_passes(simcord_env):
    env = simcord_env
    _, channel, (ann, bob, cat) = world(env, "ann", "bob", "cat")
    table = await open_table(env, channel, ann, bob, cat)
    asked = await ann.slash(channel, "game leave")
    assert asked.ephemeral
    await ann.click(asked.response, label="Leave the game")
    assert table.state.left[0]
    assert table.host_id == bob.id
    assert table.state.current == 1
    assert turn_notices(channel)[-1].content.startswith(f"<@{bob.id}>")
    hand = await ann.slash(channel, "game hand")
    assert "not seated" in hand.response.content


async def test_a_leave_whose_public_line_discord_refuses_gets_no_apology(simcord_env, caplog):
    """ann leaves; her answer is shown, but Discord fails the channel's "ann left the game." The
    leave is saved and the game goes on: ann gets no apology on top of her answer, and nothing is
    logged as a failed button."""
    env = simcord_env
    _, channel, (ann, bob, cat) = world(env, "ann", "bob", "cat")
    table = await open_table(env, channel, ann, bob, cat)
    asked = await ann.slash(channel, "game leave")
    env.inject_error("POST", f"/channels/{channel.id}/messages", status=500, times=1)
    with caplog.at_level("WARNING", logger="cogs.tables"):
        left = await ann.click(asked.response, label="Leave the game")
    assert table.state.left[0]
    assert left.response.content.startswith("You left the game.")
    assert [f.content for f in left.followups] == [], "no apology"
    assert not [r for r in caplog.records if r.levelname == "ERROR"]
    await env.advance_time(10)
    assert turn_notices(channel)[-1].content.startswith(f"<@{bob.id}>"), "the game goes on"


@pytest.mark.parametrize("game", ["skip-bo-junior", "red-and-black"])
async def test_a_player_whose_seat_went_to_the_ai_is_not_asked_to_leave_again(simcord_env, game):
    """In the games where an AI seat plays on for one who left, /game leave a second time is told
    at once that the seat is the AI's; before, it asked again, and only the click said so."""
    env = simcord_env
    _, channel, (ann, bob, cat) = world(env, "ann", "bob", "cat")
    lobby = await open_lobby(env, channel, ann, bob, cat, game=game, ai=int(game == "red-and-black"))
    await ann.click(lobby, label="Start")
    asked = await bob.slash(channel, "game leave")
    await bob.click(asked.response, label="Leave the game")
    again = await bob.slash(channel, "game leave")
    assert again.ephemeral and "already played by the AI" in again.response.content
    assert buttons(again.response) == []


async def test_end_by_host_then_export_and_replay(simcord_env):
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    table = await open_table(env, channel, ann, bob)
    refused = await ann.slash(channel, "game export")
    assert "still running" in refused.response.content
    await play_turn(ann, channel, table, 0)

    not_host = await bob.slash(channel, "game end")
    assert "Only the host or a moderator" in not_host.response.content
    asked = await ann.slash(channel, "game end")
    await ann.click(asked.response, label="End it")
    assert table.state.status is Status.ABANDONED
    final = reports(channel)
    assert len(final) == 1 and "ended early" in text_of(final[0])

    exported = await bob.slash(channel, "game export")
    data = await exported.response.attachments[0].read()
    record = parse_record(data)
    out, code = replay(record)
    assert code == 0
    assert out["status"] == "abandoned"
    assert out["piles"] == table.state.piles
    assert json.loads(data)["actions"][-1] == {"type": "abandon"}


async def test_an_export_whose_answer_discord_fails_is_a_warning_not_an_error_of_ours(
    simcord_env, caplog, monkeypatch
):
    """Discord fails the answer of /game export: the member is asked to try again, and the log
    says Discord failed (a warning), not that the command is broken (an error with its trace). A
    fault of ours is still logged as an error."""
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    await open_table(env, channel, ann, bob)
    asked = await ann.slash(channel, "game end")
    await ann.click(asked.response, label="End it")
    env.inject_error("POST", "/interactions/*/*/callback", status=500, times=1)
    with caplog.at_level("WARNING", logger="cogs.tables"):
        failed = await bob.slash(channel, "game export")
    env.errors.clear()
    assert "please try again" in failed.response.content
    ours = [r for r in caplog.records if r.name == "cogs.tables" and "export" in r.getMessage()]
    assert [r.levelname for r in ours] == ["WARNING"] and "Discord failed" in ours[0].getMessage()
    caplog.clear()

    async def broken(*args, **kwargs):
        raise RuntimeError("a bug of ours")

    monkeypatch.setattr(env.bot.tables, "export", broken)
    with caplog.at_level("WARNING", logger="cogs.tables"):
        failed = await bob.slash(channel, "game export")
    env.errors.clear()
    assert "please try again" in failed.response.content
    ours = [r for r in caplog.records if r.name == "cogs.tables" and "export" in r.getMessage()]
    assert [r.levelname for r in ours] == ["ERROR"]


async def test_a_connection_reset_on_the_way_to_discord_is_logged_as_discords_fault(
    simcord_env, caplog, monkeypatch
):
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    await open_table(env, channel, ann, bob)
    asked = await ann.slash(channel, "game end")
    await ann.click(asked.response, label="End it")

    async def reset(*args, **kwargs):
        raise ConnectionResetError(104, "Connection reset by peer")

    monkeypatch.setattr(env.bot.tables, "export", reset)
    with caplog.at_level("WARNING", logger="cogs.tables"):
        failed = await bob.slash(channel, "game export")
    env.errors.clear()
    assert "please try again" in failed.response.content
    ours = [r for r in caplog.records if r.name == "cogs.tables" and "export" in r.getMessage()]
    assert [r.levelname for r in ours] == ["WARNING"]


@pytest.mark.parametrize("fault", ["disk full", "payload refused"])
async def test_a_fault_of_ours_that_looks_like_a_network_one_is_still_logged_as_an_error(
    simcord_env, caplog, monkeypatch, fault
):
    """A full disk in our own code (an OSError) and a request Discord refuses as malformed (a 400)
    are faults of ours: errors with their trace, not "Discord failed" warnings."""
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    await open_table(env, channel, ann, bob)
    asked = await ann.slash(channel, "game end")
    await ann.click(asked.response, label="End it")

    class Refused:
        status, reason = 400, "Bad Request"

    async def broken(*args, **kwargs):
        if fault == "disk full":
            raise OSError(28, "No space left on device")
        raise discord.HTTPException(Refused(), {"code": 50035, "message": "Invalid Form Body"})

    monkeypatch.setattr(env.bot.tables, "export", broken)
    with caplog.at_level("WARNING", logger="cogs.tables"):
        failed = await bob.slash(channel, "game export")
    env.errors.clear()
    assert "please try again" in failed.response.content
    ours = [r for r in caplog.records if r.name == "cogs.tables" and "export" in r.getMessage()]
    assert [r.levelname for r in ours] == ["ERROR"]


async def test_moderator_can_end_any_table(simcord_env):
    env = simcord_env
    guild, channel, (ann, bob) = world(env, "ann", "bob")
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    mod = guild.add_member(env.create_user("mod"), roles=[mods])
    table = await open_table(env, channel, ann, bob)
    asked = await mod.slash(channel, "game end")
    await mod.click(asked.response, label="End it")
    assert table.state.status is Status.ABANDONED


async def test_rematch_deals_the_same_seats_again(simcord_env):
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    table = await open_table(env, channel, ann, bob, hand_size=5)
    asked = await ann.slash(channel, "game end")
    await ann.click(asked.response, label="End it")
    stranger = env.guild.add_member(env.create_user("zed"))
    refused = await stranger.click(reports(channel)[0], label="Rematch")
    assert "Only players from that game" in refused.response.content
    await bob.click(reports(channel)[0], label="Rematch")
    again = env.bot.tables.in_channel(channel.id)
    assert again is not None and again.id != table.id
    assert [s.user_id for s in again.seats] == [ann.id, bob.id]
    assert again.state.hand_size == 5
    assert len(boards(channel)) == 2  # the old game's last board and the new one


async def test_signals_show_on_the_board(simcord_env):
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    table = await open_table(env, channel, ann, bob)
    hand = await show_hand(bob, channel)
    panel = await bob.click(hand, label="Pile signals")
    await bob.click(panel.response, label="Pile 3: don't play")
    assert "Pile 3 · bob: please don't play here" in text_of(board(channel))
    assert table.state.signal_views()[0].signal == "dont_play"


async def test_tables_work_in_threads(simcord_env):
    env = simcord_env
    guild, channel, (ann,) = world(env, "ann")
    raw = env.backend.create_thread(channel.id, "game thread", ann.id)
    await env.settle()
    thread = ChannelHandle(env, guild, raw)
    table = await open_table(env, thread, ann)
    assert table.channel_id == thread.id
    await play_to_the_end(env, thread, table, {ann.id: ann})
    assert len(reports(thread)) == 1


async def test_missing_permissions_are_named(simcord_env):
    env = simcord_env
    guild = env.create_guild()
    ann = guild.add_member(env.create_user("ann"))
    channel = guild.create_text_channel(
        "no-embeds", overwrites={env.bot.user: discord.PermissionOverwrite(embed_links=False)}
    )
    result = await ann.slash(channel, "game new")
    assert result.ephemeral
    assert "Embed Links" in result.response.content
    assert env.bot.tables.in_channel(channel.id) is None


async def test_deleting_the_channel_ends_the_table(simcord_env):
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    table = await open_table(env, channel, ann, bob)
    env.backend.delete_channel(channel.id)
    await env.settle()
    assert table.state.status is Status.ABANDONED
    assert env.bot.tables.by_id(table.id) is None
    assert env.bot.get_cog("Tables")._ai_tasks == {}
