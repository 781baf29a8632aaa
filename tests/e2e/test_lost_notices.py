"""Notices and boards whose answer was lost (Discord took the post, the bot did not hear), in the
cases a second reader of the lookup found: a turn that ends before the retry, a rematch whose
notice reads like the last game's, a Red and Black notice whose text changes within its turn, and
a restart whose channel is not there at first."""

from __future__ import annotations

import discord

from bot.app import Deckhand
from bot.tables import PLAYING
from tests.e2e.helpers import boards, open_table, play_turn, rb_turn, reports, the_board, turn_notices, world
from tests.e2e.test_bad_day import lose_the_answer_of_the_next_post


async def test_a_lost_notice_whose_turn_ends_before_the_retry_is_not_left_behind(simcord_env, monkeypatch):
    """Bob's notice goes through with its answer lost; Discord's posts fail a while; bob plays his
    turn meanwhile (the board and his hand work). Afterwards only ann's notice should be left."""
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    table = await open_table(env, channel, ann, bob, turn_timer=0)
    lost = lose_the_answer_of_the_next_post(monkeypatch, env, channel, f"<@{bob.id}>, it is your turn", 300)
    env.inject_error("GET", f"/channels/{channel.id}/messages", status=500, times=None)
    await play_turn(ann, channel, table, 0)
    await env.advance_time(3)
    assert len(lost) == 1
    await play_turn(bob, channel, table, 1)
    env.backend.faults.clear()
    await env.advance_time(300 + 120)
    shown = turn_notices(channel)
    assert [m.content.split(",")[0] for m in shown] == [f"<@{ann.id}>"], "bob's notice of an old turn is left"


async def test_a_rematch_notice_whose_post_failed_does_not_adopt_the_old_games_notice(
    simcord_env, monkeypatch
):
    """Ann ends the game while her notice stands; Discord fails its delete (it is swept later). Ann
    clicks Rematch: the new game's first notice (same text) fails once. The retry must not take the
    old game's notice, which the old table's sweeper then deletes: ann would have no notice."""
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    await open_table(env, channel, ann, bob, turn_timer=0)
    old_notice = turn_notices(channel)[0]
    env.inject_error("DELETE", f"/channels/{channel.id}/messages/*", status=500, times=None)
    asked = await ann.slash(channel, "game end")
    await ann.click(asked.response, label="End it")
    await env.advance_time(1)
    assert len(reports(channel)) == 1 and turn_notices(channel)[0].id == old_notice.id
    original = discord.abc.Messageable.send
    failed: list = []

    async def send(self, *args, **kwargs):
        content = args[0] if args else kwargs.get("content")
        if not failed and "it is your turn" in str(content):
            failed.append(content)
            raise discord.HTTPException(_Resp(503), "Discord failed")
        return await original(self, *args, **kwargs)

    monkeypatch.setattr(discord.abc.Messageable, "send", send)
    await ann.click(reports(channel)[0], label="Rematch")
    again = env.bot.tables.in_channel(channel.id)
    await env.advance_time(5)
    assert failed and failed[0] == old_notice.content, "the same text"
    env.backend.faults.clear()
    await env.advance_time(120)
    shown = turn_notices(channel)
    assert len(shown) == 1, "ann has no notice for her first turn of the rematch"
    assert again.meta.get("turn_msg") != old_notice.id, "the new game took the old game's notice"


class _Resp:
    def __init__(self, status: int) -> None:
        self.status = status
        self.reason = "Service Unavailable"


async def test_red_and_black_a_lost_notice_whose_text_changed_within_the_turn_is_not_posted_twice(
    simcord_env, monkeypatch
):
    """The first notice of deal 2 carries deal 1's result; its answer is lost, Discord's posts and
    history fail for five minutes; the player draws meanwhile. The notice rendered after the draw
    has no deal line, so the lookup by exact content misses, and Discord forgot the nonce."""
    env = simcord_env
    _, channel, people = world(env, "ann", "bob", "cat", "dan")
    table = await open_table(env, channel, *people, game="red-and-black", turn_timer=0)
    state = table.state
    lost = lose_the_answer_of_the_next_post(monkeypatch, env, channel, "Deal 1", 300, at_start=True)
    env.inject_error("GET", f"/channels/{channel.id}/messages", status=500, times=None)
    steps = 0
    while table.status == PLAYING and not state.deals:
        steps += 1
        assert steps < 400
        await rb_turn(people[state.current], channel, table, state.current)
        await env.advance_time(1)
    assert len(lost) == 1, "deal 2's first notice went through, its answer lost"
    seat = state.current
    opened = await people[seat].click(the_board(channel, "Red and Black: deal"), label="My hand")
    drew = await people[seat].click(opened.response, label="Draw from the stock")
    assert drew.acknowledged and state.phase != "draw"
    await env.advance_time(10)
    env.backend.faults.clear()
    await env.advance_time(300 + 120)
    mine = [
        m for m in turn_notices(channel) if m.content.split(", it is")[0].endswith(f"<@{people[seat].id}>")
    ]
    assert len(mine) == 1, [m.content for m in mine]


async def test_a_board_posted_anew_before_a_stop_when_the_channel_comes_back_late(
    simcord_env, monkeypatch, settings
):
    """As test_bad_day's board-posting restart test, but the channel is not in the restarted bot's
    cache for its first minute (a guild still unavailable after READY). The presenter finds no
    channel, counts the table up to date, and drops the nonce noted for the board; the next change
    posts a board without looking, and the lost one stays."""
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    table = await open_table(env, channel, ann, bob)
    first = table.meta["board_msg"]
    env.inject_error("GET", f"/channels/{channel.id}/messages", status=500, times=None)
    lost = lose_the_answer_of_the_next_post(monkeypatch, env, channel, "The Game: turn", 200)
    await ann.slash(channel, "game board")
    await env.advance_time(200)
    assert len(lost) == 1 and [m.id for m in boards(channel)] == [first, lost[0].id]
    monkeypatch.undo()
    env.backend.faults.clear()
    restarted = Deckhand(settings)
    hidden = [True]
    get_channel = restarted.get_channel
    monkeypatch.setattr(
        restarted, "get_channel", lambda i: None if hidden[0] and i == channel.id else get_channel(i)
    )
    await env.restart_bot(restarted)
    try:
        await env.advance_time(60)
        hidden[0] = False
        table = restarted.tables.in_channel(channel.id)
        cog = restarted.get_cog("Tables")
        cog.present(table)  # the next change of the table (a click, an AI move, a timer)
        await env.advance_time(30)
        assert len(boards(channel)) == 1, [m.id for m in boards(channel)]
    finally:
        await env.settle()
        await restarted.store.close()
