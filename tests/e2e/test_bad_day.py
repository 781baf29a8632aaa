"""The bad day through the real discord.py path: the answer to a click fails, board edits keep
failing, the last person leaves an AI table, the bot restarts with boards behind the log."""

from __future__ import annotations

from bot.app import Deckhand
from bot.tables import FINISHED, PLAYING
from tests.e2e.helpers import board, button, open_table, reports, show_hand, turn_notices, world

CALLBACK = "/interactions/*/*/callback"


def pile_line(message) -> list[str]:
    fields = [f for f in message.embeds[0].fields if f.name.startswith(("⬆️", "⬇️"))]
    return [f.value.split("\n")[0].strip("*").split("*")[0] for f in fields]


async def lay_minimum(member, channel, table):
    """Lay the seat's minimum by clicking; returns the last hand shown."""
    state = table.state
    hand = await show_hand(member, channel)
    seat = table.seat_of(member.id)
    while state.played < state.min_cards:
        card, pile = state.playable(seat)[0]
        chosen = await member.click(hand, label=str(card))
        target = button(chosen.response, prefix=f"dh:play:{table.id}:", suffix=f":{card}:{pile + 1}")
        result = await member.click(chosen.response, custom_id=target["custom_id"])
        assert result.acknowledged
        hand = result.response
    return hand


async def test_a_failed_answer_to_end_turn_does_not_stall_the_game(simcord_env):
    """The End turn is saved; when Discord fails the answer, the AI seats still move and the
    channel still shows the new turn."""
    env = simcord_env
    _, channel, (ann,) = world(env, "ann")
    table = await open_table(env, channel, ann, ai=2)
    hand = await lay_minimum(ann, channel, table)
    turn = table.state.turn
    env.inject_error("POST", CALLBACK, status=500, times=1)
    await ann.click(hand, label="End turn")
    await env.settle()
    state = table.state
    assert state.turn >= turn + 2 or table.status != PLAYING, "both AI seats played their turns"
    if table.status == PLAYING:
        assert state.current == 0
        notices = turn_notices(channel)
        assert len(notices) == 1 and notices[0].content.startswith(f"<@{ann.id}>")
        assert pile_line(board(channel)) == [str(p) for p in state.piles]
    else:
        assert len(reports(channel)) == 1


async def test_a_failed_answer_to_the_deciding_play_still_posts_the_final_report(simcord_env):
    env = simcord_env
    _, channel, (ann,) = world(env, "ann")
    table = await open_table(env, channel, ann)
    asked = await ann.slash(channel, "game end")
    env.inject_error("POST", CALLBACK, status=500, times=1)
    await ann.click(asked.response, label="End it")
    await env.settle()
    assert table.status == FINISHED
    assert len(reports(channel)) == 1
    assert not [b for b in board(channel).components], "the final board has no buttons"


async def test_board_edits_failing_many_times_in_a_row_end_true(simcord_env):
    """The last action of a while: the board catches up however long Discord fails."""
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    table = await open_table(env, channel, ann, bob)
    env.inject_error("PATCH", f"/channels/{channel.id}/messages/*", status=500, times=12)
    hand = await show_hand(ann, channel)
    card, pile = table.state.playable(0)[0]
    chosen = await ann.click(hand, label=str(card))
    target = button(chosen.response, prefix=f"dh:play:{table.id}:", suffix=f":{card}:{pile + 1}")
    result = await ann.click(chosen.response, custom_id=target["custom_id"])
    assert result.acknowledged
    for _ in range(20):
        await env.advance_time(60)
    assert pile_line(board(channel)) == [str(p) for p in table.state.piles]


async def test_the_last_person_leaving_an_ai_table_ends_it_with_a_final_report(simcord_env):
    env = simcord_env
    _, channel, (ann,) = world(env, "ann")
    table = await open_table(env, channel, ann, ai=2)
    asked = await ann.slash(channel, "game leave")
    await ann.click(asked.response, label="Leave the game")
    await env.settle()
    assert table.status == FINISHED
    assert len(reports(channel)) == 1
    assert turn_notices(channel) == []


async def test_after_a_restart_a_board_behind_the_log_is_brought_up_to_date(simcord_env, settings):
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    table = await open_table(env, channel, ann, bob)
    env.inject_error("PATCH", f"/channels/{channel.id}/messages/*", status=500, times=None)
    hand = await show_hand(ann, channel)
    card, pile = table.state.playable(0)[0]
    chosen = await ann.click(hand, label=str(card))
    target = button(chosen.response, prefix=f"dh:play:{table.id}:", suffix=f":{card}:{pile + 1}")
    await ann.click(chosen.response, custom_id=target["custom_id"])
    assert pile_line(board(channel)) != [str(p) for p in table.state.piles], "the edit failed"
    env.backend.faults.clear()

    restarted = Deckhand(settings)
    await env.restart_bot(restarted)
    await env.advance_time(5)
    reloaded = env.bot.tables.in_channel(channel.id)
    assert reloaded is not None
    assert pile_line(board(channel)) == [str(p) for p in reloaded.state.piles]
    await env.settle()
    await restarted.store.close()
