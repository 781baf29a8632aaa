"""The bad day through the real discord.py path: the answer to a click fails, board edits keep
failing, the last person leaves an AI table, the bot restarts with boards behind the log."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import discord
import pytest

from bot.app import Deckhand
from bot.tables import FINISHED, PLAYING
from bot.ui import thegame as thegame_ui
from tests.e2e.helpers import (
    board,
    boards,
    button,
    buttons,
    open_lobby,
    open_table,
    pile_tops,
    play_turn,
    reports,
    show_hand,
    text_of,
    the_board,
    title_of,
    turn_notices,
    world,
)

CALLBACK = "/interactions/*/*/callback"


def pile_line(message) -> list[str]:
    return [str(top) for top in pile_tops(message)]


def slow_store(env, monkeypatch, seconds: float = 2.5) -> None:
    """Every action the bot logs takes `seconds` more: a disk that stalls past Discord's 3-second
    deadline, nearly."""
    store = env.bot.store
    append = store.append_action

    async def slow_append(*args, **kwargs):
        await asyncio.sleep(seconds)
        return await append(*args, **kwargs)

    monkeypatch.setattr(store, "append_action", slow_append)


async def restart_posts_no_report_again(env, settings, channel, restarted: Deckhand) -> None:
    """Another restart after the one that posted the channel's one final report posts nothing twice;
    then both restarted bots' stores are closed."""
    again = Deckhand(settings)
    await env.restart_bot(again)
    await env.advance_time(5)
    assert len(reports(channel)) == 1
    await env.settle()
    await restarted.store.close()
    await again.store.close()


def answer_late(monkeypatch, seconds: float = 2.5) -> None:
    """Discord takes every answer to a click `seconds` late (it allows 3)."""
    edit = discord.InteractionResponse.edit_message

    async def slow_edit(self, **kwargs):
        await asyncio.sleep(seconds)
        return await edit(self, **kwargs)

    monkeypatch.setattr(discord.InteractionResponse, "edit_message", slow_edit)


async def lay_minimum(member, channel, table):
    """Lay the seat's minimum by clicking; returns the last hand shown."""
    state = table.state
    hand = await show_hand(member, channel)
    seat = table.seat_of(member.id)
    while state.played < state.min_cards:
        card, pile = state.playable(seat)[0]
        chosen = await member.click(hand, label=str(card))
        target = button(chosen.response, prefix=f"dh:act:{table.id}:", suffix=f":p{card}_{pile + 1}")
        result = await member.click(chosen.response, custom_id=target["custom_id"])
        assert result.acknowledged
        hand = result.response
    return hand


async def choose_first_play(member: Any, hand: Any, table: Any) -> tuple[Any, dict]:
    """Click the first playable card of seat 0's hand; return that click and the button that plays
    it on its first pile."""
    card, pile = table.state.playable(0)[0]
    chosen = await member.click(hand, label=str(card))
    target = button(chosen.response, prefix=f"dh:act:{table.id}:", suffix=f":p{card}_{pile + 1}")
    return chosen, target


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


async def test_a_slow_answer_to_a_click_does_not_hold_the_board_or_the_ai_seats_up(simcord_env, monkeypatch):
    """The board and the AI seats follow the answer to a play, but wait for it half a second at
    most: while Discord takes 2.5 s to take the answer to End turn, the AI seat plays its turn and
    the channel shows it (SimCord's clock runs through the wait as the click settles)."""
    env = simcord_env
    _, channel, (ann,) = world(env, "ann")
    table = await open_table(env, channel, ann, ai=1)
    hand = await lay_minimum(ann, channel, table)
    turn = table.state.turn
    answer_late(monkeypatch)
    before = len(env.backend.http_requests)
    clicked = await ann.click(hand, label="End turn")
    await env.settle()
    assert clicked.acknowledged
    state = table.state
    assert state.turn >= turn + 2 and table.status == PLAYING, "the AI seat played its turn"
    assert state.current == 0
    assert pile_line(board(channel)) == [str(p) for p in state.piles]
    assert len(turn_notices(channel)) == 1
    requests = env.backend.http_requests[before:]
    answer = next(i for i, r in enumerate(requests) if r.method == "POST" and r.path.endswith("/callback"))
    shown = next(i for i, r in enumerate(requests) if r.method == "POST" and r.path.endswith("/messages"))
    assert "it is your turn" in requests[shown].json["content"]
    assert shown < answer, "the AI seat moved and the turn notice went out before the slow answer"
    # The late answer showed the hand as it was after End turn: it is drawn again as it is now.
    token = requests[answer].path.split("/")[3]
    last = [r for r in requests if token in r.path][-1]
    assert last.method == "PATCH" and last.path.endswith("/messages/@original")
    assert "Your turn" in json.dumps(last.json), "ann's open hand says it is her turn again"


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
    assert not buttons(board(channel)), "the final board has no buttons"


async def test_board_edits_failing_many_times_in_a_row_end_true(simcord_env):
    """The last action of a while: the board catches up however long Discord fails."""
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    table = await open_table(env, channel, ann, bob)
    env.inject_error("PATCH", f"/channels/{channel.id}/messages/*", status=500, times=12)
    hand = await show_hand(ann, channel)
    chosen, target = await choose_first_play(ann, hand, table)
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
    chosen, target = await choose_first_play(ann, hand, table)
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


async def test_a_button_of_another_channels_table_does_nothing_here(simcord_env):
    env = simcord_env
    guild, channel, (ann, bob) = world(env, "ann", "bob")
    table = await open_table(env, channel, ann, bob)
    other = guild.create_text_channel("elsewhere")
    hand = await show_hand(ann, channel)
    # The same button, pressed on a message in another channel (a forged or relayed click).
    from simcord.results import to_discord_message

    raw = env.backend.create_message(
        other.id,
        env.bot.user.id,
        "a relayed hand",
        components=[{"type": 1, "components": buttons(hand)[:1]}],
    )
    relayed = to_discord_message(env, raw)
    before = table.version
    result = await ann.click(relayed, custom_id=buttons(hand)[0]["custom_id"])
    assert result.ephemeral and "another channel" in result.response.content
    assert table.version == before
    assert [m.content for m in other.history()] == ["a relayed hand"], "no hand was written there"


async def test_a_name_that_looks_like_a_mention_pings_nobody(simcord_env):
    env = simcord_env
    guild, channel, (bob, victim) = world(env, "bob", "victim")
    ann = guild.add_member(env.create_user("ann"), nick=f"<@{victim.id}>")
    table = await open_table(env, channel, ann, bob)
    asked = await ann.slash(channel, "game leave")
    await ann.click(asked.response, label="Leave the game")
    left = [m for m in channel.history() if "left the game" in m.content]
    assert left and f"<@{victim.id}>" in left[0].content
    stored = env.backend.messages[channel.id][left[0].id]
    assert stored.ping_user_ids == [], "the text names someone, but nobody is pinged"
    # The turn notices ping the player on turn, and only them.
    for notice in turn_notices(channel):
        pinged = env.backend.messages[channel.id][notice.id].ping_user_ids
        assert pinged == [table.seats[table.state.current].user_id]
    assert table.status == PLAYING


async def test_in_skip_bo_junior_a_player_off_turn_hears_whose_turn_it_is_not_a_stale_board(simcord_env):
    from bot.ai import skipbo_junior as sb_ai
    from tests.e2e.helpers import open_lobby, sb_button_for, the_board

    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    lobby = await open_lobby(env, channel, ann, bob, game="skip-bo-junior")
    await ann.click(lobby, label="Start")
    table = env.bot.tables.in_channel(channel.id)
    board_before = the_board(channel, "Skip-Bo Junior: turn")
    seat = table.state.current
    on_turn, off_turn = (ann, bob) if table.seats[seat].user_id == ann.id else (bob, ann)
    custom_id = sb_button_for(table, sb_ai.next_action(table.state, seat))
    await on_turn.click(board_before, custom_id=custom_id)
    # The other player's press of the same board arrives just after: Discord delivers a click on
    # the board as it was (version 0), so the old buttons are what it carries.
    from simcord.results import to_discord_message

    old_rows = [{"type": 1, "components": [b for b in buttons(board_before) if b["custom_id"] == custom_id]}]
    raw = env.backend.create_message(channel.id, env.bot.user.id, "", components=old_rows)
    result = await off_turn.click(to_discord_message(env, raw), custom_id=custom_id)
    off_seat = next(i for i, s in enumerate(table.seats) if s.user_id == off_turn.id)
    if table.state.current == off_seat:
        # The first play passed the turn to them: the old board is redrawn as it is now, and the
        # note promises no hand (this game has none).
        note = result.followups[0].content
        assert "Here is the board now" in note and "hand" not in note
    else:
        assert result.ephemeral
        assert "turn, not yours" in result.response.content
        assert "hand" not in result.response.content


async def test_a_stop_between_the_deciding_action_and_its_report_posts_the_report_after_the_restart(
    simcord_env, settings
):
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    table = await open_table(env, channel, ann, bob)
    # The deciding action is in the log, but the process stopped before the table was closed.
    await env.bot.store.append_action(
        table.id, table.version, {"type": "abandon"}, ann.id, "2026-01-01T00:00:00+00:00"
    )
    restarted = Deckhand(settings)
    await env.restart_bot(restarted)
    await env.advance_time(5)
    assert env.bot.tables.in_channel(channel.id) is None, "the table is closed"
    assert len(reports(channel)) == 1
    assert not buttons(board(channel)), "the old board no longer offers the game"
    await restart_posts_no_report_again(env, settings, channel, restarted)


async def test_a_report_that_could_not_be_posted_before_a_stop_is_posted_after_it(simcord_env, settings):
    env = simcord_env
    _, channel, (ann,) = world(env, "ann")
    table = await open_table(env, channel, ann)
    env.inject_error("POST", f"/channels/{channel.id}/messages", status=500, times=None)
    asked = await ann.slash(channel, "game end")
    await ann.click(asked.response, label="End it")
    assert table.status == FINISHED and reports(channel) == []
    # The process stops while Discord still fails; the next one posts the report once it can.
    restarted = Deckhand(settings)
    await env.restart_bot(restarted)
    env.backend.faults.clear()
    await env.advance_time(120)
    assert len(reports(channel)) == 1
    await env.settle()
    await restarted.store.close()


async def test_a_slow_store_defers_the_answer_and_the_hand_is_redrawn_when_the_play_is_saved(
    simcord_env, monkeypatch
):
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    table = await open_table(env, channel, ann, bob)
    hand = await show_hand(ann, channel)
    chosen, target = await choose_first_play(ann, hand, table)
    slow_store(env, monkeypatch)
    clicked = await ann.click(chosen.response, custom_id=target["custom_id"])
    await env.advance_time(3)
    assert table.version == 1, "the play was saved"
    calls = [(r.method, r.path) for r in env.backend.http_requests]
    callbacks = [r.json for r in env.backend.http_requests if r.path.endswith("/callback")]
    assert callbacks[-1]["type"] == 6, "the click was answered in time with a deferred update"
    assert any(m == "PATCH" and p.endswith("/messages/@original") for m, p in calls), "then the hand redrawn"
    assert clicked is not None


async def test_a_failed_result_write_frees_the_channel_and_the_result_is_written_later(simcord_env):
    env = simcord_env
    _, channel, (ann,) = world(env, "ann")
    table = await open_table(env, channel, ann)
    store = env.bot.store
    await store._write(
        [
            (
                "CREATE TRIGGER no_results BEFORE INSERT ON results "
                "BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END",
                (),
            )
        ]
    )
    asked = await ann.slash(channel, "game end")
    await ann.click(asked.response, label="End it")
    assert table.status == FINISHED
    # The channel is free at once: a new game opens here.
    again = await ann.slash(channel, "game new")
    assert again.response is not None and not again.response.ephemeral
    stored = await store.load_table(table.id)
    assert stored.row["status"] == "finished" and stored.row["meta"].get("result_pending")
    # Once the disk is back, the result is written from the finished game, once.
    await store._write([("DROP TRIGGER no_results", ())])
    await env.advance_time(20)
    async with store.db.execute("SELECT COUNT(*) FROM results WHERE table_id = ?", (table.id,)) as cur:
        assert (await cur.fetchone())[0] == 1
    stored = await store.load_table(table.id)
    assert not stored.row["meta"].get("result_pending")
    await env.advance_time(20)
    async with store.db.execute("SELECT games FROM guild_totals") as cur:
        assert [r[0] for r in await cur.fetchall()] == [1]


async def test_a_failed_write_of_an_ai_move_does_not_stall_the_game(simcord_env, monkeypatch):
    """The store refuses the AI seat's move once: the AI tries again and the game goes on."""
    from bot.store import StoreError

    env = simcord_env
    _, channel, (ann,) = world(env, "ann")
    table = await open_table(env, channel, ann, ai=1)
    store = env.bot.store
    append = store.append_action
    failures = {"left": 1}

    async def failing_once_for_the_ai(table_id, seq, action, user_id, at, **fields):
        if user_id is None and failures["left"]:
            failures["left"] -= 1
            raise StoreError("disk I/O error")
        return await append(table_id, seq, action, user_id, at, **fields)

    monkeypatch.setattr(store, "append_action", failing_once_for_the_ai)
    hand = await lay_minimum(ann, channel, table)
    turn = table.state.turn
    await ann.click(hand, label="End turn")
    for _ in range(5):
        await env.advance_time(30)
    assert failures["left"] == 0, "the fault was hit"
    assert table.status != PLAYING or (table.state.turn > turn and table.state.current == 0), (
        "the AI seat played its turn after the failed write"
    )


async def test_a_board_edit_discord_refuses_for_good_does_not_stop_the_turn_notices(simcord_env):
    """A 400 (Discord will never take that edit: a form it finds invalid) is not a fault to wait
    out: the turn still passes, the next player is pinged and the board is posted afresh."""
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    table = await open_table(env, channel, ann, bob)
    first_board = board(channel)
    env.inject_error(
        "PATCH",
        f"/channels/{channel.id}/messages/{first_board.id}",
        status=400,
        code=50035,
        message="Invalid Form Body (injected by test)",
        times=None,
    )
    hand = await show_hand(ann, channel)
    for _ in range(table.state.min_cards):
        chosen, target = await choose_first_play(ann, hand, table)
        hand = (await ann.click(chosen.response, custom_id=target["custom_id"])).response
    await ann.click(hand, label="End turn")
    await env.advance_time(10)
    await env.settle()
    assert table.state.current == 1
    notices = turn_notices(channel)
    assert len(notices) == 1 and notices[0].content.startswith(f"<@{bob.id}>"), "bob is told it is his turn"
    assert pile_line(board(channel)) == [str(p) for p in table.state.piles], "a current board is shown"


async def test_a_slow_answer_on_the_board_is_followed_by_the_board_as_it_is_now(simcord_env, monkeypatch):
    """Skip-Bo Junior's board carries the buttons and answers the click itself. When that answer
    arrives late, after the AI seat has moved and the presenter has drawn the board anew, the late
    answer (the board just after the click) is not left standing: the board is drawn again."""
    env = simcord_env
    _, channel, (ann,) = world(env, "ann")
    lobby = await open_lobby(env, channel, ann, game="skip-bo-junior", may_stop=True)
    await ann.click(lobby, label="Add AI seat: normal")
    await ann.click(lobby, label="Start")
    await env.settle()
    table = env.bot.tables.in_channel(channel.id)
    assert table.status == PLAYING and not table.seats[table.state.current].ai
    turn = table.state.turn
    answer_late(monkeypatch)
    board_now = the_board(channel, "Skip-Bo Junior: turn")
    await ann.click(board_now, label="End my turn")
    await env.settle()
    assert table.state.turn >= turn + 2, "the AI seat played its turn while the answer was on its way"
    shown = the_board(channel, "Skip-Bo Junior: turn")
    assert shown.id == board_now.id
    assert title_of(shown) == f"Skip-Bo Junior: turn {table.state.turn}", "the board shows the turn it is now"


async def test_a_signal_lands_while_the_answer_to_a_play_is_on_its_way(simcord_env, monkeypatch):
    """Ann plays a card; while its answer is on its way (0.3 s, under the half-second fallback), Bob's
    pile signal is accepted. Both are on the board, and the hand Ann was answered with, drawn before
    Bob's signal, is drawn again at the end. Nobody hears an apology. (SimCord runs one member's
    operation at a time, so Bob's click is taken by the table service, as the cog would.)"""
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    table = await open_table(env, channel, ann, bob)
    hand = await show_hand(ann, channel)
    chosen, target = await choose_first_play(ann, hand, table)
    version = table.version
    edit = discord.InteractionResponse.edit_message

    async def bob_signals_meanwhile(self, **kwargs):
        signal = {"type": "signal", "pile": 3, "signal": "dont_play"}
        await env.bot.tables.act(table.id, bob.id, signal, None)
        await asyncio.sleep(0.3)
        return await edit(self, **kwargs)

    monkeypatch.setattr(discord.InteractionResponse, "edit_message", bob_signals_meanwhile)
    before = len(env.backend.http_requests)
    played = await ann.click(chosen.response, custom_id=target["custom_id"])
    await env.settle()
    assert played.acknowledged
    assert table.version == version + 2, "both were accepted"
    shown = board(channel)
    assert pile_line(shown) == [str(p) for p in table.state.piles]
    assert "Pile 3 · bob: please don't play here" in text_of(shown)
    requests = env.backend.http_requests[before:]
    assert not any("Sorry" in json.dumps(r.json) for r in requests if r.json)
    answer = next(r for r in requests if r.path.endswith("/callback"))
    token = answer.path.split("/")[3]
    last = [r for r in requests if token in r.path][-1]
    assert last.method == "PATCH" and last.path.endswith("/messages/@original"), "ann's hand drawn again"


async def test_a_slow_store_and_a_failed_deferral_still_save_the_play_and_answer_the_click(
    simcord_env, monkeypatch
):
    """The bad day twice over: the store stalls past the deadline and Discord fails the deferral.
    The play is still saved, and the click still gets its answer (the hand, redrawn)."""
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    table = await open_table(env, channel, ann, bob)
    hand = await show_hand(ann, channel)
    chosen, target = await choose_first_play(ann, hand, table)
    slow_store(env, monkeypatch)

    deferrals = []

    async def failed_defer(self, *args, **kwargs):
        deferrals.append(self)
        raise TimeoutError("Discord did not take the deferral")

    monkeypatch.setattr(discord.InteractionResponse, "defer", failed_defer)
    await ann.click(chosen.response, custom_id=target["custom_id"])
    await env.advance_time(3)
    assert deferrals, "the store was slow enough for the bot to try deferring"
    assert table.version == 1, "the play was saved"
    callbacks = [r.json for r in env.backend.http_requests if r.path.endswith("/callback")]
    assert callbacks and callbacks[-1]["type"] == 7, "the click answered with the hand, redrawn"


async def test_a_restart_while_the_final_reports_chart_is_drawn_posts_the_report_once_with_it(
    simcord_env, settings, monkeypatch
):
    """The process stops while the chart of a game's final report is being drawn (the report is not
    out yet): the next start posts that report once, with its chart, and a start after it posts
    nothing again."""
    env = simcord_env
    _, channel, (ann,) = world(env, "ann")
    await open_table(env, channel, ann)
    drawn = []
    real = thegame_ui.draw

    async def slow_then_real(*args):
        drawn.append(len(drawn))
        if len(drawn) == 1:
            await asyncio.sleep(3600)  # still drawing when the process stops
        return await real(*args)

    monkeypatch.setattr(thegame_ui, "draw", slow_then_real)
    asked = await ann.slash(channel, "game end")
    await ann.click(asked.response, label="End it")
    await env.settle()
    assert drawn == [0] and reports(channel) == []
    restarted = Deckhand(settings)
    await env.restart_bot(restarted)
    await env.advance_time(5)
    (report,) = reports(channel)
    assert report.attachments and report.attachments[0].filename == "piles.png"
    await restart_posts_no_report_again(env, settings, channel, restarted)


def absent_choices(channel) -> list:
    return [m for m in channel.history() if "turn timer has run out" in m.content]


def reminders(channel) -> list:
    return [m for m in channel.history() if "half of your turn time is gone" in m.content]


async def bob_is_away(env, channel, ann, bob):
    """ann plays her turn; then it is bob's, and bob does not come."""
    table = await open_table(env, channel, ann, bob)
    await play_turn(ann, channel, table, 0)
    assert table.state.current == 1
    return table


async def test_a_failed_post_of_the_absent_seats_choice_is_posted_again(simcord_env):
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    table = await bob_is_away(env, channel, ann, bob)
    await env.advance_time(9 * 60 + 50)
    assert not absent_choices(channel)
    env.inject_error("POST", f"/channels/{channel.id}/messages", status=500, times=2)
    await env.advance_time(60)  # the timer runs out; Discord fails the first two posts
    assert len(absent_choices(channel)) == 1, "the host must be offered a way on, or the game waits for ever"
    await env.advance_time(5 * 60)
    choices = absent_choices(channel)
    assert len(choices) == 1  # posted once
    await ann.click(choices[0], label="Hand seat to AI")
    assert table.seats[1].ai
    assert table.state.current == 0 or table.state.is_over  # the AI seat played bob's turn


@pytest.mark.parametrize("then", ["bob comes back", "the game is ended"])
async def test_the_absent_seats_choice_goes_once_there_is_nothing_left_to_choose(simcord_env, then):
    """The host is asked what to do with bob's seat; nobody chooses, and bob comes back and plays
    (or the game is ended). The question, with its live buttons, is gone from the channel: it no
    longer asks anything (before, it stayed there for good)."""
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    table = await bob_is_away(env, channel, ann, bob)
    await env.advance_time(10 * 60 + 20)
    assert len(absent_choices(channel)) == 1
    if then == "bob comes back":
        await play_turn(bob, channel, table, 1)
    else:
        asked = await ann.slash(channel, "game end")
        await ann.click(asked.response, label="End it")
    await env.advance_time(10)
    assert absent_choices(channel) == []
    assert not [m for m in channel.history() if any(b.get("label") == "Hand seat to AI" for b in buttons(m))]


async def test_an_absent_seats_choice_that_was_made_stays_as_the_record_of_it(simcord_env):
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    table = await bob_is_away(env, channel, ann, bob)
    await env.advance_time(10 * 60 + 20)
    await ann.click(absent_choices(channel)[0], label="Hand seat to AI")
    await env.advance_time(30)
    assert table.state.current == 0 or table.state.is_over
    said = [m for m in channel.history() if m.content == "The absent seat was handed to an AI seat."]
    assert len(said) == 1 and buttons(said[0]) == []


async def test_an_absent_choice_made_while_its_post_is_retried_stays_as_the_record(simcord_env, monkeypatch):
    """The absent question goes through, its answer lost; Discord fails for 30 s. Ann sees the
    question and hands bob's seat to the AI meanwhile. The presenter's retry gets the same message
    back for the nonce (the answered one) and notes it as absent_msg; the AI's move ends the turn,
    and _drop_absent deletes the record of ann's choice."""
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    table = await bob_is_away(env, channel, ann, bob)
    await env.advance_time(9 * 60 + 50)
    lost = lose_the_answer_of_the_next_post(monkeypatch, env, channel, "turn timer has run out", 30)
    for _ in range(60):
        await env.advance_time(1)
        if lost:
            break
    assert len(lost) == 1 and len(absent_choices(channel)) == 1
    assert table.meta.get("absent_msg") != lost[0].id, "the presenter is still retrying"
    await ann.click(absent_choices(channel)[0], label="Hand seat to AI")
    assert table.seats[1].ai
    await env.advance_time(120)
    assert table.state.current == 0 or table.state.is_over
    said = [m for m in channel.history() if m.content == "The absent seat was handed to an AI seat."]
    assert len(said) == 1, "the record of ann's choice was deleted"


async def test_a_removed_seats_record_stays_when_the_presenter_runs_during_the_clicks_write(
    simcord_env, monkeypatch
):
    """Ann removes bob's seat; while the action's write is on its way (the state in memory already
    on ann's turn) the table's presenter runs (bob asked for /game board a moment before). It sees
    the new turn and deletes absent_msg, which the click has not cleared yet: the question ann
    answered is gone, and the click's own edit of it fails."""
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    table = await bob_is_away(env, channel, ann, bob)
    await env.advance_time(10 * 60 + 20)
    (question,) = absent_choices(channel)
    cog = env.bot.get_cog("Tables")
    store = env.bot.store
    original = store.append_action

    async def slow(*args, **kwargs):
        cog.present(table)  # the presenter, running meanwhile
        await asyncio.sleep(1)
        return await original(*args, **kwargs)

    monkeypatch.setattr(store, "append_action", slow)
    await ann.click(question, label="Remove seat")
    monkeypatch.undo()
    await env.advance_time(30)
    said = [m for m in channel.history() if m.content.startswith("The absent seat was removed")]
    assert len(said) == 1, "the record of ann's choice was deleted"


async def test_the_absent_seats_choice_lost_before_a_stop_is_posted_after_the_restart(simcord_env, settings):
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    table = await bob_is_away(env, channel, ann, bob)
    await env.advance_time(9 * 60 + 50)
    env.inject_error("POST", f"/channels/{channel.id}/messages", status=500, times=None)
    await env.advance_time(30)  # the tick that finds the timer run out; its posts fail
    assert table.meta["expired"] and not absent_choices(channel)
    restarted = Deckhand(settings)
    await env.restart_bot(restarted)  # the bot stops before Discord is well again
    env.backend.faults.clear()
    try:
        await env.advance_time(30)
        choices = absent_choices(channel)
        assert len(choices) == 1
        await ann.click(choices[0], label="Remove seat")
        table = env.bot.tables.in_channel(channel.id)
        assert table.state.left[1] or table.state.is_over
    finally:
        await env.settle()
        await restarted.store.close()


async def test_a_failed_reminder_is_posted_again_so_the_player_still_has_a_notice(simcord_env):
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    await bob_is_away(env, channel, ann, bob)
    await env.advance_time(4 * 60 + 50)
    assert len(turn_notices(channel)) == 1
    env.inject_error("POST", f"/channels/{channel.id}/messages", status=500, times=1)
    await env.advance_time(60)
    found = reminders(channel)
    assert len(found) == 1 and f"<@{bob.id}>" in found[0].content
    assert turn_notices(channel) == []  # the reminder stands in for the turn notice


@pytest.mark.parametrize("which", ["reminder", "absent choice"])
async def test_a_timer_notice_whose_answer_was_lost_is_not_posted_twice_after_a_long_outage(
    simcord_env, monkeypatch, which
):
    """Bob is away. His half-time reminder (or, at the end, the host's choice about his seat) goes
    through with its answer lost, and Discord fails for five minutes, so it forgets the nonce: one
    reminder (or one choice) in the channel, not two."""
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    if which == "reminder":
        # A 20-minute turn: the outage ends well before the timer runs out.
        table = await open_table(env, channel, ann, bob, turn_timer=20)
        await play_turn(ann, channel, table, 0)
        await env.advance_time(9 * 60 + 50)
        lost = lose_the_answer_of_the_next_post(monkeypatch, env, channel, "half of your turn time", 300)
        await env.advance_time(300 + 60)
        shown = reminders(channel)
    else:
        await bob_is_away(env, channel, ann, bob)
        await env.advance_time(9 * 60 + 50)
        lost = lose_the_answer_of_the_next_post(monkeypatch, env, channel, "Hand seat to AI", 300)
        await env.advance_time(300 + 60)
        shown = absent_choices(channel)
    assert len(lost) == 1
    assert [m.id for m in shown] == [lost[0].id], "one notice: the one whose answer was lost"


@pytest.mark.parametrize("status", [500, 429])
async def test_a_turn_notice_whose_delete_failed_is_deleted_later_not_left_to_pile_up(simcord_env, status):
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    table = await open_table(env, channel, ann, bob)
    hand = await lay_minimum(ann, channel, table)
    env.inject_error("DELETE", f"/channels/{channel.id}/messages/*", status=status, times=1)
    await ann.click(hand, label="End turn")
    await env.advance_time(60)
    notices = turn_notices(channel)
    assert len(notices) == 1 and f"<@{bob.id}>" in notices[0].content
    assert not table.meta.get("stale_msgs")


@pytest.mark.parametrize("status", [500, 429])
async def test_a_board_posted_anew_whose_old_one_could_not_be_deleted_leaves_one_board(simcord_env, status):
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    await open_table(env, channel, ann, bob)
    env.inject_error("DELETE", f"/channels/{channel.id}/messages/*", status=status, times=1)
    await ann.slash(channel, "game board")
    await env.advance_time(60)
    assert len(boards(channel)) == 1


async def test_messages_left_undeleted_before_a_stop_are_deleted_after_the_restart(simcord_env, settings):
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    table = await open_table(env, channel, ann, bob)
    hand = await lay_minimum(ann, channel, table)
    env.inject_error("DELETE", f"/channels/{channel.id}/messages/*", status=500, times=None)
    await ann.click(hand, label="End turn")
    assert len(turn_notices(channel)) == 2 and table.meta.get("stale_msgs")
    restarted = Deckhand(settings)
    await env.restart_bot(restarted)  # before Discord is well again
    env.backend.faults.clear()
    try:
        await env.advance_time(60)
        assert len(turn_notices(channel)) == 1
    finally:
        await env.settle()
        await restarted.store.close()


@pytest.mark.parametrize("posts_fail", [False, True], ids=["report posted", "report kept back"])
async def test_a_finished_games_messages_left_undeleted_before_a_stop_are_deleted_after_the_restart(
    simcord_env, settings, posts_fail
):
    """The game ends during an outage that refuses deletes (and posts too, so that the final report
    waits for the restart); the bot gives up its tries and stops, and starts once Discord is well:
    the last turn's notice ("your turn") and a board posted before the last one must not stay in
    the channel for good. (Only the open tables' leftovers were swept after a restart.)"""
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    table = await open_table(env, channel, ann, bob)
    hand = await lay_minimum(ann, channel, table)
    await ann.click(hand, label="End turn")
    assert len(turn_notices(channel)) == 1
    env.inject_error("DELETE", f"/channels/{channel.id}/messages/*", status=500, times=None)
    await ann.slash(channel, "game board")  # posted anew: the old board stays too
    await env.advance_time(5)
    assert len(boards(channel)) == 2
    if posts_fail:
        env.inject_error("POST", f"/channels/{channel.id}/messages", status=500, times=None)
    asked = await ann.slash(channel, "game end")
    await ann.click(asked.response, label="End it")
    await env.advance_time(6 * 60)  # the stopping bot's sweeper has spent its tries
    assert table.status == FINISHED and table.meta.get("stale_msgs")
    assert len(turn_notices(channel)) == 1 and len(boards(channel)) == 2
    assert bool(table.meta.get("reported")) is not posts_fail
    env.backend.faults.clear()
    restarted = Deckhand(settings)
    await env.restart_bot(restarted)
    try:
        await env.advance_time(60)
        assert turn_notices(channel) == [], "the finished game's turn notice is gone"
        assert len(boards(channel)) == 1, "and so is the board posted before the last one"
        assert len(reports(channel)) == 1
    finally:
        await env.settle()
        await restarted.store.close()


async def test_a_notice_owed_while_no_presenter_runs_is_posted_by_the_next_tick(simcord_env):
    """However a notice came to be owed with nothing on its way to post it (a refused write put
    it back after the presenter had finished), the ticker has it posted."""
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    table = await bob_is_away(env, channel, ann, bob)
    await env.settle()
    await env.bot.tables.meta_update(table, expired=True, reminded=True, notice_due="timeout")
    assert not absent_choices(channel)
    await env.advance_time(20)
    assert len(absent_choices(channel)) == 1
    assert table.meta.get("notice_due") is None


async def test_a_turn_notice_tried_again_carries_the_same_nonce_so_discord_posts_it_once(simcord_env):
    """A post can go through with its answer lost; tried again with the same enforced nonce,
    Discord returns the first message instead of posting a second ping (SimCord does not model the
    lost answer: this checks what is asked of Discord)."""
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    table = await open_table(env, channel, ann, bob)
    hand = await lay_minimum(ann, channel, table)
    env.backend.http_requests.clear()
    env.inject_error("POST", f"/channels/{channel.id}/messages", status=500, times=1)
    await ann.click(hand, label="End turn")
    await env.advance_time(10)
    posts = [
        r.json
        for r in env.backend.http_requests
        if r.method == "POST" and r.path == f"/channels/{channel.id}/messages" and "<@" in str(r.json)
    ]
    assert len(posts) == 2 and len(turn_notices(channel)) == 1
    assert posts[0]["nonce"] == posts[1]["nonce"] and posts[0].get("enforce_nonce") is True
    await play_turn(bob, channel, table, 1)  # the next turn's notice has a nonce of its own
    later = [r.json for r in env.backend.http_requests if r.method == "POST" and "<@" in str(r.json)]
    assert later[-1]["nonce"] != posts[0]["nonce"]


async def test_a_play_refused_by_the_disk_after_its_answer_was_drawn_shows_nothing_of_it(
    simcord_env, monkeypatch
):
    """The player's new hand is drawn while their play is being written; then the disk refuses the
    write. They hear that nothing changed, and nothing of the play shows: not in their answer, not
    on the board. The same button plays the card once the disk is back."""
    from bot.store import StoreError

    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    table = await open_table(env, channel, ann, bob)
    store = env.bot.store
    append = store.append_action
    refused = []

    def refused_once_on_its_way(table_id, seq, action, user_id, at, **fields):
        if refused:
            return append(table_id, seq, action, user_id, at, **fields)
        loop = asyncio.get_running_loop()
        outcome = loop.create_future()
        # The refusal comes two turns of the loop later: after the answer was drawn.
        loop.call_soon(loop.call_soon, outcome.set_exception, StoreError("disk I/O error"))
        refused.append(seq)
        return outcome

    monkeypatch.setattr(store, "append_action", refused_once_on_its_way)
    before = (table.version, list(table.state.piles), list(table.state.hands[0]))
    tops = pile_tops(board(channel))
    hand = await show_hand(ann, channel)
    card, pile = table.state.playable(0)[0]
    chosen = await ann.click(hand, label=str(card))
    target = button(chosen.response, prefix=f"dh:act:{table.id}:", suffix=f":p{card}_{pile + 1}")
    result = await ann.click(chosen.response, custom_id=target["custom_id"])
    await env.settle()
    assert refused == [0], "the write was refused"
    assert result.ephemeral and "could not save that, so nothing changed" in result.response.content
    assert (table.version, list(table.state.piles), list(table.state.hands[0])) == before
    assert pile_tops(board(channel)) == tops
    again = await ann.click(chosen.response, custom_id=target["custom_id"])
    await env.settle()
    assert table.version == 1 and table.state.piles[pile] == card
    assert card not in [int(b["label"]) for b in buttons(again.response) if b["label"].isdigit()]
    assert pile_tops(board(channel))[pile] == card


def posts_to(env, channel, marker: str) -> list[dict]:
    """The bodies of the bot's posts in the channel whose text holds `marker`, in order."""
    path = f"/channels/{channel.id}/messages"
    return [
        r.json
        for r in env.backend.http_requests
        if r.method == "POST" and r.path == path and marker in str(r.json)
    ]


async def test_a_board_post_tried_again_carries_the_same_nonce_and_a_board_posted_anew_another(simcord_env):
    """A board's post can go through with its answer lost; tried again with the same enforced
    nonce, Discord hands back that board rather than post a second one with live buttons (SimCord
    does not model the lost answer: this checks what is asked of Discord). A board posted because
    someone deleted the last one replaces another message, so it must not carry that one's nonce,
    or Discord would hand back the deleted board."""
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    lobby = await open_lobby(env, channel, ann, bob)
    env.backend.http_requests.clear()
    env.inject_error("POST", f"/channels/{channel.id}/messages", status=500, times=1)
    await ann.click(lobby, label="Start")
    await env.advance_time(10)
    table = env.bot.tables.in_channel(channel.id)
    first = posts_to(env, channel, "The Game: turn")
    assert len(first) == 2 and len(boards(channel)) == 1, "the board's post failed once, then went through"
    assert first[0]["nonce"] == first[1]["nonce"] and first[0].get("enforce_nonce") is True
    # Had the first try gone through, Discord hands back that board as it was then: so the board
    # posted on a second try is edited once more, to the table as it is now.
    board_id = table.meta["board_msg"]
    requests = [(r.method, r.path, str(r.json)) for r in env.backend.http_requests]
    second = max(i for i, r in enumerate(requests) if r[0] == "POST" and "The Game: turn" in r[2])
    assert ("PATCH", f"/channels/{channel.id}/messages/{board_id}") in [r[:2] for r in requests[second:]]
    assert table.meta["board_version"] == table.version
    await env.bot.get_channel(channel.id).get_partial_message(table.meta["board_msg"]).delete()
    env.bot.get_cog("Tables").present(table)
    await env.advance_time(10)
    again = posts_to(env, channel, "The Game: turn")
    assert len(again) == 3 and len(boards(channel)) == 1
    assert again[2]["nonce"] != first[0]["nonce"] and again[2].get("enforce_nonce") is True


async def test_a_board_whose_post_failed_before_a_stop_is_edited_once_more_after_the_restart(
    simcord_env, settings
):
    """The board's post fails (its answer lost, as far as the bot knows) and the bot stops before
    it tries again. After the restart the same nonce goes out, so Discord may hand back the first
    try's board as it was then: the restarted bot must know the post was tried, and edit it."""
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    lobby = await open_lobby(env, channel, ann, bob)
    env.inject_error("POST", f"/channels/{channel.id}/messages", status=500, times=None)
    await ann.click(lobby, label="Start")
    await env.advance_time(1)
    env.errors.clear()
    assert boards(channel) == []
    restarted = Deckhand(settings)
    await env.restart_bot(restarted)  # the bot stops before Discord is well again
    env.backend.faults.clear()
    env.backend.http_requests.clear()
    try:
        await env.advance_time(30)
        table = env.bot.tables.in_channel(channel.id)
        assert len(boards(channel)) == 1
        board_id = table.meta["board_msg"]
        requests = [(r.method, r.path, str(r.json)) for r in env.backend.http_requests]
        post = max(i for i, r in enumerate(requests) if r[0] == "POST" and "The Game: turn" in r[2])
        assert ("PATCH", f"/channels/{channel.id}/messages/{board_id}") in [r[:2] for r in requests[post:]]
        assert table.meta["board_version"] == table.version
    finally:
        await env.settle()
        await restarted.store.close()


def lose_the_answer_of_the_next_post(
    monkeypatch, env, channel, marker: str, outage: float, at_start: bool = False
) -> list:
    """The bot's next post in the channel whose text holds `marker` (``at_start``: begins with it)
    goes through, but its answer is
    lost (a timeout); then every post times out, unsent, for `outage` seconds. Within 120 seconds
    of the first try, a post with its nonce gets the first message back, as Discord does while it
    remembers a nonce (SimCord models neither the lost answer nor the nonce); after that, it is
    posted. Returns the message that went through with its answer lost."""
    lost: list = []
    first_at: dict[str, float] = {}
    original = discord.abc.Messageable.send

    async def send(self, *args, **kwargs):
        if getattr(self, "id", None) != channel.id:
            return await original(self, *args, **kwargs)
        nonce, now = kwargs.get("nonce"), env.now().timestamp()
        if lost and now < first_at["outage"] + outage:
            raise TimeoutError("Discord does not answer")
        if nonce in first_at and now - first_at[nonce] < 120:
            return lost[0]
        view = kwargs.get("view")
        content = args[0] if args else kwargs.get("content")
        text = str(content) + str(view.to_components() if view is not None else "")
        message = await original(self, *args, **kwargs)
        if not lost and (text.startswith(marker) if at_start else marker in text):
            lost.append(message)
            first_at[nonce] = first_at["outage"] = now
            raise TimeoutError("the answer was lost")
        return message

    monkeypatch.setattr(discord.abc.Messageable, "send", send)
    return lost


@pytest.mark.parametrize("outage", [30, 300], ids=["nonce remembered", "nonce forgotten"])
async def test_a_board_whose_answer_was_lost_is_not_posted_twice_even_after_a_long_outage(
    simcord_env, monkeypatch, outage
):
    """A board posted anew goes through with its answer lost, and Discord fails for a while, the
    reading of the channel's history too. Within the few minutes Discord remembers the nonce, the
    retry gets that board back; after them, a plain retry would leave two boards, the first with
    live buttons that never update: the bot looks for its lost board in the channel first."""
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    table = await open_table(env, channel, ann, bob)
    env.inject_error("GET", f"/channels/{channel.id}/messages", status=500, times=None)
    lost = lose_the_answer_of_the_next_post(monkeypatch, env, channel, "The Game: turn", outage)
    await ann.slash(channel, "game board")  # posted anew
    if outage > 120:
        # The history comes back a minute before the posts, after Discord forgot the nonce: the
        # lost board can only be found there.
        await env.advance_time(outage - 60)
        env.backend.faults.clear()
    # Else the history stays out: the nonce alone brings the lost board back.
    await env.advance_time(outage + 120)
    env.backend.faults.clear()
    assert len(lost) == 1
    shown = boards(channel)
    assert [m.id for m in shown] == [lost[0].id], "one board: the one whose answer was lost"
    assert table.meta["board_msg"] == lost[0].id
    await play_turn(ann, channel, table, 0)
    await env.advance_time(10)
    assert [m.id for m in boards(channel)] == [lost[0].id] and "turn 2" in text_of(boards(channel)[0])


async def test_a_first_board_whose_answer_was_lost_before_a_stop_is_found_after_the_restart(
    simcord_env, monkeypatch, settings
):
    """The game's first board goes through with its answer lost, Discord fails, and the bot stops
    and starts again minutes later: the restarted bot knows nothing of the try, and Discord no
    longer knows the nonce. The lost board is found in the channel, not posted a second time."""
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    lobby = await open_lobby(env, channel, ann, bob)
    env.inject_error("GET", f"/channels/{channel.id}/messages", status=500, times=None)
    lost = lose_the_answer_of_the_next_post(monkeypatch, env, channel, "The Game: turn", 200)
    await ann.click(lobby, label="Start")
    await env.advance_time(200)  # every try fails; Discord forgets the nonce
    assert len(lost) == 1 and env.bot.tables.in_channel(channel.id).meta.get("board_msg") is None
    env.backend.faults.clear()  # Discord is well again, as the bot starts again
    restarted = Deckhand(settings)
    await env.restart_bot(restarted)
    try:
        await env.advance_time(60)
        table = restarted.tables.in_channel(channel.id)
        assert [m.id for m in boards(channel)] == [lost[0].id], "one board: the one whose answer was lost"
        assert table.meta["board_msg"] == lost[0].id and table.meta["board_version"] == table.version
    finally:
        await env.settle()
        await restarted.store.close()


async def test_a_board_posted_anew_whose_answer_was_lost_before_a_stop_is_the_one_board_after_the_restart(
    simcord_env, monkeypatch, settings
):
    """The board is posted anew (at the bottom of the channel); that post goes through with its
    answer lost, Discord fails, and the bot stops and starts again minutes later. Before, the
    restarted bot went on editing the old board and the lost one stayed below it with live buttons
    and an old picture: now the lost one is found and kept, and the old one deleted."""
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
    await env.restart_bot(restarted)
    try:
        await env.advance_time(60)
        table = restarted.tables.in_channel(channel.id)
        assert [m.id for m in boards(channel)] == [lost[0].id], "one board: the one whose answer was lost"
        assert table.meta["board_msg"] == lost[0].id
        await play_turn(ann, channel, table, 0)
        await env.advance_time(10)
        assert [m.id for m in boards(channel)] == [lost[0].id] and "turn 2" in text_of(boards(channel)[0])
    finally:
        await env.settle()
        await restarted.store.close()


async def test_what_a_restart_notes_of_posts_that_may_be_lost_goes_once_the_channel_is_up_to_date(
    simcord_env, settings
):
    """At a start the bot notes, for each table behind its channel, the posts that may have gone
    through unseen before the stop. A table whose board is only edited posts nothing: what was noted
    for it goes once its channel is up to date (before, it stayed until the process ended, one
    entry per such table)."""
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    table = await open_table(env, channel, ann, bob, turn_timer=0)
    env.inject_error("PATCH", f"/channels/{channel.id}/messages/*", status=500, times=None)
    env.inject_error("POST", f"/channels/{channel.id}/messages", status=500, times=None)
    await play_turn(ann, channel, table, 0)
    await env.advance_time(30)
    assert table.meta["board_version"] != table.version, "the board is behind at the stop"
    env.backend.faults.clear()
    restarted = Deckhand(settings)
    await env.restart_bot(restarted)
    try:
        await env.advance_time(60)
        table = restarted.tables.in_channel(channel.id)
        assert table.meta["board_version"] == table.version and "turn 2" in text_of(board(channel))
        assert len(turn_notices(channel)) == 1
        assert not restarted.get_cog("Tables")._unanswered
    finally:
        await env.settle()
        await restarted.store.close()


async def test_a_board_posted_anew_whose_answer_was_lost_when_the_game_ended_leaves_no_live_buttons(
    simcord_env, monkeypatch
):
    """The board is posted anew, the post goes through with its answer lost, Discord fails for five
    minutes, and the game is ended meanwhile. The board the table knows is edited to its final
    picture; the lost one, with live buttons and an old picture, is found and deleted."""
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    table = await open_table(env, channel, ann, bob)
    first = table.meta["board_msg"]
    env.inject_error("GET", f"/channels/{channel.id}/messages", status=500, times=None)
    lost = lose_the_answer_of_the_next_post(monkeypatch, env, channel, "The Game: turn", 300)
    await ann.slash(channel, "game board")
    await env.advance_time(5)
    assert len(lost) == 1
    asked = await ann.slash(channel, "game end")
    await ann.click(asked.response, label="End it")
    await env.advance_time(280)  # the history is back a little before the posts
    env.backend.faults.clear()
    await env.advance_time(140)
    assert len(reports(channel)) == 1
    assert [m.id for m in boards(channel)] == [first], "the lost board is gone"
    live = [m for m in channel.history() if any(b.get("label") == "Show my hand" for b in buttons(m))]
    assert live == [], "no live buttons of a finished game"


async def test_a_lobby_whose_command_answer_was_lost_is_not_posted_a_second_time(simcord_env, monkeypatch):
    """/game new's answer (the lobby) reaches Discord, but Discord's reply is lost: the lobby is in
    the channel though the bot did not hear so. The bot looks for it before posting one."""
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    original = discord.InteractionResponse.send_message
    calls = []

    async def lost_reply(self, *args, **kwargs):
        calls.append(1)
        await original(self, *args, **kwargs)
        if len(calls) == 1:
            raise TimeoutError("Discord's reply was lost")

    monkeypatch.setattr(discord.InteractionResponse, "send_message", lost_reply)
    await ann.slash(channel, "game new")
    await env.advance_time(30)
    env.errors.clear()  # the command's lost reply, as Discord's fault
    table = env.bot.tables.in_channel(channel.id)
    lobbies = [m for m in channel.history() if any(b.get("label") == "Join" for b in buttons(m))]
    assert len(lobbies) == 1, "one lobby"
    assert table.meta.get("lobby_msg") == lobbies[0].id
    await bob.click(lobbies[0], label="Join")
    assert table.seat_of(bob.id) is not None


async def test_a_final_report_whose_answer_was_lost_is_not_posted_twice_after_a_long_outage(
    simcord_env, monkeypatch
):
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    await open_table(env, channel, ann, bob)
    lost = lose_the_answer_of_the_next_post(monkeypatch, env, channel, "Rematch", 300)
    asked = await ann.slash(channel, "game end")
    await ann.click(asked.response, label="End it")
    await env.advance_time(420)
    assert len(lost) == 1
    assert [m.id for m in reports(channel)] == [lost[0].id], "one final report"


async def test_a_lobby_whose_answer_was_lost_is_not_posted_twice_after_a_long_outage(
    simcord_env, monkeypatch
):
    """/game new's answer fails, so the lobby is posted in the channel; that post's answer is lost
    too, and Discord fails for five minutes: one lobby, and it can be joined."""
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    lost = lose_the_answer_of_the_next_post(monkeypatch, env, channel, "Join", 300)
    env.inject_error("POST", "/interactions/*/*/callback", status=500, times=1)
    await ann.slash(channel, "game new")
    await env.advance_time(420)
    assert ["injected" in str(getattr(e, "original", e)) for e in env.errors] == [True]
    env.errors.clear()
    assert len(lost) == 1
    lobbies = [m for m in channel.history() if any(b.get("label") == "Join" for b in buttons(m))]
    assert [m.id for m in lobbies] == [lost[0].id], "one lobby"
    await bob.click(lobbies[0], label="Join")
    assert env.bot.tables.in_channel(channel.id).seat_of(bob.id) is not None


@pytest.mark.parametrize("outage", [30, 300], ids=["nonce remembered", "nonce forgotten"])
async def test_a_turn_notice_whose_answer_was_lost_is_not_posted_twice_nor_left_behind(
    simcord_env, monkeypatch, outage
):
    """Bob's turn notice goes through with its answer lost, and Discord fails for a while. One
    notice for bob's turn stays in the channel (not a second one once Discord forgot the nonce),
    and it goes when his turn ends: no ping of an old turn is left behind. (No turn timer: its
    reminder would replace the notice meanwhile.)"""
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    table = await open_table(env, channel, ann, bob, turn_timer=0)
    lost = lose_the_answer_of_the_next_post(
        monkeypatch, env, channel, f"<@{bob.id}>, it is your turn", outage
    )
    await play_turn(ann, channel, table, 0)
    await env.advance_time(outage + 120)
    assert len(lost) == 1
    assert [m.id for m in turn_notices(channel)] == [lost[0].id], "one notice: the one whose answer was lost"
    await play_turn(bob, channel, table, 1)
    await env.advance_time(10)
    shown = turn_notices(channel)
    assert len(shown) == 1 and f"<@{ann.id}>" in shown[0].content, "only the notice of the turn now"


@pytest.mark.parametrize("went_through", [True, False], ids=["answer lost", "never sent"])
async def test_a_turn_notice_kept_back_by_a_stop_is_there_once_after_the_restart_and_goes_with_its_turn(
    simcord_env, monkeypatch, settings, went_through
):
    """Bob's turn notice goes through with its answer lost (or does not go through at all), Discord
    fails, and the bot stops and starts again minutes later, knowing nothing of the try. Bob has
    one notice: the one in the channel is taken as his, not posted again (or, if there is none, one
    is posted: before, the restarted bot posted none); it is deleted when his turn ends."""
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    table = await open_table(env, channel, ann, bob)
    lost: list = []
    if went_through:
        lost = lose_the_answer_of_the_next_post(
            monkeypatch, env, channel, f"<@{bob.id}>, it is your turn", 200
        )
    else:
        env.inject_error("POST", f"/channels/{channel.id}/messages", status=500, times=None)
    await play_turn(ann, channel, table, 0)
    await env.advance_time(200)
    assert len(lost) == 1 if went_through else not turn_notices(channel)
    monkeypatch.undo()
    env.backend.faults.clear()
    restarted = Deckhand(settings)
    await env.restart_bot(restarted)
    try:
        await env.advance_time(60)
        table = restarted.tables.in_channel(channel.id)
        shown = turn_notices(channel)
        assert len(shown) == 1 and f"<@{bob.id}>" in shown[0].content, "one notice for bob"
        if went_through:
            assert shown[0].id == lost[0].id, "the one whose answer was lost"
        await play_turn(bob, channel, table, 1)
        await env.advance_time(10)
        shown = turn_notices(channel)
        assert len(shown) == 1 and f"<@{ann.id}>" in shown[0].content, "only the notice of the turn now"
    finally:
        await env.settle()
        await restarted.store.close()


async def test_a_board_retried_where_the_bot_may_not_read_the_history_is_still_posted(
    simcord_env, monkeypatch
):
    """Looking for a lost board needs the channel's history; without the right to read it, the
    board is posted again all the same (two boards, rather than none and a game no one can see)."""
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    table = await open_table(env, channel, ann, bob)
    env.inject_error("GET", f"/channels/{channel.id}/messages", status=403, times=None)
    lost = lose_the_answer_of_the_next_post(monkeypatch, env, channel, "The Game: turn", 300)
    await ann.slash(channel, "game board")
    await env.advance_time(420)
    assert len(lost) == 1 and len(boards(channel)) == 2
    assert table.meta["board_msg"] != lost[0].id and table.meta["board_msg"] in [
        m.id for m in boards(channel)
    ]
    hand = await ann.click(
        next(m for m in boards(channel) if m.id == table.meta["board_msg"]), label="Show my hand"
    )
    assert hand.ephemeral and "Your hand" in text_of(hand.response), "the game goes on from the board"


async def test_a_seat_handed_to_the_ai_in_the_game_can_still_be_left(simcord_env):
    """In The Game the host hands an absent player's seat to the AI; the player comes back and
    leaves: the seat goes, as leaving does in The Game (it is not "already played by the AI")."""
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    table = await bob_is_away(env, channel, ann, bob)
    await env.advance_time(10 * 60 + 20)
    await ann.click(absent_choices(channel)[0], label="Hand seat to AI")
    asked = await bob.slash(channel, "game leave")
    assert asked.ephemeral and any(b.get("label") == "Leave the game" for b in buttons(asked.response))
    await bob.click(asked.response, label="Leave the game")
    assert table.state.left[1] or table.state.is_over
