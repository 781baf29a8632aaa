"""The fault matrix (docs/reliability.md): every kind of REST call the bot makes during a game fails
with 500, 429, 403, 404 or a timeout, once or several times in a row, at a random point of a whole
game of each of the three games. After each: every accepted action is in the log, the game
finished, the channel holds one board (true, without buttons) and one final report, and no
public message ever carried a hand."""

from __future__ import annotations

import itertools
import random

import discord
import pytest
from simcord.backend.errors import SetupError
from simcord.http import router

from bot.ai import red_and_black as rb_ai
from bot.ai import skipbo_junior as sb_ai
from bot.games import red_and_black as rb
from bot.tables import FINISHED, PLAYING
from tests.e2e.helpers import button, buttons, open_lobby, sb_button_for, title_of, titled, world

KINDS = {
    "interaction response": ("POST", "/interactions/*/*/callback"),
    "follow-up": ("*", "/webhooks/*"),
    "send": ("POST", "/channels/*/messages"),
    "edit": ("PATCH", "/channels/*/messages/*"),
    "delete": ("DELETE", "/channels/*/messages/*"),
    "reaction": ("PUT", "/channels/*/messages/*/reactions/*"),
    "file upload": ("POST", "/channels/*/messages"),  # armed just before the game's end: the report
}
ERRORS = [500, 429, 403, 404, "timeout"]
TIMES = {"once": 1, "repeatedly": 6}
GAMES = ["the-game", "skip-bo-junior", "red-and-black"]
CASES = [
    (kind, error, mode, GAMES[i % 3])
    for i, (kind, error, mode) in enumerate(itertools.product(KINDS, ERRORS, TIMES))
]
HAND_BUTTONS = ("dh:card:", "dh:act:")
BOARD_TITLES = {
    "the-game": "The Game: turn",
    "skip-bo-junior": "Skip-Bo Junior: turn",
    "red-and-black": "Red and Black: deal",
}
REPORT_TITLES = {
    "the-game": "The Game: final report",
    "skip-bo-junior": "Skip-Bo Junior: final report",
    "red-and-black": "Red and Black: final standings",
}


@pytest.fixture
def timeouts(monkeypatch):
    """Let a fault be a timeout: the call raises as aiohttp does when Discord does not answer."""
    check = router._check_faults

    def check_with_timeouts(backend, method, path):
        for fault in list(backend.faults):
            if fault["status"] == "timeout" and fault["method"] in (method, "*"):
                import fnmatch

                if fnmatch.fnmatch(path, fault["path"]):
                    fault["times"] -= 1
                    if fault["times"] <= 0:
                        backend.faults.remove(fault)
                    raise TimeoutError(f"{method} {path} timed out (injected by test)")
        check(backend, method, path)

    monkeypatch.setattr(router, "_check_faults", check_with_timeouts)


def inject(env, kind: str, error, times: int) -> None:
    method, path = KINDS[kind]
    if error == "timeout":
        env.backend.faults.append({"method": method, "path": path, "status": "timeout", "times": times})
    else:
        code = {403: 50013, 404: 10008}.get(error, 0)
        env.inject_error(method, path, status=error, code=code, times=times)


async def safely(coro):
    """A click whose answer Discord failed: the test goes on as a player would."""
    try:
        return await coro
    except (discord.HTTPException, TimeoutError, AssertionError, SetupError):
        return None


async def the_game_step(env, channel, table, ann):
    state = table.state
    boards = titled(channel, "The Game: turn")
    if not boards:
        hand = await safely(ann.slash(channel, "game hand"))
    else:
        hand = await safely(ann.click(boards[-1], label="Show my hand"))
    if hand is None or hand.response is None or table.status != PLAYING or state.current != 0:
        return
    playable = state.playable(0)
    if state.played >= state.min_cards or not playable:
        await safely(ann.click(hand.response, label="End turn"))
        return
    card, pile = playable[0]
    chosen = await safely(ann.click(hand.response, label=str(card)))
    if chosen is None or chosen.response is None:
        return
    target = button(chosen.response, prefix=f"dh:act:{table.id}:", suffix=f":p{card}_{pile + 1}")
    await safely(ann.click(chosen.response, custom_id=target["custom_id"]))


async def skip_bo_step(env, channel, table, ann):
    state = table.state
    if state.current != 0:
        return
    boards = titled(channel, "Skip-Bo Junior: turn")
    custom_id = sb_button_for(table, sb_ai.next_action(state, 0))
    board = next((b for b in boards if custom_id in [x["custom_id"] for x in buttons(b)]), None)
    if board is None:  # the board edit failed: press what the latest board offers
        await env.advance_time(30)
        return
    await safely(ann.click(board, custom_id=custom_id))


async def red_and_black_step(env, channel, table, ann):
    state = table.state
    if state.current != 0:
        return
    boards = titled(channel, "Red and Black: deal")
    if not boards:
        await env.advance_time(30)
        return
    opened = await safely(ann.click(boards[-1], label="My hand"))
    if opened is None or opened.response is None:
        return
    action = rb_ai.next_action(state, 0)
    hand = opened.response
    match action:
        case rb.Draw(source="stock"):
            await safely(ann.click(hand, label="Draw from the stock"))
        case rb.Draw():
            cid = button(hand, prefix=f"dh:act:{table.id}:", suffix=":dd")["custom_id"]
            await safely(ann.click(hand, custom_id=cid))
        case rb.Discard() | rb.Declare():
            token = rb.encode_action(action.model_dump())
            cid = button(hand, prefix=f"dh:act:{table.id}:", suffix=f":{token}")["custom_id"]
            await safely(ann.click(hand, custom_id=cid))
        case _:
            await safely(ann.click(hand, label="End the play"))


STEPS = {"the-game": the_game_step, "skip-bo-junior": skip_bo_step, "red-and-black": red_and_black_step}


@pytest.mark.slow
@pytest.mark.parametrize(("kind", "error", "mode", "game"), CASES, ids=lambda v: str(v).replace(" ", "-"))
async def test_a_fault_of_discord_loses_nothing_and_the_game_ends_with_one_board_and_one_report(
    simcord_env, timeouts, kind, error, mode, game
):
    env = simcord_env
    rng = random.Random(f"{kind}/{error}/{mode}/{game}")
    guild, channel, (ann,) = world(env, "ann")
    options = {"game": game, **({"stockpile": 5} if game == "skip-bo-junior" else {})}
    if kind == "reaction":
        mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
        mod = guild.add_member(env.create_user("mod"), roles=[mods])
        await mod.slash(channel, "settings chat", mode="warn")
    ai = {"the-game": 2, "skip-bo-junior": 1, "red-and-black": 3}[game]
    lobby = await open_lobby(env, channel, ann, ai=ai, **options)
    table = env.bot.tables.in_channel(channel.id)  # the lobby's table is the game's (and may end at once)
    await ann.click(lobby, label="Start")
    assert table is not None and table.status in (PLAYING, FINISHED)
    armed_at = rng.randrange(1, 6)
    leave_at = 12 if game == "red-and-black" else None
    steps = 0
    armed = False
    while table.status == PLAYING:
        steps += 1
        assert steps < 600, "the game must end"
        state = table.state
        near_end = game == "the-game" and state.draw_pile == 0 and sum(map(len, state.hands)) <= 4
        if not armed and (steps == armed_at if kind != "file upload" else near_end or steps == 40):
            inject(env, kind, error, TIMES[mode])
            armed = True
            if kind in ("delete", "reaction") and game == "the-game":
                await safely(ann.send(channel, "I have 47"))  # the chat keeper deletes or reacts
        if leave_at is not None and steps >= leave_at and table.seats[0].ai is False:
            asked = await safely(ann.slash(channel, "game leave"))
            if asked is not None and asked.response is not None:
                await safely(ann.click(asked.response, label="Leave the game"))
            continue
        if table.seats[table.state.current].ai or table.state.current != 0:
            await env.advance_time(5)
            continue
        try:
            await STEPS[game](env, channel, table, ann)
        except AssertionError:  # a hand whose answer failed shows no buttons: open it again
            await env.advance_time(5)
    for _ in range(12):  # presenters retry with back-off until Discord answers again
        await env.advance_time(60)
    env.backend.faults.clear()
    await env.advance_time(120)

    assert table.status == FINISHED
    stored = await env.bot.store.load_table(table.id)
    assert stored is not None and stored.actions == table.state.action_dicts(), "no accepted action lost"
    boards = titled(channel, BOARD_TITLES[game])
    assert len(boards) == 1, [(title_of(m), m.id) for m in boards]
    assert not buttons(boards[0]), "the final board has no buttons"
    assert len(titled(channel, REPORT_TITLES[game])) == 1, "one final report"
    for message in channel.history():
        ids = [b.get("custom_id", "") for b in buttons(message)]
        assert not any(i.startswith(HAND_BUTTONS) for i in ids), f"a hand in public: {title_of(message)}"
        assert "Your hand" not in (message.content or "")
