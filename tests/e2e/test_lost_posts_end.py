"""Posts whose answer was lost, whose day ends before a try of them succeeds: a first board when
the game ends, an absent-seat question whose seat went to the AI, a question answered while its
retry is on its way. (A third reader's cases.)"""

from __future__ import annotations

import asyncio

import discord

from bot.tables import FINISHED
from tests.e2e.helpers import buttons, open_lobby, reports, world
from tests.e2e.test_bad_day import absent_choices, bob_is_away, lose_the_answer_of_the_next_post


def live_board_buttons(channel):
    return [m for m in channel.history() if any(b.get("label") == "Show my hand" for b in buttons(m))]


async def test_a_first_board_lost_when_the_game_ends_leaves_no_live_buttons(simcord_env, monkeypatch):
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    lobby = await open_lobby(env, channel, ann, bob)
    env.inject_error("GET", f"/channels/{channel.id}/messages", status=500, times=None)
    lost = lose_the_answer_of_the_next_post(monkeypatch, env, channel, "The Game: turn", 300)
    await ann.click(lobby, label="Start")
    await env.advance_time(5)
    assert len(lost) == 1
    table = env.bot.tables.in_channel(channel.id)
    assert table.meta.get("board_msg") is None
    asked = await ann.slash(channel, "game end")
    await ann.click(asked.response, label="End it")
    await env.advance_time(280)
    env.backend.faults.clear()
    await env.advance_time(140)
    assert table.status == FINISHED and len(reports(channel)) == 1
    assert live_board_buttons(channel) == [], "a board of a finished game with live buttons"


async def test_a_lost_absent_question_whose_seat_left_to_the_ai_is_not_left_with_live_buttons(
    simcord_env, monkeypatch
):
    """Skip-Bo Junior: ann's turn, ann away; the absent question goes through with its answer lost,
    Discord fails posts for 30 s and the history for longer. ann comes back and leaves (her seat
    goes to the AI): nothing is left to ask, and the question that went through unseen, with live
    buttons, is found and deleted once the history can be read (it stayed for good)."""
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    lobby = await open_lobby(env, channel, ann, bob, game="skip-bo-junior")
    await ann.click(lobby, label="Start")
    table = env.bot.tables.in_channel(channel.id)
    away = table.state.current
    absent = (ann, bob)[away]
    await env.advance_time(9 * 60 + 50)
    env.inject_error("GET", f"/channels/{channel.id}/messages", status=500, times=None)
    lost = lose_the_answer_of_the_next_post(monkeypatch, env, channel, "turn timer has run out", 30)
    for _ in range(60):
        await env.advance_time(1)
        if lost:
            break
    assert len(lost) == 1 and len(absent_choices(channel)) == 1
    asked = await absent.slash(channel, "game leave")
    await absent.click(asked.response, label="Leave the game")
    assert table.seats[away].ai
    await env.advance_time(120)
    env.backend.faults.clear()
    await env.advance_time(120)
    assert table.state.current != away or table.status == FINISHED
    live = [m for m in channel.history() if any(b.get("label") == "Hand seat to AI" for b in buttons(m))]
    assert live == [], "a question about a seat's absence, asked for good"


async def test_a_choice_made_while_the_questions_retry_is_in_flight_stays_as_the_record(
    simcord_env, monkeypatch
):
    """The question goes through with its answer lost; the presenter's retry is on its way (history
    failing, so the nonce brings the first message back) when ann hands the seat to the AI. The retry
    checked seat.ai before the click; Discord hands back the question, its buttons still on (the
    click's answer is not there yet). The record of ann's choice stays (it was taken for the open
    question and deleted with the AI's move)."""
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    table = await bob_is_away(env, channel, ann, bob)
    await env.advance_time(9 * 60 + 50)
    env.inject_error("GET", f"/channels/{channel.id}/messages", status=500, times=None)
    lost = lose_the_answer_of_the_next_post(monkeypatch, env, channel, "turn timer has run out", 5)
    for _ in range(60):
        await env.advance_time(1)
        if lost:
            break
    assert len(lost) == 1
    inner = discord.abc.Messageable.send
    reached, go = asyncio.Event(), asyncio.Event()

    async def send(self, *args, **kwargs):
        result = await inner(self, *args, **kwargs)
        if getattr(self, "id", None) == channel.id and result.id == lost[0].id and not reached.is_set():
            reached.set()
            await env.external_wait(go.wait(), reason="the click lands during the retry")
        return result

    monkeypatch.setattr(discord.abc.Messageable, "send", send)
    edit = discord.InteractionResponse.edit_message
    release = asyncio.Event()

    async def held_edit(self, **kwargs):
        await env.external_wait(release.wait(), reason="the click answer is late")
        return await edit(self, **kwargs)

    monkeypatch.setattr(discord.InteractionResponse, "edit_message", held_edit)
    for _ in range(60):
        await env.advance_time(1)
        if reached.is_set():
            break
    assert reached.is_set()
    click = asyncio.create_task(ann.click(lost[0], label="Hand seat to AI"))
    for _ in range(100):
        await asyncio.sleep(0)
        if table.seats[1].ai:
            break
    for _ in range(50):
        await asyncio.sleep(0)
    assert table.seats[1].ai
    go.set()
    for _ in range(50):
        await asyncio.sleep(0)
    release.set()
    await click
    env.backend.faults.clear()
    await env.advance_time(120)
    said = [m for m in channel.history() if m.content == "The absent seat was handed to an AI seat."]
    assert len(said) == 1, "the record of ann's choice was deleted"
