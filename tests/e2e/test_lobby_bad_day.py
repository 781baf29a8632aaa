"""The lobby on a bad day, and what a player is told when only Discord's answer failed: the
lobby's message follows the table whatever became of a click's answer (a lobby nobody could see
could be neither joined nor cancelled, and kept its channel); a change that was saved is never
answered with "please try again"."""

from __future__ import annotations

import asyncio

import discord

from bot.app import Deckhand
from bot.store import StoreError
from bot.tables import LOBBY, PLAYING
from tests.e2e.helpers import (
    board,
    boards,
    button,
    buttons,
    open_lobby,
    open_table,
    show_hand,
    text_of,
    world,
)

CALLBACK = "/interactions/*/*/callback"
SAVED = "That went through"


def lobbies(env, channel) -> list:
    """The bot's messages in the channel that offer a seat (a lobby still open to join)."""
    return [
        m
        for m in channel.history()
        if m.author.id == env.bot.user.id and any(b.get("label") == "Join" for b in buttons(m))
    ]


def told(result) -> str:
    return " ".join(
        [text_of(result.response) if result.response else ""] + [f.content for f in result.followups]
    )


async def test_a_lobby_whose_answer_failed_is_posted_in_the_channel_and_can_be_joined(simcord_env):
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    env.inject_error("POST", CALLBACK, status=500, times=1)
    result = await ann.slash(channel, "game new")
    await env.advance_time(10)
    # The command's one fault is Discord's refusal of its answer (it reached the error handler).
    assert ["injected" in str(getattr(e, "original", e)) for e in env.errors] == [True]
    table = env.bot.tables.in_channel(channel.id)
    assert table is not None and table.status == LOBBY
    assert SAVED in told(result) and "try again" not in told(result)
    shown = lobbies(env, channel)
    assert len(shown) == 1, "the lobby is open, so the channel must show it"
    await bob.click(shown[0], label="Join")
    assert table.seat_of(bob.id) is not None
    assert "bob" in text_of(lobbies(env, channel)[0])
    await ann.click(lobbies(env, channel)[0], label="Start")
    assert table.status == PLAYING and len(boards(channel)) == 1


async def test_a_lobby_opened_while_the_store_is_slow_is_answered_late_not_lost(simcord_env, monkeypatch):
    env = simcord_env
    _, channel, (ann,) = world(env, "ann")
    store = env.bot.store
    create = store.create_table

    async def slow_create(*args, **kwargs):
        await asyncio.sleep(3.5)  # past Discord's three seconds
        return await create(*args, **kwargs)

    monkeypatch.setattr(store, "create_table", slow_create)
    result = await ann.slash(channel, "game new")
    await env.advance_time(10)
    assert result.acknowledged
    table = env.bot.tables.in_channel(channel.id)
    assert table is not None and len(lobbies(env, channel)) == 1
    assert table.meta.get("lobby_msg") == lobbies(env, channel)[0].id
    # The late answer is the typist's own; the channel holds the lobby and nothing else.
    assert result.ephemeral and "posted in this channel" in told(result)
    assert [m.id for m in channel.history()] == [table.meta["lobby_msg"]]


async def test_a_lobby_refused_after_its_answer_was_deferred_is_told_only_to_the_one_who_asked(
    simcord_env, monkeypatch
):
    """A slow store makes the bot take Discord's deferral; the store then refuses. "Nothing changed"
    is for the one who typed the command: before, the deferral was public, and so was the apology."""
    env = simcord_env
    _, channel, (ann,) = world(env, "ann")

    async def slow_then_refused(*args, **kwargs):
        await asyncio.sleep(3.5)  # past Discord's three seconds
        raise StoreError("the disk is full")

    monkeypatch.setattr(env.bot.store, "create_table", slow_then_refused)
    result = await ann.slash(channel, "game new")
    await env.advance_time(10)
    callbacks = [r.json for r in env.backend.http_requests if r.path.endswith("/callback")]
    assert [c["type"] for c in callbacks] == [5], "the answer was deferred"
    assert result.ephemeral and "try again" in told(result)
    assert env.bot.tables.in_channel(channel.id) is None
    assert [m.content for m in channel.history()] == [], "nothing in the channel: nothing opened"


async def test_a_join_whose_answer_failed_shows_on_the_lobby_and_the_joiner_hears_it_went_through(
    simcord_env,
):
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    lobby = await open_lobby(env, channel, ann)
    env.inject_error("POST", CALLBACK, status=500, times=1)
    result = await bob.click(lobby, label="Join")
    await env.advance_time(10)
    table = env.bot.tables.in_channel(channel.id)
    assert table.seat_of(bob.id) is not None
    assert "bob" in text_of(lobbies(env, channel)[0]), "the lobby must show who is seated"
    assert SAVED in told(result) and "try again" not in told(result)


async def test_a_join_while_the_store_is_slow_is_answered_and_shown(simcord_env, monkeypatch):
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    lobby = await open_lobby(env, channel, ann)
    store = env.bot.store
    save = store.save_seats

    async def slow(*args, **kwargs):
        await asyncio.sleep(3.5)
        return await save(*args, **kwargs)

    monkeypatch.setattr(store, "save_seats", slow)
    result = await bob.click(lobby, label="Join")
    await env.advance_time(10)
    assert result.acknowledged
    assert env.bot.tables.in_channel(channel.id).seat_of(bob.id) is not None
    assert "bob" in text_of(lobbies(env, channel)[0])


async def test_a_start_whose_answer_failed_leaves_no_lobby_offering_seats(simcord_env):
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    lobby = await open_lobby(env, channel, ann, bob)
    env.inject_error("POST", CALLBACK, status=500, times=1)
    result = await ann.click(lobby, label="Start")
    await env.advance_time(10)
    table = env.bot.tables.in_channel(channel.id)
    assert table.status == PLAYING and len(boards(channel)) == 1
    assert lobbies(env, channel) == [], "the old lobby still offers Join and Start"
    assert SAVED in told(result)


async def test_a_card_laid_whose_answer_failed_is_not_answered_try_again(simcord_env):
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    table = await open_table(env, channel, ann, bob)
    hand = await show_hand(ann, channel)
    card, pile = table.state.playable(0)[0]
    chosen = await ann.click(hand, label=str(card))
    target = button(chosen.response, prefix=f"dh:act:{table.id}:", suffix=f":p{card}_{pile + 1}")
    env.inject_error("POST", CALLBACK, status=500, times=1)
    result = await ann.click(chosen.response, custom_id=target["custom_id"])
    await env.advance_time(5)
    assert table.version == 1 and card in table.state.piles
    assert str(card) in text_of(board(channel))
    assert SAVED in told(result) and "try again" not in told(result)


async def test_a_slash_start_whose_answer_failed_leaves_no_lobby_offering_seats(simcord_env):
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    await open_lobby(env, channel, ann, bob)
    env.inject_error("POST", CALLBACK, status=500, times=1)
    result = await ann.slash(channel, "game start")
    await env.advance_time(10)
    # The command's one fault is Discord's refusal of its answer (it reached the error handler).
    assert ["injected" in str(getattr(e, "original", e)) for e in env.errors] == [True]
    table = env.bot.tables.in_channel(channel.id)
    assert table.status == PLAYING and len(boards(channel)) == 1
    assert lobbies(env, channel) == []
    assert SAVED in told(result)


async def test_a_lobby_ended_by_its_host_whose_answer_failed_shows_closed(simcord_env):
    env = simcord_env
    _, channel, (ann,) = world(env, "ann")
    await open_lobby(env, channel, ann)
    asked = await ann.slash(channel, "game end")
    env.inject_error("POST", CALLBACK, status=500, times=1)
    result = await ann.click(asked.response, label="End it")
    await env.advance_time(10)
    assert env.bot.tables.in_channel(channel.id) is None
    assert lobbies(env, channel) == [], "the closed lobby still offers seats"
    assert SAVED in told(result)


async def test_a_lobby_never_posted_before_a_stop_is_posted_after_the_restart(simcord_env, settings):
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    env.inject_error("POST", CALLBACK, status=500, times=1)
    env.inject_error("POST", f"/channels/{channel.id}/messages", status=500, times=None)
    await ann.slash(channel, "game new")
    await env.advance_time(1)
    env.errors  # noqa: B018 - the command's fault is Discord's refusal, read here so it is not raised
    assert lobbies(env, channel) == []
    restarted = Deckhand(settings)
    await env.restart_bot(restarted)  # the bot stops before Discord is well again
    env.backend.faults.clear()
    try:
        await env.advance_time(30)
        shown = lobbies(env, channel)
        assert len(shown) == 1, "the open lobby must be shown after the restart"
        await bob.click(shown[0], label="Join")
        assert env.bot.tables.in_channel(channel.id).seat_of(bob.id) is not None
    finally:
        await env.settle()
        await restarted.store.close()


async def test_a_lobby_post_tried_again_carries_the_same_nonce_and_a_deleted_one_posted_anew_another(
    simcord_env,
):
    """The lobby posted in the channel (its command's answer failed) is posted once even if a try's
    answer was lost: every try carries the same enforced nonce (SimCord does not model the lost
    answer: this checks what is asked of Discord). Posted again because someone deleted it, it
    carries a new one."""
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    env.inject_error("POST", CALLBACK, status=500, times=1)
    env.inject_error("POST", f"/channels/{channel.id}/messages", status=500, times=1)
    await ann.slash(channel, "game new")
    await env.advance_time(30)
    env.errors.clear()
    path = f"/channels/{channel.id}/messages"
    posts = [r.json for r in env.backend.http_requests if r.method == "POST" and r.path == path]
    assert len(posts) == 2 and len(lobbies(env, channel)) == 1
    assert posts[0]["nonce"] == posts[1]["nonce"] and posts[0].get("enforce_nonce") is True
    table = env.bot.tables.in_channel(channel.id)
    # Had the first try gone through, Discord hands that lobby back as it was then: edited once more.
    requests = [(r.method, r.path) for r in env.backend.http_requests]
    second = max(i for i, r in enumerate(requests) if r == ("POST", path))
    assert ("PATCH", f"{path}/{table.meta['lobby_msg']}") in requests[second:]
    await env.bot.get_channel(channel.id).get_partial_message(table.meta["lobby_msg"]).delete()
    await bob.slash(channel, "game join")
    await env.advance_time(30)
    posts = [r.json for r in env.backend.http_requests if r.method == "POST" and r.path == path]
    assert len(posts) == 3 and len(lobbies(env, channel)) == 1
    assert posts[2]["nonce"] != posts[0]["nonce"] and posts[2].get("enforce_nonce") is True
    assert "bob" in text_of(lobbies(env, channel)[0])


async def test_a_leave_whose_answer_failed_is_still_announced_to_the_table(simcord_env):
    """The leave is saved and only Discord's answer to the click fails: the others are still told
    who left (the board alone shows a seat gone, not why), and the one who left hears it went
    through."""
    env = simcord_env
    _, channel, (ann, bob, cat) = world(env, "ann", "bob", "cat")
    table = await open_table(env, channel, ann, bob, cat)
    asked = await bob.slash(channel, "game leave")
    env.inject_error("POST", CALLBACK, status=500, times=1)
    result = await bob.click(asked.response, label="Leave the game")
    await env.advance_time(10)
    env.errors.clear()
    assert table.state.left[1], "the leave is saved"
    assert [m.content for m in channel.history() if "left the game" in m.content] == ["bob left the game."]
    assert SAVED in told(result)


async def test_a_lobby_opened_while_the_store_is_slow_and_the_deferral_fails_is_shown_once(
    simcord_env, monkeypatch
):
    """The store is slow, and Discord does not take the deferral either: the answer goes out past
    Discord's three seconds, or not at all. Whichever, the channel shows the lobby once, and it can
    be joined."""
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    store = env.bot.store
    create = store.create_table

    async def slow_create(*args, **kwargs):
        await asyncio.sleep(3.5)
        return await create(*args, **kwargs)

    async def no_deferral(self, *args, **kwargs):
        raise TimeoutError("Discord did not answer")

    monkeypatch.setattr(store, "create_table", slow_create)
    monkeypatch.setattr(discord.InteractionResponse, "defer", no_deferral)
    await ann.slash(channel, "game new")
    await env.advance_time(30)
    env.errors.clear()  # the late answer may be refused by Discord: its fault, handled
    table = env.bot.tables.in_channel(channel.id)
    assert table is not None and len(lobbies(env, channel)) == 1
    assert table.meta.get("lobby_msg") == lobbies(env, channel)[0].id
    await bob.click(lobbies(env, channel)[0], label="Join")
    assert table.seat_of(bob.id) is not None
